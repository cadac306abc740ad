//! `SatContactFilter`'s hooks: rapier's body-type rule, then the user's hooks, then sat-core's
//! verdict on cuboid pairs. One source for both dimensions and both precisions: it is compiled
//! in each flavour crate (sat-rapier2d, sat-rapier3d, sat-rapier2d-f64, sat-rapier3d-f64),
//! against that flavour's rapier and `manifold` module.
//!
//! Algorithm of `filter_contact_pair` for a pair of plain cuboids. Let `d` be the prediction
//! distance, plus both contact skins, plus how far any point of either box can move in one time
//! step (`dt·(|v| + |ω|·r)` per body, `r` the box's reach from its body's centre of mass).
//! rapier asks the hook both before computing contacts (which it wants within the prediction
//! distance) and before sweeping a fast body for continuous collision detection (which needs
//! every pair the step's motion can close), so `d` covers both.
//!
//! Keeping a pair is always safe; only culling needs a proof. So two cheap sufficient
//! conditions for "near" come first, with `d₀` = `d` without the motion (no body velocities
//! needed):
//!
//! 1. Inscribed balls: if `|c_B − c_A| ≤ min(e_A) + min(e_B) + d₀`, the balls inscribed in the
//!    boxes are within `d₀`: keep (boxes resting face to face).
//! 2. Witness point: if the point of B nearest A's centre lies in A grown by `d₀` on every axis,
//!    the boxes are within `√3·d₀` (and usually overlap): keep (boxes resting on several others).
//!
//! Then the proofs, with the full `d`:
//!
//! 3. Bounding balls: if `|c_B − c_A| > |e_A| + |e_B| + d`, the boxes are farther apart than `d`:
//!    cull.
//! 4. Otherwise sat-core's `intersects_with_margin(d / 2)`: it grows both boxes by `d / 2` on
//!    every axis, so any two points closer than `d` meet at their midpoint inside both grown
//!    boxes; a `false` is exact (sat-core's pad), so a pair is culled only when its boxes are
//!    provably farther apart than `d`.

use crate::manifold;
use crate::precision::Magnitude;
use rapier::dynamics::{IntegrationParameters, RigidBody, RigidBodyType};
use rapier::geometry::{Collider, Cuboid, TypedShape};
use rapier::math::{Real, Vector};
use rapier::pipeline::{ActiveHooks, ContactModificationContext, PairFilterContext, PhysicsHooks};
use rapier::prelude::SolverFlags;

/// A contact-pair filter: drops cuboid–cuboid pairs (rectangle pairs in 2D) that sat-core proves
/// farther apart than the prediction distance plus both contact skins plus one step's motion,
/// and cuboid sensor pairs it proves disjoint; every other decision is rapier's body-type rule
/// and the wrapped hooks `H` (see [`with_inner`](Self::with_inner) for the order).
///
/// rapier calls it only for colliders with [`ACTIVE_HOOKS`](Self::ACTIVE_HOOKS), and stops
/// recycling the contacts of such pairs: every awake pair is recomputed every step, which on a
/// resting pile costs several times the default narrow phase (see `benches/rapier_scenes.rs`).
/// Worth it only where a contact hook is needed anyway; never culls a pair rapier would give a
/// contact, a speculative contact or a continuous-collision sweep.
///
/// # Error bound
///
/// None needed: a pair is culled only when sat-core's "separated" verdict, which is exact at any
/// margin, holds for the boxes grown by half the culling distance.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
/// use rapier::prelude::*;
///
/// let hooks = SatContactFilter::new();
/// let (mut bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
/// let ground = Cuboid::new(Vector::splat(10.0).with_y(0.5));
/// let ground = ColliderBuilder::new(SharedShape::new(ground)).translation(-Vector::Y * 0.5);
/// colliders.insert(ground.active_hooks(SatContactFilter::ACTIVE_HOOKS));
/// let body = bodies.insert(RigidBodyBuilder::dynamic().translation(Vector::Y * 0.6));
/// let cube = ColliderBuilder::new(SharedShape::new(Cuboid::new(Vector::splat(0.5))));
/// colliders.insert_with_parent(cube.active_hooks(SatContactFilter::ACTIVE_HOOKS), body, &mut bodies);
///
/// let (mut pipeline, params) = (PhysicsPipeline::new(), IntegrationParameters::default());
/// let (mut islands, mut broad_phase) = (IslandManager::new(), DefaultBroadPhase::new());
/// let (mut narrow_phase, mut soft_bodies) = (NarrowPhase::new(), SoftBodySet::new());
/// let (mut joints, mut multibody_joints) = (ImpulseJointSet::new(), MultibodyJointSet::new());
/// let mut ccd = CCDSolver::new();
/// for _ in 0..120 {
///     pipeline.step(-Vector::Y * 9.81, &params, &mut islands, &mut broad_phase,
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

