//! The scene of the `drop_boxes` example, also stepped by the tests (`tests/all/scene.rs`):
//! stacks of boxes, each turned a little, dropped on a floor in a headless app.

use bevy::prelude::*;
#[cfg(feature = "dim2")]
use {bevy_rapier2d as bevy_rapier, bevy_sat_rapier2d as bevy_sat_rapier};
#[cfg(feature = "dim3")]
use {bevy_rapier3d as bevy_rapier, bevy_sat_rapier3d as bevy_sat_rapier};

use bevy_rapier::prelude::*;
use bevy_sat_rapier::{SatDispatcherStats, SatRapierPlugin};

/// The simulation step: bevy_rapier advances by exactly this on every `app.update()`.
pub const DT: f32 = 1.0 / 60.0;
/// Frames the example runs (5 simulated seconds).
pub const FRAMES: usize = 300;
/// Half-extents of every dropped box (the third is ignored in 2D).
pub const HALF_EXTENTS: Vec3 = Vec3::new(0.5, 0.3, 0.4);
/// A box is settled when slower than this (m/s, and rad/s) or asleep.
pub const SETTLED_SPEED: f32 = 0.05;

/// A dropped box.
#[derive(Component)]
pub struct Dropped;

/// The headless app, stepped by `app.update()` (not `app.run()`): `MinimalPlugins`, rapier with
/// the plug-in (statistics on), a fixed time step so that every update is one simulation step
/// whatever the wall clock does, and the scene spawned at startup.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .add_plugins((
            RapierPhysicsPlugin::<NoUserData>::default(),
            SatRapierPlugin::default().with_stats(),
        ))
        .insert_resource(TimestepMode::Fixed {
            dt: DT,
            substeps: 1,
        })
        .add_systems(Startup, spawn_scene);
    app.finish();
    app.cleanup();
    app
}

/// A box collider of these half-extents (in 2D, a rectangle: `z` is left out); the tests' boxes
/// too.
#[cfg(feature = "dim2")]
pub fn cuboid(half_extents: Vec3) -> Collider {
    Collider::cuboid(half_extents.x, half_extents.y)
}

#[cfg(feature = "dim3")]
pub fn cuboid(half_extents: Vec3) -> Collider {
    Collider::cuboid(half_extents.x, half_extents.y, half_extents.z)
}

/// Where the boxes start: columns 2 apart (a row in 2D, a 3 × 3 grid in 3D), layers 1.2 apart
/// from 1 above the floor, each box turned by its own small angle (3D: about the vertical and
/// tipped a little) so that it lands on a corner or an edge.
pub fn starts() -> Vec<Transform> {
    #[cfg(feature = "dim2")]
    let columns: Vec<(f32, f32)> = (0..5).map(|i| (2.0 * i as f32 - 4.0, 0.0)).collect();
    #[cfg(feature = "dim3")]
    let columns: Vec<(f32, f32)> = (0..9)
        .map(|i| (2.0 * (i % 3) as f32 - 2.0, 2.0 * (i / 3) as f32 - 2.0))
        .collect();
    let mut starts = Vec::new();
    for layer in 0..3 {
        for (c, &(x, z)) in columns.iter().enumerate() {
            let turn = 0.05 * (1 + c + 3 * layer) as f32;
            #[cfg(feature = "dim2")]
            let rotation = Quat::from_rotation_z(turn);
            #[cfg(feature = "dim3")]
            let rotation = Quat::from_euler(EulerRot::YXZ, 7.0 * turn, turn, -turn);
            let y = 1.0 + 1.2 * layer as f32 + 0.1 * c as f32;
            starts.push(Transform::from_xyz(x, y, z).with_rotation(rotation));
        }
    }
    starts
}

/// The floor (its top at y = 0) and the boxes of [`starts`].
fn spawn_scene(mut commands: Commands) {
    commands.spawn((
        cuboid(Vec3::new(12.0, 0.5, 12.0)),
        Transform::from_xyz(0.0, -0.5, 0.0),
    ));
    for start in starts() {
        commands.spawn((
            Dropped,
            RigidBody::Dynamic,
            cuboid(HALF_EXTENTS),
            start,
            Velocity::zero(),
            Sleeping::default(),
        ));
    }
}

