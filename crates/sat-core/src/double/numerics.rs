//! The items of [`Numerics`](crate::precision::Numerics) that f64 defines itself; `double.rs`
//! binds them, beside those it takes from their homes (`tolerance`, `distance`, `batch`, the
//! lanes), for its shared sources. A leaf below the shared sources: it imports none of them.

use super::lanes::{DMat3A, DVec3A, Portable};

/// The stored scalar.
pub(crate) type Real = f64;
/// `Vec3A` in f64: four lanes on the `wide` crate's `f64x4` ([`Portable`]).
pub(crate) type Vec3A = DVec3A<Portable>;
/// `Mat3A` in f64: columns of [`Vec3A`].
pub(crate) type Mat3A = DMat3A<Portable>;
/// The distance frames' vector: glam's `DVec3` (glam has no aligned f64 vector).
pub(crate) type FrameVec3 = glam::DVec3;
/// The distance frames' matrix: glam's `DMat3`.
pub(crate) type FrameMat3 = glam::DMat3;

/// [`AMBIGUITY_K`](crate::distance::AMBIGUITY_K) in units of the f64 `ε`: the rounding of a
/// two-term sum is the same multiple of its own `ε` in either precision.
pub(crate) const AMBIGUITY_K: f64 = crate::distance::AMBIGUITY_K as f64;

/// No f64 pair is small: a squared distance below f64's normal range (`2⁻¹⁰²²`) belongs to a
/// distance below `2⁻⁵¹¹`, far below `ε₆₄·S` for any accepted pair that is not a point, so
/// lengths are always measured in units of 1 ([`unit_of`]).
pub(crate) const SMALL_SCALE: f64 = 0.0;

/// The unit lengths are measured in: 1 for every f64 pair (see [`SMALL_SCALE`]).
#[inline(always)]
pub(crate) fn unit_of(_scale: f64) -> (f64, f64) {
    (1.0, 1.0)
}

/// The type names `Debug` prints.
pub(crate) const NAMES: [&str; 2] = ["DObb2", "DObb3"];
