//! The rapier scene harness, one for the tests (`tests/rapier/`), the bench
//! (`benches/rapier_scenes.rs`, through `#[path]`) and the example (`examples/pyramid3.rs`): the
//! workspace's one rapier world (`sat_oracle::world`: the pipeline and every set it steps, how it
//! computes box contacts, its step, also stepped by the `rapier3` fuzz scenes), the piles and the
//! scenes both dimensions share, and the pipeline assertions. 2D and 3D, f32 and f64, from one
//! text (`dim2`, `dim3`, `dim2_f64`, `dim3_f64`: rapier2d/3d with `sat_rapier::dim2`/`dim3`,
//! rapier2d-f64/3d-f64 with `sat_rapier::dim2_f64`/`dim3_f64`); the other scenes and
//! measurements stay with their users.

// Each user takes the part it needs (the example only 3D, the bench no `run`, `tests/rapier`
// only f32, `tests/rapier_f64` only f64).
#![allow(dead_code)]

macro_rules! harness {
    ($rapier:ident, $flavour:ident) => {
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicUsize, Ordering};

        use sat_rapier::$flavour::SatContactFilter;
        use $rapier::prelude::*;

        pub use sat_oracle::world::$flavour::{Integration, World};

        /// Steps `world` `steps` times with its integration's hooks; after every step every
        /// solver contact is finite, and at the end every body's position and velocity.
        pub fn assert_stays_finite(world: &mut World, steps: usize) {
            let integration = world.integration;
            for _ in 0..steps {
                world.run(1);
                assert!(world.solver_contacts_are_finite(), "{integration:?}");
            }
            for (_, body) in world.bodies.iter() {
                let finite = body.translation().is_finite() && body.linvel().is_finite();
                assert!(finite, "{integration:?}");
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

/// The four flavours' modules (sat-rapier's and the world's flavour, with its rapier): the
/// harness, and the dimension's piles.
macro_rules! flavours {
    ($($flavour:ident: $rapier:ident, $piles:ident;)*) => {$(
        pub mod $flavour {
            harness!($rapier, $flavour);
            $piles!();
        }
    )*};
}

flavours! {
    dim2: rapier2d, pyramid2;
    dim3: rapier3d, pyramid3;
    dim2_f64: rapier2d_f64, pyramid2;
    dim3_f64: rapier3d_f64, pyramid3;
}
