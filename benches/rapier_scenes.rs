//! rapier box scenes stepped with rapier's default narrow phase and with each sat-rapier integration, in
//! one process and in lockstep (every step of every integration before the next step, the order
//! rotating), so that machine noise hits all of them alike. Reports narrow-phase and whole-step
//! time per step (rapier's `profiler` counters) and their ratios to the default pipeline, as
//! medians over the steps (a step that lost the CPU to another process does not move them).
//!
//! Sleeping is off (as in the notes' measurement), so every scene keeps its whole pile awake and
//! the numbers are the steady cost of a box pile, not of an empty island list.
//!
//! Scenes: the workspace's own (`sat_oracle::scenes::workspace`), some shaped after rapier's
//! examples but smaller and awake (rapier's own scenes, as rapier writes them, are in
//! `benches/rapier_own_scenes.rs`): settled piles
//! (`boxes3`, `planks3`, `pyramid3`, `pyramid2`, `columns2`), where rapier recycles nearly every
//! pair's contacts, and busy ones where it calls the dispatcher: tumbling drums (`drum3`,
//! `drum2`), a domino cascade, box sensors (an intersection test per sensor pair every step) and
//! compound shapes of cuboids.
//!
//! A second table shows what rapier got from each integration's contacts: manifold points and solver
//! contacts per contact pair, and the mean and worst penetration of cuboid pairs, measured the
//! same way for every integration (sat-core's separation of the two colliders' boxes after the step).
//!
//! The last column counts the contact-manifold computations the narrow phase asked of its
//! dispatcher per step: every other pair update was served by rapier's contact recycling, which
//! no dispatcher can speed up.
//!
//! Integrations: `default` (rapier as is), `dispatcher` (`SatDispatcher` chained before the default
//! dispatcher), `filter` (`SatContactFilter` on every collider), `pass-through` (a hook that
//! filters nothing on every collider: what any contact hook costs, since rapier stops recycling
//! the contacts of pairs with active hooks).
//!
//! Three smaller comparisons follow, also alternated batch by batch in one process: the cost of one
//! full cuboid–cuboid manifold computation (parry's vs `SatDispatcher`'s, on resting and random
//! pairs, no cached points to reuse), which bounds what the query dispatcher can save, and the two
//! ways of turning a pose into an `Obb3` (`from_axes` with glam's rotation matrix, which the
//! adapter uses, vs `Obb3::new`, which builds the matrix in f64); and what one hook call costs per
//! contact pair of a settled scene (the filter vs the pass-through hook, called directly): what
//! the filter must win back by culling.
//!
//! Last, the double-precision builds (sat-rapier3d-f64, sat-rapier2d-f64 in rapier3d-f64 and
//! rapier2d-f64): settled piles (`pyramid3`, `pyramid2`) and a busy scene (`drum3`), the same
//! scenes rebuilt in f64, stepped in lockstep with every integration, with the same tables
//! (times, contact quality, the filter against the pass-through hook, hook cost, and the normals
//! of the drums on the same poses).
//!
//! ```sh
//! cargo bench --bench rapier_scenes            # every scene, 300 steps (5 simulated seconds)
//! cargo bench --bench rapier_scenes -- 60      # fewer steps
//! cargo bench --bench rapier_scenes -- f64     # only the f64 builds (`f32`: only the f32 ones)
//! ```

use std::hint::black_box;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_oracle::scenes::workspace::{self, Layout, euler_rotation as quat};
use sat_oracle::scenes::workspace::{drum2, drum3, planks3, pyramid2, pyramid3};
use sat_oracle::timing::{median, ratio};

/// Per step of a run: narrow-phase and whole-step milliseconds; and the contact-manifold
/// computations asked of the dispatcher over the run (the rest of the pair updates were recycled
/// by rapier), and the contact pairs at the end.
#[derive(Clone, Default)]
struct Times {
    narrow: Vec<f64>,
    step: Vec<f64>,
    manifold_calls: usize,
    pairs: usize,
    quality: Quality,
}

