//! Both sat-rapier integrations (dispatcher and contact filter) in real rapier3d pipelines: stacks
//! stand, contacts and sensor events match the default, the filter culls only provably separated
//! pairs (and pairs whose AABBs overlap), degenerate boxes never put NaN into the solver; and the
//! scenes that read the same in 2D (`shared_scenes`).

use sat_rapier3d::SatContactFilter;
use sat_rapier3d::rapier::prelude::*;

use sat_oracle::harness::dim3::{
    Integration, World, assert_filter_culls_only_separated_pairs, assert_sensor_events_match,
    assert_stands, assert_stays_finite, cuboid, pyramid, tall_stack,
};

#[test]
fn piles_stand_with_every_integration() {
    let pyramid_name = "pyramid3 (8 layers, 204 boxes)";
    assert_stands(pyramid_name, |i| pyramid(i, 8, Vector::ZERO), 0.05, 0.08);
    assert_stands("stack3 (20 cubes)", |i| tall_stack(i, 20), 0.05, 0.2);
}

/// Box `k` of an assorted set: turned, of assorted half-extents, at a point of the box
/// `±spread` (which `k` determines).
fn assorted(k: usize, spread: Vector) -> (RigidBodyBuilder, Vector) {
    let t = k as Real;
    let at = Vector::new((t * 0.37).sin(), (t * 0.71).cos(), (t * 1.3).sin()) * spread;
    let he = Vector::new(
        0.2 + 0.3 * (t * 0.9).sin().abs(),
        0.3,
        0.1 + 0.5 * (t * 0.4).cos().abs(),
    );
    let body = RigidBodyBuilder::dynamic()
        .translation(at)
        .rotation(Vector::new(t * 0.11, t * 0.23, t * 0.05));
    (body, he)
}

/// A heap of turned boxes of assorted sizes, some penetrating, some touching, some within the
/// prediction distance, some apart; no gravity, so one step computes every pair's contacts from
/// the same poses in every world.
fn heap(integration: Integration) -> World {
    let mut world = World::new(integration);
    for k in 0..300 {
        let (body, he) = assorted(k, Vector::splat(3.0));
        world.add(body.gravity_scale(0.0), cuboid(he));
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
    assert_sensor_events_match(
        |i, angle| {
            let at = Vector::new(i as Real * 1.5 - 2.0, -3.0 - i as Real, 0.2);
            RigidBodyBuilder::fixed()
                .translation(at)
                .rotation(Vector::new(angle, 0.5 * angle, 0.2))
        },
        Vector::new(0.7, 0.3, 1.0),
        |k, x| {
            RigidBodyBuilder::dynamic()
                .translation(Vector::new(x, 2.0 + (k / 6) as Real, 0.1 * (k % 3) as Real))
                .rotation(Vector::new(0.1 * k as Real, 0.7, 0.0))
                .angvel(Vector::new(1.0, 0.5 * (k % 4) as Real, 0.3))
        },
        Vector::new(0.3, 0.2, 0.25),
        20,
    );
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
    let spread = Vector::new(2.0, 2.0, 1.0);
    assert_filter_culls_only_separated_pairs((0..400).map(|k| assorted(k, spread)));
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
        assert_stays_finite(&mut world, 180);
    }
}

/// The scenes that read the same in 2D and 3D (`sat_oracle::harness`), in rapier3d.
#[test]
fn scenes_both_dimensions_share() {
    sat_oracle::harness::dim3::assert_shared_scenes();
}
