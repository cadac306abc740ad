//! The boxes the f32 engines see (sat-core, and parry through sat-core's boxes): the written
//! numbers rounded once to f32 and built by sat-core's checked constructors.
//!
//! Every number is handed to sat-core's enclosing constructors (`Obb3::try_enclosing`,
//! `try_enclosing_axes`, `Obb2::try_enclosing`, `try_enclosing_degrees`, `try_enclosing_axes`)
//! as written, so the stored boxes contain the boxes as written: half-extents rounded up, angles
//! reduced and quaternions turned into axes in f64, columns orthonormal only within the
//! tolerance enclosed (sat-core's `tolerance`, "Boxes as written").
//!
//! Centres: once both boxes are valid as written, the pair is moved so that A's centre is at
//! the origin and B's at the f64 difference of the centres, rounded once to f32. A translation
//! changes no verdict, and that rounding is the one sat-core's own `c_B − c_A` makes, which its
//! bound covers (`|t̃ − t| ≤ u·|t|`). For centres that are f32 values this is exactly the offset
//! sat-core computes anyway; for centres with more digits than f32 holds (`1000000.1`) it keeps
//! the offset within one f32 rounding of the offset itself, where rounding each centre would
//! move B by up to an ulp of the coordinates, far more than sat-core's band for small boxes far
//! from the origin. (If the moved pair is out of sat-core's range, the pair as written is used:
//! sat-core then grows each box by its centre's rounding.)
//!
//! parry's engines are tested on the boxes where they are: the pair as written, each centre
//! rounded to f32, whenever that rounding is exact (every centre coordinate an f32 value, as in
//! generated cases and most of the corpus), so that parry's own handling of large coordinates is
//! part of its verdict. Only centres with more digits than f32 holds give parry the moved pair
//! too, so that it is not blamed for the rounding of its input ([`Pair::for_peers`]).
//!

use glam::{DVec2, DVec3};
use sat_core::{Feature, Obb2, Obb3, ObbError};

use crate::case_boxes::{Box2, Box3};

/// A pair of boxes of one dimension, built by the checked sat-core constructors.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pair {
    /// `dim: 2`.
    Two(Obb2, Obb2),
    /// `dim: 3`.
    Three(Obb3, Obb3),
}

/// What sat-core says about a pair: the verdict of `intersects`, and the signed gap and feature
/// of `separation`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    /// `a.intersects(&b)`.
    pub intersects: bool,
    /// `a.separation(&b).gap`: positive apart, negative penetration depth.
    pub margin: f32,
    /// `a.separation(&b).feature`.
    pub feature: Feature,
}

impl Pair {
    /// Runs sat-core on the pair.
    pub fn verdict(&self) -> Verdict {
        match self {
            Pair::Two(a, b) => Verdict::of(a.intersects(b), a.separation(b)),
            Pair::Three(a, b) => Verdict::of(a.intersects(b), a.separation(b)),
        }
    }

    /// The 2D pair moved so that A's centre is the origin (see the module docs); `literal` is
    /// the pair as written, used when the moved one is out of range.
    pub fn two(a: &Box2, b: &Box2, literal: (Obb2, Obb2)) -> Pair {
        let (a, b) = moved2(a, b).unwrap_or(literal);
        Pair::Two(a, b)
    }

    /// The 3D pair moved so that A's centre is the origin (see [`Pair::two`]).
    pub fn three(a: &Box3, b: &Box3, literal: (Obb3, Obb3)) -> Pair {
        let (a, b) = moved3(a, b).unwrap_or(literal);
        Pair::Three(a, b)
    }

    /// A written 2D pair as the case format builds it: sat-core's boxes where written when every
    /// centre coordinate is an f32 value (sat-core's own `c_B − c_A` then is the moved offset),
    /// else moved so that A's centre is the origin.
    pub fn obbs2(a: &Box2, b: &Box2) -> Result<(Obb2, Obb2), ObbError> {
        let literal = (obb2(a, center2(a))?, obb2(b, center2(b))?);
        let moved = (!f32_values(&[a.center, b.center].concat())).then(|| moved2(a, b));
        Ok(moved.flatten().unwrap_or(literal))
    }

    /// The 3D twin of [`Pair::obbs2`].
    pub fn obbs3(a: &Box3, b: &Box3) -> Result<(Obb3, Obb3), ObbError> {
        let literal = (obb3(a, center3(a))?, obb3(b, center3(b))?);
        let moved = (!f32_values(&[a.center, b.center].concat())).then(|| moved3(a, b));
        Ok(moved.flatten().unwrap_or(literal))
    }

    /// The pair for parry's engines (see the module docs): `literal` when every written centre
    /// coordinate is an f32 value, else `moved`.
    pub fn for_peers(centres: &[f64], literal: Pair, moved: Pair) -> Pair {
        if f32_values(centres) { literal } else { moved }
    }
}

impl Verdict {
    fn of<V>(intersects: bool, separation: sat_core::Separation<V, f32>) -> Verdict {
        Verdict {
            intersects,
            margin: separation.gap,
            feature: separation.feature,
        }
    }
}

/// Whether every number is an f32 value.
fn f32_values(numbers: &[f64]) -> bool {
    numbers.iter().all(|&c| f64::from(c as f32) == c)
}

/// The 2D pair moved so that A's centre is the origin and B's at the f64 offset of the centres
/// rounded once to f32; `None` when that is out of sat-core's range.
fn moved2(a: &Box2, b: &Box2) -> Option<(Obb2, Obb2)> {
    let offset = (center2(b) - center2(a)).as_vec2().as_dvec2();
    Some((obb2(a, DVec2::ZERO).ok()?, obb2(b, offset).ok()?))
}

/// The 3D twin of [`moved2`].
fn moved3(a: &Box3, b: &Box3) -> Option<(Obb3, Obb3)> {
    let offset = (center3(b) - center3(a)).as_vec3().as_dvec3();
    Some((obb3(a, DVec3::ZERO).ok()?, obb3(b, offset).ok()?))
}

/// The box with its centre at `center`, built from the numbers as written (f64) by sat-core's
/// checked f64 constructors: the stored box contains the written one (sat-core's `tolerance`,
/// "Boxes as written").
pub fn obb2(given: &Box2, center: DVec2) -> Result<Obb2, ObbError> {
    given.obb(center)
}

/// The 3D twin of [`obb2`].
pub fn obb3(given: &Box3, center: DVec3) -> Result<Obb3, ObbError> {
    given.obb(center)
}

/// The written centre of a box.
pub fn center2(given: &Box2) -> DVec2 {
    DVec2::from_array(given.center)
}

/// The written centre of a box.
pub fn center3(given: &Box3) -> DVec3 {
    DVec3::from_array(given.center)
}
