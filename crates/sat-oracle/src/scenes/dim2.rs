//! rapier2d's box scenes (`examples2d`), the measures and the dispatcher counter for rapier2d
//! (sat-rapier's `dim2`).

flavour!(sat_rapier2d, dim2, boxes2);

/// Every box scene of rapier's `examples2d`: the stress tests, the box2d ports, then the other
/// examples and debug scenes made of boxes.
pub const SCENES: &[Scene] = &[
    Scene {
        file: "examples2d/stress_tests/boxes2.rs",
        summary: "3 380 squares dropped into a box with walls",
        build: boxes2,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples2d/stress_tests/pyramid2.rs",
        summary: "a 100-row pyramid of unit squares, 5 050 bodies",
        build: pyramid2_stress,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/stress_tests/vertical_stacks2.rs",
        summary: "two 80-row stacks of unit squares, touching and spaced, 12 800 bodies",
        build: vertical_stacks2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/b2d_large_pyramid.rs",
        summary: "a 200-square-base pyramid, 20 100 bodies, sleeping off",
        build: b2d_large_pyramid,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/b2d_many_pyramids.rs",
        summary: "20 × 20 pyramids of 55 squares on 20 segment floors, sleeping off",
        build: b2d_many_pyramids,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/b2d_tumbler.rs",
        summary: "2 025 small squares in a square drum turned by a motor joint",
        build: b2d_tumbler,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples2d/b2d_smash.rs",
        summary: "a heavy square at 40 m/s into 9 600 sleeping squares, no gravity",
        build: b2d_smash,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples2d/b2d_washer.rs",
        summary: "8 100 small squares tumbled by a turning kinematic ring of convex hulls",
        build: b2d_washer,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples2d/stress_tests/large_pyramids2.rs",
        summary: "8 pyramids of 1 540 squares, sleeping off",
        build: large_pyramids2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/stress_tests/many_pyramids2.rs",
        summary: "20 × 20 pyramids of 55 squares on 20 segment floors, sleeping off",
        build: many_pyramids2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/pyramid2.rs",
        summary: "a 10-row pyramid of unit squares",
        build: pyramid2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/inv_pyramid2.rs",
        summary: "six squares, each twice as wide as the one below",
        build: inv_pyramid2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/s2d_pyramid.rs",
        summary: "a 100-square-base pyramid, friction 0.6",
        build: s2d_pyramid,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/s2d_card_house.rs",
        summary: "a house of 40 cards, 0.02 thick, leaning at 25°",
        build: s2d_card_house,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/s2d_far_pyramid.rs",
        summary: "a 10-square-base pyramid at (100 000, −80 000)",
        build: s2d_far_pyramid,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/s2d_high_mass_ratio_1.rs",
        summary: "three pyramids topped by squares 100 to 300 times heavier",
        build: s2d_high_mass_ratio_1,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/s2d_high_mass_ratio_2.rs",
        summary: "a 20-wide square on two unit squares, on a segment",
        build: s2d_high_mass_ratio_2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/s2d_high_mass_ratio_3.rs",
        summary: "a 20-wide square on two unit squares, on a box ground",
        build: s2d_high_mass_ratio_3,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/debug_vertical_column2.rs",
        summary: "a column of 80 unit squares on a 2-wide ground",
        build: debug_vertical_column2,
        after_step: None,
        stack: true,
    },
    Scene {
        file: "examples2d/debug_total_overlap2.rs",
        summary: "100 unit squares all starting at the origin, no ground",
        build: debug_total_overlap2,
        after_step: None,
        stack: false,
    },
    Scene {
        file: "examples2d/drum2.rs",
        summary: "900 small squares in a kinematic square drum turning at 0.15 rad/s",
        build: drum2,
        after_step: Some(drum2_turn),
        stack: false,
    },
];

/// rapier's `stress_tests/boxes2.rs`.
fn boxes2(world: &mut World) {
    let ground_size = 25.0;
    world.ground(Vector::new(ground_size, 1.2), 0.0);
    for x in [ground_size, -ground_size] {
        world.add(
            RigidBodyBuilder::fixed()
                .rotation(std::f32::consts::FRAC_PI_2)
                .translation(Vector::new(x, ground_size * 2.0)),
            ColliderBuilder::cuboid(ground_size * 2.0, 1.2),
        );
    }
    let num = 26;
    let rad = 0.5;
    let shift = rad * 2.0;
    let centerx = shift * (num as f32) / 2.0;
    let centery = shift / 2.0;
    for i in 0..num {
        for j in 0usize..num * 5 {
            let x = i as f32 * shift - centerx;
            let y = j as f32 * shift + centery + 2.0;
            world.add_box(Vector::new(x, y), Vector::splat(rad));
        }
    }
}

