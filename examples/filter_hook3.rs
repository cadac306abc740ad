//! Registering sat-rapier's `SatContactFilter` next to a user's own hooks.
//!
//! The user's hooks make a one-way platform (boxes land on it from above, pass through it from
//! below) with rapier's `update_as_oneway_platform`, and count the pairs rapier asks about. The
//! filter wraps them: rapier's body-type rule, then the user's `filter_contact_pair`, then
//! sat-core's verdict; `modify_solver_contacts` goes straight to the user's hook. The colliders
//! enable both the filter's hooks and the user's contact modification.
//!
//! ```sh
//! cargo run --release --example filter_hook3
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};

use rapier3d::prelude::*;
use sat_rapier3d::SatContactFilter;

/// The user's hooks: a one-way platform, and counters.
struct OneWayPlatform {
    platform: ColliderHandle,
    asked: AtomicUsize,
    modified: AtomicUsize,
}

impl PhysicsHooks for OneWayPlatform {
    fn filter_contact_pair(&self, _: &PairFilterContext) -> Option<SolverFlags> {
        self.asked.fetch_add(1, Ordering::Relaxed);
        Some(SolverFlags::COMPUTE_RIGID_IMPULSES)
    }

    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        self.modified.fetch_add(1, Ordering::Relaxed);
        let (c1, c2) = (context.collider1, context.collider2);
        // Contacts are allowed when the normal pointing out of the platform points up.
        let up = if c1 == self.platform {
            Vector::Y
        } else if c2 == self.platform {
            -Vector::Y
        } else {
            return;
        };
        context.update_as_oneway_platform(up, 0.1);
    }
}

fn main() {
    let hooks_on = SatContactFilter::ACTIVE_HOOKS | ActiveHooks::MODIFY_SOLVER_CONTACTS;
    let mut bodies = RigidBodySet::new();
    let mut colliders = ColliderSet::new();
    let mut add = |body: RigidBodyBuilder, collider: ColliderBuilder| {
        let body = bodies.insert(body);
        let handle =
            colliders.insert_with_parent(collider.active_hooks(hooks_on), body, &mut bodies);
        (body, handle)
    };
    add(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -0.5, 0.0)),
        ColliderBuilder::cuboid(20.0, 0.5, 20.0),
    );
    let (_, platform) = add(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, 3.0, 0.0)),
        ColliderBuilder::cuboid(6.0, 0.1, 6.0),
    );
    let mut from_above = Vec::new();
    let mut from_below = Vec::new();
    for k in 0..8 {
        let x = k as Real * 1.4 - 4.9;
        let turn = Vector::new(0.0, 0.3 * k as Real, 0.1);
        from_above.push(
            add(
                RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, 6.0 + k as Real * 0.5, 0.0))
                    .rotation(turn),
                ColliderBuilder::cuboid(0.5, 0.4, 0.6),
            )
            .0,
        );
        // Launched upwards from the ground: they pass through the platform.
        from_below.push(
            add(
                RigidBodyBuilder::dynamic()
                    .translation(Vector::new(x, 0.5, 2.0))
                    .rotation(turn)
                    .linvel(Vector::new(0.0, 11.0, 0.0)),
                ColliderBuilder::cuboid(0.4, 0.4, 0.4),
            )
            .0,
        );
    }

    let params = IntegrationParameters::default();
    // The one-line registration: the filter, wrapping the user's hooks, for the pipeline's
    // parameters.
    let hooks = SatContactFilter::with_inner(OneWayPlatform {
        platform,
        asked: AtomicUsize::new(0),
        modified: AtomicUsize::new(0),
    })
    .for_parameters(&params);

    let mut pipeline = PhysicsPipeline::new();
    let (mut islands, mut broad_phase, mut narrow_phase) = (
        IslandManager::new(),
        DefaultBroadPhase::new(),
        NarrowPhase::new(),
    );
    let (mut joints, mut multibody_joints) = (ImpulseJointSet::new(), MultibodyJointSet::new());
    let (mut soft_bodies, mut ccd) = (SoftBodySet::new(), CCDSolver::new());
    let mut highest: Vec<Real> = vec![0.0; from_below.len()];
    for _ in 0..240 {
        pipeline.step(
            Vector::new(0.0, -9.81, 0.0),
            &params,
            &mut islands,
            &mut broad_phase,
            &mut narrow_phase,
            &mut bodies,
            &mut colliders,
            &mut joints,
            &mut multibody_joints,
            &mut soft_bodies,
            &mut ccd,
            &hooks,
            &(),
        );
        for (h, &b) in highest.iter_mut().zip(&from_below) {
            *h = h.max(bodies[b].translation().y);
        }
    }

    let heights = |set: &[RigidBodyHandle]| -> Vec<String> {
        set.iter()
            .map(|&b| format!("{:.2}", bodies[b].translation().y))
            .collect()
    };
    println!("after 4 s (the platform's top is at y = 3.1):");
    println!(
        "  dropped from above, resting heights: {}",
        heights(&from_above).join(" ")
    );
    let peaks: Vec<String> = highest.iter().map(|y| format!("{y:.2}")).collect();
    println!(
        "  launched from below, highest points:  {}",
        peaks.join(" ")
    );
    println!(
        "  ... then landed on top, at heights:    {}",
        heights(&from_below).join(" ")
    );
    let user = hooks.inner();
    println!(
        "the user's filter_contact_pair ran {} times, its modify_solver_contacts {} times",
        user.asked.load(Ordering::Relaxed),
        user.modified.load(Ordering::Relaxed)
    );
}
