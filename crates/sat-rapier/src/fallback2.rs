//! The 2D part of `contact()` in f64 (the steps are `fallback.rs`): the four face normals
//! as candidate axes (unit already), the rotation from the pose's `(cos, sin)`, and no feature
//! pairs beyond the corners (in 2D a distance is always carried by a corner).

use glam::{DMat2, DVec2};

use super::fallback::WideBox;
use super::rapier::math::Pose;
use crate::precision::Wide;

pub(super) type DVec = DVec2;
pub(super) type DMat = DMat2;
pub(super) const DIM: usize = 2;

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

#[cfg(test)]
mod tests {
    use super::super::fallback::contact;
    use super::super::rapier::math::{Real, Vector};
    use super::*;

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
