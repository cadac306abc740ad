//! `--engine cmd:<program>`: an outside engine speaking the JSON Lines protocol.
//!
//! * Launch: `sh -c '<program>'` in the current directory, once per `obbsat check` run; its
//!   stderr passes through to obbsat's stderr.
//! * Requests, on the program's stdin: one line per valid case, in file order,
//!   `{"id": ID, "dim": 2|3, "a": BOX, "b": BOX}` with the id and both boxes exactly as written
//!   in the case file (`"id": null` when the case has none; `expect` and the other fields are
//!   not sent). `obbsat check --query distance` adds `"query": "distance"` to every request;
//!   `--query cast` adds `"query": "cast"` and the cast's fields exactly as written (`vel_a`,
//!   `vel_b` or `motion_a`, `motion_b`, then `max_toi` and `target_distance` when the case has
//!   them; not `toi`).
//!   obbsat writes every request without waiting for answers, then closes stdin.
//! * Answers, on its stdout: exactly one line per request, in the same order:
//!   `{"id": ID, "intersects": true|false}`, or for a distance request
//!   `{"id": ID, "distance": d}` with `d ≥ 0` (`0` when the boxes intersect), for a cast
//!   request `{"id": ID, "toi": t}` with `t ≥ 0` the time of impact, or `"toi": null` for no
//!   hit within `max_toi` (the key must be there); an engine that answers several queries may
//!   always write every key. Other keys are ignored; `id` may be
//!   omitted, and when present must equal the request's as a JSON value. `{"id": ID, "error":
//!   "why"}` answers a case the engine cannot judge. Blank lines are ignored.
//! * A case gets *no verdict* when its answer is an error, is not such a JSON object, has the
//!   wrong id, or never comes: the program closed its stdout early, or wrote nothing for
//!   `--timeout` seconds (then obbsat kills it). After the last answer the program must exit with
//!   status 0 within the timeout; a non-zero status, a kill or extra answer lines are reported as
//!   the engine's problem. Cases without a verdict and engine problems fail the check.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::case::{Query, WrittenCase};
use crate::util::Progress;

/// What an outside engine answered: `T` is a verdict (`bool`) or a distance (`f64`).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome<T> {
    /// Per request, in order: the answer, or why there is none.
    pub answers: Vec<Result<T, String>>,
    /// Something wrong with the run as a whole (exit status, timeout, extra output).
    pub problem: Option<String>,
}

/// One request: the line sent and the id it carries (JSON `null` when none).
pub struct Request {
    /// The request line, without its newline.
    pub line: String,
    /// The id as a JSON value, for checking the answer's.
    pub id: Value,
}

impl Request {
    /// The request for `case`: `{"id", "dim", "a", "b"}` with the id and both boxes exactly as
    /// written (`"id": null` when the case has none), and `"query": "distance"` when the engine
    /// is asked for the distance rather than the verdict; nothing else.
    pub fn of(case: &WrittenCase, query: Query) -> Request {
        let id = case.id.as_deref().map_or("null", RawValue::get);
        let asked = match query {
            Query::Verdict => String::new(),
            Query::Distance => r#","query":"distance""#.to_owned(),
            Query::Cast => format!(r#","query":"cast"{}"#, case.cast_request()),
        };
        Request {
            line: format!(
                r#"{{"id":{id},"dim":{},"a":{},"b":{}{asked}}}"#,
                case.dim,
                case.a.get(),
                case.b.get()
            ),
            id: serde_json::from_str(id).unwrap_or(Value::Null),
        }
    }
}

/// An answer line, loosely: keys are checked by hand for clear messages.
#[derive(Deserialize)]
pub struct AnswerLine {
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    intersects: Option<Value>,
    #[serde(default)]
    distance: Option<Value>,
    /// `Some(Value::Null)` for `"toi": null`, `None` when the key is absent.
    #[serde(default, deserialize_with = "present")]
    toi: Option<Value>,
    #[serde(default)]
    error: Option<Value>,
}

impl AnswerLine {
    /// The verdict of a verdict request's answer.
    pub fn verdict(&self) -> Result<bool, String> {
        match &self.intersects {
            Some(Value::Bool(verdict)) => Ok(*verdict),
            _ => Err("answer has no boolean \"intersects\"".to_owned()),
        }
    }

    /// The distance of a distance request's answer.
    pub fn distance(&self) -> Result<f64, String> {
        match self.distance.as_ref().and_then(Value::as_f64) {
            Some(d) if d >= 0.0 => Ok(d),
            Some(d) => Err(format!("negative \"distance\" {d}")),
            None => Err("answer has no numeric \"distance\"".to_owned()),
        }
    }

