//! The fallback contact's steps, the same in both dimensions: `contact()` in f64 for the box
//! pairs whose clipped points do not certify themselves (closest features that are two corners,
//! a corner and an edge, a deep lopsided overlap): the answer sat-core's clipping cannot prove,
//! computed here instead of being handed to GJK/EPA. Compiled in every flavour over its
//! dimension's part (`fallback_dim`: `fallback2.rs` or `fallback3.rs`): the f64 vector and matrix
//! (`DVec`, `DMat`, `DIM` axes), the candidate axes (`candidate_axes`), the pose's rotation as a
//! matrix (`rotation`) and the feature pairs beyond corners (`edges`).
//!
//! Everything is in the first box's frame, with the pose's rotation normalised in f64 (the
//! rotation the pose names, within f64 rounding), so the only error that matters is the final
//! rounding to f32 (none in the f64 flavour, whose bound [`TOUCH`] sets instead):
//!
//! 1. **Margin.** The largest signed gap over the candidate axes, each normalised. For boxes
//!    (convex polytopes whose Minkowski difference has its facet normals among those axes) a
//!    non-positive margin is exactly minus the penetration depth, and a positive one is a lower
//!    bound of the distance.
//! 2. **Separated** (margin above [`TOUCH`]`·S`): the closest points, the minimum over the
//!    feature pairs that can carry a distance between convex polytopes — each corner of one box
//!    against the other box (a clamp in that box's frame) and, in 3D, the 12 × 12 edge pairs
//!    (segment closest points). The normal is their direction, so the gap along it equals the
//!    distance.
//! 3. **Penetrating or touching**: `dist` is the margin, the normal its axis (from the first box
//!    towards the second), and the witness points the closest points of the two boxes'
//!    supporting features along it (a face, an edge or a corner of each, found as degenerate
//!    boxes and run through the same closest-point routine): on both surfaces, `dist·n` apart
//!    whenever the features face each other.

use super::fallback_dim::{DIM, DMat, DVec, candidate_axes, edges, rotation, segment_edges};
use super::rapier::math::{Pose, Real, Vector};
use crate::precision::{Precision, Wide};

/// Below this margin (relative to `S`), the pair is answered as touching (step 3): the direction
/// of two closest points `d` apart errs by `1e-16·S/d` in f64, which must stay far below `ε`.
/// In the f32 flavour `1e-7·S`, about one `ε·S`, and the answer's `dist` (the margin) is then
/// within `2·ε·S` of the distance anyway; in the f64 flavour `√ε·S` (`Precision::TOUCH`, see
/// [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64)).
const TOUCH: f64 = Real::TOUCH;

/// Components of a direction below this (in a box's frame) count as zero when its supporting
/// feature is taken: the feature is then a face or edge rather than a corner picked by the sign
/// of rounding noise. A feature point is at most `2·SPAN·|e|` off the supporting plane.
const SPAN: f64 = 4.0 * Real::EPS;

/// A contact computed in f64: points on the first box (its frame) and the second (its frame),
/// normals in each frame (first towards second), signed distance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Answer {
    pub p1: Vector,
    pub p2: Vector,
    pub normal1: Vector,
    pub normal2: Vector,
    pub dist: Real,
}

/// An oriented box in the first box's frame (f64): centre, axes as columns, half-extents.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideBox {
    pub c: DVec,
    pub r: DMat,
    pub h: DVec,
}

/// The contact of two boxes (half-extents `he1`, `he2`, `pos12` placing the second in the
/// first's frame), or `None` beyond `prediction` or for a pose that is not finite.
pub(crate) fn contact(pos12: &Pose, he1: Vector, he2: Vector, prediction: Real) -> Option<Answer> {
    let (a, b) = wide_boxes(pos12, he1, he2)?;
    let (t, r) = (b.c, b.r);
    let scale = t.length() + a.h.length() + b.h.length();
    let (margin, axis) = margin(&a, &b);
    if margin > prediction.wide() {
        return None; // a lower bound of the distance
    }
    let (p1, p2) = witnesses(&a, &b, (margin, axis), scale);
    let (dist, n) = if margin > TOUCH * scale {
        let d = (p2 - p1).length();
        (d, (p2 - p1) / d)
    } else {
        (margin, axis)
    };
    if dist > prediction.wide() || !n.is_finite() {
        return None;
    }
    Some(Answer {
        p1: Vector::narrow(p1),
        p2: Vector::narrow(r.transpose() * (p2 - t)),
        normal1: Vector::narrow(n),
        normal2: Vector::narrow(-(r.transpose() * n)),
        dist: Real::narrow(dist),
    })
}

