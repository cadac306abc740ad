//! `Obb3::separation` in lanes is bit-identical to the axis-by-axis scan it replaced (kept here
//! as the reference): gap, axis and feature, on random, near-parallel, touching and degenerate
//! pairs.

use glam::{Quat, Vec3};
use sat_core::tolerance::{EPS, PAD_K, PARALLEL_CUTOFF};
use sat_core::{Feature, Obb3, Separation};

use crate::rng::Rng;

fn dot(a: Vec3, b: Vec3) -> f32 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// The scalar `separation` as it was before the lanes (commit b275317).
fn reference(a: &Obb3, b: &Obb3) -> Separation<Vec3> {
    let (ea, eb) = (a.half_extents().to_array(), b.half_extents().to_array());
    let cols = |o: &Obb3| {
        let m = o.axes();
        [m.x_axis, m.y_axis, m.z_axis]
    };
    let (av, bv) = (cols(a), cols(b));
    let norm = |e: Vec3| e.length_squared().sqrt();
    let d = b.center() - a.center();
    let t = [dot(av[0], d), dot(av[1], d), dot(av[2], d)];
    let mut r = [[0.0f32; 3]; 3];
    let mut ar = [[0.0f32; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = dot(av[i], bv[j]);
            ar[i][j] = r[i][j].abs();
        }
    }
    let face_preference =
        PAD_K * EPS * (dot(d, d).sqrt() + norm(a.half_extents()) + norm(b.half_extents()));
    let signed = |axis: Vec3, along: f32| if along < 0.0 { -axis } else { axis };
    let mut best = Separation {
        gap: f32::NEG_INFINITY,
        axis: av[0],
        feature: Feature::FaceA(0),
    };
    let mut consider = |gap: f32, axis: Vec3, feature: Feature| {
        let bias = if matches!(feature, Feature::EdgePair(..)) {
            face_preference
        } else {
            0.0
        };
        if gap > best.gap + bias {
            best = Separation { gap, axis, feature };
        }
    };
    for i in 0..3 {
        let gap = t[i].abs() - (ea[i] + (eb[0] * ar[i][0] + eb[1] * ar[i][1] + eb[2] * ar[i][2]));
        consider(gap, signed(av[i], t[i]), Feature::FaceA(i as u8));
    }
    for j in 0..3 {
        let along = dot(bv[j], d);
        let gap = along.abs() - ((ea[0] * ar[0][j] + ea[1] * ar[1][j] + ea[2] * ar[2][j]) + eb[j]);
        consider(gap, signed(bv[j], along), Feature::FaceB(j as u8));
    }
    for i in 0..3 {
        let (m, n) = ((i + 1) % 3, (i + 2) % 3);
        let minor = |j: usize, k: usize| r[m][j] * r[n][k] - r[n][j] * r[m][k];
        let minors = [minor(1, 2), minor(0, 2), minor(0, 1)];
        for k in 0..3 {
            let length = (r[m][k] * r[m][k] + r[n][k] * r[n][k]).sqrt();
            if length < PARALLEL_CUTOFF {
                continue;
            }
            let (j, l) = ((k + 1) % 3, (k + 2) % 3);
            let centre = t[n] * r[m][k] - t[m] * r[n][k];
            let radius_a = ea[m] * ar[n][k] + ea[n] * ar[m][k];
            let radius_b = eb[j] * minors[l].abs() + eb[l] * minors[j].abs();
            let gap = (centre.abs() - (radius_a + radius_b)) / length;
            let world = (av[m] * -r[n][k] + av[n] * r[m][k]) / length;
            consider(
                gap,
                signed(world, centre),
                Feature::EdgePair(i as u8, k as u8),
            );
        }
    }
    best
}

/// A quaternion of components in `[-1, 1)`, not normalised (the constructor normalises it).
fn quat(rng: &mut Rng) -> Quat {
    Quat::from_array(rng.array(-1.0, 1.0))
}

/// A vector of components in `[lo, hi)`.
fn vec(rng: &mut Rng, lo: f32, hi: f32) -> Vec3 {
    Vec3::from_array(rng.array(lo, hi))
}

fn same(a: &Obb3, b: &Obb3) {
    let (got, want) = (a.separation(b), reference(a, b));
    assert_eq!(got.gap.to_bits(), want.gap.to_bits(), "{a:?} {b:?}");
    assert_eq!(got.feature, want.feature, "{a:?} {b:?}");
    let bits = |v: Vec3| v.to_array().map(f32::to_bits);
    assert_eq!(bits(got.axis), bits(want.axis), "{a:?} {b:?}");
}

#[test]
fn separation_is_bit_identical_to_the_axis_by_axis_scan() {
    let mut rng = Rng::new(0x5e9a);
    for _ in 0..20_000 {
        let a = Obb3::new(
            vec(&mut rng, -3.0, 3.0),
            vec(&mut rng, 0.0, 2.0),
            quat(&mut rng),
        );
        let b = Obb3::new(
            vec(&mut rng, -3.0, 3.0),
            vec(&mut rng, 0.0, 2.0),
            quat(&mut rng),
        );
        same(&a, &b);
        // near-parallel (edge axes within the cutoff or barely above it) and touching along a face
        let tilt = rng.log(-9.0, -1.0);
        let turn = Quat::from_axis_angle(quat(&mut rng).normalize() * Vec3::X, tilt);
        let qa = quat(&mut rng);
        let e = vec(&mut rng, 0.1, 2.0);
        let a = Obb3::new(Vec3::ZERO, e, qa);
        let k = rng.below(3);
        let offset = a.axes().col(k) * (2.0 * e[k] + rng.range::<f32>(-1e-3, 1e-3));
        let b = Obb3::new(offset + vec(&mut rng, -0.5, 0.5), e, qa * turn);
        same(&a, &b);
        same(&b, &a);
        // identical boxes, a box against itself, flat and point boxes
        same(&a, &a);
        let flat = Obb3::new(
            vec(&mut rng, -1.0, 1.0),
            Vec3::new(0.0, rng.range(0.0, 1.0), 0.0),
            quat(&mut rng),
        );
        same(&a, &flat);
        same(&flat, &flat);
    }
}
