//! sat-rapier's double-precision flavours (`sat_rapier::dim3_f64`, `sat_rapier::dim2_f64`) in
//! real rapier3d-f64 and rapier2d-f64 pipelines: piles stand and stay finite with the
//! dispatcher chained and with the contact filter as hook, near the origin and thousands of
//! kilometres from it (`pipelines`); the dispatcher's answers agree with parry-f64's default
//! dispatcher on cuboid pairs, also at poses where f32 cannot tell a micrometre (`queries`).
//! One test binary for both flavours, so the f64 rapiers are linked once.

#[path = "../rapier/harness.rs"]
mod harness;
mod pipelines;
mod queries;
