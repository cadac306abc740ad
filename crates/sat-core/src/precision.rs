//! The two precisions of sat-core and what its shared sources may use of them.
//!
//! sat-core's maths is written once and compiled once per precision, the way parry compiles one
//! source per flavour. The *shared sources* are `obb2.rs`, `obb3.rs`, `sat2.rs` and `sat3.rs`,
//! compiled as submodules of `single.rs` (f32: [`Obb2`](crate::Obb2), [`Obb3`](crate::Obb3)) and
//! `double.rs` (f64: [`DObb2`](crate::DObb2), [`DObb3`](crate::DObb3)), and the batch, distance and
//! cast sources (`batch/{set,kernel2,kernel3,queries}.rs`, `distance/{reply,two,three}.rs`),
//! compiled by `batch/single.rs` and `batch/double.rs`, `distance/single.rs` and
//! `distance/double.rs`. Each compiling module re-exports the public items under its precision's
//! names.
//!
//! A shared source takes what depends on the precision from its parent by name (`use
//! super::{EPS, Real, Vec3A}`), its sibling sources by path (`super::obb3::Obb3`), and everything
//! else from its home (`crate::tolerance::BAND_K`, `crate::distance::clip`). The items come from
//! the *precision module*, `single.rs` or `double.rs`, which holds exactly the items of
//! [`Numerics`] (documented there) and implements the trait from them (`impl_numerics!`), so the
//! compiler checks that both precisions hold every item with the trait's type and bounds; the
//! batch and distance modules import the items their sources use from it by name. Nothing is
//! defined twice or shadowed: a name means one item per precision.
//!
//! Layers import downward only: the items a precision defines itself (its `Real`, its frame
//! types, the names `Debug` prints) live in a leaf below its shared sources, `single/numerics.rs`
//! and `double/numerics.rs`, which the precision module binds by name with the rest; the
//! precision module, above its shared sources, re-exports their boxes and implements
//! [`Dispatch`] for them. The exact oracle (`exact/`) sits above the stored boxes (it builds an
//! `ExactBox3` from any of them), and the certified test (`certified.rs`) above both.
//!
//! Where a box type's queries leave the shared source (the certified test's exact tiers,
//! `DObb3`'s AVX lanes) is the box type's [`Dispatch`] implementation, next to its precision's
//! items.
//!
//! Two more compilations of `sat3.rs` run `DObb3`'s queries on other lanes: `double/avx.rs`
//! (AVX, chosen at run time) and, for a test, `double/scalar.rs` (glam's scalar `DVec3`). Each
//! is a partial precision module: the items of `double.rs` that `sat3.rs` uses, by name, and its
//! own `Vec3A`, `Mat3A` and `BVec3A`.
//!
//! Where to add a shared source: write it against the items of [`Numerics`] (if it needs one
//! more, add it to the trait, to `impl_numerics!` and to both precision modules), then compile
//! it in `single.rs` and `double.rs` (or in `batch/` or `distance/`'s) with the same
//! `#[path = "…"] mod …;` line and re-export its public items under each precision's names (f64:
//! a `D` prefix or an `_f64` suffix), the precision's documentation on the re-export.
//!
//! Also here: how a stored number, vector or matrix goes to f64 and back ([`StoredScalar`],
//! [`ToF64`], [`RoundFromF64`]), since every constructor computes in f64.

use glam::{DMat2, DMat3, DVec2, DVec3, Mat2, Mat3, Vec2, Vec3};

use crate::Separation;

