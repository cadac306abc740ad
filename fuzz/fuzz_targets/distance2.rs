//! 2D box pairs (`Recipe2`): sat-core's distance and closest points against the exact distance
//! of the rectangles it stores, parry2d's `query::distance` and `query::closest_points` as peers.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair2, check_distance2};

fuzz_target!(|pair: RecipePair2| -> Corpus {
    if check_distance2(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
