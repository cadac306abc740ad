//! `Obb3`: a 3D oriented box and its constructors.
//!
//! Every constructor works in f64 and rounds the axes to f32 once, so each stored axis is
//! within one unit roundoff of the exact axis named by the input (the error bound in
//! [`tolerance`](crate::tolerance) starts from that). Where the input is not exactly a box —
//! columns orthonormal only within [`AXES_TOLERANCE`], a transform with that much shear, f64
//! numbers that f32 cannot hold — the stored box *contains* the box as written and is within a
//! stated distance of it (`docs/error-bound.md`, "Boxes as written"), so a "separated" verdict stays exact
//! for the numbers as the user wrote them.

use core::fmt;

use glam::{DMat3, DVec3};

// This compilation's precision module (`precision.rs`).
use super::{AXES_TOLERANCE, Affine3A, Mat3, Mat3A, NAMES, Quat, Real, Vec3, Vec3A, sqrt};
use crate::ObbError;
use crate::precision::{RoundFromF64, StoredScalar, ToF64};
use crate::written::{
    GivenAxes, GivenColumns, check_built_extents, check_extent, check_extents, check_point,
    enclosing_half_extents,
};

///
/// A box stores its centre, non-negative half-extents and orthonormal local axes. Closed: boxes
/// that touch intersect. Zero extents are legal (a rectangle, segment or point).
#[derive(Clone, Copy, PartialEq)]
pub struct Obb3 {
    pub(crate) center: Vec3A,
    pub(crate) half_extents: Vec3A,
    /// Columns are the local x, y, z axes in world space.
    pub(crate) cols: Mat3A,
    /// The transpose of `cols`: `rows * v` is `v` in the box's frame.
    pub(crate) rows: Mat3A,
    /// `|half_extents|`, precomputed for the error scale `S`.
    pub(crate) extent_norm: Real,
}

impl fmt::Debug for Obb3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(NAMES[1])
            .field("center", &self.center)
            .field("half_extents", &self.half_extents)
            .field("cols", &self.cols)
            .field("rows", &self.rows)
            .field("extent_norm", &self.extent_norm)
            .finish()
    }
}

