//! Every fuzz target's check on seeded random inputs and on its named seeds, without libFuzzer:
//! sat-core's guarantees (a `false` is exact, exact outside the band, the batch kernel equal to
//! `intersects` bit for bit) and the dispatcher's contacts and manifolds on each case, from
//! sat-oracle's own tests.

use sat_oracle::check::TARGETS;

#[test]
fn every_target_holds_on_seeds_and_seeded_random_inputs() {
    // splitmix64
    let mut state = 0x5eed_f0a5_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for target in TARGETS {
        let mut accepted = 0;
        for (_, bytes) in (target.seeds)() {
            accepted += usize::from((target.run)(&bytes).accepted);
        }
        for _ in 0..30_000 {
            let len = (next() % 128) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            accepted += usize::from((target.run)(&bytes).accepted);
        }
        assert!(
            accepted > 10_000,
            "{}: only {accepted} accepted",
            target.name
        );
    }
}
