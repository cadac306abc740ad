//! How the rapier benches time worlds stepped in lockstep on a shared machine: medians over the
//! steps (a step that lost the CPU to another process does not move them), the per-step ratio of
//! two worlds' times, the thread's CPU clock, and the load average to print beside the figures.
//!
//! [`StepTimes`] records, per step, rapier's wall-clock narrow-phase and step timers (its
//! `profiler` counters) and the thread's CPU time of the step; its ratios compare CPU times, so
//! that a step the machine took the CPU away from mid-way costs what it would have cost alone.
//!
//! ```
//! use sat_oracle::timing::{StepTimes, median, ratio};
//!
//! assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
//! // Per step, the first world took twice as long as the second, but for one outlier.
//! assert_eq!(ratio(&[2.0, 4.0, 90.0], &[1.0, 2.0, 3.0]), 2.0);
//!
//! let (mut fast, mut slow) = (StepTimes::default(), StepTimes::default());
//! for _ in 0..3 {
//!     // Narrow phase and step (wall clock), then the step's CPU time: the slow world had the
//!     // CPU half the time.
//!     fast.push(1.0, 2.0, 2.0);
//!     slow.push(4.0, 8.0, 4.0);
//! }
//! assert_eq!(slow.cpu_share(), 0.5);
//! // The fast world against the slow one as base: twice as fast, in the narrow phase (CPU
//! // estimate 1 ms against 4 ms · 0.5) and in the step (CPU 2 ms against 4 ms).
//! assert_eq!(slow.narrow_ratio(&fast), 2.0);
//! assert_eq!(slow.step_ratio(&fast), 2.0);
//! assert_eq!(fast.step_ratio(&slow), 0.5);
//! ```

/// The median of `values` (the upper one of an even count; NaN when empty).
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The median over steps of `base[i] / other[i]`: how many times faster `other` was than
/// `base` (> 1: faster).
pub fn ratio(base: &[f64], other: &[f64]) -> f64 {
    median(base.iter().zip(other).map(|(b, o)| b / o).collect())
}

/// The load average, as `/proc/loadavg` gives it (empty where there is none).
pub fn load_average() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    load.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// This thread's CPU time, in milliseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
#[cfg(unix)]
pub fn thread_cpu_ms() -> f64 {
    use rustix::time::{ClockId, clock_gettime};
    let t = clock_gettime(ClockId::ThreadCPUTime);
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 * 1e-6
}

/// One world's times, per step: rapier's narrow-phase and whole-step timers (wall clock, ms)
/// and the thread's CPU time of the step (ms).
#[derive(Clone, Debug, Default)]
pub struct StepTimes {
    /// rapier's narrow-phase timer.
    pub narrow: Vec<f64>,
    /// rapier's step timer.
    pub step: Vec<f64>,
    /// The thread's CPU time of the step.
    pub cpu: Vec<f64>,
}

impl StepTimes {
    /// Records a step.
    pub fn push(&mut self, narrow: f64, step: f64, cpu: f64) {
        self.narrow.push(narrow);
        self.step.push(step);
        self.cpu.push(cpu);
    }

    /// The share of each step's wall-clock time that the thread had the CPU.
    fn shares(&self) -> impl Iterator<Item = f64> + '_ {
        self.cpu
            .iter()
            .zip(&self.step)
            .map(|(c, w)| (c / w).min(1.0))
    }

    /// The narrow phase's CPU milliseconds per step, estimated: rapier's wall-clock
    /// narrow-phase timer times the share of the step's wall-clock time that the thread had the
    /// CPU (other processes take it away mid-step, evenly over the step's phases).
    pub fn narrow_cpu(&self) -> Vec<f64> {
        self.narrow
            .iter()
            .zip(self.shares())
            .map(|(n, s)| n * s)
            .collect()
    }

    /// The median share of a step's wall-clock time that the thread had the CPU.
    pub fn cpu_share(&self) -> f64 {
        median(self.shares().collect())
    }

    /// How many times faster `other`'s narrow phase was than this one's: the median of the
    /// per-step ratios of the estimated CPU times ([`narrow_cpu`](Self::narrow_cpu)).
    pub fn narrow_ratio(&self, other: &StepTimes) -> f64 {
        ratio(&self.narrow_cpu(), &other.narrow_cpu())
    }

    /// How many times faster `other`'s step was than this one's: the median of the per-step
    /// ratios of the steps' CPU times.
    pub fn step_ratio(&self, other: &StepTimes) -> f64 {
        ratio(&self.cpu, &other.cpu)
    }
}
