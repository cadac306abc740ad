//! A fuzz target's input as a case line: the bytes decoded exactly as the target decodes them
//! (`sat_oracle::check`), written with every number exactly (f32 values as the f64 they are).
//! The cast targets (`cast2`, `cast3`, `cast3_nonlinear`) give cast lines ([`super::cast`]):
//! the boxes at time 0 and `vel_a`, `vel_b` or `motion_a`, `motion_b`, `max_toi`
//! (`"inf"` for `+∞`) and `target_distance`; the targets whose inputs are a pair of boxes give
//! the pair (`sat_oracle::check::Target::case_line`).

use sat_oracle::check::{CastCase2, CastCase3, MotionInput3, NonlinearCase3, decode, target};
use serde_json::{Value, json};

/// The case line of one input of the fuzz target `name`, with `id`; `None` for a target whose
/// inputs are not a pair of boxes (or an unknown one).
pub fn fuzz_case_line(name: &str, bytes: &[u8], id: &str) -> Option<String> {
    let (pair, fields) = match name {
        "cast2" => {
            let case: CastCase2 = decode(bytes);
            let fields = json!({
                "vel_a": exact(&case.va), "vel_b": exact(&case.vb),
                "max_toi": time(case.max_toi),
                "target_distance": f64::from(case.target_distance),
            });
            (case.pair.case_line(), fields)
        }
        "cast3" => {
            let case: CastCase3 = decode(bytes);
            let fields = json!({
                "vel_a": exact(&case.va), "vel_b": exact(&case.vb),
                "max_toi": time(case.max_toi),
                "target_distance": f64::from(case.target_distance),
            });
            (case.pair.case_line(), fields)
        }
        "cast3_nonlinear" => {
            let case: NonlinearCase3 = decode(bytes);
            let motion = |m: &MotionInput3| json!({"pivot": exact(&m.pivot), "linvel": exact(&m.linvel), "angvel": exact(&m.angvel)});
            let fields = json!({
                "motion_a": motion(&case.motion_a), "motion_b": motion(&case.motion_b),
                "max_toi": time(case.max_toi),
                "target_distance": f64::from(case.target_distance),
            });
            (case.pair.case_line(), fields)
        }
        _ => ((target(name)?.case_line?)(bytes), json!({})),
    };
    let mut line = serde_json::to_value(&pair).ok()?;
    let map = line.as_object_mut()?;
    map.insert("id".into(), Value::String(id.to_owned()));
    if let Value::Object(extra) = fields {
        map.extend(extra);
    }
    Some(line.to_string())
}

/// f32 numbers as the f64 values they are.
fn exact(v: &[f32]) -> Vec<f64> {
    v.iter().map(|&x| f64::from(x)).collect()
}

/// A time: `"inf"` for `+∞` (JSON has no infinity).
fn time(t: f32) -> Value {
    if t.is_finite() {
        json!(f64::from(t))
    } else {
        json!("inf")
    }
}
