//! rapier box scenes stepped with rapier's default narrow phase and with each sat-rapier integration, in
//! one process and in lockstep (every step of every integration before the next step, the order
//! rotating), so that machine noise hits all of them alike. Reports narrow-phase and whole-step
//! time per step (rapier's `profiler` counters) and their ratios to the default pipeline, as
//! medians over the steps (a step that lost the CPU to another process does not move them).
//!
//! Sleeping is off (as in the notes' measurement), so every scene keeps its whole pile awake and
//! the numbers are the steady cost of a box pile, not of an empty island list.
//!
//! Scenes: the workspace's own, some shaped after rapier's examples but smaller and awake (rapier's
//! own scenes, as rapier writes them, are in `benches/rapier_own_scenes.rs`): settled piles
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

/// The median of `values` (the machine is shared: medians shrug off the steps that lost the CPU).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The median over steps of `base[i] / other[i]`: how many times faster `other` was.
fn ratio(base: &[f64], other: &[f64]) -> f64 {
    median(base.iter().zip(other).map(|(b, o)| b / o).collect())
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

            /// A body with its colliders.
            pub type Body = (RigidBodyBuilder, Vec<ColliderBuilder>);

            /// Scene contents: each body with its colliders.
            pub type Scene = Vec<Body>;

            /// A world (`sat_oracle::world`) with the hooks it steps with and what the bench
            /// records of it.
            struct World {
                physics: Physics,
                hooks: Box<dyn PhysicsHooks>,
                counts: Arc<Counts>,
                times: Times,
            }

            impl World {
                fn new(integration: usize, scene: &Scene) -> World {
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
            pub fn run(scene: &Scene, steps: usize) -> [Times; 4] {
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
            pub fn normals_on_same_poses(scene: &Scene, settle: usize) -> super::Normals {
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
            pub fn hook_cost(scene: &Scene, settle: usize) -> super::HookCost {
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
        fn $name(scene: &$f32::Scene) -> $f64::Scene {
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

/// A fixed ground slab whose top face is the plane `y = 0`: half-extents `half_width` ×
/// `half_height` (× `half_width`).
fn ground3(half_width: f32, half_height: f32) -> dim3::Body {
    use rapier3d::prelude::*;
    (
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -half_height, 0.0)),
        vec![ColliderBuilder::cuboid(half_width, half_height, half_width)],
    )
}

/// A dynamic body that never sleeps at `at`, one cuboid collider of `half_extents`.
fn awake_box3(at: rapier3d::math::Vector, half_extents: [f32; 3]) -> dim3::Body {
    use rapier3d::prelude::*;
    let [x, y, z] = half_extents;
    (
        RigidBodyBuilder::dynamic().can_sleep(false).translation(at),
        vec![ColliderBuilder::cuboid(x, y, z)],
    )
}

/// [`ground3`] in 2D.
fn ground2(half_width: f32, half_height: f32) -> dim2::Body {
    use rapier2d::prelude::*;
    (
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -half_height)),
        vec![ColliderBuilder::cuboid(half_width, half_height)],
    )
}

/// [`awake_box3`] in 2D.
fn awake_box2(at: rapier2d::math::Vector, half_extents: [f32; 2]) -> dim2::Body {
    use rapier2d::prelude::*;
    let [x, y] = half_extents;
    (
        RigidBodyBuilder::dynamic().can_sleep(false).translation(at),
        vec![ColliderBuilder::cuboid(x, y)],
    )
}

/// After rapier's boxes3 (awake): a thin ground and 10×10×10 unit-half-extent cubes at pitch 2, each layer
/// shifted by −0.45 more than the one below.
fn boxes3() -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut scene = vec![ground3(200.1, 0.1)];
    for j in 0..10 {
        let offset = -10.0 - 0.45 * j as Real;
        for i in 0..10 {
            for k in 0..10 {
                let at = Vector::new(
                    2.0 * i as Real - 10.0 + offset,
                    2.0 * j as Real + 1.0,
                    2.0 * k as Real - 10.0 + offset,
                );
                scene.push(awake_box3(at, [1.0; 3]));
            }
        }
    }
    scene
}

/// After an older rapier's pyramid3, `layers` layers, awake: layer `i` has `(layers − i)²` boxes of half-extent
/// 0.975 at pitch 2.25, centred (so each rests on four below), 2.5 above the one below.
fn pyramid3(layers: usize) -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut scene = vec![ground3(100.0, 1.0)];
    for at in sat_oracle::harness::dim3::pyramid_centres(layers, |i| 1.0 + 2.5 * i as Real) {
        scene.push(awake_box3(at, [0.975; 3]));
    }
    scene
}

/// Where the filter pays: `n × n` planks (half-extents 1 × 0.1 × 0.1) lying on the ground turned
/// 45°, in parallel rows 0.3 apart and 2.2 apart along a row. Each plank's AABB overlaps a dozen
/// others while the planks themselves stay 0.1 apart: pairs the broad phase reports and the
/// filter can prove separated.
fn planks3(n: usize) -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut scene = vec![ground3(100.0, 0.5)];
    let turn = std::f32::consts::FRAC_PI_4;
    let (along, across) = (
        Vector::new(turn.cos(), 0.0, -turn.sin()),
        Vector::new(turn.sin(), 0.0, turn.cos()),
    );
    for a in 0..n {
        for b in 0..n {
            let at =
                along * (2.2 * a as Real) + across * (0.3 * b as Real) + Vector::new(0.0, 0.1, 0.0);
            scene.push((
                RigidBodyBuilder::dynamic()
                    .can_sleep(false)
                    .translation(at)
                    .rotation(Vector::new(0.0, turn, 0.0)),
                vec![ColliderBuilder::cuboid(1.0, 0.1, 0.1)],
            ));
        }
    }
    scene
}

