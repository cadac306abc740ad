//! `obbsat cast`, `obbsat check --query cast` and `obbsat decode`: cast lines answered by every
//! engine (bad lines answered with their line number, the run going on), scored against the
//! exact time of impact with `cmd:` engines, and the fuzz cast corpora replayed.

use serde_json::Value;

use crate::common::{engine, json_lines, obbsat, stdout};

/// A crate 3.5 from a wall's face, closing at 2: exact time of impact 1.75.
const WALL: &str = r#"{"id": "wall", "dim": 3, "a": {"center": [0, 0, 0], "half_extents": [0.5, 4, 4], "quat": [0, 0, 0, 1]}, "b": {"center": [5, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}, "vel_a": [0, 0, 0], "vel_b": [-2, 0, 0], "max_toi": 10}"#;
/// The crate sliding along the wall: no hit, ever.
const SLIDE: &str = r#"{"id": "slide", "dim": 3, "a": {"center": [0, 0, 0], "half_extents": [0.5, 4, 4], "quat": [0, 0, 0, 1]}, "b": {"center": [5, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}, "vel_a": [0, 0, 0], "vel_b": [0, 3, 0], "max_toi": "inf"}"#;
/// A square 2 above the ground closing at 3: 2/3, recorded.
const SQUARE: &str = r#"{"id": 3, "dim": 2, "a": {"center": [0, 0], "half_extents": [10, 1], "angle": 0}, "b": {"center": [0, 4], "half_extents": [1, 1], "degrees": 0}, "vel_a": [0, 1], "vel_b": [0, -2], "max_toi": 10, "toi": 0.6666666666666666}"#;
/// A plank turning about its centre onto a post (sat-core's `cast_nonlinear` example).
const PLANK: &str = r#"{"id": "plank", "dim": 3, "a": {"center": [0, 0, 0], "half_extents": [2, 0.1, 0.1], "quat": [0, 0, 0, 1]}, "b": {"center": [0, 1.5, 0], "half_extents": [0.1, 0.1, 0.1], "quat": [0, 0, 0, 1]}, "motion_a": {"pivot": [0, 0, 0], "linvel": [0, 0, 0], "angvel": [0, 0, 1]}, "motion_b": {"pivot": [0, 1.5, 0], "linvel": [0, 0, 0], "angvel": [0, 0, 0]}, "max_toi": 3}"#;
/// Bad lines, each with the message it gets.
const BAD: [(&str, &str); 8] = [
    (
        r#"{"id": "short", "dim": 3, "a": {"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}, "b": {"center": [5, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}, "vel_a": [0, 0], "vel_b": [-2, 0, 0], "max_toi": 10}"#,
        "vel_a: expected an array of 3 for dim 3, found 2 elements",
    ),
    (
        r#"{"id": "negative", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [5, 0], "half_extents": [1, 1], "angle": 0}, "vel_a": [0, 0], "vel_b": [-2, 0], "max_toi": -1}"#,
        "max_toi must not be negative, found -1",
    ),
    (
        r#"{"id": "still", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [5, 0], "half_extents": [1, 1], "angle": 0}, "max_toi": 1}"#,
        "not a cast: give vel_a and vel_b (a linear cast) or motion_a and motion_b (a rotating one)",
    ),
    (
        r#"{"id": "both", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [5, 0], "half_extents": [1, 1], "angle": 0}, "vel_a": [0, 0], "motion_b": {}, "max_toi": 1}"#,
        "give vel_a and vel_b or motion_a and motion_b, not both",
    ),
    (
        r#"{"id": "spin", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [5, 0], "half_extents": [1, 1], "angle": 0}, "motion_a": {"pivot": [0, 0], "linvel": [0, 0], "angvel": 1}, "motion_b": {"pivot": [5, 0], "linvel": [0, 0]}, "max_toi": 1}"#,
        "motion_b: missing \"angvel\"",
    ),
    (
        r#"{"id": "crawl", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [5, 0], "half_extents": [1, 1], "angle": 0}, "vel_a": [0, 0], "vel_b": [-1e-30, 0], "max_toi": "inf"}"#,
        "vel_b[0] = -1e-30 is below the supported magnitude 8.673617379884035e-19 (use 0)",
    ),
    ("not json", "invalid JSON: expected ident at column 2"),
    (
        r#"{"id": "hair", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [5, 0], "half_extents": [1, 1], "angle": 0}, "vel_a": [0, 0], "vel_b": [-1, 0], "max_toi": 9, "target_distance": 1e-50}"#,
        "target_distance = 1e-50 rounds to 0 in f32 (use 0)",
    ),
];