/// The two boxes of a pair in f64, in the first box's frame (the first at the origin, the second
/// at the pose's translation turned by its rotation normalised in f64), or `None` for a pose or
/// half-extents that are not finite.
pub(crate) fn wide_boxes(pos12: &Pose, he1: Vector, he2: Vector) -> Option<(WideBox, WideBox)> {
    let t = pos12.translation.wide();
    let r = rotation(pos12);
    let a = WideBox {
        c: DVec::ZERO,
        r: DMat::IDENTITY,
        h: he1.wide(),
    };
    let b = WideBox {
        c: t,
        r,
        h: he2.wide(),
    };
    (t.is_finite() && r.is_finite() && a.h.is_finite() && b.h.is_finite()).then_some((a, b))
}

/// The witness points of the pair `(a, b)` whose [`margin`] is `(margin, axis)` and scale `S`:
/// the closest points of the boxes when the margin is above [`TOUCH`]`·S` (steps 2), else the
/// closest points of their supporting features along the axis (step 3), within `TOUCH·S` of
/// each other when the boxes touch.
pub(crate) fn witnesses(
    a: &WideBox,
    b: &WideBox,
    (margin, axis): (f64, DVec),
    scale: f64,
) -> (DVec, DVec) {
    if margin > TOUCH * scale {
        closest(a, b)
    } else {
        closest(&a.support(axis), &b.support(-axis))
    }
}

/// The largest signed gap over the candidate axes of `a` (axis-aligned at the origin) and `b`,
/// and its unit axis pointing from `a` towards `b`.
pub(crate) fn margin(a: &WideBox, b: &WideBox) -> (f64, DVec) {
    let mut best = (f64::NEG_INFINITY, DVec::X);
    candidate_axes(a, b, |l| {
        let gap = (b.c - a.c).dot(l).abs() - a.radius(l) - b.radius(l);
        if gap > best.0 {
            let along = (b.c - a.c).dot(l);
            best = (gap, if along < 0.0 { -l } else { l });
        }
    });
    best
}

impl WideBox {
    /// The box shrunk by `r` on every side (half-extents `max(h − r, 0)`): its core.
    pub(crate) fn core(&self, r: f64) -> WideBox {
        WideBox {
            h: (self.h - r).max(DVec::ZERO),
            ..*self
        }
    }

    /// Half the box's width along the unit direction `l`.
    fn radius(&self, l: DVec) -> f64 {
        self.h.dot((self.r.transpose() * l).abs())
    }

    /// The edge or corner of this box whose Voronoi region holds all of `other` (`other` lies
    /// beyond the face planes of two axes, or of every axis, judged in f64 on both boxes'
    /// projections), as a degenerate box; `None` when `other` is not beyond at least two face
    /// planes (or, in 2D, both).
    pub(crate) fn region_holding(&self, other: &WideBox) -> Option<WideBox> {
        let d = self.r.transpose() * (other.c - self.c);
        let m = self.r.transpose() * other.r; // the other box's axes in this box's frame
        let (mut offset, mut h, mut beyond) = (DVec::ZERO, self.h, 0);
        for k in 0..DIM {
            let radius = m.row(k).abs().dot(other.h);
            let side = if d[k] - radius >= self.h[k] {
                1.0
            } else if d[k] + radius <= -self.h[k] {
                -1.0
            } else {
                continue;
            };
            offset[k] = side * self.h[k];
            h[k] = 0.0;
            beyond += 1;
        }
        (beyond >= 2).then(|| WideBox {
            c: self.c + self.r * offset,
            r: self.r,
            h,
        })
    }

