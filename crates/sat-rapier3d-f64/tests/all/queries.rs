//! The f64 `SatDispatcher`'s answers against parry-f64's default dispatcher on cuboid pairs, at
//! the relative poses rapier's narrow phase computes (`pose1.inv_mul(&pose2)`) from world poses
//! near the origin and 10 000 km from it:
//!
//! * `intersection_test` agrees on every pair outside a band of `1e-9` around touching (parry's
//!   own answer is not exact inside it);
//! * `contact`: ours consistent with the support functions in f64 (the gap along our normal,
//!   and for penetrating pairs the best of the candidate axes, within [`TIGHT`]); the same
//!   pairs answered as parry's; separated pairs' distances within [`DISTANCE_TOL`],
//!   penetration depths within [`DEPTH_TOL`] (EPA's convergence tolerance), normals within
//!   `1 − cos ≤ 1e-5` for at least 95% of the pairs (ties between axes leave the others), except
//!   where parry's depth contradicts its own normal (at most 2% of the penetrating pairs);
//! * `distance` within [`DISTANCE_TOL`] of parry's, `closest_points` on both boxes and that
//!   distance apart;
//! * two boxes a micrometre apart (or pressed a micrometre into each other) 10 000 km out: the
//!   f64 flavours and parry-f64 both tell the two cases apart, the f32 flavours at the same
//!   world poses cannot.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

#[macro_use]
#[path = "../rapier/random_quat.rs"]
mod random_quat;

/// Where the first box sits: at the origin and 10 000 km out (f32's spacing there is 1).
const ORIGINS: [[f64; 3]; 2] = [[0.0; 3], [1.0e7, -6.0e6, 3.0e6]];

/// Penetration depths: EPA stops within its tolerance of the exact depth.
const DEPTH_TOL: f64 = 1e-4;

/// Separated pairs: GJK's convergence tolerance on polytopes.
const DISTANCE_TOL: f64 = 1e-6;

/// Ours against the support functions in f64 (boxes of size ~1): the gap along our normal, and
/// for a penetrating pair the best axis's gap (minus the exact depth). f64 rounding of lengths
/// ~1 is 1e-16; f32 answers would be off by 1e-7.
const TIGHT: f64 = 1e-12;

