//! [`SatRapierPlugin`]: the dispatcher for every rapier context, and the filter's parameters
//! kept up to date.

use bevy::prelude::*;
use bevy_rapier::plugin::PhysicsSet;
use bevy_rapier::plugin::context::RapierContextSimulation;

use crate::dispatcher;
use crate::hooks::{SatFilterParameters, update_filter_parameters};

/// Gives every rapier context sat-core's query dispatcher, and keeps [`SatFilterParameters`]
/// (what [`SatContactHooks`](crate::SatContactHooks) culls with) up to date. Add it next to
/// `RapierPhysicsPlugin`: `app.add_plugins((RapierPhysicsPlugin::<NoUserData>::default(), SatRapierPlugin::default()))`.
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
    /// [`SatDispatcherStats`](crate::SatDispatcherStats) component on each context entity. Off
    /// by default: it costs an atomic increment per answer, shared by the threads of rapier's
    /// `parallel` feature.
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
