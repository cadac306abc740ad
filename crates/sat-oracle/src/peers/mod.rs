//! parry's box–box intersection tests, run on sat-core boxes.
//!
//! Each box becomes a parry [`Cuboid`](parry3d::shape::Cuboid) with a pose (translation = the
//! centre, rotation = the quaternion (3D) or unit complex (2D) of the stored axis columns,
//! normalised; a left-handed frame has its last column negated first, which leaves the box
//! unchanged). parry works in `f32`, and its rotation is within a few ulps of sat-core's axes,
//! so near touching the two see slightly different boxes.
//!
//! Three paths per dimension, all with the relative pose `pos1.inv_mul(pos2)` that parry's own
//! [`intersection_test`](parry3d::query::intersection_test) computes:
//!
//! * `sat`: `query::details::intersection_test_cuboid_cuboid` (face axes, then edge axes in 3D);
//! * `gjk`: `query::details::intersection_test_support_map_support_map` (GJK on the support
//!   maps);
//! * `query`: the dispatcher, `query::intersection_test` (which picks the cuboid–cuboid SAT).
//!
//! The free functions convert on every call; [`ParryBox2`] and [`ParryBox3`] convert once, for
//! timing loops.
//!
//! # Panics inside parry
//!
//! parry panics on some inputs in builds with debug assertions (cargo-fuzz's default, `cargo
//! test` without `--release`): parry3d 0.31.1's SAT asserts `separation >= 0.0` for a combined
//! corner axis that rounding can make slightly negative (see `docs/findings.md`). The plain
//! functions (`parry_sat3`, ...) and [`ParryBox2`]/[`ParryBox3`] let such a panic through; the
//! `try_` functions (`try_parry_sat3`, ...) catch it with [`catch_peer`] and return it as a
//! [`PeerPanic`]. The fuzz checks ([`crate::check`]) and `obbsat`'s `parry-sat`/`parry-gjk`
//! engines call the `try_` functions, so a peer's panic is a peer finding, not a crash.

mod box2;
mod box3;
mod caught;

pub use box2::{
    ParryBox2, parry_gjk2, parry_query2, parry_sat2, try_parry_gjk2, try_parry_query2,
    try_parry_sat2,
};
pub use box3::{
    ParryBox3, parry_gjk3, parry_query3, parry_sat3, try_parry_gjk3, try_parry_query3,
    try_parry_sat3,
};
pub use caught::{PeerPanic, catch_peer};
