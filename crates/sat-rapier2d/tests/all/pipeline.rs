//! Both sat-rapier integrations (dispatcher and contact filter) in real rapier2d pipelines: stacks
//! stand, sensor events match the default, the filter culls only provably separated pairs,
//! degenerate boxes never put NaN into the solver; and the scenes that read the same in 3D
//! (`shared_scenes`).

use sat_rapier2d::rapier::prelude::*;

use sat_oracle::harness::dim2::{
    Integration, World, assert_filter_culls_only_separated_pairs, assert_sensor_events_match,
    assert_stands, assert_stays_finite, pyramid, tall_stack,
};

#[test]
fn piles_stand_with_every_integration() {
    let pyramid_name = "pyramid2 (20 rows, 210 boxes)";
    assert_stands(pyramid_name, |i| pyramid(i, 20, Vector::ZERO), 0.05, 0.1);
    assert_stands("stack2 (20 boxes)", |i| tall_stack(i, 20), 0.05, 0.2);
}

#[test]
fn sensor_events_match_the_default_pipeline() {
    assert_sensor_events_match(
        |i, angle| {
            let at = Vector::new(i as Real * 1.5 - 2.0, -3.0 - i as Real);
            RigidBodyBuilder::fixed().translation(at).rotation(angle)
        },
        Vector::new(0.7, 0.3),
        |k, x| {
            RigidBodyBuilder::dynamic()
                .translation(Vector::new(x, 2.0 + 1.5 * (k / 6) as Real))
                .rotation(0.1 * k as Real)
                .angvel(1.0 + 0.5 * (k % 4) as Real)
        },
        Vector::new(0.3, 0.2),
        10,
    );
}

#[test]
fn filter_culls_separated_pairs_and_never_penetrating_ones() {
    assert_filter_culls_only_separated_pairs((0..400).map(|k| {
        let t = k as Real;
        let at = Vector::new((t * 0.37).sin() * 3.0, (t * 0.71).cos() * 3.0);
        let he = Vector::new(
            0.2 + 0.3 * (t * 0.9).sin().abs(),
            0.1 + 0.5 * (t * 0.4).cos().abs(),
        );
        (
            RigidBodyBuilder::dynamic()
                .translation(at)
                .rotation(t * 0.11),
            he,
        )
    }));
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
        assert_stays_finite(&mut world, 180);
    }
}

/// The scenes that read the same in 2D and 3D (`sat_oracle::harness`), in rapier2d.
#[test]
fn scenes_both_dimensions_share() {
    sat_oracle::harness::dim2::assert_shared_scenes();
}
