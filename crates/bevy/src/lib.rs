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
#![cfg_attr(
    feature = "dim2",
    doc = "use bevy_sat_rapier2d::{bevy_rapier::prelude::*, SatRapierPlugin};"
)]
#![cfg_attr(
    feature = "dim3",
    doc = "use bevy_sat_rapier3d::{bevy_rapier::prelude::*, SatRapierPlugin};"
)]
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

pub use dispatcher::SatDispatcherStats;
pub use hooks::{SatContactHooks, SatFilterParameters, update_filter_parameters};
pub use sat_rapier::{SatContactFilter, SatDispatcher};

use bevy::prelude::*;
use bevy_rapier::plugin::PhysicsSet;
use bevy_rapier::plugin::context::RapierContextSimulation;

/// Gives every rapier context sat-core's query dispatcher, and keeps [`SatFilterParameters`]
/// (what [`SatContactHooks`] culls with) up to date. Add it next to `RapierPhysicsPlugin`:
/// `app.add_plugins((RapierPhysicsPlugin::<NoUserData>::default(), SatRapierPlugin::default()))`.
///
/// * An observer on the insertion of `RapierContextSimulation` calls its `set_query_dispatcher`
///   with `SatDispatcher::default().chain(DefaultQueryDispatcher)` (cuboid pairs and cuboid
///   parts of compounds to sat-core, every other pair to rapier's default dispatcher). The
///   observer runs as the component is inserted, before any system can attach a collider, so
///   the dispatcher is in place for the default context (spawned in `PreStartup`), for contexts
///   you spawn yourself (`RapierContextInitialization::NoAutomaticRapierContext`, extra
///   contexts) and for contexts spawned at any later frame; contexts that already exist when
///   the plug-in is added get it at once. `set_query_dispatcher` replaces the narrow phase, so a
///   context whose narrow phase already holds pairs (a simulation inserted with its contacts) is
///   left as it is, with a warning.
/// * [`update_filter_parameters`] runs in `PostUpdate` and `FixedUpdate` (where
///   `RapierPhysicsPlugin` runs its systems by default and with `in_fixed_schedule`), between
///   `PhysicsSet::SyncBackend` and `PhysicsSet::StepSimulation`. With rapier in another schedule,
///   add it there too, in the same place.
///
/// It replaces the dispatcher of a context built with `RapierContextSimulation::with_query_dispatcher`:
/// to keep a dispatcher of your own, leave the plug-in out and chain it yourself,
/// `RapierContextSimulation::with_query_dispatcher(SatDispatcher::default().chain(Yours).chain(DefaultQueryDispatcher))`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SatRapierPlugin {
    stats: bool,
}

impl SatRapierPlugin {
    /// Also counts, per context, the pair updates and other queries `SatDispatcher` answers: a
    /// [`SatDispatcherStats`] component on each context entity. Off by default: it costs an
    /// atomic increment per answer, shared by the threads of rapier's `parallel` feature.
    pub fn with_stats(mut self) -> Self {
        self.stats = true;
        self
    }
}

impl Plugin for SatRapierPlugin {
    fn build(&self, app: &mut App) {
        let stats = self.stats;
        app.add_observer(
            move |insert: On<Insert<RapierContextSimulation>>,
                  mut contexts: Query<&mut RapierContextSimulation>,
                  mut commands: Commands| {
                if let Ok(mut simulation) = contexts.get_mut(insert.entity)
                    && let Some(counts) = dispatcher::install(&mut simulation, stats)
                {
                    commands.entity(insert.entity).insert(counts);
                }
            },
        );
        // Contexts spawned before the plug-in was added.
        let world = app.world_mut();
        let mut contexts = world.query::<(Entity, &mut RapierContextSimulation)>();
        let installed: Vec<_> = contexts
            .iter_mut(world)
            .filter_map(|(entity, mut simulation)| {
                Some((entity, dispatcher::install(&mut simulation, stats)?))
            })
            .collect();
        for (entity, counts) in installed {
            world.entity_mut(entity).insert(counts);
        }

        let before_step = || {
            update_filter_parameters
                .after(PhysicsSet::SyncBackend)
                .before(PhysicsSet::StepSimulation)
        };
        app.init_resource::<SatFilterParameters>()
            .add_systems(PostUpdate, before_step())
            .add_systems(FixedUpdate, before_step());
    }
}

/// docs/bevy.md's Rust blocks (bevy_sat_rapier3d's), compiled and run by `cargo test --doc`; the
/// README's bevy blocks are copies of them (`tests/all/docs.rs` checks that).
#[cfg(all(doctest, feature = "dim3"))]
#[doc = include_str!("../../../docs/bevy.md")]
pub struct BevyDocExamples;
