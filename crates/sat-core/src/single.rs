//! sat-core in f32, the precision module of [`Single`](crate::precision::Single): the items the
//! shared sources use (those of [`Numerics`](crate::precision::Numerics), which documents them),
//! `obb2.rs`, `obb3.rs`, `sat2.rs` and `sat3.rs` compiled against them, and their public items
//! under f32's names (`Obb2`, `Obb3`); `batch/single.rs` and `distance/single.rs` compile their
//! sources against the same items. `double.rs` is the same in f64; how they fit together:
//! [`precision`](crate::precision).
//!
//! f32 only: the constructors of f32 boxes that enclose boxes written in f64 numbers
//! ([`Obb3::try_enclosing`], [`Obb3::try_enclosing_axes`], [`Obb2::try_enclosing`],
//! [`Obb2::try_enclosing_degrees`], [`Obb2::try_enclosing_axes`]). None of the numbers is rounded
//! to f32 before the box is built: the rotation is computed in f64 and its axes rounded once; a
//! half-extent f32 cannot hold is rounded up, and a centre f32 cannot hold is rounded to nearest
//! with the half-extents grown by the shift, so the stored box contains the box as written
//! ([`tolerance`](crate::tolerance); derivation: `docs/error-bound.md`, "Boxes as written"). [`DObb3`](crate::DObb3) and
//! [`DObb2`](crate::DObb2) take f64 numbers in every constructor (`try_new`,
//! `try_from_degrees`, `try_from_axes`).

use glam::{DMat2, DMat3, DQuat, DVec2, DVec3};

use crate::ObbError;
use crate::precision::{Dispatch, StoredScalar, impl_numerics};
use crate::written::GivenAxes;
use obb2::{check_angle, degrees_direction, radians_direction};
use obb3::quat_matrix_f64;

// The items of `Numerics` in f32.
#[cfg(feature = "alloc")]
pub(crate) use crate::batch::LANES;
pub(crate) use crate::distance::{AMBIGUITY_K, CLIP_SLACK, FAST_K, SMALL_SCALE, unit_of};
pub(crate) use crate::tolerance::{
    AXES_TOLERANCE, CAST_PAD_K, CAST_STOP_K, CERT_K, EPS, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF,
    UNDERFLOW_FLOOR, UNDERFLOW_SCALE, sqrt,
};
pub(crate) use glam::{
    Affine2, Affine3A, BVec3A, Mat2, Mat3, Mat3A, Quat, Vec2, Vec3, Vec3A, Vec4,
};

pub(crate) use numerics::{FrameMat3, FrameVec3, NAMES, Real};

impl_numerics!(Single);

mod numerics;

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

impl Obb3 {
    /// Checked box enclosing the box written in f64 numbers: centre, half-extents and a
    /// quaternion of any non-zero length (rotation `R(q)/|q|²`), none of them rounded to f32
    /// before the box is built.
    ///
    /// The stored box contains the box as written (see [`tolerance`](crate::tolerance), "Boxes as
    /// written"). Far from the origin the
    /// centre's shift is an ulp of the coordinates: give pairs relative to one of them
    /// (`c_B − c_A` in f64) to keep the band in terms of `S`.
    ///
    /// # Errors
    ///
    /// `ObbError` as [`try_new`](Self::try_new) (checked on the f64 numbers as written), or when
    /// the enclosing box's half-extents leave the accepted range.
    ///
    /// # Error bound
    ///
    /// The stored box contains the box as written: a `false` is exact for it; a `true` outside
    /// `BAND_K·ε·S`, plus `ε·(|c_A| + |c_B|)` for centres f32 cannot hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{DQuat, DVec3};
    /// use sat_core::Obb3;
    ///
    /// // 0.1 is not an f32: the box is grown to hold the extent as written, so boxes that touch
    /// // as written still intersect.
    /// let a = Obb3::try_enclosing(DVec3::ZERO, DVec3::splat(0.1), DQuat::IDENTITY)?;
    /// let b = Obb3::try_enclosing(DVec3::new(0.2, 0.0, 0.0), DVec3::splat(0.1), DQuat::IDENTITY)?;
    /// assert!(a.intersects(&b));
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_enclosing(
        center: DVec3,
        half_extents: DVec3,
        rotation: DQuat,
    ) -> Result<Obb3, ObbError> {
        let q = rotation.to_array();
        if q.iter().any(|c| !c.is_finite()) {
            return Err(ObbError::NonFinite { what: "quaternion" });
        }
        if q.iter().all(|&c| c == 0.0) {
            return Err(ObbError::ZeroQuaternion);
        }
        let frame = quat_matrix_f64(f64::quat_in_range(q));
        Self::try_from_given(center, half_extents, GivenAxes::Rotation(frame))
    }

