//! The `obbsat` command-line tool, and the library the workspace's tests use.
//!
//! Four layers, each importing only from those below it (`scripts/import_cycles.py` checks):
//!
//! 0. `util`: numbered input lines, the progress bar, a map over every core;
//! 1. `case`: the case as written ([`WrittenCase`], read from a case line), the pairs sat-core
//!    and the exact oracle store for it ([`SinglePair`], [`DoublePair`], [`ExactPair`]), the
//!    queries ([`Query`]) and the seeded [`Generator`] of [`GeneratedPair`]s; no engines;
//! 2. `engine`: the one [`Engine`] trait, the registry [`ENGINES`], a case with every engine's
//!    boxes ([`Prepared`]), outside engines over the `cmd:` protocol, the main job's batches and
//!    an independent exact [`reference()`];
//! 3. `command`: `run` (the main job), `verdict`, `distance`, `check`, `explain`, `generate`,
//!    `corpus`;
//! 4. `cli`: argument parsing and dispatch ([`main`]).
//!
//! Every module is private to the crate; this page is the whole public surface.
//!
//! ```
//! use obbsat::{Prepared, Query, engines};
//!
//! let line = r#"{"dim": 2, "a": {"center": [0, 0], "half_extents": [1, 1], "angle": 0},
//!     "b": {"center": [2.5, 0], "half_extents": [1, 1], "degrees": 45}}"#;
//! let case = Prepared::parse(line).map_err(|e| e.reason)?;
//! for engine in engines(Query::Verdict) {
//!     assert_eq!(engine.intersects(&case), Some(false), "{}", engine.name());
//! }
//! # Ok::<(), String>(())
//! ```

mod case;
mod cli;
mod command;
mod engine;
mod util;

pub use case::generate::{
    Form, GeneratedBox2, GeneratedBox3, GeneratedPair, GeneratedPair2, GeneratedPair3, Generator,
    JudgedLine, Kind,
};
pub use case::{
    CaseError, DoublePair, DoubleVerdict, ExactPair, Query, SinglePair, SingleVerdict, WrittenCase,
    WrittenPair, read_box2, read_box3,
};
pub use cli::main;
pub use engine::reference::{AxisGap, Reference, reference};
pub use engine::{
    About, Answer, ENGINES, Engine, Judgement, Margin, MarginSource, Measured, Precision, Prepared,
    engines,
};
pub use util::{Progress, parallel_map};

/// The README's Rust examples, compiled and run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;

/// The book's Rust examples (every page `docs/SUMMARY.md` names), compiled and run by
/// `cargo test --doc` as the README's are (`tests/cli/readme_examples.rs` checks that every page
/// is here).
#[cfg(doctest)]
pub mod book {
    #[doc = include_str!("../docs/index.md")]
    pub struct Introduction;
    #[doc = include_str!("../docs/guarantees.md")]
    pub struct Guarantees;
    #[doc = include_str!("../docs/error-bound.md")]
    pub struct ErrorBound;
    #[doc = include_str!("../docs/casts.md")]
    pub struct Casts;
    #[doc = include_str!("../docs/rapier.md")]
    pub struct Rapier;
    #[doc = include_str!("../docs/rapier-upstream.md")]
    pub struct RapierUpstream;
    #[doc = include_str!("../docs/rapier-own-scenes.md")]
    pub struct RapierOwnScenes;
    #[doc = include_str!("../docs/cli.md")]
    pub struct Cli;
    #[doc = include_str!("../docs/fuzzing.md")]
    pub struct Fuzzing;
    #[doc = include_str!("../docs/findings.md")]
    pub struct Findings;
    #[doc = include_str!("../docs/fuzzing-coverage.md")]
    pub struct FuzzingCoverage;
    #[doc = include_str!("../docs/fuzzing-campaigns.md")]
    pub struct FuzzingCampaigns;
    #[doc = include_str!("../docs/maintainers.md")]
    pub struct Maintainers;
    #[doc = include_str!("../docs/engines.md")]
    pub struct Engines;
    #[doc = include_str!("../docs/speed.md")]
    pub struct Speed;
    #[doc = include_str!("../docs/speed-not-kept.md")]
    pub struct SpeedNotKept;
    #[doc = include_str!("../docs/architecture.md")]
    pub struct Architecture;
}