/// The good lines, then the bad ones.
fn input() -> String {
    let mut lines = vec![WALL, SLIDE, SQUARE, PLANK];
    lines.extend(BAD.iter().map(|(line, _)| *line));
    lines.join("\n") + "\n"
}

/// The error answer line of the bad line `k` (line number `k + 5`).
fn error_line(k: usize) -> String {
    let id = match k {
        6 => "null".to_owned(),
        _ => {
            let line: Value = serde_json::from_str(BAD[k].0).unwrap();
            line["id"].to_string()
        }
    };
    let message = format!("line {}: {}", k + 5, BAD[k].1);
    format!(r#"{{"id":{id},"error":{}}}"#, Value::from(message))
}

#[test]
fn exact_and_certified_answer_every_line_exactly() {
    let misses = r#""status":null,"normal":null,"a":null,"b":null,"feature":null"#;
    let mut exact = vec![
        r#"{"id":"wall","toi":1.75,"status":"hit","normal":null,"a":null,"b":null,"feature":"face_a0"}"#.to_owned(),
        format!(r#"{{"id":"slide","toi":null,{misses}}}"#),
        r#"{"id":3,"toi":0.6666666666666666,"status":"hit","normal":null,"a":null,"b":null,"feature":"face_a1"}"#.to_owned(),
        r#"{"id":"plank","error":"line 4: exact answers linear casts only"}"#.to_owned(),
    ];
    exact.extend((0..BAD.len()).map(error_line));
    let output = obbsat(&["cast", "--engine", "exact"], input().as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), exact.join("\n") + "\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("obbsat cast: line 4: exact answers linear casts only"));
    assert!(
        stderr.contains("obbsat cast: line 11: invalid JSON"),
        "{stderr}"
    );

    // cast_certified: the exact time of sat's f32 boxes, rounded down to f32 (2/3 is not one).
    let output = obbsat(&["cast", "--engine", "certified"], input().as_bytes());
    let answers = json_lines(&output);
    assert_eq!(answers.len(), 4 + BAD.len());
    assert_eq!(answers[0]["toi"], 1.75);
    assert_eq!(answers[1]["toi"], Value::Null);
    let down = (2f32 / 3.0).next_down();
    assert!(f64::from(down) < 2.0 / 3.0 && f64::from(down.next_up()) > 2.0 / 3.0);
    assert_eq!(answers[2]["toi"].as_f64(), Some(f64::from(down)));
    assert_eq!(
        answers[3]["error"],
        "line 4: certified answers linear casts with target distance 0 only"
    );
}

#[test]
fn sat_sat64_and_parry_answer_never_late_and_close() {
    let tolerance = |engine: &str| if engine == "sat64" { 1e-9 } else { 1e-4 };
    // The plank's exact time of impact (sat-core's cast_nonlinear example).
    let plank = 1.4f64.atan2(0.1) - (0.1 / 0.1f64.hypot(1.4)).asin();
    for engine in ["sat", "sat64", "parry"] {
        let output = obbsat(&["cast", "--engine", engine], input().as_bytes());
        assert_eq!(output.status.code(), Some(1), "{engine}");
        let answers = json_lines(&output);
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        for (k, exact) in [(0, 1.75), (2, 2.0 / 3.0), (3, plank)] {
            let toi = answers[k]["toi"].as_f64().unwrap();
            // parry's times may be a little late; sat-core's never are.
            let late = if engine == "parry" { 1e-5 } else { 0.0 };
            assert!(
                toi <= exact + late && toi > exact - tolerance(engine),
                "{engine} line {}: {toi} for {exact}",
                k + 1
            );
            assert_eq!(answers[k]["status"], "hit", "{engine}");
        }
        assert_eq!(answers[1]["toi"], Value::Null, "{engine}");
        for k in 0..BAD.len() {
            assert_eq!(lines[4 + k], error_line(k), "{engine}");
        }
    }
    // sat-core's witnesses: on the faces that meet, the normal from A towards B.
    let answers = json_lines(&obbsat(&["cast"], input().as_bytes()));
    assert_eq!(answers[0]["normal"], serde_json::json!([1.0, 0.0, 0.0]));
    assert_eq!(answers[0]["feature"], "face_a0");
    assert_eq!(answers[0]["a"][0], 0.5);
    assert!((answers[0]["b"][0].as_f64().unwrap() - 0.5).abs() < 1e-4);
}

/// A `cmd:` engine that writes its requests to `requests` and answers `toi` for every one.
fn engine_answering(requests: &std::path::Path, toi: &str) -> String {
    format!(
        r#"cmd:tee {} | while read -r line; do echo '{{"toi": {toi}}}'; done"#,
        requests.display()
    )
}

#[test]
fn check_scores_engines_and_cmd_engines_against_the_exact_time() {
    let dir = std::env::temp_dir();
    let requests = dir.join(format!("obbsat-cli-cast-{}-requests", std::process::id()));
    let always = engine_answering(&requests, "1.75");
    let output = obbsat(
        &[
            "check",
            "-",
            "--query",
            "cast",
            "--engine",
            "sat,exact",
            "--engine",
            &always,
        ],
        input().as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let invalid: Vec<String> = (0..BAD.len())
        .map(|k| {
            let line: Value = serde_json::from_str(BAD[k].0).unwrap_or(Value::Null);
            let id = match &line["id"] {
                Value::Null => String::new(),
                id => format!(" id {id}"),
            };
            format!("-:{}{id}: invalid: {}", k + 5, BAD[k].1)
        })
        .collect();
    let name = always.as_str();
    let expected = format!(
        "{}
-:4 id \"plank\": not judged: a rotating cast: no exact time of impact to judge it by
-:2 id \"slide\": {name} says toi 1.75e0, exact none; position error 3.723291469298491e1, |error|/S' 1.00e0 (beyond the tolerance)
-:3 id 3: {name} says toi 1.75e0, exact 6.666666666666666e-1; position error 3.2500000000000004e0, |error|/S' 7.15e-2 (beyond the tolerance)
obbsat check: 1 file, 3 cases, 1 not judged, 8 invalid lines; tolerance 64·ε·S' (= 7.63e-6·S')
{:<w$}  cases  wrong  outside band  in band  no verdict  worst |error|/S'      fails on  result
{:<w$}      3      0             0        0           0                 -  outside-band    pass
{:<w$}      3      0             0        0           0                 -  outside-band    pass
{:<w$}      3      2             2        0           0            1.00e0  outside-band    FAIL
FAILED
",
        invalid.join("\n"),
        "engine",
        "sat",
        "exact",
        name,
        w = name.len()
    );
    assert_eq!(stdout(&output), expected);
    // The requests: the id, the boxes and the cast's fields exactly as written, no `toi`.
    let sent = std::fs::read_to_string(&requests).unwrap();
    let _ = std::fs::remove_file(&requests);
    let first = sent.lines().next().unwrap();
    assert_eq!(
        first,
        r#"{"id":"wall","dim":3,"a":{"center": [0, 0, 0], "half_extents": [0.5, 4, 4], "quat": [0, 0, 0, 1]},"b":{"center": [5, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]},"query":"cast","vel_a":[0, 0, 0],"vel_b":[-2, 0, 0],"max_toi":10}"#
    );
    assert_eq!(sent.lines().count(), 3);
    assert!(
        sent.lines()
            .nth(1)
            .unwrap()
            .ends_with(r#""max_toi":"inf"}"#)
    );
}

#[test]
fn cmd_answers_that_break_the_protocol_are_no_answer() {
    let input = [WALL, SLIDE, SQUARE].join("\n");
    for (program, reason) in [
        (
            "echo '{\"toi\": null}'; echo '{}'; echo '{\"toi\": -1}'",
            None,
        ),
        (
            "cat > /dev/null; echo '{\"distance\": 1}'",
            Some("answer has no \"toi\" (a number, or null for no hit)"),
        ),
    ] {
        let name = format!("cmd:{program}");
        let output = obbsat(
            &[
                "check", "-", "--query", "cast", "--format", "json", "--engine", &name,
            ],
            input.as_bytes(),
        );
        assert_eq!(output.status.code(), Some(1), "{program}");
        let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
        let e = engine(&report, &name);
        let reasons: Vec<&str> = e["no_verdict_cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["reason"].as_str().unwrap())
            .collect();
        match reason {
            // "toi": null is "no hit", wrong for the wall; {} and -1 are no answers.
            None => {
                assert_eq!(e["wrong"], 1);
                assert_eq!(
                    reasons,
                    [
                        "answer has no \"toi\" (a number, or null for no hit): {}",
                        "negative \"toi\" -1: {\"toi\": -1}"
                    ]
                );
            }
            Some(reason) => {
                assert_eq!(reasons[0], format!("{reason}: {{\"distance\": 1}}"));
                assert_eq!(reasons[1], "no answer");
                assert!(e["problem"].as_str().unwrap().contains("closed its output"));
            }
        }
    }
}

#[test]
fn the_fuzz_cast_corpora_replay_through_decode() {
    let mut cases = 0;
    for target in ["cast2", "cast3", "cast3_nonlinear"] {
        let dir = format!("fuzz/corpus/{target}");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .collect();
        files.sort();
        let mut args = vec!["decode", target];
        args.extend(files.iter().map(String::as_str));
        let output = obbsat(&args, b"");
        assert_eq!(output.status.code(), Some(0), "{target}");
        let text = stdout(&output);
        assert_eq!(
            text.lines().count(),
            files.len(),
            "{target}: a line per input"
        );
        let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        let name = files[0].rsplit('/').next().unwrap();
        assert_eq!(first["id"], format!("fuzz-{target}-{name}"));
        // Every engine answers every line; sat-core's and the exact ones are right.
        let answers = obbsat(&["cast", "--engine", "sat"], text.as_bytes());
        assert_eq!(answers.status.code(), Some(0), "{target}");
        let report = obbsat(
            &[
                "check",
                "-",
                "--query",
                "cast",
                "--format",
                "json",
                "--engine",
                "sat,sat64,certified,exact",
            ],
            text.as_bytes(),
        );
        let report: Value = serde_json::from_str(&stdout(&report)).unwrap();
        assert_eq!(report["passed"], true, "{target}: {report}");
        let judged = report["cases"].as_u64().unwrap();
        let unjudged = report["not_judged"].as_array().unwrap().len() as u64;
        assert_eq!(judged + unjudged, files.len() as u64, "{target}");
        if target == "cast3_nonlinear" {
            assert_eq!(judged, 0);
        }
        cases += judged;
    }
    assert!(cases > 20, "{cases} linear casts judged");
    // A target of another kind, and a missing file: a message each, exit 1.
    let output = obbsat(&["decode", "contact3", "Cargo.toml", "no-such-file"], b"");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("obbsat decode: Cargo.toml: the inputs of fuzz target \"contact3\" are not a pair of boxes"), "{stderr}");
    assert!(
        stderr.contains("obbsat decode: no-such-file: cannot read it"),
        "{stderr}"
    );
}

#[test]
fn the_books_example_file_passes_and_parry_misses_the_cast2_seeds_it_names() {
    let output = obbsat(
        &[
            "check",
            "examples/casts.jsonl",
            "--query",
            "cast",
            "--engine",
            "all",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.contains("obbsat check: 1 file, 4 cases, 1 not judged, 0 invalid lines"),
        "{text}"
    );
    // `obbsat cast` speaks the cmd: protocol's cast side (docs/maintainers.md).
    let itself = format!("cmd:{} cast - --engine sat64", env!("CARGO_BIN_EXE_obbsat"));
    let output = obbsat(
        &[
            "check",
            "examples/casts.jsonl",
            "--query",
            "cast",
            "--engine",
            &itself,
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    // An engine that never hits misses the three hits, the one within a target distance too.
    let output = obbsat(
        &[
            "check",
            "examples/casts.jsonl",
            "--query",
            "cast",
            "--format",
            "json",
            "--engine",
            "cmd:while read -r line; do echo '{\"toi\": null}'; done",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let wrong: Vec<&str> = report["engines"][0]["wrong_cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        wrong,
        [
            "\"crate-onto-wall\"",
            "\"square-onto-ground\"",
            "\"cube-within-a-quarter-of-floor\""
        ]
    );
    // docs/cli.md, `decode`: parry's cast_shapes on two cast2 seeds.
    let mut files: Vec<String> = std::fs::read_dir("fuzz/corpus/cast2")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    files.sort();
    let mut args = vec!["decode", "cast2"];
    args.extend(files.iter().map(String::as_str));
    let lines = stdout(&obbsat(&args, b""));
    let output = obbsat(
        &[
            "check", "-", "--query", "cast", "--format", "json", "--engine", "parry",
        ],
        lines.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let wrong: Vec<&str> = engine(&report, "parry")["wrong_cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["id"].as_str().unwrap())
        .collect();
    for id in ["seed-far-from-origin", "seed-tiny-relative-velocity"] {
        assert!(
            wrong.contains(&format!("\"fuzz-cast2-{id}\"").as_str()),
            "{wrong:?}"
        );
    }
}
