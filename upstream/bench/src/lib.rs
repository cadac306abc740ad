//! The patched-rapier bench's worlds: rapier 0.36.1 with `upstream/patches/` applied (this
//! package's `[patch.crates-io]`), stepped with sat-rapier's integrations through
//! `sat_oracle::world`. Built as a dependency of `upstream/stock/` (where `[patch]` does not
//! apply) the same code runs on stock rapier, without the feature `patched` and the setups that
//! need it: that is how `trajectories` compares the two builds.
//!
//! * [`scenes`]: the scenes (today's `benches/rapier_scenes.rs` scenes).
//! * [`filter`] (feature `patched`): `GeometricSatFilter`, sat-rapier's filter on the patched
//!   hook API.
//! * [`Setup`] and the per-dimension [`dim3::world`] / [`dim2::world`]: how a world computes
//!   contacts.
//! * [`trajectory`]: fingerprints of whole runs, to prove that the patches change nothing
//!   unless asked to.

#[cfg(feature = "patched")]
pub mod filter;
pub mod scenes;
pub mod trajectory;

/// The hooks a setup steps with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hooks {
    /// No hooks (`()`), no active hooks on the colliders.
    None,
    /// `sat_rapier::SatContactFilter` with its `ACTIVE_HOOKS`, as on stock rapier.
    StockFilter,
    /// `sat_oracle::world`'s pass-through hook (filters nothing) on every collider.
    PassThrough,
    /// [`filter`]'s `GeometricSatFilter` with its `ACTIVE_HOOKS` (`GEOMETRIC_FILTERS`).
    #[cfg(feature = "patched")]
    Geometric,
}

/// How a world computes contacts: its hooks, its dispatcher, and patch 3's parameter.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The column name.
    pub name: &'static str,
    /// `SatDispatcher` chained before parry's dispatcher.
    pub dispatcher: bool,
    /// The hooks.
    pub hooks: Hooks,
    /// `IntegrationParameters::separation_aware_contact_recycling` (patch 3).
    pub separation_aware: bool,
    /// The filter also in the broad phase (`ActiveHooks::FILTER_BROAD_PHASE_PAIRS`, the
    /// alternative to patch 3 in `upstream/patches/not-kept/`).
    pub broad_phase: bool,
}

impl Setup {
    const fn new(name: &'static str, dispatcher: bool, hooks: Hooks, window: bool) -> Setup {
        Setup {
            name,
            dispatcher,
            hooks,
            separation_aware: window,
            broad_phase: false,
        }
    }

    /// The integrations of stock rapier (`sat_oracle::world::Integration::ALL`).
    pub const STOCK: [Setup; 4] = [
        Setup::new("default", false, Hooks::None, false),
        Setup::new("dispatcher", true, Hooks::None, false),
        Setup::new("filter, stock API", false, Hooks::StockFilter, false),
        Setup::new("pass-through", false, Hooks::PassThrough, false),
    ];

    /// The bench's columns on the patched rapier: the four integrations with every patch in use
    /// (the filter is `GeometricSatFilter`, patch 3's window on), then what each patch adds
    /// alone, then the filter as on stock rapier (no patch in use: its cost today).
    #[cfg(feature = "patched")]
    pub fn patched() -> Vec<Setup> {
        #[allow(unused_mut)]
        let mut setups = vec![
            Setup::new("default", false, Hooks::None, false),
            Setup::new("dispatcher", true, Hooks::None, false),
            Setup::new("filter", false, Hooks::Geometric, true),
            Setup::new("dispatcher + filter", true, Hooks::Geometric, true),
            Setup::new("default + window", false, Hooks::None, true),
            Setup::new("filter, patches 1-2", false, Hooks::Geometric, false),
            Setup::new("filter, stock API", false, Hooks::StockFilter, false),
        ];
        #[cfg(feature = "not-kept-broad-phase")]
        setups.push(Setup {
            broad_phase: true,
            ..Setup::new(
                "filter, patches 1-2 + broad phase",
                false,
                Hooks::Geometric,
                false,
            )
        });
        setups
    }
}

/// Generates `delegate`d trait methods that hand each call on to `self.inner`, after adding
/// one to `self.$counter` when one is named.
macro_rules! delegate {
    ($($method:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $(, counted in $counter:ident)?;)*) => {$(
        fn $method(&self, $($arg: $ty),*) -> $ret {
            $(self.$counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);)?
            self.inner.$method($($arg),*)
        }
    )*};
}

