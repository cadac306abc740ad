//! The workspace's own rapier scenes, as lists of body and collider builders: settled piles
//! (`boxes3`, `planks3`, `pyramid3`, `pyramid2`, `columns2`), where rapier recycles nearly every
//! pair's contacts, and busy ones where it calls the dispatcher: tumbling drums (`drum3`,
//! `drum2`), a domino cascade (`dominoes3`), box sensors (`sensors3`) and compound shapes of
//! cuboids (`compounds3`). Some are shaped after rapier's examples but smaller, and every body
//! stays awake (`can_sleep(false)`), so a scene's cost is the steady cost of its pile; rapier's
//! own scenes as rapier writes them are [`dim3::SCENES`](super::dim3::SCENES) and
//! [`dim2::SCENES`](super::dim2::SCENES).
//!
//! Builders, not worlds, so that a bench can put one scene into several worlds (one per
//! integration) or rebuild it in another flavour. [`all`] lists the scenes at the sizes
//! `benches/rapier_scenes.rs` and `upstream/bench` step them; [`dim3::add`] and [`dim2::add`] put
//! a scene into a world.
//!
//! ```
//! use sat_oracle::scenes::workspace::{self, dim3};
//! use sat_oracle::world::dim3::{Integration, World};
//!
//! let mut world = World::new(Integration::Dispatcher);
//! dim3::add(&mut world, &workspace::dominoes3(2, 10));
//! assert_eq!(world.bodies.len(), 1 + 2 * 10);
//! world.run(30);
//! assert!(world.solver_contacts_are_finite());
//! ```

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// Generates a dimension's builder types and [`dim3::add`].
macro_rules! bodies {
    ($flavour:ident, $sat_rapier:ident) => {
        use $sat_rapier::rapier::prelude::*;

        use crate::world::$flavour::World;

        /// A body and its colliders, as builders.
        pub type Body = (RigidBodyBuilder, Vec<ColliderBuilder>);

        /// A scene: its bodies, each with its colliders.
        pub type Bodies = Vec<Body>;

        /// Adds every body of `bodies` and its colliders to `world` (each collider with the
        /// world integration's hooks, [`World::add_compound`]).
        pub fn add(world: &mut World, bodies: &Bodies) {
            for (body, colliders) in bodies {
                world.add_compound(body.clone(), colliders.iter().cloned());
            }
        }
    };
}

/// The 3D scenes' builders (rapier3d, sat-rapier3d).
pub mod dim3 {
    bodies!(dim3, sat_rapier3d);
}

/// The 2D scenes' builders (rapier2d, sat-rapier2d).
pub mod dim2 {
    bodies!(dim2, sat_rapier2d);
}

/// A scene of either dimension.
pub enum Layout {
    /// A rapier3d scene.
    Dim3(dim3::Bodies),
    /// A rapier2d scene.
    Dim2(dim2::Bodies),
}

/// Every scene, at the sizes the benches step, named as their tables name them.
pub fn all() -> Vec<(&'static str, Layout)> {
    vec![
        ("boxes3 (1000 cubes)", Layout::Dim3(boxes3())),
        (
            "planks3 (30 × 30 planks turned 45°)",
            Layout::Dim3(planks3(30)),
        ),
        (
            "pyramid3 (15 layers, 1240 boxes)",
            Layout::Dim3(pyramid3(15)),
        ),
        ("pyramid2 (60 rows, 1830 boxes)", Layout::Dim2(pyramid2(60))),
        ("columns2 (30 × 30)", Layout::Dim2(columns2(30, 30))),
        ("drum3 (2500 boxes)", Layout::Dim3(drum3(2500))),
        ("drum2 (3000 boxes)", Layout::Dim2(drum2(3000))),
        ("dominoes3 (40 × 50)", Layout::Dim3(dominoes3(40, 50))),
        (
            "sensors3 (2000 sensors, 500 boxes)",
            Layout::Dim3(sensors3(2000, 500)),
        ),
        ("compounds3 (600 tables)", Layout::Dim3(compounds3(600))),
    ]
}

/// A fixed ground slab whose top face is the plane `y = 0`: half-extents `half_width` ×
/// `half_height` (× `half_width`).
fn ground3(half_width: f32, half_height: f32) -> dim3::Body {
    use sat_rapier3d::rapier::prelude::*;
    (
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -half_height, 0.0)),
        vec![ColliderBuilder::cuboid(half_width, half_height, half_width)],
    )
}

