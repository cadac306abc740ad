//! Rectangle–rectangle separating-axis test in 2D (4 candidate axes).
//!
//! Algorithm (the textbook projection-radius form, with the numerics of
//! [`tolerance`](crate::tolerance)): `d = c_B − c_A`, `R = AᵀB`, `S = |d| + |e_A| + |e_B|`,
//! `pad = PAD_K·ε·(|e_A| + |e_B|)` (no `|d|`, so nothing before the comparison depends on `|d|`).
//! A's two face normals, then B's, each separating when `|d·L| > radius_A(L) + radius_B(L) +
//! pad`. In 2D there are no edge-edge axes, so no near-parallel weak spot: every axis is a unit
//! face normal. The per-axis error is at most `(4 + 1 + 2√2 + 2)u·S ≤ 5 εS`. A wrong "separated"
//! needs intersecting rectangles, whose `|d| ≤ |e_A| + |e_B|`, so `S ≤ 2(|e_A| + |e_B|)` and the
//! error is below the pad (`docs/error-bound.md`, "The pad"). A wrong "intersects" needs every computed
//! gap below the pad (`≤ 10 εS`), and some axis carries at least `M/√2` (the 2D exterior-angle
//! factor), so `M ≤ √2·(10 + 5) εS ≈ 21 εS`, inside [`BAND_K`](crate::tolerance::BAND_K).

use glam::Vec4Swizzles;

use super::obb2::Obb2;
use super::sat3::Class;
// This compilation's precision module (`precision.rs`).
use super::{CERT_K, EPS, PAD_K, Real, UNDERFLOW_FLOOR, Vec2, Vec4, sqrt};
use crate::padded_forms::{classify_forms, intersects_family};
#[cfg(feature = "exact")]
use crate::precision::Dispatch;
use crate::{Feature, Separation};

impl Obb2 {
    intersects_family! {
        Obb2, Vec2;
        /// Whether the two closed rectangles intersect (touching counts).
        ///
        /// A `false` is exact for the rectangles as given, at any margin; a `true` is exact
        /// whenever the margin exceeds the band [`Band::f32`](crate::tolerance::Band::f32)`(S)`
        /// (f64 rectangles: [`Band::f64`](crate::tolerance::Band::f64)`(S)`).
        ///
        /// # Error bound
        ///
        /// A `false` is exact for the boxes as given, at any margin; a `true` is exact whenever the margin
        /// exceeds `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` in f64): [`Band`](crate::tolerance::Band).
        ///
        /// # Examples
        ///
        /// ```
        /// use glam::{Vec2, Vec4};
        /// use sat_core::Obb2;
        ///
        /// let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
        /// assert!(a.intersects(&Obb2::new(Vec2::new(2.0, 2.0), Vec2::ONE, 0.0))); // corners touch
        /// ```
        intersects;
        /// Whether the rectangles intersect once both are grown by `margin` (each half-extent
        /// increased by `margin`; negative shrinks, never below zero).
        ///
        /// Assumes a finite `margin` with `|margin| ≤` [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE).
        ///
        /// # Error bound
        ///
        /// As `intersects`, for the boxes grown by `margin` (the growth itself is exact in the test's
        /// arithmetic up to the same pad).
        ///
        /// # Examples
        ///
        /// ```
        /// use sat_core::Obb2;
        /// use sat_core::glam::Vec2;
        ///
        /// let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
        /// let b = Obb2::new(Vec2::new(2.1, 0.0), Vec2::ONE, 0.0);
        /// assert!(!a.intersects(&b) && a.intersects_with_margin(&b, 0.05));
        /// ```
        intersects_with_margin;
    }

