//! The casts the built-in engines run ([`Engine::cast`](super::Engine::cast)), on the boxes
//! each takes ([`Prepared`](super::Prepared)):
//!
//! * `sat`: sat-core's `Obb2/Obb3::cast` (or `cast_nonlinear`) on the f32 pair moved so that
//!   A's centre is the origin, velocities rounded to f32 (pivots moved with the pair in f64,
//!   then rounded), witnesses moved back in f64;
//! * `sat64`: `DObb2/DObb3::cast` (`cast_nonlinear`) on the numbers as written, in f64 (axis
//!   columns that are f32 data, orthonormal only within f32's tolerance: `sat`'s f32 cast);
//! * `certified`: `Obb2/Obb3::cast_certified` on `sat`'s boxes and velocities: the exact time
//!   of impact of those, rounded down to f32 (linear casts, target distance 0);
//! * `exact`: `sat_core::exact::toi2/toi3` on the numbers as written (velocities in f64), the
//!   exact time rounded down to f64 (linear casts, target distance 0; no witnesses);
//! * `parry` (in `parry.rs`): parry's `cast_shapes` / `cast_shapes_nonlinear`.

use glam::{DVec2, DVec3, Vec2, Vec3};
use sat_core::cast::{CastError, CastHit, CastOptions, CastStatus, Motion2, Motion3};
use sat_core::exact::{ExactToi, toi2, toi3};

use super::interface::CastReply;
use crate::case::{CastInput, DoublePair, ExactPair, Motion, SinglePair, Turn};

/// The name of a status in answer lines.
pub fn status_name(status: CastStatus) -> &'static str {
    match status {
        CastStatus::Hit => "hit",
        CastStatus::Penetrating => "penetrating",
        CastStatus::OutOfIterations => "out_of_iterations",
    }
}

/// A written number in f32; a finite one beyond f32's range, or a non-zero one that rounds to
/// zero, is an error (the case reader keeps casts within sat-core's magnitudes, where neither
/// happens).
pub fn single(x: f64, what: &str) -> Result<f32, String> {
    let y = x as f32;
    if y.is_infinite() && x.is_finite() {
        return Err(format!("{what} = {x:e} overflows f32 (max {:e})", f32::MAX));
    }
    if y == 0.0 && x != 0.0 {
        return Err(format!("{what} = {x:e} underflows f32"));
    }
    Ok(y)
}

/// `max_toi` in f32: `+∞` stays, a finite value beyond f32's range becomes `f32::MAX` (no time
/// of impact of f32 boxes is later).
pub fn single_time(x: f64) -> f32 {
    if x.is_finite() {
        (x as f32).min(f32::MAX)
    } else {
        f32::INFINITY
    }
}

pub fn vec3(v: [f64; 3], what: &str) -> Result<Vec3, String> {
    Ok(Vec3::new(
        single(v[0], what)?,
        single(v[1], what)?,
        single(v[2], what)?,
    ))
}

pub fn vec2(v: [f64; 3], what: &str) -> Result<Vec2, String> {
    Ok(Vec2::new(single(v[0], what)?, single(v[1], what)?))
}

/// `v − origin`, in f64.
pub fn minus(v: [f64; 3], origin: &[f64]) -> [f64; 3] {
    let mut out = v;
    for (x, o) in out.iter_mut().zip(origin) {
        *x -= o;
    }
    out
}

/// A hit as a reply: `to` takes a vector to f64 numbers, points are moved by `origin`.
fn reply<V: Copy, R: Into<f64>>(
    hit: Option<CastHit<V, R>>,
    to: impl Fn(V) -> Vec<f64>,
    origin: &[f64],
) -> CastReply {
    let Some(h) = hit else {
        return CastReply::MISS;
    };
    let world = |p: V| to(p).into_iter().zip(origin).map(|(x, o)| x + o).collect();
    CastReply {
        toi: Some(h.toi.into()),
        status: Some(status_name(h.status)),
        normal: Some(to(h.normal)),
        a: Some(world(h.a)),
        b: Some(world(h.b)),
        feature: Some(h.feature.to_string()),
    }
}

fn err(e: CastError) -> String {
    e.to_string()
}

fn d3(v: Vec3) -> Vec<f64> {
    v.as_dvec3().to_array().to_vec()
}

fn d2(v: Vec2) -> Vec<f64> {
    v.as_dvec2().to_array().to_vec()
}

