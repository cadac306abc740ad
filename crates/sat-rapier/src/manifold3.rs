//! Box–box contacts in 3D: reference-face clipping, edge–edge points and feature ids (the steps
//! both dimensions share, from sat-core's axis to the points in both frames, are `manifold.rs`).
//!
//! Algorithm (axes from sat-core; clipping as Box2D's `b2ClipPolygons` lifted to 3D; face
//! preference as Box2D's `k_tol`), everything in the first box's frame:
//!
//! 1. sat-core's `separation` (`Obb3`, `DObb3` in the f64 flavour) gives the best of the 15
//!    candidate axes. Its gap is a lower bound of the distance, so a gap above the prediction
//!    distance means no contact at all.
//! 2. For manifolds, [`prefer_faces`] re-ranks the candidates: the first box's best face wins
//!    unless the second box's best face beats it by
//!    [`face_preference`](crate::tolerance::face_preference), and a face wins unless an edge pair
//!    beats it by the same amount; a candidate along which the boxes overlap never wins over one
//!    that separates them. Nearly parallel resting boxes then keep one reference face.
//! 3. Face axis: the incident face is the face of the other box most anti-parallel to the
//!    reference normal. Its quad is clipped (Sutherland–Hodgman) against the four side planes of
//!    the reference face (a vertex within [`CLIP_SLACK_K`](crate::tolerance::CLIP_SLACK_K)`·ε·S`
//!    outside counts as inside). Each output vertex knows the two polygon edges it lies on
//!    (incident edges or reference sides), which names its feature ids: incident vertex ×
//!    reference face, incident edge × reference edge, or reference vertex × incident face. Every
//!    clipped point is kept, also those farther than the prediction distance (as parry's cuboid
//!    manifold does): rapier makes such a point a speculative solver contact when the bodies
//!    approach fast enough to close its gap within the step (`dist + v·n·dt < prediction`),
//!    which is what keeps a tumbling box from sinking into another one.
//! 4. Edge axis (as parry does): the support faces of both boxes along the axis, the one of the
//!    first box as reference, clipped as in 3 but seen along the axis, distances measured along
//!    it. The crossing of the two supporting edges is the deepest point; the faces' other points
//!    (usually beyond the prediction distance) give rapier speculative contacts that keep a
//!    tumbling box from turning into the other. A single edge–edge point let boxes in a tumbling
//!    pile sink deeper than with parry's manifolds.
//! 5. Where the clipping misses the closest features or degenerates (no point, none at the gap,
//!    all within `2r` of a line across the reference face: cubes touching along an edge or at a
//!    corner, overlapping by a sliver), the rounded contact (`manifold::rounded`,
//!    [`ROUNDING`](crate::tolerance::ROUNDING)): the normal between the closest points of the
//!    boxes shrunk by `r`, the support faces clipped along it as in 4, and the boxes' own closest
//!    points unless a point is already as close (Box2D v3's speculative contact). Every pair
//!    within the prediction gets its closest features' point.
//! 6. [`reduce`] keeps at most four points with rapier's own rule (deepest, then among the points
//!    within the prediction distance: farthest from it, the two extremes across that segment),
//!    ties going to the earlier point in the clipping order so that small motions keep the same
//!    points (between separated points only rounding ties: the closest one stays); rapier never
//!    has to reduce the manifold.
//!
//! Nothing divides by a quantity that can vanish: clipping interpolates only across a strict sign
//! change, and the edge–edge solve uses unit directions with a guarded denominator, so zero-size
//! boxes and far-away centres give finite points.

use glam::DMat3;
use sat_core::Feature;

use crate::contacts::{Contacts, MAX_CLIPPED, MAX_POINTS, Raw};
use crate::precision::Wide;
use crate::tolerance::REDUCTION_TIE_RELATIVE;
use rapier::math::{Matrix, Pose, Real, Vector};
use rapier::parry::shape::PackedFeatureId;

