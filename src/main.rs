//! `obbsat`: oriented-box separating-axis verdicts from the command line. See [`obbsat::cli`].

fn main() -> std::process::ExitCode {
    obbsat::cli::main()
}