/// The pyramid of rapier's `pyramid2.rs` and `stress_tests/pyramid2.rs`: `num` rows of squares
/// of half-extent 0.5, touching side by side, 1.5 half-extents above a ground of half-extents
/// `ground_size` × 1 centred at the origin.
fn pyramid2_of(world: &mut World, ground_size: f32, num: usize) {
    let ground_thickness = 1.0;
    world.ground(Vector::new(ground_size, ground_thickness), 0.0);
    let rad = 0.5;
    let shift = rad * 2.0;
    let centerx = shift * (num as f32) / 2.0;
    let centery = shift / 2.0 + ground_thickness + rad * 1.5;
    for i in 0usize..num {
        for j in i..num {
            let fj = j as f32;
            let fi = i as f32;
            let x = (fi * shift / 2.0) + (fj - fi) * shift - centerx;
            let y = fi * shift + centery;
            world.add_box(Vector::new(x, y), Vector::splat(rad));
        }
    }
}

/// rapier's `stress_tests/pyramid2.rs`.
fn pyramid2_stress(world: &mut World) {
    pyramid2_of(world, 100.0, 100);
}

/// rapier's `pyramid2.rs`.
fn pyramid2(world: &mut World) {
    pyramid2_of(world, 10.0, 10);
}

/// rapier's `stress_tests/vertical_stacks2.rs`: two stacks whose row `i` from the top holds
/// `2i + 1` squares, the left one's touching side by side, the right one's half a square
/// apart.
fn vertical_stacks2(world: &mut World) {
    let num = 80;
    let rad = 0.5;
    let ground_size = num as f32 * rad * 10.0;
    let ground_thickness = 1.0;
    world.ground(Vector::new(ground_size, ground_thickness), 0.0);
    let shiftx_centerx = [
        (rad * 2.0, -(num as f32) * rad * 2.0 * 1.5),
        (rad * 2.0 + rad, num as f32 * rad * 2.0 * 1.5),
    ];
    for (shiftx, centerx) in shiftx_centerx {
        let shifty = rad * 2.0;
        let centery = shifty / 2.0 + ground_thickness;
        for i in 0..num {
            for j in 0usize..1 + i * 2 {
                let fj = j as f32;
                let fi = i as f32;
                let x = (fj - fi) * shiftx + centerx;
                let y = (num as f32 - fi - 1.0) * shifty + centery;
                world.add_box(Vector::new(x, y), Vector::splat(rad));
            }
        }
    }
}

/// rapier's `b2d_large_pyramid.rs` (box2d's `large_pyramid`).
fn b2d_large_pyramid(world: &mut World) {
    world.gravity = Vector::new(0.0, -10.0);
    let base_count = 200i32;
    world.ground(Vector::new(120.0, 1.0), -1.0);
    let a = 0.5f32;
    let shift = a;
    for i in 0..base_count {
        let y = (2.0 * i as f32 + 1.0) * shift;
        for j in i..base_count {
            let x = (i as f32 + 1.0) * shift + 2.0 * (j - i) as f32 * shift - a * base_count as f32;
            let body = RigidBodyBuilder::dynamic()
                .translation(Vector::new(x, y))
                .can_sleep(false);
            world.add(body, ColliderBuilder::cuboid(a, a).density(1.0));
        }
    }
}