    /// The box's supporting feature along `l` (a face, an edge or a corner), as a degenerate box.
    fn support(&self, l: DVec) -> WideBox {
        let m = self.r.transpose() * l;
        let (mut offset, mut h) = (DVec::ZERO, self.h);
        for k in 0..DIM {
            if m[k].abs() > SPAN {
                offset[k] = m[k].signum() * self.h[k];
                h[k] = 0.0;
            }
        }
        WideBox {
            c: self.c + self.r * offset,
            r: self.r,
            h,
        }
    }

    /// The point of the box closest to `p`.
    fn clamp(&self, p: DVec) -> DVec {
        let local = (self.r.transpose() * (p - self.c)).clamp(-self.h, self.h);
        self.c + self.r * local
    }

    /// Corner `k` (`0..2^DIM`): bit `i` of `k` set is the negative side of axis `i`.
    fn corner(&self, k: usize) -> DVec {
        let s = DVec::from_array(std::array::from_fn(|i| {
            if k >> i & 1 == 0 { 1.0 } else { -1.0 }
        }));
        self.c + self.r * (s * self.h)
    }
}

/// Closest points `(on a, on b)` of two disjoint boxes (degenerate ones included): the nearest
/// of every corner of each against the other box and of the dimension's other feature pairs
/// (`edges`). When one box lies beyond two (or, in 3D, three) face planes of the other, every
/// point of it is closest to that other box's edge or corner (its Voronoi region), so only that
/// feature is matched against the box (`along`: its ends, and in 3D the box's edges against it).
pub(crate) fn closest(a: &WideBox, b: &WideBox) -> (DVec, DVec) {
    if let Some(feature) = a.region_holding(b) {
        return along(&feature, b);
    }
    if let Some(feature) = b.region_holding(a) {
        let (q, p) = along(&feature, a);
        return (p, q);
    }
    every_pair(a, b)
}

/// [`closest`] without the Voronoi regions: every corner of each box against the other box and
/// the dimension's other feature pairs.
pub(crate) fn every_pair(a: &WideBox, b: &WideBox) -> (DVec, DVec) {
    let mut best = Nearest::new(a.c, b.c);
    for k in 0..1 << DIM {
        let v = b.corner(k);
        best.keep(a.clamp(v), v);
        let w = a.corner(k);
        best.keep(w, b.clamp(w));
    }
    edges(a, b, |p, q| best.keep(p, q));
    (best.p, best.q)
}

/// The nearest pair of points offered so far.
struct Nearest {
    squared: f64,
    p: DVec,
    q: DVec,
}

impl Nearest {
    fn new(p: DVec, q: DVec) -> Nearest {
        Nearest {
            squared: f64::INFINITY,
            p,
            q,
        }
    }

    fn keep(&mut self, p: DVec, q: DVec) {
        let d = (q - p).length_squared();
        if d < self.squared {
            *self = Nearest { squared: d, p, q };
        }
    }
}

/// Closest points `(on f, on b)` of an edge or corner `f` of a box (a box with at most one
/// non-zero half-extent) and the box `b`: `f`'s ends against `b`, `b`'s corners against `f`, and
/// the dimension's edges of `b` against `f` (`segment_edges`).
fn along(f: &WideBox, b: &WideBox) -> (DVec, DVec) {
    let mut best = Nearest::new(f.c, b.c);
    let axis = (0..DIM).find(|&k| f.h[k] > 0.0);
    let (dir, half) = axis.map_or((DVec::ZERO, 0.0), |k| (f.r.col(k), f.h[k]));
    for end in [f.c + dir * half, f.c - dir * half] {
        best.keep(end, b.clamp(end));
    }
    for k in 0..1 << DIM {
        let w = b.corner(k);
        best.keep(f.clamp(w), w);
    }
    segment_edges((f.c, dir, half), b, |p, q| best.keep(p, q));
    (best.p, best.q)
}
