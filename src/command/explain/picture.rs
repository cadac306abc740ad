//! The SVG picture of `obbsat explain`.
//!
//! * 2D: one view of both rectangles (A blue, B orange) with the separating axis drawn as a line
//!   beside them, both projection intervals on it, dashed guides from the extreme corners, and
//!   the separating line (dashed, perpendicular to the axis) when the boxes are apart or
//!   touching.
//! * 3D: five views: top (x, y), front (x, z), side (y, z), the view along the separating axis
//!   (what each box covers of the other, seen down the axis), and the view across it (the axis
//!   horizontal, the separating plane edge-on) with the same intervals as in 2D. The first three
//!   also show the axis as an arrow from A's centre.
//!
//! Coordinates are relative to A's centre (so boxes 1e6 from the origin draw as well as any).
//! Every view is scaled to fit, equal in x and y; a box smaller than a few pixels is ringed.
//! Element classes, for tools and tests: `box-a`/`box-b` (filled outlines), `edge-a`/`edge-b`
//! (3D edges), `axis`, `interval-a`/`interval-b`, `separating-plane`, `marker-a`/`marker-b`;
//! each view is a `<g class="view">` with an id (`view-2d`, `view-top`, `view-front`,
//! `view-side`, `view-along-axis`, `view-across-axis`).

use std::fmt::Write as _;

use glam::{DVec2, DVec3};

/// One box to draw: centre (relative to A's centre) and its columns times the half-extents.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solid<V> {
    /// Centre.
    pub center: V,
    /// `e_i g_i`.
    pub half_axes: [V; 3],
}

/// The axis to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis<V> {
    /// Unit direction from A towards B.
    pub direction: V,
    /// Its name (`face_a0`, `edge_a1_b2`, ...).
    pub name: String,
    /// The exact gap along it (the margin): the separating line or plane is drawn when it is
    /// not negative.
    pub gap: f64,
}

/// Captions of the picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Captions {
    /// First line.
    pub title: String,
    /// Second line.
    pub subtitle: String,
}

const PANEL: f64 = 420.0;
const HEADER: f64 = 56.0;
const COLOR_A: &str = "#1f77b4";
const COLOR_B: &str = "#e6550d";
const COLOR_AXIS: &str = "#2ca02c";
/// The dashed lines: guides from the boxes to the axis, and the separating plane.
const GUIDE_STYLE: &str = r##"stroke="#999" stroke-width="0.7" stroke-dasharray="3,3""##;
const PLANE_STYLE: &str = r##"stroke="#555" stroke-width="1.2" stroke-dasharray="8,4""##;

/// The 2D picture. `a.half_axes[2]` is ignored.
pub fn svg2(a: &Solid<DVec2>, b: &Solid<DVec2>, axis: &Axis<DVec2>, captions: &Captions) -> String {
    let (ca, cb) = (corners2(a), corners2(b));
    let mut items = vec![
        Item::Shape(Who::A, ca.to_vec()),
        Item::Shape(Who::B, cb.to_vec()),
    ];
    let l = axis.direction;
    items.extend(intervals(&ca, &cb, l, l.perp(), axis));
    let width = 2.0 * PANEL;
    let mut svg = header(width, 1.5 * PANEL + HEADER, captions);
    render(
        &mut svg,
        "view-2d",
        &format!(
            "x right, y up; green: the axis {} with both projections on it",
            axis.name
        ),
        (0.0, HEADER, width, 1.5 * PANEL),
        &items,
    );
    svg.push_str("</svg>\n");
    svg
}

