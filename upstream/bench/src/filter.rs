//! `GeometricSatFilter`: sat-rapier's contact filter rewritten for the patched rapier
//! (`upstream/patches/`). Same verdicts as `sat_rapier3d::SatContactFilter` (rapier's
//! body-type rule, then cuboid pairs that sat-core proves farther apart than the prediction
//! distance plus both contact skins plus one step's motion are dropped; its colliders leave
//! sensor pairs to the intersection test, see `ACTIVE_HOOKS`), using the three changes:
//!
//! 1. its colliders declare `ActiveHooks::GEOMETRIC_FILTERS`, so rapier keeps recycling their
//!    pairs (the verdict is a function of the shapes, body types and relative pose; a dropped
//!    pair has no contact within the prediction distance plus the skins);
//! 2. it implements `filter_contact_pair_with_geometry`, given both colliders, both bodies and
//!    `pos12`: no set lookups, no pose composition;
//! 3. the worlds that use it turn on `IntegrationParameters::separation_aware_contact_recycling`
//!    (done by the bench, not here), so a dropped pair stays dropped while it drifts less than
//!    its separation allows.
//!
//! Algorithm, for a pair of plain cuboids, with `d₀` the prediction distance plus both skins and
//! `d` that plus how far any point of either box can move in one step (`dt·(|v| + |ω|·r)` per
//! body, so that CCD, which asks the hook too, never loses a pair the step can close):
//!
//! 1. inscribed balls within `d₀` (`|t| ≤ min(e₁) + min(e₂) + d₀`): keep;
//! 2. bounding balls apart by more than `d`: drop;
//! 3. otherwise drop iff sat-core's `intersects_with_margin(d / 2)` is `false` (exact: the boxes
//!    are farther apart than `d`).
//!
//! It belongs in sat-rapier behind a feature once rapier ships the API; until then it lives here,
//! so that the main workspace never compiles against the patched rapier.

/// Calls of the broad-phase filter (the not-kept alternative to patch 3) that dropped (`[0]`)
/// and kept (`[1]`) a pair, over the process.
#[cfg(feature = "not-kept-broad-phase")]
pub static BROAD_PHASE_CALLS: [std::sync::atomic::AtomicUsize; 2] =
    [const { std::sync::atomic::AtomicUsize::new(0) }; 2];

