//! 2D rectangle pairs (`Recipe2`): sat-core against the exact oracle, parry's GJK and SAT against
//! both; inputs sat-core's constructors reject are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{RecipePair2, check2};

fuzz_target!(|pair: RecipePair2| -> Corpus {
    if check2(&pair).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
