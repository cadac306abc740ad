//! 3D box pairs (`Recipe3`) checked as `obb3` checks them, plus `separation()`'s bounds against the
//! exact oracle on every case.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair3, check_separation3};

fuzz_target!(|pair: RecipePair3| -> Corpus {
    if check_separation3(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
