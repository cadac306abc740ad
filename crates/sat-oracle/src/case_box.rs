//! Boxes exactly as a case line writes them: every number an f64, one rotation form. The one
//! "box as written" type of the workspace: the `obbsat` case format reads into it, the CLI's
//! generator and the fuzz targets write through it, sat-core builds its boxes from it with the
//! checked f64 constructors ([`Box3::obb`]), and the exact oracle judges it ([`Box3::exact`]).
//!
//! ```
//! use sat_oracle::case_box::{Box2, Rotation2};
//!
//! // 999720.03° is 0.03° once reduced; rounded to f32 first it would be 0°.
//! let b = Box2 { center: [0.0; 2], half_extents: [50.0, 0.01], rotation: Rotation2::Degrees(999_720.03) };
//! let (obb, exact) = (b.obb(glam::DVec2::ZERO).unwrap(), b.exact());
//! assert!((f64::from(obb.axes().x_axis.y) - exact.axes[0][1]).abs() < 1e-7);
//! assert!(exact.axes[0][1] > 5e-4);
//! ```

use glam::{DMat2, DMat3, DQuat, DVec2, DVec3};
use sat_core::exact::{ExactBox2, ExactBox3};
use sat_core::{DObb2, DObb3, Obb2, Obb3, ObbError};
use serde::Serialize;

/// The rotation of a 2D box as written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rotation2 {
    /// `"angle"`: counter-clockwise, radians.
    Angle(f64),
    /// `"degrees"`: counter-clockwise, degrees.
    Degrees(f64),
    /// `"axes"`: local x and y as world-space columns.
    Axes([[f64; 2]; 2]),
}

/// The rotation of a 3D box as written: f64 numbers as a case line carries them, or `T = f32` as
/// the fuzz recipes build them ([`check::Orientation3`](crate::check::Orientation3)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rotation3<T = f64> {
    /// `"quat"`: `[x, y, z, w]`, any non-zero length.
    Quat([T; 4]),
    /// `"axes"`: local x, y and z as world-space columns.
    Axes([[T; 3]; 3]),
}

/// A box as a case line writes it, in `N` dimensions: [`Box2`] and [`Box3`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaseBox<const N: usize, T, R> {
    /// `"center"`.
    pub center: [T; N],
    /// `"half_extents"`.
    pub half_extents: [T; N],
    /// The one rotation key.
    pub rotation: R,
}

/// A 2D box as written: f64 numbers, or `T = f32` with axis columns `R = [[f32; 2]; 2]` as the
/// fuzz recipes build them ([`check::BoxInput2`](crate::check::BoxInput2)).
pub type Box2<T = f64, R = Rotation2> = CaseBox<2, T, R>;

/// A 3D box as written: f64 numbers, or `T = f32` as the fuzz recipes build them
/// ([`check::BoxInput3`](crate::check::BoxInput3)).
pub type Box3<T = f64> = CaseBox<3, T, Rotation3<T>>;

/// One of sat-core's checked rectangle constructors: centre, half-extents and a rotation `R`.
type Constructor2<T, R> = fn(DVec2, DVec2, R) -> Result<T, ObbError>;

impl Box2 {
    /// sat-core's rectangle of these numbers with its centre at `center` (the written one, or
    /// the pair moved so that another box is at the origin), through the checked f64
    /// constructors: it contains the rectangle as written (`sat_core::tolerance`, "Boxes as
    /// written").
    pub fn obb(&self, center: DVec2) -> Result<Obb2, ObbError> {
        let angle = [Obb2::try_enclosing, Obb2::try_enclosing_degrees];
        self.checked(center, angle, Obb2::try_enclosing_axes)
    }

    /// sat-core's f64 rectangle of these numbers ([`DObb2`], checked constructors): the numbers
    /// as written, none rounded; columns must be orthonormal within
    /// `sat_core::tolerance::AXES_TOLERANCE_F64`.
    pub fn dobb(&self) -> Result<DObb2, ObbError> {
        let angle = [DObb2::try_new, DObb2::try_from_degrees];
        self.checked(DVec2::from_array(self.center), angle, DObb2::try_from_axes)
    }

    /// The rectangle at `center` through one family of sat-core's checked constructors: `angle`
    /// (radians, degrees) or `axes`, as the rotation is written.
    fn checked<T>(
        &self,
        center: DVec2,
        [radians, degrees]: [Constructor2<T, f64>; 2],
        axes: Constructor2<T, DMat2>,
    ) -> Result<T, ObbError> {
        let half = DVec2::from_array(self.half_extents);
        match self.rotation {
            Rotation2::Angle(angle) => radians(center, half, angle),
            Rotation2::Degrees(angle) => degrees(center, half, angle),
            Rotation2::Axes(cols) => axes(center, half, DMat2::from_cols_array_2d(&cols)),
        }
    }

