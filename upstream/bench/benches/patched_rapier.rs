//! sat-rapier on rapier 0.36.1 with `upstream/patches/` applied: the workspace's scenes (those
//! of `benches/rapier_scenes.rs`) and rapier's own (`rapier_patched_bench::RAPIER_SCENES`),
//! each stepped in lockstep (every setup's step before the next step, the order rotating, so
//! machine noise hits all alike) under the setups of `rapier_patched_bench::Setup::patched()`:
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
//! Reports, per scenario and setup, the narrow phase's and the step's CPU time per step
//! (`sat_oracle::timing::StepTimes`: the thread's CPU clock, and rapier's `profiler` narrow-phase
//! timer scaled by the step's CPU share) as medians over the steps and the median per-step ratio
//! to `default` (> 1: faster), the contact-manifold computations asked of the dispatcher per
//! step, and quality from the poses, the same measure whatever computed the contacts
//! (`sat_oracle::scenes::Quality`): the penetration of the box pairs within the prediction
//! distance over the last third of the run, and at the end the bodies asleep and drifting.
//!
//! ```sh
//! upstream/patch-rapier.sh
//! cargo bench --manifest-path upstream/bench/Cargo.toml                # 300 steps per scenario
//! cargo bench --manifest-path upstream/bench/Cargo.toml -- 60 drum     # 60 steps, names with "drum"
//! cargo bench --manifest-path upstream/bench/Cargo.toml -- ours        # the workspace's scenes only
//! cargo bench --manifest-path upstream/bench/Cargo.toml -- rapier      # rapier's own only
//! ```

use std::time::Instant;

use rapier_patched_bench::{Outcome, RAPIER_SCENES, Setup, scenarios};
use sat_oracle::timing::{load_average, median};

/// One scenario's outcomes, a setup each, `default` first.
type Results = Vec<(&'static str, Vec<Outcome>)>;

fn print_times(results: &Results, setups: &[Setup], steps: usize) {
    println!(
        "| scenario | setup | narrow phase CPU ms | step CPU ms | narrow phase vs default \
         | step vs default | CPU share | manifolds computed per step (of pairs) |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for (name, outcomes) in results {
        let base = &outcomes[0].times;
        for (setup, o) in setups.iter().zip(outcomes) {
            println!(
                "| {name} | {} | {:.3} | {:.3} | {:.2}× | {:.2}× | {:.0}% | {:.0} (of {}) |",
                setup.name,
                median(o.times.narrow_cpu()),
                median(o.times.cpu.clone()),
                base.narrow_ratio(&o.times),
                base.step_ratio(&o.times),
                o.times.cpu_share() * 100.0,
                o.manifolds as f64 / steps as f64,
                o.pairs,
            );
        }
    }
}

fn print_quality(results: &Results, setups: &[Setup]) {
    println!(
        "\nquality, from the poses (`sat_oracle::scenes::Quality`): box pairs within the \
         prediction distance per sample, their mean and worst penetration over the samples \
         (every 5th step of the last third); at the end, dynamic bodies asleep and drifting more \
         than 0.5 sideways:\n"
    );
    println!(
        "| scenario | setup | box pairs | mean penetration | worst penetration | asleep \
         | drifting |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (name, outcomes) in results {
        for (setup, o) in setups.iter().zip(outcomes) {
            let (p, end) = (&o.quality.penetration, &o.quality.ending);
            println!(
                "| {name} | {} | {:.0} | {:.5} | {:.4} | {} of {} | {} |",
                setup.name,
                p.pairs as f64 / o.samples.max(1) as f64,
                p.mean(),
                p.max,
                end.asleep,
                end.dynamic,
                end.drifting,
            );
        }
    }
}

/// The summary: per scenario, narrow-phase and step ratio to `default` of every other setup.
fn print_summary(results: &Results, setups: &[Setup]) {
    print!("\n| scenario |");
    for setup in &setups[1..] {
        print!(" {} narrow / step |", setup.name);
    }
    println!();
    println!("|---|{}", "---:|".repeat(setups.len() - 1));
    for (name, outcomes) in results {
        print!("| {name} |");
        let base = &outcomes[0].times;
        for o in &outcomes[1..] {
            print!(
                " {:.2}× / {:.2}× |",
                base.narrow_ratio(&o.times),
                base.step_ratio(&o.times)
            );
        }
        println!();
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a number sets the step count; `ours` keeps the
    // workspace's scenes, `rapier` rapier's own, any other word the scenarios whose name
    // contains it.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let steps = args.iter().find_map(|a| a.parse().ok()).unwrap_or(300);
    let words: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err())
        .collect();
    let chosen = |name: &str| {
        let rapier = RAPIER_SCENES.contains(&name);
        words.is_empty()
            || words.iter().any(|w| match w.as_str() {
                "ours" => !rapier,
                "rapier" => rapier,
                w => name.contains(w),
            })
    };
    let setups = Setup::patched();
    let started = Instant::now();
    println!(
        "`cargo bench --manifest-path upstream/bench/Cargo.toml -- {}`: {steps} steps per \
         scenario and setup, in lockstep; load average before: {}",
        args.join(" "),
        load_average()
    );
    let mut results: Results = Vec::new();
    for (name, scenario) in scenarios() {
        if !chosen(name) {
            continue;
        }
        let scene_started = Instant::now();
        let outcomes = scenario.run(&setups, steps);
        eprintln!(
            "{name}: {:.1} s, load average {}",
            scene_started.elapsed().as_secs_f64(),
            load_average()
        );
        #[cfg(feature = "not-kept-broad-phase")]
        {
            use std::sync::atomic::Ordering;
            let calls = &rapier_patched_bench::filter::BROAD_PHASE_CALLS;
            let [dropped, kept] = [0, 1].map(|i| calls[i].swap(0, Ordering::Relaxed));
            println!("{name}: the broad-phase filter dropped {dropped} new pairs and kept {kept}");
        }
        results.push((name, outcomes));
    }
    println!(
        "\nmedians over the steps of the CPU time per step (ms) and of the per-step ratio to \
         `default` (> 1: faster):\n"
    );
    print_times(&results, &setups, steps);
    print_quality(&results, &setups);
    print_summary(&results, &setups);
    println!(
        "\nload average after: {}; total wall time {:.1} s",
        load_average(),
        started.elapsed().as_secs_f64()
    );
}
