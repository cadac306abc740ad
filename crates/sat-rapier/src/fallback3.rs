//! `contact()` in f64 for the box pairs whose clipped points do not certify themselves (closest
//! features that are two corners, a corner and an edge, a deep lopsided overlap): the answer
//! sat-core's clipping cannot prove, computed here instead of being handed to GJK/EPA.
//!
//! Everything is in the first box's frame, with the pose's rotation normalised in f64 (the
//! rotation the pose names, within f64 rounding), so the only error that matters is the final
//! rounding to f32 (none in the f64 flavour, whose bound [`TOUCH`] sets instead):
//!
//! 1. **Margin.** The largest signed gap over the 15 candidate axes, each normalised. For boxes
//!    (convex polytopes whose Minkowski difference has its facet normals among those axes) a
//!    non-positive margin is exactly minus the penetration depth, and a positive one is a lower
//!    bound of the distance. Edge axes shorter than `1e-8` (edges parallel within `1e-8` rad) are
//!    skipped: their f64 direction errs by `1e-16/|ℓ|`, and the sliver facet they stand for is
//!    at most `|ℓ|·S` wide, so either way the error is below `0.1·ε·S`.
//! 2. **Separated** (margin above [`TOUCH`]`·S`): the closest points, the minimum over the
//!    feature pairs that can carry a distance between convex polytopes — each corner of one box
//!    against the other box (a clamp in that box's frame) and the 12 × 12 edge pairs (segment
//!    closest points). The normal is their direction, so the gap along it equals the distance.
//! 3. **Penetrating or touching**: `dist` is the margin, the normal its axis (from the first box
//!    towards the second), and the witness points the closest points of the two boxes'
//!    supporting features along it (a face, an edge or a corner of each, found as degenerate
//!    boxes and run through the same closest-point routine): on both surfaces, `dist·n` apart
//!    whenever the features face each other.

use glam::{DMat3, DVec3};

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
    pub c: DVec3,
    pub r: DMat3,
    pub h: DVec3,
}

