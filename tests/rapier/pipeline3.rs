//! Both sat-rapier integrations (dispatcher and contact filter) in real rapier3d pipelines: stacks stand, sensor events match the default, the
//! filter culls only provably separated pairs, user hooks still run, fixed–fixed pairs are never
//! computed, degenerate boxes never put NaN into the solver.

use rapier3d::prelude::*;
use sat_rapier::dim3::SatContactFilter;

use crate::harness::dim3::{
    Integration, World, assert_same_collision_events, assert_stands, pyramid, tall_stack,
};

#[test]
fn piles_stand_with_every_integration() {
    let pyramid_name = "pyramid3 (8 layers, 204 boxes)";
    assert_stands(pyramid_name, |i| pyramid(i, 8, Vector::ZERO), 0.05, 0.08);
    assert_stands("stack3 (20 cubes)", |i| tall_stack(i, 20), 0.05, 0.2);
}

/// A heap of turned boxes of assorted sizes, some penetrating, some touching, some within the
/// prediction distance, some apart; no gravity, so one step computes every pair's contacts from
/// the same poses in every world.
fn heap(integration: Integration) -> World {
    let mut world = World::new(integration);
    for k in 0..300 {
        let t = k as Real;
        let at = Vector::new(
            (t * 0.37).sin() * 3.0,
            (t * 0.71).cos() * 3.0,
            (t * 1.3).sin() * 3.0,
        );
        let he = Vector::new(
            0.2 + 0.3 * (t * 0.9).sin().abs(),
            0.3,
            0.1 + 0.5 * (t * 0.4).cos().abs(),
        );
        world.add(
            RigidBodyBuilder::dynamic()
                .translation(at)
                .rotation(Vector::new(t * 0.11, t * 0.23, t * 0.05))
                .gravity_scale(0.0),
            ColliderBuilder::cuboid(he.x, he.y, he.z),
        );
    }
    world.run(1);
    world
}

#[test]
fn contacts_match_the_default_pipeline() {
    let default = heap(Integration::Default);
    for integration in [Integration::Dispatcher, Integration::Filter] {
        let world = heap(integration);
        let (mut touching, mut same_normal, mut same_depth) = (0, 0, 0);
        for pair in default.narrow_phase.contact_pairs() {
            let theirs = pair.has_any_active_contact();
            let ours = world
                .narrow_phase
                .contact_pair(pair.collider1, pair.collider2)
                .filter(|p| p.has_any_active_contact());
            assert_eq!(ours.is_some(), theirs, "{integration:?}: touching differs");
            let (Some(ours), Some((m1, c1))) = (ours, pair.find_deepest_contact()) else {
                continue;
            };
            touching += 1;
            let (m2, c2) = ours.find_deepest_contact().unwrap();
            if m1.data.normal.dot(m2.data.normal) > 0.999 {
                same_normal += 1;
                if (c1.dist - c2.dist).abs() < 1e-4 {
                    same_depth += 1;
                }
            }
        }
        println!(
            "{integration:?} vs default: {touching} touching pairs, {same_normal} with the same normal, \
             {same_depth} of those with the same depth"
        );
        assert!(touching > 100);
        assert!(same_normal * 100 >= 98 * touching);
        assert!(same_depth * 100 >= 95 * same_normal);
    }
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
                    .translation(Vector::new(i as Real * 1.5 - 2.0, -3.0 - i as Real, 0.2))
                    .rotation(Vector::new(angle, 0.5 * angle, 0.2)),
                ColliderBuilder::cuboid(0.7, 0.3, 1.0)
                    .sensor(true)
                    .active_events(ActiveEvents::COLLISION_EVENTS),
            );
        }
        for k in 0..24 {
            let x = (k % 6) as Real * 1.5 - 4.0; // 1.5 apart: no two falling boxes come near
            world.add(
                RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, 2.0 + (k / 6) as Real, 0.1 * (k % 3) as Real))
                    .rotation(Vector::new(0.1 * k as Real, 0.7, 0.0))
                    .angvel(Vector::new(1.0, 0.5 * (k % 4) as Real, 0.3)),
                ColliderBuilder::cuboid(0.3, 0.2, 0.25)
                    .active_events(ActiveEvents::COLLISION_EVENTS),
            );
        }
        world
    };
    assert_same_collision_events(scene, 20);
}

