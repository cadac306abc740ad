//! Named tolerances of the adapter, with their units and where they come from.
//!
//! sat-core's own tolerances (the pad `PAD_K·ε·S`, the band `BAND_K·ε·S`) are about rounding:
//! they decide verdicts for the boxes as given. The ones here are about physics: which of two
//! nearly equally good axes a contact manifold should be built on, so that a box resting on
//! another keeps the same reference face (and the same contact feature ids, hence its warm-started
//! impulses) from one step to the next.
//!
//! Precision. The f32 flavours (`dim2`, `dim3`) and the f64 ones (`dim2_f64`, `dim3_f64`)
//! share the physical constants ([`FACE_PREFERENCE_PREDICTION`], [`REDUCTION_TIE_RELATIVE`]):
//! fractions of a length, whatever the scalar. The rounding ones count units `ε·S` with `ε` the
//! flavour's own (`2⁻²³` or `2⁻⁵²`) and follow sat-core's bounds for that precision, which for
//! its f64 boxes are larger in their `ε` (`SEPARATION_K_F64 = PAD_K_F64 = 192`: the stored
//! columns are within `16u` of the axes): [`CERTIFY_K`] / [`CERTIFY_K_F64`], [`CONTACT_K`] /
//! [`CONTACT_K_F64`], and the threshold below which a manifold's pair counts as penetrating
//! (`SEPARATION_K + PAD_K + 2`: 24 in f32, 386 in f64). The fallback contact also changes: the
//! f32 flavours compute it in f64, far above their own precision, the f64 flavours in their own.

/// Face preference, as a fraction of the prediction distance `p` the narrow phase passes: a
/// candidate axis (a face of the second box over the first box's best face, an edge pair over the
/// best face) is chosen only when its gap beats the other's by the preference
/// [`face_preference`]`(p, h) = min(FACE_PREFERENCE_PREDICTION · p, FACE_PREFERENCE_SIZE · h)`.
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
///
/// The preference never trades an axis that separates the boxes (gap above zero) for one along
/// which they overlap (gap at most zero), whatever its size: such a face clips to nothing (found
/// on two near-parallel boxes ~800 units in size, 6.4e-3 apart along x and overlapping by 2.6e-4
/// along y, under a prediction proportional to their size).
pub const FACE_PREFERENCE_PREDICTION: f32 = 0.025;

/// The face preference's bound by the boxes' own size, as a fraction of the smallest
/// half-extent `h` of the two boxes: a prediction distance that is large against the boxes (a
/// big `length_unit`, a prediction proportional to the scene) must not make a face whose
/// penetration is a visible part of a box deeper win over the best axis. A resting box tilted by
/// `θ` changes the gap difference of its two candidate faces by about `θ·h`; `0.025` (the same
/// fraction as [`FACE_PREFERENCE_PREDICTION`]) keeps the preference above that for tilts up to
/// 1.4°, which is what the preference is for, and caps it at 2.5 % of the thinnest box.
pub const FACE_PREFERENCE_SIZE: f32 = 0.025;

/// The contact rounding `r`, as a fraction of `min(p, h)` (`p` the prediction distance, `h` the
/// smallest half-extent of the two boxes): [`rounding`]`(p, h) = ROUNDING · min(p, h)`.
///
/// A manifold whose clipped contact is degenerate (no point, none at the gap, or all points
/// within `2r` of a line across the reference face: boxes touching at a corner or along an edge,
/// or overlapping by a sliver) takes its normal from the closest points of the boxes' *cores*
/// (each box shrunk by `r` on every side), as a rounded box's contact would: the direction
/// between the closest features when the boxes are apart by more than `r`, and inside the
/// corner's or edge's cone of normals (its bisector for boxes in a grid) when they touch there.
/// The sharp boxes' choice (the first of two tied face axes) gave two unit squares touching at a
/// corner the normal `(1, 0)`: the diagonal neighbours of a stack carried no weight, and rapier's
/// `vertical_stacks2` sank and never slept (issue 28).
///
/// `1/8`: rapier's prediction distance is four times its linear slop (the penetration its solver
/// leaves, `allowed_linear_error`), so `2r = p/4` is that slop: a corner contact sunk by less
/// than the slop keeps a normal inside the corner's cone. Bounded by the boxes' size so thin
/// boxes keep cores (`r ≤ h/8`).
pub const ROUNDING: f32 = 0.125;

/// How parallel (a cosine) the incident face of a kept manifold must stay to the reference face
/// for the manifold to be updated without sat-core's axis search: `cos 1°`, the threshold of
/// parry's own cached update (`ContactManifold::try_update_contacts`). A box resting flat on a
/// face, its whole face within the other (rapier's dominoes and stacks on a ground), keeps its
/// reference face and its four (two) corners, recomputed at the new pose; tilted further, it is
/// rocking or tumbling, and the axis search may find another face or an edge pair.
pub const KEEP_COS: f32 = 0.999_847_7;

/// Ties in the reduction of a manifold to four points (dimensionless): a candidate must be
/// farther than an earlier one in the clipping order by this fraction of the largest distance
/// to be picked instead, so equal distances (a symmetric overlap) keep the same points from one
/// step to the next.
pub const REDUCTION_TIE_RELATIVE: f32 = 0.05;

/// How far outside the reference face (in units of `ε·S`) an incident vertex still counts as on
/// it when clipping: it keeps its place and its *incident vertex × reference face* ids instead
/// of being cut. Equal faces stacked exactly (a column of equal boxes) put their corners a
/// rounding to either side of each other's sides: cut by rounding, a point changed its feature
/// ids from one step to the next and lost its warm-start impulse, and in rapier's
/// `vertical_stacks2` the uneven impulses of such a contact tipped a spaced column over. The
/// corners `c + R·(±e)` are computed within `3·ε·S` of the exact ones; `8` covers that, and a
/// point that far outside the face is within the bound [`CONTACT_K`] of its surface.
pub const CLIP_SLACK_K: f32 = 8.0;

