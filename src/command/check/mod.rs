//! `obbsat check FILE... --engine ... [--query verdict|distance]`: every engine's answer on every
//! case, against the case's recorded exact answer.
//!
//! **Verdicts** (the default query):
//! * Every valid line needs `"expect": true|false`; a line that is not a valid case (or has no
//!   `expect`) is listed as invalid and fails the check.
//! * A verdict is *wrong* when it differs from `expect`. It is *outside the band* when the exact
//!   margin exceeds sat-core's band, `|margin| > 48·ε·S` (`ε = 2⁻²³`), where sat-core guarantees
//!   its verdict; inside the band any f32 test may answer either way. The margin and `S` are the
//!   line's `"exact_margin"` and `"scale"` when it carries both, else the exact oracle's for the
//!   boxes as written. `worst |margin|/S` is the largest `|margin|/S` over an engine's wrong
//!   verdicts: how far from touching its worst mistake is, relative to the pair's size.
//! * The exact oracle also judges every case; lines whose `expect` it contradicts are counted
//!   (a stale or hand-written expectation), without failing the check.
//! * Exit status: 1 when a line is invalid or an engine fails: by default any wrong verdict of
//!   `certified` and `exact`, a wrong verdict outside the band of `sat`, the parry engines
//!   (`parry-sat`, `parry-gjk` and their f64 `parry64-` twins, judged against sat-core's f32
//!   band as well) and `cmd:` engines, outside its own band for `sat64`; `--fail-on
//!   any|outside-band|never` sets one rule for all.
//!   Cases without a verdict (outside engines) and engine problems always fail, except with
//!   `never`.
//!
//! **Distances** (`--query distance`; engines `sat`, `exact`, `parry` as in `obbsat distance`,
//! `all` for the three, or `cmd:` engines answering `{"distance": d}`):
//! * The exact distance is the line's `"distance"` (as `obbsat corpus` writes it), else the exact
//!   oracle's for the boxes as written; lines whose recorded distance the oracle contradicts (by
//!   more than `2⁻⁴⁰·S`) are counted as notes. `S` as for verdicts.
//! * A distance is *wrong* when it is off the exact one by more than [`DISTANCE_BAND_K`]`·ε·S`,
//!   the bound sat-core's distance keeps for the boxes as written; there is no "in band" for
//!   distances, so every wrong distance is outside the band and fails the check (unless
//!   `--fail-on never`). `worst |error|/S` is the largest `|d − exact|/S` over all of an
//!   engine's answers, wrong or not.
//!
//! **Casts** (`--query cast`; engines `sat`, `sat64`, `certified`, `exact`, `parry`, `all` or
//! `cmd:` engines answering `{"toi": t}`): each line carries a cast ([`crate::case::cast`]);
//! an answer is judged against the exact time of impact of the pair grown and shrunk by
//! `64·ε·S'` (with a target distance: by exact swept distances, [`cast`]), every wrong one fails
//! (unless `--fail-on never`). Rotating casts, without an exact time of impact here, are listed
//! as not judged. A recorded `toi` the exact oracle contradicts is a note.

use std::io::{self, Read};
use std::path::PathBuf;
use std::time::Duration;

use sat_core::tolerance::{BAND_K, Band, EPS};
use sat_oracle::check::Judged;

use crate::case::{Query, WrittenCase};
use crate::engine::cmd::{self, AnswerLine, Request};
use crate::engine::{Answer, Choice, Prepared, exact_distance};
use crate::util::{Lines, Progress, open, parallel_map};
use cast::{CAST_BAND_K, CastTruth};

pub mod cast;
pub mod report;

/// `64`: the bound, in `ε·S`, that `obbsat check --query distance` holds distances to: sat-core
/// keeps [`DISTANCE_K`](sat_core::distance::DISTANCE_K)` = 48` for the boxes it stores, and the
/// stored boxes differ from the boxes as written by a few `ε·S` (rounding to f32, `axes` columns
/// leaning up to 1e-6; `tests/cli/distance.rs` checks `64` on every written form).
pub const DISTANCE_BAND_K: f32 = 64.0;