    /// The signed gap along the best of the four face normals, that axis (unit, world space,
    /// from `self` towards `other`) and which face produced it. Ties prefer A's faces.
    ///
    /// # Error bound
    ///
    /// `gap` is the exact boxes' signed gap along `axis` within `SEPARATION_K·ε·S`
    /// (`SEPARATION_K_F64·ε₆₄·S` in f64); an edge pair beats the best face only by more than the pad.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{Vec2, Vec4};
    /// use sat_core::{Feature, Obb2};
    ///
    /// let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
    /// let b = Obb2::from_degrees(Vec2::new(0.0, 3.0), Vec2::ONE, 90.0);
    /// let s = a.separation(&b);
    /// assert_eq!((s.gap, s.axis, s.feature), (1.0, Vec2::Y, Feature::FaceA(1)));
    /// ```
    pub fn separation(&self, other: &Obb2) -> Separation<Vec2, Real> {
        let pair = Pair::new(self, other);
        let (ea, eb) = (self.half_extents.to_array(), other.half_extents.to_array());
        let mut best = Separation {
            gap: Real::NEG_INFINITY,
            axis: Vec2::X,
            feature: Feature::FaceA(0),
        };
        for i in 0..2 {
            let gap = pair.t[i].abs() - (ea[i] + (eb[0] * pair.ar[i][0] + eb[1] * pair.ar[i][1]));
            if gap > best.gap {
                best = Separation {
                    gap,
                    axis: signed(pair.av[i], pair.t[i]),
                    feature: Feature::FaceA(i as u8),
                };
            }
        }
        for j in 0..2 {
            let gap = pair.tb[j].abs() - ((ea[0] * pair.ar[0][j] + ea[1] * pair.ar[1][j]) + eb[j]);
            if gap > best.gap {
                best = Separation {
                    gap,
                    axis: signed(pair.bv[j], pair.tb[j]),
                    feature: Feature::FaceB(j as u8),
                };
            }
        }
        best
    }
}

#[cfg(feature = "exact")]
impl Obb2 {
    /// Whether the two rectangles intersect, exactly, at any margin (touching counts).
    ///
    /// Exact for the rectangles as stored (centre, extents and axis columns taken exactly); see
    /// [`Obb3::intersects_certified`](super::obb3::Obb3::intersects_certified).
    ///
    /// # Error bound
    ///
    /// None: exact at any margin, exactly touching included, for the boxes as stored.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::Vec2;
    /// use sat_core::Obb2;
    ///
    /// let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
    /// let b = Obb2::new(Vec2::new(2.0 + f32::EPSILON * 2.0, 0.5), Vec2::ONE, 0.0);
    /// assert!(!a.intersects_certified(&b));
    /// ```
    #[inline]
    pub fn intersects_certified(&self, other: &Obb2) -> bool {
        match classify_stored::<true>(self, other) {
            Class::Separated => false,
            Class::Overlapping => true,
            Class::Uncertain(axes) => self.undecided(other, axes),
        }
    }
}

/// Quantities of a pair: `t` in A's frame, `tb_j = b_j·d`, `|R|`.
struct Pair {
    av: [Vec2; 2],
    bv: [Vec2; 2],
    t: [Real; 2],
    tb: [Real; 2],
    ar: [[Real; 2]; 2],
}

impl Pair {
    #[inline(always)]
    fn new(a: &Obb2, b: &Obb2) -> Pair {
        let av = [a.axes.x_axis, a.axes.y_axis];
        let bv = [b.axes.x_axis, b.axes.y_axis];
        let d = b.center - a.center;
        let ar = [
            [dot(av[0], bv[0]).abs(), dot(av[0], bv[1]).abs()],
            [dot(av[1], bv[0]).abs(), dot(av[1], bv[1]).abs()],
        ];
        Pair {
            av,
            bv,
            t: [dot(av[0], d), dot(av[1], d)],
            tb: [dot(bv[0], d), dot(bv[1], d)],
            ar,
        }
    }
}

#[inline(always)]
fn dot(a: Vec2, b: Vec2) -> Real {
    a.x * b.x + a.y * b.y
}

fn signed(axis: Vec2, along: Real) -> Vec2 {
    if along < 0.0 { -axis } else { axis }
}

classify_forms!(Obb2, Vec2);

