//! The rapier scene harness, one for the tests (`tests/rapier/`), the bench
//! (`benches/rapier_scenes.rs`, through `#[path]`) and the example (`examples/pyramid3.rs`): a
//! rapier world (pipeline and every set it steps), how it computes box contacts
//! ([`Integration`]), and stepping it with gravity along −y. 2D and 3D, f32 and f64, from one
//! text (`dim2`, `dim3`, `dim2_f64`, `dim3_f64`: rapier2d/3d with `sat_rapier::dim2`/`dim3`,
//! rapier2d-f64/3d-f64 with `sat_rapier::dim2_f64`/`dim3_f64`); scenes and measurements stay
//! with their users.

// Each user takes the part it needs (the example only 3D, the bench no `run`, `tests/rapier`
// only f32, `tests/rapier_f64` only f64).
#![allow(dead_code)]

macro_rules! harness {
    ($rapier:ident, $sat:path) => {
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicUsize, Ordering};

        use $rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
        use $rapier::prelude::*;
        use $sat::{SatContactFilter, SatDispatcher};

        /// How a world computes box contacts: rapier as is, sat-rapier's `SatDispatcher` chained
        /// before parry's dispatcher, sat-rapier's `SatContactFilter` on every collider, or
        /// `PassThrough` on every collider (a hook that filters nothing: the filter's baseline,
        /// since rapier stops recycling the contacts of hooked pairs).
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Integration {
            Default,
            Dispatcher,
            Filter,
            PassThrough,
        }

        impl Integration {
            /// Every integration, in the bench's column order.
            pub const ALL: [Integration; 4] = [
                Integration::Default,
                Integration::Dispatcher,
                Integration::Filter,
                Integration::PassThrough,
            ];

            /// rapier as is and sat-rapier's two integrations: what the pipeline tests compare.
            pub const WITH_SAT_RAPIER: [Integration; 3] = [
                Integration::Default,
                Integration::Dispatcher,
                Integration::Filter,
            ];

            /// The name the bench and the example print.
            pub fn name(self) -> &'static str {
                match self {
                    Integration::Default => "default",
                    Integration::Dispatcher => "dispatcher",
                    Integration::Filter => "filter",
                    Integration::PassThrough => "pass-through",
                }
            }

            /// The hooks a world of this integration steps with.
            pub fn hooks(self) -> Box<dyn PhysicsHooks> {
                match self {
                    Integration::Filter => Box::new(SatContactFilter::new()),
                    Integration::PassThrough => Box::new(PassThrough),
                    _ => Box::new(()),
                }
            }

            /// The hooks its colliders activate.
            pub fn active_hooks(self) -> ActiveHooks {
                match self {
                    Integration::Filter | Integration::PassThrough => {
                        SatContactFilter::ACTIVE_HOOKS
                    }
                    _ => ActiveHooks::empty(),
                }
            }
        }

        /// A hook that filters nothing: what any contact hook costs.
        pub struct PassThrough;

        impl PhysicsHooks for PassThrough {}

        /// A rapier world: the pipeline and every set it steps.
        pub struct World {
            pub integration: Integration,
            pub pipeline: PhysicsPipeline,
            pub params: IntegrationParameters,
            pub islands: IslandManager,
            pub broad_phase: DefaultBroadPhase,
            pub narrow_phase: NarrowPhase,
            pub bodies: RigidBodySet,
            pub colliders: ColliderSet,
            pub joints: ImpulseJointSet,
            pub multibody_joints: MultibodyJointSet,
            pub soft_bodies: SoftBodySet,
            pub ccd: CCDSolver,
        }

        impl World {
            /// An empty world; the dispatcher integration chains `SatDispatcher` before
            /// parry's dispatcher, the others keep rapier's narrow phase.
            pub fn new(integration: Integration) -> World {
                let narrow_phase = match integration {
                    Integration::Dispatcher => NarrowPhase::with_query_dispatcher(
                        SatDispatcher::default().chain(DefaultQueryDispatcher),
                    ),
                    _ => NarrowPhase::new(),
                };
                World::with_narrow_phase(integration, narrow_phase)
            }

            /// An empty world with the caller's narrow phase (the bench counts its calls).
            pub fn with_narrow_phase(integration: Integration, narrow_phase: NarrowPhase) -> World {
                World {
                    integration,
                    pipeline: PhysicsPipeline::new(),
                    params: IntegrationParameters::default(),
                    islands: IslandManager::new(),
                    broad_phase: DefaultBroadPhase::new(),
                    narrow_phase,
                    bodies: RigidBodySet::new(),
                    colliders: ColliderSet::new(),
                    joints: ImpulseJointSet::new(),
                    multibody_joints: MultibodyJointSet::new(),
                    soft_bodies: SoftBodySet::new(),
                    ccd: CCDSolver::new(),
                }
            }

            /// A body with one collider; the filter and pass-through integrations activate its
            /// hooks.
            pub fn add(
                &mut self,
                body: RigidBodyBuilder,
                collider: ColliderBuilder,
            ) -> RigidBodyHandle {
                self.add_compound(body, [collider])
            }

            /// A body with its colliders, each activating the integration's hooks.
            pub fn add_compound(
                &mut self,
                body: RigidBodyBuilder,
                colliders: impl IntoIterator<Item = ColliderBuilder>,
            ) -> RigidBodyHandle {
                let handle = self.bodies.insert(body);
                for collider in colliders {
                    let collider = match self.integration {
                        Integration::Filter | Integration::PassThrough => {
                            collider.active_hooks(self.integration.active_hooks())
                        }
                        _ => collider,
                    };
                    self.colliders
                        .insert_with_parent(collider, handle, &mut self.bodies);
                }
                handle
            }

            /// A fixed box of `half_extents` centred at height `y`.
            pub fn ground(&mut self, half_extents: Vector, y: Real) -> RigidBodyHandle {
                self.add(
                    RigidBodyBuilder::fixed().translation(Vector::ZERO.with_y(y)),
                    cuboid(half_extents),
                )
            }

            /// One step of 1/60 s with gravity 9.81 along −y.
            pub fn step_with(&mut self, hooks: &dyn PhysicsHooks, events: &dyn EventHandler) {
                self.pipeline.step(
                    Vector::Y * -9.81,
                    &self.params,
                    &mut self.islands,
                    &mut self.broad_phase,
                    &mut self.narrow_phase,
                    &mut self.bodies,
                    &mut self.colliders,
                    &mut self.joints,
                    &mut self.multibody_joints,
                    &mut self.soft_bodies,
                    &mut self.ccd,
                    hooks,
                    events,
                );
            }

            /// `steps` steps with the integration's hooks and no event handler.
            pub fn run(&mut self, steps: usize) {
                let hooks = self.integration.hooks();
                for _ in 0..steps {
                    self.step_with(&*hooks, &());
                }
            }

            /// What rapier hands a hook for the pair `(c1, c2)`, for calling hooks directly.
            pub fn pair_context(
                &self,
                c1: ColliderHandle,
                c2: ColliderHandle,
            ) -> PairFilterContext<'_> {
                PairFilterContext {
                    bodies: &self.bodies,
                    colliders: &self.colliders,
                    collider1: c1,
                    collider2: c2,
                    rigid_body1: self.colliders[c1].parent(),
                    rigid_body2: self.colliders[c2].parent(),
                }
            }

            /// Steps `steps` times with the integration's hooks; after every step every solver
            /// contact is finite, and at the end every body's position and velocity.
            pub fn assert_stays_finite(&mut self, steps: usize) {
                let integration = self.integration;
                for _ in 0..steps {
                    self.run(1);
                    assert!(self.solver_contacts_are_finite(), "{integration:?}");
                }
                for (_, body) in self.bodies.iter() {
                    let finite = body.translation().is_finite() && body.linvel().is_finite();
                    assert!(finite, "{integration:?}");
                }
            }

            /// Whether every manifold normal and solver contact is finite.
            pub fn solver_contacts_are_finite(&self) -> bool {
                self.narrow_phase.contact_pairs().all(|pair| {
                    pair.manifolds().iter().all(|m| {
                        m.data.normal.is_finite()
                            && m.data.solver_contacts.iter().all(|c| {
                                c.dist.is_finite() && c.anchor1.is_finite() && c.anchor2.is_finite()
                            })
                    })
                })
            }
        }

        /// A cuboid collider of half-extents `he`, in either dimension.
        pub fn cuboid(he: Vector) -> ColliderBuilder {
            ColliderBuilder::new(SharedShape::new(Cuboid::new(he)))
        }

        /// The point `(x, y)` (`z = 0` in 3D).
        pub fn xy(x: Real, y: Real) -> Vector {
            Vector::ZERO.with_x(x).with_y(y)
        }

        /// A body moving at 120 m/s with continuous collision detection, 1 m from a 5 cm wall:
        /// 2 m per step, far beyond the prediction distance when the step starts. With rapier
        /// as is and either integration it stops at the wall within 10 steps (the filter must
        /// not cull the pair the sweep needs).
        pub fn assert_sweeps_stop_the_bullet() {
            for integration in Integration::WITH_SAT_RAPIER {
                let mut world = World::new(integration);
                world.add(
                    RigidBodyBuilder::fixed().translation(xy(1.0, 0.0)),
                    cuboid(Vector::splat(2.0).with_x(0.025)),
                );
                let bullet = world.add(
                    RigidBodyBuilder::dynamic()
                        .linvel(xy(120.0, 0.0))
                        .ccd_enabled(true)
                        .gravity_scale(0.0),
                    cuboid(Vector::splat(0.1)),
                );
                world.run(10);
                let x = world.bodies[bullet].translation().x;
                assert!(
                    x < 1.0,
                    "{integration:?}: the bullet went through the wall ({x})"
                );
            }
        }

        /// Two overlapping fixed boxes and a dynamic one above them, stepped 30 times with rapier
        /// as is and either integration, the filter wrapping a [`Witness`]: the fixed pair gets
        /// no contact, the witness is never asked about it, and the filter refuses it when
        /// asked directly.
        pub fn assert_fixed_pairs_never_computed() {
            for integration in Integration::WITH_SAT_RAPIER {
                let mut world = World::new(integration);
                let fixed = [Vector::ZERO, xy(0.5, 0.2)].map(|at| {
                    let body = RigidBodyBuilder::fixed().translation(at);
                    let body = world.add(body, cuboid(Vector::splat(1.0)));
                    world.bodies[body].colliders()[0]
                });
                world.add(
                    RigidBodyBuilder::dynamic().translation(xy(0.0, 2.0)),
                    cuboid(Vector::splat(0.5)),
                );
                let hooks = SatContactFilter::with_inner(Witness::default());
                for _ in 0..30 {
                    world.step_with(&hooks, &());
                }
                let pair = world.narrow_phase.contact_pair(fixed[0], fixed[1]);
                assert!(
                    pair.is_none_or(|p| !p.has_any_active_contact() && p.manifolds().is_empty()),
                    "{integration:?}"
                );
                let asked = hooks.inner().asked.lock().unwrap();
                assert!(
                    !asked
                        .iter()
                        .any(|&(a, b)| fixed.contains(&a) && fixed.contains(&b)),
                    "{integration:?}"
                );
                assert_eq!(
                    hooks.filter_contact_pair(&world.pair_context(fixed[0], fixed[1])),
                    None
                );
            }
        }

        /// Puts `boxes` (bodies and half-extents) in a world of the filter integration and asks
        /// `SatContactFilter` (default parameters) about every pair whose AABBs overlap: it culls
        /// a contact pair only beyond the prediction distance (parry's distance of the two
        /// shapes), keeps every touching sensor pair, and culls some of the pairs but not all.
        pub fn assert_filter_culls_only_separated_pairs(
            boxes: impl IntoIterator<Item = (RigidBodyBuilder, Vector)>,
        ) {
            let mut world = World::new(Integration::Filter);
            let colliders: Vec<_> = boxes
                .into_iter()
                .map(|(body, he)| {
                    // The filter integration gives every collider the filter's hooks.
                    let body = world.add(body, cuboid(he));
                    world.bodies[body].colliders()[0]
                })
                .collect();
            let filter = SatContactFilter::new();
            let (mut checked, mut culled) = (0, 0);
            for (i, &c1) in colliders.iter().enumerate() {
                for &c2 in &colliders[i + 1..] {
                    let (co1, co2) = (&world.colliders[c1], &world.colliders[c2]);
                    if !co1.compute_aabb().intersects(&co2.compute_aabb()) {
                        continue;
                    }
                    checked += 1;
                    let distance = $rapier::parry::query::distance(
                        co1.position(),
                        co1.shape(),
                        co2.position(),
                        co2.shape(),
                    )
                    .unwrap()
                    .distance;
                    let context = world.pair_context(c1, c2);
                    if filter.filter_contact_pair(&context).is_none() {
                        culled += 1;
                        let near = filter.prediction_distance();
                        assert!(distance > near, "culled at distance {distance}");
                    }
                    let intersecting = filter.filter_intersection_pair(&context);
                    assert!(intersecting || distance > 0.0, "dropped at {distance}");
                }
            }
            println!("filter: {culled} of {checked} AABB-overlapping pairs culled");
            assert!(culled > 0 && culled < checked);
        }

        /// A ground (top at 0), a rider box and a ghost box (half-extent 0.5, centres at height
        /// 0.6, the ghost 5 m along x), every collider with the filter's hooks and contact
        /// modification, stepped 60 times with the filter wrapping [`UserHooks`] whose ghost is
        /// the ghost box: both user hooks ran, the ghost fell through the ground, and the rider
        /// rests on it and was carried along x.
        pub fn assert_user_hooks_run() {
            let mut world = World::new(Integration::Filter);
            let all = SatContactFilter::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS;
            let mut add = |body: RigidBodyBuilder, he: Vector| {
                let body = world.bodies.insert(body);
                let collider = cuboid(he).active_hooks(all);
                let collider =
                    world
                        .colliders
                        .insert_with_parent(collider, body, &mut world.bodies);
                (body, collider)
            };
            let ground = RigidBodyBuilder::fixed().translation(xy(0.0, -0.5));
            add(ground, Vector::splat(20.0).with_y(0.5));
            let (rider, _) = add(
                RigidBodyBuilder::dynamic().translation(xy(0.0, 0.6)),
                Vector::splat(0.5),
            );
            let (_, ghost) = add(
                RigidBodyBuilder::dynamic().translation(xy(5.0, 0.6)),
                Vector::splat(0.5),
            );
            let hooks = SatContactFilter::with_inner(UserHooks {
                ghost,
                filtered: AtomicUsize::new(0),
                modified: AtomicUsize::new(0),
            });
            for _ in 0..60 {
                world.step_with(&hooks, &());
            }
            let inner = hooks.inner();
            assert!(inner.filtered.load(Ordering::Relaxed) > 0);
            assert!(inner.modified.load(Ordering::Relaxed) > 0);
            let ghost_body = world.colliders[ghost].parent().expect("the ghost's body");
            let fell = world.bodies[ghost_body].translation().y < -1.0;
            assert!(fell, "the ghost fell through");
            let at = world.bodies[rider].translation();
            assert!((at.y - 0.5).abs() < 0.02, "the rider rests: {at}");
            assert!(at.x > 0.3, "the conveyor carried the rider: {at}");
        }

        /// A pile: its world, its top box and the box's resting place.
        pub type Pile = (World, RigidBodyHandle, Vector);

        /// A column of `n` unit boxes on the ground, each shifted sideways (along x) by a
        /// hundredth.
        pub fn tall_stack(integration: Integration, n: usize) -> Pile {
            let at =
                |i: usize| Vector::X * (0.01 * (i % 2) as Real) + Vector::Y * (0.5 + i as Real);
            let ground = Vector::splat(10.0).with_y(0.5);
            let (world, top) = pile(
                integration,
                Vector::ZERO,
                ground,
                (0..n).map(at),
                Vector::splat(0.5),
            );
            (world, top, at(n - 1))
        }

        /// Collects collision events as `(step, collider1, collider2, started)`; the test sets
        /// `step`.
        #[derive(Default)]
        pub struct Events {
            pub step: AtomicUsize,
            pub log: Mutex<Vec<(usize, ColliderHandle, ColliderHandle, bool)>>,
        }

        impl EventHandler for Events {
            fn handle_collision_event(
                &self,
                _: &RigidBodySet,
                _: &ColliderSet,
                event: CollisionEvent,
                _: Option<&ContactPair>,
            ) {
                let step = self.step.load(Ordering::Relaxed);
                let entry = (step, event.collider1(), event.collider2(), event.started());
                self.log.lock().unwrap().push(entry);
            }

            fn handle_contact_force_event(
                &self,
                _: Real,
                _: &RigidBodySet,
                _: &ColliderSet,
                _: &ContactPair,
                _: Real,
            ) {
            }

            fn handle_soft_body_tear_event(&self, _: &SoftBodySet, _: &SoftBodyTearEvent) {}
        }

        /// Rotated sensor boxes of half-extents `sensor_he` on four fixed bodies (`sensor(i,
        /// angle)` for the angles 0.3, 0.8, 1.2, 0.05 rad), and 24 spinning boxes of half-extents
        /// `falling_he` falling through them (`falling(k, x)`, at `x` 1.5 apart: no two come
        /// near); each collider reports collision events. The falling boxes touch nothing solid,
        /// so every integration sees the same trajectories. Stepped 150 times with each of rapier
        /// as is, the dispatcher and the filter: the dispatcher's and the filter's collision
        /// events (step, colliders, started or stopped) are the default's, which has at least
        /// `at_least`.
        pub fn assert_sensor_events_match(
            sensor: impl Fn(usize, Real) -> RigidBodyBuilder,
            sensor_he: Vector,
            falling: impl Fn(usize, Real) -> RigidBodyBuilder,
            falling_he: Vector,
            at_least: usize,
        ) {
            let scene = |integration: Integration| {
                let mut world = World::new(integration);
                let events = ActiveEvents::COLLISION_EVENTS;
                for (i, angle) in [0.3, 0.8, 1.2, 0.05].into_iter().enumerate() {
                    let collider = cuboid(sensor_he).sensor(true).active_events(events);
                    world.add(sensor(i, angle), collider);
                }
                for k in 0..24 {
                    let x = (k % 6) as Real * 1.5 - 4.0;
                    world.add(falling(k, x), cuboid(falling_he).active_events(events));
                }
                world
            };
            let log = |integration: Integration| {
                let mut world = scene(integration);
                let (events, hooks) = (Events::default(), integration.hooks());
                for step in 0..150 {
                    events.step.store(step, Ordering::Relaxed);
                    world.step_with(&*hooks, &events);
                }
                events.log.into_inner().unwrap()
            };
            let default = log(Integration::Default);
            let produced = default.len();
            assert!(
                produced >= at_least,
                "the scene produces collision events: {produced}"
            );
            assert_eq!(log(Integration::Dispatcher), default);
            assert_eq!(log(Integration::Filter), default);
        }

        /// A user's hooks: a ghost box that passes through everything, a conveyor (tangent
        /// velocity 1 along x) under the rest, and counters proving that each hook ran.
        pub struct UserHooks {
            pub ghost: ColliderHandle,
            pub filtered: AtomicUsize,
            pub modified: AtomicUsize,
        }

        impl PhysicsHooks for UserHooks {
            fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
                self.filtered.fetch_add(1, Ordering::Relaxed);
                let ghostly = context.collider1 == self.ghost || context.collider2 == self.ghost;
                (!ghostly).then_some(SolverFlags::COMPUTE_RIGID_IMPULSES)
            }

            fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
                self.modified.fetch_add(1, Ordering::Relaxed);
                if let Some(rigid) = context.rigid_mut() {
                    for contact in rigid.solver_contacts.iter_mut() {
                        contact.tangent_velocity = Vector::X;
                    }
                }
            }
        }

        /// An inner hook that records every pair it is asked about.
        #[derive(Default)]
        pub struct Witness {
            pub asked: Mutex<Vec<(ColliderHandle, ColliderHandle)>>,
        }

        impl PhysicsHooks for Witness {
            fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
                let pair = (context.collider1, context.collider2);
                self.asked.lock().unwrap().push(pair);
                Some(SolverFlags::COMPUTE_RIGID_IMPULSES)
            }
        }

        /// Runs a scene for 10 simulated seconds with each integration and a pass-through hook
        /// (sleeping off: the pile stands on its contacts the whole time), checks that every
        /// body and solver contact stays finite, and prints the top box's sideways drift and
        /// sink. Without hooks (default and dispatcher) the top box stays within `bound`
        /// sideways and sinks at most `sink` (the solver's allowed penetration, summed down the
        /// pile). With a hook rapier recomputes every contact every step instead of recycling
        /// it, and a tall stack may sway or topple whatever the hook does: the filter is held to
        /// the pass-through hook's drift and sink (plus `bound` and `sink`).
        pub fn assert_stands(
            name: &str,
            scene: impl Fn(Integration) -> Pile,
            bound: Real,
            sink: Real,
        ) {
            let mut pass_through = (Real::INFINITY, Real::INFINITY);
            for integration in [
                Integration::Default,
                Integration::Dispatcher,
                Integration::PassThrough,
                Integration::Filter,
            ] {
                let (mut world, top, rest) = scene(integration);
                world.run(600);
                let name = format!("{name} with {integration:?}");
                assert!(
                    world
                        .bodies
                        .iter()
                        .all(|(_, b)| b.translation().is_finite()),
                    "{name}: a body left the finite numbers"
                );
                assert!(world.solver_contacts_are_finite(), "{name}");
                let offset = world.bodies[top].translation() - rest;
                let (drift, sunk) = (offset.with_y(0.0).length(), -offset.y);
                println!("{name}: top box drifted {drift:.5} sideways, sank {sunk:.5}");
                let (drift_allowed, sink_allowed) = match integration {
                    Integration::Filter => (pass_through.0 + bound, pass_through.1 + sink),
                    Integration::PassThrough => {
                        pass_through = (drift, sunk.abs());
                        (Real::INFINITY, Real::INFINITY)
                    }
                    _ => (bound, sink),
                };
                assert!(drift < drift_allowed, "{name}: the top box drifted {drift}");
                assert!(sunk.abs() < sink_allowed, "{name}: the top box sank {sunk}");
            }
        }

        /// A world of `integration` with a fixed ground box of half-extents `ground` whose top is
        /// at `origin`, and a dynamic box (sleeping off) of half-extents `he` at `origin + c` for
        /// every centre `c`, in order. Returns the world and the last box.
        pub fn pile(
            integration: Integration,
            origin: Vector,
            ground: Vector,
            centres: impl IntoIterator<Item = Vector>,
            he: Vector,
        ) -> (World, RigidBodyHandle) {
            let mut world = World::new(integration);
            world.add(
                RigidBodyBuilder::fixed().translation(origin - Vector::Y * ground.y),
                cuboid(ground),
            );
            let mut last = None;
            for c in centres {
                last = Some(
                    world.add(
                        RigidBodyBuilder::dynamic()
                            .can_sleep(false)
                            .translation(origin + c),
                        cuboid(he),
                    ),
                );
            }
            (world, last.expect("a pile of at least one box"))
        }
    };
}

