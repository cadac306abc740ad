//! rapier3d's box scenes (`examples3d`), the measures and the dispatcher counter for rapier3d
//! (sat-rapier's `dim3`).

use glam::Vec3Swizzles;

flavour!(sat_rapier3d, dim3, boxes3);

/// Every box scene of rapier's `examples3d`: the box3d ports, the stress tests, then the other
/// examples and debug scenes made of boxes.
pub const SCENES: &[Scene] = &[
    Scene {
        file: "examples3d/b3d_large_pyramid.rs",
        summary: "a 200-box-base pyramid of cubes, 20 100 bodies, sleeping off",
        build: b3d_large_pyramid,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/b3d_many_pyramids.rs",
        summary: "14 × 14 pyramids of 55 cubes, 10 780 bodies, sleeping off",
        build: b3d_many_pyramids,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/b3d_washer.rs",
        summary: "8 000 cubes tumbled by a turning kinematic ring of convex hulls",
        build: b3d_washer,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/stress_tests/boxes3.rs",
        summary: "1 000 cubes dropped in 10 shifted layers",
        build: boxes3,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/stress_tests/keva3.rs",
        summary: "five towers of keva planks, 0.1 × 1 × 4",
        build: keva3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/stress_tests/pyramid3.rs",
        summary: "a 50-layer pyramid of 1.95 cubes, 42 925 bodies",
        build: pyramid3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/stress_tests/stacks3.rs",
        summary: "pyramids, walls and a ring tower of cubes dropped from 50",
        build: stacks3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/stress_tests/compound3.rs",
        summary: "1 600 bodies of three cuboid colliders each, dropped",
        build: compound3_stress,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/domino3.rs",
        summary: "a spiral of about 3 900 dominoes, 0.2 × 4 × 2, on a 400-wide ground",
        build: domino3,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/stress_tests/many_pyramids3.rs",
        summary: "40 pyramids of 210 cubes, 8 400 bodies",
        build: many_pyramids3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/compound3.rs",
        summary: "960 bodies of three cuboids: colliders on one body, or one compound shape",
        build: compound3,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/debug_two_cubes3.rs",
        summary: "a cube dropped on a fixed cube",
        build: debug_two_cubes3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/debug_boxes3.rs",
        summary: "two plates overlapping each other and six coincident grounds",
        build: debug_boxes3,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/debug_pop3.rs",
        summary: "a cube starting half sunk in the ground",
        build: debug_pop3,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/debug_friction3.rs",
        summary: "a box sliding at 50 m/s on a high-friction ground",
        build: debug_friction3,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples3d/debug_cube_high_mass_ratio3.rs",
        summary: "a heavy cube on a log cabin of light sticks",
        build: debug_cube_high_mass_ratio3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/debug_big_colliders3.rs",
        summary: "12 plates from 20 000 to 0.0002 wide stacked on a half-space",
        build: debug_big_colliders3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples3d/debug_multi_collider_body3.rs",
        summary: "one body of 8 000 cube colliders dropped on a ground",
        build: debug_multi_collider_body3,
        after_step: None,
        stack: false,
    },
];

/// rapier's usual ground: a fixed slab `2·size` wide and deep, `2·height` thick, its top at 0.
fn slab_ground(world: &mut World, size: f32, height: f32) {
    world.ground(Vector::new(size, height, size), -height);
}

/// A collider with no body (a fixed one), with the integration's hooks.
fn parentless(world: &mut World, collider: ColliderBuilder) {
    let collider = collider.active_hooks(world.integration.active_hooks());
    world.colliders.insert(collider);
}

