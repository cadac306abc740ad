//! Layer 3, the commands: each subcommand of `obbsat` as a function from its options to its
//! output, over the case (layer 1) and the engines (layer 2). `cli` (layer 4) parses the
//! arguments into these options.
//!
//! A new command is a module here with its `Options` and `run`, and a subcommand in `cli`.

pub(crate) mod answer;
pub(crate) mod check;
pub(crate) mod corpus;
pub(crate) mod decode;
pub(crate) mod explain;
pub(crate) mod generate;
pub(crate) mod run;
