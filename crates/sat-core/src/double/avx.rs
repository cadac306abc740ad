//! `DObb3`'s queries on 256-bit AVX lanes, chosen at run time.
//!
//! `wide::f64x4` picks its instructions when the crate is compiled: on the default x86-64
//! target (SSE2) every operation of the lanes in `lanes.rs` is two 128-bit instructions, even
//! inside a function compiled for AVX. Here the same lanes run on AVX intrinsics ([`Avx`]), and
//! `DObb3`'s queries (`sat3.rs`, compiled once more on a view of the box's fields) run on them
//! inside functions compiled for AVX, which `sat3.rs`'s queries call first (through
//! `DObb3`'s [`Dispatch`]) when the CPU has AVX. Each intrinsic is the IEEE operation of the
//! scalar code (no FMA; `max`/`min` are `vmaxpd`/`vminpd`, which return the second operand
//! unless the first is greater / less: `if a > b { a } else { b }`, NaNs and signed zeros
//! included), so the results are the bits of the [`Portable`](crate::double::lanes::Portable) lanes and
//! of glam's `DVec3`.
//!
//! Speed rests on inlining: a lane operation left outside the `#[target_feature]` function is
//! compiled without AVX and calls its intrinsic out of line, so `sat3.rs` writes its small
//! arrays of lane values out rather than through `array::from_fn` or `map` closures.
//!
//! Safety: the only `unsafe` of sat-core's own. An intrinsic may run only on a CPU with AVX;
//! [`Avx`] lanes exist only in this module, whose queries run them only inside `on_avx!`'s
//! `#[target_feature(enable = "avx")]` functions, called once `is_x86_feature_detected!("avx")`
//! said yes (and in its tests, behind the same check).

use core::arch::x86_64::{
    __m256d, _CMP_GT_OQ, _CMP_LE_OQ, _CMP_LT_OQ, _mm256_add_pd, _mm256_andnot_pd, _mm256_cmp_pd,
    _mm256_div_pd, _mm256_max_pd, _mm256_min_pd, _mm256_mul_pd, _mm256_sub_pd, _mm256_xor_pd,
};

use glam::DVec3;

use super::DObb3;
use super::lanes::{DMat3A, DVec3A, Packed};
use crate::Separation;
use crate::precision::Dispatch;

// This compilation's precision module (`precision.rs`): the items of `Double` that `sat3.rs`
// uses, by name, and the lanes on `Avx`.
use super::{
    BVec3A, CERT_K, EPS, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF, Real, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE, Vec3, sqrt,
};

/// The lanes' operations as AVX intrinsics, one 256-bit instruction each.
#[derive(Clone, Copy)]
pub(crate) struct Avx;

/// `-0.0` in every lane: the sign bits.
const SIGN_BITS: [f64; 4] = [-0.0; 4];

/// [`Packed`]'s methods, each one AVX intrinsic on its lanes as `__m256d`:
/// `method(a, b) -> output = intrinsic(operands)`.
macro_rules! intrinsics {
    ($($method:ident($($lanes:ident),*) -> $out:ty =
        $intrinsic:ident $(::<$imm:ident>)?($($operand:expr),*);)*) => {$(
        #[inline(always)]
        fn $method($($lanes: [f64; 4]),*) -> $out {
            // SAFETY: run only on a CPU with AVX (module docs).
            bytemuck::cast(unsafe {
                $intrinsic$(::<$imm>)?($(bytemuck::cast::<[f64; 4], __m256d>($operand)),*)
            })
        }
    )*};
}

impl Packed for Avx {
    intrinsics! {
        add(a, b) -> [f64; 4] = _mm256_add_pd(a, b);
        sub(a, b) -> [f64; 4] = _mm256_sub_pd(a, b);
        mul(a, b) -> [f64; 4] = _mm256_mul_pd(a, b);
        div(a, b) -> [f64; 4] = _mm256_div_pd(a, b);
        neg(a) -> [f64; 4] = _mm256_xor_pd(a, SIGN_BITS);
        // !sign & a
        abs(a) -> [f64; 4] = _mm256_andnot_pd(SIGN_BITS, a);
        max(a, b) -> [f64; 4] = _mm256_max_pd(a, b);
        min(a, b) -> [f64; 4] = _mm256_min_pd(a, b);
        gt(a, b) -> [u64; 4] = _mm256_cmp_pd::<_CMP_GT_OQ>(a, b);
        lt(a, b) -> [u64; 4] = _mm256_cmp_pd::<_CMP_LT_OQ>(a, b);
        le(a, b) -> [u64; 4] = _mm256_cmp_pd::<_CMP_LE_OQ>(a, b);
    }
}

/// [`Numerics::Vec3A`](crate::precision::Numerics::Vec3A) here: [`DVec3A`] on [`Avx`] lanes.
type Vec3A = DVec3A<Avx>;
/// [`Numerics::Mat3A`](crate::precision::Numerics::Mat3A) here: [`DMat3A`] on [`Avx`] lanes.
type Mat3A = DMat3A<Avx>;

