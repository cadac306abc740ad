//! sat-oracle's checks on stable, one binary: the fuzz targets' check on their committed corpus,
//! regressions and seeded random inputs (`fuzz_replay`, `random_inputs`), and the property test
//! that sat-core, parry's SAT and the exact oracle agree far from the band (`proptest_parry`).

mod fuzz_replay;
mod proptest_parry;
mod random_inputs;
