//! Recipe pairs: a fuzz recipe and the two boxes it built, as a case line carries them (f32
//! numbers and the form they are written in). Decoded from fuzzer bytes through [`Arbitrary`].

use arbitrary::{Arbitrary, Unstructured};
use glam::{DVec2, DVec3};
use sat_core::exact::{ExactVerdict, verdict2, verdict3};
use sat_core::{Obb2, Obb3, ObbError};

use crate::case_box::{Box2, Box3, CaseLine};

use super::box_input::{BoxInput2, BoxInput3};
use super::field_bytes::FieldBytes;
use super::filter::FilterBox;
use super::recipe2::{Recipe2, Rewrite2};
use super::recipe3::{NearParallelRecipe3, Recipe3, Rewrite3};

/// A 3D recipe pair: the recipe and the two boxes it built (the input of the `obb3` fuzz target).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecipePair3 {
    /// How the boxes were built.
    pub recipe: Recipe3,
    /// First box.
    pub a: BoxInput3,
    /// Second box.
    pub b: BoxInput3,
}

/// A 2D recipe pair: the recipe and the two rectangles it built (the input of `obb2`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecipePair2 {
    /// How the rectangles were built.
    pub recipe: Recipe2,
    /// First rectangle.
    pub a: BoxInput2,
    /// Second rectangle.
    pub b: BoxInput2,
}

impl From<Recipe3> for RecipePair3 {
    fn from(recipe: Recipe3) -> RecipePair3 {
        let (a, b) = recipe.build();
        RecipePair3 { recipe, a, b }
    }
}

impl From<Recipe2> for RecipePair2 {
    fn from(recipe: Recipe2) -> RecipePair2 {
        let (a, b) = recipe.build();
        RecipePair2 { recipe, a, b }
    }
}

/// The methods [`RecipePair3`] and [`RecipePair2`] share, written once over each dimension's types: the
/// boxes as written, sat-core's boxes, the exact verdict, the filter's boxes and the case line.
macro_rules! case_methods {
    ($case:ident: $box:ident, $obb:ident, $dvec:ident, $verdict:ident, $rewrite:ident, $line:ident, $n:literal) => {
        impl $case {
            /// Both boxes as the case line writes them: the built f32 numbers, rewritten as the
            /// recipe's `rewrite` says.
            pub fn boxes(&self) -> ($box, $box) {
                let rewrite = self.recipe.rewrite;
                (
                    rewrite.apply(&self.a.to_f64()),
                    rewrite.apply(&self.b.to_f64()),
                )
            }

            /// Both sat-core boxes from the numbers as written (sat-core's checked f64
            /// constructors), or the first error.
            pub fn obbs(&self) -> Result<($obb, $obb), ObbError> {
                let (a, b) = self.boxes();
                let centre = |b: &$box| $dvec::from_array(b.center);
                Ok((a.obb(centre(&a))?, b.obb(centre(&b))?))
            }

            /// The exact verdict for the numbers as written.
            pub fn exact(&self) -> ExactVerdict {
                let (a, b) = self.boxes();
                $verdict(&a.exact(), &b.exact())
            }

            /// The boxes for the f64 filter, when the numbers are the f32 ones it was built for.
            pub(crate) fn filter_boxes(&self) -> Option<(FilterBox<$n>, FilterBox<$n>)> {
                (self.recipe.rewrite == $rewrite::AsBuilt)
                    .then(|| (self.a.filter_box(), self.b.filter_box()))
            }

            /// The case as a line of the `obbsat` case format (`obbsat verdict` reads it),
            /// without id.
            pub fn case_line(&self) -> CaseLine {
                let (a, b) = self.boxes();
                CaseLine::$line(&a, &b)
            }

            /// [`case_line`](Self::case_line)'s JSON.
            pub fn to_json(&self) -> String {
                self.case_line().to_json()
            }
        }
    };
}

case_methods!(RecipePair3: Box3, Obb3, DVec3, verdict3, Rewrite3, three, 3);
case_methods!(RecipePair2: Box2, Obb2, DVec2, verdict2, Rewrite2, two, 2);

/// A 3D case from a [`NearParallelRecipe3`]: near-parallel faces or edges in contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearParallel3(pub RecipePair3);

impl<'a> Arbitrary<'a> for RecipePair3 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Recipe3::decode(u).into())
    }
}

impl<'a> Arbitrary<'a> for RecipePair2 {
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
