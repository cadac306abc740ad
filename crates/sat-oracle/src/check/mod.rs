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
mod box_input;
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
mod targets;

pub use adjudicate::{Report, check2, check3};
pub use box_input::{BoxInput2, BoxInput3, Orientation3};
pub use cast::{
    PEER_K, cast_peer_tallies, check_cast2, check_cast3, check_cast3_nonlinear,
    undecided_nonlinear_proofs,
};
pub use cast_recipe::{
    AngularMotion, CastCase2, CastCase3, CastRecipe, CastRecipe2, CastRecipe3, Drift, Heading,
    Horizon, Lead, Lean, MotionInput3, NonlinearCase3, NonlinearRecipe3, Pivot, Rate, RawTurning,
    RelativeSpeed, Slide, TargetDistance, Travel, Tumble, Turning,
};
pub use cast_seeds::{seeds_cast2, seeds_cast3, seeds_cast3_nonlinear};
pub use contact2::rules::{
    ContactCase as ContactCase2, check_contact as check_contact2, check_manifold as check_manifold2,
};
pub use contact3::rules::{
    ContactCase as ContactCase3, check_contact as check_contact3, check_manifold as check_manifold3,
};
pub use distance::{check_distance2, check_distance3, distance_peer_tallies};
pub use double::{check2_f64, check3_f64};
pub use field_bytes::{Encode, RandomInputs, decode};
pub use geometry::{
    Contact, OCTAHEDRAL, edge_contact3, face_contact3, lean_columns, norm, sign_of, ulp32,
    uniform_quat,
};
pub use judged::Judged;
pub use peer_findings::{Peer, PeerError, PeerTally, peer_tallies, strict_peers};
pub use recipe::{Direction, Extent, Gap, Offset, Origin, Recipe, Size, Tilt};
pub use recipe_pair::{NearParallel3, RecipePair2, RecipePair3};
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
pub use targets::{TARGETS, Target, target};