/// What rapier got from the integration's contacts, summed over the measured steps (the last two thirds
/// of the run) and the contact pairs with an active contact: manifold points, solver contacts,
/// and the penetration of the pair's boxes (`max(0, −gap)` of sat-core's separation of the two
/// cuboid colliders, the same measure for every integration; pairs of plain cuboids with a dynamic
/// body).
#[derive(Clone, Copy, Default)]
struct Quality {
    pairs: usize,
    points: usize,
    solver_contacts: usize,
    box_pairs: usize,
    penetration_sum: f64,
    penetration_max: f64,
}

/// What one hook call costs per contact pair of a settled scene: `(pass-through ns, filter ns,
/// pairs, pairs the filter keeps)`.
type HookCost = (f64, f64, usize, usize);

/// Normals on the same poses: `([pairs compared, normals > 1° apart, ours closer, parry's
/// closer], [largest shortfall of ours, of parry's])`.
type Normals = ([usize; 4], [f64; 2]);

/// The columns, in the order of `sat_oracle::world`'s `Integration::ALL`.
const INTEGRATIONS: [&str; 4] = ["default", "dispatcher", "filter", "pass-through"];

/// Generates the lockstep runner for one dimension.
macro_rules! runner {
    ($module:ident, $rapier:ident, $sat:path, $pair_f64:ident) => {
        mod $module {
            use std::sync::Arc;
            use std::sync::atomic::Ordering;

            use $rapier::parry::query::{DefaultQueryDispatcher, PersistentQueryDispatcher};
            use $rapier::prelude::*;
            use $sat::{SatContactFilter, SatDispatcher, obb};

            use sat_oracle::scenes::$module::{Counts, counted_world};
            use sat_oracle::world::$module::{Integration, PassThrough, World as Physics};

            use super::{INTEGRATIONS, Times};

            /// A scene: each body with its colliders (`sat_oracle::scenes::workspace`).
            pub type Bodies = Vec<(RigidBodyBuilder, Vec<ColliderBuilder>)>;

            /// A world (`sat_oracle::world`) with the hooks it steps with and what the bench
            /// records of it.
            struct World {
                physics: Physics,
                hooks: Box<dyn PhysicsHooks>,
                counts: Arc<Counts>,
                times: Times,
            }

            impl World {
                fn new(integration: usize, scene: &Bodies) -> World {
                    let name = INTEGRATIONS[integration];
                    let integration = Integration::ALL[integration];
                    debug_assert_eq!(integration.name(), name);
                    // Every integration's dispatcher counted alike (`sat_oracle::scenes`).
                    let (mut physics, counts) = counted_world(integration);
                    physics.pipeline.counters.enable();
                    for (body, colliders) in scene {
                        physics.add_compound(body.clone(), colliders.iter().cloned());
                    }
                    World {
                        physics,
                        hooks: integration.hooks(),
                        counts,
                        times: Times::default(),
                    }
                }

                /// Adds this step's contact pairs to `self.times.quality` (see [`Quality`]).
                fn measure_quality(&mut self) {
                    let q = &mut self.times.quality;
                    for pair in self.physics.narrow_phase.contact_pairs() {
                        if !pair.has_any_active_contact() {
                            continue;
                        }
                        q.pairs += 1;
                        for m in pair.manifolds() {
                            q.points += m.points.len();
                            q.solver_contacts += m.data.solver_contacts.len();
                        }
                        let (c1, c2) = (
                            &self.physics.colliders[pair.collider1],
                            &self.physics.colliders[pair.collider2],
                        );
                        let dynamic = [c1, c2].iter().any(|c| {
                            c.parent()
                                .is_some_and(|b| self.physics.bodies[b].is_dynamic())
                        });
                        if let (true, Some(a), Some(b)) = (dynamic, obb(c1), obb(c2)) {
                            let penetration = f64::from((-a.separation(&b).gap).max(0.0));
                            q.box_pairs += 1;
                            q.penetration_sum += penetration;
                            q.penetration_max = q.penetration_max.max(penetration);
                        }
                    }
                }

                fn step(&mut self) {
                    self.physics.step_with(&*self.hooks, &());
                    let counters = &self.physics.pipeline.counters;
                    self.times
                        .narrow
                        .push(counters.cd.narrow_phase_time.time_ms());
                    self.times.step.push(counters.step_time_ms());
                }
            }

            /// Steps one world per integration in lockstep and returns each integration's times.
            pub fn run(scene: &Bodies, steps: usize) -> [Times; 4] {
                let mut worlds: Vec<World> = (0..INTEGRATIONS.len())
                    .map(|d| World::new(d, scene))
                    .collect();
                for step in 0..steps {
                    for k in 0..worlds.len() {
                        worlds[(step + k) % INTEGRATIONS.len()].step();
                    }
                    if step >= steps / 3 {
                        for world in &mut worlds {
                            world.measure_quality();
                        }
                    }
                }
                core::array::from_fn(|d| Times {
                    manifold_calls: worlds[d].counts.calls.load(Ordering::Relaxed),
                    pairs: worlds[d].physics.narrow_phase.contact_pairs().count(),
                    ..worlds[d].times.clone()
                })
            }

            /// Normals on the same poses: steps the scene `settle` steps with the dispatcher,
            /// then recomputes every cuboid pair in contact fresh with parry's dispatcher and
            /// with `SatDispatcher`; where the normals differ by more than 1°, the one whose gap
            /// (support functions in f64) is closer to the best of the 15 candidate axes (in f64)
            /// is right. Returns `(pairs compared, normals > 1° apart, ours closer, parry's
            /// closer)`, a difference below 1e-6 of the boxes' size counting for neither, and
            /// the largest shortfall of each normal's gap from the best (ours, parry's).
            pub fn normals_on_same_poses(scene: &Bodies, settle: usize) -> super::Normals {
                let mut world = World::new(1, scene);
                for _ in 0..settle {
                    world.step();
                }
                let sat = SatDispatcher::default();
                let (mut counts, mut worst) = ([0; 4], [0.0f64; 2]);
                for pair in world.physics.narrow_phase.contact_pairs() {
                    let (c1, c2) = (
                        &world.physics.colliders[pair.collider1],
                        &world.physics.colliders[pair.collider2],
                    );
                    let (Some(s1), Some(s2)) = (c1.shape().as_cuboid(), c2.shape().as_cuboid())
                    else {
                        continue;
                    };
                    let pos12 = c1.position().inv_mul(c2.position());
                    let normal = |d: &dyn PersistentQueryDispatcher<(), ()>| {
                        let mut ms = Vec::new();
                        d.contact_manifolds(&pos12, s1, s2, 0.02, &mut ms, &mut None)
                            .ok()?;
                        ms.into_iter()
                            .find(|m| !m.points.is_empty())
                            .map(|m| m.local_n1)
                    };
                    let (Some(ours), Some(theirs)) =
                        (normal(&sat), normal(&DefaultQueryDispatcher))
                    else {
                        continue;
                    };
                    counts[0] += 1;
                    if ours.dot(theirs) >= Real::to_radians(1.0).cos() {
                        continue;
                    }
                    counts[1] += 1;
                    let (he1, he2) = (s1.half_extents.into(), s2.half_extents.into());
                    let boxes = super::$pair_f64::new(&pos12.into(), he1, he2);
                    let best = boxes.best_gap();
                    let (ours, theirs) = (
                        best - boxes.gap(ours.into()),
                        best - boxes.gap(theirs.into()),
                    );
                    worst = [worst[0].max(ours), worst[1].max(theirs)];
                    let tie = 1e-6 * boxes.size();
                    if ours + tie < theirs {
                        counts[2] += 1;
                    } else if theirs + tie < ours {
                        counts[3] += 1;
                    }
                }
                (counts, worst)
            }

            /// What one `filter_contact_pair` call costs, outside the pipeline: the scene is
            /// settled for `settle` steps with the pass-through hook, then both hooks are called
            /// on every contact pair it holds, alternately (medians over rounds, ns per pair).
            /// Returns `(pass-through ns, filter ns, pairs, pairs the filter keeps)`.
            pub fn hook_cost(scene: &Bodies, settle: usize) -> super::HookCost {
                let mut world = World::new(3, scene);
                for _ in 0..settle {
                    world.step();
                }
                let (bodies, colliders) = (&world.physics.bodies, &world.physics.colliders);
                let pairs: Vec<_> = world
                    .physics
                    .narrow_phase
                    .contact_pairs()
                    .map(|p| (p.collider1, p.collider2))
                    .collect();
                let context = |&(c1, c2): &(ColliderHandle, ColliderHandle)| PairFilterContext {
                    bodies,
                    colliders,
                    rigid_body1: colliders[c1].parent(),
                    rigid_body2: colliders[c2].parent(),
                    collider1: c1,
                    collider2: c2,
                };
                let filter = SatContactFilter::new();
                let kept = pairs
                    .iter()
                    .filter(|p| filter.filter_contact_pair(&context(p)).is_some())
                    .count();
                let (pass, ours) = super::alternate(
                    &pairs,
                    200,
                    |p| {
                        std::hint::black_box(PassThrough.filter_contact_pair(&context(p)));
                    },
                    |p| {
                        std::hint::black_box(filter.filter_contact_pair(&context(p)));
                    },
                );
                (pass, ours, pairs.len(), kept)
            }
        }
    };
}

