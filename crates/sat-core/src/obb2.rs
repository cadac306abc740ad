//! `Obb2`: a 2D oriented box (rectangle) and the input forms of the seeds.
//!
//! Angles, `(cos, sin)` pairs, corners and transforms are converted in f64 and the axes
//! rounded to f32 once, so each stored axis is within one unit roundoff of the exact one.

use glam::{Affine2, DMat2, DVec2, Mat2, Vec2};

use crate::ObbError;
use crate::tolerance::{AXES_TOLERANCE, CORNER_TOLERANCE, check_extent, check_magnitude, sqrt};

/// An oriented rectangle: centre, non-negative half-extents and orthonormal local axes.
///
/// Closed: rectangles that touch intersect. Zero extents are legal (a segment or a point).
///
/// ```
/// use glam::Vec2;
/// use sat_core::Obb2;
///
/// // A 4 x 2 building footprint, and one rotated by 30 degrees next to it.
/// let placed = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.0);
/// let candidate = Obb2::from_degrees(Vec2::new(3.2, 0.0), Vec2::new(1.0, 1.0), 30.0);
/// assert!(placed.intersects(&candidate));
/// assert!(!placed.intersects(&Obb2::from_degrees(Vec2::new(4.0, 0.0), Vec2::ONE, 30.0)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Obb2 {
    pub(crate) center: Vec2,
    pub(crate) half_extents: Vec2,
    /// Columns are the local x and y axes in world space.
    pub(crate) axes: Mat2,
    /// `|half_extents|`, precomputed for the error scale `S`.
    pub(crate) extent_norm: f32,
}

impl Obb2 {
    /// Rectangle from centre, half-extents and a counter-clockwise angle in radians.
    ///
    /// Fast path: assumes finite inputs and `half_extents >= 0`.
    pub fn new(center: Vec2, half_extents: Vec2, angle_radians: f32) -> Obb2 {
        let (sin, cos) = libm::sincos(f64::from(angle_radians));
        Self::from_unit_x(center, half_extents, DVec2::new(cos, sin))
    }

    /// Checked [`new`](Self::new).
    pub fn try_new(center: Vec2, half_extents: Vec2, angle_radians: f32) -> Result<Obb2, ObbError> {
        check_center(center)?;
        let half_extents = check_half_extents(half_extents)?;
        if !angle_radians.is_finite() {
            return Err(ObbError::NonFinite { what: "angle" });
        }
        Ok(Self::new(center, half_extents, angle_radians))
    }

    /// Rectangle rotated by `degrees` counter-clockwise (seed 001's form). Multiples of 90°
    /// give exact axes.
    pub fn from_degrees(center: Vec2, half_extents: Vec2, degrees: f32) -> Obb2 {
        let reduced = f64::from(degrees) % 360.0; // exact
        let exact = match reduced {
            0.0 => Some((1.0, 0.0)),
            90.0 | -270.0 => Some((0.0, 1.0)),
            180.0 | -180.0 => Some((-1.0, 0.0)),
            270.0 | -90.0 => Some((0.0, -1.0)),
            _ => None,
        };
        let (cos, sin) = exact.unwrap_or_else(|| {
            let (sin, cos) = libm::sincos(reduced.to_radians());
            (cos, sin)
        });
        Self::from_unit_x(center, half_extents, DVec2::new(cos, sin))
    }

    /// Checked [`from_degrees`](Self::from_degrees).
    pub fn try_from_degrees(
        center: Vec2,
        half_extents: Vec2,
        degrees: f32,
    ) -> Result<Obb2, ObbError> {
        check_center(center)?;
        let half_extents = check_half_extents(half_extents)?;
        if !degrees.is_finite() {
            return Err(ObbError::NonFinite { what: "angle" });
        }
        Ok(Self::from_degrees(center, half_extents, degrees))
    }

    /// Rectangle whose local x axis points along `(cos, sin)`. The pair need not be unit length:
    /// it is normalised in f64.
    ///
    /// Fast path: assumes finite values, not both zero.
    pub fn from_cos_sin(center: Vec2, half_extents: Vec2, cos: f32, sin: f32) -> Obb2 {
        let dir = DVec2::new(f64::from(cos), f64::from(sin));
        Self::from_unit_x(center, half_extents, dir / dir.length())
    }

