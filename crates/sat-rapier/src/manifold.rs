//! The steps of a box pair's contacts that both dimensions share: the boxes in the first box's
//! frame, sat-core's axis
//! with its early outs (boxes grown by half the prediction distance proven disjoint, a gap beyond
//! it), the reference box and normal for the chosen feature, the clipped points written in both
//! boxes' frames, and where the clipping degenerates the rounded contact (`rounded`) with the
//! closest features' point. Compiled in every flavour over its dimension's part (`manifold_dim`:
//! `manifold2.rs` or `manifold3.rs`, whose docs state the whole algorithm): the pose's rotation
//! (`rotation`), the face preference (`prefer_faces`), the clipping (`clip`, at most
//! `MAX_CLIPPED` points), the feature a surface point lies on (`feature_of`) and the reduction to
//! `MAX_POINTS` (`reduce`).

use sat_core::Feature;

use crate::contacts::{Contacts, MAX_CLIPPED, Point, Raw};
use crate::fallback;
use crate::flavour::Obb;
use crate::manifold_dim::{clip, feature_of, prefer_faces};
pub(crate) use crate::manifold_dim::{reduce, rotation};
use crate::precision::{Precision, Wide};
use crate::tolerance::ROUNDING_REACH_K;
use rapier::math::{Matrix, Pose, Real, Vector};

/// The two boxes of a pair in the first box's frame, `(first, second)`: the second at `t`,
/// turned by `rot` (see [`rotation`]).
#[inline]
pub(crate) fn boxes(t: Vector, rot: Matrix, he1: Vector, he2: Vector) -> (Obb, Obb) {
    (
        Obb::from_axes(Vector::ZERO, he1, Matrix::IDENTITY),
        Obb::from_axes(t, he2, rot),
    )
}

/// The two boxes of a pair in the first box's frame: `(first, second)`.
#[inline]
pub(crate) fn local_boxes(pos12: &Pose, he1: Vector, he2: Vector) -> (Obb, Obb) {
    boxes(pos12.translation, rotation(pos12), he1, he2)
}

/// Contacts of two cuboids (half-extents `he1`, `he2`; `pos12` places the second in the first's
/// frame), or `None` when they are farther apart than `prediction` (or the pose is not finite).
/// With `bias` (manifolds), sat-core's choice is re-ranked by the dimension's [`prefer_faces`],
/// and a clipped contact that is degenerate gives way to the rounded contact ([`rounded`]);
/// without it the minimum-penetration axis is kept as sat-core found it and clipped (`contact()`).
pub(crate) fn box_box(
    pos12: &Pose,
    he1: Vector,
    he2: Vector,
    prediction: Real,
    bias: bool,
) -> Option<Contacts> {
    let (a, b) = local_boxes(pos12, he1, he2);
    // Most pairs a broad phase hands over are apart. Boxes grown by `p/2` on every axis that
    // sat-core proves disjoint (exact, usually after a face axis or two) are farther apart
    // than `p` along that axis (`|n|₁ ≥ 1`), so no axis search is needed to say "no contact".
    if !a.intersects_with_margin(&b, 0.5 * prediction.max(0.0)) {
        return None;
    }
    let sep = a.separation(&b);
    if sep.gap.is_nan() || sep.gap > prediction {
        return None; // beyond prediction, or NaN
    }
    let t = pos12.translation;
    let rot = b.axes();
    let smallest = he1.min(he2).min_element().max(0.0);
    let pref = Real::face_preference(prediction, smallest);
    let (feature, axis_gap) = if bias {
        prefer_faces(sep.feature, sep.gap, t, rot, he1, he2, pref)
    } else {
        (sep.feature, sep.gap)
    };
    let scale = a.error_scale(&b);
    let slack = Real::CLIP_SLACK * Real::EPSILON * scale;
    let mut out = clipped(feature, sep.axis, (t, rot), (he1, he2), slack);
    out.gap = sep.gap;
    out.scale = scale;
    out.pref = pref;
    if bias {
        let r = Real::rounding(prediction, smallest);
        let tol = Real::CLOSEST * Real::EPSILON * scale;
        let reach = Real::narrow(ROUNDING_REACH_K) * r + tol;
        if sep.gap >= -reach && !holds(&out, axis_gap, r, tol) {
            if let Some(rounded) = rounded(pos12, (he1, he2), (t, rot), r, scale) {
                return Some(Contacts { pref, ..rounded });
            }
            out.add_witness(pos12, (he1, he2), tol);
        }
    }
    Some(out)
}

