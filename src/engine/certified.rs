//! `certified`: sat-core's certified test (`intersects_certified`), exact at any margin, on the
//! exact boxes of the numbers as written (in the main job: on the boxes sat-core stores).

use super::cast::single_cast;
use super::interface::{About, CastReply, Engine, Judgement, Precision, VERDICTS_AND_CASTS};
use super::main_job::{Batch, Pass, Truth, on_batch, timed};
use super::prepared::Prepared;
use super::sat::{origin, single_margin};
use crate::case::CastInput;

/// `ExactBox2/3::intersects_certified`: decided in f32 where it can prove the answer, in exact
/// integers otherwise.
pub struct Certified;

impl Engine for Certified {
    /// f32, its fast path (the exact integers only where f32 cannot decide).
    fn about(&self) -> About {
        About::new("certified", "certified", Precision::F32, VERDICTS_AND_CASTS)
            .exact_at_any_margin()
    }

    fn judge(&self, case: &Prepared) -> Option<Judgement> {
        Some(Judgement {
            intersects: case.exact.intersects_certified(),
            ..single_margin(case)
        })
    }

    /// `cast_certified` on `sat`'s boxes and velocities (linear casts, target distance 0).
    fn cast(&self, case: &Prepared, input: &CastInput) -> Option<Result<CastReply, String>> {
        let origin = origin(&case.pair, &case.exact);
        Some(single_cast(&case.pair, &origin, input, true))
    }

    fn takes_cast(&self, input: &CastInput) -> bool {
        input.exact_kind()
    }

    /// On sat-core's f32 boxes, so it is exact for the boxes sat-core stores.
    fn time(&self, batch: &Batch) -> Option<Pass> {
        Some(on_batch!(batch, |b| {
            let (verdicts, elapsed) = timed(&b.singles, |(x, y)| x.intersects_certified(y));
            let n = verdicts.len();
            Pass::new(verdicts, elapsed, n, Truth::Stored)
        }))
    }
}
