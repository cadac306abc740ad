//! The regression corpus (`corpus/*.jsonl`) and `obbsat corpus`, which writes it.
//!
//! Every line is a case in the case format plus `"note"` (what it exercises) and the exact
//! oracle's `"expect"`, `"exact_margin"`, `"scale"` and `"distance"` for the numbers exactly as
//! written (see [`crate::case::stored`]; the distance as the `exact` engine of `obbsat distance`
//! gives it). `obbsat check corpus/*.jsonl --engine ...` runs it, `--query distance` the
//! distances.
//!
//! * The named sets ([`SETS`]) are built here, from code, so that near-parallel tilts, f32
//!   roundings and exact contacts are computed rather than typed; `obbsat corpus` rewrites their
//!   files completely.
//! * `fuzz-findings.jsonl` holds every minimised fuzz finding under `fuzz/regressions/`, decoded
//!   as its fuzz target decodes it (`src/command/corpus/fuzz.rs`); rewritten whenever that folder exists.
//! * Every other `*.jsonl` file in the folder (an engine maintainer's own cases, findings kept
//!   without `fuzz/`) keeps its lines, keys and key order; `obbsat corpus` only sets `expect`,
//!   `exact_margin`, `scale` and `distance` on each line from the oracle.
//! * `obbsat corpus --check` writes nothing and fails if any file differs from what would be
//!   written: the test suite runs it, so committed expectations always equal the oracle's.

mod build;
mod fuzz;
mod near_parallel;
mod parry;
mod precision;
mod sizes;
mod touching;

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use sat_oracle::case_box::CaseLine;

use crate::case::{ExactPair, WrittenCase};
use crate::engine::exact_distance;

/// A named set: its file name and its cases.
pub struct Set {
    /// File name in the corpus folder.
    pub file: &'static str,
    /// Builds the cases.
    pub cases: fn() -> Vec<CaseLine>,
}

/// The named sets, in file order.
pub const SETS: [Set; 9] = [
    Set {
        file: "touching.jsonl",
        cases: touching::cases,
    },
    Set {
        file: "near-parallel.jsonl",
        cases: near_parallel::cases,
    },
    Set {
        file: "sub-ulp.jsonl",
        cases: precision::sub_ulp,
    },
    Set {
        file: "negative-zero.jsonl",
        cases: precision::negative_zero,
    },
    Set {
        file: "far.jsonl",
        cases: precision::far,
    },
    Set {
        file: "scales.jsonl",
        cases: sizes::scales,
    },
    Set {
        file: "identical.jsonl",
        cases: sizes::identical,
    },
    Set {
        file: "zero-extent.jsonl",
        cases: sizes::zero_extent,
    },
    Set {
        file: "parry.jsonl",
        cases: parry::cases,
    },
];

/// The file of the fuzz findings.
pub const FUZZ_FILE: &str = "fuzz-findings.jsonl";

/// The text of a named set's file.
pub fn render(set: &Set) -> Result<String, String> {
    let mut text = String::new();
    for case in (set.cases)() {
        let id = case.id.as_deref().unwrap_or_default();
        let judged = judge(&case.to_json()).map_err(|e| format!("{id}: {e}"))?;
        let _ = writeln!(text, "{judged}");
    }
    Ok(text)
}

/// A line with `expect`, `exact_margin`, `scale` and `distance` set from the exact oracle, every
/// other key kept in place (the four are appended when absent).
pub fn judge(line: &str) -> Result<String, String> {
    let case = WrittenCase::parse(line).map_err(|e| e.reason)?;
    let exact = ExactPair::of(&case.pair);
    let v = exact.verdict();
    let distance = exact_distance(&exact);
    let Ordered(mut fields) =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object: {e}"))?;
    let values = [
        ("expect", v.intersects.to_string()),
        ("exact_margin", number(v.margin)?),
        ("scale", number(v.scale)?),
        ("distance", number(distance)?),
    ];
    for (key, value) in values {
        let value = RawValue::from_string(value).map_err(|e| e.to_string())?;
        match fields.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => fields.push((key.to_owned(), value)),
        }
    }
    let parts: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}:{}", quoted(k), v.get()))
        .collect();
    Ok(format!("{{{}}}", parts.join(",")))
}

/// Runs `obbsat corpus`: writes (or with `check` compares) every named set and the fuzz findings
/// of `fuzz_dir`, and refreshes every other `*.jsonl` file of `dir`. `Ok(false)` when checking
/// found a difference. Findings that cannot be read as cases are skipped with a note.
pub fn run(dir: &Path, fuzz_dir: &Path, check: bool, mut out: impl Write) -> io::Result<bool> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidData, e);
    let mut files: Vec<(String, String)> = Vec::new();
    for set in &SETS {
        files.push((set.file.to_owned(), render(set).map_err(invalid)?));
    }
    let findings = fuzz::findings(fuzz_dir)?;
    if let Some(findings) = &findings {
        let mut text = String::new();
        for finding in findings {
            match finding.as_ref().map(|line| (line, judge(line))) {
                Ok((_, Ok(judged))) => {
                    let _ = writeln!(text, "{judged}");
                }
                Ok((line, Err(reason))) => writeln!(out, "skipped {line}: {reason}")?,
                Err(reason) => writeln!(out, "skipped: {reason}")?,
            }
        }
        files.push((FUZZ_FILE.to_owned(), text));
    }
    let generated = |name: &str| {
        SETS.iter().any(|s| s.file == name) || (findings.is_some() && name == FUZZ_FILE)
    };
    let mut others: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".jsonl") && !generated(name))
            .collect(),
        Err(_) => Vec::new(),
    };
    others.sort();
    for name in others {
        let text = std::fs::read_to_string(dir.join(&name))?;
        let mut refreshed = String::new();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let judged = judge(line).map_err(|e| invalid(format!("{name}:{}: {e}", n + 1)))?;
            let _ = writeln!(refreshed, "{judged}");
        }
        files.push((name, refreshed));
    }
    let mut same = true;
    for (name, text) in &files {
        let path = dir.join(name);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        let lines = text.lines().count();
        if check {
            if current != *text {
                same = false;
                writeln!(
                    out,
                    "{}: differs from the oracle's ({lines} cases); run `obbsat corpus`",
                    path.display()
                )?;
            }
        } else {
            if current != *text {
                std::fs::create_dir_all(dir)?;
                std::fs::write(&path, text)?;
            }
            writeln!(out, "{}: {lines} cases", path.display())?;
        }
    }
    if check && same {
        writeln!(out, "{} files match the exact oracle", files.len())?;
    }
    out.flush()?;
    Ok(same)
}

/// A finite f64 as JSON (shortest round-trip form).
fn number(x: f64) -> Result<String, String> {
    serde_json::to_string(&x).map_err(|e| e.to_string())
}

/// A string as a JSON string literal.
fn quoted(key: &str) -> String {
    serde_json::to_string(key).unwrap_or_else(|_| format!("\"{key}\""))
}

/// A JSON object's members in their written order, values raw.
struct Ordered(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members;
        impl<'de> Visitor<'de> for Members {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Ordered, M::Error> {
                let mut fields = Vec::new();
                while let Some(entry) = map.next_entry::<String, Box<RawValue>>()? {
                    fields.push(entry);
                }
                Ok(Ordered(fields))
            }
        }
        deserializer.deserialize_map(Members)
    }
}
