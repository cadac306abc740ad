//! A parry finding (`docs/findings.md`, §8): `DefaultQueryDispatcher::contact()` on a box resting
//! on rapier's usual ground cuboid (half-extents 200 × 0.1 × 200, top at `y = 0`, as in
//! `stacks3` and `domino3`) says the pair is apart while the box penetrates the ground; the
//! chain `SatDispatcher::default().chain(DefaultQueryDispatcher)` answers the exact depth.

use rapier3d::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
use rapier3d::prelude::*;
use sat_core::exact::{ExactBox3, verdict3};
use sat_rapier3d::SatDispatcher;
use sat_rapier3d::tolerance::CONTACT_K;

/// Boxes resting on the ground, found by a seeded sweep of random resting poses (the box's lowest
/// point sunk up to 2 cm into the ground, anywhere on it): half-extents, centre and rotation
/// `(x, y, z, w)`. A cube near the ground's edge and one of `domino3`'s dominoes.
const RESTING: [([f32; 3], [f32; 3], [f32; 4]); 2] = [
    (
        [1.0, 1.0, 1.0],
        [179.81233, 1.076491, -17.395235],
        [0.030726925, 0.02977393, 0.016532337, 0.9989475],
    ),
    (
        [0.1, 2.0, 1.0],
        [-102.66527, 2.010059, 118.06761],
        [0.09150717, -0.3545657, -0.3074888, -0.87827116],
    ),
];

#[test]
fn parry_contact_of_a_box_resting_on_a_wide_thin_ground_is_a_peer_finding() {
    let ground = Cuboid::new(Vector::new(200.0, 0.1, 200.0));
    let pos1 = Pose::from_translation(Vector::new(0.0, -0.1, 0.0));
    let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
    for (he, centre, quat) in RESTING {
        let cuboid = Cuboid::new(Vector::from(he));
        let pos2 = Pose::from_parts(Vector::from(centre), Rotation::from_array(quat));
        let pos12 = pos1.inv_mul(&pos2);
        let exact = verdict3(
            &ExactBox3::from_quat([0.0; 3], [200.0, 0.1, 200.0], [0.0, 0.0, 0.0, 1.0]),
            &ExactBox3::from_quat(
                pos12.translation.to_array().map(f64::from),
                he.map(f64::from),
                pos12.rotation.to_array().map(f64::from),
            ),
        );
        assert!(exact.intersects && exact.margin < -1e-3, "{exact:?}");
        let bound = f64::from(CONTACT_K) * f64::from(f32::EPSILON) * exact.scale;
        // parry: apart (dist > 0) by more than the box penetrates.
        let theirs = DefaultQueryDispatcher
            .contact(&pos12, &ground, &cuboid, 0.0)
            .unwrap()
            .expect("parry answers");
        println!(
            "box {he:?} at {centre:?}: exact depth {:.4e}, parry's dist {:.4e} (normal {:?})",
            -exact.margin, theirs.dist, theirs.normal1
        );
        assert!(theirs.dist > 0.0, "parry says apart: {theirs:?}");
        assert!(f64::from(theirs.dist) - exact.margin > 2.0 * -exact.margin);
        // The chain: the exact depth within its bound.
        let ours = chain
            .contact(&pos12, &ground, &cuboid, 0.0)
            .unwrap()
            .expect("the chain answers");
        assert!(
            (f64::from(ours.dist) - exact.margin).abs() <= bound,
            "{ours:?} vs {exact:?}"
        );
    }
}
