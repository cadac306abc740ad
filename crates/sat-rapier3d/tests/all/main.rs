//! sat-rapier3d in rapier3d: its dispatcher's contacts and manifolds against parry's and the
//! exact oracle (`contact`), whole pipelines stepped with the SAT dispatcher and contact filter
//! (`pipeline`), rapier's own scenes in short runs (`own_scenes`), a parry finding on boxes
//! resting on a wide thin ground (`ground_contact`), and its shape casts against the exact time
//! of impact, through the query pipeline and the character controller (`cast`), over
//! sat-oracle's rapier world, scene harness and scenes. One test binary, so rapier is linked once
//! for all of them.

mod cast;
mod contact;
mod ground_contact;
mod own_scenes;
mod pipeline;
