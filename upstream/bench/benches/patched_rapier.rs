//! sat-rapier on rapier 0.36.1 with `upstream/patches/` applied: every scene of
//! `benches/rapier_scenes.rs` stepped in lockstep (every setup's step before the next step, the
//! order rotating, so machine noise hits all alike) under the setups of
//! `rapier_patched_bench::Setup::patched()`:
//!
//! * `default`, `dispatcher`: rapier's narrow phase, `SatDispatcher` chained before parry's.
//!   The patches are inert here (no new flag, parameter off): `trajectories` proves these runs
//!   bit-identical to stock rapier's.
//! * `filter`, `dispatcher + filter`: `GeometricSatFilter` (patches 1 and 2) with
//!   `separation_aware_contact_recycling` (patch 3) on.
//! * `default + window`: patch 3 alone, no hooks; `filter, patches 1-2`: the filter without
//!   patch 3.
//! * `filter, stock API`: `SatContactFilter` as on stock rapier (its hooks turn recycling off):
//!   what the filter costs today.
//! * with `--features not-kept-broad-phase` (after `upstream/patch-rapier.sh --with-not-kept`):
//!   `filter, patches 1-2 + broad phase`, the measured alternative to patch 3.
//!
//! Reports narrow-phase and whole-step time per step (rapier's `profiler` counters) as medians
//! over the steps and the median per-step ratio to `default`, the contact-manifold computations
//! asked of the dispatcher per step, and quality over the last two thirds of the steps:
//! manifold points and solver contacts per contact pair, and the penetration of cuboid pairs
//! (sat-core's separation of the two colliders' boxes after the step, the same measure for
//! every setup). Sleeping is off in every scene.
//!
//! ```sh
//! upstream/patch-rapier.sh
//! cargo bench --manifest-path upstream/bench/Cargo.toml              # 300 steps per scene
//! cargo bench --manifest-path upstream/bench/Cargo.toml -- 60 drum   # 60 steps, scenes "drum…"
//! ```

use std::time::Instant;

use rapier_patched_bench::Setup;
use rapier_patched_bench::scenes::{self, Scene};

/// The setups, in column order.
fn setups() -> Vec<Setup> {
    Setup::patched()
}

/// Per step of a run: narrow-phase and whole-step ms; the contact-manifold computations asked
/// of the dispatcher over the run, the contact pairs at the end, and the quality.
#[derive(Clone, Default)]
struct Times {
    narrow: Vec<f64>,
    step: Vec<f64>,
    manifold_calls: usize,
    pairs: usize,
    quality: Quality,
}

