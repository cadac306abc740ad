//! Cases: two boxes as a case file carries them (f32 numbers and the form they are written in),
//! with the recipe that built them. Decoded from fuzzer bytes through [`Arbitrary`].

use arbitrary::{Arbitrary, Unstructured};
use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use sat_core::{Obb2, Obb3, ObbError};

use super::filter::Frame;
use super::knob::Knob;
use super::recipe2::Recipe2;
use super::recipe3::{NearParallelRecipe3, Recipe3};

/// How a 3D box's orientation is written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Orientation3 {
    /// Quaternion `[x, y, z, w]`, not necessarily unit: the rotation `R(q)/|q|²`.
    Quat([f32; 4]),
    /// Axis columns (local x, y, z in world space).
    Axes([[f32; 3]; 3]),
}

/// A 3D box as a case carries it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxInput3 {
    /// Centre.
    pub center: [f32; 3],
    /// Half-extents.
    pub half_extents: [f32; 3],
    /// Orientation.
    pub orientation: Orientation3,
}

/// A 2D box as a case carries it: axis columns (a rotation written any other way is not a
/// rational box).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxInput2 {
    /// Centre.
    pub center: [f32; 2],
    /// Half-extents.
    pub half_extents: [f32; 2],
    /// Axis columns (local x, y in world space).
    pub axes: [[f32; 2]; 2],
}

impl BoxInput3 {
    /// The sat-core box, through the checked constructor for its form (`try_new` or
    /// `try_from_axes`).
    pub fn obb(&self) -> Result<Obb3, ObbError> {
        let (c, e) = (self.center.into(), self.half_extents.into());
        match self.orientation {
            Orientation3::Quat(q) => Obb3::try_new(c, e, glam::Quat::from_array(q)),
            Orientation3::Axes(cols) => {
                Obb3::try_from_axes(c, e, glam::Mat3::from_cols_array_2d(&cols))
            }
        }
    }

    /// The exact box of the numbers as given: `R(q)/|q|²`, or the parallelepiped of the columns.
    pub fn exact(&self) -> ExactBox3 {
        let (c, e) = (self.center.map(f64::from), self.half_extents.map(f64::from));
        match self.orientation {
            Orientation3::Quat(q) => ExactBox3::from_quat(c, e, q.map(f64::from)),
            Orientation3::Axes(cols) => ExactBox3::from_axes(c, e, cols.map(|g| g.map(f64::from))),
        }
    }

    /// The same box for the f64 filter.
    pub(crate) fn frame(&self) -> Frame<3> {
        match self.orientation {
            Orientation3::Quat(q) => Frame::quat(self.center, self.half_extents, q),
            Orientation3::Axes(cols) => Frame::axes(self.center, self.half_extents, cols),
        }
    }

    fn json(&self) -> String {
        let rotation = match self.orientation {
            Orientation3::Quat(q) => format!("\"quat\": {}", numbers(&q)),
            Orientation3::Axes(cols) => format!("\"axes\": {}", columns(&cols)),
        };
        box_json(&self.center, &self.half_extents, &rotation)
    }
}

impl BoxInput2 {
    /// The sat-core rectangle, through `Obb2::try_from_axes`.
    pub fn obb(&self) -> Result<Obb2, ObbError> {
        let axes = glam::Mat2::from_cols_array_2d(&self.axes);
        Obb2::try_from_axes(self.center.into(), self.half_extents.into(), axes)
    }

    /// The exact parallelogram of the numbers as given.
    pub fn exact(&self) -> ExactBox2 {
        ExactBox2::from_axes(
            self.center.map(f64::from),
            self.half_extents.map(f64::from),
            self.axes.map(|g| g.map(f64::from)),
        )
    }

    /// The same rectangle for the f64 filter.
    pub(crate) fn frame(&self) -> Frame<2> {
        Frame::axes(self.center, self.half_extents, self.axes)
    }

    fn json(&self) -> String {
        let axes = format!("\"axes\": {}", columns(&self.axes));
        box_json(&self.center, &self.half_extents, &axes)
    }
}

/// A 3D case: the recipe and the two boxes it built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case3 {
    /// How the boxes were built.
    pub recipe: Recipe3,
    /// First box.
    pub a: BoxInput3,
    /// Second box.
    pub b: BoxInput3,
}

/// A 2D case: the recipe and the two rectangles it built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case2 {
    /// How the rectangles were built.
    pub recipe: Recipe2,
    /// First rectangle.
    pub a: BoxInput2,
    /// Second rectangle.
    pub b: BoxInput2,
}

impl From<Recipe3> for Case3 {
    fn from(recipe: Recipe3) -> Case3 {
        let (a, b) = recipe.build();
        Case3 { recipe, a, b }
    }
}

impl From<Recipe2> for Case2 {
    fn from(recipe: Recipe2) -> Case2 {
        let (a, b) = recipe.build();
        Case2 { recipe, a, b }
    }
}

impl Case3 {
    /// Both sat-core boxes, or the first error of the checked constructors.
    pub fn obbs(&self) -> Result<(Obb3, Obb3), ObbError> {
        Ok((self.a.obb()?, self.b.obb()?))
    }

    /// The exact verdict for the numbers as given.
    pub fn exact(&self) -> ExactVerdict {
        verdict3(&self.a.exact(), &self.b.exact())
    }

    /// The case as a line of the `obbsat` case format (`obbsat verdict` reads it).
    pub fn to_json(&self) -> String {
        format!(
            "{{\"dim\": 3, \"a\": {}, \"b\": {}}}",
            self.a.json(),
            self.b.json()
        )
    }
}

impl Case2 {
    /// Both sat-core rectangles, or the first error of the checked constructors.
    pub fn obbs(&self) -> Result<(Obb2, Obb2), ObbError> {
        Ok((self.a.obb()?, self.b.obb()?))
    }

    /// The exact verdict for the numbers as given.
    pub fn exact(&self) -> ExactVerdict {
        verdict2(&self.a.exact(), &self.b.exact())
    }

    /// The case as a line of the `obbsat` case format.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"dim\": 2, \"a\": {}, \"b\": {}}}",
            self.a.json(),
            self.b.json()
        )
    }
}

/// A 3D case from a [`NearParallelRecipe3`]: near-parallel faces or edges in contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearParallel3(pub Case3);

impl<'a> Arbitrary<'a> for Case3 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Recipe3::decode(u).into())
    }
}

impl<'a> Arbitrary<'a> for Case2 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Recipe2::decode(u).into())
    }
}

impl<'a> Arbitrary<'a> for NearParallel3 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(NearParallel3(
            Recipe3::from(NearParallelRecipe3::decode(u)).into(),
        ))
    }
}

fn box_json<const N: usize>(center: &[f32; N], half_extents: &[f32; N], rotation: &str) -> String {
    format!(
        "{{\"center\": {}, \"half_extents\": {}, {rotation}}}",
        numbers(center),
        numbers(half_extents)
    )
}

/// `[x, y, ...]` with each f32 written as the f64 of the same value (exact, round-trips).
fn numbers(values: &[f32]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|&v| format!("{:?}", f64::from(v)))
        .collect();
    format!("[{}]", items.join(", "))
}

fn columns<const N: usize>(cols: &[[f32; N]; N]) -> String {
    let items: Vec<String> = cols.iter().map(|c| numbers(c)).collect();
    format!("[{}]", items.join(", "))
}
