//! sat-rapier3d-f64 in real rapier3d-f64 pipelines: piles stand and stay finite with the dispatcher
//! chained and with the contact filter as hook, near the origin and thousands of kilometres
//! from it (`pipeline`); the dispatcher's answers agree with parry-f64's default dispatcher on
//! cuboid pairs, also at poses where f32 cannot tell a micrometre (`queries`). One test binary,
//! so rapier3d-f64 is linked once.

mod pipeline;
mod queries;
