//! sat-core in f32 (`Obb2`, `Obb3`): the shared sources `obb2.rs`, `obb3.rs`, `sat2.rs` and
//! `sat3.rs` compiled with glam's f32 types and the f32 constants of
//! [`tolerance`](crate::tolerance). `double.rs` compiles the same sources in f64.

pub(crate) use glam::{
    Affine2, Affine3A, BVec3A, Mat2, Mat3, Mat3A, Quat, Vec2, Vec3, Vec3A, Vec4,
};

pub(crate) use crate::tolerance::{
    AXES_TOLERANCE, CERT_K, CORNER_TOLERANCE, EPS, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF,
    UNDERFLOW_FLOOR, UNDERFLOW_SCALE, sqrt,
};

#[cfg(feature = "exact")]
pub(crate) use crate::certified::{undecided2, undecided3};

/// The stored scalar.
pub(crate) type Real = f32;

/// The type names `Debug` prints.
pub(crate) const NAMES: [&str; 2] = ["Obb2", "Obb3"];

/// The precision-specific part of `Obb2`'s documentation.
macro_rules! obb2_precision {
    () => {
        r#"
f32 numbers (glam's `Vec2`, `Mat2`); [`DObb2`](crate::DObb2) is the same in f64.

```
use glam::Vec2;
use sat_core::Obb2;

// A 4 x 2 building footprint, and one rotated by 30 degrees next to it.
let placed = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.0);
let candidate = Obb2::from_degrees(Vec2::new(3.2, 0.0), Vec2::new(1.0, 1.0), 30.0);
assert!(placed.intersects(&candidate));
assert!(!placed.intersects(&Obb2::from_degrees(Vec2::new(4.0, 0.0), Vec2::ONE, 30.0)));
```
"#
    };
}

/// The precision-specific part of `Obb3`'s documentation.
macro_rules! obb3_precision {
    () => {
        r#"
f32 numbers (glam's `Vec3A`, `Mat3A`, SIMD); [`DObb3`](crate::DObb3) is the same in f64.

```
use glam::{Quat, Vec3};
use sat_core::Obb3;

let a = Obb3::new(Vec3::ZERO, Vec3::splat(1.0), Quat::IDENTITY);
let b = Obb3::new(Vec3::new(2.3, 0.0, 0.0), Vec3::splat(1.0), Quat::from_rotation_z(0.785));
assert!(a.intersects(&b)); // the rotated cube's corner reaches x = 2.3 - 1.414
assert!(!a.intersects(&Obb3::new(Vec3::new(3.1, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY)));
```
"#
    };
}

#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "obb2.rs"]
pub(crate) mod obb2;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "obb3.rs"]
pub(crate) mod obb3;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "sat2.rs"]
pub(crate) mod sat2;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "sat3.rs"]
pub(crate) mod sat3;

pub use obb2::Obb2;
pub use obb3::Obb3;
