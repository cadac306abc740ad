//! rapier's pyramid3 stepped three ways side by side, in lockstep: rapier's default narrow phase,
//! sat-rapier's `SatDispatcher`, and sat-rapier's `SatContactFilter`. Every simulated second it
//! prints how far the top box has drifted from its resting place (stability) and the narrow-phase
//! and step time per step (rapier's `profiler` counters). Sleeping is off, so the pyramid has to
//! stand on its contacts for the whole 10 seconds.
//!
//! ```sh
//! cargo run --release --example pyramid3          # 12 layers, 10 simulated seconds
//! cargo run --release --example pyramid3 -- 20    # 20 layers (2870 boxes)
//! ```

use rapier3d::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
use rapier3d::prelude::*;
use sat_rapier::dim3::{SatContactFilter, SatDispatcher};

const HALF_EXTENT: Real = 0.975;

struct World {
    name: &'static str,
    pipeline: PhysicsPipeline,
    params: IntegrationParameters,
    islands: IslandManager,
    broad_phase: DefaultBroadPhase,
    narrow_phase: NarrowPhase,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd: CCDSolver,
    hooks: Box<dyn PhysicsHooks>,
    top: RigidBodyHandle,
    /// Narrow-phase and step milliseconds since the last report.
    narrow_ms: f64,
    step_ms: f64,
}

impl World {
    /// rapier's pyramid3 layout: layer `i` holds `(layers − i)²` boxes at pitch 2.25, each box
    /// on the corners of four below, the layers 1 cm apart.
    fn pyramid(name: &'static str, layers: usize) -> World {
        let (narrow_phase, hooks, active): (_, Box<dyn PhysicsHooks>, _) = match name {
            "dispatcher" => (
                NarrowPhase::with_query_dispatcher(
                    SatDispatcher::default().chain(DefaultQueryDispatcher),
                ),
                Box::new(()),
                ActiveHooks::empty(),
            ),
            "filter" => (
                NarrowPhase::new(),
                Box::new(SatContactFilter::new()),
                SatContactFilter::ACTIVE_HOOKS,
            ),
            _ => (NarrowPhase::new(), Box::new(()), ActiveHooks::empty()),
        };
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let ground =
            bodies.insert(RigidBodyBuilder::fixed().translation(Vector::new(0.0, -1.0, 0.0)));
        colliders.insert_with_parent(
            ColliderBuilder::cuboid(100.0, 1.0, 100.0).active_hooks(active),
            ground,
            &mut bodies,
        );
        let mut top = ground;
        for i in 0..layers {
            let m = layers - i;
            let centre = (m - 1) as Real * 0.5;
            for j in 0..m {
                for k in 0..m {
                    let at = Vector::new(
                        (j as Real - centre) * 2.25,
                        HALF_EXTENT + (2.0 * HALF_EXTENT + 0.01) * i as Real,
                        (k as Real - centre) * 2.25,
                    );
                    top =
                        bodies.insert(RigidBodyBuilder::dynamic().can_sleep(false).translation(at));
                    let cube = ColliderBuilder::cuboid(HALF_EXTENT, HALF_EXTENT, HALF_EXTENT);
                    colliders.insert_with_parent(cube.active_hooks(active), top, &mut bodies);
                }
            }
        }
        let mut pipeline = PhysicsPipeline::new();
        pipeline.counters.enable();
        World {
            name,
            pipeline,
            params: IntegrationParameters::default(),
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::new(),
            narrow_phase,
            bodies,
            colliders,
            joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            soft_bodies: SoftBodySet::new(),
            ccd: CCDSolver::new(),
            hooks,
            top,
            narrow_ms: 0.0,
            step_ms: 0.0,
        }
    }

    fn step(&mut self) {
        self.pipeline.step(
            Vector::new(0.0, -9.81, 0.0),
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
            &*self.hooks,
            &(),
        );
        self.narrow_ms += self.pipeline.counters.cd.narrow_phase_time.time_ms();
        self.step_ms += self.pipeline.counters.step_time_ms();
    }
}

fn main() {
    let layers: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let mut worlds: Vec<World> = ["default", "dispatcher", "filter"]
        .into_iter()
        .map(|name| World::pyramid(name, layers))
        .collect();
    let rest = worlds[0].bodies[worlds[0].top].translation()
        - Vector::new(0.0, 0.01 * (layers - 1) as Real, 0.0);
    let boxes = worlds[0].bodies.len() - 1;
    println!("pyramid3: {layers} layers, {boxes} boxes; per second, for each world:");
    println!("top-box drift from rest (m) | narrow phase ms/step | step ms/step\n");
    println!(
        "{:>4} | {:^32} | {:^32} | {:^32}",
        "s", "default", "dispatcher", "filter"
    );
    let steps_per_second = 60;
    for second in 1..=10 {
        for step in 0..steps_per_second {
            // Rotate the order so that no world always runs first (caches, frequency).
            for k in 0..worlds.len() {
                let n = worlds.len();
                worlds[(step + k) % n].step();
            }
        }
        let cells: Vec<String> = worlds
            .iter_mut()
            .map(|w| {
                let drift = (w.bodies[w.top].translation() - rest).length();
                let cell = format!(
                    "{drift:8.4} | {:6.3} | {:6.3}",
                    w.narrow_ms / steps_per_second as f64,
                    w.step_ms / steps_per_second as f64
                );
                w.narrow_ms = 0.0;
                w.step_ms = 0.0;
                cell
            })
            .collect();
        println!("{second:>4} | {}", cells.join(" | "));
    }
    for w in &worlds {
        let asleep = w.bodies.iter().filter(|(_, b)| b.is_sleeping()).count();
        println!(
            "{}: {asleep} of {} bodies asleep at 10 s",
            w.name,
            w.bodies.len()
        );
    }
}
