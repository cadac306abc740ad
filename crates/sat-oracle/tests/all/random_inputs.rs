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
        // Rotating casts are judged by chains of certified distances, far slower than the other
        // checks: fewer of them (`fuzz_replay::random_nonlinear_cast_cases_3d` runs more).
        let count = if target.name == "cast3_nonlinear" {
            300
        } else {
            30_000
        };
        for _ in 0..count {
            inputs.input(&mut bytes, 128);
            accepted += usize::from((target.run)(&bytes).accepted);
        }
        assert!(
            accepted * 3 > count,
            "{}: only {accepted} accepted",
            target.name
        );
    }
}
