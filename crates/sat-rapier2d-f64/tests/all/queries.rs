//! sat-rapier2d-f64's `SatDispatcher` against parry-f64's default dispatcher on cuboid pairs,
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
//!   f64 flavour and parry-f64 both tell the two cases apart, the f32 flavour (sat-rapier2d) at
//!   the same world poses cannot.

use glam::{DMat2, DVec2};
use rand::Rng;
use rand_pcg::Pcg64;
use sat_oracle::harness::dim2_f64::{
    assert_queries_agree_with_parry, assert_tells_the_gap, outward_gap,
};
use sat_rapier2d_f64::rapier::prelude::{Cuboid, Pose};

/// Where the first box sits: at the origin and 10 000 km out (f32's spacing there is 1).
const ORIGINS: [DVec2; 2] = [DVec2::ZERO, DVec2::new(1.0e7, -6.0e6)];

/// Every query against parry-f64's, near the origin and 10 000 km out.
#[test]
fn queries_agree_with_parry_near_and_far() {
    assert_queries_agree_with_parry("2D", ORIGINS, [29, 31, 41], pair, best_gap);
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

fn rotation(pos12: &Pose) -> DMat2 {
    let x = DVec2::new(pos12.rotation.re, pos12.rotation.im).normalize();
    DMat2::from_cols(x, x.perp())
}

fn best_gap(c1: &Cuboid, c2: &Cuboid, pos12: &Pose) -> f64 {
    let rot = rotation(pos12);
    [DVec2::X, DVec2::Y, rot.x_axis, rot.y_axis]
        .map(|l| outward_gap(c1, c2, pos12, l))
        .into_iter()
        .fold(f64::NEG_INFINITY, f64::max)
}

#[test]
fn a_micrometre_ten_thousand_kilometres_out() {
    use sat_rapier2d::rapier::parry::query::QueryDispatcher as _;
    let f32_sat = sat_rapier2d::SatDispatcher::default();
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
        assert_tells_the_gap(&pos12, &c1, &c2, gap);
        let narrow =
            |p: &Pose| sat_rapier2d::rapier::math::Pose::new(p.translation.as_vec2(), angle as f32);
        let pos12 = narrow(&pose1).inv_mul(&narrow(&pose2));
        let (c1, c2) = (
            sat_rapier2d::rapier::prelude::Cuboid::new(he1.as_vec2()),
            sat_rapier2d::rapier::prelude::Cuboid::new(he2.as_vec2()),
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
