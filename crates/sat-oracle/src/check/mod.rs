//! The differential check behind the fuzz targets and `crates/sat-oracle/tests/all/fuzz_replay.rs`: sat-core against
//! the exact oracle, parry's GJK and SAT against both.
//!
//! # What a recipe pair is
//!
//! [`RecipePair2`] and [`RecipePair3`] hold two boxes as a case line carries them (f32 numbers;
//! 3D boxes as a quaternion or as axis columns, 2D boxes as axis columns) and the recipe that
//! built them.
//! They implement [`arbitrary::Arbitrary`]: fuzzer bytes decode into a *recipe*
//! ([`Recipe2`], [`Recipe3`], [`NearParallelRecipe3`]) that builds box B relative to box A in the
//! regimes where box tests break — near-parallel faces and edges (tilts of `1e-8..1e-2` rad),
//! gaps of 0, ±k ulps, tiny, or a multiple of `ε·S` around sat-core's band along face and
//! edge-edge directions, grid values and octahedral or small-integer rotations so exact touching is
//! representable, `−0.0`, sizes `1e-3..1e4`, centres up to `1e7` from the origin, and, rarely,
//! raw f32 bit patterns. Every byte string decodes (missing bytes read as zeros), and every
//! recipe encodes back to bytes, so the named seeds ([`seeds2`], [`seeds3`],
//! [`seeds_near_parallel3`]) are committed as corpus files.
//!
//! # What `check` does
//!
//! [`check2`] / [`check3`] build both boxes with sat-core's checked constructors (a rejected input
//! returns a [`Report`] with `accepted: false` and is not counted), then run sat-core's
//! `intersects` and `intersects_certified`, parry's GJK and parry's SAT. The reference is the
//! exact verdict for the boxes *as given* (the quaternion's `R(q)/|q|²`, the columns' parallelogram
//! or parallelepiped), decided by an f64 filter with a rigorous error bound (a few hundred
//! nanoseconds) and, when the margin is too close to zero for it, by the big-integer oracle
//! [`sat_core::exact`]. It panics — a crash libFuzzer records — if and only if:
//!
//! * sat-core's `intersects` is wrong where `|margin| > band(S)` (`BAND_K·ε·S`);
//! * sat-core's `intersects` says "apart" while the exact boxes intersect (at any margin: a
//!   `false` is documented to be exact);
//! * the batch kernel (`sat_core::batch::pair_overlaps2/3`) differs from `intersects` on the
//!   pair (documented bit-identical, so it inherits the error bound);
//! * `intersects_certified` differs from the exact verdict of the boxes sat-core *stores*
//!   (`ExactBox3::from_obb`), at any margin;
//! * the f64 filter contradicts the big-integer oracle (a bug of this checker).
//!
//! A wrong GJK or SAT verdict is a peer finding: returned in the [`Report`], counted (see
//! [`peer_tallies`]) and printed whenever it is that peer's worst so far, if it lies outside
//! sat-core's band. A panic inside parry (its debug assertions fire on some contacts; see
//! [`crate::peers`]) is caught and is a peer finding too: no verdict, [`Report::panicked`], counted
//! in [`PeerTally::panicked`] and printed the first time per peer, dimension and place. sat-core
//! is never called inside the catch, so its panics stay crashes. With `OBBSAT_STRICT_PEERS=1`
//! every peer finding panics (outside the catch).
//!
//! [`check3_f64`] and [`check2_f64`] judge sat-core's f64 boxes (`DObb3`, `DObb2`) on the same
//! recipes moved into f64's regime (see [`check3_f64`] for how).
//!
//! [`check_separation3`] adds `separation()`'s bounds and checks every filter decision against
//! the big-integer oracle. [`check_contact3`], [`check_manifold3`] (and their 2D twins) judge
//! what rapier consumes from the dispatcher (see [`contact`]); [`check_scene3`] steps scenes of a
//! few boxes ([`Scene3`]) through a rapier3d pipeline with the dispatcher and judges every
//! manifold the same way. [`check_distance3`] and [`check_distance2`] judge `distance` and
//! `closest_points` against the exact distance (see [`distance_peer_tallies`] for parry's).
//! [`TARGETS`] maps each fuzz target's name to its check.
//!
//! ```
//! use sat_oracle::check::{RecipePair3, check3, seeds3};
//!
//! for (name, recipe) in seeds3() {
//!     let report = check3(&RecipePair3::from(recipe));
//!     assert!(report.accepted, "{name}");
//! }
//! ```

