//! Piles in rapier2d-f64 pipelines: the pyramid of sat-rapier2d's `tests/all/pipeline.rs`,
//! stepped 10 simulated seconds with rapier as is, with
//! `SatDispatcher::default().chain(DefaultQueryDispatcher)` as the narrow phase's dispatcher, and
//! with `SatContactFilter` as hook (and a pass-through hook, the filter's baseline), once at the
//! origin and once thousands of kilometres from it, where f32 positions are a quarter of a metre
//! apart. Every body and solver contact stays finite, and the top box stays where it was put.

use sat_oracle::harness::dim2_f64::{assert_stands, pyramid};
use sat_rapier2d_f64::rapier::prelude::*;

/// Far from the origin: f32's spacing there is 0.25 to 0.5 (a box of half-extent 0.5 could not
/// even be placed), f64's below 1e-9.
const FAR: [f64; 3] = [4.0e6, 0.0, -3.0e6];

#[test]
fn pyramid_stands_near_and_far_with_the_dispatcher_and_the_filter() {
    for origin in [Vector::ZERO, Vector::new(FAR[0], FAR[2])] {
        assert_stands(
            &format!("pyramid2-f64 at {origin}"),
            |integration| pyramid(integration, 20, origin),
            0.05,
            0.1,
        );
    }
}