/// Generates `$name`, a cuboid pair in f64 (the first box at the origin, axis-aligned; the second
/// placed by the pose, its rotation normalised in f64), for judging normals: the signed gap along
/// a direction from support functions, and the best gap over the pair's `candidate_axes`.
macro_rules! box_pair_f64 {
    ($name:ident, $vec:ty, $mat:ty) => {
        struct $name {
            t: $vec,
            rot: $mat,
            he1: $vec,
            he2: $vec,
        }

        impl $name {
            /// The gap of the boxes along `n` (from the first towards the second).
            fn gap(&self, n: $vec) -> f64 {
                let n = n.normalize();
                n.dot(self.t)
                    - self.he1.dot(n.abs())
                    - self.he2.dot((self.rot.transpose() * n).abs())
            }

            /// The largest gap over the candidate axes, either orientation.
            fn best_gap(&self) -> f64 {
                self.candidate_axes()
                    .iter()
                    .map(|&n| {
                        let along = n.dot(self.t).abs();
                        along
                            - self.he1.dot(n.abs())
                            - self.he2.dot((self.rot.transpose() * n).abs())
                    })
                    .fold(f64::NEG_INFINITY, f64::max)
            }

            fn size(&self) -> f64 {
                self.t.length() + self.he1.length() + self.he2.length()
            }
        }
    };
}

