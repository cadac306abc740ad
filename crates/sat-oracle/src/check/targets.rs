//! The fuzz targets as data: [`TARGETS`] maps each target's name to its check, its named seeds
//! (as bytes) and, for a pair of boxes, its case line. The top of `check`: it names every
//! recipe and every check, and nothing below it names it.

use crate::case_box::CaseLine;

use super::adjudicate::{Report, check2, check3};
use super::cast::{check_cast2, check_cast3, check_cast3_nonlinear};
use super::cast_recipe::{CastRecipe2, CastRecipe3, NonlinearRecipe3};
use super::cast_seeds::{seeds_cast2, seeds_cast3, seeds_cast3_nonlinear};
use super::contact;
use super::contact2::rules::{check_contact as check_contact2, check_manifold as check_manifold2};
use super::contact3::rules::{check_contact as check_contact3, check_manifold as check_manifold3};
use super::distance::{check_distance2, check_distance3};
use super::double::{check2_f64, check3_f64};
use super::field_bytes::{Encode, FieldBytes, decode};
use super::recipe_pair::{NearParallel3, RecipePair2, RecipePair3};
use super::recipe2::Recipe2;
use super::recipe3::{NearParallelRecipe3, Recipe3};
use super::scene3::{Scene3, check_scene3, seeds_scene3};
use super::seeds::{rejected2, rejected3, seeds_near_parallel3, seeds2, seeds3};
use super::separation::check_separation3;

/// A fuzz target: the name of its directories under `fuzz/corpus` and `fuzz/regressions`, the
/// check its inputs go through, and its named seeds as bytes.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// `obb2`, `obb3`, `obb2_f64`, `obb3_f64`, `near_parallel3`, `separation3`, `contact2`,
    /// `contact3`, `manifold2`, `manifold3`, `rapier3`, `distance2`, `distance3`, `cast2`,
    /// `cast3` or `cast3_nonlinear`.
    pub name: &'static str,
    /// Decodes the bytes as the target does and checks the case.
    pub run: fn(&[u8]) -> Report,
    /// The named seeds, encoded.
    pub seeds: fn() -> Vec<(&'static str, Vec<u8>)>,
    /// The bytes as an `obbsat` case line (no id), for the targets whose inputs are a pair of
    /// boxes; `obbsat corpus` turns their minimised findings into cases with it.
    pub case_line: Option<fn(&[u8]) -> CaseLine>,
}

/// The fuzz target of that name.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// One [`Target`]: its name, its check (the bytes decode to the check's input), its seeds and,
/// when its input is a pair of boxes, how that input writes itself as a case line.
macro_rules! target {
    ($name:literal, $check:expr, $seeds:expr $(, $case_line:expr)?) => {
        Target {
            name: $name,
            run: |bytes| $check(&decode(bytes)),
            seeds: || $seeds,
            case_line: target!(@case_line $($case_line)?),
        }
    };
    (@case_line) => {
        None
    };
    (@case_line $case_line:expr) => {
        Some(|bytes| $case_line(&decode(bytes)))
    };
}

/// Every fuzz target, one row each (`rustfmt::skip`: a table).
#[rustfmt::skip]
pub const TARGETS: [Target; 16] = [
    target!("obb2", check2, encode_all([seeds2(), rejected2()].concat()), RecipePair2::case_line),
    target!("obb3", check3, encode_all([seeds3(), rejected3()].concat()), RecipePair3::case_line),
    // Written in f64 from the recipe (`check::double`), not the recipe's own case line.
    target!("obb2_f64", check2_f64, encode_all([seeds2(), rejected2()].concat()), RecipePair2::case_line_f64),
    target!("obb3_f64", check3_f64, encode_all([seeds3(), rejected3()].concat()), RecipePair3::case_line_f64),
    target!(
        "near_parallel3",
        |input: &NearParallel3| check3(&input.0),
        encode_all(seeds_near_parallel3()),
        |input: &NearParallel3| input.0.case_line()
    ),
    target!("separation3", check_separation3, encode_all(seeds3()), RecipePair3::case_line),
    target!("contact2", check_contact2, contact::seeds(encode_all(seeds2()))),
    target!("contact3", check_contact3, contact::seeds(encode_all(seeds3()))),
    target!("manifold2", check_manifold2, contact::seeds(encode_all(seeds2()))),
    target!("manifold3", check_manifold3, contact::seeds(encode_all(seeds3()))),
    target!("rapier3", check_scene3, encode_all(seeds_scene3())),
    target!("distance2", check_distance2, encode_all(seeds2()), RecipePair2::case_line),
    target!("distance3", check_distance3, encode_all(seeds3()), RecipePair3::case_line),
    target!("cast2", check_cast2, encode_all(seeds_cast2())),
    target!("cast3", check_cast3, encode_all(seeds_cast3())),
    target!("cast3_nonlinear", check_cast3_nonlinear, encode_all(seeds_cast3_nonlinear())),
];

