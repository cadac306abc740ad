//! `obbsat check` on corpora it has never seen: generated here with the exact oracle, some
//! expectations deliberately flipped, so every engine's counts (wrong, outside and inside the
//! band, worst |margin|/S) are known in advance; exit statuses and formats.

use crate::common::{engine, obbsat, stdout};
use obbsat::{Engine, Generator, Prepared, Query, engines, reference};
use sat_core::tolerance::Band;
use serde_json::Value;

/// `count` generated cases (alternating 2D and 3D) as case lines with the exact oracle's
/// expectation, margin and scale; the expectation of every line whose index is in `flip` is
/// inverted.
fn corpus(seed: u64, count: usize, flip: &[usize]) -> Vec<String> {
    let mut generator = Generator::new(seed);
    (0..count)
        .map(|n| {
            let (mut line, v) = if n % 2 == 0 {
                let case = generator.case2();
                (case.to_line(format!("g{n}")), case.exact())
            } else {
                let case = generator.case3();
                (case.to_line(format!("g{n}")), case.exact())
            };
            line.expect = Some(v.intersects != flip.contains(&n));
            line.exact_margin = Some(v.margin);
            line.scale = Some(v.scale);
            serde_json::to_string(&line).expect("a case line serialises")
        })
        .collect()
}

/// What a correct `check` must report for one engine, tallied here from the lines.
#[derive(Debug, PartialEq)]
struct Tally {
    wrong: usize,
    outside: usize,
    worst: Option<f64>,
}

fn tally(lines: &[String], engine: &dyn Engine) -> Tally {
    let mut t = Tally {
        wrong: 0,
        outside: 0,
        worst: None,
    };
    for line in lines {
        let v: Value = serde_json::from_str(line).unwrap();
        let expect = v["expect"].as_bool().unwrap();
        let margin = v["exact_margin"].as_f64().unwrap();
        let scale = v["scale"].as_f64().unwrap();
        let case = Prepared::parse(line).unwrap_or_else(|e| panic!("{line}: {}", e.reason));
        // The exact engine's verdicts come from the independent rational reference here, not
        // from the engine itself, whose oracle also wrote `expect`.
        let verdict = if engine.name() == "exact" {
            reference(&case.exact).intersects
        } else {
            engine.intersects(&case).unwrap()
        };
        if verdict != expect {
            t.wrong += 1;
            // sat64: its f64 band where it runs in f64, none where it runs the exact
            // certified test (f32 columns).
            let band = match (engine.name(), &case.double) {
                ("sat64", Some(double)) if double.axes() => Band::f64_axes(scale),
                ("sat64", Some(_)) => Band::f64(scale),
                ("sat64", None) => Band::exact(scale),
                _ => Band::f32(scale),
            };
            t.outside += usize::from(!band.contains(margin));
            let r = margin.abs() / scale;
            t.worst = Some(t.worst.map_or(r, |w: f64| w.max(r)));
        }
    }
    t
}

fn write(name: &str, lines: &[String]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("obbsat-cli-check-{}-{name}", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn json_check(args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = obbsat(&all, b"");
    let report = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), report)
}

#[test]
fn every_engine_gets_the_counts_tallied_independently() {
    // Flip a handful of expectations: inside and outside the band, 2D and 3D.
    let flip = [3, 10, 11, 57, 200, 401, 402, 777, 1500, 2222];
    let lines = corpus(0xc0ffee, 3000, &flip);
    let path = write("counts.jsonl", &lines);
    let (code, report) = json_check(&[path.to_str().unwrap(), "--engine", "all"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(report["cases"], 3000);
    assert_eq!(
        report["contradicted_expectations"]
            .as_array()
            .unwrap()
            .len(),
        flip.len()
    );
    let mut any_failed = false;
    for e in engines(Query::Verdict) {
        let expected = tally(&lines, e);
        let got = engine(&report, e.name());
        assert_eq!(got["wrong"], expected.wrong, "{}", e.name());
        assert_eq!(got["wrong_outside_band"], expected.outside, "{}", e.name());
        assert_eq!(
            got["wrong_in_band"],
            expected.wrong - expected.outside,
            "{}",
            e.name()
        );
        assert_eq!(got["wrong_cases"].as_array().unwrap().len(), expected.wrong);
        let worst = got["worst_margin_over_scale"].as_f64();
        match (worst, expected.worst) {
            (Some(w), Some(x)) => assert!((w - x).abs() <= 1e-12 * x, "{}: {w} vs {x}", e.name()),
            (w, x) => assert_eq!(w, x, "{}", e.name()),
        }
        let passes = match e.name() {
            "exact" | "certified" => expected.wrong == 0,
            _ => expected.outside == 0,
        };
        assert_eq!(got["passed"], passes, "{}", e.name());
        any_failed |= !passes;
    }
    // The exact engines are wrong exactly where an expectation was flipped.
    for e in engines(Query::Verdict).filter(|e| ["exact", "certified"].contains(&e.name())) {
        assert_eq!(tally(&lines, e).wrong, flip.len());
    }
    assert_eq!(report["passed"], !any_failed);
    assert_eq!(code, Some(if any_failed { 1 } else { 0 }));
}

#[test]
fn exit_status_follows_each_engines_rule() {
    // Unflipped: sat is never wrong outside its band, the exact engines never wrong at all.
    let clean = corpus(7, 1200, &[]);
    let path = write("clean.jsonl", &clean);
    let p = path.to_str().unwrap();
    let (code, report) = json_check(&[p, "--engine", "sat,certified,exact"]);
    assert_eq!(code, Some(0), "{report}");
    // A flipped case far outside the band fails sat (and the exact engines), unless
    // --fail-on never.
    let far_out = clean
        .iter()
        .position(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["exact_margin"].as_f64().unwrap().abs()
                > 100.0 * Band::f32(v["scale"].as_f64().unwrap()).width()
        })
        .unwrap();
    let flipped = corpus(7, 1200, &[far_out]);
    let path_flipped = write("flipped.jsonl", &flipped);
    let f = path_flipped.to_str().unwrap();
    let (code, report) = json_check(&[f, "--engine", "sat"]);
    assert_eq!(code, Some(1));
    assert_eq!(engine(&report, "sat")["wrong_outside_band"], 1);
    let (code, _) = json_check(&[f, "--engine", "sat", "--fail-on", "never"]);
    assert_eq!(code, Some(0));
    // A flipped case inside the band: sat passes (outside-band rule), exact fails (any).
    let in_band = clean
        .iter()
        .position(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let m = v["exact_margin"].as_f64().unwrap().abs();
            m > 0.0 && m <= Band::f32(v["scale"].as_f64().unwrap()).width()
        })
        .unwrap();
    let path_in = write("in-band.jsonl", &corpus(7, 1200, &[in_band]));
    let i = path_in.to_str().unwrap();
    let (code, report) = json_check(&[i, "--engine", "exact"]);
    assert_eq!(code, Some(1));
    assert_eq!(engine(&report, "exact")["wrong_in_band"], 1);
    let sat_wrong_outside =
        engine(&json_check(&[i, "--engine", "sat"]).1, "sat")["wrong_outside_band"].clone();
    assert_eq!(sat_wrong_outside, 0);
    let (code, _) = json_check(&[i, "--engine", "exact", "--fail-on", "outside-band"]);
    assert_eq!(code, Some(0));
    for path in [path, path_flipped, path_in] {
        std::fs::remove_file(path).ok();
    }
}

