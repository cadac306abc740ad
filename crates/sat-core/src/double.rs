//! sat-core in f64, the precision module of [`Double`](crate::precision::Double): the items the
//! shared sources use (those of [`Numerics`](crate::precision::Numerics), which documents them:
//! glam's f64 types, the lanes of [`lanes`] and the f64 constants of
//! [`tolerance`](crate::tolerance); `docs/error-bound.md`, "Double precision"), the sources of `single.rs` compiled
//! against them, and their public items under f64's names (`DObb2`, `DObb3`); `batch/double.rs`
//! and `distance/double.rs` compile their sources against the same items. How they fit
//! together: [`precision`](crate::precision).

use glam::DVec3;

use crate::precision::{Dispatch, impl_numerics};

pub(crate) mod lanes;

// The items of `Numerics` in f64.
#[cfg(feature = "alloc")]
pub(crate) use crate::batch::LANES_F64 as LANES;
pub(crate) use crate::distance::{CLIP_SLACK_F64 as CLIP_SLACK, FAST_K_F64 as FAST_K};
pub(crate) use crate::tolerance::{
    AXES_TOLERANCE_F64 as AXES_TOLERANCE, CAST_PAD_K_F64 as CAST_PAD_K,
    CAST_STOP_K_F64 as CAST_STOP_K, CERT_K_F64 as CERT_K, EPS_F64 as EPS,
    PAD_CENTRE_K_F64 as PAD_CENTRE_K, PAD_K_F64 as PAD_K, PARALLEL_CUTOFF_F64 as PARALLEL_CUTOFF,
    UNDERFLOW_FLOOR_F64 as UNDERFLOW_FLOOR, UNDERFLOW_SCALE_F64 as UNDERFLOW_SCALE,
    sqrt_f64 as sqrt,
};
pub(crate) use glam::{
    DAffine2 as Affine2, DAffine3 as Affine3A, DMat2 as Mat2, DMat3 as Mat3, DQuat as Quat,
    DVec2 as Vec2, DVec3 as Vec3, DVec4 as Vec4,
};
pub(crate) use lanes::DBVec3A as BVec3A;

pub(crate) use numerics::{
    AMBIGUITY_K, FrameMat3, FrameVec3, Mat3A, NAMES, Real, SMALL_SCALE, Vec3A, unit_of,
};

impl_numerics!(Double);

mod numerics;

// `DObb3`'s queries on AVX lanes, chosen at run time. Built without `std` (no run-time
// detection) or for a target with AVX (where the `wide` crate already uses it), the queries run
// on `lanes::Portable` alone.
#[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx")))]
#[allow(unsafe_code)]
mod avx;

/// `obb3.rs` and `sat3.rs` compiled once more on glam's scalar `DVec3`, `DMat3` and `BVec3` (what
/// `DObb3` ran on before [`lanes`]), for the test that the lanes give the same bits.
#[cfg(all(test, feature = "std", feature = "exact"))]
pub(crate) mod scalar;

/// The reference runs as written (the dispatch to AVX is for `DObb3`); what the padded test
/// leaves undecided goes to exact integers, as `DObb3`'s does.
#[cfg(all(test, feature = "std", feature = "exact"))]
impl Dispatch for scalar::obb3::Obb3 {
    type Numerics = crate::precision::Double;
    type Vec = DVec3;

    fn undecided(&self, other: &scalar::obb3::Obb3, _uncertain_axes: u16) -> bool {
        use crate::exact::{ExactBox3, verdict3};
        verdict3(&ExactBox3::from(self), &ExactBox3::from(other)).intersects
    }
}

// The conversions between the stored types and f64 are the identity in this precision.
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "obb2.rs"]
pub(crate) mod obb2;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "obb3.rs"]
pub(crate) mod obb3;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "sat2.rs"]
pub(crate) mod sat2;
// `sat3.rs` imports glam's `Vec3Swizzles` for `Vec3A`; `DVec3A`'s swizzles are its own methods.
#[allow(clippy::duplicate_mod, clippy::useless_conversion, unused_imports)]
#[path = "sat3.rs"]
pub(crate) mod sat3;

