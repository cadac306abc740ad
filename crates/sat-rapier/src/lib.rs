//! sat-core's oriented-box tests inside rapier: a query dispatcher and a contact filter.
//!
//! One source, four crates, as parry and rapier do: `sat-rapier2d` (for rapier2d, on sat-core's
//! [`Obb2`](sat_core::Obb2)), `sat-rapier3d` (rapier3d, [`Obb3`](sat_core::Obb3)),
//! `sat-rapier2d-f64` (rapier2d-f64, [`DObb2`](sat_core::DObb2)) and `sat-rapier3d-f64`
//! (rapier3d-f64, [`DObb3`](sat_core::DObb3)): each is this source compiled for its dimension
//! (feature `dim2` or `dim3`) and precision (`f32` or `f64`), against its own rapier only, with
//! the same names in each.
//!
//! * **[`SatDispatcher`]**, a query dispatcher: cuboid–cuboid intersection tests, contacts and
//!   contact manifolds computed by sat-core and reference-face clipping (cuboid parts of
//!   compound shapes included), every other pair handed on to rapier's default dispatcher:
//!   `NarrowPhase::with_query_dispatcher(SatDispatcher::default().chain(DefaultQueryDispatcher))`.
//!   rapier keeps recycling the contacts of quasi-static pairs, so the dispatcher only runs
//!   where pairs move (tumbling piles, cascades, sensors); `benches/rapier_scenes.rs` measures
//!   both kinds of scene. The query pipeline
//!   (`broad_phase.as_query_pipeline(narrow_phase.query_dispatcher(), ..)`) uses it too.
//! * **[`SatContactFilter`]**, a physics hook: cuboid pairs whose AABBs overlap but whose boxes
//!   are provably farther apart than the prediction distance get no contact computation at all,
//!   cuboid sensor pairs that are provably disjoint no intersection test. It wraps the user's
//!   own hooks. rapier stops recycling the contacts of pairs with active hooks, so any hook
//!   makes a resting pile's narrow phase several times slower; this one culls too few cuboid
//!   pairs (parry's own cuboid manifold already gives up early on separated pairs) to win that
//!   back.
//! * [`obb`] / [`obb_from_pose`]: the sat-core box of a cuboid collider, or of a parry cuboid
//!   placed by a pose, for queries of your own.
//!
//! [`rapier`] re-exports the rapier this crate is built against; the adapter's own tolerances
//! are in [`tolerance`]; their derivations in the book's chapter *The error bound*
//! (`docs/error-bound.md`). The examples read the same in every flavour: their first line imports
//! this crate.
//!
//! # Examples
//!
//! ```
#![doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
//! use rapier::prelude::*;
//! use rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
//!
//! let dispatcher = SatDispatcher::default().chain(DefaultQueryDispatcher);
//! let cube = Cuboid::new(Vector::splat(0.5));
//! let touching = Pose::from_translation(Vector::X);
//! assert!(dispatcher.intersection_test(&touching, &cube, &cube).unwrap().intersecting);
//! let apart = Pose::from_translation(Vector::X * (1.0 + 1e-4));
//! assert!(!dispatcher.intersection_test(&apart, &cube, &cube).unwrap().intersecting);
//! let narrow_phase = NarrowPhase::with_query_dispatcher(dispatcher);
//! # drop(narrow_phase);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// One flavour: exactly one dimension and one precision.
#[cfg(not(all(
    any(feature = "dim2", feature = "dim3"),
    not(all(feature = "dim2", feature = "dim3")),
    any(feature = "f32", feature = "f64"),
    not(all(feature = "f32", feature = "f64")),
)))]
compile_error!(
    "sat-rapier's source is compiled with exactly one of the features `dim2` and `dim3` and one \
     of `f32` and `f64`: depend on sat-rapier2d, sat-rapier3d, sat-rapier2d-f64 or \
     sat-rapier3d-f64 with their default features"
);

#[cfg(all(feature = "dim2", feature = "f32"))]
/// The rapier this crate is built against (rapier2d 0.36): use its types through this path so that
/// they are the ones the dispatcher and the filter take.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::rapier::prelude::NarrowPhase;")]
///
/// let narrow_phase = NarrowPhase::new();
/// assert_eq!(narrow_phase.contact_graph().interactions().count(), 0);
/// ```
pub extern crate rapier2d as rapier;
#[cfg(all(feature = "dim2", feature = "f64"))]
/// The rapier this crate is built against (rapier2d-f64 0.36): use its types through this path so that
/// they are the ones the dispatcher and the filter take.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::rapier::prelude::NarrowPhase;")]
///
/// let narrow_phase = NarrowPhase::new();
/// assert_eq!(narrow_phase.contact_graph().interactions().count(), 0);
/// ```
pub extern crate rapier2d_f64 as rapier;
#[cfg(all(feature = "dim3", feature = "f32"))]
/// The rapier this crate is built against (rapier3d 0.36): use its types through this path so that
/// they are the ones the dispatcher and the filter take.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::rapier::prelude::NarrowPhase;")]
///
/// let narrow_phase = NarrowPhase::new();
/// assert_eq!(narrow_phase.contact_graph().interactions().count(), 0);
/// ```
pub extern crate rapier3d as rapier;
#[cfg(all(feature = "dim3", feature = "f64"))]
/// The rapier this crate is built against (rapier3d-f64 0.36): use its types through this path so that
/// they are the ones the dispatcher and the filter take.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::rapier::prelude::NarrowPhase;")]
///
/// let narrow_phase = NarrowPhase::new();
/// assert_eq!(narrow_phase.contact_graph().interactions().count(), 0);
/// ```
pub extern crate rapier3d_f64 as rapier;

mod boxes;
mod cast;
mod contacts;
mod dispatcher;
mod fallback;
mod filter;
mod flavour;
mod manifold;
mod precision;
pub mod tolerance;
mod wide_box;

// The dimension's parts of `manifold.rs` and `fallback.rs`, under one name for both dimensions.
#[cfg(feature = "dim2")]
mod fallback2;
#[cfg(feature = "dim3")]
mod fallback3;
#[cfg(feature = "dim2")]
mod manifold2;
#[cfg(feature = "dim3")]
mod manifold3;
#[cfg(feature = "dim2")]
use {fallback2 as fallback_dim, manifold2 as manifold_dim};
#[cfg(feature = "dim3")]
use {fallback3 as fallback_dim, manifold3 as manifold_dim};

#[cfg(all(test, feature = "f32"))]
mod tests;

pub use boxes::{obb, obb_from_pose};
pub use dispatcher::SatDispatcher;
pub use filter::SatContactFilter;
