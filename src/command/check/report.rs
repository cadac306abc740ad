//! How `obbsat check` prints its [`Report`]: `text` (for people), `md` (for a CI summary or a
//! pull-request comment) and `json` (for tools; every wrong verdict, no limit).
//!
//! Text and Markdown list the invalid lines, then up to `listed` wrong answers and cases
//! without an answer per engine, then one table row per engine:
//! `engine, cases, wrong, outside band, in band, no verdict, worst |margin|/S, fails on, result`
//! (for distances the last measure is `worst |error|/S`, over every answer; for casts
//! `worst |error|/S'`, the position error of the wrong answers).

use std::io::{self, Write};

use sat_core::tolerance::EPS;
use serde::Serialize;

use super::{EngineReport, FailOn, Place, Report, Wrong, query_band};
use crate::case::Query;
use crate::engine::Answer;

/// Output format of `obbsat check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Plain text.
    Text,
    /// Markdown (a table and a list).
    Md,
    /// One JSON object.
    Json,
}

/// Writes `report` in `format`, listing at most `listed` cases per engine in text and Markdown.
pub fn write(
    report: &Report,
    format: Format,
    listed: usize,
    mut out: impl Write,
) -> io::Result<()> {
    match format {
        Format::Text => text(report, listed, &mut out)?,
        Format::Md => markdown(report, listed, &mut out)?,
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, &JsonReport::of(report))?;
            writeln!(out)?;
        }
    }
    out.flush()
}

fn fail_on_name(f: FailOn) -> &'static str {
    match f {
        FailOn::Any => "any",
        FailOn::OutsideBand => "outside-band",
        FailOn::Never => "never",
    }
}

fn place(p: &Place) -> String {
    match &p.id {
        Some(id) => format!("{}:{} id {id}", p.file, p.line),
        None => format!("{}:{}", p.file, p.line),
    }
}

fn wrong_line(engine: &str, w: &Wrong) -> String {
    match (w.got, w.expected) {
        (Answer::Distance(got), Answer::Distance(exact)) => format!(
            "{}: {engine} says distance {got:e}, exact {exact:e}; error {:e}, |error|/S {:.2e} (beyond the bound)",
            place(&w.place),
            w.margin,
            w.relative(),
        ),
        (Answer::Cast(got), Answer::Cast(exact)) => format!(
            "{}: {engine} says toi {}, exact {}; position error {:e}, |error|/S' {:.2e} (beyond the tolerance)",
            place(&w.place),
            toi(got),
            toi(exact),
            w.margin,
            w.relative(),
        ),
        (got, expected) => format!(
            "{}: {engine} says {}, expected {}; exact margin {:e}, |margin|/S {:.2e} ({})",
            place(&w.place),
            answer(got),
            answer(expected),
            w.margin,
            w.relative(),
            if w.outside_band {
                "outside the band"
            } else {
                "in the band"
            }
        ),
    }
}

fn answer(a: Answer) -> String {
    match a {
        Answer::Verdict(v) => v.to_string(),
        Answer::Distance(d) => format!("{d:e}"),
        Answer::Cast(t) => toi(t),
    }
}

fn toi(t: Option<f64>) -> String {
    t.map_or_else(|| "none".to_owned(), |t| format!("{t:e}"))
}

fn worst(e: &EngineReport) -> String {
    e.worst()
        .map_or_else(|| "-".to_owned(), |w| format!("{w:.2e}"))
}

fn result(e: &EngineReport) -> &'static str {
    if e.passed() { "pass" } else { "FAIL" }
}

