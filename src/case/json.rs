//! Small helpers for reading raw JSON values with errors that name the offending field.

use serde_json::value::RawValue;

/// A JSON array of exactly `N` raw values; `what` names it in errors, `dim` says why `N`.
pub fn array<'a, const N: usize>(
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

/// A JSON number as the f64 its text denotes (correctly rounded); infinite results (such as
/// `1e400`) are out of range.
pub fn number(value: &RawValue, what: &str) -> Result<f64, String> {
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
pub fn is_zero_literal(text: &str) -> bool {
    text.bytes()
        .take_while(|b| !matches!(b, b'e' | b'E'))
        .all(|b| !b.is_ascii_digit() || b == b'0')
}

/// Rounds to the nearest f32; a finite value beyond f32's range is an error, not infinity.
pub fn round(x: f64, what: &str) -> Result<f32, String> {
    let y = x as f32;
    if y.is_infinite() {
        return Err(format!("{what} = {x:e} overflows f32 (max {:e})", f32::MAX));
    }
    Ok(y)
}

/// "a string", "an array", ... for the first character of a JSON value.
pub fn kind_of(text: &str) -> &'static str {
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
pub fn json_reason(e: &serde_json::Error, top_level: bool) -> String {
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

/// A struct of the named keys of a JSON object, each kept as its raw JSON text so that errors can
/// name it: `None` when the key is absent or `null`; other keys are ignored, a repeated one is an
/// error.
macro_rules! raw_object {
    ($(#[$meta:meta])* struct $name:ident { $($key:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(serde::Deserialize)]
        struct $name<'a> {
            $(
                #[serde(borrow, default)]
                $key: Option<&'a serde_json::value::RawValue>,
            )*
        }
    };
}

pub(crate) use raw_object;
