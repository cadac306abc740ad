//! 2D box pairs (`ContactCase2`: prediction and motion knobs, then a `Recipe2`):
//! `contact_manifolds` as rapier's narrow phase calls it (fresh, then updated after a small
//! motion), judged against the exact oracle (`sat_oracle::check::contact`); parry's own dispatcher
//! is judged as a peer. Inputs sat-core's constructors reject are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{ContactCase2, check_manifold2};

fuzz_target!(|input: ContactCase2| -> Corpus {
    if check_manifold2(&input).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