/// The bound a wrong answer to `query` is judged against, for a pair of scale `scale`: sat-core's
/// band for verdicts (an engine may have its own, [`crate::engine::Engine::band`]), the distance
/// bound [`DISTANCE_BAND_K`]`·ε·S` for distances.
pub fn query_band(query: Query, scale: f64) -> Band<f64> {
    let k = match query {
        Query::Verdict => BAND_K,
        Query::Distance => DISTANCE_BAND_K,
        Query::Cast => CAST_BAND_K,
    };
    Band::new(f64::from(k), f64::from(EPS), scale)
}

/// Which wrong verdicts make `obbsat check` fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FailOn {
    /// Every wrong verdict (and every case without a verdict).
    Any,
    /// Wrong verdicts with `|exact margin|` outside the engine's band (and cases without a
    /// verdict).
    OutsideBand,
    /// Nothing: report only.
    Never,
}

impl FailOn {
    /// What `obbsat check` fails on by default for `choice`: any wrong verdict for the engines
    /// exact at any margin, wrong verdicts outside the band for the others (and for every
    /// distance).
    fn default_for(choice: &Choice, query: Query) -> FailOn {
        match (choice, query) {
            (Choice::Builtin(e), Query::Verdict) if e.about().exact_at_any_margin => FailOn::Any,
            _ => FailOn::OutsideBand,
        }
    }
}

/// Settings of one check run.
#[derive(Debug, Clone)]
pub struct Options {
    /// Case files (`-`: stdin).
    pub files: Vec<PathBuf>,
    /// Engines, in report order (duplicates removed).
    pub engines: Vec<Choice>,
    /// One failure rule for every engine, instead of each engine's default.
    pub fail_on: Option<FailOn>,
    /// How long an outside engine may stay silent.
    pub timeout: Duration,
    /// Only cases of this dimension (for engines of one dimension); `None`: all.
    pub dim: Option<u8>,
    /// Verdicts or distances.
    pub query: Query,
}

/// Where a line came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The file as given on the command line.
    pub file: String,
    /// Line number, from 1.
    pub line: usize,
    /// The case's id as written, if any.
    pub id: Option<String>,
}

/// A line that is not a valid case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    /// Where.
    pub place: Place,
    /// Why.
    pub reason: String,
}

/// A wrong verdict or distance.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrong {
    /// Where.
    pub place: Place,
    /// The case's `expect` or exact `distance`.
    pub expected: Answer,
    /// The engine's answer.
    pub got: Answer,
    /// Verdicts: the exact margin (recorded or computed); distances: the error, got − exact.
    pub margin: f64,
    /// `S` (recorded or computed).
    pub scale: f64,
    /// `|margin| > 48·ε·S` (verdicts); always for distances.
    pub outside_band: bool,
}

impl Wrong {
    /// `|margin|/S` (0 for two identical points, where both are 0).
    pub fn relative(&self) -> f64 {
        relative(self.margin, self.scale)
    }
}

/// `|x|/S`, 0 when `x` is (two identical points have `S = 0`).
fn relative(x: f64, scale: f64) -> f64 {
    if x == 0.0 { 0.0 } else { x.abs() / scale }
}

/// A case an outside engine gave no verdict for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoVerdict {
    /// Where.
    pub place: Place,
    /// Why.
    pub reason: String,
}

/// One engine's results.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineReport {
    /// `sat`, ..., `cmd:<program>`.
    pub name: String,
    /// The failure rule applied.
    pub fail_on: FailOn,
    /// Valid cases judged.
    pub cases: usize,
    /// Every wrong verdict, in file order.
    pub wrong: Vec<Wrong>,
    /// Cases without a verdict.
    pub no_verdict: Vec<NoVerdict>,
    /// A problem of the run as a whole (outside engines).
    pub problem: Option<String>,
    /// Distances: the largest `|d − exact|/S` over every answer (verdicts: `None`).
    pub worst_error: Option<f64>,
}

