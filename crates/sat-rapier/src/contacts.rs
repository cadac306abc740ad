//! The contacts of a box pair as the manifold steps pass them on (`manifold.rs` and the
//! dimension's `manifold2.rs` or `manifold3.rs`): the points written in both boxes' frames, the
//! clipped points in the reference box's frame, and how many of each there may be.

use rapier::math::{Real, Vector};
use rapier::parry::shape::PackedFeatureId;

/// Most points a manifold keeps (rapier's `MAX_MANIFOLD_POINTS` in 2D).
#[cfg(feature = "dim2")]
pub(crate) const MAX_POINTS: usize = 2;
/// Most points the clipping of an edge gives: its two ends.
#[cfg(feature = "dim2")]
pub(crate) const MAX_CLIPPED: usize = MAX_POINTS;
/// Most points a manifold keeps (rapier's `MAX_MANIFOLD_POINTS` in 3D).
#[cfg(feature = "dim3")]
pub(crate) const MAX_POINTS: usize = 4;
/// Most points the clipping of a quad by four planes can give.
#[cfg(feature = "dim3")]
pub(crate) const MAX_CLIPPED: usize = 8;

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

impl Point {
    pub(crate) const EMPTY: Point = Point {
        p1: Vector::ZERO,
        p2: Vector::ZERO,
        dist: 0.0,
        fid1: PackedFeatureId::UNKNOWN,
        fid2: PackedFeatureId::UNKNOWN,
    };
}

/// The contacts of a box pair: normals (from the first box towards the second, in each box's
/// frame), sat-core's gap (a rounded contact's: its smallest `dist`), error scale `S` and face
/// preference (a length), and up to `MAX_CLIPPED` candidate points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contacts {
    pub normal1: Vector,
    pub normal2: Vector,
    pub gap: Real,
    pub scale: Real,
    pub pref: Real,
    pub points: [Point; MAX_CLIPPED],
    pub len: usize,
}

impl Contacts {
    pub(crate) fn points(&self) -> &[Point] {
        &self.points[..self.len]
    }
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
    pub(crate) const EMPTY: Raw = Raw {
        x: Vector::ZERO,
        dist: 0.0,
        fid_ref: PackedFeatureId::UNKNOWN,
        fid_inc: PackedFeatureId::UNKNOWN,
    };
}
