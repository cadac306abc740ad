//! Layer 2, the engines: the one trait ([`Engine`]), the one registry ([`ENGINES`]) that every
//! command iterates, each built-in engine in a file of its own, outside engines over the `cmd:`
//! protocol ([`cmd`]), the boxes each engine takes ([`Prepared`]), the main job's batches
//! ([`main_job`]) and an independent exact [`reference`](mod@reference) to check the exact engines against.
//!
//! | name | verdict | boxes |
//! | --- | --- | --- |
//! | `sat` | sat-core's `intersects` (exact outside its band `48·ε·S`, `64·ε·S` for `axes` columns orthonormal only within 1e-6; "separated" always exact) | built from the written f64 numbers to contain the boxes as written, A moved to the origin ([`SinglePair::moved`]) |
//! | `sat64` | sat-core's f64 `DObb2/3::intersects` (exact outside `768·ε₆₄·S`, `896·ε₆₄·S` for `axes` columns, `ε₆₄ = 2⁻⁵²`; "separated" always exact); columns leaning beyond `2⁻⁴⁶` (f32 data) get the certified test's exact answer | the numbers as written, none rounded ([`DoublePair`]) |
//! | `certified` | `ExactBox2/3::intersects_certified`: exact at any margin | as written ([`ExactPair`]) |
//! | `exact` | `sat_core::exact::verdict2/3`: exact integers | as written |
//! | `parry-sat` | parry's `intersection_test_cuboid_cuboid` | f32 where written ([`SinglePair::placed`]) |
//! | `parry-gjk` | parry's `intersection_test_support_map_support_map` | f32 where written |
//! | `parry64-sat` | parry-f64's `intersection_test_cuboid_cuboid` | `sat64`'s f64 boxes where written; columns that are f32 data: the f32 peers' boxes in f64 |
//! | `parry64-gjk` | parry-f64's `intersection_test_support_map_support_map` | as `parry64-sat` |
//!
//! Distances: `sat` (sat-core's `closest_points`), `exact` (`sat_core::exact::distance2/3`) and
//! `parry` (parry's `query::closest_points`, distances only).
//!
//! Margin and axis ([`Judgement`]): `exact` reports the exact margin (f64, within one ulp, sign
//! exact) and the axis that carries it, `sat64` its f64 boxes' `separation`, and so do the
//! `parry64` engines where `sat64` runs in f64; every other engine reports sat-core's
//! `separation` of the f32 boxes (parry's intersection tests and the certified test return a
//! verdict only).
//!
//! A new engine is a file here implementing [`Engine`] (a peer: a [`Peer`](peer::Peer) row) and one
//! line in [`ENGINES`].
//!
//! [`SinglePair::moved`]: crate::case::SinglePair::moved
//! [`SinglePair::placed`]: crate::case::SinglePair::placed
//! [`DoublePair`]: crate::case::DoublePair
//! [`ExactPair`]: crate::case::ExactPair

mod cast;
mod certified;
pub(crate) mod cmd;
mod exact;
mod interface;
pub(crate) mod main_job;
mod parry;
mod parry64;
mod peer;
mod prepared;
pub(crate) mod reference;
mod registry;
mod sat;
mod sat64;

pub use cast::exact_toi;
pub use exact::exact_distance;
pub use interface::{About, Answer, Engine, Judgement, Margin, MarginSource, Measured, Precision};
pub use prepared::Prepared;
pub use registry::{Choice, ENGINES, engines, find, names};
