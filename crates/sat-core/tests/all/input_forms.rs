//! Every input form builds the same box: centre + angle (radians, degrees, `(cos, sin)`), four
//! corners (McGuire's corner-based form), node size + anchor + transform (cocos2d style), a
//! scale factor, and in 3D quaternion, axis matrix and `Affine3A` + size.

use glam::{Affine2, Affine3A, Mat2, Mat3, Quat, Vec2, Vec3};
use sat_core::{Obb2, Obb3};

const CLOSE: f32 = 2e-6;

/// `assert_same2` and `assert_same3`: [`assert_same`] on two sat-core boxes of a dimension.
macro_rules! assert_same_boxes {
    ($($name:ident: $obb:ident),*) => {
        $(
            fn $name(a: &$obb, b: &$obb) {
                assert_same(
                    [a.center(), b.center()].map(|v| v.to_array()),
                    [a.half_extents(), b.half_extents()].map(|v| v.to_array()),
                    [a.axes(), b.axes()].map(|m| m.to_cols_array_2d()),
                    &format!("{a:?} vs {b:?}"),
                );
            }
        )*
    };
}

assert_same_boxes!(assert_same2: Obb2, assert_same3: Obb3);

/// The same box (`boxes`, "a vs b"): centres and half-extents within `CLOSE·(1 + |c| + |e|)`, and
/// the axes equal up to sign (a box is the same set then).
fn assert_same<const N: usize>(
    [ca, cb]: [[f32; N]; 2],
    [ea, eb]: [[f32; N]; 2],
    [ga, gb]: [[[f32; N]; N]; 2],
    boxes: &str,
) {
    let dot = |u: [f32; N], v: [f32; N]| (0..N).fold(0.0, |s, k| s + u[k] * v[k]);
    let length = |v: [f32; N]| dot(v, v).sqrt();
    let minus = |u: [f32; N], v: [f32; N]| core::array::from_fn(|k| u[k] - v[k]);
    let scale = 1.0 + length(ca) + length(ea);
    assert!(length(minus(ca, cb)) <= CLOSE * scale, "centres {boxes}");
    assert!(length(minus(ea, eb)) <= CLOSE * scale, "extents {boxes}");
    for (u, v) in ga.into_iter().zip(gb) {
        assert!(dot(u, v).abs() >= 1.0 - CLOSE, "axes {boxes}");
    }
}

/// Probes around a box: verdicts of two equal boxes against them must agree (the probes are far
/// outside the error band of either).
fn probes2(around: &Obb2) -> Vec<Obb2> {
    let mut out = Vec::new();
    for k in 0..72 {
        let angle = k as f32 * 5.0_f32.to_radians();
        for distance in [0.5, 1.5, 2.2, 2.6, 3.5] {
            let c = around.center() + Vec2::new(angle.cos(), angle.sin()) * distance;
            out.push(Obb2::new(c, Vec2::new(0.3, 0.1), angle * 1.7));
        }
    }
    out
}

#[test]
fn seed_forms_2d_build_the_same_rectangle() {
    let center = Vec2::new(3.0, 1.0);
    let half = Vec2::new(2.0, 0.5);
    let deg = 30.0_f32;
    let by_degrees = Obb2::from_degrees(center, half, deg);
    let by_radians = Obb2::new(center, half, deg.to_radians());
    let (s, c) = (deg as f64).to_radians().sin_cos();
    let by_cos_sin = Obb2::from_cos_sin(center, half, c as f32, s as f32);
    let unnormalised = Obb2::from_cos_sin(center, half, 3.0 * c as f32, 3.0 * s as f32);
    let by_axes = Obb2::try_from_axes(center, half, by_degrees.axes()).unwrap();
    let corners = by_degrees.corners();
    let by_corners = Obb2::try_from_corners(corners).unwrap();
    // Seed 003: a 4 x 1 node anchored at its middle, rotated and moved to `center`.
    let centred_node = Affine2::from_angle_translation(deg.to_radians(), center);
    let by_node = Obb2::try_from_node(Vec2::new(4.0, 1.0), Vec2::splat(0.5), centred_node).unwrap();
    // The same node anchored at its lower-left corner, whose world position is corners[0].
    let corner_node = Affine2::from_angle_translation(deg.to_radians(), corners[0]);
    let by_corner_anchor =
        Obb2::try_from_node(Vec2::new(4.0, 1.0), Vec2::ZERO, corner_node).unwrap();
    // Seed 001: scale multiplies the extents; a node transform's scale does too.
    let by_scale = Obb2::from_degrees(center, half * 0.25, deg)
        .try_scaled(4.0)
        .unwrap();
    let scaled_node =
        Affine2::from_scale_angle_translation(Vec2::new(2.0, 0.5), deg.to_radians(), center);
    let by_scaled_node =
        Obb2::try_from_node(Vec2::new(2.0, 2.0), Vec2::splat(0.5), scaled_node).unwrap();

    let forms = [
        by_radians,
        by_cos_sin,
        unnormalised,
        by_axes,
        by_corners,
        by_node,
        by_corner_anchor,
        by_scale,
        by_scaled_node,
    ];
    let probes = probes2(&by_degrees);
    let expected: Vec<bool> = probes.iter().map(|p| by_degrees.intersects(p)).collect();
    assert!(expected.iter().any(|&v| v) && expected.iter().any(|&v| !v));
    for form in &forms {
        assert_same2(&by_degrees, form);
        let got: Vec<bool> = probes.iter().map(|p| form.intersects(p)).collect();
        assert_eq!(got, expected, "{form:?}");
    }
}

