//! Named tolerances of the adapter, with their units; their derivations are in the book's
//! chapter *The error bound* (`docs/error-bound.md`, "Contacts in rapier").
//!
//! sat-core's own tolerances (the pad `PAD_K·ε·S`, the band `BAND_K·ε·S`) are about rounding:
//! they decide verdicts for the boxes as given. Two here are about physics, the same in every
//! flavour: which of two nearly equally good axes a manifold is built on
//! ([`FACE_PREFERENCE_PREDICTION`]), so that a box resting on another keeps its reference face
//! (and its contact feature ids, hence its warm-started impulses), and which points a manifold
//! keeps ([`REDUCTION_TIE_RELATIVE`]). The others bound rounding, in units of `ε·S` with the
//! flavour's `ε` (`2⁻²³` in sat-rapier2d and sat-rapier3d, `2⁻⁵²` in the f64 flavours) and
//! `S = |t| + |e_A| + |e_B|` as in sat-core: [`CERTIFY_K`] / [`CERTIFY_K_F64`] (when clipped
//! points are the answer) and [`CONTACT_K`] / [`CONTACT_K_F64`] (every contact's bound).
//!
//! # Examples
//!
//! The bound of a contact between two touching unit cubes, in this flavour's precision:
//!
//! ```
#![doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::rapier::prelude::Real;")]
#![doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::{CONTACT_K, CONTACT_K_F64};")]
//! use sat_core::tolerance::{EPS, EPS_F64};
//!
//! let s = 1.0 + 3f64.sqrt(); // S = |t| + |e_A| + |e_B| for touching unit cubes
//! let f32_bound = f64::from(CONTACT_K) * f64::from(EPS) * s;
//! let f64_bound = CONTACT_K_F64 * EPS_F64 * s;
//! let bound = if size_of::<Real>() == 4 { f32_bound } else { f64_bound };
//! assert!(bound < 4e-5); // contact depths, distances and points are this close to exact
//! ```

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
/// pipeline, in the heap of overlapping boxes of sat-rapier3d's `tests/all/pipeline.rs`
/// (`contacts_match_the_default_pipeline`), without a visible gain in the stacking tests.
///
/// The preference never trades an axis that separates the boxes (gap above zero) for one along
/// which they overlap (gap at most zero), whatever its size: such a face clips to nothing (found
/// on two near-parallel boxes ~800 units in size, 6.4e-3 apart along x and overlapping by 2.6e-4
/// along y, under a prediction proportional to their size).
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::rapier::prelude::IntegrationParameters;")]
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::FACE_PREFERENCE_PREDICTION;")]
///
/// let prediction = IntegrationParameters::default().prediction_distance();
/// let preference = FACE_PREFERENCE_PREDICTION as f64 * prediction as f64;
/// assert!((preference - 5e-4).abs() < 1e-9); // 0.5 mm with rapier's default prediction
/// ```
pub const FACE_PREFERENCE_PREDICTION: f32 = 0.025;

/// The face preference's bound by the boxes' own size, as a fraction of the smallest
/// half-extent `h` of the two boxes: a prediction distance that is large against the boxes (a
/// big `length_unit`, a prediction proportional to the scene) must not make a face whose
/// penetration is a visible part of a box deeper win over the best axis. A resting box tilted by
/// `θ` changes the gap difference of its two candidate faces by about `θ·h`; `0.025` (the same
/// fraction as [`FACE_PREFERENCE_PREDICTION`]) keeps the preference above that for tilts up to
/// 1.4°, which is what the preference is for, and caps it at 2.5 % of the thinnest box.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::FACE_PREFERENCE_SIZE;")]
///
/// // A plank 2 mm thin (h = 1 mm): the preference is at most 25 µm, whatever the prediction.
/// assert!(FACE_PREFERENCE_SIZE * 1e-3 < 2.6e-5);
/// ```
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
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::ROUNDING;")]
///
/// // 2r is rapier's linear slop (a quarter of the prediction).
/// assert_eq!(2.0 * ROUNDING, 0.25);
/// ```
pub const ROUNDING: f32 = 0.125;

/// Ties in the reduction of a manifold to four points (dimensionless): a candidate must be
/// farther than an earlier one in the clipping order by this fraction of the largest distance
/// to be picked instead, so equal distances (a symmetric overlap) keep the same points from one
/// step to the next.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::REDUCTION_TIE_RELATIVE;")]
///
/// // Of two candidates 1.00 and 1.04 from the kept points, the earlier one stays.
/// let (earlier, later, largest) = (1.00f32, 1.04f32, 1.04f32);
/// assert!(later - earlier <= REDUCTION_TIE_RELATIVE * largest);
/// ```
pub const REDUCTION_TIE_RELATIVE: f32 = 0.05;

