//! The 3D part of `contact()` in f64 (the steps are `fallback.rs`): the 15 candidate axes
//! (3 + 3 face normals, 9 edge cross products, each normalised), the rotation from the pose's
//! quaternion, and the 12 × 12 edge pairs beside the corners. Edge axes shorter than `1e-8`
//! (edges parallel within `1e-8` rad) are skipped: their f64 direction errs by `1e-16/|ℓ|`, and
//! the sliver facet they stand for is at most `|ℓ|·S` wide, so either way the error is below
//! `0.1·ε·S`.

use glam::{DMat3, DVec3};

use rapier::math::Pose;

use crate::precision::Wide;
use crate::wide_box::WideBox;

/// The pose's rotation, normalised and turned into a matrix in f64.
pub(super) fn rotation(pos12: &Pose) -> DMat3 {
    DMat3::from_quat(pos12.rotation.wide().normalize())
}

/// Hands `consider` the candidate axes of `a` and `b`, normalised: their face normals and the
/// cross products of their edges (those shorter than `1e-8` skipped).
pub(super) fn candidate_axes(a: &WideBox, b: &WideBox, mut consider: impl FnMut(DVec3)) {
    let mut normalised = |l: DVec3| {
        let len2 = l.length_squared();
        if len2 < 1e-16 {
            return;
        }
        consider(l / len2.sqrt());
    };
    for i in 0..3 {
        normalised(a.r.col(i));
    }
    for j in 0..3 {
        normalised(b.r.col(j));
    }
    for i in 0..3 {
        for k in 0..3 {
            normalised(a.r.col(i).cross(b.r.col(k)));
        }
    }
}

impl WideBox {
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

/// Hands `keep` the closest points of every pair of edges of `a` and `b`.
pub(super) fn edges(a: &WideBox, b: &WideBox, mut keep: impl FnMut(DVec3, DVec3)) {
    for i in 0..12 {
        let (c1, d1, h1) = a.edge(i);
        for k in 0..12 {
            let (c2, d2, h2) = b.edge(k);
            let (s, u) = segments(c1, d1, h1, c2, d2, h2);
            keep(c1 + d1 * s, c2 + d2 * u);
        }
    }
}

/// Hands `keep` the closest points of the segment `c + s·d`, `|s| ≤ h` (a unit `d`, or zero for
/// a point) and every edge of `b`.
pub(super) fn segment_edges(
    (c, d, h): (DVec3, DVec3, f64),
    b: &WideBox,
    mut keep: impl FnMut(DVec3, DVec3),
) {
    for k in 0..12 {
        let (c2, d2, h2) = b.edge(k);
        let (s, u) = segments(c, d, h, c2, d2, h2);
        keep(c + d * s, c2 + d2 * u);
    }
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
