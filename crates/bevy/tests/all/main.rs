//! bevy_sat_rapier's tests: one binary per package (`tests/all` of bevy_sat_rapier2d and
//! bevy_sat_rapier3d), one source for both, compiled for the package's dimension.
//!
//! * `drop_boxes`: the example's scene, stepped for its 300 frames: the default context's
//!   narrow phase answers as `SatDispatcher` does, the boxes settle, nothing goes non-finite.
//! * `contexts`: every context gets the dispatcher before its colliders: one that exists before
//!   the plug-in is added, the default one, one spawned at startup and one spawned later.
//! * `hooks`: `SatContactHooks` decides as `SatContactFilter` with the context's parameters,
//!   culls far cuboid pairs, keeps the user's hooks working.
//! * `docs` (3D): the README's bevy blocks are docs/bevy.md's, which are doctests.

#[cfg(feature = "dim2")]
use {bevy_rapier2d as bevy_rapier, bevy_sat_rapier2d as bevy_sat_rapier};
#[cfg(feature = "dim3")]
use {bevy_rapier3d as bevy_rapier, bevy_sat_rapier3d as bevy_sat_rapier};

#[path = "../../examples/drop_boxes/scene.rs"]
mod scene;

mod check;
mod contexts;
#[cfg(feature = "dim3")]
mod docs;
mod drop_boxes;
mod hooks;
