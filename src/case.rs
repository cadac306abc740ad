//! The JSON Lines case format, and reading one line of it into sat-core boxes.
//!
//! One case per line:
//!
//! ```text
//! {"id": "optional", "dim": 2 or 3, "a": BOX, "b": BOX, "expect": true|false (check only)}
//! BOX = {"center": [...], "half_extents": [...], ROTATION}
//! ROTATION = exactly one of
//!   "quat": [x, y, z, w]             3D, glam order, need not be unit length
//!   "axes": [[..], [..]] or 3 columns the box's local axes as world-space column vectors
//!   "angle": radians                 2D
//!   "degrees": d                     2D
//! ```
//!
//! Unknown keys are ignored; an explicit `null` counts as absent. Every number is read as f64
//! and rounded once to f32; a finite value that overflows f32 is an error, and so is a non-zero
//! centre or half-extent that underflows to zero (it would silently move the box). The boxes
//! are built with the checked sat-core constructors, whose [`ObbError`](sat_core::ObbError)
//! messages are reported as they are.
//!
//! Centres: once both boxes are valid as written, the pair is moved so that A's centre is at
//! the origin and B's at the f64 difference of the centres, rounded once to f32. A translation
//! changes no verdict. For centres that are f32 values this is the offset sat-core computes
//! anyway; for centres with more digits than f32 holds (`1000000.1`) it keeps the offset within
//! one f32 rounding of the offset itself, where rounding each centre would move B by up to an
//! ulp of the coordinates, far more than sat-core's band for small boxes far from the origin.
//! (If the moved pair is out of sat-core's range, the pair as written is used.)
//!
//! A quaternion is used as given when its largest component lies in `[2⁻⁶⁰, 2⁶⁰]` (sat-core
//! rotates by `R(q)/|q|²`, so it need not be unit length); otherwise it is first divided by that
//! component in f64, so that huge or tiny quaternions still name their rotation.

use glam::{DVec2, DVec3, Mat2, Mat3, Quat, Vec2, Vec3};
use sat_core::{Feature, Obb2, Obb3};
use serde::Deserialize;
use serde_json::value::RawValue;

/// A pair of boxes of one dimension, built by the checked sat-core constructors.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pair {
    /// `dim: 2`.
    Two(Obb2, Obb2),
    /// `dim: 3`.
    Three(Obb3, Obb3),
}

/// What sat-core says about a pair: the verdict of `intersects`, and the signed gap and feature
/// of `separation`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    /// `a.intersects(&b)`.
    pub intersects: bool,
    /// `a.separation(&b).gap`: positive apart, negative penetration depth.
    pub margin: f32,
    /// `a.separation(&b).feature`.
    pub feature: Feature,
}

impl Pair {
    /// Runs sat-core on the pair.
    pub fn verdict(&self) -> Verdict {
        match self {
            Pair::Two(a, b) => {
                let s = a.separation(b);
                Verdict {
                    intersects: a.intersects(b),
                    margin: s.gap,
                    feature: s.feature,
                }
            }
            Pair::Three(a, b) => {
                let s = a.separation(b);
                Verdict {
                    intersects: a.intersects(b),
                    margin: s.gap,
                    feature: s.feature,
                }
            }
        }
    }
}

/// One parsed case line.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case's `id` exactly as written (any JSON value), if present and not `null`.
    pub id: Option<Box<RawValue>>,
    /// The two boxes.
    pub pair: Pair,
    /// The `expect` field as written, if present; read it with [`Case::expect`].
    expect: Option<Box<RawValue>>,
}

/// Why a line is not a valid case, with the case's id when the line got far enough to have one.
#[derive(Debug, Clone)]
pub struct CaseError {
    /// The `id` as written, when the line is a JSON object with an `id`.
    pub id: Option<Box<RawValue>>,
    /// What is wrong, without the line number.
    pub reason: String,
}

/// The top level of a case line; values are kept raw so that each can be reported by name.
#[derive(Deserialize)]
struct RawCase<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    dim: Option<&'a RawValue>,
    #[serde(borrow, default)]
    a: Option<&'a RawValue>,
    #[serde(borrow, default)]
    b: Option<&'a RawValue>,
    #[serde(borrow, default)]
    expect: Option<&'a RawValue>,
}

