//! `obbsat check`: compares sat-core's verdict with each case's `"expect"`.
//!
//! Prints one line per disagreement (`line N, id: expected X, got Y, margin M, axis F`) and per
//! invalid line, then a summary line `cases: C, agreements: A, disagreements: D, errors: E`.
//! Every case needs `"expect": true|false`; a case without one is an error line.

use std::io::{self, Read, Write};

use crate::case::{CaseError, parse_case};
use crate::input::Lines;

/// Counts of one check run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Input lines read.
    pub cases: usize,
    /// Cases whose verdict equals `expect`.
    pub agreements: usize,
    /// Cases whose verdict differs from `expect`.
    pub disagreements: usize,
    /// Lines that are not valid cases (including a missing `expect`).
    pub errors: usize,
}

impl Summary {
    /// Whether every line was a valid case that agreed.
    pub fn passed(&self) -> bool {
        self.disagreements == 0 && self.errors == 0
    }
}

/// Checks every line of `input`, reporting on `out`.
pub fn run(input: impl Read, mut out: impl Write) -> io::Result<Summary> {
    let mut lines = Lines::new(input);
    let mut summary = Summary::default();
    while let Some((number, line)) = lines.next_line()? {
        summary.cases += 1;
        let checked = line
            .map_err(|reason| CaseError { id: None, reason })
            .and_then(parse_case)
            .and_then(|case| match case.expect() {
                Ok(Some(expect)) => Ok((case, expect)),
                Ok(None) => Err(CaseError {
                    id: case.id,
                    reason: "missing \"expect\" (true or false)".into(),
                }),
                Err(reason) => Err(CaseError {
                    id: case.id,
                    reason,
                }),
            });
        let (case, expect) = match checked {
            Ok(checked) => checked,
            Err(e) => {
                summary.errors += 1;
                let id = id_note(e.id.as_deref());
                writeln!(out, "line {number}{id}: error: {}", e.reason)?;
                continue;
            }
        };
        let v = case.pair.verdict();
        if v.intersects == expect {
            summary.agreements += 1;
        } else {
            summary.disagreements += 1;
            let id = id_note(case.id.as_deref());
            writeln!(
                out,
                "line {number}{id}: expected {expect}, got {}, margin {:e}, axis {}",
                v.intersects, v.margin, v.feature
            )?;
        }
    }
    writeln!(
        out,
        "cases: {}, agreements: {}, disagreements: {}, errors: {}",
        summary.cases, summary.agreements, summary.disagreements, summary.errors
    )?;
    out.flush()?;
    Ok(summary)
}

/// `, id "x"` (the id as written), or nothing without an id.
fn id_note(id: Option<&serde_json::value::RawValue>) -> String {
    id.map(|id| format!(", id {}", id.get()))
        .unwrap_or_default()
}
