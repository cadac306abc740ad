//! The rapier scene harness of the sat-rapier crates' tests, also used by the rapier bench
//! (`benches/rapier_scenes.rs`) and the example (`examples/pyramid3.rs`): over the workspace's
//! one rapier world ([`world`](crate::world): the pipeline and every set it steps, how it
//! computes box contacts, its step, also stepped by the `rapier3` fuzz scenes), the piles and the
//! scenes both dimensions share, and the pipeline assertions. 2D and 3D, f32 and f64, from one
//! text: [`dim2`] (sat-rapier2d), [`dim3`] (sat-rapier3d), and with the feature `rapier-f64`
//! `dim2_f64` (sat-rapier2d-f64) and `dim3_f64` (sat-rapier3d-f64). The other scenes and
//! measurements stay with their users.
//!
//! The query checks both dimensions share, with the pairs drawn by the caller: the box measures
//! (`support_gap`, `off_boundary`), `contact()` against GJK/EPA with f32's tolerances
//! (`assert_contact_agrees_with_epa`), the f64 flavours' queries against parry-f64's
//! (`assert_queries_agree_with_parry`), sat-core's distance against the exact one
//! ([`assert_distance_within_bound`]) and the contact fuzz checks
//! ([`run_targets_on_random_inputs`]).

/// The fuzz targets' checks (`check::target(name)`, each with its seed) on seeded random inputs
/// of 96 bytes, decoded as `cargo fuzz run` decodes them, until 20 000 of them made a case; at
/// least 80% must. The sat-rapier crates' tests run the contact and manifold targets of their
/// dimension with it: the chain's `contact()` and manifolds against the exact oracle, in every
/// regime the recipes build (`check::contact`).
pub fn run_targets_on_random_inputs(targets: &[(&str, u64)]) {
    for &(name, seed) in targets {
        let t = crate::check::target(name).expect("a target");
        let (mut inputs, mut buffer, mut n, mut cases) =
            (crate::check::RandomInputs::new(seed), Vec::new(), 0, 0);
        while n < 20_000 {
            inputs.input(&mut buffer, 96);
            cases += 1;
            n += usize::from((t.run)(&buffer).accepted);
        }
        assert!(n * 10 >= cases * 8, "{n} of {cases} accepted");
        println!(
            "{name}: {n} accepted; parry findings so far: {:?}",
            crate::check::contact::contact_peer_tallies()
        );
    }
}

/// A distance `d` of sat-core's (f32) against the exact interval `(lower, upper, scale)` of the
/// boxes' distance: within `DISTANCE_K·ε·S` of it, `S = scale`.
pub fn assert_distance_within_bound(what: &str, d: f32, exact: (f64, f64, f64)) {
    use sat_core::distance::DISTANCE_K;
    use sat_core::tolerance::EPS;
    let (lower, upper, scale) = exact;
    let bound = f64::from(DISTANCE_K * EPS) * scale;
    let d = f64::from(d);
    assert!(
        d >= lower - bound && d <= upper + bound,
        "{what}: {d:e} vs [{lower:e}, {upper:e}]"
    );
}

