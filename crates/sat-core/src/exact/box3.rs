//! `ExactBox3`, its rotation forms, and the exact 3D verdict (15 candidate axes).

use crate::precision::ToF64;
use crate::{Feature, Obb3};
use alloc::vec::Vec;
use glam::DVec3;
use num_bigint::BigInt;
use num_traits::Zero;

use super::ExactVerdict;
use super::best_axis::judge;
use super::dyadic::{integers, take};
use super::integer_pair::IntPair;

from_stored!(
    ExactBox3[x_axis, y_axis, z_axis]:
    Obb3,
    crate::DObb3,
    #[cfg(all(test, feature = "std"))]
    crate::double::scalar::obb3::Obb3,
);

/// The orientation of an [`ExactBox3`].
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox3, Rotation3};
///
/// let b = ExactBox3::from_quat([0.0; 3], [1.0; 3], [0.0, 0.0, 0.0, 2.0]); // any length
/// assert_eq!(b.rotation, Rotation3::Quat([0.0, 0.0, 0.0, 2.0]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rotation3 {
    /// Quaternion `[x, y, z, w]` (glam's order), not necessarily unit: the columns are those of
    /// `R(q)/|q|²`, an exactly orthogonal rational matrix for any non-zero `q`, with glam's
    /// convention (`Mat3::from_quat`: column 0 is the image of X).
    Quat([f64; 4]),
    /// Three columns (local x, y, z in world space) taken exactly: a parallelepiped if they
    /// are not orthonormal.
    Axes([[f64; 3]; 3]),
}

/// A 3D box `{center + Σ_i λ_i half_extents[i] g_i : |λ_i| ≤ 1}` with columns `g_i` from
/// `rotation`, read exactly.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox3, verdict3};
///
/// // A quaternion of any length names the rotation R(q)/|q|², exactly.
/// let a = ExactBox3::from_quat([0.0; 3], [1.0; 3], [0.0, 0.0, 1.0, 1.0]); // 90° about z
/// let b = ExactBox3::from_quat([2.0, 0.0, 0.0], [1.0; 3], [0.0, 0.0, 0.0, 1.0]);
/// assert!(verdict3(&a, &b).intersects); // touching
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactBox3 {
    /// Centre.
    pub center: [f64; 3],
    /// Non-negative half-extents along the columns.
    pub half_extents: [f64; 3],
    /// Where the columns come from.
    pub rotation: Rotation3,
}

impl ExactBox3 {
    /// Box rotated by the quaternion `[x, y, z, w]` (need not be unit; see
    /// [`Rotation3::Quat`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::{ExactBox3, verdict3};
    ///
    /// // q = (0, 0, 1, 2) rotates about z by 2·atan(1/2): cos = 3/5, sin = 4/5, exactly.
    /// let a = ExactBox3::from_quat([0.0; 3], [5.0; 3], [0.0, 0.0, 1.0, 2.0]);
    /// let cols = [[3.0, 4.0, 0.0], [-4.0, 3.0, 0.0], [0.0, 0.0, 5.0]];
    /// let same = ExactBox3::from_axes([0.0; 3], [1.0; 3], cols);
    /// let probe = ExactBox3::from_quat([9.0, 0.0, 0.0], [1.0; 3], [0.0, 0.0, 0.0, 1.0]);
    /// let (v, w) = (verdict3(&a, &probe), verdict3(&same, &probe));
    /// assert_eq!((v.intersects, v.margin, v.feature), (w.intersects, w.margin, w.feature));
    /// assert_eq!((v.intersects, v.margin), (false, 1.0));
    /// ```
    pub fn from_quat(center: [f64; 3], half_extents: [f64; 3], quat: [f64; 4]) -> Self {
        ExactBox3 {
            center,
            half_extents,
            rotation: Rotation3::Quat(quat),
        }
    }

    /// Box with the given columns (see [`Rotation3::Axes`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::{ExactBox3, verdict3};
    ///
    /// let i = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let a = ExactBox3::from_axes([0.0; 3], [1.0; 3], i);
    /// let b = ExactBox3::from_axes([2.0, 0.0, 0.0], [1.0 - f64::EPSILON / 2.0, 1.0, 1.0], i);
    /// assert!(!verdict3(&a, &b).intersects); // 2⁻⁵³ apart, and that is exact
    /// ```
    pub fn from_axes(center: [f64; 3], half_extents: [f64; 3], axes: [[f64; 3]; 3]) -> Self {
        ExactBox3 {
            center,
            half_extents,
            rotation: Rotation3::Axes(axes),
        }
    }

