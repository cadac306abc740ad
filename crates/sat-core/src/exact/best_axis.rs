//! The exact argmax over candidate axes, and the verdict it gives ([`ExactVerdict`]).

use crate::Feature;
use num_bigint::{BigInt, Sign};
use num_traits::{ToPrimitive, Zero};

use super::integer_pair::{IntPair, dot};
use super::margin::signed_root_quotient;

/// The exact verdict for a pair of boxes.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox3, verdict3};
///
/// let cube = |x: f64| ExactBox3::from_quat([x, 0.0, 0.0], [1.0; 3], [0.0, 0.0, 0.0, 1.0]);
/// let v = verdict3(&cube(0.0), &cube(1.5));
/// assert!(v.intersects && (v.margin + 0.5).abs() < 1e-15); // 0.5 deep
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactVerdict {
    /// Whether the closed boxes intersect (touching counts): no candidate axis has a positive gap.
    pub intersects: bool,
    /// The largest signed gap over the candidate axes (positive: apart by at least this much;
    /// negative: `-margin` is the penetration depth over the candidate axes), within one ulp,
    /// sign exact, zero only when the exact value is.
    pub margin: f64,
    /// The candidate axis of the largest gap (first of the tied ones).
    pub feature: Feature,
    /// `S = |t| + |e_A| + |e_B|` in `f64` (Euclidean norms), the scale of sat-core's error
    /// bound.
    pub scale: f64,
}

/// One non-zero candidate axis `L` with its scaled gap (see [`IntPair::scaled_gap`]).
struct Candidate {
    feature: Feature,
    gap: BigInt,
    len_sq: BigInt,
    /// `gap / |L|` in `f64` (within a few ulps), or NaN where a conversion overflows.
    estimate: f64,
}

impl Candidate {
    fn new(feature: Feature, gap: BigInt, len_sq: BigInt) -> Self {
        let estimate = match (gap.to_f64(), len_sq.to_f64()) {
            (Some(g), Some(l)) if g.is_finite() && l.is_finite() => g / libm::sqrt(l),
            _ => f64::NAN,
        };
        Candidate {
            feature,
            gap,
            len_sq,
            estimate,
        }
    }

    /// Whether `gap / |L|` is strictly larger than `other`'s. Decided by sign, then by the
    /// `f64` estimates where they differ by far more than their error, else exactly:
    /// `gap² · |L_other|²` against `other.gap² · |L|²`.
    fn exceeds(&self, other: &Candidate) -> bool {
        let (mine, theirs) = (self.gap.sign(), other.gap.sign());
        if mine != theirs {
            return mine > theirs;
        }
        let (x, y) = (self.estimate, other.estimate);
        // A NaN estimate fails this test and falls through to the exact one.
        if (x - y).abs() > 1e-12 * (x.abs() + y.abs()) {
            return x > y;
        }
        let lhs = &self.gap * &self.gap * &other.len_sq;
        let rhs = &other.gap * &other.gap * &self.len_sq;
        match mine {
            Sign::Plus => lhs > rhs,
            Sign::Minus => lhs < rhs,
            Sign::NoSign => false,
        }
    }
}

/// The verdict over `axes` (zero axes skipped): the first axis of largest normalised gap wins.
///
/// Panics if every axis is zero.
pub(crate) fn judge<const N: usize>(
    pair: &IntPair<N>,
    axes: impl IntoIterator<Item = (Feature, [BigInt; N])>,
    scale: f64,
) -> ExactVerdict {
    let mut best: Option<Candidate> = None;
    for (feature, l) in axes {
        let len_sq = dot(&l, &l);
        if len_sq.is_zero() {
            continue;
        }
        let candidate = Candidate::new(feature, pair.scaled_gap(&l, feature), len_sq);
        if best.as_ref().is_none_or(|b| candidate.exceeds(b)) {
            best = Some(candidate);
        }
    }
    let best = best.expect("no non-zero candidate axis: the boxes' columns are degenerate");
    // margin = gap / (2^shift · D_A · D_B · |L|)
    let den_sq = &pair.den_ab * &pair.den_ab * &best.len_sq;
    ExactVerdict {
        intersects: best.gap.sign() != Sign::Plus,
        margin: signed_root_quotient(&best.gap, &den_sq, pair.shift),
        feature: best.feature,
        scale,
    }
}
