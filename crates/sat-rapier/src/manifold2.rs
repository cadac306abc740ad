//! Rectangle–rectangle contacts in 2D: reference-edge clipping and feature ids (the steps both
//! dimensions share, from sat-core's axis to the points in both frames, are `manifold.rs`).
//!
//! Algorithm (Box2D's `b2CollidePolygons`, axes from sat-core), in the first box's frame:
//!
//! 1. sat-core's `separation` (`Obb2`, `DObb2` in the f64 flavour) gives the best of the four
//!    face normals; a gap above the prediction distance means no contact.
//! 2. For manifolds the second box's face must beat the first box's best face by
//!    [`face_preference`](crate::precision::face_preference) (Box2D v2's `k_tol`), so a box
//!    resting on another keeps one reference face.
//! 3. The incident edge is the edge of the other box most anti-parallel to the reference normal;
//!    it is clipped against the two side lines of the reference edge. A kept endpoint is
//!    *incident vertex × reference edge*; a clipped one is *reference vertex × incident edge*
//!    (the ids warm starting matches). At most two points, kept also when farther than the
//!    prediction distance (as parry's cuboid manifold does): rapier makes such a point a
//!    speculative solver contact when the bodies approach fast enough to close its gap within
//!    the step (`dist + v·n·dt < prediction`).
//!
//! Clipping interpolates only across a strict sign change, so zero-size boxes and far-away
//! centres give finite points.

use glam::DVec2;
use sat_core::Feature;

use super::manifold::{Contacts, Raw};
use super::rapier::math::{Matrix, Pose, Real, Vector};
use super::rapier::parry::shape::PackedFeatureId;
use crate::precision::{Wide, face_preference};

/// Most points a manifold keeps (rapier's `MAX_MANIFOLD_POINTS` in 2D).
pub(crate) const MAX_POINTS: usize = 2;
/// Most points the clipping of an edge gives: its two ends.
pub(crate) const MAX_CLIPPED: usize = MAX_POINTS;

/// The rotation of a pose as a matrix whose columns are the second box's axes in the first
/// box's frame: the pose's `(cos, sin)` normalised in f64 and rounded once (in the f32
/// flavour), so each column is within one unit roundoff of the exact rotation the pose names —
/// the input sat-core's bound is derived for (the f32 pair itself is unit only to a few ulps).
#[inline]
pub(crate) fn rotation(pos12: &Pose) -> Matrix {
    let x = DVec2::new(pos12.rotation.re.wide(), pos12.rotation.im.wide());
    let x = x / x.length();
    Matrix::from_cols(Vector::narrow(x), Vector::narrow(x.perp()))
}

/// Re-ranks sat-core's choice with a face preference (Box2D v2's `k_tol`): the second box's best
/// face must beat the first box's best face by
/// [`face_preference`](crate::precision::face_preference) to be chosen.
pub(crate) fn prefer_faces(
    feature: Feature,
    gap: Real,
    t: Vector,
    rot: Matrix,
    he1: Vector,
    he2: Vector,
    prediction: Real,
) -> Feature {
    let Feature::FaceB(_) = feature else {
        return feature;
    };
    let abs_r = Matrix::from_cols(rot.x_axis.abs(), rot.y_axis.abs());
    let gaps_a = t.abs() - (he1 + abs_r * he2);
    let (ia, gap_a) = if gaps_a.y > gaps_a.x {
        (1, gaps_a.y)
    } else {
        (0, gaps_a.x)
    };
    if gap > gap_a + face_preference(prediction) {
        feature
    } else {
        Feature::FaceA(ia)
    }
}

/// Indices of the points to keep: all of them (at most two in 2D, nothing to reduce).
pub(crate) fn reduce(contacts: &Contacts, _prediction: Real) -> ([usize; MAX_POINTS], usize) {
    ([0, 1], contacts.len)
}

/// Vertex id: bit `a` set when the corner is on the negative side of axis `a`.
fn vertex_id(sx: Real, sy: Real) -> PackedFeatureId {
    PackedFeatureId::vertex(u32::from(sx < 0.0) | u32::from(sy < 0.0) << 1)
}

/// Edge (face) id: `axis + 2·(negative)`.
fn edge_id(axis: usize, sign: Real) -> PackedFeatureId {
    PackedFeatureId::face(axis as u32 + 2 * u32::from(sign < 0.0))
}

