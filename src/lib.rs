//! The `obbsat` command-line tool as a library, so that the workspace's tests can reuse its
//! case format, engines and generators.
//!
//! * [`case`]: the JSON Lines case format; [`written`] the numbers as written, [`pair`] the
//!   boxes of the f32 engines, [`exact_pair`] those of the exact engines.
//! * [`engine`]: the built-in engines (`sat`, `certified`, `exact`, `parry-sat`, `parry-gjk`).
//! * [`verdict`] and [`check`]: the `verdict` and `check` subcommands.
//! * [`generate`]: seeded random and adversarial box pairs.
//! * [`main_job`]: the default run, sat-core against parry and the exact oracle.
//! * [`cli`]: argument parsing and dispatch (the binary's `main`).

pub mod case;
pub mod check;
pub mod cli;
pub mod engine;
pub mod exact_pair;
pub mod generate;
pub mod input;
pub mod json;
pub mod main_job;
pub mod pair;
pub mod verdict;
pub mod written;
