//! What sat-core and the exact oracle store for a pair as written: its f32 boxes
//! ([`SinglePair`]), its f64 boxes ([`DoublePair`]) and its exact boxes ([`ExactPair`]).
//!
//! **f32** (`Obb2`, `Obb3`). Every number is handed to sat-core's enclosing constructors
//! (`Obb3::try_enclosing`, `try_enclosing_axes`, `Obb2::try_enclosing`, `try_enclosing_degrees`,
//! `try_enclosing_axes`) as written, so the stored boxes contain the boxes as written: half-extents
//! rounded up, angles reduced and quaternions turned into axes in f64, columns orthonormal only
//! within the tolerance enclosed (sat-core's `tolerance`, "Boxes as written").
//!
//! Centres: [`SinglePair::moved`] moves the pair so that A's centre is at the origin and B's at
//! the f64 difference of the centres, rounded once to f32. A translation changes no verdict, and
//! that rounding is the one sat-core's own `c_B − c_A` makes, which its bound covers
//! (`|t̃ − t| ≤ u·|t|`). For centres that are f32 values this is exactly the offset sat-core
//! computes anyway; for centres with more digits than f32 holds (`1000000.1`) it keeps the offset
//! within one f32 rounding of the offset itself, where rounding each centre would move B by up to
//! an ulp of the coordinates, far more than sat-core's band for small boxes far from the origin.
//! (If the moved pair is out of sat-core's range, the pair as written is used: sat-core then
//! grows each box by its centre's rounding.) [`SinglePair::placed`] keeps the boxes where they
//! are written whenever f32 holds every centre coordinate (as in generated cases and most of the
//! corpus), and moves them only otherwise.
//!
//! **f64** (`DObb2`, `DObb3`): the numbers exactly as written, none rounded, centres where they
//! are (f64 holds a millimetre at 10⁹ m). sat-core's f64 constructors take axis columns
//! orthonormal within [`AXES_TOLERANCE_F64`](sat_core::tolerance::AXES_TOLERANCE_F64) (`2⁻⁴⁶`);
//! columns that lean more — up to the f32 tolerance `1e-6` the case format accepts, the columns
//! of f32 data — are not f64 input ([`DoublePair::two`] and [`DoublePair::three`] give `None`).
//!
//! **Exact**: the numbers exactly as written, nothing rounded to f32 and nothing moved.
//!
//! * Centres and half-extents: the f64 values of the JSON text.
//! * `"quat"`: the rotation `R(q)/|q|²` of the written `q`, which is exactly orthogonal for any
//!   non-zero `q` (no normalisation, no rounding).
//! * `"axes"`: the written columns taken exactly (a parallelogram or parallelepiped if they are
//!   not exactly orthonormal; the case format accepts columns orthonormal within 1e-6).
//! * `"angle"` (radians) and `"degrees"` are not rational, so they cannot be taken exactly.
//!   They become the columns `(c, s)` and `(−s, c)` with `c, s` the cosine and sine of the
//!   written f64 angle computed in f64 by the `libm` crate (the same on every platform), and
//!   those columns are then taken exactly: a rectangle rotated by within an ulp of the angle and
//!   scaled by `√(c² + s²)`, which is 1 within 2⁻⁵². Degrees are first reduced modulo 360
//!   (exactly); exact multiples of 90° give the exact columns `(±1, 0)`, `(0, ±1)`. This is the
//!   computation sat-core performs on the f32-rounded angle, here on the angle as written.

use glam::{DVec2, DVec3};
use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use sat_core::{DObb2, DObb3, Feature, Obb2, Obb3, ObbError, Separation};
use sat_oracle::case_box::{Box2, Box3, Rotation2, Rotation3};

use super::written::{WrittenPair, center2, center3};

/// A pair of sat-core's f32 boxes of one dimension, built by the checked constructors.
///
/// ```
/// use obbsat::{SinglePair, WrittenCase};
///
/// // More digits than f32 holds: 1000000.1 and 1000002.101 round to 1000000.125 and 1000002.125.
/// let line = r#"{"dim": 3,
///     "a": {"center": [1000000.1, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]},
///     "b": {"center": [1000002.101, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}"#;
/// let case = WrittenCase::parse(line).map_err(|e| e.reason)?;
/// let moved = SinglePair::moved(&case.pair)?;
/// assert!(!moved.verdict().intersects); // apart by 0.001, as written
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SinglePair {
    /// `dim: 2`.
    Two(Obb2, Obb2),
    /// `dim: 3`.
    Three(Obb3, Obb3),
}