/// rapier's `b3d_large_pyramid.rs` (box3d's `large_pyramid`).
fn b3d_large_pyramid(world: &mut World) {
    world.gravity = Vector::new(0.0, -10.0, 0.0);
    let base_count = 200i32;
    slab_ground(world, 400.0, 1.0);
    let h = 0.5f32;
    let shift = h;
    for i in 0..base_count {
        let y = (2.0 * i as f32 + 1.0) * shift;
        for j in i..base_count {
            let x = (i as f32 + 1.0) * shift + 2.0 * (j - i) as f32 * shift - h * base_count as f32;
            let body = RigidBodyBuilder::dynamic()
                .translation(Vector::new(x, y, 0.0))
                .can_sleep(false);
            world.add(body, ColliderBuilder::cuboid(h, h, h).density(100.0));
        }
    }
}

/// rapier's `b3d_many_pyramids.rs` (box3d's `many_pyramids`).
fn b3d_many_pyramids(world: &mut World) {
    fn create_small_pyramid(
        world: &mut World,
        base_count: i32,
        extent: f32,
        center_x: f32,
        base_z: f32,
    ) {
        for i in 0..base_count {
            let y = (2.0 * i as f32 + 1.0) * extent;
            for j in i..base_count {
                let x = (i as f32 + 1.0) * extent + 2.0 * (j - i) as f32 * extent + center_x - 0.5;
                let body = RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, y, base_z))
                    .can_sleep(false);
                world.add(
                    body,
                    ColliderBuilder::cuboid(extent, extent, extent).density(100.0),
                );
            }
        }
    }
    world.gravity = Vector::new(0.0, -10.0, 0.0);
    let base_count = 10i32;
    let extent = 0.5f32;
    let row_count = 14i32;
    let column_count = 14i32;
    let ground_extent = extent * column_count as f32 * (base_count as f32 + 1.0);
    slab_ground(world, ground_extent, 1.0);
    let base_width = 2.0 * extent * base_count as f32;
    let mut base_z = -ground_extent + 2.0 * extent;
    let delta_z = 2.0 * (ground_extent - 2.0 * extent) / (row_count as f32 - 1.0);
    for _ in 0..row_count {
        for j in 0..column_count {
            let center_x = -ground_extent + j as f32 * (base_width + 2.0 * extent) + 2.0 * extent;
            create_small_pyramid(world, base_count, extent, center_x, base_z);
        }
        base_z += delta_z;
    }
}

/// rapier's `b3d_washer.rs` (box3d's `washer`): the ring turns at 25°/s about z and drifts at
/// (0.001, −0.002, 0) m/s, its velocities set once, as rapier's file sets them.
fn b3d_washer(world: &mut World) {
    use std::f32::consts::PI;
    world.gravity = Vector::new(0.0, -10.0, 0.0);
    slab_ground(world, 60.0, 1.0);
    let motor_speed = 25.0f32;
    let washer = RigidBodyBuilder::kinematic_velocity_based()
        .translation(Vector::new(0.0, 21.0, 0.0))
        .angvel(Vector::new(0.0, 0.0, (PI / 180.0) * motor_speed))
        .linvel(Vector::new(0.001, -0.002, 0.0));
    let (r0, r1, r2) = (14.0f32, 16.0f32, 18.0f32);
    let neg_d = Vector::new(0.0, 0.0, -10.0);
    let pos_d = Vector::new(0.0, 0.0, 10.0);
    let angle = PI / 18.0;
    let q = Rotation::from_axis_angle(Vector::Z, angle);
    let qo = Rotation::from_axis_angle(Vector::Z, 0.1 * angle);
    let hull = |points: [Vector; 8]| {
        ColliderBuilder::convex_hull(&points).expect("eight corners of a ring segment")
    };
    let mut walls = Vec::new();
    let mut u1 = Vector::new(1.0, 0.0, 0.0);
    for i in 0..36 {
        let u2 = if i == 35 {
            Vector::new(1.0, 0.0, 0.0)
        } else {
            q * u1
        };
        let a1 = qo.inverse() * u1;
        let a2 = qo * u2;
        walls.push(hull([
            neg_d + r1 * a1,
            neg_d + r2 * a1,
            neg_d + r1 * a2,
            neg_d + r2 * a2,
            pos_d + r1 * a1,
            pos_d + r2 * a1,
            pos_d + r1 * a2,
            pos_d + r2 * a2,
        ]));
        if i % 9 == 0 {
            walls.push(hull([
                neg_d + r0 * u1,
                neg_d + r1 * u1,
                neg_d + r0 * u2,
                neg_d + r1 * u2,
                pos_d + r0 * u1,
                pos_d + r1 * u1,
                pos_d + r0 * u2,
                pos_d + r1 * u2,
            ]));
        }
        u1 = u2;
    }
    world.add_compound(washer, walls);
    let grid_count = 20i32;
    let a = 0.2f32;
    let mut x = -2.0 * a * grid_count as f32;
    for _ in 0..grid_count {
        let mut y = -2.0 * a * grid_count as f32 + 21.0;
        for _ in 0..grid_count {
            let mut z = -2.0 * a * grid_count as f32;
            for _ in 0..grid_count {
                world.add(
                    RigidBodyBuilder::dynamic().translation(Vector::new(x, y, z)),
                    ColliderBuilder::cuboid(a, a, a).density(1000.0),
                );
                z += 4.0 * a;
            }
            y += 4.0 * a;
        }
        x += 4.0 * a;
    }
}

