//! The default run (`obbsat` or `obbsat run`): seeded random and adversarial 2D and 3D pairs
//! through sat-core (fast and certified), parry's SAT and parry's GJK, sat-core in f64 and
//! parry-f64's SAT and GJK, adjudicated by the exact integer oracle, summarised in a short table.
//!
//! * Every engine sees the same boxes, the generated f32 values: sat-core's [`Obb2`]/[`Obb3`]
//!   built from them (fast and certified test), parry's shapes prepared from those outside the
//!   timed loop. The oracle judges the exact boxes of the same numbers (a quaternion as
//!   `R(q)/|q|²`, 2D axis columns as given).
//! * The certified test (`intersects_certified`) is exact for the boxes sat-core *stores* (the
//!   numbers rounded once more into its f32 axes, within `6.25·ε·S` of the generated boxes), so it
//!   is judged against the oracle's verdict for those: the same as for the generated boxes
//!   outside the band, computed separately for every pair inside it. (`obbsat verdict --engine
//!   certified` is exact for the numbers as written instead, see [`crate::engine`].)
//! * Time per pair is one pass over the whole batch per engine, measured with
//!   [`Instant`] after a warm-up pass, single-threaded.
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
use std::time::{Duration, Instant};

use sat_core::tolerance::{BAND_K, EPS};
use sat_core::{DObb2, DObb3, Obb2, Obb3, ObbError};
use sat_oracle::exact::{ExactBox2, ExactBox3, ExactVerdict};
use sat_oracle::peers::{self, ParryBox2, ParryBox3, catch_peer};

use crate::check::band;
use crate::double_pair::DoublePair;
use crate::generate::{Case2, Case3, Form, Generator, Kind};
use crate::parallel;
use crate::progress::Progress;
use sat_oracle::check::Judged;

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
const ENGINES: [&str; 7] = [
    "sat-core",
    "certified",
    "parry SAT",
    "parry GJK",
    "sat-core f64",
    "parry64 SAT",
    "parry64 GJK",
];

/// Positions in [`ENGINES`] of the engines judged other than on the generated boxes against
/// sat-core's band: sat-core itself (the others are compared with it), the certified test (the
/// boxes it stores) and sat-core f64 (its own band).
const SAT_CORE: usize = 0;
const CERTIFIED: usize = 1;
const SAT_CORE_F64: usize = 4;

/// Per-engine values, in [`ENGINES`] order.
type PerEngine<T> = [T; ENGINES.len()];

/// One dimension's cases, prepared for every engine.
trait Dimension: Sync {
    /// A generated case.
    type Case: Send + Sync;
    /// The sat-core boxes.
    type Obb: Send + Sync;
    /// parry's prepared boxes.
    type Parry;
    /// parry-f64's prepared boxes.
    type Parry64;
    /// The exact boxes of the generated numbers.
    type Exact: Sync;
    /// sat-core's f64 boxes.
    type Double: Copy + Send + Sync;
    /// "2D" or "3D".
    const NAME: &'static str;

