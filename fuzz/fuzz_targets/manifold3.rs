//! 3D box pairs (`ContactCase3`: prediction and motion knobs, then a `Recipe3`):
//! `contact_manifolds` as rapier's narrow phase calls it (fresh, then updated after a small
//! motion), judged against the exact oracle (`sat_oracle::check::contact`); parry's own dispatcher
//! is judged as a peer. Inputs sat-core's constructors reject are kept out of the corpus.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{ContactCase3, check_manifold3};

fuzz_target!(|input: ContactCase3| -> Corpus {
    if check_manifold3(&input).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
