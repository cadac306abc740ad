//! The 3D part of `contact()` in f64 (the steps are `fallback.rs`): the 15 candidate axes
//! (3 + 3 face normals, 9 edge cross products, each normalised), the rotation from the pose's
//! quaternion, and the 12 × 12 edge pairs beside the corners. Edge axes shorter than `1e-8`
//! (edges parallel within `1e-8` rad) are skipped: their f64 direction errs by `1e-16/|ℓ|`, and
//! the sliver facet they stand for is at most `|ℓ|·S` wide, so either way the error is below
//! `0.1·ε·S`.

use glam::{DMat3, DVec3};

use super::fallback::WideBox;
use super::rapier::math::Pose;
use crate::precision::Wide;

pub(super) type DVec = DVec3;
pub(super) type DMat = DMat3;
pub(super) const DIM: usize = 3;

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

#[cfg(test)]
mod tests {
    use super::super::fallback::contact;
    use super::super::rapier::math::{Real, Rotation, Vector};
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

    /// The Voronoi-region shortcut of `closest` finds the distance the brute force finds, on
    /// boxes apart across an edge or a corner (and at random).
    #[test]
    #[allow(clippy::unnecessary_cast)] // `as Real`: f32 or f64, whichever the flavour's is
    fn closest_by_region_is_the_brute_force_distance() {
        use super::super::fallback::{closest, every_pair, wide_boxes};
        let mut state = 0x5eed_u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let (mut by_region, mut pairs) = (0, 0);
        for _ in 0..20_000 {
            let he = |next: &mut dyn FnMut() -> f64| {
                Vector::new(
                    (0.05 + next()) as Real,
                    (0.05 + next()) as Real,
                    (0.05 + next()) as Real,
                )
            };
            let (he1, he2) = (he(&mut next), he(&mut next));
            let t = Vector::new(
                (4.0 * next() - 2.0) as Real,
                (4.0 * next() - 2.0) as Real,
                (4.0 * next() - 2.0) as Real,
            );
            let axis = Vector::new(next() as Real, next() as Real, next() as Real - 0.5);
            let turn = if next() < 0.3 { 0.0 } else { 6.0 * next() };
            let q = Rotation::from_axis_angle(axis.normalize(), turn as Real);
            let (a, b) = wide_boxes(&Pose::from_parts(t, q), he1, he2).unwrap();
            if super::super::fallback::margin(&a, &b).0 <= 1e-9 {
                continue; // `closest` is for boxes apart
            }
            pairs += 1;
            let (p, q) = closest(&a, &b);
            let (p0, q0) = every_pair(&a, &b);
            let (d, d0) = ((q - p).length(), (q0 - p0).length());
            assert!(
                (d - d0).abs() <= 1e-12,
                "{d} vs {d0} ({t:?}, {he1:?}, {he2:?})"
            );
            by_region +=
                usize::from(a.region_holding(&b).is_some() || b.region_holding(&a).is_some());
        }
        assert!(by_region > pairs / 4, "{by_region} of {pairs} by a region");
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
