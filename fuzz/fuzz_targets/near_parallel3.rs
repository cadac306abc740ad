//! 3D box pairs with near-parallel faces or edges in contact (`NearParallelRecipe3`), checked as
//! `obb3` checks them.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{NearParallel3, check3};

fuzz_target!(|pair: NearParallel3| -> Corpus {
    if check3(&pair.0).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
