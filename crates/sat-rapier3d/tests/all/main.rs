//! sat-rapier3d in rapier3d: its dispatcher's contacts and manifolds against parry's and the
//! exact oracle (`contact`), whole pipelines stepped with the SAT dispatcher and contact filter
//! (`pipeline`), and rapier's own scenes in short runs (`own_scenes`), over sat-oracle's rapier
//! world, scene harness and scenes. One test binary, so rapier is linked once for all of them.

mod contact;
mod own_scenes;
mod pipeline;
