//! `intersects_certified` against the exact big-integer verdict on the pairs its cheap proofs
//! target: boxes resting on a face (turned about the normal, tilted 1e-7..1e-1 rad) and boxes
//! meeting corner to corner with near-parallel axes, every gap within ±2e-3 — overlapping,
//! separated, and within rounding of touching. The f32 tier's early "overlap" (the centre segment,
//! the common point) and its per-axis hand-over to the f64 tier must never change a verdict.

use glam::{Quat, Vec3};
use sat_core::Obb3;
use sat_core::exact::{ExactBox3, verdict3};

use crate::rng::Rng;

/// Near touching: ±2e-3, or within a few ulps of exact contact.
fn gap(rng: &mut Rng) -> f32 {
    if rng.range::<f32>(0.0, 1.0) < 0.2 {
        rng.range::<f32>(-4.0, 4.0) * f32::EPSILON
    } else {
        rng.range(-2e-3, 2e-3)
    }
}

/// Half-extents in `[0.2, 1.5)`.
fn extents(rng: &mut Rng) -> Vec3 {
    Vec3::from_array(rng.array(0.2, 1.5))
}

fn check(a: &Obb3, b: &Obb3) -> bool {
    let exact = verdict3(&ExactBox3::from_obb(a), &ExactBox3::from_obb(b)).intersects;
    assert_eq!(a.intersects_certified(b), exact, "{a:?} {b:?}");
    assert_eq!(b.intersects_certified(a), exact, "{b:?} {a:?}");
    if !a.intersects(b) {
        assert!(!exact, "a false must be exact: {a:?} {b:?}");
    }
    exact
}

#[test]
fn certified_equals_exact_on_resting_and_corner_pairs() {
    let mut rng = Rng::new(0xce47);
    let mut overlapping = 0;
    for n in 0..3000 {
        let q = rng.rotation();
        let (ea, eb) = (extents(&mut rng), extents(&mut rng));
        let a = Obb3::new(Vec3::new(rng.range(-5.0, 5.0), 0.0, 0.0), ea, q);
        let tilt = Quat::from_axis_angle(rng.unit(), rng.log(-7.0, -1.0));
        let axes = a.axes();
        let b = if n % 2 == 0 {
            // resting on face k, turned about its normal, anywhere over it
            let k = n / 2 % 3;
            let normal = axes.col(k);
            let yaw = Quat::from_axis_angle(normal, rng.range(0.0, std::f32::consts::TAU));
            let side = rng.sign::<f32>();
            let mut offset = normal * side * (ea[k] + eb[k] + gap(&mut rng));
            for i in (0..3).filter(|&i| i != k) {
                offset += axes.col(i) * rng.range::<f32>(-ea[i], ea[i]);
            }
            Obb3::new(a.center() + offset, eb, tilt * yaw * q)
        } else {
            // corner to corner along a diagonal of A's frame
            let offset = (0..3).fold(Vec3::ZERO, |sum, i| {
                sum + axes.col(i) * (rng.sign::<f32>() * (ea[i] + eb[i] + gap(&mut rng)))
            });
            Obb3::new(a.center() + offset, eb, tilt * q)
        };
        overlapping += check(&a, &b) as usize;
    }
    assert!(overlapping > 300, "{overlapping}");
}