/// The lines listed before the table: invalid lines, contradicted expectations and per engine
/// its wrong verdicts, cases without a verdict and problem.
fn listing(report: &Report, listed: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for inv in &report.invalid {
        lines.push(format!("{}: invalid: {}", place(&inv.place), inv.reason));
    }
    let field = match report.query {
        Query::Verdict => "expect",
        Query::Distance => "distance",
        Query::Cast => "toi",
    };
    for p in &report.contradicted {
        lines.push(format!(
            "{}: note: the exact oracle contradicts this case's {field}",
            place(p)
        ));
    }
    for u in &report.unjudged {
        lines.push(format!("{}: not judged: {}", place(&u.place), u.reason));
    }
    for e in &report.engines {
        for w in e.wrong.iter().take(listed) {
            lines.push(wrong_line(&e.name, w));
        }
        if e.wrong.len() > listed {
            lines.push(format!(
                "... and {} more wrong answers of {} (--list N shows more)",
                e.wrong.len() - listed,
                e.name
            ));
        }
        for n in e.no_verdict.iter().take(listed) {
            lines.push(format!(
                "{}: {} gave no answer: {}",
                place(&n.place),
                e.name,
                n.reason
            ));
        }
        if e.no_verdict.len() > listed {
            lines.push(format!(
                "... and {} more cases without a verdict from {}",
                e.no_verdict.len() - listed,
                e.name
            ));
        }
        if let Some(problem) = &e.problem {
            lines.push(format!("{}: {problem}", e.name));
        }
    }
    lines
}

fn summary(report: &Report) -> String {
    let skipped = if report.skipped > 0 {
        format!(" ({} of the other dimension left out)", report.skipped)
    } else {
        String::new()
    };
    let (what, measure) = match report.query {
        Query::Verdict => ("band", "|margin|/S >"),
        Query::Distance => ("distance bound", "wrong when |error|/S >"),
        Query::Cast => ("tolerance", "="),
    };
    // The band per unit of `S`: `k·ε`.
    let per_scale = query_band(report.query, 1.0);
    let k = per_scale.k;
    let unjudged = if report.unjudged.is_empty() {
        String::new()
    } else {
        format!(", {} not judged", report.unjudged.len())
    };
    let (s, per) = if report.query == Query::Cast {
        ("S'", "·S'")
    } else {
        ("S", "")
    };
    format!(
        "{} file{}, {} cases{skipped}{unjudged}, {} invalid line{}; {what} {k}·ε·{s} ({measure} {:.2e}{per})",
        report.files.len(),
        if report.files.len() == 1 { "" } else { "s" },
        report.cases,
        report.invalid.len(),
        if report.invalid.len() == 1 { "" } else { "s" },
        per_scale.width()
    )
}

/// The table's header for `query`.
fn headers(query: Query) -> [&'static str; 9] {
    [
        "engine",
        "cases",
        "wrong",
        "outside band",
        "in band",
        "no verdict",
        match query {
            Query::Verdict => "worst |margin|/S",
            Query::Distance => "worst |error|/S",
            Query::Cast => "worst |error|/S'",
        },
        "fails on",
        "result",
    ]
}

fn row(e: &EngineReport) -> [String; 9] {
    [
        e.name.clone(),
        e.cases.to_string(),
        e.wrong.len().to_string(),
        e.wrong_outside_band().to_string(),
        e.wrong_in_band().to_string(),
        e.no_verdict.len().to_string(),
        worst(e),
        fail_on_name(e.fail_on).to_owned(),
        result(e).to_owned(),
    ]
}

fn text(report: &Report, listed: usize, out: &mut impl Write) -> io::Result<()> {
    for line in listing(report, listed) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "obbsat check: {}", summary(report))?;
    let rows: Vec<[String; 9]> = report.engines.iter().map(row).collect();
    let header = headers(report.query);
    let widths: Vec<usize> = (0..9)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        cells
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c == 0 {
                    format!("{cell:<w$}", w = widths[c])
                } else {
                    format!("{cell:>w$}", w = widths[c])
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    };
    writeln!(out, "{}", line(header.to_vec()))?;
    for r in &rows {
        writeln!(out, "{}", line(r.iter().map(String::as_str).collect()))?;
    }
    writeln!(out, "{}", if report.passed() { "passed" } else { "FAILED" })
}

fn markdown(report: &Report, listed: usize, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "### obbsat check: {}\n\n{}\n",
        if report.passed() { "passed" } else { "FAILED" },
        summary(report)
    )?;
    let header = headers(report.query).map(|h| h.replace('|', "\\|"));
    writeln!(out, "| {} |", header.join(" | "))?;
    writeln!(out, "| --- |{}", " ---: |".repeat(header.len() - 1))?;
    for e in &report.engines {
        let cells = row(e).map(|c| c.replace('|', "\\|"));
        writeln!(out, "| {} |", cells.join(" | "))?;
    }
    let lines = listing(report, listed);
    if !lines.is_empty() {
        writeln!(out, "\n<details><summary>cases</summary>\n")?;
        for line in lines {
            writeln!(out, "- `{}`", line.replace('`', "'"))?;
        }
        writeln!(out, "\n</details>")?;
    }
    Ok(())
}

