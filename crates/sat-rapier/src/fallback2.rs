//! `contact()` in f64 for the rectangle pairs whose clipped points do not certify themselves
//! (closest features that are two corners, a deep lopsided overlap); the 2D counterpart of
//! `fallback3`, with the same three steps: the margin over the four face normals (minus the
//! penetration depth when non-positive); closest points of separated rectangles (every corner of
//! each against the other rectangle: in 2D a distance is always carried by a corner); for
//! touching or penetrating pairs the margin, its axis and the closest points of the supporting
//! features along it.

use glam::{DMat2, DVec2};

use super::rapier::math::{Pose, Real, Vector};
use crate::precision::{Precision, Wide};

/// See `fallback3::TOUCH`.
const TOUCH: f64 = Real::TOUCH;

/// See `fallback3::SPAN`.
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

/// An oriented rectangle in the first one's frame (f64): centre, axes as columns, half-extents.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideBox {
    pub c: DVec2,
    pub r: DMat2,
    pub h: DVec2,
}

/// The contact of two rectangles, or `None` beyond `prediction` or for a pose that is not
/// finite.
pub(crate) fn contact(pos12: &Pose, he1: Vector, he2: Vector, prediction: Real) -> Option<Answer> {
    let t = pos12.translation.wide();
    let x = DVec2::new(pos12.rotation.re.wide(), pos12.rotation.im.wide());
    let x = x / x.length();
    let r = DMat2::from_cols(x, x.perp());
    let a = WideBox {
        c: DVec2::ZERO,
        r: DMat2::IDENTITY,
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
        return None;
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

fn margin(a: &WideBox, b: &WideBox) -> (f64, DVec2) {
    let mut best = (f64::NEG_INFINITY, DVec2::X);
    for l in [a.r.x_axis, a.r.y_axis, b.r.x_axis, b.r.y_axis] {
        let gap = (b.c - a.c).dot(l).abs() - a.radius(l) - b.radius(l);
        if gap > best.0 {
            let along = (b.c - a.c).dot(l);
            best = (gap, if along < 0.0 { -l } else { l });
        }
    }
    best
}

impl WideBox {
    fn radius(&self, l: DVec2) -> f64 {
        self.h.dot((self.r.transpose() * l).abs())
    }

    fn support(&self, l: DVec2) -> WideBox {
        let m = self.r.transpose() * l;
        let (mut offset, mut h) = (DVec2::ZERO, self.h);
        for k in 0..2 {
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

    fn clamp(&self, p: DVec2) -> DVec2 {
        let local = (self.r.transpose() * (p - self.c)).clamp(-self.h, self.h);
        self.c + self.r * local
    }

    fn corner(&self, k: usize) -> DVec2 {
        let s = DVec2::new(
            if k & 1 == 0 { 1.0 } else { -1.0 },
            if k & 2 == 0 { 1.0 } else { -1.0 },
        );
        self.c + self.r * (s * self.h)
    }
}

/// Closest points `(on a, on b)` of two disjoint rectangles (degenerate ones included).
pub(crate) fn closest(a: &WideBox, b: &WideBox) -> (DVec2, DVec2) {
    let mut best = (f64::INFINITY, a.c, b.c);
    let mut keep = |p: DVec2, q: DVec2| {
        let d = (q - p).length_squared();
        if d < best.0 {
            best = (d, p, q);
        }
    };
    for k in 0..4 {
        let v = b.corner(k);
        keep(a.clamp(v), v);
        let w = a.corner(k);
        keep(w, b.clamp(w));
    }
    (best.1, best.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_to_corner_is_the_diagonal_distance() {
        let he = Vector::splat(0.5);
        let d = Vector::ONE.normalize();
        let gap = 0.01;
        // B turned 45°: its corner (0.5, 0.5) points along (0, 1); turned by 225° it points at −d.
        let angle = Real::to_radians(225.0) - Real::to_radians(45.0);
        let t = d * (Real::sqrt(2.0) / 2.0 + Real::sqrt(2.0) / 2.0 + gap);
        let c = contact(&Pose::new(t, angle), he, he, 0.1).unwrap();
        assert!((c.dist - gap).abs() < 1e-6, "{c:?}");
        assert!((c.normal1 - d).length() < 1e-4, "{c:?}"); // f32 π is not π
    }
}
