//! Piles in rapier3d-f64 and rapier2d-f64 pipelines: the pyramids of `tests/rapier/pipeline3.rs`
//! and `pipeline2.rs`, stepped 10 simulated seconds with rapier as is, with
//! `SatDispatcher::default().chain(DefaultQueryDispatcher)` as the narrow phase's dispatcher, and
//! with `SatContactFilter` as hook (and a pass-through hook, the filter's baseline), once at the
//! origin and once thousands of kilometres from it, where f32 positions are a quarter of a metre
//! apart. Every body and solver contact stays finite, and the top box stays where it was put.
//! Compound tables (cuboid parts, which parry's compound walk hands to the chain) stand there
//! too.

/// Far from the origin: f32's spacing there is 0.25 to 0.5 (a box of half-extent 0.5 could not
/// even be placed), f64's below 1e-9.
const FAR: [f64; 3] = [4.0e6, 0.0, -3.0e6];

/// How far the top box of the integration named `integration` (the harness's `name()`) may
/// drift sideways and sink: `bound` and `sink` without a hook; the filter is held to the
/// pass-through hook's drift and sink plus these (rapier stops recycling the contacts of hooked
/// pairs, which makes piles sway whatever the hook does).
fn allowed(integration: &str, pass_through: (f64, f64), bound: f64, sink: f64) -> (f64, f64) {
    match integration {
        "filter" => (pass_through.0 + bound, pass_through.1 + sink),
        "pass-through" => (f64::INFINITY, f64::INFINITY),
        _ => (bound, sink),
    }
}

mod dim3 {
    use rapier3d_f64::prelude::*;

    use super::{FAR, allowed};
    use crate::harness::dim3_f64::{Integration, World};

    /// rapier's pyramid3 layout, scaled down (as `tests/rapier/pipeline3.rs`): `layers` layers
    /// of boxes of half-extent 0.975 at pitch 2.25, each on the corners of four below, 1 cm
    /// apart, on a ground whose top is at `origin`. Returns the world, the top box and its
    /// resting place.
    fn pyramid(
        integration: Integration,
        layers: usize,
        origin: Vector,
    ) -> (World, RigidBodyHandle, Vector) {
        let mut world = World::new(integration);
        world.add(
            RigidBodyBuilder::fixed().translation(origin - Vector::Y),
            ColliderBuilder::cuboid(100.0, 1.0, 100.0),
        );
        let (he, pitch) = (0.975, 2.25);
        let mut top = None;
        for i in 0..layers {
            let m = layers - i;
            let offset = (m - 1) as Real / 2.0;
            for j in 0..m {
                for k in 0..m {
                    let y = he + (2.0 * he + 0.01) * i as Real;
                    let at = Vector::new(
                        (j as Real - offset) * pitch,
                        y,
                        (k as Real - offset) * pitch,
                    );
                    top = Some(
                        world.add(
                            RigidBodyBuilder::dynamic()
                                .can_sleep(false)
                                .translation(origin + at),
                            ColliderBuilder::cuboid(he, he, he),
                        ),
                    );
                }
            }
        }
        let rest = origin + Vector::new(0.0, he + 2.0 * he * (layers - 1) as Real, 0.0);
        (world, top.unwrap(), rest)
    }

    #[test]
    fn pyramid_stands_near_and_far_with_the_dispatcher_and_the_filter() {
        for origin in [Vector::ZERO, Vector::from_array(FAR)] {
            let mut pass_through = (Real::INFINITY, Real::INFINITY);
            for integration in [
                Integration::Default,
                Integration::Dispatcher,
                Integration::PassThrough,
                Integration::Filter,
            ] {
                let (mut world, top, rest) = pyramid(integration, 8, origin);
                world.run(600);
                let name = format!("pyramid3-f64 at {origin} with {integration:?}");
                assert!(
                    world
                        .bodies
                        .iter()
                        .all(|(_, b)| b.translation().is_finite()),
                    "{name}: a body left the finite numbers"
                );
                assert!(world.solver_contacts_are_finite(), "{name}");
                let offset = world.bodies[top].translation() - rest;
                let (drift, sunk) = (offset.with_y(0.0).length(), -offset.y);
                println!("{name}: top box drifted {drift:.5} sideways, sank {sunk:.5}");
                if integration == Integration::PassThrough {
                    pass_through = (drift, sunk.abs());
                }
                let (drift_allowed, sink_allowed) =
                    allowed(integration.name(), pass_through, 0.05, 0.08);
                assert!(drift < drift_allowed, "{name}: drifted {drift}");
                assert!(sunk.abs() < sink_allowed, "{name}: sank {sunk}");
            }
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
}

mod dim2 {
    use rapier2d_f64::prelude::*;

    use super::{FAR, allowed};
    use crate::harness::dim2_f64::{Integration, World};

    /// rapier's pyramid2 layout (as `tests/rapier/pipeline2.rs`): `rows` rows of boxes of
    /// half-extent 0.5, each row on the one below and shifted by half a box, 1 mm apart, on a
    /// ground whose top is at `origin`.
    fn pyramid(
        integration: Integration,
        rows: usize,
        origin: Vector,
    ) -> (World, RigidBodyHandle, Vector) {
        let mut world = World::new(integration);
        world.add(
            RigidBodyBuilder::fixed().translation(origin - Vector::Y),
            ColliderBuilder::cuboid(100.0, 1.0),
        );
        let he = 0.5;
        let mut top = None;
        for i in 0..rows {
            for j in i..rows {
                let x =
                    (j as Real - i as Real * 0.5 - (rows - 1) as Real * 0.5) * (2.0 * he + 0.001);
                let y = he + (2.0 * he + 0.001) * i as Real;
                top = Some(
                    world.add(
                        RigidBodyBuilder::dynamic()
                            .can_sleep(false)
                            .translation(origin + Vector::new(x, y)),
                        ColliderBuilder::cuboid(he, he),
                    ),
                );
            }
        }
        let rest = origin + Vector::new(0.0, he + 2.0 * he * (rows - 1) as Real);
        (world, top.unwrap(), rest)
    }

    #[test]
    fn pyramid_stands_near_and_far_with_the_dispatcher_and_the_filter() {
        for origin in [Vector::ZERO, Vector::new(FAR[0], FAR[2])] {
            let mut pass_through = (Real::INFINITY, Real::INFINITY);
            for integration in [
                Integration::Default,
                Integration::Dispatcher,
                Integration::PassThrough,
                Integration::Filter,
            ] {
                let (mut world, top, rest) = pyramid(integration, 20, origin);
                world.run(600);
                let name = format!("pyramid2-f64 at {origin} with {integration:?}");
                assert!(
                    world
                        .bodies
                        .iter()
                        .all(|(_, b)| b.translation().is_finite()),
                    "{name}: a body left the finite numbers"
                );
                assert!(world.solver_contacts_are_finite(), "{name}");
                let offset = world.bodies[top].translation() - rest;
                let (drift, sunk) = (offset.x.abs(), -offset.y);
                println!("{name}: top box drifted {drift:.5} sideways, sank {sunk:.5}");
                if integration == Integration::PassThrough {
                    pass_through = (drift, sunk.abs());
                }
                let (drift_allowed, sink_allowed) =
                    allowed(integration.name(), pass_through, 0.05, 0.1);
                assert!(drift < drift_allowed, "{name}: drifted {drift}");
                assert!(sunk.abs() < sink_allowed, "{name}: sank {sunk}");
            }
        }
    }
}
