//! 2D rectangle pairs in f64 (`Recipe2`, written in f64): sat-core's `DObb2` against the exact
//! oracle; inputs sat-core's constructors reject are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair2, check2_f64};

fuzz_target!(|pair: RecipePair2| -> Corpus {
    if check2_f64(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