/// Clips the incident edge of box `I` (centre `c`, axes the columns of `m`, half-extents `ei`,
/// in the reference box's frame) against the side lines of the reference edge `n = s·e_i` of the
/// axis-aligned reference box (half-extents `er`, at the origin). Writes the clipped points into
/// `out` and returns how many.
pub(crate) fn clip(
    er: Vector,
    c: Vector,
    m: Matrix,
    ei: Vector,
    n: Vector,
    out: &mut [Raw; MAX_CLIPPED],
) -> usize {
    let i = if n.y.abs() > n.x.abs() { 1 } else { 0 };
    let s = if n[i] < 0.0 { -1.0 } else { 1.0 };
    let row = m.row(i);
    let j = if row.y.abs() > row.x.abs() { 1 } else { 0 };
    let sj = if s * row[j] > 0.0 { -1.0 } else { 1.0 };
    let u = 1 - j;
    let fc = c + m.col(j) * (sj * ei[j]);
    let du = m.col(u) * ei[u];
    let corner_signs = |su: Real| {
        let mut signs = Vector::ZERO;
        signs[j] = sj;
        signs[u] = su;
        signs
    };
    // Endpoints with their incident vertex ids; a clipped endpoint takes the reference vertex id.
    let mut ends = [(fc + du, 1.0, None), (fc - du, -1.0, None)];
    let k = 1 - i;
    for sigma in [1.0, -1.0] {
        let (da, db) = (sigma * ends[0].0[k] - er[k], sigma * ends[1].0[k] - er[k]);
        if da > 0.0 && db > 0.0 {
            return 0;
        }
        // The cut point lies on the side line exactly (its coordinate `k` set to it): rounded
        // off it, a zero-width reference edge could leave both ends outside the other side
        // (found by the `manifold2` fuzz target: a resting box without points).
        let cut = |p: Vector, q: Vector, dp: Real, dq: Real| {
            let mut x = p + (q - p) * (dp / (dp - dq));
            x[k] = sigma * er[k];
            x
        };
        if da > 0.0 {
            ends[0] = (cut(ends[0].0, ends[1].0, da, db), ends[0].1, Some(sigma));
        } else if db > 0.0 {
            ends[1] = (cut(ends[1].0, ends[0].0, db, da), ends[1].1, Some(sigma));
        }
    }
    let mut count = 0;
    for (x, su, clipped) in ends {
        let dist = s * x[i] - er[i];
        if dist.is_nan() {
            continue;
        }
        let (fid_ref, fid_inc) = match clipped {
            None => {
                let signs = corner_signs(su);
                (edge_id(i, s), vertex_id(signs.x, signs.y))
            }
            Some(sigma) => {
                let mut signs = Vector::ZERO;
                signs[i] = s;
                signs[k] = sigma;
                (vertex_id(signs.x, signs.y), edge_id(j, sj))
            }
        };
        out[count] = Raw {
            x,
            dist,
            fid_ref,
            fid_inc,
        };
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::super::manifold::box_box;
    use super::*;

    #[test]
    fn resting_box_gives_two_points_with_distinct_ids() {
        let he = Vector::splat(0.5);
        let c = box_box(&Pose::new(Vector::new(0.3, 0.99), 0.0), he, he, 0.02, true).unwrap();
        assert_eq!(c.normal1, Vector::Y);
        assert_eq!(c.len, 2);
        assert_ne!(
            (c.points[0].fid1, c.points[0].fid2),
            (c.points[1].fid1, c.points[1].fid2)
        );
        for p in c.points() {
            assert!((p.dist + 0.01).abs() < 1e-6);
            assert!((p.p1.y - 0.5).abs() < 1e-6 && p.p1.x.abs() <= 0.5);
        }
    }

    #[test]
    fn zero_width_reference_edge_keeps_its_points() {
        // A segment (zero width) resting on a wide box whose clipped ends round across x = 0.
        let pos12 = Pose::new(Vector::new(21.171875, -210.0), 0.0);
        let (he1, he2) = (Vector::new(0.0, 112.65504), Vector::new(98.58481, 97.33954));
        let c = box_box(&pos12, he1, he2, 0.02, true).unwrap();
        assert_eq!(c.len, 2, "{c:?}");
        for p in c.points() {
            assert_eq!(p.p2.x + pos12.translation.x, 0.0, "{p:?}");
        }
    }

    #[test]
    fn degenerate_boxes_stay_finite() {
        for he2 in [Vector::ZERO, Vector::new(0.0, 0.5)] {
            for t in [Vector::ZERO, Vector::new(0.3, 0.4), Vector::splat(1e6)] {
                if let Some(c) = box_box(&Pose::new(t, 0.3), Vector::splat(0.5), he2, 0.02, true) {
                    assert!(c.normal1.is_finite() && c.normal2.is_finite());
                    for p in c.points() {
                        assert!(p.p1.is_finite() && p.p2.is_finite() && p.dist.is_finite());
                    }
                }
            }
        }
    }
}