macro_rules! encode_recipes {
    ($($recipe:ty),*) => {$(
        impl Encode for $recipe {
            fn to_bytes(&self) -> Vec<u8> {
                let mut out = Vec::new();
                FieldBytes::encode(self, &mut out);
                out
            }
        }
    )*};
}

encode_recipes!(
    Recipe2,
    Recipe3,
    NearParallelRecipe3,
    Scene3,
    CastRecipe2,
    CastRecipe3,
    NonlinearRecipe3
);

fn encode_all<T: Encode>(seeds: Vec<(&'static str, T)>) -> Vec<(&'static str, Vec<u8>)> {
    seeds
        .into_iter()
        .map(|(name, r)| (name, r.to_bytes()))
        .collect()
}

#[cfg(test)]
mod tests {
    use sat_core::ObbError;

    use super::*;

    #[test]
    fn seeds_decode_to_their_recipes() {
        for (name, recipe) in seeds3() {
            assert_eq!(
                decode::<RecipePair3>(&recipe.to_bytes()).recipe,
                recipe,
                "{name}"
            );
        }
        for (name, recipe) in seeds2() {
            assert_eq!(
                decode::<RecipePair2>(&recipe.to_bytes()).recipe,
                recipe,
                "{name}"
            );
        }
        for (name, recipe) in seeds_near_parallel3() {
            let case = decode::<NearParallel3>(&recipe.to_bytes()).0;
            assert_eq!(case.recipe, Recipe3::from(recipe), "{name}");
        }
    }

    #[test]
    fn decoded_recipes_encode_back() {
        let mut state = 0x0123_4567_89ab_cdef_u64;
        for len in 0..400 {
            let bytes: Vec<u8> = (0..len % 90)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    (state >> 56) as u8
                })
                .collect();
            let recipe = decode::<RecipePair3>(&bytes).recipe;
            assert_eq!(decode::<RecipePair3>(&recipe.to_bytes()).recipe, recipe);
            let recipe = decode::<RecipePair2>(&bytes).recipe;
            assert_eq!(decode::<RecipePair2>(&recipe.to_bytes()).recipe, recipe);
        }
    }

    #[test]
    fn exact_touching_seeds_touch_exactly() {
        let named = |name: &str| seeds3().into_iter().find(|s| s.0 == name).unwrap().1;
        for name in [
            "cubes-face-touching",
            "octahedral-touching",
            "negative-zeros",
        ] {
            let v = RecipePair3::from(named(name)).exact();
            assert_eq!((v.intersects, v.margin), (true, 0.0), "{name}");
        }
        let squares = seeds2()
            .into_iter()
            .find(|s| s.0 == "quarter-turn-touching")
            .unwrap()
            .1;
        let v = RecipePair2::from(squares).exact();
        assert_eq!((v.intersects, v.margin), (true, 0.0));
    }

    /// The error a rejected seed's name promises.
    fn expected(name: &str) -> fn(&ObbError) -> bool {
        match name {
            "rejected-nan-centre"
            | "rejected-infinite-half-extent"
            | "rejected-nan-quaternion"
            | "rejected-nan-axes"
            | "rejected-nan-angle" => |e| matches!(e, ObbError::NonFinite { .. }),
            "rejected-half-extent-above-max-magnitude" => {
                |e| matches!(e, ObbError::TooLarge { .. })
            }
            "rejected-half-extent-below-min-magnitude" => {
                |e| matches!(e, ObbError::TooSmall { .. })
            }
            "rejected-zero-quaternion" => |e| matches!(e, ObbError::ZeroQuaternion),
            _ => panic!("no expected error for {name}"),
        }
    }

    /// Every rejected seed gets the error its name promises, and neither check (f32 boxes, f64
    /// boxes) accepts it.
    fn assert_rejected<R, C: From<R>>(
        seeds: Vec<(&'static str, R)>,
        error: fn(&C) -> Option<ObbError>,
        checks: [fn(&C) -> Report; 2],
    ) {
        for (name, recipe) in seeds {
            let case = C::from(recipe);
            let error = error(&case).expect(name);
            assert!(expected(name)(&error), "{name}: {error:?}");
            assert!(checks.iter().all(|check| !check(&case).accepted), "{name}");
        }
    }

    #[test]
    fn rejected_seeds_get_their_errors() {
        assert_rejected(
            rejected3(),
            |c: &RecipePair3| c.obbs().err(),
            [check3, check3_f64],
        );
        assert_rejected(
            rejected2(),
            |c: &RecipePair2| c.obbs().err(),
            [check2, check2_f64],
        );
    }
}