/// A dynamic body that never sleeps at `at`, one cuboid collider of `half_extents`.
fn awake_box3(at: sat_rapier3d::rapier::math::Vector, half_extents: [f32; 3]) -> dim3::Body {
    use sat_rapier3d::rapier::prelude::*;
    let [x, y, z] = half_extents;
    (
        RigidBodyBuilder::dynamic().can_sleep(false).translation(at),
        vec![ColliderBuilder::cuboid(x, y, z)],
    )
}

/// [`ground3`] in 2D.
fn ground2(half_width: f32, half_height: f32) -> dim2::Body {
    use sat_rapier2d::rapier::prelude::*;
    (
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -half_height)),
        vec![ColliderBuilder::cuboid(half_width, half_height)],
    )
}

/// [`awake_box3`] in 2D.
fn awake_box2(at: sat_rapier2d::rapier::math::Vector, half_extents: [f32; 2]) -> dim2::Body {
    use sat_rapier2d::rapier::prelude::*;
    let [x, y] = half_extents;
    (
        RigidBodyBuilder::dynamic().can_sleep(false).translation(at),
        vec![ColliderBuilder::cuboid(x, y)],
    )
}

/// After rapier's boxes3 (awake): a thin ground and 10×10×10 unit-half-extent cubes at pitch 2, each layer
/// shifted by −0.45 more than the one below.
pub fn boxes3() -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut scene = vec![ground3(200.1, 0.1)];
    for j in 0..10 {
        let offset = -10.0 - 0.45 * j as Real;
        for i in 0..10 {
            for k in 0..10 {
                let at = Vector::new(
                    2.0 * i as Real - 10.0 + offset,
                    2.0 * j as Real + 1.0,
                    2.0 * k as Real - 10.0 + offset,
                );
                scene.push(awake_box3(at, [1.0; 3]));
            }
        }
    }
    scene
}

/// After an older rapier's pyramid3, `layers` layers, awake: layer `i` has `(layers − i)²` boxes of half-extent
/// 0.975 at pitch 2.25, centred (so each rests on four below), 2.5 above the one below.
pub fn pyramid3(layers: usize) -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut scene = vec![ground3(100.0, 1.0)];
    for at in crate::harness::dim3::pyramid_centres(layers, |i| 1.0 + 2.5 * i as Real) {
        scene.push(awake_box3(at, [0.975; 3]));
    }
    scene
}

/// Where the filter pays: `n × n` planks (half-extents 1 × 0.1 × 0.1) lying on the ground turned
/// 45°, in parallel rows 0.3 apart and 2.2 apart along a row. Each plank's AABB overlaps a dozen
/// others while the planks themselves stay 0.1 apart: pairs the broad phase reports and the
/// filter can prove separated.
pub fn planks3(n: usize) -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut scene = vec![ground3(100.0, 0.5)];
    let turn = std::f32::consts::FRAC_PI_4;
    let (along, across) = (
        Vector::new(turn.cos(), 0.0, -turn.sin()),
        Vector::new(turn.sin(), 0.0, turn.cos()),
    );
    for a in 0..n {
        for b in 0..n {
            let at =
                along * (2.2 * a as Real) + across * (0.3 * b as Real) + Vector::new(0.0, 0.1, 0.0);
            scene.push((
                RigidBodyBuilder::dynamic()
                    .can_sleep(false)
                    .translation(at)
                    .rotation(Vector::new(0.0, turn, 0.0)),
                vec![ColliderBuilder::cuboid(1.0, 0.1, 0.1)],
            ));
        }
    }
    scene
}

/// After rapier's pyramid2, `rows` rows of boxes of half-extent 0.5, awake.
pub fn pyramid2(rows: usize) -> dim2::Bodies {
    use sat_rapier2d::rapier::prelude::*;
    let mut scene = vec![ground2(1000.0, 1.0)];
    for i in 0..rows {
        for j in i..rows {
            let x = (j as Real - i as Real * 0.5 - (rows - 1) as Real * 0.5) * 1.0;
            scene.push(awake_box2(Vector::new(x, 0.5 + i as Real), [0.5; 2]));
        }
    }
    scene
}

