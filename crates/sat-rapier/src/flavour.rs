//! The body of a flavour module (`dim2`, `dim3`, `dim2_f64`, `dim3_f64`): [`flavour!`] expands
//! the same public items (`SatContactFilter`, `SatDispatcher`, `obb`, `obb_from_pose`) and the
//! shared sources (`dispatcher.rs`, `filter.rs`, `manifold.rs`, `fallback.rs`, the dimension's
//! `manifold_dim` and `fallback_dim`) in each, against the `rapier` the module re-exports. The
//! module passes in what differs: its box type, its dimension's sources, and the documentation
//! of each public item (its examples name the module's own path and types).

/// Expands a flavour module's items. `dim3.rs`, which has `pub use rapier3d as rapier;` and
/// imports its box type, calls
/// `flavour! { Obb3, "manifold3.rs", "fallback3.rs"; <the items> }`, the items being each public
/// item's name after its documentation. The dispatcher's distance queries are sat-core's own
/// (`distance`, `closest_points`) in both precisions.
macro_rules! flavour {
    (
        $obb:ident, $manifold:literal, $fallback:literal;
        $(#[$filter_doc:meta])* SatContactFilter;
        $(#[$dispatcher_doc:meta])* SatDispatcher;
        $(#[$obb_doc:meta])* obb;
        $(#[$obb_from_pose_doc:meta])* obb_from_pose;
    ) => {
        use self::rapier::geometry::Collider;
        use self::rapier::math::{Pose, Real, Vector};
        use self::rapier::parry::shape::Cuboid;

        /// The box type the shared sources build.
        type Obb = $obb;

        // One source for both dimensions and both precisions, compiled once against each
        // rapier: the duplicate is the point.
        #[allow(clippy::duplicate_mod)]
        #[path = "dispatcher.rs"]
        mod dispatcher;
        #[allow(clippy::duplicate_mod)]
        #[path = "fallback.rs"]
        mod fallback;
        #[allow(clippy::duplicate_mod)]
        #[path = $fallback]
        mod fallback_dim;
        #[allow(clippy::duplicate_mod)]
        #[path = "filter.rs"]
        mod filter;
        #[allow(clippy::duplicate_mod)]
        #[path = "manifold.rs"]
        mod manifold;
        #[allow(clippy::duplicate_mod)]
        #[path = $manifold]
        mod manifold_dim;

        $(#[$filter_doc])*
        #[derive(Clone, Debug)]
        pub struct SatContactFilter<H = ()> {
            inner: H,
            prediction_distance: Real,
            dt: Real,
        }

        $(#[$dispatcher_doc])*
        #[derive(Clone, Copy, Debug, Default)]
        #[non_exhaustive]
        pub struct SatDispatcher {}

        /// The dispatcher's distance of two boxes: sat-core's.
        #[inline]
        fn distance(a: &Obb, b: &Obb) -> Real {
            a.distance(b)
        }

        /// The dispatcher's closest points of two boxes: sat-core's.
        #[inline]
        fn closest_points(a: &Obb, b: &Obb) -> sat_core::ClosestPoints<Vector, Real> {
            a.closest_points(b)
        }

        $(#[$obb_doc])*
        pub fn obb(collider: &Collider) -> Option<$obb> {
            let cuboid = collider.shape().as_cuboid()?;
            Some(obb_from_pose(collider.position(), cuboid))
        }

        $(#[$obb_from_pose_doc])*
        pub fn obb_from_pose(pose: &Pose, cuboid: &Cuboid) -> $obb {
            // The dispatcher's own construction of a pair's boxes, with the world as the first
            // box's frame: one routine, so these boxes and the dispatcher's cannot drift apart.
            let (_, placed) = manifold::local_boxes(pose, Vector::ZERO, cuboid.half_extents);
            placed
        }
    };
}

pub(crate) use flavour;