/// The contact clipped on `feature`'s reference face (`axis`: sat-core's axis, for an edge pair),
/// incident vertices up to `slack` outside it counting as on it.
fn clipped(
    feature: Feature,
    axis: Vector,
    (t, rot): (Vector, Matrix),
    (he1, he2): (Vector, Vector),
    slack: Real,
) -> Contacts {
    let mut out = Contacts {
        normal1: axis,
        normal2: Vector::ZERO,
        gap: 0.0,
        scale: 0.0,
        pref: 0.0,
        points: [Point::EMPTY; MAX_CLIPPED],
        len: 0,
    };
    let mut raw = [Raw::EMPTY; MAX_CLIPPED];
    // The reference box is the first one, clipped along `n` in its frame, unless the second
    // box's face was chosen (an edge pair only occurs in 3D).
    let n = match feature {
        Feature::FaceA(i) => {
            let i = usize::from(i);
            Vector::AXES[i] * if t[i] < 0.0 { -1.0 } else { 1.0 }
        }
        Feature::EdgePair(..) => axis,
        Feature::FaceB(j) => {
            let j = usize::from(j);
            let rot_t = rot.transpose();
            let c = -(rot_t * t); // the first box's centre in the second's frame
            let n = Vector::AXES[j] * if c[j] < 0.0 { -1.0 } else { 1.0 }; // towards the first
            let len = clip(he2, c, rot_t, he1, n, slack, &mut raw);
            for (slot, r) in out.points.iter_mut().zip(&raw[..len]) {
                *slot = Point {
                    p1: rot * r.x + t,
                    p2: r.x - n * r.dist,
                    dist: r.dist,
                    fid1: r.fid_inc,
                    fid2: r.fid_ref,
                };
            }
            out.len = len;
            out.normal1 = -(rot * n);
            out.normal2 = n;
            return out;
        }
    };
    let len = clip(he1, t, rot, he2, n, slack, &mut raw);
    for (slot, r) in out.points.iter_mut().zip(&raw[..len]) {
        *slot = Point {
            p1: r.x - n * r.dist,
            p2: rot.transpose() * (r.x - t),
            dist: r.dist,
            fid1: r.fid_ref,
            fid2: r.fid_inc,
        };
    }
    out.len = len;
    out.normal1 = n;
    out.normal2 = -(rot.transpose() * n);
    out
}

/// Whether a clipped contact stands: it has a point at the gap of its axis (`axis_gap`, within
/// `tol`: [`CLOSEST_K`](crate::tolerance::CLOSEST_K)`·ε·S`), and its points span at least `2r` across the reference face in every direction, up
/// to `tol` (boxes touching at a corner or along an edge, or overlapping by a sliver, clip to
/// less: the contact is between the faces' corners or edges, and its normal is not the face's).
/// A rounding below `tol` is none: points that close are one up to rounding (found by the
/// `manifold2` fuzz target: a zero-width box resting on another, its end face's two points
/// rounded onto one).
fn holds(c: &Contacts, axis_gap: Real, r: Real, tol: Real) -> bool {
    let points = c.points();
    let Some(first) = points.first() else {
        return false;
    };
    let deepest = points
        .iter()
        .map(|p| p.dist)
        .fold(Real::INFINITY, Real::min);
    if deepest > axis_gap + tol {
        return false; // the clipping missed the closest features
    }
    if 2.0 * r <= tol {
        return true; // a rounding below the points' own rounding
    }
    let (lo, hi) = points.iter().fold((first.p1, first.p1), |(lo, hi), p| {
        (lo.min(p.p1), hi.max(p.p1))
    });
    let mut span = hi - lo;
    span[c.normal1.abs().max_position()] = Real::INFINITY; // across the reference face only
    span.min_element() + tol >= 2.0 * r
}

