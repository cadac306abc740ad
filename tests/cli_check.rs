//! `obbsat check`: disagreements, error lines, the summary and the exit status; and
//! `obbsat generate --outside-band | obbsat check -`, where sat-core's verdict is guaranteed.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn obbsat(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_obbsat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("obbsat starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("obbsat runs");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin accepts the input");
    output
}

fn cubes(id: &str, distance: f64, expect: &str) -> String {
    format!(
        r#"{{"id": {id}, "dim": 3, "expect": {expect}, "a": {{"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}, "b": {{"center": [0, {distance}, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}}}"#
    )
}

#[test]
fn agreeing_cases_pass() {
    let input = [cubes("1", 2.0, "true"), cubes("2", 2.5, "false")].join("\n");
    let out = obbsat(&["check", "-"], input.as_bytes());
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.trim(),
        "cases: 2, agreements: 2, disagreements: 0, errors: 0"
    );
}

#[test]
fn disagreements_and_errors_are_listed_and_fail() {
    let input = [
        cubes("\"ok\"", 2.0, "true"),
        cubes("\"wrong\"", 2.5, "true"),
        cubes("\"no-expect\"", 2.0, "null"),
        "garbage".to_owned(),
        cubes("7", 1.0, "false"),
    ]
    .join("\n");
    let out = obbsat(&["check", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert_eq!(
        lines[0],
        r#"line 2, id "wrong": expected true, got false, margin 5e-1, axis face_a1"#
    );
    assert_eq!(
        lines[1],
        r#"line 3, id "no-expect": error: missing "expect" (true or false)"#
    );
    assert!(
        lines[2].starts_with("line 4: error: invalid JSON"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("line 5, id 7: expected false, got true, margin -1e0"),
        "{}",
        lines[3]
    );
    assert_eq!(
        lines[4],
        "cases: 5, agreements: 1, disagreements: 2, errors: 2"
    );
}

#[test]
fn generated_cases_outside_the_band_all_agree() {
    for dim in ["2", "3"] {
        let cases = obbsat(
            &[
                "generate",
                "--dim",
                dim,
                "--cases",
                "400",
                "--seed",
                "11",
                "--outside-band",
            ],
            b"",
        );
        assert!(cases.status.success());
        assert_eq!(cases.stdout.iter().filter(|&&b| b == b'\n').count(), 400);
        let out = obbsat(&["check", "-"], &cases.stdout);
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "dim {dim}: {stdout}");
        assert_eq!(
            stdout.trim(),
            "cases: 400, agreements: 400, disagreements: 0, errors: 0"
        );
    }
}

#[test]
fn generated_cases_get_a_verdict_each() {
    let cases = obbsat(&["generate", "--dim", "2", "--cases", "50"], b"");
    let out = obbsat(&["verdict"], &cases.stdout);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 50);
}
