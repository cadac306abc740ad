//! What the two precisions of sat-core differ in, besides their glam types and constants
//! (`single.rs`, `double.rs`): how a stored number or vector widens to f64, where every
//! constructor computes, and how an f64 result becomes a stored one.

use glam::{DMat2, DMat3, DVec2, DVec3, Mat2, Mat3, Vec2, Vec3};

/// A stored scalar: `f32` or `f64`.
pub(crate) trait Precision: Copy + PartialOrd + core::ops::Add<Output = Self> {
    /// The value in f64 (exact).
    fn wide(self) -> f64;
    /// The smallest stored number not below `x` (finite `x ≥ 0`; `+∞` past the largest). In f64
    /// that is `x` itself: it was computed in f64, and the slack added before (a relative
    /// `2⁻⁴⁸`, see `tolerance::enclosing_half_extents`) covers that computation's rounding.
    fn round_up(x: f64) -> Self;
    /// The components of a quaternion in f64, scaled so that `|q|²` neither overflows nor
    /// underflows (the rotation `R(q)/|q|²` does not change).
    fn quat_in_range(q: [Self; 4]) -> [f64; 4];
}

impl Precision for f32 {
    #[inline(always)]
    fn wide(self) -> f64 {
        f64::from(self)
    }

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

impl Precision for f64 {
    #[inline(always)]
    fn wide(self) -> f64 {
        self
    }

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

/// A stored vector or matrix widened to its f64 twin (exact).
pub(crate) trait Widen {
    /// The f64 glam type.
    type Wide;
    /// The value in f64.
    fn wide(self) -> Self::Wide;
}

/// A stored vector or matrix from its f64 twin, each number rounded to nearest (the identity in
/// f64).
pub(crate) trait FromWide<W> {
    /// Rounds `wide` to the stored precision.
    fn from_wide(wide: W) -> Self;
}

macro_rules! twins {
    ($($narrow:ty => $wide:ty, $widen:ident, $round:ident;)*) => {$(
        impl Widen for $narrow {
            type Wide = $wide;
            #[inline(always)]
            fn wide(self) -> $wide {
                self.$widen()
            }
        }
        impl Widen for $wide {
            type Wide = $wide;
            #[inline(always)]
            fn wide(self) -> $wide {
                self
            }
        }
        impl FromWide<$wide> for $narrow {
            #[inline(always)]
            fn from_wide(wide: $wide) -> $narrow {
                wide.$round()
            }
        }
        impl FromWide<$wide> for $wide {
            #[inline(always)]
            fn from_wide(wide: $wide) -> $wide {
                wide
            }
        }
    )*};
}

twins! {
    Vec2 => DVec2, as_dvec2, as_vec2;
    Vec3 => DVec3, as_dvec3, as_vec3;
    Mat2 => DMat2, as_dmat2, as_mat2;
    Mat3 => DMat3, as_dmat3, as_mat3;
}