    fn generate(generator: &mut Generator) -> Self::Case;
    fn kind(case: &Self::Case) -> Kind;
    fn form(case: &Self::Case) -> Form;
    fn obbs(case: &Self::Case) -> Result<(Self::Obb, Self::Obb), ObbError>;
    /// sat-core's f64 boxes of the written numbers (`None`: columns that are f32 data).
    fn double(case: &Self::Case) -> Option<DoublePair>;
    /// The boxes of a [`DoublePair`] of this dimension.
    fn double_boxes(pair: &DoublePair) -> (Self::Double, Self::Double);
    fn sat64(pair: &(Self::Double, Self::Double)) -> bool;
    fn parry(obbs: &(Self::Obb, Self::Obb)) -> (Self::Parry, Self::Parry);
    /// parry-f64's shapes: of sat-core's f64 boxes, or of `parry`'s f32 shapes in f64 where the
    /// columns are f32 data (as the `parry64` engines take them).
    fn parry64(
        double: Option<&(Self::Double, Self::Double)>,
        parry: &(Self::Parry, Self::Parry),
    ) -> (Self::Parry64, Self::Parry64);
    fn exact_boxes(case: &Self::Case) -> (Self::Exact, Self::Exact);
    /// The exact boxes sat-core stores.
    fn stored(obbs: &(Self::Obb, Self::Obb)) -> (Self::Exact, Self::Exact);
    fn sat_core(obbs: &(Self::Obb, Self::Obb)) -> bool;
    fn certified(obbs: &(Self::Obb, Self::Obb)) -> bool;
    /// The certified test on the exact boxes of the written numbers.
    fn certified_given(pair: &(Self::Exact, Self::Exact)) -> bool;
    fn parry_sat(pair: &(Self::Parry, Self::Parry)) -> bool;
    fn parry_gjk(pair: &(Self::Parry, Self::Parry)) -> bool;
    fn parry64_sat(pair: &(Self::Parry64, Self::Parry64)) -> bool;
    fn parry64_gjk(pair: &(Self::Parry64, Self::Parry64)) -> bool;
    fn exact(pair: &(Self::Exact, Self::Exact)) -> ExactVerdict;
}

/// 2D: rectangles given by axis matrices.
struct Two;

/// 3D: boxes given by quaternions.
struct Three;

/// [`Dimension`] for `$dim` from its types and names; the two dimensions differ in nothing else.
macro_rules! dimension {
    (
        $dim:ident, $name:literal, $case:ident, $generate:ident, $double_pair:ident, $variant:ident,
        ($obb:ident, $parry:ident, $exact:ident, $double:ident), $verdict:ident
    ) => {
        impl Dimension for $dim {
            type Case = $case;
            type Obb = $obb;
            type Parry = $parry;
            type Parry64 = peers::double::$parry;
            type Exact = $exact;
            type Double = $double;
            const NAME: &'static str = $name;

            fn generate(generator: &mut Generator) -> $case {
                generator.$generate()
            }
            fn kind(case: &$case) -> Kind {
                case.kind
            }
            fn form(case: &$case) -> Form {
                case.form
            }
            fn obbs(case: &$case) -> Result<($obb, $obb), ObbError> {
                case.obbs()
            }
            fn double(case: &$case) -> Option<DoublePair> {
                let (a, b) = case.boxes();
                DoublePair::$double_pair(&a, &b)
            }
            fn double_boxes(pair: &DoublePair) -> ($double, $double) {
                match *pair {
                    DoublePair::$variant(a, b, _) => (a, b),
                    _ => unreachable!("a {} case's boxes", $name),
                }
            }
            fn sat64((a, b): &($double, $double)) -> bool {
                a.intersects(b)
            }
            fn parry((a, b): &($obb, $obb)) -> ($parry, $parry) {
                ($parry::from_obb(a), $parry::from_obb(b))
            }
            fn parry64(
                double: Option<&($double, $double)>,
                (a, b): &($parry, $parry),
            ) -> (Self::Parry64, Self::Parry64) {
                match double {
                    Some((x, y)) => (
                        peers::double::$parry::from_obb(x),
                        peers::double::$parry::from_obb(y),
                    ),
                    None => (
                        peers::double::$parry::from_single(a),
                        peers::double::$parry::from_single(b),
                    ),
                }
            }
            fn exact_boxes(case: &$case) -> ($exact, $exact) {
                case.exact_boxes()
            }
            fn stored((a, b): &($obb, $obb)) -> ($exact, $exact) {
                ($exact::from_obb(a), $exact::from_obb(b))
            }
            fn sat_core((a, b): &($obb, $obb)) -> bool {
                a.intersects(b)
            }
            fn certified((a, b): &($obb, $obb)) -> bool {
                a.intersects_certified(b)
            }
            fn certified_given((a, b): &($exact, $exact)) -> bool {
                a.intersects_certified(b)
            }
            fn parry_sat((a, b): &($parry, $parry)) -> bool {
                peer(|| a.sat(b))
            }
            fn parry_gjk((a, b): &($parry, $parry)) -> bool {
                peer(|| a.gjk(b))
            }
            fn parry64_sat((a, b): &(Self::Parry64, Self::Parry64)) -> bool {
                peer(|| a.sat(b))
            }
            fn parry64_gjk((a, b): &(Self::Parry64, Self::Parry64)) -> bool {
                peer(|| a.gjk(b))
            }
            fn exact((a, b): &($exact, $exact)) -> ExactVerdict {
                sat_oracle::exact::$verdict(a, b)
            }
        }
    };
}

