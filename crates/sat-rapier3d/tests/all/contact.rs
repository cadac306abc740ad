//! sat-rapier3d's `SatDispatcher` against parry's: `contact()` against GJK/EPA (normal, depth,
//! witness points; every cuboid pair answered, none passed on), `intersection_test` against
//! parry's SAT, manifolds against parry's cuboid manifold, feature ids that survive a small
//! motion, round cuboids passed through, compound parts; `distance` and `closest_points`
//! against the exact distance; then the contact and manifold fuzz checks on seeded inputs.
//!
//! Stated tolerances (boxes of half-extents 0.1–1, so lengths are ~1):
//! * normals: `1 − n·n_parry ≤ 1e-5`;
//! * depths: within `1e-4`, unless parry's own depth is inconsistent with its own normal (the
//!   support functions along that normal give another depth): EPA's convergence tolerance is
//!   loose, and such cases are counted and adjudicated by the support functions, not assumed;
//! * witness points: ours lie on both boxes' boundaries with `p2 − p1 = dist·n`; they equal
//!   EPA's within `1e-4` whenever the deepest feature is unique (at least 95% of random pairs),
//!   and otherwise lie on the same two supporting planes.

use glam::{Mat3, Quat, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::distance::DISTANCE_K;
use sat_core::exact::{ExactBox3, distance3, verdict3};
use sat_core::tolerance::EPS;
use sat_oracle::harness::dim3::{
    assert_contact_agrees_with_epa, assert_separated_contact_is_the_distance, off_boundary,
    random_rotation, support_gap,
};
use sat_oracle::harness::{assert_distance_within_bound, run_targets_on_random_inputs};
use sat_rapier3d::SatDispatcher;
use sat_rapier3d::rapier::parry::query::{
    ClosestPoints, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
    QueryDispatcher,
};
use sat_rapier3d::rapier::prelude::{Compound, Cuboid, Pose, RoundCuboid, SharedShape};
use sat_rapier3d::tolerance::FACE_PREFERENCE_PREDICTION;

const NORMAL_TOL: f32 = 1e-5;
const LENGTH_TOL: f32 = 1e-4;

/// A random unit quaternion.
fn quat(rng: &mut Pcg64) -> Quat {
    random_rotation(|| rng.random_range(-1.0..1.0))
}

fn half_extents(rng: &mut Pcg64) -> Vec3 {
    Vec3::from_array(core::array::from_fn(|_| rng.random_range(0.1..1.0)))
}

/// A random pair whose centres are closer than the sum of the half-extent norms.
fn pair(rng: &mut Pcg64) -> (Vec3, Vec3, Pose) {
    let (he1, he2) = (half_extents(rng), half_extents(rng));
    let reach = rng.random_range(0.0..(he1.length() + he2.length()));
    let pos12 = Pose::from_parts(quat(rng) * Vec3::X * reach, quat(rng));
    (he1, he2, pos12)
}

/// `contact()` against GJK/EPA on penetrating pairs (`sat_oracle::harness`).
#[test]
fn contact_agrees_with_epa() {
    assert_contact_agrees_with_epa("3D", 3, pair);
}

/// Separated pairs within the prediction get the distance (GJK's, within `1e-4`), whether
/// the clipped points certify it or the f64 closest points give it; none is passed on
/// (`sat_oracle::harness`).
#[test]
fn separated_contact_is_the_distance() {
    assert_separated_contact_is_the_distance("3D", 4, pair);
}

/// "Disjoint" is exact for the pose as given: the rotation its quaternion names (`R(q)/|q|²`,
/// whatever its length — rapier's integrated quaternions are unit only to a few ulps), judged
/// by sat-core's exact oracle, on pairs placed a few ulps from touching along a face normal.
#[test]
fn a_disjoint_answer_is_exact_for_the_pose_as_given() {
    let mut rng = Pcg64::seed_from_u64(0xd15);
    let sat = SatDispatcher::default();
    let mut touching_or_overlapping = 0;
    for _ in 0..20_000 {
        let (he1, he2) = (half_extents(&mut rng), half_extents(&mut rng));
        // A quaternion up to 2000 ulps from unit length (integration leaves a few).
        let q = quat(&mut rng) * (1.0 + rng.random_range(-2000.0..2000.0) * f32::EPSILON);
        let q = Quat::from_vec4(q.into());
        // B's face against A's +x face, a few ulps apart or deep.
        let reach = he1.x + he2.dot((Mat3::from_quat(q.normalize()).row(0)).abs());
        let along = reach * (1.0 + rng.random_range(-8.0..8.0) * f32::EPSILON);
        let lateral = Vec3::new(
            0.0,
            rng.random_range(-0.5..0.5),
            rng.random_range(-0.5..0.5),
        );
        let pos12 = Pose::from_parts(Vec3::X * along + lateral * he1, q);
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let ours = sat
            .intersection_test(&pos12, &c1, &c2)
            .unwrap()
            .intersecting;
        let exact = verdict3(
            &ExactBox3::from_quat(
                [0.0; 3],
                he1.to_array().map(f64::from),
                [0.0, 0.0, 0.0, 1.0],
            ),
            &ExactBox3::from_quat(
                pos12.translation.to_array().map(f64::from),
                he2.to_array().map(f64::from),
                q.to_array().map(f64::from),
            ),
        );
        if exact.intersects {
            touching_or_overlapping += 1;
            assert!(
                ours,
                "disjoint answered for intersecting boxes: {pos12:?} {he1} {he2}"
            );
        }
    }
    assert!(touching_or_overlapping > 1000, "{touching_or_overlapping}");
}

#[test]
fn intersection_test_agrees_with_parry_outside_a_thin_band() {
    let mut rng = Pcg64::seed_from_u64(5);
    let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
    for _ in 0..20_000 {
        let (he1, he2, pos12) = pair(&mut rng);
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let distance = parry.distance(&pos12, &c1, &c2).unwrap().distance;
        let ours = sat
            .intersection_test(&pos12, &c1, &c2)
            .unwrap()
            .intersecting;
        if distance > 1e-4 {
            assert!(!ours, "{distance}");
        } else if parry.contact(&pos12, &c1, &c2, 0.0).unwrap().unwrap().dist < -1e-4 {
            assert!(ours);
        }
    }
}

#[test]
fn manifold_normal_and_depth_match_parry() {
    let mut rng = Pcg64::seed_from_u64(6);
    let (sat, parry) = (SatDispatcher::default(), DefaultQueryDispatcher);
    let (mut pairs, mut same_normal, mut full_depth) = (0, 0, 0);
    while pairs < 5_000 {
        let (he1, he2, pos12) = pair(&mut rng);
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let mut ours = vec![ContactManifold::<(), ()>::new()];
        let mut theirs = vec![ContactManifold::<(), ()>::new()];
        let prediction = 0.02;
        sat.contact_manifolds(&pos12, &c1, &c2, prediction, &mut ours, &mut None)
            .unwrap();
        parry
            .contact_manifolds(&pos12, &c1, &c2, prediction, &mut theirs, &mut None)
            .unwrap();
        let Some(deepest) = theirs[0].find_deepest_contact() else {
            continue;
        };
        if deepest.dist > -1e-3 {
            continue;
        }
        pairs += 1;
        let m = &ours[0];
        assert!(!m.points.is_empty() && m.points.len() <= 4);
        if 1.0 - m.local_n1.dot(theirs[0].local_n1) <= NORMAL_TOL {
            same_normal += 1;
        }
        // The normal is the minimum-penetration axis, or a face axis preferred to it
        // within (at most twice) the face preference.
        let best = support_gap(he1, he2, &pos12, theirs[0].local_n1)
            .max(support_gap(he1, he2, &pos12, m.local_n1));
        let ours_gap = support_gap(he1, he2, &pos12, m.local_n1);
        let preference = FACE_PREFERENCE_PREDICTION * prediction;
        assert!(ours_gap >= best - 2.0 * preference - LENGTH_TOL);
        // Every point (beyond the prediction too, as in parry's manifolds): on both
        // boundaries, along the normal.
        for p in &m.points {
            assert!(off_boundary(he1, p.local_p1) <= LENGTH_TOL);
            assert!(off_boundary(he2, p.local_p2) <= LENGTH_TOL);
            let p2 = pos12 * p.local_p2;
            assert!((p2 - p.local_p1 - m.local_n1 * p.dist).length() <= LENGTH_TOL);
        }
        // No point deeper than the support functions allow along the manifold's normal;
        // the deepest reaches that depth unless the deepest corner lies outside the
        // reference face (a deep, lopsided overlap).
        let our_deepest = m.find_deepest_contact().unwrap().dist;
        let gap = support_gap(he1, he2, &pos12, m.local_n1);
        assert!(our_deepest >= gap - LENGTH_TOL, "{our_deepest} vs {gap}");
        if our_deepest <= gap + LENGTH_TOL {
            full_depth += 1;
        }
    }
    println!(
        "3D manifolds: {same_normal} of {pairs} have parry's normal (the others prefer a \
         face), {full_depth} reach the full depth along their normal"
    );
    assert!(same_normal * 100 >= 98 * pairs);
    assert!(full_depth * 100 >= 95 * pairs);
}

#[test]
fn feature_ids_and_warm_start_data_survive_a_small_motion() {
    let sat = SatDispatcher::default();
    let cube = Cuboid::new(Vec3::splat(0.5));
    let mut m = vec![ContactManifold::<(), u32>::new()];
    // Turned 0.4 rad about the vertical: the faces overlap in an octagon, reduced to 4 points.
    let start = Pose::from_parts(Vec3::new(0.05, 0.99, 0.02), Quat::from_rotation_y(0.4));
    sat.contact_manifolds(&start, &cube, &cube, 0.02, &mut m, &mut None)
        .unwrap();
    assert_eq!(m[0].points.len(), 4);
    for (k, p) in m[0].points.iter_mut().enumerate() {
        p.data = k as u32 + 1; // stands for the solver's accumulated impulse
    }
    let tagged: Vec<_> = m[0]
        .points
        .iter()
        .map(|p| (p.fid1, p.fid2, p.data))
        .collect();
    // Moved by more than the reuse threshold (1e-3 tangentially), too little to change
    // which features touch: the points are recomputed and keep their ids and data.
    let moved = Pose::from_parts(Vec3::new(0.06, 0.985, 0.015), Quat::from_rotation_y(0.41));
    sat.contact_manifolds(&moved, &cube, &cube, 0.02, &mut m, &mut None)
        .unwrap();
    assert!(m[0].points.iter().all(|p| (p.dist + 0.015).abs() < 1e-5));
    let mut after: Vec<_> = m[0]
        .points
        .iter()
        .map(|p| (p.fid1, p.fid2, p.data))
        .collect();
    let mut before = tagged;
    before.sort_by_key(|t| t.2);
    after.sort_by_key(|t| t.2);
    assert_eq!(after, before);
}

#[test]
fn round_cuboids_pass_through() {
    let sat = SatDispatcher::default();
    let cube = Cuboid::new(Vec3::splat(0.5));
    let round = RoundCuboid {
        inner_shape: Cuboid::new(Vec3::splat(0.4)),
        border_radius: 0.1,
    };
    let pos12 = Pose::translation(0.0, 0.95, 0.0);
    let mut m = vec![ContactManifold::<(), ()>::new()];
    assert!(
        sat.contact_manifolds(&pos12, &round, &cube, 0.02, &mut m, &mut None)
            .is_err()
    );
    assert!(sat.contact(&pos12, &cube, &round, 0.0).is_err());
    assert!(sat.intersection_test(&pos12, &round, &round).is_err());
    let chained = SatDispatcher::default().chain(DefaultQueryDispatcher);
    chained
        .contact_manifolds(&pos12, &round, &cube, 0.02, &mut m, &mut None)
        .unwrap();
    assert!(!m[0].points.is_empty());
}

/// Cuboids inside a compound reach sat-core: each manifold of a compound pair is exactly the
/// one `SatDispatcher` gives that pair of parts (parry's default dispatcher, which splits
/// compounds and recurses into itself, gives its own points and feature ids), with the
/// chain's sub-shape ids; in both orders and between two compounds.
#[test]
fn compound_parts_get_sat_core_manifolds() {
    let part_poses = [
        Pose::translation(0.0, 0.0, 0.0),
        Pose::from_parts(Vec3::new(0.8, 0.3, 0.1), Quat::from_rotation_z(0.2)),
    ];
    let compound = Compound::new(
        part_poses
            .iter()
            .map(|pose| (*pose, SharedShape::cuboid(0.5, 0.2, 0.3)))
            .collect(),
    );
    let cube = Cuboid::new(Vec3::splat(0.5));
    let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let mut rng = Pcg64::seed_from_u64(21);
    let mut checked = 0;
    for _ in 0..200 {
        let pos12 = Pose::from_parts(
            Vec3::new(
                rng.random_range(-0.5..1.3),
                rng.random_range(0.5..0.9),
                rng.random_range(-0.4..0.4),
            ),
            quat(&mut rng),
        );
        for flipped in [false, true] {
            let mut ms = Vec::<ContactManifold<(), ()>>::new();
            let pose = if flipped { pos12.inverse() } else { pos12 };
            if flipped {
                chain.contact_manifolds(&pose, &cube, &compound, 0.02, &mut ms, &mut None)
            } else {
                chain.contact_manifolds(&pose, &compound, &cube, 0.02, &mut ms, &mut None)
            }
            .unwrap();
            for m in ms.iter().filter(|m| !m.points.is_empty()) {
                let part = if flipped { m.subshape2 } else { m.subshape1 } as usize;
                // The pair of parts as the walk hands it on: (part, cube), or flipped
                // (cube, part) at the pose seen from the cube (the given one, inverted twice).
                let part_shape = Cuboid::new(Vec3::new(0.5, 0.2, 0.3));
                let mut direct = vec![ContactManifold::<(), ()>::new()];
                let sat = SatDispatcher::default();
                if flipped {
                    let part_pos = pose.inverse().inverse() * part_poses[part];
                    sat.contact_manifolds(
                        &part_pos,
                        &cube,
                        &part_shape,
                        0.02,
                        &mut direct,
                        &mut None,
                    )
                } else {
                    let part_pos = part_poses[part].inv_mul(&pose);
                    sat.contact_manifolds(
                        &part_pos,
                        &part_shape,
                        &cube,
                        0.02,
                        &mut direct,
                        &mut None,
                    )
                }
                .unwrap();
                let got: Vec<_> = m.points.iter().map(|p| (p.fid1, p.fid2, p.dist)).collect();
                let want: Vec<_> = direct[0]
                    .points
                    .iter()
                    .map(|p| (p.fid1, p.fid2, p.dist))
                    .collect();
                assert_eq!(got.len(), want.len(), "part {part}, flipped {flipped}");
                for ((f1, f2, d), (g1, g2, e)) in got.iter().zip(&want) {
                    assert_eq!((f1, f2), (g1, g2), "part {part}, flipped {flipped}");
                    assert_eq!(d, e);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} part manifolds checked");
    // Two compounds: every non-empty manifold is a pair of cuboid parts, answered too.
    let mut ms = Vec::<ContactManifold<(), ()>>::new();
    let pos12 = Pose::translation(0.3, 0.35, 0.0);
    chain
        .contact_manifolds(&pos12, &compound, &compound, 0.02, &mut ms, &mut None)
        .unwrap();
    assert!(ms.iter().any(|m| !m.points.is_empty()));
}

/// The contact3 and manifold3 fuzz targets' checks on seeded random inputs
/// (`sat_oracle::harness::run_targets_on_random_inputs`).
#[test]
fn fuzz_checks_on_random_inputs() {
    run_targets_on_random_inputs(&[("contact3", 0xc3), ("manifold3", 0x3a3)]);
}

/// The dispatchers' `distance` and `closest_points` for cuboid pairs are sat-core's, through the
/// chain a user registers (never handed to parry's GJK), against the exact distance of the boxes
/// the pose names (`R(q)/|q|²`, rationals), within `DISTANCE_K·ε·S`; `Intersecting` exactly when
/// the distance is 0, `Disjoint` beyond `max_dist`, points in each shape's frame.
#[test]
fn cuboid_distance_and_closest_points_3d() {
    let mut rng = Pcg64::seed_from_u64(0xd153);
    let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let (mut intersecting, mut apart) = (0, 0);
    for n in 0..4000 {
        let he = |rng: &mut Pcg64| {
            Vec3::from_array(core::array::from_fn(|_| rng.random_range(0.05..1.0)))
        };
        let (he1, he2) = (he(&mut rng), he(&mut rng));
        let q = Quat::from_xyzw(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        )
        .normalize();
        let dir = Vec3::from_array(core::array::from_fn(|_| rng.random_range(-1.0..1.0)));
        let reach = rng.random_range(0.0..2.0) * (he1.length() + he2.length());
        let pos12 = Pose::from_parts(dir.normalize_or_zero() * reach, q);
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let exact = distance3(
            &ExactBox3::from_quat([0.0; 3], he1.as_dvec3().to_array(), [0.0, 0.0, 0.0, 1.0]),
            &ExactBox3::from_quat(
                pos12.translation.as_dvec3().to_array(),
                he2.as_dvec3().to_array(),
                pos12.rotation.to_array().map(f64::from),
            ),
        );
        let interval = (exact.lower, exact.upper, exact.scale);
        let d = SatDispatcher::default()
            .distance(&pos12, &c1, &c2)
            .expect("cuboid pairs are answered by sat-core")
            .distance;
        assert_distance_within_bound(&format!("distance {n}"), d, interval);
        assert_eq!(chain.distance(&pos12, &c1, &c2).unwrap().distance, d);
        let bound = DISTANCE_K * EPS * exact.scale as f32;
        match chain.closest_points(&pos12, &c1, &c2, f32::MAX).unwrap() {
            ClosestPoints::Intersecting => {
                assert_eq!(d, 0.0, "{n}");
                intersecting += 1;
            }
            ClosestPoints::WithinMargin(p1, p2) => {
                apart += 1;
                assert!(d > 0.0, "{n}");
                assert_distance_within_bound(
                    &format!("points {n}"),
                    (pos12 * p2 - p1).length(),
                    interval,
                );
                let outside = |he: Vec3, p: Vec3| (p.abs() - he).max(Vec3::ZERO).length();
                assert!(
                    outside(he1, p1) <= bound && outside(he2, p2) <= bound,
                    "{n}"
                );
            }
            ClosestPoints::Disjoint => panic!("{n}: disjoint within f32::MAX"),
        }
        if d > 0.0 {
            let nearer = chain.closest_points(&pos12, &c1, &c2, 0.5 * d).unwrap();
            assert_eq!(nearer, ClosestPoints::Disjoint, "{n}");
        }
    }
    assert!(intersecting > 500 && apart > 500, "{intersecting} {apart}");
}
