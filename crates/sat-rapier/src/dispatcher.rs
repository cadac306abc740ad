//! `SatDispatcher`'s queries: cuboid–cuboid intersection, distance, closest points, contact,
//! contact manifolds and shape casts (linear and rotating, `cast.rs`) from sat-core (`contact()`
//! in f64 where clipping cannot certify it), the manifolds and casts of compound shapes walked
//! part by part with the chain deciding each pair of parts, `Err(Unsupported)` for everything
//! else. One source for both dimensions and both precisions:
//! it is compiled in each flavour crate (sat-rapier2d, sat-rapier3d, sat-rapier2d-f64,
//! sat-rapier3d-f64), against that flavour's rapier and `manifold` module.

use crate::cast;
use crate::contacts::{Contacts, MAX_POINTS};
use crate::fallback;
use crate::flavour::Obb;
use crate::manifold;
use crate::precision::Precision;
use rapier::math::{Pose, Real, Vector};
use rapier::parry::query::details::{
    NormalConstraints, cast_shapes_composite_shape_shape,
    cast_shapes_nonlinear_composite_shape_shape, cast_shapes_nonlinear_shape_composite_shape,
    cast_shapes_shape_composite_shape, contact_manifolds_composite_shape_composite_shape,
    contact_manifolds_composite_shape_shape,
};
use rapier::parry::query::{
    ClosestPoints, Contact, ContactManifold, ContactManifoldsWorkspace, DefaultQueryDispatcher,
    NonlinearRigidMotion, PersistentQueryDispatcher, QueryDispatcher, ShapeCastHit,
    ShapeCastOptions, ShapeDistance, ShapeIntersection, TrackedContact, Unsupported,
};
use rapier::parry::shape::{CompositeShape, Cuboid, PackedFeatureId, Shape, ShapeType, TypedShape};