dimension!(
    Two,
    "2D",
    Case2,
    case2,
    two,
    Two,
    (Obb2, ParryBox2, ExactBox2, DObb2),
    verdict2
);
dimension!(
    Three,
    "3D",
    Case3,
    case3,
    three,
    Three,
    (Obb3, ParryBox3, ExactBox3, DObb3),
    verdict3
);

/// What one dimension's run found.
struct Report {
    name: &'static str,
    cases: usize,
    invalid: usize,
    /// Per engine: verdicts equal to sat-core's.
    agree: PerEngine<usize>,
    /// Per engine: nanoseconds per pair (sat-core f64: per pair it runs in f64).
    ns_per_pair: PerEngine<f64>,
    /// Pairs sat-core f64 runs in f64 (the others are f32 data: certified test, untimed).
    in_f64: usize,
    /// Pairs the exact oracle judged.
    adjudicated: usize,
    /// Pairs where some engine disagrees with sat-core.
    disputed: usize,
    /// Per engine: wrong verdicts with `|margin| <= band(S)`.
    wrong_in_band: PerEngine<usize>,
    /// Per engine: wrong verdicts with `|margin| > band(S)`.
    wrong_outside_band: PerEngine<usize>,
    /// Per engine: the largest `|margin| / S` among its wrong verdicts.
    worst: PerEngine<Option<f64>>,
    /// Per kind: cases, pairs sat-core calls overlapping, wrong verdicts outside the band per
    /// engine.
    kinds: Vec<KindTally>,
    /// Per written form: what sat-core got wrong.
    forms: Vec<FormTally>,
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
    wrong_outside_band: PerEngine<usize>,
}

