//! Rectangle–rectangle contacts in 2D: reference-edge clipping and feature ids (the steps both
//! dimensions share, from sat-core's axis to the points in both frames, are `manifold.rs`).
//!
//! Algorithm (Box2D's `b2CollidePolygons`, axes from sat-core), in the first box's frame:
//!
//! 1. sat-core's `separation` (`Obb2`, `DObb2` in the f64 flavour) gives the best of the four
//!    face normals; a gap above the prediction distance means no contact.
//! 2. For manifolds the second box's face must beat the first box's best face by
//!    [`face_preference`](crate::tolerance::face_preference) (Box2D v2's `k_tol`), so a box
//!    resting on another keeps one reference face; a face along which the boxes overlap never
//!    wins over one that separates them.
//! 3. The incident edge is the edge of the other box most anti-parallel to the reference normal;
//!    it is clipped against the two side lines of the reference edge (an end within
//!    [`CLIP_SLACK_K`](crate::tolerance::CLIP_SLACK_K)`·ε·S` outside counts as inside). A kept
//!    endpoint is *incident vertex × reference edge*; a clipped one is *reference vertex ×
//!    incident edge* (the ids warm starting matches). At most two points, kept also when
//!    farther than the prediction distance (as parry's cuboid manifold does): rapier makes such a
//!    point a speculative solver contact when the bodies approach fast enough to close its gap
//!    within the step (`dist + v·n·dt < prediction`).
//! 4. Where the clipping misses the closest features or degenerates (no point, none at the gap,
//!    the two within `2r` of each other: squares touching at a corner, or overlapping by a
//!    sliver), the rounded contact (`manifold::rounded`, [`ROUNDING`](crate::tolerance::ROUNDING)):
//!    the normal between the closest points of the boxes shrunk by `r` (for two squares touching
//!    at a corner, the corner's bisector, as parry gives), the edges clipped along it, and the
//!    boxes' own closest points unless a point is already as close (Box2D v3's speculative
//!    vertex contact). Every pair within the prediction gets its closest features' point.
//! 5. [`reduce`] orders the two points counter-clockwise around the first box, as parry does.
//!
//! Clipping interpolates only across a strict sign change, so zero-size boxes and far-away
//! centres give finite points.

use glam::DVec2;
use sat_core::Feature;

use crate::contacts::{Contacts, MAX_CLIPPED, MAX_POINTS, Raw};
use crate::precision::Wide;
use rapier::math::{Matrix, Pose, Real, Vector};
use rapier::parry::shape::PackedFeatureId;

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
/// face must beat the first box's best face by `pref`
/// ([`face_preference`](crate::tolerance::face_preference)) to be chosen, and is always chosen
/// when it separates the boxes and the first box's face does not. Returns the chosen face and
/// its gap.
pub(crate) fn prefer_faces(
    feature: Feature,
    gap: Real,
    t: Vector,
    rot: Matrix,
    he1: Vector,
    he2: Vector,
    pref: Real,
) -> (Feature, Real) {
    let Feature::FaceB(_) = feature else {
        return (feature, gap);
    };
    let abs_r = Matrix::from_cols(rot.x_axis.abs(), rot.y_axis.abs());
    let gaps_a = t.abs() - (he1 + abs_r * he2);
    let (ia, gap_a) = if gaps_a.y > gaps_a.x {
        (1, gaps_a.y)
    } else {
        (0, gaps_a.x)
    };
    if gap > gap_a + pref || (gap > 0.0 && gap_a <= 0.0) {
        (feature, gap)
    } else {
        (Feature::FaceA(ia), gap_a)
    }
}

/// Indices of the points to keep: all of them (at most two in 2D, nothing to reduce), in
/// counter-clockwise order around the first box (along `n⊥ = (−n_y, n_x)`), as parry orders
/// its manifolds' points: rapier's 2D solver does not sort a manifold's points, and its
/// sequential fallback of the two-point block solve is order-dependent. With the clipping's
/// order (the incident edge's direction, which flips with the reference box) instead, fewer
/// bodies of rapier's `vertical_stacks2` spaced stack fell asleep than with parry's manifolds.
pub(crate) fn reduce(contacts: &Contacts, _prediction: Real) -> ([usize; MAX_POINTS], usize) {
    let points = contacts.points();
    if let [a, b] = points {
        let n = contacts.normal1;
        let ccw = Vector::new(-n.y, n.x);
        if b.p1.dot(ccw) < a.p1.dot(ccw) {
            return ([1, 0], 2);
        }
    }
    ([0, 1], points.len())
}

