//! `ExactBox2` and the exact 2D verdict (4 candidate axes).

use crate::precision::ToF64;
use crate::{Feature, Obb2};
use glam::DVec2;
use num_bigint::BigInt;

use super::ExactVerdict;
use super::best_axis::judge;
use super::dyadic::{integers, take};
use super::integer_pair::IntPair;

from_stored!(ExactBox2[x_axis, y_axis]: Obb2, crate::DObb2);

/// A 2D box `{center + Σ_i λ_i half_extents[i] axes[i] : |λ_i| ≤ 1}`, read exactly.
///
/// `axes` are the two columns (local x, local y) in world space, taken as given: a
/// parallelogram if they are not orthonormal.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox2, verdict2};
///
/// let a = ExactBox2::from_degrees([0.0, 0.0], [1.0, 1.0], 0.0);
/// let b = ExactBox2::from_degrees([2.0, 0.0], [1.0, 1.0], 90.0);
/// let v = verdict2(&a, &b);
/// assert!(v.intersects && v.margin == 0.0); // exactly touching
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactBox2 {
    /// Centre.
    pub center: [f64; 2],
    /// Non-negative half-extents along the columns.
    pub half_extents: [f64; 2],
    /// Columns: `axes[0]` is local x, `axes[1]` local y.
    pub axes: [[f64; 2]; 2],
}

impl ExactBox2 {
    /// Box with the given columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::ExactBox2;
    ///
    /// // Columns that lean: the box is the parallelogram they span, read exactly.
    /// let b = ExactBox2::from_axes([0.0; 2], [1.0; 2], [[1.0, 0.0], [1e-7, 1.0]]);
    /// assert_eq!(b.axes[1], [1e-7, 1.0]);
    /// ```
    pub fn from_axes(center: [f64; 2], half_extents: [f64; 2], axes: [[f64; 2]; 2]) -> Self {
        ExactBox2 {
            center,
            half_extents,
            axes,
        }
    }

    /// Box with columns `(cos, sin)` and `(−sin, cos)`, exactly. The pair is not normalised
    /// (that would be irrational): a pair of length `r` scales the box by `r`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::ExactBox2;
    ///
    /// let b = ExactBox2::from_cos_sin([0.0, 0.0], [2.0, 1.0], 0.6, 0.8);
    /// assert_eq!(b.axes, [[0.6, 0.8], [-0.8, 0.6]]);
    /// ```
    pub fn from_cos_sin(center: [f64; 2], half_extents: [f64; 2], cos: f64, sin: f64) -> Self {
        Self::from_axes(center, half_extents, [[cos, sin], [-sin, cos]])
    }

    /// Box turned by `radians` as written: the columns `(cos, sin)` and `(−sin, cos)` of the f64
    /// angle, computed by the `libm` crate (correctly reduced, the same on every platform) and
    /// then taken exactly, as [`Obb2::try_enclosing`] does before rounding.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::ExactBox2;
    ///
    /// let b = ExactBox2::from_radians([0.0; 2], [1.0; 2], 0.5);
    /// assert_eq!(b.axes[0], [0.5f64.cos(), 0.5f64.sin()]);
    /// ```
    pub fn from_radians(center: [f64; 2], half_extents: [f64; 2], radians: f64) -> Self {
        let (sin, cos) = libm::sincos(radians);
        Self::from_cos_sin(center, half_extents, cos, sin)
    }

    /// Box turned by `degrees` as written: reduced modulo 360 exactly, exact columns for
    /// multiples of 90°, else [`from_radians`](Self::from_radians) of the reduced angle — what
    /// [`Obb2::try_enclosing_degrees`] does before rounding.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::ExactBox2;
    ///
    /// let b = ExactBox2::from_degrees([0.0; 2], [1.0; 2], -7_199_910.0); // -20000 turns + 90°
    /// assert_eq!(b.axes, [[0.0, 1.0], [-1.0, 0.0]]);
    /// ```
    pub fn from_degrees(center: [f64; 2], half_extents: [f64; 2], degrees: f64) -> Self {
        let x = crate::single::obb2::degrees_direction(degrees);
        Self::from_cos_sin(center, half_extents, x.x, x.y)
    }