impl EngineReport {
    /// Wrong verdicts outside the band.
    pub fn wrong_outside_band(&self) -> usize {
        self.wrong.iter().filter(|w| w.outside_band).count()
    }

    /// Wrong verdicts inside the band.
    pub fn wrong_in_band(&self) -> usize {
        self.wrong.len() - self.wrong_outside_band()
    }

    /// Verdicts: the largest `|margin|/S` of a wrong verdict; distances: the largest
    /// `|d − exact|/S` of any answer.
    pub fn worst(&self) -> Option<f64> {
        self.worst_error.or_else(|| {
            self.wrong
                .iter()
                .map(Wrong::relative)
                .fold(None, |m, r| Some(m.map_or(r, |m: f64| m.max(r))))
        })
    }

    /// Whether the engine passes its failure rule.
    pub fn passed(&self) -> bool {
        let clean = self.no_verdict.is_empty() && self.problem.is_none();
        match self.fail_on {
            FailOn::Never => true,
            FailOn::Any => clean && self.wrong.is_empty(),
            FailOn::OutsideBand => clean && self.wrong_outside_band() == 0,
        }
    }
}

/// Everything a check run found.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The files, as given.
    pub files: Vec<String>,
    /// Valid cases checked.
    pub cases: usize,
    /// Valid cases left out by `--dim`.
    pub skipped: usize,
    /// Invalid lines.
    pub invalid: Vec<Invalid>,
    /// Valid cases whose `expect` (or `distance`, `toi`) the exact oracle contradicts.
    pub contradicted: Vec<Place>,
    /// Valid cases not judged, and why (casts without an exact time of impact).
    pub unjudged: Vec<Invalid>,
    /// What was asked.
    pub query: Query,
    /// Per engine.
    pub engines: Vec<EngineReport>,
}

impl Report {
    /// Whether the run passes: no invalid line, every engine passes.
    pub fn passed(&self) -> bool {
        self.invalid.is_empty() && self.engines.iter().all(EngineReport::passed)
    }
}

/// A valid case with its exact answer, margin (verdicts) and scale.
struct Entry {
    place: Place,
    case: Prepared,
    expected: Answer,
    margin: f64,
    scale: f64,
    /// Casts: what the answers are judged against.
    cast: Option<CastTruth>,
}

/// A line's recorded answer (`expect` or `distance`) and its recorded margin and scale.
type Recorded = (Option<Answer>, Option<(f64, f64)>);

/// A valid line: where, the case, and what it records.
type Pending = (Place, Prepared, Recorded);

/// The recorded fields `query` needs: `expect` is required, `distance` optional.
fn recorded(case: &WrittenCase, query: Query) -> Result<Recorded, String> {
    let expected = match query {
        Query::Verdict => Some(Answer::Verdict(
            case.expect()?.ok_or("missing \"expect\" (true or false)")?,
        )),
        Query::Distance => case.recorded_distance()?.map(Answer::Distance),
        Query::Cast => case.cast()?.recorded.map(Answer::Cast),
    };
    Ok((expected, case.recorded()?))
}

/// The exact oracle's answer to `query` and its `(margin, S)`; for casts, what answers are
/// judged against, or why they are not (`S` is then `S'`).
type Oracle = (Answer, (f64, f64), Option<Result<CastTruth, String>>);

/// The exact oracle's answer to `query` (see [`Oracle`]).
fn exact(case: &Prepared, query: Query) -> Oracle {
    let v = case.exact.verdict();
    let answer = match query {
        Query::Verdict => Answer::Verdict(v.intersects),
        Query::Distance => Answer::Distance(exact_distance(&case.exact)),
        Query::Cast => {
            // `read` kept only lines whose cast reads.
            let truth = case
                .written
                .cast()
                .and_then(|input| cast::truth(case, &input));
            let (toi, scale) = truth.as_ref().map_or((None, v.scale), |t| (t.toi, t.scale));
            return (Answer::Cast(toi), (0.0, scale), Some(truth));
        }
    };
    (answer, (v.margin, v.scale), None)
}