/// `stacks` columns of `height` boxes of half-extent 0.5, 2 apart.
pub fn columns2(stacks: usize, height: usize) -> dim2::Bodies {
    use sat_rapier2d::rapier::prelude::*;
    let mut scene = vec![ground2(1000.0, 1.0)];
    for s in 0..stacks {
        for h in 0..height {
            let at = Vector::new(2.0 * s as Real - stacks as Real, 0.5 + h as Real);
            scene.push(awake_box2(at, [0.5; 2]));
        }
    }
    scene
}

/// Points of a square grid of `pitch` filling the disc of `radius` (the `z` slices of a drum).
fn disc_grid(radius: f32, pitch: f32) -> impl Iterator<Item = (f32, f32)> {
    let n = (radius / pitch) as i32;
    (-n..=n)
        .flat_map(move |i| (-n..=n).map(move |j| (i as f32 * pitch, j as f32 * pitch)))
        .filter(move |(x, y)| x.hypot(*y) <= radius)
}

/// A tumbling drum: a kinematic 24-sided drum of radius 8 and depth 12 (cuboid walls and end
/// caps on one body) turning at 25°/s about its horizontal axis, with `n` boxes of random
/// half-extents 0.15–0.4, turned at random, filling it from the bottom: about half the pairs
/// move every step, so rapier recomputes them.
pub fn drum3(n: usize) -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut rng = Pcg64::seed_from_u64(3);
    let (radius, walls, depth) = (8.0f32, 24, 6.0f32);
    let mut drum = Vec::new();
    for k in 0..walls {
        let a = k as f32 / walls as f32 * std::f32::consts::TAU;
        let half = radius * (std::f32::consts::PI / walls as f32).tan() + 0.3;
        drum.push(
            ColliderBuilder::cuboid(half, 0.3, depth)
                .translation(Vector::new(a.sin(), -a.cos(), 0.0) * (radius + 0.3))
                .rotation(Vector::new(0.0, 0.0, a)),
        );
    }
    for z in [-depth - 0.3, depth + 0.3] {
        drum.push(
            ColliderBuilder::cuboid(radius + 1.0, radius + 1.0, 0.3)
                .translation(Vector::new(0.0, 0.0, z)),
        );
    }
    let turning = RigidBodyBuilder::kinematic_velocity_based().angvel(Vector::new(
        0.0,
        0.0,
        25f32.to_radians(),
    ));
    let mut scene = vec![(turning, drum)];
    let mut slots: Vec<(f32, f32, f32)> = disc_grid(radius - 0.6, 0.85)
        .flat_map(|(x, y)| (-6..=6).map(move |k| (x, y, k as f32 * 0.85)))
        .collect();
    slots.sort_by(|a, b| a.1.total_cmp(&b.1)); // from the bottom up
    for &(x, y, z) in slots.iter().take(n) {
        let he: [f32; 3] = core::array::from_fn(|_| rng.random_range(0.15..0.4));
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(x, y, z))
                .rotation(euler_rotation(&mut rng).to_scaled_axis()),
            vec![ColliderBuilder::cuboid(he[0], he[1], he[2])],
        ));
    }
    scene
}

/// The 2D drum: a kinematic 48-sided drum of radius 30 turning at 25°/s with `n` boxes of
/// random half-extents 0.15–0.4 filling it from the bottom.
pub fn drum2(n: usize) -> dim2::Bodies {
    use sat_rapier2d::rapier::prelude::*;
    let mut rng = Pcg64::seed_from_u64(4);
    let (radius, walls) = (30.0f32, 48);
    let drum = (0..walls)
        .map(|k| {
            let a = k as f32 / walls as f32 * std::f32::consts::TAU;
            let half = radius * (std::f32::consts::PI / walls as f32).tan() + 0.3;
            ColliderBuilder::cuboid(half, 0.3)
                .translation(Vector::new(a.sin(), -a.cos()) * (radius + 0.3))
                .rotation(a)
        })
        .collect();
    let turning = RigidBodyBuilder::kinematic_velocity_based().angvel(25f32.to_radians());
    let mut scene = vec![(turning, drum)];
    let mut slots: Vec<(f32, f32)> = disc_grid(radius - 0.6, 0.85).collect();
    slots.sort_by(|a, b| a.1.total_cmp(&b.1));
    for &(x, y) in slots.iter().take(n) {
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(x, y))
                .rotation(rng.random_range(0.0..std::f32::consts::TAU)),
            vec![ColliderBuilder::cuboid(
                rng.random_range(0.15..0.4),
                rng.random_range(0.15..0.4),
            )],
        ));
    }
    scene
}

