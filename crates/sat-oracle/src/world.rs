//! The one rapier world of this workspace: the pipeline and every set it steps, how it computes
//! box contacts ([`dim3::Integration`]), and its step. Stepped by the `rapier3` fuzz scenes
//! ([`check_scene3`](crate::check::check_scene3)), the scene harness
//! ([`harness`](crate::harness)) of the sat-rapier crates' tests, `benches/rapier_scenes.rs` and
//! `examples/pyramid3.rs`; scenes and what is measured or asserted of them stay with their users.
//!
//! One text for every flavour of sat-rapier: [`dim2`] (sat-rapier2d, rapier2d) and [`dim3`]
//! (sat-rapier3d, rapier3d), and with the feature `rapier-f64` `dim2_f64` and `dim3_f64`
//! (sat-rapier2d-f64 and sat-rapier3d-f64, rapier2d-f64 and rapier3d-f64).
//!
//! ```
//! use sat_oracle::world::dim3::{Integration, World};
//! use sat_rapier3d::rapier::prelude::*;
//!
//! let mut world = World::new(Integration::Dispatcher);
//! world.ground(Vector::new(10.0, 0.5, 10.0), -0.5);
//! let cube = world.add(
//!     RigidBodyBuilder::dynamic().translation(Vector::new(0.0, 0.6, 0.0)),
//!     ColliderBuilder::cuboid(0.5, 0.5, 0.5),
//! );
//! world.run(60);
//! assert!((world.bodies[cube].translation().y - 0.5).abs() < 0.01);
//! assert!(world.solver_contacts_are_finite());
//! ```