    /// The box `obb` stores (its `f32` centre, half-extents and axis columns, exactly): the box
    /// sat-core tests, within one rounding of the box named by the constructor's input. The same
    /// as `ExactBox2::from(obb)`, which also takes a [`DObb2`](crate::DObb2).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::exact::ExactBox2;
    /// use sat_core::glam::Vec2;
    ///
    /// let stored = Obb2::new(Vec2::new(1.0, 2.0), Vec2::ONE, 0.3);
    /// let exact = ExactBox2::from_obb(&stored);
    /// assert_eq!(exact.center, [1.0, 2.0]);
    /// ```
    pub fn from_obb(obb: &Obb2) -> Self {
        Self::from(obb)
    }

    /// Integer columns `G_i` and denominator `D` with `axes[i] = G_i / D`.
    pub(super) fn integer_columns(&self) -> ([[BigInt; 2]; 2], BigInt) {
        let (ints, shift) = integers(self.axes.as_flattened(), "axes");
        let mut ints = ints.into_iter();
        ([take(&mut ints), take(&mut ints)], BigInt::from(1) << shift)
    }
}

/// The exact verdict for two 2D boxes: face normals `FaceA(0)`, `FaceA(1)`, `FaceB(0)`,
/// `FaceB(1)` (face normal `i` is perpendicular to the other column), see
/// [`exact`](crate::exact).
///
/// # Panics
///
/// On a non-finite input, a negative half-extent, or when every column of both boxes is zero.
///
/// # Examples
///
/// ```
/// use sat_core::Feature;
/// use sat_core::exact::{ExactBox2, verdict2};
///
/// let square = ExactBox2::from_cos_sin([0.0, 0.0], [1.0, 1.0], 1.0, 0.0);
/// // Columns (0.5, 0.5) and (-0.5, 0.5) with half-extents 2: a diamond of half-diagonal 2.
/// let diamond = ExactBox2::from_cos_sin([3.5, 0.0], [2.0, 2.0], 0.5, 0.5);
/// let v = verdict2(&square, &diamond);
/// assert_eq!((v.intersects, v.margin, v.feature), (false, 0.5, Feature::FaceA(0)));
/// ```
pub fn verdict2(a: &ExactBox2, b: &ExactBox2) -> ExactVerdict {
    let pair = IntPair::new(
        [a.center, b.center],
        [a.half_extents, b.half_extents],
        a.integer_columns(),
        b.integer_columns(),
    );
    let faces = |cols: &[[BigInt; 2]; 2]| [perp(&cols[1]), perp(&cols[0])];
    let axes = (0u8..)
        .zip(faces(&pair.a.cols))
        .map(|(i, l)| (Feature::FaceA(i), l))
        .chain(
            (0u8..)
                .zip(faces(&pair.b.cols))
                .map(|(j, l)| (Feature::FaceB(j), l)),
        );
    let t = DVec2::from(b.center) - DVec2::from(a.center);
    let scale =
        t.length() + DVec2::from(a.half_extents).length() + DVec2::from(b.half_extents).length();
    judge(&pair, axes, scale)
}