/// The padded test, the four axes in the lanes of one `Vec4` (`t_0, t_1, b_0·d, b_1·d`): one
/// comparison and one branch per pair. With `CERTIFY`, also whether every face normal of the exact
/// rectangles is certainly non-separating (`|centre| + pad + CERT_K·ε·S < threshold`, as in 3D),
/// with `S ≤ S_PER_EXTENTS·(|e_A| + |e_B|)` for a pair that passes on all four axes.
/// (Only that all-four verdict is used: `refine2` evaluates the four face normals anyway.)
///
/// Each box's axis matrix is one vector `(u0.x, u0.y, u1.x, u1.y)`; the dot products are lane
/// products summed in pairs (`x·x + y·y`, the scalar order and the batch kernel's), so the
/// vectors are built with a few two-source shuffles instead of lane by lane.
#[inline(always)]
pub(crate) fn classify<const CERTIFY: bool>(
    a: &Obb2,
    b: &Obb2,
    ea: Vec2,
    eb: Vec2,
    norm_a: Real,
    norm_b: Real,
) -> Class {
    let (am, bm) = (axes4(a), axes4(b));
    // d twice, (d.x, d.y, d.x, d.y), computed in one subtraction.
    let twice = |c: Vec2| Vec4::new(c.x, c.y, c.x, c.y);
    let dd = twice(b.center) - twice(a.center);
    let extent_sum = norm_a + norm_b;
    let pad = PAD_K * EPS * extent_sum + UNDERFLOW_FLOOR;
    // Lanes (x, y) products of a_0, a_1 with d, then of b_0, b_1; summed in pairs.
    let (pa, pb) = (am * dd, bm * dd);
    let centre = (pairs_even(pa, pb) + pairs_odd(pa, pb)).abs();
    // |R| as (R00, R01, R10, R11), R_ij = a_i·b_j: a_0 against (b_0, b_1), then a_1.
    let (p0, p1) = (am.xyxy() * bm, am.zwzw() * bm);
    let r = (pairs_even(p0, p1) + pairs_odd(p0, p1)).abs();
    // Lanes: e_B0|R_i0| + e_B1|R_i1| for i = 0, 1, then e_A0|R_0j| + e_A1|R_1j| for j = 0, 1:
    // the products weighted by B's extents (lanes R00, R01 | R10, R11) and by A's (R00, R01 |
    // R10, R11 times e_A0, e_A0 | e_A1, e_A1), then summed in pairs.
    let by_b = r * Vec4::new(eb.x, eb.y, eb.x, eb.y);
    let by_a = r * Vec4::new(ea.x, ea.x, ea.y, ea.y);
    let first = Vec4::new(by_b.x, by_b.z, by_a.x, by_a.y);
    let second = Vec4::new(by_b.y, by_b.w, by_a.z, by_a.w);
    let e = Vec4::new(ea.x, ea.y, eb.x, eb.y);
    let threshold = (e + Vec4::splat(pad)) + (first + second);
    if centre.cmpgt(threshold).any() {
        Class::Separated
    } else if !CERTIFY
        || (centre + Vec4::splat(pad + S_PER_EXTENTS * CERT_K * EPS * extent_sum))
            .cmplt(threshold)
            .all()
    {
        Class::Overlapping
    } else {
        Class::Uncertain(0b1111) // refine2 evaluates the four face normals anyway
    }
}

/// A pair whose four lanes all pass certification has `|T̃_i| < e_Ai + pad + e_B0|R̃_i0| +
/// e_B1|R̃_i1|` on A's two faces, so `|d| ≤ |e_A| + √2·|e_B|` (the matrix `|R|` of a turn has norm
/// `|cos| + |sin| ≤ √2`) up to a few ulps, and `S ≤ (1 + √2)(|e_A| + |e_B|)`: the slack needs no
/// `|d|`.
const S_PER_EXTENTS: Real = 2.5;

/// `(u0.x, u0.y, u1.x, u1.y)`: the axis matrix as one vector (its column-major storage).
#[inline(always)]
fn axes4(o: &Obb2) -> Vec4 {
    Vec4::from_array(o.axes.to_cols_array())
}

/// Lanes 0 and 2 of `p`, then of `q`.
#[inline(always)]
fn pairs_even(p: Vec4, q: Vec4) -> Vec4 {
    Vec4::new(p.x, p.z, q.x, q.z)
}

/// Lanes 1 and 3 of `p`, then of `q`.
#[inline(always)]
fn pairs_odd(p: Vec4, q: Vec4) -> Vec4 {
    Vec4::new(p.y, p.w, q.y, q.w)
}
