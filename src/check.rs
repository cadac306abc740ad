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

use std::io::{self, Read};
use std::path::PathBuf;
use std::time::Duration;

use sat_core::tolerance::{BAND_K, EPS};
use sat_oracle::check::Judged;
use serde_json::Value;

use crate::case::{Case, parse_case};
use crate::cmd_engine::{self, Answer, Request};
use crate::distance::{DistanceEngine, exact_distance, measure};
use crate::engine::{Engine, FailOn};
use crate::input::{Lines, open};
use crate::parallel;
use crate::progress::Progress;

/// `64`: the bound, in `ε·S`, that `obbsat check --query distance` holds distances to: sat-core
/// keeps [`DISTANCE_K`](sat_core::distance::DISTANCE_K)` = 48` for the boxes it stores, and the
/// stored boxes differ from the boxes as written by a few `ε·S` (rounding to f32, `axes` columns
/// leaning up to 1e-6; `tests/cli/distance.rs` checks `64` on every written form).
pub const DISTANCE_BAND_K: f32 = 64.0;

/// What `obbsat check` asks the engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Query {
    /// Do the boxes intersect? Compared with `expect`.
    Verdict,
    /// How far apart are they? Compared with `distance`.
    Distance,
}

impl Query {
    /// The bound a wrong answer is judged against, in `ε·S`.
    pub fn band_k(self) -> f32 {
        match self {
            Query::Verdict => BAND_K,
            Query::Distance => DISTANCE_BAND_K,
        }
    }
}

/// An engine to check: built in, or an outside program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineChoice {
    /// One of [`Engine::ALL`] (verdicts).
    Builtin(Engine),
    /// One of `obbsat distance`'s engines (distances).
    Distance(DistanceEngine),
    /// `cmd:<program>`.
    Cmd(String),
}

impl EngineChoice {
    /// Parses one `--engine` value for `query`: a built-in name, a comma-separated list of them,
    /// `all`, or `cmd:<program>` (the rest of the value, commas included).
    pub fn parse_list(value: &str, query: Query) -> Result<Vec<EngineChoice>, String> {
        if let Some(program) = value.strip_prefix("cmd:") {
            if program.trim().is_empty() {
                return Err("cmd: needs a program, e.g. cmd:./my-engine".into());
            }
            return Ok(vec![EngineChoice::Cmd(program.to_owned())]);
        }
        let mut out = Vec::new();
        for name in value.split(',').map(str::trim) {
            match query {
                Query::Verdict if name == "all" => {
                    out.extend(Engine::ALL.map(EngineChoice::Builtin));
                }
                Query::Distance if name == "all" => {
                    out.extend(DistanceEngine::ALL.map(EngineChoice::Distance));
                }
                Query::Verdict => match Engine::from_name(name) {
                    Some(engine) => out.push(EngineChoice::Builtin(engine)),
                    None => {
                        return Err(format!(
                            "unknown engine {name:?}: use {}, all or cmd:<program>",
                            Engine::names()
                        ));
                    }
                },
                Query::Distance => match DistanceEngine::from_name(name) {
                    Some(engine) => out.push(EngineChoice::Distance(engine)),
                    None => {
                        return Err(format!(
                            "unknown distance engine {name:?}: use sat, exact, parry, all or cmd:<program>"
                        ));
                    }
                },
            }
        }
        Ok(out)
    }

    /// The name in reports.
    pub fn name(&self) -> String {
        match self {
            EngineChoice::Builtin(e) => e.name().to_owned(),
            EngineChoice::Distance(e) => e.name().to_owned(),
            EngineChoice::Cmd(program) => format!("cmd:{program}"),
        }
    }

    fn default_fail_on(&self) -> FailOn {
        match self {
            EngineChoice::Builtin(e) => e.default_fail_on(),
            EngineChoice::Distance(_) | EngineChoice::Cmd(_) => FailOn::OutsideBand,
        }
    }
}

/// Settings of one check run.
#[derive(Debug, Clone)]
pub struct Options {
    /// Case files (`-`: stdin).
    pub files: Vec<PathBuf>,
    /// Engines, in report order (duplicates removed).
    pub engines: Vec<EngineChoice>,
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

/// The exact answer of a case, and an engine's.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Answered {
    /// A verdict.
    Verdict(bool),
    /// A distance.
    Distance(f64),
}

/// A wrong verdict or distance.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrong {
    /// Where.
    pub place: Place,
    /// The case's `expect` or exact `distance`.
    pub expected: Answered,
    /// The engine's answer.
    pub got: Answered,
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
    /// Valid cases whose `expect` (or `distance`) the exact oracle contradicts.
    pub contradicted: Vec<Place>,
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

/// `48·ε·S`: sat-core's band for a pair of scale `S`, in f64 (the checks' one band).
pub use sat_oracle::check::band;

/// A valid case with its exact answer, margin (verdicts) and scale.
struct Entry {
    place: Place,
    case: Case,
    expected: Answered,
    margin: f64,
    scale: f64,
}

/// A line's recorded answer (`expect` or `distance`) and its recorded margin and scale.
type Recorded = (Option<Answered>, Option<(f64, f64)>);

/// A valid line: where, the case, and what it records.
type Pending = (Place, Case, Recorded);

