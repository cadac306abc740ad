//! A progress bar on stderr for long runs, drawn only when stderr is a terminal (indicatif's
//! rule), so pipelines and tests print nothing. Its length is fixed when it is made — callers
//! count all the work they will do before starting — so the bar only moves forward and ends at
//! 100 %; the message says what is being done.

use indicatif::{ProgressBar, ProgressStyle};

/// Shared by worker threads; every method takes `&self`.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for exactly `length` units of work, labelled `message`.
    pub fn new(length: usize, message: &str) -> Self {
        let bar = ProgressBar::new(length as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} ({percent}%, {elapsed})")
        {
            bar.set_style(style);
        }
        bar.set_message(message.to_owned());
        Progress { bar }
    }

    /// Says what the work now being done is.
    pub fn set_message(&self, message: &str) {
        self.bar.set_message(message.to_owned());
    }

    /// Marks `units` of work done (work skipped counts as done, so the bar still ends at 100 %).
    pub fn advance(&self, units: usize) {
        self.bar.inc(units as u64);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