    /// The box `obb` stores (its `f32` centre, half-extents and axis columns, exactly): the box
    /// sat-core tests, within one rounding of the box named by the constructor's input. The same
    /// as `ExactBox3::from(obb)`, which also takes a [`DObb3`](crate::DObb3).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::exact::{ExactBox3, verdict3};
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let (a, b) = (Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY), Obb3::new(Vec3::X * 2.5, Vec3::ONE, Quat::IDENTITY));
    /// let v = verdict3(&ExactBox3::from_obb(&a), &ExactBox3::from_obb(&b));
    /// assert_eq!((v.intersects, v.margin), (false, 0.5));
    /// ```
    pub fn from_obb(obb: &Obb3) -> Self {
        Self::from(obb)
    }
}

impl Rotation3 {
    /// Integer columns `G_i` and positive denominator `D` with column `i = G_i / D`.
    pub(super) fn integer_columns(&self) -> ([[BigInt; 3]; 3], BigInt) {
        match self {
            Rotation3::Quat(q) => {
                // The common power of two of q cancels in R(q)/|q|².
                let (ints, _) = integers(q, "quaternion");
                let [x, y, z, w]: [BigInt; 4] = take(&mut ints.into_iter());
                let (xx, yy, zz, ww) = (&x * &x, &y * &y, &z * &z, &w * &w);
                let norm = &xx + &yy + &zz + &ww;
                assert!(!norm.is_zero(), "quaternion must be non-zero");
                let two = |p: BigInt| p << 1usize;
                let (xy, xz, yz) = (&x * &y, &x * &z, &y * &z);
                let (wx, wy, wz) = (&w * &x, &w * &y, &w * &z);
                let cols = [
                    [&ww + &xx - &yy - &zz, two(&xy + &wz), two(&xz - &wy)],
                    [two(&xy - &wz), &ww - &xx + &yy - &zz, two(&yz + &wx)],
                    [two(xz + wy), two(yz - wx), ww - xx - yy + zz],
                ];
                (cols, norm)
            }
            Rotation3::Axes(axes) => {
                let (ints, shift) = integers(axes.as_flattened(), "axes");
                let mut ints = ints.into_iter();
                let cols = [take(&mut ints), take(&mut ints), take(&mut ints)];
                (cols, BigInt::from(1) << shift)
            }
        }
    }

    /// Face normal `i`, `G_j × G_k` for `(i, j, k)` cyclic, up to a positive factor. For a
    /// quaternion that is `G_i` itself: the columns of a rotation satisfy `g_j × g_k = g_i`
    /// exactly, so `G_j × G_k = D · G_i`, and `G_i` has half the bits.
    pub(super) fn face_normals(&self, cols: &[[BigInt; 3]; 3]) -> [[BigInt; 3]; 3] {
        match self {
            Rotation3::Quat(_) => cols.clone(),
            Rotation3::Axes(_) => [
                cross(&cols[1], &cols[2]),
                cross(&cols[2], &cols[0]),
                cross(&cols[0], &cols[1]),
            ],
        }
    }
}

