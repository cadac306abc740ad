//! `sat64`: sat-core's f64 test (`DObb2`/`DObb3`) on the numbers exactly as written; where the
//! columns are f32 data (orthonormal only within f32's tolerance, beyond f64's `2⁻⁴⁶`), sat-core's
//! certified test on the boxes as written, which is exact.

use sat_core::tolerance::Band;

use super::cast::{double_cast, single_cast};
use super::interface::{
    About, CastReply, Engine, Judgement, Margin, MarginSource, Precision, VERDICTS_AND_CASTS,
};
use super::main_job::{Batch, Pass, Truth, on_batch, timed};
use super::prepared::Prepared;
use super::sat::{origin, single_margin};
use crate::case::{CastInput, DoublePair};

/// sat-core's f64 test: exact outside `768·ε₆₄·S` (`896·ε₆₄·S` for `axes` columns,
/// `ε₆₄ = 2⁻⁵²`), "separated" always exact; the certified test where the columns are f32 data.
pub struct Sat64;

impl Engine for Sat64 {
    fn about(&self) -> About {
        About::new("sat64", "sat-core f64", Precision::F64, VERDICTS_AND_CASTS)
    }

    fn judge(&self, case: &Prepared) -> Option<Judgement> {
        Some(match &case.double {
            Some(double) => Judgement {
                own: true,
                ..double_margin(double)
            },
            None => Judgement {
                intersects: case.exact.intersects_certified(),
                ..single_margin(case)
            },
        })
    }

    fn cast(&self, case: &Prepared, input: &CastInput) -> Option<Result<CastReply, String>> {
        Some(match &case.double {
            Some(double) => double_cast(double, input),
            None => single_cast(&case.pair, &origin(&case.pair, &case.exact), input, false),
        })
    }

    /// Its f64 band where it runs in f64, zero where it runs the exact certified test.
    fn band(&self, double: Option<&DoublePair>, scale: f64) -> Band<f64> {
        match double {
            Some(double) if double.axes() => Band::f64_axes(scale),
            Some(_) => Band::f64(scale),
            None => Band::exact(scale),
        }
    }

    /// Timed on the pairs it runs in f64; the certified test on f32 data is untimed.
    fn time(&self, batch: &Batch) -> Option<Pass> {
        Some(on_batch!(batch, |b| {
            let (in_f64, elapsed) = timed(&b.in_f64, |(x, y)| x.intersects(y));
            let mut in_f64 = in_f64.into_iter();
            let verdicts = b
                .doubles
                .iter()
                .zip(&b.exact)
                .map(|(double, (x, y))| match double {
                    Some(_) => in_f64.next().unwrap_or_default(),
                    None => x.intersects_certified(y),
                })
                .collect();
            Pass::new(verdicts, elapsed, b.in_f64.len(), Truth::Written)
        }))
    }
}

/// sat-core's f64 verdict and `separation` of the pair, not an engine's own (`own` false).
pub(super) fn double_margin(double: &DoublePair) -> Judgement {
    let v = double.verdict();
    Judgement {
        intersects: v.intersects,
        margin: Margin::Double(v.margin),
        feature: v.feature,
        source: MarginSource::Double,
        own: false,
    }
}