/// The rotation of a pose as a matrix whose columns are the second box's axes in the first
/// box's frame: the pose's quaternion normalised and turned into a matrix in f64, rounded once
/// (in the f32 flavour), so each column is within one unit roundoff of the exact rotation the
/// pose names — the input sat-core's bound is derived for (glam's f32 `Mat3::from_quat` errs by
/// several ulps and by the quaternion's own distance from unit length).
#[inline]
pub(crate) fn rotation(pos12: &Pose) -> Matrix {
    Matrix::narrow(DMat3::from_quat(pos12.rotation.wide().normalize()))
}

/// Re-ranks sat-core's choice with a face preference: the second box's best face must beat the
/// first box's best face, and an edge pair the best face, by `pref`
/// ([`face_preference`](crate::tolerance::face_preference)) to be chosen; a candidate that
/// separates the boxes is always chosen over one along which they overlap. Returns the chosen
/// feature and its gap.
///
/// The face gaps are recomputed here (six projections of the pair already in the first box's
/// frame) only when sat-core did not pick a face of the first box.
pub(crate) fn prefer_faces(
    feature: Feature,
    gap: Real,
    t: Vector,
    rot: Matrix,
    he1: Vector,
    he2: Vector,
    pref: Real,
) -> (Feature, Real) {
    if let Feature::FaceA(_) = feature {
        return (feature, gap);
    }
    let abs_r = Matrix::from_cols(rot.x_axis.abs(), rot.y_axis.abs(), rot.z_axis.abs());
    let gaps_a = t.abs() - (he1 + abs_r * he2);
    let gaps_b = (rot.transpose() * t).abs() - (abs_r.transpose() * he1 + he2);
    let (ia, gap_a) = argmax(gaps_a);
    let (jb, gap_b) = argmax(gaps_b);
    let beats = |better: Real, other: Real| better > other + pref || (better > 0.0 && other <= 0.0);
    let (face, face_gap) = if beats(gap_b, gap_a) {
        (Feature::FaceB(jb as u8), gap_b)
    } else {
        (Feature::FaceA(ia as u8), gap_a)
    };
    match feature {
        Feature::EdgePair(..) if beats(gap, face_gap) => (feature, gap),
        _ => (face, face_gap),
    }
}

fn argmax(v: Vector) -> (usize, Real) {
    let mut best = (0, v.x);
    for i in 1..3 {
        if v[i] > best.1 {
            best = (i, v[i]);
        }
    }
    best
}

/// Signs of a box feature along its three local axes: `±1` where the feature sits on that side,
/// `0` where it spans the axis (a vertex has no zero, an edge one, a face two).
type Signs = [i8; 3];

/// parry's packed-id headers (`PackedFeatureId::vertex`, `edge`, `face` put them above a 30-bit
/// code): built here without a call and a range assertion per id (the codes are below 12).
/// `feature_ids_are_parrys` checks every id against parry's constructors.
const VERTEX_HEADER: u32 = 0b01 << 30;
const EDGE_HEADER: u32 = 0b10 << 30;
const FACE_HEADER: u32 = 0b11 << 30;

/// Feature id of a box feature: vertex `mask` (bit `a` set when negative along axis `a`),
/// edge `4·axis + mask of the two other axes`, face `axis + 3·(negative)`.
#[inline]
fn feature_id(signs: Signs) -> PackedFeatureId {
    let neg = |a: usize| u32::from(signs[a] < 0);
    match signs.iter().filter(|&&s| s == 0).count() {
        0 => PackedFeatureId(VERTEX_HEADER | neg(0) | neg(1) << 1 | neg(2) << 2),
        1 => {
            let a = signs.iter().position(|&s| s == 0).unwrap_or(0);
            let mask = neg((a + 1) % 3) | neg((a + 2) % 3) << 1;
            PackedFeatureId(EDGE_HEADER | (4 * a as u32 + mask))
        }
        _ => {
            let a = signs.iter().position(|&s| s != 0).unwrap_or(0);
            PackedFeatureId(FACE_HEADER | (a as u32 + 3 * neg(a)))
        }
    }
}

