//! `obbsat verdict` and `obbsat distance`: one JSON answer line for every input line, in order.
//!
//! An invalid line gives `{"id": ..., "error": "line N: reason"}` (the id when the line is an
//! object that has one, else `null`) and the same message on stderr, and the run goes on; every
//! engine accepts the same lines.
//!
//! **`verdict`**: a valid case gives `{"id": ..., "intersects": bool, "margin": gap, "axis":
//! "face_a0"}`: `intersects` is the chosen engine's verdict; `margin` and `axis` are the signed
//! gap along the best axis and the [`Feature`](sat_core::Feature) that produced it: the exact
//! oracle's for `--engine exact` (f64), sat-core's f64 `separation` for `sat64` and the
//! `parry64` engines where the case has f64 boxes, sat-core's `separation` of the f32 boxes for
//! every other engine (see [`crate::engine`]).
//!
//! **`distance`**: a valid case gives `{"id": ..., "distance": d, "a": [point on A], "b": [point
//! on B]}` (world coordinates; for intersecting boxes `distance` is `0` and `a` is a point of
//! both). Engines (those of [`crate::engine`] that answer distances):
//!
//! * `sat` (default): sat-core's `closest_points` on the pair moved so that A's centre is the
//!   origin, its points moved back by A's centre as written (in f64, so a pair far from the
//!   origin keeps its precision): within `DISTANCE_K·ε·S` of the exact distance of the boxes
//!   sat-core builds, which contain the boxes as written;
//! * `exact`: `sat_core::exact::distance2/3` on the boxes as written: the exact distance rounded
//!   to f64 where it is rational (axes exactly orthogonal: quaternions, angles' `(cos, sin)`
//!   columns, orthogonal columns), the middle of a certified interval otherwise;
//! * `parry`: parry 0.31's `query::closest_points` on the f32 boxes where they are written; its
//!   distance is that of its points, `0` when it says the boxes intersect (with no point: `a`
//!   and `b` are `null`).
//!
//! **`cast`**: a valid case with a cast ([`crate::case::cast`]) gives `{"id": ..., "toi": t,
//! "status": "hit" | "penetrating" | "out_of_iterations", "normal": [..], "a": [..], "b": [..],
//! "feature": "face_a0"}` (world coordinates at `toi`), or every field `null` but the id for
//! no hit within `max_toi`. Engines: `sat` (default), `sat64`, `certified`, `exact` (the last
//! two: linear casts with target distance 0; `exact` gives no points) and `parry` (time and
//! status), see `engine::cast`.
//!
//! A new query's command is one more arm of [`run`].

use std::io::{self, Read, Write};

use serde::Serialize;
use serde_json::value::RawValue;

use crate::case::{CaseError, Query};
use crate::engine::{Engine, Margin, Prepared};
use crate::util::Lines;

/// Answers every line of `input` to `query` with `engine` (one that answers it) on `out`, error
/// messages also on `err`; a case the engine has no answer for (a panic inside parry) is
/// answered with its reason.
///
/// Only I/O errors stop it; bad lines are answered and counted.
pub fn run(
    query: Query,
    engine: &dyn Engine,
    input: impl Read,
    out: impl Write,
    err: impl Write,
) -> io::Result<Summary> {
    let none = || format!("{} does not answer {query:?} queries", engine.name());
    match query {
        Query::Verdict => answer_lines("verdict", input, out, err, |case| {
            let v = engine.judge(case).ok_or_else(none)?;
            Ok(VerdictLine {
                intersects: v.intersects,
                margin: v.margin,
                axis: v.feature.to_string(),
            })
        }),
        Query::Distance => answer_lines("distance", input, out, err, |case| {
            engine.measure(case).unwrap_or_else(|| Err(none()))
        }),
        Query::Cast => answer_lines("cast", input, out, err, |case| {
            let input = case.written.cast()?;
            engine.cast(case, &input).unwrap_or_else(|| Err(none()))
        }),
    }
}

/// The answer line of a verdict (after its id).
#[derive(Serialize)]
struct VerdictLine {
    intersects: bool,
    margin: Margin,
    axis: String,
}

/// A valid case's answer line: its id, then the answer's fields.
#[derive(Serialize)]
struct WithId<'a, A> {
    id: Option<&'a RawValue>,
    #[serde(flatten)]
    answer: A,
}

/// The answer line for an invalid one.
#[derive(Serialize)]
struct Failure<'a> {
    id: Option<&'a RawValue>,
    error: &'a str,
}

/// Counts of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Input lines read (each got one answer line).
    pub lines: usize,
    /// Lines answered with an error.
    pub failed: usize,
}

/// One JSON line on `out` for every line of `input`, in order: `answer`'s for a valid case, a
/// failure line `{"id": ..., "error": ...}` for an invalid line or a case `answer` fails on (its
/// message also on `err`, after `obbsat <command>: `). Only I/O errors stop it; bad lines are
/// answered and counted.
fn answer_lines<A: Serialize>(
    command: &str,
    input: impl Read,
    mut out: impl Write,
    mut err: impl Write,
    mut answer: impl FnMut(&Prepared) -> Result<A, String>,
) -> io::Result<Summary> {
    let mut lines = Lines::new(input);
    let mut summary = Summary::default();
    while let Some((number, line)) = lines.next_line()? {
        summary.lines += 1;
        let case = line
            .map_err(|reason| CaseError { id: None, reason })
            .and_then(Prepared::parse);
        let answered = case.and_then(|case| {
            let id = case.written.id.as_deref();
            answer(&case)
                .and_then(|answer| {
                    serde_json::to_vec(&WithId { id, answer }).map_err(|e| e.to_string())
                })
                .map_err(|reason| CaseError {
                    id: id.map(ToOwned::to_owned),
                    reason,
                })
        });
        match answered {
            Ok(json) => out.write_all(&json)?,
            Err(e) => {
                summary.failed += 1;
                let message = format!("line {number}: {}", e.reason);
                writeln!(err, "obbsat {command}: {message}")?;
                let failure = Failure {
                    id: e.id.as_deref(),
                    error: &message,
                };
                serde_json::to_writer(&mut out, &failure)?;
            }
        }
        out.write_all(b"\n")?;
        if lines.drained() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(summary)
}
