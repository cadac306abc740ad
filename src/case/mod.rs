//! Layer 1, the case as written: a case line read into a [`WrittenCase`] (its id, the pair of
//! boxes as written, its recorded expectations), the pairs sat-core and the exact oracle store for
//! it ([`stored`]: [`SinglePair`], [`DoublePair`], [`ExactPair`]), the [`Query`] kinds a case
//! records an answer for, and the seeded [`generate`]d pairs. Nothing here knows an engine.
//!
//! The case format, one case per line:
//!
//! ```text
//! {"id": any JSON (optional), "dim": 2 or 3, "a": BOX, "b": BOX,
//!  "expect": true|false, "exact_margin": number, "scale": number, "distance": number
//!  (all four optional)}
//! BOX = {"center": [...], "half_extents": [...], ROTATION}
//! ROTATION = exactly one of
//!   "quat": [x, y, z, w]             3D, glam order, need not be unit length: R(q)/|q|²
//!   "axes": [[..], [..]] or 3 columns the box's local axes as world-space column vectors
//!   "angle": radians                 2D, counter-clockwise
//!   "degrees": d                     2D, counter-clockwise
//! ```
//!
//! Unknown keys are ignored; an explicit `null` counts as absent. Every number is read as the
//! f64 its text denotes. A line is a valid case when every engine can take it: the f32 engines
//! round each number once to f32 (an overflow is an error, and so is a non-zero centre or
//! half-extent that underflows to zero, which would silently move the box), and sat-core's
//! checked constructors accept the boxes (their [`ObbError`](sat_core::ObbError) messages are reported as they
//! are). What each precision stores for the boxes as written: [`stored`].
//!
//! `expect` is the verdict `obbsat check` compares with; `exact_margin` and `scale` (the exact
//! margin and `S = |c_B − c_A| + |e_A| + |e_B|`, as `obbsat generate` and the corpus write them)
//! place a wrong verdict inside or outside sat-core's band; `distance` (the exact distance between
//! the boxes as written, `0` when they intersect) is what `obbsat check --query distance` compares
//! with. `obbsat verdict` and `obbsat distance` ignore all four. A cast case also carries the
//! boxes' motions ([`cast`]), which the other queries ignore.

mod boxes;
pub(crate) mod cast;
mod fuzz;
pub(crate) mod generate;
mod json;
pub(crate) mod stored;
mod written;

pub use boxes::{read_box2, read_box3};
pub use cast::{CastInput, Motion, Turn};
pub use fuzz::fuzz_case_line;
pub use stored::{DoublePair, DoubleVerdict, ExactPair, SinglePair, SingleVerdict};
pub use written::{CaseError, WrittenCase, WrittenPair};

/// What a case is asked, each with the field a case line records its answer in.
///
/// A new kind of query is a variant here (its recorded field read by [`WrittenCase`]), a
/// method of the engines' trait (`engine::Engine`) and a variant of their `Answer`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Query {
    /// Do the boxes intersect? Recorded as `expect`.
    Verdict,
    /// How far apart are they? Recorded as `distance`.
    Distance,
    /// When do they first touch, moving as the line says (`case::cast`)? Recorded as `toi`.
    Cast,
}