    /// [`try_from_axes`](Self::try_from_axes) enclosing the box written in f64 numbers, none
    /// rounded to f32 before the box is built (centres and half-extents as in
    /// [`try_enclosing`](Self::try_enclosing)).
    ///
    /// # Errors
    ///
    /// `ObbError` as [`try_from_axes`](Self::try_from_axes) (checked on the f64 numbers as written), or when
    /// the enclosing box's half-extents leave the accepted range.
    ///
    /// # Error bound
    ///
    /// A `false` is exact for the parallelepiped the columns span; a `true` outside
    /// `AXES_BAND_K·ε·S`.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{DMat3, DVec3};
    /// use sat_core::Obb3;
    ///
    /// // Columns with f64 digits, 1e-7 from orthonormal: the stored box holds them as written.
    /// let axes = DMat3::from_cols(DVec3::new(1.0, 1e-7, 0.0), DVec3::Y, DVec3::Z);
    /// let a = Obb3::try_enclosing_axes(DVec3::ZERO, DVec3::new(0.3, 0.1, 0.1), axes)?;
    /// assert!(f64::from(a.half_extents().y) >= 0.1 + 0.3 * 1e-7 / 2.0);
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_enclosing_axes(
        center: DVec3,
        half_extents: DVec3,
        axes: DMat3,
    ) -> Result<Obb3, ObbError> {
        Self::try_from_columns(center, half_extents, axes)
    }
}

impl Obb2 {
    /// Checked rectangle enclosing the rectangle written in f64 numbers: centre, half-extents
    /// and an angle in radians, none of them rounded to f32 before the rectangle is built. The
    /// axes are `(cos, sin)` of the f64 angle (the `libm` crate's, correctly reduced however
    /// large the angle); centre and half-extents as in [`Obb3::try_enclosing`].
    ///
    /// # Errors
    ///
    /// `ObbError` as [`try_new`](Self::try_new) (checked on the f64 numbers as written), or when
    /// the enclosing box's half-extents leave the accepted range.
    ///
    /// # Error bound
    ///
    /// The stored rectangle contains the rectangle as written: a `false` is exact for it; a `true` outside
    /// `BAND_K·ε·S`, plus `ε·(|c_A| + |c_B|)` for centres f32 cannot hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::DVec2;
    /// use sat_core::Obb2;
    ///
    /// // 1e5 rad is not near a multiple of 2π; rounded to f32 first it would turn by 2e-3 rad.
    /// let a = Obb2::try_enclosing(DVec2::ZERO, DVec2::new(10.0, 0.1), 1e5)?;
    /// let (s, c) = (1e5f64).sin_cos();
    /// assert!((f64::from(a.axes().x_axis.x) - c).abs() < 1e-7);
    /// assert!((f64::from(a.axes().x_axis.y) - s).abs() < 1e-7);
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_enclosing(
        center: DVec2,
        half_extents: DVec2,
        angle_radians: f64,
    ) -> Result<Obb2, ObbError> {
        check_angle(angle_radians)?;
        Self::try_from_given(
            center,
            half_extents,
            GivenAxes::turned(radians_direction(angle_radians)),
        )
    }

    /// [`try_from_degrees`](Self::try_from_degrees) enclosing the rectangle written in f64
    /// numbers, none rounded to f32 before the rectangle is built: the angle is reduced modulo
    /// 360 exactly, so `999720.03°` turns by `0.03°` (as f64 reads it).
    ///
    /// # Errors
    ///
    /// `ObbError` as [`try_from_degrees`](Self::try_from_degrees) (checked on the f64 numbers as written), or when
    /// the enclosing box's half-extents leave the accepted range.
    ///
    /// # Error bound
    ///
    /// The stored rectangle contains the rectangle as written: a `false` is exact for it; a `true` outside
    /// `BAND_K·ε·S`, plus `ε·(|c_A| + |c_B|)` for centres f32 cannot hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::DVec2;
    /// use sat_core::Obb2;
    ///
    /// let a = Obb2::try_enclosing_degrees(DVec2::ZERO, DVec2::ONE, 999_720.03)?;
    /// let b = Obb2::try_enclosing_degrees(DVec2::ZERO, DVec2::ONE, 0.03)?;
    /// assert!((a.axes().x_axis - b.axes().x_axis).length() < 1e-7);
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_enclosing_degrees(
        center: DVec2,
        half_extents: DVec2,
        degrees: f64,
    ) -> Result<Obb2, ObbError> {
        check_angle(degrees)?;
        Self::try_from_given(
            center,
            half_extents,
            GivenAxes::turned(degrees_direction(degrees)),
        )
    }

    /// [`try_from_axes`](Self::try_from_axes) enclosing the rectangle written in f64 numbers,
    /// none rounded to f32 before the rectangle is built.
    ///
    /// # Errors
    ///
    /// `ObbError` as [`try_from_axes`](Self::try_from_axes) (checked on the f64 numbers as written), or when
    /// the enclosing box's half-extents leave the accepted range.
    ///
    /// # Error bound
    ///
    /// A `false` is exact for the parallelogram the columns span; a `true` outside
    /// `AXES_BAND_K·ε·S`.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{DMat2, DVec2};
    /// use sat_core::Obb2;
    ///
    /// let leaning = DMat2::from_cols(DVec2::X, DVec2::new(4e-7, 1.0));
    /// let a = Obb2::try_enclosing_axes(DVec2::ZERO, DVec2::new(1.0, 1.0), leaning)?;
    /// // The parallelogram's corner (1 + 4e-7, 1) is inside the stored rectangle.
    /// let corner = glam::Vec2::new(1.0 + 4e-7, 1.0) - a.center();
    /// assert!(a.axes().x_axis.dot(corner).abs() <= a.half_extents().x);
    /// assert!(a.axes().y_axis.dot(corner).abs() <= a.half_extents().y);
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_enclosing_axes(
        center: DVec2,
        half_extents: DVec2,
        axes: DMat2,
    ) -> Result<Obb2, ObbError> {
        Self::try_from_columns(center, half_extents, axes)
    }
}