/// The pyramids of rapier's `b2d_many_pyramids.rs` and `stress_tests/many_pyramids2.rs`
/// (box2d's `many_pyramids`): 20 × 20 pyramids of 55 squares, sleeping off, each row on its
/// own segment of one fixed body.
fn many_pyramids2_of(world: &mut World) {
    let base_count = 10i32;
    let extent = 0.5f32;
    let row_count = 20i32;
    let column_count = 20i32;
    let ground_delta_y = 2.0 * extent * (base_count as f32 + 1.0);
    let ground_width = 2.0 * extent * column_count as f32 * (base_count as f32 + 1.0);
    let floors = (0..row_count).map(|i| {
        let ground_y = i as f32 * ground_delta_y;
        ColliderBuilder::segment(
            Vector::new(-0.5 * ground_width, ground_y),
            Vector::new(0.5 * ground_width, ground_y),
        )
    });
    world.add_compound(RigidBodyBuilder::fixed(), floors);
    let base_width = 2.0 * extent * base_count as f32;
    for row in 0..row_count {
        let base_y = row as f32 * ground_delta_y;
        for column in 0..column_count {
            let center_x =
                -0.5 * ground_width + column as f32 * (base_width + 2.0 * extent) + 2.0 * extent;
            for i in 0..base_count {
                let y = (2.0 * i as f32 + 1.0) * extent + base_y;
                for j in i..base_count {
                    let x =
                        (i as f32 + 1.0) * extent + 2.0 * (j - i) as f32 * extent + center_x - 0.5;
                    let body = RigidBodyBuilder::dynamic()
                        .translation(Vector::new(x, y))
                        .can_sleep(false);
                    world.add(body, ColliderBuilder::cuboid(extent, extent));
                }
            }
        }
    }
}

/// rapier's `b2d_many_pyramids.rs`: gravity 10.
fn b2d_many_pyramids(world: &mut World) {
    world.gravity = Vector::new(0.0, -10.0);
    many_pyramids2_of(world);
}

/// rapier's `stress_tests/many_pyramids2.rs`: gravity 9.81.
fn many_pyramids2(world: &mut World) {
    many_pyramids2_of(world);
}

/// rapier's `b2d_tumbler.rs` (box2d's `tumbler`): a dynamic square drum of four walls (density
/// 50) on a revolute joint to a fixed body, its motor at 25°/s.
fn b2d_tumbler(world: &mut World) {
    use std::f32::consts::PI;
    world.gravity = Vector::new(0.0, -10.0);
    let ground = world.add_compound(RigidBodyBuilder::fixed(), []);
    let walls = [
        (0.5, 10.0, Vector::new(10.0, 0.0)),
        (0.5, 10.0, Vector::new(-10.0, 0.0)),
        (10.0, 0.5, Vector::new(0.0, 10.0)),
        (10.0, 0.5, Vector::new(0.0, -10.0)),
    ]
    .map(|(hx, hy, off)| {
        ColliderBuilder::cuboid(hx, hy)
            .translation(off)
            .density(50.0)
    });
    let drum = world.add_compound(
        RigidBodyBuilder::dynamic()
            .translation(Vector::new(0.0, 10.0))
            .can_sleep(false),
        walls,
    );
    let motor_speed = (PI / 180.0) * 25.0;
    let joint = RevoluteJointBuilder::new()
        .local_anchor1(Vector::new(0.0, 10.0))
        .local_anchor2(Vector::new(0.0, 0.0))
        .motor_velocity(motor_speed, 1.0e5)
        .motor_max_force(1.0e8);
    world.joints.insert(ground, drum, joint, true);
    let grid_count = 45i32;
    let mut y = -0.2 * grid_count as f32 + 10.0;
    for _ in 0..grid_count {
        let mut x = -0.2 * grid_count as f32;
        for _ in 0..grid_count {
            world.add_box(Vector::new(x, y), Vector::splat(0.125));
            x += 0.4;
        }
        y += 0.4;
    }
}

/// rapier's `b2d_smash.rs` (box2d's `smash`): no gravity, the wall's squares start asleep.
fn b2d_smash(world: &mut World) {
    world.gravity = Vector::ZERO;
    world.add(
        RigidBodyBuilder::dynamic()
            .translation(Vector::new(-20.0, 0.0))
            .linvel(Vector::new(40.0, 0.0)),
        ColliderBuilder::cuboid(4.0, 4.0).density(8.0),
    );
    let d = 0.4f32;
    let columns = 120i32;
    let rows = 80i32;
    for i in 0..columns {
        for j in 0..rows {
            let x = i as f32 * d + 30.0;
            let y = (j as f32 - rows as f32 / 2.0) * d;
            world.add(
                RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, y))
                    .sleeping(true),
                ColliderBuilder::cuboid(0.5 * d, 0.5 * d),
            );
        }
    }
}

