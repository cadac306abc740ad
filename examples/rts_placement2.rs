//! The seeds' motivating case: can this building footprint be placed among the existing ones?
//!
//! Placed buildings are fixed rectangles in a rapier2d world. The narrow phase is built with
//! sat-core's `SatDispatcher` chained before rapier's default dispatcher, and rapier's query
//! pipeline asks that dispatcher whether a candidate footprint overlaps any placed building
//! (touching counts as overlapping: footprints are closed). Each answer is printed next to the
//! default dispatcher's, then the first free spot along a street is searched for, through
//! rapier and again with sat-core's batch API (`ObbSet2` + `any_overlap2`, no broad phase: every
//! placed footprint against the candidate, 8 at a time), which must find the same spot.
//!
//! ```sh
//! cargo run --release --example rts_placement2
//! ```

use rapier2d::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
use rapier2d::prelude::*;
use sat_core::Obb2;
use sat_core::batch::{ObbSet2, any_overlap2};
use sat_rapier2d::SatDispatcher;

/// A footprint: centre, half-extents and rotation in degrees.
struct Footprint {
    name: &'static str,
    centre: Vector,
    half_extents: Vector,
    degrees: Real,
}

impl Footprint {
    const fn new(name: &'static str, x: Real, y: Real, w: Real, h: Real, degrees: Real) -> Self {
        Footprint {
            name,
            centre: Vector::new(x, y),
            half_extents: Vector::new(w * 0.5, h * 0.5),
            degrees,
        }
    }

    fn pose(&self) -> Pose {
        Pose::new(self.centre, self.degrees.to_radians())
    }

    fn shape(&self) -> Cuboid {
        Cuboid::new(self.half_extents)
    }

    fn obb(&self) -> Obb2 {
        Obb2::from_degrees(self.centre, self.half_extents, self.degrees)
    }
}

/// The town: placed buildings, as (name, centre x, y, width, height, rotation in degrees).
const TOWN: [Footprint; 6] = [
    Footprint::new("town hall", 0.0, 0.0, 12.0, 8.0, 0.0),
    Footprint::new("barracks", 14.0, 2.0, 8.0, 6.0, 30.0),
    Footprint::new("farm", -13.0, 5.0, 10.0, 10.0, -15.0),
    Footprint::new("tower", 6.0, 11.0, 3.0, 3.0, 45.0),
    Footprint::new("mill", -4.0, -11.0, 6.0, 4.0, 80.0),
    Footprint::new("wall", 10.0, -9.0, 16.0, 1.0, 10.0),
];

fn main() {
    let mut bodies = RigidBodySet::new();
    let mut colliders = ColliderSet::new();
    let mut names = Vec::new();
    for building in &TOWN {
        let body = bodies.insert(RigidBodyBuilder::fixed().pose(building.pose()));
        let half = building.half_extents;
        let collider = ColliderBuilder::cuboid(half.x, half.y);
        names.push((
            colliders.insert_with_parent(collider, body, &mut bodies),
            building.name,
        ));
    }
    let name_of = |h: ColliderHandle| names.iter().find(|(n, _)| *n == h).map_or("?", |n| n.1);

    // One step builds the broad phase's tree that the query pipeline walks.
    let mut narrow_phase =
        NarrowPhase::with_query_dispatcher(SatDispatcher::default().chain(DefaultQueryDispatcher));
    let mut broad_phase = DefaultBroadPhase::new();
    PhysicsPipeline::new().step(
        Vector::ZERO,
        &IntegrationParameters::default(),
        &mut IslandManager::new(),
        &mut broad_phase,
        &mut narrow_phase,
        &mut bodies,
        &mut colliders,
        &mut ImpulseJointSet::new(),
        &mut MultibodyJointSet::new(),
        &mut SoftBodySet::new(),
        &mut CCDSolver::new(),
        &(),
        &(),
    );
    let everything = QueryFilter::default();
    let sat = broad_phase.as_query_pipeline(
        narrow_phase.query_dispatcher(),
        &bodies,
        &colliders,
        everything,
    );
    let default =
        broad_phase.as_query_pipeline(&DefaultQueryDispatcher, &bodies, &colliders, everything);
    let blockers = |pipeline: &QueryPipeline, f: &Footprint| -> Vec<&str> {
        let shape = f.shape();
        pipeline
            .intersect_shape(f.pose(), &shape)
            .map(|(h, _)| name_of(h))
            .collect()
    };

    let candidates = [
        Footprint::new("house touching the hall", 0.0, 7.0, 6.0, 6.0, 0.0),
        Footprint::new("house 1 mm off the hall", 0.0, 7.001, 6.0, 6.0, 0.0),
        Footprint::new("market, turned", 22.0, -2.0, 6.0, 4.0, 60.0),
        Footprint::new("forge by the tower", 9.0, 13.0, 4.0, 3.0, 20.0),
        Footprint::new("granary, far out", -30.0, -20.0, 8.0, 8.0, 33.0),
    ];
    let verdict = |b: &[&str]| {
        if b.is_empty() {
            "free".to_string()
        } else {
            format!("blocked by {}", b.join(", "))
        }
    };
    println!(
        "{:<26} | {:<28} | default dispatcher",
        "candidate", "SAT dispatcher"
    );
    for c in &candidates {
        let (ours, theirs) = (blockers(&sat, c), blockers(&default, c));
        println!(
            "{:<26} | {:<28} | {}",
            c.name,
            verdict(&ours),
            verdict(&theirs)
        );
    }

    // Walk a street eastwards in 0.5 m steps until a 10 × 7 inn, turned 30°, fits.
    let inn = |x: Real| Footprint::new("inn", x, 2.0, 10.0, 7.0, 30.0);
    let spot = (0..200)
        .map(|k| k as Real * 0.5)
        .find(|&x| blockers(&sat, &inn(x)).is_empty());
    match spot {
        Some(x) => println!("\nfirst free spot for the inn along y = 2: x = {x}"),
        None => println!("\nno free spot for the inn along y = 2"),
    }

    // The same search with the batch API: the town as one structure-of-arrays set.
    let town: ObbSet2 = TOWN.iter().map(Footprint::obb).collect();
    let batch_spot = (0..200)
        .map(|k| k as Real * 0.5)
        .find(|&x| !any_overlap2(&inn(x).obb(), &town));
    println!("the batch API (any_overlap2 over the whole town) finds x = {batch_spot:?}");
    assert_eq!(
        batch_spot, spot,
        "the batch search must agree with rapier's query pipeline"
    );
}