/// rapier's pyramid2 layout: `rows` rows of boxes of half-extent 0.5, each row on the one below
/// and shifted by half a box, 1 mm apart, on a ground whose top is at `origin`. Returns the
/// world, the top box and its resting place.
macro_rules! pyramid2 {
    () => {
        pub fn pyramid(integration: Integration, rows: usize, origin: Vector) -> Pile {
            let he = 0.5;
            let centres = (0..rows).flat_map(|i| {
                (i..rows).map(move |j| {
                    let x = (j as Real - i as Real * 0.5 - (rows - 1) as Real * 0.5)
                        * (2.0 * he + 0.001);
                    Vector::new(x, he + (2.0 * he + 0.001) * i as Real)
                })
            });
            let ground = Vector::new(100.0, 1.0);
            let (world, top) = pile(integration, origin, ground, centres, Vector::splat(he));
            let rest = origin + Vector::new(0.0, he + 2.0 * he * (rows - 1) as Real);
            (world, top, rest)
        }
    };
}

/// rapier's pyramid3 layout: the box centres ([`pyramid_centres`]) and a scaled-down pile.
macro_rules! pyramid3 {
    () => {
        /// rapier's pyramid3 layout: layer `i` of `layers` holds `(layers − i)²` box centres on
        /// a grid of pitch 2.25 centred on the y axis (each box on the corners of four below),
        /// at height `height(i)`; layer by layer, row by row.
        pub fn pyramid_centres(layers: usize, height: impl Fn(usize) -> Real) -> Vec<Vector> {
            let mut centres = Vec::new();
            for i in 0..layers {
                let m = layers - i;
                let middle = (m - 1) as Real * 0.5;
                for j in 0..m {
                    for k in 0..m {
                        let (x, z) = ((j as Real - middle) * 2.25, (k as Real - middle) * 2.25);
                        centres.push(Vector::new(x, height(i), z));
                    }
                }
            }
            centres
        }

        /// rapier's pyramid3 layout, scaled down: `layers` layers of boxes of half-extent 0.975
        /// (each on the corners of four below), each layer 1 cm above the one below, on a
        /// ground whose top is at `origin`. Returns the world, the top box and its resting
        /// place.
        pub fn pyramid(integration: Integration, layers: usize, origin: Vector) -> Pile {
            let he = 0.975;
            let centres = pyramid_centres(layers, |i| he + (2.0 * he + 0.01) * i as Real);
            let ground = Vector::new(100.0, 1.0, 100.0);
            let (world, top) = pile(integration, origin, ground, centres, Vector::splat(he));
            let rest = origin + Vector::new(0.0, he + 2.0 * he * (layers - 1) as Real, 0.0);
            (world, top, rest)
        }
    };
}

/// The four flavours' modules: the harness, and the dimension's piles.
macro_rules! flavours {
    ($($module:ident: $rapier:ident, $sat:path, $piles:ident;)*) => {$(
        pub mod $module {
            harness!($rapier, $sat);
            $piles!();
        }
    )*};
}

flavours! {
    dim2: rapier2d, sat_rapier::dim2, pyramid2;
    dim3: rapier3d, sat_rapier::dim3, pyramid3;
    dim2_f64: rapier2d_f64, sat_rapier::dim2_f64, pyramid2;
    dim3_f64: rapier3d_f64, sat_rapier::dim3_f64, pyramid3;
}
