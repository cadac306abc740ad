//! The casts in f32 (`Obb2`, `Obb3`): the shared sources `two.rs` and `three.rs` compiled with
//! the f32 boxes and the items of f32's precision module (`crate::single`, see the crate's
//! `precision.rs`), which they import from here by name; the advancing runs on the f64 boxes of
//! their polar factors (`wide3`, `wide2`). `double.rs` compiles the same sources in f64.

use glam::{DMat2, DVec2, DVec3};

// The items of f32's precision module that the cast sources use, and its boxes.
use crate::single::{
    CAST_PAD_K, CAST_STOP_K, EPS, FrameMat3, FrameVec3, Obb2, Obb3, Real, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE, Vec2, Vec3, Vec4, sqrt,
};

use crate::precision::ToF64;
use crate::written::{GivenColumns, enclosing_half_extents};
use crate::{DObb2, DObb3};

#[cfg(feature = "exact")]
use super::certified::{certify2, certify3};

/// The stop slack of the advancing per unit of `S'`: `CAST_STOP_K·ε` in f32's `ε`.
const STOP_PER_SCALE: f64 = CAST_STOP_K as f64 * EPS as f64;

/// A box's stored numbers as the cast computes with them.
type Parts3 = super::Parts3<FrameVec3, FrameMat3, Real>;

#[inline(always)]
fn parts3(obb: &Obb3) -> Parts3 {
    Parts3 {
        center: obb.center,
        half: obb.half_extents,
        rows: obb.rows,
        extent_norm: obb.extent_norm,
    }
}

/// `obb` moved by `offset`.
#[inline(always)]
fn translated3(obb: &Obb3, offset: Vec3) -> Obb3 {
    Obb3 {
        center: obb.center + FrameVec3::from(offset),
        ..*obb
    }
}

/// [`translated3`] in 2D.
#[inline(always)]
fn translated2(obb: &Obb2, offset: Vec2) -> Obb2 {
    Obb2 {
        center: obb.center + offset,
        ..*obb
    }
}

/// The f64 box of the polar factor `U` of the stored columns `G = U·H` with the smallest
/// half-extents along `U` that contain the stored parallelepiped (as `DObb3::try_from_axes`
/// builds a box for leaning columns, [`tolerance`](crate::tolerance), "Boxes as written"): the
/// advancing's box, orthonormal to f64 precision, containing the stored one.
fn wide3(obb: &Obb3) -> DObb3 {
    let g = obb.axes().to_f64();
    let (u, spread) = g.stored_axes();
    let rows = spread.map(|h| h.transpose().to_cols_array_2d());
    let half =
        enclosing_half_extents::<f64, 3>(obb.half_extents().to_f64().to_array(), rows, [0.0; 3]);
    DObb3::from_axes(obb.center().to_f64(), DVec3::from_array(half), u)
}

/// [`wide3`] in 2D.
fn wide2(obb: &Obb2) -> DObb2 {
    let g: DMat2 = obb.axes().to_f64();
    let (u, spread) = g.stored_axes();
    let rows = spread.map(|h| h.transpose().to_cols_array_2d());
    let half =
        enclosing_half_extents::<f64, 2>(obb.half_extents().to_f64().to_array(), rows, [0.0; 2]);
    DObb2::from_axes(obb.center().to_f64(), DVec2::from_array(half), u)
}

/// An f64 point or direction in the stored precision (rounded to nearest).
#[inline(always)]
fn narrow3(x: DVec3) -> Vec3 {
    x.as_vec3()
}

/// [`narrow3`] in 2D.
#[inline(always)]
fn narrow2(x: DVec2) -> Vec2 {
    x.as_vec2()
}

#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "three.rs"]
mod three;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "two.rs"]
mod two;
