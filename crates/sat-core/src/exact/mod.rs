//! Exact separating-axis verdicts for oriented boxes given in `f64`, their exact times of impact
//! ([`toi3`], [`toi2`], and distances of moving boxes, [`swept_distance_squared3`]), and their
//! exact distances
//! ([`distance3`], [`distance2`], exact where the columns are exactly orthogonal, a certified
//! interval otherwise).
//!
//! # The boxes
//!
//! A box is the closed set `{c + Σ_i λ_i e_i g_i : |λ_i| ≤ 1}`: centre `c`, half-extents
//! `e_i ≥ 0` and columns `g_i` taken *exactly* as given. Columns need not be orthonormal (the
//! box is then a parallelogram or parallelepiped); a quaternion `q` gives the columns of
//! `R(q)/|q|²`, which is exactly orthogonal as a rational matrix for any non-zero `q`.
//!
//! # The verdict
//!
//! Candidate axes (zero vectors skipped):
//!
//! * 2D: face normal `i` of each box is the perpendicular of its *other* column (so it is
//!   parallel to `g_i` for a rectangle): 4 axes.
//! * 3D: face normal `i` of each box is `g_j × g_k` (`(i, j, k)` cyclic), then the nine edge
//!   axes `g_Ai × g_Bj`: 15 axes.
//!
//! Along `L`, with `t = c_B − c_A`, the signed gap is
//! `(|t·L| − Σ_i e_Ai |g_Ai·L| − Σ_j e_Bj |g_Bj·L|) / |L|`. Its numerator is computed exactly;
//! the boxes intersect (touching counts) iff no numerator is positive. For linearly independent
//! columns (every box built from a quaternion or from orthonormal axes) the candidate set is
//! complete, so the verdict is the exact answer for the boxes; with dependent columns it is the
//! verdict over the remaining candidate axes.
//!
//! The margin is the largest gap, rounded to `f64` within one ulp with its sign kept exactly
//! (a non-zero gap never rounds to zero). Its axis is found by exact comparison; ties go to the
//! first in the order `FaceA(0..)`, `FaceB(0..)`, `EdgePair(0, 0)`, `EdgePair(0, 1)`, ….
//!
//! # How it is exact, and why integers
//!
//! Every finite `f64` is `m · 2^e`, so all lengths of a pair are integers over one power of two
//! and each box's columns are integers over a denominator of its own (a power of two, or `|q|²`
//! for a quaternion). The gap numerator times the positive constant `2^shift · D_A · D_B` is then
//! a polynomial in integers, evaluated with [`num_bigint::BigInt`] (pure Rust, mature, no
//! system library). This avoids a rational type: `BigRational` would reduce every intermediate
//! by a gcd, which costs more than the products themselves here, and never needs to.
//!
//! ```
//! use sat_core::exact::{ExactBox2, verdict2};
//!
//! let a = ExactBox2::from_axes([0.0, 0.0], [1.0, 1.0], [[1.0, 0.0], [0.0, 1.0]]);
//! let b = ExactBox2::from_axes([2.5, 0.0], [1.0, 1.0], [[1.0, 0.0], [0.0, 1.0]]);
//! let v = verdict2(&a, &b);
//! assert!(!v.intersects);
//! assert_eq!(v.margin, 0.5);
//! ```

/// `From<&$obb> for $exact` for each type of stored box `$obb` (f32, f64, and the f64 tests'
/// scalar reference) of the dimension of `$exact`, whose axis columns are `$col`.
macro_rules! from_stored {
    ($exact:ident $cols:tt: $($(#[$attr:meta])* $obb:ty),* $(,)?) => {$(
        from_stored!(@one $exact $cols $(#[$attr])* $obb);
    )*};
    (@one $exact:ident [$($col:ident),+] $(#[$attr:meta])* $obb:ty) => {
        $(#[$attr])*
        impl From<&$obb> for $exact {
            /// The box `obb` stores: its centre, half-extents and axis columns taken exactly (a
            /// parallelepiped within a few ulps of a box), the boxes `intersects_certified`
            /// decides.
            fn from(obb: &$obb) -> Self {
                let axes = obb.axes().to_f64();
                Self::from_axes(
                    obb.center().to_f64().to_array(),
                    obb.half_extents().to_f64().to_array(),
                    [$(axes.$col.to_array()),+],
                )
            }
        }
    };
}

mod best_axis;
mod box2;
mod box3;
mod cast;
mod distance;
mod dyadic;
mod integer_pair;
mod margin;

pub use best_axis::ExactVerdict;
pub use box2::{ExactBox2, verdict2};
pub use box3::{ExactBox3, Rotation3, verdict3};
pub use cast::{ExactToi, swept_distance_squared2, swept_distance_squared3, toi2, toi3};
pub use distance::{ExactDistance, distance_bounds2, distance_bounds3, distance2, distance3};

/// `num-rational`'s big rational, in which the exact casts give times and squared distances.
pub use num_rational::BigRational;
