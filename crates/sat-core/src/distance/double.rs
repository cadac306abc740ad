//! The distance queries in f64 (`DObb2`, `DObb3`): the sources of `single.rs` compiled with the
//! f64 boxes and the items of f64's precision module (`crate::double`: glam's f64 types and the
//! f64 constants, "Double precision" in [`super`]), which they import from here by name.

// The items of f64's precision module that the distance sources use, its boxes and their test.
use crate::double::{
    AMBIGUITY_K, CLIP_SLACK, DObb2 as Obb2, DObb3 as Obb3, EPS, FAST_K, FrameMat3, FrameVec3,
    PAD_K, PARALLEL_CUTOFF, Real, SMALL_SCALE, UNDERFLOW_FLOOR, Vec2, Vec3, Vec4, sat3, sqrt,
    unit_of,
};

use super::Parts3;

/// The stored centre, half-extents, columns and rows (the columns transposed) of `obb`, through
/// its accessors (exact: the stored f64 numbers).
#[inline(always)]
fn parts3(obb: &Obb3) -> Parts3<FrameVec3, FrameMat3> {
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