/// The exact verdict for two 3D boxes over the 15 candidate axes `FaceA(0..3)`, `FaceB(0..3)`,
/// `EdgePair(i, j)`, see [`exact`](crate::exact).
///
/// # Panics
///
/// On a non-finite input, a negative half-extent, a zero quaternion, or when every candidate
/// axis is zero (both boxes' columns degenerate).
///
/// # Examples
///
/// ```
/// use sat_core::Feature;
/// use sat_core::exact::{ExactBox3, verdict3};
///
/// let identity = [0.0, 0.0, 0.0, 1.0];
/// let a = ExactBox3::from_quat([0.0; 3], [1.0; 3], identity);
/// let b = ExactBox3::from_quat([0.0, 0.0, 2.5], [1.0; 3], identity);
/// let v = verdict3(&a, &b);
/// assert_eq!((v.intersects, v.margin, v.feature), (false, 0.5, Feature::FaceA(2)));
/// ```
pub fn verdict3(a: &ExactBox3, b: &ExactBox3) -> ExactVerdict {
    let pair = IntPair::new(
        [a.center, b.center],
        [a.half_extents, b.half_extents],
        a.rotation.integer_columns(),
        b.rotation.integer_columns(),
    );
    let (ga, gb) = (&pair.a.cols, &pair.b.cols);
    let mut axes = Vec::with_capacity(15);
    axes.extend(
        (0u8..)
            .zip(a.rotation.face_normals(ga))
            .map(|(i, l)| (Feature::FaceA(i), l)),
    );
    axes.extend(
        (0u8..)
            .zip(b.rotation.face_normals(gb))
            .map(|(j, l)| (Feature::FaceB(j), l)),
    );
    for (i, g) in (0u8..).zip(ga) {
        for (j, h) in (0u8..).zip(gb) {
            axes.push((Feature::EdgePair(i, j), cross(g, h)));
        }
    }
    let t = DVec3::from(b.center) - DVec3::from(a.center);
    let scale =
        t.length() + DVec3::from(a.half_extents).length() + DVec3::from(b.half_extents).length();
    judge(&pair, axes, scale)
}

