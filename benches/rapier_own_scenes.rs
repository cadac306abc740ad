//! rapier's own box scenes (`sat_oracle::scenes`: rapier's `examples2d`/`examples3d` files as
//! rapier writes them) stepped with rapier's default narrow phase and with sat-rapier's
//! dispatcher, in one process and in lockstep (every step of every world before the next step,
//! the order rotating), so that machine noise hits both alike; with `hooks`, also with
//! `SatContactFilter` and the pass-through hook on every collider (rapier then recomputes every
//! pair every step: slow on the big scenes).
//!
//! Per scene and integration:
//! - time in CPU time, so that a shared machine taking the CPU away mid-step moves no figure:
//!   the whole step in the thread's CPU time, the narrow phase as rapier's `profiler` timer
//!   (wall clock) times the share of the step the thread had the CPU; each as its median and
//!   the median over the steps of the per-step ratio to the default world; the thread's median
//!   CPU share (how loaded the machine was); and the contact-manifold computations the narrow
//!   phase asked of its dispatcher per step (the rest of the pair updates rapier recycled);
//! - quality, from the poses (the same measure whatever computed the contacts,
//!   `sat_oracle::scenes::Penetration`): mean and worst penetration of the box pairs within the
//!   prediction distance, sampled every 5th step back from the last over the last third of the
//!   run (`sat_oracle::scenes::is_sampled`); at the end, the dynamic bodies' mean speed, how many are asleep (sleeping as the file sets
//!   it; "all" marks a scene that ended asleep), how many drifted more than 0.5 sideways from
//!   their start, and the highest body's centre for the stacks and pyramids;
//! - the goals of issue 28 for the dispatcher against the default: quality no worse
//!   (`sat_oracle::scenes::Quality::misses`: mean and worst penetration within 10%, no more
//!   drifting bodies, no fewer asleep), narrow phase ≥ 1.0× and step ≥ 0.98×.
//!
//! ```sh
//! cargo bench --bench rapier_own_scenes                      # every scene, 300 steps
//! cargo bench --bench rapier_own_scenes -- 60 stacks b2d_    # 60 steps, files containing either
//! cargo bench --bench rapier_own_scenes -- 120 hooks boxes3  # with the filter integrations too
//! cargo bench --bench rapier_own_scenes -- 300 noise b2d_washer  # with a perturbed default
//! ```
//!
//! A bare number sets the step count, `hooks` adds the filter integrations, `noise` adds the
//! default's world with its time step longer by `2⁻²⁰` (relative; its quality misses against
//! the default are the scene's noise floor: a chaotic scene moves that much under a perturbation
//! the size of a few roundings), any other word keeps only the scenes whose file contains it.
//! The tables are markdown; the command, the load average before and after, and each scene's
//! wall time are printed with them.

use std::time::Instant;

use sat_oracle::scenes::Quality;
use sat_oracle::timing::{StepTimes, load_average, median};

/// How much longer (relative) the perturbed default's time step is: `2⁻²⁰`, about `1e-6`, a
/// few f32 roundings of rapier's 1/60 s.
const PERTURBATION: f64 = 1.0 / (1u64 << 20) as f64;

/// The label of the default's world with the perturbed time step (`noise`).
const PERTURBED: &str = "default, dt × (1 + 2⁻²⁰)";

/// What one world of one scene recorded.
struct Outcome {
    integration: &'static str,
    /// Per step: narrow-phase and whole-step milliseconds (rapier's wall-clock counters), and
    /// the step's CPU milliseconds (this thread's CPU time: what the step cost, however often
    /// the shared machine took the CPU away).
    times: StepTimes,
    /// Contact-manifold computations asked of the dispatcher over the run.
    manifolds: usize,
    /// Quality samples taken.
    samples: usize,
    quality: Quality,
}

/// One scene's outcomes, default first.
struct Ran {
    file: &'static str,
    stack: bool,
    wall: f64,
    outcomes: Vec<Outcome>,
}

/// How many times faster `o`'s narrow phase was than `base`'s (`StepTimes::narrow_ratio`: the
/// narrow phases' estimated CPU times).
fn narrow_ratio(base: &Outcome, o: &Outcome) -> f64 {
    base.times.narrow_ratio(&o.times)
}

/// How many times faster `o`'s step was than `base`'s (`StepTimes::step_ratio`: the steps' CPU
/// times).
fn step_ratio(base: &Outcome, o: &Outcome) -> f64 {
    base.times.step_ratio(&o.times)
}