/// rapier's `stress_tests/boxes3.rs`.
fn boxes3(world: &mut World) {
    slab_ground(world, 200.1, 0.1);
    let num = 10;
    let rad = 1.0;
    let shift = rad * 2.0;
    let centerx = shift * (num / 2) as f32;
    let centery = shift / 2.0;
    let centerz = shift * (num / 2) as f32;
    let mut offset = -(num as f32) * (rad * 2.0) * 0.5;
    for j in 0usize..num {
        for i in 0..num {
            for k in 0usize..num {
                let x = i as f32 * shift - centerx + offset;
                let y = j as f32 * shift + centery;
                let z = k as f32 * shift - centerz + offset;
                world.add_box(Vector::new(x, y, z), Vector::splat(rad));
            }
        }
        offset -= 0.05 * rad * (num as f32 - 1.0);
    }
}

/// rapier's `stress_tests/keva3.rs`: one block of planks (`build_block`).
fn keva_block(
    world: &mut World,
    half_extents: Vector,
    shift: Vector,
    (mut numx, numy, mut numz): (usize, usize, usize),
) {
    let dimensions = [half_extents.xyz(), half_extents.zyx()];
    let block_width = 2.0 * half_extents.z * numx as f32;
    let block_height = 2.0 * half_extents.y * numy as f32;
    let spacing = (half_extents.z * numx as f32 - half_extents.x) / (numz as f32 - 1.0);
    for i in 0..numy {
        std::mem::swap(&mut numx, &mut numz);
        let dim = dimensions[i % 2];
        let y = dim.y * i as f32 * 2.0;
        for j in 0..numx {
            let x = if i % 2 == 0 {
                spacing * j as f32 * 2.0
            } else {
                dim.x * j as f32 * 2.0
            };
            for k in 0..numz {
                let z = if i % 2 == 0 {
                    dim.z * k as f32 * 2.0
                } else {
                    spacing * k as f32 * 2.0
                };
                world.add_box(
                    Vector::new(
                        x + dim.x + shift.x,
                        y + dim.y + shift.y,
                        z + dim.z + shift.z,
                    ),
                    dim,
                );
            }
        }
    }
    // Close the top.
    let dim = half_extents.zxy();
    for i in 0..(block_width / (dim.x * 2.0)) as usize {
        for j in 0..(block_width / (dim.z * 2.0)) as usize {
            world.add_box(
                Vector::new(
                    i as f32 * dim.x * 2.0 + dim.x + shift.x,
                    dim.y + shift.y + block_height,
                    j as f32 * dim.z * 2.0 + dim.z + shift.z,
                ),
                dim,
            );
        }
    }
}

