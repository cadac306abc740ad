//! `SatContactHooks`: sat-rapier's `SatContactFilter` as bevy_rapier physics hooks, around the
//! user's own `BevyPhysicsHooks`.
//!
//! bevy_rapier fetches its hooks as a system parameter of the system that steps every context,
//! and that system holds each `RapierContextSimulation` mutably, so the hooks cannot read a
//! context's integration parameters while it steps. `update_filter_parameters` therefore reads
//! them just before (the largest prediction distance over the contexts, and the longest step
//! the `TimestepMode` can take) into the resource `SatFilterParameters`, and each hook call
//! builds a `SatContactFilter` from it (`with_inner(..).for_parameters(..)`: two copies of
//! numbers) around a forwarder to the user's hooks.

use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;

use bevy_rapier::geometry::{ActiveHooks, SolverFlags};
use bevy_rapier::pipeline::{
    BevyPhysicsHooks, ContactModificationContextView, PairFilterContextView,
};
use bevy_rapier::plugin::TimestepMode;
use bevy_rapier::plugin::context::RapierContextSimulation;
use bevy_rapier::rapier::dynamics::IntegrationParameters;
use bevy_rapier::rapier::math::Real;
use bevy_rapier::rapier::pipeline::{ContactModificationContext, PairFilterContext, PhysicsHooks};
use sat_rapier::SatContactFilter;

/// sat-core's contact filter as bevy_rapier physics hooks, wrapping your own hooks `H` (any
/// `BevyPhysicsHooks`; `()` for none): use `RapierPhysicsPlugin::<SatContactHooks<H>>` where you
/// used `RapierPhysicsPlugin::<H>`, and add [`SatRapierPlugin`](crate::SatRapierPlugin).
///
/// For every pair rapier asks about (the colliders with [`ACTIVE_HOOKS`](Self::ACTIVE_HOOKS) or
/// your own flags), it decides as [`SatContactFilter`] does: rapier's body-type rule, then your
/// hooks (a `None`/`false` from them drops the pair, and their solver flags are the ones
/// returned), then sat-core drops the cuboid pairs it proves farther apart than the prediction
/// distance plus both contact skins plus one step's motion, and the cuboid sensor pairs it
/// proves disjoint. `modify_solver_contacts` goes straight to your hooks. Your hooks therefore
/// see exactly the pairs they would see without the wrapper: one-way platforms and contact
/// modification keep working.
///
/// The prediction distance and time step come from [`SatFilterParameters`]: with several
/// contexts, the largest of them (culling with a larger margin is always safe, it only culls
/// less).
///
/// **What it costs.** rapier stops recycling the contacts of a pair as soon as one of its
/// colliders has active hooks, whatever the hook does: every awake pair is recomputed every
/// step, which makes a resting pile's narrow phase several times slower, and the culling does
/// not win that back (the README's rapier section measures it). Use it where you need a hook
/// anyway, and set `ActiveHooks` only on the colliders that need it.
///
/// ```
#[doc = concat!(
    "use ", env!("CARGO_CRATE_NAME"), "::{bevy_rapier::prelude::*, SatContactHooks, SatRapierPlugin};"
)]
/// use bevy::{ecs::system::SystemParam, prelude::*};
///
/// // Your own hooks: ghosts pass through everything.
/// #[derive(Component)]
/// struct Ghost;
///
/// #[derive(SystemParam)]
/// struct Ghosts<'w, 's> {
///     ghosts: Query<'w, 's, (), With<Ghost>>,
/// }
///
/// impl BevyPhysicsHooks for Ghosts<'_, '_> {
///     fn filter_contact_pair(&self, pair: PairFilterContextView) -> Option<SolverFlags> {
///         let solid = !self.ghosts.contains(pair.collider1()) && !self.ghosts.contains(pair.collider2());
///         solid.then_some(SolverFlags::COMPUTE_RIGID_IMPULSES)
///     }
/// }
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, TransformPlugin))
///     .add_plugins((RapierPhysicsPlugin::<SatContactHooks<Ghosts>>::default(), SatRapierPlugin::default()))
///     .insert_resource(TimestepMode::Fixed { dt: 1.0 / 60.0, substeps: 1 });
#[cfg_attr(
    feature = "dim2",
    doc = "let (floor, crate_) = (Collider::cuboid(10.0, 0.5), Collider::cuboid(0.5, 0.5));"
)]
#[cfg_attr(
    feature = "dim3",
    doc = "let (floor, crate_) = (Collider::cuboid(10.0, 0.5, 10.0), Collider::cuboid(0.5, 0.5, 0.5));"
)]
/// let hooks = SatContactHooks::ACTIVE_HOOKS;
/// app.world_mut().spawn((floor, hooks, Transform::from_xyz(0.0, -0.5, 0.0)));
/// let body = (RigidBody::Dynamic, crate_, hooks);
/// let solid = app.world_mut().spawn((body.clone(), Transform::from_xyz(0.0, 2.0, 0.0))).id();
/// let ghost = app.world_mut().spawn((body, Ghost, Transform::from_xyz(3.0, 2.0, 0.0))).id();
/// for _ in 0..120 {
///     app.update();
/// }
/// let y = |e| app.world().get::<Transform>(e).unwrap().translation.y;
/// assert!((y(solid) - 0.5).abs() < 0.01, "resting on the floor: {}", y(solid));
/// assert!(y(ghost) < -5.0, "fell through it: {}", y(ghost));
/// ```
#[derive(SystemParam)]
pub struct SatContactHooks<'w, 's, H: SystemParam + 'static = ()> {
    inner: StaticSystemParam<'w, 's, H>,
    parameters: Res<'w, SatFilterParameters>,
}