#[test]
fn filter_keeps_the_pairs_continuous_collision_detection_sweeps() {
    // A CCD body 1 m from a 5 cm wall at 120 m/s: 2 m per step, far beyond the prediction
    // distance when the step starts. The filter must not cull the pair the sweep needs.
    let through = |integration: Integration| {
        let mut world = World::new(integration);
        world.add(
            RigidBodyBuilder::fixed().translation(Vector::new(1.0, 0.0, 0.0)),
            ColliderBuilder::cuboid(0.025, 2.0, 2.0),
        );
        let bullet = world.add(
            RigidBodyBuilder::dynamic()
                .linvel(Vector::new(120.0, 0.0, 0.0))
                .ccd_enabled(true)
                .gravity_scale(0.0),
            ColliderBuilder::cuboid(0.1, 0.1, 0.1),
        );
        world.run(10);
        world.bodies[bullet].translation().x
    };
    for integration in Integration::WITH_SAT_RAPIER {
        assert!(
            through(integration) < 1.0,
            "{integration:?}: the bullet went through the wall"
        );
    }
}

/// Two 45°-turned cubes whose AABBs overlap while the boxes are `gap` apart (face to face).
fn turned_pair(gap: Real) -> (World, ColliderHandle, ColliderHandle) {
    let mut world = World::new(Integration::Filter);
    let turn = Vector::new(0.0, 0.0, std::f32::consts::FRAC_PI_4);
    let mut handles = [ColliderHandle::invalid(); 2];
    for (k, handle) in handles.iter_mut().enumerate() {
        // Their facing sides are the 45° faces: centres 1 + gap apart along (1, 1)/√2.
        let at = Vector::new(1.0, 1.0, 0.0) * ((1.0 + gap) / std::f32::consts::SQRT_2) * k as Real;
        let body = world
            .bodies
            .insert(RigidBodyBuilder::dynamic().translation(at).rotation(turn));
        *handle = world.colliders.insert_with_parent(
            ColliderBuilder::cuboid(0.5, 0.5, 0.5).active_hooks(SatContactFilter::ACTIVE_HOOKS),
            body,
            &mut world.bodies,
        );
    }
    (world, handles[0], handles[1])
}

#[test]
fn filter_culls_separated_pairs_whose_aabbs_overlap() {
    let filter = SatContactFilter::new();
    let reach = filter.prediction_distance();
    for gap in [0.05, 0.2, 0.4] {
        let (world, c1, c2) = turned_pair(gap);
        let (a1, a2) = (
            world.colliders[c1].compute_aabb(),
            world.colliders[c2].compute_aabb(),
        );
        assert!(a1.intersects(&a2), "the AABBs overlap");
        assert!(gap > reach);
        assert_eq!(
            filter.filter_contact_pair(&world.pair_context(c1, c2)),
            None,
            "gap {gap}"
        );
        assert!(!filter.filter_intersection_pair(&world.pair_context(c1, c2)));
    }
    // Within the prediction distance: kept, so rapier can make speculative contacts.
    let (world, c1, c2) = turned_pair(0.5 * reach);
    assert!(
        filter
            .filter_contact_pair(&world.pair_context(c1, c2))
            .is_some()
    );
}

#[test]
fn filter_never_culls_a_penetrating_pair() {
    let mut world = World::new(Integration::Filter);
    let mut handles = Vec::new();
    for k in 0..400 {
        let t = k as Real;
        let at = Vector::new(
            (t * 0.37).sin() * 2.0,
            (t * 0.71).cos() * 2.0,
            (t * 1.3).sin(),
        );
        let body = RigidBodyBuilder::dynamic()
            .translation(at)
            .rotation(Vector::new(t * 0.11, t * 0.23, t * 0.05));
        let he = Vector::new(
            0.2 + 0.3 * (t * 0.9).sin().abs(),
            0.3,
            0.1 + 0.5 * (t * 0.4).cos().abs(),
        );
        // The filter integration gives every collider the filter's hooks.
        let body = world.add(body, ColliderBuilder::cuboid(he.x, he.y, he.z));
        handles.push(world.bodies[body].colliders()[0]);
    }
    world.assert_filter_culls_only_separated_pairs(&handles);
}