/// The dispatcher's agreement with parry-f64's on random pairs near and far, for one dimension,
/// and `tells_the_gap` for the micrometre tests: the module has `SatDispatcher`,
/// `DefaultQueryDispatcher`, `ClosestPoints`, `Cuboid`, `Pose`, `Vector`, and `origin` (an
/// `ORIGINS` entry in its dimension), `pair`, `gap`, `support_gap` and `best_gap` (which may use
/// `outward_gap`).
macro_rules! agrees_with_parry {
    (
        $dimension:literal,
        seeds: $intersection_seed:literal, $contact_seed:literal, $distance_seed:literal
    ) => {
        /// The gap along the unit axis `l` or `−l`, whichever points from the first box's centre
        /// towards the second's.
        fn outward_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose, l: Vector) -> f64 {
            let towards = if l.dot(pos12.translation) < 0.0 { -l } else { l };
            support_gap(c1, c2, pos12, towards)
        }

        /// Two boxes face to face along the first one's x axis, `gap` apart (pressed into each
        /// other when negative), placed by `pos12`: the f64 dispatcher's verdict is right and
        /// parry-f64's agrees, and its contact is `gap` along x.
        fn tells_the_gap(pos12: &Pose, c1: &Cuboid, c2: &Cuboid, gap: f64) {
            let sat = SatDispatcher::default();
            let ours = sat.intersection_test(pos12, c1, c2).unwrap().intersecting;
            assert_eq!(ours, gap < 0.0, "gap {gap}");
            let parry = DefaultQueryDispatcher.intersection_test(pos12, c1, c2);
            assert_eq!(parry.unwrap().intersecting, ours);
            let contact = sat.contact(pos12, c1, c2, 0.1).unwrap();
            let contact = contact.expect("within the prediction");
            assert!((contact.dist - gap).abs() < 1e-8, "{gap}: {contact:?}");
            assert!(contact.normal1.x > 0.999_999, "{contact:?}");
        }

        #[test]
        fn intersection_test_agrees_with_parry_near_and_far() {
            let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
            for origin in ORIGINS.map(origin) {
                let mut rng = Pcg64::seed_from_u64($intersection_seed);
                let (mut overlapping, mut apart) = (0, 0);
                for _ in 0..20_000 {
                    let (c1, c2, pos12) = pair(&mut rng, origin);
                    if gap(&c1, &c2, &pos12).abs() < 1e-9 {
                        continue;
                    }
                    let ours = sat
                        .intersection_test(&pos12, &c1, &c2)
                        .unwrap()
                        .intersecting;
                    let theirs = parry
                        .intersection_test(&pos12, &c1, &c2)
                        .unwrap()
                        .intersecting;
                    assert_eq!(ours, theirs, "{origin}: {c1:?} {c2:?} {pos12:?}");
                    if ours {
                        overlapping += 1;
                    } else {
                        apart += 1;
                    }
                }
                assert!(overlapping > 5000 && apart > 2000, "{overlapping} {apart}");
            }
        }

        #[test]
        fn contact_agrees_with_parry_near_and_far() {
            let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
            let prediction = 0.1;
            for origin in ORIGINS.map(origin) {
                let mut rng = Pcg64::seed_from_u64($contact_seed);
                let (mut separated, mut penetrating, mut same_normal) = (0, 0, 0);
                let (mut parry_inconsistent, mut worst) = (0, [0.0f64; 2]);
                for _ in 0..20_000 {
                    let (c1, c2, pos12) = pair(&mut rng, origin);
                    let ours = sat.contact(&pos12, &c1, &c2, prediction).unwrap();
                    let theirs = parry.contact(&pos12, &c1, &c2, prediction).unwrap();
                    let (ours, theirs) = match (ours, theirs) {
                        (Some(o), Some(t)) => (o, t),
                        (None, None) => continue,
                        // Only at the prediction distance may the two disagree on "within".
                        (o, t) => {
                            let d = o.or(t).unwrap().dist;
                            assert!((d - prediction).abs() < 1e-9, "{o:?} vs {t:?}");
                            continue;
                        }
                    };
                    let what = format!("{origin}: {c1:?} {c2:?} {pos12:?}: {ours:?} vs {theirs:?}");
                    // Ours: the gap along our normal, and (penetrating) the best axis's gap.
                    let along = support_gap(&c1, &c2, &pos12, ours.normal1);
                    worst[0] = worst[0].max((ours.dist - along).abs());
                    assert!((ours.dist - along).abs() < TIGHT, "{what}: {along}");
                    let best = best_gap(&c1, &c2, &pos12);
                    if ours.dist <= 0.0 {
                        worst[1] = worst[1].max((ours.dist - best).abs());
                        assert!((ours.dist - best).abs() < TIGHT, "{what}: best {best}");
                    } else {
                        assert!(ours.dist > best - TIGHT, "{what}: best {best}");
                    }
                    // Against parry's, unless its depth contradicts its own normal.
                    let theirs_along = support_gap(&c1, &c2, &pos12, theirs.normal1);
                    if theirs.dist > 0.0 {
                        separated += 1;
                        assert!((ours.dist - theirs.dist).abs() < DISTANCE_TOL, "{what}");
                    } else if (theirs.dist - theirs_along).abs() > DEPTH_TOL {
                        parry_inconsistent += 1;
                        continue;
                    } else {
                        penetrating += 1;
                        assert!((ours.dist - theirs.dist).abs() < DEPTH_TOL, "{what}");
                    }
                    if 1.0 - ours.normal1.dot(theirs.normal1) <= 1e-5 {
                        same_normal += 1;
                    }
                }
                println!(
                    "{} at {origin}: {separated} separated, {penetrating} penetrating, {same_normal} \
                     with parry's normal, parry's depth inconsistent with its normal in \
                     {parry_inconsistent}; ours off its normal's gap by {:.1e}, off the best axis by \
                     {:.1e}",
                    $dimension, worst[0], worst[1]
                );
                assert!(
                    parry_inconsistent * 50 <= penetrating,
                    "{parry_inconsistent}"
                );
                assert!(
                    separated > 500 && penetrating > 5000,
                    "{separated} {penetrating}"
                );
                // Ties between axes and EPA's loose depth leave a few normals apart.
                assert!(
                    same_normal * 100 >= (separated + penetrating) * 95,
                    "{same_normal} of {}",
                    separated + penetrating
                );
            }
        }

        #[test]
        fn distance_and_closest_points_agree_with_parry() {
            let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
            let mut rng = Pcg64::seed_from_u64($distance_seed);
            let (mut apart, mut overlapping) = (0, 0);
            for _ in 0..5000 {
                let (c1, c2, pos12) = pair(&mut rng, origin(ORIGINS[1]));
                let ours = sat.distance(&pos12, &c1, &c2).unwrap().distance;
                let theirs = parry.distance(&pos12, &c1, &c2).unwrap().distance;
                let what = format!("{c1:?} {c2:?} {pos12:?}: {ours} vs {theirs}");
                assert!((ours - theirs).abs() < DISTANCE_TOL, "{what}");
                match sat.closest_points(&pos12, &c1, &c2, 10.0).unwrap() {
                    ClosestPoints::Intersecting => {
                        overlapping += 1;
                        assert_eq!(ours, 0.0, "{what}");
                    }
                    ClosestPoints::WithinMargin(p1, p2) => {
                        apart += 1;
                        // On both boxes (each in its own frame), `ours` apart.
                        let off = |he: Vector, p: Vector| (p.abs() - he).max_element().abs();
                        assert!(off(c1.half_extents, p1) < TIGHT, "{what}: {p1}");
                        assert!(off(c2.half_extents, p2) < TIGHT, "{what}: {p2}");
                        assert!(((pos12 * p2 - p1).length() - ours).abs() < TIGHT, "{what}");
                    }
                    ClosestPoints::Disjoint => panic!("{what}: beyond 10"),
                }
            }
            assert!(apart > 500 && overlapping > 2000, "{apart} {overlapping}");
        }
    };
}

