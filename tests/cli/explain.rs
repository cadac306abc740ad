//! `obbsat explain`: the per-axis table and verdicts, and the SVG picture: parsed back, it holds
//! both boxes' outlines where their corners project, the separating axis, both projection
//! intervals in the right order, and every coordinate inside the picture.

use crate::common::{obbsat, stdout};
use obbsat::{Query, engines};

/// The attribute `name` of an SVG element's text.
fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = element.find(&key)? + key.len();
    let end = element[start..].find('"')? + start;
    Some(&element[start..end])
}

/// Every element `<tag ...>` of `svg` whose class is `class`, as text.
fn elements<'a>(svg: &'a str, tag: &str, class: &str) -> Vec<&'a str> {
    svg.match_indices(&format!("<{tag} "))
        .map(|(at, _)| &svg[at..at + svg[at..].find('>').unwrap()])
        .filter(|e| attr(e, "class") == Some(class))
        .collect()
}

fn number(text: &str) -> f64 {
    text.parse()
        .unwrap_or_else(|_| panic!("not a number: {text}"))
}

/// The points of a polygon.
fn points(polygon: &str) -> Vec<(f64, f64)> {
    attr(polygon, "points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (number(x), number(y))
        })
        .collect()
}

/// A line's two ends.
fn ends(line: &str) -> [(f64, f64); 2] {
    let n = |k: &str| number(attr(line, k).unwrap());
    [(n("x1"), n("y1")), (n("x2"), n("y2"))]
}

/// The text of the view `<g id="..." ...> ... </g>`.
fn view<'a>(svg: &'a str, id: &str) -> &'a str {
    let start = svg
        .find(&format!("<g id=\"{id}\""))
        .unwrap_or_else(|| panic!("no view {id}"));
    let end = svg[start..].find("</g>").unwrap() + start;
    &svg[start..end]
}

