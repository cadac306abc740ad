//! `obbsat explain FILE [--id ID] [--svg OUT.svg]`: one case in detail.
//!
//! Prints the boxes as written, `S` and sat-core's band, every candidate axis with
//! * its exact gap ([`crate::engine::reference`]: exact rationals on the boxes as written; the sign is
//!   exact, the value is rounded to f64), and
//! * its f32 gap: the same formula evaluated in f32 on the boxes sat-core stores (the face
//!   normals are the stored columns, edge axes their f32 cross products): what a plain f32 SAT
//!   would compute, not sat-core's padded internal test;
//!
//! then the exact margin and its axis, the case's `expect`, and every built-in engine's verdict
//! (marking the ones that differ from the exact verdict). With `--svg`, writes the picture of
//! [`picture`] for the axis of the exact margin.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use glam::{DMat3, DQuat, DVec2, DVec3, Vec2, Vec3};
use sat_core::Feature;
use sat_core::exact::{ExactBox2, ExactBox3, Rotation3};
use sat_core::tolerance::SEPARATION_K;
use serde_json::Value;

use sat_core::tolerance::Band;

use crate::case::{ExactPair, Query, SinglePair};
use crate::engine::reference::{AxisGap, Reference, reference};
use crate::engine::{Margin, MarginSource, Prepared, engines};
use crate::util::{Lines, open};
use picture::{Axis, Captions, Solid};

mod picture;

/// What to explain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Case file; `-` reads stdin.
    pub file: PathBuf,
    /// The case's id (its JSON text, or the string without quotes); `None`: the first valid case.
    pub id: Option<String>,
    /// Where to write the picture, if anywhere.
    pub svg: Option<PathBuf>,
}

/// Runs `explain`; `Err` when the file cannot be read or has no such case.
pub fn run(options: &Options, mut out: impl Write) -> io::Result<bool> {
    let (line, case) = find(&options.file, options.id.as_deref())?;
    let reference = reference(&case.exact);
    let exact = case.exact.verdict();
    let id = case.written.id.as_deref().map_or("(no id)", |id| id.get());
    writeln!(
        out,
        "case {id}: {} line {line}, dim {}",
        options.file.display(),
        case.written.dim
    )?;
    writeln!(out, "a: {}", case.written.a.get())?;
    writeln!(out, "b: {}", case.written.b.get())?;
    writeln!(
        out,
        "S = |c_B - c_A| + |e_A| + |e_B| = {:.9e}, sat-core's band 48·ε·S = {:.3e}",
        exact.scale,
        Band::f32(exact.scale).width()
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<11} {:<38} {:>22} {:>15}",
        "axis", "direction (A to B)", "exact gap", "f32 gap"
    )?;
    let f32_gaps = f32_gaps(&case.pair);
    for gap in &reference.gaps {
        let f32_gap = f32_gaps
            .iter()
            .find(|(f, _)| *f == gap.feature)
            .and_then(|(_, g)| *g)
            .map_or_else(|| "parallel".to_owned(), |g| format!("{g:.7e}"));
        writeln!(
            out,
            "{:<11} {:<38} {:>22} {:>15}",
            gap.feature.to_string(),
            direction(gap),
            exact_gap(gap),
            f32_gap
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "exact margin {:e} along {}: the boxes {}",
        exact.margin,
        exact.feature,
        match (exact.intersects, exact.margin == 0.0) {
            (true, true) => "touch (intersects: true)",
            (true, false) => "overlap (intersects: true)",
            (false, _) => "are apart (intersects: false)",
        }
    )?;
    match case.written.expect() {
        Ok(Some(expect)) => writeln!(out, "expect: {expect} (from the file)")?,
        _ => writeln!(out, "expect: none in the file")?,
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<11} {:<9} {:>24}  {:<11} margin and axis from",
        "engine", "verdict", "margin", "axis"
    )?;
    for engine in engines(Query::Verdict) {
        let Some(j) = engine.judge(&case) else {
            continue;
        };
        let margin = match j.margin {
            Margin::Single(m) => format!("{m:e}"),
            Margin::Double(m) => format!("{m:e}"),
        };
        let source = match (j.source, j.own) {
            (MarginSource::Exact, _) => "the exact oracle",
            (MarginSource::Single, true) => "sat-core's separation()",
            (MarginSource::Double, true) => "sat-core's f64 separation()",
            (MarginSource::Double, false) => {
                "sat-core's f64 separation() (this engine gives a verdict only)"
            }
            (MarginSource::Single, false) => {
                "sat-core's separation() (this engine gives a verdict only)"
            }
        };
        let note = if j.intersects == exact.intersects {
            ""
        } else {
            "   <- differs from the exact verdict"
        };
        writeln!(
            out,
            "{:<11} {:<9} {:>24}  {:<11} {source}{note}",
            engine.name(),
            j.intersects,
            margin,
            j.feature.to_string()
        )?;
    }
    writeln!(
        out,
        "(sat-core's separation() is within {SEPARATION_K}·ε·S of the exact gap along its axis, so near touching it can be"
    )?;
    writeln!(
        out,
        " positive while the verdict is \"intersects\": a verdict says \"apart\" only where the gap is beyond its rounding)"
    )?;
    if let Some(path) = &options.svg {
        let svg = svg(&case, &reference, exact.feature, id);
        std::fs::write(path, svg).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
        })?;
        writeln!(out, "picture: {}", path.display())?;
    }
    out.flush()?;
    Ok(true)
}

