//! The `obbsat` command-line tool as a library, so that the workspace's tests can reuse its
//! case format and generators.
//!
//! * [`case`]: the JSON Lines case format, read into sat-core boxes with named errors.
//! * [`verdict`] and [`check`]: the `verdict` and `check` subcommands.
//! * [`generate`]: seeded random and adversarial box pairs.
//! * [`main_job`]: the default run, sat-core against parry and the exact oracle.
//! * [`cli`]: argument parsing and dispatch (the binary's `main`).

pub mod case;
pub mod check;
pub mod cli;
pub mod generate;
pub mod input;
pub mod main_job;
pub mod verdict;