/// What the example prints and the tests check, read from the app after it ran.
#[derive(Debug)]
pub struct Report {
    /// Dropped boxes.
    pub boxes: usize,
    /// Boxes slower than [`SETTLED_SPEED`] or asleep.
    pub settled: usize,
    /// Whether every box's position, rotation and velocity is finite.
    pub finite: bool,
    /// The lowest point of any box's centre (y; the floor's top is at 0).
    pub lowest: f32,
    /// Pair updates `SatDispatcher` answered in the default context.
    pub pair_updates: u64,
    /// Other queries `SatDispatcher` answered there.
    pub queries: u64,
    /// Contact pairs of the default context with at least one contact point.
    pub touching_pairs: usize,
}

impl Report {
    /// Reads the report from `app`.
    pub fn of(app: &mut App) -> Report {
        let world = app.world_mut();
        let mut boxes = world.query_filtered::<(&Transform, &Velocity, &Sleeping), With<Dropped>>();
        let (mut count, mut settled, mut finite, mut lowest) = (0, 0, true, f32::INFINITY);
        for (transform, velocity, sleeping) in boxes.iter(world) {
            count += 1;
            let speed = velocity.linear.length().max(angular_speed(velocity));
            settled += usize::from(sleeping.sleeping || speed < SETTLED_SPEED);
            finite &= transform.translation.is_finite()
                && transform.rotation.is_finite()
                && velocity.linear.is_finite()
                && angular_speed(velocity).is_finite();
            lowest = lowest.min(transform.translation.y);
        }
        let mut context =
            world.query_filtered::<(&RapierContextSimulation, &SatDispatcherStats), With<DefaultRapierContext>>();
        let (simulation, stats) = context.single(world).expect("one default context");
        let touching_pairs = simulation
            .narrow_phase
            .contact_pairs()
            .filter(|pair| pair.has_any_active_contact())
            .count();
        Report {
            boxes: count,
            settled,
            finite,
            lowest,
            pair_updates: stats.pair_updates(),
            queries: stats.queries(),
            touching_pairs,
        }
    }
}

/// A scene query through the default context's dispatcher: the boxes a box-shaped probe over
/// the centre column (1.2 wide, 4 high, from the floor up) touches.
pub fn probe(app: &mut App) -> Vec<Entity> {
    let world = app.world_mut();
    let mut context = world.query_filtered::<(
        &RapierContextSimulation,
        &RapierContextColliders,
        &RapierContextJoints,
        &RapierRigidBodySet,
    ), With<DefaultRapierContext>>();
    let (simulation, colliders, joints, rigidbody_set) = context.single(world).unwrap();
    let context = RapierContext {
        simulation,
        colliders,
        joints,
        rigidbody_set,
    };
    let probe = cuboid(Vec3::new(0.6, 2.0, 0.6));
    #[cfg(feature = "dim2")]
    let centre = Vect::new(0.0, 2.0);
    #[cfg(feature = "dim3")]
    let centre = Vect::new(0.0, 2.0, 0.0);
    let floor = colliders
        .colliders
        .iter()
        .map(|(_, c)| c)
        .find(|c| c.parent().is_none());
    let floor = floor.map(RapierContextColliders::entity_from_collider);
    let mut touched = Vec::new();
    context.intersect_shape(
        centre,
        Rot::default(),
        &probe,
        QueryFilter::default(),
        |entity, _| {
            if Some(entity) != floor {
                touched.push(entity);
            }
            true
        },
    );
    touched
}

#[cfg(feature = "dim2")]
fn angular_speed(velocity: &Velocity) -> f32 {
    velocity.angular.abs()
}

#[cfg(feature = "dim3")]
fn angular_speed(velocity: &Velocity) -> f32 {
    velocity.angular.length()
}
