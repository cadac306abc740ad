//! The rapier scene harness, one for the tests (`tests/rapier/`), the bench
//! (`benches/rapier_scenes.rs`, through `#[path]`) and the example (`examples/pyramid3.rs`): a
//! rapier world (pipeline and every set it steps), how it computes box contacts
//! ([`Integration`]), and stepping it with gravity along −y. 2D and 3D, f32 and f64, from one
//! text (`dim2`, `dim3`, `dim2_f64`, `dim3_f64`: rapier2d/3d with `sat_rapier::dim2`/`dim3`,
//! rapier2d-f64/3d-f64 with `sat_rapier::dim2_f64`/`dim3_f64`); scenes and measurements stay
//! with their users.

// Each user takes the part it needs (the example only 3D, the bench no `run`, `tests/rapier`
// only f32, `tests/rapier_f64` only f64).
#![allow(dead_code)]

macro_rules! harness {
    ($rapier:ident, $sat:path) => {
        use $rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
        use $rapier::prelude::*;
        use $sat::{SatContactFilter, SatDispatcher};

        /// How a world computes box contacts: rapier as is, sat-rapier's `SatDispatcher` chained
        /// before parry's dispatcher, sat-rapier's `SatContactFilter` on every collider, or
        /// `PassThrough` on every collider (a hook that filters nothing: the filter's baseline,
        /// since rapier stops recycling the contacts of hooked pairs).
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Integration {
            Default,
            Dispatcher,
            Filter,
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
            pub integration: Integration,
            pub pipeline: PhysicsPipeline,
            pub params: IntegrationParameters,
            pub islands: IslandManager,
            pub broad_phase: DefaultBroadPhase,
            pub narrow_phase: NarrowPhase,
            pub bodies: RigidBodySet,
            pub colliders: ColliderSet,
            pub joints: ImpulseJointSet,
            pub multibody_joints: MultibodyJointSet,
            pub soft_bodies: SoftBodySet,
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

            /// A fixed box of `half_extents` centred at height `y`.
            pub fn ground(&mut self, half_extents: Vector, y: Real) -> RigidBodyHandle {
                self.add(
                    RigidBodyBuilder::fixed().translation(Vector::ZERO.with_y(y)),
                    ColliderBuilder::new(SharedShape::new(Cuboid::new(half_extents))),
                )
            }

            /// One step of 1/60 s with gravity 9.81 along −y.
            pub fn step_with(&mut self, hooks: &dyn PhysicsHooks, events: &dyn EventHandler) {
                self.pipeline.step(
                    Vector::Y * -9.81,
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

pub mod dim2 {
    harness!(rapier2d, sat_rapier::dim2);
}

pub mod dim3 {
    harness!(rapier3d, sat_rapier::dim3);

    /// rapier's pyramid3 layout: layer `i` of `layers` holds `(layers − i)²` box centres on a
    /// grid of pitch 2.25 centred on the y axis (each box on the corners of four below), at
    /// height `height(i)`; layer by layer, row by row.
    pub fn pyramid_centres(layers: usize, height: impl Fn(usize) -> Real) -> Vec<Vector> {
        let mut centres = Vec::new();
        for i in 0..layers {
            let m = layers - i;
            let middle = (m - 1) as Real * 0.5;
            for j in 0..m {
                for k in 0..m {
                    let (x, z) = ((j as Real - middle) * 2.25, (k as Real - middle) * 2.25);
                    centres.push(Vector::new(x, height(i), z));
                }
            }
        }
        centres
    }
}

pub mod dim2_f64 {
    harness!(rapier2d_f64, sat_rapier::dim2_f64);
}

pub mod dim3_f64 {
    harness!(rapier3d_f64, sat_rapier::dim3_f64);
}