mod dim3 {
    use super::*;
    use glam::{DMat3, DQuat, DVec3};
    use rapier3d_f64::parry::query::{ClosestPoints, DefaultQueryDispatcher, QueryDispatcher};
    use rapier3d_f64::prelude::Vector;
    use rapier3d_f64::prelude::{Cuboid, Pose};
    use sat_rapier::dim3_f64::{SatDispatcher, obb_from_pose};

    fn origin(o: [f64; 3]) -> DVec3 {
        DVec3::from_array(o)
    }

    random_quat!(DQuat, DVec4);

    fn half_extents(rng: &mut Pcg64) -> DVec3 {
        DVec3::from_array(core::array::from_fn(|_| rng.random_range(0.1..1.0)))
    }

    /// A random pair placed in the world near `origin`: the cuboids and the relative pose the
    /// narrow phase computes from the two world poses.
    fn pair(rng: &mut Pcg64, origin: DVec3) -> (Cuboid, Cuboid, Pose) {
        let (he1, he2) = (half_extents(rng), half_extents(rng));
        let reach = rng.random_range(0.0..(he1.length() + he2.length()) * 1.05);
        let pose1 = Pose::from_parts(origin + quat(rng) * DVec3::X * 10.0, quat(rng));
        let pose2 = Pose::from_parts(pose1.translation + quat(rng) * DVec3::X * reach, quat(rng));
        (Cuboid::new(he1), Cuboid::new(he2), pose1.inv_mul(&pose2))
    }

    /// sat-core's gap of the pair (the first box at the origin of its frame).
    fn gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose) -> f64 {
        let a = obb_from_pose(&Pose::IDENTITY, c1);
        a.separation(&obb_from_pose(pos12, c2)).gap
    }

    /// The signed gap of the pair along the unit normal `n` (first frame), from support
    /// functions.
    fn support_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose, n: DVec3) -> f64 {
        let rot = DMat3::from_quat(pos12.rotation.normalize());
        n.dot(pos12.translation)
            - c1.half_extents.dot(n.abs())
            - c2.half_extents.dot((rot.transpose() * n).abs())
    }

    /// The largest gap over the 15 candidate axes: minus the penetration depth of overlapping
    /// boxes, a lower bound of the distance of separated ones.
    fn best_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose) -> f64 {
        let rot = DMat3::from_quat(pos12.rotation.normalize());
        let (a, b) = (
            [DVec3::X, DVec3::Y, DVec3::Z],
            [rot.x_axis, rot.y_axis, rot.z_axis],
        );
        let edges = a.iter().flat_map(|i| b.iter().map(move |k| i.cross(*k)));
        a.into_iter()
            .chain(b)
            .chain(edges.filter(|l| l.length() > 1e-9))
            .map(|l| outward_gap(c1, c2, pos12, l.normalize()))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    agrees_with_parry!("3D", seeds: 17, 23, 37);

    #[test]
    fn a_micrometre_ten_thousand_kilometres_out() {
        use rapier3d::parry::query::QueryDispatcher as _;
        let f32_sat = sat_rapier::dim3::SatDispatcher::default();
        let (he1, he2) = (DVec3::new(0.5, 0.3, 0.7), DVec3::new(0.4, 0.6, 0.2));
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let turn = DQuat::from_euler(glam::EulerRot::XYZ, 0.3, -0.7, 1.1);
        let pose1 = Pose::from_parts(DVec3::new(1.0e7, -6.0e6, 3.0e6), turn);
        let mut f32_verdicts = Vec::new();
        for gap in [1e-6, -1e-6] {
            // Face to face along the first box's x axis, `gap` apart.
            let offset = DVec3::X * (he1.x + he2.x + gap);
            let pose2 = Pose::from_parts(pose1.translation + turn * offset, turn);
            let pos12 = pose1.inv_mul(&pose2);
            tells_the_gap(&pos12, &c1, &c2, gap);
            // The same world poses in f32: both come out at the same f32 relative pose.
            let narrow = |p: &Pose| {
                rapier3d::math::Pose::from_parts(p.translation.as_vec3(), p.rotation.as_quat())
            };
            let pos12 = narrow(&pose1).inv_mul(&narrow(&pose2));
            let (c1, c2) = (
                rapier3d::prelude::Cuboid::new(he1.as_vec3()),
                rapier3d::prelude::Cuboid::new(he2.as_vec3()),
            );
            let f32_verdict = f32_sat
                .intersection_test(&pos12, &c1, &c2)
                .unwrap()
                .intersecting;
            f32_verdicts.push(f32_verdict);
        }
        assert_eq!(
            f32_verdicts[0], f32_verdicts[1],
            "f32 world poses 10 000 km out cannot tell a micrometre"
        );
    }
}