/// Exact cross product.
pub(super) fn cross(u: &[BigInt; 3], v: &[BigInt; 3]) -> [BigInt; 3] {
    [
        &u[1] * &v[2] - &u[2] * &v[1],
        &u[2] * &v[0] - &u[0] * &v[2],
        &u[0] * &v[1] - &u[1] * &v[0],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tolerance::Band;
    use alloc::vec;
    use glam::{DMat3, DQuat, Quat, Vec3};
    use num_traits::ToPrimitive;

    const IDENTITY: [f64; 4] = [0.0, 0.0, 0.0, 1.0];

    /// Knuth's MMIX linear congruential generator from `seed`, with `increment`: its states.
    fn lcg(seed: u64, increment: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(increment);
            state
        }
    }

    fn cube(center: [f64; 3]) -> ExactBox3 {
        ExactBox3::from_quat(center, [1.0; 3], IDENTITY)
    }

    fn key(v: ExactVerdict) -> (bool, f64, Feature) {
        (v.intersects, v.margin, v.feature)
    }

    #[test]
    fn touching_cubes_intersect_with_margin_zero() {
        let v = verdict3(&cube([0.0; 3]), &cube([2.0, 0.0, 0.0]));
        assert_eq!(key(v), (true, 0.0, Feature::FaceA(0)));
        assert_eq!(v.scale, 2.0 + 2.0 * 3f64.sqrt());
    }

    #[test]
    fn separated_and_overlapping_cubes() {
        let v = verdict3(&cube([0.0; 3]), &cube([0.25, -2.5, 0.0]));
        assert_eq!(key(v), (false, 0.5, Feature::FaceA(1)));
        let v = verdict3(&cube([0.0; 3]), &cube([0.25, -1.5, 0.0]));
        assert_eq!(key(v), (true, -0.5, Feature::FaceA(1)));
    }

    /// A: the unit-ish square prism rotated 45° about z, vertical edge at x = 1. B: a prism
    /// rotated 45° about y, edge along y at x = c − 1. Only the edge axis z × y separates them.
    fn crossed_prisms(c: f64) -> (ExactBox3, ExactBox3) {
        let a = ExactBox3::from_axes(
            [0.0; 3],
            [0.5, 0.5, 1.0],
            [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        );
        let b = ExactBox3::from_axes(
            [c, 0.0, 0.0],
            [0.5, 1.0, 0.5],
            [[1.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]],
        );
        (a, b)
    }

    #[test]
    fn only_an_edge_axis_separates() {
        let (a, b) = crossed_prisms(2.5);
        assert_eq!(key(verdict3(&a, &b)), (false, 0.5, Feature::EdgePair(2, 1)));
        let (a, b) = crossed_prisms(2.0 + 2f64.powi(-40));
        assert_eq!(
            key(verdict3(&a, &b)),
            (false, 2f64.powi(-40), Feature::EdgePair(2, 1))
        );
        let (a, b) = crossed_prisms(2.0);
        assert_eq!(key(verdict3(&a, &b)), (true, 0.0, Feature::EdgePair(2, 1)));
    }

    #[test]
    fn quaternion_scale_and_sign_do_not_matter() {
        let probe = ExactBox3::from_quat([3.0, 1.0, -2.0], [0.5, 1.0, 1.5], [0.3, -0.1, 0.2, 0.9]);
        let q = [0.0, 0.0, 1.0, 2.0];
        let reference = verdict3(&ExactBox3::from_quat([0.0; 3], [1.0, 2.0, 0.5], q), &probe);
        for factor in [3.0, -1.0, 2f64.powi(-30), 1e10] {
            let scaled = q.map(|c| c * factor);
            let v = verdict3(
                &ExactBox3::from_quat([0.0; 3], [1.0, 2.0, 0.5], scaled),
                &probe,
            );
            assert_eq!(v, reference);
        }
        let unit = [0.0, 0.0, 0.0, 1.0].map(|c: f64| c * 7.0);
        assert_eq!(
            verdict3(&cube([0.0; 3]), &probe),
            verdict3(&ExactBox3::from_quat([0.0; 3], [1.0; 3], unit), &probe)
        );
    }

    #[test]
    fn quaternion_columns_follow_glam() {
        for q in [
            [0.1, 0.2, 0.3, 0.9],
            [-0.5, 0.5, 0.5, 0.5],
            [0.0, 0.0, 1.0, 2.0],
        ] {
            let (cols, den) = Rotation3::Quat(q).integer_columns();
            let den = den.to_f64().unwrap();
            let glam = DMat3::from_quat(DQuat::from_array(q).normalize());
            for (col, expected) in cols.iter().zip([glam.x_axis, glam.y_axis, glam.z_axis]) {
                let got = DVec3::from(col.clone().map(|c| c.to_f64().unwrap())) / den;
                assert!((got - expected).length() < 1e-15, "{got} vs {expected}");
            }
        }
    }

    #[test]
    fn quaternion_face_normals_are_the_cross_products() {
        for q in [
            [0.1, 0.2, 0.3, 0.9],
            [-0.5, 0.5, 0.5, 0.5],
            [1e-3, -7.0, 0.25, 3.0],
        ] {
            let rotation = Rotation3::Quat(q);
            let (cols, den) = rotation.integer_columns();
            let crossed = Rotation3::Axes([[0.0; 3]; 3]).face_normals(&cols);
            let expected = cols.clone().map(|c| c.map(|x| x * &den));
            assert_eq!(crossed, expected);
            assert_eq!(rotation.face_normals(&cols), cols);
        }
    }

    #[test]
    fn parallelepiped_is_taken_as_given() {
        // Columns (1,0,0), (1,1,0), (0,0,1): a prism over the parallelogram with corners
        // ±(2, 1), ±(0, 1); its edge (2, 1, z) is 0.25 from the cube's edge (2.25, 1, z).
        let sheared = ExactBox3::from_axes(
            [0.0; 3],
            [1.0; 3],
            [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        );
        let v = verdict3(&sheared, &cube([3.25, 2.0, 0.0]));
        assert_eq!(key(v), (false, 0.25, Feature::FaceB(0)));
        let v = verdict3(&sheared, &cube([3.0, 2.0, 0.5]));
        assert_eq!(key(v), (true, 0.0, Feature::FaceA(1)));
    }

    #[test]
    #[should_panic(expected = "quaternion must be non-zero")]
    fn zero_quaternion_panics() {
        verdict3(
            &cube([0.0; 3]),
            &ExactBox3::from_quat([0.0; 3], [1.0; 3], [0.0; 4]),
        );
    }

    #[test]
    #[should_panic(expected = "half-extents must be non-negative")]
    fn negative_extent_panics() {
        verdict3(
            &cube([0.0; 3]),
            &ExactBox3::from_quat([0.0; 3], [1.0, -1.0, 1.0], IDENTITY),
        );
    }

    /// The margin in plain `f64` over the same 15 axes (unit quaternions via glam).
    fn float_margin(a: &ExactBox3, b: &ExactBox3) -> f64 {
        let cols = |r: &Rotation3| match r {
            Rotation3::Quat(q) => {
                let m = DMat3::from_quat(DQuat::from_array(*q).normalize());
                [m.x_axis, m.y_axis, m.z_axis]
            }
            Rotation3::Axes(c) => c.map(DVec3::from),
        };
        let (ga, gb) = (cols(&a.rotation), cols(&b.rotation));
        let t = DVec3::from(b.center) - DVec3::from(a.center);
        let mut axes = vec![
            ga[1].cross(ga[2]),
            ga[2].cross(ga[0]),
            ga[0].cross(ga[1]),
            gb[1].cross(gb[2]),
            gb[2].cross(gb[0]),
            gb[0].cross(gb[1]),
        ];
        for g in ga {
            axes.extend(gb.map(|h| g.cross(h)));
        }
        let reach = |g: [DVec3; 3], e: [f64; 3], l: DVec3| -> f64 {
            (0..3).map(|k| e[k] * g[k].dot(l).abs()).sum()
        };
        axes.into_iter()
            .map(DVec3::normalize)
            .map(|l| t.dot(l).abs() - reach(ga, a.half_extents, l) - reach(gb, b.half_extents, l))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The integer bookkeeping (shifts, quaternion denominators, skipped columns) against a
    /// plain float evaluation, over magnitudes from 2^-40 to 2^40 and both rotation forms.
    #[test]
    fn margin_matches_a_float_evaluation() {
        let mut bits = lcg(0x9e37_79b9_7f4a_7c15, 1442695040888963407);
        let mut next = move || ((bits() >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0;
        for case in 0..400 {
            let size = 2f64.powi((next() * 40.0) as i32);
            let mut make = |parallelepiped: bool| {
                let center = [next(), next(), next()].map(|c| c * 3.0 * size);
                let half = [next(), next(), next()].map(|e| (e.abs() + 0.1) * size);
                if parallelepiped {
                    let axes = [
                        [next(), next(), next()],
                        [next(), next(), next()],
                        [next(), next(), next()],
                    ];
                    ExactBox3::from_axes(center, half, axes)
                } else {
                    let scale = 2f64.powi((next() * 20.0) as i32);
                    ExactBox3::from_quat(
                        center,
                        half,
                        [next(), next(), next(), next()].map(|c| c * scale),
                    )
                }
            };
            let (a, b) = (make(case % 3 == 0), make(case % 2 == 0));
            let v = verdict3(&a, &b);
            let float = float_margin(&a, &b);
            assert!(
                (v.margin - float).abs() <= 1e-9 * v.scale,
                "{case}: {v:?} vs {float}"
            );
            assert_eq!(v.intersects, v.margin <= 0.0);
        }
    }

    /// sat-core's verdict equals the exact one outside its band, for the boxes named by the
    /// input (quaternion read exactly) and for the boxes it stores.
    #[test]
    fn agrees_with_sat_core_outside_the_band() {
        let mut bits = lcg(0x2545_f491_4f6c_dd1d, 1);
        let mut next = move || ((bits() >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0;
        let mut decided = 0;
        for _ in 0..300 {
            let mut obb = || {
                let c = Vec3::new(next(), next(), next()) * 3.0;
                let e = Vec3::new(next(), next(), next()).abs() + Vec3::splat(0.1);
                let q = Quat::from_xyzw(next(), next(), next(), next());
                let exact = ExactBox3::from_quat(
                    c.as_dvec3().to_array(),
                    e.as_dvec3().to_array(),
                    q.to_array().map(f64::from),
                );
                (Obb3::new(c, e, q), exact)
            };
            let ((a, ea), (b, eb)) = (obb(), obb());
            let named = verdict3(&ea, &eb);
            let stored = verdict3(&ExactBox3::from_obb(&a), &ExactBox3::from_obb(&b));
            let band = f64::from(Band::f32(a.error_scale(&b)).width());
            for v in [named, stored] {
                if v.margin.abs() > band {
                    assert_eq!(v.intersects, a.intersects(&b), "{v:?}");
                    decided += 1;
                }
            }
            assert!((named.margin - stored.margin).abs() <= band);
        }
        assert!(decided > 500);
    }
}