/// Vertex id: bit `a` set when the corner is on the negative side of axis `a`.
fn vertex_id(sx: Real, sy: Real) -> PackedFeatureId {
    PackedFeatureId::vertex(u32::from(sx < 0.0) | u32::from(sy < 0.0) << 1)
}

/// Edge (face) id: `axis + 2·(negative)`.
fn edge_id(axis: usize, sign: Real) -> PackedFeatureId {
    PackedFeatureId::face(axis as u32 + 2 * u32::from(sign < 0.0))
}

/// The id of the feature of the box of half-extents `he` (at the origin, axis-aligned) that the
/// surface point `p` lies on: a corner where both coordinates are at their bounds within `tol`,
/// else the edge whose coordinate is (`UNKNOWN` inside the box).
pub(crate) fn feature_of(p: Vector, he: Vector, tol: Real) -> PackedFeatureId {
    let at = |k: usize| p[k].abs() >= he[k] - tol;
    match (at(0), at(1)) {
        (true, true) => vertex_id(p.x, p.y),
        (true, false) => edge_id(0, p.x),
        (false, true) => edge_id(1, p.y),
        (false, false) => PackedFeatureId::UNKNOWN,
    }
}

/// Clips the incident edge of box `I` (centre `c`, axes the columns of `m`, half-extents `ei`,
/// in the reference box's frame) against the side lines of the reference edge of the
/// axis-aligned reference box (half-extents `er`, at the origin), seen along the unit normal `n`
/// (from the reference box towards `I`). The reference edge is the one most aligned with `n`
/// (`s·e_i`), the incident edge the one of `I` most anti-parallel to `n`. For a face axis
/// `n = s·e_i` this is plain reference-edge clipping; for another direction (a rounded contact)
/// the points of the incident edge whose projection along `n` falls on the reference edge, their
/// distances measured along `n`. An end at most `slack` outside a side line counts as inside
/// (see [`CLIP_SLACK_K`](crate::tolerance::CLIP_SLACK_K)). Writes the clipped points into `out`
/// and returns how many.
pub(crate) fn clip(
    er: Vector,
    c: Vector,
    m: Matrix,
    ei: Vector,
    n: Vector,
    slack: Real,
    out: &mut [Raw; MAX_CLIPPED],
) -> usize {
    let i = if n.y.abs() > n.x.abs() { 1 } else { 0 };
    let s = if n[i] < 0.0 { -1.0 } else { 1.0 };
    let k = 1 - i;
    // Distance along `n` from the reference line `s·x_i = er_i` (`s·n_i = 1` on a face axis),
    // and coordinate `k` seen along `n` on that line.
    let dist = |x: Vector| (s * x[i] - er[i]) / (s * n[i]);
    let seen = |x: Vector| {
        if n[k] == 0.0 {
            x[k]
        } else {
            x[k] - n[k] * dist(x)
        }
    };
    let along = m.transpose() * n;
    let j = if along.y.abs() > along.x.abs() { 1 } else { 0 };
    let sj = if along[j] > 0.0 { -1.0 } else { 1.0 };
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
    for sigma in [1.0, -1.0] {
        let side = |x: Vector| sigma * seen(x) - er[k] - slack;
        let (da, db) = (side(ends[0].0), side(ends[1].0));
        if da > 0.0 && db > 0.0 {
            return 0;
        }
        // On a face axis the cut point lies on the side line exactly (its coordinate `k` set to
        // it): rounded off it, a zero-width reference edge could leave both ends outside the
        // other side (found by the `manifold2` fuzz target: a resting box without points).
        let cut = |p: Vector, q: Vector, dp: Real, dq: Real| {
            let mut x = p + (q - p) * (dp / (dp - dq));
            if n[k] == 0.0 {
                x[k] = sigma * er[k];
            }
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
        let dist = dist(x);
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
mod tests;
