//! Named tolerances of the adapter, with their units and where they come from.
//!
//! sat-core's own tolerances (the pad `PAD_K·ε·S`, the band `BAND_K·ε·S`) are about rounding:
//! they decide verdicts for the boxes as given. The ones here are about physics: which of two
//! nearly equally good axes a contact manifold should be built on, so that a box resting on
//! another keeps the same reference face (and the same contact feature ids, hence its warm-started
//! impulses) from one step to the next.

/// Face preference, relative part (dimensionless): a candidate axis (a face of the second box, or
/// an edge pair) must beat the best face of the first box (or the best face) by this fraction of
/// that face's `|gap|` before its manifold is built. ODE's `dBoxBox` and Bullet's
/// `btBoxBoxDetector` accept an edge axis only when it is 1.05× better than the best face: 0.05.
pub const FACE_PREFERENCE_RELATIVE: f32 = 0.05;

/// Face preference, absolute part, as a fraction of the prediction distance `p` the narrow phase
/// passes (length = `FACE_PREFERENCE_PREDICTION · p`). Box2D v2 flips the reference polygon only
/// when the other one is better by `0.1 · linear_slop`, and its speculative distance is
/// `4 · linear_slop`; rapier's prediction distance plays that role here, so
/// `0.1 / 4 = 0.025`. With rapier's default prediction (0.02 length units) this is 0.5 mm per
/// metre of length unit: far above rounding noise (`ε·S`), far below a visible tilt.
pub const FACE_PREFERENCE_PREDICTION: f32 = 0.025;

/// How close (in units of `ε·S`, `S = |t| + |e_A| + |e_B|` as in sat-core) a pair of witness
/// points must be to sat-core's separating gap for a *separated* `contact()` to be certified as
/// the true distance. sat-core's gap is a lower bound of the distance within
/// `SEPARATION_K = 12` `ε·S`; the witness points add the clipping's rounding (an interpolation
/// and a three-term dot product, each a few `ε·S`). 64 leaves room for both; a pair that fails the
/// certificate is handed to the next dispatcher (GJK), never answered approximately.
pub const CERTIFY_K: f32 = 64.0;

/// The face preference for a pair: `FACE_PREFERENCE_PREDICTION · prediction +
/// FACE_PREFERENCE_RELATIVE · |gap|` (a length).
#[inline]
pub(crate) fn face_preference(prediction: f32, gap: f32) -> f32 {
    FACE_PREFERENCE_PREDICTION * prediction.max(0.0) + FACE_PREFERENCE_RELATIVE * gap.abs()
}