/// One box, raw.
#[derive(Deserialize)]
struct RawBox<'a> {
    #[serde(borrow, default)]
    center: Option<&'a RawValue>,
    #[serde(borrow, default)]
    half_extents: Option<&'a RawValue>,
    #[serde(borrow, default)]
    quat: Option<&'a RawValue>,
    #[serde(borrow, default)]
    axes: Option<&'a RawValue>,
    #[serde(borrow, default)]
    angle: Option<&'a RawValue>,
    #[serde(borrow, default)]
    degrees: Option<&'a RawValue>,
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
    let fail = |reason: String| CaseError {
        id: id.clone(),
        reason,
    };
    let pair = parse_pair(&raw).map_err(fail)?;
    let expect = raw.expect.map(ToOwned::to_owned);
    Ok(Case { id, pair, expect })
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
}

fn parse_pair(raw: &RawCase) -> Result<Pair, String> {
    let dim = raw.dim.ok_or("missing \"dim\" (2 or 3)")?;
    let dim = match number(dim, "dim")? {
        2.0 => 2,
        3.0 => 3,
        _ => return Err(format!("dim must be 2 or 3, found {}", dim.get())),
    };
    let a = raw_box(raw.a.ok_or("missing box \"a\"")?, "a")?;
    let b = || raw_box(raw.b.ok_or("missing box \"b\"")?, "b");
    if dim == 2 {
        let a = box2(&a, "a")?;
        let literal_a = a.build(a.center.as_vec2(), "a")?;
        let b = box2(&b()?, "b")?;
        let literal_b = b.build(b.center.as_vec2(), "b")?;
        let moved = (
            a.build(Vec2::ZERO, "a"),
            b.build((b.center - a.center).as_vec2(), "b"),
        );
        Ok(match moved {
            (Ok(a), Ok(b)) => Pair::Two(a, b),
            _ => Pair::Two(literal_a, literal_b),
        })
    } else {
        let a = box3(&a, "a")?;
        let literal_a = a.build(a.center.as_vec3(), "a")?;
        let b = box3(&b()?, "b")?;
        let literal_b = b.build(b.center.as_vec3(), "b")?;
        let moved = (
            a.build(Vec3::ZERO, "a"),
            b.build((b.center - a.center).as_vec3(), "b"),
        );
        Ok(match moved {
            (Ok(a), Ok(b)) => Pair::Three(a, b),
            _ => Pair::Three(literal_a, literal_b),
        })
    }
}

fn raw_box<'a>(value: &'a RawValue, name: &str) -> Result<RawBox<'a>, String> {
    if !value.get().starts_with('{') {
        return Err(format!(
            "{name}: expected a box object, found {}",
            kind_of(value.get())
        ));
    }
    serde_json::from_str(value.get()).map_err(|e| format!("{name}: {}", json_reason(&e, false)))
}

/// The one rotation key of a box and its value; zero or several keys are an error.
fn rotation<'a>(
    raw: &RawBox<'a>,
    name: &str,
    dim: usize,
) -> Result<(&'static str, &'a RawValue), String> {
    let mut given = [
        ("quat", raw.quat),
        ("axes", raw.axes),
        ("angle", raw.angle),
        ("degrees", raw.degrees),
    ]
    .into_iter()
    .filter_map(|(key, value)| value.map(|v| (key, v)));
    match (given.next(), given.next()) {
        (Some(one), None) => Ok(one),
        (None, _) => Err(format!(
            "{name}: no rotation: give exactly one of {}",
            rotations_for(dim)
        )),
        (Some((first, _)), Some((second, _))) => Err(format!(
            "{name}: more than one rotation ({first} and {second}): give exactly one"
        )),
    }
}

fn rotations_for(dim: usize) -> &'static str {
    if dim == 2 {
        "angle, degrees or axes for dim 2"
    } else {
        "quat or axes for dim 3"
    }
}

/// A 2D box as read: centre in f64 (see [`parse_pair`]), the rest in f32.
struct Spec2 {
    center: DVec2,
    half_extents: Vec2,
    rotation: Rotation2,
}

enum Rotation2 {
    Angle(f32),
    Degrees(f32),
    Axes(Mat2),
}

