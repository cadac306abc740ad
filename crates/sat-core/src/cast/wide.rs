//! Advancing in f64 ([`cast`](crate::cast), "Advancing"): the boxes of a cast as f64 boxes
//! relative to A's centre at time `0`, moved rigidly to any time, and the conservative
//! advancement over their bounded distance. One source for both dimensions (the macro
//! `moving!`), used by both precisions (an f32 box enters as the f64 box of its polar factor,
//! which contains it).
//!
//! Each advance from `τ` is the longer of two proven lower bounds of the time to contact:
//!
//! * **isotropic**: the distance `d̃` minus its error bound (`DISTANCE_K_F64·ε₆₄·S_τ`) and the
//!   rounding of the moved boxes, over the largest relative point speed `μ`;
//! * **along a plane**: the gap between the boxes' supporting planes normal to `n` (from A's
//!   closest point to B's), minus its rounding, over the fastest it can close, `μ_n =
//!   −n·(v_B − v_A) + |n × ω_A|ρ_A + |n × ω_B|ρ_B`; `μ_n ≤ 0` with a gap beyond the target
//!   proves there is no hit at all.
//!
//! Both bound the distance of the moved boxes from below for every later time, so no contact
//! is stepped over. The gap along a direction is `n̂·(c_B − c_A) − Σ e_Ai|n̂·a_i| −
//! Σ e_Bj|n̂·b_j|`: three-term dot products (`3u` of their absolute terms each), products with
//! the extents (`u`), a seven-term sum (`6u`) and the normalisation (`2u`), at most
//! `16u·(|c_B − c_A| + |e_A|₁ + |e_B|₁)` with `u = 2⁻⁵³` ([`GAP_ROUNDING`] uses twice that).

use glam::{DMat2, DMat3, DVec2, DVec3};

use super::{CastStatus, Motion2, Motion3};
use crate::distance::DISTANCE_K_F64;
use crate::tolerance::{EPS_F64, MOTION_ROUNDING_K_F64, sqrt_f64};
use crate::{DObb2, DObb3};

/// `2⁻⁵³`.
const U: f64 = f64::EPSILON / 2.0;

/// The rounding of a supporting-plane gap, per unit of `|c_B − c_A| + |e_A|₁ + |e_B|₁` (see the
/// module docs: `16u` needed).
const GAP_ROUNDING: f64 = 32.0 * U;

/// Covers the f64 rounding of a bound computed from a few roundings (a relative `2⁻⁴⁰`).
const SLACK: f64 = 1.0 + 1.0 / (1u64 << 40) as f64;

/// Where a cast stopped: the time, a point of each box there (relative to A's centre at time
/// `0`), the unit direction between them (`None` where they meet) and how it ended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Advanced<V> {
    pub(crate) toi: f64,
    pub(crate) a: V,
    pub(crate) b: V,
    pub(crate) normal: Option<V>,
    pub(crate) status: CastStatus,
}

/// `t + step`, rounded down: never past the exact sum, so every advance stays a lower bound.
fn advance_time(t: f64, step: f64) -> f64 {
    (t + step * (1.0 - 1.0 / (1u64 << 50) as f64)).next_down()
}

