//! The distance queries in f32 (`Obb2`, `Obb3`): the shared sources `reply.rs`, `two.rs` and
//! `three.rs` compiled with the f32 boxes and the items of f32's precision module
//! (`crate::single`, see the crate's `precision.rs`), which they import from here by name.
//! `double.rs` compiles them in f64.

// The items of f32's precision module that the distance sources use, its boxes and their test.
use crate::single::{
    AMBIGUITY_K, CLIP_SLACK, EPS, FAST_K, FrameMat3, FrameVec3, Obb2, Obb3, PAD_K, PARALLEL_CUTOFF,
    Real, SMALL_SCALE, UNDERFLOW_FLOOR, Vec2, Vec3, Vec4, sat3, sqrt, unit_of,
};

use super::Parts3;

/// The stored centre, half-extents, columns and rows (the columns transposed) of `obb`.
#[inline(always)]
fn parts3(obb: &Obb3) -> Parts3<FrameVec3, FrameMat3> {
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