/// Summed over the measured steps and the contact pairs with an active contact.
#[derive(Clone, Copy, Default)]
struct Quality {
    pairs: usize,
    points: usize,
    solver_contacts: usize,
    box_pairs: usize,
    penetration_sum: f64,
    penetration_max: f64,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The median over steps of `base[i] / other[i]`: how many times faster `other` was.
fn ratio(base: &[f64], other: &[f64]) -> f64 {
    median(base.iter().zip(other).map(|(b, o)| b / o).collect())
}

/// Generates the lockstep runner of one dimension.
macro_rules! runner {
    ($module:ident, $rapier:ident) => {
        mod $module {
            use std::sync::Arc;
            use std::sync::atomic::{AtomicUsize, Ordering};

            use rapier_patched_bench::scenes::$module::Scene;
            use sat_oracle::world::$module::World as Physics;
            use sat_rapier::$module::obb;
            use $rapier::prelude::*;

            use super::{Times, setups};

            struct World {
                physics: Physics,
                hooks: Box<dyn PhysicsHooks>,
                manifold_calls: Arc<AtomicUsize>,
                times: Times,
            }

            impl World {
                fn step(&mut self) {
                    self.physics.step_with(&*self.hooks, &());
                    let counters = &self.physics.pipeline.counters;
                    self.times
                        .narrow
                        .push(counters.cd.narrow_phase_time.time_ms());
                    self.times.step.push(counters.step_time_ms());
                }

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
            }

            /// Steps one world per setup in lockstep; each setup's times.
            pub fn run(scene: &Scene, steps: usize) -> Vec<Times> {
                let mut worlds: Vec<World> = setups()
                    .iter()
                    .map(|setup| {
                        let (physics, hooks, manifold_calls) =
                            rapier_patched_bench::$module::world(setup, scene);
                        World {
                            physics,
                            hooks,
                            manifold_calls,
                            times: Times::default(),
                        }
                    })
                    .collect();
                let n = worlds.len();
                for step in 0..steps {
                    for k in 0..n {
                        worlds[(step + k) % n].step();
                    }
                    if step >= steps / 3 {
                        for world in &mut worlds {
                            world.measure_quality();
                        }
                    }
                }
                worlds
                    .into_iter()
                    .map(|w| Times {
                        manifold_calls: w.manifold_calls.load(Ordering::Relaxed),
                        pairs: w.physics.narrow_phase.contact_pairs().count(),
                        ..w.times
                    })
                    .collect()
            }
        }
    };
}

runner!(dim3, rapier3d);
runner!(dim2, rapier2d);

type Results = Vec<(&'static str, Vec<Times>)>;

fn print_times(results: &Results, steps: usize) {
    println!(
        "| scene | setup | narrow phase ms | step ms | narrow phase vs default | step vs default \
         | manifolds computed per step (of pairs) |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (scene, times) in results {
        for (setup, t) in setups().iter().zip(times) {
            println!(
                "| {scene} | {} | {:.3} | {:.3} | {:.2}× | {:.2}× | {:.0} (of {}) |",
                setup.name,
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

fn print_quality(results: &Results) {
    println!(
        "\nquality over the last two thirds of the steps, per contact pair with an active \
         contact: manifold points, solver contacts; penetration of cuboid pairs with a dynamic \
         body (sat-core's −gap of the two colliders' boxes after the step):\n"
    );
    println!(
        "| scene | setup | points per pair | solver contacts per pair | mean penetration \
         | max penetration |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    for (scene, times) in results {
        for (setup, t) in setups().iter().zip(times) {
            let q = &t.quality;
            let per_pair = |x: usize| x as f64 / q.pairs.max(1) as f64;
            let (mean, max) = if q.box_pairs == 0 {
                ("—".to_string(), "—".to_string())
            } else {
                (
                    format!("{:.5}", q.penetration_sum / q.box_pairs as f64),
                    format!("{:.4}", q.penetration_max),
                )
            };
            println!(
                "| {scene} | {} | {:.2} | {:.2} | {mean} | {max} |",
                setup.name,
                per_pair(q.points),
                per_pair(q.solver_contacts),
            );
        }
    }
}

/// The summary: per scene, narrow-phase and step ratio to `default` of every setup but
/// `default` (> 1: faster than the default).
fn print_summary(results: &Results) {
    print!("\n| scene |");
    for setup in &setups()[1..] {
        print!(" {} narrow / step |", setup.name);
    }
    println!();
    println!("|---|{}", "---:|".repeat(setups().len() - 1));
    for (scene, times) in results {
        print!("| {scene} |");
        for t in &times[1..] {
            print!(
                " {:.2}× / {:.2}× |",
                ratio(&times[0].narrow, &t.narrow),
                ratio(&times[0].step, &t.step)
            );
        }
        println!();
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    // `cargo bench` passes `--bench`; a number sets the step count, a word keeps the scenes
    // whose name starts with it.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let steps = args.iter().find_map(|a| a.parse().ok()).unwrap_or(300);
    let words: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err())
        .collect();
    let started = Instant::now();
    println!("load average before: {}", load_average());
    let mut results: Results = Vec::new();
    for (name, scene) in scenes::all() {
        if !words.is_empty() && !words.iter().any(|w| name.starts_with(w.as_str())) {
            continue;
        }
        let times = match &scene {
            Scene::Dim3(scene) => dim3::run(scene, steps),
            Scene::Dim2(scene) => dim2::run(scene, steps),
        };
        eprintln!("{name}: done, load average {}", load_average());
        #[cfg(feature = "not-kept-broad-phase")]
        {
            use std::sync::atomic::Ordering;
            let calls = &rapier_patched_bench::filter::BROAD_PHASE_CALLS;
            let [dropped, kept] = [0, 1].map(|i| calls[i].swap(0, Ordering::Relaxed));
            println!("{name}: the broad-phase filter dropped {dropped} new pairs and kept {kept}");
        }
        results.push((name, times));
    }
    println!(
        "\n{steps} steps per scene and setup, in lockstep; medians over the steps of the time per \
         step (ms) and of the per-step ratio to `default` (> 1: faster).\n"
    );
    print_times(&results, steps);
    print_quality(&results);
    print_summary(&results);
    println!(
        "\nload average after: {}; total wall time {:.1} s",
        load_average(),
        started.elapsed().as_secs_f64()
    );
}
