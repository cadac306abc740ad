//! `obb3.rs` and `sat3.rs` compiled once more on glam's scalar `DVec3`, `DMat3` and `BVec3`, the
//! reference `double.rs`'s test holds the lanes of `DObb3` to, bit for bit.
//!
//! A precision module ([`precision`](crate::precision)): the items of
//! [`Double`](crate::precision::Double) by name, with glam's scalar types as the lanes.

pub(crate) use super::{
    AXES_TOLERANCE, Affine3A, CERT_K, EPS, Mat3, NAMES, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF, Quat,
    Real, UNDERFLOW_FLOOR, UNDERFLOW_SCALE, Vec3, sqrt,
};
/// [`Numerics::Vec3A`](crate::precision::Numerics::Vec3A) here: glam's scalar `DVec3`.
pub(crate) type Vec3A = glam::DVec3;
/// [`Numerics::Mat3A`](crate::precision::Numerics::Mat3A) here: glam's scalar `DMat3`.
pub(crate) type Mat3A = glam::DMat3;
/// [`Numerics::BVec3A`](crate::precision::Numerics::BVec3A) here: glam's `BVec3`.
pub(crate) type BVec3A = glam::BVec3;

#[allow(clippy::duplicate_mod, clippy::useless_conversion, dead_code)]
#[path = "../obb3.rs"]
pub(crate) mod obb3;
#[allow(clippy::duplicate_mod, clippy::useless_conversion, dead_code)]
#[path = "../sat3.rs"]
pub(crate) mod sat3;