/// A query dispatcher answering cuboid–cuboid queries (rectangle pairs in 2D) with sat-core,
/// `Err(Unsupported)` for every other pair and query: chain it in front of rapier's default
/// dispatcher.
///
/// * `intersection_test`: sat-core's `intersects` (a "disjoint" answer is exact).
/// * `contact`: penetration axis and depth from sat-core's `separation`, witness points from
///   clipping, where those certify themselves ([`CERTIFY_K`](crate::tolerance::CERTIFY_K)`·ε·S`,
///   in f64 [`CERTIFY_K_F64`](crate::tolerance::CERTIFY_K_F64)); every other cuboid pair is
///   answered in f64 (margin over the candidate axes, closest points), never passed on to the
///   next dispatcher (the tests `contact_agrees_with_epa` and `separated_contact_is_the_distance`
///   of the f32 flavours' `tests/all/contact.rs`, and `queries_agree_with_parry_near_and_far` of
///   the f64 flavours' `tests/all/queries.rs`, call the dispatcher alone and fail on a pair
///   passed on). In f32, against parry's GJK/EPA on random penetrating pairs: normals within
///   `1 − cos ≤ 1e-5`, depths and witness points within 1e-4 of boxes of size ~1, except where
///   EPA's own depth contradicts its normal or two axes tie.
/// * `contact_manifolds`: reference-face clipping (3D: up to 4 points, and edge–edge points;
///   2D: reference-edge clipping, up to 2 points), a face preference
///   ([`tolerance`](crate::tolerance)), stable feature ids for warm starting (Box2D's in 2D), the
///   clipped points also beyond the prediction distance (as parry's: rapier makes them
///   speculative contacts when the bodies approach); for every pair within the prediction the
///   closest features' point; where clipping degenerates (corners or edges touching) a rounded
///   contact ([`ROUNDING`](crate::tolerance::ROUNDING)); recomputed on every call (warm-start
///   data follows the feature ids).
/// * Compound shapes (`ColliderBuilder::compound`): parry's walk over the parts with this chain
///   deciding each pair of parts, so cuboid parts get the manifolds above.
/// * `distance`, `closest_points`: sat-core's (`sat_core::distance`), within `DISTANCE_K·ε·S`
///   (f64: `DISTANCE_K_F64·ε·S`) of the exact distance; `Intersecting` at distance 0.
/// * `cast_shapes`, `cast_shapes_nonlinear`: sat-core's linear and rotating casts (never late,
///   "no hit" exact, early by at most `sat_core::cast`'s bound), every `ShapeCastOptions` field
///   honoured; for compound shapes, parry's walk with this chain deciding each pair of parts.
/// * Round cuboids (`ColliderBuilder::round_cuboid`) are not plain cuboids: they pass through
///   to the next dispatcher.
///
/// # Errors
///
/// Every query returns `Err(Unsupported)` for a pair that is not two plain cuboids, so that a
/// chained dispatcher answers it; never for two cuboids with valid input (a shape cast with a
/// non-finite or negative input is `Err(Unsupported)` too).
///
/// # Error bound
///
/// With `S = |t| + |e_A| + |e_B|` of the pair and `ε` the flavour's (`2⁻²³` or `2⁻⁵²`): a
/// "disjoint" intersection test is exact for the pose as given; `contact()` and every manifold
/// point are within [`CONTACT_K`](crate::tolerance::CONTACT_K)`·ε·S` of the exact boxes the pose
/// names ([`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64) in f64); `distance` and
/// `closest_points` within sat-core's `DISTANCE_K·ε·S` (`DISTANCE_K_F64`). Derivations: the book's
/// chapter *The error bound* (`docs/error-bound.md`).
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
/// use rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
/// use rapier::prelude::{Cuboid, NarrowPhase, Pose, Vector};
///
/// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
/// // Two cubes pressed 0.1 into each other along y: the contact is the penetration.
/// let cube = Cuboid::new(Vector::splat(0.5));
/// let pos12 = Pose::from_translation(Vector::Y * 0.9);
/// let contact = d.contact(&pos12, &cube, &cube, 0.0).unwrap().unwrap();
/// assert!((contact.dist + 0.1).abs() < 1e-5 && contact.normal1.y > 0.99);
/// let narrow_phase = NarrowPhase::with_query_dispatcher(d);
/// # drop(narrow_phase);
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct SatDispatcher {}

/// Both shapes as plain cuboids (a round cuboid is not one: it passes through). One virtual
/// call per shape (`as_cuboid` costs two: `as_any`, then the type id).
#[inline]
fn cuboids<'a>(
    g1: &'a dyn Shape,
    g2: &'a dyn Shape,
) -> Result<(&'a Cuboid, &'a Cuboid), Unsupported> {
    match (g1.as_typed_shape(), g2.as_typed_shape()) {
        (TypedShape::Cuboid(c1), TypedShape::Cuboid(c2)) => Ok((c1, c2)),
        _ => Err(Unsupported),
    }
}

/// Both shapes as sat-core boxes in the first one's frame, when both are plain cuboids.
#[inline]
fn local_boxes(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape) -> Result<(Obb, Obb), Unsupported> {
    let (c1, c2) = cuboids(g1, g2)?;
    Ok(manifold::local_boxes(
        pos12,
        c1.half_extents,
        c2.half_extents,
    ))
}

