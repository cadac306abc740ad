//! Rounding an exact normalised gap to `f64` without losing its sign.

use num_bigint::{BigInt, Sign};
use num_traits::{ToPrimitive, Zero};

/// `sign(gap) · |gap| / √den_sq / 2^shift` as an `f64`, for `den_sq > 0`.
///
/// Within one ulp of the exact value. The sign is exact, and the result is zero only when `gap`
/// is: a non-zero value too small for `f64` becomes `±f64::from_bits(1)` (the smallest
/// subnormal), one too large becomes `±∞`.
pub(crate) fn signed_root_quotient(gap: &BigInt, den_sq: &BigInt, shift: u32) -> f64 {
    if gap.is_zero() {
        return 0.0;
    }
    // m = gap² · 4^k / den_sq lies in [2^118, 2^122), so √m has 59 to 61 bits; both floors
    // below cost less than 2^-58 relative, and the conversion of √m rounds once.
    let square = gap * gap;
    let bits = square.bits() as i64 - den_sq.bits() as i64;
    let k = (119 - bits).div_euclid(2) + (119 - bits).rem_euclid(2);
    let m = if k >= 0 {
        (square << (2 * k) as usize) / den_sq
    } else {
        square / (den_sq << (-2 * k) as usize)
    };
    let root = m.sqrt().to_u64().expect("√m has at most 61 bits") as f64;
    let magnitude = match mul_pow2(root, -k - i64::from(shift)) {
        0.0 => f64::from_bits(1),
        v => v,
    };
    if gap.sign() == Sign::Minus {
        -magnitude
    } else {
        magnitude
    }
}

/// `2^e` for a normal-range exponent, exactly.
fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// `x · 2^e`, exact while the result is a normal `f64`.
fn mul_pow2(mut x: f64, mut e: i64) -> f64 {
    const STEP: i32 = 1000; // 2^±1000 are normal f64
    while e > i64::from(STEP) && x.is_finite() {
        x *= pow2(STEP);
        e -= i64::from(STEP);
    }
    while e < -i64::from(STEP) && x != 0.0 {
        x *= pow2(-STEP);
        e += i64::from(STEP);
    }
    x * pow2(e.clamp(-i64::from(STEP), i64::from(STEP)) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(gap: i64, den_sq: i64, shift: u32) -> f64 {
        signed_root_quotient(&BigInt::from(gap), &BigInt::from(den_sq), shift)
    }

    #[test]
    fn exact_values_come_out_exact() {
        assert_eq!(q(6, 4, 0), 3.0);
        assert_eq!(q(-6, 4, 1), -1.5);
        assert_eq!(q(0, 7, 3), 0.0);
        assert_eq!(q(1, 2, 0), 0.5f64.sqrt());
    }

    #[test]
    fn huge_denominators_keep_sign_and_never_reach_zero() {
        let big = BigInt::from(1) << 5000usize;
        assert_eq!(
            signed_root_quotient(&BigInt::from(-1), &big, 0),
            -f64::from_bits(1)
        );
        let v = signed_root_quotient(&BigInt::from(3), &(BigInt::from(1) << 2000usize), 0);
        assert_eq!(v, 3.0 * 2f64.powi(-1000));
        assert_eq!(
            signed_root_quotient(&big, &BigInt::from(1), 0),
            f64::INFINITY
        );
    }

    #[test]
    fn shift_scales_by_powers_of_two() {
        assert_eq!(q(5, 1, 1074), f64::from_bits(5));
        assert_eq!(q(-5, 1, 1074), -f64::from_bits(5));
    }
}