macro_rules! harness {
    ($sat:ident, $flavour:ident) => {
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicUsize, Ordering};

        use $sat::SatContactFilter;
        use $sat::rapier::prelude::*;

        pub use crate::world::$flavour::{Integration, World};

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

        /// The scenes that read the same in 2D and 3D, each with every integration: fast bodies
        /// are still swept ([`assert_sweeps_stop_the_bullet`]), fixed–fixed pairs are never
        /// computed ([`assert_fixed_pairs_never_computed`]), user hooks still run inside the
        /// filter ([`assert_user_hooks_run`]).
        pub fn assert_shared_scenes() {
            assert_sweeps_stop_the_bullet();
            assert_fixed_pairs_never_computed();
            assert_user_hooks_run();
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
                    let distance = $sat::rapier::parry::query::distance(
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
            /// The step the next events belong to.
            pub step: AtomicUsize,
            /// Every event so far.
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
            /// The box that passes through everything.
            pub ghost: ColliderHandle,
            /// How many times `filter_contact_pair` ran.
            pub filtered: AtomicUsize,
            /// How many times `modify_solver_contacts` ran.
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
            /// Every pair asked about, in order.
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

/// The dispatcher's queries against parry's, in every flavour: the box measures, the f32 contact
/// check against GJK/EPA and the f64 checks against parry-f64's dispatcher, with the pairs drawn
/// by the caller (its dimension's random pairs).
macro_rules! queries {
    ($sat:ident) => {
        use rand_pcg::Pcg64;

        /// The signed gap of the boxes of half-extents `he1` (at the origin) and `he2` (placed
        /// by `pos12`) along the unit normal `n` (first frame), from support functions.
        pub fn support_gap(he1: Vector, he2: Vector, pos12: &Pose, n: Vector) -> Real {
            n.dot(pos12.translation)
                - he1.dot(n.abs())
                - he2.dot((pos12.rotation.inverse() * n).abs())
        }

        /// How far `p` is from the boundary of the box of half-extents `he` (its own frame).
        pub fn off_boundary(he: Vector, p: Vector) -> Real {
            (p.abs() - he).max_element().abs()
        }

        /// [`support_gap`] along the unit axis `l` or `−l`, whichever points from the first
        /// box's centre towards the second's.
        pub fn outward_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose, l: Vector) -> Real {
            let towards = if l.dot(pos12.translation) < 0.0 { -l } else { l };
            support_gap(c1.half_extents, c2.half_extents, pos12, towards)
        }

        /// `contact()` against GJK/EPA on 10 000 penetrating pairs drawn by `pair` (half-extents
        /// and `pos12`; boxes of size ~1) from a generator seeded by `seed`, with f32's tolerances (normals within
        /// `1 − cos ≤ 1e-5`, lengths within `1e-4`): every cuboid pair answered, witness
        /// points on both boundaries, depths and normals as EPA's, witness points EPA's unless
        /// the deepest feature is not unique.
        pub fn assert_contact_agrees_with_epa(
            dimension: &str,
            seed: u64,
            pair: fn(&mut Pcg64) -> (Vector, Vector, Pose),
        ) {
            use rand::SeedableRng;
            use $sat::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
            use $sat::SatDispatcher;
            const NORMAL_TOL: Real = 1e-5;
            const LENGTH_TOL: Real = 1e-4;
            let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
            let (mut pairs, mut same_witness, mut epa_inconsistent, mut ties) = (0, 0, 0, 0);
            let mut rng = Pcg64::seed_from_u64(seed);
            while pairs < 10_000 {
                let (he1, he2, pos12) = pair(&mut rng);
                let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
                let Ok(Some(e)) = parry.contact(&pos12, &c1, &c2, 0.0) else {
                    continue;
                };
                if e.dist > -1e-3 {
                    continue;
                }
                pairs += 1;
                // Every cuboid pair is answered (uncertified clipping falls back to f64, not GJK).
                let s = sat
                    .contact(&pos12, &c1, &c2, 0.0)
                    .expect("a cuboid pair is answered")
                    .expect("penetrating");
                // Ours: consistent with the support functions, witness points on both boundaries.
                let gap = support_gap(he1, he2, &pos12, s.normal1);
                assert!((s.dist - gap).abs() <= LENGTH_TOL, "{s:?} vs support {gap}");
                assert!(off_boundary(he1, s.point1) <= LENGTH_TOL, "{s:?}");
                assert!(off_boundary(he2, s.point2) <= LENGTH_TOL, "{s:?}");
                let p2 = pos12 * s.point2;
                assert!(
                    (p2 - s.point1 - s.normal1 * s.dist).length() <= LENGTH_TOL,
                    "{s:?}"
                );
                assert!((pos12.rotation * s.normal2 + s.normal1).length() <= LENGTH_TOL);
                // Against EPA.
                let epa_gap = support_gap(he1, he2, &pos12, e.normal1);
                if (e.dist - epa_gap).abs() > LENGTH_TOL {
                    epa_inconsistent += 1; // EPA's depth disagrees with its own normal
                    continue;
                }
                assert!((s.dist - e.dist).abs() <= LENGTH_TOL, "{s:?}\n{e:?}");
                if 1.0 - s.normal1.dot(e.normal1) > NORMAL_TOL {
                    ties += 1; // two axes equally deep within LENGTH_TOL: either is a right answer
                    continue;
                }
                if (s.point1 - e.point1).length() <= LENGTH_TOL
                    && (s.point2 - e.point2).length() <= LENGTH_TOL
                {
                    same_witness += 1;
                } else {
                    // Not unique: EPA's points lie on the same supporting planes as ours.
                    let along1 = (e.point1 - s.point1).dot(s.normal1);
                    let along2 = (pos12 * e.point2 - p2).dot(s.normal1);
                    assert!(
                        along1.abs() <= LENGTH_TOL && along2.abs() <= LENGTH_TOL,
                        "{s:?}\n{e:?}"
                    );
                }
            }
            println!(
                "{dimension} contact vs EPA: {pairs} penetrating pairs, witness points equal in \
                 {same_witness}, EPA inconsistent with its own normal in {epa_inconsistent}, ties \
                 between two axes in {ties}"
            );
            assert!(same_witness * 100 >= 95 * (pairs - epa_inconsistent - ties));
            assert!(ties * 100 <= pairs);
            assert!(epa_inconsistent * 100 <= pairs);
        }

        /// `contact()` of separated pairs within the prediction (GJK's distance `1e-3..0.2`, of the
        /// pairs drawn by `pair` from a generator seeded by `seed`, 20 000 draws): the dispatcher
        /// alone answers every one (none passed on to the next dispatcher: an `Err` fails), with
        /// GJK's distance within `1e-4` and witness points `dist` apart along the normal, whether
        /// the clipped points certify it or the f64 closest points give it; and `None` once the
        /// prediction is below the distance. At least 1000 such pairs.
        pub fn assert_separated_contact_is_the_distance(
            dimension: &str,
            seed: u64,
            pair: fn(&mut Pcg64) -> (Vector, Vector, Pose),
        ) {
            use rand::SeedableRng;
            use $sat::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
            use $sat::SatDispatcher;
            const LENGTH_TOL: Real = 1e-4;
            let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
            let mut rng = Pcg64::seed_from_u64(seed);
            let mut answered = 0;
            for _ in 0..20_000 {
                let (he1, he2, pos12) = pair(&mut rng);
                let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
                let distance = parry.distance(&pos12, &c1, &c2).unwrap().distance;
                if !(1e-3..0.2).contains(&distance) {
                    continue;
                }
                match sat.contact(&pos12, &c1, &c2, 0.2) {
                    Ok(Some(s)) => {
                        answered += 1;
                        assert!(
                            (s.dist - distance).abs() <= LENGTH_TOL,
                            "{s:?} vs {distance}"
                        );
                        let p2 = pos12 * s.point2;
                        assert!((p2 - s.point1 - s.normal1 * s.dist).length() <= LENGTH_TOL);
                    }
                    Ok(None) => panic!("a pair {distance} apart is within prediction 0.2"),
                    Err(_) => panic!("a cuboid pair passed on"),
                }
                assert!(
                    sat.contact(&pos12, &c1, &c2, distance * 0.5)
                        .is_ok_and(|c| c.is_none())
                );
            }
            println!("{dimension} separated contact: {answered} answered");
            assert!(answered > 1000, "{answered}");
        }

        /// sat-core's gap of the pair (the first box at the origin of its frame).
        pub fn gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose) -> Real {
            let a = $sat::obb_from_pose(&Pose::IDENTITY, c1);
            a.separation(&$sat::obb_from_pose(pos12, c2)).gap
        }

        /// Two boxes face to face along the first one's x axis, `gap` apart (pressed into each
        /// other when negative), placed by `pos12`: the dispatcher's verdict is right and
        /// parry's agrees, and its contact is `gap` along x (within `1e-8`: f64's tolerance).
        pub fn assert_tells_the_gap(pos12: &Pose, c1: &Cuboid, c2: &Cuboid, gap: Real) {
            use $sat::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
            let sat = $sat::SatDispatcher::default();
            let ours = sat.intersection_test(pos12, c1, c2).unwrap().intersecting;
            assert_eq!(ours, gap < 0.0, "gap {gap}");
            let parry = DefaultQueryDispatcher.intersection_test(pos12, c1, c2);
            assert_eq!(parry.unwrap().intersecting, ours);
            let contact = sat.contact(pos12, c1, c2, 0.1).unwrap();
            let contact = contact.expect("within the prediction");
            assert!((contact.dist - gap).abs() < 1e-8, "{gap}: {contact:?}");
            assert!(contact.normal1.x > 0.999_999, "{contact:?}");
        }

        /// The f64 flavours' queries against parry's (`pair` draws a pair near an origin from a
        /// generator, `best_gap` is the best gap over the dimension's candidate axes): for each of
        /// `origins` (near and far), `intersection_test` and `contact` on pairs from a generator
        /// seeded by `seeds[0]` and `seeds[1]`, then `distance` and `closest_points` on pairs near
        /// `origins[1]` seeded by `seeds[2]`.
        pub fn assert_queries_agree_with_parry(
            dimension: &str,
            origins: [Vector; 2],
            seeds: [u64; 3],
            pair: fn(&mut Pcg64, Vector) -> (Cuboid, Cuboid, Pose),
            best_gap: fn(&Cuboid, &Cuboid, &Pose) -> Real,
        ) {
            use rand::SeedableRng;
            let pairs_near = |origin: Vector, seed: u64| {
                let mut rng = Pcg64::seed_from_u64(seed);
                move || pair(&mut rng, origin)
            };
            for origin in origins {
                assert_intersection_test_agrees_with_parry(pairs_near(origin, seeds[0]));
                let what = format!("{dimension} at {origin}");
                assert_contact_agrees_with_parry(&what, pairs_near(origin, seeds[1]), best_gap);
            }
            assert_distance_agrees_with_parry(pairs_near(origins[1], seeds[2]));
        }

        /// `intersection_test` against parry's on 20 000 pairs drawn by `pair`: the same verdict
        /// outside a band of `1e-9` around touching (f64's tolerance: parry's own answer is not
        /// exact inside it).
        fn assert_intersection_test_agrees_with_parry(
            mut pair: impl FnMut() -> (Cuboid, Cuboid, Pose),
        ) {
            use $sat::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
            let (sat, parry) = ($sat::SatDispatcher::default(), DefaultQueryDispatcher);
            let (mut overlapping, mut apart) = (0, 0);
            for _ in 0..20_000 {
                let (c1, c2, pos12) = pair();
                if gap(&c1, &c2, &pos12).abs() < 1e-9 {
                    continue;
                }
                let ours = sat
                    .intersection_test(&pos12, &c1, &c2)
                    .unwrap()
                    .intersecting;
                let theirs = parry
                    .intersection_test(&pos12, &c1, &c2)
                    .unwrap()
                    .intersecting;
                assert_eq!(ours, theirs, "{c1:?} {c2:?} {pos12:?}");
                if ours {
                    overlapping += 1;
                } else {
                    apart += 1;
                }
            }
            assert!(overlapping > 5000 && apart > 2000, "{overlapping} {apart}");
        }

        /// `contact` against parry's on 20 000 pairs drawn by `pair` (boxes of size ~1), with
        /// f64's tolerances: ours consistent with the support functions (the gap along our
        /// normal, and for penetrating pairs `best_gap`, the best of the candidate axes, within
        /// `1e-12`); the same pairs answered as parry's; separated pairs' distances within
        /// `1e-6` (GJK's convergence tolerance on polytopes), penetration depths within `1e-4`
        /// (EPA's), normals within `1 − cos ≤ 1e-5` for at least 95% of the pairs (ties between
        /// axes leave the others), except where parry's depth contradicts its own normal (at
        /// most 2% of the penetrating pairs).
        fn assert_contact_agrees_with_parry(
            what: &str,
            mut pair: impl FnMut() -> (Cuboid, Cuboid, Pose),
            best_gap: impl Fn(&Cuboid, &Cuboid, &Pose) -> Real,
        ) {
            use $sat::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
            const TIGHT: Real = 1e-12;
            const DISTANCE_TOL: Real = 1e-6;
            const DEPTH_TOL: Real = 1e-4;
            let (sat, parry) = ($sat::SatDispatcher::default(), DefaultQueryDispatcher);
            let prediction = 0.1;
            let (mut separated, mut penetrating, mut same_normal) = (0, 0, 0);
            let (mut parry_inconsistent, mut worst): (usize, [Real; 2]) = (0, [0.0; 2]);
            for _ in 0..20_000 {
                let (c1, c2, pos12) = pair();
                let (he1, he2) = (c1.half_extents, c2.half_extents);
                let ours = sat.contact(&pos12, &c1, &c2, prediction).unwrap();
                let theirs = parry.contact(&pos12, &c1, &c2, prediction).unwrap();
                let (ours, theirs) = match (ours, theirs) {
                    (Some(o), Some(t)) => (o, t),
                    (None, None) => continue,
                    // Only at the prediction distance may the two disagree on "within".
                    (o, t) => {
                        let d = o.or(t).unwrap().dist;
                        assert!((d - prediction).abs() < 1e-9, "{o:?} vs {t:?}");
                        continue;
                    }
                };
                let case = format!("{what}: {c1:?} {c2:?} {pos12:?}: {ours:?} vs {theirs:?}");
                // Ours: the gap along our normal, and (penetrating) the best axis's gap.
                let along = support_gap(he1, he2, &pos12, ours.normal1);
                worst[0] = worst[0].max((ours.dist - along).abs());
                assert!((ours.dist - along).abs() < TIGHT, "{case}: {along}");
                let best = best_gap(&c1, &c2, &pos12);
                if ours.dist <= 0.0 {
                    worst[1] = worst[1].max((ours.dist - best).abs());
                    assert!((ours.dist - best).abs() < TIGHT, "{case}: best {best}");
                } else {
                    assert!(ours.dist > best - TIGHT, "{case}: best {best}");
                }
                // Against parry's, unless its depth contradicts its own normal.
                let theirs_along = support_gap(he1, he2, &pos12, theirs.normal1);
                if theirs.dist > 0.0 {
                    separated += 1;
                    assert!((ours.dist - theirs.dist).abs() < DISTANCE_TOL, "{case}");
                } else if (theirs.dist - theirs_along).abs() > DEPTH_TOL {
                    parry_inconsistent += 1;
                    continue;
                } else {
                    penetrating += 1;
                    assert!((ours.dist - theirs.dist).abs() < DEPTH_TOL, "{case}");
                }
                if 1.0 - ours.normal1.dot(theirs.normal1) <= 1e-5 {
                    same_normal += 1;
                }
            }
            println!(
                "{what}: {separated} separated, {penetrating} penetrating, {same_normal} with \
                 parry's normal, parry's depth inconsistent with its normal in \
                 {parry_inconsistent}; ours off its normal's gap by {:.1e}, off the best axis by \
                 {:.1e}",
                worst[0], worst[1]
            );
            assert!(
                parry_inconsistent * 50 <= penetrating,
                "{parry_inconsistent}"
            );
            assert!(
                separated > 500 && penetrating > 5000,
                "{separated} {penetrating}"
            );
            // Ties between axes and EPA's loose depth leave a few normals apart.
            assert!(
                same_normal * 100 >= (separated + penetrating) * 95,
                "{same_normal} of {}",
                separated + penetrating
            );
        }

        /// `distance` and `closest_points` against parry's on 5000 pairs drawn by `pair`, with
        /// f64's tolerances: distances within `1e-6` (GJK's), the closest points on both boxes
        /// and that distance apart within `1e-12`.
        fn assert_distance_agrees_with_parry(
            mut pair: impl FnMut() -> (Cuboid, Cuboid, Pose),
        ) {
            use $sat::rapier::parry::query::{
                ClosestPoints, DefaultQueryDispatcher, QueryDispatcher,
            };
            const TIGHT: Real = 1e-12;
            let (sat, parry) = ($sat::SatDispatcher::default(), DefaultQueryDispatcher);
            let (mut apart, mut overlapping) = (0, 0);
            for _ in 0..5000 {
                let (c1, c2, pos12) = pair();
                let ours = sat.distance(&pos12, &c1, &c2).unwrap().distance;
                let theirs = parry.distance(&pos12, &c1, &c2).unwrap().distance;
                let what = format!("{c1:?} {c2:?} {pos12:?}: {ours} vs {theirs}");
                assert!((ours - theirs).abs() < 1e-6, "{what}");
                match sat.closest_points(&pos12, &c1, &c2, 10.0).unwrap() {
                    ClosestPoints::Intersecting => {
                        overlapping += 1;
                        assert_eq!(ours, 0.0, "{what}");
                    }
                    ClosestPoints::WithinMargin(p1, p2) => {
                        apart += 1;
                        // On both boxes (each in its own frame), `ours` apart.
                        assert!(off_boundary(c1.half_extents, p1) < TIGHT, "{what}: {p1}");
                        assert!(off_boundary(c2.half_extents, p2) < TIGHT, "{what}: {p2}");
                        assert!(((pos12 * p2 - p1).length() - ours).abs() < TIGHT, "{what}");
                    }
                    ClosestPoints::Disjoint => panic!("{what}: beyond 10"),
                }
            }
            assert!(apart > 500 && overlapping > 2000, "{apart} {overlapping}");
        }
    };
}

/// rapier's pyramid2 layout: `rows` rows of boxes of half-extent 0.5, each row on the one below
/// and shifted by half a box, 1 mm apart, on a ground whose top is at `origin`. Returns the
/// world, the top box and its resting place.
macro_rules! pyramid2 {
    () => {
        /// rapier's pyramid2 layout: `rows` rows of boxes of half-extent 0.5, each row on the one
        /// below and shifted by half a box, 1 mm apart, on a ground whose top is at `origin`.
        /// Returns the world, the top box and its resting place.
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

/// rapier's pyramid3 layout: the box centres ([`pyramid_centres`]) and a scaled-down pile; and
/// random rotations for the query tests.
macro_rules! pyramid3 {
    () => {
        /// A random unit quaternion from `coordinate`'s values in `-1..1`: rejection sampling
        /// of a 4-vector until its length is in `0.1..1`, then normalised.
        pub fn random_rotation(mut coordinate: impl FnMut() -> Real) -> Rotation {
            loop {
                let q = Rotation::from_array(core::array::from_fn(|_| coordinate()));
                if (0.1..1.0).contains(&q.length()) {
                    return q.normalize();
                }
            }
        }

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

/// The four flavours' modules (the sat-rapier crate, and the world's flavour): the harness, and
/// the dimension's piles.
macro_rules! flavours {
    ($($(#[$cfg:meta])* $flavour:ident: $sat:ident, $piles:ident;)*) => {$(
        #[doc = concat!("The harness of `", stringify!($sat), "`.")]
        $(#[$cfg])*
        pub mod $flavour {
            harness!($sat, $flavour);
            queries!($sat);
            $piles!();
        }
    )*};
}

flavours! {
    dim2: sat_rapier2d, pyramid2;
    dim3: sat_rapier3d, pyramid3;
    #[cfg(feature = "rapier-f64")]
    dim2_f64: sat_rapier2d_f64, pyramid2;
    #[cfg(feature = "rapier-f64")]
    dim3_f64: sat_rapier3d_f64, pyramid3;
}
