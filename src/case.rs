//! The JSON Lines case format, and reading one line of it.
//!
//! One case per line:
//!
//! ```text
//! {"id": any JSON (optional), "dim": 2 or 3, "a": BOX, "b": BOX,
//!  "expect": true|false, "exact_margin": number, "scale": number, "distance": number
//!  (all four optional)}
//! BOX = {"center": [...], "half_extents": [...], ROTATION}
//! ROTATION = exactly one of
//!   "quat": [x, y, z, w]             3D, glam order, need not be unit length: R(q)/|q|²
//!   "axes": [[..], [..]] or 3 columns the box's local axes as world-space column vectors
//!   "angle": radians                 2D, counter-clockwise
//!   "degrees": d                     2D, counter-clockwise
//! ```
//!
//! Unknown keys are ignored; an explicit `null` counts as absent. Every number is read as the
//! f64 its text denotes. A line is a valid case when every engine can take it: the f32 engines
//! round each number once to f32 (an overflow is an error, and so is a non-zero centre or
//! half-extent that underflows to zero, which would silently move the box), and sat-core's
//! checked constructors accept the boxes (their [`ObbError`] messages are
//! reported as they are). What each engine then sees: [`crate::pair`] (f32 engines) and
//! [`crate::exact_pair`] (exact engines).
//!
//! `expect` is the verdict `obbsat check` compares with; `exact_margin` and `scale` (the exact
//! margin and `S = |c_B − c_A| + |e_A| + |e_B|`, as `obbsat generate` and the corpus write them)
//! place a wrong verdict inside or outside sat-core's band; `distance` (the exact distance between
//! the boxes as written, `0` when they intersect) is what `obbsat check --query distance` compares
//! with. `obbsat verdict` and `obbsat distance` ignore all four.

use serde_json::value::RawValue;

use crate::case_boxes;
use crate::check::Query;
use crate::double_pair::DoublePair;
use crate::exact_pair::ExactPair;
use crate::json::{json_reason, kind_of, number, raw_object};
use crate::pair::{Pair, center2, center3, obb2, obb3};
use sat_core::ObbError;

/// One parsed case line.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case's `id` exactly as written (any JSON value), if present and not `null`.
    pub id: Option<Box<RawValue>>,
    /// 2 or 3.
    pub dim: u8,
    /// The boxes of sat-core (moved so that A's centre is the origin, see [`crate::pair`]).
    pub pair: Pair,
    /// The boxes of parry's engines (where they are written, see [`Pair::for_peers`]).
    pub peers: Pair,
    /// The boxes of the exact engines.
    pub exact: ExactPair,
    /// The boxes of the f64 engine `sat64` (`None`: columns that are not f64 input).
    pub double: Option<DoublePair>,
    /// Box `a` as written (for engines that read the case format themselves).
    pub a: Box<RawValue>,
    /// Box `b` as written.
    pub b: Box<RawValue>,
    /// The fields `expect`, `exact_margin`, `scale` and `distance` as written; read them with
    /// [`Case::expect`], [`Case::recorded`] and [`Case::recorded_distance`].
    expect: Option<Box<RawValue>>,
    exact_margin: Option<Box<RawValue>>,
    scale: Option<Box<RawValue>>,
    distance: Option<Box<RawValue>>,
}

/// Why a line is not a valid case, with the case's id when the line got far enough to have one.
#[derive(Debug, Clone)]
pub struct CaseError {
    /// The `id` as written, when the line is a JSON object with an `id`.
    pub id: Option<Box<RawValue>>,
    /// What is wrong, without the line number.
    pub reason: String,
}

raw_object! {
    /// The top level of a case line; values are kept raw so that each can be reported by name.
    struct RawCase { id, dim, a, b, expect, exact_margin, scale, distance }
}

/// Parses one line (without its line terminator) into a case.
///
/// Never panics; every failure is a [`CaseError`] whose reason names the offending field.
pub fn parse_case(line: &str) -> Result<Case, CaseError> {
    let text = line.trim();
    if text.is_empty() {
        return Err(CaseError {
            id: None,
            reason: "empty line".into(),
        });
    }
    if !text.starts_with('{') {
        let reason = match serde_json::from_str::<serde::de::IgnoredAny>(text) {
            Ok(_) => format!("expected a JSON object, found {}", kind_of(text)),
            Err(e) => format!("invalid JSON: {}", json_reason(&e, true)),
        };
        return Err(CaseError { id: None, reason });
    }
    let raw: RawCase = serde_json::from_str(text).map_err(|e| CaseError {
        id: None,
        reason: format!("invalid JSON: {}", json_reason(&e, true)),
    })?;
    let id = raw.id.map(ToOwned::to_owned);
    read_case(&raw, id.clone()).map_err(|reason| CaseError { id, reason })
}

