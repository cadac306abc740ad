//! `SatDispatcher::cast_shapes` and `cast_shapes_nonlinear` on cuboid pairs: every linear answer
//! judged against the exact time of impact of the pose as written (`sat_core::exact::toi3`),
//! parry's answer beside it (counted where it is wrong, asserted equal where it is right), every
//! `ShapeCastOptions` field, rotating casts against the bounded distance, and the chain through
//! rapier's query pipeline and its kinematic character controller.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::DObb3;
use sat_core::exact::{ExactBox3, toi3};
use sat_oracle::world::dim3::{Integration, World};
use sat_rapier3d::SatDispatcher;
use sat_rapier3d::rapier::control::{CharacterLength, KinematicCharacterController};
use sat_rapier3d::rapier::parry::query::{
    DefaultQueryDispatcher, NonlinearRigidMotion, QueryDispatcher, ShapeCastHit, ShapeCastOptions,
    ShapeCastStatus,
};
use sat_rapier3d::rapier::prelude::*;

/// The judging tolerance: `64·ε·S'`.
const JUDGE_K: f64 = 64.0;

/// One linear cast as the query pipeline hands it over: the second cuboid placed by `pos12` in
/// the first one's frame, moving with `vel` there.
#[derive(Debug, Clone, Copy)]
struct Case {
    pos12: Pose,
    vel: Vector,
    he1: Vector,
    he2: Vector,
    max_toi: Real,
}

impl Case {
    fn cast(&self, d: &dyn QueryDispatcher, options: ShapeCastOptions) -> Option<ShapeCastHit> {
        let (c1, c2) = (Cuboid::new(self.he1), Cuboid::new(self.he2));
        d.cast_shapes(&self.pos12, self.vel, &c1, &c2, options)
            .expect("a cuboid pair is answered")
    }

    fn options(&self) -> ShapeCastOptions {
        ShapeCastOptions::with_max_time_of_impact(self.max_toi)
    }

    /// The exact boxes as written (the pose's quaternion, not its rounded matrix), every
    /// half-extent grown by `grow`, and their exact time of impact.
    fn exact(&self, grow: f64) -> Option<f64> {
        let f = |v: Vector| v.as_dvec3().to_array();
        let a = ExactBox3::from_axes(
            [0.0; 3],
            f(self.he1),
            [[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]],
        );
        let q = self.pos12.rotation.as_dquat().to_array();
        let b = ExactBox3::from_quat(f(self.pos12.translation), f(self.he2), q);
        toi3(&a, [0.0; 3], &b, f(self.vel), f64::from(self.max_toi), grow).map(|t| t.toi_down())
    }

    /// `S' = |t| + max_toi·|v| + |e_A| + |e_B|`.
    fn scale(&self) -> f64 {
        f64::from(
            self.pos12.translation.length()
                + self.max_toi * self.vel.length()
                + self.he1.length()
                + self.he2.length(),
        )
    }

    /// Whether `toi` (or no hit) is right to the judging tolerance: no hit when the boxes shrunk
    /// by it never meet, a time between the grown boxes' and the shrunk boxes' times of impact.
    fn judge(&self, toi: Option<Real>) -> bool {
        let tol = JUDGE_K * f64::from(Real::EPSILON) * self.scale();
        let (grown, shrunk) = (self.exact(tol), self.exact(-tol));
        match toi.map(f64::from) {
            None => shrunk.is_none(),
            Some(t) => grown.is_some_and(|g| g <= t) && shrunk.is_none_or(|s| t <= s),
        }
    }
}

