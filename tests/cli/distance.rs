//! `obbsat distance`: one answer line per input line (garbage included, the run goes on, exit 1
//! at the end), the id echoed, and on generated cases (every written form, millimetre to
//! kilometre boxes, touching to far apart, far from the origin) the `sat` engine within
//! `64·ε·S` of the `exact` one, its two points as far apart as its distance.

use serde_json::Value;

use crate::common::{json_lines as lines, obbsat_reading_all as obbsat};

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
