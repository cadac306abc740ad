//! sat-core in rapier3d-f64 (double precision): [`SatContactFilter`] (a physics hook) and
//! [`SatDispatcher`] (a query dispatcher) for cuboid–cuboid pairs, and [`obb`] /
//! [`obb_from_pose`], the sat-core f64 box ([`DObb3`]) of a cuboid collider or of a parry cuboid
//! placed by a pose. The same names and the same sources as the f32 module `dim3`, compiled
//! against rapier3d-f64, whose positions, vectors and rotations are glam's `DVec3` and `DQuat`.
//!
//! The tolerances counted in `ε·S` use f64's `ε`; the contacts of the pairs clipping cannot
//! certify are within [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64)`·ε·S` (see
//! [`tolerance`](crate::tolerance)).
//!
//! [`rapier`] re-exports the `rapier3d-f64` this module is built against.

pub use rapier3d_f64 as rapier;

use sat_core::DObb3;

crate::flavour::flavour! { DObb3, "manifold3.rs", "fallback3.rs";
    /// A contact-pair filter: drops cuboid–cuboid pairs that sat-core proves farther apart than the
    /// prediction distance plus both contact skins plus one step's motion, and cuboid sensor pairs
    /// it proves disjoint; every other decision is rapier's body-type rule and the wrapped hooks
    /// `H` (see [`with_inner`](Self::with_inner) for the order). The f64 twin of the f32 module's
    /// filter, with the same costs: rapier stops recycling the contacts of hooked pairs.
    ///
    /// ```
    /// use sat_rapier::dim3_f64::rapier::prelude::*;
    /// use sat_rapier::dim3_f64::SatContactFilter;
    ///
    /// let hooks = SatContactFilter::new();
    /// let mut bodies = RigidBodySet::new();
    /// let mut colliders = ColliderSet::new();
    /// // A site 5000 km from the origin: f32 would place the cube to within half a metre.
    /// let site = Vector::new(5.0e6, 0.0, -5.0e6);
    /// let ground = ColliderBuilder::cuboid(10.0, 0.5, 10.0)
    ///     .translation(site - Vector::Y * 0.5)
    ///     .active_hooks(SatContactFilter::ACTIVE_HOOKS);
    /// colliders.insert(ground);
    /// let body = bodies.insert(RigidBodyBuilder::dynamic().translation(site + Vector::Y * 0.6));
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
    /// let rest = bodies[body].translation() - site;
    /// assert!((rest.y - 0.5).abs() < 0.01 && rest.x.abs() < 0.01); // resting on the ground
    /// ```
    SatContactFilter;

    /// A query dispatcher answering cuboid–cuboid queries with sat-core's f64 boxes,
    /// `Err(Unsupported)` for every other pair and query: chain it in front of rapier's default
    /// dispatcher. The f64 twin of the f32 module's dispatcher, with the same queries and rules:
    ///
    /// * `intersection_test`: sat-core's `intersects` (a "disjoint" answer is exact).
    /// * `contact`: axis and depth from sat-core's `separation`, witness points from clipping,
    ///   where those certify themselves ([`CERTIFY_K_F64`](crate::tolerance::CERTIFY_K_F64)`·ε·S`);
    ///   every other cuboid pair by the f64 fallback, within
    ///   [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64)`·ε·S`.
    /// * `contact_manifolds`: reference-face clipping (up to 4 points), edge–edge points, a face
    ///   preference ([`tolerance`](crate::tolerance)), stable feature ids for warm starting.
    /// * Compound shapes: parry's walk over the parts with this chain deciding each pair of parts.
    /// * `distance`, `closest_points`: sat-core's f64 ones (`DObb3::distance`), within
    ///   `DISTANCE_K_F64·ε·S` of the exact distance; `Intersecting` at distance 0.
    /// * Round cuboids pass through to the next dispatcher.
    ///
    /// ```
    /// use sat_rapier::dim3_f64::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
    /// use sat_rapier::dim3_f64::rapier::prelude::*;
    /// use sat_rapier::dim3_f64::SatDispatcher;
    ///
    /// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    ///
    /// // Two cubes 10 000 km out, a micrometre apart along x (in f32 both would round to the same
    /// // metre), then pressed 1 µm into each other.
    /// let cube = Cuboid::new(Vector::splat(0.5));
    /// let pose1 = Pose::translation(1.0e7, 2.0, -3.0);
    /// let apart = pose1.inv_mul(&Pose::translation(1.0e7 + 1.0 + 1e-6, 2.0, -3.0));
    /// assert!(!d.intersection_test(&apart, &cube, &cube).unwrap().intersecting);
    /// let pressed = pose1.inv_mul(&Pose::translation(1.0e7 + 1.0 - 1e-6, 2.0, -3.0));
    /// let contact = d.contact(&pressed, &cube, &cube, 0.0).unwrap().unwrap();
    /// assert!((contact.dist + 1e-6).abs() < 1e-8 && contact.normal1.x > 0.999);
    /// let narrow_phase = NarrowPhase::with_query_dispatcher(d);
    /// # drop(narrow_phase);
    /// ```
    SatDispatcher;

    /// The world-space box of a cuboid collider (its [`position`](Collider::position) and
    /// half-extents) as a sat-core [`DObb3`]; `None` for every other shape, round cuboids included.
    /// See [`obb_from_pose`] for how the box is built.
    ///
    /// ```
    /// use sat_rapier::dim3_f64::obb;
    /// use sat_rapier::dim3_f64::rapier::prelude::*;
    ///
    /// // Two containers on a ship 8000 km from the origin, 0.1 mm apart.
    /// let at =
    ///     |x: f64| ColliderBuilder::cuboid(6.0, 1.3, 1.2).translation(Vector::new(x, 8.0e6, 0.0));
    /// let (a, b) = (obb(&at(0.0).build()).unwrap(), obb(&at(12.0001).build()).unwrap());
    /// assert!(!a.intersects(&b));
    /// assert!(a.intersects(&obb(&at(11.9999).build()).unwrap()));
    /// assert!(obb(&ColliderBuilder::ball(0.5).build()).is_none());
    /// ```
    obb;

    /// `cuboid` placed by `pose` (parry's shape-to-world transform, as a collider's position or a
    /// query's shape pose) as a sat-core [`DObb3`]: centre `pose.translation`, the cuboid's
    /// half-extents, and axes from the pose's quaternion normalised and turned into a matrix in f64
    /// — the box [`SatDispatcher`] builds for a pair's second shape. Like sat-core's fast
    /// constructors it assumes finite values within [`MAX_MAGNITUDE`](sat_core::MAX_MAGNITUDE) (f64
    /// boxes keep f32's range); anything else gives an unspecified verdict, never a panic.
    ///
    /// ```
    /// use sat_rapier::dim3_f64::obb_from_pose;
    /// use sat_rapier::dim3_f64::rapier::prelude::*;
    ///
    /// let plank = Cuboid::new(Vector::new(2.0, 0.1, 0.5));
    /// let tilted = Pose::new(Vector::new(3.0e6, 1.0, 0.0), Vector::new(0.0, 0.0, 0.3));
    /// let b = obb_from_pose(&tilted, &plank);
    /// assert_eq!((b.center(), b.half_extents()), (tilted.translation, plank.half_extents));
    /// ```
    obb_from_pose;
}