    /// The exact rectangle (parallelogram) of the numbers as written: columns taken exactly,
    /// angles as `libm`'s `(cos, sin)` of the f64 angle, degrees reduced modulo 360 exactly.
    pub fn exact(&self) -> ExactBox2 {
        let (center, half) = (self.center, self.half_extents);
        match self.rotation {
            Rotation2::Axes(columns) => ExactBox2::from_axes(center, half, columns),
            Rotation2::Angle(radians) => ExactBox2::from_radians(center, half, radians),
            Rotation2::Degrees(degrees) => ExactBox2::from_degrees(center, half, degrees),
        }
    }
}

impl Box3 {
    /// sat-core's box of these numbers with its centre at `center`, through the checked f64
    /// constructors (see [`Box2::obb`]).
    pub fn obb(&self, center: DVec3) -> Result<Obb3, ObbError> {
        let half = DVec3::from_array(self.half_extents);
        match self.rotation {
            Rotation3::Quat(q) => Obb3::try_enclosing(center, half, DQuat::from_array(q)),
            Rotation3::Axes([x, y, z]) => Obb3::try_enclosing_axes(
                center,
                half,
                DMat3::from_cols(
                    DVec3::from_array(x),
                    DVec3::from_array(y),
                    DVec3::from_array(z),
                ),
            ),
        }
    }

    /// sat-core's f64 box of these numbers ([`DObb3`], checked constructors; see
    /// [`Box2::dobb`]).
    pub fn dobb(&self) -> Result<DObb3, ObbError> {
        let (center, half) = (
            DVec3::from_array(self.center),
            DVec3::from_array(self.half_extents),
        );
        match self.rotation {
            Rotation3::Quat(q) => DObb3::try_new(center, half, DQuat::from_array(q)),
            Rotation3::Axes(cols) => {
                DObb3::try_from_axes(center, half, DMat3::from_cols_array_2d(&cols))
            }
        }
    }

    /// The exact box of the numbers as written: `R(q)/|q|²`, or the parallelepiped of the
    /// columns.
    pub fn exact(&self) -> ExactBox3 {
        match self.rotation {
            Rotation3::Quat(q) => ExactBox3::from_quat(self.center, self.half_extents, q),
            Rotation3::Axes(cols) => ExactBox3::from_axes(self.center, self.half_extents, cols),
        }
    }
}

/// The columns of `R(q)/|q|²` for a quaternion `q = [x, y, z, w]` as written, in f64 (glam's
/// convention: column 0 is the image of X); each entry within `8·2⁻⁵³` of the exact value. NaN
/// for a zero or non-finite quaternion.
pub fn quat_columns([x, y, z, w]: [f64; 4]) -> [DVec3; 3] {
    let n = x * x + y * y + z * z + w * w;
    let (xx, yy, zz, ww) = (x * x, y * y, z * z, w * w);
    let (xy, xz, yz, wx, wy, wz) = (x * y, x * z, y * z, w * x, w * y, w * z);
    [
        DVec3::new(ww + xx - yy - zz, 2.0 * (xy + wz), 2.0 * (xz - wy)) / n,
        DVec3::new(2.0 * (xy - wz), ww - xx + yy - zz, 2.0 * (yz + wx)) / n,
        DVec3::new(2.0 * (xz + wy), 2.0 * (yz - wx), ww - xx - yy + zz) / n,
    ]
}

/// The integer matrix `|q|²·R(q)` of an integer quaternion `[x, y, z, w]`, columns first: the
/// exact rotation `R(q)/|q|²` of [`quat_columns`] times `|q|²`.
pub fn integer_quat_columns([x, y, z, w]: [i64; 4]) -> [[i64; 3]; 3] {
    let (xx, yy, zz, ww) = (x * x, y * y, z * z, w * w);
    let (xy, xz, yz, wx, wy, wz) = (x * y, x * z, y * z, w * x, w * y, w * z);
    [
        [ww + xx - yy - zz, 2 * (xy + wz), 2 * (xz - wy)],
        [2 * (xy - wz), ww - xx + yy - zz, 2 * (yz + wx)],
        [2 * (xz + wy), 2 * (yz - wx), ww - xx - yy + zz],
    ]
}

/// One box of a case line as written out, in the case format's keys and key order: the one
/// writer of boxes in case lines (`obbsat generate`, the corpus, the fuzz checks' messages).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoxLine {
    /// Centre.
    pub center: Vec<f64>,
    /// Half-extents.
    pub half_extents: Vec<f64>,
    /// `[x, y, z, w]` (3D).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quat: Option<[f64; 4]>,
    /// Columns (2D or 3D).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axes: Option<Vec<Vec<f64>>>,
    /// Radians (2D).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub angle: Option<f64>,
    /// Degrees (2D).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degrees: Option<f64>,
}