/// The case with `id` (or the first valid one) and its line number.
fn find(file: &Path, id: Option<&str>) -> io::Result<(usize, Prepared)> {
    let mut lines = Lines::new(open(Some(file))?);
    while let Some((number, line)) = lines.next_line()? {
        let Ok(case) = line
            .map_err(|_| ())
            .and_then(|l| Prepared::parse(l).map_err(|_| ()))
        else {
            continue;
        };
        let matches = match (id, case.written.id.as_deref()) {
            (None, _) => true,
            (Some(wanted), Some(raw)) => {
                raw.get() == wanted
                    || serde_json::from_str::<Value>(raw.get())
                        .is_ok_and(|v| v.as_str() == Some(wanted))
            }
            (Some(_), None) => false,
        };
        if matches {
            return Ok((number, case));
        }
    }
    let what = id.map_or_else(
        || "no valid case".to_owned(),
        |id| format!("no valid case with id {id}"),
    );
    Err(io::Error::new(
        io::ErrorKind::NotFound,
        format!("{what} in {}", file.display()),
    ))
}

fn direction(gap: &AxisGap) -> String {
    if gap.sign.is_none() {
        return "(parallel edges: no axis)".to_owned();
    }
    // `+ 0.0` turns -0 into 0, so that a component that is zero prints as one.
    let parts: Vec<String> = gap
        .direction
        .iter()
        .map(|c| format!("{:.6}", c + 0.0))
        .collect();
    format!("({})", parts.join(", "))
}

fn exact_gap(gap: &AxisGap) -> String {
    match gap.sign {
        None => "-".to_owned(),
        Some(std::cmp::Ordering::Equal) => "0 (touching)".to_owned(),
        Some(_) => format!("{:.12e}", gap.gap),
    }
}

