//! Every finite `f64` is a dyadic rational `m · 2^e`, so a set of them shares a power-of-two
//! denominator and becomes a set of integers.

use alloc::vec::Vec;
use num_bigint::BigInt;
use num_traits::float::FloatCore;

/// `values` as integers over one power of two: `values[i] = ints[i] / 2^shift` exactly, with the
/// smallest `shift ≥ 0` that makes every `ints[i]` an integer.
///
/// Panics if a value is not finite (`what` names the input in the message).
pub(crate) fn integers(values: &[f64], what: &str) -> (Vec<BigInt>, u32) {
    let parts: Vec<(u64, i32, i8)> = values
        .iter()
        .map(|&v| {
            assert!(v.is_finite(), "{what} must be finite, got {v}");
            let (mantissa, exp, sign) = v.integer_decode();
            let zeros = mantissa.trailing_zeros().min(63);
            (mantissa >> zeros, i32::from(exp) + zeros as i32, sign)
        })
        .collect();
    let shift = parts
        .iter()
        .filter(|&&(m, _, _)| m != 0)
        .map(|&(_, exp, _)| -exp)
        .max()
        .unwrap_or(0)
        .max(0);
    let ints = parts
        .into_iter()
        .map(|(m, exp, sign)| {
            if m == 0 {
                return BigInt::ZERO;
            }
            // `exp + shift >= 0` by the choice of `shift`.
            let x = BigInt::from(m) << (exp + shift) as usize;
            if sign < 0 { -x } else { x }
        })
        .collect();
    (ints, shift as u32)
}

/// The next `N` items of `ints` as an array (the caller knows how many there are).
pub(crate) fn take<const N: usize>(ints: &mut impl Iterator<Item = BigInt>) -> [BigInt; N] {
    core::array::from_fn(|_| ints.next().expect("fewer integers than inputs"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_to_the_finest_power_of_two() {
        let (ints, shift) = integers(&[0.75, -2.0, 0.0, 3.0], "x");
        assert_eq!(shift, 2);
        assert_eq!(ints, [3, -8, 0, 12].map(BigInt::from));
    }

    #[test]
    fn integers_need_no_shift() {
        let (ints, shift) = integers(&[1e18, 6.0], "x");
        assert_eq!(shift, 0);
        assert_eq!(ints[1], BigInt::from(6));
        assert_eq!(ints[0], BigInt::from(1_000_000_000_000_000_000u64));
    }

    #[test]
    fn subnormals_are_exact() {
        let tiny = f64::from_bits(1); // 2^-1074
        let (ints, shift) = integers(&[tiny, -3.0 * tiny], "x");
        assert_eq!(shift, 1074);
        assert_eq!(ints, [1, -3].map(BigInt::from));
    }

    #[test]
    #[should_panic(expected = "centre must be finite")]
    fn rejects_nan() {
        integers(&[f64::NAN], "centre");
    }
}