/// rapier's `stress_tests/keva3.rs`.
fn keva3(world: &mut World) {
    slab_ground(world, 50.0, 0.1);
    let half_extents = Vector::new(0.02, 0.1, 0.4) / 2.0 * 10.0;
    let mut block_height = 0.0;
    // Odd counts, so that the blocks align.
    let numy = [0, 13, 17, 21, 41, 83];
    for i in (1..=5).rev() {
        let numx = i * 2;
        let numy = numy[i];
        let numz = numx * 3 + 1;
        let block_width = numx as f32 * half_extents.z * 2.0;
        keva_block(
            world,
            half_extents,
            Vector::new(-block_width / 2.0, block_height, -block_width / 2.0),
            (numx, numy, numz),
        );
        block_height += numy as f32 * half_extents.y * 2.0 + half_extents.x * 2.0;
    }
}

/// rapier's `stress_tests/pyramid3.rs`: 1.95 cubes at a 2.25 pitch, odd layers offset by 1.0.
fn pyramid3(world: &mut World) {
    world.gravity = Vector::new(0.0, -9.81, 0.0);
    slab_ground(world, 100.0, 1.0);
    let pyramid_height = 50i32;
    let box_size = 2.0;
    let box_separation = 0.5;
    let half_box_size = 0.5 * box_size;
    let h = half_box_size - 0.025;
    for i in 0..pyramid_height {
        let brick = if i & 1 != 0 { half_box_size } else { 0.0 };
        let y = 1.0 + (box_size + box_separation) * i as f32;
        for j in i / 2..pyramid_height - (i + 1) / 2 {
            for k in i / 2..pyramid_height - (i + 1) / 2 {
                let x = -(pyramid_height as f32) + (box_size + 0.25) * j as f32 + brick;
                let z = -(pyramid_height as f32) + (box_size + 0.25) * k as f32 + brick;
                world.add(
                    RigidBodyBuilder::dynamic().translation(Vector::new(x, y, z)),
                    ColliderBuilder::cuboid(h, h, h).density(1000.0),
                );
            }
        }
    }
}

/// rapier's `stress_tests/stacks3.rs`: `create_tower_circle`.
fn tower_circle(
    world: &mut World,
    offset: Vector,
    stack_height: usize,
    nsubdivs: usize,
    half_extents: Vector,
) {
    let ang_step = std::f32::consts::PI * 2.0 / nsubdivs as f32;
    let radius = 1.3 * nsubdivs as f32 * half_extents.x / std::f32::consts::PI;
    let shift = half_extents * 2.0;
    for i in 0usize..stack_height {
        for j in 0..nsubdivs {
            let fj = j as f32;
            let fi = i as f32;
            let y = fi * shift.y;
            let pos = Pose::new(offset, Vector::Y * (fi / 2.0 + fj) * ang_step)
                .prepend_translation(Vector::new(0.0, y, radius));
            world.add(
                RigidBodyBuilder::dynamic().pose(pos),
                ColliderBuilder::cuboid(half_extents.x, half_extents.y, half_extents.z),
            );
        }
    }
}

/// rapier's `stress_tests/stacks3.rs`: `create_wall`.
fn wall(world: &mut World, offset: Vector, stack_height: usize, half_extents: Vector) {
    let shift = half_extents * 2.0;
    for i in 0usize..stack_height {
        for j in i..stack_height {
            let fj = j as f32;
            let fi = i as f32;
            let x = offset.x;
            let y = fi * shift.y + offset.y;
            let z = (fi * shift.z / 2.0) + (fj - fi) * shift.z + offset.z
                - stack_height as f32 * half_extents.z;
            world.add_box(Vector::new(x, y, z), half_extents);
        }
    }
}

/// rapier's `stress_tests/stacks3.rs`: `create_pyramid`.
fn stacks3_pyramid(world: &mut World, offset: Vector, stack_height: usize, half_extents: Vector) {
    let shift = half_extents * 2.0;
    for i in 0usize..stack_height {
        for j in i..stack_height {
            for k in i..stack_height {
                let fi = i as f32;
                let fj = j as f32;
                let fk = k as f32;
                let x = (fi * shift.x / 2.0) + (fk - fi) * shift.x + offset.x
                    - stack_height as f32 * half_extents.x;
                let y = fi * shift.y + offset.y;
                let z = (fi * shift.z / 2.0) + (fj - fi) * shift.z + offset.z
                    - stack_height as f32 * half_extents.z;
                world.add_box(Vector::new(x, y, z), half_extents);
            }
        }
    }
}