/// How much farther (in units of `ε·S`) than the closest features a manifold's nearest point may
/// be and still stand for them: a clipped contact whose deepest point is within `CLOSEST_K·ε·S`
/// of the gap of its axis stands, and the boxes' own closest points are added to a contact unless
/// a point is within `CLOSEST_K·ε·S` of them along its normal. Derivation: a manifold's nearest
/// point must be within [`CONTACT_K`] (96) of the distance; sat-core's gap is within
/// `SEPARATION_K` (12) of it, and a clipped point's `dist` rounds by a few units (a division by
/// the normal's largest component, `≥ 1/√3`, after an interpolation), so `32` leaves room.
pub const CLOSEST_K: f32 = 32.0;

/// How close (in units of `ε·S`, `S = |t| + |e_A| + |e_B|` as in sat-core) a pair of witness
/// points must be to sat-core's separating gap for a *separated* `contact()` to be certified as
/// the true distance. sat-core's gap is a lower bound of the distance within
/// `SEPARATION_K = 12` `ε·S`; the witness points add the clipping's rounding (an interpolation
/// and a three-term dot product, each a few `ε·S`). 64 leaves room for both; a pair that fails the
/// certificate is handed to the next dispatcher (GJK), never answered approximately.
pub const CERTIFY_K: f32 = 64.0;

/// [`CERTIFY_K`] for the f64 flavours, in units of `ε·S` with `ε = 2⁻⁵²`: sat-core's gap for f64
/// boxes is within `SEPARATION_K_F64 = 192` of the exact one, and the clipping rounds as often
/// as in f32, for which 64 leaves room: `192 + 64 = 256`.
pub const CERTIFY_K_F64: f64 = 256.0;

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
/// product (`< 3`): 64 + 22 + 4 = 90. An f64 answer (`fallback.rs`) errs by the final
/// roundings (points `< 1`, the normal `√3·u` turning the gap by `< 2`), the touching threshold
/// (`1e-7·S`, `< 2`) and the supporting features' span (`4ε` per component, `< 8`): below 16.
/// `96` covers both.
pub const CONTACT_K: f32 = 96.0;

/// [`CONTACT_K`] for the f64 flavours (`dim2_f64`, `dim3_f64`), in units of `ε·S` with
/// `ε = 2⁻⁵²`: `2²⁸`, so every answer is within `2⁻²⁴·S` (`≈ 6e-8·S`) of the exact one.
///
/// Derivation. A certified answer is within `CERTIFY_K_F64 + SEPARATION_K_F64 + PAD_K_F64 + 4
/// = 644` of the exact one (the f32 derivation with sat-core's f64 constants). The f64
/// fallback has no wider format above it: the direction of closest points `d` apart errs by
/// `ε·S/d`, which turns the gap along it by `ε·S²/d`, and a touching pair (margin below
/// `T·S`) is answered with its margin, up to `T·S` from the distance. The touching threshold
/// `T = 2⁻²⁶ = √ε` makes both `2²⁶·ε·S`; the edge axes skipped as parallel (`|ℓ| < 1e-8`) cost
/// `1e-8·S` and their directions `1e-16/|ℓ|·S`, each below `2²⁶·ε·S`; the supporting features'
/// span `8·ε·S`. Sum below `2²⁸·ε·S`.
pub const CONTACT_K_F64: f64 = (1u64 << 28) as f64;

/// The face preference (a length, see [`FACE_PREFERENCE_PREDICTION`]) for the prediction
/// distance `prediction` and the smallest half-extent `smallest_half_extent` of the two boxes;
/// `0` for a negative prediction.
///
/// ```
/// use sat_rapier::tolerance::face_preference;
///
/// // rapier's default prediction (0.02), unit boxes: 0.025 × 0.02.
/// assert!((face_preference(0.02, 0.5) - 5e-4).abs() < 1e-10);
/// // A huge prediction: the boxes' size bounds it (0.025 × 0.5).
/// assert!((face_preference(100.0, 0.5) - 0.0125).abs() < 1e-9);
/// ```
pub fn face_preference(prediction: f64, smallest_half_extent: f64) -> f64 {
    (f64::from(FACE_PREFERENCE_PREDICTION) * prediction.max(0.0))
        .min(f64::from(FACE_PREFERENCE_SIZE) * smallest_half_extent.max(0.0))
}

/// The contact rounding (a length, see [`ROUNDING`]) for the prediction distance `prediction`
/// and the smallest half-extent `smallest_half_extent` of the two boxes; `0` for a negative
/// prediction.
///
/// ```
/// use sat_rapier::tolerance::rounding;
///
/// assert_eq!(rounding(0.02, 0.5), 0.0025); // unit boxes, rapier's default prediction
/// assert_eq!(rounding(0.02, 0.001), 0.000125); // a plank 2 mm thin
/// ```
pub fn rounding(prediction: f64, smallest_half_extent: f64) -> f64 {
    f64::from(ROUNDING) * prediction.max(0.0).min(smallest_half_extent.max(0.0))
}

/// How far a pair may overlap and still be within reach of the rounding: `2·√DIM · r` (boxes
/// whose sat-core gap is below `−ROUNDING_REACH_K·r` have overlapping cores: shrinking both by
/// `r` moves the gap along any unit axis by at most `r·(|n|₁ in A's frame + |n|₁ in B's frame)
/// ≤ 2·√DIM·r`). `2·√3`, the 3D value, for both dimensions.
pub const ROUNDING_REACH_K: f64 = 3.4641016151377544;
