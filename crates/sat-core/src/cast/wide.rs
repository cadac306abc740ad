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
use crate::tolerance::{EPS_F64, MOTION_ROUNDING_K_F64};
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
        $motion_ty:ty, $ang:ty, $turn:ident, $off_axis:ident, $advance:ident, $nonlinear:ident
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
            /// The velocity the world points of a linear cast drift with (A's; the boxes move
            /// relative to A); zero for a rotating cast.
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
                let origin = a.center();
                let (a, b) = (
                    $body::new(a, origin, motion_a),
                    $body::new(b, origin, motion_b),
                );
                let spin = |body: &$body| $off_axis(None, body.angvel) * body.rho;
                let speed = ((b.linvel - a.linvel).length() + spin(&a) + spin(&b)) * SLACK;
                $moving {
                    origin,
                    drift: $vec::ZERO,
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

            /// A lower bound of the exact gap between the moved boxes' supporting planes normal
            /// to `n` at the time of `a`, `b` (the boxes as built there, `rounding` from the
            /// exact ones), and an upper bound of how fast that gap can close.
            fn plane(&self, a: &$obb, b: &$obb, n: $vec, rounding: f64) -> (f64, f64) {
                let n = n / n.length();
                let t = b.center() - a.center();
                let (ga, gb) = (a.axes(), b.axes());
                let (ea, eb) = (a.half_extents(), b.half_extents());
                let reach = |g: $mat, e: $vec| (g.transpose() * n).abs().dot(e);
                let gap = n.dot(t) - reach(ga, ea) - reach(gb, eb);
                let error = GAP_ROUNDING
                    * (t.length() + ea.abs().element_sum() + eb.abs().element_sum())
                    + rounding;
                let dv = self.b.linvel - self.a.linvel;
                let spin = |body: &$body| $off_axis(Some(n), body.angvel) * body.rho;
                let closing = -n.dot(dv) + spin(&self.a) + spin(&self.b);
                // The roundings of `closing`: a few ulps of its terms.
                let closing = closing + 8.0 * U * (dv.length() + spin(&self.a) + spin(&self.b));
                (gap - error, closing)
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
                // Along the plane between the closest points.
                if apart != $vec::ZERO {
                    let (gap, closing) = moving.plane(&a, &b, apart, 2.0 * rounding);
                    if gap > delta {
                        if closing <= 0.0 {
                            return None;
                        }
                        step = step.max((gap - delta) / closing);
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
    turn3,
    off_axis3,
    advance3,
    nonlinear3
);
moving!(
    Moving2, Body2, DObb2, DVec2, DMat2, Motion2, Motion2<DVec2, f64>, f64, turn2, off_axis2,
    advance2, nonlinear2
);
