//! Certified casts ([`Obb3::cast_certified`](crate::Obb3::cast_certified)): the exact time of
//! impact rounded down to the precision, and the exact status, at any margin.
//!
//! Three tiers, as [`intersects_certified`](crate::Obb3::intersects_certified):
//!
//! 1. The padded cast (`window` in `three.rs`/`two.rs`): "no hit" is exact; otherwise the exact
//!    time of impact lies in its window `[lo, hi]`.
//! 2. (f32 boxes) Every candidate axis of the stored parallelepipeds in f64 (face normals
//!    `g_j × g_k`, edge axes `g_Ai × g_Bk`; products of f32 numbers are exact in f64, so each
//!    component is one rounding of an exact difference, and an exactly zero axis is recognised
//!    exactly), with `p`, `w`, `r` and a rigorous bound of each one's error,
//!    [`F64_BOUND`]`·(magnitude)·|L̂|₁` (the bound of `certified.rs`, `18u` needed): every
//!    axis's entry and exit become intervals, and where the latest entry's interval rounds down
//!    to one f32 and the status is decided, that is the answer. An axis with `w` within its
//!    error of zero is decided over the window instead (all of it, or none of it).
//! 3. What is still undecided (a time of impact within about `2⁻⁴⁷` of an f32 boundary, exact
//!    touching, sliding in contact) goes to exact integers ([`exact::toi3`](crate::exact::toi3)).
//!
//! f64 boxes go from tier 1 to tier 3.

use crate::exact::{ExactBox2, ExactBox3, ExactToi, toi2, toi3};
use crate::{DObb2, DObb3, Obb2, Obb3};

/// `64·2⁻⁵³`: the f64 tier's error factor (see `certified.rs`, whose derivation bounds a gap
/// numerator by `18u·M·|L̂|₁`).
const F64_BOUND: f64 = 64.0 * f64::EPSILON / 2.0;

/// A certified answer: the time of impact rounded down to the precision (in f64) and whether
/// the boxes intersect at time `0`; `None`: no hit.
pub(crate) type Certified = Option<(f64, bool)>;

/// A box's stored numbers in f64 (exactly).
struct Stored<const N: usize> {
    center: [f64; N],
    half: [f64; N],
    cols: [[f64; N]; N],
}

fn dot<const N: usize>(x: &[f64; N], y: &[f64; N]) -> f64 {
    x.iter().zip(y).map(|(a, b)| a * b).sum()
}

fn l1<const N: usize>(x: &[f64; N]) -> f64 {
    x.iter().map(|c| c.abs()).sum()
}

/// An interval `[lo, hi]` of an entry or exit time.
#[derive(Debug, Clone, Copy)]
struct Span {
    lo: f64,
    hi: f64,
}

/// `num/den` for `num ∈ [num − e, num + e]`, `den ∈ [den − f, den + f]` (`den − f > 0`), rounded
/// outward.
fn quotient(num: f64, e: f64, den: f64, f: f64) -> Span {
    let (n_lo, n_hi) = (num - e, num + e);
    let (d_lo, d_hi) = (den - f, den + f);
    let lo = if n_lo >= 0.0 {
        n_lo / d_hi
    } else {
        n_lo / d_lo
    };
    let hi = if n_hi >= 0.0 {
        n_hi / d_lo
    } else {
        n_hi / d_hi
    };
    let out = 4.0 * f64::EPSILON;
    Span {
        lo: lo - lo.abs() * out,
        hi: hi + hi.abs() * out,
    }
}

