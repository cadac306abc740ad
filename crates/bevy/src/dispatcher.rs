//! The dispatcher [`SatRapierPlugin`](crate::SatRapierPlugin) installs in a context:
//! `SatDispatcher::default().chain(DefaultQueryDispatcher)`, or with statistics on, the same
//! chain with `SatDispatcher` wrapped in [`Counting`], which forwards every query to it and
//! counts the ones it answers.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::prelude::Component;

use bevy_rapier::plugin::context::RapierContextSimulation;
use bevy_rapier::rapier::math::{Pose, Real, Vector};
use bevy_rapier::rapier::parry::query::details::NormalConstraints;
use bevy_rapier::rapier::parry::query::{
    ClosestPoints, Contact, ContactManifold, ContactManifoldsWorkspace, DefaultQueryDispatcher,
    NonlinearRigidMotion, PersistentQueryDispatcher, QueryDispatcher, ShapeCastHit,
    ShapeCastOptions, ShapeDistance, ShapeIntersection, Unsupported,
};
use bevy_rapier::rapier::parry::shape::Shape;
use sat_rapier::SatDispatcher;

/// Installs sat-core's dispatcher in `simulation` unless its narrow phase already holds pairs
/// (replacing it would drop them): with `stats`, the counting one, whose counters it returns.
pub(crate) fn install(
    simulation: &mut RapierContextSimulation,
    stats: bool,
) -> Option<SatDispatcherStats> {
    let narrow_phase = &simulation.narrow_phase;
    if narrow_phase.contact_pairs().next().is_some()
        || narrow_phase.intersection_pairs().next().is_some()
    {
        log::warn!(
            "bevy_sat_rapier: a RapierContextSimulation was inserted with contact or \
             intersection pairs; its query dispatcher is left as it is (installing SatDispatcher \
             replaces the narrow phase and would drop them)"
        );
        return None;
    }
    if !stats {
        simulation.set_query_dispatcher(SatDispatcher::default().chain(DefaultQueryDispatcher));
        return None;
    }
    let counts = SatDispatcherStats::default();
    let counting = Counting {
        sat: SatDispatcher::default(),
        counts: counts.clone(),
    };
    simulation.set_query_dispatcher(counting.chain(DefaultQueryDispatcher));
    Some(counts)
}

/// How many queries `SatDispatcher` answered in one rapier context (the others went on to
/// rapier's default dispatcher): a component on the context's entity when the plug-in is added
/// [`with_stats`](crate::SatRapierPlugin::with_stats), counting from the moment the context's
/// simulation was inserted.
///
/// rapier recycles the contacts of pairs that barely moved, so in a settled scene few pair
/// updates reach any dispatcher; tumbling and falling boxes, sensors and scene queries do.
#[derive(Component, Clone, Debug, Default)]
pub struct SatDispatcherStats(Arc<Counters>);

#[derive(Debug, Default)]
struct Counters {
    pair_updates: AtomicU64,
    queries: AtomicU64,
}

impl SatDispatcherStats {
    /// Contact-manifold computations `SatDispatcher` answered: the narrow phase's full pair
    /// updates of cuboid pairs and of compounds (one per pair of colliders, however many
    /// cuboid parts it walked).
    pub fn pair_updates(&self) -> u64 {
        self.0.pair_updates.load(Ordering::Relaxed)
    }

    /// Every other query `SatDispatcher` answered for this context: intersection tests (sensors,
    /// `intersect_shape`), contacts, distances and closest points (scene queries, the character
    /// controller) and casts, when both shapes are cuboids.
    pub fn queries(&self) -> u64 {
        self.0.queries.load(Ordering::Relaxed)
    }
}

/// `SatDispatcher`, counting its answers (`Ok`) into [`SatDispatcherStats`].
struct Counting {
    sat: SatDispatcher,
    counts: SatDispatcherStats,
}

impl Counting {
    fn query<T>(&self, answer: Result<T, Unsupported>) -> Result<T, Unsupported> {
        if answer.is_ok() {
            self.counts.0.queries.fetch_add(1, Ordering::Relaxed);
        }
        answer
    }

    fn pair_update<T>(&self, answer: Result<T, Unsupported>) -> Result<T, Unsupported> {
        if answer.is_ok() {
            self.counts.0.pair_updates.fetch_add(1, Ordering::Relaxed);
        }
        answer
    }
}

impl QueryDispatcher for Counting {
    fn intersection_test(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Result<ShapeIntersection, Unsupported> {
        self.query(self.sat.intersection_test(pos12, g1, g2))
    }

    fn distance(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
    ) -> Result<ShapeDistance, Unsupported> {
        self.query(self.sat.distance(pos12, g1, g2))
    }

    fn contact(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
    ) -> Result<Option<Contact>, Unsupported> {
        self.query(self.sat.contact(pos12, g1, g2, prediction))
    }

    fn closest_points(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        max_dist: Real,
    ) -> Result<ClosestPoints, Unsupported> {
        self.query(self.sat.closest_points(pos12, g1, g2, max_dist))
    }

    fn cast_shapes(
        &self,
        pos12: &Pose,
        local_vel12: Vector,
        g1: &dyn Shape,
        g2: &dyn Shape,
        options: ShapeCastOptions,
    ) -> Result<Option<ShapeCastHit>, Unsupported> {
        self.query(self.sat.cast_shapes(pos12, local_vel12, g1, g2, options))
    }

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
        self.query(self.sat.cast_shapes_nonlinear(
            motion1,
            g1,
            motion2,
            g2,
            start_time,
            end_time,
            stop_at_penetration,
        ))
    }
}

impl<ManifoldData, ContactData> PersistentQueryDispatcher<ManifoldData, ContactData> for Counting
where
    ManifoldData: Default + Clone + Send + Sync,
    ContactData: Default + Copy + Send + Sync,
{
    fn contact_manifolds(
        &self,
        pos12: &Pose,
        g1: &dyn Shape,
        g2: &dyn Shape,
        prediction: Real,
        manifolds: &mut Vec<ContactManifold<ManifoldData, ContactData>>,
        workspace: &mut Option<ContactManifoldsWorkspace>,
    ) -> Result<(), Unsupported> {
        self.pair_update(
            self.sat
                .contact_manifolds(pos12, g1, g2, prediction, manifolds, workspace),
        )
    }

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
        self.pair_update(self.sat.contact_manifold_convex_convex(
            pos12,
            g1,
            g2,
            normal_constraints1,
            normal_constraints2,
            prediction,
            manifold,
        ))
    }
}
