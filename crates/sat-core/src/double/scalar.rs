//! `obb3.rs` and `sat3.rs` compiled once more on glam's scalar `DVec3`, `DMat3` and `BVec3`, the
//! reference `double.rs`'s test holds the lanes of `DObb3` to, bit for bit.

pub(crate) use super::{
    AXES_TOLERANCE, Affine3A, CERT_K, EPS, Mat3, NAMES, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF, Quat,
    Real, UNDERFLOW_FLOOR, UNDERFLOW_SCALE, Vec3, sqrt,
};
pub(crate) use glam::{BVec3 as BVec3A, DMat3 as Mat3A, DVec3 as Vec3A};

/// The reference runs as written (`double.rs`'s dispatch is for `DObb3`).
macro_rules! widest_lanes {
    ($($query:tt)*) => {};
}

#[allow(clippy::duplicate_mod, clippy::useless_conversion, dead_code)]
#[path = "../obb3.rs"]
pub(crate) mod obb3;
#[allow(clippy::duplicate_mod, clippy::useless_conversion, dead_code)]
#[path = "../sat3.rs"]
pub(crate) mod sat3;

/// [`undecided3`](super::undecided3) on the scalar boxes.
pub(crate) fn undecided3(a: &obb3::Obb3, b: &obb3::Obb3, _uncertain_axes: u16) -> bool {
    use crate::exact::{ExactBox3, verdict3};
    verdict3(&ExactBox3::from(a), &ExactBox3::from(b)).intersects
}
