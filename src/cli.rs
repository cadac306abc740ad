//! Command-line interface: `obbsat [run] | verdict [FILE] | check FILE | generate`.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::engine::Engine;
use crate::input::open;
use crate::main_job::{DEFAULT_CASES, DEFAULT_SEED, Options};

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
    /// Run seeded random and adversarial pairs through sat-core, parry's SAT and parry's GJK,
    /// adjudicate with the exact oracle and print a table (the default).
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
    /// parry-sat and parry-gjk (parry 0.31 on sat-core's f32 boxes). margin and axis: the exact
    /// oracle's for exact, sat-core's separation of the f32 boxes for the others.
    Verdict {
        /// Input file; `-` or nothing reads stdin.
        file: Option<PathBuf>,
        /// sat, certified, exact, parry-sat or parry-gjk.
        #[arg(long, default_value = "sat", value_parser = parse_engine)]
        engine: Engine,
    },
    /// Compare sat-core's verdicts with each case's "expect"; exit 1 on any disagreement or
    /// invalid line.
    Check {
        /// Input file; `-` reads stdin.
        file: PathBuf,
    },
    /// Write seeded generated cases as JSON Lines, with the exact oracle's verdict as "expect".
    Generate(GenerateArgs),
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

fn parse_engine(name: &str) -> Result<Engine, String> {
    Engine::from_name(name).ok_or_else(|| {
        format!("unknown engine {name:?}: use sat, certified, exact, parry-sat or parry-gjk")
    })
}

/// Parses the arguments, runs the command and turns its outcome into an exit status:
/// 0 success, 1 a bad line or a disagreement, 2 a usage or I/O error.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Run(cli.run));
    match run(command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            let _ = writeln!(io::stderr(), "obbsat: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command; `Ok(false)` when it completed but found bad lines or disagreements.
pub fn run(command: Command) -> io::Result<bool> {
    let stdout = || BufWriter::new(io::stdout().lock());
    match command {
        Command::Run(args) => {
            let options = Options {
                seed: args.seed,
                cases: args.cases,
                exact_sample: args.exact_sample,
            };
            crate::main_job::run(options, stdout())?;
            Ok(true)
        }
        Command::Verdict { file, engine } => {
            let input = open(file.as_deref())?;
            let summary = crate::verdict::run(engine, input, stdout(), io::stderr().lock())?;
            Ok(summary.failed == 0)
        }
        Command::Check { file } => {
            let input = open(Some(&file))?;
            Ok(crate::check::run(input, stdout())?.passed())
        }
        Command::Generate(args) => {
            crate::generate::write_cases(
                args.dim,
                args.cases,
                args.seed,
                args.outside_band,
                stdout(),
            )?;
            Ok(true)
        }
    }
}
