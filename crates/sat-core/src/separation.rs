//! The result of a separation query: signed gap, unit axis and the feature that produced it.

use core::fmt;

/// Which candidate axis of the separating-axis test carried the result.
///
/// Indices are local axes: 0 = x, 1 = y, 2 = z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    /// Face normal `i` of the first box (`self`).
    FaceA(u8),
    /// Face normal `j` of the second box (`other`).
    FaceB(u8),
    /// Cross product of edge direction `i` of the first box and edge direction `j` of the
    /// second (3D only).
    EdgePair(u8, u8),
}

impl fmt::Display for Feature {
    /// `face_a0`, `face_b2`, `edge_a1_b2`: the names the CLI prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::FaceA(i) => write!(f, "face_a{i}"),
            Self::FaceB(j) => write!(f, "face_b{j}"),
            Self::EdgePair(i, j) => write!(f, "edge_a{i}_b{j}"),
        }
    }
}

/// Signed separation of two boxes along their best separating axis.
///
/// `V` is `glam::Vec2` or `glam::Vec3` with `R = f32` (the default, from [`Obb2`](crate::Obb2)
/// and [`Obb3`](crate::Obb3)), or `glam::DVec2` or `glam::DVec3` with `R = f64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Separation<V, R = f32> {
    /// Largest signed gap over the candidate axes. Positive: the boxes are apart and the gap is a
    /// lower bound of their distance. Negative: they overlap and `-gap` is the penetration depth
    /// (the smallest translation along a candidate axis that separates them).
    pub gap: R,
    /// Unit axis in world space, pointing from the first box towards the second.
    pub axis: V,
    /// The candidate axis that produced `gap`.
    pub feature: Feature,
}
