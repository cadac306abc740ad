//! The 2D part of `contact()` in f64 (the steps are `fallback.rs`): the four face normals
//! as candidate axes (unit already), the rotation from the pose's `(cos, sin)`, and no feature
//! pairs beyond the corners (in 2D a distance is always carried by a corner).

use glam::{DMat2, DVec2};

use rapier::math::Pose;

use crate::precision::Wide;
use crate::wide_box::WideBox;

/// The pose's rotation, its `(cos, sin)` normalised in f64, as a matrix.
pub(super) fn rotation(pos12: &Pose) -> DMat2 {
    let x = DVec2::new(pos12.rotation.re.wide(), pos12.rotation.im.wide());
    let x = x / x.length();
    DMat2::from_cols(x, x.perp())
}

/// Hands `consider` the candidate axes of `a` and `b`: their face normals.
pub(super) fn candidate_axes(a: &WideBox, b: &WideBox, consider: impl FnMut(DVec2)) {
    [a.r.x_axis, a.r.y_axis, b.r.x_axis, b.r.y_axis]
        .into_iter()
        .for_each(consider);
}

/// No feature pairs beyond the corners in 2D.
pub(super) fn edges(_: &WideBox, _: &WideBox, _: impl FnMut(DVec2, DVec2)) {}

/// No feature pairs beyond the corners in 2D: a segment's distance to a rectangle is carried by
/// its ends or the rectangle's corners.
pub(super) fn segment_edges(_: (DVec2, DVec2, f64), _: &WideBox, _: impl FnMut(DVec2, DVec2)) {}