impl Spec2 {
    /// The box with its centre at `center`, through sat-core's checked constructors.
    fn build(&self, center: Vec2, name: &str) -> Result<Obb2, String> {
        let half = self.half_extents;
        match self.rotation {
            Rotation2::Angle(angle) => Obb2::try_new(center, half, angle),
            Rotation2::Degrees(degrees) => Obb2::try_from_degrees(center, half, degrees),
            Rotation2::Axes(axes) => Obb2::try_from_axes(center, half, axes),
        }
        .map_err(|e| format!("{name}: {e}"))
    }
}

/// A 3D box as read: centre in f64 (see [`parse_pair`]), the rest in f32.
struct Spec3 {
    center: DVec3,
    half_extents: Vec3,
    rotation: Rotation3,
}

enum Rotation3 {
    Quat(Quat),
    Axes(Mat3),
}

impl Spec3 {
    /// The box with its centre at `center`, through sat-core's checked constructors.
    fn build(&self, center: Vec3, name: &str) -> Result<Obb3, String> {
        let half = self.half_extents;
        match self.rotation {
            Rotation3::Quat(q) => Obb3::try_new(center, half, q),
            Rotation3::Axes(axes) => Obb3::try_from_axes(center, half, axes),
        }
        .map_err(|e| format!("{name}: {e}"))
    }
}

fn box2(raw: &RawBox, name: &str) -> Result<Spec2, String> {
    let center = DVec2::from_array(position(raw.center, name, "center", 2)?);
    let half = DVec2::from_array(position(raw.half_extents, name, "half_extents", 2)?);
    let (key, value) = rotation(raw, name, 2)?;
    let what = format!("{name}.{key}");
    let rotation = match key {
        "angle" => Rotation2::Angle(scalar(value, &what)?),
        "degrees" => Rotation2::Degrees(scalar(value, &what)?),
        "axes" => {
            let [x, y] = columns::<2, 2>(value, &what, 2)?;
            Rotation2::Axes(Mat2::from_cols(Vec2::from_array(x), Vec2::from_array(y)))
        }
        _ => {
            return Err(format!(
                "{what} is not a rotation for dim 2: use {}",
                rotations_for(2)
            ));
        }
    };
    Ok(Spec2 {
        center,
        half_extents: half.as_vec2(),
        rotation,
    })
}

fn box3(raw: &RawBox, name: &str) -> Result<Spec3, String> {
    let center = DVec3::from_array(position(raw.center, name, "center", 3)?);
    let half = DVec3::from_array(position(raw.half_extents, name, "half_extents", 3)?);
    let (key, value) = rotation(raw, name, 3)?;
    let what = format!("{name}.{key}");
    let rotation = match key {
        "quat" => Rotation3::Quat(quat(value, &what)?),
        "axes" => {
            let [x, y, z] = columns::<3, 3>(value, &what, 3)?;
            Rotation3::Axes(Mat3::from_cols(
                Vec3::from_array(x),
                Vec3::from_array(y),
                Vec3::from_array(z),
            ))
        }
        _ => {
            return Err(format!(
                "{what} is not a rotation for dim 3: use {}",
                rotations_for(3)
            ));
        }
    };
    Ok(Spec3 {
        center,
        half_extents: half.as_vec3(),
        rotation,
    })
}

/// A centre or half-extent vector: `N` numbers, each of which rounds to f32 without
/// overflow or underflow to zero. Returned in f64; callers round.
fn position<const N: usize>(
    value: Option<&RawValue>,
    name: &str,
    key: &str,
    dim: usize,
) -> Result<[f64; N], String> {
    let path = format!("{name}.{key}");
    let value = value.ok_or_else(|| format!("{name}: missing \"{key}\""))?;
    let values = array::<N>(value, &path, dim)?;
    let mut out = [0.0f64; N];
    for (i, (raw, x)) in values.iter().zip(out.iter_mut()).enumerate() {
        let what = format!("{path}[{i}]");
        *x = number(raw, &what)?;
        if round(*x, &what)? == 0.0 && !is_zero_literal(raw.get()) {
            return Err(format!(
                "{what} = {} underflows f32 (rounds to zero); write 0 if zero is meant",
                raw.get()
            ));
        }
    }
    Ok(out)
}

