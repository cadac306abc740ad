//! Named tolerances and the error bound they come from.
//!
//! For boxes A and B let `t = c_B − c_A`, `S = |t| + |e_A| + |e_B|` (Euclidean norms) and
//! `ε = 2⁻²³` (f32) or `2⁻⁵²` (f64); the *margin* is the exact boxes' largest signed gap over
//! the candidate separating axes (positive: apart; negative: minus the penetration depth).
//!
//! * A "separated" verdict is exact at any margin: every axis carries a pad of at most
//!   [`PAD_K`]`·ε·S` ([`PAD_K_F64`] in f64) over its own rounding error.
//! * Every verdict is exact when `|margin| >` [`BAND_K`]`·ε·S` (a [`Band`]); [`AXES_BAND_K`]
//!   for boxes given by columns orthonormal only within [`AXES_TOLERANCE`]; [`BAND_K_F64`] and
//!   [`AXES_BAND_K_F64`] for [`DObb2`](crate::DObb2) and [`DObb3`](crate::DObb3).
//! * `separation().gap` is within [`SEPARATION_K`]`·ε·S` of the exact gap along its axis;
//!   certified verdicts use [`CERT_K`].
//!
//! Each constant below says what it bounds in one line. The derivations — the per-axis error,
//! the pad, the band's sector lemma, boxes as written, certified verdicts, double precision and
//! `separation` — are in one place: the book's chapter *The error bound*
//! (`docs/error-bound.md`, built by `mdbook build docs`), whose section names the constants'
//! docs quote. The distance queries' bound is derived in [`distance`](crate::distance).
//!
//! ```
//! use sat_core::Obb3;
//! use sat_core::glam::{Quat, Vec3};
//! use sat_core::tolerance::{BAND_K, Band, EPS};
//!
//! let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
//! let b = Obb3::new(Vec3::new(2.5, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY);
//! let band = Band::f32(a.error_scale(&b));
//! assert_eq!(band.width(), BAND_K * EPS * band.scale);
//! assert!(!band.contains(0.5)); // 0.5 apart: far outside the band, so the verdict is exact
//! assert!(!a.intersects(&b));
//! ```

/// `f32::EPSILON = 2⁻²³`.
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::EPS;
///
/// assert_eq!(EPS, 2f32.powi(-23));
/// ```
pub const EPS: f32 = f32::EPSILON;

/// The pad: the slack an axis must exceed to say "separated", in units of `ε·(|e_A| + |e_B|)` on
/// face axes and `ε·(PAD_CENTRE_K·|t|₁ + |e_A| + |e_B|)` on edge pairs (`docs/error-bound.md`,
/// "The pad").
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::tolerance::{EPS, PAD_K};
///
/// // Cubes apart by well over the pad: "separated", and that verdict is exact.
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let gap = 2.0 * PAD_K * EPS * a.error_scale(&a);
/// assert!(!a.intersects(&Obb3::new(Vec3::X * (2.0 + gap), Vec3::ONE, Quat::IDENTITY)));
/// ```
pub const PAD_K: f32 = 10.0;

/// The weight of the centre offset `|t|₁` in the edge pairs' pad (`9/16`), so that the pad
/// stays at most `PAD_K·ε·S` (`docs/error-bound.md`, "The pad").
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::PAD_CENTRE_K;
///
/// assert!(3f32.sqrt() * PAD_CENTRE_K < 1.0); // so the edge pad stays within PAD_K·ε·S
/// ```
pub const PAD_CENTRE_K: f32 = 0.5625;

/// The verdict band: `intersects` equals the exact verdict whenever `|margin| > BAND_K·ε·S`
/// (`docs/error-bound.md`, "The band"); a `false` (separated) is exact at any margin.
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::tolerance::{BAND_K, EPS};
///
/// // Overlapping by twice the band: "intersects" is guaranteed.
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let depth = 2.0 * BAND_K * EPS * 4.0;
/// assert!(a.intersects(&Obb3::new(Vec3::X * (2.0 - depth), Vec3::ONE, Quat::IDENTITY)));
/// ```
pub const BAND_K: f32 = 48.0;