/// `(−g.y, g.x)`.
pub(super) fn perp(g: &[BigInt; 2]) -> [BigInt; 2] {
    [-&g[1], g[0].clone()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: [[f64; 2]; 2] = [[1.0, 0.0], [0.0, 1.0]];

    fn unit_square(center: [f64; 2]) -> ExactBox2 {
        ExactBox2::from_axes(center, [1.0, 1.0], ID)
    }

    #[test]
    fn touching_squares_intersect_with_margin_zero() {
        let v = verdict2(&unit_square([0.0, 0.0]), &unit_square([2.0, 0.0]));
        assert!(v.intersects);
        assert_eq!(v.margin, 0.0);
        assert_eq!(v.feature, Feature::FaceA(0));
        assert_eq!(v.scale, 2.0 + 2.0 * 2f64.sqrt());
    }

    #[test]
    fn separated_squares() {
        let v = verdict2(&unit_square([0.0, 0.0]), &unit_square([0.0, -2.5]));
        assert_eq!(
            (v.intersects, v.margin, v.feature),
            (false, 0.5, Feature::FaceA(1))
        );
    }

    #[test]
    fn overlap_reports_penetration_depth() {
        let v = verdict2(&unit_square([0.0, 0.0]), &unit_square([1.5, 0.25]));
        assert_eq!(
            (v.intersects, v.margin, v.feature),
            (true, -0.5, Feature::FaceA(0))
        );
    }

    /// The unit square's neighbour rotated by 45°: columns (1, 1) and (−1, 1) with half-extents
    /// 0.5, so its corners are (±1, 0) and (0, ±1) around the centre.
    fn diamond(center: [f64; 2]) -> ExactBox2 {
        ExactBox2::from_cos_sin(center, [0.5, 0.5], 1.0, 1.0)
    }

    #[test]
    fn rotated_square_corner_touching_a_face() {
        let v = verdict2(&unit_square([0.0, 0.0]), &diamond([2.0, 0.5]));
        assert_eq!(
            (v.intersects, v.margin, v.feature),
            (true, 0.0, Feature::FaceA(0))
        );
        let v = verdict2(&unit_square([0.0, 1.0]), &diamond([3.0, 0.0]));
        assert_eq!(
            (v.intersects, v.margin, v.feature),
            (false, 1.0, Feature::FaceA(0))
        );
    }

    #[test]
    fn sub_ulp_gaps_keep_their_sign() {
        let point = |x: f64| ExactBox2::from_axes([x, 0.0], [0.0, 0.0], ID);
        let tiny = f64::from_bits(1);
        let v = verdict2(&point(0.0), &point(tiny));
        assert_eq!((v.intersects, v.margin), (false, tiny));
        let v = verdict2(&point(-tiny), &point(tiny));
        assert_eq!((v.intersects, v.margin), (false, 2.0 * tiny));
        let v = verdict2(
            &ExactBox2::from_axes([0.0, 0.0], [tiny, tiny], ID),
            &point(tiny),
        );
        assert_eq!((v.intersects, v.margin), (true, 0.0));
        // Just beyond the diamond's face x + y = 1: the gap 2^-53/√2 is only along its normal.
        let v = verdict2(
            &diamond([0.0, 0.0]),
            &ExactBox2::from_axes([0.5 + 2f64.powi(-53), 0.5], [0.0; 2], ID),
        );
        assert_eq!((v.intersects, v.feature), (false, Feature::FaceA(0)));
        assert_eq!(v.margin, 2f64.powi(-53) * 0.5f64.sqrt());
    }

    #[test]
    fn a_diamond_face_can_separate() {
        // Diamond corners at (±1, 0), (0, ±1) around (2.25, 2.25): the unit square's corner
        // (1, 1) is (2.25 + 2.25 − 1 − 1 − 1)/√2 = 1.5/√2 from the diamond's face x + y = 3.5.
        let diamond = ExactBox2::from_cos_sin([2.25, 2.25], [0.5, 0.5], 1.0, 1.0);
        let v = verdict2(&unit_square([0.0, 0.0]), &diamond);
        assert!(!v.intersects);
        assert!(matches!(v.feature, Feature::FaceB(_)));
        assert_eq!(v.margin, 1.5 / 2f64.sqrt());
    }

    #[test]
    fn non_unit_cos_sin_scales_the_box() {
        let big = ExactBox2::from_cos_sin([0.0, 0.0], [1.0, 1.0], 2.0, 0.0);
        let v = verdict2(&big, &unit_square([3.0, 0.0]));
        assert_eq!((v.intersects, v.margin), (true, 0.0));
    }

    #[test]
    fn parallelogram_is_taken_as_given() {
        // Columns (1, 0) and (1, 1): a sheared box whose top edge spans x in [0, 2] at y = 1.
        let sheared = ExactBox2::from_axes([0.0, 0.0], [1.0, 1.0], [[1.0, 0.0], [1.0, 1.0]]);
        let v = verdict2(&sheared, &unit_square([3.25, 2.0]));
        assert_eq!(
            (v.intersects, v.margin, v.feature),
            (false, 0.25, Feature::FaceB(0))
        );
    }

    #[test]
    fn from_obb_reads_the_stored_box() {
        let obb = Obb2::from_cos_sin(
            glam::Vec2::new(1.0, 2.0),
            glam::Vec2::new(3.0, 0.5),
            3.0,
            4.0,
        );
        let exact = ExactBox2::from_obb(&obb);
        assert_eq!(exact.axes[0], [f64::from(0.6f32), f64::from(0.8f32)]);
        assert_eq!(exact.center, [1.0, 2.0]);
        assert_eq!(exact.half_extents, [3.0, 0.5]);
    }
}
