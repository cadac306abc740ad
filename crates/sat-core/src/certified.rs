//! Certified verdicts: exact at any margin, including exactly touching, at close to the cost of
//! the fast path.
//!
//! Algorithm, three tiers, each deciding what it can prove:
//!
//! 1. The padded f32 test (`classify::<true>`): "separated" is exact (the pad bounds every
//!    rounding error); "overlapping" is exact when every candidate axis is non-separating by more
//!    than its error *and* the angle between the evaluated and the exact axis (`CERT_K`).
//!    Random pairs almost never get further.
//! 2. Every candidate axis of the exact boxes in f64 ([`refine3`], [`refine2`]). The stored
//!    f32 columns are exact in f64 and their products are too, so each component of a face
//!    normal or edge axis `g × h` is one rounding of an exact difference: relative error `2⁻⁵³`,
//!    and an exactly zero axis (parallel edges, no candidate) is recognised exactly. Each gap
//!    numerator then errs by at most `64·2⁻⁵³·M·|L|₁` (`M = |t|₁ + Σ e|g|₁`, derivation below);
//!    beyond that bound its sign is certain.
//! 3. What is still undecided — a gap within about `2⁻⁴⁷·S` of zero, e.g. exact contact — goes
//!    to exact integers ([`crate::exact`]).
//!
//! The boxes are the ones sat-core stores: their f32 centres and extents and their f32 axis
//! columns taken exactly (a parallelepiped within an ulp of a box). For boxes given in other
//! numbers (an f64 quaternion, say) see [`ExactBox3::intersects_certified`].
//!
//! f64 bound (`u = 2⁻⁵³`, first order): `t̂` errs by `u|t|` per component and `L̂` by `u|L|` per
//! component; a 3-term dot product adds `3u Σ|x_c y_c|`; so `t̂·L̂` errs by `≤ 5u|t|₁|L̂|₁`,
//! each `g·L̂` by `≤ 4u|g|₁|L̂|₁`, their products with `e` by one more `u`, and the 7-term sum by
//! `7u` of its absolute terms: in all `≤ 18u·M·|L̂|₁`. The test uses `64u` for margin.

use glam::{DMat2, DMat3, DVec2, DVec3, Quat, Vec2, Vec3A};

use crate::exact::{ExactBox2, ExactBox3, Rotation3, verdict2, verdict3};
use crate::single::obb3::quat_matrix_f64;
use crate::single::sat2;
use crate::single::sat3;
use crate::single::sat3::Class;
use crate::{Obb2, Obb3};

/// `64·2⁻⁵³`: the f64 tier's error bound factor (18 needed; see the module docs).
const F64_BOUND: f64 = 64.0 / 9_007_199_254_740_992.0;

/// Tiers 2 and 3 in 3D, kept out of line so the fast path stays small. `axes`: the candidate
/// axes the f32 tier left uncertain (the others it proved non-separating).
#[inline(never)]
pub(crate) fn undecided3(a: &Obb3, b: &Obb3, axes: u16) -> bool {
    refine3(a, b, axes)
        .unwrap_or_else(|| verdict3(&ExactBox3::from_obb(a), &ExactBox3::from_obb(b)).intersects)
}

/// Tiers 2 and 3 in 2D.
#[inline(never)]
pub(crate) fn undecided2(a: &Obb2, b: &Obb2) -> bool {
    refine2(a, b)
        .unwrap_or_else(|| verdict2(&ExactBox2::from_obb(a), &ExactBox2::from_obb(b)).intersects)
}

/// What the f64 tier proves about one candidate axis.
enum AxisSign {
    Separating,
    NonSeparating,
    Unknown,
}

/// The sign of `|t·L| − Σ e_i |g_i·L|` (over both boxes' columns) when the f64 evaluation is
/// farther from zero than its error bound.
fn axis_sign<V: Copy>(
    t: V,
    axis: V,
    columns: &[(f64, V)],
    dot: fn(V, V) -> f64,
    l1: fn(V) -> f64,
) -> AxisSign {
    let mut numerator = dot(t, axis).abs();
    let mut magnitude = l1(t) * (1.0 + 4.0 * F64_BOUND);
    for &(extent, column) in columns {
        numerator -= extent * dot(column, axis).abs();
        magnitude += extent * l1(column);
    }
    let bound = F64_BOUND * magnitude * l1(axis);
    if numerator > bound {
        AxisSign::Separating
    } else if numerator < -bound {
        AxisSign::NonSeparating
    } else {
        AxisSign::Unknown
    }
}

/// Combines axis signs: any separating axis decides; all non-separating decide; else unknown.
fn decide(signs: impl Iterator<Item = AxisSign>) -> Option<bool> {
    let mut all_non_separating = true;
    for sign in signs {
        match sign {
            AxisSign::Separating => return Some(false),
            AxisSign::NonSeparating => {}
            AxisSign::Unknown => all_non_separating = false,
        }
    }
    all_non_separating.then_some(true)
}

