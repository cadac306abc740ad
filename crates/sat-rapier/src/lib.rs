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

mod dispatcher;
mod fallback;
mod filter;
mod manifold;
mod precision;
pub mod tolerance;

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

pub use dispatcher::SatDispatcher;
pub use filter::SatContactFilter;

use rapier::geometry::Collider;
use rapier::math::{Pose, Vector};
use rapier::parry::shape::Cuboid;

/// The flavour's sat-core box, built by [`obb`], [`obb_from_pose`] and the dispatcher.
#[cfg(all(feature = "dim2", feature = "f32"))]
type Obb = sat_core::Obb2;
#[cfg(all(feature = "dim2", feature = "f64"))]
type Obb = sat_core::DObb2;
#[cfg(all(feature = "dim3", feature = "f32"))]
type Obb = sat_core::Obb3;
#[cfg(all(feature = "dim3", feature = "f64"))]
type Obb = sat_core::DObb3;

/// The world-space box of a cuboid collider (its [`position`](Collider::position) and
/// half-extents) as the flavour's sat-core box ([`Obb2`](sat_core::Obb2),
/// [`Obb3`](sat_core::Obb3), [`DObb2`](sat_core::DObb2) or [`DObb3`](sat_core::DObb3)); `None`
/// for every other shape, round cuboids included (a rounded box is not a box). See
/// [`obb_from_pose`] for how the box is built.
///
/// # Error bound
///
/// As [`obb_from_pose`]'s: sat-core's error bound holds for the box the collider's position
/// names.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
/// use rapier::prelude::{ColliderBuilder, Cuboid, Real, SharedShape, Vector};
///
/// // Crates of half-extent 0.5 along x: 1 mm apart, then 1 mm into each other.
/// let crate_at = |x: Real| {
///     let shape = SharedShape::new(Cuboid::new(Vector::splat(0.5)));
///     obb(&ColliderBuilder::new(shape).translation(Vector::X * x).build()).unwrap()
/// };
/// let a = crate_at(0.0);
/// assert!(!a.intersects(&crate_at(1.001)));
/// assert!(a.separation(&crate_at(1.001)).gap > 0.0); // apart by at least this along the axis
/// assert!(a.separation(&crate_at(0.999)).gap < 0.0); // the penetration depth
/// assert!(obb(&ColliderBuilder::ball(0.5).build()).is_none());
/// ```
pub fn obb(collider: &Collider) -> Option<Obb> {
    let cuboid = collider.shape().as_cuboid()?;
    Some(obb_from_pose(collider.position(), cuboid))
}

/// `cuboid` placed by `pose` (parry's shape-to-world transform, as a collider's position or a
/// query's shape pose) as the flavour's sat-core box: centre `pose.translation`, the cuboid's
/// half-extents, and axes from the pose's rotation (in 2D its `(cos, sin)`, in 3D its quaternion)
/// normalised and turned into a matrix in f64 — the box [`SatDispatcher`] builds for a pair's
/// second shape. In f32 the axes are rounded once, so each is within one unit roundoff of the
/// rotation the pose names and sat-core's error bound holds for the box the pose describes.
/// Like sat-core's fast constructors it assumes finite values within
/// [`MAX_MAGNITUDE`](sat_core::MAX_MAGNITUDE) (f64 boxes keep f32's range); anything else gives
/// an unspecified verdict, never a panic.
///
/// # Error bound
///
/// The box's axes are within one unit roundoff of the rotation the pose names (f32), or as
/// computed in f64 (f64 flavours), so sat-core's bounds (`BAND_K·ε·S`, `BAND_K_F64·ε·S`) hold for
/// the box the pose describes.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
/// use rapier::math::{Pose, Rotation, Vector};
/// use rapier::parry::shape::Cuboid;
///
/// let floor = obb_from_pose(&Pose::IDENTITY, &Cuboid::new(Vector::splat(10.0).with_y(0.5)));
/// let plank = Cuboid::new(Vector::splat(0.5).with_x(2.0).with_y(0.1));
/// let level = Pose::from_translation(Vector::Y); // its underside at 0.9, the floor's top at 0.5
/// assert!(!floor.intersects(&obb_from_pose(&level, &plank)));
/// // Tilted 0.3 rad (about z), its low end reaches 1 − 2·sin 0.3 − 0.1·cos 0.3 ≈ 0.31.
#[cfg_attr(feature = "dim2", doc = "let tilt = Rotation::new(0.3);")]
#[cfg_attr(feature = "dim3", doc = "let tilt = Rotation::from_rotation_z(0.3);")]
/// let tilted = Pose::from_parts(Vector::Y, tilt);
/// let b = obb_from_pose(&tilted, &plank);
/// assert!(floor.intersects(&b));
/// assert_eq!((b.center(), b.half_extents()), (tilted.translation, plank.half_extents));
/// ```
pub fn obb_from_pose(pose: &Pose, cuboid: &Cuboid) -> Obb {
    // The dispatcher's own construction of a pair's boxes, with the world as the first box's
    // frame: one routine, so these boxes and the dispatcher's cannot drift apart.
    let (_, placed) = manifold::local_boxes(pose, Vector::ZERO, cuboid.half_extents);
    placed
}