impl BoxLine {
    fn bare(center: &[f64], half_extents: &[f64]) -> Self {
        BoxLine {
            center: center.to_vec(),
            half_extents: half_extents.to_vec(),
            quat: None,
            axes: None,
            angle: None,
            degrees: None,
        }
    }

    /// A 3D box rotated by `quat` (written as given).
    pub fn quat(center: [f64; 3], half_extents: [f64; 3], quat: [f64; 4]) -> Self {
        BoxLine {
            quat: Some(quat),
            ..Self::bare(&center, &half_extents)
        }
    }

    /// An axis-aligned 3D box (`"quat": [0, 0, 0, 1]`).
    pub fn cube(center: [f64; 3], half_extents: [f64; 3]) -> Self {
        Self::quat(center, half_extents, [0.0, 0.0, 0.0, 1.0])
    }

    /// A box with the given columns (2D: two of two, 3D: three of three).
    pub fn axes(center: &[f64], half_extents: &[f64], columns: &[&[f64]]) -> Self {
        BoxLine {
            axes: Some(columns.iter().map(|c| c.to_vec()).collect()),
            ..Self::bare(center, half_extents)
        }
    }

    /// An axis-aligned 2D box (`"angle": 0`).
    pub fn rect(center: [f64; 2], half_extents: [f64; 2]) -> Self {
        Self::angle(center, half_extents, 0.0)
    }

    /// A 2D box rotated by `radians`.
    pub fn angle(center: [f64; 2], half_extents: [f64; 2], radians: f64) -> Self {
        BoxLine {
            angle: Some(radians),
            ..Self::bare(&center, &half_extents)
        }
    }

    /// A 2D box rotated by `degrees`.
    pub fn degrees(center: [f64; 2], half_extents: [f64; 2], degrees: f64) -> Self {
        BoxLine {
            degrees: Some(degrees),
            ..Self::bare(&center, &half_extents)
        }
    }

    /// A written 2D box.
    pub fn two(b: &Box2) -> BoxLine {
        let (center, half) = (b.center, b.half_extents);
        match b.rotation {
            Rotation2::Axes([x, y]) => Self::axes(&center, &half, &[&x, &y]),
            Rotation2::Angle(radians) => Self::angle(center, half, radians),
            Rotation2::Degrees(degrees) => Self::degrees(center, half, degrees),
        }
    }

    /// A written 3D box.
    pub fn three(b: &Box3) -> BoxLine {
        let (center, half) = (b.center, b.half_extents);
        match b.rotation {
            Rotation3::Quat(q) => Self::quat(center, half, q),
            Rotation3::Axes([x, y, z]) => Self::axes(&center, &half, &[&x, &y, &z]),
        }
    }
}

/// A case line: the id and note when it has them, the dimension and both boxes as written. Its
/// JSON ([`CaseLine::to_json`]) is the one writer of the case format: every number round-trips
/// exactly, and `obbsat` reads it back to the same boxes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseLine {
    /// `"id"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `"note"`: what it exercises, for people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// 2 or 3.
    pub dim: u8,
    /// First box.
    pub a: BoxLine,
    /// Second box.
    pub b: BoxLine,
}

impl CaseLine {
    /// Two written rectangles, without id.
    pub fn two(a: &Box2, b: &Box2) -> Self {
        Self::new(2, BoxLine::two(a), BoxLine::two(b))
    }

    /// Two written boxes, without id.
    pub fn three(a: &Box3, b: &Box3) -> Self {
        Self::new(3, BoxLine::three(a), BoxLine::three(b))
    }

    /// A 2D case with an id and a note.
    pub fn named2(id: impl Into<String>, note: impl Into<String>, a: BoxLine, b: BoxLine) -> Self {
        Self::new(2, a, b).named(id, note)
    }

    /// A 3D case with an id and a note.
    pub fn named3(id: impl Into<String>, note: impl Into<String>, a: BoxLine, b: BoxLine) -> Self {
        Self::new(3, a, b).named(id, note)
    }

    /// The case with this id and note.
    pub fn named(self, id: impl Into<String>, note: impl Into<String>) -> Self {
        CaseLine {
            id: Some(id.into()),
            note: Some(note.into()),
            ..self
        }
    }

    fn new(dim: u8, a: BoxLine, b: BoxLine) -> Self {
        CaseLine {
            id: None,
            note: None,
            dim,
            a,
            b,
        }
    }

    /// The line's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a case line serialises")
    }
}
