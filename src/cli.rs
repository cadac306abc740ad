//! Command-line interface: `obbsat [run] | verdict [FILE] | check FILE`.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::input::open;

/// Oriented-box separating-axis tests with a stated error bound.
#[derive(Debug, Parser)]
#[command(name = "obbsat", version)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read JSON Lines cases and write one JSON verdict line per input line.
    Verdict {
        /// Input file; `-` or nothing reads stdin.
        file: Option<PathBuf>,
    },
    /// Compare sat-core's verdicts with each case's "expect"; exit 1 on any disagreement.
    Check {
        /// Input file; `-` reads stdin.
        file: PathBuf,
    },
}

/// Parses the arguments, runs the command and turns its outcome into an exit status:
/// 0 success, 1 a bad line or a disagreement, 2 a usage or I/O error.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
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
    match command {
        Command::Verdict { file } => {
            let input = open(file.as_deref())?;
            let summary = crate::verdict::run(
                input,
                BufWriter::new(io::stdout().lock()),
                io::stderr().lock(),
            )?;
            Ok(summary.failed == 0)
        }
        Command::Check { file } => {
            let input = open(Some(&file))?;
            Ok(crate::check::run(input, BufWriter::new(io::stdout().lock()))?.passed())
        }
    }
}
