//! A cast case: the motion fields of a case line ([`CastFields`], kept as written) read into a
//! [`CastInput`]. The format:
//!
//! ```text
//! linear:   "vel_a": [..], "vel_b": [..]                  (one number per coordinate)
//! rotating: "motion_a": MOTION, "motion_b": MOTION
//!           MOTION = {"pivot": [..], "linvel": [..], "angvel": [x, y, z] (3D) or w (2D)}
//! both:     "max_toi": t ≥ 0 or "inf" (linear only), "target_distance": δ ≥ 0 (default 0),
//!           "toi": the exact time of impact, or "none" (optional; `obbsat check` notes a
//!           recorded toi the exact oracle contradicts)
//! ```
//!
//! A line is a cast every engine can take, as for the boxes: every velocity, pivot and angular
//! velocity component is zero or of a magnitude sat-core's casts accept
//! ([`MIN_MAGNITUDE`]`..=`[`MAX_MAGNITUDE`], powers of two, so rounding to f32 keeps them), and so
//! is `target_distance` (and a rotating cast's `max_toi`); anything else is an error naming the
//! field, never an input changed in silence.
//!
//! These are the fields the oracle's cast checks print with a case (`case: {...}`), so a
//! finding's line replays as it is. A line has either velocities or motions, not both.

use sat_core::{MAX_MAGNITUDE, MIN_MAGNITUDE};
use serde_json::value::RawValue;

use super::json::{array, kind_of, number};

/// How the boxes move: `[f64; 3]` vectors, the third coordinate `0` in 2D (a 2D turn rate is
/// `angvel[2]`, counter-clockwise).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Motion {
    /// Constant velocities.
    Linear {
        /// A's velocity.
        vel_a: [f64; 3],
        /// B's velocity.
        vel_b: [f64; 3],
    },
    /// Each box turning about a moving pivot (parry's `NonlinearRigidMotion`).
    Rotating {
        /// A's motion.
        a: Turn,
        /// B's motion.
        b: Turn,
    },
}

/// A box turning with `angvel` about `pivot` (world space at time 0), which moves with `linvel`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Turn {
    /// The point it turns about.
    pub pivot: [f64; 3],
    /// The pivot's velocity.
    pub linvel: [f64; 3],
    /// Angular velocity (2D: `[0, 0, w]`).
    pub angvel: [f64; 3],
}

/// A cast's input as written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastInput {
    /// How the boxes move.
    pub motion: Motion,
    /// The latest time of impact that counts (`+∞` allowed for linear casts).
    pub max_toi: f64,
    /// The distance at which the boxes count as touching.
    pub target_distance: f64,
    /// The recorded `toi`: `Some(None)` for `"none"` (no hit), `None` when absent.
    pub recorded: Option<Option<f64>>,
}

impl CastInput {
    /// Whether it is a linear cast with target distance `0`, the one with an exact time of
    /// impact in rationals.
    pub fn exact_kind(&self) -> bool {
        matches!(self.motion, Motion::Linear { .. }) && self.target_distance == 0.0
    }
}

/// The motion fields of a case line, raw (absent or `null`: `None`).
#[derive(Debug, Clone, Default)]
pub struct CastFields {
    /// `vel_a`.
    pub vel_a: Option<Box<RawValue>>,
    /// `vel_b`.
    pub vel_b: Option<Box<RawValue>>,
    /// `motion_a`.
    pub motion_a: Option<Box<RawValue>>,
    /// `motion_b`.
    pub motion_b: Option<Box<RawValue>>,
    /// `max_toi`.
    pub max_toi: Option<Box<RawValue>>,
    /// `target_distance`.
    pub target_distance: Option<Box<RawValue>>,
    /// `toi`.
    pub toi: Option<Box<RawValue>>,
}

super::json::raw_object! {
    /// A motion, raw.
    struct RawMotion { pivot, linvel, angvel }
}

impl CastFields {
    /// The cast of a `dim`-dimensional case; the error names the offending field.
    pub fn read(&self, dim: u8) -> Result<CastInput, String> {
        let some = |f: &Option<Box<RawValue>>| f.is_some();
        let linear = some(&self.vel_a) || some(&self.vel_b);
        let turning = some(&self.motion_a) || some(&self.motion_b);
        let motion = match (linear, turning) {
            (true, true) => {
                return Err("give vel_a and vel_b or motion_a and motion_b, not both".into());
            }
            (false, false) => {
                return Err(
                    "not a cast: give vel_a and vel_b (a linear cast) or motion_a and \
                            motion_b (a rotating one)"
                        .into(),
                );
            }
            (true, false) => {
                let (a, b) = (given(&self.vel_a, "vel_a")?, given(&self.vel_b, "vel_b")?);
                Motion::Linear {
                    vel_a: vector(a.0, a.1, dim)?,
                    vel_b: vector(b.0, b.1, dim)?,
                }
            }
            (false, true) => {
                let a = given(&self.motion_a, "motion_a")?;
                let b = given(&self.motion_b, "motion_b")?;
                Motion::Rotating {
                    a: turn(a.0, a.1, dim)?,
                    b: turn(b.0, b.1, dim)?,
                }
            }
        };
        let rotating = matches!(motion, Motion::Rotating { .. });
        let max_toi = self.max_toi.as_deref().ok_or("missing \"max_toi\"")?;
        let max_toi = match max_toi
            .get()
            .trim_matches('"')
            .to_ascii_lowercase()
            .as_str()
        {
            "inf" | "infinity" if max_toi.get().starts_with('"') => f64::INFINITY,
            _ => number(max_toi, "max_toi")?,
        };
        if max_toi < 0.0 {
            return Err(format!("max_toi must not be negative, found {max_toi}"));
        }
        if rotating && max_toi.is_infinite() {
            return Err("max_toi must be finite for a rotating cast".into());
        }
        if rotating {
            at_most_max(max_toi, "max_toi")?;
        }
        let target_distance = match &self.target_distance {
            Some(d) => number(d, "target_distance")?,
            None => 0.0,
        };
        if target_distance < 0.0 {
            return Err(format!(
                "target_distance must not be negative, found {target_distance}"
            ));
        }
        at_most_max(target_distance, "target_distance")?;
        let recorded = match self.toi.as_deref() {
            None => None,
            Some(t) if t.get() == r#""none""# => Some(None),
            Some(t) => {
                let t = number(t, "toi").map_err(|e| format!("{e} or \"none\""))?;
                if t < 0.0 {
                    return Err(format!("toi must not be negative, found {t}"));
                }
                Some(Some(t))
            }
        };
        Ok(CastInput {
            motion,
            max_toi,
            target_distance,
            recorded,
        })
    }

