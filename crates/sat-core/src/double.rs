//! sat-core in f64 ([`DObb2`], [`DObb3`]): the sources of `single.rs` compiled with glam's f64
//! types and the f64 constants of [`tolerance`](crate::tolerance) ("Double precision").

pub(crate) use glam::{
    BVec3 as BVec3A, DAffine2 as Affine2, DAffine3 as Affine3A, DMat2 as Mat2, DMat3 as Mat3,
    DMat3 as Mat3A, DQuat as Quat, DVec2 as Vec2, DVec3 as Vec3, DVec3 as Vec3A, DVec4 as Vec4,
};

pub(crate) use crate::tolerance::{
    AXES_TOLERANCE_F64 as AXES_TOLERANCE, CERT_K_F64 as CERT_K, CORNER_TOLERANCE, EPS_F64 as EPS,
    PAD_K_F64 as PAD_K, PARALLEL_CUTOFF_F64 as PARALLEL_CUTOFF,
    UNDERFLOW_FLOOR_F64 as UNDERFLOW_FLOOR, UNDERFLOW_SCALE_F64 as UNDERFLOW_SCALE,
    sqrt_f64 as sqrt,
};

/// The stored scalar.
pub(crate) type Real = f64;

/// The type names `Debug` prints.
pub(crate) const NAMES: [&str; 2] = ["DObb2", "DObb3"];

/// The precision-specific part of `DObb2`'s documentation.
macro_rules! obb2_precision {
    () => {
        r#"
[`Obb2`](crate::Obb2) in f64: every constructor, query and signature of `Obb2` with glam's
`DVec2`, `DMat2`, `DAffine2` and `f64` in place of the f32 types. The guarantee, in
`ε₆₄ = 2⁻⁵²` ([`tolerance`](crate::tolerance), "Double precision"): a `false` from
`intersects` is exact; a `true` is exact whenever the margin exceeds
[`BAND_K_F64`](crate::tolerance::BAND_K_F64)`·ε₆₄·S` (`BAND_K_F64 = 768`);
`intersects_certified` is exact at any margin. Axis columns must be orthonormal within
[`AXES_TOLERANCE_F64`](crate::tolerance::AXES_TOLERANCE_F64) (`2⁻⁴⁶`). Batch sets:
`batch::DObbSet2`; `distance` and `closest_points` within
[`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`.

```
use sat_core::DObb2;
use sat_core::glam::DVec2;

// Two 2 m x 1 m pallets 5000 km from the origin, 1 µm apart, where an f32 coordinate
// is 0.5 m coarse.
let at = DVec2::new(5.0e6, -3.0e6);
let a = DObb2::try_from_degrees(at, DVec2::new(1.0, 0.5), 30.0)?;
let gap = a.axes().x_axis * (2.0 + 1e-6);
let b = DObb2::try_from_degrees(at + gap, DVec2::new(1.0, 0.5), 30.0)?;
assert!(!a.intersects(&b));
assert!(a.intersects_with_margin(&b, 1e-6));
assert!((a.distance(&b) - 1e-6).abs() < 2e-9); // the coordinates are 1e-9 m coarse out there
# Ok::<(), sat_core::ObbError>(())
```
"#
    };
}

/// The precision-specific part of `DObb3`'s documentation.
macro_rules! obb3_precision {
    () => {
        r#"
[`Obb3`](crate::Obb3) in f64: every constructor, query and signature of `Obb3` with glam's
`DVec3`, `DQuat`, `DMat3`, `DAffine3` and `f64` in place of the f32 types (`separation`
returns a `Separation<DVec3, f64>`). The guarantee, in `ε₆₄ = 2⁻⁵²`
([`tolerance`](crate::tolerance), "Double precision"): a `false` from `intersects` is exact;
a `true` is exact whenever the margin exceeds
[`BAND_K_F64`](crate::tolerance::BAND_K_F64)`·ε₆₄·S` (`BAND_K_F64 = 768`, with
`S = |c_B − c_A| + |e_A| + |e_B|`); `intersects_certified` is exact at any margin (the f64
test, then exact integers). Axis columns must be orthonormal within
[`AXES_TOLERANCE_F64`](crate::tolerance::AXES_TOLERANCE_F64) (`2⁻⁴⁶`). Batch sets:
`batch::DObbSet3`; `distance` and `closest_points` within
[`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`.

```
use sat_core::DObb3;
use sat_core::glam::{DQuat, DVec3};

// Two 1 m crates 10 000 km from the origin, 1 µm apart along A's x axis: in f32 their
// coordinates would be 1 m coarse.
let far = DVec3::new(1.0e7, -2.0e6, 3.5e5);
let turn = DQuat::from_rotation_z(0.3);
let a = DObb3::try_new(far, DVec3::splat(0.5), turn)?;
let b = DObb3::try_new(far + a.axes().x_axis * (1.0 + 1e-6), DVec3::splat(0.5), turn)?;
assert!(!a.intersects(&b));
assert!(a.intersects_with_margin(&b, 1e-6));
assert!(a.separation(&b).gap > 0.9e-6);
let c = a.closest_points(&b);
assert!((c.distance - 1e-6).abs() < 1e-8); // the centres are 2e-9 m coarse out there
assert!(((c.b - c.a).length() - c.distance).abs() < 1e-8);
# Ok::<(), sat_core::ObbError>(())
```
"#
    };
}

// The conversions between the stored types and f64 are the identity in this precision.
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "obb2.rs"]
pub(crate) mod obb2;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "obb3.rs"]
pub(crate) mod obb3;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "sat2.rs"]
pub(crate) mod sat2;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "sat3.rs"]
pub(crate) mod sat3;

pub use obb2::Obb2 as DObb2;
pub use obb3::Obb3 as DObb3;

/// What the padded f64 test left undecided, in exact integers on the stored f64 numbers.
#[cfg(feature = "exact")]
#[inline(never)]
pub(crate) fn undecided3(a: &DObb3, b: &DObb3, _uncertain_axes: u16) -> bool {
    use crate::exact::{ExactBox3, verdict3};
    verdict3(&ExactBox3::from(a), &ExactBox3::from(b)).intersects
}

/// [`undecided3`] in 2D.
#[cfg(feature = "exact")]
#[inline(never)]
pub(crate) fn undecided2(a: &DObb2, b: &DObb2) -> bool {
    use crate::exact::{ExactBox2, verdict2};
    verdict2(&ExactBox2::from(a), &ExactBox2::from(b)).intersects
}
