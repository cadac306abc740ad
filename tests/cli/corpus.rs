//! The committed regression corpus (`corpus/*.jsonl`): its expectations are the exact oracle's
//! (`obbsat corpus --check`), it holds every named category, its exact contacts touch exactly,
//! sat-core and the exact engines pass it, and `obbsat corpus` refreshes a foreign file's
//! expectations without touching anything else.

use std::collections::HashSet;

use crate::common::{corpus_files, obbsat, stdout};
use serde_json::Value;

fn corpus_lines() -> Vec<Value> {
    corpus_files()
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(f)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect::<Vec<Value>>()
        })
        .collect()
}

#[test]
fn committed_expectations_are_the_oracles() {
    let out = obbsat(&["corpus", "--check"], b"");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains("files match the exact oracle"));
}

#[test]
fn every_category_is_there_and_contacts_are_exact() {
    let lines = corpus_lines();
    let ids: Vec<&str> = lines.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids.iter().collect::<HashSet<_>>().len(),
        ids.len(),
        "ids are unique"
    );
    for prefix in [
        "touch-3d-faces",
        "touch-3d-edges-crossing",
        "touch-3d-vertex",
        "touch-2d-vertex",
        "near-parallel-3d-faces-1e-3",
        "near-parallel-3d-edges-1e-8",
        "near-parallel-2d-faces-1e-8",
        "sub-ulp-",
        "negative-zero-",
        "far-3d-",
        "scale-3d-mm",
        "scale-3d-km",
        "identical-",
        "zero-extent-",
        "parry-431",
        "parry-436",
        "parry-315",
    ] {
        assert!(
            ids.iter().any(|id| id.starts_with(prefix)),
            "no {prefix}* case"
        );
    }
    for line in &lines {
        assert!(line["note"].as_str().is_some_and(|n| !n.is_empty()));
        let id = line["id"].as_str().unwrap();
        if id.starts_with("touch-") || id.contains("touching") {
            assert_eq!(line["exact_margin"].as_f64(), Some(0.0), "{id}");
            assert_eq!(line["expect"], true, "{id}");
        }
        if id.ends_with("apart-4band") || id.ends_with("overlap-4band") {
            let band = 48.0 * f64::from(f32::EPSILON) * line["scale"].as_f64().unwrap();
            let margin = line["exact_margin"].as_f64().unwrap();
            assert!(
                margin.abs() > 3.0 * band && margin.abs() < 5.0 * band,
                "{id}"
            );
            assert_eq!(margin > 0.0, id.ends_with("apart-4band"), "{id}");
        }
    }
}

#[test]
fn sat_and_the_exact_engines_pass_the_corpus() {
    let files = corpus_files();
    let mut args = vec!["check", "--engine", "sat,certified,exact"];
    args.extend(files.iter().map(String::as_str));
    let out = obbsat(&args, b"");
    assert!(out.status.success(), "{}", stdout(&out));
}

#[test]
fn a_foreign_file_keeps_its_lines_and_gets_fresh_expectations() {
    let dir = std::env::temp_dir().join(format!("obbsat-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("my-engine.jsonl");
    std::fs::write(
        &mine,
        concat!(
            r#"{"id": 1, "source": "bug #12", "dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0}, "b": {"center": [2, 0], "half_extents": [1, 1], "angle": 0}}"#,
            "\n\n",
            r#"{"scale": 0, "expect": false, "dim": 3, "a": {"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}, "b": {"center": [0, 0, 2.5], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}"#,
            "\n"
        ),
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let out = obbsat(&["corpus", "--dir", d, "--check"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("my-engine.jsonl: differs"));
    let out = obbsat(&["corpus", "--dir", d], b"");
    assert!(out.status.success());
    let refreshed = std::fs::read_to_string(&mine).unwrap();
    let lines: Vec<&str> = refreshed.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"id":1,"source":"bug #12","dim":2,"a":{"center": [0, 0], "half_extents": [1, 1], "angle": 0},"b":{"center": [2, 0], "half_extents": [1, 1], "angle": 0},"expect":true,"exact_margin":0.0,"scale":4.82842712474619,"distance":0.0}"#,
            r#"{"scale":5.9641016151377535,"expect":false,"dim":3,"a":{"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]},"b":{"center": [0, 0, 2.5], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]},"exact_margin":0.5,"distance":0.5}"#,
        ]
    );
    let out = obbsat(&["corpus", "--dir", d, "--check"], b"");
    assert!(out.status.success(), "{}", stdout(&out));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fuzz_findings_become_cases_as_their_target_decodes_them() {
    use sat_oracle::check::{RecipePair2, RecipePair3, decode, target};

    let root = std::env::temp_dir().join(format!("obbsat-fuzz-{}", std::process::id()));
    let (corpus, fuzz) = (root.join("corpus"), root.join("fuzz"));
    let mut expected = Vec::new();
    for name in ["obb2", "obb3"] {
        let dir = fuzz.join("regressions").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        for (seed, bytes) in (target(name).unwrap().seeds)().into_iter().take(3) {
            std::fs::write(dir.join(format!("crash-{seed}")), &bytes).unwrap();
            let exact = if name == "obb2" {
                decode::<RecipePair2>(&bytes).exact()
            } else {
                decode::<RecipePair3>(&bytes).exact()
            };
            expected.push((
                format!("fuzz-{name}-crash-{seed}"),
                exact.intersects,
                exact.margin,
            ));
        }
    }
    std::fs::create_dir_all(fuzz.join("regressions").join("future_target")).unwrap();
    std::fs::write(fuzz.join("regressions/future_target/x"), b"1234").unwrap();
    let (c, f) = (corpus.to_str().unwrap(), fuzz.to_str().unwrap());
    let out = obbsat(&["corpus", "--dir", c, "--fuzz", f], b"");
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains("skipped: fuzz/regressions/future_target/x: no decoder"));
    let text = std::fs::read_to_string(corpus.join("fuzz-findings.jsonl")).unwrap();
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines.sort_by_key(|l| l["id"].as_str().unwrap().to_owned());
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(lines.len(), expected.len());
    for (line, (id, intersects, margin)) in lines.iter().zip(&expected) {
        assert_eq!(line["id"], id.as_str());
        assert_eq!(line["expect"], *intersects, "{id}");
        assert_eq!(line["exact_margin"].as_f64(), Some(*margin), "{id}");
    }
    let out = obbsat(&["corpus", "--dir", c, "--fuzz", f, "--check"], b"");
    assert!(out.status.success(), "{}", stdout(&out));
    std::fs::remove_dir_all(&root).ok();
}