/// The band for boxes built from columns orthonormal only within [`AXES_TOLERANCE`], judged
/// against the parallelepipeds the columns span (`docs/error-bound.md`, "Boxes as written").
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::{AXES_BAND_K, BAND_K};
///
/// assert!(AXES_BAND_K > BAND_K); // columns at the tolerance cost 62.8 − 39.1 of the margin
/// ```
pub const AXES_BAND_K: f32 = 64.0;

/// Certification slack: an axis is certainly non-separating when its computed gap is below
/// `−CERT_K·ε·S` (edge pairs: minus the pad times `|ℓ|₁` too) (`docs/error-bound.md`,
/// "Certified verdicts").
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::tolerance::CERT_K;
///
/// assert_eq!(CERT_K, 12.0);
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// assert!(a.intersects_certified(&Obb3::new(Vec3::X * 2.0, Vec3::ONE, Quat::IDENTITY))); // touching
/// ```
pub const CERT_K: f32 = 12.0;

/// `separation().gap` is the exact gap along the returned axis within `SEPARATION_K·ε·S`
/// (`docs/error-bound.md`, "`separation`").
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::tolerance::{EPS, SEPARATION_K};
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let b = Obb3::new(Vec3::X * 2.5, Vec3::ONE, Quat::IDENTITY);
/// let s = a.separation(&b);
/// assert!((s.gap - 0.5).abs() <= SEPARATION_K * EPS * a.error_scale(&b));
/// ```
pub const SEPARATION_K: f32 = 12.0;

/// Absolute floor added to every threshold (2⁻¹²⁰), for products that underflow
/// (`docs/error-bound.md`, "Underflow and magnitudes").
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::UNDERFLOW_FLOOR;
///
/// assert!(UNDERFLOW_FLOOR.is_normal() && UNDERFLOW_FLOOR == 2f32.powi(-120));
/// ```
pub const UNDERFLOW_FLOOR: f32 = pow2(-120);

/// Edge-pair thresholds also get `UNDERFLOW_SCALE·S₁` (2⁻¹²⁰·S₁), for subnormal entries of `R`
/// (`docs/error-bound.md`, "Underflow and magnitudes").
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::UNDERFLOW_SCALE;
///
/// assert_eq!(UNDERFLOW_SCALE, 2f32.powi(-120));
/// ```
pub const UNDERFLOW_SCALE: f32 = pow2(-120);

/// Largest accepted magnitude of a coordinate or extent (2⁶⁰ ≈ 1.15e18), far from overflow.
///
/// # Examples
///
/// ```
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::{MAX_MAGNITUDE, Obb3};
///
/// let far = Vec3::X * (MAX_MAGNITUDE * 2.0);
/// assert!(Obb3::try_new(far, Vec3::ONE, Quat::IDENTITY).is_err());
/// ```
pub const MAX_MAGNITUDE: f32 = pow2(60);

/// Smallest accepted non-zero magnitude (2⁻⁶⁰ ≈ 8.7e-19), far above the underflow floor; exact
/// zeros are always accepted.
///
/// # Examples
///
/// ```
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::{MIN_MAGNITUDE, Obb3};
///
/// let tiny = Vec3::splat(MIN_MAGNITUDE / 2.0);
/// assert!(Obb3::try_new(Vec3::ZERO, tiny, Quat::IDENTITY).is_err());
/// assert!(Obb3::try_new(Vec3::ZERO, Vec3::ZERO, Quat::IDENTITY).is_ok()); // exact zeros are fine
/// ```
pub const MIN_MAGNITUDE: f32 = pow2(-60);

