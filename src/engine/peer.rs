//! A peer as a verdict engine: another library's intersection test, run on the boxes of a case
//! and timed in the main job, its panics caught (a peer finding, never a crash of our tools).
//! The rows: `parry.rs` (parry's SAT and GJK), `parry64.rs` (parry-f64's).

use sat_oracle::peers::{PeerPanic, catch_peer};

use super::interface::{About, Engine, Judgement, Precision, VERDICTS};
use super::main_job::{Batch, Pass};
use super::prepared::Prepared;
use super::sat::single_margin;
use super::sat64::double_margin;

/// A peer's verdict engine.
pub struct Peer {
    /// Who it is.
    about: About,
    /// Its verdict on a case, a panic inside the peer caught.
    verdict: fn(&Prepared) -> Result<bool, PeerPanic>,
    /// Its timed pass over a batch of the main job.
    time: fn(&Batch) -> Pass,
}

impl Peer {
    /// A peer named `name` (`label` in the main job) computing in `precision`: beside its
    /// verdict it reports sat-core's `separation` of the case's boxes in that precision (f64
    /// where the case has f64 boxes).
    pub const fn new(
        name: &'static str,
        label: &'static str,
        precision: Precision,
        verdict: fn(&Prepared) -> Result<bool, PeerPanic>,
        time: fn(&Batch) -> Pass,
    ) -> Peer {
        Peer {
            about: About::new(name, label, precision, VERDICTS),
            verdict,
            time,
        }
    }
}

impl Engine for Peer {
    fn about(&self) -> About {
        self.about
    }

    /// A panic inside the peer (caught) is reported on stderr and counted as a wrong verdict:
    /// the opposite of the exact one.
    fn judge(&self, case: &Prepared) -> Option<Judgement> {
        let intersects = (self.verdict)(case).unwrap_or_else(|caught| {
            eprintln!("{} {caught} (counted as a wrong verdict)", self.about.name);
            !case.exact.verdict().intersects
        });
        let margin = match (&case.double, self.about.precision) {
            (Some(double), Precision::F64) => double_margin(double),
            _ => single_margin(case),
        };
        Some(Judgement {
            intersects,
            ..margin
        })
    }

    fn time(&self, batch: &Batch) -> Option<Pass> {
        Some((self.time)(batch))
    }
}

/// A peer's call in the main job. With debug assertions (`cargo run` without `--release`)
/// parry's own `debug_assert!`s can fire on touching pairs (docs/findings.md): the panic is a
/// peer finding, reported on stderr and counted as "intersects", never a crash of the run.
/// Release builds, where those assertions do not exist, call the peer directly so that its
/// timing is not taxed.
pub fn main_job_peer(call: impl FnOnce() -> bool) -> bool {
    if cfg!(debug_assertions) {
        catch_peer(call).unwrap_or_else(|panic| {
            eprintln!("parry {panic} (a peer finding; counted as \"intersects\")");
            true
        })
    } else {
        call()
    }
}

/// A peer's timed pass: its test `$test` on the batch's prepared shapes `$shapes`, each pair's
/// verdict judged on the numbers as written.
macro_rules! peer_pass {
    ($shapes:ident, $test:ident) => {
        |batch: &$crate::engine::main_job::Batch| {
            $crate::engine::main_job::Pass::written($crate::engine::main_job::on_batch!(
                batch,
                |b| $crate::engine::main_job::timed(&b.$shapes, |(x, y)| {
                    $crate::engine::peer::main_job_peer(|| x.$test(y))
                })
            ))
        }
    };
}

pub(crate) use peer_pass;
