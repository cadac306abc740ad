//! rapier's own box scenes, as rapier's examples write them, built into the workspace's one
//! rapier world ([`world`](crate::world)), and what is measured of a scene from its poses.
//!
//! * [`dim3::SCENES`] and [`dim2::SCENES`]: one [`Scene`](dim3::Scene) per file of rapier's
//!   `examples3d`/`examples2d` that is made of boxes (cuboids on grounds of cuboids, segments or a
//!   half-space; the washers' walls are convex hulls), named by that file, with rapier's counts,
//!   sizes, spacing, grounds, friction, density, gravity, integration parameters and sleeping.
//!   Kinematic drums move as rapier's loop moves them ([`Scene::after_step`](dim3::Scene)).
//! * [`Counted`](dim3::Counted): a query dispatcher that counts the contact-manifold
//!   computations the narrow phase asks of the dispatcher it wraps, and how many it answered;
//!   [`counted_world`](dim3::counted_world), a world whose dispatcher is counted.
//! * Quality measured from the poses, the same way whatever computed the contacts: a flavour's
//!   [`sample`](dim3::sample) adds to a [`Penetration`] the box pairs within the prediction
//!   distance (sat-core's f64 separation of the two boxes as rapier placed them), and its
//!   [`ending`](dim3::ending) gives the dynamic bodies' [`Ending`] against their
//!   [`Start`](dim3::Start): mean speed, bodies asleep, bodies more than [`DRIFT`] sideways
//!   from their start, the highest body. [`Quality::misses`] says where a run is worse than
//!   another by issue 28's goals.
//! * [`workspace`]: the workspace's own scenes (piles, drums, dominoes, sensors, compounds), as
//!   body and collider builders, stepped by `benches/rapier_scenes.rs` and `upstream/bench`.
//!
//! Stepped by `benches/rapier_own_scenes.rs` (default against sat-rapier in lockstep) and the
//! pipeline tests (`tests/rapier/`). The sources are those of rapier's repository
//! (`github.com/dimforge/rapier`, 0.35.2 and after); each builder's documentation says what
//! differs from rapier's file, if anything. rapier's testbed, which runs these files, also
//! re-enables sleeping on bodies built with `can_sleep(false)` when its "sleep" box is ticked;
//! the scenes keep what the files ask for.
//!
//! The scene type, the measures and the dispatcher counter are written once for every flavour
//! ([`dim2`], [`dim3`], and with the feature `rapier-f64` `dim2_f64`, `dim3_f64`); the scenes
//! exist in f32 only.
//!
//! ```
//! use sat_oracle::scenes::dim3::{SCENES, Start, ending, sample};
//! use sat_oracle::scenes::{Penetration, Quality};
//! use sat_oracle::world::dim3::{Integration, World};
//! use sat_rapier3d::rapier::prelude::*;
//!
//! // A weightless cube sunk 0.125 into the ground, out of the solver's reach: one box pair,
//! // 0.125 deep.
//! let mut world = World::new(Integration::Default);
//! world.ground(Vector::new(10.0, 0.5, 10.0), -0.5);
//! world.add(
//!     RigidBodyBuilder::dynamic()
//!         .translation(Vector::new(0.0, 0.375, 0.0))
//!         .gravity_scale(0.0),
//!     ColliderBuilder::cuboid(0.5, 0.5, 0.5).solver_groups(InteractionGroups::none()),
//! );
//! world.run(1);
//! let mut sunk = Penetration::default();
//! sample(&world, &mut sunk);
//! assert_eq!((sunk.pairs, sunk.max, sunk.mean()), (1, 0.125, 0.125));
//!
//! // rapier's debug_two_cubes3.rs with the dispatcher: the cube comes to rest on the other.
//! let scene = SCENES.iter().find(|s| s.file == "examples3d/debug_two_cubes3.rs").unwrap();
//! let mut world = scene.world(Integration::Dispatcher);
//! let start = Start::of(&world);
//! scene.run(&mut world, 120);
//! let mut penetration = Penetration::default();
//! sample(&world, &mut penetration);
//! let ours = Quality { penetration, ending: ending(&world, &start) };
//! assert_eq!((ours.ending.dynamic, ours.ending.drifting), (1, 0));
//! assert!((ours.ending.top.unwrap() - 1.0).abs() < 0.01);
//! assert!(ours.penetration.max < 0.01);
//! assert!(ours.misses(&ours).is_empty());
//! ```