/// Orthonormality tolerance of axis matrices and orthogonality tolerance of affine columns,
/// `max |AᵀA − I| ≤ 1e-6` (about 8 ε); verdicts for the parallelepiped the columns span are
/// exact outside [`AXES_BAND_K`] (`docs/error-bound.md`, "Boxes as written").
///
/// # Examples
///
/// ```
/// use sat_core::glam::{Mat3, Vec3};
/// use sat_core::{AXES_TOLERANCE, Obb3};
///
/// let lean = |d: f32| Mat3::from_cols(Vec3::X, Vec3::new(d, 1.0, 0.0), Vec3::Z);
/// assert!(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, lean(AXES_TOLERANCE / 2.0)).is_ok());
/// assert!(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, lean(AXES_TOLERANCE * 4.0)).is_err());
/// ```
pub const AXES_TOLERANCE: f32 = 1e-6;

/// How far four corners may be from a rectangle, relative to its longer diagonal: the
/// parallelogram defect `|c0 + c2 − c1 − c3|` and the cosine of the corner angle.
/// The box built is the best-fit rectangle, within this tolerance of the corners given.
///
/// # Examples
///
/// ```
/// use sat_core::glam::Vec2;
/// use sat_core::{CORNER_TOLERANCE, Obb2};
///
/// let off = 8.0 * CORNER_TOLERANCE * 0.1; // well within the tolerance of a 4 × 4 square's diagonal
/// let square = [Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0 + off), Vec2::new(0.0, 4.0)];
/// assert!(Obb2::try_from_corners(square).is_ok());
/// let kite = [Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(5.0, 5.0), Vec2::new(0.0, 4.0)];
/// assert!(Obb2::try_from_corners(kite).is_err());
/// ```
pub const CORNER_TOLERANCE: f32 = 1e-4;

/// Edge axes with `|a_i × b_k| < 2⁻⁴⁰` are not normalised by [`separation`](crate::Obb3::separation)
/// (their facet is narrower than `2⁻⁴⁰·|e_B|`, far inside the band); `intersects` still tests
/// them, protected by [`UNDERFLOW_FLOOR`].
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::PARALLEL_CUTOFF;
///
/// assert_eq!(PARALLEL_CUTOFF, 2f32.powi(-40));
/// ```
pub const PARALLEL_CUTOFF: f32 = pow2(-40);