/// rapier's `b2d_washer.rs` (box2d's `washer`): the ring turns at 25°/s and drifts at
/// (0.001, −0.002) m/s, its velocities set once, as rapier's file sets them.
fn b2d_washer(world: &mut World) {
    use std::f32::consts::PI;
    world.gravity = Vector::new(0.0, -10.0);
    world.add_compound(RigidBodyBuilder::fixed(), []);
    let motor_speed = (PI / 180.0) * 25.0;
    let washer = RigidBodyBuilder::kinematic_velocity_based()
        .translation(Vector::new(0.0, 10.0))
        .angvel(motor_speed)
        .linvel(Vector::new(0.001, -0.002));
    let (r0, r1, r2) = (14.0f32, 16.0f32, 18.0f32);
    let angle = PI / 18.0;
    let q = Rotation::new(angle);
    let qo = Rotation::new(0.1 * angle);
    let hull = |points: [Vector; 4]| {
        ColliderBuilder::convex_hull(&points).expect("four corners of a ring segment")
    };
    let mut walls = Vec::new();
    let mut u1 = Vector::new(1.0, 0.0);
    for i in 0..36 {
        let u2 = if i == 35 {
            Vector::new(1.0, 0.0)
        } else {
            q * u1
        };
        let a1 = qo.inverse() * u1;
        let a2 = qo * u2;
        walls.push(hull([r1 * a1, r2 * a1, r1 * a2, r2 * a2]));
        if i % 9 == 0 {
            walls.push(hull([r0 * u1, r1 * u1, r0 * u2, r1 * u2]));
        }
        u1 = u2;
    }
    world.add_compound(washer, walls);
    let grid_count = 90i32;
    let a = 0.1f32;
    let mut y = -1.1 * a * grid_count as f32 + 10.0;
    for _ in 0..grid_count {
        let mut x = -1.1 * a * grid_count as f32;
        for _ in 0..grid_count {
            world.add_box(Vector::new(x, y), Vector::splat(a));
            x += 2.1 * a;
        }
        y += 2.1 * a;
    }
}

/// rapier's `stress_tests/large_pyramids2.rs`: rows 0.1% of a square apart.
fn large_pyramids2(world: &mut World) {
    let num_pyramids = 8;
    let base_count = 55;
    let rad = 0.5;
    let gap = 10.0;
    let pyramid_width = base_count as f32 * 2.0 * rad;
    let total_width = num_pyramids as f32 * (pyramid_width + gap);
    world.ground(Vector::new(total_width, 1.0), -1.0);
    let shift = rad * 2.0;
    for p in 0..num_pyramids {
        let x0 = p as f32 * (pyramid_width + gap) - 0.5 * total_width;
        for i in 0..base_count {
            for j in i..base_count {
                let x = x0 + (i as f32 * shift / 2.0) + (j - i) as f32 * shift;
                let y = i as f32 * shift * 1.001 + rad;
                let body = RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, y))
                    .can_sleep(false);
                world.add(body, ColliderBuilder::cuboid(rad, rad));
            }
        }
    }
}

/// rapier's `inv_pyramid2.rs`.
fn inv_pyramid2(world: &mut World) {
    let ground_size = 10.0;
    let ground_thickness = 1.0;
    world.ground(Vector::new(ground_size, ground_thickness), 0.0);
    let num = 6;
    let mut rad = 0.5;
    let mut y = rad;
    for _ in 0usize..num {
        world.add_box(Vector::new(0.0, y + ground_thickness), Vector::splat(rad));
        y += rad + rad * 2.0;
        rad *= 2.0;
    }
}

/// The pyramid of rapier's `s2d_pyramid.rs` and `s2d_far_pyramid.rs` (Solver2D's): `base_count`
/// squares of half-extent 0.5 at the base, rows `2·shift` apart, friction 0.6, on a ground of
/// half-extents 100 × 1 whose top is at `origin.y`; `lift` raises every square.
fn s2d_pyramid_of(world: &mut World, origin: Vector, base_count: i32, shift: f32, lift: f32) {
    let friction = 0.6;
    world.add(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -1.0) + origin),
        ColliderBuilder::cuboid(100.0, 1.0).friction(friction),
    );
    let h = 0.5;
    for i in 0..base_count {
        let y = (2.0 * i as f32 + 1.0) * shift + lift;
        for j in i..base_count {
            let x = (i as f32 + 1.0) * shift + 2.0 * (j as f32 - i as f32) * shift
                - h * base_count as f32;
            world.add(
                RigidBodyBuilder::dynamic().translation(Vector::new(x, y) + origin),
                ColliderBuilder::cuboid(h, h).friction(friction),
            );
        }
    }
}