/// An oriented rectangle in f64 numbers, [`Obb2`](crate::Obb2) in f64: every constructor, query
/// and signature of `Obb2` with glam's `DVec2`, `DMat2`, `DAffine2` and `f64` in place of the f32
/// types (but f32's `try_enclosing*`, which build an f32 rectangle around f64 numbers: here
/// `try_new`, `try_from_degrees` and `try_from_axes` take them as they are). The guarantee, in
/// `ε₆₄ = 2⁻⁵²` ([`tolerance`](crate::tolerance); `docs/error-bound.md`, "Double precision"): a `false` from
/// `intersects` is exact; a `true` is exact whenever the margin exceeds
/// [`BAND_K_F64`](crate::tolerance::BAND_K_F64)`·ε₆₄·S` (`BAND_K_F64 = 768`);
/// `intersects_certified` is exact at any margin. Axis columns must be orthonormal within
/// [`AXES_TOLERANCE_F64`](crate::tolerance::AXES_TOLERANCE_F64) (`2⁻⁴⁶`). Batch sets:
/// `batch::DObbSet2`; `distance` and `closest_points` within
/// [`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`.
///
/// ```
/// use sat_core::DObb2;
/// use sat_core::glam::DVec2;
///
/// // Two 2 m x 1 m pallets 5000 km from the origin, 1 µm apart, where an f32 coordinate
/// // is 0.5 m coarse.
/// let at = DVec2::new(5.0e6, -3.0e6);
/// let a = DObb2::try_from_degrees(at, DVec2::new(1.0, 0.5), 30.0)?;
/// let gap = a.axes().x_axis * (2.0 + 1e-6);
/// let b = DObb2::try_from_degrees(at + gap, DVec2::new(1.0, 0.5), 30.0)?;
/// assert!(!a.intersects(&b));
/// assert!(a.intersects_with_margin(&b, 1e-6));
/// assert!((a.distance(&b) - 1e-6).abs() < 2e-9); // the coordinates are 1e-9 m coarse out there
/// # Ok::<(), sat_core::ObbError>(())
/// ```
pub use obb2::Obb2 as DObb2;

/// An oriented box in 3D in f64 numbers, [`Obb3`](crate::Obb3) in f64: every constructor, query
/// and signature of `Obb3` with glam's `DVec3`, `DQuat`, `DMat3`, `DAffine3` and `f64` in place
/// of the f32 types (`separation` returns a `Separation<DVec3, f64>`; f32's `try_enclosing*`,
/// which build an f32 box around f64 numbers, have no twin: `try_new` and `try_from_axes` take
/// them as they are). The guarantee, in `ε₆₄ = 2⁻⁵²`
/// ([`tolerance`](crate::tolerance); `docs/error-bound.md`, "Double precision"): a `false` from `intersects` is exact;
/// a `true` is exact whenever the margin exceeds
/// [`BAND_K_F64`](crate::tolerance::BAND_K_F64)`·ε₆₄·S` (`BAND_K_F64 = 768`, with
/// `S = |c_B − c_A| + |e_A| + |e_B|`); `intersects_certified` is exact at any margin (the f64
/// test, then exact integers). Axis columns must be orthonormal within
/// [`AXES_TOLERANCE_F64`](crate::tolerance::AXES_TOLERANCE_F64) (`2⁻⁴⁶`). Batch sets:
/// `batch::DObbSet3`; `distance` and `closest_points` within
/// [`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`.
///
/// ```
/// use sat_core::DObb3;
/// use sat_core::glam::{DQuat, DVec3};
///
/// // Two 1 m crates 10 000 km from the origin, 1 µm apart along A's x axis: in f32 their
/// // coordinates would be 1 m coarse.
/// let far = DVec3::new(1.0e7, -2.0e6, 3.5e5);
/// let turn = DQuat::from_rotation_z(0.3);
/// let a = DObb3::try_new(far, DVec3::splat(0.5), turn)?;
/// let b = DObb3::try_new(far + a.axes().x_axis * (1.0 + 1e-6), DVec3::splat(0.5), turn)?;
/// assert!(!a.intersects(&b));
/// assert!(a.intersects_with_margin(&b, 1e-6));
/// assert!(a.separation(&b).gap > 0.9e-6);
/// let c = a.closest_points(&b);
/// assert!((c.distance - 1e-6).abs() < 1e-8); // the centres are 2e-9 m coarse out there
/// assert!(((c.b - c.a).length() - c.distance).abs() < 1e-8);
/// # Ok::<(), sat_core::ObbError>(())
/// ```
pub use obb3::Obb3 as DObb3;

