//! The default run (`obbsat` or `obbsat run`): seeded random and adversarial 2D and 3D pairs
//! through sat-core (fast and certified), parry's SAT and parry's GJK, sat-core in f64 and
//! parry-f64's SAT and GJK, adjudicated by the exact integer oracle, summarised in a short table.
//!
//! * Every engine sees the same boxes, the generated f32 values: sat-core's `Obb2`/`Obb3`
//!   built from them (fast and certified test), parry's shapes prepared from those outside the
//!   timed loop. The oracle judges the exact boxes of the same numbers (a quaternion as
//!   `R(q)/|q|²`, 2D axis columns as given).
//! * The certified test (`intersects_certified`) is exact for the boxes sat-core *stores* (the
//!   numbers rounded once more into its f32 axes, within `6.25·ε·S` of the generated boxes), so it
//!   is judged against the oracle's verdict for those: the same as for the generated boxes
//!   outside the band, computed separately for every pair inside it. (`obbsat verdict --engine
//!   certified` is exact for the numbers as written instead, see [`crate::engine`].)
//! * The engines are the registry's (`engine::ENGINES`) that time themselves on a batch
//!   (`Engine::time`; the exact oracle judges, so it does not run), the f32 ones first, each
//!   row under its `Engine::label`.
//! * Time per pair is one pass over the whole batch per engine, measured with
//!   `Instant` after a warm-up pass, single-threaded.
//! * The exact oracle adjudicates every pair (spread over all cores), or every pair where an
//!   engine disagrees with sat-core plus a uniform sample of the rest. A verdict is *wrong* when
//!   it differs from the exact one, and *wrong outside the band* when moreover
//!   `|margin| > band(S)` = `BAND_K·ε·S` (sat-core guarantees none of those; the certified test
//!   none at all). `worst |m|/S` is the largest `|margin|/S` over an engine's wrong verdicts.
//!   The table's `same as sat-core` and `differs` compare each engine with sat-core, not with
//!   the exact verdict; the run prints what its words mean above the table.
//! * sat-core in f64 (`DObb2`/`DObb3`, the `sat64` engine of [`crate::engine`]) builds its
//!   boxes from the written numbers unrounded and is judged against its own band
//!   (`BAND_K_F64·ε₆₄·S`); pairs whose axis columns are f32 data (orthonormal only within f32's
//!   tolerance, beyond f64's `2⁻⁴⁶`) get the certified test on the written boxes, exact, as
//!   `sat64` does.
//! * parry-f64 (`parry64 SAT`, `parry64 GJK`, the `parry64-sat`/`parry64-gjk` engines) gets
//!   parry's shapes of sat-core's f64 boxes, or of the f32 boxes where the columns are f32 data,
//!   and is judged against sat-core's f32 band like the other peers.
//! * Half the pairs are written as generated (f32 numbers), the others in a
//!   [`Form`] at the edge of what the checked constructors accept (huge
//!   angles, columns leaned to the tolerance, f64 digits); sat-core builds them from the written
//!   numbers as the case format does, the oracle judges the written numbers, and a table counts
//!   sat-core's wrong verdicts per form, "apart" for intersecting boxes separately.

use std::io::{self, Write};
use std::time::Instant;

use sat_core::tolerance::{BAND_K, Band, EPS};
use sat_oracle::check::Judged;

use crate::case::generate::{Form, GeneratedPair, Generator, Kind};
use crate::engine::main_job::{Batch, Pass, Truth};
use crate::engine::{ENGINES, Engine};
use crate::util::{Progress, parallel_map};

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

/// The engine every other one is compared with (`same as sat-core`), and the two the summary
/// lines name.
const SAT_CORE: &str = "sat";
const CERTIFIED: &str = "certified";
const SAT_CORE_F64: &str = "sat64";

