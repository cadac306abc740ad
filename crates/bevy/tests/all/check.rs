//! Whether a dispatcher answers cuboid pairs exactly as `SatDispatcher` does.

use crate::bevy_rapier::rapier::geometry::{ContactData, ContactManifoldData};
use crate::bevy_rapier::rapier::math::{Pose, Real, Rotation, Vector};
use crate::bevy_rapier::rapier::parry::query::{DefaultQueryDispatcher, PersistentQueryDispatcher};
use crate::bevy_rapier::rapier::parry::shape::{Cuboid, Shape};
use crate::bevy_sat_rapier::SatDispatcher;

/// What a rapier context's narrow phase holds (`RapierContextSimulation::query_dispatcher`).
pub type Dispatcher<'a> = dyn PersistentQueryDispatcher<ContactManifoldData, ContactData> + 'a;

/// The prediction distance of the queries below (rapier's default).
const PREDICTION: Real = 0.02;

/// splitmix64: seeded, so that a failure replays.
struct Rng(u64);

impl Rng {
    fn uniform(&mut self, low: Real, high: Real) -> Real {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        low + (high - low) * ((z >> 40) as Real / (1u64 << 24) as Real)
    }

    fn vector(&mut self, low: Real, high: Real) -> Vector {
        #[cfg(feature = "dim2")]
        return Vector::new(self.uniform(low, high), self.uniform(low, high));
        #[cfg(feature = "dim3")]
        return Vector::new(
            self.uniform(low, high),
            self.uniform(low, high),
            self.uniform(low, high),
        );
    }

    fn rotation(&mut self) -> Rotation {
        #[cfg(feature = "dim2")]
        return Rotation::new(self.uniform(-3.2, 3.2));
        #[cfg(feature = "dim3")]
        return Rotation::from_scaled_axis(self.vector(-1.8, 1.8));
    }
}

/// `count` seeded cuboid pairs, half-extents 0.1–1.2, the second placed within 1.5 of the first
/// along each axis and turned at random: most touch, penetrate or lie within reach.
pub fn cuboid_pairs(count: usize) -> Vec<(Pose, Cuboid, Cuboid)> {
    let mut rng = Rng(32);
    (0..count)
        .map(|_| {
            let c1 = Cuboid::new(rng.vector(0.1, 1.2));
            let c2 = Cuboid::new(rng.vector(0.1, 1.2));
            let pos12 = Pose::from_parts(rng.vector(-1.5, 1.5), rng.rotation());
            (pos12, c1, c2)
        })
        .collect()
}

/// Every answer of `dispatcher` for the pair, written out exactly (`Debug` prints each float so
/// that it reads back to the same bits): contact manifolds, intersection, contact, distance,
/// closest points.
pub fn answers(
    dispatcher: &Dispatcher<'_>,
    pos12: &Pose,
    g1: &dyn Shape,
    g2: &dyn Shape,
) -> String {
    let (mut manifolds, mut workspace) = (Vec::new(), None);
    let computed =
        dispatcher.contact_manifolds(pos12, g1, g2, PREDICTION, &mut manifolds, &mut workspace);
    format!(
        "{computed:?} {manifolds:?} {:?} {:?} {:?} {:?}",
        dispatcher.intersection_test(pos12, g1, g2),
        dispatcher.contact(pos12, g1, g2, PREDICTION),
        dispatcher.distance(pos12, g1, g2),
        dispatcher.closest_points(pos12, g1, g2, 1.0),
    )
}

/// Asserts that `dispatcher` answers 200 seeded cuboid pairs exactly as `SatDispatcher` does, and
/// that this could fail: parry's default dispatcher answers some of them differently.
pub fn assert_answers_as_sat_dispatcher(dispatcher: &Dispatcher<'_>, context: &str) {
    let mut differ = 0;
    for (pos12, c1, c2) in cuboid_pairs(200) {
        let answer = answers(dispatcher, &pos12, &c1, &c2);
        let sat = answers(&SatDispatcher::default(), &pos12, &c1, &c2);
        assert_eq!(answer, sat, "{context}: {pos12:?} {c1:?} {c2:?}");
        differ += usize::from(answer != answers(&DefaultQueryDispatcher, &pos12, &c1, &c2));
    }
    assert!(differ > 0, "parry's dispatcher answers like SatDispatcher");
}