/// Where the CPU has AVX (detected at run time, `double/avx.rs`), `DObb3`'s queries run on AVX
/// lanes; what the padded f64 test leaves undecided goes to exact integers on the stored f64
/// numbers.
impl Dispatch for DObb3 {
    type Numerics = crate::precision::Double;
    type Vec = DVec3;

    #[cfg(feature = "exact")]
    #[inline(always)]
    fn undecided(&self, other: &DObb3, uncertain_axes: u16) -> bool {
        undecided3(self, other, uncertain_axes)
    }

    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx")))]
    #[inline(always)]
    fn intersects_on_wider_lanes(&self, other: &DObb3) -> Option<bool> {
        avx::intersects(self, other)
    }

    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx")))]
    #[inline(always)]
    fn intersects_with_margin_on_wider_lanes(&self, other: &DObb3, margin: f64) -> Option<bool> {
        avx::intersects_with_margin(self, other, margin)
    }

    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx")))]
    #[inline(always)]
    fn separation_on_wider_lanes(&self, other: &DObb3) -> Option<crate::Separation<DVec3, f64>> {
        avx::separation(self, other)
    }

    #[cfg(all(
        feature = "exact",
        feature = "std",
        target_arch = "x86_64",
        not(target_feature = "avx")
    ))]
    #[inline(always)]
    fn intersects_certified_on_wider_lanes(&self, other: &DObb3) -> Option<bool> {
        avx::intersects_certified(self, other)
    }
}

/// What the padded f64 test leaves undecided goes to exact integers on the stored f64 numbers.
impl Dispatch for DObb2 {
    type Numerics = crate::precision::Double;
    type Vec = glam::DVec2;

    #[cfg(feature = "exact")]
    #[inline(always)]
    fn undecided(&self, other: &DObb2, _uncertain_axes: u16) -> bool {
        undecided2(self, other)
    }
}

/// What the padded f64 test left undecided, in exact integers on the stored f64 numbers.
#[cfg(feature = "exact")]
#[inline(never)]
pub(crate) fn undecided3(a: &DObb3, b: &DObb3, _uncertain_axes: u16) -> bool {
    use crate::exact::{ExactBox3, verdict3};
    verdict3(&ExactBox3::from(a), &ExactBox3::from(b)).intersects
}

/// [`undecided3`] in 2D.
#[cfg(feature = "exact")]
#[inline(never)]
pub(crate) fn undecided2(a: &DObb2, b: &DObb2) -> bool {
    use crate::exact::{ExactBox2, verdict2};
    verdict2(&ExactBox2::from(a), &ExactBox2::from(b)).intersects
}

#[cfg(all(test, feature = "std", feature = "exact"))]
mod tests {
    extern crate std;
    use std::format;

    use glam::{DMat3, DQuat, DVec3};

    use super::DObb3;
    use super::scalar::obb3::Obb3 as ScalarObb3;

    /// A 128-bit multiplicative generator (Lehmer), uniform in `[lo, hi)` from its top 53 bits.
    struct Rng(u128);

    impl Rng {
        fn next(&mut self, lo: f64, hi: f64) -> f64 {
            self.0 = self.0.wrapping_mul(0xda94_2042_e4dd_58b5);
            lo + (hi - lo) * ((self.0 >> 75) as f64 / (1u64 << 53) as f64)
        }

        fn vec(&mut self, lo: f64, hi: f64) -> DVec3 {
            DVec3::new(self.next(lo, hi), self.next(lo, hi), self.next(lo, hi))
        }

        fn quat(&mut self) -> DQuat {
            let axis = self.vec(-1.0, 1.0).try_normalize().unwrap_or(DVec3::Z);
            DQuat::from_axis_angle(axis, self.next(0.0, 7.0))
        }

        /// A gap near touching: 0, a few ulps of `scale`, a few pads, or anything.
        fn gap(&mut self, scale: f64) -> f64 {
            let ulps = [0.0, 1.0, -1.0, 3.0, -8.0, 300.0, -300.0, 3e3, 1e12, -1e12];
            let pick = self.next(0.0, ulps.len() as f64) as usize;
            ulps[pick] * f64::EPSILON * scale + if pick == 9 { self.next(-1.0, 1.0) } else { 0.0 }
        }
    }

