//! Scenes of 2–6 boxes (`Scene3`: dynamic, fixed or kinematic, tiny to huge, resting,
//! near-parallel, moving) stepped 1–20 times by a rapier3d pipeline whose narrow phase uses the
//! chain; after each step every manifold is judged against the exact oracle and the state must
//! stay finite (`sat_oracle::check::check_scene3`). Rejected scenes are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{Scene3, check_scene3};

fuzz_target!(|input: Scene3| -> Corpus {
    if check_scene3(&input).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
