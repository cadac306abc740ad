//! A progress bar on stderr for long runs: hidden for the first second, and whenever stderr is
//! not a terminal (indicatif's rule), so short runs and pipelines print nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Shared by worker threads; every method takes `&self`.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar for `length` units of work, labelled `message`.
    pub fn new(length: usize, message: &str) -> Self {
        let bar = ProgressBar::with_draw_target(Some(length as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {percent:>3}% {elapsed} {msg}") {
            bar.set_style(style);
        }
        bar.set_message(message.to_owned());
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// Announces `units` more work.
    pub fn add_work(&self, units: usize) {
        self.bar.inc_length(units as u64);
    }

    /// Marks `units` of work done.
    pub fn advance(&self, units: usize) {
        if !self.shown.load(Ordering::Relaxed) && self.started.elapsed() > Duration::from_secs(1) {
            self.shown.store(true, Ordering::Relaxed);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.inc(units as u64);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