/// What sat-core's f32 test says about a pair: the verdict of `intersects`, and the signed gap
/// and feature of `separation`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SingleVerdict {
    /// `a.intersects(&b)`.
    pub intersects: bool,
    /// `a.separation(&b).gap`: positive apart, negative penetration depth.
    pub margin: f32,
    /// `a.separation(&b).feature`.
    pub feature: Feature,
}

impl SinglePair {
    /// The pair moved so that A's centre is the origin (see the module docs); the pair as written
    /// when the moved one is out of sat-core's range.
    pub fn moved(pair: &WrittenPair) -> Result<SinglePair, ObbError> {
        Ok(match pair {
            WrittenPair::Two(a, b) => {
                let (a, b) = moved2(a, b).map_or_else(|| literal2(a, b), Ok)?;
                SinglePair::Two(a, b)
            }
            WrittenPair::Three(a, b) => {
                let (a, b) = moved3(a, b).map_or_else(|| literal3(a, b), Ok)?;
                SinglePair::Three(a, b)
            }
        })
    }

    /// The pair where it is written when every centre coordinate is an f32 value (sat-core's own
    /// `c_B − c_A` then is the moved offset), else [moved](SinglePair::moved).
    pub fn placed(pair: &WrittenPair) -> Result<SinglePair, ObbError> {
        Ok(match pair {
            WrittenPair::Two(a, b) => {
                let (a, b) = placed2(a, b)?;
                SinglePair::Two(a, b)
            }
            WrittenPair::Three(a, b) => {
                let (a, b) = placed3(a, b)?;
                SinglePair::Three(a, b)
            }
        })
    }

    /// Runs sat-core on the pair.
    pub fn verdict(&self) -> SingleVerdict {
        match self {
            SinglePair::Two(a, b) => SingleVerdict::of(a.intersects(b), a.separation(b)),
            SinglePair::Three(a, b) => SingleVerdict::of(a.intersects(b), a.separation(b)),
        }
    }
}

impl SingleVerdict {
    fn of<V>(intersects: bool, separation: Separation<V, f32>) -> SingleVerdict {
        SingleVerdict {
            intersects,
            margin: separation.gap,
            feature: separation.feature,
        }
    }
}

/// A written 2D pair as [`SinglePair::placed`] builds it.
pub fn placed2(a: &Box2, b: &Box2) -> Result<(Obb2, Obb2), ObbError> {
    let literal = literal2(a, b)?;
    let moved = (!f32_values(&[a.center, b.center].concat())).then(|| moved2(a, b));
    Ok(moved.flatten().unwrap_or(literal))
}

/// The 3D twin of [`placed2`].
pub fn placed3(a: &Box3, b: &Box3) -> Result<(Obb3, Obb3), ObbError> {
    let literal = literal3(a, b)?;
    let moved = (!f32_values(&[a.center, b.center].concat())).then(|| moved3(a, b));
    Ok(moved.flatten().unwrap_or(literal))
}

/// Both boxes where they are written.
fn literal2(a: &Box2, b: &Box2) -> Result<(Obb2, Obb2), ObbError> {
    Ok((a.obb(center2(a))?, b.obb(center2(b))?))
}

/// The 3D twin of [`literal2`].
fn literal3(a: &Box3, b: &Box3) -> Result<(Obb3, Obb3), ObbError> {
    Ok((a.obb(center3(a))?, b.obb(center3(b))?))
}

/// Whether every number is an f32 value.
fn f32_values(numbers: &[f64]) -> bool {
    numbers.iter().all(|&c| f64::from(c as f32) == c)
}

/// The 2D pair moved so that A's centre is the origin and B's at the f64 offset of the centres
/// rounded once to f32; `None` when that is out of sat-core's range.
fn moved2(a: &Box2, b: &Box2) -> Option<(Obb2, Obb2)> {
    let offset = (center2(b) - center2(a)).as_vec2().as_dvec2();
    Some((a.obb(DVec2::ZERO).ok()?, b.obb(offset).ok()?))
}

/// The 3D twin of [`moved2`].
fn moved3(a: &Box3, b: &Box3) -> Option<(Obb3, Obb3)> {
    let offset = (center3(b) - center3(a)).as_vec3().as_dvec3();
    Some((a.obb(DVec3::ZERO).ok()?, b.obb(offset).ok()?))
}

