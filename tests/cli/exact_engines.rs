//! `obbsat verdict --engine exact` and `--engine certified` against an independent exact
//! reference ([`obbsat::reference`]: rationals straight from the definition, sharing no code with
//! `sat_core::exact`) on generated adversarial cases, on variants that only the numbers as
//! written can tell apart (scaled quaternions, centres with more digits than f32 holds, sub-f32
//! nudges, angles in radians and degrees), and on exact contacts built on dyadic grids with
//! rational rotations, touching and nudged by 2^-35. No band: every verdict must agree.

use std::cmp::Ordering;

use crate::common::{obbsat, stdout};
use obbsat::{Generator, Kind, Prepared, Progress, parallel_map, reference};
use sat_oracle::case_box::integer_quat_columns;
use serde_json::{Value, json};

/// Cases per dimension and variant (fewer without optimisation).
const PER_VARIANT: usize = if cfg!(debug_assertions) { 60 } else { 400 };

/// Generated 2D and 3D lines (every kind in turn) and their variants.
fn lines() -> Vec<String> {
    let mut generator = Generator::new(0xe4ac7);
    let mut out = Vec::new();
    for n in 0..PER_VARIANT {
        let kind3 = Kind::ALL_3D[n % Kind::ALL_3D.len()];
        let kind2 = Kind::ALL_2D[n % Kind::ALL_2D.len()];
        let c3 = generator.case3_of(kind3).to_line(format!("3d-{n}"));
        let c2 = generator.case2_of(kind2).to_line(format!("2d-{n}"));
        let v3 = serde_json::to_value(&c3).unwrap();
        let v2 = serde_json::to_value(&c2).unwrap();
        out.push(v3.clone());
        out.push(v2.clone());
        out.push(scaled_quats(v3.clone(), n));
        out.push(far_f64_centres(v3.clone(), n));
        out.push(nudged(v3, n));
        out.push(far_f64_centres(v2.clone(), n));
        out.push(nudged(v2.clone(), n));
        out.push(angles(v2, n));
    }
    out.extend(exact_contacts());
    out.iter().map(|v| v.to_string()).collect()
}

/// Integer quaternions (rational rotations `R(q)/|q|²`) and their `|q|²`.
const RATIONAL: [([i64; 4], i64); 8] = [
    ([0, 0, 0, 1], 1),
    ([0, 0, 1, 1], 2),
    ([1, 0, 0, 1], 2),
    ([1, 1, 1, 1], 4),
    ([1, 2, 3, 4], 30),
    ([1, 0, 0, 2], 5),
    ([0, 2, 0, 1], 5),
    ([2, -1, 1, 3], 15),
];

/// Exactly touching pairs (A axis-aligned on a grid, B rotated rationally with a vertex, edge or
/// face on one of A's faces), each also nudged by ±2^-35 along the face normal.
fn exact_contacts() -> Vec<Value> {
    let mut state = 0x5eed_u64;
    let mut next = |n: i64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as i64
    };
    let mut out = Vec::new();
    for n in 0..PER_VARIANT {
        let (q, norm) = RATIONAL[n % RATIONAL.len()];
        // |q|²·R(q), columns.
        let k = integer_quat_columns(q);
        // Half-extents m·|q|²/16, so e_j·g_j = m·K_j/16 exactly.
        let m = [1 + next(6), 1 + next(6), next(6)];
        let eb: Vec<f64> = m.iter().map(|&m| (m * norm) as f64 / 16.0).collect();
        let ea: Vec<f64> = (0..3).map(|_| (1 + next(24)) as f64 / 16.0).collect();
        let ca: Vec<f64> = (0..3).map(|_| (next(81) - 40) as f64 / 8.0).collect();
        let axis = (n / RATIONAL.len()) % 3;
        let side = if next(2) == 0 { 1.0 } else { -1.0 };
        // B's support point towards A: sigma_j = -sign(K_j · d).
        let mut support = [0.0f64; 3];
        for j in 0..3 {
            let dot = k[j][axis] as f64 * side;
            let sigma = if dot > 0.0 { -1.0 } else { 1.0 };
            for i in 0..3 {
                support[i] += sigma * (m[j] * k[j][i]) as f64 / 16.0;
            }
        }
        // The contact point on A's face, on a grid of 1/32 within it.
        let mut point = [0.0f64; 3];
        for i in 0..3 {
            point[i] = if i == axis {
                ca[i] + side * ea[i]
            } else {
                ca[i] + ea[i] * ((next(33) - 16) as f64 / 16.0)
            };
        }
        for nudge in [0.0, 2f64.powi(-35), -(2f64.powi(-35))] {
            let mut cb: Vec<f64> = (0..3).map(|i| point[i] - support[i]).collect();
            cb[axis] += side * nudge;
            out.push(json!({
                "id": format!("contact-{n}-{nudge:e}"),
                "dim": 3,
                "a": {"center": ca, "half_extents": ea, "quat": [0, 0, 0, 1]},
                "b": {"center": cb, "half_extents": eb, "quat": q},
            }));
        }
    }
    out
}

