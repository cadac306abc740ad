//! A case's boxes exactly as written: every number is the f64 its JSON text denotes.
//!
//! Reading checks what every engine needs: the right shapes of arrays, numbers that are finite
//! in f64, and values that round to f32 without overflow (centres and half-extents also without
//! a non-zero value underflowing to zero). What sat-core and the exact oracle store for them:
//! [`super::stored`].

use serde_json::value::RawValue;

use sat_oracle::case_box::{Box2, Box3, CaseBox, Rotation2, Rotation3};

use super::json::{array, is_zero_literal, json_reason, kind_of, number, raw_object, round};

raw_object! {
    /// One box, raw.
    struct RawBox { center, half_extents, quat, axes, angle, degrees }
}

/// Reads box `name` ("a" or "b") of a 2D case: the numbers as written.
///
/// ```
/// use obbsat::read_box2;
/// use sat_oracle::case_box::Rotation2;
/// use serde_json::value::RawValue;
///
/// let raw = RawValue::from_string(r#"{"center": [1, 2], "half_extents": [3, 4], "degrees": 30}"#.into())?;
/// let b = read_box2(&raw, "a")?;
/// assert_eq!((b.center, b.rotation), ([1.0, 2.0], Rotation2::Degrees(30.0)));
/// let flat = RawValue::from_string(r#"{"center": [1, 2], "half_extents": [3, 4]}"#.into())?;
/// assert_eq!(read_box2(&flat, "b").unwrap_err(), "b: no rotation: give exactly one of angle, degrees or axes for dim 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_box2(value: &RawValue, name: &str) -> Result<Box2, String> {
    read_box(value, name, |key, value, what| match key {
        "angle" => Some(scalar(value, what).map(Rotation2::Angle)),
        "degrees" => Some(scalar(value, what).map(Rotation2::Degrees)),
        "axes" => Some(columns::<2, 2>(value, what, 2).map(Rotation2::Axes)),
        _ => None,
    })
}

/// Reads box `name` ("a" or "b") of a 3D case (see [`read_box2`]).
pub fn read_box3(value: &RawValue, name: &str) -> Result<Box3, String> {
    read_box(value, name, |key, value, what| match key {
        "quat" => Some(quat(value, what).map(Rotation3::Quat)),
        "axes" => Some(columns::<3, 3>(value, what, 3).map(Rotation3::Axes)),
        _ => None,
    })
}

/// Box `name` of an `N`-dimensional case: its centre, its half-extents and what `rotation_of`
/// reads from its one rotation key (`rotation_of(key, value, "name.key")`; `None`: not a
/// rotation of this dimension).
fn read_box<const N: usize, R>(
    value: &RawValue,
    name: &str,
    rotation_of: impl FnOnce(&str, &RawValue, &str) -> Option<Result<R, String>>,
) -> Result<CaseBox<N, f64, R>, String> {
    let raw = raw_box(value, name)?;
    let center = position::<N>(raw.center, name, "center", N)?;
    let half_extents = position::<N>(raw.half_extents, name, "half_extents", N)?;
    let (key, value) = rotation(&raw, name, N)?;
    let what = format!("{name}.{key}");
    let rotation = rotation_of(key, value, &what).unwrap_or_else(|| {
        Err(format!(
            "{what} is not a rotation for dim {N}: use {}",
            rotations_for(N)
        ))
    })?;
    Ok(CaseBox {
        center,
        half_extents,
        rotation,
    })
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

/// A centre or half-extent vector: `N` numbers, each of which rounds to f32 without
/// overflow or underflow to zero.
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

/// A single number (angle or degrees) that rounds to f32 without overflow.
fn scalar(value: &RawValue, what: &str) -> Result<f64, String> {
    let x = number(value, what)?;
    round(x, what)?;
    Ok(x)
}

/// `[x, y, z, w]`, four finite numbers (their scale does not matter).
fn quat(value: &RawValue, what: &str) -> Result<[f64; 4], String> {
    let raw = array::<4>(value, what, 3)?;
    let mut q = [0.0f64; 4];
    for (i, (r, x)) in raw.iter().zip(q.iter_mut()).enumerate() {
        *x = number(r, &format!("{what}[{i}]"))?;
    }
    Ok(q)
}

/// `C` columns of `R` numbers each, each rounding to f32 without overflow.
fn columns<const C: usize, const R: usize>(
    value: &RawValue,
    what: &str,
    dim: usize,
) -> Result<[[f64; R]; C], String> {
    let cols = array::<C>(value, what, dim)?;
    let mut out = [[0.0f64; R]; C];
    for (j, (col, slot)) in cols.iter().zip(out.iter_mut()).enumerate() {
        let path = format!("{what}[{j}]");
        let entries = array::<R>(col, &path, dim)?;
        for (i, (raw, x)) in entries.iter().zip(slot.iter_mut()).enumerate() {
            let what = format!("{path}[{i}]");
            *x = scalar(raw, &what)?;
        }
    }
    Ok(out)
}
