//! sat-core in rapier2d: [`SatContactFilter`] (a physics hook) and [`SatDispatcher`] (a query
//! dispatcher) for cuboid–cuboid (rectangle) pairs.
//!
//! [`rapier`] re-exports the `rapier2d` this module is built against.

pub use rapier2d as rapier;

use rapier2d::dynamics::RigidBody;
use rapier2d::math::Real;

use crate::fallback2 as fallback;
use crate::manifold2 as manifold;

// One source for both dimensions, compiled once against each rapier: the duplicate is the point.
#[allow(clippy::duplicate_mod)]
#[path = "dispatcher.rs"]
mod dispatcher;
#[allow(clippy::duplicate_mod)]
#[path = "filter.rs"]
mod filter;

/// A contact-pair filter: drops rectangle pairs that sat-core proves farther apart than the
/// prediction distance plus both contact skins plus one step's motion, and rectangle sensor
/// pairs it proves disjoint; every other decision is rapier's body-type rule and the wrapped
/// hooks `H` (see [`with_inner`](Self::with_inner) for the order).
///
/// rapier calls it only for colliders with [`ACTIVE_HOOKS`](Self::ACTIVE_HOOKS), and stops
/// recycling the contacts of such pairs: every awake pair is recomputed every step, which on a
/// resting pile costs several times the default narrow phase (see `benches/rapier_scenes.rs`).
/// Worth it only where a contact hook is needed anyway; never culls a pair rapier would give a
/// contact, a speculative contact or a continuous-collision sweep.
///
/// ```
/// use sat_rapier::dim2::rapier::prelude::*;
/// use sat_rapier::dim2::SatContactFilter;
///
/// struct Log; // a user's own hooks keep running inside the filter
/// impl PhysicsHooks for Log {}
///
/// let params = IntegrationParameters::default();
/// let hooks = SatContactFilter::with_inner(Log).for_parameters(&params);
/// assert_eq!(hooks.prediction_distance(), params.prediction_distance());
/// let platform = ColliderBuilder::cuboid(4.0, 0.5).active_hooks(SatContactFilter::ACTIVE_HOOKS);
/// # drop(platform);
/// ```
#[derive(Clone, Debug)]
pub struct SatContactFilter<H = ()> {
    inner: H,
    prediction_distance: Real,
    dt: Real,
}

/// A query dispatcher answering rectangle–rectangle queries with sat-core, `Err(Unsupported)`
/// for every other pair and query: chain it in front of rapier's default dispatcher.
///
/// * `intersection_test`: sat-core's `intersects` (a "disjoint" answer is exact).
/// * `contact`: penetration axis and depth from sat-core's `separation`, witness points from
///   clipping, where those certify themselves ([`CERTIFY_K`](crate::tolerance::CERTIFY_K));
///   every other cuboid pair is answered in f64 (margin over the candidate axes, closest
///   points), never passed on: the depth or distance is within
///   [`CONTACT_K`](crate::tolerance::CONTACT_K)`·ε·S` of the exact one. Against parry's GJK/EPA
///   on random penetrating pairs (`tests/rapier_contact.rs`): normals within `1 − cos ≤ 1e-5`,
///   depths and witness points within 1e-4 of boxes of size ~1, except where EPA's own depth
///   contradicts its normal or two axes tie.
/// * `contact_manifolds`: reference-edge clipping (up to 2 points), a face preference
///   ([`tolerance`](crate::tolerance)), Box2D's feature ids for warm starting, points within
///   the prediction distance only, recomputed on every call (warm-start data follows the feature
///   ids).
/// * Round cuboids pass through to the next dispatcher, as do compound shapes' parts.
///
/// ```
/// use sat_rapier::dim2::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
/// use sat_rapier::dim2::rapier::prelude::*;
/// use sat_rapier::dim2::SatDispatcher;
///
/// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
/// let footprint = Cuboid::new(Vector::new(2.0, 1.0));
/// let pos12 = Pose::new(Vector::new(3.9, 0.0), 0.5);
/// assert!(d.intersection_test(&pos12, &footprint, &footprint).unwrap().intersecting);
/// let narrow_phase = NarrowPhase::with_query_dispatcher(d);
/// # drop(narrow_phase);
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct SatDispatcher {}

/// `|ω|`, for the filter's bound on a body's motion over a step.
fn angular_speed(rb: &RigidBody) -> Real {
    rb.angvel().abs()
}