macro_rules! world {
    ($sat:ident) => {
        use $sat::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
        use $sat::rapier::prelude::*;
        use $sat::{SatContactFilter, SatDispatcher};

        /// How a world computes box contacts: rapier as is, sat-rapier's `SatDispatcher` chained
        /// before parry's dispatcher, sat-rapier's `SatContactFilter` on every collider, or
        /// `PassThrough` on every collider (a hook that filters nothing: the filter's baseline,
        /// since rapier stops recycling the contacts of hooked pairs).
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Integration {
            /// rapier as is.
            Default,
            /// `SatDispatcher::default().chain(DefaultQueryDispatcher)` as the narrow phase's
            /// dispatcher.
            Dispatcher,
            /// `SatContactFilter` as the hook of every collider.
            Filter,
            /// [`PassThrough`] as the hook of every collider.
            PassThrough,
        }

        impl Integration {
            /// Every integration, in the bench's column order.
            pub const ALL: [Integration; 4] = [
                Integration::Default,
                Integration::Dispatcher,
                Integration::Filter,
                Integration::PassThrough,
            ];

            /// rapier as is and sat-rapier's two integrations: what the pipeline tests compare.
            pub const WITH_SAT_RAPIER: [Integration; 3] = [
                Integration::Default,
                Integration::Dispatcher,
                Integration::Filter,
            ];

            /// The name the bench and the example print.
            pub fn name(self) -> &'static str {
                match self {
                    Integration::Default => "default",
                    Integration::Dispatcher => "dispatcher",
                    Integration::Filter => "filter",
                    Integration::PassThrough => "pass-through",
                }
            }

            /// The hooks a world of this integration steps with.
            pub fn hooks(self) -> Box<dyn PhysicsHooks> {
                match self {
                    Integration::Filter => Box::new(SatContactFilter::new()),
                    Integration::PassThrough => Box::new(PassThrough),
                    _ => Box::new(()),
                }
            }

            /// The hooks its colliders activate.
            pub fn active_hooks(self) -> ActiveHooks {
                match self {
                    Integration::Filter | Integration::PassThrough => {
                        SatContactFilter::ACTIVE_HOOKS
                    }
                    _ => ActiveHooks::empty(),
                }
            }
        }

        /// A hook that filters nothing: what any contact hook costs.
        pub struct PassThrough;

        impl PhysicsHooks for PassThrough {}

        /// A rapier world: the pipeline and every set it steps.
        pub struct World {
            /// How it computes box contacts.
            pub integration: Integration,
            /// Gravity: 9.81 along −y unless set.
            pub gravity: Vector,
            /// The pipeline (its counters time the step when enabled).
            pub pipeline: PhysicsPipeline,
            /// rapier's default parameters unless set.
            pub params: IntegrationParameters,
            /// The sleeping islands.
            pub islands: IslandManager,
            /// The broad phase.
            pub broad_phase: DefaultBroadPhase,
            /// The narrow phase, with its dispatcher.
            pub narrow_phase: NarrowPhase,
            /// The bodies.
            pub bodies: RigidBodySet,
            /// The colliders.
            pub colliders: ColliderSet,
            /// The impulse joints (none).
            pub joints: ImpulseJointSet,
            /// The multibody joints (none).
            pub multibody_joints: MultibodyJointSet,
            /// The soft bodies (none).
            pub soft_bodies: SoftBodySet,
            /// The continuous collision detection.
            pub ccd: CCDSolver,
        }

        impl World {
            /// An empty world; the dispatcher integration chains `SatDispatcher` before
            /// parry's dispatcher, the others keep rapier's narrow phase.
            pub fn new(integration: Integration) -> World {
                let narrow_phase = match integration {
                    Integration::Dispatcher => NarrowPhase::with_query_dispatcher(
                        SatDispatcher::default().chain(DefaultQueryDispatcher),
                    ),
                    _ => NarrowPhase::new(),
                };
                World::with_narrow_phase(integration, narrow_phase)
            }

            /// An empty world with the caller's narrow phase (the bench counts its calls).
            pub fn with_narrow_phase(integration: Integration, narrow_phase: NarrowPhase) -> World {
                World {
                    integration,
                    gravity: Vector::Y * -9.81,
                    pipeline: PhysicsPipeline::new(),
                    params: IntegrationParameters::default(),
                    islands: IslandManager::new(),
                    broad_phase: DefaultBroadPhase::new(),
                    narrow_phase,
                    bodies: RigidBodySet::new(),
                    colliders: ColliderSet::new(),
                    joints: ImpulseJointSet::new(),
                    multibody_joints: MultibodyJointSet::new(),
                    soft_bodies: SoftBodySet::new(),
                    ccd: CCDSolver::new(),
                }
            }

            /// A body with one collider; the filter and pass-through integrations activate its
            /// hooks.
            pub fn add(
                &mut self,
                body: RigidBodyBuilder,
                collider: ColliderBuilder,
            ) -> RigidBodyHandle {
                self.add_compound(body, [collider])
            }

            /// A body with its colliders, each activating the integration's hooks.
            pub fn add_compound(
                &mut self,
                body: RigidBodyBuilder,
                colliders: impl IntoIterator<Item = ColliderBuilder>,
            ) -> RigidBodyHandle {
                let handle = self.bodies.insert(body);
                for collider in colliders {
                    let collider = match self.integration {
                        Integration::Filter | Integration::PassThrough => {
                            collider.active_hooks(self.integration.active_hooks())
                        }
                        _ => collider,
                    };
                    self.colliders
                        .insert_with_parent(collider, handle, &mut self.bodies);
                }
                handle
            }

            /// A dynamic box of `half_extents` centred at `at`.
            pub fn add_box(&mut self, at: Vector, half_extents: Vector) -> RigidBodyHandle {
                self.add(
                    RigidBodyBuilder::dynamic().translation(at),
                    ColliderBuilder::new(SharedShape::new(Cuboid::new(half_extents))),
                )
            }

            /// A fixed box of `half_extents` centred at height `y`.
            pub fn ground(&mut self, half_extents: Vector, y: Real) -> RigidBodyHandle {
                self.add(
                    RigidBodyBuilder::fixed().translation(Vector::ZERO.with_y(y)),
                    ColliderBuilder::new(SharedShape::new(Cuboid::new(half_extents))),
                )
            }

            /// One step of `params.dt` under `gravity`.
            pub fn step_with(&mut self, hooks: &dyn PhysicsHooks, events: &dyn EventHandler) {
                self.pipeline.step(
                    self.gravity,
                    &self.params,
                    &mut self.islands,
                    &mut self.broad_phase,
                    &mut self.narrow_phase,
                    &mut self.bodies,
                    &mut self.colliders,
                    &mut self.joints,
                    &mut self.multibody_joints,
                    &mut self.soft_bodies,
                    &mut self.ccd,
                    hooks,
                    events,
                );
            }

            /// `steps` steps with the integration's hooks and no event handler.
            pub fn run(&mut self, steps: usize) {
                let hooks = self.integration.hooks();
                for _ in 0..steps {
                    self.step_with(&*hooks, &());
                }
            }

            /// What rapier hands a hook for the pair `(c1, c2)`, for calling hooks directly.
            pub fn pair_context(
                &self,
                c1: ColliderHandle,
                c2: ColliderHandle,
            ) -> PairFilterContext<'_> {
                PairFilterContext {
                    bodies: &self.bodies,
                    colliders: &self.colliders,
                    collider1: c1,
                    collider2: c2,
                    rigid_body1: self.colliders[c1].parent(),
                    rigid_body2: self.colliders[c2].parent(),
                }
            }

            /// Whether every manifold normal and solver contact is finite.
            pub fn solver_contacts_are_finite(&self) -> bool {
                self.narrow_phase.contact_pairs().all(|pair| {
                    pair.manifolds().iter().all(|m| {
                        m.data.normal.is_finite()
                            && m.data.solver_contacts.iter().all(|c| {
                                c.dist.is_finite() && c.anchor1.is_finite() && c.anchor2.is_finite()
                            })
                    })
                })
            }
        }
    };
}

/// The rapier2d world (sat-rapier2d).
pub mod dim2 {
    world!(sat_rapier2d);
}

/// The rapier3d world (sat-rapier3d).
pub mod dim3 {
    world!(sat_rapier3d);
}

/// The rapier2d-f64 world (sat-rapier2d-f64).
#[cfg(feature = "rapier-f64")]
pub mod dim2_f64 {
    world!(sat_rapier2d_f64);
}

/// The rapier3d-f64 world (sat-rapier3d-f64).
#[cfg(feature = "rapier-f64")]
pub mod dim3_f64 {
    world!(sat_rapier3d_f64);
}