/// After rapier's pyramid2, `rows` rows of boxes of half-extent 0.5, awake.
fn pyramid2(rows: usize) -> dim2::Scene {
    use rapier2d::prelude::*;
    let mut scene = vec![ground2(1000.0, 1.0)];
    for i in 0..rows {
        for j in i..rows {
            let x = (j as Real - i as Real * 0.5 - (rows - 1) as Real * 0.5) * 1.0;
            scene.push(awake_box2(Vector::new(x, 0.5 + i as Real), [0.5; 2]));
        }
    }
    scene
}

/// `stacks` columns of `height` boxes of half-extent 0.5, 2 apart.
fn columns2(stacks: usize, height: usize) -> dim2::Scene {
    use rapier2d::prelude::*;
    let mut scene = vec![ground2(1000.0, 1.0)];
    for s in 0..stacks {
        for h in 0..height {
            let at = Vector::new(2.0 * s as Real - stacks as Real, 0.5 + h as Real);
            scene.push(awake_box2(at, [0.5; 2]));
        }
    }
    scene
}

/// Points of a square grid of `pitch` filling the disc of `radius` (the `z` slices of a drum).
fn disc_grid(radius: f32, pitch: f32) -> impl Iterator<Item = (f32, f32)> {
    let n = (radius / pitch) as i32;
    (-n..=n)
        .flat_map(move |i| (-n..=n).map(move |j| (i as f32 * pitch, j as f32 * pitch)))
        .filter(move |(x, y)| x.hypot(*y) <= radius)
}