/// A pair of sat-core's f64 boxes, and whether either is given by axis columns.
// One per case, built once: the 3D variant's size is not worth a heap allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DoublePair {
    /// `dim: 2`.
    Two(DObb2, DObb2, bool),
    /// `dim: 3`.
    Three(DObb3, DObb3, bool),
}

/// What sat-core's f64 test says: the verdict, and `separation`'s gap and feature.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoubleVerdict {
    /// `a.intersects(&b)`.
    pub intersects: bool,
    /// `a.separation(&b).gap`.
    pub margin: f64,
    /// `a.separation(&b).feature`.
    pub feature: Feature,
}

/// `$body` on the two boxes `$a`, `$b` of a [`DoublePair`], whichever its dimension.
macro_rules! on_boxes {
    ($pair:expr, |$a:ident, $b:ident| $body:expr) => {
        match $pair {
            DoublePair::Two($a, $b, _) => $body,
            DoublePair::Three($a, $b, _) => $body,
        }
    };
}

impl DoublePair {
    /// The f64 boxes of a written pair, `None` when a box's columns are not f64 input.
    pub fn of(pair: &WrittenPair) -> Option<DoublePair> {
        match pair {
            WrittenPair::Two(a, b) => DoublePair::two(a, b),
            WrittenPair::Three(a, b) => DoublePair::three(a, b),
        }
    }

    /// The f64 boxes of a written 2D pair, `None` when a box's columns are not f64 input.
    pub fn two(a: &Box2, b: &Box2) -> Option<DoublePair> {
        let axes = [a, b].map(|w| matches!(w.rotation, Rotation2::Axes(_))) != [false; 2];
        Some(DoublePair::Two(a.dobb().ok()?, b.dobb().ok()?, axes))
    }

    /// The 3D twin of [`DoublePair::two`].
    pub fn three(a: &Box3, b: &Box3) -> Option<DoublePair> {
        let axes = [a, b].map(|w| matches!(w.rotation, Rotation3::Axes(_))) != [false; 2];
        Some(DoublePair::Three(a.dobb().ok()?, b.dobb().ok()?, axes))
    }

    /// Whether a box is given by axis columns (orthonormal only within `2⁻⁴⁶`), which widens
    /// the f64 test's band (`AXES_BAND_K_F64`).
    pub fn axes(&self) -> bool {
        matches!(
            self,
            DoublePair::Two(.., true) | DoublePair::Three(.., true)
        )
    }

    /// sat-core's f64 verdict alone.
    pub fn intersects(&self) -> bool {
        on_boxes!(self, |a, b| a.intersects(b))
    }

    /// Runs sat-core's f64 test on the pair.
    pub fn verdict(&self) -> DoubleVerdict {
        on_boxes!(self, |a, b| {
            let s = a.separation(b);
            DoubleVerdict {
                intersects: a.intersects(b),
                margin: s.gap,
                feature: s.feature,
            }
        })
    }
}

/// A pair of the exact oracle's boxes (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExactPair {
    /// `dim: 2`.
    Two(ExactBox2, ExactBox2),
    /// `dim: 3`.
    Three(ExactBox3, ExactBox3),
}

impl ExactPair {
    /// The exact boxes of a written pair.
    pub fn of(pair: &WrittenPair) -> ExactPair {
        match pair {
            WrittenPair::Two(a, b) => ExactPair::Two(a.exact(), b.exact()),
            WrittenPair::Three(a, b) => ExactPair::Three(a.exact(), b.exact()),
        }
    }

    /// The exact verdict, margin and axis (`sat_core::exact::verdict2`/`verdict3`).
    pub fn verdict(&self) -> ExactVerdict {
        match self {
            ExactPair::Two(a, b) => verdict2(a, b),
            ExactPair::Three(a, b) => verdict3(a, b),
        }
    }

    /// The certified verdict (`ExactBox2/ExactBox3::intersects_certified`): exact, decided by the
    /// f32 fast path where it can prove separation and in exact integers otherwise.
    pub fn intersects_certified(&self) -> bool {
        match self {
            ExactPair::Two(a, b) => a.intersects_certified(b),
            ExactPair::Three(a, b) => a.intersects_certified(b),
        }
    }
}
