//! `Obb2`: a 2D oriented box (rectangle) and the input forms of the seeds.
//!
//! Angles, `(cos, sin)` pairs, corners and transforms are converted in f64 and the axes
//! rounded to f32 once, so each stored axis is within one unit roundoff of the exact one.
//! Where the input is not exactly a rectangle — columns orthonormal only within
//! [`AXES_TOLERANCE`], a node transform with that much shear, corners within
//! [`CORNER_TOLERANCE`], f64 numbers that f32 cannot hold — the stored rectangle *contains* the
//! shape as written (`docs/error-bound.md`, "Boxes as written").

use core::fmt;

use glam::{DMat2, DVec2};

// This compilation's precision module (`precision.rs`).
use super::{AXES_TOLERANCE, Affine2, Mat2, NAMES, Real, Vec2, sqrt};
use crate::ObbError;
use crate::precision::{RoundFromF64, StoredScalar, ToF64};
use crate::tolerance::CORNER_TOLERANCE;
use crate::written::{
    GivenAxes, GivenColumns, check_built_extents, check_extent, check_extents, check_point,
    enclosing_half_extents,
};

///
/// A rectangle stores its centre, non-negative half-extents and orthonormal local axes. Closed:
/// rectangles that touch intersect. Zero extents are legal (a segment or a point).
#[derive(Clone, Copy, PartialEq)]
pub struct Obb2 {
    pub(crate) center: Vec2,
    pub(crate) half_extents: Vec2,
    /// Columns are the local x and y axes in world space.
    pub(crate) axes: Mat2,
    /// `|half_extents|`, precomputed for the error scale `S`.
    pub(crate) extent_norm: Real,
}

impl fmt::Debug for Obb2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(NAMES[0])
            .field("center", &self.center)
            .field("half_extents", &self.half_extents)
            .field("axes", &self.axes)
            .field("extent_norm", &self.extent_norm)
            .finish()
    }
}

impl Obb2 {
    /// Rectangle from centre, half-extents and a counter-clockwise angle in radians.
    ///
    /// Fast path: assumes finite inputs and `half_extents >= 0`.
    ///
    /// # Error bound
    ///
    /// The stored rectangle's axes are `(cos, sin)` of the angle, computed in f64 and rounded once:
    /// `intersects` is exact outside `BAND_K·ε·S` for it.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::new(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), core::f32::consts::FRAC_PI_2);
    /// assert!(r.axes().x_axis.abs_diff_eq(Vec2::Y, 1e-7)); // a quarter turn
    /// ```
    pub fn new(center: Vec2, half_extents: Vec2, angle_radians: Real) -> Obb2 {
        Self::from_unit_x(
            center,
            half_extents,
            radians_direction(angle_radians.to_f64()),
        )
    }

    /// Checked [`new`](Self::new).
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// assert!(Obb2::try_new(Vec2::ZERO, Vec2::ONE, 0.5).is_ok());
    /// assert!(Obb2::try_new(Vec2::ZERO, Vec2::ONE, f32::NAN).is_err());
    /// ```
    pub fn try_new(
        center: Vec2,
        half_extents: Vec2,
        angle_radians: Real,
    ) -> Result<Obb2, ObbError> {
        checked_turn(center, half_extents, angle_radians, Self::new)
    }

    /// Rectangle rotated by `degrees` counter-clockwise (as rotated-rectangle tutorials give it). Multiples of 90°
    /// give exact axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::from_degrees(Vec2::ZERO, Vec2::new(2.0, 1.0), 90.0);
    /// assert_eq!(r.axes().x_axis, Vec2::Y); // multiples of 90° are exact
    /// ```
    pub fn from_degrees(center: Vec2, half_extents: Vec2, degrees: Real) -> Obb2 {
        Self::from_unit_x(center, half_extents, degrees_direction(degrees.to_f64()))
    }

    /// Checked [`from_degrees`](Self::from_degrees).
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::try_from_degrees(Vec2::ZERO, Vec2::ONE, 720.0 + 45.0)?;
    /// assert!(r.axes().x_axis.abs_diff_eq(Vec2::splat(0.5f32.sqrt()), 1e-7));
    /// assert!(Obb2::try_from_degrees(Vec2::ZERO, Vec2::ONE, f32::INFINITY).is_err());
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_from_degrees(
        center: Vec2,
        half_extents: Vec2,
        degrees: Real,
    ) -> Result<Obb2, ObbError> {
        checked_turn(center, half_extents, degrees, Self::from_degrees)
    }

