//! sat-core in rapier3d: [`SatContactFilter`] (a physics hook) and [`SatDispatcher`] (a query
//! dispatcher) for cuboid–cuboid pairs.
//!
//! [`rapier`] re-exports the `rapier3d` this module is built against.

pub use rapier3d as rapier;

use rapier3d::dynamics::RigidBody;
use rapier3d::math::Real;

use crate::fallback3 as fallback;
use crate::manifold3 as manifold;

// One source for both dimensions, compiled once against each rapier: the duplicate is the point.
#[allow(clippy::duplicate_mod)]
#[path = "dispatcher.rs"]
mod dispatcher;
#[allow(clippy::duplicate_mod)]
#[path = "filter.rs"]
mod filter;

/// A contact-pair filter: drops cuboid–cuboid pairs that sat-core proves farther apart than the
/// prediction distance plus both contact skins plus one step's motion, and cuboid sensor pairs
/// it proves disjoint; every other decision is rapier's body-type rule and the wrapped hooks `H`
/// (see [`with_inner`](Self::with_inner) for the order).
///
/// rapier calls it only for colliders with [`ACTIVE_HOOKS`](Self::ACTIVE_HOOKS), and stops
/// recycling the contacts of such pairs: every awake pair is recomputed every step, which on a
/// resting pile costs several times the default narrow phase (see `benches/rapier_scenes.rs`).
/// Worth it only where a contact hook is needed anyway; never culls a pair rapier would give a
/// contact, a speculative contact or a continuous-collision sweep.
///
/// ```
/// use sat_rapier::dim3::rapier::prelude::*;
/// use sat_rapier::dim3::SatContactFilter;
///
/// let hooks = SatContactFilter::new();
/// let mut bodies = RigidBodySet::new();
/// let mut colliders = ColliderSet::new();
/// let ground = ColliderBuilder::cuboid(10.0, 0.5, 10.0)
///     .translation(Vector::new(0.0, -0.5, 0.0))
///     .active_hooks(SatContactFilter::ACTIVE_HOOKS);
/// colliders.insert(ground);
/// let body = bodies.insert(RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 0.6, 0.0)));
/// let cube = ColliderBuilder::cuboid(0.5, 0.5, 0.5).active_hooks(SatContactFilter::ACTIVE_HOOKS);
/// colliders.insert_with_parent(cube, body, &mut bodies);
///
/// let (mut pipeline, params) = (PhysicsPipeline::new(), IntegrationParameters::default());
/// let (mut islands, mut broad_phase) = (IslandManager::new(), DefaultBroadPhase::new());
/// let (mut narrow_phase, mut soft_bodies) = (NarrowPhase::new(), SoftBodySet::new());
/// let (mut joints, mut multibody_joints) = (ImpulseJointSet::new(), MultibodyJointSet::new());
/// let mut ccd = CCDSolver::new();
/// for _ in 0..120 {
///     pipeline.step(Vector::new(0.0, -9.81, 0.0), &params, &mut islands, &mut broad_phase,
///         &mut narrow_phase, &mut bodies, &mut colliders, &mut joints, &mut multibody_joints,
///         &mut soft_bodies, &mut ccd, &hooks, &());
/// }
/// assert!((bodies[body].translation().y - 0.5).abs() < 0.01); // resting on the ground
/// ```
#[derive(Clone, Debug)]
pub struct SatContactFilter<H = ()> {
    inner: H,
    prediction_distance: Real,
    dt: Real,
}

/// A query dispatcher answering cuboid–cuboid queries with sat-core, `Err(Unsupported)` for
/// every other pair and query: chain it in front of rapier's default dispatcher.
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
/// * `contact_manifolds`: reference-face clipping (up to 4 points), edge–edge points, a face
///   preference ([`tolerance`](crate::tolerance)), stable feature ids for warm starting,
///   points within the prediction distance only, recomputed on every call (warm-start data
///   follows the feature ids).
/// * Round cuboids (`ColliderBuilder::round_cuboid`) are not plain cuboids: they pass through
///   to the next dispatcher, as do compound shapes' parts.
///
/// ```
/// use sat_rapier::dim3::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
/// use sat_rapier::dim3::rapier::prelude::*;
/// use sat_rapier::dim3::SatDispatcher;
///
/// let narrow_phase =
///     NarrowPhase::with_query_dispatcher(SatDispatcher::default().chain(DefaultQueryDispatcher));
///
/// // The query pipeline uses the same dispatcher.
/// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
/// let cube = Cuboid::new(Vector::splat(0.5));
/// let pos12 = Pose::new(Vector::new(0.0, 0.9, 0.0), Vector::new(0.0, 0.3, 0.0));
/// let contact = d.contact(&pos12, &cube, &cube, 0.0).unwrap().unwrap();
/// assert!(contact.dist < 0.0 && contact.normal1.y > 0.99);
/// # drop(narrow_phase);
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct SatDispatcher {}

/// `|ω|`, for the filter's bound on a body's motion over a step.
fn angular_speed(rb: &RigidBody) -> Real {
    rb.angvel().length()
}
