//! `obbsat verdict`: one answer line per input line (garbage included), exit codes, the id
//! echo, known touching and separated pairs, and every rotation form.

use std::process::Output;

use obbsat::{Query, engines};
use serde_json::Value;

use crate::common::{json_lines as answers, obbsat_reading_all};

/// Runs `obbsat verdict` with `args`, feeding `input` on stdin.
fn verdict(args: &[&str], input: &[u8]) -> Output {
    obbsat_reading_all(&[&["verdict"], args].concat(), input)
}

fn box3(center: [f64; 3], half: [f64; 3], rotation: &str) -> String {
    format!(r#"{{"center": {center:?}, "half_extents": {half:?}, {rotation}}}"#)
}

fn case3(id: &str, a: &str, b: &str) -> String {
    format!(r#"{{"id": {id}, "dim": 3, "a": {a}, "b": {b}}}"#)
}

fn box2(center: [f64; 2], half: [f64; 2], rotation: &str) -> String {
    format!(r#"{{"center": {center:?}, "half_extents": {half:?}, {rotation}}}"#)
}

fn case2(id: &str, a: &str, b: &str) -> String {
    format!(r#"{{"id": {id}, "dim": 2, "a": {a}, "b": {b}}}"#)
}

const IDENTITY: &str = r#""quat": [0, 0, 0, 1]"#;

fn unit_cube_pair(id: &str, distance: f64) -> String {
    case3(
        id,
        &box3([0.0; 3], [1.0; 3], IDENTITY),
        &box3([distance, 0.0, 0.0], [1.0; 3], IDENTITY),
    )
}

#[test]
fn touching_cubes_intersect_with_zero_margin() {
    let out = verdict(&[], unit_cube_pair("\"touch\"", 2.0).as_bytes());
    assert!(out.status.success());
    let a = &answers(&out)[0];
    assert_eq!(a["id"], "touch");
    assert_eq!(a["intersects"], true);
    assert_eq!(a["margin"].as_f64(), Some(0.0));
    assert_eq!(a["axis"], "face_a0");
}

#[test]
fn separated_cubes_report_the_gap_and_axis() {
    let b = box3([0.0, 0.0, -2.5], [1.0; 3], IDENTITY);
    let line = case3("1", &box3([0.0; 3], [1.0; 3], IDENTITY), &b);
    let out = verdict(&["-"], line.as_bytes());
    assert!(out.status.success());
    let a = &answers(&out)[0];
    assert_eq!(a["intersects"], false);
    assert_eq!(a["margin"].as_f64(), Some(0.5));
    assert_eq!(a["axis"], "face_a2");
}

#[test]
fn edge_pair_axis_is_named() {
    // B turned 45° about z, then 45° about x, diagonally above A: B's edge z faces A's edge
    // x across a gap of 1/√2 along their common perpendicular.
    let (s, c) = (
        std::f64::consts::FRAC_PI_8.sin(),
        std::f64::consts::FRAC_PI_8.cos(),
    );
    let turned = format!(r#""quat": [{}, {}, {}, {}]"#, s * c, -s * s, s * c, c * c);
    let line = case3(
        "\"edge\"",
        &box3([0.0; 3], [1.0; 3], IDENTITY),
        &box3([0.0, 2.5, 2.5], [1.0; 3], &turned),
    );
    let out = verdict(&[], line.as_bytes());
    let a = &answers(&out)[0];
    assert_eq!(a["intersects"], false, "{a}");
    assert_eq!(a["axis"], "edge_a0_b2", "{a}");
    let margin = a["margin"].as_f64().unwrap();
    assert!(
        (margin - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-5,
        "{a}"
    );
}

#[test]
fn ids_are_echoed_as_written() {
    let input = [
        unit_cube_pair("\"text\"", 2.0),
        unit_cube_pair("2.50", 2.0),
        unit_cube_pair("[1, {\"k\": null}]", 2.0),
        unit_cube_pair("null", 2.0),
        r#"{"dim": 3, "a": {}, "b": {}}"#.to_owned(),
        r#"{"id": "kept", "dim": 3, "a": {}, "b": {}}"#.to_owned(),
    ]
    .join("\n");
    let out = verdict(&[], input.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(r#"{"id":"text","#));
    assert!(lines[1].starts_with(r#"{"id":2.50,"#), "{}", lines[1]);
    assert!(
        lines[2].starts_with(r#"{"id":[1, {"k": null}],"#),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with(r#"{"id":null,"intersects""#));
    assert!(
        lines[4].starts_with(r#"{"id":null,"error":"line 5: "#),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with(r#"{"id":"kept","error":"line 6: "#),
        "{}",
        lines[5]
    );
}

/// Lines that are not valid cases, each with a fragment of the reason it must give.
fn garbage() -> Vec<(String, &'static str)> {
    // `{"dim": D, "a": {A}, "b": {}}`: only box `a` is read before the error.
    let a = |dim: u8, a: &str| format!(r#"{{"dim": {dim}, "a": {{{a}}}, "b": {{}}}}"#);
    let cube_at = |center: &str| {
        let rest = r#""half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]"#;
        a(3, &format!(r#""center": {center}, {rest}"#))
    };
    let unit = |dim: u8, rest: &str| {
        let (center, half) = if dim == 2 {
            ("[0, 0]", "[1, 1]")
        } else {
            ("[0, 0, 0]", "[1, 1, 1]")
        };
        a(
            dim,
            &format!(r#""center": {center}, "half_extents": {half}, {rest}"#),
        )
    };
    let mut lines: Vec<(String, &str)> = [
        ("", "empty line"),
        ("   ", "empty line"),
        ("[]", "expected a JSON object"),
        ("42", "expected a JSON object"),
        ("\"text\"", "expected a JSON object"),
        ("{", "invalid JSON"),
        ("not json", "invalid JSON"),
        (r#"{"dim": 4}"#, "dim must be 2 or 3"),
        (r#"{"dim": "3"}"#, "dim: expected a number"),
        (r#"{"a": 1}"#, "missing \"dim\""),
        (r#"{"dim": 3, "a": 5, "b": 5}"#, "a: expected a box object"),
    ]
    .map(|(line, reason)| (line.to_owned(), reason))
    .to_vec();
    lines.extend([
        (
            cube_at("[1e400, 0, 0]"),
            "a.center[0] = 1e400 is out of the range of f64",
        ),
        (cube_at("[1e39, 0, 0]"), "overflows f32"),
        (cube_at("[1e300, 0, 0]"), "overflows f32"),
        (
            cube_at(r#"["0", 0, 0]"#),
            "a.center[0]: expected a number, found a string",
        ),
        (
            cube_at("[0, 0]"),
            "a.center: expected an array of 3 for dim 3, found 2 elements",
        ),
        (
            unit(2, r#""angle": 0, "quat": [0, 0, 0, 1]"#),
            "more than one rotation (quat and angle)",
        ),
        (
            a(2, r#""center": [0, 0], "half_extents": [1, 1]"#),
            "a: no rotation",
        ),
        (
            a(
                2,
                r#""center": [0, 0], "half_extents": [-1, 1], "angle": 0"#,
            ),
            "a: half-extent is negative",
        ),
        (
            unit(2, r#""axes": [[1, 0], [0.5, 1]]"#),
            "a: axes are not orthonormal",
        ),
        (
            unit(3, r#""quat": [0, 0, 0, 0]"#),
            "a: the quaternion is zero",
        ),
        (
            unit(3, r#""angle": 1"#),
            "a.angle is not a rotation for dim 3",
        ),
        (
            unit(2, r#""quat": [0, 0, 0, 1]"#),
            "a.quat is not a rotation for dim 2",
        ),
    ]);
    let no_b = r#"{"dim": 3, "a": {"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}"#;
    lines.push((no_b.to_owned(), "missing box \"b\""));
    lines
}

/// Each [`garbage`] line followed by `good`, a line each.
fn garbage_then(good: &str) -> Vec<u8> {
    let mut input = Vec::new();
    for (line, _) in garbage() {
        for line in [line.as_str(), good] {
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
        }
    }
    input
}

/// Valid lines to mutilate: a 3D pair of quaternion boxes, a 2D pair in degrees and axes, and a
/// 3D pair with a tiny quaternion component and axes.
fn mutilation_seeds() -> [String; 3] {
    [
        unit_cube_pair("\"m\"", 2.0),
        case2(
            "7",
            &box2([0.0, 0.0], [1.0, 2.0], r#""degrees": 30"#),
            &box2([1.5, 0.0], [1.0, 1.0], r#""axes": [[0, 1], [-1, 0]]"#),
        ),
        case3(
            "8",
            &box3([0.0; 3], [1.0; 3], r#""quat": [1e-30, 2, 3, 4]"#),
            &box3(
                [1.0, 2.0, 3.0],
                [0.5; 3],
                r#""axes": [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]"#,
            ),
        ),
    ]
}

/// Every proper prefix of each seed, and each seed with any one byte replaced by one of `bytes`.
fn mutilated(seeds: &[String], bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    for seed in seeds.iter().map(|s| s.as_bytes()) {
        for at in 0..seed.len() {
            lines.push(seed[..at].to_vec());
            for &b in bytes {
                let mut line = seed.to_vec();
                line[at] = b;
                lines.push(line);
            }
        }
    }
    lines
}

#[test]
fn every_garbage_line_gets_an_error_line_in_order() {
    let good = unit_cube_pair("\"good\"", 2.0);
    let mut input = garbage_then(&good);
    input.extend_from_slice(b"\xff\xfe not UTF-8\n");
    input.extend_from_slice(good.as_bytes()); // last line without a newline
    let out = verdict(&[], &input);
    assert_eq!(out.status.code(), Some(1));
    let answers = answers(&out);
    let garbage = garbage();
    assert_eq!(garbage.len(), 24);
    assert_eq!(answers.len(), 2 * garbage.len() + 2);
    for (k, (_, reason)) in garbage.iter().enumerate() {
        let bad = &answers[2 * k];
        let error = bad["error"].as_str().unwrap_or_default();
        assert!(
            error.starts_with(&format!("line {}: ", 2 * k + 1)) && error.contains(reason),
            "line {}: {error:?} should mention {reason:?}",
            2 * k + 1
        );
        assert_eq!(answers[2 * k + 1]["intersects"], true);
    }
    assert!(
        answers[2 * garbage.len()]["error"]
            .as_str()
            .unwrap()
            .contains("UTF-8")
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), garbage.len() + 1);
    assert!(!stderr.contains("panicked"));
}

#[test]
fn mutilated_lines_never_panic() {
    // Every prefix, and every single-byte substitution with a few troublesome bytes, of a
    // valid 2D and 3D line.
    let lines = mutilated(
        &mutilation_seeds()[..2],
        &[b'"', b'9', b'-', b'e', b'[', b'}', b',', 0xc3, b'\r'],
    );
    let input = lines.join(&b'\n');
    let out = verdict(&[], &input);
    assert!(matches!(out.status.code(), Some(0 | 1)));
    assert_eq!(answers(&out).len(), lines.len());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn all_valid_lines_exit_zero_and_empty_input_is_fine() {
    let input = format!(
        "{}\n{}\n",
        unit_cube_pair("1", 2.0),
        unit_cube_pair("2", 3.0)
    );
    let out = verdict(&[], input.as_bytes());
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    assert_eq!(answers(&out).len(), 2);

    let out = verdict(&[], b"");
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn reads_a_file_and_reports_a_missing_one() {
    let path =
        std::env::temp_dir().join(format!("obbsat-cli-verdict-{}.jsonl", std::process::id()));
    std::fs::write(&path, unit_cube_pair("\"file\"", 2.5)).unwrap();
    let out = verdict(&[path.to_str().unwrap()], b"");
    std::fs::remove_file(&path).ok();
    assert!(out.status.success());
    assert_eq!(answers(&out)[0]["id"], "file");

    let out = verdict(&["/nonexistent/obbsat/cases.jsonl"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
}

#[test]
fn the_2d_forms_degrees_angle_and_axes_agree() {
    let a = box2([0.0, 0.0], [2.0, 1.0], r#""angle": 0"#);
    // The same rectangle turned a quarter: half-extents (1, 0.5) along y and x.
    let turned = [
        r#""degrees": 90"#.to_owned(),
        format!(r#""angle": {}"#, std::f64::consts::FRAC_PI_2),
        r#""axes": [[0, 1], [-1, 0]]"#.to_owned(),
    ];
    for (x, intersects) in [(2.25, true), (2.5, true), (2.75, false)] {
        let input: Vec<String> = turned
            .iter()
            .map(|r| case2("0", &a, &box2([x, 0.0], [1.0, 0.5], r)))
            .collect();
        let out = verdict(&[], input.join("\n").as_bytes());
        assert!(out.status.success());
        for answer in answers(&out) {
            assert_eq!(answer["intersects"], intersects, "x = {x}: {answer}");
            assert_eq!(answer["axis"], "face_a0", "x = {x}: {answer}");
        }
    }
}

#[test]
fn the_3d_forms_quat_and_axes_agree() {
    let a = box3([0.0; 3], [1.0, 2.0, 3.0], IDENTITY);
    // A quarter turn about z, as a unit quaternion, a non-unit one, and as axis columns.
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let turned = [
        format!(r#""quat": [0, 0, {h}, {h}]"#),
        r#""quat": [0, 0, 3, 3]"#.to_owned(),
        r#""axes": [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]"#.to_owned(),
    ];
    for (x, intersects) in [(3.0, true), (3.0 + 1e-3, false)] {
        let input: Vec<String> = turned
            .iter()
            .map(|r| case3("0", &a, &box3([x, 0.0, 0.0], [1.0, 2.0, 3.0], r)))
            .collect();
        let out = verdict(&[], input.join("\n").as_bytes());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for answer in answers(&out) {
            assert_eq!(answer["intersects"], intersects, "x = {x}: {answer}");
        }
    }
}

#[test]
fn unknown_keys_and_a_bad_expect_do_not_spoil_a_verdict() {
    let line = r#"{"id": "u", "dim": 2, "note": {"x": [1, 2]}, "expect": "maybe",
        "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0, "colour": "red"},
        "b": {"center": [2, 0], "half_extents": [1, 1], "angle": 0, "quat": null}}"#
        .replace('\n', " ");
    let out = verdict(&[], line.as_bytes());
    assert!(out.status.success());
    assert_eq!(answers(&out)[0]["intersects"], true);
}

#[test]
fn every_engine_answers_the_same_lines_with_the_same_errors() {
    let good = unit_cube_pair("\"good\"", 2.0);
    let mut input = garbage_then(&good);
    input.extend_from_slice(b"\xff not UTF-8\n");
    let errors = |out: &Output| -> Vec<Value> {
        answers(out)
            .into_iter()
            .map(|a| a.get("error").cloned().unwrap_or(Value::Null))
            .collect()
    };
    let sat = verdict(&["--engine", "sat"], &input);
    for engine in engines(Query::Verdict).map(|e| e.name()) {
        let out = verdict(&["--engine", engine], &input);
        assert_eq!(out.status.code(), Some(1), "{engine}");
        assert_eq!(errors(&out), errors(&sat), "{engine}");
        for (k, answer) in answers(&out).iter().enumerate().filter(|(k, _)| k % 2 == 1) {
            assert_eq!(answer["intersects"], true, "{engine}, line {}", k + 1);
        }
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn mutilated_lines_never_panic_with_any_engine() {
    let seeds = mutilation_seeds();
    let lines = mutilated(&seeds, b"\"9-e0],");
    let input = lines.join(&b'\n');
    for engine in engines(Query::Verdict).map(|e| e.name()) {
        let out = verdict(&["--engine", engine], &input);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{engine}");
        assert_eq!(answers(&out).len(), lines.len(), "{engine}");
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{engine}"
        );
    }
}

#[test]
fn exact_engines_take_the_numbers_as_written() {
    let tiny = 2f64.powi(-40);
    let line = unit_cube_pair("\"sub-ulp\"", 2.0 + tiny);
    let answer =
        |engine: &str| answers(&verdict(&["--engine", engine], line.as_bytes()))[0].clone();
    // The f32 engines see the centre 2 + 2^-40 rounded to 2: touching.
    assert_eq!(answer("sat")["intersects"], true);
    assert_eq!(answer("sat")["margin"].as_f64(), Some(0.0));
    assert_eq!(answer("parry-sat")["intersects"], true);
    let exact = answer("exact");
    assert_eq!(exact["intersects"], false);
    assert_eq!(exact["margin"].as_f64(), Some(tiny));
    assert_eq!(exact["axis"], "face_a0");
    let certified = answer("certified");
    assert_eq!(certified["intersects"], false);
    // certified reports sat-core's margin and axis.
    assert_eq!(certified["margin"].as_f64(), Some(0.0));

    // A quaternion is R(q)/|q|², not normalised: (0, 0, 3, 4) turns about z by 2·atan(3/4),
    // whose cosine 7/25 and sine 24/25 are exact; half-extents 25/32 reach 31/32 along x.
    let q = r#""quat": [0, 0, 3, 4]"#;
    let half = [25.0 / 32.0, 25.0 / 32.0, 1.0];
    for (x, intersects, margin) in [(1.96875, true, 0.0), (2.25, false, 0.28125)] {
        let line = case3(
            "0",
            &box3([0.0; 3], [1.0; 3], IDENTITY),
            &box3([x, 0.0, 0.0], half, q),
        );
        let a = &answers(&verdict(&["--engine", "exact"], line.as_bytes()))[0];
        assert_eq!(a["intersects"], intersects, "{a}");
        assert_eq!(a["margin"].as_f64(), Some(margin), "{a}");
    }
}

#[test]
fn angles_for_the_exact_engines() {
    // Multiples of 90 degrees are exact: a quarter-turned 2 x 1 rectangle touches exactly.
    let a = box2([0.0, 0.0], [1.0, 1.0], r#""angle": 0"#);
    for rotation in [
        r#""degrees": 90"#,
        r#""degrees": -270"#,
        r#""degrees": 450"#,
    ] {
        let line = case2("0", &a, &box2([2.0, 0.0], [0.25, 1.0], rotation));
        for engine in ["exact", "certified", "sat"] {
            let v = &answers(&verdict(&["--engine", engine], line.as_bytes()))[0];
            assert_eq!(v["intersects"], true, "{engine} {rotation}: {v}");
        }
        let v = &answers(&verdict(&["--engine", "exact"], line.as_bytes()))[0];
        assert_eq!(v["margin"].as_f64(), Some(0.0), "{rotation}");
    }
    // Radians: cos and sin of the f64 angle in f64. π/2 in f64 is just below the quarter turn,
    // so cos(π/2) = 6.1e-17 > 0: the touching pair overlaps by about 6e-17, exactly.
    let line = case2(
        "0",
        &a,
        &box2(
            [2.0, 0.0],
            [0.25, 1.0],
            &format!(r#""angle": {}"#, std::f64::consts::FRAC_PI_2),
        ),
    );
    let v = &answers(&verdict(&["--engine", "exact"], line.as_bytes()))[0];
    assert_eq!(v["intersects"], true);
    let m = v["margin"].as_f64().unwrap();
    assert!(m < 0.0 && m > -1e-15, "{v}");
}

/// `sat64` reads the f64 digits as written: two unit cubes a million metres out, 1e-9 apart,
/// touching and 1e-9 deep, are far inside f32's band (`48·ε·S` ≈ 3e-5 here) and far outside
/// f64's (`768·ε₆₄·S` ≈ 1e-12): `sat64` must tell all three apart, and agrees with `exact`.
#[test]
fn sat64_tells_apart_what_f64_digits_say() {
    let cube = |x: &str| {
        format!(
            r#"{{"center": [{x}, -3000000.5, 0.25], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}"#
        )
    };
    let line = |id: &str, x: &str| {
        format!(
            r#"{{"id": "{id}", "dim": 3, "a": {}, "b": {}}}"#,
            cube("1000000"),
            cube(x)
        )
    };
    let input = [
        line("apart", "1000002.000000001"),
        line("touching", "1000002"),
        line("deep", "1000001.999999999"),
    ]
    .join("\n");
    for engine in ["sat64", "exact"] {
        let out = verdict(&["-", "--engine", engine], input.as_bytes());
        assert!(out.status.success(), "{engine}");
        let verdicts: Vec<bool> = answers(&out)
            .iter()
            .map(|a| a["intersects"].as_bool().unwrap())
            .collect();
        assert_eq!(verdicts, [false, true, true], "{engine}");
    }
    // sat64's margin is its f64 separation: the 1e-9 gap to a few f64 ulps of 1e6.
    let out = verdict(&["-", "--engine", "sat64"], input.as_bytes());
    let margin = answers(&out)[0]["margin"].as_f64().unwrap();
    assert!((margin - 1e-9).abs() < 1e-15 * 1e6, "{margin}");
}
