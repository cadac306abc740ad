//! The one list of built-in engines, and the `--engine` values that pick from it.

use super::certified::Certified;
use super::exact::Exact;
use super::interface::Engine;
use super::parry::{PARRY_GJK, PARRY_SAT, Parry};
use super::parry64::{PARRY64_GJK, PARRY64_SAT};
use super::sat::Sat;
use super::sat64::Sat64;
use crate::case::Query;

/// Every built-in engine, in report order: what `obbsat verdict`, `distance`, `check` and
/// `explain` offer (each the engines that answer its query) and what the main job times.
///
/// ```
/// use obbsat::{ENGINES, Query, engines};
///
/// let names: Vec<_> = engines(Query::Distance).map(|e| e.name()).collect();
/// assert_eq!(names, ["sat", "exact", "parry"]);
/// assert_eq!(engines(Query::Verdict).count(), 8);
/// assert!(ENGINES.iter().all(|e| e.answers(Query::Verdict) || e.answers(Query::Distance)));
/// ```
pub const ENGINES: [&dyn Engine; 9] = [
    &Sat,
    &Sat64,
    &Certified,
    &Exact,
    &PARRY_SAT,
    &PARRY_GJK,
    &PARRY64_SAT,
    &PARRY64_GJK,
    &Parry,
];

/// The built-in engines that answer `query`, in report order.
pub fn engines(query: Query) -> impl Iterator<Item = &'static dyn Engine> {
    ENGINES.into_iter().filter(move |e| e.answers(query))
}

/// The built-in engine called `name` that answers `query`.
pub fn find(name: &str, query: Query) -> Option<&'static dyn Engine> {
    engines(query).find(|e| e.name() == name)
}

/// The names of the engines that answer `query`, comma-separated, for messages.
pub fn names(query: Query) -> String {
    engines(query)
        .map(|e| e.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// An engine to check: built in, or an outside program (`cmd:`, see `engine::cmd`).
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// One of [`ENGINES`].
    Builtin(&'static dyn Engine),
    /// `cmd:<program>`.
    Cmd(String),
}

impl Choice {
    /// Parses one `--engine` value for `query`: a built-in name, a comma-separated list of them,
    /// `all`, or `cmd:<program>` (the rest of the value, commas included).
    pub fn parse_list(value: &str, query: Query) -> Result<Vec<Choice>, String> {
        if let Some(program) = value.strip_prefix("cmd:") {
            if program.trim().is_empty() {
                return Err("cmd: needs a program, e.g. cmd:./my-engine".into());
            }
            return Ok(vec![Choice::Cmd(program.to_owned())]);
        }
        let mut out = Vec::new();
        for name in value.split(',').map(str::trim) {
            if name == "all" {
                out.extend(engines(query).map(Choice::Builtin));
                continue;
            }
            let engine = find(name, query).ok_or_else(|| {
                let which = match query {
                    Query::Verdict => "",
                    Query::Distance => "distance ",
                    Query::Cast => "cast ",
                };
                format!(
                    "unknown {which}engine {name:?}: use {}, all or cmd:<program>",
                    names(query)
                )
            })?;
            out.push(Choice::Builtin(engine));
        }
        Ok(out)
    }

    /// The name in reports.
    pub fn name(&self) -> String {
        match self {
            Choice::Builtin(e) => e.name().to_owned(),
            Choice::Cmd(program) => format!("cmd:{program}"),
        }
    }
}