/// Tier 2 over the candidate `axes` of the stored boxes `a`, `b` moving with `va`, `vb`, the
/// exact time of impact known to lie in `window` (tier 1's) and to be at most `max_toi`: the
/// latest entry's interval, decided status and hit, or `None` when something is undecided.
fn tier2<const N: usize>(
    a: &Stored<N>,
    va: [f64; N],
    b: &Stored<N>,
    vb: [f64; N],
    axes: &[[f64; N]],
    window: (f64, f64),
    max_toi: f64,
) -> Option<Option<(Span, bool)>> {
    let t: [f64; N] = core::array::from_fn(|k| b.center[k] - a.center[k]);
    let v: [f64; N] = core::array::from_fn(|k| vb[k] - va[k]);
    let reach_size: f64 = [a, b]
        .iter()
        .map(|s| (0..N).map(|i| s.half[i] * l1(&s.cols[i])).sum::<f64>())
        .sum();
    let (t1, v1) = (
        l1(&t) * (1.0 + 4.0 * F64_BOUND),
        l1(&v) * (1.0 + 4.0 * F64_BOUND),
    );
    let mut entry = Span {
        lo: f64::NEG_INFINITY,
        hi: f64::NEG_INFINITY,
    };
    let mut exit = Span {
        lo: max_toi,
        hi: max_toi,
    };
    for l in axes {
        let size = l1(l);
        if size == 0.0 {
            continue; // parallel edges: no candidate axis
        }
        let p = dot(&t, l);
        let w = dot(&v, l);
        let r: f64 = [a, b]
            .iter()
            .map(|s| {
                (0..N)
                    .map(|i| s.half[i] * dot(&s.cols[i], l).abs())
                    .sum::<f64>()
            })
            .sum();
        let (ep, ew, er) = (
            F64_BOUND * t1 * size,
            F64_BOUND * v1 * size,
            F64_BOUND * reach_size * size,
        );
        if w.abs() <= ew {
            // Nearly sliding along this axis: over the window |p + τw| moves by at most
            // (|w| + ew)·τ; decide "all of the window" or "none of it", or give up.
            let drift = (w.abs() + ew) * window.1;
            if p.abs() + ep + drift < r - er {
                continue;
            }
            if p.abs() - ep - drift > r + er {
                return Some(None);
            }
            return None;
        }
        let s = w.signum();
        let opens = quotient(-r - s * p, er + ep, w.abs(), ew);
        let closes = quotient(r - s * p, er + ep, w.abs(), ew);
        entry = Span {
            lo: entry.lo.max(opens.lo),
            hi: entry.hi.max(opens.hi),
        };
        exit = Span {
            lo: exit.lo.min(closes.lo),
            hi: exit.hi.min(closes.hi),
        };
    }
    let toi = Span {
        lo: entry.lo.max(0.0),
        hi: entry.hi.max(0.0),
    };
    if toi.hi <= exit.lo {
        let penetrating = if entry.hi <= 0.0 {
            true
        } else if entry.lo > 0.0 {
            false
        } else {
            return None;
        };
        return Some(Some((toi, penetrating)));
    }
    if toi.lo > exit.hi {
        return Some(None);
    }
    None
}

/// Tiers 2 and 3 for f32 boxes in either dimension, from each box's stored numbers in f64 and
/// velocity, and the candidate axes: tier 2 where it decides, else `exact`, the exact time of
/// impact up to the limit it is given (`max_toi` in f64), rounded down to f32.
fn tiers<const N: usize>(
    (a, va): (&Stored<N>, [f64; N]),
    (b, vb): (&Stored<N>, [f64; N]),
    axes: &[[f64; N]],
    max_toi: f32,
    window: (f32, f32),
    exact: impl FnOnce(f64) -> Option<ExactToi>,
) -> Certified {
    let limit = f64::from(max_toi.min(f32::MAX));
    let window = (f64::from(window.0), f64::from(window.1));
    match tier2(a, va, b, vb, axes, window, limit) {
        Some(None) => None,
        Some(Some((toi, penetrating))) if f32_down(toi.lo) == f32_down(toi.hi) => {
            Some((f64::from(f32_down(toi.lo)), penetrating))
        }
        _ => from_exact(exact(limit), to_f32_down),
    }
}

/// The largest f32 not above the f64 `x`.
fn f32_down(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) > x { y.next_down() } else { y }
}

/// The exact tier's answer, the time rounded down with `down`.
fn from_exact(found: Option<ExactToi>, down: fn(f64) -> f64) -> Certified {
    found.map(|t| (down(t.toi_down()), t.penetrating))
}

/// `f64` times: the exact rational rounded down already is the f64 answer.
fn same(x: f64) -> f64 {
    x
}

/// f32 times: the largest f32 not above the largest f64 not above the exact time, which is the
/// largest f32 not above the exact time (an f32 is an f64).
fn to_f32_down(x: f64) -> f64 {
    f64::from(f32_down(x))
}

fn stored3(o: &Obb3) -> Stored<3> {
    let m = o.axes().as_dmat3();
    Stored {
        center: o.center().as_dvec3().to_array(),
        half: o.half_extents().as_dvec3().to_array(),
        cols: [m.x_axis, m.y_axis, m.z_axis].map(|c| c.to_array()),
    }
}

