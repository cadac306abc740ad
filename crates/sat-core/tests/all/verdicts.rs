//! Hand-worked verdicts: exactly touching faces, edges and vertices; identical boxes; exactly
//! parallel and 1e-7 rad apart; centres 1e6 from the origin; zero extents; margins; separation.

use glam::{Quat, Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use sat_core::{Feature, Obb2, Obb3};

fn cube(center: Vec3) -> Obb3 {
    Obb3::new(center, Vec3::ONE, Quat::IDENTITY)
}

/// All 26 neighbour directions of a unit cube at exactly touching distance: face, edge and
/// vertex contact. Every one intersects (closed boxes); one ulp further, none does.
#[test]
fn exactly_touching_faces_edges_and_vertices_3d() {
    for offset in [
        Vec3::ZERO,
        Vec3::new(1e6, -1e6, 1e6),
        Vec3::new(-3.25, 1024.0, 0.5),
    ] {
        let a = cube(offset);
        for x in -1..=1 {
            for y in -1..=1 {
                for z in -1..=1 {
                    if (x, y, z) == (0, 0, 0) {
                        continue;
                    }
                    let dir = Vec3::new(x as f32, y as f32, z as f32);
                    let touching = cube(offset + dir * 2.0);
                    assert!(a.intersects(&touching), "touching along {dir} at {offset}");
                    assert!(touching.intersects(&a));
                    let apart = cube(offset + dir * 2.0 + dir * 0.125);
                    assert!(!a.intersects(&apart), "apart along {dir} at {offset}");
                }
            }
        }
    }
}

#[test]
fn exactly_touching_sides_and_corners_2d() {
    let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
    for (x, y) in [(2.0, 0.0), (0.0, -2.0), (2.0, 2.0), (-2.0, 2.0)] {
        let b = Obb2::from_degrees(Vec2::new(x, y), Vec2::ONE, 90.0);
        assert!(a.intersects(&b) && b.intersects(&a));
        let apart = Obb2::from_degrees(Vec2::new(x * 1.0625, y * 1.0625), Vec2::ONE, 180.0);
        assert!(!a.intersects(&apart));
    }
}

/// A cube turned 90° about z is the same set: turned and shifted by 2 along x it touches.
#[test]
fn quarter_turns_are_exact() {
    let turned = Obb3::new(
        Vec3::new(2.0, 0.0, 0.0),
        Vec3::new(1.0, 3.0, 1.0),
        Quat::from_rotation_z(core::f32::consts::FRAC_PI_2),
    );
    let a = Obb3::new(Vec3::ZERO, Vec3::new(1.0, 1.0, 1.0), Quat::IDENTITY);
    // The turned box spans x in [2 - 3, 2 + 3]: it overlaps A by 2.
    assert!(a.intersects(&turned));
    assert!((a.separation(&turned).gap + 2.0).abs() < 1e-5);
}

#[test]
fn identical_boxes_intersect_with_full_depth() {
    let q = Quat::from_euler(glam::EulerRot::ZYX, 0.1, 0.7, -0.4);
    let a = Obb3::new(Vec3::new(5.0, 6.0, 7.0), Vec3::new(1.0, 2.0, 3.0), q);
    assert!(a.intersects(&a));
    let s = a.separation(&a);
    assert!((s.gap + 2.0).abs() < 1e-5, "{s:?}"); // the thinnest direction: 2 * 1.0
    let r = Obb2::new(Vec2::new(-4.0, 1.0), Vec2::new(0.5, 3.0), 0.3);
    assert!(r.intersects(&r));
    assert!((r.separation(&r).gap + 1.0).abs() < 1e-5);
}

/// Parallel edges: the nine edge axes include exactly degenerate ones (parallel) and
/// 1e-7 rad ones (the classic failure). Gaps of ±0.01 are far outside the band.
#[test]
fn exactly_parallel_and_1e7_rad_apart() {
    for tilt in [0.0f32, 1e-7, -1e-7, 3e-7] {
        for axis in [
            Vec3::X,
            Vec3::Y,
            Vec3::Z,
            Vec3::new(1.0, 1.0, 0.0).normalize(),
            Vec3::ONE.normalize(),
        ] {
            let a = cube(Vec3::ZERO);
            let rot = Quat::from_axis_angle(axis, tilt);
            for dir in [Vec3::X, Vec3::new(1.0, 1.0, 0.0), Vec3::new(0.0, -1.0, 1.0)] {
                let touching = dir * 2.0;
                let apart = Obb3::new(touching + dir.normalize() * 0.01, Vec3::ONE, rot);
                let into = Obb3::new(touching - dir.normalize() * 0.01, Vec3::ONE, rot);
                assert!(!a.intersects(&apart), "tilt {tilt} about {axis}, dir {dir}");
                assert!(a.intersects(&into), "tilt {tilt} about {axis}, dir {dir}");
            }
        }
    }
}

/// Two long thin boxes turned 45° about their long axes, stacked edge on edge, with long edges
/// 1e-7 .. 1e-2 rad from parallel: the best axis is the near-parallel edge pair's normal
/// (Ericson's `|R| + 1e-6` shortcut is noise there); faces see only `1/√2` of the gap.
#[test]
fn near_parallel_edges_stacked_edge_on_edge() {
    let half = Vec3::new(10.0, 0.1, 0.1);
    let diamond = Quat::from_rotation_x(core::f32::consts::FRAC_PI_4);
    let a = Obb3::new(Vec3::ZERO, half, diamond);
    let tip = 0.1 * core::f32::consts::SQRT_2; // how far each diamond reaches along z
    for tilt in [1e-7f32, 1e-6, 1e-4, 1e-2] {
        let qb = Quat::from_rotation_z(tilt) * diamond; // yaw keeps B's bottom edge level
        for gap in [0.02f32, -0.02] {
            let b = Obb3::new(Vec3::new(0.0, 0.0, 2.0 * tip + gap), half, qb);
            assert_eq!(a.intersects(&b), gap < 0.0, "tilt {tilt}, gap {gap}");
            let s = a.separation(&b);
            if gap > 0.0 {
                // The edge axis gives the full gap; the faces 1/√2 of it.
                assert!(
                    s.gap <= gap + 1e-5 && s.gap >= gap * 0.7,
                    "tilt {tilt}: {s:?}"
                );
            } else {
                assert!(s.gap < 0.0 && s.gap >= gap - 1e-5, "tilt {tilt}: {s:?}");
            }
        }
    }
}

#[test]
fn zero_extent_boxes_are_points_segments_and_rectangles() {
    let a = cube(Vec3::ZERO);
    let point = |p: Vec3| Obb3::new(p, Vec3::ZERO, Quat::IDENTITY);
    assert!(a.intersects(&point(Vec3::new(1.0, 1.0, 1.0))));
    assert!(a.intersects(&point(Vec3::new(0.2, -0.9, 0.0))));
    assert!(!a.intersects(&point(Vec3::new(1.0, 1.0, 1.001))));
    assert!(point(Vec3::ONE).intersects(&point(Vec3::ONE)));
    assert!(!point(Vec3::ONE).intersects(&point(Vec3::new(1.0, 1.0, 1.0001))));
    // A segment along z through the cube's edge region, and a flat square above it.
    let segment = Obb3::new(
        Vec3::new(1.0, 1.0, 5.0),
        Vec3::new(0.0, 0.0, 4.0),
        Quat::IDENTITY,
    );
    assert!(a.intersects(&segment));
    let flat = Obb3::new(
        Vec3::new(0.0, 0.0, 1.5),
        Vec3::new(2.0, 2.0, 0.0),
        Quat::from_rotation_x(0.5),
    );
    assert!(a.intersects(&flat)); // tilted plate reaches down to z = 1.5 - 2 sin 0.5 < 1
    let flat_level = Obb3::new(
        Vec3::new(0.0, 0.0, 1.5),
        Vec3::new(2.0, 2.0, 0.0),
        Quat::IDENTITY,
    );
    assert!(!a.intersects(&flat_level));
}

#[test]
fn margin_grows_both_boxes() {
    let a = cube(Vec3::ZERO);
    let b = cube(Vec3::new(0.0, 2.5, 0.0)); // gap 0.5
    assert!(!a.intersects_with_margin(&b, 0.2));
    assert!(a.intersects_with_margin(&b, 0.25)); // exactly touching once grown
    assert!(a.intersects_with_margin(&b, 0.3));
    assert!(!a.intersects_with_margin(&cube(Vec3::new(0.0, 1.5, 0.0)), -0.3)); // shrunk apart
    let r = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
    let s = Obb2::new(Vec2::new(3.0, 0.0), Vec2::ONE, 0.0);
    assert!(!r.intersects_with_margin(&s, 0.4) && r.intersects_with_margin(&s, 0.5));
}

#[test]
fn separation_reports_axis_direction_and_feature() {
    let a = cube(Vec3::ZERO);
    let s = a.separation(&cube(Vec3::new(3.0, 0.5, 0.0)));
    assert_eq!(
        (s.gap, s.axis, s.feature),
        (1.0, Vec3::X, Feature::FaceA(0))
    );
    let turned = Obb3::new(
        Vec3::new(0.0, -3.0, 0.0),
        Vec3::ONE,
        Quat::from_rotation_y(0.3),
    );
    let s = a.separation(&turned);
    assert_eq!(s.feature, Feature::FaceA(1));
    assert_eq!(s.axis, Vec3::NEG_Y);
    // Edge-edge: two cubes, each turned 45° about a different axis, approaching edge first.
    let qa = Quat::from_rotation_z(core::f32::consts::FRAC_PI_4);
    let qb = Quat::from_rotation_x(core::f32::consts::FRAC_PI_4);
    let a = Obb3::new(Vec3::ZERO, Vec3::ONE, qa);
    let reach = core::f32::consts::SQRT_2; // each cube's edge sticks out by sqrt(2) along y
    let b = Obb3::new(Vec3::new(0.0, 2.0 * reach + 0.1, 0.0), Vec3::ONE, qb);
    let s = a.separation(&b);
    assert!(matches!(s.feature, Feature::EdgePair(_, _)), "{s:?}");
    assert!((s.gap - 0.1).abs() < 1e-5, "{s:?}");
    assert!((s.axis - Vec3::Y).length() < 1e-5, "{s:?}");
    assert!(!a.intersects(&b));
}

#[test]
fn symmetric_verdicts_and_opposite_axes() {
    let mut rng = Pcg32::seed_from_u64(0x1234_5678);
    let mut next = move || rng.random::<f32>();
    let mut opposite = 0;
    for _ in 0..2000 {
        let mut random_box = || {
            let c = Vec3::new(next(), next(), next()) * 4.0;
            let e = Vec3::new(next(), next(), next()) + Vec3::splat(0.1);
            let q =
                Quat::from_xyzw(next() - 0.5, next() - 0.5, next() - 0.5, next() - 0.5).normalize();
            Obb3::new(c, e, q)
        };
        let (a, b) = (random_box(), random_box());
        let (ab, ba) = (a.separation(&b), b.separation(&a));
        assert!(
            (ab.gap - ba.gap).abs() <= 1e-5 * a.error_scale(&b),
            "{ab:?} vs {ba:?}"
        );
        if ab.gap.abs() > 1e-4 {
            assert_eq!(a.intersects(&b), b.intersects(&a));
            assert_eq!(a.intersects(&b), ab.gap <= 0.0);
        }
        // The same feature seen from the other box, its axis pointing the other way (both point
        // from the first box towards the second). Near-ties may pick different features.
        if (ab.gap - ba.gap).abs() <= f32::EPSILON * a.error_scale(&b) && ab.gap > 1e-3 {
            let mirrored = match ab.feature {
                Feature::FaceA(i) => Feature::FaceB(i),
                Feature::FaceB(j) => Feature::FaceA(j),
                Feature::EdgePair(i, k) => Feature::EdgePair(k, i),
            };
            if ba.feature == mirrored {
                assert!((ab.axis + ba.axis).length() <= 1e-5, "{ab:?} vs {ba:?}");
                opposite += 1;
            }
        }
    }
    assert!(opposite > 100, "only {opposite} pairs compared their axes");
}

/// A fuzz finding (minimised): an axis entry of A is subnormal (~1e-45), so the edge pair
/// (x of A, x of B) has a subnormal direction whose products underflow; B's 2e11 half-extent
/// multiplied that absolute error past the pad. A thin rod through a flat square: they
/// intersect, one unit deep.
#[test]
fn subnormal_axis_entry_with_a_huge_extent_still_intersects() {
    let square = Obb3::try_new(
        Vec3::new(0.0, 0.0, 2e11),
        Vec3::new(1.0, 1.0, 0.0),
        Quat::from_xyzw(0.999169, 1e-44, 0.0, 0.0407),
    )
    .unwrap();
    for z in [1e5, 1.0, 0.0] {
        let rod = Obb3::try_new(
            Vec3::new(0.0, 0.0, z),
            Vec3::new(0.0, 0.0, 2e11),
            Quat::IDENTITY,
        )
        .unwrap();
        assert!(square.intersects(&rod), "rod at z = {z}");
        assert!(rod.intersects(&square), "rod at z = {z}");
        assert!(square.intersects_certified(&rod), "rod at z = {z}");
    }
}

/// The face axes' pad has no `|d|` (`tolerance.rs`, "The pad"): unit cubes corner to corner
/// (`|d| = |e_A| + |e_B|`), `2⁻¹⁷ ≈ 7.6e-6` apart along one face normal, are told apart by
/// `intersects`, whose face pad is `10 ε·(|e_A| + |e_B|) ≈ 4.1e-6` (`10 ε·S` would be `8.3e-6`
/// and answer "intersects"), and the exact verdict agrees; exactly touching, they intersect.
#[test]
fn corner_to_corner_cubes_separate_beyond_the_face_pad() {
    let gap = 2f32.powi(-17);
    for corner in 0..8 {
        let sign = |bit: usize| if corner >> bit & 1 == 1 { -1.0 } else { 1.0 };
        let diagonal = Vec3::new(sign(0), sign(1), sign(2)) * 2.0;
        for axis in 0..3 {
            let a = cube(Vec3::ZERO);
            let apart = cube(diagonal + Vec3::AXES[axis] * diagonal[axis].signum() * gap);
            assert!(a.intersects(&cube(diagonal)) && a.intersects_certified(&cube(diagonal)));
            assert!(!a.intersects(&apart), "corner {corner}, axis {axis}");
            assert!(
                !apart.intersects(&a),
                "corner {corner}, axis {axis}, swapped"
            );
            assert!(!a.intersects_certified(&apart));
        }
    }
    let square = |center: Vec2| Obb2::new(center, Vec2::ONE, 0.0);
    let a = square(Vec2::ZERO);
    assert!(a.intersects(&square(Vec2::splat(2.0))));
    assert!(!a.intersects(&square(Vec2::new(2.0 + gap, 2.0))));
    assert!(!a.intersects_certified(&square(Vec2::new(2.0, 2.0 + gap))));
}
