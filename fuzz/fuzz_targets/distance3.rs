//! 3D box pairs (`Recipe3`): sat-core's distance and closest points against the exact distance
//! of the boxes it stores, parry's `query::distance` and `query::closest_points` as peers.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair3, check_distance3};

fuzz_target!(|pair: RecipePair3| -> Corpus {
    if check_distance3(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
