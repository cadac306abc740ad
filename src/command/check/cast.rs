//! `obbsat check --query cast`: how a cast's answer is judged, as the issue that asked for casts
//! judges parry's (and as the oracle's cast checks judge their peers, `sat_oracle::check`,
//! `PEER_K`), in exact rationals for the numbers as written.
//!
//! `S' = |c_B − c_A| + τ·|v_B − v_A| + |e_A| + |e_B| + δ` (`τ` is `max_toi`, or the time after
//! which B has passed A for good, whichever is sooner) and `tol = 64·ε·S'` (`ε = 2⁻²³`).
//!
//! * **Linear, target distance 0**: an answer is right when it lies between the exact times of
//!   impact of the pair with every half-extent grown and shrunk by `tol/2`
//!   (`sat_core::exact::toi2/toi3`). So "no hit" is wrong only when the shrunk pair meets within
//!   `max_toi` (a missed hit), a time is wrong when it is later than the shrunk pair's (late) or
//!   earlier than the grown pair's, or a hit where the grown pair never meets (early or phantom).
//!   A half-extent below `tol/2` shrinks to zero, so for a degenerate box a late time must also
//!   be more than `tol` of travel after the exact one (`(t − toi)·|v_B − v_A| > tol`).
//!   The reference time is the exact time of impact rounded down to f64.
//! * **Linear, target distance `δ > 0`**, by exact swept distances
//!   (`sat_core::exact::swept_distance_squared2/3`): "no hit" is wrong when the boxes come closer
//!   than `δ − tol` within the time range; a time `t` is late when they come closer than
//!   `δ − tol` before it, early when they are farther apart than `δ + tol` at it (or it is past
//!   `max_toi`). (For `δ ≤ tol`, "closer than `δ − tol`" is the pair shrunk by `(tol − δ)/2`
//!   meeting.) The reference time is the first f64 time at which the exact distance is at most
//!   `δ`.
//!
//! The size of a wrong answer is its position error `|t − toi|·|v_B − v_A|` against the
//! reference time (`S'` where there is none). Rotating casts have no exact time of impact here:
//! they are listed as not judged (the fuzz target `cast3_nonlinear` judges sat-core's).

use glam::DVec3;
use sat_core::exact::{BigRational, swept_distance_squared2, swept_distance_squared3};
use sat_core::tolerance::EPS;

use crate::case::{CastInput, ExactPair, Motion, WrittenPair};
use crate::engine::{Prepared, exact_toi};

/// `64`: the tolerance of a cast answer, in `ε·S'`.
pub const CAST_BAND_K: f32 = 64.0;

/// What a cast answer is judged against.
#[derive(Debug, Clone, PartialEq)]
pub struct CastTruth {
    /// The reference time (see the module docs), `None` for no hit.
    pub toi: Option<f64>,
    /// `S'`.
    pub scale: f64,
    /// `|v_B − v_A|`.
    speed: f64,
    /// How answers are judged.
    rule: Rule,
}

/// How a cast's answers are judged.
#[derive(Debug, Clone, PartialEq)]
enum Rule {
    /// Target distance 0: between the exact times of the shrunk and the grown pair.
    Touch {
        shrunk: Option<BigRational>,
        grown: Option<BigRational>,
    },
    /// Target distance `δ > 0`: by swept distances.
    Within(Box<Swept>),
}

/// A linear cast with target distance `δ > 0`, judged by its exact swept distances.
#[derive(Debug, Clone, PartialEq)]
struct Swept {
    exact: ExactPair,
    input: CastInput,
    vel: [[f64; 3]; 2],
    /// `δ − tol` and `δ + tol`.
    near: f64,
    far: f64,
    /// The end of the time range that matters.
    end: f64,
}

fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap_or_default()
}

impl Swept {
    /// The exact squared minimum distance over `[from, to]`.
    fn squared(&self, from: f64, to: f64) -> BigRational {
        let [va, vb] = self.vel;
        let (from, to) = (rational(from), rational(to));
        match &self.exact {
            ExactPair::Three(a, b) => swept_distance_squared3(a, va, b, vb, &from, &to),
            ExactPair::Two(a, b) => {
                let two = |v: [f64; 3]| [v[0], v[1]];
                swept_distance_squared2(a, two(va), b, two(vb), &from, &to)
            }
        }
    }

    /// Whether the boxes come within `d` of each other over `[0, t]`.
    fn within(&self, d: f64, t: f64) -> bool {
        self.squared(0.0, t) <= rational(d) * rational(d)
    }

    /// Whether they come closer than `δ − tol` by `t`.
    fn too_close_by(&self, t: f64) -> bool {
        if self.near > 0.0 {
            return self.squared(0.0, t) < rational(self.near) * rational(self.near);
        }
        let touch = CastInput {
            target_distance: 0.0,
            ..self.input
        };
        let shrunk = exact_toi(&self.exact, &touch, 0.5 * self.near);
        matches!(shrunk, Ok(Some(s)) if s.toi <= rational(t))
    }

