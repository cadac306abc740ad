//! Every rapier context gets `SatDispatcher` before any of its colliders exists, whenever it is
//! created.

use bevy::prelude::*;

use crate::bevy_rapier::plugin::RapierContext;
use crate::bevy_rapier::prelude::*;
use crate::bevy_sat_rapier::{SatDispatcherStats, SatRapierPlugin};
use crate::check::assert_answers_as_sat_dispatcher;
use crate::scene::cuboid;

/// Which case a context is.
#[derive(Component)]
struct Case(&'static str);

/// A context's floor and crate.
#[derive(Component)]
struct Floor(Entity);
#[derive(Component)]
struct Crate(Entity);

/// The frame on which the late context is spawned.
const LATE: u32 = 30;

#[cfg(feature = "dim2")]
fn above_origin(y: f32) -> Vect {
    Vect::new(0.0, y)
}

#[cfg(feature = "dim3")]
fn above_origin(y: f32) -> Vect {
    Vect::new(0.0, y, 0.0)
}

/// A floor (top at y = 0) and a unit crate 1 cm above it, in `context`: their bounding boxes
/// (grown by the prediction distance) overlap from the first step on, so the pair exists at
/// once, and a narrow phase replaced after that would lose it (the crate would fall through).
fn spawn_floor_and_crate(commands: &mut Commands, context: Entity) {
    let link = RapierContextEntityLink(context);
    commands.spawn((
        cuboid(Vec3::splat(4.0)),
        Transform::from_xyz(0.0, -4.0, 0.0),
        link,
        Floor(context),
    ));
    commands.spawn((
        RigidBody::Dynamic,
        cuboid(Vec3::splat(0.5)),
        Transform::from_xyz(0.0, 0.51, 0.0),
        link,
        Crate(context),
    ));
}

/// At startup: labels the default context, spawns an extra one, and a floor and a crate in
/// each context that exists.
fn startup(
    mut commands: Commands,
    default: Query<Entity, With<DefaultRapierContext>>,
    existing: Query<Entity, (With<RapierContextSimulation>, With<Case>)>,
) {
    let default = default.single().expect("the default context");
    commands.entity(default).insert(Case("default"));
    let extra = commands
        .spawn((RapierContextSimulation::default(), Case("extra")))
        .id();
    for context in existing.iter().chain([default, extra]) {
        spawn_floor_and_crate(&mut commands, context);
    }
}

/// On frame `LATE`: a new context, and its floor and crate in the same commands.
fn spawn_late(mut commands: Commands, mut frame: Local<u32>) {
    *frame += 1;
    if *frame == LATE {
        let late = commands
            .spawn((RapierContextSimulation::default(), Case("late")))
            .id();
        spawn_floor_and_crate(&mut commands, late);
    }
}

#[test]
fn every_context_gets_the_dispatcher_before_its_colliders() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .add_plugins(RapierPhysicsPlugin::<NoUserData>::default());
    // A context that exists before the plug-in is added.
    app.world_mut()
        .spawn((RapierContextSimulation::default(), Case("early")));
    app.add_plugins(SatRapierPlugin::default().with_stats())
        .insert_resource(TimestepMode::Fixed {
            dt: 1.0 / 60.0,
            substeps: 1,
        })
        .add_systems(Startup, startup)
        .add_systems(Update, spawn_late);
    app.finish();
    app.cleanup();
    for _ in 0..LATE + 180 {
        app.update();
    }

    let world = app.world_mut();
    let floors: Vec<(Entity, Entity)> = world
        .query::<(Entity, &Floor)>()
        .iter(world)
        .map(|(e, f)| (f.0, e))
        .collect();
    let crates: Vec<(Entity, Entity)> = world
        .query::<(Entity, &Crate)>()
        .iter(world)
        .map(|(e, c)| (c.0, e))
        .collect();
    let mut contexts = world.query::<(
        Entity,
        &Case,
        (
            &RapierContextSimulation,
            &RapierContextColliders,
            &RapierContextJoints,
            &RapierRigidBodySet,
        ),
        &SatDispatcherStats,
    )>();
    let mut cases = Vec::new();
    for (context, case, (simulation, colliders, joints, rigidbody_set), stats) in
        contexts.iter(world)
    {
        let rapier = RapierContext {
            simulation,
            colliders,
            joints,
            rigidbody_set,
        };
        let case = case.0;
        cases.push(case);
        let find = |pairs: &[(Entity, Entity)]| pairs.iter().find(|p| p.0 == context).unwrap().1;
        let (floor, crate_) = (find(&floors), find(&crates));

        // The crate rests on the floor: the dispatcher was in place before the colliders (a
        // narrow phase replaced after them would have lost their pair).
        let pair = rapier
            .simulation
            .contact_pair(rapier.colliders, rapier.rigidbody_set, floor, crate_)
            .unwrap_or_else(|| panic!("{case}: no contact pair"));
        assert!(pair.has_any_active_contact(), "{case}: crate not touching");
        let y = world.get::<Transform>(crate_).unwrap().translation.y;
        assert!((y - 0.5).abs() < 0.01, "{case}: crate at y = {y}");

        // Its narrow phase answers cuboid pairs as SatDispatcher, and SatDispatcher computed
        // its manifolds.
        assert_answers_as_sat_dispatcher(rapier.simulation.query_dispatcher(), case);
        assert!(stats.pair_updates() > 0, "{case}: no pair update answered");

        // A scene query goes through the same chain.
        let queries = stats.queries();
        let mut hits = Vec::new();
        rapier.intersect_shape(
            above_origin(y),
            Rot::default(),
            &cuboid(Vec3::splat(0.25)),
            QueryFilter::default(),
            |entity, _| {
                hits.push(entity);
                true
            },
        );
        assert_eq!(hits, [crate_], "{case}");
        assert!(
            stats.queries() > queries,
            "{case}: the scene query bypassed SatDispatcher"
        );
    }
    cases.sort();
    assert_eq!(cases, ["default", "early", "extra", "late"]);
}
