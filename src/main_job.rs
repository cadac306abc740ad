//! The default run (`obbsat` or `obbsat run`): seeded random and adversarial 2D and 3D pairs
//! through sat-core, parry's SAT and parry's GJK, adjudicated by the exact rational oracle,
//! summarised in a short table.
//!
//! * Every engine sees the same boxes: sat-core's [`Obb2`]/[`Obb3`] built from the generated f32
//!   values, and parry's shapes prepared from them outside the timed loop.
//! * Time per pair is one pass over the whole batch per engine, measured with
//!   [`Instant`] after a warm-up pass, single-threaded.
//! * The exact oracle is much slower, so it adjudicates every pair where an engine disagrees
//!   with sat-core plus a uniform sample of the rest (spread over all cores). A verdict is
//!   *wrong* when it differs from the exact one, and *wrong outside the band* when moreover
//!   `|margin| > band(S)` = `BAND_K·ε·S` (sat-core guarantees none of those).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sat_core::tolerance::{BAND_K, EPS, band};
use sat_core::{Obb2, Obb3, ObbError};
use sat_oracle::exact::ExactVerdict;
use sat_oracle::peers::{ParryBox2, ParryBox3};

use crate::generate::{Case2, Case3, Generator, Kind};

/// Settings of the main job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Seed of the case generator.
    pub seed: u64,
    /// Cases per dimension.
    pub cases: usize,
    /// Pairs per dimension that the exact oracle adjudicates besides every disputed pair
    /// (spread uniformly); `None`: every pair.
    pub exact_sample: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: DEFAULT_SEED,
            cases: DEFAULT_CASES,
            exact_sample: None,
        }
    }
}

/// The built-in seed.
pub const DEFAULT_SEED: u64 = 0x0bb5;

/// The built-in number of cases per dimension.
pub const DEFAULT_CASES: usize = 200_000;

/// The engines compared, in table order.
const ENGINES: [&str; 3] = ["sat-core", "parry SAT", "parry GJK"];

/// One dimension's cases, prepared for every engine.
trait Dimension: Sync {
    /// A generated case.
    type Case: Send + Sync;
    /// The sat-core boxes.
    type Obb: Send + Sync;
    /// parry's prepared boxes.
    type Parry;
    /// "2D" or "3D".
    const NAME: &'static str;

    fn generate(generator: &mut Generator) -> Self::Case;
    fn kind(case: &Self::Case) -> Kind;
    fn obbs(case: &Self::Case) -> Result<(Self::Obb, Self::Obb), ObbError>;
    fn parry(obbs: &(Self::Obb, Self::Obb)) -> (Self::Parry, Self::Parry);
    fn sat_core(obbs: &(Self::Obb, Self::Obb)) -> bool;
    fn parry_sat(pair: &(Self::Parry, Self::Parry)) -> bool;
    fn parry_gjk(pair: &(Self::Parry, Self::Parry)) -> bool;
    fn exact(case: &Self::Case) -> ExactVerdict;
}

/// 2D: rectangles given by axis matrices.
struct Two;

/// 3D: boxes given by quaternions.
struct Three;

impl Dimension for Two {
    type Case = Case2;
    type Obb = Obb2;
    type Parry = ParryBox2;
    const NAME: &'static str = "2D";

    fn generate(generator: &mut Generator) -> Case2 {
        generator.case2()
    }
    fn kind(case: &Case2) -> Kind {
        case.kind
    }
    fn obbs(case: &Case2) -> Result<(Obb2, Obb2), ObbError> {
        case.obbs()
    }
    fn parry((a, b): &(Obb2, Obb2)) -> (ParryBox2, ParryBox2) {
        (ParryBox2::from_obb(a), ParryBox2::from_obb(b))
    }
    fn sat_core((a, b): &(Obb2, Obb2)) -> bool {
        a.intersects(b)
    }
    fn parry_sat((a, b): &(ParryBox2, ParryBox2)) -> bool {
        a.sat(b)
    }
    fn parry_gjk((a, b): &(ParryBox2, ParryBox2)) -> bool {
        a.gjk(b)
    }
    fn exact(case: &Case2) -> ExactVerdict {
        case.exact()
    }
}

impl Dimension for Three {
    type Case = Case3;
    type Obb = Obb3;
    type Parry = ParryBox3;
    const NAME: &'static str = "3D";

    fn generate(generator: &mut Generator) -> Case3 {
        generator.case3()
    }
    fn kind(case: &Case3) -> Kind {
        case.kind
    }
    fn obbs(case: &Case3) -> Result<(Obb3, Obb3), ObbError> {
        case.obbs()
    }
    fn parry((a, b): &(Obb3, Obb3)) -> (ParryBox3, ParryBox3) {
        (ParryBox3::from_obb(a), ParryBox3::from_obb(b))
    }
    fn sat_core((a, b): &(Obb3, Obb3)) -> bool {
        a.intersects(b)
    }
    fn parry_sat((a, b): &(ParryBox3, ParryBox3)) -> bool {
        a.sat(b)
    }
    fn parry_gjk((a, b): &(ParryBox3, ParryBox3)) -> bool {
        a.gjk(b)
    }
    fn exact(case: &Case3) -> ExactVerdict {
        case.exact()
    }
}