/// Every candidate axis's gap computed in f32 on the stored boxes (`None`: a zero axis).
fn f32_gaps(pair: &SinglePair) -> Vec<(Feature, Option<f32>)> {
    match pair {
        SinglePair::Two(a, b) => {
            let t = b.center() - a.center();
            let (ga, gb) = (a.axes(), b.axes());
            let (ea, eb) = (a.half_extents(), b.half_extents());
            let gap = |l: Vec2| {
                let r = ea.x * ga.x_axis.dot(l).abs()
                    + ea.y * ga.y_axis.dot(l).abs()
                    + eb.x * gb.x_axis.dot(l).abs()
                    + eb.y * gb.y_axis.dot(l).abs();
                let n = l.length();
                (n > 0.0).then(|| (t.dot(l).abs() - r) / n)
            };
            vec![
                (Feature::FaceA(0), gap(ga.x_axis)),
                (Feature::FaceA(1), gap(ga.y_axis)),
                (Feature::FaceB(0), gap(gb.x_axis)),
                (Feature::FaceB(1), gap(gb.y_axis)),
            ]
        }
        SinglePair::Three(a, b) => {
            let t = b.center() - a.center();
            let (ga, gb) = (a.axes(), b.axes());
            let (ea, eb) = (a.half_extents(), b.half_extents());
            let ca = [ga.x_axis, ga.y_axis, ga.z_axis];
            let cb = [gb.x_axis, gb.y_axis, gb.z_axis];
            let gap = |l: Vec3| {
                let r: f32 = (0..3)
                    .map(|i| ea[i] * ca[i].dot(l).abs() + eb[i] * cb[i].dot(l).abs())
                    .sum();
                let n = l.length();
                (n > 0.0).then(|| (t.dot(l).abs() - r) / n)
            };
            let mut out = Vec::with_capacity(15);
            for i in 0..3u8 {
                out.push((Feature::FaceA(i), gap(ca[usize::from(i)])));
            }
            for j in 0..3u8 {
                out.push((Feature::FaceB(j), gap(cb[usize::from(j)])));
            }
            for i in 0..3u8 {
                for j in 0..3u8 {
                    let l = ca[usize::from(i)].cross(cb[usize::from(j)]);
                    out.push((Feature::EdgePair(i, j), gap(l)));
                }
            }
            out
        }
    }
}

/// The picture for the axis of the exact margin.
fn svg(case: &Prepared, reference: &Reference, feature: Feature, id: &str) -> String {
    let Some(best) = reference
        .gaps
        .iter()
        .find(|g| g.feature == feature)
        .or(reference.gaps.first())
        .cloned()
    else {
        return String::new();
    };
    let verdict = match (reference.intersects, best.sign) {
        (true, Some(std::cmp::Ordering::Equal)) => "touch",
        (true, _) => "overlap",
        (false, _) => "are apart",
    };
    let captions = Captions {
        title: format!("obbsat explain {id}: the boxes {verdict}"),
        subtitle: format!(
            "A blue, B orange; best axis {}, exact gap {}; coordinates relative to A's centre",
            best.feature,
            exact_gap(&best)
        ),
    };
    match &case.exact {
        ExactPair::Two(a, b) => {
            let origin = DVec2::from_array(a.center);
            let axis = Axis {
                direction: DVec2::new(best.direction[0], best.direction[1]),
                name: best.feature.to_string(),
                gap: best.gap,
            };
            picture::svg2(&solid2(a, origin), &solid2(b, origin), &axis, &captions)
        }
        ExactPair::Three(a, b) => {
            let origin = DVec3::from_array(a.center);
            let axis = Axis {
                direction: DVec3::new(best.direction[0], best.direction[1], best.direction[2]),
                name: best.feature.to_string(),
                gap: best.gap,
            };
            picture::svg3(&solid3(a, origin), &solid3(b, origin), &axis, &captions)
        }
    }
}

fn solid2(b: &ExactBox2, origin: DVec2) -> Solid<DVec2> {
    let e = b.half_extents;
    Solid {
        center: DVec2::from_array(b.center) - origin,
        half_axes: [
            DVec2::from_array(b.axes[0]) * e[0],
            DVec2::from_array(b.axes[1]) * e[1],
            DVec2::ZERO,
        ],
    }
}

fn solid3(b: &ExactBox3, origin: DVec3) -> Solid<DVec3> {
    let m = match b.rotation {
        Rotation3::Quat(q) => {
            // Scaled first, so that huge or tiny quaternions normalise without overflow.
            let largest = q.iter().fold(0.0f64, |m, c| m.max(c.abs()));
            DMat3::from_quat(DQuat::from_array(q.map(|c| c / largest)).normalize())
        }
        Rotation3::Axes(columns) => DMat3::from_cols_array_2d(&columns),
    };
    let e = b.half_extents;
    Solid {
        center: DVec3::from_array(b.center) - origin,
        half_axes: [m.x_axis * e[0], m.y_axis * e[1], m.z_axis * e[2]],
    }
}
