//! `obbsat`: oriented-box separating-axis verdicts from the command line. See [`obbsat::main`].

fn main() -> std::process::ExitCode {
    obbsat::main()
}