/// The contact of two cuboids (half-extents `he1`, `he2`, `pos12` placing the second in the
/// first's frame), or `None` beyond `prediction` or for a pose that is not finite.
pub(crate) fn contact(pos12: &Pose, he1: Vector, he2: Vector, prediction: Real) -> Option<Answer> {
    let t = pos12.translation.wide();
    let r = DMat3::from_quat(pos12.rotation.wide().normalize());
    let a = WideBox {
        c: DVec3::ZERO,
        r: DMat3::IDENTITY,
        h: he1.wide(),
    };
    let b = WideBox {
        c: t,
        r,
        h: he2.wide(),
    };
    if !(t.is_finite() && r.is_finite() && a.h.is_finite() && b.h.is_finite()) {
        return None;
    }
    let scale = t.length() + a.h.length() + b.h.length();
    let (margin, axis) = margin(&a, &b);
    if margin > prediction.wide() {
        return None; // a lower bound of the distance
    }
    let (p1, p2, dist, n) = if margin > TOUCH * scale {
        let (p1, p2) = closest(&a, &b);
        let d = (p2 - p1).length();
        (p1, p2, d, (p2 - p1) / d)
    } else {
        let (p1, p2) = closest(&a.support(axis), &b.support(-axis));
        (p1, p2, margin, axis)
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

/// The largest normalised gap over the candidate axes of `a` (axis-aligned at the origin) and
/// `b`, and its unit axis pointing from `a` towards `b`.
fn margin(a: &WideBox, b: &WideBox) -> (f64, DVec3) {
    let mut best = (f64::NEG_INFINITY, DVec3::X);
    let mut consider = |l: DVec3| {
        let len2 = l.length_squared();
        if len2 < 1e-16 {
            return;
        }
        let l = l / len2.sqrt();
        let gap = gap(a, b, l);
        if gap > best.0 {
            let along = (b.c - a.c).dot(l);
            best = (gap, if along < 0.0 { -l } else { l });
        }
    };
    for i in 0..3 {
        consider(a.r.col(i));
    }
    for j in 0..3 {
        consider(b.r.col(j));
    }
    for i in 0..3 {
        for k in 0..3 {
            consider(a.r.col(i).cross(b.r.col(k)));
        }
    }
    best
}

/// The signed gap of the two boxes along the unit direction `l`.
fn gap(a: &WideBox, b: &WideBox, l: DVec3) -> f64 {
    (b.c - a.c).dot(l).abs() - a.radius(l) - b.radius(l)
}

impl WideBox {
    /// Half the box's width along the unit direction `l`.
    fn radius(&self, l: DVec3) -> f64 {
        self.h.dot((self.r.transpose() * l).abs())
    }

    /// The box's supporting feature along `l` (a face, an edge or a corner), as a degenerate box.
    fn support(&self, l: DVec3) -> WideBox {
        let m = self.r.transpose() * l;
        let (mut offset, mut h) = (DVec3::ZERO, self.h);
        for k in 0..3 {
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
    fn clamp(&self, p: DVec3) -> DVec3 {
        let local = (self.r.transpose() * (p - self.c)).clamp(-self.h, self.h);
        self.c + self.r * local
    }

    fn corner(&self, k: usize) -> DVec3 {
        let s = DVec3::new(
            if k & 1 == 0 { 1.0 } else { -1.0 },
            if k & 2 == 0 { 1.0 } else { -1.0 },
            if k & 4 == 0 { 1.0 } else { -1.0 },
        );
        self.c + self.r * (s * self.h)
    }

    /// Edge `k` (`0..12`): along axis `k / 4`, at the signs `k % 4` of the two other axes; as its
    /// midpoint, unit direction and half-length.
    fn edge(&self, k: usize) -> (DVec3, DVec3, f64) {
        let i = k / 4;
        let (u, v) = ((i + 1) % 3, (i + 2) % 3);
        let mut s = DVec3::ZERO;
        s[u] = if k & 1 == 0 { 1.0 } else { -1.0 };
        s[v] = if k & 2 == 0 { 1.0 } else { -1.0 };
        (self.c + self.r * (s * self.h), self.r.col(i), self.h[i])
    }
}

/// Closest points `(on a, on b)` of two disjoint boxes (degenerate ones included): the nearest
/// of every corner of each against the other box and of every edge pair.
pub(crate) fn closest(a: &WideBox, b: &WideBox) -> (DVec3, DVec3) {
    let mut best = (f64::INFINITY, a.c, b.c);
    let mut keep = |p: DVec3, q: DVec3| {
        let d = (q - p).length_squared();
        if d < best.0 {
            best = (d, p, q);
        }
    };
    for k in 0..8 {
        let v = b.corner(k);
        keep(a.clamp(v), v);
        let w = a.corner(k);
        keep(w, b.clamp(w));
    }
    for i in 0..12 {
        let (c1, d1, h1) = a.edge(i);
        for k in 0..12 {
            let (c2, d2, h2) = b.edge(k);
            let (s, u) = segments(c1, d1, h1, c2, d2, h2);
            keep(c1 + d1 * s, c2 + d2 * u);
        }
    }
    (best.1, best.2)
}

/// Parameters `(s, u)` of the closest points of the segments `c1 + s·d1`, `|s| ≤ h1` and
/// `c2 + u·d2`, `|u| ≤ h2` (unit directions; Ericson 5.1.9). Parallel segments take the `s`
/// nearest to the other's midpoint first.
fn segments(c1: DVec3, d1: DVec3, h1: f64, c2: DVec3, d2: DVec3, h2: f64) -> (f64, f64) {
    let r = c1 - c2;
    let (b, c, f) = (d1.dot(d2), d1.dot(r), d2.dot(r));
    let denom = 1.0 - b * b;
    let s = if denom > 1e-12 {
        ((b * f - c) / denom).clamp(-h1, h1)
    } else {
        (-c).clamp(-h1, h1)
    };
    let u = (b * s + f).clamp(-h2, h2);
    let s = (b * u - c).clamp(-h1, h1);
    (s, u)
}

#[cfg(test)]
mod tests {
    use super::super::rapier::math::Rotation;
    use super::*;

    #[test]
    fn corner_to_corner_is_the_diagonal_distance() {
        // B turned so that one of its corners points at A's corner (1, 1, 1)/2 across the diagonal.
        let he = Vector::splat(0.5);
        let q = Rotation::from_rotation_arc(Vector::ONE.normalize(), -Vector::ONE.normalize());
        let gap = 0.01;
        let t = Vector::ONE.normalize() * (Real::sqrt(3.0) + gap);
        let c = contact(&Pose::from_parts(t, q), he, he, 0.1).unwrap();
        assert!((c.dist - gap).abs() < 1e-6, "{c:?}");
        assert!(
            (c.normal1 - Vector::ONE.normalize()).length() < 1e-5,
            "{c:?}"
        );
        assert!((c.p1 - he).length() < 1e-5, "{c:?}");
        assert!(contact(&Pose::from_parts(t, q), he, he, 0.005).is_none());
    }

    #[test]
    fn lopsided_overlap_has_points_on_both_boxes() {
        let he1 = Vector::new(0.5, 0.5, 0.5);
        let he2 = Vector::new(2.0, 0.1, 0.1);
        let pos12 = Pose::from_parts(Vector::new(2.3, 0.55, 0.0), Rotation::from_rotation_z(0.2));
        let c = contact(&pos12, he1, he2, 0.0).unwrap();
        assert!(c.dist < 0.0);
        let off = |h: Vector, p: Vector| (p.abs() - h).max_element().abs();
        assert!(off(he1, c.p1) < 1e-6 && off(he2, c.p2) < 1e-6, "{c:?}");
    }
}