/// The `Obb3` that `sat3.rs` reads here: a `DObb3`'s fields on [`Avx`] lanes.
mod obb3 {
    use super::{DObb3, Mat3A, Vec3A};

    pub(crate) struct Obb3 {
        pub(crate) center: Vec3A,
        pub(crate) half_extents: Vec3A,
        pub(crate) cols: Mat3A,
        pub(crate) rows: Mat3A,
        pub(crate) extent_norm: f64,
    }

    /// `obb`'s fields as a `$target`, their lanes on its backend.
    macro_rules! relaned {
        ($obb:ident as $target:ident) => {
            $target {
                center: $obb.center.on(),
                half_extents: $obb.half_extents.on(),
                cols: $obb.cols.on(),
                rows: $obb.rows.on(),
                extent_norm: $obb.extent_norm,
            }
        };
    }

    impl From<&DObb3> for Obb3 {
        #[inline(always)]
        fn from(obb: &DObb3) -> Obb3 {
            relaned!(obb as Obb3)
        }
    }

    /// The box the lanes were read from.
    #[cfg(feature = "exact")]
    impl From<&Obb3> for DObb3 {
        #[inline(always)]
        fn from(obb: &Obb3) -> DObb3 {
            relaned!(obb as DObb3)
        }
    }
}

/// This is the dispatch target: `sat3.rs`'s queries run as they are, and what the padded test
/// leaves undecided goes to `DObb3`'s exact tier.
impl Dispatch for obb3::Obb3 {
    type Numerics = crate::precision::Double;
    type Vec = DVec3;

    #[cfg(feature = "exact")]
    #[inline(always)]
    fn undecided(&self, other: &obb3::Obb3, uncertain_axes: u16) -> bool {
        <DObb3 as Dispatch>::undecided(&self.into(), &other.into(), uncertain_axes)
    }
}

#[allow(clippy::duplicate_mod, clippy::useless_conversion, unused_imports)]
#[path = "../sat3.rs"]
mod sat3;

/// Whether the CPU has AVX.
#[cfg(not(test))]
#[inline(always)]
fn has_avx() -> bool {
    std::arch::is_x86_feature_detected!("avx")
}

#[cfg(test)]
std::thread_local! {
    /// Set by [`without_avx`]: this thread's queries stay on the `wide` lanes.
    static WIDE_ONLY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether the CPU has AVX and the test has not set it aside ([`without_avx`]).
#[cfg(test)]
fn has_avx() -> bool {
    !WIDE_ONLY.get() && std::arch::is_x86_feature_detected!("avx")
}

/// `f()` with `DObb3`'s queries on the `wide` lanes (SSE2 on the default target), as on a CPU
/// without AVX, so that tests can hold both backends to the scalar bits.
#[cfg(test)]
pub(crate) fn without_avx<T>(f: impl FnOnce() -> T) -> T {
    WIDE_ONLY.set(true);
    let result = f();
    WIDE_ONLY.set(false);
    result
}

/// Entry points `query(a, b, args…) -> Option<result>`: `DObb3::query` computed on [`Avx`] lanes
/// in a function compiled for AVX, or `None` when the CPU lacks AVX.
macro_rules! on_avx {
    ($($(#[$attr:meta])* fn $query:ident($($arg:ident: $ty:ty),*) -> $out:ty;)*) => {$(
        $(#[$attr])*
        #[inline(always)]
        pub(crate) fn $query(a: &DObb3, b: &DObb3, $($arg: $ty),*) -> Option<$out> {
            #[target_feature(enable = "avx")]
            fn with_avx(a: &DObb3, b: &DObb3, $($arg: $ty),*) -> $out {
                obb3::Obb3::from(a).$query(&obb3::Obb3::from(b), $($arg),*)
            }
            if has_avx() {
                // SAFETY: the CPU has AVX.
                Some(unsafe { with_avx(a, b, $($arg),*) })
            } else {
                None
            }
        }
    )*};
}

on_avx! {
    fn intersects() -> bool;
    fn intersects_with_margin(margin: f64) -> bool;
    fn separation() -> Separation<DVec3, f64>;
    #[cfg(feature = "exact")]
    fn intersects_certified() -> bool;
}

#[cfg(test)]
mod tests {
    use glam::{DQuat, DVec3};

    use super::{Avx, DObb3};
    use crate::double::lanes::tests::each_operation_gives_dvec3_bits;

    #[test]
    fn avx_lanes_give_dvec3_bits() {
        if std::arch::is_x86_feature_detected!("avx") {
            each_operation_gives_dvec3_bits::<Avx>();
        }
    }

    /// On a CPU with AVX the queries take the AVX lanes, and [`super::without_avx`] the others.
    #[test]
    fn dispatch_follows_the_cpu() {
        let a = DObb3::new(DVec3::ZERO, DVec3::ONE, DQuat::IDENTITY);
        let has_avx = std::arch::is_x86_feature_detected!("avx");
        assert_eq!(super::intersects(&a, &a), has_avx.then_some(true));
        assert_eq!(super::without_avx(|| super::intersects(&a, &a)), None);
    }
}