impl Obb3 {
    /// Box from centre, half-extents and rotation.
    ///
    /// Fast path: assumes finite inputs, `half_extents >= 0` and a non-zero quaternion. The
    /// quaternion need not be normalised: the rotation used is `R(q)/|q|²`, computed in f64.
    /// Use [`try_new`](Self::try_new) for unchecked input.
    ///
    /// # Error bound
    ///
    /// The stored box is the one the input names, its axes within one unit roundoff of the exact
    /// rotation: `intersects` is exact outside `BAND_K·ε·S` for it ([`tolerance`](crate::tolerance)).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::new(1.0, 2.0, 3.0), Vec3::new(0.5, 1.0, 2.0), Quat::from_rotation_z(0.3));
    /// assert_eq!(b.center(), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    pub fn new(center: Vec3, half_extents: Vec3, rotation: Quat) -> Obb3 {
        Self::from_f64_axes(center, half_extents, quat_matrix(rotation))
    }

    /// Checked [`new`](Self::new): rejects non-finite or out-of-range values, negative
    /// extents and a zero quaternion.
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent or a zero (or non-finite) quaternion.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::glam::{Quat, Vec3};
    /// use sat_core::{Obb3, ObbError};
    ///
    /// let b = Obb3::try_new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(0.0, 0.0, 0.0, 2.0))?; // any length
    /// assert!(b.intersects(&b));
    /// let zero = Obb3::try_new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(0.0, 0.0, 0.0, 0.0));
    /// assert!(matches!(zero, Err(ObbError::ZeroQuaternion)));
    /// assert!(Obb3::try_new(Vec3::ZERO, -Vec3::ONE, Quat::IDENTITY).is_err());
    /// # Ok::<(), ObbError>(())
    /// ```
    pub fn try_new(center: Vec3, half_extents: Vec3, rotation: Quat) -> Result<Obb3, ObbError> {
        check_center(center)?;
        let half_extents = check_half_extents(half_extents)?;
        for c in rotation.to_array() {
            if !c.is_finite() {
                return Err(ObbError::NonFinite { what: "quaternion" });
            }
        }
        if rotation.to_array().iter().all(|&c| c == 0.0) {
            return Err(ObbError::ZeroQuaternion);
        }
        Ok(Self::new(center, half_extents, rotation))
    }

    /// Box from centre, half-extents and an axis matrix whose columns are the box's local axes
    /// in world space.
    ///
    /// Fast path: the columns are stored as given and must be orthonormal to within a few ulps
    /// (as a rotation matrix computed in f32 is); the error bound assumes it.
    ///
    /// # Error bound
    ///
    /// As [`new`](Self::new)'s, for columns orthonormal to within a few ulps.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Mat3, Quat, Vec3};
    ///
    /// let turn = Quat::from_rotation_y(0.4);
    /// let b = Obb3::from_axes(Vec3::ZERO, Vec3::ONE, Mat3::from_quat(turn));
    /// assert!(b.axes().x_axis.abs_diff_eq(turn * Vec3::X, 1e-6));
    /// ```
    pub fn from_axes(center: Vec3, half_extents: Vec3, axes: Mat3) -> Obb3 {
        let cols = Mat3A::from(axes);
        Obb3 {
            center: center.into(),
            half_extents: half_extents.into(),
            cols,
            rows: cols.transpose(),
            extent_norm: sqrt(half_extents.length_squared()),
        }
    }

    /// Checked [`from_axes`](Self::from_axes): the columns must be orthonormal within
    /// [`AXES_TOLERANCE`] (`max |AᵀA − I|`); either handedness is accepted.
    ///
    /// The box as written is the parallelepiped the columns span. The stored box has the
    /// nearest orthonormal axes (the polar factor of the columns, in f64) and the smallest
    /// half-extents along them that contain it, so it is within `2·AXES_TOLERANCE·|e|` of it
    /// (`docs/error-bound.md`, "Boxes as written"). Exactly orthonormal columns with
    /// entries 0 and ±1 are stored as given.
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent, non-finite columns, or columns not orthonormal
    /// within [`AXES_TOLERANCE`] (`ObbError::NonOrthonormalAxes`).
    ///
    /// # Error bound
    ///
    /// A `false` is exact for the parallelepiped the columns span; a `true` outside
    /// [`AXES_BAND_K`](crate::tolerance::AXES_BAND_K)`·ε·S`.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{Mat3, Vec3};
    /// use sat_core::Obb3;
    ///
    /// // Columns that lean by 5e-7: the parallelepiped's corner reaches x = 1 + 5e-7.
    /// let leaning = Mat3::from_cols(Vec3::X, Vec3::new(5e-7, 1.0, 0.0), Vec3::Z);
    /// let a = Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, leaning)?;
    /// assert!(a.half_extents().x > 1.0);
    /// # Ok::<(), sat_core::ObbError>(())
    /// ```
    pub fn try_from_axes(center: Vec3, half_extents: Vec3, axes: Mat3) -> Result<Obb3, ObbError> {
        Self::try_from_columns(center.to_f64(), half_extents.to_f64(), axes.to_f64())
    }

    /// [`try_from_axes`](Self::try_from_axes) on the columns in f64 (`Obb3::try_enclosing_axes`
    /// on f64 numbers).
    pub(crate) fn try_from_columns(
        center: DVec3,
        half_extents: DVec3,
        axes: DMat3,
    ) -> Result<Obb3, ObbError> {
        if !axes.is_finite() {
            return Err(ObbError::NonFinite { what: "axes" });
        }
        let defect = orthonormality_defect(axes);
        if defect > f64::from(AXES_TOLERANCE) {
            return Err(ObbError::NonOrthonormalAxes {
                defect: defect as f32,
            });
        }
        Self::try_from_given(center, half_extents, GivenAxes::Columns(axes))
    }

    /// Box from a world transform and a full size: the centred box `[-size/2, size/2]` mapped by
    /// `transform` (rotation, per-axis scale and translation; the scale multiplies the size).
    ///
    /// Fast path: assumes finite values and a shear within [`AXES_TOLERANCE`]. The stored box
    /// contains the image of the box, as for [`try_from_axes`](Self::try_from_axes).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Affine3A, Quat, Vec3};
    ///
    /// // A unit cube model scaled to 2 × 1 × 1, turned and placed at (5, 0, 0).
    /// let transform = Affine3A::from_scale_rotation_translation(
    ///     Vec3::new(2.0, 1.0, 1.0), Quat::from_rotation_z(0.5), Vec3::new(5.0, 0.0, 0.0));
    /// let b = Obb3::from_affine(transform, Vec3::ONE);
    /// assert!(b.half_extents().abs_diff_eq(Vec3::new(1.0, 0.5, 0.5), 1e-6));
    /// ```
    pub fn from_affine(transform: Affine3A, size: Vec3) -> Obb3 {
        let m = Mat3::from(transform.matrix3).to_f64();
        let lengths = DVec3::new(m.x_axis.length(), m.y_axis.length(), m.z_axis.length());
        let half = size.to_f64() * lengths * 0.5;
        let center = Vec3::from(transform.translation).to_f64();
        Self::from_given(center, half, GivenAxes::Columns(unit_columns(m, lengths)))
    }

    /// Checked [`from_affine`](Self::from_affine): rejects non-finite values, negative sizes and
    /// a shearing transform (columns not orthogonal within [`AXES_TOLERANCE`], relative).
    /// A zero-scale column is legal and flattens the box.
    ///
    /// # Errors
    ///
    /// `ObbError` for a non-finite or out-of-range number (magnitudes above `MAX_MAGNITUDE`, non-zero
    /// below `MIN_MAGNITUDE`), a negative half-extent size, or a shearing transform (columns
    /// not orthogonal within [`AXES_TOLERANCE`]: `ObbError::Shear`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Affine3A, Mat3, Vec3};
    ///
    /// let sheared = Affine3A::from_mat3(Mat3::from_cols(Vec3::X, Vec3::new(0.1, 1.0, 0.0), Vec3::Z));
    /// assert!(Obb3::try_from_affine(sheared, Vec3::ONE).is_err());
    /// let flat = Affine3A::from_scale(Vec3::new(1.0, 0.0, 1.0)); // a zero scale flattens the box
    /// assert_eq!(Obb3::try_from_affine(flat, Vec3::ONE).unwrap().half_extents().y, 0.0);
    /// ```
    pub fn try_from_affine(transform: Affine3A, size: Vec3) -> Result<Obb3, ObbError> {
        check_center(Vec3::from(transform.translation))?;
        let size = Vec3::from_array(check_extents("size", size.to_array())?);
        let m = Mat3::from(transform.matrix3).to_f64();
        if !m.is_finite() {
            return Err(ObbError::NonFinite { what: "transform" });
        }
        let cols = [m.x_axis, m.y_axis, m.z_axis];
        let mut defect: f64 = 0.0;
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let norms = cols[i].length() * cols[j].length();
            if norms > 0.0 {
                defect = defect.max(cols[i].dot(cols[j]).abs() / norms);
            }
        }
        if defect > AXES_TOLERANCE.to_f64() {
            return Err(ObbError::Shear {
                defect: defect as f32,
            });
        }
        let obb = Self::from_affine(transform, size);
        check_built_extents("scaled half-extent", obb.half_extents.to_array())?;
        Ok(obb)
    }

    /// The same box with its half-extents multiplied by `factor` (about its centre).
    ///
    /// Fast path: assumes `factor` finite and non-negative.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::ONE, Vec3::new(1.0, 2.0, 3.0), Quat::IDENTITY).scaled(0.5);
    /// assert_eq!((b.center(), b.half_extents()), (Vec3::ONE, Vec3::new(0.5, 1.0, 1.5)));
    /// ```
    pub fn scaled(self, factor: Real) -> Obb3 {
        Self::from_axes(self.center(), self.half_extents() * factor, self.axes())
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
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// assert!(b.try_scaled(2.0).is_ok());
    /// assert!(b.try_scaled(-1.0).is_err());
    /// ```
    pub fn try_scaled(self, factor: Real) -> Result<Obb3, ObbError> {
        check_extent("scale factor", factor)?;
        check_half_extents(self.half_extents() * factor)?;
        Ok(self.scaled(factor))
    }

    /// Centre in world space.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::new(1.0, 2.0, 3.0), Vec3::new(0.5, 0.5, 2.0), Quat::from_rotation_z(0.7));
    /// assert_eq!(b.center(), Vec3::new(1.0, 2.0, 3.0));
    /// ```
    pub fn center(&self) -> Vec3 {
        self.center.into()
    }

    /// Half-extents along the local axes.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::new(1.0, 2.0, 3.0), Vec3::new(0.5, 0.5, 2.0), Quat::from_rotation_z(0.7));
    /// assert_eq!(b.half_extents(), Vec3::new(0.5, 0.5, 2.0));
    /// ```
    pub fn half_extents(&self) -> Vec3 {
        self.half_extents.into()
    }

    /// Local axes in world space, as columns.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::new(1.0, 2.0, 3.0), Vec3::new(0.5, 0.5, 2.0), Quat::from_rotation_z(0.7));
    /// assert!(b.axes().z_axis.abs_diff_eq(Vec3::Z, 1e-6)); // turned about z
    /// ```
    pub fn axes(&self) -> Mat3 {
        self.cols.into()
    }

    /// The eight corners; corner `k` takes the `+` side of local axis `i` when bit `i` of `k`
    /// is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let b = Obb3::new(Vec3::new(1.0, 2.0, 3.0), Vec3::new(0.5, 0.5, 2.0), Quat::from_rotation_z(0.7));
    /// let corners = b.corners();
    /// assert!(corners.iter().all(|c| (c.z - 3.0).abs() <= 2.0 + 1e-6));
    /// assert_eq!(corners.len(), 8);
    /// ```
    pub fn corners(&self) -> [Vec3; 8] {
        let e = [
            self.cols.x_axis * self.half_extents.x,
            self.cols.y_axis * self.half_extents.y,
            self.cols.z_axis * self.half_extents.z,
        ];
        core::array::from_fn(|k| {
            let side = |bit: usize| if k >> bit & 1 == 1 { 1.0 } else { -1.0 };
            Vec3::from(self.center + e[0] * side(0) + e[1] * side(1) + e[2] * side(2))
        })
    }

    /// `S = |t| + |e_A| + |e_B|`, the scale of the error bound for the pair.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    /// use sat_core::tolerance::{BAND_K, EPS};
    ///
    /// let a = Obb3::new(Vec3::ZERO, Vec3::new(3.0, 4.0, 0.0), Quat::IDENTITY); // |e_A| = 5
    /// let b = Obb3::new(Vec3::new(10.0, 0.0, 0.0), Vec3::ZERO, Quat::IDENTITY); // a point 10 away
    /// assert_eq!(a.error_scale(&b), 15.0);
    /// let band = BAND_K * EPS * a.error_scale(&b); // verdicts are exact beyond this margin
    /// assert!(band < 1e-4);
    /// ```
    pub fn error_scale(&self, other: &Obb3) -> Real {
        sqrt((other.center - self.center).length_squared()) + self.extent_norm + other.extent_norm
    }

    fn from_f64_axes(center: Vec3, half_extents: Vec3, axes: DMat3) -> Obb3 {
        Self::from_axes(center, half_extents, Mat3::round_from_f64(axes))
    }

    /// [`from_given`](Self::from_given) for unchecked input: the numbers as written must
    /// be in range, and so must the box built.
    pub(crate) fn try_from_given(
        center: DVec3,
        half_extents: DVec3,
        given: GivenAxes<DMat3>,
    ) -> Result<Obb3, ObbError> {
        check_point("center", center.to_array())?;
        check_extents("half-extent", half_extents.to_array())?;
        let obb = Self::from_given(center, half_extents, given);
        check_built_extents("half-extent", obb.half_extents.to_array())?;
        Ok(obb)
    }

    /// The stored box for a box as written (`docs/error-bound.md`, "Boxes as written"): centre rounded to
    /// nearest, axes rounded once, half-extents rounded up so that the box (with its exact axes)
    /// contains the written one.
    fn from_given(center: DVec3, half_extents: DVec3, given: GivenAxes<DMat3>) -> Obb3 {
        let (axes, spread) = match given {
            GivenAxes::Rotation(r) => (r, None),
            GivenAxes::Columns(g) => g.stored_axes(),
        };
        let rounded = Vec3::round_from_f64(center);
        let shift = center - rounded.to_f64(); // exact: within an ulp of `center`
        let shift_along = [0, 1, 2].map(|i| axes.col(i).dot(shift));
        let rows = spread.map(|h| h.transpose().to_cols_array_2d());
        let half = enclosing_half_extents(half_extents.to_array(), rows, shift_along);
        Self::from_f64_axes(rounded, Vec3::from_array(half), axes)
    }
}