/// Tier 2 in 3D: the candidate axes of the stored parallelepipeds in f64, those of `axes` only
/// (bit `n` for axis `n` in the order below: A's faces, B's faces, edge pairs `(i, k)` at
/// `6 + 3i + k`); the f32 tier proved the others non-separating, so "all non-separating" still
/// covers all 15.
fn refine3(a: &Obb3, b: &Obb3, axes: u16) -> Option<bool> {
    let columns = |o: &Obb3| [o.cols.x_axis, o.cols.y_axis, o.cols.z_axis].map(|c| c.as_dvec3());
    let (ga, gb) = (columns(a), columns(b));
    let (ea, eb) = (a.half_extents.as_dvec3(), b.half_extents.as_dvec3());
    let t = b.center.as_dvec3() - a.center.as_dvec3();
    let weighted: [(f64, DVec3); 6] = [
        (ea.x, ga[0]),
        (ea.y, ga[1]),
        (ea.z, ga[2]),
        (eb.x, gb[0]),
        (eb.y, gb[1]),
        (eb.z, gb[2]),
    ];
    let face = |g: &[DVec3; 3], i: usize| g[(i + 1) % 3].cross(g[(i + 2) % 3]);
    let candidate = |n: usize| match n {
        0..3 => face(&ga, n),
        3..6 => face(&gb, n - 3),
        _ => ga[(n - 6) / 3].cross(gb[(n - 6) % 3]),
    };
    decide(
        (0..15)
            .filter(|n| axes >> n & 1 == 1)
            .map(candidate)
            .filter(|axis| *axis != DVec3::ZERO)
            .map(|axis| axis_sign(t, axis, &weighted, DVec3::dot, |v| v.abs().element_sum())),
    )
}

/// Tier 2 in 2D: the 4 face normals (perpendiculars of the other column, exact) in f64.
fn refine2(a: &Obb2, b: &Obb2) -> Option<bool> {
    let columns = |o: &Obb2| [o.axes.x_axis, o.axes.y_axis].map(|c| c.as_dvec2());
    let (ga, gb) = (columns(a), columns(b));
    let (ea, eb) = (a.half_extents.as_dvec2(), b.half_extents.as_dvec2());
    let t = b.center.as_dvec2() - a.center.as_dvec2();
    let weighted: [(f64, DVec2); 4] = [(ea.x, ga[0]), (ea.y, ga[1]), (eb.x, gb[0]), (eb.y, gb[1])];
    let axes = [ga[1].perp(), ga[0].perp(), gb[1].perp(), gb[0].perp()];
    decide(
        axes.into_iter()
            .filter(|axis| *axis != DVec2::ZERO)
            .map(|axis| axis_sign(t, axis, &weighted, DVec2::dot, |v| v.abs().element_sum())),
    )
}

