//! What the shared sources (`dispatcher.rs`, `filter.rs`, `manifold*.rs`, `fallback*.rs`) need
//! to know of their flavour's scalar: each is compiled once per flavour (sat-rapier2d,
//! sat-rapier3d: f32; sat-rapier2d-f64, sat-rapier3d-f64: f64) against that flavour's rapier, whose `math::Real`, `Vector`,
//! `Matrix` and rotation are glam's f32 or f64 types.
//!
//! * [`Wide`]: the step to f64 and back (`as_dvec3`/`as_vec3` for f32 types, the identity for
//!   f64 ones), for the work the adapter does in f64 whatever the flavour (a pose's rotation
//!   normalised and turned into a matrix, the fallback contact).
//! * [`Precision`]: the tolerances that depend on the scalar's precision (see
//!   [`tolerance`](crate::tolerance)).
//! * [`Magnitude`]: `|ω|` of a body's angular velocity, a scalar in 2D and a vector in 3D.

use glam::{DMat3, DQuat, DVec2, DVec3, Mat3, Quat, Vec2, Vec3};

use sat_core::tolerance::{PAD_K, PAD_K_F64, SEPARATION_K, SEPARATION_K_F64};

use crate::tolerance::{
    CERTIFY_K, CERTIFY_K_F64, CLIP_SLACK_K, CLOSEST_K, FACE_PREFERENCE_PREDICTION,
    FACE_PREFERENCE_SIZE, ROUNDING,
};

/// A flavour's scalar, vector, matrix or rotation and its f64 twin.
pub(crate) trait Wide: Copy {
    /// The f64 twin.
    type Wide;
    /// `self` in f64 (exact).
    fn wide(self) -> Self::Wide;
    /// `wide` rounded once to this type (exact for an f64 flavour).
    fn narrow(wide: Self::Wide) -> Self;
}

macro_rules! wide {
    ($($t:ty => $w:ty: $to:ident, $from:ident;)*) => {$(
        impl Wide for $t {
            type Wide = $w;
            #[inline]
            fn wide(self) -> $w {
                self.$to()
            }
            #[inline]
            fn narrow(wide: $w) -> $t {
                wide.$from()
            }
        }
        impl Wide for $w {
            type Wide = $w;
            #[inline]
            fn wide(self) -> $w {
                self
            }
            #[inline]
            fn narrow(wide: $w) -> $w {
                wide
            }
        }
    )*};
}

wide! {
    Vec2 => DVec2: as_dvec2, as_vec2;
    Vec3 => DVec3: as_dvec3, as_vec3;
    Mat3 => DMat3: as_dmat3, as_mat3;
    Quat => DQuat: as_dquat, as_quat;
}

impl Wide for f32 {
    type Wide = f64;
    #[inline]
    fn wide(self) -> f64 {
        f64::from(self)
    }
    #[inline]
    fn narrow(wide: f64) -> f32 {
        wide as f32
    }
}

impl Wide for f64 {
    type Wide = f64;
    #[inline]
    fn wide(self) -> f64 {
        self
    }
    #[inline]
    fn narrow(wide: f64) -> f64 {
        wide
    }
}

/// The precision-dependent tolerances of a flavour's scalar (`ε = Self::EPSILON`).
pub(crate) trait Precision: Copy {
    /// `ε` of the scalar, in f64.
    const EPS: f64;

    /// [`CLIP_SLACK_K`] in this scalar (units of `ε·S`, the same in both precisions).
    const CLIP_SLACK: Self;

    /// [`CLOSEST_K`] in this scalar (units of `ε·S`, the same in both precisions).
    const CLOSEST: Self;

    /// The fallback contact's touching threshold, relative to `S`: below this margin a pair is
    /// answered with the margin and its axis, above it with the closest points and their
    /// direction. See [`CONTACT_K`](crate::tolerance::CONTACT_K) (f32) and
    /// [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64) (f64) for the trade-off.
    const TOUCH: f64;

    /// [`CERTIFY_K`](crate::tolerance::CERTIFY_K) (f32) or
    /// [`CERTIFY_K_F64`](crate::tolerance::CERTIFY_K_F64) (f64), in units of `ε·S`.
    const CERTIFY: Self;