/// The JSON form of a [`Report`].
#[derive(Serialize)]
struct JsonReport<'a> {
    passed: bool,
    files: &'a [String],
    cases: usize,
    skipped: usize,
    query: Query,
    band_k: f64,
    epsilon: f32,
    invalid: Vec<JsonNote<'a>>,
    contradicted_expectations: Vec<JsonPlace<'a>>,
    not_judged: Vec<JsonNote<'a>>,
    engines: Vec<JsonEngine<'a>>,
}

#[derive(Serialize)]
struct JsonPlace<'a> {
    file: &'a str,
    line: usize,
    /// The id as written, itself JSON text.
    id: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonNote<'a> {
    #[serde(flatten)]
    place: JsonPlace<'a>,
    reason: &'a str,
}

#[derive(Serialize)]
struct JsonWrong<'a> {
    #[serde(flatten)]
    place: JsonPlace<'a>,
    expected: Answer,
    got: Answer,
    /// Verdicts: the exact margin.
    #[serde(skip_serializing_if = "Option::is_none")]
    exact_margin: Option<f64>,
    /// Distances: got − exact; casts: the position error.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<f64>,
    scale: f64,
    outside_band: bool,
}

#[derive(Serialize)]
struct JsonEngine<'a> {
    engine: &'a str,
    passed: bool,
    fail_on: &'static str,
    cases: usize,
    wrong: usize,
    wrong_outside_band: usize,
    wrong_in_band: usize,
    no_verdict: usize,
    worst_margin_over_scale: Option<f64>,
    problem: Option<&'a str>,
    wrong_cases: Vec<JsonWrong<'a>>,
    no_verdict_cases: Vec<JsonNote<'a>>,
}

impl<'a> JsonNote<'a> {
    fn new(place: &'a Place, reason: &'a str) -> Self {
        JsonNote {
            place: json_place(place),
            reason,
        }
    }
}

fn json_place(p: &Place) -> JsonPlace<'_> {
    JsonPlace {
        file: &p.file,
        line: p.line,
        id: p.id.as_deref(),
    }
}

impl<'a> JsonReport<'a> {
    fn of(report: &'a Report) -> Self {
        JsonReport {
            passed: report.passed(),
            files: &report.files,
            cases: report.cases,
            skipped: report.skipped,
            query: report.query,
            band_k: query_band(report.query, 1.0).k,
            epsilon: EPS,
            invalid: report
                .invalid
                .iter()
                .map(|i| JsonNote::new(&i.place, &i.reason))
                .collect(),
            contradicted_expectations: report.contradicted.iter().map(json_place).collect(),
            not_judged: report
                .unjudged
                .iter()
                .map(|u| JsonNote::new(&u.place, &u.reason))
                .collect(),
            engines: report
                .engines
                .iter()
                .map(|e| JsonEngine {
                    engine: &e.name,
                    passed: e.passed(),
                    fail_on: fail_on_name(e.fail_on),
                    cases: e.cases,
                    wrong: e.wrong.len(),
                    wrong_outside_band: e.wrong_outside_band(),
                    wrong_in_band: e.wrong_in_band(),
                    no_verdict: e.no_verdict.len(),
                    worst_margin_over_scale: e.worst(),
                    problem: e.problem.as_deref(),
                    wrong_cases: e
                        .wrong
                        .iter()
                        .map(|w| JsonWrong {
                            place: json_place(&w.place),
                            expected: w.expected,
                            got: w.got,
                            exact_margin: matches!(w.got, Answer::Verdict(_)).then_some(w.margin),
                            error: (!matches!(w.got, Answer::Verdict(_))).then_some(w.margin),
                            scale: w.scale,
                            outside_band: w.outside_band,
                        })
                        .collect(),
                    no_verdict_cases: e
                        .no_verdict
                        .iter()
                        .map(|n| JsonNote::new(&n.place, &n.reason))
                        .collect(),
                })
                .collect(),
        }
    }
}