box_pair_f64!(BoxPairF64, glam::DVec3, glam::DMat3);

impl BoxPairF64 {
    /// The pair from the flavour's pose and half-extents, widened to f64 (exact).
    fn new(pos12: &rapier3d_f64::math::Pose, he1: glam::DVec3, he2: glam::DVec3) -> BoxPairF64 {
        BoxPairF64 {
            t: pos12.translation,
            rot: glam::DMat3::from_quat(pos12.rotation.normalize()),
            he1,
            he2,
        }
    }

    /// The 15 candidate axes: the faces' normals and the nonzero cross products of the edges.
    fn candidate_axes(&self) -> Vec<glam::DVec3> {
        let a = [glam::DVec3::X, glam::DVec3::Y, glam::DVec3::Z];
        let b = [self.rot.x_axis, self.rot.y_axis, self.rot.z_axis];
        let mut axes: Vec<glam::DVec3> = a.iter().chain(&b).copied().collect();
        for i in a {
            for k in b {
                let l = i.cross(k);
                if l.length() > 1e-9 {
                    axes.push(l.normalize());
                }
            }
        }
        axes
    }
}

runner!(dim3, rapier3d, sat_rapier3d, BoxPairF64);
use sat_rapier3d::SatDispatcher as SatDispatcher3;

