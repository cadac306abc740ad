//! The casts in f64 (`DObb2`, `DObb3`): the sources of `single.rs` compiled with the items of
//! f64's precision module (`crate::double`); the advancing runs on the boxes themselves.

// The items of f64's precision module that the cast sources use, and its boxes.
use crate::double::{
    CAST_PAD_K, CAST_STOP_K, DObb2 as Obb2, DObb3 as Obb3, EPS, FrameMat3, FrameVec3, Real,
    UNDERFLOW_FLOOR, UNDERFLOW_SCALE, Vec2, Vec3, Vec4, sqrt,
};

#[cfg(feature = "exact")]
use super::certified::{certify2_f64 as certify2, certify3_f64 as certify3};

/// The stop slack of the advancing per unit of `S'`: `CAST_STOP_K_F64·ε₆₄`.
const STOP_PER_SCALE: f64 = CAST_STOP_K * EPS;

/// A box's stored numbers as the cast computes with them.
type Parts3 = super::Parts3<FrameVec3, FrameMat3, Real>;

/// [`Parts3`] through the box's accessors (exact: the stored f64 numbers).
#[inline(always)]
fn parts3(obb: &Obb3) -> Parts3 {
    Parts3 {
        center: obb.center(),
        half: obb.half_extents(),
        rows: obb.axes().transpose(),
        extent_norm: obb.extent_norm,
    }
}

/// `obb` moved by `offset`.
#[inline(always)]
fn translated3(obb: &Obb3, offset: Vec3) -> Obb3 {
    Obb3::from_axes(obb.center() + offset, obb.half_extents(), obb.axes())
}

/// [`translated3`] in 2D.
#[inline(always)]
fn translated2(obb: &Obb2, offset: Vec2) -> Obb2 {
    Obb2 {
        center: obb.center + offset,
        ..*obb
    }
}

/// The advancing's box: the box itself (its columns are orthonormal to f64 precision).
#[inline(always)]
fn wide3(obb: &Obb3) -> Obb3 {
    *obb
}

/// [`wide3`] in 2D.
#[inline(always)]
fn wide2(obb: &Obb2) -> Obb2 {
    *obb
}

/// The identity: the advancing's numbers are already in this precision.
#[inline(always)]
fn narrow3(x: Vec3) -> Vec3 {
    x
}

/// [`narrow3`] in 2D.
#[inline(always)]
fn narrow2(x: Vec2) -> Vec2 {
    x
}

// The conversions between the stored types and f64 are the identity in this precision.
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "three.rs"]
mod three;
#[allow(clippy::duplicate_mod, clippy::useless_conversion)]
#[path = "two.rs"]
mod two;
