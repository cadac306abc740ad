//! sat-core's box–box narrowphase in bevy_rapier, with one plug-in.
//!
//! One source, two packages, as bevy_rapier has: `bevy_sat_rapier3d` (for bevy_rapier3d, over
//! sat-rapier3d) and `bevy_sat_rapier2d` (bevy_rapier2d, over sat-rapier2d), with the same names
//! in each. bevy is f32 only and bevy_rapier has no f64 flavour, so neither has this: for rapier
//! in f64 use sat-rapier3d-f64 / sat-rapier2d-f64 with rapier itself.
//!
//! * **[`SatRapierPlugin`]**: added next to `RapierPhysicsPlugin`, it gives every rapier context
//!   (the default one, extra ones, and contexts spawned at any later time) the query dispatcher
//!   `SatDispatcher::default().chain(DefaultQueryDispatcher)`, installed when the context's
//!   [`RapierContextSimulation`](bevy_rapier::plugin::context::RapierContextSimulation) is inserted, so
//!   before any collider of that context exists. Cuboid pairs, and the cuboid parts of
//!   compounds, get sat-core's verdicts and contact manifolds; scene queries (`intersect_shape`,
//!   `cast_shape`, the character controller) go through the same chain.
//! * **[`SatContactHooks`]**: the contact filter [`SatContactFilter`] as bevy_rapier physics
//!   hooks (`RapierPhysicsPlugin::<SatContactHooks<YourHooks>>`), wrapping your own
//!   `BevyPhysicsHooks`. Like any hook it turns rapier's contact recycling off for the pairs of
//!   the colliders that ask for it: worth it only where you need a hook anyway.
//! * **[`SatDispatcherStats`]**: with [`SatRapierPlugin::with_stats`], how many pair updates and
//!   other queries `SatDispatcher` answered in each context.
//!
//! [`sat_rapier`] and [`bevy_rapier`] re-export the crates this one is built against. The
//! example reads the same in both packages: its first lines name the package.
//!
//! ```
#![doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::{bevy_rapier::prelude::*, SatRapierPlugin};")]
//! use bevy::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((MinimalPlugins, TransformPlugin))
//!     .add_plugins((RapierPhysicsPlugin::<NoUserData>::default(), SatRapierPlugin::default()))
//!     .insert_resource(TimestepMode::Fixed { dt: 1.0 / 60.0, substeps: 1 });
#![cfg_attr(
    feature = "dim2",
    doc = "let (floor, crate_) = (Collider::cuboid(10.0, 0.5), Collider::cuboid(0.5, 0.5));"
)]
#![cfg_attr(
    feature = "dim3",
    doc = "let (floor, crate_) = (Collider::cuboid(10.0, 0.5, 10.0), Collider::cuboid(0.5, 0.5, 0.5));"
)]
//! app.world_mut().spawn((floor, Transform::from_xyz(0.0, -0.5, 0.0)));
//! let body = app.world_mut().spawn((RigidBody::Dynamic, crate_, Transform::from_xyz(0.0, 2.0, 0.0))).id();
//! for _ in 0..120 {
//!     app.update();
//! }
//! let y = app.world().get::<Transform>(body).unwrap().translation.y;
//! assert!((y - 0.5).abs() < 0.01, "the crate rests on the floor: {y}");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// One dimension per package.
#[cfg(not(any(
    all(feature = "dim2", not(feature = "dim3")),
    all(feature = "dim3", not(feature = "dim2"))
)))]
compile_error!(
    "the bevy plug-in's source is compiled with exactly one of the features `dim2` and `dim3`: \
     depend on bevy_sat_rapier2d or bevy_sat_rapier3d with their default features"
);

#[cfg(feature = "dim2")]
pub extern crate bevy_rapier2d as bevy_rapier;
#[cfg(feature = "dim3")]
pub extern crate bevy_rapier3d as bevy_rapier;
#[cfg(feature = "dim2")]
pub extern crate sat_rapier2d as sat_rapier;
#[cfg(feature = "dim3")]
pub extern crate sat_rapier3d as sat_rapier;

mod dispatcher;
mod hooks;
mod plugin;

pub use dispatcher::SatDispatcherStats;
pub use hooks::{SatContactHooks, SatFilterParameters, update_filter_parameters};
pub use plugin::SatRapierPlugin;
pub use sat_rapier::{SatContactFilter, SatDispatcher};

/// docs/bevy.md's Rust blocks (bevy_sat_rapier3d's), compiled and run by `cargo test --doc`; the
/// README's bevy blocks are copies of them (`tests/all/docs.rs` checks that).
#[cfg(all(doctest, feature = "dim3"))]
#[doc = include_str!("../../../docs/bevy.md")]
pub struct BevyDocExamples;
