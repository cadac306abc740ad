//! `sat`: sat-core's f32 test, `intersects` and `separation` (and `closest_points` for
//! distances), on the f32 pair moved so that A's centre is the origin.

use super::cast::single_cast;
use super::interface::{
    About, CastReply, EVERY_QUERY, Engine, Judgement, Margin, MarginSource, Measured, Precision,
};
use super::main_job::{Batch, Pass, on_batch, timed};
use super::prepared::Prepared;
use crate::case::{CastInput, ExactPair, SinglePair};

/// sat-core's f32 test: exact outside its band `48·ε·S` (`64·ε·S` for `axes` columns
/// orthonormal only within 1e-6), "separated" always exact.
pub struct Sat;

impl Engine for Sat {
    fn about(&self) -> About {
        About::new("sat", "sat-core", Precision::F32, EVERY_QUERY)
    }

    fn judge(&self, case: &Prepared) -> Option<Judgement> {
        Some(Judgement {
            own: true,
            ..single_margin(case)
        })
    }

    fn measure(&self, case: &Prepared) -> Option<Result<Measured, String>> {
        Some(Ok(closest_points(case)))
    }

    fn cast(&self, case: &Prepared, input: &CastInput) -> Option<Result<CastReply, String>> {
        let origin = origin(&case.pair, &case.exact);
        Some(single_cast(&case.pair, &origin, input, false))
    }

    fn time(&self, batch: &Batch) -> Option<Pass> {
        Some(Pass::written(on_batch!(batch, |b| timed(
            &b.singles,
            |(x, y)| x.intersects(y)
        ))))
    }
}

/// sat-core's f32 verdict and `separation` of the moved pair, not an engine's own (`own`
/// false): the margin every engine without one of its own reports beside its verdict.
pub(super) fn single_margin(case: &Prepared) -> Judgement {
    let v = case.pair.verdict();
    Judgement {
        intersects: v.intersects,
        margin: Margin::Single(v.margin),
        feature: v.feature,
        source: MarginSource::Single,
        own: false,
    }
}

/// sat-core's `closest_points` on the moved pair, its points moved back by A's written centre
/// (in f64, so a pair far from the origin keeps its precision): within `DISTANCE_K·ε·S` of the
/// exact distance of the boxes sat-core builds, which contain the boxes as written.
fn closest_points(case: &Prepared) -> Measured {
    let origin = origin(&case.pair, &case.exact);
    let (distance, a, b) = match case.pair {
        SinglePair::Two(a, b) => {
            let c = a.closest_points(&b);
            (c.distance, c.a.to_array().to_vec(), c.b.to_array().to_vec())
        }
        SinglePair::Three(a, b) => {
            let c = a.closest_points(&b);
            (c.distance, c.a.to_array().to_vec(), c.b.to_array().to_vec())
        }
    };
    Measured {
        distance: f64::from(distance),
        a: world(a, &origin),
        b: world(b, &origin),
    }
}

/// Where `pair`'s origin is in the world: A's written centre when the pair was moved so that A's
/// centre is the origin, else the origin (the pair as written).
pub(super) fn origin(pair: &SinglePair, exact: &ExactPair) -> Vec<f64> {
    match (pair, exact) {
        (SinglePair::Two(a, _), ExactPair::Two(given, _)) if a.center() == glam::Vec2::ZERO => {
            given.center.to_vec()
        }
        (SinglePair::Three(a, _), ExactPair::Three(given, _)) if a.center() == glam::Vec3::ZERO => {
            given.center.to_vec()
        }
        _ => vec![0.0; 3],
    }
}

/// A point of a pair with its origin at `origin`, in world coordinates (f64).
pub(super) fn world(point: Vec<f32>, origin: &[f64]) -> Option<Vec<f64>> {
    Some(
        point
            .into_iter()
            .zip(origin)
            .map(|(x, o)| f64::from(x) + o)
            .collect(),
    )
}
