//! Rotating 3D casts (`NonlinearRecipe3`): sat-core's `Obb3::cast_nonlinear` judged by certified
//! distances and a proof that no earlier time comes within the tolerance, parry's
//! `cast_shapes_nonlinear` as a peer.
#![no_main]
use libfuzzer_sys::{Corpus, fuzz_target};
use sat_oracle::check::{NonlinearCase3, check_cast3_nonlinear};

fuzz_target!(|case: NonlinearCase3| -> Corpus {
    if check_cast3_nonlinear(&case).accepted {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