/// Generates trait methods that hand each call on to `self.inner` with the same arguments,
/// counting the calls and their `Ok` answers in the [`Counts`](dim3::Counts) `self.$counts`
/// when one is named: `method(argument: Type, …) -> Return[, counted in counts];`.
macro_rules! delegate {
    ($($method:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $(, counted in $counts:ident)?;)*) => {$(
        fn $method(&self, $($arg: $ty),*) -> $ret {
            let answer = self.inner.$method($($arg),*);
            $(
                self.$counts.calls.fetch_add(1, Ordering::Relaxed);
                if answer.is_ok() {
                    self.$counts.answered.fetch_add(1, Ordering::Relaxed);
                }
            )?
            answer
        }
    )*};
}

/// The items every flavour shares: the scene type, the dispatcher counter and the measures.
/// `$sat_rapier` is the flavour's sat-rapier crate, `$flavour` the world's module; `$boxes` is the macro that
/// expands the dimension's `placed` (the f64 sat-core box of a cuboid at a pose) and
/// `sideways` (the horizontal length of an offset).
macro_rules! flavour {
    ($sat_rapier:ident, $flavour:ident, $boxes:ident) => {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};

        use $sat_rapier::SatDispatcher;
        use $sat_rapier::rapier::parry::query::details::NormalConstraints;
        use $sat_rapier::rapier::parry::query::{
            ClosestPoints, Contact, ContactManifoldsWorkspace, DefaultQueryDispatcher,
            NonlinearRigidMotion, PersistentQueryDispatcher, QueryDispatcher, ShapeCastHit,
            ShapeCastOptions, ShapeDistance, ShapeIntersection, Unsupported,
        };
        use $sat_rapier::rapier::prelude::*;

        use crate::scenes::{DRIFT, Ending, Penetration, Quality, is_sampled};
        use crate::world::$flavour::{Integration, World};

        /// One of rapier's example scenes: its file, and how to build and step it.
        #[derive(Clone, Copy, Debug)]
        pub struct Scene {
            /// rapier's file, e.g. `examples2d/stress_tests/vertical_stacks2.rs`.
            pub file: &'static str,
            /// What it holds, in a few words.
            pub summary: &'static str,
            /// Builds it into an empty world: gravity and parameters where the file sets them,
            /// bodies, colliders, joints.
            pub build: fn(&mut World),
            /// What the file's loop does after every step, if anything (`drum2` sets its
            /// drum's angular velocity).
            pub after_step: Option<fn(&mut World)>,
            /// Whether it is a stack or pyramid, whose highest body's final height is worth
            /// reporting.
            pub stack: bool,
        }

        impl Scene {
            /// A world of `integration` holding the scene.
            pub fn world(&self, integration: Integration) -> World {
                let mut world = World::new(integration);
                (self.build)(&mut world);
                world
            }

            /// One step as the file's loop takes it: the world's step with `hooks`, then
            /// [`after_step`](Self::after_step).
            pub fn step(&self, world: &mut World, hooks: &dyn PhysicsHooks) {
                world.step_with(hooks, &());
                if let Some(after_step) = self.after_step {
                    after_step(world);
                }
            }

            /// `steps` steps with the world's integration's hooks.
            pub fn run(&self, world: &mut World, steps: usize) {
                let hooks = world.integration.hooks();
                for _ in 0..steps {
                    self.step(world, &*hooks);
                }
            }

            /// [`run`](Self::run), measured: the penetration [`sample`]d at the steps
            /// [`is_sampled`](crate::scenes::is_sampled) picks, and the [`ending`].
            pub fn run_measured(&self, world: &mut World, steps: usize) -> Quality {
                let (hooks, start) = (world.integration.hooks(), Start::of(world));
                let mut penetration = Penetration::default();
                for step in 0..steps {
                    self.step(world, &*hooks);
                    if is_sampled(step, steps) {
                        sample(world, &mut penetration);
                    }
                }
                Quality {
                    penetration,
                    ending: ending(world, &start),
                }
            }

            /// Steps the scene `steps` steps with `SatDispatcher` [`Counted`], chained before
            /// parry's dispatcher, and asserts that every solver contact stays finite after
            /// every step and every body at the end, and that `SatDispatcher` answered at least
            /// `answered` manifold computations.
            pub fn assert_answers_and_stays_finite(&self, steps: usize, answered: usize) {
                let name = self.file;
                let (sat, counts) = Counted::new(SatDispatcher::default());
                let narrow_phase =
                    NarrowPhase::with_query_dispatcher(sat.chain(DefaultQueryDispatcher));
                let mut world = World::with_narrow_phase(Integration::Dispatcher, narrow_phase);
                (self.build)(&mut world);
                for _ in 0..steps {
                    self.step(&mut world, &());
                    assert!(world.solver_contacts_are_finite(), "{name}");
                }
                let finite = world
                    .bodies
                    .iter()
                    .all(|(_, b)| b.translation().is_finite() && b.linvel().is_finite());
                assert!(finite, "{name}: a body left the finite numbers");
                let got = counts.answered.load(Ordering::Relaxed);
                println!("{name}: SatDispatcher answered {got} manifold computations");
                assert!(got >= answered, "{name}: SatDispatcher answered {got}");
            }

            /// Asserts that after `steps` steps the scene with the dispatcher misses none of
            /// issue 28's quality goals ([`Quality::misses`]) against rapier's default.
            pub fn assert_no_worse(&self, steps: usize) {
                let name = self.file;
                let base = self.run_measured(&mut self.world(Integration::Default), steps);
                let ours = self.run_measured(&mut self.world(Integration::Dispatcher), steps);
                println!("{name}: default {base:?}\n  dispatcher {ours:?}");
                assert!(base.penetration.pairs > 0, "{name}: no box pairs");
                let misses = ours.misses(&base);
                assert!(misses.is_empty(), "{name}: {}", misses.join(", "));
            }
        }

        /// What a [`Counted`] dispatcher was asked: contact-manifold computations, and how many
        /// of them the wrapped dispatcher answered (the rest it left to the next in a chain).
        #[derive(Debug, Default)]
        pub struct Counts {
            /// `contact_manifolds` calls.
            pub calls: AtomicUsize,
            /// Of them, those answered (`Ok`).
            pub answered: AtomicUsize,
        }

        /// A query dispatcher that hands every query on to `D`, counting the contact-manifold
        /// computations (rapier's narrow phase calls `contact_manifolds` once per pair whose
        /// contacts it does not recycle). Wrap every world's dispatcher alike, so the count
        /// costs each the same.
        pub struct Counted<D> {
            inner: D,
            counts: Arc<Counts>,
        }

        impl<D> Counted<D> {
            /// `inner`, counted, and a handle on its counts.
            pub fn new(inner: D) -> (Counted<D>, Arc<Counts>) {
                let counts = Arc::new(Counts::default());
                let counted = Counted {
                    inner,
                    counts: counts.clone(),
                };
                (counted, counts)
            }
        }

        /// An empty world of `integration`, its dispatcher (the one [`World::new`] gives it)
        /// [`Counted`]: what the benches step, so every integration's count costs it the same.
        pub fn counted_world(integration: Integration) -> (World, Arc<Counts>) {
            let (narrow_phase, counts) = if integration == Integration::Dispatcher {
                let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
                let (counted, counts) = Counted::new(chain);
                (NarrowPhase::with_query_dispatcher(counted), counts)
            } else {
                let (counted, counts) = Counted::new(DefaultQueryDispatcher);
                (NarrowPhase::with_query_dispatcher(counted), counts)
            };
            (World::with_narrow_phase(integration, narrow_phase), counts)
        }

        impl<D: QueryDispatcher> QueryDispatcher for Counted<D> {
            delegate! {
                intersection_test(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape)
                    -> Result<ShapeIntersection, Unsupported>;
                distance(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape)
                    -> Result<ShapeDistance, Unsupported>;
                contact(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape, prediction: Real)
                    -> Result<Option<Contact>, Unsupported>;
                closest_points(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape, max_dist: Real)
                    -> Result<ClosestPoints, Unsupported>;
                cast_shapes(
                    pos12: &Pose, vel12: Vector, g1: &dyn Shape, g2: &dyn Shape,
                    options: ShapeCastOptions
                ) -> Result<Option<ShapeCastHit>, Unsupported>;
                cast_shapes_nonlinear(
                    motion1: &NonlinearRigidMotion, g1: &dyn Shape,
                    motion2: &NonlinearRigidMotion, g2: &dyn Shape,
                    start: Real, end: Real, stop_at_penetration: bool
                ) -> Result<Option<ShapeCastHit>, Unsupported>;
            }
        }

        impl<D: PersistentQueryDispatcher<ContactManifoldData, ContactData>>
            PersistentQueryDispatcher<ContactManifoldData, ContactData> for Counted<D>
        {
            delegate! {
                contact_manifolds(
                    pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape, prediction: Real,
                    manifolds: &mut Vec<ContactManifold>,
                    workspace: &mut Option<ContactManifoldsWorkspace>
                ) -> Result<(), Unsupported>, counted in counts;
                contact_manifold_convex_convex(
                    pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape,
                    normal_constraints1: Option<&dyn NormalConstraints>,
                    normal_constraints2: Option<&dyn NormalConstraints>,
                    prediction: Real, manifold: &mut ContactManifold
                ) -> Result<(), Unsupported>;
            }
        }

        /// Where each dynamic body starts.
        #[derive(Clone, Debug)]
        pub struct Start(Vec<(RigidBodyHandle, Vector)>);

        impl Start {
            /// The dynamic bodies of `world` and where they are.
            pub fn of(world: &World) -> Start {
                let dynamic = world.bodies.iter().filter(|(_, b)| b.is_dynamic());
                Start(dynamic.map(|(h, b)| (h, b.translation())).collect())
            }
        }

        $boxes!();

        /// The boxes of a collider in f64, as rapier placed them: the collider's own cuboid,
        /// or the cuboid parts of its compound shape; none for any other shape.
        fn boxes(collider: &Collider) -> Vec<Placed> {
            let shape = collider.shape();
            if let Some(cuboid) = shape.as_cuboid() {
                return vec![placed(collider.position(), cuboid.half_extents)];
            }
            let Some(compound) = shape.as_compound() else {
                return Vec::new();
            };
            compound
                .shapes()
                .iter()
                .filter_map(|(part, shape)| {
                    let cuboid = shape.as_cuboid()?;
                    Some(placed(&(collider.position() * part), cuboid.half_extents))
                })
                .collect()
        }

        /// Adds to `penetration` the box pairs of `world` as its bodies stand now (see
        /// [`Penetration`](crate::scenes::Penetration)): every pair of colliders the broad
        /// phase reports (rapier's contact pairs, whatever their contacts) with a dynamic body,
        /// each pair of their cuboids (a compound's parts one by one) whose gap, sat-core's f64
        /// separation, is below the prediction distance counting once.
        pub fn sample(world: &World, penetration: &mut Penetration) {
            let near = f64::from(world.params.prediction_distance());
            for pair in world.narrow_phase.contact_pairs() {
                let c1 = &world.colliders[pair.collider1];
                let c2 = &world.colliders[pair.collider2];
                let dynamic = [c1, c2]
                    .iter()
                    .any(|c| c.parent().is_some_and(|b| world.bodies[b].is_dynamic()));
                if !dynamic {
                    continue;
                }
                let (boxes1, boxes2) = (boxes(c1), boxes(c2));
                for a in &boxes1 {
                    for b in &boxes2 {
                        let gap = a.separation(b).gap;
                        if gap < near {
                            penetration.add(gap);
                        }
                    }
                }
            }
        }

        /// The dynamic bodies of `start` still in `world`, as they end (see
        /// [`Ending`](crate::scenes::Ending)).
        pub fn ending(world: &World, start: &Start) -> Ending {
            let mut end = Ending::default();
            let mut speed = 0.0;
            for &(handle, at) in &start.0 {
                let Some(body) = world.bodies.get(handle) else {
                    continue;
                };
                end.dynamic += 1;
                end.asleep += usize::from(body.is_sleeping());
                speed += f64::from(body.linvel().length());
                if sideways(body.translation() - at) > DRIFT {
                    end.drifting += 1;
                }
                let y = f64::from(body.translation().y);
                end.top = Some(end.top.map_or(y, |top: f64| top.max(y)));
            }
            end.mean_speed = speed / end.dynamic.max(1) as f64;
            end
        }
    };
}

