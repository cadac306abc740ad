//! Every fuzz target's check on seeded random inputs and on its named seeds, without libFuzzer:
//! sat-core's guarantees (a `false` is exact, exact outside the band, the batch kernel equal to
//! `intersects` bit for bit) and the dispatcher's contacts and manifolds on each case.

use sat_oracle::check::{RandomInputs, TARGETS};

#[test]
fn every_target_holds_on_seeds_and_seeded_random_inputs() {
    let mut inputs = RandomInputs::new(0x5eed_f0a5);
    let mut bytes = Vec::new();
    for target in TARGETS {
        let mut accepted = 0;
        for (_, bytes) in (target.seeds)() {
            accepted += usize::from((target.run)(&bytes).accepted);
        }
        for _ in 0..30_000 {
            inputs.input(&mut bytes, 128);
            accepted += usize::from((target.run)(&bytes).accepted);
        }
        assert!(
            accepted * 3 > 30_000,
            "{}: only {accepted} accepted",
            target.name
        );
    }
}