/// What a shared source may use that depends on the precision: the stored scalar, glam's types
/// of that precision, the lanes the 3D test runs on, and the constants and functions whose value
/// differs. A precision module holds one item of each name (a type alias, constant or function)
/// and implements the trait from them with `impl_numerics!`: for [`Single`] (f32, `single.rs`)
/// and [`Double`] (f64, `double.rs`).
// The shared sources use the precision module's items by name, never the trait's: the trait is
// the list the compiler checks each module against, so its constants and functions are unused.
#[allow(dead_code)]
pub(crate) trait Numerics {
    /// The stored scalar: `f32` or `f64`.
    type Real: StoredScalar;
    /// glam's 2-vector of the precision (`Vec2`, `DVec2`): `Obb2`'s centre and extents.
    type Vec2;
    /// glam's 3-vector (`Vec3`, `DVec3`): what `Obb3`'s constructors take and accessors return.
    type Vec3;
    /// glam's 4-vector (`Vec4`, `DVec4`): four 2D axes at once in `sat2.rs`.
    type Vec4;
    /// glam's 2×2 matrix (`Mat2`, `DMat2`): `Obb2`'s axes.
    type Mat2;
    /// glam's 3×3 matrix (`Mat3`, `DMat3`): `Obb3`'s axes as constructors take them.
    type Mat3;
    /// glam's quaternion (`Quat`, `DQuat`).
    type Quat;
    /// glam's 2D affine transform (`Affine2`, `DAffine2`).
    type Affine2;
    /// glam's 3D affine transform (`Affine3A`, `DAffine3`).
    type Affine3A;
    /// The 3-vector `Obb3` stores and `sat3.rs` computes in, three lanes per operation: glam's
    /// SIMD `Vec3A` in f32, [`DVec3A`](crate::double::lanes::DVec3A) on
    /// [`Portable`](crate::double::lanes::Portable) lanes in f64 (bit for bit `DVec3`).
    type Vec3A;
    /// Three columns of [`Vec3A`](Numerics::Vec3A): glam's `Mat3A`,
    /// [`DMat3A`](crate::double::lanes::DMat3A).
    type Mat3A;
    /// A comparison of two [`Vec3A`](Numerics::Vec3A): glam's `BVec3A`,
    /// [`DBVec3A`](crate::double::lanes::DBVec3A).
    type BVec3A;
    /// The 3-vector of the distance queries' frames (`distance/three.rs`): glam's SIMD `Vec3A`
    /// in f32, glam's `DVec3` in f64.
    type FrameVec3;
    /// Three columns of [`FrameVec3`](Numerics::FrameVec3): glam's `Mat3A`, `DMat3`.
    type FrameMat3;

