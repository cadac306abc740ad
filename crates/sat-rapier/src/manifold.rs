//! The steps of a box pair's contacts that both dimensions share: the boxes in the first box's
//! frame, sat-core's axis with its early outs (boxes grown by half the prediction distance
//! proven disjoint, a gap beyond it), the reference box and normal for the chosen feature, and
//! the clipped points written in both boxes' frames. Compiled in every flavour over its
//! dimension's part (`manifold_dim`: `manifold2.rs` or `manifold3.rs`, whose docs state the
//! whole algorithm): the pose's rotation (`rotation`), the face preference (`prefer_faces`), the
//! clipping (`clip`, at most `MAX_CLIPPED` points) and the reduction to `MAX_POINTS` (`reduce`).

use sat_core::Feature;

use super::Obb;
use super::manifold_dim::{MAX_CLIPPED, clip, prefer_faces};
pub(crate) use super::manifold_dim::{MAX_POINTS, reduce, rotation};
use super::rapier::math::{Matrix, Pose, Real, Vector};
use super::rapier::parry::shape::PackedFeatureId;

/// One contact point: on the first box (its frame), on the second box (its frame), the signed
/// distance along the normal (negative: penetration) and the feature ids of both points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Point {
    pub p1: Vector,
    pub p2: Vector,
    pub dist: Real,
    pub fid1: PackedFeatureId,
    pub fid2: PackedFeatureId,
}

/// The contacts of a box pair: normals (from the first box towards the second, in each box's
/// frame), sat-core's gap and error scale `S`, and up to `MAX_CLIPPED` candidate points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contacts {
    pub normal1: Vector,
    pub normal2: Vector,
    pub gap: Real,
    pub scale: Real,
    pub points: [Point; MAX_CLIPPED],
    pub len: usize,
}

impl Contacts {
    pub(crate) fn points(&self) -> &[Point] {
        &self.points[..self.len]
    }
}

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
/// With `bias`, sat-core's choice is re-ranked by the dimension's [`prefer_faces`] (manifolds);
/// without it the minimum-penetration axis is kept as sat-core found it (`contact()`).
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
    let feature = if bias {
        prefer_faces(sep.feature, sep.gap, t, rot, he1, he2, prediction)
    } else {
        sep.feature
    };
    let mut out = Contacts {
        normal1: sep.axis,
        normal2: Vector::ZERO,
        gap: sep.gap,
        scale: a.error_scale(&b),
        points: [Point {
            p1: Vector::ZERO,
            p2: Vector::ZERO,
            dist: 0.0,
            fid1: PackedFeatureId::UNKNOWN,
            fid2: PackedFeatureId::UNKNOWN,
        }; MAX_CLIPPED],
        len: 0,
    };
    // The reference box is the first one, clipped along `n` in its frame, unless the second
    // box's face was chosen (an edge pair only occurs in 3D).
    let first_along = match feature {
        Feature::FaceA(i) => {
            let i = usize::from(i);
            Some(Vector::AXES[i] * if t[i] < 0.0 { -1.0 } else { 1.0 })
        }
        Feature::EdgePair(..) => Some(sep.axis),
        Feature::FaceB(_) => None,
    };
    let mut raw = [Raw::EMPTY; MAX_CLIPPED];
    if let Some(n) = first_along {
        let len = clip(he1, t, rot, he2, n, &mut raw);
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
    } else if let Feature::FaceB(j) = feature {
        let j = usize::from(j);
        let rot_t = rot.transpose();
        let c = -(rot_t * t); // the first box's centre in the second's frame
        let n = Vector::AXES[j] * if c[j] < 0.0 { -1.0 } else { 1.0 }; // towards the first
        let len = clip(he2, c, rot_t, he1, n, &mut raw);
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
    }
    Some(out)
}

/// A clipped point in the reference box's frame: the point `x` of the incident feature, its
/// depth below the reference feature (`dist`) and the feature ids on the reference and incident
/// boxes.
#[derive(Clone, Copy)]
pub(crate) struct Raw {
    pub x: Vector,
    pub dist: Real,
    pub fid_ref: PackedFeatureId,
    pub fid_inc: PackedFeatureId,
}

impl Raw {
    const EMPTY: Raw = Raw {
        x: Vector::ZERO,
        dist: 0.0,
        fid_ref: PackedFeatureId::UNKNOWN,
        fid_inc: PackedFeatureId::UNKNOWN,
    };
}