/// Writes `line` to a file, runs `explain` on it, returns (stdout, svg).
fn explain(name: &str, lines: &str, id: Option<&str>) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("obbsat-explain-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = dir.join("cases.jsonl");
    let svg = dir.join("case.svg");
    std::fs::write(&cases, lines).unwrap();
    let mut args = vec![
        "explain",
        cases.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ];
    if let Some(id) = id {
        args.extend(["--id", id]);
    }
    let out = obbsat(&args, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    (stdout(&out), picture)
}

fn size(svg: &str) -> (f64, f64) {
    let root = &svg[..svg.find('>').unwrap()];
    (
        number(attr(root, "width").unwrap()),
        number(attr(root, "height").unwrap()),
    )
}

fn inside(svg: &str, (x, y): (f64, f64)) -> bool {
    let (w, h) = size(svg);
    (0.0..=w).contains(&x) && (0.0..=h).contains(&y)
}

#[test]
fn a_2d_case_draws_both_rectangles_the_axis_and_the_intervals() {
    // A 4 x 2 rectangle at the origin; B a 2 x 2 square turned 30° to its right, 0.5 apart
    // along x (B's reach along x is cos 30° + sin 30° = 1.366).
    let line = r#"{"id": "gap", "dim": 2, "expect": false, "a": {"center": [0, 0], "half_extents": [2, 1], "angle": 0}, "b": {"center": [3.866025403784439, 0.25], "half_extents": [1, 1], "degrees": 30}}"#;
    let (text, svg) = explain("2d", line, None);
    assert!(text.starts_with("case \"gap\""), "{text}");
    let axis_rows: Vec<&str> = text.lines().filter(|l| l.starts_with("face_")).collect();
    assert_eq!(axis_rows.len(), 4, "{text}");
    assert!(text.contains("exact margin 5.0000000000000"), "{text}");
    assert!(
        text.contains("along face_a0: the boxes are apart"),
        "{text}"
    );
    for engine in engines(Query::Verdict).map(|e| e.name()) {
        assert!(
            text.lines()
                .any(|l| l.starts_with(engine) && l.contains("false")),
            "{engine}: {text}"
        );
    }

    let v = view(&svg, "view-2d");
    let a = elements(v, "polygon", "box-a");
    let b = elements(v, "polygon", "box-b");
    assert_eq!((a.len(), b.len()), (1, 1));
    let (pa, pb) = (points(a[0]), points(b[0]));
    assert_eq!((pa.len(), pb.len()), (4, 4));
    // A is a 2:1 axis-aligned rectangle in pixels (y flipped), B entirely to its right.
    let xs = |p: &[(f64, f64)]| {
        p.iter()
            .map(|q| q.0)
            .fold((f64::MAX, f64::MIN), |m, x| (m.0.min(x), m.1.max(x)))
    };
    let ys = |p: &[(f64, f64)]| {
        p.iter()
            .map(|q| q.1)
            .fold((f64::MAX, f64::MIN), |m, y| (m.0.min(y), m.1.max(y)))
    };
    let (wa, ha) = (xs(&pa).1 - xs(&pa).0, ys(&pa).1 - ys(&pa).0);
    assert!((wa / ha - 2.0).abs() < 0.01, "{wa} x {ha}");
    assert!(xs(&pb).0 > xs(&pa).1);
    // The gap of 0.5 is an eighth of A's width.
    assert!(((xs(&pb).0 - xs(&pa).1) / wa - 0.125).abs() < 0.01);
    // The axis (x) is horizontal; A's interval ends where B's begins plus the gap.
    let axis = elements(v, "line", "axis");
    assert_eq!(axis.len(), 1);
    let [p, q] = ends(axis[0]);
    assert!((p.1 - q.1).abs() < 1e-6);
    let ia = ends(elements(v, "line", "interval-a")[0]);
    let ib = ends(elements(v, "line", "interval-b")[0]);
    assert!((ia[0].0.min(ia[1].0) - xs(&pa).0).abs() < 0.05);
    assert!((ia[0].0.max(ia[1].0) - xs(&pa).1).abs() < 0.05);
    assert!((ib[0].0.min(ib[1].0) - xs(&pb).0).abs() < 0.05);
    assert_eq!(elements(v, "line", "separating-plane").len(), 1);
    for (x, y) in pa.iter().chain(&pb).chain(&[p, q]) {
        assert!(inside(&svg, (*x, *y)), "({x}, {y}) outside the picture");
    }
}

#[test]
fn a_3d_case_draws_three_orthographic_views_and_the_axis_views() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/touching.jsonl");
    let lines = std::fs::read_to_string(corpus).unwrap();
    let (text, svg) = explain("3d", &lines, Some("touch-3d-edges-crossing"));
    assert!(text.contains("edge_a0_b2 "), "{text}");
    assert!(text.contains("0 (touching)"), "{text}");
    assert!(text.contains("along edge_a0_b2: the boxes touch"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("edge_a")).count(), 9);
    // Each engine row says whose margin it shows: parry's tests give none of their own.
    let engine_row = |name: &str| {
        let row = text.lines().find(|l| {
            let words: Vec<&str> = l.split_whitespace().take(2).collect();
            words[..] == [name, "true"] || words[..] == [name, "false"]
        });
        row.unwrap_or_else(|| panic!("no {name} row in\n{text}"))
    };
    assert!(engine_row("exact").ends_with("the exact oracle"), "{text}");
    assert!(
        engine_row("sat").ends_with("sat-core's separation()"),
        "{text}"
    );
    assert!(engine_row("parry-gjk").contains("verdict only"), "{text}");
    assert!(
        engine_row("parry64-sat")
            .ends_with("sat-core's f64 separation() (this engine gives a verdict only)"),
        "{text}"
    );
    assert!(svg.contains("the boxes touch"));
    for id in [
        "view-top",
        "view-front",
        "view-side",
        "view-along-axis",
        "view-across-axis",
    ] {
        let v = view(&svg, id);
        for who in ["a", "b"] {
            let outline = elements(v, "polygon", &format!("box-{who}"));
            assert_eq!(outline.len(), 1, "{id}");
            let hull = points(outline[0]);
            // A box seen orthographically: a convex outline of 4 or 6 corners.
            assert!((4..=6).contains(&hull.len()), "{id}: {hull:?}");
            assert!(hull.iter().all(|&p| inside(&svg, p)), "{id}");
            assert_eq!(
                elements(v, "line", &format!("edge-{who}")).len(),
                12,
                "{id}"
            );
        }
    }
    // The top view of an axis-aligned cube is a square.
    let top = points(elements(view(&svg, "view-top"), "polygon", "box-a")[0]);
    assert_eq!(top.len(), 4);
    let side = |i: usize| {
        let (p, q) = (top[i], top[(i + 1) % 4]);
        ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
    };
    assert!((side(0) / side(1) - 1.0).abs() < 0.01);
    // The across view carries the intervals; touching boxes: they meet at the separating plane.
    let across = view(&svg, "view-across-axis");
    let ia = ends(elements(across, "line", "interval-a")[0]);
    let ib = ends(elements(across, "line", "interval-b")[0]);
    let plane = ends(elements(across, "line", "separating-plane")[0]);
    assert!((ia[0].0.max(ia[1].0) - plane[0].0).abs() < 0.05);
    assert!((ib[0].0.min(ib[1].0) - plane[0].0).abs() < 0.05);
    for id in ["view-top", "view-front", "view-side"] {
        assert_eq!(elements(view(&svg, id), "line", "axis").len(), 1, "{id}");
    }
}

#[test]
fn missing_ids_and_files_are_errors() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/parry.jsonl");
    let out = obbsat(&["explain", corpus, "--id", "no-such-case"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no valid case with id no-such-case"));
    let out = obbsat(&["explain", "/nonexistent/cases.jsonl"], b"");
    assert_eq!(out.status.code(), Some(2));
    // Without --id: the first valid case; without --svg: text only.
    let out = obbsat(&["explain", corpus], b"");
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("case \"parry-431-2d-repro\""));
}
