//! sat-oracle's checks on stable, one binary: the fuzz targets' check on their committed corpus,
//! regressions and seeded random inputs (`fuzz_replay`, `random_inputs`), the property test that
//! sat-core, parry's SAT and the exact oracle agree far from the band (`proptest_parry`), and
//! sat-core's stored boxes against the recipes' leaning columns as written (`written_boxes`).

mod fuzz_replay;
mod proptest_parry;
mod random_inputs;
mod written_boxes;