impl SatContactHooks<'_, '_, ()> {
    /// The hooks to set on every collider the filter should see (bevy_rapier's `ActiveHooks`
    /// component): `FILTER_CONTACT_PAIRS | FILTER_INTERSECTION_PAIR`. Add
    /// `MODIFY_SOLVER_CONTACTS` where your own hooks modify contacts.
    pub const ACTIVE_HOOKS: ActiveHooks =
        ActiveHooks::FILTER_CONTACT_PAIRS.union(ActiveHooks::FILTER_INTERSECTION_PAIR);
}

impl<'w, 's, H> SatContactHooks<'w, 's, H>
where
    H: SystemParam + 'static,
    SystemParamItem<'w, 's, H>: BevyPhysicsHooks,
{
    /// sat-rapier's filter for the current parameters, around a forwarder to the user's hooks.
    fn filter(&self) -> SatContactFilter<Forward<'_, SystemParamItem<'w, 's, H>>> {
        SatContactFilter::with_inner(Forward(&*self.inner)).for_parameters(&self.parameters.0)
    }

    /// The wrapped user hooks.
    pub fn inner(&self) -> &SystemParamItem<'w, 's, H> {
        &self.inner
    }
}

impl<H> BevyPhysicsHooks for SatContactHooks<'_, '_, H>
where
    H: SystemParam + 'static,
    for<'w, 's> SystemParamItem<'w, 's, H>: BevyPhysicsHooks,
{
    fn filter_contact_pair(&self, context: PairFilterContextView) -> Option<SolverFlags> {
        PhysicsHooks::filter_contact_pair(&self.filter(), context.raw)
    }

    fn filter_intersection_pair(&self, context: PairFilterContextView) -> bool {
        PhysicsHooks::filter_intersection_pair(&self.filter(), context.raw)
    }

    fn modify_solver_contacts(&self, context: ContactModificationContextView) {
        BevyPhysicsHooks::modify_solver_contacts(&*self.inner, context);
    }
}

/// The user's bevy hooks as rapier hooks, so that `SatContactFilter` can wrap them.
struct Forward<'a, B>(&'a B);

impl<B: BevyPhysicsHooks> PhysicsHooks for Forward<'_, B> {
    fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
        BevyPhysicsHooks::filter_contact_pair(self.0, PairFilterContextView { raw: context })
    }

    fn filter_intersection_pair(&self, context: &PairFilterContext) -> bool {
        BevyPhysicsHooks::filter_intersection_pair(self.0, PairFilterContextView { raw: context })
    }

    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        BevyPhysicsHooks::modify_solver_contacts(
            self.0,
            ContactModificationContextView { raw: context },
        );
    }
}

/// The prediction distance and time step [`SatContactHooks`] culls with, kept up to date by
/// [`update_filter_parameters`]: the largest `prediction_distance()` of the contexts'
/// integration parameters, and the longest simulation step the `TimestepMode` resource can take
/// (`dt / substeps` for `Fixed`, `max_dt / substeps` for `Variable`, `dt · time_scale /
/// substeps` for `Interpolated`; without that resource, the contexts' largest `dt`). Before the
/// first update the prediction distance is infinite: nothing is culled.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SatFilterParameters(IntegrationParameters);

impl SatFilterParameters {
    fn new(prediction_distance: Real, dt: Real) -> Self {
        SatFilterParameters(IntegrationParameters {
            dt,
            length_unit: 1.0,
            normalized_prediction_distance: prediction_distance,
            ..default()
        })
    }

    /// The prediction distance the filter keeps pairs within (besides contact skins and motion).
    pub fn prediction_distance(&self) -> Real {
        self.0.prediction_distance()
    }

    /// The time step over which the filter bounds each body's motion.
    pub fn dt(&self) -> Real {
        self.0.dt
    }
}

impl Default for SatFilterParameters {
    fn default() -> Self {
        SatFilterParameters::new(Real::INFINITY, 0.0)
    }
}

/// Reads [`SatFilterParameters`] from the rapier contexts and the `TimestepMode`.
/// [`SatRapierPlugin`](crate::SatRapierPlugin) runs it in `PostUpdate` and `FixedUpdate`, after
/// `PhysicsSet::SyncBackend` and before `PhysicsSet::StepSimulation`; if rapier steps in another
/// schedule, add it there in the same place.
pub fn update_filter_parameters(
    contexts: Query<&RapierContextSimulation>,
    timestep_mode: Option<Res<TimestepMode>>,
    mut parameters: ResMut<SatFilterParameters>,
) {
    let prediction_distance = contexts
        .iter()
        .map(|c| c.integration_parameters.prediction_distance())
        .fold(0.0, Real::max);
    let dt = match timestep_mode.as_deref() {
        Some(&mode) => longest_step(mode),
        None => contexts
            .iter()
            .map(|c| c.integration_parameters.dt)
            .fold(0.0, Real::max),
    };
    let current = (parameters.prediction_distance(), parameters.dt());
    if current != (prediction_distance, dt) {
        *parameters = SatFilterParameters::new(prediction_distance, dt);
    }
}

/// The longest (sub)step bevy_rapier takes in `mode` (its `step_simulation`).
fn longest_step(mode: TimestepMode) -> Real {
    let (dt, substeps) = match mode {
        TimestepMode::Fixed { dt, substeps } => (dt, substeps),
        TimestepMode::Variable {
            max_dt, substeps, ..
        } => (max_dt, substeps),
        TimestepMode::Interpolated {
            dt,
            time_scale,
            substeps,
        } => (dt * time_scale, substeps),
    };
    dt / substeps.max(1) as Real
}