fn stored2(o: &Obb2) -> Stored<2> {
    let m = o.axes().as_dmat2();
    Stored {
        center: o.center().as_dvec2().to_array(),
        half: o.half_extents().as_dvec2().to_array(),
        cols: [m.x_axis, m.y_axis].map(|c| c.to_array()),
    }
}

fn cross(u: [f64; 3], v: [f64; 3]) -> [f64; 3] {
    [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ]
}

/// Tiers 2 and 3 for f32 boxes in 3D (tier 1 left `window`).
pub(crate) fn certify3(
    a: &Obb3,
    va: glam::Vec3,
    b: &Obb3,
    vb: glam::Vec3,
    max_toi: f32,
    window: (f32, f32),
) -> Certified {
    let (sa, sb) = (stored3(a), stored3(b));
    let (ga, gb) = (sa.cols, sb.cols);
    let mut axes = [[0.0; 3]; 15];
    for i in 0..3 {
        axes[i] = cross(ga[(i + 1) % 3], ga[(i + 2) % 3]);
        axes[3 + i] = cross(gb[(i + 1) % 3], gb[(i + 2) % 3]);
        for k in 0..3 {
            axes[6 + 3 * i + k] = cross(ga[i], gb[k]);
        }
    }
    let (va64, vb64) = (va.as_dvec3().to_array(), vb.as_dvec3().to_array());
    tiers((&sa, va64), (&sb, vb64), &axes, max_toi, window, |limit| {
        toi3(
            &ExactBox3::from(a),
            va64,
            &ExactBox3::from(b),
            vb64,
            limit,
            0.0,
        )
    })
}

/// Tiers 2 and 3 for f32 boxes in 2D.
pub(crate) fn certify2(
    a: &Obb2,
    va: glam::Vec2,
    b: &Obb2,
    vb: glam::Vec2,
    max_toi: f32,
    window: (f32, f32),
) -> Certified {
    let (sa, sb) = (stored2(a), stored2(b));
    let perp = |g: [f64; 2]| [-g[1], g[0]];
    let axes = [
        perp(sa.cols[1]),
        perp(sa.cols[0]),
        perp(sb.cols[1]),
        perp(sb.cols[0]),
    ];
    let (va64, vb64) = (va.as_dvec2().to_array(), vb.as_dvec2().to_array());
    tiers((&sa, va64), (&sb, vb64), &axes, max_toi, window, |limit| {
        toi2(
            &ExactBox2::from(a),
            va64,
            &ExactBox2::from(b),
            vb64,
            limit,
            0.0,
        )
    })
}

/// Tier 3 for f64 boxes in 3D.
pub(crate) fn certify3_f64(
    a: &DObb3,
    va: glam::DVec3,
    b: &DObb3,
    vb: glam::DVec3,
    max_toi: f64,
    _window: (f64, f64),
) -> Certified {
    let found = toi3(
        &ExactBox3::from(a),
        va.to_array(),
        &ExactBox3::from(b),
        vb.to_array(),
        max_toi.min(f64::MAX),
        0.0,
    );
    from_exact(found, same)
}

/// Tier 3 for f64 boxes in 2D.
pub(crate) fn certify2_f64(
    a: &DObb2,
    va: glam::DVec2,
    b: &DObb2,
    vb: glam::DVec2,
    max_toi: f64,
    _window: (f64, f64),
) -> Certified {
    let found = toi2(
        &ExactBox2::from(a),
        va.to_array(),
        &ExactBox2::from(b),
        vb.to_array(),
        max_toi.min(f64::MAX),
        0.0,
    );
    from_exact(found, same)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotients_round_outward() {
        let s = quotient(1.0, 0.0, 3.0, 0.0);
        assert!(s.lo < 1.0 / 3.0 && s.hi > 1.0 / 3.0 && s.hi - s.lo < 1e-15);
        let s = quotient(-1.0, 0.5, 2.0, 1.0);
        assert!(s.lo <= -1.5 && s.hi >= -0.5 / 3.0);
    }

    #[test]
    fn f32_down_is_the_largest_f32_below() {
        assert_eq!(f32_down(0.1), 0.1f32.next_down()); // 0.1f32 is above 0.1
        assert!(f64::from(f32_down(0.1)) <= 0.1);
        assert!(f64::from(f32_down(0.1).next_up()) > 0.1);
        assert_eq!(f32_down(1.0), 1.0);
    }
}