/// One engine's row of a dimension's table.
struct Row {
    engine: &'static dyn Engine,
    /// Verdicts equal to sat-core's.
    agree: usize,
    /// Nanoseconds per timed pair.
    ns_per_pair: f64,
    /// Pairs timed (sat-core f64: those it runs in f64; the others are f32 data, certified).
    timed: usize,
    /// Wrong verdicts in its band.
    wrong_in_band: usize,
    /// Wrong verdicts outside its band.
    wrong_outside_band: usize,
    /// The largest `|margin| / S` among its wrong verdicts.
    worst: Option<f64>,
}

/// What one dimension's run found.
struct Report {
    name: &'static str,
    cases: usize,
    invalid: usize,
    /// One per engine, in table order.
    rows: Vec<Row>,
    /// Pairs the exact oracle judged.
    adjudicated: usize,
    /// Pairs where some engine disagrees with sat-core.
    disputed: usize,
    /// Per kind: cases, pairs sat-core calls overlapping, wrong verdicts outside the band per
    /// engine.
    kinds: Vec<KindTally>,
    /// Per written form: what sat-core got wrong.
    forms: Vec<FormTally>,
}

impl Report {
    /// The row of the engine called `name`.
    fn row(&self, name: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.engine.name() == name)
    }
}

/// sat-core's wrong verdicts on the pairs written in one [`Form`].
struct FormTally {
    form: Form,
    cases: usize,
    /// "Apart" for boxes that intersect as written (never allowed).
    apart_but_intersecting: usize,
    /// Wrong with `|margin| > band(S)`.
    wrong_outside_band: usize,
    /// The largest `|margin| / (ε·S)` of a wrong verdict.
    worst: f64,
}

/// Counts for one kind of case.
struct KindTally {
    kind: Kind,
    cases: usize,
    overlapping: usize,
    /// Per engine, in table order.
    wrong_outside_band: Vec<usize>,
}

/// The engines of the main job's table, in its order: the registry's, the f32 ones first (those
/// that do not run in it drop out when they are asked to time a batch).
fn table_engines() -> Vec<&'static dyn Engine> {
    let mut engines = ENGINES.to_vec();
    engines.sort_by_key(|e| e.about().precision);
    engines
}