/// A tumbling drum: a kinematic 24-sided drum of radius 8 and depth 12 (cuboid walls and end
/// caps on one body) turning at 25°/s about its horizontal axis, with `n` boxes of random
/// half-extents 0.15–0.4, turned at random, filling it from the bottom: about half the pairs
/// move every step, so rapier recomputes them.
fn drum3(n: usize) -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut rng = Pcg64::seed_from_u64(3);
    let (radius, walls, depth) = (8.0f32, 24, 6.0f32);
    let mut drum = Vec::new();
    for k in 0..walls {
        let a = k as f32 / walls as f32 * std::f32::consts::TAU;
        let half = radius * (std::f32::consts::PI / walls as f32).tan() + 0.3;
        drum.push(
            ColliderBuilder::cuboid(half, 0.3, depth)
                .translation(Vector::new(a.sin(), -a.cos(), 0.0) * (radius + 0.3))
                .rotation(Vector::new(0.0, 0.0, a)),
        );
    }
    for z in [-depth - 0.3, depth + 0.3] {
        drum.push(
            ColliderBuilder::cuboid(radius + 1.0, radius + 1.0, 0.3)
                .translation(Vector::new(0.0, 0.0, z)),
        );
    }
    let turning = RigidBodyBuilder::kinematic_velocity_based().angvel(Vector::new(
        0.0,
        0.0,
        25f32.to_radians(),
    ));
    let mut scene = vec![(turning, drum)];
    let mut slots: Vec<(f32, f32, f32)> = disc_grid(radius - 0.6, 0.85)
        .flat_map(|(x, y)| (-6..=6).map(move |k| (x, y, k as f32 * 0.85)))
        .collect();
    slots.sort_by(|a, b| a.1.total_cmp(&b.1)); // from the bottom up
    for &(x, y, z) in slots.iter().take(n) {
        let he: [f32; 3] = core::array::from_fn(|_| rng.random_range(0.15..0.4));
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(x, y, z))
                .rotation(quat(&mut rng).to_scaled_axis()),
            vec![ColliderBuilder::cuboid(he[0], he[1], he[2])],
        ));
    }
    scene
}

/// The 2D drum: a kinematic 48-sided drum of radius 30 turning at 25°/s with `n` boxes of
/// random half-extents 0.15–0.4 filling it from the bottom.
fn drum2(n: usize) -> dim2::Scene {
    use rapier2d::prelude::*;
    let mut rng = Pcg64::seed_from_u64(4);
    let (radius, walls) = (30.0f32, 48);
    let drum = (0..walls)
        .map(|k| {
            let a = k as f32 / walls as f32 * std::f32::consts::TAU;
            let half = radius * (std::f32::consts::PI / walls as f32).tan() + 0.3;
            ColliderBuilder::cuboid(half, 0.3)
                .translation(Vector::new(a.sin(), -a.cos()) * (radius + 0.3))
                .rotation(a)
        })
        .collect();
    let turning = RigidBodyBuilder::kinematic_velocity_based().angvel(25f32.to_radians());
    let mut scene = vec![(turning, drum)];
    let mut slots: Vec<(f32, f32)> = disc_grid(radius - 0.6, 0.85).collect();
    slots.sort_by(|a, b| a.1.total_cmp(&b.1));
    for &(x, y) in slots.iter().take(n) {
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(x, y))
                .rotation(rng.random_range(0.0..std::f32::consts::TAU)),
            vec![ColliderBuilder::cuboid(
                rng.random_range(0.15..0.4),
                rng.random_range(0.15..0.4),
            )],
        ));
    }
    scene
}

/// A domino cascade: `rows` rows of `per_row` dominoes (half-extents 0.05 × 0.5 × 0.25, 0.6
/// apart) standing on the ground, the first of each row pushed over: the pairs along the moving
/// front are recomputed every step.
fn dominoes3(rows: usize, per_row: usize) -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut scene = vec![ground3(200.0, 0.5)];
    for r in 0..rows {
        for d in 0..per_row {
            let mut body = RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(d as f32 * 0.6, 0.5, r as f32 * 1.0));
            if d == 0 {
                body = body.angvel(Vector::new(0.0, 0.0, -4.0));
            }
            scene.push((body, vec![ColliderBuilder::cuboid(0.05, 0.5, 0.25)]));
        }
    }
    scene
}

