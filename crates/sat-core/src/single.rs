//! sat-core in f32, the precision module of [`Single`](crate::precision::Single): the items the
//! shared sources use (those of [`Numerics`](crate::precision::Numerics), which documents them),
//! `obb2.rs`, `obb3.rs`, `sat2.rs` and `sat3.rs` compiled against them, and their public items
//! under f32's names (`Obb2`, `Obb3`); `batch/single.rs` and `distance/single.rs` compile their
//! sources against the same items. `double.rs` is the same in f64; how they fit together:
//! [`precision`](crate::precision).

use crate::precision::{Dispatch, impl_numerics};

// The items of `Numerics` in f32.
#[cfg(feature = "alloc")]
pub(crate) use crate::batch::LANES;
pub(crate) use crate::distance::{AMBIGUITY_K, CLIP_SLACK, FAST_K, SMALL_SCALE, unit_of};
pub(crate) use crate::tolerance::{
    AXES_TOLERANCE, CERT_K, EPS, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE, sqrt,
};
pub(crate) use glam::{
    Affine2, Affine3A, BVec3A, Mat2, Mat3, Mat3A, Quat, Vec2, Vec3, Vec3A, Vec4,
};

/// The stored scalar.
pub(crate) type Real = f32;
/// The distance frames' vector: glam's SIMD `Vec3A`, as the boxes'.
pub(crate) type FrameVec3 = glam::Vec3A;
/// The distance frames' matrix: glam's `Mat3A`.
pub(crate) type FrameMat3 = glam::Mat3A;

/// The type names `Debug` prints.
pub(crate) const NAMES: [&str; 2] = ["Obb2", "Obb3"];

impl_numerics!(Single);

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

/// An oriented rectangle in f32 numbers (glam's `Vec2`, `Mat2`); [`DObb2`](crate::DObb2) is the
/// same in f64.
///
/// ```
/// use glam::Vec2;
/// use sat_core::Obb2;
///
/// // A 4 x 2 building footprint, and one rotated by 30 degrees next to it.
/// let placed = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.0);
/// let candidate = Obb2::from_degrees(Vec2::new(3.2, 0.0), Vec2::new(1.0, 1.0), 30.0);
/// assert!(placed.intersects(&candidate));
/// assert!(!placed.intersects(&Obb2::from_degrees(Vec2::new(4.0, 0.0), Vec2::ONE, 30.0)));
/// ```
pub use obb2::Obb2;

/// An oriented box in 3D in f32 numbers (glam's `Vec3A`, `Mat3A`, SIMD); [`DObb3`](crate::DObb3)
/// is the same in f64.
///
/// ```
/// use glam::{Quat, Vec3};
/// use sat_core::Obb3;
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::splat(1.0), Quat::IDENTITY);
/// let b = Obb3::new(Vec3::new(2.3, 0.0, 0.0), Vec3::splat(1.0), Quat::from_rotation_z(0.785));
/// assert!(a.intersects(&b)); // the rotated cube's corner reaches x = 2.3 - 1.414
/// assert!(!a.intersects(&Obb3::new(Vec3::new(3.1, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY)));
/// ```
pub use obb3::Obb3;

/// f32 boxes run every query as written (glam's `Vec3A` is SIMD already); what the padded test
/// leaves undecided goes to the f64 tier, then exact integers (`certified.rs`).
impl Dispatch for Obb3 {
    type Numerics = crate::precision::Single;
    type Vec = Vec3;

    #[cfg(feature = "exact")]
    #[inline(always)]
    fn undecided(&self, other: &Obb3, uncertain_axes: u16) -> bool {
        crate::certified::undecided3(self, other, uncertain_axes)
    }
}

/// As for [`Obb3`].
impl Dispatch for Obb2 {
    type Numerics = crate::precision::Single;
    type Vec = Vec2;

    #[cfg(feature = "exact")]
    #[inline(always)]
    fn undecided(&self, other: &Obb2, _uncertain_axes: u16) -> bool {
        crate::certified::undecided2(self, other)
    }
}