/// Runs the main job and writes its table to `out`. Shows a progress bar on stderr (when it
/// is a terminal) once the run has taken a second.
pub fn run(options: Options, mut out: impl Write) -> io::Result<()> {
    let started = Instant::now();
    // One unit per generated pair and dimension, done when the exact oracle has judged it (or
    // skipped it: refused by sat-core, or outside the sample); generating the pairs and timing
    // the engines take a small part of the run and are named in the message.
    let progress = Progress::new(2 * options.cases, "obbsat main job");
    let mut generator = Generator::new(options.seed);
    let engines = table_engines();
    let pairs2: Vec<_> = (0..options.cases).map(|_| generator.case2()).collect();
    let two = measure("2D", &pairs2, Batch::two, &engines, options, &progress);
    drop(pairs2);
    let pairs3: Vec<_> = (0..options.cases).map(|_| generator.case3()).collect();
    let three = measure("3D", &pairs3, Batch::three, &engines, options, &progress);
    drop(pairs3);
    let reports = [two, three];
    progress.finish();

    let judged = match options.exact_sample {
        None => "every pair judged by the exact oracle".to_owned(),
        Some(n) => format!(
            "the exact oracle judged every pair where an engine differs from sat-core and a uniform sample of {n}; the wrong counts are over those"
        ),
    };
    writeln!(
        out,
        "obbsat main job: seed {} ({:#06x}), {} pairs per dimension, {judged} ({:.1} s)",
        options.seed,
        options.seed,
        options.cases,
        started.elapsed().as_secs_f64()
    )?;
    writeln!(out)?;
    for line in [
        "Each pair is two boxes. Most are generated within rounding of touching on purpose (faces",
        "and edges in contact at 0, a few ulps or a tiny gap; near-parallel faces and edges; see",
        "the kinds below): that is where a floating-point test goes wrong. Words in the tables:",
        "  S       |c_B - c_A| + |e_A| + |e_B|: the pair's size (centre offset, both half-extents)",
        "  ε       2^-23 = 1.19e-7, the relative rounding step of f32",
        "  margin  the exact signed gap between the boxes (negative: they overlap by that much)",
    ] {
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "  band    |margin| <= {BAND_K}·ε·S, within rounding of touching: sat-core may answer either"
    )?;
    for line in [
        "          way there; outside it every verdict of sat-core is right, and \"apart\" is right",
        "          everywhere (so every wrong verdict of sat-core is in the band, and \"intersects\")",
        "  same as sat-core, differs: the engine's verdict against sat-core's (not the truth)",
        "  wrong   differs from the exact verdict; worst |m|/S: the largest |margin|/S of a wrong one",
    ] {
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<12} {:>3} {:>16} {:>8} {:>14} {:>19} {:>12} {:>8}",
        "engine",
        "dim",
        "same as sat-core",
        "differs",
        "wrong in band",
        "wrong outside band",
        "worst |m|/S",
        "ns/pair"
    )?;
    for r in &reports {
        for row in &r.rows {
            let (agree, disagree) = if row.engine.name() == SAT_CORE {
                ("-".to_owned(), "-".to_owned())
            } else {
                (row.agree.to_string(), (r.cases - row.agree).to_string())
            };
            let worst = row
                .worst
                .map_or_else(|| "-".to_owned(), |w| format!("{w:.2e}"));
            writeln!(
                out,
                "{:<12} {:>3} {:>16} {:>8} {:>14} {:>19} {:>12} {:>8.1}",
                row.engine.about().label,
                r.name,
                agree,
                disagree,
                row.wrong_in_band,
                row.wrong_outside_band,
                worst,
                row.ns_per_pair
            )?;
        }
    }
    writeln!(out)?;
    // One column per engine, as wide as its label (at least 8), after the label.
    let labels: Vec<&str> = reports[0]
        .rows
        .iter()
        .map(|r| r.engine.about().label)
        .collect();
    let columns = |counts: &[String]| -> String {
        labels
            .iter()
            .zip(counts)
            .map(|(name, count)| format!(" {count:>width$}", width = name.len().max(8)))
            .collect()
    };
    writeln!(
        out,
        "{:<27} {:>7} {:>9}   wrong outside band:{}",
        "pairs by kind",
        "pairs",
        "intersect",
        columns(&labels.iter().map(|l| l.to_string()).collect::<Vec<_>>())
    )?;
    for (label, k) in labelled(&reports, |r| &r.kinds, |k| k.kind.name()) {
        writeln!(
            out,
            "{label:<27} {:>7} {:>8.0}%{:22}{}",
            k.cases,
            100.0 * k.overlapping as f64 / k.cases.max(1) as f64,
            "",
            columns(
                &k.wrong_outside_band
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
            )
        )?;
    }
    writeln!(
        out,
        "(intersect: the share sat-core calls intersecting; contact kinds sit at a gap of 0, ±ulps or tiny)"
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<27} {:>7}   sat-core: {:>22} {:>14} {:>14}",
        "pairs by written form", "pairs", "apart but intersecting", "wrong outside", "worst |m|/εS"
    )?;
    for (label, f) in labelled(&reports, |r| &r.forms, |f| f.form.name()) {
        let (cases, apart, outside) = (f.cases, f.apart_but_intersecting, f.wrong_outside_band);
        let worst = f.worst;
        writeln!(
            out,
            "{label:<27} {cases:>7}   {apart:>32} {outside:>14} {worst:>14.2}"
        )?;
    }
    writeln!(
        out,
        "(forms: f32 as generated; turns: huge angles; leaning: axis columns at the tolerance; digits: f64 digits)"
    )?;
    writeln!(out)?;
    for r in &reports {
        let wrong_of = |name: &str| {
            r.row(name)
                .map_or(0, |row| row.wrong_in_band + row.wrong_outside_band)
        };
        let wrong = wrong_of(SAT_CORE);
        let apart_but_intersecting: usize = r.forms.iter().map(|f| f.apart_but_intersecting).sum();
        let worst = r.row(SAT_CORE).and_then(|row| row.worst).unwrap_or(0.0) / f64::from(EPS);
        let which = if apart_but_intersecting == 0 {
            format!("every one \"intersects\" for boxes apart by at most {worst:.2}·ε·S")
        } else {
            format!(
                "{apart_but_intersecting} of them \"apart\" for intersecting boxes (never allowed); worst {worst:.2}·ε·S"
            )
        };
        writeln!(
            out,
            "{}: sat-core wrong on {wrong} pairs ({:.1} %), {which}; certified wrong: {}; sat-core f64 wrong: {} ({} outside its band; {} pairs in f64, the rest f32 columns, certified); an engine differs from sat-core on {} pairs{}{}",
            r.name,
            100.0 * wrong as f64 / r.cases.max(1) as f64,
            wrong_of(CERTIFIED),
            wrong_of(SAT_CORE_F64),
            r.row(SAT_CORE_F64).map_or(0, |row| row.wrong_outside_band),
            r.row(SAT_CORE_F64).map_or(0, |row| row.timed),
            r.disputed,
            if r.adjudicated < r.cases {
                format!("; the exact oracle judged {} of them", r.adjudicated)
            } else {
                String::new()
            },
            if r.invalid > 0 {
                format!("; {} generated pairs refused by sat-core", r.invalid)
            } else {
                String::new()
            },
        )?;
    }
    writeln!(
        out,
        "ns/pair: one single-threaded pass over the batch after a warm-up pass; parry's shapes and the exact boxes prepared beforehand; sat-core f64: over the pairs it runs in f64"
    )?;
    out.flush()
}

