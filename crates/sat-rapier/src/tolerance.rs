//! Named tolerances of the adapter, with their units and where they come from.
//!
//! sat-core's own tolerances (the pad `PAD_K·ε·S`, the band `BAND_K·ε·S`) are about rounding:
//! they decide verdicts for the boxes as given. The ones here are about physics: which of two
//! nearly equally good axes a contact manifold should be built on, so that a box resting on
//! another keeps the same reference face (and the same contact feature ids, hence its warm-started
//! impulses) from one step to the next.
//!
//! Precision. The same constants serve the f32 flavours (`dim2`, `dim3`) and the f64 ones
//! (`dim2_f64`, `dim3_f64`). The physical ones ([`FACE_PREFERENCE_PREDICTION`],
//! [`REDUCTION_TIE_RELATIVE`]) are fractions of a length and do not depend on the scalar. The
//! rounding ones count units `ε·S` with `ε` the flavour's own (`2⁻²³` or `2⁻⁵²`): sat-core's
//! bounds for its f64 boxes are the f32 ones in f64's `ε`, and the clipping rounds the same
//! number of times in either precision, so [`CERTIFY_K`] holds for both. Only the fallback
//! contact changes with the precision: the f32 flavours compute it in f64, far above their own
//! precision, the f64 flavours in their own, so its bound is [`CONTACT_K`] for f32 and
//! [`CONTACT_K_F64`] for f64.

/// Face preference, as a fraction of the prediction distance `p` the narrow phase passes: a
/// candidate axis (a face of the second box over the first box's best face, an edge pair over the
/// best face) is chosen only when its gap beats the other's by `FACE_PREFERENCE_PREDICTION · p`.
/// Box2D v2 flips the reference polygon only when the other one is better by
/// `0.1 · linear_slop`, and its speculative distance is `4 · linear_slop`; rapier's prediction
/// distance plays that role here, so `0.1 / 4 = 0.025`. With rapier's default prediction (0.02
/// length units) this is 0.5 mm per metre of length unit: far above rounding noise (`ε·S`),
/// below any visible tilt.
///
/// No relative part: ODE's and Bullet's "an edge axis must be 1.05× better than the best face"
/// changed the contact normal of one touching pair in ten, relative to rapier's default
/// pipeline, in the heap of overlapping boxes of `tests/rapier/pipeline3.rs`
/// (`contacts_match_the_default_pipeline`), without a visible gain in the stacking tests.
pub const FACE_PREFERENCE_PREDICTION: f32 = 0.025;

/// Ties in the reduction of a manifold to four points (dimensionless): a candidate must be
/// farther than an earlier one in the clipping order by this fraction of the largest distance
/// to be picked instead, so equal distances (a symmetric overlap) keep the same points from one
/// step to the next.
pub const REDUCTION_TIE_RELATIVE: f32 = 0.05;

/// How close (in units of `ε·S`, `S = |t| + |e_A| + |e_B|` as in sat-core) a pair of witness
/// points must be to sat-core's separating gap for a *separated* `contact()` to be certified as
/// the true distance. sat-core's gap is a lower bound of the distance within
/// `SEPARATION_K = 12` `ε·S`; the witness points add the clipping's rounding (an interpolation
/// and a three-term dot product, each a few `ε·S`). 64 leaves room for both; a pair that fails the
/// certificate is handed to the next dispatcher (GJK), never answered approximately.
pub const CERTIFY_K: f32 = 64.0;

/// The bound of every `contact()` answer for a cuboid pair and of every manifold point, in units
/// of `ε·S` (`ε = 2⁻²³`, `S = |t| + |e_A| + |e_B|`, a length), against the exact boxes the pose
/// names:
///
/// * penetrating: `|dist − (−depth)| ≤ CONTACT_K·ε·S`, where the depth is the exact
///   penetration depth (for boxes, minus the exact separating-axis margin); the gap of the boxes
///   along the returned normal is within the same bound of `dist` (a minimum translation
///   direction);
/// * separated within the prediction: `margin − CONTACT_K·ε·S ≤ dist ≤ distance + CONTACT_K·ε·S`,
///   and the gap along the normal is within the bound of `dist` (so `dist` is the distance);
/// * witness and manifold points lie on their boxes' surfaces within the bound.
///
/// Derivation. A certified answer's `dist` is within [`CERTIFY_K`] (64) of sat-core's gap, and
/// that gap is within `SEPARATION_K + PAD_K` (22) of the exact margin for overlapping boxes, or
/// a lower bound of the distance within `SEPARATION_K` (12); its points are f32 roundings of
/// points of size `≤ S` (`√3·u·S < 1`) after one clipping interpolation and a three-term dot
/// product (`< 3`): 64 + 22 + 4 = 90. An f64 answer (`fallback2`/`fallback3`) errs by the final
/// roundings (points `< 1`, the normal `√3·u` turning the gap by `< 2`), the touching threshold
/// (`1e-7·S`, `< 2`) and the supporting features' span (`4ε` per component, `< 8`): below 16.
/// `96` covers both.
pub const CONTACT_K: f32 = 96.0;

/// [`CONTACT_K`] for the f64 flavours (`dim2_f64`, `dim3_f64`), in units of `ε·S` with
/// `ε = 2⁻⁵²`: `2²⁸`, so every answer is within `2⁻²⁴·S` (`≈ 6e-8·S`) of the exact one.
///
/// Derivation. Certified answers keep the f32 derivation in f64's `ε` (below 96). The f64
/// fallback has no wider format above it: the direction of closest points `d` apart errs by
/// `ε·S/d`, which turns the gap along it by `ε·S²/d`, and a touching pair (margin below
/// `T·S`) is answered with its margin, up to `T·S` from the distance. The touching threshold
/// `T = 2⁻²⁶ = √ε` makes both `2²⁶·ε·S`; the edge axes skipped as parallel (`|ℓ| < 1e-8`) cost
/// `1e-8·S` and their directions `1e-16/|ℓ|·S`, each below `2²⁶·ε·S`; the supporting features'
/// span `8·ε·S`. Sum below `2²⁸·ε·S`.
pub const CONTACT_K_F64: f64 = (1u64 << 28) as f64;

/// The face preference for a prediction distance: `FACE_PREFERENCE_PREDICTION · prediction` (a
/// length), in the flavour's scalar.
#[inline]
pub(crate) fn face_preference<R: crate::precision::Precision>(prediction: R) -> R {
    R::face_preference(prediction)
}