/// What one dimension's run found.
struct Report {
    name: &'static str,
    cases: usize,
    invalid: usize,
    /// Per engine: verdicts equal to sat-core's.
    agree: [usize; 3],
    /// Per engine: nanoseconds per pair.
    ns_per_pair: [f64; 3],
    /// Pairs the exact oracle judged.
    adjudicated: usize,
    /// Pairs where some engine disagrees with sat-core.
    disputed: usize,
    /// Per engine: wrong verdicts with `|margin| <= band(S)`.
    wrong_in_band: [usize; 3],
    /// Per engine: wrong verdicts with `|margin| > band(S)`.
    wrong_outside_band: [usize; 3],
    /// sat-core's largest `|margin| / (ε·S)` among its wrong verdicts.
    worst_sat_core: f64,
    /// Per kind: cases, pairs sat-core calls overlapping, wrong verdicts outside the band per
    /// engine.
    kinds: Vec<KindTally>,
}

/// Counts for one kind of case.
struct KindTally {
    kind: Kind,
    cases: usize,
    overlapping: usize,
    wrong_outside_band: [usize; 3],
}

/// Runs the main job and writes its table to `out`. Shows a progress bar on stderr (when it
/// is a terminal) once the run has taken a second.
pub fn run(options: Options, mut out: impl Write) -> io::Result<()> {
    let started = Instant::now();
    let progress = Progress::new(options);
    let mut generator = Generator::new(options.seed);
    let reports = [
        measure::<Two>(&mut generator, options, &progress),
        measure::<Three>(&mut generator, options, &progress),
    ];
    progress.finish();

    let judged = match options.exact_sample {
        None => "every pair".to_owned(),
        Some(n) => format!("every disputed pair and a uniform sample of {n}"),
    };
    writeln!(
        out,
        "obbsat main job: seed {}, {} pairs per dimension, exact oracle on {judged} ({:.1} s)",
        options.seed,
        options.cases,
        started.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "wrong: differs from the exact verdict; in band: |exact margin| <= {BAND_K}·ε·S, where sat-core may answer either way (it guarantees its verdict outside)"
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<10} {:>3} {:>8} {:>9} {:>12} {:>14} {:>15} {:>8}",
        "engine",
        "dim",
        "agree",
        "disagree",
        "adjudicated",
        "wrong in band",
        "wrong outside",
        "ns/pair"
    )?;
    for r in &reports {
        for (e, engine) in ENGINES.iter().enumerate() {
            let (agree, disagree) = if e == 0 {
                ("-".to_owned(), "-".to_owned())
            } else {
                (r.agree[e].to_string(), (r.cases - r.agree[e]).to_string())
            };
            writeln!(
                out,
                "{:<10} {:>3} {:>8} {:>9} {:>12} {:>14} {:>15} {:>8.1}",
                engine,
                r.name,
                agree,
                disagree,
                r.adjudicated,
                r.wrong_in_band[e],
                r.wrong_outside_band[e],
                r.ns_per_pair[e]
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<27} {:>7} {:>8}   wrong outside band: {:>8} {:>9} {:>9}",
        "pairs by kind", "pairs", "overlap", ENGINES[0], ENGINES[1], ENGINES[2]
    )?;
    for r in &reports {
        for k in &r.kinds {
            writeln!(
                out,
                "{:<27} {:>7} {:>7.0}%   {:>28} {:>9} {:>9}",
                format!("{} {}", r.name, k.kind.name()),
                k.cases,
                100.0 * k.overlapping as f64 / k.cases.max(1) as f64,
                k.wrong_outside_band[0],
                k.wrong_outside_band[1],
                k.wrong_outside_band[2],
            )?;
        }
    }
    writeln!(out)?;
    for r in &reports {
        writeln!(
            out,
            "{}: {} pairs where an engine disagrees with sat-core; sat-core's wrong verdicts all within {:.2}·ε·S of touching (band {BAND_K}){}",
            r.name,
            r.disputed,
            r.worst_sat_core,
            if r.invalid > 0 {
                format!("; {} generated pairs refused by sat-core", r.invalid)
            } else {
                String::new()
            },
        )?;
    }
    writeln!(
        out,
        "ns/pair: one single-threaded pass over the batch after a warm-up pass; parry's shapes prepared beforehand"
    )?;
    out.flush()
}