box_pair_f64!(BoxPair2F64, glam::DVec2, glam::DMat2);

impl BoxPair2F64 {
    fn new(pos12: &rapier2d_f64::math::Pose, he1: glam::DVec2, he2: glam::DVec2) -> BoxPair2F64 {
        let x = glam::DVec2::new(pos12.rotation.re, pos12.rotation.im).normalize();
        BoxPair2F64 {
            t: pos12.translation,
            rot: glam::DMat2::from_cols(x, x.perp()),
            he1,
            he2,
        }
    }

    /// The 4 candidate axes: the faces' normals.
    fn candidate_axes(&self) -> [glam::DVec2; 4] {
        [
            glam::DVec2::X,
            glam::DVec2::Y,
            self.rot.x_axis,
            self.rot.y_axis,
        ]
    }
}

runner!(dim2, rapier2d, sat_rapier2d, BoxPair2F64);

runner!(dim3_f64, rapier3d_f64, sat_rapier3d_f64, BoxPairF64);
runner!(dim2_f64, rapier2d_f64, sat_rapier2d_f64, BoxPair2F64);

/// Generates `$name`, which rebuilds a scene of plain cuboids of the f32 flavour `$f32` in the
/// f64 flavour `$f64`: body types, poses, velocities and sleeping as given, every collider a
/// cuboid of the same half-extents and pose.
macro_rules! rebuild_in_f64 {
    ($name:ident, $f32:ident, $rapier_f32:ident, $f64:ident, $rapier_f64:ident) => {
        fn $name(scene: &$f32::Bodies) -> $f64::Bodies {
            use $rapier_f32::prelude::RigidBodyType as Type;
            use $rapier_f64::prelude::*;
            scene
                .iter()
                .map(|(body, colliders)| {
                    let mut b = RigidBodyBuilder::new(match body.body_type {
                        Type::Dynamic => RigidBodyType::Dynamic,
                        Type::Fixed => RigidBodyType::Fixed,
                        _ => RigidBodyType::KinematicVelocityBased,
                    });
                    b.position = body.position.into();
                    b.linvel = body.linvel.into();
                    b.angvel = body.angvel.into();
                    b.can_sleep = body.can_sleep;
                    let colliders = colliders
                        .iter()
                        .map(|c| {
                            let cuboid = c.shape.as_cuboid().expect("a cuboid scene");
                            let mut b = ColliderBuilder::new(SharedShape::new(Cuboid::new(
                                cuboid.half_extents.into(),
                            )));
                            b.position = c.position.into();
                            b
                        })
                        .collect();
                    (b, colliders)
                })
                .collect()
        }
    };
}

rebuild_in_f64!(in_f64_3, dim3, rapier3d, dim3_f64, rapier3d_f64);
rebuild_in_f64!(in_f64_2, dim2, rapier2d, dim2_f64, rapier2d_f64);

/// Nanoseconds per call of `a` and `b` over `items`, alternating which goes first, `rounds`
/// times; medians over the rounds.
fn alternate<T>(
    items: &[T],
    rounds: usize,
    mut a: impl FnMut(&T),
    mut b: impl FnMut(&T),
) -> (f64, f64) {
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..rounds {
        for k in 0..2 {
            let which = (round + k) % 2;
            let start = Instant::now();
            for item in items {
                if which == 0 { a(item) } else { b(item) }
            }
            times[which].push(start.elapsed().as_secs_f64() * 1e9 / items.len() as f64);
        }
    }
    let [ta, tb] = times;
    (median(ta), median(tb))
}

