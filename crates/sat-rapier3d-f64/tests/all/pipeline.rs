//! Piles in rapier3d-f64 pipelines: the pyramid of sat-rapier3d's `tests/all/pipeline.rs`,
//! stepped 10 simulated seconds with rapier as is, with
//! `SatDispatcher::default().chain(DefaultQueryDispatcher)` as the narrow phase's dispatcher, and
//! with `SatContactFilter` as hook (and a pass-through hook, the filter's baseline), once at the
//! origin and once thousands of kilometres from it, where f32 positions are a quarter of a metre
//! apart. Every body and solver contact stays finite, and the top box stays where it was put.
//! Compound tables (cuboid parts, which parry's compound walk hands to the chain) stand there
//! too.

use sat_oracle::harness::dim3_f64::{Integration, World, assert_stands, pyramid};
use sat_rapier3d_f64::rapier::prelude::*;

/// Far from the origin: f32's spacing there is 0.25 to 0.5 (a box of half-extent 0.5 could not
/// even be placed), f64's below 1e-9.
const FAR: [f64; 3] = [4.0e6, 0.0, -3.0e6];

#[test]
fn pyramid_stands_near_and_far_with_the_dispatcher_and_the_filter() {
    for origin in [Vector::ZERO, Vector::from_array(FAR)] {
        assert_stands(
            &format!("pyramid3-f64 at {origin}"),
            |integration| pyramid(integration, 8, origin),
            0.05,
            0.08,
        );
    }
}

/// Tables (a top and four legs, five cuboid parts of one compound collider set on one body)
/// dropped 5 cm onto the ground 5000 km out: with the dispatcher, parry's compound walk asks
/// the chain for every pair of parts, so the legs stand on sat-core's manifolds. Every table
/// comes to rest on its legs, level, and nothing leaves the finite numbers.
#[test]
fn compound_tables_stand_far_out() {
    let origin = Vector::from_array(FAR);
    for integration in [Integration::Dispatcher, Integration::Filter] {
        let mut world = World::new(integration);
        world.add(
            RigidBodyBuilder::fixed().translation(origin - Vector::Y),
            ColliderBuilder::cuboid(100.0, 1.0, 100.0),
        );
        let table = || {
            let leg = |x: Real, z: Real| {
                (
                    Pose::translation(x, 0.4, z),
                    SharedShape::cuboid(0.05, 0.4, 0.05),
                )
            };
            let top = (
                Pose::translation(0.0, 0.9, 0.0),
                SharedShape::cuboid(1.0, 0.1, 0.6),
            );
            ColliderBuilder::compound(vec![
                top,
                leg(0.9, 0.5),
                leg(-0.9, 0.5),
                leg(0.9, -0.5),
                leg(-0.9, -0.5),
            ])
        };
        let tables: Vec<_> = (0..9)
            .map(|k| {
                let at = Vector::new((k % 3) as Real * 3.0, 0.05, (k / 3) as Real * 2.0);
                world.add(
                    RigidBodyBuilder::dynamic()
                        .can_sleep(false)
                        .translation(origin + at),
                    table(),
                )
            })
            .collect();
        world.run(300);
        assert!(world.solver_contacts_are_finite(), "{integration:?}");
        for handle in tables {
            let body = &world.bodies[handle];
            let height = body.translation().y - origin.y;
            let tilt = body.rotation().angle_between(Rotation::IDENTITY);
            assert!(
                height.abs() < 0.02 && tilt < 0.01,
                "{integration:?}: a table at height {height}, tilted {tilt}"
            );
        }
    }
}