/// The moved box's and the rigid motion's parts in one dimension, and the advancing over them:
/// `$moving` with its `$body`s for box type `$obb` on `$vec`/`$mat`, angular velocity `$ang`,
/// `$turn(angvel·τ)` the rotation minus the identity, `$off_axis(n, angvel)` = `|n × ω|`.
macro_rules! moving {
    (
        $moving:ident, $body:ident, $obb:ident, $vec:ident, $mat:ident, $motion:ident,
        $motion_ty:ty, $ang:ty, $dim:literal, $turn:ident, $off_axis:ident, $cross_n:ident,
        $advance:ident, $nonlinear:ident
    ) => {
        /// One box of a cast: at time `0` relative to A's centre, its motion, and `ρ`, its
        /// largest distance from the pivot.
        #[derive(Debug, Clone, Copy)]
        struct $body {
            center: $vec,
            half: $vec,
            axes: $mat,
            pivot: $vec,
            linvel: $vec,
            angvel: $ang,
            rho: f64,
        }

        impl $body {
            fn new(obb: &$obb, origin: $vec, motion: &$motion_ty) -> Self {
                let center = obb.center() - origin;
                let pivot = motion.pivot - origin;
                $body {
                    center,
                    half: obb.half_extents(),
                    axes: obb.axes(),
                    pivot,
                    linvel: motion.linvel,
                    angvel: motion.angvel,
                    rho: ((center - pivot).length() + obb.half_extents().length()) * SLACK,
                }
            }

            /// The positions along `n` of the box's vertices (the box `obb` as built at time `t`)
            /// and their rates of change, and `m = n × ω` (so that `n·(ω × r) = r·m`).
            fn tracks(&self, obb: &$obb, t: f64, n: $vec) -> ([(f64, f64); 1 << $dim], $vec) {
                let m = $cross_n(n, self.angvel);
                let pivot = self.pivot + self.linvel * t;
                let c = obb.center();
                let (axes, e) = (obb.axes(), obb.half_extents());
                let base = (n.dot(c), n.dot(self.linvel) + (c - pivot).dot(m));
                let along: [(f64, f64); $dim] = core::array::from_fn(|k| {
                    let u = axes.col(k);
                    (e[k] * n.dot(u), e[k] * u.dot(m))
                });
                let tracks = core::array::from_fn(|corner| {
                    let mut x = base;
                    for (k, &(p, v)) in along.iter().enumerate() {
                        if corner >> k & 1 == 1 {
                            x = (x.0 - p, x.1 - v);
                        } else {
                            x = (x.0 + p, x.1 + v);
                        }
                    }
                    x
                });
                (tracks, m)
            }

            /// The box at time `t`: its axes `U + MU` and centre `c + v·t + M(c − pivot)` with `M =
            /// R(ω·t) − I`, computed directly (small for small turns, so the rounding stays
            /// relative to the turn).
            fn at(&self, t: f64) -> $obb {
                let turn = $turn(self.angvel, t);
                let center = self.center + self.linvel * t + turn * (self.center - self.pivot);
                $obb::from_axes(center, self.half, self.axes + turn * self.axes)
            }
        }

        /// The two boxes of a cast in f64, relative to `origin` (A's centre at time `0`).
        #[derive(Debug, Clone, Copy)]
        pub(crate) struct $moving {
            /// A's centre at time `0`, the origin of every box and point here.
            pub(crate) origin: $vec,
            /// The velocity the world points drift with: A's (a linear cast) or A's pivot's
            /// (a rotating cast); the boxes here move relative to it.
            pub(crate) drift: $vec,
            a: $body,
            b: $body,
            /// `μ`: no point of B moves faster than this relative to any point of A.
            speed: f64,
        }

        impl $moving {
            /// A linear cast: A (`a`) at rest, B (`b`) moving with the relative velocity `v`;
            /// world points drift with A's velocity `drift`.
            pub(crate) fn linear(a: &$obb, b: &$obb, v: $vec, drift: $vec) -> Self {
                let origin = a.center();
                let rest = $motion {
                    pivot: origin,
                    linvel: $vec::ZERO,
                    angvel: Default::default(),
                };
                let moves = $motion {
                    pivot: b.center(),
                    linvel: v,
                    angvel: Default::default(),
                };
                $moving {
                    origin,
                    drift,
                    a: $body::new(a, origin, &rest),
                    b: $body::new(b, origin, &moves),
                    speed: v.length() * SLACK,
                }
            }

            /// A rotating cast.
            pub(crate) fn new(
                a: &$obb,
                motion_a: &$motion_ty,
                b: &$obb,
                motion_b: &$motion_ty,
            ) -> Self {
                // In the frame moving with A's pivot: only `v_B − v_A` is multiplied by time,
                // so a common velocity (however large) never carries the moved boxes far from
                // the origin, where their rounding would outgrow `S'`.
                let origin = a.center();
                let drift = motion_a.linvel;
                let relative = |m: &$motion_ty| $motion {
                    pivot: m.pivot,
                    linvel: m.linvel - drift,
                    angvel: m.angvel,
                };
                let (a, b) = (
                    $body::new(a, origin, &relative(motion_a)),
                    $body::new(b, origin, &relative(motion_b)),
                );
                let spin = |body: &$body| $off_axis(None, body.angvel) * body.rho;
                let speed = ((b.linvel - a.linvel).length() + spin(&a) + spin(&b)) * SLACK;
                $moving {
                    origin,
                    drift,
                    a,
                    b,
                    speed,
                }
            }

            /// Both boxes at time `t`.
            pub(crate) fn at(&self, t: f64) -> ($obb, $obb) {
                (self.a.at(t), self.b.at(t))
            }

            /// `S' = |c_B − c_A| + max_toi·μ + |e_A| + |e_B| + δ` at time `0`.
            pub(crate) fn scale(&self, max_toi: f64, delta: f64) -> f64 {
                let sizes = self.a.half.length() + self.b.half.length();
                ((self.b.center - self.a.center).length() + max_toi * self.speed + sizes + delta)
                    * SLACK
            }

            /// The longest advance from `t` that the supporting planes normal to `n` prove safe
            /// for the boxes `a`, `b` built at `t` (`rounding` from the exact moved boxes): the
            /// gap between those planes is `min` over pairs of vertices of `n·(y_j − x_i)`, and
            /// each pair's value at `t + Δ` is at least its value and rate at `t` plus
            /// `Δ·rate − K·Δ²/2`, `K` bounding `|n·ẍ|` for turning points (`|n × ω|·|ω|·ρ` per
            /// box); also at least the gap minus `μ_n·Δ` ([`Step::Never`] when `μ_n ≤ 0`).
            fn directional(
                &self,
                t: f64,
                a: &$obb,
                b: &$obb,
                n: $vec,
                delta: f64,
                rounding: f64,
            ) -> Step {
                let n = n / n.length();
                let (tracks_a, m_a) = self.a.tracks(a, t, n);
                let (tracks_b, m_b) = self.b.tracks(b, t, n);
                let offset = b.center() - a.center();
                let sizes =
                    a.half_extents().abs().element_sum() + b.half_extents().abs().element_sum();
                let value_error = GAP_ROUNDING * (offset.length() + sizes) + rounding;
                let dv = self.b.linvel - self.a.linvel;
                let (spin_a, spin_b) = (m_a.length() * self.a.rho, m_b.length() * self.b.rho);
                let rate_error = 32.0 * U * (dv.length() + spin_a + spin_b)
                    + rounding * (m_a.length() + m_b.length());
                // First order: the gap falls at most at μ_n (all orientations).
                let gap = tracks_b.iter().map(|p| p.0).fold(f64::INFINITY, f64::min)
                    - tracks_a
                        .iter()
                        .map(|p| p.0)
                        .fold(f64::NEG_INFINITY, f64::max)
                    - value_error;
                if gap <= delta {
                    return Step::Unknown;
                }
                let closing = -n.dot(dv) + spin_a + spin_b + rate_error;
                if closing <= 0.0 {
                    return Step::Never;
                }
                let mut step = (gap - delta) / closing;
                // Second order: `F(Δ) = min_j(y_j + ẏ_jΔ) − max_i(x_i + ẋ_iΔ) − K·Δ²/2` (less the
                // roundings and δ) bounds the gap at `t + Δ` from below, and is concave, so it is
                // positive on `[0, Δ]` as soon as it is at `Δ`. Every pair's value and rate are at
                // least the smallest ones: the first root of that is safe, `Δ₀`; the supporting
                // pair's own first root `Δ₁` is tried, and bisected towards `Δ₀`, by `F`.
                let curvature = (m_a.length() * $off_axis(None, self.a.angvel) * self.a.rho
                    + m_b.length() * $off_axis(None, self.b.angvel) * self.b.rho)
                    * SLACK;
                let low = |d: f64| {
                    tracks_b
                        .iter()
                        .map(|&(y, v)| y + v * d)
                        .fold(f64::INFINITY, f64::min)
                };
                let high = |d: f64| {
                    tracks_a
                        .iter()
                        .map(|&(x, v)| x + v * d)
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                let size = tracks_a
                    .iter()
                    .chain(&tracks_b)
                    .fold(0.0f64, |m, &(x, v)| m.max(x.abs() + v.abs()));
                let positive = |d: f64| {
                    let bound = low(d)
                        - high(d)
                        - value_error
                        - delta
                        - rate_error * d
                        - 0.5 * curvature * d * d;
                    bound > 16.0 * U * (size * (1.0 + d) + curvature * d * d)
                };
                let slowest = tracks_b.iter().map(|p| p.1).fold(f64::INFINITY, f64::min)
                    - tracks_a
                        .iter()
                        .map(|p| p.1)
                        .fold(f64::NEG_INFINITY, f64::max)
                    - rate_error;
                let shrink = 1.0 - 1.0 / (1u64 << 45) as f64;
                let safe = first_root(gap - delta, slowest, curvature) * shrink;
                let lowest = tracks_b
                    .iter()
                    .fold((f64::INFINITY, 0.0), |m, &p| if p.0 < m.0 { p } else { m });
                let highest =
                    tracks_a.iter().fold(
                        (f64::NEG_INFINITY, 0.0),
                        |m, &p| if p.0 > m.0 { p } else { m },
                    );
                let mut tried =
                    first_root(gap - delta, lowest.1 - highest.1 - rate_error, curvature) * shrink;
                let mut second = safe;
                for _ in 0..4 {
                    if tried.is_nan() || tried <= safe || tried.is_infinite() {
                        break;
                    }
                    if positive(tried) {
                        second = tried;
                        break;
                    }
                    tried = 0.5 * (tried + safe);
                }
                step = step.max(second);
                Step::Advance(step)
            }
        }

        /// Advances `moving` from `start` (a time before which the boxes are farther apart than
        /// `delta`) until their bounded distance is within `delta + stop`; `None` when that
        /// provably never happens before `end`. `scale` is the cast's `S'`.
        pub(crate) fn $advance(
            moving: &$moving,
            start: f64,
            end: f64,
            delta: f64,
            stop: f64,
            scale: f64,
            max_steps: usize,
        ) -> Option<Advanced<$vec>> {
            let rounding = MOTION_ROUNDING_K_F64 * EPS_F64 * scale;
            let mut t = start;
            let mut last = None;
            for _ in 0..max_steps {
                let (a, b) = moving.at(t);
                let c = a.closest_points(&b);
                let apart = c.b - c.a;
                let normal = (apart != $vec::ZERO).then(|| apart / apart.length());
                if c.distance <= delta + stop {
                    let status = if t == 0.0 {
                        CastStatus::Penetrating
                    } else {
                        CastStatus::Hit
                    };
                    return Some(Advanced {
                        toi: t,
                        a: c.a,
                        b: c.b,
                        normal,
                        status,
                    });
                }
                last = Some(Advanced {
                    toi: t,
                    a: c.a,
                    b: c.b,
                    normal,
                    status: CastStatus::OutOfIterations,
                });
                let size = (b.center() - a.center()).length()
                    + a.half_extents().length()
                    + b.half_extents().length();
                let error = DISTANCE_K_F64 * EPS_F64 * size * SLACK + 2.0 * rounding;
                // Isotropic: the distance falls at most at μ.
                let mut step = (c.distance - error - delta) / moving.speed;
                // Along the planes between the closest points.
                if apart != $vec::ZERO {
                    match moving.directional(t, &a, &b, apart, delta, 2.0 * rounding) {
                        Step::Never => return None,
                        Step::Advance(longer) => step = step.max(longer),
                        Step::Unknown => {}
                    }
                }
                let next = advance_time(t, step);
                if next.is_nan() || next > end {
                    return None;
                }
                t = next.max(t);
            }
            last
        }

        /// The rotating cast: [`$advance`] from `0` to `max_toi` with the stop slack
        /// `stop_per_scale·S'`.
        pub(crate) fn $nonlinear(
            moving: &$moving,
            max_toi: f64,
            delta: f64,
            stop_per_scale: f64,
        ) -> Option<Advanced<$vec>> {
            let scale = moving.scale(max_toi, delta);
            $advance(
                moving,
                0.0,
                max_toi,
                delta,
                stop_per_scale * scale,
                scale,
                super::MAX_NONLINEAR_ADVANCES,
            )
        }
    };
}

/// `R(ω·t) − I` in 3D, from the quaternion `(ω̂·sin(θ/2), cos(θ/2))`, `θ = |ω|·t`: every entry
/// a product of `sin(θ/2)`, so small turns keep their relative precision.
fn turn3(angvel: DVec3, t: f64) -> DMat3 {
    let rate = angvel.length();
    if rate == 0.0 || t == 0.0 {
        return DMat3::ZERO;
    }
    let (s, c) = libm::sincos(0.5 * rate * t);
    let axis = angvel / rate;
    let (x, y, z) = (axis.x * s, axis.y * s, axis.z * s);
    let w = c;
    DMat3::from_cols(
        DVec3::new(
            -2.0 * (y * y + z * z),
            2.0 * (x * y + w * z),
            2.0 * (x * z - w * y),
        ),
        DVec3::new(
            2.0 * (x * y - w * z),
            -2.0 * (x * x + z * z),
            2.0 * (y * z + w * x),
        ),
        DVec3::new(
            2.0 * (x * z + w * y),
            2.0 * (y * z - w * x),
            -2.0 * (x * x + y * y),
        ),
    )
}

/// `R(ω·t) − I` in 2D: `cos − 1 = −2 sin²(θ/2)`, so small turns keep their relative precision.
fn turn2(angvel: f64, t: f64) -> DMat2 {
    if angvel == 0.0 || t == 0.0 {
        return DMat2::ZERO;
    }
    let angle = angvel * t;
    let s = libm::sin(angle);
    let half = libm::sin(0.5 * angle);
    let cm1 = -2.0 * half * half;
    DMat2::from_cols(DVec2::new(cm1, s), DVec2::new(-s, cm1))
}

/// `m = n × ω` in 3D: `n·(ω × r) = r·m`.
fn cross_n3(n: DVec3, angvel: DVec3) -> DVec3 {
    n.cross(angvel)
}

/// `m` in 2D, where `ω × r = ω·perp(r)`: `n·(ω·perp(r)) = r·(−ω·perp(n))`.
fn cross_n2(n: DVec2, angvel: f64) -> DVec2 {
    -n.perp() * angvel
}

/// What the supporting planes prove about the next advance.
enum Step {
    /// The gap between them never closes: no contact, ever.
    Never,
    /// Nothing comes within the target distance for this long.
    Advance(f64),
    /// The planes are within the target distance already (a poor direction).
    Unknown,
}

/// The first `Δ > 0` at which `c + rate·Δ − curvature·Δ²/2` reaches `0` (`c > 0`), `∞` if
/// never; the larger-magnitude root by the stable formula.
fn first_root(c: f64, rate: f64, curvature: f64) -> f64 {
    if curvature == 0.0 {
        return if rate >= 0.0 {
            f64::INFINITY
        } else {
            c / -rate
        };
    }
    let root = sqrt_f64(rate * rate + 2.0 * curvature * c);
    if rate <= 0.0 {
        2.0 * c / (root - rate)
    } else {
        (rate + root) / curvature
    }
}

/// `|n × ω|` in 3D (`|ω|` for `n = None`: the largest over unit `n`).
fn off_axis3(n: Option<DVec3>, angvel: DVec3) -> f64 {
    match n {
        Some(n) => n.cross(angvel).length(),
        None => angvel.length(),
    }
}

/// `|n × ω|` in 2D: `|ω|` for every `n` in the plane.
fn off_axis2(_n: Option<DVec2>, angvel: f64) -> f64 {
    angvel.abs()
}

moving!(
    Moving3,
    Body3,
    DObb3,
    DVec3,
    DMat3,
    Motion3,
    Motion3<DVec3>,
    DVec3,
    3,
    turn3,
    off_axis3,
    cross_n3,
    advance3,
    nonlinear3
);
moving!(
    Moving2, Body2, DObb2, DVec2, DMat2, Motion2, Motion2<DVec2, f64>, f64, 2, turn2, off_axis2,
    cross_n2, advance2, nonlinear2
);
