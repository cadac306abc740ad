//! sat-rapier3d-f64's `SatDispatcher` against parry-f64's default dispatcher on cuboid pairs,
//! at the relative poses rapier's narrow phase computes (`pose1.inv_mul(&pose2)`) from world
//! poses near the origin and 10 000 km from it (`sat_oracle::harness`'s checks, with f64's
//! tolerances):
//!
//! * `intersection_test` agrees on every pair outside a band of `1e-9` around touching (parry's
//!   own answer is not exact inside it);
//! * `contact`: ours consistent with the support functions in f64 (the gap along our normal,
//!   and for penetrating pairs the best of the candidate axes, within `1e-12`: f64 rounding of
//!   lengths ~1 is 1e-16, f32 answers would be off by 1e-7); the same pairs answered as
//!   parry's; separated pairs' distances within `1e-6` (GJK's convergence tolerance on
//!   polytopes), penetration depths within `1e-4` (EPA's), normals within `1 − cos ≤ 1e-5` for
//!   at least 95% of the pairs (ties between axes leave the others), except where parry's depth
//!   contradicts its own normal (at most 2% of the penetrating pairs);
//! * `distance` within `1e-6` of parry's, `closest_points` on both boxes and that distance apart;
//! * two boxes a micrometre apart (or pressed a micrometre into each other) 10 000 km out: the
//!   f64 flavour and parry-f64 both tell the two cases apart, the f32 flavour (sat-rapier3d) at
//!   the same world poses cannot.

use glam::{DMat3, DQuat, DVec3};
use rand::Rng;
use rand_pcg::Pcg64;
use sat_oracle::harness::dim3_f64::{
    assert_queries_agree_with_parry, assert_tells_the_gap, outward_gap, random_rotation,
};
use sat_rapier3d_f64::rapier::prelude::{Cuboid, Pose};

/// Where the first box sits: at the origin and 10 000 km out (f32's spacing there is 1).
const ORIGINS: [DVec3; 2] = [DVec3::ZERO, DVec3::new(1.0e7, -6.0e6, 3.0e6)];

/// A random unit quaternion.
fn quat(rng: &mut Pcg64) -> DQuat {
    random_rotation(|| rng.random_range(-1.0..1.0))
}

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

/// `intersection_test`, `contact`, `distance` and `closest_points` against parry-f64's, near the
/// origin and far (`sat_oracle::harness`).
#[test]
fn queries_agree_with_parry_near_and_far() {
    assert_queries_agree_with_parry("3D", ORIGINS, [17, 23, 37], pair, best_gap);
}

#[test]
fn a_micrometre_ten_thousand_kilometres_out() {
    use sat_rapier3d::rapier::parry::query::QueryDispatcher as _;
    let f32_sat = sat_rapier3d::SatDispatcher::default();
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
        assert_tells_the_gap(&pos12, &c1, &c2, gap);
        // The same world poses in f32: both come out at the same f32 relative pose.
        let narrow = |p: &Pose| {
            sat_rapier3d::rapier::math::Pose::from_parts(
                p.translation.as_vec3(),
                p.rotation.as_quat(),
            )
        };
        let pos12 = narrow(&pose1).inv_mul(&narrow(&pose2));
        let (c1, c2) = (
            sat_rapier3d::rapier::prelude::Cuboid::new(he1.as_vec3()),
            sat_rapier3d::rapier::prelude::Cuboid::new(he2.as_vec3()),
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