    /// A pair counts as penetrating for a manifold's repair when sat-core's gap is below
    /// `−PENETRATING·ε·S`: beyond the gap's error (`SEPARATION_K + PAD_K` of sat-core's
    /// precision) by `2·ε·S`, and below the verdict band, so every pair overlapping by more than
    /// the band is caught and touching pairs whose points are a rounding above zero are left
    /// alone.
    const PENETRATING: Self;

    /// [`face_preference`](crate::tolerance::face_preference) in this scalar:
    /// `min(FACE_PREFERENCE_PREDICTION · max(prediction, 0), FACE_PREFERENCE_SIZE · smallest)`
    /// (a length; `smallest`: the smallest half-extent of the two boxes).
    fn face_preference(prediction: Self, smallest: Self) -> Self;

    /// [`rounding`](crate::tolerance::rounding) in this scalar:
    /// `ROUNDING · min(max(prediction, 0), smallest)` (a length).
    fn rounding(prediction: Self, smallest: Self) -> Self;
}

impl Precision for f32 {
    const EPS: f64 = f32::EPSILON as f64;
    const CLIP_SLACK: f32 = CLIP_SLACK_K;
    const CLOSEST: f32 = CLOSEST_K;
    const CERTIFY: f32 = CERTIFY_K;
    /// `12 + 10 + 2 = 24`, below `BAND_K = 48`.
    const PENETRATING: f32 = SEPARATION_K + PAD_K + 2.0;

    /// About one `ε·S` of f32: the f64 direction of two points `d ≥ 1e-7·S` apart errs by
    /// `1e-16·S/d ≤ 1e-9`, far below f32's `ε`.
    const TOUCH: f64 = 1e-7;

    #[inline]
    fn face_preference(prediction: f32, smallest: f32) -> f32 {
        (FACE_PREFERENCE_PREDICTION * prediction.max(0.0)).min(FACE_PREFERENCE_SIZE * smallest)
    }

    #[inline]
    fn rounding(prediction: f32, smallest: f32) -> f32 {
        ROUNDING * prediction.max(0.0).min(smallest)
    }
}

impl Precision for f64 {
    const EPS: f64 = f64::EPSILON;
    const CLIP_SLACK: f64 = CLIP_SLACK_K as f64;
    const CLOSEST: f64 = CLOSEST_K as f64;
    const CERTIFY: f64 = CERTIFY_K_F64;
    /// `192 + 192 + 2 = 386`, below `BAND_K_F64 = 768`.
    const PENETRATING: f64 = SEPARATION_K_F64 + PAD_K_F64 + 2.0;

    /// `2⁻²⁶ = √ε` of f64: the f64 flavour computes the fallback in its own precision, so the
    /// direction of two points `d` apart errs by `ε·S/d` and the touching answer by up to
    /// `TOUCH·S`; both are `√ε·S` at this threshold.
    const TOUCH: f64 = 1.0 / (1u64 << 26) as f64;

    #[inline]
    fn face_preference(prediction: f64, smallest: f64) -> f64 {
        crate::tolerance::face_preference(prediction, smallest)
    }

    #[inline]
    fn rounding(prediction: f64, smallest: f64) -> f64 {
        crate::tolerance::rounding(prediction, smallest)
    }
}

/// The magnitude of a flavour's angular velocity (rapier's `AngVector`: the scalar itself in 2D,
/// a vector in 3D), for the filter's bound on a body's motion over a step.
pub(crate) trait Magnitude: Copy {
    /// The flavour's scalar.
    type Real;
    /// `|self|`.
    fn magnitude(self) -> Self::Real;
}

macro_rules! magnitude {
    ($($t:ty => $real:ty: $norm:ident;)*) => {$(
        impl Magnitude for $t {
            type Real = $real;
            #[inline]
            fn magnitude(self) -> $real {
                self.$norm()
            }
        }
    )*};
}

magnitude! {
    f32 => f32: abs;
    f64 => f64: abs;
    Vec3 => f32: length;
    DVec3 => f64: length;
}
