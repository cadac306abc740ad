//! 2D linear casts (`CastRecipe2`: the verdict recipes' rectangles at their placement, reached at a
//! time `lead`): sat-core's `Obb2::cast`, `cast_certified` and the f64 cast against the exact time
//! of impact, parry's `cast_shapes` as a peer.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{CastCase2, check_cast2};

fuzz_target!(|case: CastCase2| -> Corpus {
    if check_cast2(&case).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