mod dim2 {
    use super::*;
    use glam::{DMat2, DVec2};
    use rapier2d_f64::parry::query::{ClosestPoints, DefaultQueryDispatcher, QueryDispatcher};
    use rapier2d_f64::prelude::Vector;
    use rapier2d_f64::prelude::{Cuboid, Pose};
    use sat_rapier::dim2_f64::{SatDispatcher, obb_from_pose};

    fn origin(o: [f64; 3]) -> DVec2 {
        DVec2::new(o[0], o[1])
    }

    fn half_extents(rng: &mut Pcg64) -> DVec2 {
        DVec2::from_array(core::array::from_fn(|_| rng.random_range(0.1..1.0)))
    }

    fn pair(rng: &mut Pcg64, origin: DVec2) -> (Cuboid, Cuboid, Pose) {
        let (he1, he2) = (half_extents(rng), half_extents(rng));
        let reach = rng.random_range(0.0..(he1.length() + he2.length()) * 1.05);
        let mut angle = || rng.random_range(-3.2..3.2);
        let pose1 = Pose::new(origin + DVec2::from_angle(angle()) * 10.0, angle());
        let pose2 = Pose::new(
            pose1.translation + DVec2::from_angle(angle()) * reach,
            angle(),
        );
        (Cuboid::new(he1), Cuboid::new(he2), pose1.inv_mul(&pose2))
    }

    fn gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose) -> f64 {
        let a = obb_from_pose(&Pose::IDENTITY, c1);
        a.separation(&obb_from_pose(pos12, c2)).gap
    }

    fn rotation(pos12: &Pose) -> DMat2 {
        let x = DVec2::new(pos12.rotation.re, pos12.rotation.im).normalize();
        DMat2::from_cols(x, x.perp())
    }

    fn support_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose, n: DVec2) -> f64 {
        n.dot(pos12.translation)
            - c1.half_extents.dot(n.abs())
            - c2.half_extents.dot((rotation(pos12).transpose() * n).abs())
    }

    fn best_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose) -> f64 {
        let rot = rotation(pos12);
        [DVec2::X, DVec2::Y, rot.x_axis, rot.y_axis]
            .map(|l| outward_gap(c1, c2, pos12, l))
            .into_iter()
            .fold(f64::NEG_INFINITY, f64::max)
    }

    agrees_with_parry!("2D", seeds: 29, 31, 41);

    #[test]
    fn a_micrometre_ten_thousand_kilometres_out() {
        use rapier2d::parry::query::QueryDispatcher as _;
        let f32_sat = sat_rapier::dim2::SatDispatcher::default();
        let (he1, he2) = (DVec2::new(0.5, 0.3), DVec2::new(0.4, 0.6));
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let angle = 0.9;
        let pose1 = Pose::new(DVec2::new(1.0e7, -6.0e6), angle);
        let mut f32_verdicts = Vec::new();
        for gap in [1e-6, -1e-6] {
            let offset = DVec2::X * (he1.x + he2.x + gap);
            let pose2 = Pose::new(
                pose1.translation + DVec2::from_angle(angle).rotate(offset),
                angle,
            );
            let pos12 = pose1.inv_mul(&pose2);
            tells_the_gap(&pos12, &c1, &c2, gap);
            let narrow =
                |p: &Pose| rapier2d::math::Pose::new(p.translation.as_vec2(), angle as f32);
            let pos12 = narrow(&pose1).inv_mul(&narrow(&pose2));
            let (c1, c2) = (
                rapier2d::prelude::Cuboid::new(he1.as_vec2()),
                rapier2d::prelude::Cuboid::new(he2.as_vec2()),
            );
            f32_verdicts.push(
                f32_sat
                    .intersection_test(&pos12, &c1, &c2)
                    .unwrap()
                    .intersecting,
            );
        }
        assert_eq!(
            f32_verdicts[0], f32_verdicts[1],
            "f32 world poses 10 000 km out cannot tell a micrometre"
        );
    }
}
