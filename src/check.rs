//! `obbsat check FILE... --engine ...`: every engine's verdict on every case, against the
//! case's `"expect"`.
//!
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
//!   `certified` and `exact`, a wrong verdict outside the band of `sat`, `parry-sat`,
//!   `parry-gjk` and `cmd:` engines; `--fail-on any|outside-band|never` sets one rule for all.
//!   Cases without a verdict (outside engines) and engine problems always fail, except with
//!   `never`.

use std::io::{self, Read};
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use crate::case::{Case, parse_case};
use crate::cmd_engine::{self, Request};
use crate::engine::{Engine, FailOn};
use crate::input::{Lines, open};
use crate::parallel;
use crate::progress::Progress;

/// An engine to check: built in, or an outside program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineChoice {
    /// One of [`Engine::ALL`].
    Builtin(Engine),
    /// `cmd:<program>`.
    Cmd(String),
}

impl EngineChoice {
    /// Parses one `--engine` value: a built-in name, a comma-separated list of them, `all`, or
    /// `cmd:<program>` (the rest of the value, commas included).
    pub fn parse_list(value: &str) -> Result<Vec<EngineChoice>, String> {
        if let Some(program) = value.strip_prefix("cmd:") {
            if program.trim().is_empty() {
                return Err("cmd: needs a program, e.g. cmd:./my-engine".into());
            }
            return Ok(vec![EngineChoice::Cmd(program.to_owned())]);
        }
        let mut out = Vec::new();
        for name in value.split(',').map(str::trim) {
            if name == "all" {
                out.extend(Engine::ALL.map(EngineChoice::Builtin));
            } else if let Some(engine) = Engine::from_name(name) {
                out.push(EngineChoice::Builtin(engine));
            } else {
                return Err(format!(
                    "unknown engine {name:?}: use sat, certified, exact, parry-sat, parry-gjk, all or cmd:<program>"
                ));
            }
        }
        Ok(out)
    }

    /// The name in reports.
    pub fn name(&self) -> String {
        match self {
            EngineChoice::Builtin(e) => e.name().to_owned(),
            EngineChoice::Cmd(program) => format!("cmd:{program}"),
        }
    }

    fn default_fail_on(&self) -> FailOn {
        match self {
            EngineChoice::Builtin(e) => e.default_fail_on(),
            EngineChoice::Cmd(_) => FailOn::OutsideBand,
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

/// A wrong verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrong {
    /// Where.
    pub place: Place,
    /// The case's `expect`.
    pub expected: bool,
    /// The exact margin (recorded or computed).
    pub margin: f64,
    /// `S` (recorded or computed).
    pub scale: f64,
    /// `|margin| > 48·ε·S`.
    pub outside_band: bool,
}

impl Wrong {
    /// `|margin|/S` (0 for two identical points, where both are 0).
    pub fn relative(&self) -> f64 {
        if self.margin == 0.0 {
            0.0
        } else {
            self.margin.abs() / self.scale
        }
    }
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

    /// The largest `|margin|/S` of a wrong verdict.
    pub fn worst(&self) -> Option<f64> {
        self.wrong
            .iter()
            .map(Wrong::relative)
            .fold(None, |m, r| Some(m.map_or(r, |m: f64| m.max(r))))
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
    /// Valid cases whose `expect` the exact oracle contradicts.
    pub contradicted: Vec<Place>,
    /// Per engine.
    pub engines: Vec<EngineReport>,
}

impl Report {
    /// Whether the run passes: no invalid line, every engine passes.
    pub fn passed(&self) -> bool {
        self.invalid.is_empty() && self.engines.iter().all(EngineReport::passed)
    }
}

use sat_oracle::check::Judged;
/// `48·ε·S`: sat-core's band for a pair of scale `S`, in f64 (the checks' one band).
pub use sat_oracle::check::band;

/// A valid case with its expectation and exact margin.
struct Entry {
    place: Place,
    case: Case,
    expect: bool,
    margin: f64,
    scale: f64,
}

/// Reads every file, runs every engine and returns the report. `Err` for I/O errors (a missing
/// file, an outside engine that cannot be started).
pub fn run(options: &Options) -> io::Result<Report> {
    let mut invalid = Vec::new();
    let mut pending = Vec::new();
    for path in &options.files {
        let file = path.display().to_string();
        read(open(Some(path))?, &file, &mut pending, &mut invalid)?;
    }
    let before = pending.len();
    if let Some(dim) = options.dim {
        pending.retain(|(_, case, _)| case.dim == dim);
    }
    let skipped = before - pending.len();
    let engines = dedup(&options.engines);
    // The exact verdicts, then every engine's: one unit per case each, all known now.
    let progress = Progress::new(
        pending.len() * (1 + engines.len()),
        "obbsat check: exact verdicts",
    );
    let exact = parallel::map(&pending, |(_, case, _)| case.exact.verdict(), &progress);
    let mut contradicted = Vec::new();
    let entries: Vec<Entry> = pending
        .into_iter()
        .zip(exact)
        .map(|((place, case, recorded), v)| {
            let expect = recorded.0;
            if v.intersects != expect {
                contradicted.push(place.clone());
            }
            let (margin, scale) = recorded.1.unwrap_or((v.margin, v.scale));
            Entry {
                place,
                case,
                expect,
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
        engines: reports,
    })
}

/// A valid line: where, the case, and its `expect` with the recorded margin and scale.
type Pending = (Place, Case, (bool, Option<(f64, f64)>));

/// Reads one file's lines into valid cases and invalid lines.
fn read(
    input: impl Read,
    file: &str,
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
        let fields = case.expect().and_then(|expect| {
            let expect = expect.ok_or("missing \"expect\" (true or false)")?;
            Ok((expect, case.recorded()?))
        });
        match fields {
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

/// Runs one engine on every entry and tallies its verdicts.
fn judge(
    engine: &EngineChoice,
    entries: &[Entry],
    options: &Options,
    progress: &Progress,
) -> io::Result<EngineReport> {
    let (verdicts, problem): (Vec<Result<bool, String>>, _) = match engine {
        EngineChoice::Builtin(e) => (
            parallel::map(entries, |entry| Ok(e.intersects(&entry.case)), progress),
            None,
        ),
        EngineChoice::Cmd(program) => {
            let requests: Vec<Request> = entries
                .iter()
                .map(|entry| Request {
                    line: entry.case.request_line(),
                    id: entry
                        .case
                        .id
                        .as_deref()
                        .and_then(|id| serde_json::from_str(id.get()).ok())
                        .unwrap_or(Value::Null),
                })
                .collect();
            let outcome = cmd_engine::run(program, &requests, options.timeout, progress)?;
            (outcome.answers, outcome.problem)
        }
    };
    let mut wrong = Vec::new();
    let mut no_verdict = Vec::new();
    for (entry, verdict) in entries.iter().zip(verdicts) {
        match verdict {
            Ok(v) => match Judged::new(v, entry.expect, entry.margin, entry.scale) {
                Judged::Right => {}
                judged => wrong.push(Wrong {
                    place: entry.place.clone(),
                    expected: entry.expect,
                    margin: entry.margin,
                    scale: entry.scale,
                    outside_band: judged == Judged::WrongOutsideBand,
                }),
            },
            Err(reason) => no_verdict.push(NoVerdict {
                place: entry.place.clone(),
                reason,
            }),
        }
    }
    Ok(EngineReport {
        name: engine.name(),
        fail_on: options.fail_on.unwrap_or_else(|| engine.default_fail_on()),
        cases: entries.len(),
        wrong,
        no_verdict,
        problem,
    })
}
