//! 3D box pairs in f64 (`Recipe3`, written in f64): sat-core's `DObb3` against the exact oracle;
//! inputs sat-core's constructors reject are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair3, check3_f64};

fuzz_target!(|pair: RecipePair3| -> Corpus {
    if check3_f64(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
