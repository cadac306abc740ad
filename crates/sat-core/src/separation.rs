//! The result of a separation query: signed gap, unit axis and the feature that produced it.

use core::fmt;

/// Which candidate axis of the separating-axis test carried the result.
///
/// Indices are local axes: 0 = x, 1 = y, 2 = z.
///
/// # Examples
///
/// ```
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::{Feature, Obb3};
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let b = Obb3::new(Vec3::X * 3.0, Vec3::ONE, Quat::IDENTITY);
/// assert!(matches!(a.separation(&b).feature, Feature::FaceA(0) | Feature::FaceB(0)));
/// ```
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
///
/// # Error bound
///
/// `gap` is within `SEPARATION_K·ε·S` of the exact boxes' signed gap along `axis`
/// (`SEPARATION_K_F64·ε₆₄·S` in f64).
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let s = a.separation(&Obb3::new(Vec3::Y * 2.5, Vec3::ONE, Quat::IDENTITY));
/// assert_eq!((s.gap, s.axis), (0.5, Vec3::Y));
/// ```
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
