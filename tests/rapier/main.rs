//! sat-rapier in rapier: its dispatcher's contacts and manifolds against parry's and the exact
//! oracle (`contact`), whole 2D and 3D pipelines stepped with the SAT dispatcher and contact
//! filter, rapier's own tall stacks against its default narrow phase (`stacks2`), and a parry
//! finding on boxes resting on a wide thin ground (`ground_contact`). One test binary, so rapier
//! is linked once for all of them.

mod harness;

mod contact;
mod ground_contact;
mod pipeline;
mod pipeline2;
mod pipeline3;
mod stacks2;
