//! A case line read: the case as written ([`WrittenCase`]), its two boxes ([`WrittenPair`]),
//! and why a line is not a case ([`CaseError`]). The format is in the [module docs](super).

use glam::{DVec2, DVec3};
use sat_core::ObbError;
use sat_oracle::case_box::{Box2, Box3};
use serde_json::value::RawValue;

use super::boxes::{read_box2, read_box3};
use super::cast::{CastFields, CastInput};
use super::json::{json_reason, kind_of, number, raw_object};

/// The two boxes of a case as written, of one dimension.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WrittenPair {
    /// `dim: 2`.
    Two(Box2, Box2),
    /// `dim: 3`.
    Three(Box3, Box3),
}

/// A case line as read: its id, the pair as written (each box also as its raw JSON text) and the
/// recorded expectations.
///
/// ```
/// use obbsat::WrittenCase;
///
/// let line = r#"{"id": "x", "dim": 2, "expect": true,
///     "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0},
///     "b": {"center": [2, 0], "half_extents": [1, 1], "degrees": 90}}"#;
/// let case = WrittenCase::parse(line).map_err(|e| e.reason)?;
/// assert_eq!(case.dim, 2);
/// assert_eq!(case.expect(), Ok(Some(true)));
/// assert_eq!(case.b.get(), r#"{"center": [2, 0], "half_extents": [1, 1], "degrees": 90}"#);
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone)]
pub struct WrittenCase {
    /// The case's `id` exactly as written (any JSON value), if present and not `null`.
    pub id: Option<Box<RawValue>>,
    /// 2 or 3.
    pub dim: u8,
    /// Both boxes as written.
    pub pair: WrittenPair,
    /// Box `a` as written (for engines that read the case format themselves).
    pub a: Box<RawValue>,
    /// Box `b` as written.
    pub b: Box<RawValue>,
    /// The fields `expect`, `exact_margin`, `scale` and `distance` as written; read them with
    /// [`WrittenCase::expect`], [`WrittenCase::recorded`] and
    /// [`WrittenCase::recorded_distance`].
    expect: Option<Box<RawValue>>,
    exact_margin: Option<Box<RawValue>>,
    scale: Option<Box<RawValue>>,
    distance: Option<Box<RawValue>>,
    /// The motion fields of a cast ([`WrittenCase::cast`]).
    cast: CastFields,
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
    struct RawCase {
        id, dim, a, b, expect, exact_margin, scale, distance,
        vel_a, vel_b, motion_a, motion_b, max_toi, target_distance, toi,
    }
}

impl WrittenCase {
    /// Parses one line (without its line terminator).
    ///
    /// Never panics; every failure is a [`CaseError`] whose reason names the offending field.
    pub fn parse(line: &str) -> Result<WrittenCase, CaseError> {
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

    /// The cast the line carries (its velocities or motions, `max_toi`, `target_distance` and
    /// the recorded `toi`, see `case::cast`); an error naming the field when it carries none
    /// or a bad one. Only the cast queries read it.
    pub fn cast(&self) -> Result<CastInput, String> {
        self.cast.read(self.dim)
    }

    /// The cast's fields as written, as `,"key":value` pairs (for a `cmd:` request).
    pub fn cast_request(&self) -> String {
        self.cast.request()
    }
}

/// Boxes `a` and `b` as written (read by `read`), each checked by sat-core's checked
/// constructors (`check`), with their raw text; box `a` is read and checked before a missing `b`
/// is reported.
fn read_pair<'a, B>(
    raw: &RawCase<'a>,
    read: fn(&RawValue, &str) -> Result<B, String>,
    check: fn(&B) -> Result<(), ObbError>,
) -> Result<[(B, &'a RawValue); 2], String> {
    let one = |value: &RawValue, name: &str| {
        let b = read(value, name)?;
        check(&b).map_err(|e| format!("{name}: {e}"))?;
        Ok::<_, String>(b)
    };
    let raw_a = raw.a.ok_or("missing box \"a\"")?;
    let a = one(raw_a, "a")?;
    let raw_b = raw.b.ok_or("missing box \"b\"")?;
    let b = one(raw_b, "b")?;
    Ok([(a, raw_a), (b, raw_b)])
}

/// The case of a line whose top level is `raw`, with `id` its id.
fn read_case(raw: &RawCase<'_>, id: Option<Box<RawValue>>) -> Result<WrittenCase, String> {
    let dim = raw.dim.ok_or("missing \"dim\" (2 or 3)")?;
    let dim = match number(dim, "dim")? {
        2.0 => 2,
        3.0 => 3,
        _ => return Err(format!("dim must be 2 or 3, found {}", dim.get())),
    };
    let (pair, [raw_a, raw_b]) = if dim == 2 {
        let [(a, raw_a), (b, raw_b)] = read_pair(raw, read_box2, |b| b.obb(center2(b)).map(drop))?;
        (WrittenPair::Two(a, b), [raw_a, raw_b])
    } else {
        let [(a, raw_a), (b, raw_b)] = read_pair(raw, read_box3, |b| b.obb(center3(b)).map(drop))?;
        (WrittenPair::Three(a, b), [raw_a, raw_b])
    };
    let owned = |v: Option<&RawValue>| v.map(ToOwned::to_owned);
    Ok(WrittenCase {
        id,
        dim,
        pair,
        a: raw_a.to_owned(),
        b: raw_b.to_owned(),
        expect: owned(raw.expect),
        exact_margin: owned(raw.exact_margin),
        scale: owned(raw.scale),
        distance: owned(raw.distance),
        cast: CastFields {
            vel_a: owned(raw.vel_a),
            vel_b: owned(raw.vel_b),
            motion_a: owned(raw.motion_a),
            motion_b: owned(raw.motion_b),
            max_toi: owned(raw.max_toi),
            target_distance: owned(raw.target_distance),
            toi: owned(raw.toi),
        },
    })
}

/// The written centre of a box.
pub fn center2(given: &Box2) -> DVec2 {
    DVec2::from_array(given.center)
}

/// The written centre of a box.
pub fn center3(given: &Box3) -> DVec3 {
    DVec3::from_array(given.center)
}