/// `R(q)/|q|²` in f64: exactly orthonormal up to f64 rounding for any non-zero `q`.
fn quat_matrix(q: Quat) -> DMat3 {
    quat_matrix_f64(Real::quat_in_range(q.to_array()))
}

/// `R(q)/|q|²` for `q = [x, y, z, w]` in f64 (glam's convention: column 0 is the image of X).
/// Each entry is within `8·2⁻⁵³` of the exact value.
pub(crate) fn quat_matrix_f64([x, y, z, w]: [f64; 4]) -> DMat3 {
    let n = x * x + y * y + z * z + w * w;
    let (xx, yy, zz, ww) = (x * x, y * y, z * z, w * w);
    let (xy, xz, yz, wx, wy, wz) = (x * y, x * z, y * z, w * x, w * y, w * z);
    DMat3::from_cols(
        DVec3::new(ww + xx - yy - zz, 2.0 * (xy + wz), 2.0 * (xz - wy)) / n,
        DVec3::new(2.0 * (xy - wz), ww - xx + yy - zz, 2.0 * (yz + wx)) / n,
        DVec3::new(2.0 * (xz + wy), 2.0 * (yz - wx), ww - xx - yy + zz) / n,
    )
}

/// `max |MᵀM − I|` over the entries.
fn orthonormality_defect(m: DMat3) -> f64 {
    let g = m.transpose() * m - DMat3::IDENTITY;
    g.to_cols_array()
        .iter()
        .fold(0.0, |acc, v| acc.max(v.abs()))
}

