//! [`WideBox`], an oriented box in f64 in the first box's frame, and what the fallback contact
//! (`fallback.rs`) asks of a box in both dimensions: its core, its width along a direction, the
//! feature whose Voronoi region holds another box, its supporting feature, the point closest to
//! a point, its corners.

use rapier::math::Real;

use crate::flavour::{DIM, DMat, DVec};
use crate::precision::Precision;

/// Components of a direction below this (in a box's frame) count as zero when its supporting
/// feature is taken: the feature is then a face or edge rather than a corner picked by the sign
/// of rounding noise. A feature point is at most `2·SPAN·|e|` off the supporting plane.
const SPAN: f64 = 4.0 * Real::EPS;

/// An oriented box in the first box's frame (f64): centre, axes as columns, half-extents.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideBox {
    pub c: DVec,
    pub r: DMat,
    pub h: DVec,
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
    pub(crate) fn radius(&self, l: DVec) -> f64 {
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
    pub(crate) fn support(&self, l: DVec) -> WideBox {
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
    pub(crate) fn clamp(&self, p: DVec) -> DVec {
        let local = (self.r.transpose() * (p - self.c)).clamp(-self.h, self.h);
        self.c + self.r * local
    }

    /// Corner `k` (`0..2^DIM`): bit `i` of `k` set is the negative side of axis `i`.
    pub(crate) fn corner(&self, k: usize) -> DVec {
        let s = DVec::from_array(std::array::from_fn(|i| {
            if k >> i & 1 == 0 { 1.0 } else { -1.0 }
        }));
        self.c + self.r * (s * self.h)
    }
}
