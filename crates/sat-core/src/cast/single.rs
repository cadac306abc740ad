//! The casts in f32 (`Obb2`, `Obb3`): the shared sources `two.rs` and `three.rs` compiled with
//! glam's f32 types and the f32 constants; the advancing runs on the f64 boxes of their polar
//! factors (`wide3`, `wide2`). `double.rs` compiles the same sources in f64.

use glam::{DMat2, DVec2, DVec3, Mat3A, Vec2, Vec3, Vec3A, Vec4};

use crate::precision::Widen;
use crate::tolerance::{
    CAST_PAD_K, CAST_STOP_K, EPS, GivenColumns, UNDERFLOW_FLOOR, UNDERFLOW_SCALE,
    enclosing_half_extents, sqrt,
};
use crate::{DObb2, DObb3, Obb2, Obb3};

#[cfg(feature = "exact")]
use super::certified::{certify2, certify3};

/// The stored scalar.
type Real = f32;

/// The stop slack of the advancing per unit of `S'`: `CAST_STOP_K·ε` in f32's `ε`.
const STOP_PER_SCALE: f64 = CAST_STOP_K as f64 * EPS as f64;

/// A box's stored numbers as the cast computes with them.
struct Parts3 {
    center: Vec3A,
    half: Vec3A,
    rows: Mat3A,
    extent_norm: Real,
}

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
        center: obb.center + Vec3A::from(offset),
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
    let g = obb.axes().wide();
    let (u, spread) = g.stored_axes();
    let rows = spread.map(|h| h.transpose().to_cols_array_2d());
    let half =
        enclosing_half_extents::<f64, 3>(obb.half_extents().wide().to_array(), rows, [0.0; 3]);
    DObb3::from_axes(obb.center().wide(), DVec3::from_array(half), u)
}

/// [`wide3`] in 2D.
fn wide2(obb: &Obb2) -> DObb2 {
    let g: DMat2 = obb.axes().wide();
    let (u, spread) = g.stored_axes();
    let rows = spread.map(|h| h.transpose().to_cols_array_2d());
    let half =
        enclosing_half_extents::<f64, 2>(obb.half_extents().wide().to_array(), rows, [0.0; 2]);
    DObb2::from_axes(obb.center().wide(), DVec2::from_array(half), u)
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