/// Casts of one family: `(name, case)` from a seeded generator.
fn family(name: &str, rng: &mut Pcg64) -> Case {
    let unit = |rng: &mut Pcg64| {
        Vector::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        )
        .normalize_or(Vector::X)
    };
    let extents = |rng: &mut Pcg64, s: Real| {
        Vector::new(
            rng.random_range(0.1..2.0),
            rng.random_range(0.1..2.0),
            rng.random_range(0.1..2.0),
        ) * s
    };
    let turn = |rng: &mut Pcg64, angle: Real| Rotation::from_axis_angle(unit(rng), angle);
    let scale = if name == "tiny" { 1e-3 } else { 1.0 };
    let (he1, he2) = (extents(rng, scale), extents(rng, scale));
    let (pos12, vel, max_toi) = match name {
        // Any orientation, approaching with some aim error.
        "random" | "tiny" => {
            let dir = unit(rng);
            let t = dir * (he1.length() + he2.length()) * rng.random_range(1.0..2.0);
            let vel = (-dir + unit(rng) * 0.3) * rng.random_range(0.5..3.0) * scale;
            let angle = rng.random_range(0.0..3.1);
            let rot = turn(rng, angle);
            (Pose::from_parts(t, rot), vel, 10.0)
        }
        // Resting on A's top face (gap 0 or a few ulps either side), sliding along it.
        "sliding" => {
            let ulps = rng.random_range(-4i32..=4) as Real * Real::EPSILON * he1.y;
            let t = Vector::new(
                rng.random_range(-1.0..1.0),
                he1.y + he2.y + ulps,
                rng.random_range(-1.0..1.0),
            );
            let vel = Vector::new(
                rng.random_range(-2.0..2.0),
                0.0,
                rng.random_range(-2.0..2.0),
            );
            (Pose::from_translation(t), vel, 3.0)
        }
        // Falling face-first onto A, turned by 1e-7..1e-2 rad.
        "near-parallel" => {
            let angle = 10.0f32.powf(rng.random_range(-7.0..-2.0));
            let t = Vector::new(
                rng.random_range(-0.5..0.5),
                he1.y + he2.y + rng.random_range(0.1..2.0),
                0.0,
            );
            let vel = Vector::new(
                rng.random_range(-0.1..0.1),
                -rng.random_range(0.5..2.0),
                0.0,
            );
            let rot = turn(rng, angle);
            (Pose::from_parts(t, rot), vel, 10.0)
        }
        // Passing A's top edge with a tiny closing speed, turned about y.
        "grazing" => {
            let t = Vector::new(-(he1.x + he2.x) * 3.0, he1.y + he2.y + 1e-4, 0.0);
            let vel = Vector::new(1.0, -10.0f32.powf(rng.random_range(-6.0..-3.0)), 0.0);
            let rot = Rotation::from_rotation_y(rng.random_range(0.0..1.5));
            (Pose::from_parts(t, rot), vel, 10.0)
        }
        // No relative motion, overlapping or not.
        "zero-velocity" => {
            let t = unit(rng) * (he1.length() + he2.length()) * rng.random_range(0.3..1.5);
            (Pose::from_parts(t, turn(rng, 1.0)), Vector::ZERO, 10.0)
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

const FAMILIES: [&str; 6] = [
    "random",
    "tiny",
    "sliding",
    "near-parallel",
    "grazing",
    "zero-velocity",
];

/// Every answer of the chain is right to the judging tolerance, and never late, and "no hit" is
/// exact; parry's answers are judged the same way and counted.
#[test]
fn linear_casts_against_the_exact_time_of_impact() {
    let sat = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let mut rng = Pcg64::seed_from_u64(0xca57);
    for name in FAMILIES {
        let (mut parry_wrong, mut parry_panics, mut agree) = (0, 0, 0);
        let n = 300;
        for _ in 0..n {
            let case = family(name, &mut rng);
            let ours = case.cast(&sat, case.options()).map(|h| h.time_of_impact);
            assert!(case.judge(ours), "{name}: {ours:?} for {case:?}");
            // One-sided, at any margin: never late; no hit only if there is none.
            match (ours, case.exact(0.0)) {
                (Some(t), Some(e)) => {
                    assert!(f64::from(t) <= e, "{name}: late {t} > {e}, {case:?}")
                }
                (Some(_), None) => {}
                (None, e) => assert!(e.is_none(), "{name}: missed {e:?}, {case:?}"),
            }
            let parry = catch_unwind(AssertUnwindSafe(|| {
                case.cast(&DefaultQueryDispatcher, case.options())
                    .map(|h| h.time_of_impact)
            }));
            match parry {
                Err(_) => parry_panics += 1,
                Ok(p) if !case.judge(p) => parry_wrong += 1,
                Ok(p) => {
                    // Both right: both hit or both miss where the tolerance does not allow
                    // either (the boxes grown and shrunk by it both meet or both miss).
                    let tol = JUDGE_K * f64::from(Real::EPSILON) * case.scale();
                    if case.exact(tol).is_some() == case.exact(-tol).is_some() {
                        assert_eq!(p.is_some(), ours.is_some(), "{name}: {case:?}");
                    }
                    agree += 1;
                }
            }
        }
        println!(
            "{name}: {n} casts, ours all right; parry wrong {parry_wrong}, panicked {parry_panics}, right (and agreeing) {agree}"
        );
    }
}

/// Witnesses and normals of a hit: each witness on its box's surface in its own frame, the two
/// the same point at the time of impact, the normals opposite; as parry's for a head-on hit.
#[test]
fn hit_geometry_is_parrys() {
    let sat = SatDispatcher::default();
    let mut rng = Pcg64::seed_from_u64(0x9e0);
    for _ in 0..200 {
        let case = family("random", &mut rng);
        let Some(hit) = case.cast(&sat, case.options()) else {
            continue;
        };
        assert_eq!(hit.status, ShapeCastStatus::Converged);
        let tol = 1e-4 * case.scale() as Real;
        for (w, he) in [(hit.witness1, case.he1), (hit.witness2, case.he2)] {
            assert!(w.abs().cmple(he + tol).all(), "{w:?} outside {he:?}");
            assert!(
                (w.abs() - he).abs().min_element() <= tol,
                "{w:?} not on the surface of {he:?}"
            );
        }
        let pos2 = Pose::from_translation(case.vel * hit.time_of_impact) * case.pos12;
        assert!(
            (pos2 * hit.witness2 - hit.witness1).length() <= tol,
            "{hit:?}"
        );
        assert!(
            (pos2.rotation * hit.normal2 + hit.normal1).length() <= 1e-4,
            "{hit:?}"
        );
    }
    // Head on: the same answer as parry's, field by field.
    let cube = Cuboid::new(Vector::splat(0.5));
    let pos12 = Pose::from_translation(Vector::new(3.0, 0.2, -0.1));
    let options = ShapeCastOptions::with_max_time_of_impact(10.0);
    let ours = sat
        .cast_shapes(&pos12, -Vector::X, &cube, &cube, options)
        .unwrap()
        .unwrap();
    let parry = DefaultQueryDispatcher
        .cast_shapes(&pos12, -Vector::X, &cube, &cube, options)
        .unwrap()
        .unwrap();
    // Within the bound (`CAST_K·ε·S'`, S' ≈ 15 here; ours is early by up to the pad).
    assert!(
        (ours.time_of_impact - parry.time_of_impact).abs() < 1e-4,
        "{ours:?} {parry:?}"
    );
    assert!(
        (ours.normal1 - parry.normal1).length() < 1e-5
            && (ours.normal2 - parry.normal2).length() < 1e-5
    );
    assert!(
        (ours.witness1.x - parry.witness1.x).abs() < 1e-4
            && (ours.witness2.x - parry.witness2.x).abs() < 1e-4
    );
    assert_eq!(ours.status, parry.status);
}

/// `max_time_of_impact`, `target_distance`, `stop_at_penetration` and
/// `compute_impact_geometry_on_penetration`, each as parry defines it.
#[test]
fn every_option_counts() {
    let d = SatDispatcher::default();
    let cube = Cuboid::new(Vector::splat(0.5));
    let cast = |t: Vector, v: Vector, o: ShapeCastOptions| {
        d.cast_shapes(&Pose::from_translation(t), v, &cube, &cube, o)
            .unwrap()
    };
    let far = Vector::X * 3.0;
    // The faces meet at exactly 2.
    let at = |max: Real| ShapeCastOptions::with_max_time_of_impact(max);
    assert!(cast(far, -Vector::X, at(1.99)).is_none());
    assert!(cast(far, -Vector::X, at(2.0)).is_some());
    // Within 0.5 half a second earlier; the witnesses on the boxes themselves.
    let near = ShapeCastOptions {
        target_distance: 0.5,
        ..at(10.0)
    };
    let hit = cast(far, -Vector::X, near).unwrap();
    assert!(
        hit.time_of_impact <= 1.5 && hit.time_of_impact > 1.5 - 1e-4,
        "{hit:?}"
    );
    assert!(
        (hit.witness1.x - 0.5).abs() < 1e-4 && (hit.witness2.x + 0.5).abs() < 1e-4,
        "{hit:?}"
    );
    assert_eq!(hit.status, ShapeCastStatus::Converged);
    // Overlapping by 0.1 at the start.
    let inside = Vector::X * 0.9;
    let stop = at(10.0);
    let hit = cast(inside, Vector::X, stop).unwrap();
    assert_eq!(
        (hit.time_of_impact, hit.status),
        (0.0, ShapeCastStatus::PenetratingOrWithinTargetDist)
    );
    // With geometry: the contact's witnesses (parry: `contact_support_map_support_map`).
    assert!(hit.normal1.x > 0.999 && hit.normal2.x < -0.999, "{hit:?}");
    assert!(
        (hit.witness1.x - 0.5).abs() < 1e-5 && (hit.witness2.x + 0.5).abs() < 1e-5,
        "{hit:?}"
    );
    let parry = DefaultQueryDispatcher
        .cast_shapes(
            &Pose::from_translation(inside),
            Vector::X,
            &cube,
            &cube,
            stop,
        )
        .unwrap()
        .unwrap();
    assert_eq!(parry.status, hit.status);
    // The same normal and the same depth along it (the witnesses may lie anywhere on the
    // overlapping faces).
    assert!(
        (parry.normal1 - hit.normal1).length() < 1e-4,
        "{parry:?} {hit:?}"
    );
    assert!(
        (parry.witness1.x - hit.witness1.x).abs() < 1e-4,
        "{parry:?} {hit:?}"
    );
    // Without `stop_at_penetration`, moving apart is no hit, moving in is.
    let go_on = ShapeCastOptions {
        stop_at_penetration: false,
        ..stop
    };
    assert!(cast(inside, Vector::X, go_on).is_none());
    assert_eq!(cast(inside, -Vector::X, go_on).unwrap().time_of_impact, 0.0);
    // Without geometry on penetration: still the penetrating status at 0.
    let bare = ShapeCastOptions {
        compute_impact_geometry_on_penetration: false,
        ..stop
    };
    let hit = cast(inside, Vector::X, bare).unwrap();
    assert_eq!(
        (hit.time_of_impact, hit.status),
        (0.0, ShapeCastStatus::PenetratingOrWithinTargetDist)
    );
    // Within the target distance at the start counts as penetrating.
    let apart = ShapeCastOptions {
        target_distance: 0.3,
        ..stop
    };
    let hit = cast(Vector::X * 1.2, Vector::Y, apart).unwrap();
    assert_eq!(
        (hit.time_of_impact, hit.status),
        (0.0, ShapeCastStatus::PenetratingOrWithinTargetDist)
    );
    // Bad input is `Unsupported` (the dispatcher alone), never a panic.
    let bad = |v: Vector, o: ShapeCastOptions| {
        d.cast_shapes(&Pose::from_translation(far), v, &cube, &cube, o)
            .is_err()
    };
    assert!(bad(Vector::new(Real::NAN, 0.0, 0.0), stop));
    assert!(bad(Vector::new(Real::INFINITY, 0.0, 0.0), stop));
    assert!(bad(-Vector::X, at(-1.0)));
    assert!(bad(
        -Vector::X,
        ShapeCastOptions {
            target_distance: -0.1,
            ..stop
        }
    ));
    let nan_pose = Pose::from_translation(Vector::splat(Real::NAN));
    assert!(
        d.cast_shapes(&nan_pose, -Vector::X, &cube, &cube, stop)
            .is_err()
    );
    // Other shapes go on to the chained dispatcher.
    assert!(
        d.cast_shapes(
            &Pose::from_translation(far),
            -Vector::X,
            &cube,
            &Ball::new(0.5),
            stop
        )
        .is_err()
    );
}

/// Rotating casts: at the returned time the boxes touch (bounded distance within the
/// tolerance), and at no earlier sampled time do they overlap; parry issue #317's pair is a hit.
#[test]
fn nonlinear_casts_touch_and_are_never_late() {
    let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let mut rng = Pcg64::seed_from_u64(0x2071);
    let (mut hits, mut parry_missed) = (0, 0);
    for _ in 0..150 {
        let case = family("random", &mut rng);
        let motion = |pose: Pose, linvel: Vector, angvel: Vector| NonlinearRigidMotion {
            start: pose,
            local_center: Vector::ZERO,
            linvel,
            angvel,
        };
        let mut spin = || {
            Vector::new(
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
            )
        };
        let (w1, w2) = (spin(), spin());
        let m1 = motion(Pose::IDENTITY, Vector::ZERO, w1);
        let m2 = motion(case.pos12, case.vel, w2);
        let (c1, c2) = (Cuboid::new(case.he1), Cuboid::new(case.he2));
        let hit = d
            .cast_shapes_nonlinear(&m1, &c1, &m2, &c2, 0.0, 2.0, true)
            .unwrap();
        let boxes = |t: Real| {
            let dobb = |m: &NonlinearRigidMotion, he: Vector| {
                let p = m.position_at_time(t);
                DObb3::try_new(
                    p.translation.as_dvec3(),
                    he.as_dvec3(),
                    p.rotation.as_dquat(),
                )
                .unwrap()
            };
            (dobb(&m1, case.he1), dobb(&m2, case.he2))
        };
        let end = hit.map_or(2.0, |h| h.time_of_impact);
        for k in 0..200 {
            let t = end * k as Real / 200.0;
            let (a, b) = boxes(t);
            assert!(
                a.separation(&b).gap > -1e-5,
                "overlap at {t} before {end}: {case:?} {w1:?} {w2:?}"
            );
        }
        if let Some(h) = hit {
            hits += 1;
            let (a, b) = boxes(h.time_of_impact);
            assert!(a.distance(&b) <= 1e-4, "{h:?} not touching: {case:?}");
            let parry = catch_unwind(AssertUnwindSafe(|| {
                DefaultQueryDispatcher
                    .cast_shapes_nonlinear(&m1, &c1, &m2, &c2, 0.0, 2.0, true)
                    .unwrap()
            }));
            parry_missed += usize::from(matches!(parry, Ok(None)));
        }
    }
    println!("rotating casts: {hits} hits; parry missed {parry_missed} of them");
    assert!(hits > 20);
}

/// A compound of two cuboids cast against a cuboid: its parts are cast by the chain (the first
/// part is hit first).
#[test]
fn compound_parts_are_cast_here() {
    let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let parts = vec![
        (
            Pose::from_translation(Vector::X * -1.0),
            SharedShape::cuboid(0.5, 0.5, 0.5),
        ),
        (
            Pose::from_translation(Vector::X * 1.0),
            SharedShape::cuboid(0.5, 0.5, 0.5),
        ),
    ];
    let compound = SharedShape::compound(parts);
    let cube = Cuboid::new(Vector::splat(0.5));
    let pos12 = Pose::from_translation(Vector::X * 5.0);
    let hit = d
        .cast_shapes(
            &pos12,
            -Vector::X,
            &*compound,
            &cube,
            ShapeCastOptions::with_max_time_of_impact(10.0),
        )
        .unwrap()
        .unwrap();
    assert!(
        hit.time_of_impact <= 3.0 && hit.time_of_impact > 3.0 - 1e-4,
        "{hit:?}"
    );
    assert_eq!(hit.subshape1, 1);
}

/// A world of boxes (a floor, two walls, a step) with the dispatcher plugged in one line, or
/// rapier as is.
fn boxes_world(integration: Integration) -> World {
    let mut world = World::new(integration);
    let fixed = |w: &mut World, at: Vector, he: Vector| {
        w.add(
            RigidBodyBuilder::fixed().translation(at),
            ColliderBuilder::cuboid(he.x, he.y, he.z),
        );
    };
    fixed(
        &mut world,
        Vector::new(0.0, -0.5, 0.0),
        Vector::new(20.0, 0.5, 20.0),
    ); // floor, top y = 0
    fixed(
        &mut world,
        Vector::new(5.0, 2.0, 0.0),
        Vector::new(0.5, 2.0, 20.0),
    ); // wall, face x = 4.5
    fixed(
        &mut world,
        Vector::new(0.0, 2.0, 5.0),
        Vector::new(20.0, 2.0, 0.5),
    ); // wall, face z = 4.5
    fixed(
        &mut world,
        Vector::new(-3.0, 0.1, 0.0),
        Vector::new(0.5, 0.1, 0.5),
    ); // a 0.2 step
    world.run(1);
    world
}

/// The world's query pipeline (no filter), over its narrow phase's dispatcher.
fn query_pipeline(world: &World) -> QueryPipeline<'_> {
    world.broad_phase.as_query_pipeline(
        world.narrow_phase.query_dispatcher(),
        &world.bodies,
        &world.colliders,
        QueryFilter::default(),
    )
}

/// `QueryPipeline::cast_shape` through the chain: a cube dropped onto the floor.
#[test]
fn query_pipeline_casts_through_the_chain() {
    for integration in [Integration::Dispatcher, Integration::Default] {
        let world = boxes_world(integration);
        let query = query_pipeline(&world);
        let cube = Cuboid::new(Vector::splat(0.5));
        let pose = Pose::from_parts(Vector::new(1.0, 3.0, 1.0), Rotation::from_rotation_y(0.3));
        let (_, hit) = query
            .cast_shape(
                &pose,
                -Vector::Y,
                &cube,
                ShapeCastOptions::with_max_time_of_impact(10.0),
            )
            .expect("the floor");
        assert!(
            hit.time_of_impact <= 2.5 && hit.time_of_impact > 2.5 - 1e-4,
            "{integration:?}: {hit:?}"
        );
        assert!(
            (hit.normal1.y - 1.0).abs() < 1e-4,
            "{integration:?}: {hit:?}"
        );
    }
}

/// A box character walking, sliding along box walls and the floor and climbing a box step with
/// rapier's kinematic character controller, through the chain: it never ends a move inside a
/// box and never stops short of a wall by more than its offset. The same moves with parry's
/// dispatcher are printed beside ours.
#[test]
fn character_controller_moves_a_box_among_boxes() {
    let offset = 0.01;
    let controller = KinematicCharacterController {
        offset: CharacterLength::Absolute(offset),
        autostep: Some(sat_rapier3d::rapier::control::CharacterAutostep {
            max_height: CharacterLength::Absolute(0.3),
            min_width: CharacterLength::Absolute(0.2),
            include_dynamic_bodies: false,
        }),
        snap_to_ground: None,
        ..KinematicCharacterController::default()
    };
    let character = Cuboid::new(Vector::new(0.3, 0.5, 0.3));
    // (start, desired translation per move, moves)
    let walks = [
        (
            "walk on the floor",
            Vector::new(0.0, 0.5 + offset, 0.0),
            Vector::new(0.1, 0.0, 0.05),
            20,
        ),
        (
            "into the wall",
            Vector::new(2.0, 0.5 + offset, 0.0),
            Vector::new(0.5, 0.0, 0.0),
            10,
        ),
        (
            "slide along the wall",
            Vector::new(4.1, 0.5 + offset, -2.0),
            Vector::new(0.2, 0.0, 0.2),
            20,
        ),
        (
            "into the corner",
            Vector::new(3.0, 0.5 + offset, 3.0),
            Vector::new(0.3, -0.05, 0.3),
            20,
        ),
        (
            "up the step",
            Vector::new(-1.5, 0.5 + offset, 0.0),
            Vector::new(-0.1, -0.01, 0.0),
            20,
        ),
    ];
    for (name, start, step, moves) in walks {
        let mut ends = Vec::new();
        for integration in [Integration::Dispatcher, Integration::Default] {
            let world = boxes_world(integration);
            let query = query_pipeline(&world);
            let mut pos = Pose::from_translation(start);
            for _ in 0..moves {
                let moved =
                    controller.move_shape(1.0 / 60.0, &query, &character, &pos, step, |_| {});
                pos.translation += moved.translation;
                if integration == Integration::Dispatcher {
                    let me = DObb3::try_new(
                        pos.translation.as_dvec3(),
                        character.half_extents.as_dvec3(),
                        pos.rotation.as_dquat(),
                    )
                    .unwrap();
                    for (_, co) in world.colliders.iter() {
                        let he = co.shape().as_cuboid().unwrap().half_extents.as_dvec3();
                        let other = DObb3::try_new(
                            co.translation().as_dvec3(),
                            he,
                            co.rotation().as_dquat(),
                        )
                        .unwrap();
                        let gap = me.separation(&other).gap;
                        assert!(gap > -1e-4, "{name}: inside a box by {gap} at {pos:?}");
                    }
                }
            }
            ends.push(pos.translation);
        }
        println!(
            "{name}: ours ends at {:?}, parry's dispatcher at {:?}",
            ends[0], ends[1]
        );
        let at = ends[0];
        match name {
            "into the wall" => assert!(
                at.x + 0.3 >= 4.5 - offset - 1e-3,
                "{name}: stopped short at {at:?}"
            ),
            "slide along the wall" => assert!(
                at.x + 0.3 >= 4.5 - offset - 1e-3 && at.z > 0.5,
                "{name}: {at:?}"
            ),
            "into the corner" => assert!(
                at.x + 0.3 >= 4.5 - offset - 1e-3 && at.z + 0.3 >= 4.5 - offset - 1e-3,
                "{name}: {at:?}"
            ),
            "up the step" => assert!(at.x < -3.0 && at.y > 0.7, "{name}: did not climb, {at:?}"),
            _ => assert!(
                (at.x - start.x - 2.0).abs() < 1e-3 && (at.y - start.y).abs() < 1e-3,
                "{name}: {at:?}"
            ),
        }
    }
}
