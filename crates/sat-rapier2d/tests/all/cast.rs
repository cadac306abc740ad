//! `SatDispatcher::cast_shapes` and `cast_shapes_nonlinear` on rectangle pairs: every linear
//! answer judged against the exact time of impact of the pose as written
//! (`sat_core::exact::toi2`), parry's answer beside it (counted where it is wrong), the options,
//! and a rotating cast that touches and is never late.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::DObb2;
use sat_core::exact::{ExactBox2, toi2};
use sat_rapier2d::SatDispatcher;
use sat_rapier2d::rapier::parry::query::{
    DefaultQueryDispatcher, NonlinearRigidMotion, QueryDispatcher, ShapeCastOptions,
    ShapeCastStatus,
};
use sat_rapier2d::rapier::prelude::*;

/// The judging tolerance: `64·ε·S'`.
const JUDGE_K: f64 = 64.0;

#[derive(Debug, Clone, Copy)]
struct Case {
    pos12: Pose,
    vel: Vector,
    he1: Vector,
    he2: Vector,
    max_toi: Real,
}

impl Case {
    fn cast(&self, d: &dyn QueryDispatcher) -> Option<Real> {
        let (c1, c2) = (Cuboid::new(self.he1), Cuboid::new(self.he2));
        let options = ShapeCastOptions::with_max_time_of_impact(self.max_toi);
        d.cast_shapes(&self.pos12, self.vel, &c1, &c2, options)
            .expect("a rectangle pair is answered")
            .map(|h| h.time_of_impact)
    }

    /// The exact time of impact of the rectangles as written (the pose's cosine and sine),
    /// every half-extent grown by `grow`.
    fn exact(&self, grow: f64) -> Option<f64> {
        let f = |v: Vector| v.as_dvec2().to_array();
        let a = ExactBox2::from_cos_sin([0.0; 2], f(self.he1), 1.0, 0.0);
        let r = self.pos12.rotation;
        let b = ExactBox2::from_cos_sin(
            f(self.pos12.translation),
            f(self.he2),
            f64::from(r.cos()),
            f64::from(r.sin()),
        );
        toi2(&a, [0.0; 2], &b, f(self.vel), f64::from(self.max_toi), grow).map(|t| t.toi_down())
    }

    fn judge(&self, toi: Option<Real>) -> bool {
        let scale = f64::from(
            self.pos12.translation.length()
                + self.max_toi * self.vel.length()
                + self.he1.length()
                + self.he2.length(),
        );
        let tol = JUDGE_K * f64::from(Real::EPSILON) * scale;
        let (grown, shrunk) = (self.exact(tol), self.exact(-tol));
        match toi.map(f64::from) {
            None => shrunk.is_none(),
            Some(t) => grown.is_some_and(|g| g <= t) && shrunk.is_none_or(|s| t <= s),
        }
    }
}

fn case(name: &str, rng: &mut Pcg64) -> Case {
    let extents =
        |rng: &mut Pcg64| Vector::new(rng.random_range(0.1..2.0), rng.random_range(0.1..2.0));
    let (he1, he2) = (extents(rng), extents(rng));
    let (pos12, vel, max_toi) = match name {
        "random" => {
            let angle: Real = rng.random_range(0.0..std::f32::consts::TAU);
            let dir = Vector::new(angle.cos(), angle.sin());
            let t = dir * (he1.length() + he2.length()) * rng.random_range(1.0..2.0);
            let aim = Vector::new(rng.random_range(-0.3..0.3), rng.random_range(-0.3..0.3));
            let vel = (aim - dir) * rng.random_range(0.5..3.0);
            let turn = rng.random_range(0.0..std::f32::consts::TAU);
            (Pose::from_parts(t, Rotation::new(turn)), vel, 10.0)
        }
        "sliding" => {
            let ulps = rng.random_range(-4i32..=4) as Real * Real::EPSILON * he1.y;
            let t = Vector::new(rng.random_range(-1.0..1.0), he1.y + he2.y + ulps);
            let vel = Vector::new(rng.random_range(-2.0..2.0), 0.0);
            (Pose::from_translation(t), vel, 3.0)
        }
        "near-parallel" => {
            let tilt = 10.0f32.powf(rng.random_range(-7.0..-2.0));
            let t = Vector::new(
                rng.random_range(-0.5..0.5),
                he1.y + he2.y + rng.random_range(0.1..2.0),
            );
            let vel = Vector::new(rng.random_range(-0.1..0.1), -rng.random_range(0.5..2.0));
            (Pose::from_parts(t, Rotation::new(tilt)), vel, 10.0)
        }
        "zero-velocity" => {
            let t = Vector::new(rng.random_range(-3.0..3.0), rng.random_range(-3.0..3.0));
            let turn = rng.random_range(0.0..std::f32::consts::TAU);
            (Pose::from_parts(t, Rotation::new(turn)), Vector::ZERO, 10.0)
        }
        _ => unreachable!("{name}"),
    };
    Case {
        pos12,
        vel,
        he1,
        he2,
        max_toi,
    }
}

