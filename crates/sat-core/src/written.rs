//! The numbers as written: the checks of the checked (`try_`) constructors, and the stored box
//! that contains the box as written (`docs/error-bound.md`, "Boxes as written").
//!
//! Below [`tolerance`](crate::tolerance) (the magnitudes and the rounding bounds it checks
//! against) and [`ObbError`] (what a check returns); the constructors of `obb2.rs` and `obb3.rs`
//! and the casts' enclosing boxes import from here.

use crate::error::ObbError;
use crate::precision::StoredScalar;
use crate::tolerance::{MAX_MAGNITUDE, MIN_MAGNITUDE, POLAR_ROUNDING};

/// Checks one scalar for the `try_` constructors: finite and within the supported magnitudes
/// (for a number as written in f64, before it is rounded to f32; the error reports it rounded).
pub(crate) fn check_magnitude(
    what: &'static str,
    value: impl StoredScalar,
) -> Result<(), ObbError> {
    let value = value.to_f64();
    if !value.is_finite() {
        return Err(ObbError::NonFinite { what });
    }
    let m = value.abs();
    if m > f64::from(MAX_MAGNITUDE) {
        return Err(ObbError::TooLarge {
            what,
            value: value as f32,
        });
    }
    if m != 0.0 && m < f64::from(MIN_MAGNITUDE) {
        return Err(ObbError::TooSmall {
            what,
            value: value as f32,
        });
    }
    Ok(())
}

/// Checks a half-extent the constructor computed (scaled or grown to contain the box as
/// written): finite and at most [`MAX_MAGNITUDE`]. It may be non-zero but below
/// [`MIN_MAGNITUDE`] (the lean of a column times a tiny extent): harmless, since `S` comes from
/// the extents that carry the box.
pub(crate) fn check_built_extent<R: StoredScalar>(
    what: &'static str,
    value: R,
) -> Result<(), ObbError> {
    check_magnitude(what, value.to_f64().max(f64::from(MIN_MAGNITUDE)))
}

/// Columns as written (`DMat2`, `DMat3`: orthonormal within the axes tolerance) and the stored
/// axes for them (`docs/error-bound.md`, "Boxes as written").
pub(crate) trait GivenColumns: Sized {
    /// The stored axes `U` for the columns `G` and the spread `H = UᵀG` of the written box
    /// about them: `G` itself, no spread, when every column is ±1 times a different unit basis
    /// vector (exactly orthonormal; the only exactly orthonormal matrices with dyadic entries);
    /// else the orthogonal polar factor of `G = U·H` (`H` symmetric positive definite), the
    /// orthonormal matrix nearest to `G`, of the same handedness. Newton's iteration
    /// `U ← (U + U⁻ᵀ)/2` converges quadratically; from `|GᵀG − I| ≤ 10⁻⁶` three steps reach f64
    /// precision.
    fn stored_axes(self) -> (Self, Option<Self>);
}

/// The rotation of a box as written, in f64 (`M`: `DMat2` or `DMat3`).
pub(crate) enum GivenAxes<M> {
    /// Exactly orthonormal columns up to f64 rounding: a quaternion's `R(q)/|q|²`, an angle's
    /// `(cos, sin)` and its perpendicular, or fitted corner axes.
    Rotation(M),
    /// Columns as given, orthonormal within the axes tolerance: the box as written is the
    /// parallelepiped they span ([`GivenColumns::stored_axes`]).
    Columns(M),
}

impl GivenAxes<glam::DMat2> {
    /// The rotation whose x axis is `x` (unit up to f64 rounding), y its perpendicular.
    pub(crate) fn turned(x: glam::DVec2) -> Self {
        GivenAxes::Rotation(glam::DMat2::from_cols(x, x.perp()))
    }
}

macro_rules! given_columns {
    ($($mat:ident, $vec:ident, [$($col:ident),+];)*) => {$(
        impl GivenColumns for glam::$mat {
            fn stored_axes(self) -> (Self, Option<Self>) {
                let g = self;
                let unit = |c: glam::$vec| {
                    let a = c.abs();
                    a.element_sum() == 1.0 && a.max_element() == 1.0
                };
                if [$(g.$col),+].into_iter().all(unit) && g.transpose() * g == Self::IDENTITY {
                    return (g, None);
                }
                let mut u = g;
                for _ in 0..3 {
                    u = (u + u.inverse().transpose()) * 0.5;
                }
                (u, Some(u.transpose() * g))
            }
        }
    )*};
}

given_columns! {
    DMat2, DVec2, [x_axis, y_axis];
    DMat3, DVec3, [x_axis, y_axis, z_axis];
}

/// The stored half-extents for a box as written (`docs/error-bound.md`, "Boxes as written"):
/// along stored axis `i`, the reach `Σ_j e_j·|H_ij|` of the written columns (`spread` = the rows of `H = UᵀG`;
/// `None` when the written axes are the stored ones, so the reach is `e_i`) plus
/// `|shift_along[i]|`, the centre's rounding along that axis, rounded up to the stored precision.
pub(crate) fn enclosing_half_extents<R: StoredScalar, const N: usize>(
    e: [f64; N],
    spread: Option<[[f64; N]; N]>,
    shift_along: [f64; N],
) -> [R; N] {
    core::array::from_fn(|i| {
        let reach = match spread {
            None => e[i],
            Some(h) => {
                let exact: f64 = (0..N).map(|j| e[j] * h[i][j].abs()).sum();
                exact + POLAR_ROUNDING * e.iter().sum::<f64>()
            }
        };
        R::round_up(reach + shift_along[i].abs())
    })
}

/// Checks a half-extent or size: as [`check_magnitude`], and not negative (`-0.0` is zero).
pub(crate) fn check_extent<R: StoredScalar>(what: &'static str, value: R) -> Result<R, ObbError> {
    check_magnitude(what, value)?;
    if value.to_f64() < 0.0 {
        return Err(ObbError::NegativeExtent {
            what,
            value: value.to_f64() as f32,
        });
    }
    Ok(R::round_up(value.to_f64())) // exact; turns -0.0 into +0.0
}

/// [`check_magnitude`] on each coordinate of a point, in order.
pub(crate) fn check_point<R: StoredScalar, const N: usize>(
    what: &'static str,
    point: [R; N],
) -> Result<(), ObbError> {
    point.into_iter().try_for_each(|c| check_magnitude(what, c))
}

/// [`check_extent`] on each of `values`, in order: the values, `-0.0` turned into `+0.0`.
pub(crate) fn check_extents<R: StoredScalar, const N: usize>(
    what: &'static str,
    values: [R; N],
) -> Result<[R; N], ObbError> {
    let mut checked = values;
    for value in &mut checked {
        *value = check_extent(what, *value)?;
    }
    Ok(checked)
}

/// [`check_built_extent`] on each half-extent a constructor built, in order.
pub(crate) fn check_built_extents<R: StoredScalar, const N: usize>(
    what: &'static str,
    values: [R; N],
) -> Result<(), ObbError> {
    values
        .into_iter()
        .try_for_each(|e| check_built_extent(what, e))
}