/// The columns of `m` divided by their `lengths`; zero columns (a flattening scale) get unit
/// directions completing a frame, so the result is orthonormal within the columns' shear.
fn unit_columns(m: DMat3, lengths: DVec3) -> DMat3 {
    let cols = [m.x_axis, m.y_axis, m.z_axis];
    let nonzero: usize = cols.iter().filter(|c| **c != DVec3::ZERO).count();
    match nonzero {
        3 => DMat3::from_cols(
            m.x_axis / lengths.x,
            m.y_axis / lengths.y,
            m.z_axis / lengths.z,
        ),
        0 => DMat3::IDENTITY,
        _ => {
            let first = cols.iter().position(|c| *c != DVec3::ZERO).unwrap_or(0);
            let u = cols[first].normalize();
            let second = (first + 1..3).find(|&i| cols[i] != DVec3::ZERO);
            let v = match second {
                Some(i) => cols[i].normalize(),
                None => u.any_orthonormal_vector(),
            };
            let w = u.cross(v).normalize();
            // Place u, v, w back in column order: `first`, then the next slot, then the last.
            let second = second.unwrap_or((first + 1) % 3);
            let third = 3 - first - second;
            let mut out = [DVec3::ZERO; 3];
            out[first] = u;
            out[second] = v;
            out[third] = w;
            DMat3::from_cols(out[0], out[1], out[2])
        }
    }
}

pub(crate) fn check_center(center: Vec3) -> Result<(), ObbError> {
    check_point("center", center.to_array())
}

fn check_half_extents(half_extents: Vec3) -> Result<Vec3, ObbError> {
    check_extents("half-extent", half_extents.to_array()).map(Vec3::from_array)
}