/// rapier's `s2d_pyramid.rs`, its base count at the example's default of 100.
fn s2d_pyramid(world: &mut World) {
    s2d_pyramid_of(world, Vector::ZERO, 100, 0.5, 0.0);
}

/// rapier's `s2d_far_pyramid.rs`: the pyramid at (100 000, −80 000), rows 1.25 squares apart.
fn s2d_far_pyramid(world: &mut World) {
    s2d_pyramid_of(
        world,
        Vector::new(100_000.0, -80_000.0),
        10,
        1.25 * 0.5,
        0.5,
    );
}

/// rapier's `s2d_card_house.rs`.
fn s2d_card_house(world: &mut World) {
    let friction = 0.7;
    world.add(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -2.0)),
        ColliderBuilder::cuboid(40.0, 2.0).friction(friction),
    );
    let scale = 10.0;
    let card_height = 0.2 * scale;
    let card_thickness = 0.001 * scale;
    let angle0 = 25.0 * std::f32::consts::PI / 180.0;
    let angle1 = -25.0 * std::f32::consts::PI / 180.0;
    let angle2 = 0.5 * std::f32::consts::PI;
    let card_box = ColliderBuilder::cuboid(card_thickness, card_height).friction(friction);
    let mut nb = 5;
    let mut z0 = 0.0;
    let mut y = card_height - 0.02 * scale;
    while nb != 0 {
        let mut z = z0;
        for i in 0..nb {
            if i != nb - 1 {
                world.add(
                    RigidBodyBuilder::dynamic()
                        .translation(Vector::new(
                            z + 0.25 * scale,
                            y + card_height - 0.015 * scale,
                        ))
                        .rotation(angle2),
                    card_box.clone(),
                );
            }
            // A leaning pair: rapier's example adds these two one after the other.
            for angle in [angle1, angle0] {
                world.add(
                    RigidBodyBuilder::dynamic()
                        .translation(Vector::new(z, y))
                        .rotation(angle),
                    card_box.clone(),
                );
                z += 0.175 * scale;
            }
        }
        y += card_height * 2.0 - 0.03 * scale;
        z0 += 0.175 * scale;
        nb -= 1;
    }
}

/// The ground of rapier's `s2d_high_mass_ratio_*.rs`: a fixed segment along x, `2·ground_width`
/// long, centred on the origin.
fn segment_ground(world: &mut World, ground_width: f32, friction: f32) {
    world.add(
        RigidBodyBuilder::fixed(),
        ColliderBuilder::segment(
            Vector::new(-0.5 * 2.0 * ground_width, 0.0),
            Vector::new(0.5 * 2.0 * ground_width, 0.0),
        )
        .friction(friction),
    );
}

/// rapier's `s2d_high_mass_ratio_1.rs`: three pyramids of 10 on a segment, each topped by a
/// square of density 100, 200 and 300 (the others 1).
fn s2d_high_mass_ratio_1(world: &mut World) {
    let extent = 1.0;
    let friction = 0.5;
    let ground_width = 66.0 * extent;
    segment_ground(world, ground_width, friction);
    for j in 0..3 {
        let mut count = 10;
        let offset = -20.0 * extent + 2.0 * (count as f32 + 1.0) * extent * j as f32;
        let mut y = extent;
        while count > 0 {
            for i in 0..count {
                let coeff = i as f32 - 0.5 * count as f32;
                let yy = if count == 1 { y + 2.0 } else { y };
                let position = Vector::new(2.0 * coeff * extent + offset, yy);
                let density = if count == 1 {
                    (j as f32 + 1.0) * 100.0
                } else {
                    1.0
                };
                world.add(
                    RigidBodyBuilder::dynamic().translation(position),
                    ColliderBuilder::cuboid(extent, extent)
                        .density(density)
                        .friction(friction),
                );
            }
            count -= 1;
            y += 2.0 * extent;
        }
    }
}