mod adjudicate;
mod cast;
mod cast_recipe;
mod cast_seeds;
pub mod contact;
mod contact2;
mod contact3;
mod distance;
mod double;
mod field_bytes;
mod filter;
mod geometry;
mod judged;
mod peer_findings;
mod recipe;
mod recipe2;
mod recipe3;
mod recipe_pair;
mod scene3;
mod seeds;
mod separation;

use arbitrary::{Arbitrary, Unstructured};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};

use crate::case_box::CaseLine;

pub use adjudicate::{Peer, PeerError, Report, check2, check3};
pub use cast::{
    NonlinearJudgement, PEER_K, cast_peer_tallies, check_cast2, check_cast3, check_cast3_nonlinear,
    judge_cast3_nonlinear, nonlinear_scale3, undecided_nonlinear_proofs,
};
pub use cast_recipe::{
    AngularMotion, CastCase2, CastCase3, CastRecipe, CastRecipe2, CastRecipe3, Drift, Heading,
    Horizon, Lead, Lean, MotionInput3, NonlinearCase3, NonlinearRecipe3, Pivot, Rate, RawTurning,
    RelativeSpeed, Slide, TargetDistance, Travel, Tumble, Turning,
};
pub use cast_seeds::{seeds_cast2, seeds_cast3, seeds_cast3_nonlinear};
pub use contact2::{ContactCase2, check_contact2, check_manifold2};
pub use contact3::{ContactCase3, check_contact3, check_manifold3};
pub use distance::{check_distance2, check_distance3, distance_peer_tallies};
pub use double::{check2_f64, check3_f64};
pub use geometry::{
    Contact, OCTAHEDRAL, edge_contact3, face_contact3, lean_columns, norm, sign_of, ulp32,
    uniform_quat,
};
pub use judged::Judged;
pub use peer_findings::{PeerTally, peer_tallies, strict_peers};
pub use recipe::{Direction, Extent, Gap, Offset, Origin, Recipe, Size, Tilt};
pub use recipe_pair::{
    BoxInput2, BoxInput3, NearParallel3, Orientation3, RecipePair2, RecipePair3,
};
pub use recipe2::{Angle, NearParallel2, Placement2, Recipe2, Relative2, Rewrite2};
pub use recipe3::{
    Contact3, EdgeContact, EdgeParallel, FaceContact, Near3, NearParallel, NearParallelRecipe3,
    Nudge, Placement3, Recipe3, Relative3, Rewrite3, Rotation, RotationForm, Spin,
};
pub use scene3::{
    Body3, Gravity, Motion3, Placed3, Scene3, Speed, Velocity3, check_scene3, seeds_scene3,
};
pub use seeds::{rejected2, rejected3, seeds_near_parallel3, seeds2, seeds3};
pub use separation::check_separation3;

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

/// Decodes fuzzer bytes as `fuzz_target!` does (`arbitrary_take_rest`); never fails.
pub fn decode<'a, T: Arbitrary<'a>>(bytes: &'a [u8]) -> T {
    T::arbitrary_take_rest(Unstructured::new(bytes)).expect("every byte string decodes")
}

/// Seeded random fuzz inputs, the same on every platform (splitmix64): the targets replayed on
/// stable without libFuzzer.
#[derive(Debug, Clone)]
pub struct RandomInputs(SplitMix64);

impl RandomInputs {
    /// The inputs of this seed.
    pub fn new(seed: u64) -> Self {
        Self(SplitMix64::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// The next input, `0..max_len` random bytes, into `buffer` (short inputs exercise the zero
    /// padding of [`decode`]).
    pub fn input(&mut self, buffer: &mut Vec<u8>, max_len: u64) {
        buffer.clear();
        let len = (self.next_u64() % max_len) as usize;
        while buffer.len() < len {
            buffer.extend_from_slice(&self.next_u64().to_le_bytes());
        }
        buffer.truncate(len);
    }
}

/// A recipe as the bytes a fuzz target decodes it from.
pub trait Encode {
    /// Bytes that decode to this recipe.
    fn to_bytes(&self) -> Vec<u8>;
}

macro_rules! encode_recipes {
    ($($recipe:ty),*) => {$(
        impl Encode for $recipe {
            fn to_bytes(&self) -> Vec<u8> {
                let mut out = Vec::new();
                field_bytes::FieldBytes::encode(self, &mut out);
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
}