/// rapier's `stress_tests/stacks3.rs`.
fn stacks3(world: &mut World) {
    slab_ground(world, 200.0, 0.1);
    let cube_size = 1.0;
    let hext = Vector::splat(cube_size);
    let bottomy = cube_size * 50.0;
    for x in [-110.0, -80.0, -50.0, -20.0] {
        stacks3_pyramid(world, Vector::new(x, bottomy, 0.0), 12, hext);
    }
    for x in [-2.0, 4.0, 10.0] {
        wall(world, Vector::new(x, bottomy, 0.0), 12, hext);
    }
    tower_circle(world, Vector::new(25.0, bottomy, 0.0), 8, 24, hext);
}

/// rapier's `domino3.rs` (without the colours): 4 000 places along a widening spiral, the
/// domino after each full turn tilted by 0.2 rad and the next five places left empty.
fn domino3(world: &mut World) {
    let ground_size = 200.1;
    let ground_height = 0.1;
    slab_ground(world, ground_size, ground_height);
    let num = 4000;
    let width = 1.0;
    let thickness = 0.1;
    let mut curr_angle = 0.0f32;
    let mut curr_rad = 10.0f32;
    let mut skip = 0;
    for i in 0..num {
        let perimeter = 2.0 * std::f32::consts::PI * curr_rad;
        let spacing = thickness * 4.0;
        let prev_angle = curr_angle;
        curr_angle += 2.0 * std::f32::consts::PI * spacing / perimeter;
        let (x, z) = curr_angle.sin_cos();
        let two_pi = 2.0 * std::f32::consts::PI;
        let nudged = curr_angle % two_pi < prev_angle % two_pi;
        let tilt = if nudged || i == num - 1 { 0.2 } else { 0.0 };
        if skip == 0 {
            let rot = Rotation::from_rotation_y(curr_angle);
            let tilt_axis = rot * Vector::Z;
            let tilt_rot = Rotation::from_axis_angle(tilt_axis, tilt);
            let position = Pose::from_parts(
                Vector::new(x * curr_rad, width * 2.0 + ground_height, z * curr_rad),
                tilt_rot * rot,
            );
            world.add(
                RigidBodyBuilder::dynamic().pose(position),
                ColliderBuilder::cuboid(thickness, width * 2.0, width),
            );
        } else {
            skip -= 1;
        }
        if nudged {
            skip = 5;
        }
        curr_rad += 1.5 / perimeter;
    }
}

/// rapier's `stress_tests/many_pyramids3.rs`.
fn many_pyramids3(world: &mut World) {
    fn create_pyramid(world: &mut World, offset: Vector, stack_height: usize, rad: f32) {
        let shift = rad * 2.0;
        for i in 0usize..stack_height {
            for j in i..stack_height {
                let fj = j as f32;
                let fi = i as f32;
                let x = (fi * shift / 2.0) + (fj - fi) * shift;
                let y = fi * shift;
                world.add_box(Vector::new(x, y, 0.0) + offset, Vector::splat(rad));
            }
        }
    }
    let rad = 0.5;
    let pyramid_count = 40;
    let spacing = 4.0;
    let ground_size = 50.0;
    let ground_height = 0.1;
    world.ground(
        Vector::new(
            ground_size,
            ground_height,
            pyramid_count as f32 * spacing / 2.0 + ground_size,
        ),
        -ground_height,
    );
    for pyramid_index in 0..pyramid_count {
        let bottomy = rad;
        let z = (pyramid_index as f32 - pyramid_count as f32 / 2.0) * spacing;
        create_pyramid(world, Vector::new(0.0, bottomy, z), 20, rad);
    }
}