/// Whether a recorded answer disagrees with the oracle's (distances: by more than `2⁻⁴⁰·S`).
fn contradicts(recorded: Answer, oracle: Answer, scale: f64) -> bool {
    match (recorded, oracle) {
        (Answer::Distance(r), Answer::Distance(o)) => (r - o).abs() > scale * 2f64.powi(-40),
        (Answer::Cast(Some(r)), Answer::Cast(Some(o))) => (r - o).abs() > o * 2f64.powi(-40),
        _ => recorded != oracle,
    }
}

/// Reads every file, runs every engine and returns the report. `Err` for I/O errors (a missing
/// file, an outside engine that cannot be started).
pub fn run(options: &Options) -> io::Result<Report> {
    let mut invalid = Vec::new();
    let mut pending = Vec::new();
    for path in &options.files {
        let file = path.display().to_string();
        let input = open(Some(path))?;
        read(input, &file, options.query, &mut pending, &mut invalid)?;
    }
    let before = pending.len();
    if let Some(dim) = options.dim {
        pending.retain(|(_, case, _)| case.written.dim == dim);
    }
    let skipped = before - pending.len();
    let engines = dedup(&options.engines);
    // The exact answers, then every engine's: one unit per case each, all known now.
    let progress = Progress::new(
        pending.len() * (1 + engines.len()),
        "obbsat check: exact answers",
    );
    let query = options.query;
    let exact = parallel_map(&pending, |(_, case, _)| exact(case, query), &progress);
    let mut contradicted = Vec::new();
    let mut unjudged = Vec::new();
    let entries: Vec<Entry> = pending
        .into_iter()
        .zip(exact)
        .filter_map(|((place, case, recorded), (oracle, computed, truth))| {
            let cast = match truth {
                Some(Err(reason)) => {
                    unjudged.push(Invalid { place, reason });
                    return None;
                }
                Some(Ok(truth)) => Some(truth),
                None => None,
            };
            let (margin, scale) = match cast {
                Some(_) => computed,
                None => recorded.1.unwrap_or(computed),
            };
            let expected = recorded.0.unwrap_or(oracle);
            if contradicts(expected, oracle, scale) {
                contradicted.push(place.clone());
            }
            Some(Entry {
                place,
                case,
                expected,
                margin,
                scale,
                cast,
            })
        })
        .collect();
    let mut reports = Vec::new();
    for engine in &engines {
        progress.set_message(&format!("obbsat check: {}", engine.name()));
        reports.push(judge(engine, &entries, options, &progress)?);
    }
    progress.finish();
    Ok(Report {
        files: options
            .files
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        cases: entries.len(),
        skipped,
        invalid,
        contradicted,
        unjudged,
        query,
        engines: reports,
    })
}

/// Reads one file's lines into valid cases and invalid lines.
fn read(
    input: impl Read,
    file: &str,
    query: Query,
    pending: &mut Vec<Pending>,
    invalid: &mut Vec<Invalid>,
) -> io::Result<()> {
    let mut lines = Lines::new(input);
    while let Some((number, line)) = lines.next_line()? {
        let place = |id: Option<&serde_json::value::RawValue>| Place {
            file: file.to_owned(),
            line: number,
            id: id.map(|id| id.get().to_owned()),
        };
        let case = match line.map_err(|r| (None, r)).and_then(|l| {
            Prepared::parse(l).map_err(|e| (e.id.map(|id| id.get().to_owned()), e.reason))
        }) {
            Ok(case) => case,
            Err((id, reason)) => {
                let mut at = place(None);
                at.id = id;
                invalid.push(Invalid { place: at, reason });
                continue;
            }
        };
        let at = place(case.written.id.as_deref());
        match recorded(&case.written, query) {
            Ok(fields) => pending.push((at, case, fields)),
            Err(reason) => invalid.push(Invalid { place: at, reason }),
        }
    }
    Ok(())
}

