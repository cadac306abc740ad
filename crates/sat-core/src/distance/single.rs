//! The distance queries in f32 (`Obb2`, `Obb3`): the shared sources `reply.rs`, `two.rs` and
//! `three.rs` compiled with glam's f32 types and the f32 constants. `double.rs` compiles them in
//! f64.

use glam::{BVec2, Mat3A, Vec2, Vec3, Vec3A, Vec4};

use super::{
    AMBIGUITY_K, CLIP_SLACK, ClosestPoints, FAST_K, SMALL_SCALE, WALK_STEPS, clip, unit_of,
};
use crate::single::sat3;
use crate::tolerance::{EPS, PAD_K, PARALLEL_CUTOFF, UNDERFLOW_FLOOR, sqrt};
use crate::{Obb2, Obb3};
use reply::{Point, Reply, Signs, flip, sign_of, square};
use three::Parts3;

/// The stored scalar.
type Real = f32;

/// A parameter of the f64 clip, rounded to the stored precision.
#[inline(always)]
fn narrow(x: f64) -> Real {
    x as f32
}

/// The stored centre, half-extents, columns and rows (the columns transposed) of `obb`.
#[inline(always)]
fn parts3(obb: &Obb3) -> Parts3 {
    Parts3 {
        center: obb.center,
        half: obb.half_extents,
        cols: obb.cols,
        rows: obb.rows,
    }
}

#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "reply.rs"]
mod reply;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "three.rs"]
mod three;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "two.rs"]
mod two;
