//! The boxes of a fuzz case as a case line carries them: [`BoxInput3`] and [`BoxInput2`], the
//! boxes as written ([`Box3`], [`Box2`]) in the f32 numbers a recipe built.

use crate::case_box::{Box2, Box3, Rotation2, Rotation3};

use super::filter::FilterBox;

/// How a 3D box's orientation is written: a quaternion `[x, y, z, w]` (the rotation `R(q)/|q|²`,
/// not necessarily unit) or axis columns, in the f32 numbers the recipe built.
pub type Orientation3 = Rotation3<f32>;

/// A 3D box as a case carries it: the box as written ([`Box3`]) in the f32 numbers the recipe
/// built.
pub type BoxInput3 = Box3<f32>;

/// A 2D box as a case carries it: the box as written ([`Box2`]) in the f32 numbers the recipe
/// built, its rotation always axis columns (local x, y in world space; an angle is not a
/// rational box).
pub type BoxInput2 = Box2<f32, [[f32; 2]; 2]>;

impl BoxInput3 {
    /// The same numbers as a box as written (f64, exactly).
    pub fn to_f64(&self) -> Box3 {
        Box3 {
            center: self.center.map(f64::from),
            half_extents: self.half_extents.map(f64::from),
            rotation: match self.rotation {
                Orientation3::Quat(q) => Rotation3::Quat(q.map(f64::from)),
                Orientation3::Axes(cols) => Rotation3::Axes(cols.map(|c| c.map(f64::from))),
            },
        }
    }

    /// The same box for the f64 filter.
    pub(crate) fn filter_box(&self) -> FilterBox<3> {
        match self.rotation {
            Orientation3::Quat(q) => FilterBox::quat(self.center, self.half_extents, q),
            Orientation3::Axes(cols) => FilterBox::axes(self.center, self.half_extents, cols),
        }
    }
}

impl BoxInput2 {
    /// The same numbers as a rectangle as written (f64, exactly).
    pub fn to_f64(&self) -> Box2 {
        Box2 {
            center: self.center.map(f64::from),
            half_extents: self.half_extents.map(f64::from),
            rotation: Rotation2::Axes(self.rotation.map(|c| c.map(f64::from))),
        }
    }

    /// The same rectangle for the f64 filter.
    pub(crate) fn filter_box(&self) -> FilterBox<2> {
        FilterBox::axes(self.center, self.half_extents, self.rotation)
    }
}