/// Generates a dimension's world builder.
macro_rules! worlds {
    ($module:ident, $rapier:ident) => {
        /// Worlds of this dimension.
        pub mod $module {
            use std::sync::Arc;
            use std::sync::atomic::AtomicUsize;

            use sat_oracle::world::$module::{Integration, World};
            use sat_rapier::$module::SatDispatcher;
            use $rapier::parry::query::details::NormalConstraints;
            use $rapier::parry::query::{
                ClosestPoints, Contact, ContactManifoldsWorkspace, DefaultQueryDispatcher,
                NonlinearRigidMotion, PersistentQueryDispatcher, QueryDispatcher, ShapeCastHit,
                ShapeCastOptions, ShapeDistance, ShapeIntersection, Unsupported,
            };
            use $rapier::prelude::*;

            use super::{Hooks, Setup};
            use crate::scenes::$module::Scene;

            /// Counts the contact-manifold computations the narrow phase asks of `inner`
            /// (every setup's dispatcher is wrapped alike).
            struct Counted<D> {
                inner: D,
                calls: Arc<AtomicUsize>,
            }

            impl<D: QueryDispatcher> QueryDispatcher for Counted<D> {
                delegate! {
                    intersection_test(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape)
                        -> Result<ShapeIntersection, Unsupported>;
                    distance(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape)
                        -> Result<ShapeDistance, Unsupported>;
                    contact(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape, prediction: Real)
                        -> Result<Option<Contact>, Unsupported>;
                    closest_points(pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape, max_dist: Real)
                        -> Result<ClosestPoints, Unsupported>;
                    cast_shapes(
                        pos12: &Pose, vel12: Vector, g1: &dyn Shape, g2: &dyn Shape,
                        options: ShapeCastOptions
                    ) -> Result<Option<ShapeCastHit>, Unsupported>;
                    cast_shapes_nonlinear(
                        motion1: &NonlinearRigidMotion, g1: &dyn Shape,
                        motion2: &NonlinearRigidMotion, g2: &dyn Shape,
                        start: Real, end: Real, stop_at_penetration: bool
                    ) -> Result<Option<ShapeCastHit>, Unsupported>;
                }
            }

            impl<D: PersistentQueryDispatcher<ContactManifoldData, ContactData>>
                PersistentQueryDispatcher<ContactManifoldData, ContactData> for Counted<D>
            {
                delegate! {
                    contact_manifolds(
                        pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape, prediction: Real,
                        manifolds: &mut Vec<ContactManifold>,
                        workspace: &mut Option<ContactManifoldsWorkspace>
                    ) -> Result<(), Unsupported>,
                        counted in calls;
                    contact_manifold_convex_convex(
                        pos12: &Pose, g1: &dyn Shape, g2: &dyn Shape,
                        normal_constraints1: Option<&dyn NormalConstraints>,
                        normal_constraints2: Option<&dyn NormalConstraints>,
                        prediction: Real, manifold: &mut ContactManifold
                    ) -> Result<(), Unsupported>;
                }
            }

            /// A world of `scene` computing contacts as `setup` says, the hooks to step it with,
            /// and the count of contact-manifold computations asked of its dispatcher.
            pub fn world(
                setup: &Setup,
                scene: &Scene,
            ) -> (World, Box<dyn PhysicsHooks>, Arc<AtomicUsize>) {
                let calls = Arc::new(AtomicUsize::new(0));
                let narrow_phase = if setup.dispatcher {
                    NarrowPhase::with_query_dispatcher(Counted {
                        inner: SatDispatcher::default().chain(DefaultQueryDispatcher),
                        calls: calls.clone(),
                    })
                } else {
                    NarrowPhase::with_query_dispatcher(Counted {
                        inner: DefaultQueryDispatcher,
                        calls: calls.clone(),
                    })
                };
                // `sat_oracle::world` sets the stock integrations' active hooks itself.
                let integration = match setup.hooks {
                    Hooks::StockFilter => Integration::Filter,
                    Hooks::PassThrough => Integration::PassThrough,
                    _ => Integration::Default,
                };
                let mut world = World::with_narrow_phase(integration, narrow_phase);
                world.pipeline.counters.enable();
                #[cfg(feature = "patched")]
                {
                    world.params.separation_aware_contact_recycling = setup.separation_aware;
                }
                #[cfg(not(feature = "patched"))]
                assert!(!setup.separation_aware, "stock rapier has no patch 3");
                #[cfg(not(feature = "not-kept-broad-phase"))]
                assert!(!setup.broad_phase, "built without the broad-phase filter");
                let hooks: Box<dyn PhysicsHooks> = match setup.hooks {
                    Hooks::None => Box::new(()),
                    Hooks::StockFilter | Hooks::PassThrough => integration.hooks(),
                    #[cfg(feature = "patched")]
                    Hooks::Geometric => Box::new(
                        crate::filter::$module::GeometricSatFilter::for_parameters(&world.params),
                    ),
                };
                for (body, colliders) in scene {
                    let colliders = colliders.iter().map(|c| match setup.hooks {
                        #[cfg(feature = "patched")]
                        Hooks::Geometric => {
                            #[allow(unused_mut)]
                            let mut hooks =
                                crate::filter::$module::GeometricSatFilter::ACTIVE_HOOKS;
                            #[cfg(feature = "not-kept-broad-phase")]
                            if setup.broad_phase {
                                hooks |= ActiveHooks::FILTER_BROAD_PHASE_PAIRS;
                            }
                            c.clone().active_hooks(hooks)
                        }
                        _ => c.clone(),
                    });
                    world.add_compound(body.clone(), colliders);
                }
                (world, hooks, calls)
            }
        }
    };
}

worlds!(dim3, rapier3d);
worlds!(dim2, rapier2d);
