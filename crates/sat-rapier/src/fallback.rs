//! The fallback contact's steps, the same in both dimensions: `contact()` in f64 for the box
//! pairs whose clipped points do not certify themselves (closest features that are two corners,
//! a corner and an edge, a deep lopsided overlap): the answer sat-core's clipping cannot prove,
//! computed here instead of being handed to GJK/EPA. Compiled in every flavour over its
//! dimension's part (`fallback_dim`: `fallback2.rs` or `fallback3.rs`): the candidate axes
//! (`candidate_axes`), the pose's rotation as a matrix (`rotation`) and the feature pairs beyond
//! corners (`edges`), on the boxes in f64 of `wide_box.rs` (the dimension's `DVec`, `DMat` and
//! `DIM` axes are `flavour.rs`'s).
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

use rapier::math::{Pose, Real, Vector};

use crate::fallback_dim::{candidate_axes, edges, rotation, segment_edges};
use crate::flavour::{DIM, DMat, DVec};
use crate::precision::{Precision, Wide};
use crate::wide_box::WideBox;

/// Below this margin (relative to `S`), the pair is answered as touching (step 3): the direction
/// of two closest points `d` apart errs by `1e-16·S/d` in f64, which must stay far below `ε`.
/// In the f32 flavour `1e-7·S`, about one `ε·S`, and the answer's `dist` (the margin) is then
/// within `2·ε·S` of the distance anyway; in the f64 flavour `√ε·S` (`Precision::TOUCH`, see
/// [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64)).
const TOUCH: f64 = Real::TOUCH;

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

#[cfg(all(test, feature = "dim2"))]
mod tests {
    use rapier::math::{Pose, Real, Vector};

    use super::contact;

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

#[cfg(all(test, feature = "dim3"))]
mod tests {
    use rapier::math::{Pose, Real, Rotation, Vector};

    use super::{closest, contact, every_pair, margin, wide_boxes};

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
            if margin(&a, &b).0 <= 1e-9 {
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