/// The squares of rapier's `s2d_high_mass_ratio_2.rs` and `s2d_high_mass_ratio_3.rs`: two
/// unit squares 18 apart under a square of half-extent 10 dropped from 26.
fn high_mass_ratio_squares(world: &mut World, friction: f32) {
    let extent = 1.0;
    for x in [-9.0 * extent, 9.0 * extent] {
        world.add(
            RigidBodyBuilder::dynamic().translation(Vector::new(x, 0.5 * extent)),
            ColliderBuilder::cuboid(0.5 * extent, 0.5 * extent).friction(friction),
        );
    }
    world.add(
        RigidBodyBuilder::dynamic().translation(Vector::new(0.0, (10.0 + 16.0) * extent)),
        ColliderBuilder::cuboid(10.0 * extent, 10.0 * extent).friction(friction),
    );
}

/// rapier's `s2d_high_mass_ratio_2.rs`: on a segment.
fn s2d_high_mass_ratio_2(world: &mut World) {
    let friction = 0.6;
    let ground_width = 66.0;
    segment_ground(world, ground_width, friction);
    high_mass_ratio_squares(world, friction);
}

/// rapier's `s2d_high_mass_ratio_3.rs`: on a box ground.
fn s2d_high_mass_ratio_3(world: &mut World) {
    let friction = 0.6;
    world.add(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -2.0)),
        ColliderBuilder::cuboid(40.0, 2.0).friction(friction),
    );
    high_mass_ratio_squares(world, friction);
}

/// rapier's `debug_vertical_column2.rs`.
fn debug_vertical_column2(world: &mut World) {
    let num = 80;
    let rad = 0.5;
    let ground_size = 1.0;
    let ground_thickness = 1.0;
    world.add(
        RigidBodyBuilder::fixed(),
        ColliderBuilder::cuboid(ground_size, ground_thickness).friction(0.3),
    );
    for i in 0..num {
        let y = i as f32 * rad * 2.0 + ground_thickness + rad;
        world.add(
            RigidBodyBuilder::dynamic().translation(Vector::new(0.0, y)),
            ColliderBuilder::cuboid(rad, rad).friction(0.3),
        );
    }
}

/// rapier's `debug_total_overlap2.rs`.
fn debug_total_overlap2(world: &mut World) {
    let rad = 0.5;
    for _ in 0..100 {
        world.add(
            RigidBodyBuilder::dynamic(),
            ColliderBuilder::cuboid(rad, rad),
        );
    }
}

/// rapier's `drum2.rs`: 30 × 30 squares of half-extent 0.2 touching side by side, in a square
/// drum of four walls and four balls on a kinematic body ([`drum2_turn`] turns it).
fn drum2(world: &mut World) {
    let num = 30;
    let rad = 0.2;
    let shift = rad * 2.0;
    let centerx = shift * num as f32 / 2.0;
    let centery = shift * num as f32 / 2.0;
    for i in 0usize..num {
        for j in 0usize..num {
            let x = i as f32 * shift - centerx;
            let y = j as f32 * shift - centery;
            world.add_box(Vector::new(x, y), Vector::splat(rad));
        }
    }
    let sides = [
        (10.0, 0.25, Vector::new(0.0, 10.0)),
        (10.0, 0.25, Vector::new(0.0, -10.0)),
        (0.25, 10.0, Vector::new(10.0, 0.0)),
        (0.25, 10.0, Vector::new(-10.0, 0.0)),
    ]
    .map(|(hx, hy, pos)| ColliderBuilder::cuboid(hx, hy).translation(pos));
    let balls = [
        (1.25, Vector::new(6.0, 6.0)),
        (1.25, Vector::new(-6.0, 6.0)),
        (1.25, Vector::new(6.0, -6.0)),
        (1.25, Vector::new(-6.0, -6.0)),
    ]
    .map(|(r, pos)| ColliderBuilder::ball(r).translation(pos));
    world.add_compound(
        RigidBodyBuilder::kinematic_velocity_based(),
        sides.into_iter().chain(balls),
    );
}

/// What rapier's `drum2.rs` does after every step: sets the drum's angular velocity to −0.15
/// rad/s (so the first step's drum stands still).
fn drum2_turn(world: &mut World) {
    if let Some((_, drum)) = world.bodies.iter_mut().find(|(_, b)| b.is_kinematic()) {
        drum.set_angvel(-0.15, true);
    }
}
