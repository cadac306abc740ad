//! sat-rapier in rapier: its dispatcher's contacts and manifolds against parry's and the exact
//! oracle (`contact`), and whole 2D and 3D pipelines stepped with the SAT dispatcher and contact
//! filter, and rapier's own scenes in short runs (`own_scenes`). One test binary, so rapier is
//! linked once for all of them.

mod harness;

mod contact;
mod own_scenes;
mod pipeline;
mod pipeline2;
mod pipeline3;
