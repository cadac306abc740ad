//! The example's scene (`examples/drop_boxes`), stepped for as many frames as the example.

use bevy::prelude::*;

use crate::bevy_rapier::prelude::*;
use crate::bevy_sat_rapier::SatDispatcher;
use crate::check::{answers, assert_answers_as_sat_dispatcher};
use crate::scene::{self, Report};

/// Asserts that the default context's narrow phase answers each of its current cuboid pairs
/// (at the colliders' current poses) exactly as `SatDispatcher` does; returns how many pairs.
fn assert_scene_pairs_answered_as_sat_dispatcher(app: &mut App) -> usize {
    let world = app.world_mut();
    let mut context = world.query_filtered::<
        (&RapierContextSimulation, &RapierContextColliders),
        With<DefaultRapierContext>,
    >();
    let (simulation, colliders) = context.single(world).unwrap();
    let mut pairs = 0;
    for pair in simulation.narrow_phase.contact_pairs() {
        let (co1, co2) = (
            &colliders.colliders[pair.collider1],
            &colliders.colliders[pair.collider2],
        );
        let pos12 = co1.position().inv_mul(co2.position());
        let (g1, g2) = (co1.shape(), co2.shape());
        assert!(g1.as_cuboid().is_some() && g2.as_cuboid().is_some());
        assert_eq!(
            answers(simulation.query_dispatcher(), &pos12, g1, g2),
            answers(&SatDispatcher::default(), &pos12, g1, g2),
        );
        pairs += 1;
    }
    pairs
}

#[test]
fn the_example_scene_settles_with_sat_dispatcher_answering() {
    let mut app = scene::app();
    let mut pairs_checked = 0;
    for frame in 0..scene::FRAMES {
        app.update();
        let report = Report::of(&mut app);
        assert!(report.finite, "frame {frame}: {report:?}");
        // While the boxes land and tumble, and once they have settled.
        if frame % 50 == 30 {
            pairs_checked += assert_scene_pairs_answered_as_sat_dispatcher(&mut app);
        }
    }
    assert!(pairs_checked > 0);
    {
        let world = app.world_mut();
        let mut context =
            world.query_filtered::<&RapierContextSimulation, With<DefaultRapierContext>>();
        let simulation = context.single(world).unwrap();
        assert_answers_as_sat_dispatcher(simulation.query_dispatcher(), "drop_boxes");
    }

    // A scene query goes through the same dispatcher.
    let queries = Report::of(&mut app).queries;
    let touched = scene::probe(&mut app);
    let report = Report::of(&mut app);
    assert!(
        !touched.is_empty() && report.queries > queries,
        "{touched:?} {report:?}"
    );
    assert_eq!(report.boxes, scene::starts().len());
    assert_eq!(report.settled, report.boxes, "{report:?}");
    // Nothing sank into the floor (its top is at 0; the thinnest half-extent is 0.3).
    let thinnest = scene::HALF_EXTENTS.min_element();
    assert!(report.lowest > thinnest - 0.02, "{report:?}");
    // Every box rests on something: at least as many touching pairs as boxes.
    assert!(report.touching_pairs >= report.boxes, "{report:?}");
    assert!(report.pair_updates > 0, "{report:?}");
}