/// `intersects_certified` of the f64 boxes `$exact` (documented by `$doc`) through the f32
/// boxes `$obb` they round to, the same in both dimensions: `$vec` is the f32 boxes' extents
/// vector, `$sat` their test, `$verdict` the exact integers'; `$dvec` and `$dmat` the f64 vector
/// and matrix (`$as_dvec` widens an f32 vector), `$n` the dimension.
macro_rules! certified_via_f32 {
    (
        $(#[$doc:meta])*
        $exact:ident => $obb:ident($vec:ident), $sat:ident, $verdict:ident;
        $dvec:ident, $dmat:ident, $as_dvec:ident, $n:literal
    ) => {
        impl $exact {
            $(#[$doc])*
            pub fn intersects_certified(&self, other: &$exact) -> bool {
                if let (Some((fa, da)), Some((fb, db))) = (self.rounded(), other.rounded()) {
                    if !fa.intersects_with_margin(&fb, margin_at_least(da + db)) {
                        return false;
                    }
                    let shrink =
                        |obb: &$obb, d| shrunk(obb.half_extents.to_array(), d).map($vec::from);
                    if let (Some(ea), Some(eb)) = (shrink(&fa, da), shrink(&fb, db)) {
                        if $sat::classify_resized::<true>(&fa, &fb, ea, eb) == Class::Overlapping {
                            return true;
                        }
                    }
                }
                $verdict(self, other).intersects
            }
        }

        impl $obb {
            /// An upper bound of how far rounding moved the box given by `center`, `half` and
            /// exact `columns` to this one (Hausdorff distance: centre offset plus the change of
            /// each half-extent vector `e_i g_i`).
            fn moved_from(&self, center: $dvec, half: $dvec, columns: $dmat) -> f64 {
                let (stored, stored_half) = (self.axes(), self.half_extents());
                let mut moved = (center - self.center().$as_dvec()).length();
                for i in 0..$n {
                    let exact = columns.col(i) * half[i];
                    moved +=
                        (exact - stored.col(i).$as_dvec() * f64::from(stored_half[i])).length();
                }
                // f64 rounding of the above, and of R(q)/|q|² (8·2⁻⁵³ per entry): a relative 2⁻⁴⁰.
                let slack = (moved + half.element_sum()) * RELATIVE_SLACK;
                moved + slack
            }
        }
    };
}

certified_via_f32! {
    /// Certified verdict for boxes given in f64 (a quaternion as `R(q)/|q|²`, columns exactly):
    /// exact at any margin. Rounding the input to f32 moves each box by at most `d` (see
    /// `rounded`), so:
    ///
    /// * the f32 boxes grown by `d_A + d_B` contain the exact ones: the fast test proves
    ///   separation;
    /// * the f32 boxes shrunk by `d` (each half-extent, rounded down) lie inside the exact ones
    ///   (a point `d` inside a convex set within Hausdorff distance `d` of another is in the
    ///   other): the certified f32 test (`classify::<true>`) proves overlap;
    ///
    /// and only a pair within about `d` of touching is decided in exact integers. Returns the
    /// exact verdict for inputs the f32 path cannot hold (out of range).
    ///
    /// # Error bound
    ///
    /// None: exact at any margin, for the numbers as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::ExactBox3;
    ///
    /// let unit = |x: f64| ExactBox3::from_quat([x, 0.0, 0.0], [1.0; 3], [0.0, 0.0, 0.1, 1.0]);
    /// assert!(unit(0.0).intersects_certified(&unit(1.9)));
    /// assert!(!unit(0.0).intersects_certified(&unit(2.2)));
    /// ```
    ExactBox3 => Obb3(Vec3A), sat3, verdict3;
    DVec3, DMat3, as_dvec3, 3
}

certified_via_f32! {
    /// Certified verdict for rectangles given in f64 (columns exactly): see
    /// [`ExactBox3::intersects_certified`].
    ///
    /// # Error bound
    ///
    /// None: exact at any margin, for the numbers as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::ExactBox2;
    ///
    /// let square = |x: f64| ExactBox2::from_degrees([x, 0.0], [1.0; 2], 90.0);
    /// assert!(square(0.0).intersects_certified(&square(2.0))); // exactly touching
    /// assert!(!square(0.0).intersects_certified(&square(2.0 + 1e-15)));
    /// ```
    ExactBox2 => Obb2(Vec2), sat2, verdict2;
    DVec2, DMat2, as_dvec2, 2
}

impl ExactBox3 {
    /// The box rounded to f32 (through the checked constructors) and an upper bound of how far
    /// that moved it, or `None` if the f32 path cannot hold it.
    fn rounded(&self) -> Option<(Obb3, f64)> {
        let center = DVec3::from_array(self.center);
        let half = DVec3::from_array(self.half_extents);
        let (obb, exact_columns) = match self.rotation {
            Rotation3::Quat(q) => {
                let rounded = Quat::from_array(q.map(|v| v as f32));
                let obb = Obb3::try_new(center.as_vec3(), half.as_vec3(), rounded).ok()?;
                (obb, quat_matrix_f64(q))
            }
            Rotation3::Axes(columns) => {
                let m = DMat3::from_cols_array_2d(&columns);
                (
                    Obb3::try_from_axes(center.as_vec3(), half.as_vec3(), m.as_mat3()).ok()?,
                    m,
                )
            }
        };
        Some((obb, obb.moved_from(center, half, exact_columns)))
    }
}

impl ExactBox2 {
    /// As [`ExactBox3::rounded`].
    fn rounded(&self) -> Option<(Obb2, f64)> {
        let center = DVec2::from_array(self.center);
        let half = DVec2::from_array(self.half_extents);
        let m = DMat2::from_cols_array_2d(&self.axes);
        let obb = Obb2::try_from_axes(center.as_vec2(), half.as_vec2(), m.as_mat2()).ok()?;
        Some((obb, obb.moved_from(center, half, m)))
    }
}

/// Half-extents shrunk by at least `distance` (in f64, then rounded down to f32), or `None`
/// when one is smaller than that. The factor [`SHRINK_SLACK`] leaves room for the stored axes
/// being orthonormal only to within an ulp: a ball of radius `distance` around any point of the
/// shrunk box stays inside the stored one.
fn shrunk<const N: usize>(half: [f32; N], distance: f64) -> Option<[f32; N]> {
    let by = distance * SHRINK_SLACK;
    let mut out = half;
    for h in &mut out {
        let exact = f64::from(*h) - by;
        if exact < 0.0 {
            return None;
        }
        let rounded = exact as f32;
        *h = if f64::from(rounded) > exact {
            rounded.next_down()
        } else {
            rounded
        };
    }
    Some(out)
}

/// `1 + 2⁻¹⁰`: moving a distance `d` changes a coordinate along a stored axis by at most
/// `d·(1 + δ)` when the columns are orthonormal within `δ ≈ 2⁻²³`; this covers it many times.
const SHRINK_SLACK: f64 = 1.0 + 1.0 / 1024.0;

/// A margin in f32 at least as large as `distance`.
fn margin_at_least(distance: f64) -> f32 {
    let m = distance as f32;
    if f64::from(m) < distance {
        m.next_up()
    } else {
        m
    }
}

/// 2⁻⁴⁰: covers the f64 rounding of a rounding distance and of `R(q)/|q|²`.
const RELATIVE_SLACK: f64 = 1.0 / (1u64 << 40) as f64;
