//! Layer 4, the command line: `obbsat [run] | verdict | distance | cast | check | explain |
//! generate | corpus | decode` parsed by clap into each command's options (layer 3).

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::case::Query;
use crate::command::check::report::Format;
use crate::command::check::{self, FailOn};
use crate::command::run::{DEFAULT_CASES, DEFAULT_SEED};
use crate::command::{answer, corpus, decode, explain, generate, run};
use crate::engine::{Choice, Engine, find, names};
use crate::util::open;

/// Oriented-box separating-axis tests with a stated error bound.
///
/// Without a subcommand, runs the main job (`run`) with its defaults.
#[derive(Debug, Parser)]
#[command(name = "obbsat", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do (default: `run`).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of `run`, also accepted without the subcommand.
    #[command(flatten)]
    pub run: RunArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run seeded random and adversarial pairs through sat-core (fast, certified and f64) and
    /// parry's SAT and GJK (f32 and f64), adjudicate with the exact oracle and print a table (the
    /// default).
    Run(RunArgs),
    /// Read JSON Lines cases and write one JSON verdict line per input line.
    ///
    /// Each line: {"id": any, "dim": 2|3, "a": BOX, "b": BOX}, BOX = {"center": [..],
    /// "half_extents": [..], and exactly one of "quat": [x, y, z, w] (3D), "axes": columns
    /// (2D: [[x, y], [x, y]], 3D: three columns of 3), "angle": radians (2D), "degrees": d
    /// (2D)}. Unknown keys are ignored.
    ///
    /// Answer: {"id": .., "intersects": bool, "margin": signed gap, "axis": "face_a0" |
    /// "face_b1" | "edge_a0_b2" ..}, or {"id": .., "error": "line N: reason"} (also on stderr).
    /// Exit status 1 if any line was invalid.
    ///
    /// Engines: sat (default; sat-core on the numbers rounded to f32, exact outside its band
    /// 48·ε·S), certified and exact (exact at any margin, on the numbers exactly as written: a
    /// quaternion as R(q)/|q|², axes as given; an angle or degrees as the columns (cos, sin),
    /// (−sin, cos) of the written angle computed in f64 by libm, exact for multiples of 90°),
    /// parry-sat and parry-gjk (parry 0.31 on the f32 boxes where they are written; sat-core gets
    /// the pair moved so that A's centre is the origin), sat64, parry64-sat and parry64-gjk
    /// (sat-core and parry-f64 on the numbers as written in f64). margin and axis: the exact
    /// oracle's for exact, sat-core's f64 separation for sat64 and parry64 (f32 columns aside),
    /// sat-core's separation of the f32 boxes for the others.
    Verdict {
        /// Input file; `-` or nothing reads stdin.
        file: Option<PathBuf>,
        /// sat, sat64, certified, exact, parry-sat, parry-gjk, parry64-sat or parry64-gjk.
        #[arg(long, default_value = "sat", value_parser = verdict_engine)]
        engine: &'static dyn Engine,
    },
    /// Read JSON Lines cases (the format of `verdict`) and write one JSON line per input line:
    /// {"id": .., "distance": d, "a": [point on A], "b": [point on B]} (world coordinates; for
    /// intersecting boxes distance 0 and a point of both), or {"id": .., "error": "line N:
    /// reason"} (also on stderr). Exit status 1 if any line was invalid.
    ///
    /// Engines: sat (default; sat-core's closest_points, within 48·ε·S of the exact distance of
    /// the boxes it builds, which contain the boxes as written), exact (the exact distance of the
    /// boxes as written, rational where the axes are exactly orthogonal), parry (parry 0.31's
    /// query::closest_points; a and b null when it says the boxes intersect).
    Distance {
        /// Input file; `-` or nothing reads stdin.
        file: Option<PathBuf>,
        /// sat, exact or parry.
        #[arg(long, default_value = "sat", value_parser = distance_engine)]
        engine: &'static dyn Engine,
    },
    /// Read JSON Lines cases with a cast and write one JSON line per input line: {"id": ..,
    /// "toi": t, "status": "hit" | "penetrating" | "out_of_iterations", "normal": [..], "a":
    /// [point of A at toi], "b": [point of B], "feature": ".."}, every field null but the id for
    /// no hit, or {"id": .., "error": "line N: reason"} (also on stderr). Exit status 1 if any
    /// line was invalid.
    ///
    /// A cast case is a verdict case with "vel_a" and "vel_b" (a linear cast) or "motion_a" and
    /// "motion_b" ({"pivot", "linvel", "angvel"}: a rotating one), "max_toi" (a number, or
    /// "inf" for a linear cast) and optionally "target_distance".
    ///
    /// Engines: sat (default; sat-core's cast on the f32 boxes), sat64 (in f64 on the numbers
    /// as written), certified (cast_certified: the exact time of impact of sat's boxes rounded
    /// down to f32), exact (the exact time of impact of the numbers as written, rounded down to
    /// f64), parry (parry 0.31's cast_shapes or cast_shapes_nonlinear: time and status). certified
    /// and exact answer linear casts with target distance 0 only.
    Cast {
        /// Input file; `-` or nothing reads stdin.
        file: Option<PathBuf>,
        /// sat, sat64, certified, exact or parry.
        #[arg(long, default_value = "sat", value_parser = cast_engine)]
        engine: &'static dyn Engine,
    },
    /// Check engines against each case's "expect": wrong verdicts outside and inside sat-core's
    /// band 48·ε·S, the worst |margin|/S of a wrong verdict, and an exit status for CI.
    ///
    /// Exit status: 0 pass; 1 an invalid line, or an engine failed its rule (default: any wrong
    /// verdict of certified/exact, a wrong verdict outside the band of the others; a case
    /// without a verdict or a problem of a cmd: engine); 2 a usage or I/O error.
    ///
    /// cmd:PROGRAM runs `sh -c PROGRAM` once: it gets one line per case on stdin,
    /// {"id", "dim", "a", "b"} as written, and must answer one line per case, in order, on
    /// stdout: {"id": .., "intersects": bool} or {"id": .., "error": "why"}.
    Check(CheckArgs),
    /// Explain one case: every candidate axis with its exact and f32 gap, every engine's verdict,
    /// and optionally a picture (SVG).
    Explain(ExplainArgs),
    /// Write seeded generated cases as JSON Lines, with the exact oracle's verdict as "expect".
    Generate(GenerateArgs),
    /// Write the regression corpus: the named cases, the fuzz findings of fuzz/regressions, and
    /// fresh expectations from the exact oracle for every other corpus file.
    Corpus(CorpusArgs),
    /// Write fuzz inputs as case lines, decoded exactly as the fuzz target decodes them (id
    /// fuzz-TARGET-FILE), for cast, verdict and check to replay: the cast targets (cast2, cast3,
    /// cast3_nonlinear) give cast lines, the targets whose inputs are a pair of boxes the pair.
    /// Exit status 1 if a file was skipped (unreadable, or a target of another kind).
    Decode {
        /// The fuzz target: cast2, cast3, cast3_nonlinear, obb2, obb3, ...
        target: String,
        /// Its input files (e.g. fuzz/corpus/cast3/*).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Options of the main job.
#[derive(Debug, Clone, Copy, Args)]
pub struct RunArgs {
    /// Seed of the case generator.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Cases per dimension.
    #[arg(long, default_value_t = DEFAULT_CASES)]
    pub cases: usize,
    /// Adjudicate only every disputed pair and a uniform sample of this many pairs per
    /// dimension with the exact oracle (default: every pair).
    #[arg(long)]
    pub exact_sample: Option<usize>,
}

/// Options of `check`.
#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    /// Case files (JSON Lines with "expect", or "distance" for --query distance); `-` reads stdin.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Engines: sat, sat64, certified, exact, parry-sat, parry-gjk, parry64-sat, parry64-gjk, all
    /// (the eight), a comma-separated list of those, or cmd:PROGRAM (with --query distance: sat,
    /// exact, parry, all). Repeatable.
    #[arg(long, default_value = "sat")]
    pub engine: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// One failure rule for every engine instead of each engine's default: any wrong verdict,
    /// wrong verdicts outside the band, or never (report only).
    #[arg(long, value_parser = parse_fail_on)]
    pub fail_on: Option<FailOn>,
    /// Seconds a cmd: engine may stay silent before it is killed.
    #[arg(long, default_value_t = 30.0)]
    pub timeout: f64,
    /// Wrong verdicts listed per engine in text and md (json lists all).
    #[arg(long, default_value_t = 20)]
    pub list: usize,
    /// Check only the cases of this dimension (for an engine of one dimension).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=3))]
    pub dim: Option<u8>,
    /// What to check: verdicts against "expect", distances against "distance" (engines sat,
    /// exact, parry, all or cmd:PROGRAM; the exact oracle's distance where a line has none), or
    /// casts against the exact time of impact (engines sat, sat64, certified, exact, parry, all
    /// or cmd:PROGRAM; wrong beyond 64·ε·S').
    #[arg(long, value_enum, default_value_t = Query::Verdict)]
    pub query: Query,
}

