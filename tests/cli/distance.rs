//! `obbsat distance`: one answer line per input line (garbage included, the run goes on, exit 1
//! at the end), the id echoed, and on generated cases (every written form, millimetre to
//! kilometre boxes, touching to far apart, far from the origin) the `sat` engine within
//! `64·ε·S` of the `exact` one, its two points as far apart as its distance; and
//! `obbsat check --query distance` (built-in and `cmd:` engines against the corpus's recorded
//! exact distances).

use serde_json::Value;

use crate::common::{corpus_files, engine, json_lines as lines, obbsat_reading_all as obbsat};

fn vector(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect()
}

fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

#[test]
fn garbage_lines_get_errors_and_the_run_goes_on() {
    let good = r#"{"id": "cubes", "dim": 3, "a": {"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}, "b": {"center": [4, 3, 1], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}"#;
    let input = format!(
        "{good}\nnot json\n\n{{\"id\": 7, \"dim\": 3}}\n{{\"id\": [1], \"dim\": 2, \"a\": {{\"center\": [0, 0], \"half_extents\": [-1, 1], \"angle\": 0}}, \"b\": {{\"center\": [0, 0], \"half_extents\": [1, 1], \"angle\": 0}}}}\n{good}\n"
    );
    for engine in ["sat", "exact", "parry"] {
        let output = obbsat(&["distance", "--engine", engine], input.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{engine}");
        let answers = lines(&output);
        assert_eq!(answers.len(), 6, "{engine}: one line per input line");
        for k in [0, 5] {
            assert_eq!(answers[k]["id"], "cubes");
            let d = answers[k]["distance"].as_f64().unwrap();
            assert!((d - 5f64.sqrt()).abs() < 1e-6, "{engine}: {d}");
            let (a, b) = (vector(&answers[k]["a"]), vector(&answers[k]["b"]));
            let apart: Vec<f64> = a.iter().zip(&b).map(|(x, y)| y - x).collect();
            assert!((norm(&apart) - d).abs() < 1e-6, "{engine}");
        }
        for (k, id) in [(1, Value::Null), (2, Value::Null), (3, Value::from(7))] {
            assert_eq!(answers[k]["id"], id, "{engine}");
            let error = answers[k]["error"].as_str().unwrap();
            assert!(error.starts_with(&format!("line {}: ", k + 1)), "{error}");
        }
        assert_eq!(answers[4]["id"], serde_json::json!([1]));
        assert!(
            answers[4]["error"].as_str().unwrap().contains("half"),
            "{}",
            answers[4]
        );
    }
}

/// `S = |c_B − c_A| + |e_A| + |e_B|` of a case line.
fn scale(case: &Value) -> f64 {
    let (ca, cb) = (vector(&case["a"]["center"]), vector(&case["b"]["center"]));
    let t: Vec<f64> = ca.iter().zip(&cb).map(|(x, y)| y - x).collect();
    norm(&t) + norm(&vector(&case["a"]["half_extents"])) + norm(&vector(&case["b"]["half_extents"]))
}

#[test]
fn sat_is_within_64_eps_s_of_exact_on_generated_cases() {
    for dim in ["2", "3"] {
        let cases = obbsat(
            &["generate", "--dim", dim, "--cases", "1500", "--seed", "15"],
            b"",
        );
        assert!(cases.status.success());
        let sat = lines(&obbsat(&["distance", "--engine", "sat"], &cases.stdout));
        let exact = lines(&obbsat(&["distance", "--engine", "exact"], &cases.stdout));
        let cases = lines(&cases);
        assert_eq!((sat.len(), exact.len()), (cases.len(), cases.len()));
        let mut worst = 0.0f64;
        for ((case, s), x) in cases.iter().zip(&sat).zip(&exact) {
            let eps_s = f64::from(f32::EPSILON) * scale(case);
            let (ds, dx) = (
                s["distance"].as_f64().unwrap(),
                x["distance"].as_f64().unwrap(),
            );
            let error = (ds - dx).abs() / eps_s;
            worst = worst.max(error);
            assert!(
                error <= 64.0,
                "{}: {ds} vs {dx}: {error:.1} ε·S",
                case["id"]
            );
            // The points are as far apart as the distance (the world coordinates of a pair far
            // from the origin carry an ulp of their own).
            let (a, b) = (vector(&s["a"]), vector(&s["b"]));
            let apart: Vec<f64> = a.iter().zip(&b).map(|(p, q)| q - p).collect();
            let far = f64::from(f32::EPSILON) * norm(&vector(&case["a"]["center"]));
            assert!(
                (norm(&apart) - ds).abs() <= 64.0 * eps_s + far,
                "{}: points {} apart, distance {ds}",
                case["id"],
                norm(&apart)
            );
        }
        println!("{dim}D: worst |sat − exact| = {worst:.2} ε·S");
    }
}

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");

/// `obbsat check --query distance --format json` on `files` (or stdin) with `engines`.
fn check_distances(files: &[String], engines: &[&str], input: &[u8]) -> (Option<i32>, Value) {
    let mut args = vec!["check", "--query", "distance", "--format", "json"];
    for engine in engines {
        args.extend(["--engine", engine]);
    }
    if files.is_empty() {
        args.push("-");
    }
    args.extend(files.iter().map(String::as_str));
    let out = obbsat(&args, input);
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), report)
}

/// `obbsat distance` itself, as an outside engine: its answer lines are the protocol's.
fn distance_command(engine: &str) -> String {
    format!(
        "cmd:{} distance - --engine {engine}",
        env!("CARGO_BIN_EXE_obbsat")
    )
}

