//! The default run (`obbsat` or `obbsat run`): seeded random and adversarial 2D and 3D pairs
//! through sat-core (fast and certified), parry's SAT and parry's GJK, and sat-core in f64,
//! adjudicated by the exact integer oracle, summarised in a short table.
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
//! * Half the pairs are written as generated (f32 numbers), the others in a
//!   [`Form`](crate::generate::Form) at the edge of what the checked constructors accept (huge
//!   angles, columns leaned to the tolerance, f64 digits); sat-core builds them from the written
//!   numbers as the case format does, the oracle judges the written numbers, and a table counts
//!   sat-core's wrong verdicts per form, "apart" for intersecting boxes separately.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use sat_core::tolerance::{BAND_K, EPS};
use sat_core::{DObb2, DObb3, Obb2, Obb3, ObbError};
use sat_oracle::exact::{ExactBox2, ExactBox3, ExactVerdict};
use sat_oracle::peers::{ParryBox2, ParryBox3, catch_peer};

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
const ENGINES: [&str; 5] = [
    "sat-core",
    "certified",
    "parry SAT",
    "parry GJK",
    "sat-core f64",
];

/// Per-engine values, in [`ENGINES`] order.
type PerEngine<T> = [T; 5];

/// One dimension's cases, prepared for every engine.
trait Dimension: Sync {
    /// A generated case.
    type Case: Send + Sync;
    /// The sat-core boxes.
    type Obb: Send + Sync;
    /// parry's prepared boxes.
    type Parry;
    /// The exact boxes of the generated numbers.
    type Exact: Sync;
    /// The exact boxes sat-core stores.
    fn stored(obbs: &(Self::Obb, Self::Obb)) -> (Self::Exact, Self::Exact);
    /// "2D" or "3D".
    const NAME: &'static str;

    fn generate(generator: &mut Generator) -> Self::Case;
    fn kind(case: &Self::Case) -> Kind;
    fn form(case: &Self::Case) -> Form;
    fn obbs(case: &Self::Case) -> Result<(Self::Obb, Self::Obb), ObbError>;
    /// sat-core's f64 boxes of the written numbers (`None`: columns that are f32 data).
    fn double(case: &Self::Case) -> Option<DoublePair>;
    /// sat-core's f64 boxes.
    type Double: Copy + Send + Sync;
    /// The boxes of a [`DoublePair`] of this dimension.
    fn double_boxes(pair: &DoublePair) -> (Self::Double, Self::Double);
    fn sat64(pair: &(Self::Double, Self::Double)) -> bool;
    fn parry(obbs: &(Self::Obb, Self::Obb)) -> (Self::Parry, Self::Parry);
    fn exact_boxes(case: &Self::Case) -> (Self::Exact, Self::Exact);
    fn sat_core(obbs: &(Self::Obb, Self::Obb)) -> bool;
    fn certified(obbs: &(Self::Obb, Self::Obb)) -> bool;
    /// The certified test on the exact boxes of the written numbers.
    fn certified_written(pair: &(Self::Exact, Self::Exact)) -> bool;
    fn parry_sat(pair: &(Self::Parry, Self::Parry)) -> bool;
    fn parry_gjk(pair: &(Self::Parry, Self::Parry)) -> bool;
    fn exact(pair: &(Self::Exact, Self::Exact)) -> ExactVerdict;
}

/// 2D: rectangles given by axis matrices.
struct Two;

/// 3D: boxes given by quaternions.
struct Three;

impl Dimension for Two {
    type Case = Case2;
    type Obb = Obb2;
    type Parry = ParryBox2;
    type Exact = ExactBox2;
    const NAME: &'static str = "2D";

