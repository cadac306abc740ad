//! 3D linear casts (`CastRecipe3`: the verdict recipes' boxes at their placement, reached at a time
//! `lead` head-on, sliding, grazing, at tiny or zero relative speed): sat-core's `Obb3::cast`,
//! `cast_certified` and the f64 cast against the exact time of impact, parry's `cast_shapes` as a
//! peer.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{CastCase3, check_cast3};

fuzz_target!(|case: CastCase3| -> Corpus {
    if check_cast3(&case).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