/// The scene of rapier's `compound3.rs` and `stress_tests/compound3.rs`: on a ground of
/// half-extents `ground_size` × 0.1 × `ground_size`, `layers` layers of 8 × 8 bodies, each a bar
/// and two legs; layers below `compound_from` three cuboid colliders on one body, the others
/// one compound collider of the three cuboids.
fn compound3_of(world: &mut World, ground_size: f32, layers: usize, compound_from: usize) {
    let ground_height = 0.1;
    slab_ground(world, ground_size, ground_height);
    let num = 8;
    let rad = 0.2;
    let shift = rad * 4.0 + rad;
    let centerx = shift * (num / 2) as f32;
    let centery = shift / 2.0;
    let centerz = shift * (num / 2) as f32;
    let mut offset = -(num as f32) * (rad * 2.0 + rad) * 0.5;
    let bar = (Pose::IDENTITY, Vector::new(rad * 10.0, rad, rad));
    let leg = |x: f32| {
        let at = Pose::from_translation(Vector::new(x, rad * 10.0, 0.0));
        (at, Vector::new(rad, rad * 10.0, rad))
    };
    let parts = [bar, leg(rad * 10.0), leg(-rad * 10.0)];
    for j in 0usize..layers {
        for i in 0..num {
            for k in 0usize..num {
                let x = i as f32 * shift * 5.0 - centerx + offset;
                let y = j as f32 * (shift * 5.0) + centery + 3.0;
                let z = k as f32 * shift * 2.0 - centerz + offset;
                let body = RigidBodyBuilder::dynamic().translation(Vector::new(x, y, z));
                if j < compound_from {
                    let colliders = parts.map(|(at, he)| {
                        ColliderBuilder::cuboid(he.x, he.y, he.z).translation(at.translation)
                    });
                    world.add_compound(body, colliders);
                } else {
                    let shapes = parts.map(|(at, he)| (at, SharedShape::cuboid(he.x, he.y, he.z)));
                    world.add(body, ColliderBuilder::compound(shapes.to_vec()));
                }
            }
        }
        offset -= 0.05 * rad * (num as f32 - 1.0);
    }
}

/// rapier's `compound3.rs`: 15 layers, the lower 7 of three colliders, the upper 8 compound.
fn compound3(world: &mut World) {
    compound3_of(world, 50.0, 15, 15 / 2);
}

/// rapier's `stress_tests/compound3.rs`: 25 layers of three colliders, on a 400-wide ground.
fn compound3_stress(world: &mut World) {
    compound3_of(world, 200.1, 25, 25);
}

/// rapier's `debug_two_cubes3.rs`.
fn debug_two_cubes3(world: &mut World) {
    world.add_box(Vector::new(0.0, 2.0, 0.0), Vector::splat(0.5));
    world.ground(Vector::new(0.5, 0.5, 0.5), 0.0);
}

/// rapier's `debug_boxes3.rs`: six coincident grounds, two coincident plates sunk halfway into
/// them, sleeping off.
fn debug_boxes3(world: &mut World) {
    let ground_size = 100.1;
    let ground_height = 0.1;
    for _ in 0..6 {
        slab_ground(world, ground_size, ground_height);
    }
    for _ in 0..2 {
        world.add(
            RigidBodyBuilder::dynamic()
                .translation(Vector::new(1.1, 0.0, 0.0))
                .can_sleep(false),
            ColliderBuilder::cuboid(2.0, 0.1, 1.0),
        );
    }
}

/// rapier's `debug_pop3.rs`: a unit cube centred on the ground's top face, sleeping off.
fn debug_pop3(world: &mut World) {
    slab_ground(world, 10.0, 10.0);
    world.add(
        RigidBodyBuilder::dynamic().can_sleep(false),
        ColliderBuilder::cuboid(1.0, 1.0, 1.0),
    );
}

