//! sat-core checked against ground truth: the exact oracle (`sat_core::exact`) on generated and
//! hand-made pairs, parry as a peer, the batch kernels against the scalar test, and every input
//! form and bad input. One test binary, so parry and rapier are linked once for all of them.

mod bad_input;
mod batch;
mod exact_band;
mod fuzz_replay;
mod input_forms;
mod proptest_parry;
mod random_inputs;
mod verdicts;