    /// Rectangle whose local x axis points along `(cos, sin)`. The pair need not be unit length:
    /// it is normalised in f64.
    ///
    /// Fast path: assumes finite values, not both zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::from_cos_sin(Vec2::ZERO, Vec2::ONE, 3.0, 4.0); // normalised: (0.6, 0.8)
    /// assert!(r.axes().x_axis.abs_diff_eq(Vec2::new(0.6, 0.8), 1e-7));
    /// ```
    pub fn from_cos_sin(center: Vec2, half_extents: Vec2, cos: Real, sin: Real) -> Obb2 {
        let dir = DVec2::new(cos.to_f64(), sin.to_f64());
        Self::from_unit_x(center, half_extents, dir / dir.length())
    }

    /// Checked [`from_cos_sin`](Self::from_cos_sin).
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent, or a zero (or non-finite) `(cos, sin)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// assert!(Obb2::try_from_cos_sin(Vec2::ZERO, Vec2::ONE, 0.0, 0.0).is_err());
    /// ```
    pub fn try_from_cos_sin(
        center: Vec2,
        half_extents: Vec2,
        cos: Real,
        sin: Real,
    ) -> Result<Obb2, ObbError> {
        check_center(center)?;
        let half_extents = check_half_extents(half_extents)?;
        if !cos.is_finite() || !sin.is_finite() {
            return Err(ObbError::NonFinite { what: "(cos, sin)" });
        }
        if cos == 0.0 && sin == 0.0 {
            return Err(ObbError::ZeroDirection);
        }
        Ok(Self::from_cos_sin(center, half_extents, cos, sin))
    }

    /// Rectangle from an axis matrix whose columns are the local axes in world space.
    ///
    /// Fast path: the columns are stored as given and must be orthonormal to within a few ulps.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::{Mat2, Vec2};
    ///
    /// let r = Obb2::from_axes(Vec2::ZERO, Vec2::new(2.0, 1.0), Mat2::from_angle(0.25));
    /// assert!(r.axes().x_axis.abs_diff_eq(Vec2::from_angle(0.25), 1e-7));
    /// ```
    pub fn from_axes(center: Vec2, half_extents: Vec2, axes: Mat2) -> Obb2 {
        Obb2 {
            center,
            half_extents,
            axes,
            extent_norm: sqrt(half_extents.length_squared()),
        }
    }

    /// Checked [`from_axes`](Self::from_axes): columns orthonormal within [`AXES_TOLERANCE`]
    /// (`max |AᵀA − I|`), either handedness.
    ///
    /// The rectangle as written is the parallelogram the columns span; the stored rectangle has
    /// the nearest orthonormal axes (the polar factor, in f64) and the smallest half-extents
    /// along them that contain it, within `AXES_TOLERANCE·|e|` of it (`tolerance`, "Boxes as
    /// written"). Columns with entries 0 and ±1 are stored as given.
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent, non-finite columns, or columns not orthonormal
    /// within [`AXES_TOLERANCE`] (`ObbError::NonOrthonormalAxes`).
    ///
    /// # Error bound
    ///
    /// A `false` is exact for the parallelogram the columns span; a `true` outside
    /// [`AXES_BAND_K`](crate::tolerance::AXES_BAND_K)`·ε·S`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::{Mat2, Vec2};
    ///
    /// let skewed = Mat2::from_cols(Vec2::X, Vec2::new(0.01, 1.0));
    /// assert!(Obb2::try_from_axes(Vec2::ZERO, Vec2::ONE, skewed).is_err());
    /// ```
    pub fn try_from_axes(center: Vec2, half_extents: Vec2, axes: Mat2) -> Result<Obb2, ObbError> {
        Self::try_from_columns(center.to_f64(), half_extents.to_f64(), axes.to_f64())
    }

    /// [`try_from_axes`](Self::try_from_axes) on the columns in f64 (`Obb2::try_enclosing_axes`
    /// on f64 numbers).
    pub(crate) fn try_from_columns(
        center: DVec2,
        half_extents: DVec2,
        axes: DMat2,
    ) -> Result<Obb2, ObbError> {
        if !axes.is_finite() {
            return Err(ObbError::NonFinite { what: "axes" });
        }
        let g = axes.transpose() * axes - DMat2::IDENTITY;
        let defect = g
            .to_cols_array()
            .iter()
            .fold(0.0f64, |acc, v| acc.max(v.abs()));
        if defect > f64::from(AXES_TOLERANCE) {
            return Err(ObbError::NonOrthonormalAxes {
                defect: defect as f32,
            });
        }
        Self::try_from_given(center, half_extents, GivenAxes::Columns(axes))
    }

