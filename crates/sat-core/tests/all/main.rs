//! sat-core's own tests, one binary: every input form and bad input, the verdicts on hand-made
//! pairs, the batch kernels against the scalar test (on random pairs and bit for bit at the
//! verdict's flip points), the certified test on near-parallel pairs, `distance` against the
//! exact oracle, `separation` against the axis-by-axis scan it replaced, and `DObb2`/`DObb3`
//! (f64) against exact verdicts. `rng` is the random generator most of them draw from. No
//! dependency beyond sat-core's own but two small generators (`rand`, `rand_pcg`), so
//! `cargo test -p sat-core` compiles no peer; the tests that need sat-oracle's recipes are
//! sat-oracle's (`crates/sat-oracle/tests/all/`).

mod bad_input;
mod batch;
mod batch_flip_points;
mod certified_near_parallel;
mod distance;
mod double;
mod input_forms;
mod rng;
mod separation_bits;
mod verdicts;