#[test]
fn user_hooks_still_run_inside_the_filter() {
    let mut world = World::new(Integration::Filter);
    let all = SatContactFilter::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS;
    let ground = world.bodies.insert(RigidBodyBuilder::fixed());
    world.colliders.insert_with_parent(
        ColliderBuilder::cuboid(20.0, 0.5, 20.0)
            .translation(Vector::new(0.0, -0.5, 0.0))
            .active_hooks(all),
        ground,
        &mut world.bodies,
    );
    let rider = world
        .bodies
        .insert(RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 0.6, 0.0)));
    world.colliders.insert_with_parent(
        ColliderBuilder::cuboid(0.5, 0.5, 0.5).active_hooks(all),
        rider,
        &mut world.bodies,
    );
    let ghost_body = world
        .bodies
        .insert(RigidBodyBuilder::dynamic().translation(Vector::new(5.0, 0.6, 0.0)));
    let ghost = world.colliders.insert_with_parent(
        ColliderBuilder::cuboid(0.5, 0.5, 0.5).active_hooks(all),
        ghost_body,
        &mut world.bodies,
    );
    world.assert_user_hooks_run(rider, ghost);
}

#[test]
fn fixed_fixed_pairs_are_never_computed() {
    for integration in Integration::WITH_SAT_RAPIER {
        let mut world = World::new(integration);
        let f1 = world.add(
            RigidBodyBuilder::fixed(),
            ColliderBuilder::cuboid(1.0, 1.0, 1.0),
        );
        let f2 = world.add(
            RigidBodyBuilder::fixed().translation(Vector::new(0.5, 0.2, 0.0)),
            ColliderBuilder::cuboid(1.0, 1.0, 1.0),
        );
        world.add(
            RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 2.0, 0.0)),
            ColliderBuilder::cuboid(0.5, 0.5, 0.5),
        );
        world.assert_fixed_pair_never_computed([f1, f2]);
    }
}

#[test]
fn degenerate_boxes_never_put_nan_into_the_solver() {
    for integration in Integration::WITH_SAT_RAPIER {
        let mut world = World::new(integration);
        world.ground(Vector::new(20.0, 0.5, 20.0), -0.5);
        let far = 1e6;
        world.add(
            RigidBodyBuilder::fixed().translation(Vector::new(far, -0.5, far)),
            ColliderBuilder::cuboid(5.0, 0.5, 5.0),
        );
        let shapes = [
            Vector::ZERO,
            Vector::new(0.0, 0.5, 0.0),
            Vector::new(0.5, 0.0, 0.5),
            Vector::new(0.4, 0.4, 0.0),
        ];
        for (k, he) in shapes.into_iter().enumerate() {
            for origin in [Vector::ZERO, Vector::new(far, 0.0, far)] {
                let at = origin + Vector::new(k as Real * 1.5 - 2.0, 1.0, 0.0);
                world.add(
                    RigidBodyBuilder::dynamic()
                        .translation(at)
                        .rotation(Vector::new(0.3, 0.2, 0.1))
                        .additional_mass(1.0),
                    ColliderBuilder::cuboid(he.x, he.y, he.z),
                );
                // A zero-size box sitting exactly on a normal one.
                world.add(
                    RigidBodyBuilder::dynamic()
                        .translation(at + Vector::new(0.0, 2.0, 0.0))
                        .additional_mass(1.0),
                    ColliderBuilder::cuboid(0.5, 0.5, 0.5),
                );
            }
        }
        world.assert_stays_finite(180);
    }
}