/// A single number (angle or degrees) rounded to f32.
fn scalar(value: &RawValue, what: &str) -> Result<f32, String> {
    round(number(value, what)?, what)
}

/// `[x, y, z, w]`, brought into f32 range when needed (see the module docs).
fn quat(value: &RawValue, what: &str) -> Result<Quat, String> {
    let raw = array::<4>(value, what, 3)?;
    let mut q = [0.0f64; 4];
    for (i, (r, x)) in raw.iter().zip(q.iter_mut()).enumerate() {
        *x = number(r, &format!("{what}[{i}]"))?;
    }
    let largest = q.iter().fold(0.0f64, |m, c| m.max(c.abs()));
    let in_range = (2f64.powi(-60)..=2f64.powi(60)).contains(&largest);
    if largest > 0.0 && !in_range {
        q = q.map(|c| c / largest);
    }
    Ok(Quat::from_array(q.map(|c| c as f32)))
}

/// `C` columns of `R` numbers each, rounded to f32.
fn columns<const C: usize, const R: usize>(
    value: &RawValue,
    what: &str,
    dim: usize,
) -> Result<[[f32; R]; C], String> {
    let cols = array::<C>(value, what, dim)?;
    let mut out = [[0.0f32; R]; C];
    for (j, (col, slot)) in cols.iter().zip(out.iter_mut()).enumerate() {
        let path = format!("{what}[{j}]");
        let entries = array::<R>(col, &path, dim)?;
        for (i, (raw, x)) in entries.iter().zip(slot.iter_mut()).enumerate() {
            let what = format!("{path}[{i}]");
            *x = round(number(raw, &what)?, &what)?;
        }
    }
    Ok(out)
}

/// A JSON array of exactly `N` raw values.
fn array<'a, const N: usize>(
    value: &'a RawValue,
    what: &str,
    dim: usize,
) -> Result<[&'a RawValue; N], String> {
    let text = value.get();
    if !text.starts_with('[') {
        return Err(format!(
            "{what}: expected an array of {N} for dim {dim}, found {}",
            kind_of(text)
        ));
    }
    let items: Vec<&RawValue> =
        serde_json::from_str(text).map_err(|e| format!("{what}: {}", json_reason(&e, false)))?;
    let found = items.len();
    items.try_into().map_err(|_| {
        format!("{what}: expected an array of {N} for dim {dim}, found {found} elements")
    })
}

/// A JSON number as f64; infinite results (such as `1e400`) are out of range.
fn number(value: &RawValue, what: &str) -> Result<f64, String> {
    let text = value.get();
    if !text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return Err(format!(
            "{what}: expected a number, found {}",
            kind_of(text)
        ));
    }
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("{what} = {text} is out of the range of f64")),
    }
}

/// Whether a JSON number literal is zero (every digit of its mantissa is 0), as opposed to a
/// non-zero value that rounds to zero.
fn is_zero_literal(text: &str) -> bool {
    text.bytes()
        .take_while(|b| !matches!(b, b'e' | b'E'))
        .all(|b| !b.is_ascii_digit() || b == b'0')
}

/// Rounds to the nearest f32; a finite value beyond f32's range is an error, not infinity.
fn round(x: f64, what: &str) -> Result<f32, String> {
    let y = x as f32;
    if y.is_infinite() {
        return Err(format!("{what} = {x:e} overflows f32 (max {:e})", f32::MAX));
    }
    Ok(y)
}

/// "a string", "an array", ... for the first character of a JSON value.
fn kind_of(text: &str) -> &'static str {
    match text.trim_start().chars().next() {
        Some('"') => "a string",
        Some('[') => "an array",
        Some('{') => "an object",
        Some('t' | 'f') => "a boolean",
        Some('n') => "null",
        Some('-' | '0'..='9') => "a number",
        _ => "something else",
    }
}

/// serde_json's message, with a column only where it refers to the input line itself.
fn json_reason(e: &serde_json::Error, top_level: bool) -> String {
    let full = e.to_string();
    let message = match full.rfind(" at line ") {
        Some(at) => &full[..at],
        None => &full,
    };
    if top_level && e.line() == 1 && e.column() > 0 {
        format!("{message} at column {}", e.column())
    } else {
        message.to_owned()
    }
}