/// The 3D `placed` and `sideways` (see [`flavour!`]).
macro_rules! boxes3 {
    () => {
        /// A box in f64.
        type Placed = sat_core::DObb3;

        /// The f64 box of half-extents `he` at `pose` (every f32 number widened exactly; the
        /// rotation is `R(q)/|q|²` in f64).
        fn placed(pose: &Pose, he: Vector) -> Placed {
            use glam::{DQuat, DVec3};
            let wide = |v: Vector| DVec3::from_array(v.to_array().map(f64::from));
            let q = DQuat::from_array(pose.rotation.to_array().map(f64::from));
            Placed::new(wide(pose.translation), wide(he), q)
        }

        /// The length of `offset` across gravity (along x and z).
        fn sideways(offset: Vector) -> f64 {
            f64::from(offset.with_y(0.0).length())
        }
    };
}

/// The 2D `placed` and `sideways` (see [`flavour!`]).
macro_rules! boxes2 {
    () => {
        /// A box in f64.
        type Placed = sat_core::DObb2;

        /// The f64 box of half-extents `he` at `pose` (every f32 number widened exactly; the
        /// rotation's `(cos, sin)` normalised in f64).
        fn placed(pose: &Pose, he: Vector) -> Placed {
            use glam::{DMat2, DVec2};
            let wide = |v: Vector| DVec2::from_array(v.to_array().map(f64::from));
            let x = DVec2::new(pose.rotation.re.into(), pose.rotation.im.into()).normalize();
            Placed::from_axes(
                wide(pose.translation),
                wide(he),
                DMat2::from_cols(x, x.perp()),
            )
        }

        /// The length of `offset` across gravity (along x).
        fn sideways(offset: Vector) -> f64 {
            f64::from(offset.x.abs())
        }
    };
}

