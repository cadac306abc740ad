//! Typed errors of the checked (`try_`) constructors.

use core::fmt;

/// Why a checked constructor refused its input.
///
/// Every variant carries the offending value so that a caller (or the `obbsat` CLI) can say
/// exactly what was wrong.
///
/// # Examples
///
/// ```
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::{Obb3, ObbError};
///
/// let err = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, -1.0, 1.0), Quat::IDENTITY).unwrap_err();
/// assert!(matches!(err, ObbError::NegativeExtent { .. }));
/// println!("{err}"); // says which value was wrong
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum ObbError {
    /// A coordinate, extent, angle or matrix entry is NaN or infinite.
    NonFinite {
        /// Which input.
        what: &'static str,
    },
    /// A half-extent (or size) is negative. `-0.0` is accepted as zero.
    NegativeExtent {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: f32,
    },
    /// A magnitude is above [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE) (products would lose the
    /// error bound to overflow).
    TooLarge {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: f32,
    },
    /// A non-zero magnitude is below [`MIN_MAGNITUDE`](crate::MIN_MAGNITUDE) (products would
    /// lose the error bound to underflow). Use an exact zero instead.
    TooSmall {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: f32,
    },
    /// The quaternion is zero, so it names no rotation.
    ZeroQuaternion,
    /// `(cos, sin)` is the zero vector, so it names no direction.
    ZeroDirection,
    /// The axis columns are not orthonormal: `max |AᵀA − I|` exceeds
    /// [`AXES_TOLERANCE`](crate::AXES_TOLERANCE) (f64 boxes:
    /// [`AXES_TOLERANCE_F64`](crate::tolerance::AXES_TOLERANCE_F64)).
    NonOrthonormalAxes {
        /// The measured defect.
        defect: f32,
    },
    /// The four corners are not a rectangle within
    /// [`CORNER_TOLERANCE`](crate::CORNER_TOLERANCE) (relative to the diagonal).
    NotARectangle {
        /// The measured defect.
        defect: f32,
    },
    /// The affine transform shears (its columns are not orthogonal within
    /// [`AXES_TOLERANCE`](crate::AXES_TOLERANCE), f64 boxes
    /// [`AXES_TOLERANCE_F64`](crate::tolerance::AXES_TOLERANCE_F64)), so the image of a box is
    /// not a box.
    Shear {
        /// The measured defect.
        defect: f32,
    },
}

impl fmt::Display for ObbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NonFinite { what } => write!(f, "{what} is not finite (NaN or infinity)"),
            Self::NegativeExtent { what, value } => write!(f, "{what} is negative ({value})"),
            Self::TooLarge { what, value } => write!(
                f,
                "{what} has magnitude {value:e}, above the supported maximum {:e}",
                crate::MAX_MAGNITUDE
            ),
            Self::TooSmall { what, value } => write!(
                f,
                "{what} has magnitude {value:e}, below the supported minimum {:e} (use 0)",
                crate::MIN_MAGNITUDE
            ),
            Self::ZeroQuaternion => write!(f, "the quaternion is zero"),
            Self::ZeroDirection => write!(f, "the (cos, sin) direction is zero"),
            Self::NonOrthonormalAxes { defect } => write!(
                f,
                "axes are not orthonormal: max |AᵀA − I| = {defect:e} exceeds {:e} \
                 ({:e} for f64 boxes)",
                crate::AXES_TOLERANCE,
                crate::tolerance::AXES_TOLERANCE_F64
            ),
            Self::NotARectangle { defect } => write!(
                f,
                "corners are not a rectangle: relative defect {defect:e} exceeds {:e}",
                crate::CORNER_TOLERANCE
            ),
            Self::Shear { defect } => write!(
                f,
                "transform shears: relative defect {defect:e} exceeds {:e} ({:e} for f64 boxes)",
                crate::AXES_TOLERANCE,
                crate::tolerance::AXES_TOLERANCE_F64
            ),
        }
    }
}

impl core::error::Error for ObbError {}
