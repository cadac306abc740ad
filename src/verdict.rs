//! `obbsat verdict`: one JSON answer line for every input line, in order.
//!
//! A valid case gives `{"id": ..., "intersects": bool, "margin": gap, "axis": "face_a0"}`:
//! `intersects` is the chosen engine's verdict; `margin` and `axis` are the signed gap along the
//! best axis and the [`Feature`](sat_core::Feature) that produced it: the exact oracle's for
//! `--engine exact` (f64), sat-core's f64 `separation` for `sat64` and the `parry64` engines
//! where the case has f64 boxes, sat-core's `separation` of the f32 boxes for every other engine
//! (see [`crate::engine`]). An invalid line gives `{"id": ..., "error": "line N: reason"}` (the
//! id when the line is an object that has one, else `null`) and the same message on stderr;
//! every engine accepts the same lines.

use std::io::{self, Read, Write};

use serde::Serialize;
use serde_json::value::RawValue;

use crate::case::{Case, CaseError, parse_case};
use crate::engine::{Engine, Margin};
use crate::input::Lines;

/// The answer line for a valid case (after its id).
#[derive(Serialize)]
struct Answer {
    intersects: bool,
    margin: Margin,
    axis: String,
}

/// A valid case's answer line: its id, then the answer's fields.
#[derive(Serialize)]
struct Answered<'a, A> {
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

/// Answers every line of `input` with `engine` on `out`, error messages also on `err`.
///
/// Only I/O errors stop it; bad lines are answered and counted.
pub fn run(
    engine: Engine,
    input: impl Read,
    out: impl Write,
    err: impl Write,
) -> io::Result<Summary> {
    answer_lines("verdict", input, out, err, |case| {
        let v = engine.judge(case);
        Ok(Answer {
            intersects: v.intersects,
            margin: v.margin,
            axis: v.feature.to_string(),
        })
    })
}

/// One JSON line on `out` for every line of `input`, in order: `answer`'s for a valid case, a
/// failure line `{"id": ..., "error": ...}` for an invalid line or a case `answer` fails on (its
/// message also on `err`, after `obbsat <command>: `). Only I/O errors stop it; bad lines are answered and counted.
pub fn answer_lines<A: Serialize>(
    command: &str,
    input: impl Read,
    mut out: impl Write,
    mut err: impl Write,
    mut answer: impl FnMut(&Case) -> Result<A, String>,
) -> io::Result<Summary> {
    let mut lines = Lines::new(input);
    let mut summary = Summary::default();
    while let Some((number, line)) = lines.next_line()? {
        summary.lines += 1;
        let case = line
            .map_err(|reason| CaseError { id: None, reason })
            .and_then(parse_case);
        let answered = case.and_then(|case| {
            answer(&case)
                .and_then(|answer| {
                    let id = case.id.as_deref();
                    serde_json::to_vec(&Answered { id, answer }).map_err(|e| e.to_string())
                })
                .map_err(|reason| CaseError {
                    id: case.id.clone(),
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