#[test]
fn linear_casts_against_the_exact_time_of_impact() {
    let sat = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let mut rng = Pcg64::seed_from_u64(0xca52);
    for name in ["random", "sliding", "near-parallel", "zero-velocity"] {
        let (mut parry_wrong, mut parry_panics) = (0, 0);
        for _ in 0..300 {
            let case = case(name, &mut rng);
            let ours = case.cast(&sat);
            assert!(case.judge(ours), "{name}: {ours:?} for {case:?}");
            match (ours, case.exact(0.0)) {
                (Some(t), Some(e)) => {
                    assert!(f64::from(t) <= e, "{name}: late {t} > {e}, {case:?}")
                }
                (Some(_), None) => {}
                (None, e) => assert!(e.is_none(), "{name}: missed {e:?}, {case:?}"),
            }
            match catch_unwind(AssertUnwindSafe(|| case.cast(&DefaultQueryDispatcher))) {
                Err(_) => parry_panics += 1,
                Ok(p) => parry_wrong += usize::from(!case.judge(p)),
            }
        }
        println!(
            "2D {name}: 300 casts, ours all right; parry wrong {parry_wrong}, panicked {parry_panics}"
        );
    }
}

#[test]
fn options_and_rotating_casts() {
    let d = SatDispatcher::default();
    let rect = Cuboid::new(Vector::splat(0.5));
    let far = Pose::from_translation(Vector::X * 3.0);
    let at = ShapeCastOptions::with_max_time_of_impact;
    assert!(
        d.cast_shapes(&far, -Vector::X, &rect, &rect, at(1.99))
            .unwrap()
            .is_none()
    );
    let hit = d
        .cast_shapes(&far, -Vector::X, &rect, &rect, at(2.0))
        .unwrap()
        .unwrap();
    assert!(
        hit.time_of_impact <= 2.0 && hit.time_of_impact > 2.0 - 1e-4,
        "{hit:?}"
    );
    assert_eq!(hit.status, ShapeCastStatus::Converged);
    assert!(
        hit.normal1.x > 0.999
            && (hit.witness1.x - 0.5).abs() < 1e-4
            && (hit.witness2.x + 0.5).abs() < 1e-4
    );
    let near = ShapeCastOptions {
        target_distance: 0.5,
        ..at(10.0)
    };
    let hit = d
        .cast_shapes(&far, -Vector::X, &rect, &rect, near)
        .unwrap()
        .unwrap();
    assert!(
        hit.time_of_impact <= 1.5 && hit.time_of_impact > 1.5 - 1e-4,
        "{hit:?}"
    );
    let inside = Pose::from_translation(Vector::X * 0.9);
    let go_on = ShapeCastOptions {
        stop_at_penetration: false,
        ..at(10.0)
    };
    assert!(
        d.cast_shapes(&inside, Vector::X, &rect, &rect, go_on)
            .unwrap()
            .is_none()
    );
    let hit = d
        .cast_shapes(&inside, -Vector::X, &rect, &rect, go_on)
        .unwrap()
        .unwrap();
    assert_eq!(hit.status, ShapeCastStatus::PenetratingOrWithinTargetDist);
    assert!(
        d.cast_shapes(&far, Vector::new(Real::NAN, 0.0), &rect, &rect, at(10.0))
            .is_err()
    );
    // A 4 m plank turning about its centre, a post 1.5 m away (see sat-core's `cast_nonlinear`).
    let plank = Cuboid::new(Vector::new(2.0, 0.1));
    let post = Cuboid::new(Vector::splat(0.1));
    let spin = NonlinearRigidMotion {
        start: Pose::IDENTITY,
        local_center: Vector::ZERO,
        linvel: Vector::ZERO,
        angvel: 1.0,
    };
    let rest = NonlinearRigidMotion {
        start: Pose::from_translation(Vector::Y * 1.5),
        ..NonlinearRigidMotion::identity()
    };
    let hit = d
        .cast_shapes_nonlinear(&spin, &plank, &rest, &post, 0.0, 3.0, true)
        .unwrap()
        .unwrap();
    let exact = 1.4f32.atan2(0.1) - (0.1 / 0.1f32.hypot(1.4)).asin();
    assert!(
        hit.time_of_impact <= exact + 1e-6 && hit.time_of_impact > exact - 1e-4,
        "{hit:?}"
    );
    for k in 0..100 {
        let t = hit.time_of_impact * k as Real / 100.0;
        let p = spin.position_at_time(t);
        let a = DObb2::try_new(
            p.translation.as_dvec2(),
            plank.half_extents.as_dvec2(),
            f64::from(p.rotation.angle()),
        )
        .unwrap();
        let b = DObb2::try_new(
            rest.start.translation.as_dvec2(),
            post.half_extents.as_dvec2(),
            0.0,
        )
        .unwrap();
        assert!(!a.intersects(&b), "overlap at {t}");
    }
}
