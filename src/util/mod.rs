//! Layer 0, plumbing that knows nothing of boxes: numbered input lines ([`Lines`], [`open`]), a
//! progress bar on stderr ([`Progress`]) and an ordered map over every core
//! ([`parallel_map`]).

mod input;
mod parallel;
mod progress;

pub use input::{Lines, open};
pub use parallel::parallel_map;
pub use progress::Progress;