/// A parry call. With debug assertions (`cargo run` without `--release`) parry's own
/// `debug_assert!`s can fire on touching pairs (docs/findings.md): the panic is a peer finding,
/// reported on stderr and counted as "intersects", never a crash of the run. Release builds,
/// where those assertions do not exist, call parry directly so that its timing is not taxed.
fn peer(call: impl FnOnce() -> bool) -> bool {
    if cfg!(debug_assertions) {
        catch_peer(call).unwrap_or_else(|panic| {
            eprintln!("parry {panic} (a peer finding; counted as \"intersects\")");
            true
        })
    } else {
        call()
    }
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
    let reports = [
        measure::<Two>(&mut generator, options, &progress),
        measure::<Three>(&mut generator, options, &progress),
    ];
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
        for (e, engine) in ENGINES.iter().enumerate() {
            let (agree, disagree) = if e == SAT_CORE {
                ("-".to_owned(), "-".to_owned())
            } else {
                (r.agree[e].to_string(), (r.cases - r.agree[e]).to_string())
            };
            let worst = r.worst[e].map_or_else(|| "-".to_owned(), |w| format!("{w:.2e}"));
            writeln!(
                out,
                "{:<12} {:>3} {:>16} {:>8} {:>14} {:>19} {:>12} {:>8.1}",
                engine,
                r.name,
                agree,
                disagree,
                r.wrong_in_band[e],
                r.wrong_outside_band[e],
                worst,
                r.ns_per_pair[e]
            )?;
        }
    }
    writeln!(out)?;
    // One column per engine, as wide as its name (at least 8), after the label.
    let columns = |counts: &[String]| -> String {
        ENGINES
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
        columns(&ENGINES.map(str::to_owned))
    )?;
    for (label, k) in labelled(&reports, |r| &r.kinds, |k| k.kind.name()) {
        writeln!(
            out,
            "{label:<27} {:>7} {:>8.0}%{:22}{}",
            k.cases,
            100.0 * k.overlapping as f64 / k.cases.max(1) as f64,
            "",
            columns(&k.wrong_outside_band.map(|n| n.to_string()))
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
        let wrong = r.wrong_in_band[SAT_CORE] + r.wrong_outside_band[SAT_CORE];
        let apart_but_intersecting: usize = r.forms.iter().map(|f| f.apart_but_intersecting).sum();
        let worst = r.worst[SAT_CORE].unwrap_or(0.0) / f64::from(EPS);
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
            r.wrong_in_band[CERTIFIED] + r.wrong_outside_band[CERTIFIED],
            r.wrong_in_band[SAT_CORE_F64] + r.wrong_outside_band[SAT_CORE_F64],
            r.wrong_outside_band[SAT_CORE_F64],
            r.in_f64,
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
    progress.advance(invalid);
    progress.set_message(&format!(
        "obbsat main job: {} pairs through the seven engines",
        D::NAME
    ));
    let parry: Vec<_> = obbs.iter().map(D::parry).collect();
    let exact_boxes: Vec<_> = cases.iter().map(D::exact_boxes).collect();
    // sat-core f64: the compact pairs it runs in f64 and, per case, its band per unit of `S`
    // (`None`: columns that are f32 data, judged by the certified test on the written boxes);
    // parry-f64's shapes of the same boxes (of the f32 shapes where there are none).
    let mut in_f64: Vec<(D::Double, D::Double)> = Vec::new();
    let mut parry64 = Vec::with_capacity(cases.len());
    let f64_band: Vec<Option<f64>> = cases
        .iter()
        .zip(&parry)
        .map(|(case, parry)| {
            let double = D::double(case).map(|double| (D::double_boxes(&double), double.band(1.0)));
            parry64.push(D::parry64(double.as_ref().map(|(boxes, _)| boxes), parry));
            double.map(|(boxes, band)| {
                in_f64.push(boxes);
                band
            })
        })
        .collect();

    let (sat_core, t0) = timed(&obbs, D::sat_core);
    let (certified, t1) = timed(&obbs, D::certified);
    let (parry_sat, t2) = timed(&parry, D::parry_sat);
    let (parry_gjk, t3) = timed(&parry, D::parry_gjk);
    // Timed on the pairs it runs in f64; the certified test on f32 data is untimed.
    let (f64_verdicts, t4) = timed(&in_f64, D::sat64);
    let (parry64_sat, t5) = timed(&parry64, D::parry64_sat);
    let (parry64_gjk, t6) = timed(&parry64, D::parry64_gjk);
    let mut f64_verdicts = f64_verdicts.into_iter();
    let sat64: Vec<bool> = f64_band
        .iter()
        .zip(&exact_boxes)
        .map(|(band, exact)| match band {
            Some(_) => f64_verdicts.next().unwrap_or_default(),
            None => D::certified_given(exact),
        })
        .collect();
    let verdicts: PerEngine<Vec<bool>> = [
        sat_core,
        certified,
        parry_sat,
        parry_gjk,
        sat64,
        parry64_sat,
        parry64_gjk,
    ];
    let n = cases.len();
    let per = |t: Duration, pairs: usize| t.as_secs_f64() * 1e9 / pairs.max(1) as f64;
    let per_pair = |t: Duration| per(t, n);

    let agree = verdicts
        .each_ref()
        .map(|v| (0..n).filter(|&i| v[i] == verdicts[SAT_CORE][i]).count());
    let disputed: Vec<usize> = (0..n)
        .filter(|&i| verdicts.iter().any(|v| v[i] != verdicts[SAT_CORE][i]))
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
        "obbsat main job: {} pairs judged by the exact oracle",
        D::NAME
    ));
    // Per pair: the exact verdict on the generated boxes, and the certified test's truth, the
    // verdict on the boxes sat-core stores (it can differ from the first only inside the band).
    let exact = parallel::map(
        &chosen,
        |&i| {
            let generated = D::exact(&exact_boxes[i]);
            let stored = if generated.margin.abs() <= band(generated.scale) {
                D::exact(&D::stored(&obbs[i]))
            } else {
                generated
            };
            (generated, stored)
        },
        progress,
    );

    let mut kinds: Vec<KindTally> = Vec::new();
    for (case, &overlap) in cases.iter().zip(&verdicts[SAT_CORE]) {
        let kind = D::kind(case);
        let at = match kinds.iter().position(|k| k.kind == kind) {
            Some(at) => at,
            None => {
                kinds.push(KindTally {
                    kind,
                    cases: 0,
                    overlapping: 0,
                    wrong_outside_band: [0; ENGINES.len()],
                });
                kinds.len() - 1
            }
        };
        kinds[at].cases += 1;
        kinds[at].overlapping += usize::from(overlap);
    }
    let mut wrong_in_band = [0; ENGINES.len()];
    let mut wrong_outside_band = [0; ENGINES.len()];
    let mut worst: PerEngine<Option<f64>> = [None; ENGINES.len()];
    let mut forms: Vec<FormTally> = Form::ALL
        .iter()
        .map(|&form| FormTally {
            form,
            cases: cases.iter().filter(|c| D::form(c) == form).count(),
            apart_but_intersecting: 0,
            wrong_outside_band: 0,
            worst: 0.0,
        })
        .collect();
    for (&i, (generated, stored)) in chosen.iter().zip(&exact) {
        let kind = D::kind(&cases[i]);
        if verdicts[SAT_CORE][i] != generated.intersects {
            let form = &mut forms[Form::ALL
                .iter()
                .position(|&f| f == D::form(&cases[i]))
                .unwrap_or(0)];
            form.apart_but_intersecting += usize::from(generated.intersects);
            form.wrong_outside_band += usize::from(
                Judged::of(verdicts[SAT_CORE][i], generated) == Judged::WrongOutsideBand,
            );
            form.worst = form
                .worst
                .max(generated.margin.abs() / generated.scale / f64::from(EPS));
        }
        for (e, verdict) in verdicts.iter().enumerate() {
            let v = if e == CERTIFIED { *stored } else { *generated };
            let band = match (e, f64_band[i]) {
                (SAT_CORE_F64, Some(per_scale)) => per_scale * v.scale,
                (SAT_CORE_F64, None) => 0.0,
                _ => band(v.scale),
            };
            let judged = Judged::with_band(verdict[i], v.intersects, v.margin, band);
            if judged == Judged::Right {
                continue;
            }
            let relative = v.margin.abs() / v.scale;
            worst[e] = Some(worst[e].map_or(relative, |w: f64| w.max(relative)));
            if judged == Judged::WrongOutsideBand {
                wrong_outside_band[e] += 1;
                if let Some(k) = kinds.iter_mut().find(|k| k.kind == kind) {
                    k.wrong_outside_band[e] += 1;
                }
            } else {
                wrong_in_band[e] += 1;
            }
        }
    }
    kinds.sort_by_key(|k| k.kind);
    Report {
        name: D::NAME,
        cases: n,
        invalid,
        agree,
        ns_per_pair: [
            per_pair(t0),
            per_pair(t1),
            per_pair(t2),
            per_pair(t3),
            per(t4, in_f64.len()),
            per_pair(t5),
            per_pair(t6),
        ],
        in_f64: in_f64.len(),
        adjudicated: chosen.len(),
        disputed: disputed.len(),
        wrong_in_band,
        wrong_outside_band,
        worst,
        kinds,
        forms,
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