/// Generates, runs and adjudicates one dimension.
fn measure<D: Dimension>(
    generator: &mut Generator,
    options: Options,
    progress: &Progress,
) -> Report {
    let mut cases = Vec::with_capacity(options.cases);
    let mut obbs = Vec::with_capacity(options.cases);
    let mut invalid = 0;
    for _ in 0..options.cases {
        let case = D::generate(generator);
        match D::obbs(&case) {
            Ok(pair) => {
                cases.push(case);
                obbs.push(pair);
            }
            Err(_) => invalid += 1,
        }
    }
    progress.advance(options.cases);
    let parry: Vec<_> = obbs.iter().map(D::parry).collect();

    let (sat_core, t0) = timed(&obbs, D::sat_core);
    progress.advance(options.cases);
    let (parry_sat, t1) = timed(&parry, D::parry_sat);
    progress.advance(options.cases);
    let (parry_gjk, t2) = timed(&parry, D::parry_gjk);
    progress.advance(options.cases);
    let verdicts = [sat_core, parry_sat, parry_gjk];
    let n = cases.len();
    let per_pair = |t: Duration| t.as_secs_f64() * 1e9 / n.max(1) as f64;

    let agree = [0, 1, 2].map(|e| (0..n).filter(|&i| verdicts[e][i] == verdicts[0][i]).count());
    let disputed: Vec<usize> = (0..n)
        .filter(|&i| verdicts[1][i] != verdicts[0][i] || verdicts[2][i] != verdicts[0][i])
        .collect();
    let chosen: Vec<usize> = match options.exact_sample {
        None => (0..n).collect(),
        Some(sample) => {
            let step = (n / sample.max(1)).max(1);
            let mut chosen: Vec<usize> = disputed
                .iter()
                .copied()
                .chain((0..n).step_by(step))
                .collect();
            chosen.sort_unstable();
            chosen.dedup();
            chosen
        }
    };
    progress.add_work(chosen.len());
    let exact = adjudicate::<D>(&cases, &chosen, progress);

    let mut kinds: Vec<KindTally> = Vec::new();
    for (case, &overlap) in cases.iter().zip(&verdicts[0]) {
        let kind = D::kind(case);
        let at = match kinds.iter().position(|k| k.kind == kind) {
            Some(at) => at,
            None => {
                kinds.push(KindTally {
                    kind,
                    cases: 0,
                    overlapping: 0,
                    wrong_outside_band: [0; 3],
                });
                kinds.len() - 1
            }
        };
        kinds[at].cases += 1;
        kinds[at].overlapping += usize::from(overlap);
    }
    let mut wrong_in_band = [0; 3];
    let mut wrong_outside_band = [0; 3];
    let mut worst_sat_core = 0.0f64;
    for (&i, v) in chosen.iter().zip(&exact) {
        let outside = v.margin.abs() > f64::from(band(v.scale as f32));
        let kind = D::kind(&cases[i]);
        for e in 0..3 {
            if verdicts[e][i] == v.intersects {
                continue;
            }
            if outside {
                wrong_outside_band[e] += 1;
                if let Some(k) = kinds.iter_mut().find(|k| k.kind == kind) {
                    k.wrong_outside_band[e] += 1;
                }
            } else {
                wrong_in_band[e] += 1;
            }
        }
        if verdicts[0][i] != v.intersects {
            let relative = v.margin.abs() / (f64::from(EPS) * v.scale);
            worst_sat_core = worst_sat_core.max(relative);
        }
    }
    kinds.sort_by_key(|k| k.kind);
    Report {
        name: D::NAME,
        cases: n,
        invalid,
        agree,
        ns_per_pair: [per_pair(t0), per_pair(t1), per_pair(t2)],
        adjudicated: chosen.len(),
        disputed: disputed.len(),
        wrong_in_band,
        wrong_outside_band,
        worst_sat_core,
        kinds,
    }
}

/// One warm-up pass, then one timed pass over the whole batch.
fn timed<T>(pairs: &[T], engine: impl Fn(&T) -> bool) -> (Vec<bool>, Duration) {
    let warm: usize = pairs.iter().map(|p| usize::from(engine(p))).sum();
    std::hint::black_box(warm);
    let mut verdicts = Vec::with_capacity(pairs.len());
    let start = Instant::now();
    for pair in pairs {
        verdicts.push(engine(std::hint::black_box(pair)));
    }
    let elapsed = start.elapsed();
    (verdicts, elapsed)
}

/// The exact verdicts of `cases[i]` for every `i` in `chosen`, on all cores.
fn adjudicate<D: Dimension>(
    cases: &[D::Case],
    chosen: &[usize],
    progress: &Progress,
) -> Vec<ExactVerdict> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = chosen.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = chosen
            .chunks(chunk)
            .map(|indices| {
                scope.spawn(move || {
                    indices
                        .iter()
                        .map(|&i| {
                            let v = D::exact(&cases[i]);
                            progress.advance(1);
                            v
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// A progress bar on stderr that appears once the run has taken a second.
struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    fn new(options: Options) -> Self {
        // Generation and three engines per dimension; the oracle's pairs are added when known.
        let length = 2 * 4 * options.cases as u64;
        let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {percent:>3}% {elapsed} {msg}") {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// Announces `units` more work.
    fn add_work(&self, units: usize) {
        self.bar.inc_length(units as u64);
    }

    /// Marks `units` of work done.
    fn advance(&self, units: usize) {
        if !self.shown.load(Ordering::Relaxed) && self.started.elapsed() > Duration::from_secs(1) {
            self.shown.store(true, Ordering::Relaxed);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.inc(units as u64);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