    fn generate(generator: &mut Generator) -> Case2 {
        generator.case2()
    }
    fn kind(case: &Case2) -> Kind {
        case.kind
    }
    fn form(case: &Case2) -> Form {
        case.form
    }
    fn obbs(case: &Case2) -> Result<(Obb2, Obb2), ObbError> {
        case.obbs()
    }
    fn double(case: &Case2) -> Option<DoublePair> {
        let (a, b) = case.written();
        DoublePair::two(&a, &b)
    }
    type Double = DObb2;
    fn double_boxes(pair: &DoublePair) -> (DObb2, DObb2) {
        match *pair {
            DoublePair::Two(a, b, _) => (a, b),
            DoublePair::Three(..) => unreachable!("a 2D case's boxes are rectangles"),
        }
    }
    fn sat64((a, b): &(DObb2, DObb2)) -> bool {
        a.intersects(b)
    }
    fn parry((a, b): &(Obb2, Obb2)) -> (ParryBox2, ParryBox2) {
        (ParryBox2::from_obb(a), ParryBox2::from_obb(b))
    }
    fn exact_boxes(case: &Case2) -> (ExactBox2, ExactBox2) {
        case.exact_boxes()
    }
    fn sat_core((a, b): &(Obb2, Obb2)) -> bool {
        a.intersects(b)
    }
    fn stored((a, b): &(Obb2, Obb2)) -> (ExactBox2, ExactBox2) {
        (ExactBox2::from_obb(a), ExactBox2::from_obb(b))
    }
    fn certified((a, b): &(Obb2, Obb2)) -> bool {
        a.intersects_certified(b)
    }
    fn certified_written((a, b): &(ExactBox2, ExactBox2)) -> bool {
        a.intersects_certified(b)
    }
    fn parry_sat((a, b): &(ParryBox2, ParryBox2)) -> bool {
        peer(|| a.sat(b))
    }
    fn parry_gjk((a, b): &(ParryBox2, ParryBox2)) -> bool {
        peer(|| a.gjk(b))
    }
    fn exact((a, b): &(ExactBox2, ExactBox2)) -> ExactVerdict {
        sat_oracle::exact::verdict2(a, b)
    }
}

impl Dimension for Three {
    type Case = Case3;
    type Obb = Obb3;
    type Parry = ParryBox3;
    type Exact = ExactBox3;
    const NAME: &'static str = "3D";