fn dedup(engines: &[Choice]) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for e in engines {
        if !out.contains(e) {
            out.push(e.clone());
        }
    }
    out
}

/// Runs one engine on every entry and tallies its answers.
fn judge(
    engine: &Choice,
    all: &[Entry],
    options: &Options,
    progress: &Progress,
) -> io::Result<EngineReport> {
    let query = options.query;
    // A built-in engine is judged on the casts it takes (`certified` and `exact`: linear ones
    // with target distance 0); the others' progress is counted at once.
    let entries: Vec<&Entry> = all
        .iter()
        .filter(|entry| match (engine, query, entry.case.written.cast()) {
            (Choice::Builtin(e), Query::Cast, Ok(input)) => e.takes_cast(&input),
            _ => true,
        })
        .collect();
    progress.advance(all.len() - entries.len());
    let (answers, problem): (Vec<Result<Answer, String>>, _) = match engine {
        Choice::Builtin(e) => (
            parallel_map(&entries, |entry| e.answer(query, &entry.case), progress),
            None,
        ),
        Choice::Cmd(program) => {
            let requests: Vec<Request> = entries
                .iter()
                .map(|entry| Request::of(&entry.case.written, query))
                .collect();
            let read = match query {
                Query::Verdict => |a: &AnswerLine| a.verdict().map(Answer::Verdict),
                Query::Distance => |a: &AnswerLine| a.distance().map(Answer::Distance),
                Query::Cast => |a: &AnswerLine| a.toi().map(Answer::Cast),
            };
            let outcome = cmd::run(program, &requests, options.timeout, progress, read)?;
            (outcome.answers, outcome.problem)
        }
    };
    let mut wrong = Vec::new();
    let mut no_verdict = Vec::new();
    let mut worst_error = None;
    for (entry, answer) in entries.iter().zip(answers) {
        let got = match answer {
            Ok(got) => got,
            Err(reason) => {
                no_verdict.push(NoVerdict {
                    place: entry.place.clone(),
                    reason,
                });
                continue;
            }
        };
        let (margin, outside_band) = match (entry.expected, got) {
            (Answer::Distance(exact), Answer::Distance(d)) => {
                let error = d - exact;
                let r = relative(error, entry.scale);
                worst_error = Some(worst_error.map_or(r, |w: f64| w.max(r)));
                if query_band(query, entry.scale).contains(error) {
                    continue;
                }
                (error, true)
            }
            (Answer::Verdict(expected), Answer::Verdict(verdict)) => {
                let band = match engine {
                    Choice::Builtin(e) => e.band(entry.case.double.as_ref(), entry.scale),
                    Choice::Cmd(_) => query_band(query, entry.scale),
                };
                match Judged::with_band(verdict, expected, entry.margin, band) {
                    Judged::Right => continue,
                    judged => (entry.margin, judged == Judged::WrongOutsideBand),
                }
            }
            (Answer::Cast(_), Answer::Cast(toi)) => {
                let truth = entry.cast.as_ref().expect("a cast entry has its truth");
                match truth.error(toi) {
                    None => continue,
                    Some(error) => (error, true),
                }
            }
            // A distance engine answers distances, a verdict engine verdicts.
            _ => unreachable!("an answer to another query"),
        };
        wrong.push(Wrong {
            place: entry.place.clone(),
            expected: entry.expected,
            got,
            margin,
            scale: entry.scale,
            outside_band,
        });
    }
    Ok(EngineReport {
        name: engine.name(),
        fail_on: options
            .fail_on
            .unwrap_or_else(|| FailOn::default_for(engine, query)),
        cases: entries.len(),
        wrong,
        no_verdict,
        problem,
        worst_error,
    })
}