/// Options of `explain`.
#[derive(Debug, Clone, Args)]
pub struct ExplainArgs {
    /// Case file; `-` reads stdin.
    pub file: PathBuf,
    /// The case's id (its JSON text without quotes for a string id, e.g. touch-1); default:
    /// the first valid case.
    #[arg(long)]
    pub id: Option<String>,
    /// Write a picture: 2D the two boxes, the separating axis and both projection intervals;
    /// 3D three orthographic views, the view along the separating axis and the intervals.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// Options of `generate`.
#[derive(Debug, Clone, Copy, Args)]
pub struct GenerateArgs {
    /// Dimension of the cases.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=3))]
    pub dim: u8,
    /// Number of cases written.
    #[arg(long, default_value_t = 1000)]
    pub cases: usize,
    /// Seed of the case generator.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Keep only cases whose exact |margin| exceeds sat-core's band, where its verdict is
    /// guaranteed (`generate --outside-band | obbsat check -` must report no disagreement).
    #[arg(long)]
    pub outside_band: bool,
}

/// Options of `corpus`.
#[derive(Debug, Clone, Args)]
pub struct CorpusArgs {
    /// The corpus folder.
    #[arg(long, default_value = "corpus")]
    pub dir: PathBuf,
    /// The cargo-fuzz folder whose `regressions/<target>/` findings become
    /// `fuzz-findings.jsonl` (skipped when it has no `regressions/`).
    #[arg(long, default_value = "fuzz")]
    pub fuzz: PathBuf,
    /// Write nothing; exit 1 if any file differs from what would be written.
    #[arg(long)]
    pub check: bool,
}

fn verdict_engine(name: &str) -> Result<&'static dyn Engine, String> {
    find(name, Query::Verdict)
        .ok_or_else(|| format!("unknown engine {name:?}: use {}", names(Query::Verdict)))
}

