//! The `obbsat` CLI and its library modules: each subcommand run as a user runs it (the binary,
//! stdin and stdout), the case format, and the README's Rust blocks. One test binary, so the
//! root package's dependencies (parry, rapier) are linked once for all of them.

mod common;

mod case;
mod cast;
mod check;
mod cmd_engine;
mod corpus;
mod distance;
mod exact_band;
mod exact_engines;
mod explain;
mod parry64;
mod readme_examples;
mod run;
mod verdict;
