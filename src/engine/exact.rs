//! `exact`: the exact integer oracle (`sat_core::exact`) on the numbers as written: its verdict,
//! margin (f64, within one ulp, sign exact) and axis, and its distance (`distance2/3`: rounded
//! to f64 where it is rational, the middle of a certified interval otherwise). It judges the
//! others in the main job, so it does not run there.

use sat_core::exact::{distance2, distance3};

use super::cast::exact_cast;
use super::interface::{
    About, CastReply, EVERY_QUERY, Engine, Judgement, Margin, MarginSource, Measured, Precision,
};
use super::prepared::Prepared;
use crate::case::{CastInput, ExactPair};

/// The exact oracle.
pub struct Exact;

impl Engine for Exact {
    fn about(&self) -> About {
        About::new("exact", "exact", Precision::Exact, EVERY_QUERY).exact_at_any_margin()
    }

    fn judge(&self, case: &Prepared) -> Option<Judgement> {
        let v = case.exact.verdict();
        Some(Judgement {
            intersects: v.intersects,
            margin: Margin::Double(v.margin),
            feature: v.feature,
            source: MarginSource::Exact,
            own: true,
        })
    }

    fn measure(&self, case: &Prepared) -> Option<Result<Measured, String>> {
        let (distance, a, b) = match case.exact {
            ExactPair::Two(a, b) => {
                let d = distance2(&a, &b);
                (d.distance(), d.a.to_vec(), d.b.to_vec())
            }
            ExactPair::Three(a, b) => {
                let d = distance3(&a, &b);
                (d.distance(), d.a.to_vec(), d.b.to_vec())
            }
        };
        Some(Ok(Measured {
            distance,
            a: Some(a),
            b: Some(b),
        }))
    }

    fn cast(&self, case: &Prepared, input: &CastInput) -> Option<Result<CastReply, String>> {
        Some(exact_cast(&case.exact, input))
    }

    fn takes_cast(&self, input: &CastInput) -> bool {
        input.exact_kind()
    }
}

/// The exact distance of the boxes as written (the `exact` engine's, without its points).
pub fn exact_distance(pair: &ExactPair) -> f64 {
    match pair {
        ExactPair::Two(a, b) => distance2(a, b).distance(),
        ExactPair::Three(a, b) => distance3(a, b).distance(),
    }
}
