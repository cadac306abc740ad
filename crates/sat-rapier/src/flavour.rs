//! The body of a flavour module (`dim2`, `dim3`, `dim2_f64`, `dim3_f64`): [`flavour!`] expands
//! the same public items (`SatContactFilter`, `SatDispatcher`, `obb`, `obb_from_pose`) and the
//! shared sources (`dispatcher.rs`, `filter.rs`, the dimension's `manifold` and `fallback`) in
//! each, against the `rapier` the module re-exports. The module passes in what differs: its box
//! type, its dimension's sources, where its distances come from, and the documentation of each
//! public item (its examples name the module's own path and types).

/// Expands a flavour module's items. `dim3.rs`, which has `pub use rapier3d as rapier;` and
/// imports its box type, calls
/// `flavour! { Obb3, "manifold3.rs", "fallback3.rs", distance: sat_core; <the items> }`, the
/// items being each public item's name after its documentation. `distance: sat_core` answers the
/// dispatcher's distance queries with sat-core's own (f32 boxes); `distance: fallback` with
/// sat-core's `intersects` and the fallback contact's closest points in f64 (sat-core's distance
/// queries are f32 only).
macro_rules! flavour {
    (
        $obb:ident, $manifold:literal, $fallback:literal, distance: $distance:ident;
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
        #[path = $fallback]
        mod fallback;
        #[allow(clippy::duplicate_mod)]
        #[path = "filter.rs"]
        mod filter;
        #[allow(clippy::duplicate_mod)]
        #[path = $manifold]
        mod manifold;

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

        $crate::flavour::box_distance!($distance);

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

/// The dispatcher's `distance` and `closest_points` of two boxes (see [`flavour!`]).
macro_rules! box_distance {
    (sat_core) => {
        /// The dispatcher's distance of two boxes: sat-core's.
        #[inline]
        fn distance(a: &Obb, b: &Obb) -> Real {
            a.distance(b)
        }

        /// The dispatcher's closest points of two boxes: sat-core's.
        #[inline]
        fn closest_points(a: &Obb, b: &Obb) -> sat_core::ClosestPoints<Vector> {
            a.closest_points(b)
        }
    };
    (fallback) => {
        /// A distance and a pair of points at that distance, on the first box and the second
        /// (as `sat_core::ClosestPoints`, which is f32 only).
        struct ClosestPoints {
            distance: Real,
            a: Vector,
            b: Vector,
        }

        /// The dispatcher's distance of two boxes (see [`closest_points`]).
        #[inline]
        fn distance(a: &Obb, b: &Obb) -> Real {
            closest_points(a, b).distance
        }

        /// The dispatcher's closest points of two boxes (sat-core's distance queries are f32
        /// only): `0` (both points the first box's centre, which the dispatcher does not use)
        /// when sat-core's `intersects` says they meet, which is exact for a "disjoint" answer
        /// and otherwise leaves them within sat-core's pad of touching; else the nearest of every
        /// corner of each box against the other box and of every edge pair, in f64 (the fallback
        /// contact's closest points).
        fn closest_points(a: &Obb, b: &Obb) -> ClosestPoints {
            if a.intersects(b) {
                let c = a.center();
                return ClosestPoints {
                    distance: 0.0,
                    a: c,
                    b: c,
                };
            }
            let boxed = |o: &Obb| fallback::WideBox {
                c: o.center(),
                r: o.axes(),
                h: o.half_extents(),
            };
            let (p, q) = fallback::closest(&boxed(a), &boxed(b));
            ClosestPoints {
                distance: (q - p).length(),
                a: p,
                b: q,
            }
        }
    };
}

pub(crate) use {box_distance, flavour};
