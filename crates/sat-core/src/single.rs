//! sat-core in f32 (`Obb2`, `Obb3`): the shared sources `obb2.rs`, `obb3.rs`, `sat2.rs` and
//! `sat3.rs` compiled with glam's f32 types and the f32 constants of
//! [`tolerance`](crate::tolerance). `double.rs` compiles the same sources in f64.

pub(crate) use glam::{
    Affine2, Affine3A, BVec3A, Mat2, Mat3, Mat3A, Quat, Vec2, Vec3, Vec3A, Vec4,
};

pub(crate) use crate::tolerance::{
    AXES_TOLERANCE, CERT_K, CORNER_TOLERANCE, EPS, PAD_K, PARALLEL_CUTOFF, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE, sqrt,
};

/// The stored scalar.
pub(crate) type Real = f32;

/// The type names `Debug` prints.
pub(crate) const NAMES: [&str; 2] = ["Obb2", "Obb3"];

#[path = "obb2.rs"]
pub(crate) mod obb2;
#[path = "obb3.rs"]
pub(crate) mod obb3;
#[path = "sat2.rs"]
pub(crate) mod sat2;
#[path = "sat3.rs"]
pub(crate) mod sat3;

pub use obb2::Obb2;
pub use obb3::Obb3;