/// How far from its start a body must have moved sideways (across gravity) to count as
/// drifting.
pub const DRIFT: f64 = 0.5;

/// Penetration below this is rounding: [`Quality::misses`] compares penetrations above it.
pub const PENETRATION_FLOOR: f64 = 1e-4;

/// Whether step `step` (from 0) of a run of `steps` is a penetration sample: every 5th step back
/// from the last, over the last third of the run (so a run's quality is not one pose's luck).
pub fn is_sampled(step: usize, steps: usize) -> bool {
    let from_end = steps - 1 - step;
    from_end <= steps / 3 && from_end.is_multiple_of(5)
}

/// The penetration of the box pairs within the prediction distance, summed over the samples a
/// flavour's `sample` took: each pair counts once per sample, with a penetration of
/// `max(0, −gap)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Penetration {
    /// Box pairs counted, over every sample.
    pub pairs: usize,
    /// Their penetrations summed.
    pub sum: f64,
    /// The deepest.
    pub max: f64,
}

impl Penetration {
    /// Counts a pair whose gap is `gap`.
    fn add(&mut self, gap: f64) {
        self.pairs += 1;
        self.sum += (-gap).max(0.0);
        self.max = self.max.max(-gap);
    }

    /// The mean penetration per pair (0 without pairs).
    pub fn mean(&self) -> f64 {
        self.sum / self.pairs.max(1) as f64
    }
}

