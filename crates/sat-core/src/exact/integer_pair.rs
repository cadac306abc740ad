//! A pair of boxes in integers, and the signed gap along an axis.
//!
//! Lengths (both centres and all half-extents) share one power-of-two denominator `2^shift`;
//! each box's columns are `G_i / D` with integer `G_i` and a positive integer `D` of its own
//! (`2^k` for columns given as floats, `|q|²` for a quaternion). Multiplying the gap by the
//! positive constant `2^shift · D_A · D_B` leaves only integer products and sums.

use crate::Feature;
use alloc::vec::Vec;
use num_bigint::BigInt;
use num_traits::Signed;

use super::dyadic::{integers, take};

/// One box: columns `cols[i] / den` in world space and half-extents `ext[i] / 2^shift` (the
/// pair's shift).
pub(crate) struct IntBox<const N: usize> {
    pub(crate) cols: [[BigInt; N]; N],
    pub(crate) den: BigInt,
    ext: [BigInt; N],
}

/// Two boxes with `t = c_B − c_A` over the common length denominator `2^shift`.
pub(crate) struct IntPair<const N: usize> {
    pub(crate) a: IntBox<N>,
    pub(crate) b: IntBox<N>,
    t: [BigInt; N],
    /// `D_A · D_B`.
    pub(crate) den_ab: BigInt,
    /// Lengths are integers over `2^shift`.
    pub(crate) shift: u32,
}

impl<const N: usize> IntPair<N> {
    /// Converts centres and half-extents exactly; `cols_*` are each box's integer columns and
    /// denominator.
    ///
    /// Panics on a non-finite length or a negative half-extent.
    pub(crate) fn new(
        centers: [[f64; N]; 2],
        half_extents: [[f64; N]; 2],
        cols_a: ([[BigInt; N]; N], BigInt),
        cols_b: ([[BigInt; N]; N], BigInt),
    ) -> Self {
        let lengths: Vec<f64> = centers
            .iter()
            .chain(&half_extents)
            .flatten()
            .copied()
            .collect();
        let (ints, shift) = integers(&lengths, "centres and half-extents");
        for e in half_extents.iter().flatten() {
            assert!(*e >= 0.0, "half-extents must be non-negative, got {e}");
        }
        let mut ints = ints.into_iter();
        let [c_a, c_b]: [[BigInt; N]; 2] = [take(&mut ints), take(&mut ints)];
        let t = core::array::from_fn(|k| &c_b[k] - &c_a[k]);
        let a = IntBox {
            cols: cols_a.0,
            den: cols_a.1,
            ext: take(&mut ints),
        };
        let b = IntBox {
            cols: cols_b.0,
            den: cols_b.1,
            ext: take(&mut ints),
        };
        let den_ab = &a.den * &b.den;
        IntPair {
            a,
            b,
            t,
            den_ab,
            shift,
        }
    }

    /// `2^shift · D_A · D_B · (|t·L| − Σ e_Ai |g_Ai·L| − Σ e_Bj |g_Bj·L|)`: the exact gap
    /// numerator along `l` times a positive constant of the pair (the same for every axis).
    ///
    /// `l` must be the candidate axis of `feature`: the columns it is perpendicular to by
    /// construction (`g · (g × h) = 0`, `g · perp(g) = 0`) are skipped. Face `i` of a box
    /// meets only that box's column `i`; edge pair `(i, j)` meets neither `g_Ai` nor `g_Bj`.
    pub(crate) fn scaled_gap(&self, l: &[BigInt; N], feature: Feature) -> BigInt {
        let only = |i: u8| core::array::from_fn(|k| k == usize::from(i));
        let except = |i: u8| core::array::from_fn(|k| k != usize::from(i));
        let (meets_a, meets_b) = match feature {
            Feature::FaceA(i) => (only(i), [true; N]),
            Feature::FaceB(j) => ([true; N], only(j)),
            Feature::EdgePair(i, j) => (except(i), except(j)),
        };
        &self.den_ab * dot(&self.t, l).abs()
            - &self.b.den * reach(&self.a, l, meets_a)
            - &self.a.den * reach(&self.b, l, meets_b)
    }
}

/// `Σ E_k |G_k·L|` over the columns `k` with `meets[k]`: the box's projection radius on `l`
/// times `2^shift · D`.
fn reach<const N: usize>(b: &IntBox<N>, l: &[BigInt; N], meets: [bool; N]) -> BigInt {
    (0..N)
        .filter(|&k| meets[k])
        .map(|k| &b.ext[k] * dot(&b.cols[k], l).abs())
        .sum()
}

/// Exact dot product.
pub(crate) fn dot<const N: usize>(u: &[BigInt; N], v: &[BigInt; N]) -> BigInt {
    u.iter().zip(v).map(|(x, y)| x * y).sum()
}
