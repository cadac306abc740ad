//! The f64 peers `parry64-sat` and `parry64-gjk` (parry2d-f64/parry3d-f64 on the boxes as written
//! in f64), end to end through the binary: they answer every corpus case, and far from the
//! origin they see a gap that f32 cannot hold.

use serde_json::Value;

use crate::common::{corpus_files, engine, json_lines, obbsat};

#[test]
fn the_f64_peers_answer_every_corpus_case() {
    let files = corpus_files();
    let mut args = vec![
        "check",
        "--format",
        "json",
        "--engine",
        "parry64-sat,parry64-gjk",
    ];
    args.extend(files.iter().map(String::as_str));
    let out = obbsat(&args, b"");
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let cases = report["cases"].as_u64().expect("a case count");
    assert!(cases > 100, "{report}");
    for name in ["parry64-sat", "parry64-gjk"] {
        let e = engine(&report, name);
        assert_eq!(e["cases"], cases, "{name}");
        assert_eq!(e["no_verdict"], 0, "{name}");
        assert_eq!(e["problem"], Value::Null, "{name}");
    }
    // parry-f64's SAT is wrong on the corpus only within rounding of touching.
    let sat = engine(&report, "parry64-sat");
    assert_eq!(sat["wrong_outside_band"], 0, "{sat}");
    assert_eq!(sat["passed"], true, "{sat}");
}

/// Unit cubes (squares) 1e6 m from the origin, 1e-9 m apart along x: an ulp of 1e6 is 1.2e-10
/// in f64 but 0.0625 in f32, where the gap rounds away and the boxes touch.
#[test]
fn far_from_the_origin_only_the_f64_engines_see_the_gap() {
    let input = concat!(
        r#"{"id": "far-3d", "dim": 3, "a": {"center": [1e6, 1e6, 1e6], "half_extents": [0.5, 0.5, 0.5], "quat": [0, 0, 0, 1]}, "b": {"center": [1000001.000000001, 1e6, 1e6], "half_extents": [0.5, 0.5, 0.5], "quat": [0, 0, 0, 1]}}"#,
        "\n",
        r#"{"id": "far-2d", "dim": 2, "a": {"center": [1e6, -1e6], "half_extents": [0.5, 0.5], "angle": 0}, "b": {"center": [1000001.000000001, -1e6], "half_extents": [0.5, 0.5], "angle": 0}}"#,
        "\n"
    );
    let verdicts = |engine: &str| -> Vec<Value> {
        let out = obbsat(&["verdict", "--engine", engine], input.as_bytes());
        assert!(out.status.success(), "{engine}");
        json_lines(&out)
            .iter()
            .map(|a| a["intersects"].clone())
            .collect()
    };
    for apart in ["exact", "sat64", "parry64-sat", "parry64-gjk"] {
        assert_eq!(verdicts(apart), [false, false], "{apart}");
    }
    for touching in ["sat", "parry-sat", "parry-gjk"] {
        assert_eq!(verdicts(touching), [true, true], "{touching}");
    }
    // The parry64 engines report sat-core's f64 margin: the gap, within f64's rounding of 1e6.
    let out = obbsat(&["verdict", "--engine", "parry64-sat"], input.as_bytes());
    for answer in json_lines(&out) {
        let margin = answer["margin"].as_f64().expect("a margin");
        assert!((margin - 1e-9).abs() < 1e-10, "{answer}");
    }
}