    /// The first f64 time in `[0, end]` at which the boxes are within `δ` (a bisection over
    /// the f64 numbers: being within `δ` by `t` is monotone in `t`).
    fn first(&self) -> Option<f64> {
        let delta = self.input.target_distance;
        if !self.within(delta, self.end) {
            return None;
        }
        if self.within(delta, 0.0) {
            return Some(0.0);
        }
        let (mut lo, mut hi) = (0u64, self.end.to_bits());
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.within(delta, f64::from_bits(mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(f64::from_bits(hi))
    }
}

/// The truth of a case's cast, or why it is not judged.
pub fn truth(case: &Prepared, input: &CastInput) -> Result<CastTruth, String> {
    let Motion::Linear { vel_a, vel_b } = input.motion else {
        return Err("a rotating cast: no exact time of impact to judge it by".into());
    };
    let (offset, sizes) = match &case.written.pair {
        WrittenPair::Two(a, b) => {
            let v = |x: [f64; 2]| DVec3::new(x[0], x[1], 0.0);
            let offset = (v(b.center) - v(a.center)).length();
            (
                offset,
                v(a.half_extents).length() + v(b.half_extents).length(),
            )
        }
        WrittenPair::Three(a, b) => {
            let v = DVec3::from_array;
            let offset = (v(b.center) - v(a.center)).length();
            (
                offset,
                v(a.half_extents).length() + v(b.half_extents).length(),
            )
        }
    };
    let delta = input.target_distance;
    let speed = (DVec3::from_array(vel_b) - DVec3::from_array(vel_a)).length();
    let reach = 2.0 * (offset + sizes + delta);
    let travel = if speed == 0.0 {
        0.0
    } else {
        (input.max_toi * speed).min(reach)
    };
    let scale = (offset + travel + sizes + delta) * (1.0 + 1e-6);
    let tol = f64::from(CAST_BAND_K) * f64::from(EPS) * scale;
    if delta > 0.0 {
        let end = if speed == 0.0 {
            0.0
        } else {
            input.max_toi.min(reach / speed)
        };
        let swept = Swept {
            exact: case.exact,
            input: *input,
            vel: [vel_a, vel_b],
            near: delta - tol,
            far: delta + tol,
            end,
        };
        return Ok(CastTruth {
            toi: swept.first(),
            scale,
            speed,
            rule: Rule::Within(Box::new(swept)),
        });
    }
    let toi = |grow: f64| exact_toi(&case.exact, input, grow);
    Ok(CastTruth {
        toi: toi(0.0)?.map(|t| t.toi_down()),
        scale,
        speed,
        rule: Rule::Touch {
            shrunk: toi(-0.5 * tol)?.map(|t| t.toi),
            grown: toi(0.5 * tol)?.map(|t| t.toi),
        },
    })
}

impl CastTruth {
    /// `None` when `got` (a time of impact, `None` for no hit) is right; else its size, the
    /// position error `|t − toi|·|v|` (`S'` where there is no reference time).
    pub fn error(&self, got: Option<f64>) -> Option<f64> {
        let size = |t: f64| {
            self.toi.map_or(self.scale, |exact| {
                ((t - exact).abs() * self.speed).max(f64::MIN_POSITIVE)
            })
        };
        let swept = match &self.rule {
            Rule::Within(swept) => swept,
            Rule::Touch { shrunk, grown } => {
                // A half-extent smaller than `tol/2` shrinks to zero, so the shrunk pair of a
                // degenerate box can meet as soon as the exact one: a time after it is late only
                // when its position error is beyond `tol` too.
                let tol = f64::from(CAST_BAND_K) * f64::from(EPS) * self.scale;
                return match (got, shrunk, grown) {
                    (None, None, _) => None,
                    (None, Some(_), _) => Some(self.scale),
                    (Some(t), Some(s), _) if rational(t) > *s && size(t) > tol => Some(size(t)),
                    (Some(_), _, None) => Some(self.scale),
                    (Some(t), _, Some(g)) if *g > rational(t) => Some(size(t)),
                    (Some(_), _, Some(_)) => None,
                };
            }
        };
        match got {
            None => swept.too_close_by(swept.end).then_some(self.scale),
            Some(t) if t > swept.input.max_toi => Some(size(t)),
            Some(t) if t > 0.0 && swept.too_close_by(t.next_down()) => Some(size(t)),
            Some(t) if swept.squared(t, t) > rational(swept.far) * rational(swept.far) => {
                Some(size(t))
            }
            Some(_) => None,
        }
    }
}
