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
/// best face) is chosen only when its gap beats the other's by `FACE_PREFERENCE_PREDICTION · p`.
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