/// The recorded fields `query` needs: `expect` is required, `distance` optional.
fn recorded(case: &Case, query: Query) -> Result<Recorded, String> {
    let expected = match query {
        Query::Verdict => Some(Answered::Verdict(
            case.expect()?.ok_or("missing \"expect\" (true or false)")?,
        )),
        Query::Distance => case.recorded_distance()?.map(Answered::Distance),
    };
    Ok((expected, case.recorded()?))
}

/// The exact oracle's answer to `query` and its `(margin, S)`.
fn exact(case: &Case, query: Query) -> (Answered, (f64, f64)) {
    let v = case.exact.verdict();
    let answer = match query {
        Query::Verdict => Answered::Verdict(v.intersects),
        Query::Distance => Answered::Distance(exact_distance(case)),
    };
    (answer, (v.margin, v.scale))
}

/// Whether a recorded answer disagrees with the oracle's (distances: by more than `2⁻⁴⁰·S`).
fn contradicts(recorded: Answered, oracle: Answered, scale: f64) -> bool {
    match (recorded, oracle) {
        (Answered::Distance(r), Answered::Distance(o)) => (r - o).abs() > scale * 2f64.powi(-40),
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
        pending.retain(|(_, case, _)| case.dim == dim);
    }
    let skipped = before - pending.len();
    let engines = dedup(&options.engines);
    // The exact answers, then every engine's: one unit per case each, all known now.
    let progress = Progress::new(
        pending.len() * (1 + engines.len()),
        "obbsat check: exact answers",
    );
    let query = options.query;
    let exact = parallel::map(&pending, |(_, case, _)| exact(case, query), &progress);
    let mut contradicted = Vec::new();
    let entries: Vec<Entry> = pending
        .into_iter()
        .zip(exact)
        .map(|((place, case, recorded), (oracle, computed))| {
            let (margin, scale) = recorded.1.unwrap_or(computed);
            let expected = recorded.0.unwrap_or(oracle);
            if contradicts(expected, oracle, scale) {
                contradicted.push(place.clone());
            }
            Entry {
                place,
                case,
                expected,
                margin,
                scale,
            }
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
        let case = match line
            .map_err(|r| (None, r))
            .and_then(|l| parse_case(l).map_err(|e| (e.id.map(|id| id.get().to_owned()), e.reason)))
        {
            Ok(case) => case,
            Err((id, reason)) => {
                let mut at = place(None);
                at.id = id;
                invalid.push(Invalid { place: at, reason });
                continue;
            }
        };
        let at = place(case.id.as_deref());
        match recorded(&case, query) {
            Ok(fields) => pending.push((at, case, fields)),
            Err(reason) => invalid.push(Invalid { place: at, reason }),
        }
    }
    Ok(())
}

fn dedup(engines: &[EngineChoice]) -> Vec<EngineChoice> {
    let mut out: Vec<EngineChoice> = Vec::new();
    for e in engines {
        if !out.contains(e) {
            out.push(e.clone());
        }
    }
    out
}

/// Runs one engine on every entry and tallies its answers.
fn judge(
    engine: &EngineChoice,
    entries: &[Entry],
    options: &Options,
    progress: &Progress,
) -> io::Result<EngineReport> {
    let (answers, problem): (Vec<Result<Answered, String>>, _) = match engine {
        EngineChoice::Builtin(e) => (
            parallel::map(
                entries,
                |entry| Ok(Answered::Verdict(e.intersects(&entry.case))),
                progress,
            ),
            None,
        ),
        EngineChoice::Distance(e) => (
            parallel::map(
                entries,
                |entry| measure(*e, &entry.case).map(|m| Answered::Distance(m.0)),
                progress,
            ),
            None,
        ),
        EngineChoice::Cmd(program) => {
            let requests: Vec<Request> = entries
                .iter()
                .map(|entry| Request {
                    line: entry.case.request_line(options.query),
                    id: entry
                        .case
                        .id
                        .as_deref()
                        .and_then(|id| serde_json::from_str(id.get()).ok())
                        .unwrap_or(Value::Null),
                })
                .collect();
            let read = match options.query {
                Query::Verdict => |a: &Answer| a.verdict().map(Answered::Verdict),
                Query::Distance => |a: &Answer| a.distance().map(Answered::Distance),
            };
            let outcome = cmd_engine::run(program, &requests, options.timeout, progress, read)?;
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
            (Answered::Distance(exact), Answered::Distance(d)) => {
                let error = d - exact;
                let r = relative(error, entry.scale);
                worst_error = Some(worst_error.map_or(r, |w: f64| w.max(r)));
                let bound = f64::from(options.query.band_k()) * f64::from(EPS) * entry.scale;
                if error.abs() <= bound {
                    continue;
                }
                (error, true)
            }
            (Answered::Verdict(expected), Answered::Verdict(verdict)) => {
                let band = match engine {
                    EngineChoice::Builtin(e) => e.band(&entry.case, entry.scale),
                    _ => band(entry.scale),
                };
                match Judged::with_band(verdict, expected, entry.margin, band) {
                    Judged::Right => continue,
                    judged => (entry.margin, judged == Judged::WrongOutsideBand),
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
        fail_on: options.fail_on.unwrap_or_else(|| engine.default_fail_on()),
        cases: entries.len(),
        wrong,
        no_verdict,
        problem,
        worst_error,
    })
}