impl QueryDispatcher for SatDispatcher {
    /// sat-core's `intersects`: whether the two cuboids intersect (touching counts).
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` unless both shapes are plain cuboids.
    ///
    /// # Error bound
    ///
    /// A `false` is exact for the boxes the pose names; a `true` is exact unless the boxes are
    /// within sat-core's band (`BAND_K·ε·S`) of touching.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::QueryDispatcher;
    /// use rapier::parry::shape::Ball;
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let (d, cube) = (SatDispatcher::default(), Cuboid::new(Vector::splat(0.5)));
    /// let touching = Pose::from_translation(Vector::X);
    /// assert!(d.intersection_test(&touching, &cube, &cube).unwrap().intersecting);
    /// let apart = Pose::from_translation(Vector::X * 1.001);
    /// assert!(!d.intersection_test(&apart, &cube, &cube).unwrap().intersecting);
    /// assert!(d.intersection_test(&apart, &cube, &Ball::new(0.5)).is_err()); // for the next dispatcher
    /// ```
    fn intersection_test(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Result<ShapeIntersection, Unsupported> {
        local_boxes(pos12, g1, g2).map(|(a, b)| ShapeIntersection::new(a.intersects(&b)))
    }

    /// The box distance (`0` when the cuboids intersect): sat-core's `distance` of the flavour's
    /// boxes.
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` unless both shapes are plain cuboids.
    ///
    /// # Error bound
    ///
    /// Within `DISTANCE_K·ε·S` (f64: `DISTANCE_K_F64·ε·S`) of the exact distance of the boxes the
    /// pose names (`sat_core::distance`).
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::QueryDispatcher;
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let (d, cube) = (SatDispatcher::default(), Cuboid::new(Vector::splat(0.5)));
    /// let pos12 = Pose::from_translation(Vector::X * 1.5);
    /// assert!((d.distance(&pos12, &cube, &cube).unwrap().distance - 0.5).abs() < 1e-6);
    /// ```
    fn distance(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Result<ShapeDistance, Unsupported> {
        let (a, b) = local_boxes(pos12, g1, g2)?;
        Ok(ShapeDistance::new(a.distance(&b)))
    }

    /// The deepest point of the clipped contact on sat-core's minimum-penetration axis (no face
    /// preference), when its witness points are `dist` apart along the normal and `dist` is
    /// within `CERTIFY_K·ε·S` (`CERTIFY_K_F64` in f64) of sat-core's gap (then it is provably
    /// the penetration depth or the distance). Every other cuboid pair (closest features that
    /// are two corners, a corner and an edge, a deep lopsided overlap) is answered in f64
    /// (`fallback.rs`: the margin over the candidate axes, closest points of the boxes or of
    /// their supporting features), never handed to the next dispatcher. `Ok(None)` beyond
    /// `prediction`.
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` unless both shapes are plain cuboids; a cuboid pair is always answered
    /// (see [`SatDispatcher`]).
    ///
    /// # Error bound
    ///
    /// Within [`CONTACT_K`](crate::tolerance::CONTACT_K)`·ε·S` of the exact depth or distance, and
    /// the witness points within that of their boxes' surfaces
    /// ([`CONTACT_K_F64`](crate::tolerance::CONTACT_K_F64) in f64).
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::QueryDispatcher;
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let (d, cube) = (SatDispatcher::default(), Cuboid::new(Vector::splat(0.5)));
    /// let pos12 = Pose::from_translation(Vector::X * 1.2); // 0.2 apart
    /// let c = d.contact(&pos12, &cube, &cube, 0.5).unwrap().unwrap();
    /// assert!((c.dist - 0.2).abs() < 1e-6 && c.normal1.x > 0.99);
    /// assert!(d.contact(&pos12, &cube, &cube, 0.1).unwrap().is_none()); // beyond the prediction
    /// ```
    fn contact(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
    ) -> Result<Option<Contact>, Unsupported> {
        let (c1, c2) = cuboids(g1, g2)?;
        let Some(contacts) =
            manifold::box_box(pos12, c1.half_extents, c2.half_extents, prediction, false)
        else {
            return Ok(None);
        };
        // Certified when the witness points are `dist` apart along the normal (an edge–edge
        // point clamped to an edge's end is not) and `dist` is sat-core's gap, a lower bound of
        // the distance (so nothing is closer) and, when negative, the penetration depth.
        let tol = Real::CERTIFY * Real::EPSILON * contacts.scale;
        let certified = contacts
            .points()
            .iter()
            .min_by(|p, q| p.dist.total_cmp(&q.dist))
            .filter(|deepest| {
                let offset = pos12 * deepest.p2 - deepest.p1 - contacts.normal1 * deepest.dist;
                (deepest.dist - contacts.gap).abs() <= tol && offset.length() <= tol
            });
        if let Some(deepest) = certified {
            return Ok(Some(Contact::new(
                deepest.p1,
                deepest.p2,
                contacts.normal1,
                contacts.normal2,
                deepest.dist,
            )));
        }
        Ok(
            fallback::contact(pos12, c1.half_extents, c2.half_extents, prediction)
                .map(|c| Contact::new(c.p1, c.p2, c.normal1, c.normal2, c.dist)),
        )
    }

    /// The closest points (sat-core's `closest_points` of the flavour's boxes): `Intersecting`
    /// when the cuboids intersect (distance `0`), `Disjoint` beyond `max_dist`, else the two
    /// points, each in its own shape's frame (as parry gives them).
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` unless both shapes are plain cuboids.
    ///
    /// # Error bound
    ///
    /// Each point within `DISTANCE_K·ε·S` of its box, and the points that close to the exact
    /// distance apart (`DISTANCE_K_F64` in f64).
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::{ClosestPoints, QueryDispatcher};
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let (d, cube) = (SatDispatcher::default(), Cuboid::new(Vector::splat(0.5)));
    /// let pos12 = Pose::from_translation(Vector::X * 1.5);
    /// let points = d.closest_points(&pos12, &cube, &cube, 1.0).unwrap();
    /// let ClosestPoints::WithinMargin(p1, p2) = points else {
    ///     panic!("0.5 apart, within 1.0");
    /// };
    /// assert!((p1.x - 0.5).abs() < 1e-6 && (p2.x + 0.5).abs() < 1e-6); // each in its own frame
    /// ```
    fn closest_points(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        max_dist: Real,
    ) -> Result<ClosestPoints, Unsupported> {
        let (a, b) = local_boxes(pos12, g1, g2)?;
        let c = a.closest_points(&b);
        Ok(if c.distance == 0.0 {
            ClosestPoints::Intersecting
        } else if c.distance > max_dist {
            ClosestPoints::Disjoint
        } else {
            // `a` is the first shape at the origin of its own frame: its point is in place.
            ClosestPoints::WithinMargin(c.a, pos12.inverse_transform_point(c.b))
        })
    }

    /// When the second cuboid, moving with `local_vel12` in the first one's frame, first touches
    /// the first (or comes within `options.target_distance` of it): sat-core's linear cast
    /// ([`sat_core::cast`]), answered for every cuboid pair and filled as parry fills it
    /// (witnesses and normals in each shape's frame at the time of impact, status `Converged`,
    /// `OutOfIterations` or `PenetratingOrWithinTargetDist`). Every [`ShapeCastOptions`] field
    /// counts: `max_time_of_impact` (a later contact is no hit), `target_distance`,
    /// `stop_at_penetration` (without it, a start inside or within the target distance whose
    /// velocity separates along the contact normal is no hit) and
    /// `compute_impact_geometry_on_penetration` (the witnesses and normals of a start inside are
    /// [`contact`](Self::contact)'s). A compound shape on either side is walked part by part
    /// (parry's walk) with this dispatcher chained in front of parry's, so cuboid parts are cast
    /// here too.
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` unless both shapes are plain cuboids or one is a compound; for a pose,
    /// velocity or option sat-core refuses (not finite, `max_time_of_impact` or
    /// `target_distance` negative, a velocity component non-zero below `MIN_MAGNITUDE` or above
    /// `MAX_MAGNITUDE`).
    ///
    /// # Error bound
    ///
    /// With `S' = |t| + max_toi·|v| + |e_A| + |e_B| + δ` (`max_toi` capped at the time the
    /// second box has passed the first for good): "no hit" is exact and a hit is never late, for
    /// the boxes the pose names; at the returned time the boxes' margin is at most
    /// `CAST_K·ε·S'` (target distance `0`) or their distance at most `δ + CAST_DISTANCE_K·ε·S'`
    /// (f64 flavours: `CAST_K_F64`, `CAST_DISTANCE_K_F64`; `sat_core::cast`, "The bound").
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher, ShapeCastOptions};
    /// use rapier::parry::query::ShapeCastStatus;
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let d = SatDispatcher::default().chain(DefaultQueryDispatcher);
    /// let cube = Cuboid::new(Vector::splat(0.5));
    /// // 3 apart, closing at 1 per second: the faces meet after 2 s.
    /// let pos12 = Pose::from_translation(Vector::X * 3.0);
    /// let options = ShapeCastOptions::with_max_time_of_impact(10.0);
    /// let hit = d.cast_shapes(&pos12, -Vector::X, &cube, &cube, options).unwrap().unwrap();
    /// // Never late, early by at most the bound (here `CAST_K·ε·S'`, S' = 3 + 10 + 2·0.87).
    /// assert!(hit.time_of_impact <= 2.0 && hit.time_of_impact > 2.0 - 1e-4);
    /// assert_eq!(hit.status, ShapeCastStatus::Converged);
    /// assert!(hit.normal1.x > 0.99 && hit.normal2.x < -0.99);
    /// assert!((hit.witness1.x - 0.5).abs() < 1e-4 && (hit.witness2.x + 0.5).abs() < 1e-4);
    /// // Sliding past along y: no hit.
    /// assert!(d.cast_shapes(&pos12, Vector::Y, &cube, &cube, options).unwrap().is_none());
    /// ```
    fn cast_shapes(
        &self,
        pos12: &Pose,
        local_vel12: Vector,
        g1: &dyn Shape,
        g2: &dyn Shape,
        options: ShapeCastOptions,
    ) -> Result<Option<ShapeCastHit>, Unsupported> {
        if let Ok((c1, c2)) = cuboids(g1, g2) {
            return cast::cast_cuboids(pos12, local_vel12, c1, c2, options, || {
                self.contact(pos12, g1, g2, Real::MAX).ok().flatten()
            });
        }
        let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
        match (compound(g1), compound(g2)) {
            (Some(a), _) => Ok(cast_shapes_composite_shape_shape(
                &chain,
                pos12,
                local_vel12,
                a,
                g2,
                options,
            )),
            (None, Some(b)) => Ok(cast_shapes_shape_composite_shape(
                &chain,
                pos12,
                local_vel12,
                g1,
                b,
                options,
            )),
            _ => Err(Unsupported),
        }
    }

    /// When two cuboids, each turning about a moving pivot ([`NonlinearRigidMotion`]), first
    /// touch within `[start_time, end_time]`: sat-core's rotating cast (conservative advancement
    /// over its bounded distance, [`sat_core::cast`]), answered for every cuboid pair; each step
    /// is a proven lower bound of the time to contact, so a contact is never stepped over (parry
    /// issue #317). Witnesses and normals in each shape's frame at the time of impact; status
    /// `Converged`, `OutOfIterations` (the time reached, still never late) or
    /// `PenetratingOrWithinTargetDist` (touching at `start_time`). Without
    /// `stop_at_penetration`, a start inside whose contact point's relative velocity does not
    /// close along the normal is no hit. Compound shapes are walked part by part as for
    /// [`cast_shapes`](Self::cast_shapes).
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` unless both shapes are plain cuboids or one is a compound; for times,
    /// poses or motions sat-core refuses (not finite, `end_time − start_time` above
    /// `MAX_MAGNITUDE`, a component non-zero below `MIN_MAGNITUDE`).
    ///
    /// # Error bound
    ///
    /// With `S' = |t| + (end − start)·μ + |e_A| + |e_B|` (`μ` the largest relative point speed):
    /// "no hit" is exact and a hit is never late (up to the rounding of `start_time + toi`), and
    /// at the returned time the boxes are at most `CAST_DISTANCE_K·ε·S'` apart
    /// (`CAST_DISTANCE_K_F64` in f64), unless the status is `OutOfIterations`.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::{NonlinearRigidMotion, QueryDispatcher};
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let cube = Cuboid::new(Vector::splat(0.5));
    /// let still = NonlinearRigidMotion::identity();
    /// // The second cube starts 3 away and slides back at 1 per second (no turn).
    /// let mut moving = NonlinearRigidMotion::identity();
    /// moving.start = Pose::from_translation(Vector::X * 3.0);
    /// moving.linvel = -Vector::X;
    /// let hit = SatDispatcher::default()
    ///     .cast_shapes_nonlinear(&still, &cube, &moving, &cube, 0.0, 5.0, true)
    ///     .unwrap()
    ///     .unwrap();
    /// assert!(hit.time_of_impact <= 2.0 && hit.time_of_impact > 2.0 - 1e-4);
    /// ```
    fn cast_shapes_nonlinear(
        &self,
        motion1: &NonlinearRigidMotion,
        g1: &dyn Shape,
        motion2: &NonlinearRigidMotion,
        g2: &dyn Shape,
        start_time: Real,
        end_time: Real,
        stop_at_penetration: bool,
    ) -> Result<Option<ShapeCastHit>, Unsupported> {
        if let Ok((c1, c2)) = cuboids(g1, g2) {
            return cast::cast_cuboids_nonlinear(
                motion1,
                c1,
                motion2,
                c2,
                start_time,
                end_time,
                stop_at_penetration,
            );
        }
        let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
        match (compound(g1), compound(g2)) {
            (Some(a), _) => Ok(cast_shapes_nonlinear_composite_shape_shape(
                &chain,
                motion1,
                a,
                motion2,
                g2,
                start_time,
                end_time,
                stop_at_penetration,
            )),
            (None, Some(b)) => Ok(cast_shapes_nonlinear_shape_composite_shape(
                &chain,
                motion1,
                g1,
                motion2,
                b,
                start_time,
                end_time,
                stop_at_penetration,
            )),
            _ => Err(Unsupported),
        }
    }
}

/// The shape as a compound (`SharedShape::compound`), whose parts this dispatcher's chain
/// decides (parry's default dispatcher would recurse into itself).
fn compound(g: &dyn Shape) -> Option<&(dyn CompositeShape + Sync)> {
    (g.shape_type() == ShapeType::Compound)
        .then(|| g.as_composite_shape())
        .flatten()
}

impl<ManifoldData, ContactData> PersistentQueryDispatcher<ManifoldData, ContactData>
    for SatDispatcher
where
    ManifoldData: Default + Clone + Send + Sync,
    ContactData: Default + Copy + Send + Sync,
{
    /// One manifold for a cuboid pair (see [`SatDispatcher`]). For a compound shape
    /// (`SharedShape::compound`) on one or both sides and a plain shape (not a triangle mesh,
    /// height field or voxels) or compound on the other: parry's own composite walk
    /// (`contact_manifolds_composite_shape_shape` and `_composite_shape_composite_shape`, one
    /// manifold per pair of parts with rapier's sub-shape ids, the workspace parry's default
    /// dispatcher would keep), but with `SatDispatcher.chain(DefaultQueryDispatcher)` deciding
    /// each pair of parts, so cuboid parts get sat-core's manifolds. parry's default dispatcher
    /// recurses into itself, so without this no cuboid inside a compound would reach a chained
    /// dispatcher.
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` for a pair that is neither two plain cuboids nor a compound against a
    /// plain shape or a compound (triangle meshes, height fields and voxels go to the chained
    /// dispatcher).
    ///
    /// # Error bound
    ///
    /// Every point of a cuboid pair within [`CONTACT_K`](crate::tolerance::CONTACT_K)`·ε·S` of both
    /// boxes' surfaces, its `dist` within that of the gap along the normal.
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::{ContactManifold, PersistentQueryDispatcher};
    /// use rapier::prelude::{Cuboid, Pose, Real, Vector};
    ///
    /// // A cube resting on a bigger one: a full face of contact points.
    /// let (small, big) = (Cuboid::new(Vector::splat(0.5)), Cuboid::new(Vector::splat(2.0)));
    /// let pos12 = Pose::from_translation(Vector::Y * 2.5);
    /// let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
    /// SatDispatcher::default()
    ///     .contact_manifolds(&pos12, &big, &small, 0.02, &mut manifolds, &mut None)
    ///     .unwrap();
    /// let dim = size_of::<Vector>() / size_of::<Real>();
    /// assert_eq!(manifolds[0].points.len(), if dim == 3 { 4 } else { 2 });
    /// assert!(manifolds[0].local_n1.y > 0.99);
    /// ```
    fn contact_manifolds(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
        manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
        workspace: &mut Option<ContactManifoldsWorkspace>,
    ) -> Result<(), Unsupported> {
        if let Ok((c1, c2)) = cuboids(g1, g2) {
            if manifolds.is_empty() {
                manifolds.push(ContactManifold::new());
            }
            update_manifold(pos12, c1, c2, prediction, &mut manifolds[0]);
            return Ok(());
        }
        let plain = |g: &dyn Shape| {
            g.as_composite_shape().is_none()
                && !matches!(
                    g.shape_type(),
                    ShapeType::TriMesh | ShapeType::HeightField | ShapeType::Voxels
                )
        };
        let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
        match (compound(g1), compound(g2)) {
            (Some(a), Some(b)) => contact_manifolds_composite_shape_composite_shape(
                &chain, pos12, a, b, prediction, manifolds, workspace,
            ),
            (Some(a), None) if plain(g2) => contact_manifolds_composite_shape_shape(
                &chain, pos12, a, g2, prediction, manifolds, workspace, false,
            ),
            (None, Some(b)) if plain(g1) => contact_manifolds_composite_shape_shape(
                &chain,
                &pos12.inverse(),
                b,
                g1,
                prediction,
                manifolds,
                workspace,
                true,
            ),
            _ => return Err(Unsupported),
        }
        Ok(())
    }

    /// The cuboid pair's manifold (as [`contact_manifolds`](Self::contact_manifolds)).
    ///
    /// # Errors
    ///
    /// `Err(Unsupported)` for other pairs and under normal constraints (those belong to triangle
    /// meshes, which parry handles).
    ///
    /// # Error bound
    ///
    /// As [`contact_manifolds`](Self::contact_manifolds).
    ///
    /// # Examples
    ///
    /// ```
    #[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
    /// use rapier::parry::query::{ContactManifold, PersistentQueryDispatcher};
    /// use rapier::prelude::{Cuboid, Pose, Vector};
    ///
    /// let cube = Cuboid::new(Vector::splat(0.5));
    /// let pos12 = Pose::from_translation(Vector::Y * 0.99); // 1 cm deep
    /// let mut manifold = ContactManifold::<(), ()>::new();
    /// SatDispatcher::default()
    ///     .contact_manifold_convex_convex(&pos12, &cube, &cube, None, None, 0.02, &mut manifold)
    ///     .unwrap();
    /// assert!(manifold.points.iter().all(|p| (p.dist + 0.01).abs() < 1e-5));
    /// ```
    fn contact_manifold_convex_convex(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        normal_constraints1: Option<&dyn NormalConstraints>,
        normal_constraints2: Option<&dyn NormalConstraints>,
        prediction: Real,
        manifold: &mut ContactManifold<ManifoldData, ContactData>,
    ) -> Result<(), Unsupported> {
        if normal_constraints1.is_some() || normal_constraints2.is_some() {
            return Err(Unsupported);
        }
        let (c1, c2) = cuboids(g1, g2)?;
        update_manifold(pos12, c1, c2, prediction, manifold);
        Ok(())
    }
}

/// Computes the points at the new pose on every call and carries each old point's solver data
/// (its warm-start impulses) over to the new point with the same feature ids. Cached points are
/// never reused as they were: parry's `try_update_contacts` (normal within 1°, points within an
/// absolute 1e-3 tangentially, no sign change of any distance) keeps points that are no longer
/// right — past the prediction distance after the boxes moved apart, for any motion of boxes
/// smaller than a millimetre, and with the old side's normal after a thin box moved through the
/// other (found by the `manifold2`/`manifold3` fuzz targets).
fn update_manifold<ManifoldData, ContactData: Default + Copy>(
    pos12: &Pose,
    c1: &Cuboid,
    c2: &Cuboid,
    prediction: Real,
    manifold: &mut ContactManifold<ManifoldData, ContactData>,
) {
    let (he1, he2) = (c1.half_extents, c2.half_extents);
    let Some(mut contacts) = manifold::box_box(pos12, he1, he2, prediction, true) else {
        manifold.clear();
        return;
    };
    // Every pair within the prediction needs a point, and touching or penetrating boxes one
    // with `dist ≤ 0`. A face preferred to the best axis can clip to nothing (a degenerate box's
    // zero-width face, a corner poking past the face's side), and so can the best axis of two
    // degenerate boxes (a segment through a plate), or a pair touching within rounding of `S`
    // whose rounded contact has no direction: then the best axis (penetrating pairs), then the
    // f64 contact as a single point (found by the `manifold2`/`manifold3` fuzz targets).
    // "Penetrating" here: sat-core's gap below `−PENETRATING·ε·S` (24 in f32: beyond its error
    // `SEPARATION_K + PAD_K = 22`), so every pair overlapping by more than the band (`48·ε·S`)
    // is caught and touching pairs whose points are a rounding above zero are left alone.
    let touching = |c: &Contacts| c.points().iter().any(|p| p.dist <= 0.0);
    let penetrating = contacts.gap < -Real::PENETRATING * Real::EPSILON * contacts.scale;
    if contacts.len == 0 || penetrating && !touching(&contacts) {
        if let Some(unbiased) = manifold::box_box(pos12, he1, he2, prediction, false)
            .filter(|c| penetrating && touching(c))
        {
            contacts = unbiased;
        } else if let Some(c) = fallback::contact(pos12, he1, he2, prediction) {
            let mut p = TrackedContact::new(
                c.p1,
                c.p2,
                PackedFeatureId::UNKNOWN,
                PackedFeatureId::UNKNOWN,
                c.dist,
            );
            if let Some(old) = manifold.points.iter().find(|old| {
                old.fid1 == PackedFeatureId::UNKNOWN && old.fid2 == PackedFeatureId::UNKNOWN
            }) {
                p.data = old.data;
            }
            manifold.points.clear();
            manifold.points.push(p);
            manifold.local_n1 = c.normal1;
            manifold.local_n2 = c.normal2;
            return;
        }
    }
    let (selected, len) = manifold::reduce(&contacts, prediction);
    manifold.local_n1 = contacts.normal1;
    manifold.local_n2 = contacts.normal2;
    // The same feature ids in the same order (a resting pair recomputed): the
    // points are updated in place, their solver data untouched.
    let in_place = len == manifold.points.len()
        && selected[..len]
            .iter()
            .zip(&manifold.points)
            .all(|(&k, old)| {
                let p = &contacts.points[k];
                old.fid1 == p.fid1 && old.fid2 == p.fid2
            });
    if in_place {
        for (&k, old) in selected[..len].iter().zip(manifold.points.iter_mut()) {
            let p = &contacts.points[k];
            old.local_p1 = p.p1;
            old.local_p2 = p.p2;
            old.dist = p.dist;
        }
        return;
    }
    let fresh: [Option<TrackedContact<ContactData>>; MAX_POINTS] = core::array::from_fn(|k| {
        let p = contacts.points[*selected.get(k).filter(|_| k < len)?];
        let mut tracked = TrackedContact::new(p.p1, p.p2, p.fid1, p.fid2, p.dist);
        if let Some(old) = manifold
            .points
            .iter()
            .find(|old| old.fid1 == p.fid1 && old.fid2 == p.fid2)
        {
            tracked.data = old.data;
        }
        Some(tracked)
    });
    manifold.points.clear();
    for tracked in fresh.into_iter().flatten() {
        manifold.points.push(tracked);
    }
}