impl SatContactFilter<()> {
    /// The hooks to set on every collider the filter should see:
    /// `FILTER_CONTACT_PAIRS | FILTER_INTERSECTION_PAIR`.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::{ActiveHooks, ColliderBuilder, Cuboid, SharedShape, Vector};
    ///
    /// let collider = ColliderBuilder::new(SharedShape::new(Cuboid::new(Vector::splat(0.5))))
    ///     .active_hooks(SatContactFilter::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS)
    ///     .build();
    /// assert!(collider.active_hooks().contains(ActiveHooks::FILTER_CONTACT_PAIRS));
    /// ```
    pub const ACTIVE_HOOKS: ActiveHooks =
        ActiveHooks::FILTER_CONTACT_PAIRS.union(ActiveHooks::FILTER_INTERSECTION_PAIR);

    /// A filter with no inner hooks, for rapier's default integration parameters (prediction
    /// distance 0.02 length units, time step 1/60 s; see [`for_parameters`](Self::for_parameters)).
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::IntegrationParameters;
    ///
    /// let hooks = SatContactFilter::new();
    /// assert_eq!(hooks.prediction_distance(), IntegrationParameters::default().prediction_distance());
    /// ```
    pub fn new() -> Self {
        Self::with_inner(())
    }
}

impl Default for SatContactFilter<()> {
    fn default() -> Self {
        Self::new()
    }
}

impl<H> SatContactFilter<H> {
    /// A filter wrapping the user's hooks `inner`, for rapier's default integration
    /// parameters (see [`for_parameters`](Self::for_parameters)).
    ///
    /// Order, for every pair rapier asks about: rapier's body-type rule first (a pair it
    /// forbids is dropped without calling anything); then `inner` (its `None`/`false` drops the
    /// pair, and its solver flags are the ones returned); then sat-core's verdict on plain
    /// cuboids. `inner` therefore sees exactly the pairs it would see without the filter, and
    /// `modify_solver_contacts` goes straight to `inner`.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::PhysicsHooks;
    ///
    /// struct OneWayPlatform; // the user's hooks
    /// impl PhysicsHooks for OneWayPlatform {}
    ///
    /// let hooks = SatContactFilter::with_inner(OneWayPlatform);
    /// let _: &OneWayPlatform = hooks.inner();
    /// ```
    pub fn with_inner(inner: H) -> Self {
        let params = IntegrationParameters::default();
        SatContactFilter {
            inner,
            prediction_distance: params.prediction_distance(),
            dt: params.dt,
        }
    }

    /// Takes the prediction distance and time step from the pipeline's parameters. Pass the
    /// ones given to `PhysicsPipeline::step` (a larger prediction distance or time step is
    /// safe; a smaller one would cull pairs that rapier gives speculative contacts or sweeps).
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::IntegrationParameters;
    ///
    /// let params = IntegrationParameters { dt: 1.0 / 120.0, ..IntegrationParameters::default() };
    /// let hooks = SatContactFilter::new().for_parameters(&params);
    /// assert_eq!(hooks.dt(), 1.0 / 120.0);
    /// ```
    pub fn for_parameters(mut self, params: &IntegrationParameters) -> Self {
        self.prediction_distance = params.prediction_distance().max(0.0);
        self.dt = params.dt.max(0.0);
        self
    }

    /// The prediction distance the filter keeps pairs within.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// let hooks = SatContactFilter::new();
    /// assert!(hooks.prediction_distance() > 0.0);
    /// ```
    pub fn prediction_distance(&self) -> Real {
        self.prediction_distance
    }

    /// The time step over which the filter bounds each body's motion.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// assert_eq!(SatContactFilter::new().dt(), 1.0 / 60.0);
    /// ```
    pub fn dt(&self) -> Real {
        self.dt
    }

    /// The wrapped user hooks.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// let hooks = SatContactFilter::with_inner(42);
    /// assert_eq!(*hooks.inner(), 42);
    /// ```
    pub fn inner(&self) -> &H {
        &self.inner
    }
}

/// The two colliders and bodies of a pair, looked up once.
struct Pair<'a> {
    co1: &'a Collider,
    co2: &'a Collider,
    rb1: Option<&'a RigidBody>,
    rb2: Option<&'a RigidBody>,
}