    /// The fields as written, as `,"key":value` pairs for a request line (`toi` left out).
    pub fn request(&self) -> String {
        let fields = [
            ("vel_a", &self.vel_a),
            ("vel_b", &self.vel_b),
            ("motion_a", &self.motion_a),
            ("motion_b", &self.motion_b),
            ("max_toi", &self.max_toi),
            ("target_distance", &self.target_distance),
        ];
        fields
            .iter()
            .filter_map(|(key, value)| value.as_ref().map(|v| format!(r#","{key}":{}"#, v.get())))
            .collect()
    }
}

/// A field that must be there.
fn given<'a>(
    field: &'a Option<Box<RawValue>>,
    key: &'a str,
) -> Result<(&'a RawValue, &'a str), String> {
    field
        .as_deref()
        .map(|v| (v, key))
        .ok_or_else(|| format!("missing \"{key}\""))
}

/// A number zero or within the magnitudes sat-core's casts take.
fn magnitude(x: f64, what: &str) -> Result<f64, String> {
    let (min, max) = (f64::from(MIN_MAGNITUDE), f64::from(MAX_MAGNITUDE));
    if x.abs() > max {
        return Err(format!(
            "{what} = {x:e} is above the supported magnitude {max:e}"
        ));
    }
    if x != 0.0 && x.abs() < min {
        return Err(format!(
            "{what} = {x:e} is below the supported magnitude {min:e} (use 0)"
        ));
    }
    Ok(x)
}

/// A time or distance as sat-core's casts take it: at most the largest magnitude, and any
/// small value (subnormal ones too) as long as f32 does not round it to zero.
fn at_most_max(x: f64, what: &str) -> Result<f64, String> {
    let max = f64::from(MAX_MAGNITUDE);
    if x.abs() > max {
        return Err(format!(
            "{what} = {x:e} is above the supported magnitude {max:e}"
        ));
    }
    if x != 0.0 && x as f32 == 0.0 {
        return Err(format!("{what} = {x:e} rounds to 0 in f32 (use 0)"));
    }
    Ok(x)
}

/// A vector of `dim` numbers, widened to three.
fn vector(value: &RawValue, what: &str, dim: u8) -> Result<[f64; 3], String> {
    let mut out = [0.0; 3];
    let items: Vec<&RawValue> = if dim == 2 {
        array::<2>(value, what, 2)?.to_vec()
    } else {
        array::<3>(value, what, 3)?.to_vec()
    };
    for (k, item) in items.into_iter().enumerate() {
        let what = format!("{what}[{k}]");
        out[k] = magnitude(number(item, &what)?, &what)?;
    }
    Ok(out)
}

/// A motion object.
fn turn(value: &RawValue, what: &str, dim: u8) -> Result<Turn, String> {
    let text = value.get();
    if !text.starts_with('{') {
        return Err(format!(
            "{what}: expected an object {{\"pivot\", \"linvel\", \"angvel\"}}, found {}",
            kind_of(text)
        ));
    }
    let raw: RawMotion = serde_json::from_str(text)
        .map_err(|e| format!("{what}: {}", super::json::json_reason(&e, false)))?;
    let missing = |key: &str| format!("{what}: missing \"{key}\"");
    let angvel = raw.angvel.ok_or_else(|| missing("angvel"))?;
    let angvel = if dim == 2 {
        let what = format!("{what}.angvel");
        [0.0, 0.0, magnitude(number(angvel, &what)?, &what)?]
    } else {
        vector(angvel, &format!("{what}.angvel"), 3)?
    };
    Ok(Turn {
        pivot: vector(
            raw.pivot.ok_or_else(|| missing("pivot"))?,
            &format!("{what}.pivot"),
            dim,
        )?,
        linvel: vector(
            raw.linvel.ok_or_else(|| missing("linvel"))?,
            &format!("{what}.linvel"),
            dim,
        )?,
        angvel,
    })
}