/// How far outside the reference face (in units of `ε·S`) an incident vertex still counts as on
/// it when clipping: it keeps its place and its *incident vertex × reference face* ids instead
/// of being cut. Equal faces stacked exactly (a column of equal boxes) put their corners a
/// rounding to either side of each other's sides: cut by rounding, a point changed its feature
/// ids from one step to the next and lost its warm-start impulse, and in rapier's
/// `vertical_stacks2` the uneven impulses of such a contact tipped a spaced column over. The
/// corners `c + R·(±e)` are computed within `3·ε·S` of the exact ones; `8` covers that, and a
/// point that far outside the face is within the bound [`CONTACT_K`] of its surface.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::{CLIP_SLACK_K, CONTACT_K};")]
///
/// let s = 1.0 + 2f32.sqrt(); // two stacked unit squares
/// assert!(CLIP_SLACK_K * f32::EPSILON * s < 3e-6); // a corner this far outside stays
/// assert!(CLIP_SLACK_K < CONTACT_K);
/// ```
pub const CLIP_SLACK_K: f32 = 8.0;

/// How much farther (in units of `ε·S`) than the closest features a manifold's nearest point may
/// be and still stand for them: a clipped contact whose deepest point is within `CLOSEST_K·ε·S`
/// of the gap of its axis stands, and the boxes' own closest points are added to a contact unless
/// a point is within `CLOSEST_K·ε·S` of them along its normal. Derivation: a manifold's nearest
/// point must be within [`CONTACT_K`] (96) of the distance; sat-core's gap is within
/// `SEPARATION_K` (12) of it, and a clipped point's `dist` rounds by a few units (a division by
/// the normal's largest component, `≥ 1/√3`, after an interpolation), so `32` leaves room.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::{CLOSEST_K, CONTACT_K};")]
///
/// assert!(CLOSEST_K + 12.0 < CONTACT_K); // with sat-core's SEPARATION_K, within the bound
/// ```
pub const CLOSEST_K: f32 = 32.0;

/// How close (in units of `ε·S`) the clipped witness points must be to sat-core's separating
/// gap for `contact()` to answer with them (`docs/error-bound.md`, "Contacts in rapier"). A pair
/// that fails the certificate is answered in f64 (the fallback contact), never handed to the
/// next dispatcher: the tests `contact_agrees_with_epa` and `separated_contact_is_the_distance`
/// (`tests/all/contact.rs` of sat-rapier2d and sat-rapier3d) call the dispatcher alone and fail
/// on a pair passed on.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::CERTIFY_K;")]
///
/// let s = 1.0 + 3f32.sqrt(); // S = |t| + |e_A| + |e_B| for touching unit cubes
/// assert!(CERTIFY_K * f32::EPSILON * s < 3e-5); // the clipped points' slack, in f32
/// ```
pub const CERTIFY_K: f32 = 64.0;

/// [`CERTIFY_K`] for the f64 flavours, in units of `ε·S` with `ε = 2⁻⁵²` (`192 + 64`:
/// `docs/error-bound.md`, "Contacts in rapier").
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::{CERTIFY_K, CERTIFY_K_F64};")]
///
/// assert_eq!(CERTIFY_K_F64, 192.0 + CERTIFY_K as f64); // sat-core's f64 gap error, then f32's room
/// ```
pub const CERTIFY_K_F64: f64 = 256.0;

/// The bound of every `contact()` answer for a cuboid pair and of every manifold point, in units
/// of `ε·S` (`ε = 2⁻²³`, `S = |t| + |e_A| + |e_B|`), against the exact boxes the pose names:
/// a penetrating pair's `−dist` is the exact penetration depth within `CONTACT_K·ε·S`, a
/// separated pair's `dist` the distance, witness and manifold points lie on their boxes'
/// surfaces, all within the bound (`docs/error-bound.md`, "Contacts in rapier", derives 90 and
/// 16 for the two ways an answer is made; the `contact2/3` and `manifold2/3` fuzz targets check
/// it against the exact oracle).
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::CONTACT_K;")]
///
/// // Touching unit cubes: contacts within 32 µm of exact in the f32 flavours.
/// let s = 1.0 + 3f32.sqrt();
/// assert!(CONTACT_K * f32::EPSILON * s < 3.2e-5);
/// ```
pub const CONTACT_K: f32 = 96.0;

/// [`CONTACT_K`] for the f64 flavours (sat-rapier2d-f64, sat-rapier3d-f64), in units of `ε·S`
/// with `ε = 2⁻⁵²`: `2²⁸`, so every answer is within `2⁻²⁴·S` (`≈ 6e-8·S`) of the exact one (the
/// f64 fallback has no wider format above it: `docs/error-bound.md`, "Contacts in rapier").
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::CONTACT_K_F64;")]
///
/// assert_eq!(CONTACT_K_F64 * f64::EPSILON, 1.0 / (1u64 << 24) as f64);
/// ```
pub const CONTACT_K_F64: f64 = (1u64 << 28) as f64;

/// The face preference (a length, see [`FACE_PREFERENCE_PREDICTION`]) for the prediction
/// distance `prediction` and the smallest half-extent `smallest_half_extent` of the two boxes;
/// `0` for a negative prediction.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::face_preference;")]
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
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::rounding;")]
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
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::tolerance::{ROUNDING_REACH_K, rounding};")]
///
/// // Unit boxes, rapier's default prediction: within reach while they overlap by under 8.7 mm.
/// assert!(ROUNDING_REACH_K * rounding(0.02, 0.5) < 8.7e-3);
/// assert_eq!(ROUNDING_REACH_K, 2.0 * 3f64.sqrt());
/// ```
pub const ROUNDING_REACH_K: f64 = 3.4641016151377544;