impl<'a> Pair<'a> {
    fn new(context: &PairFilterContext<'a>) -> Option<Pair<'a>> {
        let body = |h: Option<_>| h.and_then(|h| context.bodies.get(h));
        Some(Pair {
            co1: context.colliders.get(context.collider1)?,
            co2: context.colliders.get(context.collider2)?,
            rb1: body(context.rigid_body1),
            rb2: body(context.rigid_body2),
        })
    }

    /// rapier's body-type rule (by default: no contacts or intersections between two
    /// non-dynamic bodies; a collider's `ActiveCollisionTypes` may allow more). rapier 0.36
    /// applies it before calling any hook; the filter applies the same predicate so that it
    /// never lets through a pair the default pipeline would not compute, whoever calls it.
    fn body_types_allow(&self) -> bool {
        let body_type =
            |rb: Option<&RigidBody>| rb.map_or(RigidBodyType::Fixed, |rb| rb.body_type());
        let (t1, t2) = (body_type(self.rb1), body_type(self.rb2));
        self.co1.active_collision_types().test(t1, t2)
            || self.co2.active_collision_types().test(t1, t2)
    }

    fn cuboids(&self) -> Option<(&'a Cuboid, &'a Cuboid)> {
        // One virtual call per shape (`as_cuboid` costs two).
        let cuboid = |co: &'a Collider| match co.shape().as_typed_shape() {
            TypedShape::Cuboid(c) => Some(c),
            _ => None,
        };
        Some((cuboid(self.co1)?, cuboid(self.co2)?))
    }

    /// Whether two plain cuboids are provably farther apart than `near + extra()`: the
    /// module's algorithm. `extra` (the bodies' motion, which needs their velocities) is only
    /// evaluated once the cheap tests have not already kept the pair.
    fn apart(&self, c1: &Cuboid, c2: &Cuboid, near: Real, extra: impl FnOnce() -> Real) -> bool {
        let (pos1, pos2) = (self.co1.position(), self.co2.position());
        let (he1, he2) = (c1.half_extents, c2.half_extents);
        // The centre distance needs no rotation: the relative pose is only built past this test.
        let distance2 = (pos2.translation - pos1.translation).length_squared();
        let inscribed = he1.min_element() + he2.min_element() + near;
        if distance2 <= inscribed * inscribed {
            return false;
        }
        let pos12 = pos1.inv_mul(pos2);
        let (t, rot) = (pos12.translation, manifold::rotation(&pos12));
        let nearest = t + rot * (-(rot.transpose() * t)).clamp(-he2, he2);
        if nearest.abs().cmple(he1 + Vector::splat(near)).all() {
            return false;
        }
        let reach = near + extra();
        let bounding = he1.length() + he2.length() + reach;
        if distance2 > bounding * bounding {
            return true;
        }
        let (a, b) = manifold::boxes(t, rot, he1, he2);
        !a.intersects_with_margin(&b, reach * 0.5)
    }
}

/// How far any point of `co` (a cuboid whose half-extents have norm `half_extents`) can move in
/// `dt` with its body's current velocities: `dt·(|v| + |ω|·r)`, `r` the box's reach from the
/// centre of mass.
fn motion_bound(rb: Option<&RigidBody>, co: &Collider, half_extents: Real, dt: Real) -> Real {
    rb.map_or(0.0, |rb| {
        let lever = (co.position().translation - rb.center_of_mass()).length() + half_extents;
        dt * (rb.linvel().length() + rb.angvel().magnitude() * lever)
    })
}