fn sign_of(x: Real) -> i8 {
    if x < 0.0 { -1 } else { 1 }
}

/// The id of the feature of the box of half-extents `he` (at the origin, axis-aligned) that the
/// surface point `p` lies on: the coordinates at their bounds within `tol` name a corner (three),
/// an edge (two) or a face (one); `UNKNOWN` inside the box.
pub(crate) fn feature_of(p: Vector, he: Vector, tol: Real) -> PackedFeatureId {
    let signs: Signs = core::array::from_fn(|k| {
        if p[k].abs() >= he[k] - tol {
            sign_of(p[k])
        } else {
            0
        }
    });
    if signs == [0; 3] {
        PackedFeatureId::UNKNOWN
    } else {
        feature_id(signs)
    }
}

/// Polygon edge labels: `0..4` the incident quad's edges, `4..8` the reference face's sides
/// (`4 + 2·side_axis_slot + negative`).
const SIDE: u8 = 4;

/// Clips the incident face of box `I` (centre `c`, axes the columns of `m`, half-extents `ei`,
/// all in the reference box's frame) against the reference face of the axis-aligned reference
/// box (half-extents `er`, at the origin), projecting along the unit normal `n` (from the
/// reference box towards `I`). The reference face is the one most aligned with `n` (`s·e_i`,
/// `|n_i| ≥ 1/√3`), the incident face the one of `I` most anti-parallel to it. For a face axis
/// `n = s·e_i` this is plain reference-face clipping; for an edge axis the points are those of
/// both support faces seen along `n`, their distances measured along `n`. A vertex at most
/// `slack` outside a side plane counts as inside (see
/// [`CLIP_SLACK_K`](crate::tolerance::CLIP_SLACK_K)). Writes the clipped points into `out` and
/// returns how many.
pub(crate) fn clip(
    er: Vector,
    c: Vector,
    m: Matrix,
    ei: Vector,
    n: Vector,
    slack: Real,
    out: &mut [Raw; MAX_CLIPPED],
) -> usize {
    let i = argmax(n.abs()).0;
    let s = if n[i] < 0.0 { -1.0 } else { 1.0 };
    // Distance along `n` from the reference plane `s·x_i = er_i` (`s·n_i = 1` on a face axis).
    let dist = |x: Vector| (s * x[i] - er[i]) / (s * n[i]);
    // Coordinate `k` of `x` seen along `n` on the reference plane.
    let seen = |x: Vector, k: usize| {
        if n[k] == 0.0 {
            x[k]
        } else {
            x[k] - n[k] * dist(x)
        }
    };
    // Incident axis j: the one most parallel to `n`; its face towards the reference box has
    // outward normal sign sj.
    let along = m.transpose() * n;
    let j = argmax(along.abs()).0;
    let sj: i8 = if along[j] > 0.0 { -1 } else { 1 };
    let (u, v) = ((j + 1) % 3, (j + 2) % 3);
    let fc = c + m.col(j) * (Real::from(sj) * ei[j]);
    let (du, dv) = (m.col(u) * ei[u], m.col(v) * ei[v]);
    // Quad corners by their signs along (u, v), and edge k from corner k to corner k + 1.
    const CORNERS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
    let mut poly = [Vector::ZERO; MAX_CLIPPED];
    let mut label = [0u8; MAX_CLIPPED];
    for (k, &(su, sv)) in CORNERS.iter().enumerate() {
        poly[k] = fc + du * Real::from(su) + dv * Real::from(sv);
        label[k] = k as u8;
    }
    let mut len = 4;

    let sides = [(i + 1) % 3, (i + 2) % 3];
    // Nothing to clip when the incident quad lies within the reference face (a box resting on a
    // larger one): the common case skips the four passes.
    let within = |p: &Vector| sides.iter().all(|&k| seen(*p, k).abs() <= er[k] + slack);
    if !poly[..4].iter().all(within) {
        for (slot, &k) in sides.iter().enumerate() {
            for (neg, sigma) in [(0u8, 1.0), (1, -1.0)] {
                let plane = SIDE + 2 * slot as u8 + neg;
                let side = |x: Vector| sigma * seen(x, k) - er[k] - slack;
                // A cut point lies on a face-axis side plane exactly (coordinate `k` set to it):
                // rounded off it, a zero-width reference face could put every vertex outside
                // the opposite plane.
                let on_plane = (n[k] == 0.0).then_some((k, sigma * er[k]));
                len = clip_pass(&mut poly, &mut label, len, side, on_plane, plane);
                if len == 0 {
                    return 0;
                }
            }
        }
    }

    // Feature signs of the labelled polygon edges.
    let incident_edge = |k: u8| -> Signs {
        let (su, sv) = CORNERS[k as usize];
        let (nu, nv) = CORNERS[(k as usize + 1) % 4];
        let mut signs = [0; 3];
        signs[j] = sj;
        signs[u] = if su == nu { su } else { 0 };
        signs[v] = if sv == nv { sv } else { 0 };
        signs
    };
    let reference_side = |l: u8| -> (usize, i8) {
        let slot = usize::from((l - SIDE) / 2);
        (sides[slot], if (l - SIDE) % 2 == 1 { -1 } else { 1 })
    };
    let mut reference_face: Signs = [0; 3];
    reference_face[i] = sign_of(s);
    let mut incident_face: Signs = [0; 3];
    incident_face[j] = sj;

    let mut count = 0;
    for a in 0..len {
        let x = poly[a];
        let dist = dist(x);
        if dist.is_nan() {
            continue;
        }
        // The previous vertex, wrapping around (no `%`: an integer division per vertex).
        let before = label[if a == 0 { len - 1 } else { a - 1 }];
        let after = label[a];
        let (fid_ref, fid_inc) = match (before < SIDE, after < SIDE) {
            // An incident corner: the vertex that starts edge `after`.
            (true, true) => {
                let (su, sv) = CORNERS[after as usize];
                let mut signs = incident_face;
                signs[u] = su;
                signs[v] = sv;
                (feature_id(reference_face), feature_id(signs))
            }
            // An incident edge crossing a side of the reference face.
            (true, false) | (false, true) => {
                let (edge, side) = if before < SIDE {
                    (before, after)
                } else {
                    (after, before)
                };
                let (k, sigma) = reference_side(side);
                let mut signs = reference_face;
                signs[k] = sigma;
                (feature_id(signs), feature_id(incident_edge(edge)))
            }
            // A corner of the reference face inside the incident face.
            (false, false) => {
                let mut signs = reference_face;
                for side in [before, after] {
                    let (k, sigma) = reference_side(side);
                    signs[k] = sigma;
                }
                (feature_id(signs), feature_id(incident_face))
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

/// One Sutherland–Hodgman pass: keeps the part of the polygon (`n` vertices, `label[a]` naming
/// the edge from vertex `a` to the next) where `side(x) ≤ 0` (`side` affine), and labels the new
/// edge along that side `plane`. Interpolates only across a strict sign change; a cut point gets
/// coordinate `k` set to `value` when `on_plane` is `Some((k, value))`. Returns the new vertex
/// count.
fn clip_pass(
    poly: &mut [Vector; MAX_CLIPPED],
    label: &mut [u8; MAX_CLIPPED],
    n: usize,
    side: impl Fn(Vector) -> Real,
    on_plane: Option<(usize, Real)>,
    plane: u8,
) -> usize {
    let (mut next, mut next_label, mut len) = ([Vector::ZERO; MAX_CLIPPED], [0u8; MAX_CLIPPED], 0);
    let mut emit = |p: Vector, l: u8| {
        if len < MAX_CLIPPED {
            next[len] = p;
            next_label[len] = l;
            len += 1;
        }
    };
    for a in 0..n {
        let (pa, pb) = (poly[a], poly[if a + 1 == n { 0 } else { a + 1 }]);
        let (da, db) = (side(pa), side(pb));
        let cut = || {
            let mut x = pa + (pb - pa) * (da / (da - db));
            if let Some((k, value)) = on_plane {
                x[k] = value;
            }
            x
        };
        if da <= 0.0 {
            emit(pa, label[a]);
            if db > 0.0 {
                emit(cut(), plane);
            }
        } else if db <= 0.0 {
            emit(cut(), label[a]);
        }
    }
    *poly = next;
    *label = next_label;
    len
}

/// Indices of at most [`MAX_POINTS`] points to keep, with rapier's `reduce_manifold_naive`
/// rule (the deepest, then among the points within `prediction` the farthest from it and the
/// two extremes along the tangent across that segment), made stable: a candidate must beat an earlier one in the clipping order by the face
/// preference (depths) or by [`REDUCTION_TIE_RELATIVE`] of the largest (distances) to be picked
/// instead. The clipping order does not
/// change under small motions, so a flat contact keeps the same four points (and their
/// warm-start impulses) instead of letting rounding noise pick among equal depths.
pub(crate) fn reduce(contacts: &Contacts, prediction: Real) -> ([usize; MAX_POINTS], usize) {
    let pts = contacts.points();
    if pts.len() <= MAX_POINTS {
        return ([0, 1, 2, 3], pts.len());
    }
    // The tie never trades a penetrating point for a separated one (found by the `manifold3`
    // fuzz target: an overlapping pair whose four points were all apart), and separated points
    // do not tie: the closest point of a pair within the prediction is the one rapier must keep
    // (found by the `rapier3` scenes of the seeded loop: a clipped point 64·ε·S farther than the
    // closest one won the tie, which was already that much farther than the boxes).
    let penetrating = pts.iter().any(|p| p.dist <= 0.0);
    let depth_tie = if penetrating { contacts.pref } else { 0.0 };
    let apart = |k: usize| penetrating && pts[k].dist > 0.0;
    let Some(first) = first_near_best(pts.len(), apart, |k| -pts[k].dist, |_| depth_tie) else {
        return ([0; MAX_POINTS], 0);
    };
    let a = pts[first].p1;
    // As rapier's rule: the other three only among the points within the prediction.
    let beyond = |k: usize| pts[k].dist > prediction;
    let dist2 = |k: usize| (pts[k].p1 - a).length_squared();
    let relative = |best: Real| Real::narrow(f64::from(REDUCTION_TIE_RELATIVE)) * best.abs();
    let Some(second) = first_near_best(pts.len(), |k| k == first || beyond(k), dist2, relative)
        .filter(|&k| dist2(k) > 0.0)
    else {
        return ([first, 0, 0, 0], 1);
    };
    let tangent = (pts[second].p1 - a).cross(contacts.normal1);
    let across = |k: usize| (pts[k].p1 - a).dot(tangent);
    let skip = |k: usize| k == first || k == second || beyond(k);
    let spread = (0..pts.len())
        .filter(|&k| !skip(k))
        .fold(0.0, |m: Real, k| m.max(across(k).abs()));
    let tie = |_| Real::narrow(f64::from(REDUCTION_TIE_RELATIVE)) * spread;
    match (
        first_near_best(pts.len(), skip, |k| -across(k), tie),
        first_near_best(pts.len(), skip, across, tie),
    ) {
        (Some(lo), Some(hi)) if lo != hi => ([first, second, lo, hi], 4),
        (Some(lo), _) => ([first, second, lo, 0], 3),
        _ => ([first, second, 0, 0], 2),
    }
}

/// The first index `k < n` (not skipped) whose `value` is within `tie(best)` of the best value.
fn first_near_best(
    n: usize,
    skip: impl Fn(usize) -> bool,
    value: impl Fn(usize) -> Real,
    tie: impl Fn(Real) -> Real,
) -> Option<usize> {
    let best = (0..n)
        .filter(|&k| !skip(k))
        .map(&value)
        .fold(Real::NEG_INFINITY, Real::max);
    (0..n).find(|&k| !skip(k) && value(k) >= best - tie(best))
}

#[cfg(test)]
mod tests;
