//! sat-core in rapier2d: [`SatContactFilter`] (a physics hook) and [`SatDispatcher`] (a query
//! dispatcher) for cuboid–cuboid (rectangle) pairs, and [`obb`] / [`obb_from_pose`], the
//! sat-core rectangle of a cuboid collider or of a parry cuboid placed by a pose, for queries of
//! your own.
//!
//! [`rapier`] re-exports the `rapier2d` this module is built against.

pub use rapier2d as rapier;

use sat_core::Obb2;

crate::flavour::flavour! { Obb2, "manifold2.rs", "fallback2.rs";
    /// A contact-pair filter: drops rectangle pairs that sat-core proves farther apart than the
    /// prediction distance plus both contact skins plus one step's motion, and rectangle sensor
    /// pairs it proves disjoint; every other decision is rapier's body-type rule and the wrapped
    /// hooks `H` (see [`with_inner`](Self::with_inner) for the order).
    ///
    /// rapier calls it only for colliders with [`ACTIVE_HOOKS`](Self::ACTIVE_HOOKS), and stops
    /// recycling the contacts of such pairs: every awake pair is recomputed every step, which on a
    /// resting pile costs several times the default narrow phase (see `benches/rapier_scenes.rs`).
    /// Worth it only where a contact hook is needed anyway; never culls a pair rapier would give a
    /// contact, a speculative contact or a continuous-collision sweep.
    ///
    /// ```
    /// use sat_rapier::dim2::rapier::prelude::*;
    /// use sat_rapier::dim2::SatContactFilter;
    ///
    /// struct Log; // a user's own hooks keep running inside the filter
    /// impl PhysicsHooks for Log {}
    ///
    /// let params = IntegrationParameters::default();
    /// let hooks = SatContactFilter::with_inner(Log).for_parameters(&params);
    /// assert_eq!(hooks.prediction_distance(), params.prediction_distance());
    /// let platform =
    ///     ColliderBuilder::cuboid(4.0, 0.5).active_hooks(SatContactFilter::ACTIVE_HOOKS);
    /// # drop(platform);
    /// ```
    SatContactFilter;

    /// A query dispatcher answering rectangle–rectangle queries with sat-core, `Err(Unsupported)`
    /// for every other pair and query: chain it in front of rapier's default dispatcher.
    ///
    /// * `intersection_test`: sat-core's `intersects` (a "disjoint" answer is exact).
    /// * `contact`: penetration axis and depth from sat-core's `separation`, witness points from
    ///   clipping, where those certify themselves ([`CERTIFY_K`](crate::tolerance::CERTIFY_K));
    ///   every other cuboid pair is answered in f64 (margin over the candidate axes, closest
    ///   points), never passed on: the depth or distance is within
    ///   [`CONTACT_K`](crate::tolerance::CONTACT_K)`·ε·S` of the exact one. Against parry's GJK/EPA
    ///   on random penetrating pairs (`tests/rapier/contact.rs`): normals within `1 − cos ≤ 1e-5`,
    ///   depths and witness points within 1e-4 of boxes of size ~1, except where EPA's own depth
    ///   contradicts its normal or two axes tie.
    /// * `contact_manifolds`: reference-edge clipping (up to 2 points), a face preference
    ///   ([`tolerance`](crate::tolerance)), Box2D's feature ids for warm starting, the clipped
    ///   points also beyond the prediction distance (as parry's: rapier makes them speculative
    ///   contacts when the bodies approach); for every pair within the prediction the
    ///   closest features' point; where clipping degenerates (corners or edges touching) a rounded
    ///   contact ([`ROUNDING`](crate::tolerance::ROUNDING)); computed on every call (a box resting
    ///   flat within a face keeps its reference face, [`KEEP_COS`](crate::tolerance::KEEP_COS);
    ///   warm-start data follows the feature ids).
    /// * Compound shapes (`ColliderBuilder::compound`): parry's walk over the parts with this chain
    ///   deciding each pair of parts, so cuboid parts get the manifolds above.
    /// * `distance`, `closest_points`: sat-core's (`sat_core::distance`), within `DISTANCE_K·ε·S`
    ///   of the exact distance; `Intersecting` at distance 0.
    /// * Round cuboids pass through to the next dispatcher.
    ///
    /// ```
    /// use sat_rapier::dim2::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
    /// use sat_rapier::dim2::rapier::prelude::*;
    /// use sat_rapier::dim2::SatDispatcher;
    ///
    /// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    /// let footprint = Cuboid::new(Vector::new(2.0, 1.0));
    /// let pos12 = Pose::new(Vector::new(3.9, 0.0), 0.5);
    /// assert!(d.intersection_test(&pos12, &footprint, &footprint).unwrap().intersecting);
    /// let narrow_phase = NarrowPhase::with_query_dispatcher(d);
    /// # drop(narrow_phase);
    /// ```
    SatDispatcher;

    /// The world-space rectangle of a cuboid collider (its [`position`](Collider::position) and
    /// half-extents) as a sat-core [`Obb2`]; `None` for every other shape, round cuboids included
    /// (a rounded box is not a box). See [`obb_from_pose`] for how the rectangle is built.
    ///
    /// ```
    /// use sat_rapier::dim2::obb;
    /// use sat_rapier::dim2::rapier::prelude::*;
    ///
    /// let building =
    ///     ColliderBuilder::cuboid(4.0, 2.0).translation(Vector::new(14.0, 3.0)).build();
    /// let road = ColliderBuilder::cuboid(8.0, 0.5).rotation(0.3).build(); // 0.3 rad
    /// let (a, b) = (obb(&building).unwrap(), obb(&road).unwrap());
    /// assert!(!a.intersects(&b));
    /// assert!(a.separation(&b).gap > 0.0); // apart by at least this along the returned axis
    ///
    /// assert!(obb(&ColliderBuilder::ball(0.5).build()).is_none());
    /// assert!(obb(&ColliderBuilder::round_cuboid(4.0, 2.0, 0.1).build()).is_none());
    /// ```
    obb;

    /// `cuboid` placed by `pose` (parry's shape-to-world transform, as a collider's position or a
    /// query's shape pose) as a sat-core [`Obb2`]: centre `pose.translation`, the cuboid's
    /// half-extents, and axes from the pose's `(cos, sin)` normalised in f64, rounded once — the
    /// rectangle [`SatDispatcher`] builds for a pair's second shape, so each axis is within one
    /// unit roundoff of the rotation the pose names and sat-core's error bound holds for the
    /// rectangle the pose describes. Like sat-core's fast constructors it assumes finite values
    /// within [`MAX_MAGNITUDE`](sat_core::MAX_MAGNITUDE); anything else gives an unspecified
    /// verdict, never a panic.
    ///
    /// ```
    /// use sat_rapier::dim2::obb_from_pose;
    /// use sat_rapier::dim2::rapier::prelude::*;
    ///
    /// let floor = obb_from_pose(&Pose::IDENTITY, &Cuboid::new(Vector::new(10.0, 0.5)));
    /// let plank = Cuboid::new(Vector::new(2.0, 0.1));
    /// let level = Pose::translation(0.0, 1.0); // its underside at 0.9, the floor's top at 0.5
    /// assert!(!floor.intersects(&obb_from_pose(&level, &plank)));
    /// // Tilted 0.3 rad, its low end reaches 1 − 2·sin 0.3 − 0.1·cos 0.3 ≈ 0.31.
    /// let tilted = Pose::new(Vector::new(0.0, 1.0), 0.3);
    /// let b = obb_from_pose(&tilted, &plank);
    /// assert!(floor.intersects(&b));
    /// assert_eq!((b.center(), b.half_extents()), (tilted.translation, plank.half_extents));
    /// ```
    obb_from_pose;
}