/// The 3D picture.
pub fn svg3(a: &Solid<DVec3>, b: &Solid<DVec3>, axis: &Axis<DVec3>, captions: &Captions) -> String {
    let (ca, cb) = (corners3(a), corners3(b));
    let l = axis.direction;
    let (u, v) = perpendiculars(l);
    let mut svg = header(3.0 * PANEL, 2.0 * PANEL + HEADER, captions);
    let orthographic: [View; 3] = [
        ("view-top", "top: x right, y up", |p| DVec2::new(p.x, p.y)),
        ("view-front", "front: x right, z up", |p| {
            DVec2::new(p.x, p.z)
        }),
        ("view-side", "side: y right, z up", |p| DVec2::new(p.y, p.z)),
    ];
    for (k, (id, title, project)) in orthographic.into_iter().enumerate() {
        let mut items = wireframe(&ca, &cb, project);
        let reach = ca.iter().chain(&cb).map(|p| p.length()).fold(0.0, f64::max);
        items.push(Item::Arrow(project(DVec3::ZERO), project(l * reach * 0.9)));
        items.push(Item::Label(project(l * reach * 0.9), axis.name.clone()));
        render(
            &mut svg,
            id,
            title,
            (k as f64 * PANEL, HEADER, PANEL, PANEL),
            &items,
        );
    }
    let along = |p: DVec3| DVec2::new(p.dot(u), p.dot(v));
    render(
        &mut svg,
        "view-along-axis",
        &format!("along {} (looking from A to B)", axis.name),
        (0.0, HEADER + PANEL, PANEL, PANEL),
        &wireframe(&ca, &cb, along),
    );
    let across = |p: DVec3| DVec2::new(p.dot(l), p.dot(v));
    let mut items = wireframe(&ca, &cb, across);
    let (pa, pb) = (ca.map(across), cb.map(across));
    items.extend(intervals(&pa, &pb, DVec2::X, DVec2::Y, &axis.flat()));
    render(
        &mut svg,
        "view-across-axis",
        &format!(
            "across {}: the axis (green) to the right, with both projections on it",
            axis.name
        ),
        (PANEL, HEADER + PANEL, 2.0 * PANEL, PANEL),
        &items,
    );
    svg.push_str("</svg>\n");
    svg
}

impl Axis<DVec3> {
    /// The same axis in the across view's coordinates, where it is the x direction.
    fn flat(&self) -> Axis<DVec2> {
        Axis {
            direction: DVec2::X,
            name: self.name.clone(),
            gap: self.gap,
        }
    }
}

/// An orthographic view: id, title and projection.
type View = (&'static str, &'static str, fn(DVec3) -> DVec2);

/// Two unit vectors perpendicular to `l` and to each other; `v` favours world z (up) and, for
/// an edge-pair axis, the across view then looks along a direction of the separating plane.
fn perpendiculars(l: DVec3) -> (DVec3, DVec3) {
    let up = if l.cross(DVec3::Z).length() > 0.3 {
        DVec3::Z
    } else {
        DVec3::Y
    };
    let v = (up - l * l.dot(up)).normalize();
    (v.cross(l), v)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    A,
    B,
}

impl Who {
    fn class(self) -> &'static str {
        match self {
            Who::A => "a",
            Who::B => "b",
        }
    }
    fn color(self) -> &'static str {
        match self {
            Who::A => COLOR_A,
            Who::B => COLOR_B,
        }
    }
}

/// Something to draw, in view coordinates (y up).
#[derive(Debug, Clone, PartialEq)]
enum Item {
    /// A box's outline (convex hull of its projected corners), filled.
    Shape(Who, Vec<DVec2>),
    /// A box edge.
    Edge(Who, DVec2, DVec2),
    /// The separating axis (a line, or an arrow from the first point).
    Axis(DVec2, DVec2),
    Arrow(DVec2, DVec2),
    /// A projection interval.
    Interval(Who, DVec2, DVec2),
    /// A dashed guide from a corner to its projection.
    Guide(DVec2, DVec2),
    /// The separating line or plane, edge-on.
    Plane(DVec2, DVec2),
    /// Text at a point.
    Label(DVec2, String),
}

impl Item {
    fn points(&self) -> Vec<DVec2> {
        match self {
            Item::Shape(_, p) => p.clone(),
            Item::Edge(_, p, q)
            | Item::Axis(p, q)
            | Item::Arrow(p, q)
            | Item::Interval(_, p, q)
            | Item::Guide(p, q)
            | Item::Plane(p, q) => vec![*p, *q],
            Item::Label(p, _) => vec![*p],
        }
    }
}

fn corners2(s: &Solid<DVec2>) -> [DVec2; 4] {
    let [x, y, _] = s.half_axes;
    [
        s.center - x - y,
        s.center + x - y,
        s.center + x + y,
        s.center - x + y,
    ]
}

/// Corner `k` has signs from the bits of `k` (bit `i` set: `+e_i g_i`).
fn corners3(s: &Solid<DVec3>) -> [DVec3; 8] {
    std::array::from_fn(|k| {
        (0..3).fold(s.center, |p, i| {
            if k >> i & 1 == 1 {
                p + s.half_axes[i]
            } else {
                p - s.half_axes[i]
            }
        })
    })
}

