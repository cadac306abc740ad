//! sat-core in rapier3d: [`SatContactFilter`] (a physics hook) and [`SatDispatcher`] (a query
//! dispatcher) for cuboid–cuboid pairs, and [`obb`] / [`obb_from_pose`], the sat-core box of a
//! cuboid collider or of a parry cuboid placed by a pose, for queries of your own.
//!
//! [`rapier`] re-exports the `rapier3d` this module is built against.

pub use rapier3d as rapier;

use sat_core::Obb3;

crate::flavour::flavour! { Obb3, "manifold3.rs", "fallback3.rs";
    /// A contact-pair filter: drops cuboid–cuboid pairs that sat-core proves farther apart than the
    /// prediction distance plus both contact skins plus one step's motion, and cuboid sensor pairs
    /// it proves disjoint; every other decision is rapier's body-type rule and the wrapped hooks
    /// `H` (see [`with_inner`](Self::with_inner) for the order).
    ///
    /// rapier calls it only for colliders with [`ACTIVE_HOOKS`](Self::ACTIVE_HOOKS), and stops
    /// recycling the contacts of such pairs: every awake pair is recomputed every step, which on a
    /// resting pile costs several times the default narrow phase (see `benches/rapier_scenes.rs`).
    /// Worth it only where a contact hook is needed anyway; never culls a pair rapier would give a
    /// contact, a speculative contact or a continuous-collision sweep.
    ///
    /// ```
    /// use sat_rapier::dim3::rapier::prelude::*;
    /// use sat_rapier::dim3::SatContactFilter;
    ///
    /// let hooks = SatContactFilter::new();
    /// let mut bodies = RigidBodySet::new();
    /// let mut colliders = ColliderSet::new();
    /// let ground = ColliderBuilder::cuboid(10.0, 0.5, 10.0)
    ///     .translation(Vector::new(0.0, -0.5, 0.0))
    ///     .active_hooks(SatContactFilter::ACTIVE_HOOKS);
    /// colliders.insert(ground);
    /// let body =
    ///     bodies.insert(RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 0.6, 0.0)));
    /// let cube =
    ///     ColliderBuilder::cuboid(0.5, 0.5, 0.5).active_hooks(SatContactFilter::ACTIVE_HOOKS);
    /// colliders.insert_with_parent(cube, body, &mut bodies);
    ///
    /// let (mut pipeline, params) = (PhysicsPipeline::new(), IntegrationParameters::default());
    /// let (mut islands, mut broad_phase) = (IslandManager::new(), DefaultBroadPhase::new());
    /// let (mut narrow_phase, mut soft_bodies) = (NarrowPhase::new(), SoftBodySet::new());
    /// let (mut joints, mut multibody_joints) = (ImpulseJointSet::new(), MultibodyJointSet::new());
    /// let mut ccd = CCDSolver::new();
    /// for _ in 0..120 {
    ///     pipeline.step(Vector::new(0.0, -9.81, 0.0), &params, &mut islands, &mut broad_phase,
    ///         &mut narrow_phase, &mut bodies, &mut colliders, &mut joints, &mut multibody_joints,
    ///         &mut soft_bodies, &mut ccd, &hooks, &());
    /// }
    /// assert!((bodies[body].translation().y - 0.5).abs() < 0.01); // resting on the ground
    /// ```
    SatContactFilter;

    /// A query dispatcher answering cuboid–cuboid queries with sat-core, `Err(Unsupported)` for
    /// every other pair and query: chain it in front of rapier's default dispatcher.
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
    /// * `contact_manifolds`: reference-face clipping (up to 4 points), edge–edge points, a face
    ///   preference ([`tolerance`](crate::tolerance)), stable feature ids for warm starting, the
    ///   clipped points also beyond the prediction distance (as parry's: rapier makes them
    ///   speculative contacts when the bodies approach); for every pair within the prediction the
    ///   closest features' point; where clipping degenerates (corners or edges touching) a rounded
    ///   contact ([`ROUNDING`](crate::tolerance::ROUNDING)); computed on every call (a box resting
    ///   flat within a face keeps its reference face, [`KEEP_COS`](crate::tolerance::KEEP_COS);
    ///   warm-start data follows the feature ids).
    /// * Compound shapes (`ColliderBuilder::compound`): parry's walk over the parts with this chain
    ///   deciding each pair of parts, so cuboid parts get the manifolds above.
    /// * `distance`, `closest_points`: sat-core's (`sat_core::distance`), within `DISTANCE_K·ε·S`
    ///   of the exact distance; `Intersecting` at distance 0.
    /// * Round cuboids (`ColliderBuilder::round_cuboid`) are not plain cuboids: they pass through
    ///   to the next dispatcher.
    ///
    /// ```
    /// use sat_rapier::dim3::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
    /// use sat_rapier::dim3::rapier::prelude::*;
    /// use sat_rapier::dim3::SatDispatcher;
    ///
    /// let narrow_phase =
    ///     NarrowPhase::with_query_dispatcher(
    ///         SatDispatcher::default().chain(DefaultQueryDispatcher),
    ///     );
    ///
    /// // The query pipeline uses the same dispatcher.
    /// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    /// let cube = Cuboid::new(Vector::splat(0.5));
    /// let pos12 = Pose::new(Vector::new(0.0, 0.9, 0.0), Vector::new(0.0, 0.3, 0.0));
    /// let contact = d.contact(&pos12, &cube, &cube, 0.0).unwrap().unwrap();
    /// assert!(contact.dist < 0.0 && contact.normal1.y > 0.99);
    /// # drop(narrow_phase);
    /// ```
    SatDispatcher;

    /// The world-space box of a cuboid collider (its [`position`](Collider::position) and
    /// half-extents) as a sat-core [`Obb3`]; `None` for every other shape, round cuboids included
    /// (a rounded box is not a box). See [`obb_from_pose`] for how the box is built.
    ///
    /// ```
    /// use sat_rapier::dim3::obb;
    /// use sat_rapier::dim3::rapier::prelude::*;
    ///
    /// let crate_box = ColliderBuilder::cuboid(1.0, 0.5, 0.5).build();
    /// let forklift = ColliderBuilder::cuboid(0.5, 0.5, 0.5)
    ///     .translation(Vector::new(1.4, 0.0, 0.2))
    ///     .rotation(Vector::new(0.0, 0.4, 0.0)) // 0.4 rad about y
    ///     .build();
    /// let (a, b) = (obb(&crate_box).unwrap(), obb(&forklift).unwrap());
    /// assert!(a.intersects(&b));
    /// assert!(a.separation(&b).gap < 0.0); // penetration depth along the returned axis
    ///
    /// assert!(obb(&ColliderBuilder::ball(0.5).build()).is_none());
    /// assert!(obb(&ColliderBuilder::round_cuboid(1.0, 0.5, 0.5, 0.1).build()).is_none());
    /// ```
    obb;

    /// `cuboid` placed by `pose` (parry's shape-to-world transform, as a collider's position or a
    /// query's shape pose) as a sat-core [`Obb3`]: centre `pose.translation`, the cuboid's
    /// half-extents, and axes from the pose's rotation normalised and turned into a matrix in f64,
    /// rounded once — the box [`SatDispatcher`] builds for a pair's second shape, so each axis is
    /// within one unit roundoff of the rotation the pose names and sat-core's error bound holds for
    /// the box the pose describes. Like sat-core's fast constructors it assumes finite values
    /// within [`MAX_MAGNITUDE`](sat_core::MAX_MAGNITUDE); anything else gives an unspecified
    /// verdict, never a panic.
    ///
    /// ```
    /// use sat_rapier::dim3::obb_from_pose;
    /// use sat_rapier::dim3::rapier::prelude::*;
    ///
    /// let floor = obb_from_pose(&Pose::IDENTITY, &Cuboid::new(Vector::new(10.0, 0.5, 10.0)));
    /// let plank = Cuboid::new(Vector::new(2.0, 0.1, 0.5));
    /// // Its underside at 0.9, the floor's top at 0.5.
    /// let level = Pose::translation(0.0, 1.0, 0.0);
    /// assert!(!floor.intersects(&obb_from_pose(&level, &plank)));
    /// // Tilted 0.3 rad about z, its low end reaches 1 − 2·sin 0.3 − 0.1·cos 0.3 ≈ 0.31.
    /// let tilted = Pose::new(Vector::new(0.0, 1.0, 0.0), Vector::new(0.0, 0.0, 0.3));
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
    use glam::DVec3;
    use rapier3d::prelude::*;

    /// A vector of `next`'s values.
    pub(super) fn vector(next: &mut impl FnMut() -> f32) -> Vector {
        Vector::new(next(), next(), next())
    }

    /// `n` poses turned about every axis (up to about π) with centres up to 1000 from the origin.
    pub(super) fn poses(n: usize, seed: u64) -> Vec<Pose> {
        let mut next = uniform(seed);
        (0..n)
            .map(|_| Pose::new(vector(&mut next) * 1000.0, vector(&mut next) * 1.8))
            .collect()
    }

    #[test]
    fn obb_corners_are_the_colliders_corners() {
        let mut next = uniform(7);
        for pose in poses(500, 1) {
            let he = vector(&mut next).abs() * 10.0;
            let collider = ColliderBuilder::cuboid(he.x, he.y, he.z)
                .position(pose)
                .build();
            let b = obb(&collider).expect("a cuboid collider");
            assert_eq!((b.center(), b.half_extents()), (pose.translation, he));
            // The corner `pose · (±he)` in f64 from the pose's own quaternion, against the same
            // corner of sat-core's box: a swapped, transposed or unrotated axis is off by ~|he|.
            let q = pose.rotation.as_dquat().normalize();
            let (c, axes) = (b.center().as_dvec3(), b.axes().as_dmat3());
            let tolerance = 4.0 * f64::from(f32::EPSILON) * f64::from(he.length());
            for k in 0..8 {
                let side = |bit: usize| if k >> bit & 1 == 1 { 1.0 } else { -1.0 };
                let local = DVec3::new(side(0), side(1), side(2)) * he.as_dvec3();
                let expected = c + q * local;
                let got = c + axes * local;
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
        let body_pose = Pose::new(Vector::new(3.0, -2.0, 5.0), Vector::new(0.0, 0.7, 0.0));
        let body = bodies.insert(RigidBodyBuilder::dynamic().pose(body_pose));
        let offset = Pose::new(Vector::new(1.0, 0.0, 0.0), Vector::new(0.2, 0.0, 0.0));
        let collider = ColliderBuilder::cuboid(0.5, 0.25, 1.0).position(offset);
        let handle = colliders.insert_with_parent(collider, body, &mut bodies);
        let b = obb(&colliders[handle]).expect("a cuboid collider");
        let world = body_pose * offset;
        assert!((b.center() - world.translation).length() < 1e-5, "{b:?}");
        let expected = glam::Mat3::from_quat(world.rotation);
        assert!(b.axes().abs_diff_eq(expected, 1e-6), "{b:?}");
    }
}

// The tests both dimensions share, against this module's items.
#[cfg(test)]
#[allow(clippy::duplicate_mod)]
#[path = "dim_tests.rs"]
mod shared_tests;