    /// A pair in both representations: B touching A along a face or diagonal at a gap near zero,
    /// turned a little or anyhow, at a scale from a micrometre to a megametre, far from the origin
    /// or not; some half-extents zero.
    fn pair(rng: &mut Rng) -> [(DVec3, DVec3, DMat3); 2] {
        let scale = 10f64.powf(rng.next(-6.0, 6.0));
        let mut extents = || {
            let e = rng.vec(0.0, scale);
            if rng.next(0.0, 8.0) < 1.0 {
                e * DVec3::new(0.0, 1.0, 1.0)
            } else {
                e
            }
        };
        let (ea, eb) = (extents(), extents());
        let qa = rng.quat();
        let qb = match rng.next(0.0, 3.0) as u32 {
            0 => rng.quat(),
            1 => qa,
            _ => qa * DQuat::from_axis_angle(DVec3::X, 10f64.powf(rng.next(-15.0, -1.0))),
        };
        let (ma, mb) = (DMat3::from_quat(qa), DMat3::from_quat(qb));
        let reach = ea + eb;
        let s = reach.length();
        let along = match rng.next(0.0, 3.0) as u32 {
            0 => DVec3::new(reach.x + rng.gap(s), rng.next(-1.0, 1.0) * reach.y, 0.0),
            1 => reach + DVec3::new(rng.gap(s), rng.gap(s), rng.gap(s)),
            _ => rng.vec(-1.5, 1.5) * reach,
        };
        let far = if rng.next(0.0, 2.0) < 1.0 {
            rng.vec(-1e6, 1e6)
        } else {
            DVec3::ZERO
        };
        [(far, ea, ma), (far + ma * along, eb, mb)]
    }

    /// `check()` on each lane backend `DObb3` can run on in this build: the one the CPU gets
    /// (the AVX lanes where it has AVX), then the `wide` lanes as without AVX.
    fn on_each_backend(check: impl Fn()) {
        check();
        #[cfg(all(target_arch = "x86_64", not(target_feature = "avx")))]
        super::avx::without_avx(check);
    }

    /// Every query of `DObb3` (lanes, on each backend) against the scalar compilation, bit for
    /// bit.
    #[test]
    fn lanes_give_the_scalar_bits() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut counts = [0usize; 2];
        for _ in 0..40_000 {
            let [(ca, ea, ma), (cb, eb, mb)] = pair(&mut rng);
            let (a, b) = (DObb3::from_axes(ca, ea, ma), DObb3::from_axes(cb, eb, mb));
            let (sa, sb) = (
                ScalarObb3::from_axes(ca, ea, ma),
                ScalarObb3::from_axes(cb, eb, mb),
            );
            assert_eq!(format!("{a:?}"), format!("{sa:?}"));
            for ((a, b), (sa, sb)) in [((&a, &b), (&sa, &sb)), ((&b, &a), (&sb, &sa))] {
                let verdict = sa.intersects(sb);
                counts[verdict as usize] += 1;
                let margin = rng.gap(a.error_scale(b));
                on_each_backend(|| {
                    assert_eq!(a.intersects(b), verdict, "{a:?} {b:?}");
                    assert_eq!(a.intersects_certified(b), sa.intersects_certified(sb));
                    assert_eq!(
                        a.intersects_with_margin(b, margin),
                        sa.intersects_with_margin(sb, margin)
                    );
                    let (s, ss) = (a.separation(b), sa.separation(sb));
                    assert_eq!(s.gap.to_bits(), ss.gap.to_bits());
                    assert_eq!(
                        s.axis.to_array().map(f64::to_bits),
                        ss.axis.to_array().map(f64::to_bits)
                    );
                    assert_eq!(s.feature, ss.feature);
                });
                assert_eq!(a.error_scale(b).to_bits(), sa.error_scale(sb).to_bits());
                assert_eq!(a.corners(), sa.corners());
            }
        }
        // both verdicts well represented
        assert!(counts.iter().all(|&n| n > 20_000), "{counts:?}");
    }
}