/// Both boxes' outlines and edges under `project`.
fn wireframe(ca: &[DVec3; 8], cb: &[DVec3; 8], project: impl Fn(DVec3) -> DVec2) -> Vec<Item> {
    let mut items = Vec::new();
    for (who, corners) in [(Who::A, ca), (Who::B, cb)] {
        let flat: Vec<DVec2> = corners.iter().map(|&p| project(p)).collect();
        items.push(Item::Shape(who, hull(&flat)));
        for k in 0..8usize {
            for i in 0..3 {
                let j = k | 1 << i;
                if j != k {
                    items.push(Item::Edge(who, flat[k], flat[j]));
                }
            }
        }
    }
    items
}

/// The axis line beside the boxes (offset along `p`), both projection intervals on it, guides
/// from the extreme corners, and the separating line when the gap is not negative.
fn intervals(ca: &[DVec2], cb: &[DVec2], l: DVec2, p: DVec2, axis: &Axis<DVec2>) -> Vec<Item> {
    let along = |c: &DVec2| c.dot(l);
    let range = |cs: &[DVec2]| {
        let lo = cs
            .iter()
            .copied()
            .min_by(|x, y| along(x).total_cmp(&along(y)));
        let hi = cs
            .iter()
            .copied()
            .max_by(|x, y| along(x).total_cmp(&along(y)));
        (lo.unwrap_or_default(), hi.unwrap_or_default())
    };
    let all: Vec<DVec2> = ca.iter().chain(cb).copied().collect();
    let lows = all.iter().map(|c| c.dot(p)).fold(f64::INFINITY, f64::min);
    let highs = all
        .iter()
        .map(|c| c.dot(p))
        .fold(f64::NEG_INFINITY, f64::max);
    let (first, last) = (range(&all).0.dot(l), range(&all).1.dot(l));
    let size = (last - first).max(highs - lows).max(f64::MIN_POSITIVE);
    let base = lows - 0.12 * size;
    let at = |s: f64, h: f64| l * s + p * h;
    let mut items = vec![Item::Axis(
        at(first - 0.08 * size, base),
        at(last + 0.08 * size, base),
    )];
    for (who, corners, lift) in [(Who::A, ca, 0.025), (Who::B, cb, -0.025)] {
        let (lo, hi) = range(corners);
        let h = base + lift * size;
        items.push(Item::Interval(who, at(lo.dot(l), h), at(hi.dot(l), h)));
        items.push(Item::Guide(lo, at(lo.dot(l), h)));
        items.push(Item::Guide(hi, at(hi.dot(l), h)));
    }
    if axis.gap >= 0.0 {
        let (a_hi, b_lo) = (range(ca).1.dot(l), range(cb).0.dot(l));
        let s = 0.5 * (a_hi + b_lo);
        items.push(Item::Plane(
            at(s, base - 0.06 * size),
            at(s, highs + 0.06 * size),
        ));
    }
    items
}

