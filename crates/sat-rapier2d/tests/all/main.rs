//! sat-rapier2d in rapier2d: its dispatcher's contacts and manifolds against parry's and the
//! exact oracle (`contact`), and whole pipelines stepped with the SAT dispatcher and contact
//! filter (`pipeline`), over sat-oracle's rapier world and scene harness. One test binary, so
//! rapier is linked once for all of them.

mod contact;
mod pipeline;