impl<H: PhysicsHooks> PhysicsHooks for SatContactFilter<H> {
    /// Body-type rule, then the inner hook, then `None` for cuboid pairs that sat-core proves
    /// farther apart than the prediction distance plus both contact skins plus one step's
    /// motion.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::*;
    ///
    /// // Three cubes in a row: the first 0.3 from the second, the second touching the third; and
    /// // a rounded cube 0.3 from the first, which the filter leaves to rapier (not a box).
    /// let (mut bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
    /// let mut body = |x: Real, shape: SharedShape| {
    ///     let body = bodies.insert(RigidBodyBuilder::dynamic().translation(Vector::X * x));
    ///     (body, colliders.insert_with_parent(ColliderBuilder::new(shape), body, &mut bodies))
    /// };
    /// let cube = || SharedShape::new(Cuboid::new(Vector::splat(0.5)));
    /// let (a, b, c) = (body(0.0, cube()), body(1.3, cube()), body(2.3, cube()));
    /// let rounded = RoundCuboid { inner_shape: Cuboid::new(Vector::splat(0.4)), border_radius: 0.1 };
    /// let d = body(-1.3, SharedShape::new(rounded));
    /// let hooks = SatContactFilter::new();
    /// let flags = |(rb1, co1), (rb2, co2)| {
    ///     hooks.filter_contact_pair(&PairFilterContext {
    ///         bodies: &bodies,
    ///         colliders: &colliders,
    ///         collider1: co1,
    ///         collider2: co2,
    ///         rigid_body1: Some(rb1),
    ///         rigid_body2: Some(rb2),
    ///     })
    /// };
    /// assert!(flags(a, b).is_none()); // 0.3 apart, at rest: no contacts to compute
    /// assert!(flags(b, c).is_some()); // touching: kept
    /// assert!(flags(d, a).is_some()); // a rounded box: kept, rapier decides
    /// ```
    fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
        let pair = Pair::new(context);
        if pair.as_ref().is_some_and(|p| !p.body_types_allow()) {
            return None;
        }
        let flags = self.inner.filter_contact_pair(context)?;
        let Some((pair, (c1, c2))) = pair.and_then(|p| p.cuboids().map(|c| (p, c))) else {
            return Some(flags);
        };
        let near = self.prediction_distance + pair.co1.contact_skin() + pair.co2.contact_skin();
        let motion = || {
            motion_bound(pair.rb1, pair.co1, c1.half_extents.length(), self.dt)
                + motion_bound(pair.rb2, pair.co2, c2.half_extents.length(), self.dt)
        };
        if pair.apart(c1, c2, near, motion) {
            None
        } else {
            Some(flags)
        }
    }

    /// Body-type rule, then the inner hook, then `false` for cuboid sensors that sat-core proves
    /// disjoint.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::*;
    ///
    /// // A sensor box and a cube 0.1 beyond its side, then one overlapping it.
    /// let (mut bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
    /// let sensor = ColliderBuilder::new(SharedShape::new(Cuboid::new(Vector::splat(0.5)))).sensor(true);
    /// let sensor = colliders.insert(sensor);
    /// let mut cube = |x: Real| {
    ///     let body = bodies.insert(RigidBodyBuilder::dynamic().translation(Vector::X * x));
    ///     let shape = ColliderBuilder::new(SharedShape::new(Cuboid::new(Vector::splat(0.5))));
    ///     (body, colliders.insert_with_parent(shape, body, &mut bodies))
    /// };
    /// let (apart, inside) = (cube(1.1), cube(0.9));
    /// let hooks = SatContactFilter::new();
    /// let asked = |(body, collider)| {
    ///     hooks.filter_intersection_pair(&PairFilterContext {
    ///         bodies: &bodies,
    ///         colliders: &colliders,
    ///         collider1: sensor,
    ///         collider2: collider,
    ///         rigid_body1: None,
    ///         rigid_body2: Some(body),
    ///     })
    /// };
    /// assert!(!asked(apart) && asked(inside));
    /// ```
    fn filter_intersection_pair(&self, context: &PairFilterContext) -> bool {
        let pair = Pair::new(context);
        if pair.as_ref().is_some_and(|p| !p.body_types_allow()) {
            return false;
        }
        self.inner.filter_intersection_pair(context)
            && !pair.is_some_and(|p| {
                p.cuboids()
                    .is_some_and(|(c1, c2)| p.apart(c1, c2, 0.0, || 0.0))
            })
    }

    /// Passed through to the inner hook.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::prelude::*;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// struct Counting(AtomicUsize); // the user's contact modification
    /// impl PhysicsHooks for Counting {
    ///     fn modify_solver_contacts(&self, _: &mut ContactModificationContext) {
    ///         self.0.fetch_add(1, Ordering::Relaxed);
    ///     }
    /// }
    /// let hooks = SatContactFilter::with_inner(Counting(AtomicUsize::new(0)));
    /// let on = SatContactFilter::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS;
    /// let (mut bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
    /// let cube = || ColliderBuilder::new(SharedShape::new(Cuboid::new(Vector::splat(0.5))));
    /// colliders.insert(cube().active_hooks(on));
    /// let body = bodies.insert(RigidBodyBuilder::dynamic().translation(Vector::Y * 0.99));
    /// colliders.insert_with_parent(cube().active_hooks(on), body, &mut bodies);
    /// let (mut pipeline, params) = (PhysicsPipeline::new(), IntegrationParameters::default());
    /// let (mut islands, mut broad_phase) = (IslandManager::new(), DefaultBroadPhase::new());
    /// let (mut narrow_phase, mut soft_bodies) = (NarrowPhase::new(), SoftBodySet::new());
    /// let (mut joints, mut multibody_joints) = (ImpulseJointSet::new(), MultibodyJointSet::new());
    /// let mut ccd = CCDSolver::new();
    /// pipeline.step(-Vector::Y * 9.81, &params, &mut islands, &mut broad_phase, &mut narrow_phase,
    ///     &mut bodies, &mut colliders, &mut joints, &mut multibody_joints, &mut soft_bodies,
    ///     &mut ccd, &hooks, &());
    /// assert!(hooks.inner().0.load(Ordering::Relaxed) > 0); // the user's hook saw the contact
    /// ```
    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        self.inner.modify_solver_contacts(context);
    }
}
