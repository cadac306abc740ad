//! sat-rapier in rapier: whole 2D and 3D pipelines stepped with the SAT dispatcher and contact
//! filter. One test binary, so rapier is linked once for all of them.

mod harness;

mod pipeline2;
mod pipeline3;
