//! 3D box pairs (`Recipe3`): sat-core against the exact oracle, parry's GJK and SAT against both;
//! inputs sat-core's constructors reject are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair3, check3};

fuzz_target!(|pair: RecipePair3| -> Corpus {
    if check3(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