/// The band of a pair: `K·ε·S`, the `|margin|` within which a test may answer either way.
///
/// Outside its band a test's "intersects" is exact ("separated" is exact everywhere), so a
/// judge calls a wrong verdict *in the band* when the band [`contains`](Band::contains) the
/// exact margin and *outside the band* otherwise. A band is its factor `K` (in units of `ε·S`),
/// the `ε` of its precision and the pair's error scale `S = |c_B − c_A| + |e_A| + |e_B|`.
///
/// One type for both precisions: `Band<f32>` is computed in f32, `Band<f64>` in f64.
/// [`Band::f32`] is the band of sat-core's f32 test ([`BAND_K`], [`EPS`]) for a scale of
/// either precision: a judge holding the exact margin and `S` in f64 takes it in f64.
/// [`Band::f64`] is the band of the f64 test ([`BAND_K_F64`], [`EPS_F64`]); the `_axes`
/// constructors are the bands of boxes given by axis columns ([`AXES_BAND_K`],
/// [`AXES_BAND_K_F64`]), and [`Band::exact`] the zero band of an exact test.
/// [`width`](Band::width) multiplies `(K·ε)·S` in that order, so `Band::f32(s).width()` in f64
/// rounds once (`K·ε` is exact).
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::tolerance::{BAND_K, Band, EPS};
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let b = Obb3::new(Vec3::new(2.0 + 1e-6, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY);
/// let band = Band::f32(a.error_scale(&b));
/// assert_eq!(band.width(), BAND_K * EPS * band.scale);
/// // A gap of 1e-6 is far inside the band (4·ε·S ≈ 2.2e-6 for S ≈ 3.46): either verdict is
/// // allowed there, so only "separated" would have been guaranteed.
/// assert!(band.contains(1e-6));
/// assert!(!band.contains(-1e-3)); // overlapping by 1e-3: "intersects" is guaranteed
/// ```
///
/// A judge in f64, as the fuzz checks and the `obbsat` CLI judge against the exact oracle:
///
/// ```
/// use sat_core::tolerance::{AXES_BAND_K_F64, Band, EPS_F64};
///
/// let (margin, scale) = (1.0e-12, 2.0); // an exact margin and S, in f64
/// assert!(!Band::f32(scale).contains(-1e-4)); // sat-core's f32 test: 48·2⁻²³·2 ≈ 1.1e-5
/// assert!(Band::f32(scale).contains(margin));
/// assert!(!Band::f64(scale).contains(margin)); // the f64 test: 768·2⁻⁵²·2 ≈ 3.4e-13
/// assert_eq!(Band::f64_axes(scale).width(), AXES_BAND_K_F64 * EPS_F64 * scale);
/// assert!(!Band::exact(scale).contains(1e-300)); // only a zero margin is in an exact band
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band<R> {
    /// The factor `K`, in units of `ε·S` ([`BAND_K`], [`AXES_BAND_K`], [`BAND_K_F64`], …).
    pub k: R,
    /// The precision's `ε` ([`EPS`], [`EPS_F64`]).
    pub eps: R,
    /// The pair's error scale `S = |c_B − c_A| + |e_A| + |e_B|`.
    pub scale: R,
}

impl<R> Band<R> {
    /// The band `k·eps·scale`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::Band;
    ///
    /// let band = Band::new(48.0f64, 2f64.powi(-23), 2.0);
    /// assert_eq!(band.width(), 48.0 * 2f64.powi(-23) * 2.0);
    /// ```
    #[inline]
    pub const fn new(k: R, eps: R, scale: R) -> Self {
        Band { k, eps, scale }
    }
}

impl<R: From<f32>> Band<R> {
    /// sat-core's f32 verdict band `BAND_K·ε·S` (`Obb2`/`Obb3::intersects`), for a scale `S` in
    /// f32 or f64.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::{BAND_K, Band, EPS};
    ///
    /// assert_eq!(Band::f32(3.0f32).width(), BAND_K * EPS * 3.0);
    /// ```
    #[inline]
    pub fn f32(scale: R) -> Self {
        Band {
            k: BAND_K.into(),
            eps: EPS.into(),
            scale,
        }
    }

    /// The f32 band of boxes given by axis columns orthonormal only within
    /// [`AXES_TOLERANCE`], judged as the parallelepipeds the columns span: `AXES_BAND_K·ε·S`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::{AXES_BAND_K, Band, EPS};
    ///
    /// assert_eq!(Band::f32_axes(3.0f32).width(), AXES_BAND_K * EPS * 3.0);
    /// ```
    #[inline]
    pub fn f32_axes(scale: R) -> Self {
        Band {
            k: AXES_BAND_K.into(),
            ..Band::f32(scale)
        }
    }

    /// The band of an exact test: zero, so only a zero margin is in it.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::Band;
    ///
    /// assert!(Band::exact(1.0f64).contains(0.0) && !Band::exact(1.0f64).contains(1e-300));
    /// ```
    #[inline]
    pub fn exact(scale: R) -> Self {
        Band {
            k: 0.0.into(),
            ..Band::f32(scale)
        }
    }
}

impl Band<f64> {
    /// sat-core's f64 verdict band `BAND_K_F64·ε₆₄·S` (`DObb2`/`DObb3::intersects`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::{BAND_K_F64, Band, EPS_F64};
    ///
    /// assert_eq!(Band::f64(2.0).width(), BAND_K_F64 * EPS_F64 * 2.0);
    /// ```
    #[inline]
    pub const fn f64(scale: f64) -> Self {
        Band {
            k: BAND_K_F64,
            eps: EPS_F64,
            scale,
        }
    }

    /// The f64 band of boxes given by axis columns orthonormal only within
    /// [`AXES_TOLERANCE_F64`]: `AXES_BAND_K_F64·ε₆₄·S`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::{AXES_BAND_K_F64, Band, EPS_F64};
    ///
    /// assert_eq!(Band::f64_axes(2.0).width(), AXES_BAND_K_F64 * EPS_F64 * 2.0);
    /// ```
    #[inline]
    pub const fn f64_axes(scale: f64) -> Self {
        Band {
            k: AXES_BAND_K_F64,
            eps: EPS_F64,
            scale,
        }
    }
}

impl<R: Copy + core::ops::Mul<Output = R> + core::ops::Neg<Output = R> + PartialOrd> Band<R> {
    /// `K·ε·S`, multiplied in that order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::Band;
    ///
    /// assert!(Band::f32(1.0f64).width() > Band::f64(1.0).width());
    /// ```
    #[inline]
    pub fn width(&self) -> R {
        self.k * self.eps * self.scale
    }

    /// Whether `margin` lies in the band, `|margin| ≤ K·ε·S`: a wrong verdict there is allowed.
    /// `false` for a NaN margin.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::tolerance::Band;
    ///
    /// let band = Band::f32(1.0f64);
    /// assert!(band.contains(band.width()) && !band.contains(-2.0 * band.width()));
    /// assert!(!band.contains(f64::NAN));
    /// ```
    #[inline]
    pub fn contains(&self, margin: R) -> bool {
        let width = self.width();
        -width <= margin && margin <= width
    }
}

/// `f64::EPSILON = 2⁻⁵²`: the `ε` of [`DObb2`](crate::DObb2) and [`DObb3`](crate::DObb3).
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::EPS_F64;
///
/// assert_eq!(EPS_F64, 2f64.powi(-52));
/// ```
pub const EPS_F64: f64 = f64::EPSILON;

/// How many times the f32 per-axis error bounds, in units of their own `ε`, bound the f64 ones
/// (`docs/error-bound.md`, "Double precision").
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::{BAND_K, BAND_K_F64, F64_AXIS_FACTOR};
///
/// assert_eq!(BAND_K_F64, F64_AXIS_FACTOR * f64::from(BAND_K));
/// ```
pub const F64_AXIS_FACTOR: f64 = 16.0;

/// [`PAD_K`] for f64 boxes, in units of `EPS_F64·S`.
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::{F64_AXIS_FACTOR, PAD_K, PAD_K_F64};
///
/// assert!(PAD_K_F64 >= F64_AXIS_FACTOR * f64::from(PAD_K));
/// ```
pub const PAD_K_F64: f64 = 192.0;

/// [`PAD_CENTRE_K`] for f64 boxes (the same `9/16`).
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::{PAD_CENTRE_K_F64, PAD_K_F64};
///
/// assert_eq!(PAD_K_F64 * PAD_CENTRE_K_F64, 108.0); // ≥ 80, the f64 edge error's |t| coefficient
/// ```
pub const PAD_CENTRE_K_F64: f64 = PAD_CENTRE_K as f64;

/// [`BAND_K`] for f64 boxes: `DObb3::intersects` equals the exact verdict whenever
/// `|margin| > BAND_K_F64 · EPS_F64 · S`, and a `false` is exact at any margin.
///
/// # Examples
///
/// ```
/// use sat_core::DObb3;
/// use sat_core::glam::{DQuat, DVec3};
/// use sat_core::tolerance::{BAND_K_F64, EPS_F64};
///
/// // A million metres out, a nanometre apart: far outside the f64 band, so "separated" for sure.
/// let a = DObb3::new(DVec3::splat(1e6), DVec3::ONE, DQuat::IDENTITY);
/// let b = DObb3::new(DVec3::splat(1e6) + DVec3::X * (2.0 + 1e-9), DVec3::ONE, DQuat::IDENTITY);
/// assert!(1e-9 > BAND_K_F64 * EPS_F64 * a.error_scale(&b));
/// assert!(!a.intersects(&b));
/// ```
pub const BAND_K_F64: f64 = 768.0;

/// [`AXES_BAND_K`] for f64 boxes built from columns orthonormal within [`AXES_TOLERANCE_F64`],
/// judged against the parallelepipeds the columns span.
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::{AXES_BAND_K_F64, BAND_K_F64};
///
/// assert!(AXES_BAND_K_F64 > BAND_K_F64);
/// ```
pub const AXES_BAND_K_F64: f64 = 896.0;

/// [`CERT_K`] for f64 boxes, in units of `EPS_F64·S`.
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::{CERT_K, CERT_K_F64};
///
/// assert_eq!(CERT_K_F64, 16.0 * f64::from(CERT_K));
/// ```
pub const CERT_K_F64: f64 = F64_AXIS_FACTOR * CERT_K as f64;

/// [`SEPARATION_K`] for f64 boxes: `DObb3::separation().gap` is the exact gap along the returned
/// axis within `SEPARATION_K_F64 · EPS_F64 · S`.
///
/// # Examples
///
/// ```
/// use sat_core::DObb3;
/// use sat_core::glam::{DQuat, DVec3};
/// use sat_core::tolerance::{EPS_F64, SEPARATION_K_F64};
///
/// let a = DObb3::new(DVec3::ZERO, DVec3::ONE, DQuat::IDENTITY);
/// let b = DObb3::new(DVec3::X * 2.5, DVec3::ONE, DQuat::IDENTITY);
/// assert!((a.separation(&b).gap - 0.5).abs() <= SEPARATION_K_F64 * EPS_F64 * a.error_scale(&b));
/// ```
pub const SEPARATION_K_F64: f64 = F64_AXIS_FACTOR * SEPARATION_K as f64;

/// [`UNDERFLOW_FLOOR`] for f64 boxes (`2⁻¹⁰⁰⁰`): products below f64's normal range
/// (`2⁻¹⁰²²`), at most ~10 per test.
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::UNDERFLOW_FLOOR_F64;
///
/// assert!(UNDERFLOW_FLOOR_F64.is_normal());
/// ```
pub const UNDERFLOW_FLOOR_F64: f64 = pow2_f64(-1000);

/// [`UNDERFLOW_SCALE`] for f64 boxes (`2⁻¹⁰⁰⁰`, times `S`).
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::UNDERFLOW_SCALE_F64;
///
/// assert_eq!(UNDERFLOW_SCALE_F64, 2f64.powi(-1000));
/// ```
pub const UNDERFLOW_SCALE_F64: f64 = pow2_f64(-1000);

/// [`AXES_TOLERANCE`] for f64 boxes (`2⁻⁴⁶ ≈ 1.4e-14`, 64 f64 ulps): `max |AᵀA − I|` of the
/// axis columns `DObb3::try_from_axes` accepts, and the relative shear of the transforms
/// `try_from_affine` and `try_from_node` accept.
///
/// # Examples
///
/// ```
/// use sat_core::DObb3;
/// use sat_core::glam::{DMat3, DVec3};
/// use sat_core::tolerance::AXES_TOLERANCE_F64;
///
/// let lean = DMat3::from_cols(DVec3::X, DVec3::new(AXES_TOLERANCE_F64 * 4.0, 1.0, 0.0), DVec3::Z);
/// assert!(DObb3::try_from_axes(DVec3::ZERO, DVec3::ONE, lean).is_err());
/// ```
pub const AXES_TOLERANCE_F64: f64 = pow2_f64(-46);

/// [`PARALLEL_CUTOFF`] for f64 boxes (`2⁻⁷⁰`).
///
/// # Examples
///
/// ```
/// use sat_core::tolerance::PARALLEL_CUTOFF_F64;
///
/// assert_eq!(PARALLEL_CUTOFF_F64, 2f64.powi(-70));
/// ```
pub const PARALLEL_CUTOFF_F64: f64 = pow2_f64(-70);

/// The casts' per-axis pad, in units of `ε·S'` (`S' = |c_B − c_A| + τ_max·|v| + |e_A| + |e_B| +
/// δ`): added once to a face axis's reach and folded into A's extents on the edge pairs (so
/// times `|ℓ|₁` there). It covers the error of `p`, `w` and `r` at every time up to `τ_max` and
/// the rounding of the interval's ends (`≤ 6.45 ε·S'` on faces, `≤ 8.66 ε·S'·|ℓ|` on edge
/// pairs; "Shape casts" in the book's error-bound chapter), so the padded intervals contain the exact ones.
pub const CAST_PAD_K: f32 = 10.0;

/// The casts' hit bound, in units of `ε·S'`: at the time of impact of a cast with target
/// distance `0` the exact boxes' margin is at most `CAST_K·ε·S'` (derived `39.1`, "Shape casts" in the book's
/// error-bound chapter).
pub const CAST_K: f32 = 48.0;

/// Where a cast that advances (target distance `δ > 0`, or rotating) stops: when the bounded
/// distance is within `δ + CAST_STOP_K·ε·S'` (in the f32 boxes' `ε`; the advancing runs in f64,
/// whose distance errs by far less).
pub const CAST_STOP_K: f32 = 16.0;

/// The hit bound of a cast that advances, in units of `ε·S'`: at its time of impact the
/// boxes' distance is at most `δ + CAST_DISTANCE_K·ε·S'` (the stop slack, the containing f64
/// boxes' offset and the f64 distance's error: `≤ 18.1`, "Shape casts" in the book's error-bound chapter).
pub const CAST_DISTANCE_K: f32 = 32.0;

/// [`CAST_PAD_K`] for f64 boxes, in units of `EPS_F64·S'`: 16 times the f32 errors (as
/// [`PAD_K_F64`]), `≤ 138.6`.
pub const CAST_PAD_K_F64: f64 = 192.0;

/// [`CAST_K`] for f64 boxes, in units of `EPS_F64·S'` (derived `670.3`).
pub const CAST_K_F64: f64 = 768.0;

/// [`CAST_STOP_K`] for f64 boxes: above the f64 distance's error bound and the rounding of the
/// moved boxes (`768 + 128`), so every advance that does not stop is at least
/// `128·EPS_F64·S'/μ` long.
pub const CAST_STOP_K_F64: f64 = 1024.0;

/// [`CAST_DISTANCE_K`] for f64 boxes, in units of `EPS_F64·S'`: the stop slack plus the
/// distance's error and the moved boxes' rounding, `≤ 1024 + 768 + 128`.
pub const CAST_DISTANCE_K_F64: f64 = 2048.0;

/// How far a box a rotating cast moves to time `τ` may be from the exact rigid motion of the
/// box (Hausdorff distance), in units of `EPS_F64·S'`: the rotation's angle, quaternion and
/// matrix, the relative velocity and the centre's offset, computed in f64 in the frame of A's
/// pivot ("Shape casts" in the book's error-bound chapter, `≤ 57`).
pub const MOTION_ROUNDING_K_F64: f64 = 64.0;

/// `2^exponent` for normal-range f64 exponents (−1022..=1023), exactly.
const fn pow2_f64(exponent: i32) -> f64 {
    assert!(
        -1022 <= exponent && exponent <= 1023,
        "not a normal f64 exponent"
    );
    f64::from_bits(((1023 + exponent) as u64) << 52)
}

/// `2^exponent` for normal-range exponents (−126..=127), exactly.
const fn pow2(exponent: i32) -> f32 {
    assert!(
        -126 <= exponent && exponent <= 127,
        "not a normal f32 exponent"
    );
    f32::from_bits(((127 + exponent) as u32) << 23)
}

/// IEEE square root (correctly rounded, so every implementation agrees bit for bit). With `std`
/// it is the compiler's intrinsic, which the batch kernels vectorise.
#[inline(always)]
pub(crate) fn sqrt(x: f32) -> f32 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::sqrtf(x)
    }
}

/// [`sqrt`] in f64.
#[inline(always)]
pub(crate) fn sqrt_f64(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::sqrt(x)
    }
}

/// Bound on the f64 rounding of the polar factor `U` and of `H = UᵀG` (per entry, relative to the
/// half-extents), added before rounding up so that the stored box really contains the written
/// one (`docs/error-bound.md`, "Boxes as written").
pub(crate) const POLAR_ROUNDING: f64 = 1.0 / (1u64 << 48) as f64;