/// One full cuboid–cuboid manifold computation (no cached points), parry vs `SatDispatcher`:
/// `(set, parry ns, sat ns)`.
fn manifold_cost() -> Vec<(&'static str, f64, f64)> {
    use rapier3d::parry::query::{
        ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
    };
    use rapier3d::prelude::*;
    type Pair = (Cuboid, Cuboid, Pose);
    let mut rng = Pcg64::seed_from_u64(1);
    // Unit cubes resting on one another: a small tilt and turn, a few mm of overlap or gap.
    let resting: Vec<Pair> = (0..4096)
        .map(|_| {
            let turn = glam::Quat::from_rotation_y(rng.random_range(-0.3..0.3))
                * glam::Quat::from_rotation_x(rng.random_range(-0.02..0.02));
            let at = Vector::new(
                rng.random_range(-0.6..0.6),
                2.0 - rng.random_range(-0.01..0.02),
                rng.random_range(-0.6..0.6),
            );
            (
                Cuboid::new(Vector::ONE),
                Cuboid::new(Vector::ONE),
                Pose::from_parts(at, turn),
            )
        })
        .collect();
    // Random boxes whose centres are closer than their half-extent norms.
    let random: Vec<Pair> = (0..4096)
        .map(|_| {
            let he = |rng: &mut Pcg64| {
                Vector::from_array(core::array::from_fn(|_| rng.random_range(0.2..1.0)))
            };
            let (he1, he2) = (he(&mut rng), he(&mut rng));
            let at =
                quat(&mut rng) * Vector::X * rng.random_range(0.0..he1.length() + he2.length());
            (
                Cuboid::new(he1),
                Cuboid::new(he2),
                Pose::from_parts(at, quat(&mut rng)),
            )
        })
        .collect();
    fn compute<'a>(
        d: &'a dyn PersistentQueryDispatcher<ContactManifoldData, ContactData>,
    ) -> impl FnMut(&Pair) + 'a {
        let mut manifolds = vec![ContactManifold::new()];
        move |(c1, c2, pos12): &Pair| {
            manifolds[0].points.clear();
            d.contact_manifolds(pos12, c1, c2, 0.02, &mut manifolds, &mut None)
                .unwrap();
            black_box(&manifolds);
        }
    }
    let sat = SatDispatcher3::default();
    [("resting cubes", resting), ("random boxes", random)]
        .into_iter()
        .map(|(name, set)| {
            let (parry, ours) =
                alternate(&set, 40, compute(&DefaultQueryDispatcher), compute(&sat));
            (name, parry, ours)
        })
        .collect()
}

/// Building the moving box of a pair and testing it: `Obb3::from_axes(Mat3::from_quat)` vs
/// `Obb3::new`, ns per build and test.
fn conversion_cost() -> (f64, f64) {
    use glam::{Mat3, Vec3};
    use sat_core::Obb3;
    let mut rng = Pcg64::seed_from_u64(2);
    let poses: Vec<(Vec3, glam::Quat, Vec3)> = (0..4096)
        .map(|_| {
            let at = Vec3::from_array(core::array::from_fn(|_| rng.random_range(-1.0..1.0)));
            (at, quat(&mut rng), Vec3::splat(rng.random_range(0.1..1.0)))
        })
        .collect();
    let a = Obb3::from_axes(Vec3::ZERO, Vec3::ONE, Mat3::IDENTITY);
    alternate(
        &poses,
        100,
        |&(t, q, he)| {
            black_box(a.intersects(&Obb3::from_axes(t, he, Mat3::from_quat(q))));
        },
        |&(t, q, he)| {
            black_box(a.intersects(&Obb3::new(t, he, q)));
        },
    )
}

