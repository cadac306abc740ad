//! sat-rapier in rapier: its dispatcher's contacts and manifolds against parry's and the exact
//! oracle (`contact`), whole 2D and 3D pipelines stepped with the SAT dispatcher and contact
//! filter, and rapier's own tall stacks against its default narrow phase (`stacks2`). One test
//! binary, so rapier is linked once for all of them.

mod harness;

mod contact;
mod pipeline;
mod pipeline2;
mod pipeline3;
mod stacks2;