#[test]
fn invalid_lines_fail_and_usage_errors_exit_2() {
    let mut lines = corpus(9, 20, &[]);
    lines.insert(4, "garbage".into());
    lines.insert(
        9,
        r#"{"id": "no-expect", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [3, 0], "half_extents": [1, 1], "angle": 0}}"#.into(),
    );
    let path = write("invalid.jsonl", &lines);
    let p = path.to_str().unwrap();
    let (code, report) = json_check(&[p]);
    assert_eq!(code, Some(1));
    let invalid = report["invalid"].as_array().unwrap();
    assert_eq!(invalid.len(), 2);
    assert_eq!(invalid[0]["line"], 5);
    assert_eq!(invalid[1]["id"], "\"no-expect\"");
    assert!(
        invalid[1]["reason"]
            .as_str()
            .unwrap()
            .contains("missing \"expect\"")
    );
    assert_eq!(report["cases"], 20);

    let out = obbsat(&["check", "/nonexistent/obbsat.jsonl"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = obbsat(&["check", p, "--engine", "gjk"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown engine"));
    let out = obbsat(&["check"], b"");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_file(path).ok();
}

#[test]
fn formats_stdin_several_files_and_dimensions() {
    let a = corpus(21, 40, &[5]);
    let b = corpus(22, 30, &[]);
    let path = write("several.jsonl", &a);
    let p = path.to_str().unwrap();
    let input = b.join("\n");

    let out = obbsat(&["check", p, "-", "--engine", "exact"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("2 files, 70 cases, 0 invalid lines"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{p}:6 id \"g5\": exact says")),
        "{text}"
    );
    let row = text.lines().find(|l| l.starts_with("exact ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!([cells[1], cells[2], cells[5]], ["70", "1", "0"], "{row}");
    let count = |c: &str| c.parse::<usize>().unwrap();
    assert_eq!(count(cells[3]) + count(cells[4]), 1, "{row}");
    assert_eq!(cells.last(), Some(&"FAIL"));
    assert_eq!(text.lines().last(), Some("FAILED"));

    let out = obbsat(
        &["check", p, "--format", "md", "--engine", "sat,exact"],
        b"",
    );
    let md = stdout(&out);
    assert!(md.starts_with("### obbsat check: FAILED"), "{md}");
    assert!(md.contains(
        "| engine | cases | wrong | outside band | in band | no verdict | worst \\|margin\\|/S |"
    ));
    assert!(md.contains("| sat | 40 |"));
    assert!(md.contains("<details>"));

    let (_, report) = json_check(&[p, "--dim", "3", "--engine", "sat"]);
    assert_eq!(report["cases"], 20);
    assert_eq!(report["skipped"], 20);
    std::fs::remove_file(path).ok();
}

#[test]
fn generated_cases_outside_the_band_all_pass() {
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
        let out = obbsat(
            &["check", "-", "--engine", "sat,certified,exact"],
            &cases.stdout,
        );
        let text = stdout(&out);
        assert!(out.status.success(), "dim {dim}: {text}");
        for engine in ["sat", "certified", "exact"] {
            let row = text
                .lines()
                .find(|l| l.starts_with(&format!("{engine} ")))
                .unwrap();
            let cells: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(&cells[1..3], ["400", "0"], "{row}");
        }
    }
}
