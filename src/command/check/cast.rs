//! `obbsat check --query cast`: how a cast's answer is judged, as the issue that asked for casts
//! judges parry's (and as the oracle's cast checks judge their peers, `sat_oracle::check`,
//! `PEER_K`).
//!
//! For a linear cast with target distance 0, with `S' = |c_B − c_A| + τ·|v_B − v_A| + |e_A| +
//! |e_B|` (`τ` is `max_toi`, or the time after which B has passed A for good, whichever is
//! sooner) for the numbers as written and `tol = 64·ε·S'` (`ε = 2⁻²³`): an answer is right when
//! it lies between the exact times of impact of the pair with every half-extent grown and shrunk
//! by `tol/2` (`sat_core::exact::toi2/toi3`, rational). So "no hit" is wrong only when the
//! shrunk pair meets within `max_toi` (a missed hit), a time is wrong when it is later than the
//! shrunk pair's (late) or earlier than the grown pair's, or a hit where the grown pair never
//! meets (early or phantom). The size of a wrong answer is its position error `|t − toi|·|v|`
//! (`S'` for a missed or phantom hit).
//!
//! Casts with a target distance and rotating casts have no exact time of impact here: they are
//! listed as not judged (the fuzz targets `cast2`, `cast3` and `cast3_nonlinear` judge
//! sat-core's on them).

use glam::DVec3;
use sat_core::exact::BigRational;
use sat_core::tolerance::EPS;

use crate::case::{CastInput, Motion, WrittenPair};
use crate::engine::{Prepared, exact_toi};

/// `64`: the tolerance of a cast answer, in `ε·S'`.
pub const CAST_BAND_K: f32 = 64.0;

/// What a cast answer is judged against.
#[derive(Debug, Clone, PartialEq)]
pub struct CastTruth {
    /// The exact time of impact rounded down to f64, `None` for no hit.
    pub toi: Option<f64>,
    /// `S'`.
    pub scale: f64,
    /// `|v_B − v_A|`.
    speed: f64,
    /// The exact time of impact of the pair shrunk by `tol/2`.
    shrunk: Option<BigRational>,
    /// The exact time of impact of the pair grown by `tol/2`.
    grown: Option<BigRational>,
}

fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap_or_default()
}

/// The truth of a case's cast, or why it is not judged.
pub fn truth(case: &Prepared, input: &CastInput) -> Result<CastTruth, String> {
    let Motion::Linear { vel_a, vel_b } = input.motion else {
        return Err("a rotating cast: no exact time of impact to judge it by".into());
    };
    if input.target_distance != 0.0 {
        return Err("a cast with a target distance: no exact time of impact to judge it by".into());
    }
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
    let speed = (DVec3::from_array(vel_b) - DVec3::from_array(vel_a)).length();
    let travel = if speed == 0.0 {
        0.0
    } else {
        let reach = 2.0 * (offset + sizes);
        (input.max_toi * speed).min(reach)
    };
    let scale = (offset + travel + sizes) * (1.0 + 1e-6);
    let tol = f64::from(CAST_BAND_K) * f64::from(EPS) * scale;
    let toi = |grow: f64| exact_toi(&case.exact, input, grow);
    Ok(CastTruth {
        toi: toi(0.0)?.map(|t| t.toi_down()),
        scale,
        speed,
        shrunk: toi(-0.5 * tol)?.map(|t| t.toi),
        grown: toi(0.5 * tol)?.map(|t| t.toi),
    })
}

impl CastTruth {
    /// `None` when `got` (a time of impact, `None` for no hit) is right; else its size, the
    /// position error `|t − toi|·|v|` (`S'` for a missed or phantom hit).
    pub fn error(&self, got: Option<f64>) -> Option<f64> {
        let size = |t: f64| {
            self.toi.map_or(self.scale, |exact| {
                ((t - exact).abs() * self.speed).max(f64::MIN_POSITIVE)
            })
        };
        match (got, &self.shrunk, &self.grown) {
            (None, None, _) => None,
            (None, Some(_), _) => Some(self.scale),
            (Some(t), Some(s), _) if rational(t) > *s => Some(size(t)),
            (Some(_), _, None) => Some(self.scale),
            (Some(t), _, Some(g)) if *g > rational(t) => Some(size(t)),
            (Some(_), _, Some(_)) => None,
        }
    }
}