    /// The time of impact of a cast request's answer (`None`: no hit).
    pub fn toi(&self) -> Result<Option<f64>, String> {
        match &self.toi {
            Some(Value::Null) => Ok(None),
            Some(t) => match t.as_f64() {
                Some(t) if t >= 0.0 => Ok(Some(t)),
                Some(t) => Err(format!("negative \"toi\" {t}")),
                None => Err("\"toi\" is neither a number nor null".to_owned()),
            },
            None => Err("answer has no \"toi\" (a number, or null for no hit)".to_owned()),
        }
    }
}

/// A key that is present, `null` included (serde's `Option` reads `null` as absent).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// Runs `program` on `requests` (see the module docs), reading each answer with `read`
/// ([`AnswerLine::verdict`] or [`AnswerLine::distance`]); `Err` only when it cannot be started.
pub fn run<T>(
    program: &str,
    requests: &[Request],
    timeout: Duration,
    progress: &Progress,
    read: fn(&AnswerLine) -> Result<T, String>,
) -> io::Result<Outcome<T>> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot start sh -c {program:?}: {e}")))?;
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let lines: Vec<String> = requests.iter().map(|r| r.line.clone()).collect();
    std::thread::spawn(move || write_requests(stdin, lines));
    let answers_rx = read_answers(stdout);

    let mut answers = Vec::with_capacity(requests.len());
    let mut problem = None;
    for request in requests {
        let failure = match answers_rx.recv_timeout(timeout) {
            Ok(Ok(line)) => {
                answers.push(parse_answer(&line, &request.id, read));
                progress.advance(1);
                continue;
            }
            Ok(Err(e)) => format!("cannot read the engine's output: {e}"),
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                format!(
                    "no answer for {} s after {} answers; killed",
                    timeout.as_secs_f64(),
                    answers.len()
                )
            }
            Err(RecvTimeoutError::Disconnected) => format!(
                "the engine closed its output after {} of {} answers",
                answers.len(),
                requests.len()
            ),
        };
        problem = Some(failure);
        break;
    }
    let missing = requests.len() - answers.len();
    progress.advance(missing);
    answers.extend((0..missing).map(|_| Err("no answer".to_owned())));

    let status = wait(&mut child, timeout);
    if problem.is_none() {
        problem = match status {
            Some(s) if s.success() => None,
            Some(s) => Some(format!("the engine exited with {s}")),
            None => Some(format!(
                "the engine did not exit within {} s after its last answer; killed",
                timeout.as_secs_f64()
            )),
        };
    }
    // The engine has exited: its output ends (EOF) unless it wrote more lines than cases.
    if problem.is_none() && matches!(answers_rx.recv_timeout(timeout), Ok(Ok(_))) {
        problem = Some("the engine wrote more answer lines than it got cases".to_owned());
    }
    Ok(Outcome { answers, problem })
}

/// Writes every request line, then closes the pipe (a write error means the engine stopped
/// reading; its answers tell the rest).
fn write_requests(stdin: Option<std::process::ChildStdin>, lines: Vec<String>) {
    let Some(stdin) = stdin else { return };
    let mut out = BufWriter::new(stdin);
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return;
        }
    }
    let _ = out.flush();
}

/// The engine's non-blank output lines, from a reader thread.
fn read_answers(stdout: Option<std::process::ChildStdout>) -> Receiver<io::Result<String>> {
    let (tx, rx) = mpsc::channel();
    if let Some(stdout) = stdout {
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                let line = match reader.read_until(b'\n', &mut buf) {
                    Ok(0) => return,
                    Ok(_) => Ok(String::from_utf8_lossy(&buf).trim().to_owned()),
                    Err(e) => Err(e),
                };
                let stop = line.is_err();
                if matches!(&line, Ok(l) if l.is_empty()) {
                    continue;
                }
                if tx.send(line).is_err() || stop {
                    return;
                }
            }
        });
    }
    rx
}

/// What `read` takes from one answer line, checked against the request's id.
fn parse_answer<T>(
    line: &str,
    id: &Value,
    read: fn(&AnswerLine) -> Result<T, String>,
) -> Result<T, String> {
    let answer: AnswerLine = serde_json::from_str(line)
        .map_err(|e| format!("answer is not a JSON object ({e}): {}", clip(line)))?;
    if let Some(given) = &answer.id
        && given != id
    {
        return Err(format!(
            "answer for id {given}, expected id {id} (one answer line per case, in order)"
        ));
    }
    match &answer.error {
        Some(error) if !error.is_null() => Err(format!(
            "engine error: {}",
            error
                .as_str()
                .map_or_else(|| error.to_string(), str::to_owned)
        )),
        _ => read(&answer).map_err(|reason| format!("{reason}: {}", clip(line))),
    }
}

/// Waits up to `timeout` for the engine to exit, killing it after that (`None`).
fn wait(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// The first 200 characters of a line, for messages.
fn clip(line: &str) -> String {
    match line.char_indices().nth(200) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_owned(),
    }
}