#[test]
fn check_query_distance_holds_every_engine_to_the_recorded_distances() {
    let files = corpus_files();
    let outside = distance_command("exact");
    let (code, report) = check_distances(&files, &["sat,exact", outside.as_str()], b"");
    assert_eq!(report["query"], "distance");
    assert_eq!(report["band_k"], 64.0);
    assert_eq!(report["contradicted_expectations"], serde_json::json!([]));
    let cases = report["cases"].as_u64().unwrap();
    assert!(cases > 100, "{report}");
    let eps = f64::from(f32::EPSILON);
    for name in ["sat", "exact", outside.as_str()] {
        let e = engine(&report, name);
        assert_eq!(e["cases"].as_u64(), Some(cases));
        assert_eq!(e["wrong"], 0, "{e}");
        assert_eq!(e["no_verdict"], 0, "{e}");
        let worst = e["worst_margin_over_scale"].as_f64().unwrap();
        assert!(worst <= 64.0 * eps, "{name}: {worst}");
        if name != "sat" {
            // The recorded distance is the exact engine's, to the bit.
            assert_eq!(worst, 0.0, "{name}");
        }
    }
    assert_eq!(code, Some(0), "{report}");

    // parry's closest points on the corpus: its known findings (docs/findings.md §7), each one
    // beyond the bound, fail the check.
    let (code, report) = check_distances(&files, &["parry"], b"");
    let parry = engine(&report, "parry");
    let wrong = parry["wrong_cases"].as_array().unwrap();
    assert!(!wrong.is_empty());
    for w in wrong {
        let error = w["error"].as_f64().unwrap();
        assert_eq!(
            error,
            w["got"].as_f64().unwrap() - w["expected"].as_f64().unwrap()
        );
        assert!(
            error.abs() > 64.0 * eps * w["scale"].as_f64().unwrap(),
            "{w}"
        );
    }
    assert_eq!(code, Some(1));
}

#[test]
fn check_query_distance_catches_wrong_distances_and_bad_answers() {
    let line = std::fs::read_to_string(format!("{CORPUS}/parry.jsonl"))
        .unwrap()
        .lines()
        .find(|l| l.contains("parry-431-2d-repro"))
        .unwrap()
        .to_owned();
    let mut case: Value = serde_json::from_str(&line).unwrap();
    let exact = case["distance"].as_f64().unwrap();
    let scale = case["scale"].as_f64().unwrap();
    // A recorded distance 100·ε·S too large: every engine is then wrong by that much, and the
    // oracle contradicts the line.
    let shifted = exact + 100.0 * f64::from(f32::EPSILON) * scale;
    case["distance"] = shifted.into();
    let input = format!("{case}\n");
    let (code, report) = check_distances(&[], &["sat,exact"], input.as_bytes());
    assert_eq!(code, Some(1));
    assert_eq!(
        report["contradicted_expectations"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    for name in ["sat", "exact"] {
        let e = engine(&report, name);
        assert_eq!(e["wrong"], 1, "{e}");
        let w = &e["wrong_cases"][0];
        assert_eq!(w["expected"].as_f64(), Some(shifted));
        assert!(w["error"].as_f64().unwrap() < -99.0 * f64::from(f32::EPSILON) * scale);
    }
    // Without a recorded distance the exact oracle's is the reference, and all is well.
    case.as_object_mut().unwrap().remove("distance");
    let input = format!("{case}\n");
    let (code, report) = check_distances(&[], &["sat,exact"], input.as_bytes());
    assert_eq!(code, Some(0), "{report}");

    // An outside engine that answers verdicts, not distances: no answer for any case.
    let verdicts = format!("cmd:{} verdict -", env!("CARGO_BIN_EXE_obbsat"));
    let (code, report) = check_distances(&[], &[verdicts.as_str()], input.as_bytes());
    assert_eq!(code, Some(1));
    let e = engine(&report, &verdicts);
    assert_eq!(e["no_verdict"], 1, "{e}");
    let reason = e["no_verdict_cases"][0]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("answer has no numeric \"distance\""),
        "{reason}"
    );

    // A recorded distance that is negative, not a number or beyond f64 is an invalid line, named.
    for (bad, reason) in [
        ("-1.0", "distance must not be negative"),
        ("\"far\"", "distance: expected a number"),
        ("1e999", "out of the range of f64"),
    ] {
        let text = case
            .to_string()
            .replacen('{', &format!("{{\"distance\":{bad},"), 1);
        let (code, report) = check_distances(&[], &["sat"], format!("{text}\n").as_bytes());
        assert_eq!(code, Some(1), "{bad}");
        let invalid = report["invalid"].as_array().unwrap();
        assert_eq!(invalid.len(), 1, "{bad}: {report}");
        let why = invalid[0]["reason"].as_str().unwrap();
        assert!(why.contains(reason), "{bad}: {why}");
    }

    // An outside engine answering a negative distance gives no answer for that case.
    let negative = r#"cmd:while read -r line; do echo '{"distance": -0.5}'; done"#;
    let (code, report) = check_distances(&[], &[negative], input.as_bytes());
    assert_eq!(code, Some(1));
    let e = engine(&report, negative);
    assert_eq!(e["no_verdict"], 1, "{e}");
    let reason = e["no_verdict_cases"][0]["reason"].as_str().unwrap();
    assert!(reason.starts_with("negative \"distance\""), "{reason}");

    // Distance engines only.
    let out = obbsat(
        &["check", "-", "--query", "distance", "--engine", "parry-sat"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown distance engine"));
}