#[test]
fn degrees_multiples_of_90_are_exact() {
    for (deg, x, y) in [
        (0.0, Vec2::X, Vec2::Y),
        (90.0, Vec2::Y, Vec2::NEG_X),
        (180.0, Vec2::NEG_X, Vec2::NEG_Y),
        (270.0, Vec2::NEG_Y, Vec2::X),
        (-90.0, Vec2::NEG_Y, Vec2::X),
        (450.0, Vec2::Y, Vec2::NEG_X),
    ] {
        let obb = Obb2::from_degrees(Vec2::ZERO, Vec2::ONE, deg);
        assert_eq!(obb.axes(), Mat2::from_cols(x, y), "{deg} degrees");
    }
}

#[test]
fn corner_order_and_winding_do_not_matter() {
    let reference = Obb2::from_degrees(Vec2::new(-1.0, 2.0), Vec2::new(1.5, 0.25), 10.0);
    let c = reference.corners();
    // Starting at another corner swaps which axis is "x": compare the corner sets.
    let sorted = |obb: &Obb2| {
        let mut k = obb.corners().map(|v| (v.x, v.y));
        k.sort_by(|p, q| p.partial_cmp(q).unwrap());
        k
    };
    for corners in [
        [c[0], c[1], c[2], c[3]],
        [c[1], c[2], c[3], c[0]],
        [c[3], c[2], c[1], c[0]],
    ] {
        let rebuilt = Obb2::try_from_corners(corners).unwrap();
        for (p, q) in sorted(&reference).iter().zip(sorted(&rebuilt).iter()) {
            assert!(
                (p.0 - q.0).abs() < 1e-5 && (p.1 - q.1).abs() < 1e-5,
                "{reference:?} vs {rebuilt:?}"
            );
        }
    }
}

#[test]
fn degenerate_corners_give_segments_and_points() {
    let segment = Obb2::try_from_corners([
        Vec2::ZERO,
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::ZERO,
    ])
    .unwrap();
    assert_eq!(segment.half_extents(), Vec2::new(1.0, 0.0));
    let point = Obb2::try_from_corners([Vec2::ONE; 4]).unwrap();
    assert_eq!(point.half_extents(), Vec2::ZERO);
    assert!(segment.intersects(&Obb2::new(Vec2::new(1.0, 0.5), Vec2::new(0.1, 0.5), 0.0)));
    assert!(!segment.intersects(&Obb2::new(Vec2::new(1.0, 0.5), Vec2::new(0.1, 0.4), 0.0)));
}

#[test]
fn forms_3d_build_the_same_box() {
    let center = Vec3::new(1.0, -2.0, 3.0);
    let half = Vec3::new(0.5, 1.0, 2.0);
    let q = Quat::from_euler(glam::EulerRot::XYZ, 0.3, -1.1, 2.0);
    let by_quat = Obb3::new(center, half, q);
    let by_unnormalised_quat = Obb3::try_new(center, half, q * 3.0).unwrap();
    let by_axes = Obb3::try_from_axes(center, half, Mat3::from_quat(q)).unwrap();
    let affine = Affine3A::from_scale_rotation_translation(Vec3::new(2.0, 0.5, 4.0), q, center);
    let by_affine = Obb3::try_from_affine(affine, Vec3::new(0.5, 4.0, 1.0)).unwrap();
    let by_scale = Obb3::new(center, half * 0.5, q).try_scaled(2.0).unwrap();
    let probes: Vec<Obb3> = (0..400)
        .map(|k| {
            let k = k as f32;
            let dir = Vec3::new((k * 0.37).sin(), (k * 0.91).cos(), (k * 0.13).sin()).normalize();
            let distance = 1.0 + (k * 0.07) % 4.0;
            Obb3::new(
                center + dir * distance,
                Vec3::new(0.2, 0.3, 0.1),
                Quat::from_rotation_y(k),
            )
        })
        .collect();
    let expected: Vec<bool> = probes.iter().map(|p| by_quat.intersects(p)).collect();
    assert!(expected.iter().any(|&v| v) && expected.iter().any(|&v| !v));
    for form in [by_unnormalised_quat, by_axes, by_affine, by_scale] {
        assert_same3(&by_quat, &form);
        let got: Vec<bool> = probes.iter().map(|p| form.intersects(p)).collect();
        assert_eq!(got, expected, "{form:?}");
    }
}

#[test]
fn mirrored_axes_are_the_same_box() {
    let q = Quat::from_rotation_x(0.4);
    let m = Mat3::from_quat(q);
    let mirrored = Mat3::from_cols(m.x_axis, m.y_axis, -m.z_axis);
    let a = Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, mirrored).unwrap();
    assert_same3(&Obb3::new(Vec3::ZERO, Vec3::ONE, q), &a);
}

#[test]
fn zero_scale_flattens_instead_of_failing() {
    let flat = Affine3A::from_scale_rotation_translation(
        Vec3::new(1.0, 0.0, 1.0),
        Quat::IDENTITY,
        Vec3::ZERO,
    );
    let obb = Obb3::try_from_affine(flat, Vec3::splat(2.0)).unwrap();
    assert_eq!(obb.half_extents(), Vec3::new(1.0, 0.0, 1.0));
    assert!(obb.axes().x_axis.dot(obb.axes().y_axis).abs() < 1e-7);
    assert!(obb.intersects(&Obb3::new(
        Vec3::new(0.0, 0.5, 0.0),
        Vec3::splat(0.5),
        Quat::IDENTITY
    )));
    assert!(!obb.intersects(&Obb3::new(
        Vec3::new(0.0, 0.6, 0.0),
        Vec3::splat(0.5),
        Quat::IDENTITY
    )));
}