/// Generates the lockstep runner for one dimension's scenes.
macro_rules! runner {
    ($dim:ident, $sat_rapier:ident) => {
        mod $dim {
            use std::sync::Arc;
            use std::sync::atomic::Ordering;
            use std::time::Instant;

            use sat_oracle::scenes::$dim::{Counts, Scene, Start, counted_world, ending, sample};
            use sat_oracle::scenes::{Penetration, Quality, is_sampled};
            use sat_oracle::world::$dim::{Integration, World};
            use $sat_rapier::rapier::prelude::*;

            use sat_oracle::timing::{StepTimes, thread_cpu_ms};

            use super::{Outcome, Ran};

            pub use sat_oracle::scenes::$dim::SCENES;

            /// One world of the scene and what the bench records of it.
            struct Run {
                world: World,
                /// The world's label: its integration's name, or [`PERTURBED`](super::PERTURBED).
                label: &'static str,
                hooks: Box<dyn PhysicsHooks>,
                counts: Arc<Counts>,
                start: Start,
                times: StepTimes,
                penetration: Penetration,
                samples: usize,
            }

            impl Run {
                /// A world of `scene` with `integration`; `perturbed`: its time step longer by
                /// [`PERTURBATION`](super::PERTURBATION) (relative).
                fn new(scene: &Scene, integration: Integration, perturbed: bool) -> Run {
                    let (mut world, counts) = counted_world(integration);
                    world.pipeline.counters.enable();
                    (scene.build)(&mut world);
                    let label = if perturbed {
                        world.params.dt *= 1.0 + super::PERTURBATION as Real;
                        super::PERTURBED
                    } else {
                        integration.name()
                    };
                    Run {
                        label,
                        start: Start::of(&world),
                        hooks: integration.hooks(),
                        world,
                        counts,
                        times: StepTimes::default(),
                        penetration: Penetration::default(),
                        samples: 0,
                    }
                }

                fn step(&mut self, scene: &Scene) {
                    let cpu = thread_cpu_ms();
                    scene.step(&mut self.world, &*self.hooks);
                    let cpu = thread_cpu_ms() - cpu;
                    let counters = &self.world.pipeline.counters;
                    let narrow = counters.cd.narrow_phase_time.time_ms();
                    self.times.push(narrow, counters.step_time_ms(), cpu);
                }

                fn outcome(self) -> Outcome {
                    Outcome {
                        integration: self.label,
                        manifolds: self.counts.calls.load(Ordering::Relaxed),
                        samples: self.samples,
                        quality: Quality {
                            penetration: self.penetration,
                            ending: ending(&self.world, &self.start),
                        },
                        times: self.times,
                    }
                }
            }

            /// Steps one world of `scene` per integration in lockstep, `steps` steps; with
            /// `noise`, also the default's world with a perturbed time step, last.
            pub fn run(
                scene: &Scene,
                integrations: &[Integration],
                steps: usize,
                noise: bool,
            ) -> Ran {
                let started = Instant::now();
                let mut runs: Vec<Run> = integrations
                    .iter()
                    .map(|&i| Run::new(scene, i, false))
                    .collect();
                if noise {
                    runs.push(Run::new(scene, Integration::Default, true));
                }
                let n = runs.len();
                for step in 0..steps {
                    for k in 0..n {
                        runs[(step + k) % n].step(scene);
                    }
                    if is_sampled(step, steps) {
                        for run in &mut runs {
                            sample(&run.world, &mut run.penetration);
                            run.samples += 1;
                        }
                    }
                }
                Ran {
                    file: scene.file,
                    stack: scene.stack,
                    wall: started.elapsed().as_secs_f64(),
                    outcomes: runs.into_iter().map(Run::outcome).collect(),
                }
            }

            /// The integrations compared: rapier as is and the dispatcher, and with `hooks` the
            /// filter and the pass-through hook.
            pub fn integrations(hooks: bool) -> Vec<Integration> {
                if hooks {
                    Integration::ALL.to_vec()
                } else {
                    vec![Integration::Default, Integration::Dispatcher]
                }
            }
        }
    };
}

runner!(dim3, sat_rapier3d);
runner!(dim2, sat_rapier2d);

/// The time table: per scene and integration, the narrow phase's and the step's median CPU
/// time, their ratios to the default ([`narrow_ratio`], [`step_ratio`]), the thread's median
/// share of the CPU, and the manifolds computed per step.
fn print_times(results: &[Ran], steps: usize) {
    println!(
        "| rapier's file | integration | narrow phase CPU ms | step CPU ms | narrow phase vs default \
         | step vs default | CPU share | manifolds computed per step |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for ran in results {
        let base = &ran.outcomes[0];
        for o in &ran.outcomes {
            println!(
                "| {} | {} | {:.3} | {:.3} | {:.2}× | {:.2}× | {:.0}% | {:.0} |",
                ran.file,
                o.integration,
                median(o.times.narrow_cpu()),
                median(o.times.cpu.clone()),
                narrow_ratio(base, o),
                step_ratio(base, o),
                o.times.cpu_share() * 100.0,
                o.manifolds as f64 / steps as f64,
            );
        }
    }
}