/// A domino cascade: `rows` rows of `per_row` dominoes (half-extents 0.05 × 0.5 × 0.25, 0.6
/// apart) standing on the ground, the first of each row pushed over: the pairs along the moving
/// front are recomputed every step.
pub fn dominoes3(rows: usize, per_row: usize) -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut scene = vec![ground3(200.0, 0.5)];
    for r in 0..rows {
        for d in 0..per_row {
            let mut body = RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(d as f32 * 0.6, 0.5, r as f32 * 1.0));
            if d == 0 {
                body = body.angvel(Vector::new(0.0, 0.0, -4.0));
            }
            scene.push((body, vec![ColliderBuilder::cuboid(0.05, 0.5, 0.25)]));
        }
    }
    scene
}

/// Box sensors: `sensors` trigger boxes (half-extents 0.3–1.0, turned at random, fixed) in a
/// 40 × 20 × 40 volume and `movers` boxes falling through them with random velocities: rapier
/// runs an intersection test for every sensor pair every step.
pub fn sensors3(sensors: usize, movers: usize) -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut rng = Pcg64::seed_from_u64(5);
    let mut scene = vec![ground3(100.0, 0.5)];
    let at = |rng: &mut Pcg64, y: std::ops::Range<f32>| {
        Vector::new(
            rng.random_range(-20.0..20.0),
            rng.random_range(y),
            rng.random_range(-20.0..20.0),
        )
    };
    for _ in 0..sensors {
        let he: [f32; 3] = core::array::from_fn(|_| rng.random_range(0.3..1.0));
        scene.push((
            RigidBodyBuilder::fixed()
                .translation(at(&mut rng, 1.0..20.0))
                .rotation(euler_rotation(&mut rng).to_scaled_axis()),
            vec![ColliderBuilder::cuboid(he[0], he[1], he[2]).sensor(true)],
        ));
    }
    for _ in 0..movers {
        let velocity: [f32; 3] = core::array::from_fn(|_| rng.random_range(-3.0..3.0));
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(at(&mut rng, 20.0..40.0))
                .linvel(Vector::from_array(velocity)),
            vec![ColliderBuilder::cuboid(0.3, 0.3, 0.3)],
        ));
    }
    scene
}

/// Compound shapes: `n` tables (a 1.2 × 0.1 × 0.8 top on two 0.1 × 0.4 × 0.7 legs, one compound
/// collider of three cuboids) dropped turned at random onto a pile: every contact is between
/// cuboid parts.
pub fn compounds3(n: usize) -> dim3::Bodies {
    use sat_rapier3d::rapier::prelude::*;
    let mut rng = Pcg64::seed_from_u64(6);
    let mut scene = vec![ground3(100.0, 0.5)];
    let side = (n as f32).sqrt().ceil() as usize;
    for k in 0..n {
        let (i, j) = (k % side, k / side);
        let table = ColliderBuilder::compound(vec![
            (
                Pose::translation(0.0, 0.45, 0.0),
                SharedShape::cuboid(1.2, 0.1, 0.8),
            ),
            (
                Pose::translation(-1.0, 0.0, 0.0),
                SharedShape::cuboid(0.1, 0.4, 0.7),
            ),
            (
                Pose::translation(1.0, 0.0, 0.0),
                SharedShape::cuboid(0.1, 0.4, 0.7),
            ),
        ]);
        scene.push((
            RigidBodyBuilder::dynamic()
                .can_sleep(false)
                .translation(Vector::new(
                    (i as f32 - side as f32 / 2.0) * 1.6,
                    1.0 + (k % 4) as f32 * 2.0,
                    (j as f32 - side as f32 / 2.0) * 1.2,
                ))
                .rotation(euler_rotation(&mut rng).to_scaled_axis()),
            vec![table],
        ));
    }
    scene
}

/// A rotation by random Euler angles (XYZ, each uniform in `0..2π`), as the scenes turn their
/// boxes (not uniform over the rotations).
pub fn euler_rotation(rng: &mut Pcg64) -> glam::Quat {
    let angles: [f32; 3] = core::array::from_fn(|_| rng.random_range(0.0..std::f32::consts::TAU));
    glam::Quat::from_euler(glam::EulerRot::XYZ, angles[0], angles[1], angles[2])
}