    /// Rectangle from its four corners in order around the boundary (either winding), as in
    /// flipcode's "2D OBB Intersection". The corners must form a rectangle within [`CORNER_TOLERANCE`] of the longer
    /// diagonal (parallelogram defect and cosine of the corner angle); the box built is the
    /// best-fit rectangle. Coincident or collinear corners give a point or a segment.
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range corner, or corners that are not a rectangle
    /// within [`CORNER_TOLERANCE`] of its longer diagonal.
    ///
    /// # Error bound
    ///
    /// The stored rectangle contains the quadrilateral, so a `false` is exact for it; `intersects`
    /// is exact outside `BAND_K·ε·S` for the fitted rectangle.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::Vec2;
    /// use sat_core::Obb2;
    ///
    /// let corners = [Vec2::new(1.0, 0.0), Vec2::new(2.0, 1.0), Vec2::new(1.0, 2.0), Vec2::new(0.0, 1.0)];
    /// let diamond = Obb2::try_from_corners(corners).unwrap();
    /// assert_eq!(diamond.center(), Vec2::new(1.0, 1.0));
    /// assert!(Obb2::try_from_corners([Vec2::ZERO, Vec2::X, Vec2::new(2.0, 1.0), Vec2::Y]).is_err());
    /// ```
    pub fn try_from_corners(corners: [Vec2; 4]) -> Result<Obb2, ObbError> {
        for c in corners {
            check_center(c)?;
        }
        let [c0, c1, c2, c3] = corners.map(ToF64::to_f64);
        let diagonal = (c2 - c0).length().max((c3 - c1).length());
        let edge_u = ((c1 - c0) + (c2 - c3)) * 0.5;
        let edge_v = ((c3 - c0) + (c2 - c1)) * 0.5;
        let (len_u, len_v) = (edge_u.length(), edge_v.length());
        let parallelogram = if diagonal > 0.0 {
            (c0 + c2 - c1 - c3).length() / diagonal
        } else {
            0.0
        };
        let right_angle = if len_u > 0.0 && len_v > 0.0 {
            edge_u.dot(edge_v).abs() / (len_u * len_v)
        } else {
            0.0
        };
        let defect = parallelogram.max(right_angle);
        if defect > f64::from(CORNER_TOLERANCE) {
            return Err(ObbError::NotARectangle {
                defect: defect as f32,
            });
        }
        let (x, y) = match (len_u > 0.0, len_v > 0.0) {
            (true, _) => {
                let x = edge_u / len_u;
                let y = if x.perp().dot(edge_v) < 0.0 {
                    -x.perp()
                } else {
                    x.perp()
                };
                (x, y)
            }
            (false, true) => {
                let y = edge_v / len_v;
                (-y.perp(), y)
            }
            (false, false) => (DVec2::X, DVec2::Y),
        };
        // The fitted axes through the corners' mean; the half-extents reach the farthest corner
        // along each axis, so the stored rectangle contains all four.
        let center = (c0 + c1 + c2 + c3) * 0.25;
        let reach = |axis: DVec2| {
            [c0, c1, c2, c3]
                .iter()
                .fold(0.0f64, |m, &c| m.max((c - center).dot(axis).abs()))
        };
        let half = DVec2::new(reach(x), reach(y));
        let rotation = GivenAxes::Rotation(DMat2::from_cols(x, y));
        Self::try_from_given(center, half, rotation)
    }

    /// Rectangle of a scene-graph node (cocos2d-x style): the node's content
    /// `[0, size.x] × [0, size.y]`, with its anchor point `anchor * size` placed at the node's
    /// origin, mapped by the node's world `transform` (rotation, per-axis scale, translation).
    ///
    /// Fast path: assumes finite values, `size >= 0` and a transform without shear.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::{Affine2, Vec2};
    ///
    /// // A 4 × 2 sprite anchored at its bottom-left corner, placed at (10, 5).
    /// let r = Obb2::from_node(Vec2::new(4.0, 2.0), Vec2::ZERO, Affine2::from_translation(Vec2::new(10.0, 5.0)));
    /// assert_eq!(r.center(), Vec2::new(12.0, 6.0));
    /// ```
    pub fn from_node(size: Vec2, anchor: Vec2, transform: Affine2) -> Obb2 {
        let m = transform.matrix2.to_f64();
        let (lx, ly) = (m.x_axis.length(), m.y_axis.length());
        let columns = match (lx > 0.0, ly > 0.0) {
            (true, true) => DMat2::from_cols(m.x_axis / lx, m.y_axis / ly),
            (true, false) => DMat2::from_cols(m.x_axis / lx, (m.x_axis / lx).perp()),
            (false, true) => DMat2::from_cols(-(m.y_axis / ly).perp(), m.y_axis / ly),
            (false, false) => DMat2::IDENTITY,
        };
        let size = size.to_f64();
        let local_center = size * (DVec2::splat(0.5) - anchor.to_f64());
        let center = m * local_center + transform.translation.to_f64();
        let half = DVec2::new(size.x * lx, size.y * ly) * 0.5;
        Self::from_given(center, half, GivenAxes::Columns(columns))
    }

