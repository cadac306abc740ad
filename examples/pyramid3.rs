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

use rapier3d::prelude::*;
use sat_oracle::harness::dim3::{Integration, World, pyramid_centres};

const HALF_EXTENT: Real = 0.975;

/// One of the three worlds, with what the example reports of it.
struct Run {
    world: World,
    hooks: Box<dyn PhysicsHooks>,
    top: RigidBodyHandle,
    /// Narrow-phase and step milliseconds since the last report.
    narrow_ms: f64,
    step_ms: f64,
}

impl Run {
    /// rapier's pyramid3 layout: layer `i` holds `(layers − i)²` boxes at pitch 2.25, each box
    /// on the corners of four below, the layers 1 cm apart.
    fn pyramid(integration: Integration, layers: usize) -> Run {
        let mut world = World::new(integration);
        let mut top = world.ground(Vector::new(100.0, 1.0, 100.0), -1.0);
        let height = |i: usize| HALF_EXTENT + (2.0 * HALF_EXTENT + 0.01) * i as Real;
        for at in pyramid_centres(layers, height) {
            top = world.add(
                RigidBodyBuilder::dynamic().can_sleep(false).translation(at),
                ColliderBuilder::cuboid(HALF_EXTENT, HALF_EXTENT, HALF_EXTENT),
            );
        }
        world.pipeline.counters.enable();
        Run {
            hooks: integration.hooks(),
            world,
            top,
            narrow_ms: 0.0,
            step_ms: 0.0,
        }
    }

    fn step(&mut self) {
        self.world.step_with(&*self.hooks, &());
        let counters = &self.world.pipeline.counters;
        self.narrow_ms += counters.cd.narrow_phase_time.time_ms();
        self.step_ms += counters.step_time_ms();
    }
}

fn main() {
    let layers: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let mut worlds: Vec<Run> = [
        Integration::Default,
        Integration::Dispatcher,
        Integration::Filter,
    ]
    .into_iter()
    .map(|integration| Run::pyramid(integration, layers))
    .collect();
    let rest = worlds[0].world.bodies[worlds[0].top].translation()
        - Vector::new(0.0, 0.01 * (layers - 1) as Real, 0.0);
    let boxes = worlds[0].world.bodies.len() - 1;
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
                let drift = (w.world.bodies[w.top].translation() - rest).length();
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
        let bodies = &w.world.bodies;
        let asleep = bodies.iter().filter(|(_, b)| b.is_sleeping()).count();
        println!(
            "{}: {asleep} of {} bodies asleep at 10 s",
            w.world.integration.name(),
            bodies.len()
        );
    }
}