/// rapier's `debug_friction3.rs`.
fn debug_friction3(world: &mut World) {
    let ground_size = 100.0;
    let ground_height = 0.1;
    world.add(
        RigidBodyBuilder::fixed(),
        ColliderBuilder::cuboid(ground_size, ground_height, ground_size).friction(1.5),
    );
    let body = world.add(
        RigidBodyBuilder::dynamic()
            .translation(Vector::new(0.0, 1.1, 0.0))
            .rotation(Vector::Y * 0.3),
        ColliderBuilder::cuboid(2.0, 1.0, 3.0).friction(1.5),
    );
    let body = &mut world.bodies[body];
    let velocity = body.rotation() * Vector::Z * 50.0;
    body.set_linvel(velocity, true);
}

/// rapier's `debug_cube_high_mass_ratio3.rs`.
fn debug_cube_high_mass_ratio3(world: &mut World) {
    let num_levels = 4;
    let stick_len = 2.0;
    let stick_rad = 0.2;
    world.ground(
        Vector::new(stick_len, stick_len, stick_len),
        -stick_len - stick_rad,
    );
    for i in 0..num_levels {
        let fi = i as f32;
        let along_x = ColliderBuilder::cuboid(stick_len / 2.0, stick_rad, stick_rad);
        let along_z = ColliderBuilder::cuboid(stick_rad, stick_rad, stick_len / 2.0);
        let side = stick_len / 2.0 - stick_rad;
        for z in [-side, side] {
            let at = Vector::new(0.0, fi * stick_rad * 4.0, z);
            world.add(RigidBodyBuilder::dynamic().translation(at), along_x.clone());
        }
        for x in [-side, side] {
            let at = Vector::new(x, (fi + 0.5) * stick_rad * 4.0, 0.0);
            world.add(RigidBodyBuilder::dynamic().translation(at), along_z.clone());
        }
    }
    let cube_len = stick_len * 2.0;
    world.add(
        RigidBodyBuilder::dynamic()
            .translation(Vector::new(
                0.0,
                cube_len / 2.0 + (num_levels as f32 - 0.25) * stick_rad * 4.0,
                0.0,
            ))
            .additional_solver_iterations(36),
        ColliderBuilder::cuboid(cube_len / 2.0, cube_len / 2.0, cube_len / 2.0),
    );
}

/// rapier's `debug_big_colliders3.rs`: a half-space ground under 12 plates, each 4 thicknesses
/// above the last and a fifth as wide.
fn debug_big_colliders3(world: &mut World) {
    world.add(
        RigidBodyBuilder::fixed(),
        ColliderBuilder::new(SharedShape::new(HalfSpace::new(Vector::Y))),
    );
    let mut curr_y = 0.0;
    let mut curr_width = 10_000.0f32;
    for _ in 0..12 {
        let curr_height = 0.1f32.min(curr_width);
        curr_y += curr_height * 4.0;
        world.add_box(
            Vector::new(0.0, curr_y, 0.0),
            Vector::new(curr_width, curr_height, curr_width),
        );
        curr_width /= 5.0;
    }
}

/// rapier's `debug_multi_collider_body3.rs`: a 20 × 20 × 20 block of unit cube colliders on one
/// body, dropped turned from 40 onto a ground collider without a body.
fn debug_multi_collider_body3(world: &mut World) {
    const SZ: i32 = 20;
    world.gravity = Vector::new(0.0, -9.81, 0.0);
    parentless(world, ColliderBuilder::cuboid(100.0, 0.5, 100.0));
    let body = RigidBodyBuilder::dynamic()
        .translation(Vector::new(0.0, 40.0, 0.0))
        .rotation(Vector::new(1.0, 2.0, 3.0));
    let mut colliders = Vec::new();
    for i in 0..SZ {
        for j in 0..SZ {
            for k in 0..SZ {
                colliders.push(
                    ColliderBuilder::cuboid(0.5, 0.5, 0.5).translation(Vector::new(
                        i as f32 - SZ as f32 / 2.0,
                        j as f32 - SZ as f32 / 2.0,
                        k as f32 - SZ as f32 / 2.0,
                    )),
                );
            }
        }
    }
    world.add_compound(body, colliders);
}