    /// Checked [`from_node`](Self::from_node): rejects non-finite values, negative sizes and a
    /// shearing transform (columns not orthogonal within [`AXES_TOLERANCE`], relative).
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent size, or a shearing transform (`ObbError::Shear`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::{Affine2, Mat2, Vec2};
    ///
    /// let sheared = Affine2::from_mat2(Mat2::from_cols(Vec2::X, Vec2::new(0.2, 1.0)));
    /// assert!(Obb2::try_from_node(Vec2::ONE, Vec2::splat(0.5), sheared).is_err());
    /// ```
    pub fn try_from_node(size: Vec2, anchor: Vec2, transform: Affine2) -> Result<Obb2, ObbError> {
        check_half_extents(size)?;
        check_center(anchor)?;
        check_center(transform.translation)?;
        let m = transform.matrix2.to_f64();
        if !m.is_finite() {
            return Err(ObbError::NonFinite { what: "transform" });
        }
        let norms = m.x_axis.length() * m.y_axis.length();
        let shear = if norms > 0.0 {
            m.x_axis.dot(m.y_axis).abs() / norms
        } else {
            0.0
        };
        if shear > f64::from(AXES_TOLERANCE) {
            return Err(ObbError::Shear {
                defect: shear as f32,
            });
        }
        let obb = Self::from_node(size, anchor, transform);
        check_center(obb.center)?;
        check_built_extents("scaled half-extent", obb.half_extents.to_array())?;
        Ok(obb)
    }

    /// The same rectangle with its half-extents multiplied by `factor` (a sprite's scale).
    ///
    /// Fast path: assumes `factor` finite and non-negative.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.3).scaled(3.0);
    /// assert_eq!(r.half_extents(), Vec2::new(6.0, 3.0));
    /// ```
    pub fn scaled(self, factor: Real) -> Obb2 {
        Self::from_axes(self.center, self.half_extents * factor, self.axes)
    }

    /// Checked [`scaled`](Self::scaled).
    ///
    /// # Errors
    ///
    /// `ObbError` for a negative or non-finite factor, or half-extents that leave the accepted
    /// range once scaled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// assert!(Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).try_scaled(f32::NAN).is_err());
    /// ```
    pub fn try_scaled(self, factor: Real) -> Result<Obb2, ObbError> {
        check_extent("scale factor", factor)?;
        check_half_extents(self.half_extents * factor)?;
        Ok(self.scaled(factor))
    }

    /// Centre in world space.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::from_degrees(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), 90.0);
    /// assert_eq!(r.center(), Vec2::new(1.0, 2.0));
    /// ```
    pub fn center(&self) -> Vec2 {
        self.center
    }

    /// Half-extents along the local axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::from_degrees(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), 90.0);
    /// assert_eq!(r.half_extents(), Vec2::new(3.0, 1.0));
    /// ```
    pub fn half_extents(&self) -> Vec2 {
        self.half_extents
    }

    /// Local axes in world space, as columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::from_degrees(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), 90.0);
    /// assert_eq!(r.axes().y_axis, Vec2::new(-1.0, 0.0)); // a quarter turn
    /// ```
    pub fn axes(&self) -> Mat2 {
        self.axes
    }

    /// The four corners, counter-clockwise for a right-handed frame, starting at `(-x, -y)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let r = Obb2::from_degrees(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), 90.0);
    /// assert!(r.corners().contains(&Vec2::new(2.0, 5.0)));
    /// ```
    pub fn corners(&self) -> [Vec2; 4] {
        let ex = self.axes.x_axis * self.half_extents.x;
        let ey = self.axes.y_axis * self.half_extents.y;
        [
            self.center - ex - ey,
            self.center + ex - ey,
            self.center + ex + ey,
            self.center - ex + ey,
        ]
    }

    /// `S = |t| + |e_A| + |e_B|`, the scale of the error bound for the pair.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let a = Obb2::new(Vec2::ZERO, Vec2::new(3.0, 4.0), 0.0);
    /// let b = Obb2::new(Vec2::new(0.0, 10.0), Vec2::ZERO, 0.0);
    /// assert_eq!(a.error_scale(&b), 15.0);
    /// ```
    pub fn error_scale(&self, other: &Obb2) -> Real {
        sqrt((other.center - self.center).length_squared()) + self.extent_norm + other.extent_norm
    }

    /// [`from_given`](Self::from_given) for unchecked input: the numbers as written must
    /// be in range, and so must the rectangle built.
    pub(crate) fn try_from_given(
        center: DVec2,
        half_extents: DVec2,
        given: GivenAxes<DMat2>,
    ) -> Result<Obb2, ObbError> {
        check_point("center", center.to_array())?;
        check_extents("half-extent", half_extents.to_array())?;
        let obb = Self::from_given(center, half_extents, given);
        check_built_extents("half-extent", obb.half_extents.to_array())?;
        Ok(obb)
    }

    /// The stored rectangle for a shape as written (`docs/error-bound.md`, "Boxes as written"): centre
    /// rounded to nearest, axes rounded once, half-extents rounded up so that the rectangle
    /// (with its exact axes) contains the written one. The 2D twin of `Obb3::from_given`.
    fn from_given(center: DVec2, half_extents: DVec2, given: GivenAxes<DMat2>) -> Obb2 {
        let (axes, spread) = match given {
            GivenAxes::Rotation(r) => (r, None),
            GivenAxes::Columns(g) => g.stored_axes(),
        };
        let rounded = Vec2::round_from_f64(center);
        let shift = center - rounded.to_f64(); // exact: within an ulp of `center`
        let shift_along = [0, 1].map(|i| axes.col(i).dot(shift));
        let rows = spread.map(|h| h.transpose().to_cols_array_2d());
        let half = enclosing_half_extents(half_extents.to_array(), rows, shift_along);
        Self::from_f64_axes(rounded, Vec2::from_array(half), axes.x_axis, axes.y_axis)
    }

    fn from_unit_x(center: Vec2, half_extents: Vec2, x: DVec2) -> Obb2 {
        Self::from_f64_axes(center, half_extents, x, x.perp())
    }

    fn from_f64_axes(center: Vec2, half_extents: Vec2, x: DVec2, y: DVec2) -> Obb2 {
        Self::from_axes(
            center,
            half_extents,
            Mat2::round_from_f64(DMat2::from_cols(x, y)),
        )
    }
}

/// The unit x axis of a rectangle turned by `angle` radians: `(cos, sin)`, the `libm` crate's,
/// correctly reduced however large the angle.
pub(crate) fn radians_direction(angle: f64) -> DVec2 {
    let (sin, cos) = libm::sincos(angle);
    DVec2::new(cos, sin)
}

/// The unit x axis of a rectangle turned by `degrees`: reduced modulo 360 exactly, multiples
/// of 90° exact.
pub(crate) fn degrees_direction(degrees: f64) -> DVec2 {
    let reduced = degrees % 360.0; // exact
    match reduced {
        0.0 => DVec2::X,
        90.0 | -270.0 => DVec2::Y,
        180.0 | -180.0 => DVec2::NEG_X,
        270.0 | -90.0 => DVec2::NEG_Y,
        _ => {
            let (sin, cos) = libm::sincos(reduced.to_radians());
            DVec2::new(cos, sin)
        }
    }
}

/// A finite angle (radians or degrees).
/// A checked constructor from an angle: the centre, the half-extents and then the angle checked
/// in that order, the rectangle built by the fast constructor `turn`.
fn checked_turn(
    center: Vec2,
    half_extents: Vec2,
    angle: Real,
    turn: fn(Vec2, Vec2, Real) -> Obb2,
) -> Result<Obb2, ObbError> {
    check_center(center)?;
    let half_extents = check_half_extents(half_extents)?;
    check_angle(angle)?;
    Ok(turn(center, half_extents, angle))
}

pub(crate) fn check_angle(angle: impl StoredScalar) -> Result<(), ObbError> {
    if !angle.to_f64().is_finite() {
        return Err(ObbError::NonFinite { what: "angle" });
    }
    Ok(())
}

fn check_center(center: Vec2) -> Result<(), ObbError> {
    check_point("center", center.to_array())
}

fn check_half_extents(half_extents: Vec2) -> Result<Vec2, ObbError> {
    check_extents("half-extent", half_extents.to_array()).map(Vec2::from_array)
}
