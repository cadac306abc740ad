//! sat-rapier2d's `SatDispatcher` against parry's: `contact()` against GJK/EPA (normal, depth,
//! witness points; every rectangle pair answered, none passed on), manifold points on both
//! boxes; `distance` and `closest_points` against the exact distance; then the contact and
//! manifold fuzz checks on seeded inputs. Tolerances as in sat-rapier3d's tests (boxes of
//! half-extents 0.1–1: lengths within `1e-4`).

use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::exact::{ExactBox2, distance2};
use sat_oracle::harness::dim2::{
    assert_contact_agrees_with_epa, assert_separated_contact_is_the_distance, off_boundary,
    support_gap,
};
use sat_oracle::harness::{assert_distance_within_bound, run_targets_on_random_inputs};
use sat_oracle::world::dim2::{Integration, World};
use sat_rapier2d::SatDispatcher;
use sat_rapier2d::rapier::parry::query::{
    ClosestPoints, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
    QueryDispatcher,
};
use sat_rapier2d::rapier::prelude::{ColliderBuilder, Cuboid, Pose, RigidBodyBuilder};

const LENGTH_TOL: f32 = 1e-4;

/// `contact()` against GJK/EPA on penetrating pairs from `pair`: as in 3D.
#[test]
fn contact_agrees_with_epa() {
    assert_contact_agrees_with_epa("2D", 13, pair);
}

/// A random pair whose centres are closer than the sum of the half-extent norms.
fn pair(rng: &mut Pcg64) -> (Vec2, Vec2, Pose) {
    let mut he = || Vec2::new(rng.random_range(0.1..1.0), rng.random_range(0.1..1.0));
    let (he1, he2) = (he(), he());
    let reach = rng.random_range(0.0..(he1.length() + he2.length()));
    let dir = rng.random_range(0.0..std::f32::consts::TAU);
    let angle = rng.random_range(0.0..std::f32::consts::TAU);
    (he1, he2, Pose::new(Vec2::from_angle(dir) * reach, angle))
}

/// Separated pairs within the prediction get the distance (GJK's, within `1e-4`), whether the
/// clipped points certify it or the f64 closest points give it; none is passed on: as in 3D.
#[test]
fn separated_contact_is_the_distance() {
    assert_separated_contact_is_the_distance("2D", 14, pair);
}

#[test]
fn manifold_points_lie_on_both_boxes() {
    let mut rng = Pcg64::seed_from_u64(16);
    let sat = SatDispatcher::default();
    for _ in 0..5_000 {
        let (he1, he2, pos12) = pair(&mut rng);
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let mut m = vec![ContactManifold::<(), ()>::new()];
        sat.contact_manifolds(&pos12, &c1, &c2, 0.02, &mut m, &mut None)
            .unwrap();
        let m = &m[0];
        for p in &m.points {
            assert!(off_boundary(he1, p.local_p1) <= LENGTH_TOL);
            assert!(off_boundary(he2, p.local_p2) <= LENGTH_TOL);
            let p2 = pos12 * p.local_p2;
            assert!((p2 - p.local_p1 - m.local_n1 * p.dist).length() <= LENGTH_TOL);
        }
        if let Some(deepest) = m.find_deepest_contact() {
            let gap = support_gap(he1, he2, &pos12, m.local_n1);
            assert!(deepest.dist >= gap - LENGTH_TOL);
        }
    }
}

