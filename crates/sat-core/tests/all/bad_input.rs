//! Every bad input of the checked constructors gets a typed error, never a panic or a box.

use glam::{Affine2, Affine3A, Mat2, Mat3, Quat, Vec2, Vec3};
use sat_core::{Obb2, Obb3, ObbError};

const BAD_NUMBERS: [f32; 5] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e30, 1e-30];

fn kind(e: ObbError) -> &'static str {
    match e {
        ObbError::NonFinite { .. } => "non-finite",
        ObbError::NegativeExtent { .. } => "negative",
        ObbError::TooLarge { .. } => "too large",
        ObbError::TooSmall { .. } => "too small",
        ObbError::ZeroQuaternion => "zero quaternion",
        ObbError::ZeroDirection => "zero direction",
        ObbError::NonOrthonormalAxes { .. } => "non-orthonormal",
        ObbError::NotARectangle { .. } => "not a rectangle",
        ObbError::Shear { .. } => "shear",
        _ => "other",
    }
}

fn expected_kind(x: f32) -> &'static str {
    if !x.is_finite() {
        "non-finite"
    } else if x.abs() > 1.0 {
        "too large"
    } else {
        "too small"
    }
}

#[test]
fn bad_numbers_in_every_3d_slot() {
    for x in BAD_NUMBERS {
        let want = expected_kind(x);
        let e = Obb3::try_new(Vec3::new(0.0, x, 0.0), Vec3::ONE, Quat::IDENTITY).unwrap_err();
        assert_eq!(kind(e), want, "center {x}");
        let e = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, 1.0, x), Quat::IDENTITY).unwrap_err();
        assert_eq!(kind(e), want, "extent {x}");
        let e = Obb3::try_from_axes(Vec3::splat(x), Vec3::ONE, Mat3::IDENTITY).unwrap_err();
        assert_eq!(kind(e), want, "axes center {x}");
        let e = Obb3::try_from_affine(
            Affine3A::from_translation(Vec3::new(x, 0.0, 0.0)),
            Vec3::ONE,
        )
        .unwrap_err();
        assert_eq!(kind(e), want, "affine translation {x}");
        let e = Obb3::try_new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY)
            .unwrap()
            .try_scaled(x)
            .unwrap_err();
        assert_eq!(kind(e), want, "scale {x}");
    }
    for q in [
        Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0),
        Quat::from_xyzw(0.0, f32::INFINITY, 0.0, 1.0),
    ] {
        assert_eq!(
            kind(Obb3::try_new(Vec3::ZERO, Vec3::ONE, q).unwrap_err()),
            "non-finite"
        );
    }
    let m = Mat3::from_cols(Vec3::X, Vec3::new(0.0, f32::NAN, 0.0), Vec3::Z);
    assert_eq!(
        kind(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, m).unwrap_err()),
        "non-finite"
    );
}

#[test]
fn bad_numbers_in_every_2d_slot() {
    for x in BAD_NUMBERS {
        let want = expected_kind(x);
        let e = Obb2::try_new(Vec2::new(x, 0.0), Vec2::ONE, 0.0).unwrap_err();
        assert_eq!(kind(e), want, "center {x}");
        let e = Obb2::try_from_degrees(Vec2::ZERO, Vec2::new(x, 1.0), 0.0).unwrap_err();
        assert_eq!(kind(e), want, "extent {x}");
        let e =
            Obb2::try_from_corners([Vec2::ZERO, Vec2::X, Vec2::new(1.0, x), Vec2::Y]).unwrap_err();
        assert_eq!(kind(e), want, "corner {x}");
        let e = Obb2::try_from_node(Vec2::new(1.0, x), Vec2::ZERO, Affine2::IDENTITY).unwrap_err();
        assert_eq!(kind(e), want, "node size {x}");
    }
    for x in [f32::NAN, f32::INFINITY] {
        assert_eq!(
            kind(Obb2::try_new(Vec2::ZERO, Vec2::ONE, x).unwrap_err()),
            "non-finite"
        );
        assert_eq!(
            kind(Obb2::try_from_degrees(Vec2::ZERO, Vec2::ONE, x).unwrap_err()),
            "non-finite"
        );
        assert_eq!(
            kind(Obb2::try_from_cos_sin(Vec2::ZERO, Vec2::ONE, x, 0.0).unwrap_err()),
            "non-finite"
        );
        let m = Mat2::from_cols(Vec2::new(x, 0.0), Vec2::Y);
        assert_eq!(
            kind(Obb2::try_from_axes(Vec2::ZERO, Vec2::ONE, m).unwrap_err()),
            "non-finite"
        );
    }
}