/// Convex hull (counter-clockwise, Andrew's monotone chain); degenerate inputs give the
/// extreme points in order.
fn hull(points: &[DVec2]) -> Vec<DVec2> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let turn = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let mut lower: Vec<DVec2> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && turn(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<DVec2> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && turn(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

fn header(width: f64, height: f64, captions: &Captions) -> String {
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(
        svg,
        r#"<title>{}</title><rect width="100%" height="100%" fill="white"/>"#,
        escape(&captions.title)
    );
    let _ = writeln!(
        svg,
        r#"<text x="12" y="22" font-size="16" font-weight="bold">{}</text><text x="12" y="44">{}</text>"#,
        escape(&captions.title),
        escape(&captions.subtitle)
    );
    svg
}

/// Draws `items` into the pixel rectangle `(x, y, w, h)`, scaled to fit (y flipped).
fn render(
    svg: &mut String,
    id: &str,
    title: &str,
    (x, y, w, h): (f64, f64, f64, f64),
    items: &[Item],
) {
    let points: Vec<DVec2> = items.iter().flat_map(Item::points).collect();
    let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
    for q in &points {
        lo = lo.min(*q);
        hi = hi.max(*q);
    }
    let span = (hi - lo).max(DVec2::splat(f64::MIN_POSITIVE));
    let (margin, top) = (24.0, 26.0);
    let scale = ((w - 2.0 * margin) / span.x).min((h - top - margin) / span.y);
    let middle = (lo + hi) * 0.5;
    let center = DVec2::new(x + w / 2.0, y + top + (h - top - margin) / 2.0);
    let px = |q: DVec2| {
        let d = (q - middle) * scale;
        DVec2::new(center.x + d.x, center.y - d.y)
    };
    let _ = writeln!(svg, r#"<g id="{id}" class="view">"#);
    let _ = writeln!(
        svg,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#ccc"/><text x="{:.1}" y="{:.1}">{}</text>"##,
        x + 2.0,
        y + 2.0,
        w - 4.0,
        h - 4.0,
        x + 10.0,
        y + 20.0,
        escape(title)
    );
    for item in items {
        draw(svg, item, &px);
    }
    for item in items {
        if let Item::Shape(who, outline) = item {
            let pts: Vec<DVec2> = outline.iter().map(|&q| px(q)).collect();
            let size = pts
                .iter()
                .flat_map(|p| pts.iter().map(move |q| p.distance(*q)))
                .fold(0.0, f64::max);
            if size < 4.0 {
                let c = pts.iter().copied().sum::<DVec2>() / pts.len().max(1) as f64;
                let _ = writeln!(
                    svg,
                    r#"<circle class="marker-{}" cx="{:.2}" cy="{:.2}" r="7" fill="none" stroke="{}" stroke-width="1.5"/>"#,
                    who.class(),
                    c.x,
                    c.y,
                    who.color()
                );
            }
        }
    }
    svg.push_str("</g>\n");
}

fn line(svg: &mut String, class: &str, p: DVec2, q: DVec2, style: &str) {
    let _ = writeln!(
        svg,
        r#"<line class="{class}" x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" {style}/>"#,
        p.x, p.y, q.x, q.y
    );
}

fn draw(svg: &mut String, item: &Item, px: &impl Fn(DVec2) -> DVec2) {
    match item {
        Item::Shape(who, outline) => {
            let points: Vec<String> = outline
                .iter()
                .map(|&q| {
                    let p = px(q);
                    format!("{:.2},{:.2}", p.x, p.y)
                })
                .collect();
            let _ = writeln!(
                svg,
                r#"<polygon class="box-{}" points="{}" fill="{}" fill-opacity="0.22" stroke="{}" stroke-width="1.5"/>"#,
                who.class(),
                points.join(" "),
                who.color(),
                who.color()
            );
        }
        Item::Edge(who, p, q) => line(
            svg,
            &format!("edge-{}", who.class()),
            px(*p),
            px(*q),
            &format!(r#"stroke="{}" stroke-width="0.8""#, who.color()),
        ),
        Item::Axis(p, q) => line(
            svg,
            "axis",
            px(*p),
            px(*q),
            &format!(r#"stroke="{COLOR_AXIS}" stroke-width="1.5""#),
        ),
        Item::Arrow(p, q) => {
            let (p, q) = (px(*p), px(*q));
            line(
                svg,
                "axis",
                p,
                q,
                &format!(r#"stroke="{COLOR_AXIS}" stroke-width="2""#),
            );
            let d = (q - p).normalize_or_zero() * 9.0;
            for side in [1.0, -1.0] {
                let tip = q - d + d.perp() * 0.5 * side;
                line(
                    svg,
                    "arrowhead",
                    q,
                    tip,
                    &format!(r#"stroke="{COLOR_AXIS}" stroke-width="2""#),
                );
            }
        }
        Item::Interval(who, p, q) => line(
            svg,
            &format!("interval-{}", who.class()),
            px(*p),
            px(*q),
            &format!(
                r#"stroke="{}" stroke-width="5" stroke-opacity="0.8""#,
                who.color()
            ),
        ),
        Item::Guide(p, q) => line(svg, "guide", px(*p), px(*q), GUIDE_STYLE),
        Item::Plane(p, q) => line(svg, "separating-plane", px(*p), px(*q), PLANE_STYLE),
        Item::Label(p, text) => {
            let p = px(*p);
            let _ = writeln!(
                svg,
                r#"<text class="label" x="{:.2}" y="{:.2}" text-anchor="end" fill="{COLOR_AXIS}">{}</text>"#,
                p.x,
                p.y + 16.0,
                escape(text)
            );
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
