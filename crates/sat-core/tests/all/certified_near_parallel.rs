//! `intersects_certified` against the exact big-integer verdict on the pairs its cheap proofs
//! target: boxes resting on a face (turned about the normal, tilted 1e-7..1e-1 rad) and boxes
//! meeting corner to corner with near-parallel axes, every gap within ±2e-3 — overlapping,
//! separated, and within rounding of touching. The f32 tier's early "overlap" (the centre segment,
//! the common point) and its per-axis hand-over to the f64 tier must never change a verdict.

use glam::{Quat, Vec3};
use sat_core::Obb3;
use sat_core::exact::{ExactBox3, verdict3};

struct Rng(u64);

impl Rng {
    fn next(&mut self, lo: f32, hi: f32) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + (hi - lo) * ((self.0 >> 40) as f32 / (1u64 << 24) as f32)
    }
    fn unit(&mut self) -> Vec3 {
        loop {
            let v = Vec3::new(
                self.next(-1.0, 1.0),
                self.next(-1.0, 1.0),
                self.next(-1.0, 1.0),
            );
            if let Some(v) = v.try_normalize() {
                return v;
            }
        }
    }
    fn quat(&mut self) -> Quat {
        Quat::from_axis_angle(self.unit(), self.next(0.0, std::f32::consts::TAU))
    }
    fn extents(&mut self) -> Vec3 {
        Vec3::new(
            self.next(0.2, 1.5),
            self.next(0.2, 1.5),
            self.next(0.2, 1.5),
        )
    }
    /// Near touching: ±2e-3, or within a few ulps of exact contact.
    fn gap(&mut self) -> f32 {
        if self.next(0.0, 1.0) < 0.2 {
            self.next(-4.0, 4.0) * f32::EPSILON
        } else {
            self.next(-2e-3, 2e-3)
        }
    }
    fn sign(&mut self) -> f32 {
        if self.next(0.0, 1.0) < 0.5 { -1.0 } else { 1.0 }
    }
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
    let mut rng = Rng(0xce47);
    let mut overlapping = 0;
    for n in 0..3000 {
        let q = rng.quat();
        let (ea, eb) = (rng.extents(), rng.extents());
        let a = Obb3::new(Vec3::new(rng.next(-5.0, 5.0), 0.0, 0.0), ea, q);
        let tilt = Quat::from_axis_angle(rng.unit(), 10f32.powf(rng.next(-7.0, -1.0)));
        let axes = a.axes();
        let b = if n % 2 == 0 {
            // resting on face k, turned about its normal, anywhere over it
            let k = n / 2 % 3;
            let normal = axes.col(k);
            let yaw = Quat::from_axis_angle(normal, rng.next(0.0, std::f32::consts::TAU));
            let side = rng.sign();
            let mut offset = normal * side * (ea[k] + eb[k] + rng.gap());
            for i in (0..3).filter(|&i| i != k) {
                offset += axes.col(i) * rng.next(-ea[i], ea[i]);
            }
            Obb3::new(a.center() + offset, eb, tilt * yaw * q)
        } else {
            // corner to corner along a diagonal of A's frame
            let offset = (0..3).fold(Vec3::ZERO, |sum, i| {
                sum + axes.col(i) * (rng.sign() * (ea[i] + eb[i] + rng.gap()))
            });
            Obb3::new(a.center() + offset, eb, tilt * q)
        };
        overlapping += check(&a, &b) as usize;
    }
    assert!(overlapping > 300, "{overlapping}");
}
