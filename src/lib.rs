//! The `obbsat` command-line tool as a library, so that the workspace's tests can reuse its
//! case format, engines and generators.
//!
//! * [`case`]: the JSON Lines case format; [`case_boxes`] the numbers as written, [`pair`] the
//!   boxes of the f32 engines, [`exact_pair`] those of the exact engines, [`double_pair`] those
//!   of the f64 engines.
//! * [`engine`]: the built-in engines (`sat`, `sat64`, `certified`, `exact`, `parry-sat`,
//!   `parry-gjk`, `parry64-sat`, `parry64-gjk`);
//!   [`cmd_engine`]: outside engines over the JSON Lines protocol.
//! * [`verdict`], [`check`] (+ [`check_report`]), [`explain`] (+ [`picture`]) and [`corpus`]:
//!   the subcommands.
//! * [`reference`](mod@reference): an independent exact reference in rationals.
//! * [`generate`]: seeded random and adversarial box pairs.
//! * [`run`]: the main job (`obbsat` or `obbsat run`), every engine adjudicated by the exact oracle.
//! * [`cli`]: argument parsing and dispatch (the binary's `main`).

pub mod case;
pub mod case_boxes;
pub mod check;
pub mod check_report;
pub mod cli;
pub mod cmd_engine;
pub mod corpus;
pub mod distance;
pub mod double_pair;
pub mod engine;
pub mod exact_pair;
pub mod explain;
pub mod generate;
pub mod input;
pub mod json;
pub mod pair;
pub mod parallel;
pub mod picture;
pub mod progress;
pub mod reference;
pub mod run;
pub mod verdict;

/// The README's Rust examples, compiled and run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
