//! `SatContactHooks`: the contact filter with the contexts' parameters, around the user's hooks.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::ecs::system::{SystemParam, SystemParamItem, SystemState};
use bevy::prelude::*;

use crate::bevy_rapier::prelude::*;
use crate::bevy_rapier::rapier::dynamics::IntegrationParameters;
use crate::bevy_rapier::rapier::pipeline::{PairFilterContext, PhysicsHooks};
use crate::bevy_sat_rapier::{
    SatContactFilter, SatContactHooks, SatDispatcherStats, SatFilterParameters, SatRapierPlugin,
};
use crate::scene::{self, cuboid};

/// A headless app stepping `1/60` s per update with hooks `H` and the plug-in (statistics on).
fn app<H>(timestep: TimestepMode) -> App
where
    H: 'static + BevyPhysicsHooks,
    for<'w, 's> SystemParamItem<'w, 's, H>: BevyPhysicsHooks,
{
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .add_plugins((
            RapierPhysicsPlugin::<H>::default(),
            SatRapierPlugin::default().with_stats(),
        ))
        .insert_resource(timestep);
    app.finish();
    app.cleanup();
    app
}

const SIXTIETH: TimestepMode = TimestepMode::Fixed {
    dt: 1.0 / 60.0,
    substeps: 1,
};

fn default_stats(app: &mut App) -> SatDispatcherStats {
    let world = app.world_mut();
    let mut q = world.query_filtered::<&SatDispatcherStats, With<DefaultRapierContext>>();
    q.single(world).unwrap().clone()
}

/// Two unit cubes turned 45° (about z), a fixed one and a floating dynamic one 0.9 away along
/// both x and y: their bounding boxes overlap (so rapier's broad phase pairs them), the cubes are
/// 0.9·√2 − 1 ≈ 0.27 apart, far beyond the prediction distance, and nothing moves.
fn spawn_far_diamonds(world: &mut World) {
    let diamond = |x: f32| {
        Transform::from_xyz(x, x, 0.0)
            .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4))
    };
    let hooks = SatContactHooks::ACTIVE_HOOKS;
    world.spawn((cuboid(Vec3::splat(0.5)), diamond(0.0), hooks));
    world.spawn((
        RigidBody::Dynamic,
        GravityScale(0.0),
        cuboid(Vec3::splat(0.5)),
        diamond(0.9),
        hooks,
    ));
}

#[test]
fn the_filter_culls_what_the_dispatcher_would_compute() {
    // Without the filter (hooks active, but nobody filters) the pair reaches SatDispatcher.
    let mut unfiltered = app::<NoUserData>(SIXTIETH);
    spawn_far_diamonds(unfiltered.world_mut());
    for _ in 0..10 {
        unfiltered.update();
    }
    assert!(default_stats(&mut unfiltered).pair_updates() > 0);

    // With it, sat-core proves the cubes apart: no contact computation at all.
    let mut filtered = app::<SatContactHooks>(SIXTIETH);
    spawn_far_diamonds(filtered.world_mut());
    for _ in 0..10 {
        filtered.update();
    }
    assert_eq!(default_stats(&mut filtered).pair_updates(), 0);
}

/// The hooks' parameters: the largest prediction distance of the contexts, the longest step.
#[test]
fn the_parameters_follow_the_contexts_and_the_timestep() {
    let mut app = app::<SatContactHooks>(TimestepMode::Fixed {
        dt: 1.0 / 30.0,
        substeps: 2,
    });
    let lengths = |app: &App| {
        let p = *app.world().resource::<SatFilterParameters>();
        (p.prediction_distance(), p.dt())
    };
    assert_eq!(
        lengths(&app).0,
        f32::INFINITY,
        "culls nothing before the first update"
    );
    app.update();
    let usual = IntegrationParameters::default().prediction_distance();
    assert_eq!(lengths(&app), (usual, 1.0 / 60.0));

    // A context with a longer length unit (so a larger prediction distance), spawned later.
    let wide = IntegrationParameters {
        length_unit: 3.0,
        ..default()
    };
    let mut context = RapierContextSimulation::default();
    context.integration_parameters = wide;
    app.world_mut().spawn(context);
    app.insert_resource(TimestepMode::Variable {
        max_dt: 1.0 / 50.0,
        time_scale: 1.0,
        substeps: 1,
    });
    app.update();
    assert_eq!(lengths(&app), (wide.prediction_distance(), 1.0 / 50.0));
    assert!(wide.prediction_distance() > usual);
}