/// Both quaternions multiplied by a factor (in f64): the same rotation `R(q)/|q|²` only up
/// to the rounding of the products, which the exact engines must see.
fn scaled_quats(mut v: Value, n: usize) -> Value {
    let k = [3.0, 0.1, 1e-3, 7.25, -2.0][n % 5];
    for b in ["a", "b"] {
        // Generated lines written as leaning columns have no quaternion.
        let Some(q) = v[b]["quat"].as_array() else {
            continue;
        };
        let q: Vec<f64> = q.iter().map(|x| x.as_f64().unwrap() * k).collect();
        v[b]["quat"] = json!(q);
    }
    v
}

/// Both centres moved by an f64 offset with more digits than f32 holds.
fn far_f64_centres(mut v: Value, n: usize) -> Value {
    let offset = [1.0e6 + 0.1, -3.3e5 + 0.7, 12_345.678_9];
    for b in ["a", "b"] {
        let c: Vec<f64> = v[b]["center"]
            .as_array()
            .unwrap()
            .iter()
            .zip(offset.iter().cycle().skip(n % 3))
            .map(|(x, o)| x.as_f64().unwrap() + o)
            .collect();
        v[b]["center"] = json!(c);
    }
    v
}

/// B's centre moved by 2^-35 (below f32's resolution at most centres) along x.
fn nudged(mut v: Value, n: usize) -> Value {
    let sign = if n.is_multiple_of(2) { 1.0 } else { -1.0 };
    let x = v["b"]["center"][0].as_f64().unwrap() + sign * 2f64.powi(-35);
    v["b"]["center"][0] = json!(x);
    v
}

/// 2D axis columns replaced by the angle they name, in radians or degrees (f64).
fn angles(mut v: Value, n: usize) -> Value {
    for b in ["a", "b"] {
        // Generated lines in other written forms already carry an angle.
        let Some(axes) = v[b]["axes"].as_array().cloned() else {
            continue;
        };
        let (c, s) = (axes[0][0].as_f64().unwrap(), axes[0][1].as_f64().unwrap());
        let angle = s.atan2(c);
        let object = v[b].as_object_mut().unwrap();
        object.remove("axes");
        if n.is_multiple_of(2) {
            object.insert("angle".into(), json!(angle));
        } else {
            object.insert("degrees".into(), json!(angle.to_degrees()));
        }
    }
    v
}

/// The reference's verdict and margin sign for every line, on all cores.
fn references(lines: &[String]) -> Vec<(bool, Ordering, f64)> {
    let progress = Progress::new(lines.len(), "reference");
    let out = parallel_map(
        lines,
        |line| {
            let case = Prepared::parse(line).unwrap_or_else(|e| panic!("{line}: {}", e.reason));
            let r = reference(&case.exact);
            let sign = r
                .gaps
                .iter()
                .filter_map(|g| g.sign)
                .max()
                .unwrap_or(Ordering::Less);
            (r.intersects, sign, r.margin())
        },
        &progress,
    );
    progress.finish();
    out
}

fn verdicts(engine: &str, input: &str) -> Vec<Value> {
    let out = obbsat(&["verdict", "--engine", engine], input.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn exact_and_certified_agree_with_the_reference_everywhere() {
    let lines = lines();
    let input = lines.join("\n");
    let expected = references(&lines);
    let exact = verdicts("exact", &input);
    let certified = verdicts("certified", &input);
    assert_eq!(exact.len(), lines.len());
    let mut touching = 0;
    let mut apart = 0;
    for (k, line) in lines.iter().enumerate() {
        let (intersects, sign, margin) = expected[k];
        assert_eq!(exact[k]["intersects"], intersects, "exact: {line}");
        assert_eq!(certified[k]["intersects"], intersects, "certified: {line}");
        let m = exact[k]["margin"].as_f64().unwrap();
        assert_eq!(m.partial_cmp(&0.0), Some(sign), "exact margin sign: {line}");
        assert!(
            (m - margin).abs() <= 1e-12 * margin.abs(),
            "exact margin {m} vs reference {margin}: {line}"
        );
        touching += usize::from(sign == Ordering::Equal);
        apart += usize::from(!intersects);
    }
    // The generator reaches every regime, exact contact included.
    assert!(
        touching > 0 && apart > lines.len() / 10,
        "{touching} touching, {apart} apart"
    );
}

#[test]
fn the_reference_agrees_with_the_committed_corpus() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        for (line, (intersects, _, margin)) in lines.iter().zip(references(&lines)) {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["expect"], intersects, "{}: {line}", path.display());
            let recorded = v["exact_margin"].as_f64().unwrap();
            assert!((recorded - margin).abs() <= 1e-12 * margin.abs(), "{line}");
            seen += 1;
        }
    }
    assert!(seen > 100);
}
