//! `obbsat check --engine cmd:<program>`: the JSON Lines protocol with the example engine
//! (examples/engines/flipcode_2d.py, flipcode's "2D OBB Intersection" in Python) and with small shell programs
//! that break the protocol in each documented way.

use crate::common::{obbsat, stdout};
use serde_json::Value;

const FLIPCODE_2D: &str = "cmd:python3 examples/engines/flipcode_2d.py";

/// Generated 2D cases outside sat-core's band, with expectations, without the flat
/// rectangles that the flipcode test cannot take.
fn generated_2d(cases: &str) -> (usize, Vec<u8>) {
    let out = obbsat(
        &[
            "generate",
            "--dim",
            "2",
            "--cases",
            cases,
            "--seed",
            "5",
            "--outside-band",
        ],
        b"",
    );
    assert!(out.status.success());
    let solid: Vec<String> = stdout(&out)
        .lines()
        .filter(|line| {
            let case: Value = serde_json::from_str(line).unwrap();
            ["a", "b"].iter().all(|k| {
                let half = case[k]["half_extents"].as_array().unwrap();
                half.iter().all(|e| e.as_f64() != Some(0.0))
            })
        })
        .map(str::to_owned)
        .collect();
    (solid.len(), solid.join("\n").into_bytes())
}

fn check(args: &[&str], input: &[u8]) -> (Option<i32>, Value) {
    let mut all = vec!["check", "-", "--format", "json"];
    all.extend_from_slice(args);
    let out = obbsat(&all, input);
    let report: Value = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), report)
}

fn first_engine(report: &Value) -> &Value {
    &report["engines"][0]
}

#[test]
fn flipcode_2d_in_python_is_right_outside_the_band() {
    let (count, input) = generated_2d("500");
    assert!(count > 400);
    let (code, report) = check(&["--engine", FLIPCODE_2D], &input);
    let e = first_engine(&report);
    assert_eq!(e["engine"], FLIPCODE_2D.to_owned());
    assert_eq!(e["cases"], count);
    assert_eq!(e["no_verdict"], 0, "{e}");
    assert_eq!(e["wrong_outside_band"], 0, "{e}");
    assert_eq!(e["problem"], Value::Null);
    assert_eq!(code, Some(0));
}

#[test]
fn flipcode_2d_on_the_corpus_judges_2d_and_declines_degenerate_rectangles() {
    let files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path().display().to_string())
        .filter(|p| p.ends_with(".jsonl"))
        .collect();
    let mut args = vec![
        "check",
        "--format",
        "json",
        "--dim",
        "2",
        "--engine",
        FLIPCODE_2D,
    ];
    args.extend(files.iter().map(String::as_str));
    let out = obbsat(&args, b"");
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let e = first_engine(&report);
    // Zero-size rectangles make the flipcode test divide by zero: it answers with an error, which is
    // a case without a verdict, which fails the check.
    let declined = e["no_verdict_cases"].as_array().unwrap();
    assert!(!declined.is_empty());
    // Declined: the zero-extent corpus cases and any fuzz finding with a point or segment box,
    // all for the one reason the flipcode test gives.
    assert!(
        declined
            .iter()
            .any(|d| d["id"].as_str().unwrap().contains("zero-extent"))
    );
    for d in declined {
        assert!(
            d["reason"]
                .as_str()
                .unwrap()
                .starts_with("engine error: the flipcode test needs"),
            "{d}"
        );
    }
    assert_eq!(e["wrong_outside_band"], 0);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn requests_carry_the_case_as_written_and_nothing_else() {
    let dir = std::env::temp_dir().join(format!("obbsat-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let seen = dir.join("requests.jsonl");
    let input = br#"{"id": "x", "note": "kept out", "dim": 2, "expect": false, "exact_margin": 0, "scale": 6, "a": {"center": [0, 0], "half_extents": [1, 1], "degrees": 30.0}, "b": {"center": [2.5e0, 0], "half_extents": [1, 1], "angle": 0}}
{"dim": 2, "expect": false, "a": {"center": [0, 0], "half_extents": [1, 1], "axes": [[1, 0], [0, 1]]}, "b": {"center": [9, 0], "half_extents": [1, 1], "angle": 0}}
"#;
    let program = format!(
        "cmd:tee {} | python3 examples/engines/flipcode_2d.py",
        seen.display()
    );
    let (code, report) = check(&["--engine", &program], input);
    let sent = std::fs::read_to_string(&seen).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"id":"x","dim":2,"a":{"center": [0, 0], "half_extents": [1, 1], "degrees": 30.0},"b":{"center": [2.5e0, 0], "half_extents": [1, 1], "angle": 0}}"#,
            r#"{"id":null,"dim":2,"a":{"center": [0, 0], "half_extents": [1, 1], "axes": [[1, 0], [0, 1]]},"b":{"center": [9, 0], "half_extents": [1, 1], "angle": 0}}"#,
        ]
    );
    assert_eq!(first_engine(&report)["wrong"], 0);
    assert_eq!(code, Some(0));
}