    /// Checked [`from_cos_sin`](Self::from_cos_sin).
    pub fn try_from_cos_sin(
        center: Vec2,
        half_extents: Vec2,
        cos: f32,
        sin: f32,
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
    pub fn from_axes(center: Vec2, half_extents: Vec2, axes: Mat2) -> Obb2 {
        Obb2 {
            center,
            half_extents,
            axes,
            extent_norm: sqrt(half_extents.length_squared()),
        }
    }

    /// Checked [`from_axes`](Self::from_axes): columns orthonormal within [`AXES_TOLERANCE`]
    /// (`max |AᵀA − I|`), either handedness; re-orthonormalised in f64.
    pub fn try_from_axes(center: Vec2, half_extents: Vec2, axes: Mat2) -> Result<Obb2, ObbError> {
        check_center(center)?;
        let half_extents = check_half_extents(half_extents)?;
        let m = axes.as_dmat2();
        if !m.is_finite() {
            return Err(ObbError::NonFinite { what: "axes" });
        }
        let g = m.transpose() * m - DMat2::IDENTITY;
        let defect = g
            .to_cols_array()
            .iter()
            .fold(0.0f64, |acc, v| acc.max(v.abs()));
        if defect > f64::from(AXES_TOLERANCE) {
            return Err(ObbError::NonOrthonormalAxes {
                defect: defect as f32,
            });
        }
        let x = m.x_axis.normalize();
        let y = x.perp();
        let y = if y.dot(m.y_axis) < 0.0 { -y } else { y };
        Ok(Self::from_f64_axes(center, half_extents, x, y))
    }

    /// Rectangle from its four corners in order around the boundary (either winding), as in
    /// seed 000. The corners must form a rectangle within [`CORNER_TOLERANCE`] of the longer
    /// diagonal (parallelogram defect and cosine of the corner angle); the box built is the
    /// best-fit rectangle. Coincident or collinear corners give a point or a segment.
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
        let [c0, c1, c2, c3] = corners.map(|c| c.as_dvec2());
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
                (
                    x,
                    if x.perp().dot(edge_v) < 0.0 {
                        -x.perp()
                    } else {
                        x.perp()
                    },
                )
            }
            (false, true) => {
                let y = edge_v / len_v;
                (-y.perp(), y)
            }
            (false, false) => (DVec2::X, DVec2::Y),
        };
        let center = (c0 + c1 + c2 + c3) * 0.25;
        let half = DVec2::new(len_u, len_v) * 0.5;
        let obb = Self::from_f64_axes(center.as_vec2(), half.as_vec2(), x, y);
        check_half_extents(obb.half_extents)?;
        Ok(obb)
    }

    /// Rectangle of a scene-graph node (seed 003, cocos2d style): the node's content
    /// `[0, size.x] × [0, size.y]`, with its anchor point `anchor * size` placed at the node's
    /// origin, mapped by the node's world `transform` (rotation, per-axis scale, translation).
    ///
    /// Fast path: assumes finite values, `size >= 0` and a transform without shear.
    pub fn from_node(size: Vec2, anchor: Vec2, transform: Affine2) -> Obb2 {
        let m = transform.matrix2.as_dmat2();
        let (lx, ly) = (m.x_axis.length(), m.y_axis.length());
        let (x, y) = match (lx > 0.0, ly > 0.0) {
            (true, _) => {
                let x = m.x_axis / lx;
                (
                    x,
                    if x.perp().dot(m.y_axis) < 0.0 {
                        -x.perp()
                    } else {
                        x.perp()
                    },
                )
            }
            (false, true) => (-(m.y_axis / ly).perp(), m.y_axis / ly),
            (false, false) => (DVec2::X, DVec2::Y),
        };
        let size = size.as_dvec2();
        let local_center = size * (DVec2::splat(0.5) - anchor.as_dvec2());
        let center = m * local_center + transform.translation.as_dvec2();
        let half = DVec2::new(size.x * lx, size.y * ly) * 0.5;
        Self::from_f64_axes(center.as_vec2(), half.as_vec2(), x, y)
    }

    /// Checked [`from_node`](Self::from_node): rejects non-finite values, negative sizes and a
    /// shearing transform (columns not orthogonal within [`AXES_TOLERANCE`], relative).
    pub fn try_from_node(size: Vec2, anchor: Vec2, transform: Affine2) -> Result<Obb2, ObbError> {
        check_half_extents(size)?;
        check_center(anchor)?;
        check_center(transform.translation)?;
        let m = transform.matrix2.as_dmat2();
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
        check_half_extents(obb.half_extents)?;
        Ok(obb)
    }

    /// The same rectangle with its half-extents multiplied by `factor` (seed 001's scale).
    ///
    /// Fast path: assumes `factor` finite and non-negative.
    pub fn scaled(self, factor: f32) -> Obb2 {
        Self::from_axes(self.center, self.half_extents * factor, self.axes)
    }

    /// Checked [`scaled`](Self::scaled).
    pub fn try_scaled(self, factor: f32) -> Result<Obb2, ObbError> {
        check_extent("scale factor", factor)?;
        check_half_extents(self.half_extents * factor)?;
        Ok(self.scaled(factor))
    }

    /// Centre in world space.
    pub fn center(&self) -> Vec2 {
        self.center
    }

    /// Half-extents along the local axes.
    pub fn half_extents(&self) -> Vec2 {
        self.half_extents
    }

    /// Local axes in world space, as columns.
    pub fn axes(&self) -> Mat2 {
        self.axes
    }

    /// The four corners, counter-clockwise for a right-handed frame, starting at `(-x, -y)`.
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
    pub fn error_scale(&self, other: &Obb2) -> f32 {
        sqrt((other.center - self.center).length_squared()) + self.extent_norm + other.extent_norm
    }

    fn from_unit_x(center: Vec2, half_extents: Vec2, x: DVec2) -> Obb2 {
        Self::from_f64_axes(center, half_extents, x, x.perp())
    }

    fn from_f64_axes(center: Vec2, half_extents: Vec2, x: DVec2, y: DVec2) -> Obb2 {
        Self::from_axes(
            center,
            half_extents,
            Mat2::from_cols(x.as_vec2(), y.as_vec2()),
        )
    }
}

fn check_center(center: Vec2) -> Result<(), ObbError> {
    check_magnitude("center", center.x)?;
    check_magnitude("center", center.y)
}

fn check_half_extents(half_extents: Vec2) -> Result<Vec2, ObbError> {
    Ok(Vec2::new(
        check_extent("half-extent", half_extents.x)?,
        check_extent("half-extent", half_extents.y)?,
    ))
}