macro_rules! geometric_filter {
    ($module:ident, $sat_rapier:ident, $angular_speed:expr) => {
        /// The filter for this dimension's rapier.
        pub mod $module {
            use $sat_rapier::obb_from_pose;
            use $sat_rapier::rapier::dynamics::{IntegrationParameters, RigidBody, RigidBodyType};
            use $sat_rapier::rapier::geometry::{Collider, Cuboid, TypedShape};
            use $sat_rapier::rapier::math::{Pose, Real};
            use $sat_rapier::rapier::pipeline::{
                ActiveHooks, PairFilterContext, PairGeometry, PhysicsHooks,
            };
            use $sat_rapier::rapier::prelude::SolverFlags;

            /// sat-rapier's contact filter on the patched rapier's hook API (see the module).
            #[derive(Clone, Debug)]
            pub struct GeometricSatFilter {
                prediction_distance: Real,
                dt: Real,
            }

            impl Default for GeometricSatFilter {
                fn default() -> Self {
                    Self::for_parameters(&IntegrationParameters::default())
                }
            }

            impl GeometricSatFilter {
                /// The hooks its colliders set: the contact filter, declared geometric. Not the
                /// intersection filter: sensor pairs are never recycled, and for a cuboid pair
                /// the filter's exact verdict costs what the intersection test it would save
                /// costs (with `SatDispatcher`, it is the same test), so it only adds a call.
                pub const ACTIVE_HOOKS: ActiveHooks =
                    ActiveHooks::FILTER_CONTACT_PAIRS.union(ActiveHooks::GEOMETRIC_FILTERS);

                /// A filter for the pipeline's parameters (prediction distance, time step).
                pub fn for_parameters(params: &IntegrationParameters) -> Self {
                    GeometricSatFilter {
                        prediction_distance: params.prediction_distance().max(0.0),
                        dt: params.dt.max(0.0),
                    }
                }

                /// Whether two plain cuboids, the second placed by `pos12` in the first's
                /// frame, are provably farther apart than `near + extra()`.
                fn apart(
                    pos12: &Pose,
                    (c1, c2): (&Cuboid, &Cuboid),
                    near: Real,
                    extra: impl FnOnce() -> Real,
                ) -> bool {
                    let (he1, he2) = (c1.half_extents, c2.half_extents);
                    let distance2 = pos12.translation.length_squared();
                    let inscribed = he1.min_element() + he2.min_element() + near;
                    if distance2 <= inscribed * inscribed {
                        return false;
                    }
                    let reach = near + extra();
                    let bounding = he1.length() + he2.length() + reach;
                    if distance2 > bounding * bounding {
                        return true;
                    }
                    let a = obb_from_pose(&Pose::IDENTITY, c1);
                    let b = obb_from_pose(pos12, c2);
                    !a.intersects_with_margin(&b, reach * 0.5)
                }
            }

            fn cuboids<'a>(pair: &PairGeometry<'a>) -> Option<(&'a Cuboid, &'a Cuboid)> {
                let cuboid = |co: &'a Collider| match co.shape().as_typed_shape() {
                    TypedShape::Cuboid(c) => Some(c),
                    _ => None,
                };
                Some((cuboid(pair.collider1)?, cuboid(pair.collider2)?))
            }

            /// rapier's body-type rule (no contacts between two non-dynamic bodies unless a
            /// collider's `ActiveCollisionTypes` allows them), as `SatContactFilter` applies it.
            fn body_types_allow(pair: &PairGeometry) -> bool {
                let body_type =
                    |rb: Option<&RigidBody>| rb.map_or(RigidBodyType::Fixed, |rb| rb.body_type());
                let (t1, t2) = (body_type(pair.rigid_body1), body_type(pair.rigid_body2));
                pair.collider1.active_collision_types().test(t1, t2)
                    || pair.collider2.active_collision_types().test(t1, t2)
            }

            /// How far any point of `co` (half-extent norm `reach`) moves in `dt`.
            fn motion_bound(rb: Option<&RigidBody>, co: &Collider, reach: Real, dt: Real) -> Real {
                rb.map_or(0.0, |rb| {
                    let lever = (co.position().translation - rb.center_of_mass()).length() + reach;
                    let angular_speed: fn(&RigidBody) -> Real = $angular_speed;
                    dt * (rb.linvel().length() + angular_speed(rb) * lever)
                })
            }

            /// The pair as the patched rapier hands it, for a call through the old entry point.
            fn geometry<'a>(context: &PairFilterContext<'a>) -> Option<PairGeometry<'a>> {
                let (co1, co2) = (
                    context.colliders.get(context.collider1)?,
                    context.colliders.get(context.collider2)?,
                );
                let body = |h: Option<_>| h.and_then(|h| context.bodies.get(h));
                Some(PairGeometry {
                    collider1: co1,
                    collider2: co2,
                    rigid_body1: body(context.rigid_body1),
                    rigid_body2: body(context.rigid_body2),
                    pos12: co1.position().inv_mul(co2.position()),
                })
            }

            impl PhysicsHooks for GeometricSatFilter {
                fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
                    match geometry(context) {
                        Some(pair) => self.filter_contact_pair_with_geometry(context, &pair),
                        None => Some(SolverFlags::COMPUTE_RIGID_IMPULSES),
                    }
                }

                fn filter_intersection_pair(&self, context: &PairFilterContext) -> bool {
                    geometry(context).is_none_or(|pair| {
                        self.filter_intersection_pair_with_geometry(context, &pair)
                    })
                }

                fn filter_contact_pair_with_geometry(
                    &self,
                    _context: &PairFilterContext,
                    pair: &PairGeometry,
                ) -> Option<SolverFlags> {
                    if !body_types_allow(pair) {
                        return None;
                    }
                    let flags = SolverFlags::COMPUTE_RIGID_IMPULSES;
                    let Some((c1, c2)) = cuboids(pair) else {
                        return Some(flags);
                    };
                    let (co1, co2) = (pair.collider1, pair.collider2);
                    let near = self.prediction_distance + co1.contact_skin() + co2.contact_skin();
                    let motion = || {
                        motion_bound(pair.rigid_body1, co1, c1.half_extents.length(), self.dt)
                            + motion_bound(pair.rigid_body2, co2, c2.half_extents.length(), self.dt)
                    };
                    if Self::apart(&pair.pos12, (c1, c2), near, motion) {
                        None
                    } else {
                        Some(flags)
                    }
                }

                /// The alternative to patch 3 (not kept): drops a new broad-phase pair of
                /// cuboids only if the boxes stay farther apart than the prediction distance
                /// plus the skins wherever they move inside their leaves. While its leaf stays,
                /// a box lies within `|e|` of its centre, and its centre at least `min(e)`
                /// inside the leaf on every axis (its AABB is at least that wide).
                #[cfg(feature = "not-kept-broad-phase")]
                fn filter_broad_phase_pair(
                    &self,
                    pair: &PairGeometry,
                    [leaf1, leaf2]: [&$sat_rapier::rapier::geometry::Aabb; 2],
                ) -> bool {
                    use $sat_rapier::rapier::math::Vector;
                    let Some((c1, c2)) = cuboids(pair) else {
                        return true;
                    };
                    let near = self.prediction_distance
                        + pair.collider1.contact_skin()
                        + pair.collider2.contact_skin();
                    let centres = |leaf: &$sat_rapier::rapier::geometry::Aabb, he: Vector| {
                        let inset = Vector::splat(he.min_element());
                        (leaf.mins + inset, leaf.maxs - inset)
                    };
                    let (lo1, hi1) = centres(leaf1, c1.half_extents);
                    let (lo2, hi2) = centres(leaf2, c2.half_extents);
                    let gap = (lo2 - hi1).max(lo1 - hi2).max(Vector::ZERO).length();
                    let keep = gap <= c1.half_extents.length() + c2.half_extents.length() + near;
                    crate::filter::BROAD_PHASE_CALLS[usize::from(keep)]
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    keep
                }

                fn filter_intersection_pair_with_geometry(
                    &self,
                    _context: &PairFilterContext,
                    pair: &PairGeometry,
                ) -> bool {
                    body_types_allow(pair)
                        && !cuboids(pair).is_some_and(|c| Self::apart(&pair.pos12, c, 0.0, || 0.0))
                }
            }
        }
    };
}

geometric_filter!(dim3, sat_rapier3d, |rb| rb.angvel().length());
geometric_filter!(dim2, sat_rapier2d, |rb| rb.angvel().abs());