/// The quality table (see the module documentation).
fn print_quality(results: &[Ran]) {
    println!(
        "| rapier's file | integration | box pairs in contact | mean penetration | worst penetration \
         | mean end speed | asleep at the end | drifting > 0.5 | highest centre |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for ran in results {
        for o in &ran.outcomes {
            let (penetration, end) = (&o.quality.penetration, &o.quality.ending);
            let asleep = if end.all_asleep() {
                format!("{} (all)", end.asleep)
            } else {
                format!("{} of {}", end.asleep, end.dynamic)
            };
            let top = match (ran.stack, end.top) {
                (true, Some(top)) => format!("{top:.3}"),
                _ => "—".to_string(),
            };
            println!(
                "| {} | {} | {:.0} | {:.5} | {:.4} | {:.4} | {asleep} | {} | {top} |",
                ran.file,
                o.integration,
                penetration.pairs as f64 / o.samples.max(1) as f64,
                penetration.mean(),
                penetration.max,
                end.mean_speed,
                end.drifting,
            );
        }
    }
}

/// The goals of issue 28, the dispatcher against the default: which it misses (quality:
/// `Quality::misses`; time: narrow phase ≥ 1.0×, step ≥ 0.98×).
fn misses(base: &Outcome, o: &Outcome) -> Vec<String> {
    let mut misses = o.quality.misses(&base.quality);
    let narrow = narrow_ratio(base, o);
    if narrow < 1.0 {
        misses.push(format!("narrow phase {narrow:.2}×"));
    }
    let step = step_ratio(base, o);
    if step < 0.98 {
        misses.push(format!("step {step:.2}×"));
    }
    misses
}

/// The goals table: per scene, the dispatcher against the default, and (with `noise`) the
/// quality goals the perturbed default misses against the default: how far the default's own
/// figures move when the scene's time step does, the noise floor of a chaotic scene.
fn print_goals(results: &[Ran]) {
    println!(
        "| rapier's file | narrow phase | step | mean penetration | worst penetration \
         | drifting | asleep | misses | perturbed default's misses |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---|---|");
    for ran in results {
        let base = &ran.outcomes[0];
        let Some(o) = ran.outcomes.iter().find(|o| o.integration == "dispatcher") else {
            continue;
        };
        let misses = misses(base, o);
        let noise = match ran.outcomes.iter().find(|o| o.integration == PERTURBED) {
            None => "—".to_string(),
            Some(p) => match p.quality.misses(&base.quality) {
                m if m.is_empty() => "none".to_string(),
                m => m.join("; "),
            },
        };
        let (ours, theirs) = (&o.quality, &base.quality);
        println!(
            "| {} | {:.2}× | {:.2}× | {:.5} vs {:.5} | {:.4} vs {:.4} | {} vs {} | {} vs {} | {} | {noise} |",
            ran.file,
            narrow_ratio(base, o),
            step_ratio(base, o),
            ours.penetration.mean(),
            theirs.penetration.mean(),
            ours.penetration.max,
            theirs.penetration.max,
            ours.ending.drifting,
            theirs.ending.drifting,
            ours.ending.asleep,
            theirs.ending.asleep,
            if misses.is_empty() {
                "none".to_string()
            } else {
                misses.join("; ")
            },
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a bare number sets the step count, `hooks` adds the
    // filter integrations, other words select scenes by file.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let steps = args.iter().find_map(|a| a.parse().ok()).unwrap_or(300);
    let hooks = args.iter().any(|a| a == "hooks");
    let noise = args.iter().any(|a| a == "noise");
    let filters: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err() && *a != "hooks" && *a != "noise")
        .collect();
    let chosen =
        |file: &str| filters.is_empty() || filters.iter().any(|f| file.contains(f.as_str()));
    println!(
        "`cargo bench --bench rapier_own_scenes -- {}`: {steps} steps per scene, in lockstep; \
         load average before: {}\n",
        args.join(" "),
        load_average(),
    );
    let started = Instant::now();
    let mut results = Vec::new();
    let scenes3 = dim3::SCENES.iter().filter(|s| chosen(s.file));
    for scene in scenes3 {
        let ran = dim3::run(scene, &dim3::integrations(hooks), steps, noise);
        eprintln!("{}: {:.1} s", ran.file, ran.wall);
        results.push(ran);
    }
    let scenes2 = dim2::SCENES.iter().filter(|s| chosen(s.file));
    for scene in scenes2 {
        let ran = dim2::run(scene, &dim2::integrations(hooks), steps, noise);
        eprintln!("{}: {:.1} s", ran.file, ran.wall);
        results.push(ran);
    }
    println!("time per step (medians over the steps):\n");
    print_times(&results, steps);
    println!("\nquality, from the poses:\n");
    print_quality(&results);
    println!("\nthe goals of issue 28, dispatcher vs default:\n");
    print_goals(&results);
    println!("\nwall time per scene (every integration's world):\n");
    println!("| rapier's file | seconds |");
    println!("|---|---:|");
    for ran in &results {
        println!("| {} | {:.1} |", ran.file, ran.wall);
    }
    println!(
        "\nload average after: {}; total wall time {:.1} s",
        load_average(),
        started.elapsed().as_secs_f64()
    );
}