/// `distance` and `closest_points` through the chain against the exact distance, as in
/// sat-rapier3d's tests, on rectangles turned by multiples of 90° (an exact rational rotation).
#[test]
fn cuboid_distance_and_closest_points_2d() {
    let mut rng = Pcg64::seed_from_u64(0xd152);
    let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
    for n in 0..4000 {
        let he =
            |rng: &mut Pcg64| Vec2::new(rng.random_range(0.05..1.0), rng.random_range(0.05..1.0));
        let (he1, he2) = (he(&mut rng), he(&mut rng));
        // 90° multiples keep the exact reference rational; other angles give an interval.
        let angle = rng.random_range(0..4) as f32 * std::f32::consts::FRAC_PI_2;
        let dir = Vec2::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0));
        let reach = rng.random_range(0.0..2.0) * (he1.length() + he2.length());
        let pos12 = Pose::new(dir.normalize_or_zero() * reach, angle);
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let x = pos12.rotation * Vec2::X;
        let exact = distance2(
            &ExactBox2::from_axes(
                [0.0; 2],
                he1.as_dvec2().to_array(),
                [[1.0, 0.0], [0.0, 1.0]],
            ),
            &ExactBox2::from_cos_sin(
                pos12.translation.as_dvec2().to_array(),
                he2.as_dvec2().to_array(),
                f64::from(x.x),
                f64::from(x.y),
            ),
        );
        let interval = (exact.lower, exact.upper, exact.scale);
        let d = chain.distance(&pos12, &c1, &c2).unwrap().distance;
        assert_distance_within_bound(&format!("2D distance {n}"), d, interval);
        match chain.closest_points(&pos12, &c1, &c2, f32::MAX).unwrap() {
            ClosestPoints::Intersecting => assert_eq!(d, 0.0, "{n}"),
            ClosestPoints::WithinMargin(p1, p2) => assert_distance_within_bound(
                &format!("2D points {n}"),
                (pos12 * p2 - p1).length(),
                interval,
            ),
            ClosestPoints::Disjoint => panic!("{n}: disjoint within f32::MAX"),
        }
    }
}

/// What `cargo fuzz run contact2` and `manifold2` check, here on seeded inputs.
#[test]
fn fuzz_checks_on_random_inputs() {
    run_targets_on_random_inputs(&[("contact2", 0xc2), ("manifold2", 0x3a2)]);
}

/// The manifold rapier's narrow phase holds for a fixed unit square at the origin and a dynamic
/// one at `at`, after one step of a world of `integration` (the narrow phase runs at the start
/// poses, before the solver moves the square): its normal and the `dist` of its points.
fn narrow_phase_manifold(integration: Integration, at: Vec2) -> (Vec2, Vec<f32>) {
    let mut world = World::new(integration);
    let square = || ColliderBuilder::cuboid(0.5, 0.5);
    world.add(RigidBodyBuilder::fixed(), square());
    world.add(RigidBodyBuilder::dynamic().translation(at), square());
    world.run(1);
    let pair = world.narrow_phase.contact_pairs().next().expect("a pair");
    let manifold = pair.manifolds().iter().find(|m| !m.points.is_empty());
    let manifold = manifold.unwrap_or_else(|| panic!("{integration:?}: no point at {at}"));
    let sign = if world.colliders[pair.collider1].translation() == Vec2::ZERO {
        1.0
    } else {
        -1.0 // the pair holds the squares the other way round
    };
    let dists = manifold.points.iter().map(|p| p.dist).collect();
    (manifold.data.normal * sign, dists)
}

/// Issue 28's corner cases, end to end in rapier's narrow phase, against rapier's default: two
/// unit squares touching exactly at a corner get the corner's bisector as the normal, as parry
/// gives (the dispatcher once gave `(1, 0)`, so a stack's diagonal neighbours carried no
/// weight), with a point at `dist` 0; two squares 0.005 apart corner to corner (within rapier's
/// default prediction, 0.02) get a point at that distance (the dispatcher once gave none).
#[test]
fn corner_contacts_match_rapiers_default() {
    let apart = 0.005;
    for diagonal in [
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
        Vec2::new(1.0, -1.0),
    ] {
        let bisector = diagonal.normalize();
        for (at, dist) in [(diagonal, 0.0), (diagonal + bisector * apart, apart)] {
            let (theirs, _) = narrow_phase_manifold(Integration::Default, at);
            let (ours, dists) = narrow_phase_manifold(Integration::Dispatcher, at);
            assert!(
                (theirs - bisector).length() < 1e-3,
                "parry at {at}: {theirs}"
            );
            assert!((ours - bisector).length() < 1e-3, "at {at}: {ours}");
            let nearest = dists.iter().copied().fold(f32::INFINITY, f32::min);
            assert!((nearest - dist).abs() < 1e-5, "at {at}: {dists:?}");
        }
    }
}