    /// `ε`, the precision's machine epsilon ([`crate::tolerance::EPS`], [`crate::tolerance::EPS_F64`]).
    const EPS: Self::Real;
    /// The pad factor ([`crate::tolerance::PAD_K`], [`crate::tolerance::PAD_K_F64`]).
    const PAD_K: Self::Real;
    /// The edge pairs' centre factor ([`crate::tolerance::PAD_CENTRE_K`],
    /// [`crate::tolerance::PAD_CENTRE_K_F64`]).
    const PAD_CENTRE_K: Self::Real;
    /// The certification slack factor ([`crate::tolerance::CERT_K`], [`crate::tolerance::CERT_K_F64`]).
    const CERT_K: Self::Real;
    /// The absolute floor of every pad ([`crate::tolerance::UNDERFLOW_FLOOR`],
    /// [`crate::tolerance::UNDERFLOW_FLOOR_F64`]).
    const UNDERFLOW_FLOOR: Self::Real;
    /// The edge pairs' floor per unit of `S` ([`crate::tolerance::UNDERFLOW_SCALE`],
    /// [`crate::tolerance::UNDERFLOW_SCALE_F64`]).
    const UNDERFLOW_SCALE: Self::Real;
    /// Below this length an edge axis is parallel ([`crate::tolerance::PARALLEL_CUTOFF`],
    /// [`crate::tolerance::PARALLEL_CUTOFF_F64`]).
    const PARALLEL_CUTOFF: Self::Real;
    /// How far from orthonormal given axis columns may be ([`crate::tolerance::AXES_TOLERANCE`],
    /// [`crate::tolerance::AXES_TOLERANCE_F64`]).
    const AXES_TOLERANCE: Self::Real;
    /// Boxes per chunk of a batch set ([`crate::batch::LANES`], [`crate::batch::LANES_F64`]).
    #[cfg(feature = "alloc")]
    const LANES: usize;
    /// The distance steps' acceptance slack ([`crate::distance::FAST_K`],
    /// [`crate::distance::FAST_K_F64`]).
    const FAST_K: Self::Real;
    /// The slack of the distance queries' f64 clip ([`crate::distance::CLIP_SLACK`],
    /// [`crate::distance::CLIP_SLACK_F64`]).
    const CLIP_SLACK: f64;
    /// When a two-term sum decides a side, in units of the precision's `ε`
    /// ([`crate::distance::AMBIGUITY_K`] in both).
    const AMBIGUITY_K: Self::Real;
    /// Pairs below this size measure lengths in a power of two of it
    /// ([`crate::distance::SMALL_SCALE`]; none in f64: `0`).
    const SMALL_SCALE: Self::Real;
    /// The linear casts' per-axis pad ([`crate::tolerance::CAST_PAD_K`],
    /// [`crate::tolerance::CAST_PAD_K_F64`]).
    const CAST_PAD_K: Self::Real;
    /// Where an advancing cast stops ([`crate::tolerance::CAST_STOP_K`],
    /// [`crate::tolerance::CAST_STOP_K_F64`]).
    const CAST_STOP_K: Self::Real;
    /// The type names `Debug` prints: the 2D and 3D box.
    const NAMES: [&'static str; 2];

    /// The IEEE square root, correctly rounded ([`crate::tolerance`]'s `sqrt`, `sqrt_f64`).
    fn sqrt(x: Self::Real) -> Self::Real;
    /// The unit the distance queries measure a pair of size `s` in, and its reciprocal: a power
    /// of two in f32 (`distance.rs`), `(1, 1)` in f64 (no f64 pair is small).
    fn unit_of(s: Self::Real) -> (Self::Real, Self::Real);
}

/// f32: `Obb2`, `Obb3`, `ObbSet2`, `ObbSet3`; its precision module is `single.rs`.
pub(crate) enum Single {}

/// f64: `DObb2`, `DObb3`, `DObbSet2`, `DObbSet3`; its precision module is `double.rs`.
pub(crate) enum Double {}

/// `impl Numerics for $precision` from the items of the precision module it is invoked in, one
/// line per item of the trait: the compiler's check that the module holds every item, with the
/// trait's type. Items the module holds beyond the trait are unused, and warned about.
macro_rules! impl_numerics {
    ($precision:ident) => {
        impl $crate::precision::Numerics for $crate::precision::$precision {
            type Real = Real;
            type Vec2 = Vec2;
            type Vec3 = Vec3;
            type Vec4 = Vec4;
            type Mat2 = Mat2;
            type Mat3 = Mat3;
            type Quat = Quat;
            type Affine2 = Affine2;
            type Affine3A = Affine3A;
            type Vec3A = Vec3A;
            type Mat3A = Mat3A;
            type BVec3A = BVec3A;
            type FrameVec3 = FrameVec3;
            type FrameMat3 = FrameMat3;

            const EPS: Real = EPS;
            const PAD_K: Real = PAD_K;
            const PAD_CENTRE_K: Real = PAD_CENTRE_K;
            const CERT_K: Real = CERT_K;
            const UNDERFLOW_FLOOR: Real = UNDERFLOW_FLOOR;
            const UNDERFLOW_SCALE: Real = UNDERFLOW_SCALE;
            const PARALLEL_CUTOFF: Real = PARALLEL_CUTOFF;
            const AXES_TOLERANCE: Real = AXES_TOLERANCE;
            #[cfg(feature = "alloc")]
            const LANES: usize = LANES;
            const FAST_K: Real = FAST_K;
            const CLIP_SLACK: f64 = CLIP_SLACK;
            const AMBIGUITY_K: Real = AMBIGUITY_K;
            const SMALL_SCALE: Real = SMALL_SCALE;
            const CAST_PAD_K: Real = CAST_PAD_K;
            const CAST_STOP_K: Real = CAST_STOP_K;
            const NAMES: [&'static str; 2] = NAMES;

            #[inline(always)]
            fn sqrt(x: Real) -> Real {
                sqrt(x)
            }

            #[inline(always)]
            fn unit_of(s: Real) -> (Real, Real) {
                unit_of(s)
            }
        }
    };
}

pub(crate) use impl_numerics;

/// Where a box type's queries leave the shared source: the exact tiers of the certified test,
/// and (for `DObb3`) lanes wider than the box's own. Each compilation's `Obb2` and `Obb3`
/// implements it beside its precision module; the shared sources call it at the top of each
/// public query (`…_on_wider_lanes`, `None`: run here) and when the padded test cannot decide
/// (`undecided`).
pub(crate) trait Dispatch: Sized {
    /// The box's precision.
    type Numerics: Numerics;
    /// The box's vector as queries return it.
    type Vec;

    /// Tiers 2 and 3 of `intersects_certified` (the module docs of `certified.rs`) for a pair
    /// the padded test left undecided; `uncertain_axes` as `sat3::Class::Uncertain` numbers
    /// them (3D; ignored in 2D).
    #[cfg(feature = "exact")]
    fn undecided(&self, other: &Self, uncertain_axes: u16) -> bool;

    /// `intersects`, computed on wider lanes, or `None` to run as written.
    #[inline(always)]
    fn intersects_on_wider_lanes(&self, _other: &Self) -> Option<bool> {
        None
    }

    /// `intersects_with_margin`, computed on wider lanes, or `None` to run as written.
    #[inline(always)]
    fn intersects_with_margin_on_wider_lanes(
        &self,
        _other: &Self,
        _margin: <Self::Numerics as Numerics>::Real,
    ) -> Option<bool> {
        None
    }

    /// `separation`, computed on wider lanes, or `None` to run as written.
    #[inline(always)]
    fn separation_on_wider_lanes(
        &self,
        _other: &Self,
    ) -> Option<Separation<Self::Vec, <Self::Numerics as Numerics>::Real>> {
        None
    }

    /// `intersects_certified`, computed on wider lanes, or `None` to run as written.
    #[cfg(feature = "exact")]
    #[inline(always)]
    fn intersects_certified_on_wider_lanes(&self, _other: &Self) -> Option<bool> {
        None
    }
}

/// A stored scalar, `f32` or `f64`: its exact value in f64 ([`ToF64`]) and the roundings the
/// constructors need.
pub(crate) trait StoredScalar:
    Copy + PartialOrd + core::ops::Add<Output = Self> + ToF64<F64 = f64> + RoundFromF64<f64>
{
    /// The smallest stored number not below `x` (finite `x ≥ 0`; `+∞` past the largest). In f64
    /// that is `x` itself: it was computed in f64, and the slack added before (a relative
    /// `2⁻⁴⁸`, see `written::enclosing_half_extents`) covers that computation's rounding.
    fn round_up(x: f64) -> Self;
    /// The components of a quaternion in f64, scaled so that `|q|²` neither overflows nor
    /// underflows (the rotation `R(q)/|q|²` does not change).
    fn quat_in_range(q: [Self; 4]) -> [f64; 4];
}

impl StoredScalar for f32 {
    fn round_up(x: f64) -> f32 {
        let nearest = x as f32;
        if f64::from(nearest) < x {
            nearest.next_up()
        } else {
            nearest + 0.0 // turns -0.0 into +0.0
        }
    }

    /// f32 components square without overflow or underflow in f64: no scaling.
    fn quat_in_range(q: [f32; 4]) -> [f64; 4] {
        q.map(f64::from)
    }
}

impl StoredScalar for f64 {
    fn round_up(x: f64) -> f64 {
        x + 0.0 // turns -0.0 into +0.0
    }

    /// A power of two brings the largest component to `[0.5, 1)` exactly (zero stays zero).
    fn quat_in_range(q: [f64; 4]) -> [f64; 4] {
        let largest = q.iter().fold(0.0f64, |m, c| m.max(c.abs()));
        if largest == 0.0 || !largest.is_finite() {
            return q;
        }
        let scale = libm::ldexp(1.0, -libm::frexp(largest).1);
        q.map(|c| c * scale)
    }
}

/// A stored number, vector or matrix as its f64 twin, exactly (the identity in f64).
pub(crate) trait ToF64 {
    /// The f64 twin: `f64`, or glam's `DVec2`, `DVec3`, `DMat2`, `DMat3`.
    type F64;
    /// The value in f64.
    fn to_f64(self) -> Self::F64;
}

/// A stored number, vector or matrix from its f64 twin `F`, each number rounded to nearest (the
/// identity in f64).
pub(crate) trait RoundFromF64<F> {
    /// `f64_value` rounded to the stored precision.
    fn round_from_f64(f64_value: F) -> Self;
}

macro_rules! f64_twins {
    ($($stored:ty => $twin:ty, $to:ident, $from:ident;)*) => {$(
        impl ToF64 for $stored {
            type F64 = $twin;
            #[inline(always)]
            fn to_f64(self) -> $twin {
                self.$to()
            }
        }
        impl ToF64 for $twin {
            type F64 = $twin;
            #[inline(always)]
            fn to_f64(self) -> $twin {
                self
            }
        }
        impl RoundFromF64<$twin> for $stored {
            #[inline(always)]
            fn round_from_f64(f64_value: $twin) -> $stored {
                f64_value.$from()
            }
        }
        impl RoundFromF64<$twin> for $twin {
            #[inline(always)]
            fn round_from_f64(f64_value: $twin) -> $twin {
                f64_value
            }
        }
    )*};
}

f64_twins! {
    Vec2 => DVec2, as_dvec2, as_vec2;
    Vec3 => DVec3, as_dvec3, as_vec3;
    Mat2 => DMat2, as_dmat2, as_mat2;
    Mat3 => DMat3, as_dmat3, as_mat3;
}

impl ToF64 for f32 {
    type F64 = f64;
    #[inline(always)]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

impl ToF64 for f64 {
    type F64 = f64;
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self
    }
}

impl RoundFromF64<f64> for f32 {
    #[inline(always)]
    fn round_from_f64(f64_value: f64) -> f32 {
        f64_value as f32
    }
}

impl RoundFromF64<f64> for f64 {
    #[inline(always)]
    fn round_from_f64(f64_value: f64) -> f64 {
        f64_value
    }
}
