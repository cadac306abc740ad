//! sat-core in rapier2d-f64 (double precision): [`SatContactFilter`] (a physics hook) and
//! [`SatDispatcher`] (a query dispatcher) for cuboid–cuboid (rectangle) pairs, and [`obb`] /
//! [`obb_from_pose`], the sat-core f64 rectangle ([`DObb2`]) of a cuboid collider or of a parry
//! cuboid placed by a pose. The same names and the same sources as the f32 module `dim2`,
//! compiled against rapier2d-f64, whose positions and vectors are glam's `DVec2`.
//!
//! The tolerances counted in `ε·S` use f64's `ε`; the contacts of the pairs clipping cannot
//! certify are within [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64)`·ε·S` (see
//! [`tolerance`](crate::tolerance)).
//!
//! [`rapier`] re-exports the `rapier2d-f64` this module is built against.

pub use rapier2d_f64 as rapier;

use sat_core::DObb2;

crate::flavour::flavour! { DObb2, "manifold2.rs", "fallback2.rs";
    /// A contact-pair filter: drops rectangle pairs that sat-core proves farther apart than the
    /// prediction distance plus both contact skins plus one step's motion, and rectangle sensor
    /// pairs it proves disjoint; every other decision is rapier's body-type rule and the wrapped
    /// hooks `H` (see [`with_inner`](Self::with_inner) for the order). The f64 twin of the f32
    /// module's filter, with the same costs: rapier stops recycling the contacts of hooked pairs.
    ///
    /// ```
    /// use sat_rapier::dim2_f64::rapier::prelude::*;
    /// use sat_rapier::dim2_f64::SatContactFilter;
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

    /// A query dispatcher answering rectangle–rectangle queries with sat-core's f64 rectangles,
    /// `Err(Unsupported)` for every other pair and query: chain it in front of rapier's default
    /// dispatcher. The f64 twin of the f32 module's dispatcher, with the same queries and rules:
    ///
    /// * `intersection_test`: sat-core's `intersects` (a "disjoint" answer is exact).
    /// * `contact`: axis and depth from sat-core's `separation`, witness points from clipping,
    ///   where those certify themselves ([`CERTIFY_K_F64`](crate::tolerance::CERTIFY_K_F64)`·ε·S`);
    ///   every other rectangle pair by the f64 fallback, within
    ///   [`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64)`·ε·S`.
    /// * `contact_manifolds`: reference-edge clipping (up to 2 points), a face preference
    ///   ([`tolerance`](crate::tolerance)), Box2D's feature ids for warm starting.
    /// * Compound shapes: parry's walk over the parts with this chain deciding each pair of parts.
    /// * `distance`, `closest_points`: sat-core's f64 ones (`DObb2::distance`), within
    ///   `DISTANCE_K_F64·ε·S` of the exact distance; `Intersecting` at distance 0.
    /// * Round cuboids pass through to the next dispatcher.
    ///
    /// ```
    /// use sat_rapier::dim2_f64::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
    /// use sat_rapier::dim2_f64::rapier::prelude::*;
    /// use sat_rapier::dim2_f64::SatDispatcher;
    ///
    /// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    /// let footprint = Cuboid::new(Vector::new(2.0, 1.0));
    /// // Two footprints 10 000 km out, a micrometre apart along x.
    /// let pose1 = Pose::translation(1.0e7, -4.0e6);
    /// let pos12 = pose1.inv_mul(&Pose::translation(1.0e7 + 4.0 + 1e-6, -4.0e6));
    /// assert!(!d.intersection_test(&pos12, &footprint, &footprint).unwrap().intersecting);
    /// let narrow_phase = NarrowPhase::with_query_dispatcher(d);
    /// # drop(narrow_phase);
    /// ```
    SatDispatcher;

    /// The world-space rectangle of a cuboid collider (its [`position`](Collider::position) and
    /// half-extents) as a sat-core [`DObb2`]; `None` for every other shape, round cuboids included.
    /// See [`obb_from_pose`] for how the rectangle is built.
    ///
    /// ```
    /// use sat_rapier::dim2_f64::obb;
    /// use sat_rapier::dim2_f64::rapier::prelude::*;
    ///
    /// // Two parcels 8000 km from the origin, 0.1 mm apart.
    /// let at = |x: f64| ColliderBuilder::cuboid(6.0, 1.3).translation(Vector::new(x, 8.0e6));
    /// let (a, b) = (obb(&at(0.0).build()).unwrap(), obb(&at(12.0001).build()).unwrap());
    /// assert!(!a.intersects(&b));
    /// assert!(a.intersects(&obb(&at(11.9999).build()).unwrap()));
    /// assert!(obb(&ColliderBuilder::ball(0.5).build()).is_none());
    /// ```
    obb;

    /// `cuboid` placed by `pose` (parry's shape-to-world transform, as a collider's position or a
    /// query's shape pose) as a sat-core [`DObb2`]: centre `pose.translation`, the cuboid's
    /// half-extents, and axes from the pose's `(cos, sin)` normalised in f64 — the rectangle
    /// [`SatDispatcher`] builds for a pair's second shape. Like sat-core's fast constructors it
    /// assumes finite values within [`MAX_MAGNITUDE`](sat_core::MAX_MAGNITUDE) (f64 boxes keep
    /// f32's range); anything else gives an unspecified verdict, never a panic.
    ///
    /// ```
    /// use sat_rapier::dim2_f64::obb_from_pose;
    /// use sat_rapier::dim2_f64::rapier::prelude::*;
    ///
    /// let plank = Cuboid::new(Vector::new(2.0, 0.1));
    /// let tilted = Pose::new(Vector::new(3.0e6, 1.0), 0.3);
    /// let b = obb_from_pose(&tilted, &plank);
    /// assert_eq!((b.center(), b.half_extents()), (tilted.translation, plank.half_extents));
    /// ```
    obb_from_pose;
}