/// The rounded contact of a pair whose clipped contact does not stand (see [`holds`]): the
/// normal `n` is the direction between the closest points of the boxes' cores (each box shrunk
/// by the rounding `r` on every side, in f64); the points are the boxes' supporting faces along
/// `n` clipped as for an edge axis (points and distances along `n`, the clipping's feature ids)
/// and, unless one of them is already as close, the closest points of the boxes themselves
/// (Box2D's speculative vertex contact; of their supporting features when the boxes touch; its
/// ids the features the points lie on). `None` when
/// the cores overlap or touch (the clipped contact is then the boxes' own) or nothing clips.
///
/// Two corners touching clip to the same point twice (each corner against the other's edge), as
/// in parry's manifold: rapier's soft contacts make the pair stiffer than one point would, which
/// is what holds a stack of squares touching corner to corner as rapier's default does.
fn rounded(
    pos12: &Pose,
    (he1, he2): (Vector, Vector),
    (t, rot): (Vector, Matrix),
    r: Real,
    scale: Real,
) -> Option<Contacts> {
    let (a, b) = fallback::wide_boxes(pos12, he1, he2)?;
    let touch = Real::TOUCH * scale.wide();
    let (core_a, core_b) = (a.core(r.wide()), b.core(r.wide()));
    let cores_apart = fallback::margin(&core_a, &core_b).0 > touch; // false for NaN
    if !cores_apart {
        return None;
    }
    let (c1, c2) = fallback::closest(&core_a, &core_b);
    let d = c2 - c1;
    let length = d.length();
    let has_direction = length > touch; // false for NaN
    if !has_direction {
        return None;
    }
    let n = Vector::narrow(d / length);
    let tol = Real::CLOSEST * Real::EPSILON * scale;
    let rot_t = rot.transpose();
    let mut out = Contacts {
        normal1: n,
        normal2: -(rot_t * n),
        gap: 0.0,
        scale,
        pref: 0.0,
        points: [Point::EMPTY; MAX_CLIPPED],
        len: 0,
    };
    let mut raw = [Raw::EMPTY; MAX_CLIPPED];
    let slack = Real::CLIP_SLACK * Real::EPSILON * scale;
    let len = clip(he1, t, rot, he2, n, slack, &mut raw);
    for (slot, r) in out.points.iter_mut().zip(&raw[..len]) {
        *slot = Point {
            p1: r.x - n * r.dist,
            p2: rot_t * (r.x - t),
            dist: r.dist,
            fid1: r.fid_ref,
            fid2: r.fid_inc,
        };
    }
    out.len = len;
    out.add_witness(pos12, (he1, he2), tol);
    out.gap = out
        .points()
        .iter()
        .map(|p| p.dist)
        .fold(Real::INFINITY, Real::min);
    (out.len > 0).then_some(out)
}

impl Contacts {
    /// Adds the closest points of the boxes (f64; of their supporting features when they touch:
    /// `fallback::witnesses`) as a point, unless a point is already as close along the normal
    /// (within `tol`: [`CLOSEST_K`](crate::tolerance::CLOSEST_K)`·ε·S`): `n·(q − p)` is at most
    /// the boxes' distance, so a pair within the prediction keeps its closest features' point
    /// whatever the clipping gave.
    fn add_witness(&mut self, pos12: &Pose, he: (Vector, Vector), tol: Real) {
        let Some((a, b)) = fallback::wide_boxes(pos12, he.0, he.1) else {
            return;
        };
        let scale = b.c.length() + a.h.length() + b.h.length();
        let (w1, w2) = fallback::witnesses(&a, &b, fallback::margin(&a, &b), scale);
        let dist = Real::narrow(self.normal1.wide().dot(w2 - w1));
        if !self.points().iter().any(|p| p.dist <= dist + tol) {
            let (p1, p2) = (
                Vector::narrow(w1),
                Vector::narrow(b.r.transpose() * (w2 - b.c)),
            );
            self.add(p1, p2, dist, he, tol);
        }
    }

    /// Adds the point pair `(p1, p2)` `dist` apart along the normal, its feature ids the
    /// features of the boxes (half-extents `he`) the points lie on within `tol`. A point with the
    /// ids of one already there replaces it when closer; a point beyond the last slot replaces
    /// the farthest when closer.
    fn add(&mut self, p1: Vector, p2: Vector, dist: Real, he: (Vector, Vector), tol: Real) {
        let point = Point {
            p1,
            p2,
            dist,
            fid1: feature_of(p1, he.0, tol),
            fid2: feature_of(p2, he.1, tol),
        };
        let same = |p: &Point| p.fid1 == point.fid1 && p.fid2 == point.fid2;
        let replaced = match self.points().iter().position(same) {
            Some(k) => k,
            None if self.len < MAX_CLIPPED => {
                self.points[self.len] = point;
                self.len += 1;
                return;
            }
            None => (0..self.len)
                .max_by(|&x, &y| self.points[x].dist.total_cmp(&self.points[y].dist))
                .unwrap_or(0),
        };
        if dist < self.points[replaced].dist {
            self.points[replaced] = point;
        }
    }
}