/// sat-core's f32 cast (`cast`, or `cast_nonlinear` for rotating motions) on `pair`, whose
/// origin is at `origin` in the world; with `certified`, `cast_certified` (linear, `δ = 0`).
pub fn single_cast(
    pair: &SinglePair,
    origin: &[f64],
    input: &CastInput,
    certified: bool,
) -> Result<CastReply, String> {
    if certified && !input.exact_kind() {
        return Err("certified answers linear casts with target distance 0 only".into());
    }
    let max_toi = single_time(input.max_toi);
    let options = CastOptions::new(max_toi)
        .with_target_distance(single(input.target_distance, "target_distance")?);
    let turn3 = |t: &Turn| -> Result<Motion3, String> {
        Ok(Motion3 {
            pivot: vec3(minus(t.pivot, origin), "pivot")?,
            linvel: vec3(t.linvel, "linvel")?,
            angvel: vec3(t.angvel, "angvel")?,
        })
    };
    let turn2 = |t: &Turn| -> Result<Motion2, String> {
        Ok(Motion2 {
            pivot: vec2(minus(t.pivot, origin), "pivot")?,
            linvel: vec2(t.linvel, "linvel")?,
            angvel: single(t.angvel[2], "angvel")?,
        })
    };
    Ok(match (pair, &input.motion) {
        (SinglePair::Three(a, b), Motion::Linear { vel_a, vel_b }) => {
            let (va, vb) = (vec3(*vel_a, "vel_a")?, vec3(*vel_b, "vel_b")?);
            let hit = if certified {
                a.cast_certified(va, b, vb, max_toi)
            } else {
                a.cast(va, b, vb, options)
            };
            reply(hit.map_err(err)?, d3, origin)
        }
        (SinglePair::Two(a, b), Motion::Linear { vel_a, vel_b }) => {
            let (va, vb) = (vec2(*vel_a, "vel_a")?, vec2(*vel_b, "vel_b")?);
            let hit = if certified {
                a.cast_certified(va, b, vb, max_toi)
            } else {
                a.cast(va, b, vb, options)
            };
            reply(hit.map_err(err)?, d2, origin)
        }
        (SinglePair::Three(a, b), Motion::Rotating { a: ma, b: mb }) => {
            let hit = a.cast_nonlinear(&turn3(ma)?, b, &turn3(mb)?, options);
            reply(hit.map_err(err)?, d3, origin)
        }
        (SinglePair::Two(a, b), Motion::Rotating { a: ma, b: mb }) => {
            let hit = a.cast_nonlinear(&turn2(ma)?, b, &turn2(mb)?, options);
            reply(hit.map_err(err)?, d2, origin)
        }
    })
}

/// sat-core's f64 cast on the numbers as written.
pub fn double_cast(pair: &DoublePair, input: &CastInput) -> Result<CastReply, String> {
    let options = CastOptions::new(input.max_toi).with_target_distance(input.target_distance);
    let turn3 = |t: &Turn| Motion3 {
        pivot: DVec3::from_array(t.pivot),
        linvel: DVec3::from_array(t.linvel),
        angvel: DVec3::from_array(t.angvel),
    };
    let turn2 = |t: &Turn| Motion2 {
        pivot: DVec2::new(t.pivot[0], t.pivot[1]),
        linvel: DVec2::new(t.linvel[0], t.linvel[1]),
        angvel: t.angvel[2],
    };
    let two = |v: [f64; 3]| DVec2::new(v[0], v[1]);
    let to3 = |v: DVec3| v.to_array().to_vec();
    let to2 = |v: DVec2| v.to_array().to_vec();
    let origin = [0.0; 3];
    Ok(match (pair, &input.motion) {
        (DoublePair::Three(a, b, _), Motion::Linear { vel_a, vel_b }) => {
            let (va, vb) = (DVec3::from_array(*vel_a), DVec3::from_array(*vel_b));
            reply(a.cast(va, b, vb, options).map_err(err)?, to3, &origin)
        }
        (DoublePair::Two(a, b, _), Motion::Linear { vel_a, vel_b }) => {
            let hit = a.cast(two(*vel_a), b, two(*vel_b), options);
            reply(hit.map_err(err)?, to2, &origin)
        }
        (DoublePair::Three(a, b, _), Motion::Rotating { a: ma, b: mb }) => {
            let hit = a.cast_nonlinear(&turn3(ma), b, &turn3(mb), options);
            reply(hit.map_err(err)?, to3, &origin)
        }
        (DoublePair::Two(a, b, _), Motion::Rotating { a: ma, b: mb }) => {
            let hit = a.cast_nonlinear(&turn2(ma), b, &turn2(mb), options);
            reply(hit.map_err(err)?, to2, &origin)
        }
    })
}

/// The exact time of impact of the boxes as written (`toi2/toi3`), every half-extent grown by
/// `grow` (negative shrinks); linear casts with target distance 0 only.
pub fn exact_toi(
    pair: &ExactPair,
    input: &CastInput,
    grow: f64,
) -> Result<Option<ExactToi>, String> {
    let Motion::Linear { vel_a, vel_b } = input.motion else {
        return Err("exact answers linear casts only".into());
    };
    if input.target_distance != 0.0 {
        return Err("exact answers casts with target distance 0 only".into());
    }
    Ok(match pair {
        ExactPair::Three(a, b) => toi3(a, vel_a, b, vel_b, input.max_toi, grow),
        ExactPair::Two(a, b) => {
            let two = |v: [f64; 3]| [v[0], v[1]];
            toi2(a, two(vel_a), b, two(vel_b), input.max_toi, grow)
        }
    })
}

/// The `exact` engine's reply: the exact time rounded down to f64, the status and the axis that
/// opens last; no witnesses.
pub fn exact_cast(pair: &ExactPair, input: &CastInput) -> Result<CastReply, String> {
    Ok(match exact_toi(pair, input, 0.0)? {
        None => CastReply::MISS,
        Some(t) => CastReply {
            toi: Some(t.toi_down()),
            status: Some(if t.penetrating { "penetrating" } else { "hit" }),
            feature: Some(t.feature.to_string()),
            ..CastReply::MISS
        },
    })
}