/// Box sensors: `sensors` trigger boxes (half-extents 0.3–1.0, turned at random, fixed) in a
/// 40 × 20 × 40 volume and `movers` boxes falling through them with random velocities: rapier
/// runs an intersection test for every sensor pair every step.
fn sensors3(sensors: usize, movers: usize) -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut rng = Pcg64::seed_from_u64(5);
    let mut scene = vec![ground3(100.0, 0.5)];
    let at = |rng: &mut Pcg64, y: std::ops::Range<f32>| {
        Vector::new(
            rng.random_range(-20.0..20.0),
            rng.random_range(y),
            rng.random_range(-20.0..20.0),
        )
    };
    for _ in 0..sensors {
        let he: [f32; 3] = core::array::from_fn(|_| rng.random_range(0.3..1.0));
        scene.push((
            RigidBodyBuilder::fixed()
                .translation(at(&mut rng, 1.0..20.0))
                .rotation(quat(&mut rng).to_scaled_axis()),
            vec![ColliderBuilder::cuboid(he[0], he[1], he[2]).sensor(true)],
        ));
    }
    for _ in 0..movers {
        let velocity: [f32; 3] = core::array::from_fn(|_| rng.random_range(-3.0..3.0));
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(at(&mut rng, 20.0..40.0))
                .linvel(Vector::from_array(velocity)),
            vec![ColliderBuilder::cuboid(0.3, 0.3, 0.3)],
        ));
    }
    scene
}

/// Compound shapes: `n` tables (a 1.2 × 0.1 × 0.8 top on two 0.1 × 0.4 × 0.7 legs, one compound
/// collider of three cuboids) dropped turned at random onto a pile: every contact is between
/// cuboid parts.
fn compounds3(n: usize) -> dim3::Scene {
    use rapier3d::prelude::*;
    let mut rng = Pcg64::seed_from_u64(6);
    let mut scene = vec![ground3(100.0, 0.5)];
    let side = (n as f32).sqrt().ceil() as usize;
    for k in 0..n {
        let (i, j) = (k % side, k / side);
        let table = ColliderBuilder::compound(vec![
            (
                Pose::translation(0.0, 0.45, 0.0),
                SharedShape::cuboid(1.2, 0.1, 0.8),
            ),
            (
                Pose::translation(-1.0, 0.0, 0.0),
                SharedShape::cuboid(0.1, 0.4, 0.7),
            ),
            (
                Pose::translation(1.0, 0.0, 0.0),
                SharedShape::cuboid(0.1, 0.4, 0.7),
            ),
        ]);
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(
                    (i as f32 - side as f32 / 2.0) * 1.6,
                    1.0 + (k % 4) as f32 * 2.0,
                    (j as f32 - side as f32 / 2.0) * 1.2,
                ))
                .rotation(quat(&mut rng).to_scaled_axis()),
            vec![table],
        ));
    }
    scene
}

/// A random unit quaternion.
fn quat(rng: &mut Pcg64) -> glam::Quat {
    let angles: [f32; 3] = core::array::from_fn(|_| rng.random_range(0.0..std::f32::consts::TAU));
    glam::Quat::from_euler(glam::EulerRot::XYZ, angles[0], angles[1], angles[2])
}

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
    let results: Results = vec![
        ("boxes3 (1000 cubes)", dim3::run(&boxes3(), steps)),
        (
            "planks3 (30 × 30 planks turned 45°)",
            dim3::run(&planks3(30), steps),
        ),
        (
            "pyramid3 (15 layers, 1240 boxes)",
            dim3::run(&pyramid3(15), steps),
        ),
        (
            "pyramid2 (60 rows, 1830 boxes)",
            dim2::run(&pyramid2(60), steps),
        ),
        ("columns2 (30 × 30)", dim2::run(&columns2(30, 30), steps)),
        ("drum3 (2500 boxes)", dim3::run(&drum3(2500), steps)),
        ("drum2 (3000 boxes)", dim2::run(&drum2(3000), steps)),
        ("dominoes3 (40 × 50)", dim3::run(&dominoes3(40, 50), steps)),
        (
            "sensors3 (2000 sensors, 500 boxes)",
            dim3::run(&sensors3(2000, 500), steps),
        ),
        (
            "compounds3 (600 tables)",
            dim3::run(&compounds3(600), steps),
        ),
    ];
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