impl Case {
    /// The `expect` field: `None` when absent, an error when it is not a boolean. Only
    /// `check` reads it, so a bad `expect` does not spoil a `verdict` line.
    pub fn expect(&self) -> Result<Option<bool>, String> {
        match self.expect.as_deref().map(RawValue::get) {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(other) => Err(format!(
                "expect: expected true or false, found {}",
                kind_of(other)
            )),
        }
    }

    /// The recorded `(exact_margin, scale)`, when the line carries both; an error when either
    /// is not a number or the scale is negative.
    pub fn recorded(&self) -> Result<Option<(f64, f64)>, String> {
        let (Some(margin), Some(scale)) = (&self.exact_margin, &self.scale) else {
            return Ok(None);
        };
        let margin = number(margin, "exact_margin")?;
        let scale = number(scale, "scale")?;
        if scale < 0.0 {
            return Err(format!("scale must not be negative, found {scale}"));
        }
        Ok(Some((margin, scale)))
    }

    /// The recorded exact `distance`: `None` when absent, an error when it is not a
    /// non-negative number.
    pub fn recorded_distance(&self) -> Result<Option<f64>, String> {
        let Some(distance) = &self.distance else {
            return Ok(None);
        };
        let distance = number(distance, "distance")?;
        if distance < 0.0 {
            return Err(format!("distance must not be negative, found {distance}"));
        }
        Ok(Some(distance))
    }

    /// The line an outside engine receives: `{"id", "dim", "a", "b"}` with the id and both boxes
    /// exactly as written (`"id": null` when the case has none), and `"query": "distance"` when
    /// it is asked for the distance rather than the verdict; nothing else.
    pub fn request_line(&self, query: Query) -> String {
        let id = self.id.as_deref().map_or("null", RawValue::get);
        let asked = match query {
            Query::Verdict => "",
            Query::Distance => r#","query":"distance""#,
        };
        format!(
            r#"{{"id":{id},"dim":{},"a":{},"b":{}{asked}}}"#,
            self.dim,
            self.a.get(),
            self.b.get()
        )
    }
}

/// Boxes `a` and `b`, each as written (read by `read`), sat-core's box of it (`literal`) and its
/// raw text; box `a` is read and checked before a missing `b` is reported.
fn read_pair<'a, B, O>(
    raw: &RawCase<'a>,
    read: fn(&RawValue, &str) -> Result<B, String>,
    literal: fn(&B) -> Result<O, ObbError>,
) -> Result<[(B, O, &'a RawValue); 2], String> {
    let one = |value: &RawValue, name: &str| {
        let b = read(value, name)?;
        let literal = literal(&b).map_err(|e| format!("{name}: {e}"))?;
        Ok::<_, String>((b, literal))
    };
    let raw_a = raw.a.ok_or("missing box \"a\"")?;
    let (a, literal_a) = one(raw_a, "a")?;
    let raw_b = raw.b.ok_or("missing box \"b\"")?;
    let (b, literal_b) = one(raw_b, "b")?;
    Ok([(a, literal_a, raw_a), (b, literal_b, raw_b)])
}

/// The case of a line whose top level is `raw`, with `id` its id.
fn read_case(raw: &RawCase<'_>, id: Option<Box<RawValue>>) -> Result<Case, String> {
    let dim = raw.dim.ok_or("missing \"dim\" (2 or 3)")?;
    let dim = match number(dim, "dim")? {
        2.0 => 2,
        3.0 => 3,
        _ => return Err(format!("dim must be 2 or 3, found {}", dim.get())),
    };
    let (pair, peers, exact, double, [raw_a, raw_b]) = if dim == 2 {
        let [(a, literal_a, raw_a), (b, literal_b, raw_b)] =
            read_pair(raw, case_boxes::box2, |b| obb2(b, center2(b)))?;
        let pair = Pair::two(&a, &b, (literal_a, literal_b));
        let centres = [a.center, b.center].concat();
        let peers = Pair::for_peers(&centres, Pair::Two(literal_a, literal_b), pair);
        (
            pair,
            peers,
            ExactPair::two(&a, &b),
            DoublePair::two(&a, &b),
            [raw_a, raw_b],
        )
    } else {
        let [(a, literal_a, raw_a), (b, literal_b, raw_b)] =
            read_pair(raw, case_boxes::box3, |b| obb3(b, center3(b)))?;
        let pair = Pair::three(&a, &b, (literal_a, literal_b));
        let centres = [a.center, b.center].concat();
        let peers = Pair::for_peers(&centres, Pair::Three(literal_a, literal_b), pair);
        let double = DoublePair::three(&a, &b);
        (
            pair,
            peers,
            ExactPair::three(&a, &b),
            double,
            [raw_a, raw_b],
        )
    };
    let owned = |v: Option<&RawValue>| v.map(ToOwned::to_owned);
    Ok(Case {
        id,
        dim,
        pair,
        peers,
        exact,
        double,
        a: raw_a.to_owned(),
        b: raw_b.to_owned(),
        expect: owned(raw.expect),
        exact_margin: owned(raw.exact_margin),
        scale: owned(raw.scale),
        distance: owned(raw.distance),
    })
}