#[cfg(test)]
mod tests {
    use super::obb;
    use crate::test_values::uniform;
    use glam::{DVec2, Mat2};
    use rapier2d::prelude::*;

    /// A vector of `next`'s values.
    pub(super) fn vector(next: &mut impl FnMut() -> f32) -> Vector {
        Vector::new(next(), next())
    }

    /// `n` poses at any angle with centres up to 1000 from the origin.
    pub(super) fn poses(n: usize, seed: u64) -> Vec<Pose> {
        let mut next = uniform(seed);
        (0..n)
            .map(|_| Pose::new(vector(&mut next) * 1000.0, next() * 3.2))
            .collect()
    }

    #[test]
    fn obb_corners_are_the_colliders_corners() {
        let mut next = uniform(7);
        for pose in poses(500, 1) {
            let he = vector(&mut next).abs() * 10.0;
            let collider = ColliderBuilder::cuboid(he.x, he.y).position(pose).build();
            let b = obb(&collider).expect("a cuboid collider");
            assert_eq!((b.center(), b.half_extents()), (pose.translation, he));
            // The corner `pose · (±he)` in f64 from the pose's own (cos, sin), against the same
            // corner of sat-core's rectangle: a swapped, transposed or unrotated axis is off by
            // ~|he|.
            let (re, im) = (f64::from(pose.rotation.re), f64::from(pose.rotation.im));
            let (cos, sin) = (re / re.hypot(im), im / re.hypot(im));
            let (c, axes) = (b.center().as_dvec2(), b.axes().as_dmat2());
            let tolerance = 4.0 * f64::from(f32::EPSILON) * f64::from(he.length());
            for k in 0..4 {
                let side = |bit: usize| if k >> bit & 1 == 1 { 1.0 } else { -1.0 };
                let local = DVec2::new(side(0), side(1)) * he.as_dvec2();
                let turned =
                    DVec2::new(cos * local.x - sin * local.y, sin * local.x + cos * local.y);
                let (expected, got) = (c + turned, c + axes * local);
                assert!(
                    (got - expected).length() <= tolerance,
                    "{pose:?} {he}: corner {k} at {got}, expected {expected}"
                );
            }
        }
    }

    #[test]
    fn obb_is_the_world_box_of_a_collider_on_a_body() {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let body_pose = Pose::new(Vector::new(3.0, -2.0), 0.7);
        let body = bodies.insert(RigidBodyBuilder::dynamic().pose(body_pose));
        let offset = Pose::new(Vector::new(1.0, 0.0), 0.2);
        let collider = ColliderBuilder::cuboid(0.5, 0.25).position(offset);
        let handle = colliders.insert_with_parent(collider, body, &mut bodies);
        let b = obb(&colliders[handle]).expect("a cuboid collider");
        let world = body_pose * offset;
        assert!((b.center() - world.translation).length() < 1e-5, "{b:?}");
        let expected = Mat2::from_angle(0.9);
        assert!(b.axes().abs_diff_eq(expected, 1e-6), "{b:?}");
    }
}

// The tests both dimensions share, against this module's items.
#[cfg(test)]
#[allow(clippy::duplicate_mod)]
#[path = "dim_tests.rs"]
mod shared_tests;