/// Every row of a per-dimension table (`rows` of each report), labelled `"2D <name>"`.
fn labelled<'a, T: 'a>(
    reports: &'a [Report],
    rows: impl Fn(&'a Report) -> &'a [T],
    name: impl Fn(&T) -> &str,
) -> impl Iterator<Item = (String, &'a T)> {
    reports.iter().flat_map(move |r| {
        rows(r)
            .iter()
            .map(|row| (format!("{} {}", r.name, name(row)), row))
            .collect::<Vec<_>>()
    })
}

/// Makes the batch of a dimension's generated pairs, and gives the positions of the pairs it
/// kept ([`Batch::two`], [`Batch::three`]).
type MakeBatch<B> = fn(&[GeneratedPair<B>]) -> (Batch, Vec<usize>);

/// Runs and adjudicates one dimension's generated pairs, made into a batch by `batch`.
fn measure<B>(
    name: &'static str,
    pairs: &[GeneratedPair<B>],
    batch: MakeBatch<B>,
    engines: &[&'static dyn Engine],
    options: Options,
    progress: &Progress,
) -> Report {
    let (batch, kept) = batch(pairs);
    let invalid = pairs.len() - kept.len();
    let cases: Vec<(Kind, Form)> = kept
        .iter()
        .map(|&i| (pairs[i].kind, pairs[i].form))
        .collect();
    progress.advance(invalid);
    progress.set_message(&format!(
        "obbsat main job: {name} pairs through the engines"
    ));
    let passes: Vec<(&'static dyn Engine, Pass)> = engines
        .iter()
        .filter_map(|&e| e.time(&batch).map(|pass| (e, pass)))
        .collect();
    let n = batch.len();
    let reference = passes
        .iter()
        .position(|(e, _)| e.name() == SAT_CORE)
        .unwrap_or(0);
    let sat_core = |i: usize| passes[reference].1.verdicts[i];

    let agree: Vec<usize> = passes
        .iter()
        .map(|(_, p)| (0..n).filter(|&i| p.verdicts[i] == sat_core(i)).count())
        .collect();
    let disputed: Vec<usize> = (0..n)
        .filter(|&i| passes.iter().any(|(_, p)| p.verdicts[i] != sat_core(i)))
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
    progress.advance(n - chosen.len());
    progress.set_message(&format!(
        "obbsat main job: {name} pairs judged by the exact oracle"
    ));
    // Per pair: the exact verdict on the generated boxes, and the certified test's truth, the
    // verdict on the boxes sat-core stores (it can differ from the first only inside the band).
    let exact = parallel_map(
        &chosen,
        |&i| {
            let generated = batch.exact(i);
            let stored = if Band::f32(generated.scale).contains(generated.margin) {
                batch.stored(i)
            } else {
                generated
            };
            (generated, stored)
        },
        progress,
    );

    let mut kinds: Vec<KindTally> = Vec::new();
    for (i, &(kind, _)) in cases.iter().enumerate() {
        let at = match kinds.iter().position(|k| k.kind == kind) {
            Some(at) => at,
            None => {
                kinds.push(KindTally {
                    kind,
                    cases: 0,
                    overlapping: 0,
                    wrong_outside_band: vec![0; passes.len()],
                });
                kinds.len() - 1
            }
        };
        kinds[at].cases += 1;
        kinds[at].overlapping += usize::from(sat_core(i));
    }
    let mut rows: Vec<Row> = passes
        .iter()
        .zip(&agree)
        .map(|((engine, pass), &agree)| Row {
            engine: *engine,
            agree,
            ns_per_pair: pass.ns_per_pair,
            timed: pass.timed,
            wrong_in_band: 0,
            wrong_outside_band: 0,
            worst: None,
        })
        .collect();
    let mut forms: Vec<FormTally> = Form::ALL
        .iter()
        .map(|&form| FormTally {
            form,
            cases: cases.iter().filter(|c| c.1 == form).count(),
            apart_but_intersecting: 0,
            wrong_outside_band: 0,
            worst: 0.0,
        })
        .collect();
    for (&i, (generated, stored)) in chosen.iter().zip(&exact) {
        let (kind, form) = cases[i];
        if sat_core(i) != generated.intersects {
            let form = &mut forms[Form::ALL.iter().position(|&f| f == form).unwrap_or(0)];
            form.apart_but_intersecting += usize::from(generated.intersects);
            form.wrong_outside_band +=
                usize::from(Judged::of(sat_core(i), generated) == Judged::WrongOutsideBand);
            form.worst = form
                .worst
                .max(generated.margin.abs() / generated.scale / f64::from(EPS));
        }
        for (e, (engine, pass)) in passes.iter().enumerate() {
            let v = match pass.truth {
                Truth::Stored => *stored,
                Truth::Written => *generated,
            };
            let band = engine.band(batch.double(i), v.scale);
            let judged = Judged::with_band(pass.verdicts[i], v.intersects, v.margin, band);
            if judged == Judged::Right {
                continue;
            }
            let row = &mut rows[e];
            let relative = v.margin.abs() / v.scale;
            row.worst = Some(row.worst.map_or(relative, |w: f64| w.max(relative)));
            if judged == Judged::WrongOutsideBand {
                row.wrong_outside_band += 1;
                if let Some(k) = kinds.iter_mut().find(|k| k.kind == kind) {
                    k.wrong_outside_band[e] += 1;
                }
            } else {
                row.wrong_in_band += 1;
            }
        }
    }
    kinds.sort_by_key(|k| k.kind);
    Report {
        name,
        cases: n,
        invalid,
        rows,
        adjudicated: chosen.len(),
        disputed: disputed.len(),
        kinds,
        forms,
    }
}
