//! Running the `obbsat` binary from the CLI tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `obbsat args...` with `input` on stdin (written from a thread, so that a large input
/// cannot deadlock against a full stdout pipe).
pub fn obbsat(args: &[&str], input: &[u8]) -> Output {
    // The child may exit without reading all of its input (a usage error); that is not this
    // helper's concern.
    run(args, input).0
}

/// [`obbsat`] for a command that must read all of its input.
pub fn obbsat_reading_all(args: &[&str], input: &[u8]) -> Output {
    let (output, fed) = run(args, input);
    fed.expect("stdin accepts the input");
    output
}

/// The output, and whether all of `input` was written to stdin.
fn run(args: &[&str], input: &[u8]) -> (Output, std::io::Result<()>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_obbsat"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("obbsat starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("obbsat runs");
    (output, writer.join().expect("writer thread"))
}

/// Stdout as text, with stderr in the panic message when it is not UTF-8.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap_or_else(|_| {
        panic!(
            "stdout is not UTF-8; stderr: {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// The stdout lines, each parsed as JSON (an answer line).
pub fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(output.stdout.clone())
        .expect("stdout is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("every answer line is JSON"))
        .collect()
}

/// Every `corpus/*.jsonl` file, sorted.
pub fn corpus_files() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path().display().to_string())
        .filter(|p| p.ends_with(".jsonl"))
        .collect();
    files.sort();
    files
}

/// The engine called `name` in an `obbsat check --format json` report.
pub fn engine<'a>(report: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    report["engines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["engine"] == name)
        .unwrap_or_else(|| panic!("no {name} in {report}"))
}
