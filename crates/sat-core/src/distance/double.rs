//! The distance queries in f64 (`DObb2`, `DObb3`): the sources of `single.rs` compiled with
//! glam's f64 types and the f64 constants ("Double precision" in [`super`]).

use glam::{BVec2, DMat3 as Mat3A, DVec2 as Vec2, DVec3 as Vec3, DVec3 as Vec3A, DVec4 as Vec4};

use super::{
    AMBIGUITY_K as AMBIGUITY_K_F32, CLIP_SLACK_F64 as CLIP_SLACK, ClosestPoints,
    FAST_K_F64 as FAST_K, WALK_STEPS, clip,
};
use crate::double::sat3;
use crate::tolerance::{
    EPS_F64 as EPS, PAD_K_F64 as PAD_K, PARALLEL_CUTOFF_F64 as PARALLEL_CUTOFF,
    UNDERFLOW_FLOOR_F64 as UNDERFLOW_FLOOR, sqrt_f64 as sqrt,
};
use crate::{DObb2 as Obb2, DObb3 as Obb3};
use reply::{Point, Reply, Signs, flip, sign_of, square};
use three::Parts3;

/// The stored scalar.
type Real = f64;

/// [`AMBIGUITY_K`](super::AMBIGUITY_K) in units of the f64 `ε`: the rounding of a two-term sum
/// is the same multiple of its own `ε` in either precision.
const AMBIGUITY_K: f64 = AMBIGUITY_K_F32 as f64;

/// No f64 pair is small: a squared distance below f64's normal range (`2⁻¹⁰²²`) belongs to a
/// distance below `2⁻⁵¹¹`, far below `ε₆₄·S` for any accepted pair that is not a point, so
/// lengths are always measured in units of 1 ([`unit_of`]).
const SMALL_SCALE: f64 = 0.0;

/// The unit lengths are measured in: 1 for every f64 pair (see [`SMALL_SCALE`]).
#[inline(always)]
fn unit_of(_scale: f64) -> (f64, f64) {
    (1.0, 1.0)
}

/// A parameter of the f64 clip: already in the stored precision.
#[inline(always)]
fn narrow(x: f64) -> Real {
    x
}

/// The stored centre, half-extents, columns and rows (the columns transposed) of `obb`, through
/// its accessors (exact: the stored f64 numbers).
#[inline(always)]
fn parts3(obb: &Obb3) -> Parts3 {
    let cols = obb.axes();
    Parts3 {
        center: obb.center(),
        half: obb.half_extents(),
        cols,
        rows: cols.transpose(),
    }
}

// The conversions between the stored types and f64 are the identity in this precision.
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "reply.rs"]
mod reply;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "three.rs"]
mod three;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "two.rs"]
mod two;