/// The scenes of one flavour with each integration's times and quality.
type Results = Vec<(&'static str, [Times; 4])>;

/// The step-time table: per scene and integration, narrow-phase and step medians, ratios to the
/// default, and the manifold computations asked of the dispatcher.
fn print_times(results: &Results, steps: usize) {
    println!(
        "| scene | integration | narrow phase ms | step ms | narrow phase vs default | step vs default \
         | manifolds computed per step (of pairs) |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (scene, times) in results {
        for (integration, t) in INTEGRATIONS.iter().zip(times) {
            println!(
                "| {scene} | {integration} | {:.3} | {:.3} | {:.2}× faster | {:.2}× faster | {:.0} (of {}) |",
                median(t.narrow.clone()),
                median(t.step.clone()),
                ratio(&times[0].narrow, &t.narrow),
                ratio(&times[0].step, &t.step),
                t.manifold_calls as f64 / steps as f64,
                t.pairs,
            );
        }
    }
}

/// The contact-quality table (see [`Quality`]).
fn print_quality(results: &Results) {
    println!(
        "\nwhat rapier got, over the last two thirds of the steps, per contact pair with an \
         active contact: manifold points, solver contacts; penetration of cuboid pairs with a \
         dynamic body (sat-core's −gap, the same measure for every integration):\n"
    );
    println!(
        "| scene | integration | points per pair | solver contacts per pair | mean penetration \
         | max penetration |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    for (scene, times) in results {
        for (integration, t) in INTEGRATIONS.iter().zip(times) {
            let q = &t.quality;
            let per_pair = |x: usize| x as f64 / q.pairs.max(1) as f64;
            let (mean, max) = if q.box_pairs == 0 {
                ("—".to_string(), "—".to_string()) // no plain cuboid pairs (compounds)
            } else {
                (
                    format!("{:.5}", q.penetration_sum / q.box_pairs as f64),
                    format!("{:.4}", q.penetration_max),
                )
            };
            println!(
                "| {scene} | {integration} | {:.2} | {:.2} | {mean} | {max} |",
                per_pair(q.points),
                per_pair(q.solver_contacts),
            );
        }
    }
}

/// The filter against the pass-through hook, per scene.
fn print_filter_vs_pass_through(results: &Results) {
    println!("\nfilter vs pass-through hook (> 1: the filter is faster):\n");
    println!("| scene | narrow phase | step |");
    println!("|---|---:|---:|");
    for (scene, times) in results {
        println!(
            "| {scene} | {:.2}× | {:.2}× |",
            ratio(&times[3].narrow, &times[2].narrow),
            ratio(&times[3].step, &times[2].step),
        );
    }
}

/// The hook-cost table: `(scene, (pass-through ns, filter ns, pairs, kept))` rows.
fn print_hook_cost(rows: &[(&str, HookCost)]) {
    println!(
        "\none `filter_contact_pair` call per contact pair of a settled scene, outside the \
         pipeline (ns per pair):\n"
    );
    println!("| scene | pairs | kept by the filter | pass-through hook | SatContactFilter |");
    println!("|---|---:|---:|---:|---:|");
    for (scene, (pass, ours, pairs, kept)) in rows {
        println!("| {scene} | {pairs} | {kept} | {pass:.1} | {ours:.1} |");
    }
}

/// The normals table: `(scene, normals_on_same_poses)` rows.
fn print_normals(rows: &[(&str, Normals)], steps: usize) {
    println!(
        "\nnormals on the same poses: after {steps} steps with the dispatcher, every cuboid pair in \
         contact recomputed fresh by both dispatchers; where they differ by more than 1°, whose \
         normal is closer to the best candidate axis (gaps from f64 support functions):\n"
    );
    println!(
        "| scene | pairs | normals > 1° apart | SatDispatcher's closer | parry's closer \
         | largest shortfall, SatDispatcher | largest shortfall, parry |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (scene, ([compared, apart, ours, theirs], [ours_worst, theirs_worst])) in rows {
        println!(
            "| {scene} | {compared} | {apart} | {ours} | {theirs} | {ours_worst:.1e} | \
             {theirs_worst:.1e} |"
        );
    }
}

/// Every table of the f32 builds (rapier3d, rapier2d with sat-rapier3d, sat-rapier2d).
fn f32_builds(steps: usize) {
    let results: Results = workspace::all()
        .into_iter()
        .map(|(name, layout)| {
            let times = match layout {
                Layout::Dim3(bodies) => dim3::run(&bodies, steps),
                Layout::Dim2(bodies) => dim2::run(&bodies, steps),
            };
            (name, times)
        })
        .collect();
    println!(
        "{steps} steps per scene and integration, in lockstep; medians over the steps of the time per \
         step (ms) and of the per-step ratio to the default.\n"
    );
    print_times(&results, steps);
    print_quality(&results);
    print_filter_vs_pass_through(&results);
    println!("\none full cuboid–cuboid manifold computation, no cached points (ns per call):\n");
    println!("| pairs | parry | SatDispatcher | ratio |");
    println!("|---|---:|---:|---:|");
    for (name, parry, ours) in manifold_cost() {
        println!(
            "| {name} | {parry:.0} | {ours:.0} | {:.2}× faster |",
            parry / ours
        );
    }
    print_hook_cost(&[
        ("planks3", dim3::hook_cost(&planks3(30), 60)),
        ("pyramid3", dim3::hook_cost(&pyramid3(15), 60)),
        ("pyramid2", dim2::hook_cost(&pyramid2(60), 60)),
    ]);
    print_normals(
        &[
            ("drum3", dim3::normals_on_same_poses(&drum3(2500), steps)),
            ("drum2", dim2::normals_on_same_poses(&drum2(3000), steps)),
        ],
        steps,
    );
    let (from_axes, new) = conversion_cost();
    println!(
        "\npose → Obb3 + intersects: from_axes(Mat3::from_quat) {from_axes:.1} ns, Obb3::new \
         {new:.1} ns ({:.2}× faster)",
        new / from_axes
    );
}

/// The same tables for the f64 builds (rapier3d-f64, rapier2d-f64 with
/// sat-rapier3d-f64, sat-rapier2d-f64), on f32 scenes rebuilt in f64.
fn f64_builds(steps: usize) {
    let results: Results = vec![
        (
            "pyramid3 (15 layers, 1240 boxes)",
            dim3_f64::run(&in_f64_3(&pyramid3(15)), steps),
        ),
        (
            "drum3 (2500 boxes)",
            dim3_f64::run(&in_f64_3(&drum3(2500)), steps),
        ),
        (
            "pyramid2 (60 rows, 1830 boxes)",
            dim2_f64::run(&in_f64_2(&pyramid2(60)), steps),
        ),
    ];
    println!(
        "\nthe f64 builds (rapier3d-f64, rapier2d-f64 with sat-rapier3d-f64, sat-rapier2d-f64), the \
         same scenes rebuilt in f64, {steps} steps in lockstep:\n"
    );
    print_times(&results, steps);
    print_quality(&results);
    print_filter_vs_pass_through(&results);
    print_hook_cost(&[
        (
            "pyramid3",
            dim3_f64::hook_cost(&in_f64_3(&pyramid3(15)), 60),
        ),
        (
            "pyramid2",
            dim2_f64::hook_cost(&in_f64_2(&pyramid2(60)), 60),
        ),
    ]);
    print_normals(
        &[
            (
                "drum3",
                dim3_f64::normals_on_same_poses(&in_f64_3(&drum3(2500)), steps),
            ),
            (
                "drum2",
                dim2_f64::normals_on_same_poses(&in_f64_2(&drum2(3000)), steps),
            ),
        ],
        steps,
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a bare number sets the step count, `f32` or `f64` runs
    // only those builds' tables.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let steps = args.iter().find_map(|a| a.parse().ok()).unwrap_or(300);
    let named: Vec<&str> = ["f32", "f64"]
        .into_iter()
        .filter(|build| args.iter().any(|a| a == build))
        .collect();
    let only = |build: &str| named.is_empty() || named.contains(&build);
    let started = Instant::now();
    if only("f32") {
        f32_builds(steps);
    }
    if only("f64") {
        f64_builds(steps);
    }
    println!("\ntotal wall time {:.1} s", started.elapsed().as_secs_f64());
}