fn distance_engine(name: &str) -> Result<&'static dyn Engine, String> {
    engine_of(name, Query::Distance)
}

fn cast_engine(name: &str) -> Result<&'static dyn Engine, String> {
    engine_of(name, Query::Cast)
}

fn engine_of(name: &str, query: Query) -> Result<&'static dyn Engine, String> {
    find(name, query).ok_or_else(|| {
        // "sat, exact or parry"
        let all = names(query);
        let listed = match all.rsplit_once(", ") {
            Some((first, last)) => format!("{first} or {last}"),
            None => all,
        };
        format!("unknown engine {name:?}: use {listed}")
    })
}

fn parse_fail_on(name: &str) -> Result<FailOn, String> {
    match name {
        "any" => Ok(FailOn::Any),
        "outside-band" => Ok(FailOn::OutsideBand),
        "never" => Ok(FailOn::Never),
        _ => Err(format!("{name:?}: use any, outside-band or never")),
    }
}

/// Parses the arguments, runs the command and turns its outcome into an exit status:
/// 0 success, 1 a bad line, a failed check or a differing corpus, 2 a usage or I/O error.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Run(cli.run));
    match execute(command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            let _ = writeln!(io::stderr(), "obbsat: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command; `Ok(false)` when it completed but found bad lines or failures.
pub fn execute(command: Command) -> io::Result<bool> {
    let stdout = || BufWriter::new(io::stdout().lock());
    match command {
        Command::Run(args) => {
            let options = run::Options {
                seed: args.seed,
                cases: args.cases,
                exact_sample: args.exact_sample,
            };
            run::run(options, stdout())?;
            Ok(true)
        }
        Command::Verdict { file, engine } => {
            let input = open(file.as_deref())?;
            let err = io::stderr().lock();
            let summary = answer::run(Query::Verdict, engine, input, stdout(), err)?;
            Ok(summary.failed == 0)
        }
        Command::Distance { file, engine } => {
            let input = open(file.as_deref())?;
            let err = io::stderr().lock();
            let summary = answer::run(Query::Distance, engine, input, stdout(), err)?;
            Ok(summary.failed == 0)
        }
        Command::Cast { file, engine } => {
            let input = open(file.as_deref())?;
            let err = io::stderr().lock();
            let summary = answer::run(Query::Cast, engine, input, stdout(), err)?;
            Ok(summary.failed == 0)
        }
        Command::Check(args) => run_check(args, stdout()),
        Command::Explain(args) => {
            let options = explain::Options {
                file: args.file,
                id: args.id,
                svg: args.svg,
            };
            explain::run(&options, stdout())
        }
        Command::Generate(args) => {
            let options = generate::Options {
                dim: args.dim,
                count: args.cases,
                seed: args.seed,
                outside_band: args.outside_band,
            };
            generate::run(options, stdout())?;
            Ok(true)
        }
        Command::Corpus(args) => corpus::run(&args.dir, &args.fuzz, args.check, stdout()),
        Command::Decode { target, files } => {
            let options = decode::Options { target, files };
            decode::run(&options, stdout(), io::stderr().lock())
        }
    }
}

fn run_check(args: CheckArgs, out: impl Write) -> io::Result<bool> {
    let mut engines = Vec::new();
    for value in &args.engine {
        engines.extend(
            Choice::parse_list(value, args.query)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?,
        );
    }
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--timeout must be a positive number of seconds",
        ));
    }
    let options = check::Options {
        files: args.files,
        engines,
        fail_on: args.fail_on,
        timeout: Duration::from_secs_f64(args.timeout),
        dim: args.dim,
        query: args.query,
    };
    let report = check::run(&options)?;
    check::report::write(&report, args.format, args.list, out)?;
    Ok(report.passed())
}