    fn generate(generator: &mut Generator) -> Case3 {
        generator.case3()
    }
    fn kind(case: &Case3) -> Kind {
        case.kind
    }
    fn form(case: &Case3) -> Form {
        case.form
    }
    fn obbs(case: &Case3) -> Result<(Obb3, Obb3), ObbError> {
        case.obbs()
    }
    fn double(case: &Case3) -> Option<DoublePair> {
        let (a, b) = case.written();
        DoublePair::three(&a, &b)
    }
    type Double = DObb3;
    fn double_boxes(pair: &DoublePair) -> (DObb3, DObb3) {
        match *pair {
            DoublePair::Three(a, b, _) => (a, b),
            DoublePair::Two(..) => unreachable!("a 3D case's boxes are boxes"),
        }
    }
    fn sat64((a, b): &(DObb3, DObb3)) -> bool {
        a.intersects(b)
    }
    fn parry((a, b): &(Obb3, Obb3)) -> (ParryBox3, ParryBox3) {
        (ParryBox3::from_obb(a), ParryBox3::from_obb(b))
    }
    fn exact_boxes(case: &Case3) -> (ExactBox3, ExactBox3) {
        case.exact_boxes()
    }
    fn sat_core((a, b): &(Obb3, Obb3)) -> bool {
        a.intersects(b)
    }
    fn stored((a, b): &(Obb3, Obb3)) -> (ExactBox3, ExactBox3) {
        (ExactBox3::from_obb(a), ExactBox3::from_obb(b))
    }
    fn certified((a, b): &(Obb3, Obb3)) -> bool {
        a.intersects_certified(b)
    }
    fn certified_written((a, b): &(ExactBox3, ExactBox3)) -> bool {
        a.intersects_certified(b)
    }
    fn parry_sat((a, b): &(ParryBox3, ParryBox3)) -> bool {
        peer(|| a.sat(b))
    }
    fn parry_gjk((a, b): &(ParryBox3, ParryBox3)) -> bool {
        peer(|| a.gjk(b))
    }
    fn exact((a, b): &(ExactBox3, ExactBox3)) -> ExactVerdict {
        sat_oracle::exact::verdict3(a, b)
    }
}

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
            let (agree, disagree) = if e == 0 {
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
    writeln!(
        out,
        "{:<27} {:>7} {:>9}   wrong outside band: {:>8} {:>9} {:>9} {:>9} {:>12}",
        "pairs by kind",
        "pairs",
        "intersect",
        ENGINES[0],
        ENGINES[1],
        ENGINES[2],
        ENGINES[3],
        ENGINES[4]
    )?;
    for r in &reports {
        for k in &r.kinds {
            writeln!(
                out,
                "{:<27} {:>7} {:>8.0}%   {:>28} {:>9} {:>9} {:>9} {:>12}",
                format!("{} {}", r.name, k.kind.name()),
                k.cases,
                100.0 * k.overlapping as f64 / k.cases.max(1) as f64,
                k.wrong_outside_band[0],
                k.wrong_outside_band[1],
                k.wrong_outside_band[2],
                k.wrong_outside_band[3],
                k.wrong_outside_band[4],
            )?;
        }
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
    for r in &reports {
        for f in &r.forms {
            writeln!(
                out,
                "{:<27} {:>7}   {:>32} {:>14} {:>14.2}",
                format!("{} {}", r.name, f.form.name()),
                f.cases,
                f.apart_but_intersecting,
                f.wrong_outside_band,
                f.worst
            )?;
        }
    }
    writeln!(
        out,
        "(forms: f32 as generated; turns: huge angles; leaning: axis columns at the tolerance; digits: f64 digits)"
    )?;
    writeln!(out)?;
    for r in &reports {
        let wrong = r.wrong_in_band[0] + r.wrong_outside_band[0];
        let apart_but_intersecting: usize = r.forms.iter().map(|f| f.apart_but_intersecting).sum();
        let worst = r.worst[0].unwrap_or(0.0) / f64::from(EPS);
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
            r.wrong_in_band[1] + r.wrong_outside_band[1],
            r.wrong_in_band[4] + r.wrong_outside_band[4],
            r.wrong_outside_band[4],
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
        "obbsat main job: {} pairs through the five engines",
        D::NAME
    ));
    let parry: Vec<_> = obbs.iter().map(D::parry).collect();
    let exact_boxes: Vec<_> = cases.iter().map(D::exact_boxes).collect();
    // sat-core f64: the compact pairs it runs in f64 and, per case, its band per unit of `S`
    // (`None`: columns that are f32 data, judged by the certified test on the written boxes).
    let mut in_f64: Vec<(D::Double, D::Double)> = Vec::new();
    let f64_band: Vec<Option<f64>> = cases
        .iter()
        .map(|case| {
            D::double(case).map(|double| {
                in_f64.push(D::double_boxes(&double));
                double.band(1.0)
            })
        })
        .collect();

    let (sat_core, t0) = timed(&obbs, D::sat_core);
    let (certified, t1) = timed(&obbs, D::certified);
    let (parry_sat, t2) = timed(&parry, D::parry_sat);
    let (parry_gjk, t3) = timed(&parry, D::parry_gjk);
    // Timed on the pairs it runs in f64; the certified test on f32 data is untimed.
    let (f64_verdicts, t4) = timed(&in_f64, D::sat64);
    let mut f64_verdicts = f64_verdicts.into_iter();
    let sat64: Vec<bool> = f64_band
        .iter()
        .zip(&exact_boxes)
        .map(|(band, exact)| match band {
            Some(_) => f64_verdicts.next().unwrap_or_default(),
            None => D::certified_written(exact),
        })
        .collect();
    let verdicts = [sat_core, certified, parry_sat, parry_gjk, sat64];
    let n = cases.len();
    let per = |t: Duration, pairs: usize| t.as_secs_f64() * 1e9 / pairs.max(1) as f64;
    let per_pair = |t: Duration| per(t, n);

    let agree =
        [0, 1, 2, 3, 4].map(|e| (0..n).filter(|&i| verdicts[e][i] == verdicts[0][i]).count());
    let disputed: Vec<usize> = (0..n)
        .filter(|&i| verdicts[1..].iter().any(|v| v[i] != verdicts[0][i]))
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
    for (case, &overlap) in cases.iter().zip(&verdicts[0]) {
        let kind = D::kind(case);
        let at = match kinds.iter().position(|k| k.kind == kind) {
            Some(at) => at,
            None => {
                kinds.push(KindTally {
                    kind,
                    cases: 0,
                    overlapping: 0,
                    wrong_outside_band: [0; 5],
                });
                kinds.len() - 1
            }
        };
        kinds[at].cases += 1;
        kinds[at].overlapping += usize::from(overlap);
    }
    let mut wrong_in_band = [0; 5];
    let mut wrong_outside_band = [0; 5];
    let mut worst: PerEngine<Option<f64>> = [None; 5];
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
        if verdicts[0][i] != generated.intersects {
            let form = &mut forms[Form::ALL
                .iter()
                .position(|&f| f == D::form(&cases[i]))
                .unwrap_or(0)];
            form.apart_but_intersecting += usize::from(generated.intersects);
            form.wrong_outside_band +=
                usize::from(Judged::of(verdicts[0][i], generated) == Judged::WrongOutsideBand);
            form.worst = form
                .worst
                .max(generated.margin.abs() / generated.scale / f64::from(EPS));
        }
        for e in 0..5 {
            let v = if e == 1 { *stored } else { *generated };
            let band = match (e, f64_band[i]) {
                (4, Some(per_scale)) => per_scale * v.scale,
                (4, None) => 0.0,
                _ => band(v.scale),
            };
            let judged = Judged::with_band(verdicts[e][i], v.intersects, v.margin, band);
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