/// Every pair of the example's falling boxes (floor included, near and far, every 10 frames):
/// the hooks decide as `SatContactFilter::for_parameters` with the context's integration
/// parameters and the step's `dt`.
#[test]
fn the_hooks_decide_as_sat_contact_filter_for_the_context() {
    let mut app = scene::app();
    let (mut kept, mut culled) = (0, 0);
    for frame in 0..120 {
        app.update();
        if frame % 10 != 5 {
            continue;
        }
        let world = app.world_mut();
        let mut hooks = SystemState::<SatContactHooks>::new(world);
        let mut context = world.query_filtered::<(
            &RapierContextSimulation,
            &RapierContextColliders,
            &RapierRigidBodySet,
        ), With<DefaultRapierContext>>();
        let world = &*world;
        let hooks = hooks.get(world).unwrap();
        let (simulation, colliders, bodies) = context.single(world).unwrap();
        let parameters = IntegrationParameters {
            dt: scene::DT,
            ..simulation.integration_parameters
        };
        let filter = SatContactFilter::new().for_parameters(&parameters);
        let handles: Vec<_> = colliders.colliders.iter().map(|(h, _)| h).collect();
        for (i, &h1) in handles.iter().enumerate() {
            for &h2 in &handles[i + 1..] {
                let pair = PairFilterContext {
                    bodies: &bodies.bodies,
                    colliders: &colliders.colliders,
                    collider1: h1,
                    collider2: h2,
                    rigid_body1: colliders.colliders[h1].parent(),
                    rigid_body2: colliders.colliders[h2].parent(),
                };
                let ours = BevyPhysicsHooks::filter_contact_pair(
                    &hooks,
                    PairFilterContextView { raw: &pair },
                );
                assert_eq!(ours, PhysicsHooks::filter_contact_pair(&filter, &pair));
                assert_eq!(
                    BevyPhysicsHooks::filter_intersection_pair(
                        &hooks,
                        PairFilterContextView { raw: &pair }
                    ),
                    PhysicsHooks::filter_intersection_pair(&filter, &pair)
                );
                match ours {
                    Some(_) => kept += 1,
                    None => culled += 1,
                }
            }
        }
    }
    // Both answers happened, so the comparison could fail either way.
    assert!(kept > 0 && culled > 0, "kept {kept}, culled {culled}");
}

/// The user's hooks: ghosts pass through everything; contact modifications are counted.
#[derive(Component)]
struct Ghost;

#[derive(Resource, Default, Clone)]
struct Modified(Arc<AtomicUsize>);

#[derive(SystemParam)]
struct UserHooks<'w, 's> {
    ghosts: Query<'w, 's, (), With<Ghost>>,
    modified: Res<'w, Modified>,
}

impl BevyPhysicsHooks for UserHooks<'_, '_> {
    fn filter_contact_pair(&self, pair: PairFilterContextView) -> Option<SolverFlags> {
        let solid =
            !self.ghosts.contains(pair.collider1()) && !self.ghosts.contains(pair.collider2());
        solid.then_some(SolverFlags::COMPUTE_RIGID_IMPULSES)
    }

    fn modify_solver_contacts(&self, mut context: ContactModificationContextView) {
        self.modified.0.fetch_add(1, Ordering::Relaxed);
        context.set_friction(0.0);
    }
}

#[test]
fn the_users_hooks_keep_working() {
    let mut app = app::<SatContactHooks<UserHooks>>(SIXTIETH);
    let modified = Modified::default();
    app.insert_resource(modified.clone());
    let hooks = SatContactHooks::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS;
    let world = app.world_mut();
    world.spawn((
        cuboid(Vec3::splat(4.0)),
        Transform::from_xyz(0.0, -4.0, 0.0),
        hooks,
    ));
    let body = (RigidBody::Dynamic, cuboid(Vec3::splat(0.5)), hooks);
    let solid = world
        .spawn((body.clone(), Transform::from_xyz(0.0, 2.0, 0.0)))
        .id();
    let ghost = world
        .spawn((body, Ghost, Transform::from_xyz(2.0, 2.0, 0.0)))
        .id();
    for _ in 0..120 {
        app.update();
    }
    let y = |e| app.world().get::<Transform>(e).unwrap().translation.y;
    assert!((y(solid) - 0.5).abs() < 0.01, "solid at {}", y(solid));
    assert!(y(ghost) < -5.0, "ghost at {}", y(ghost));
    assert!(modified.0.load(Ordering::Relaxed) > 0);
}