/// What the dynamic bodies of a world look like at the end of a run (a flavour's `ending`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ending {
    /// Dynamic bodies.
    pub dynamic: usize,
    /// Of them, those asleep.
    pub asleep: usize,
    /// Their mean speed (length of the linear velocity).
    pub mean_speed: f64,
    /// Those more than [`DRIFT`] sideways from where they started.
    pub drifting: usize,
    /// The height of the highest one's centre (`None` without dynamic bodies).
    pub top: Option<f64>,
}

impl Ending {
    /// Whether every dynamic body is asleep.
    pub fn all_asleep(&self) -> bool {
        self.dynamic > 0 && self.asleep == self.dynamic
    }
}

/// A run's quality: its penetration samples and its ending.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Quality {
    /// The penetration of its box pairs, over the samples.
    pub penetration: Penetration,
    /// Its dynamic bodies at the end.
    pub ending: Ending,
}

impl Quality {
    /// Where this run is worse than `base`, by issue 28's quality goals: mean and worst
    /// penetration more than 10% deeper (and deeper than [`PENETRATION_FLOOR`]), more bodies
    /// drifting, fewer asleep. Empty where it is no worse.
    pub fn misses(&self, base: &Quality) -> Vec<String> {
        let mut misses = Vec::new();
        let (ours, theirs) = (&self.penetration, &base.penetration);
        for (what, ours, theirs) in [
            ("mean penetration", ours.mean(), theirs.mean()),
            ("worst penetration", ours.max, theirs.max),
        ] {
            if ours > (1.1 * theirs).max(PENETRATION_FLOOR) {
                misses.push(format!("{what} {ours:.5} vs {theirs:.5}"));
            }
        }
        let (ours, theirs) = (&self.ending, &base.ending);
        if ours.drifting > theirs.drifting {
            misses.push(format!("drifting {} vs {}", ours.drifting, theirs.drifting));
        }
        if ours.asleep < theirs.asleep {
            misses.push(format!("asleep {} vs {}", ours.asleep, theirs.asleep));
        }
        misses
    }
}

pub mod dim2;
pub mod dim3;
pub mod workspace;

/// The measures and the dispatcher counter for rapier2d-f64 (sat-rapier2d-f64).
#[cfg(feature = "rapier-f64")]
pub mod dim2_f64 {
    flavour!(sat_rapier2d_f64, dim2_f64, boxes2);
}

/// The measures and the dispatcher counter for rapier3d-f64 (sat-rapier3d-f64).
#[cfg(feature = "rapier-f64")]
pub mod dim3_f64 {
    flavour!(sat_rapier3d_f64, dim3_f64, boxes3);
}
