//! The boxes the exact engines see: the numbers exactly as written, nothing rounded to f32 and
//! nothing moved.
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

use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};

use crate::case_boxes::{Box2, Box3};

/// A pair of boxes for the exact engines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExactPair {
    /// `dim: 2`.
    Two(ExactBox2, ExactBox2),
    /// `dim: 3`.
    Three(ExactBox3, ExactBox3),
}

impl ExactPair {
    /// The exact boxes of a written 2D pair.
    pub fn two(a: &Box2, b: &Box2) -> ExactPair {
        ExactPair::Two(exact2(a), exact2(b))
    }

    /// The exact boxes of a written 3D pair.
    pub fn three(a: &Box3, b: &Box3) -> ExactPair {
        ExactPair::Three(exact3(a), exact3(b))
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

/// The exact box of a written 2D box (see the module docs).
pub fn exact2(given: &Box2) -> ExactBox2 {
    given.exact()
}

/// The exact box of a written 3D box.
pub fn exact3(given: &Box3) -> ExactBox3 {
    given.exact()
}