/// Runs a shell engine on three cases (expect true, false, true), checks that `obbsat check`
/// exits with `exit`, and returns the engine's entry in the report.
fn shell_engine(program: &str, extra: &[&str], exit: i32) -> Value {
    let case = |id: &str, x: f64, expect: bool| {
        format!(
            r#"{{"id": "{id}", "dim": 3, "expect": {expect}, "a": {{"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}, "b": {{"center": [{x}, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}}}"#
        )
    };
    let input = [
        case("c1", 1.0, true),
        case("c2", 5.0, false),
        case("c3", 2.0, true),
    ]
    .join("\n");
    let engine = format!("cmd:{program}");
    let mut args = vec!["--engine", engine.as_str()];
    args.extend_from_slice(extra);
    let (code, report) = check(&args, input.as_bytes());
    assert_eq!(code, Some(exit), "{program}: {report}");
    first_engine(&report).clone()
}

/// An engine answering `intersects: true` to every line, without ids.
const TRUE_WITHOUT_IDS: &str = r#"while read -r line; do echo '{"intersects": true}'; done"#;

/// An engine answering every line for the id `other`.
const TRUE_FOR_ANOTHER_ID: &str =
    r#"while read -r line; do echo '{"id": "other", "intersects": true}'; done"#;

/// An engine answering not JSON, a string verdict, then errors.
const BROKEN_ANSWERS: &str = r#"n=0; while read -r line; do n=$((n+1)); case $n in 1) echo 'not json';; 2) echo '{"intersects": "yes"}';; *) echo '{"error": "cannot"}';; esac; done"#;

/// An engine that answers the first line and stops.
const ONE_ANSWER: &str = r#"read -r line; echo '{"intersects": true}'"#;

/// An engine that answers every line, then exits with status 3.
const EXITS_3: &str = r#"while read -r line; do echo '{"intersects": true}'; done; exit 3"#;

/// An engine answering every line twice.
const TWO_ANSWERS_EACH: &str =
    r#"while read -r line; do echo '{"intersects": true}'; echo '{"intersects": true}'; done"#;

/// An engine answering `intersects: true` to every line, echoing the id.
const ALWAYS_TRUE: &str = r#"python3 -c 'import sys, json
for l in sys.stdin: print(json.dumps({"id": json.loads(l)["id"], "intersects": True}), flush=True)'"#;

#[test]
fn a_well_behaved_engine_is_counted_like_a_builtin() {
    let e = shell_engine(ALWAYS_TRUE, &[], 1);
    assert_eq!(e["wrong"], 1);
    assert_eq!(e["wrong_outside_band"], 1);
    assert_eq!(e["wrong_cases"][0]["id"], "\"c2\"");
    shell_engine(ALWAYS_TRUE, &["--fail-on", "never"], 0);
}

#[test]
fn ids_are_optional_in_answers_but_must_match_when_given() {
    let e = shell_engine(TRUE_WITHOUT_IDS, &["--fail-on", "never"], 0);
    assert_eq!(e["no_verdict"], 0);
    let e = shell_engine(TRUE_FOR_ANOTHER_ID, &[], 1);
    assert_eq!(e["no_verdict"], 3);
    let reason = e["no_verdict_cases"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("answer for id \"other\", expected id \"c1\""),
        "{reason}"
    );
}

#[test]
fn broken_answers_and_engine_errors_are_cases_without_a_verdict() {
    let e = shell_engine(BROKEN_ANSWERS, &[], 1);
    let reasons: Vec<&str> = e["no_verdict_cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons.len(), 3);
    assert!(
        reasons[0].starts_with("answer is not a JSON object"),
        "{}",
        reasons[0]
    );
    assert!(reasons[1].starts_with("answer has no boolean \"intersects\""));
    assert_eq!(reasons[2], "engine error: cannot");
}

#[test]
fn an_engine_that_stops_early_or_fails_is_a_problem() {
    let e = shell_engine(ONE_ANSWER, &["--fail-on", "any"], 1);
    assert_eq!(e["no_verdict"], 2);
    assert!(problem(&e).contains("closed its output after 1 of 3 answers"));

    let e = shell_engine(EXITS_3, &[], 1);
    assert_eq!(e["no_verdict"], 0);
    assert!(problem(&e).contains("exited with exit status: 3"));

    let e = shell_engine(TWO_ANSWERS_EACH, &[], 1);
    assert!(problem(&e).contains("more answer lines"));

    let e = shell_engine("exit 127", &[], 1);
    assert_eq!(e["no_verdict"], 3);
}

#[test]
fn a_silent_engine_is_killed_after_the_timeout() {
    let e = shell_engine("exec sleep 60", &["--timeout", "0.5"], 1);
    assert_eq!(e["no_verdict"], 3);
    assert!(problem(&e).contains("no answer for 0.5 s after 0 answers; killed"));
}

/// The `problem` of an engine's entry in a report (a problem is expected).
fn problem(engine: &Value) -> &str {
    engine["problem"]
        .as_str()
        .unwrap_or_else(|| panic!("no problem in {engine}"))
}