#[test]
fn negative_extents_are_refused_and_negative_zero_is_zero() {
    let e = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, -0.5, 1.0), Quat::IDENTITY).unwrap_err();
    assert_eq!(
        e,
        ObbError::NegativeExtent {
            what: "half-extent",
            value: -0.5
        }
    );
    assert_eq!(
        kind(Obb2::try_new(Vec2::ZERO, Vec2::new(-1.0, 1.0), 0.0).unwrap_err()),
        "negative"
    );
    assert_eq!(
        kind(Obb2::try_from_node(Vec2::new(-1.0, 1.0), Vec2::ZERO, Affine2::IDENTITY).unwrap_err()),
        "negative"
    );
    let flat = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, -0.0, 1.0), Quat::IDENTITY).unwrap();
    assert!(flat.half_extents().y.is_sign_positive());
}

#[test]
fn zero_rotations_are_refused() {
    assert_eq!(
        Obb3::try_new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(0.0, 0.0, 0.0, 0.0)),
        Err(ObbError::ZeroQuaternion)
    );
    assert_eq!(
        Obb3::try_new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(-0.0, 0.0, -0.0, 0.0)),
        Err(ObbError::ZeroQuaternion)
    );
    assert_eq!(
        Obb2::try_from_cos_sin(Vec2::ZERO, Vec2::ONE, 0.0, -0.0),
        Err(ObbError::ZeroDirection)
    );
}

#[test]
fn non_orthonormal_axes_are_refused_beyond_the_tolerance() {
    let skew = Mat3::from_cols(Vec3::X, Vec3::new(1e-3, 1.0, 0.0), Vec3::Z);
    assert_eq!(
        kind(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, skew).unwrap_err()),
        "non-orthonormal"
    );
    let long = Mat3::from_cols(Vec3::X * 1.01, Vec3::Y, Vec3::Z);
    assert_eq!(
        kind(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, long).unwrap_err()),
        "non-orthonormal"
    );
    let degenerate = Mat3::from_cols(Vec3::X, Vec3::X, Vec3::Z);
    assert_eq!(
        kind(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, degenerate).unwrap_err()),
        "non-orthonormal"
    );
    let zero = Mat3::ZERO;
    assert_eq!(
        kind(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, zero).unwrap_err()),
        "non-orthonormal"
    );
    let skew2 = Mat2::from_cols(Vec2::X, Vec2::new(0.01, 1.0));
    assert_eq!(
        kind(Obb2::try_from_axes(Vec2::ZERO, Vec2::ONE, skew2).unwrap_err()),
        "non-orthonormal"
    );
    // Within the tolerance (a rotation matrix rounded to f32) is accepted.
    let rounded = Mat3::from_quat(Quat::from_euler(glam::EulerRot::XYZ, 0.1, 0.2, 0.3));
    assert!(Obb3::try_from_axes(Vec3::ZERO, Vec3::ONE, rounded).is_ok());
}

#[test]
fn corners_that_are_not_a_rectangle_are_refused() {
    let parallelogram = [(0.0, 0.0), (2.0, 0.0), (3.0, 1.0), (1.0, 1.0)];
    let kite = [(0.0, 0.0), (1.0, 0.0), (1.2, 1.1), (0.0, 1.0)];
    let shuffled = [(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)];
    for corners in [parallelogram, kite, shuffled] {
        let corners = corners.map(|(x, y)| Vec2::new(x, y));
        assert_eq!(
            kind(Obb2::try_from_corners(corners).unwrap_err()),
            "not a rectangle",
            "{corners:?}"
        );
    }
    let nearly = [
        Vec2::ZERO,
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 1.00001),
        Vec2::new(0.0, 1.0),
    ];
    assert!(
        Obb2::try_from_corners(nearly).is_ok(),
        "within CORNER_TOLERANCE"
    );
}

#[test]
fn shearing_transforms_are_refused() {
    let shear2 = Affine2::from_mat2(Mat2::from_cols(Vec2::X, Vec2::new(0.5, 1.0)));
    assert_eq!(
        kind(Obb2::try_from_node(Vec2::ONE, Vec2::ZERO, shear2).unwrap_err()),
        "shear"
    );
    let shear3 = Affine3A::from_mat3(Mat3::from_cols(Vec3::X, Vec3::new(0.0, 1.0, 0.2), Vec3::Z));
    assert_eq!(
        kind(Obb3::try_from_affine(shear3, Vec3::ONE).unwrap_err()),
        "shear"
    );
}

#[test]
fn errors_say_what_was_wrong() {
    let e = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, 2e19, 1.0), Quat::IDENTITY).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("half-extent") && text.contains("2e19"),
        "{text}"
    );
    let text = Obb2::try_from_corners([Vec2::ZERO, Vec2::X, Vec2::new(2.0, 1.0), Vec2::Y])
        .unwrap_err()
        .to_string();
    assert!(text.contains("not a rectangle"), "{text}");
}
