//! 2D box pairs (`ContactCase2`: prediction and motion knobs, then a `Recipe2`): the dispatcher
//! chain's `contact()` (`SatDispatcher::default().chain(DefaultQueryDispatcher)`) on the pose
//! rapier passes, judged against the exact oracle (`sat_oracle::check::contact`); parry's own
//! dispatcher is judged as a peer. Inputs sat-core's constructors reject are kept out of the
//! corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{ContactCase2, check_contact2};

fuzz_target!(|input: ContactCase2| -> Corpus {
    if check_contact2(&input).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
