//! Both sat-rapier integrations (dispatcher and contact filter) in real rapier2d pipelines: stacks stand, sensor events match the default, the
//! filter culls only provably separated pairs, user hooks still run, fixed–fixed pairs are never
//! computed, degenerate boxes never put NaN into the solver, fast bodies are still swept.

use rapier2d::prelude::*;
use sat_rapier::dim2::SatContactFilter;

use crate::harness::dim2::{
    Integration, World, assert_same_collision_events, assert_stands, pyramid, tall_stack,
};

#[test]
fn piles_stand_with_every_integration() {
    let pyramid_name = "pyramid2 (20 rows, 210 boxes)";
    assert_stands(pyramid_name, |i| pyramid(i, 20, Vector::ZERO), 0.05, 0.1);
    assert_stands("stack2 (20 boxes)", |i| tall_stack(i, 20), 0.05, 0.2);
}

#[test]
fn sensor_events_match_the_default_pipeline() {
    let scene = |integration: Integration| {
        let mut world = World::new(integration);
        // Rotated sensor boxes on fixed bodies, and spinning boxes falling through them: the
        // falling boxes touch nothing solid, so every integration sees the same trajectories.
        for (i, angle) in [0.3, 0.8, 1.2, 0.05].into_iter().enumerate() {
            world.add(
                RigidBodyBuilder::fixed()
                    .translation(Vector::new(i as Real * 1.5 - 2.0, -3.0 - i as Real))
                    .rotation(angle),
                ColliderBuilder::cuboid(0.7, 0.3)
                    .sensor(true)
                    .active_events(ActiveEvents::COLLISION_EVENTS),
            );
        }
        for k in 0..24 {
            let x = (k % 6) as Real * 1.5 - 4.0; // 1.5 apart: no two falling boxes come near
            world.add(
                RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, 2.0 + 1.5 * (k / 6) as Real))
                    .rotation(0.1 * k as Real)
                    .angvel(1.0 + 0.5 * (k % 4) as Real),
                ColliderBuilder::cuboid(0.3, 0.2).active_events(ActiveEvents::COLLISION_EVENTS),
            );
        }
        world
    };
    assert_same_collision_events(scene, 10);
}

#[test]
fn filter_keeps_the_pairs_continuous_collision_detection_sweeps() {
    // A CCD body 1 m from a 5 cm wall at 120 m/s: 2 m per step, far beyond the prediction
    // distance when the step starts. The filter must not cull the pair the sweep needs.
    for integration in Integration::WITH_SAT_RAPIER {
        let mut world = World::new(integration);
        world.add(
            RigidBodyBuilder::fixed().translation(Vector::new(1.0, 0.0)),
            ColliderBuilder::cuboid(0.025, 2.0),
        );
        let bullet = world.add(
            RigidBodyBuilder::dynamic()
                .linvel(Vector::new(120.0, 0.0))
                .ccd_enabled(true)
                .gravity_scale(0.0),
            ColliderBuilder::cuboid(0.1, 0.1),
        );
        world.run(10);
        let x = world.bodies[bullet].translation().x;
        assert!(
            x < 1.0,
            "{integration:?}: the bullet went through the wall ({x})"
        );
    }
}

#[test]
fn filter_culls_separated_pairs_and_never_penetrating_ones() {
    let mut world = World::new(Integration::Filter);
    let mut handles = Vec::new();
    for k in 0..400 {
        let t = k as Real;
        let at = Vector::new((t * 0.37).sin() * 3.0, (t * 0.71).cos() * 3.0);
        let body = RigidBodyBuilder::dynamic()
            .translation(at)
            .rotation(t * 0.11);
        let he = Vector::new(
            0.2 + 0.3 * (t * 0.9).sin().abs(),
            0.1 + 0.5 * (t * 0.4).cos().abs(),
        );
        // The filter integration gives every collider the filter's hooks.
        let body = world.add(body, ColliderBuilder::cuboid(he.x, he.y));
        handles.push(world.bodies[body].colliders()[0]);
    }
    world.assert_filter_culls_only_separated_pairs(&handles);
}

#[test]
fn user_hooks_still_run_inside_the_filter() {
    let mut world = World::new(Integration::Filter);
    let all = SatContactFilter::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS;
    let mut add = |body: RigidBodyBuilder, he: Real| {
        let body = world.bodies.insert(body);
        let collider = ColliderBuilder::cuboid(he, 0.5).active_hooks(all);
        let collider = world
            .colliders
            .insert_with_parent(collider, body, &mut world.bodies);
        (body, collider)
    };
    add(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -0.5)),
        20.0,
    );
    let (rider, _) = add(
        RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 0.6)),
        0.5,
    );
    let (_, ghost) = add(
        RigidBodyBuilder::dynamic().translation(Vector::new(5.0, 0.6)),
        0.5,
    );
    world.assert_user_hooks_run(rider, ghost);
}

#[test]
fn fixed_fixed_pairs_are_never_computed() {
    for integration in Integration::WITH_SAT_RAPIER {
        let mut world = World::new(integration);
        let f1 = world.add(RigidBodyBuilder::fixed(), ColliderBuilder::cuboid(1.0, 1.0));
        let f2 = world.add(
            RigidBodyBuilder::fixed().translation(Vector::new(0.5, 0.2)),
            ColliderBuilder::cuboid(1.0, 1.0),
        );
        world.add(
            RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 2.0)),
            ColliderBuilder::cuboid(0.5, 0.5),
        );
        world.assert_fixed_pair_never_computed([f1, f2]);
    }
}

#[test]
fn degenerate_boxes_never_put_nan_into_the_solver() {
    for integration in Integration::WITH_SAT_RAPIER {
        let mut world = World::new(integration);
        let far = 1e6;
        for origin in [Vector::ZERO, Vector::new(far, far)] {
            world.add(
                RigidBodyBuilder::fixed().translation(origin + Vector::new(0.0, -0.5)),
                ColliderBuilder::cuboid(10.0, 0.5),
            );
            let shapes = [Vector::ZERO, Vector::new(0.0, 0.5), Vector::new(0.5, 0.0)];
            for (k, he) in shapes.into_iter().enumerate() {
                let at = origin + Vector::new(k as Real * 1.5 - 2.0, 1.0);
                world.add(
                    RigidBodyBuilder::dynamic()
                        .translation(at)
                        .rotation(0.3)
                        .additional_mass(1.0),
                    ColliderBuilder::cuboid(he.x, he.y),
                );
                world.add(
                    RigidBodyBuilder::dynamic()
                        .translation(at + Vector::new(0.0, 2.0))
                        .additional_mass(1.0),
                    ColliderBuilder::cuboid(0.5, 0.5),
                );
            }
        }
        world.assert_stays_finite(180);
    }
}
