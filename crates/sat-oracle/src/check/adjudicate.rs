//! [`check2`] and [`check3`]: sat-core's verdicts against the exact oracle, parry's against both.

use std::cell::OnceCell;

use sat_core::batch::{ObbSet2, ObbSet3, pair_overlaps2, pair_overlaps3};
use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use sat_core::tolerance::Band;
use sat_core::{Obb2, Obb3};

use super::filter::{FilterBox, decide2, decide3};
use super::judged::Judged;
use super::peer_findings::{Peer, PeerError, record, record_panic};
use super::recipe_pair::{RecipePair2, RecipePair3};
use crate::peers::{PeerPanic, try_parry_gjk2, try_parry_gjk3, try_parry_sat2, try_parry_sat3};

/// What [`check2`] or [`check3`] found on one case. A violation of sat-core's guarantees is a
/// panic instead.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Report {
    /// sat-core's checked constructors accepted both boxes (otherwise nothing was checked).
    pub accepted: bool,
    /// The exact verdict for the boxes as given, when it was needed (the f64 filter decides it
    /// unless the margin is within about `1e-13·S` of zero).
    pub intersects: Option<bool>,
    /// Whether the big-integer oracle ran.
    pub adjudicated: bool,
    /// sat-core's `intersects` was wrong, within its band (allowed).
    pub core_wrong_in_band: bool,
    /// Wrong verdicts of parry's GJK and SAT, in that order (inside the band too).
    pub peers: [Option<PeerError>; 2],
    /// Whether parry's GJK and SAT, in that order, panicked (caught: a peer finding, no verdict).
    pub panicked: [bool; 2],
}

/// [`check3`] and [`check2`]: one body over each dimension's functions.
macro_rules! check_fn {
    ($(#[$doc:meta])* $check:ident($case:ident, $dim:literal): $decide:ident, $verdict:ident,
     $exact_box:ident, $stored:ident, $batch:ident, $certified:ident, $gjk:ident, $sat:ident) => {
        $(#[$doc])*
        pub fn $check(case: &$case) -> Report {
            let Ok((a, b)) = case.obbs() else {
                return Report::default();
            };
            let input_exact = || case.exact();
            let filter = case.filter_boxes().and_then(|(a, b)| $decide(&a, &b));
            let input = LazyVerdict::new(filter, &input_exact);
            let stored_exact = || $verdict(&$exact_box::from_obb(&a), &$exact_box::from_obb(&b));
            let stored = LazyVerdict::new(
                $decide(&FilterBox::$stored(&a), &FilterBox::$stored(&b)),
                &stored_exact,
            );
            let verdicts = EngineVerdicts {
                dim: $dim,
                core: a.intersects(&b),
                batch: $batch(a, b),
                certified: $certified(&a, &b),
                peers: [(Peer::Gjk, $gjk(&a, &b)), (Peer::Sat, $sat(&a, &b))],
            };
            verdicts.judge(&input, &stored, &|| case.to_json())
        }
    };
}

check_fn!(
    /// Checks one 3D case; see [`check`](super) for what fails.
    check3(RecipePair3, 3): decide3, verdict3, ExactBox3, stored3, batch3, certified3, try_parry_gjk3,
    try_parry_sat3
);
check_fn!(
    /// Checks one 2D case; see [`check`](super) for what fails.
    check2(RecipePair2, 2): decide2, verdict2, ExactBox2, stored2, batch2, certified2, try_parry_gjk2,
    try_parry_sat2
);

/// The pair through the batch pair-stream kernel.
fn batch3(a: Obb3, b: Obb3) -> bool {
    let mut out = Vec::new();
    pair_overlaps3(&ObbSet3::from_iter([a]), &ObbSet3::from_iter([b]), &mut out);
    out == [true]
}

/// The pair through the 2D batch pair-stream kernel.
fn batch2(a: Obb2, b: Obb2) -> bool {
    let mut out = Vec::new();
    pair_overlaps2(&ObbSet2::from_iter([a]), &ObbSet2::from_iter([b]), &mut out);
    out == [true]
}

/// sat-core's certified verdict: exact for the boxes it stores.
fn certified3(a: &Obb3, b: &Obb3) -> Option<bool> {
    Some(a.intersects_certified(b))
}

/// sat-core's certified verdict: exact for the rectangles it stores.
fn certified2(a: &Obb2, b: &Obb2) -> Option<bool> {
    Some(a.intersects_certified(b))
}

/// The exact verdict for one pair of boxes: the f64 filter's, else the big-integer oracle's,
/// computed at most once.
struct LazyVerdict<'a> {
    filter: Option<bool>,
    exact: OnceCell<ExactVerdict>,
    compute: &'a dyn Fn() -> ExactVerdict,
}

impl<'a> LazyVerdict<'a> {
    fn new(filter: Option<bool>, compute: &'a dyn Fn() -> ExactVerdict) -> Self {
        LazyVerdict {
            filter,
            exact: OnceCell::new(),
            compute,
        }
    }

    /// The big-integer verdict (and margin); panics if the filter decided otherwise, which
    /// would be a bug of this checker, not of sat-core.
    fn exact(&self) -> &ExactVerdict {
        self.exact.get_or_init(|| {
            let v = (self.compute)();
            if let Some(filter) = self.filter {
                assert_eq!(
                    filter, v.intersects,
                    "the f64 filter contradicts the exact oracle: {v:?}"
                );
            }
            v
        })
    }

    /// The verdict, if the filter decided it or the oracle has run.
    fn known(&self) -> Option<bool> {
        self.filter
            .or_else(|| self.exact.get().map(|v| v.intersects))
    }

    /// The verdict, running the oracle if the filter could not decide.
    fn verdict(&self) -> bool {
        self.filter.unwrap_or_else(|| self.exact().intersects)
    }

    fn adjudicated(&self) -> bool {
        self.exact.get().is_some()
    }
}

/// The engines' verdicts on one pair.
struct EngineVerdicts {
    dim: u8,
    core: bool,
    /// The batch kernel's verdict on the pair (documented bit-identical to `core`).
    batch: bool,
    certified: Option<bool>,
    /// The peers' verdicts, or the panic caught inside the peer.
    peers: [(Peer, Result<bool, PeerPanic>); 2],
}

impl EngineVerdicts {
    /// Panics on a violation of sat-core's guarantees; records peer findings.
    fn judge(
        &self,
        input: &LazyVerdict,
        stored: &LazyVerdict,
        describe: &dyn Fn() -> String,
    ) -> Report {
        let mut report = Report {
            accepted: true,
            ..Report::default()
        };
        assert_eq!(
            self.batch,
            self.core,
            "sat-core ({}D): the batch kernel differs from intersects\n  case: {}",
            self.dim,
            describe()
        );
        // The verdict is needed when sat-core says "apart" (always exact) or anyone disagrees.
        let disagrees =
            |answer: &Result<bool, PeerPanic>| answer.as_ref().is_ok_and(|&s| s != self.core);
        if !self.core || self.peers.iter().any(|(_, answer)| disagrees(answer)) {
            input.verdict();
        }
        if let Some(truth) = input.known().filter(|&truth| truth != self.core) {
            let v = input.exact();
            let band = Band::f32(v.scale).width();
            assert!(
                truth
                    || Judged::new(self.core, truth, v.margin, v.scale) != Judged::WrongOutsideBand,
                "sat-core ({}D) says the boxes intersect but they are apart by {:e} = {:.1} bands \
                 (outside its band, S = {:e}): {v:?}\n  case: {}",
                self.dim,
                v.margin,
                v.margin / band,
                v.scale,
                describe()
            );
            assert!(
                self.core,
                "sat-core ({}D) says the boxes are apart but they intersect (margin {:e}, S = {:e}; \
                 a \"separated\" verdict must be exact): {v:?}\n  case: {}",
                self.dim,
                v.margin,
                v.scale,
                describe()
            );
            report.core_wrong_in_band = true;
        }
        if let Some(certified) = self.certified {
            let truth = stored.verdict();
            assert_eq!(
                certified,
                truth,
                "sat-core ({}D) intersects_certified differs from the exact verdict of the stored \
                 boxes ({:?})\n  case: {}",
                self.dim,
                stored.exact.get(),
                describe()
            );
        }
        for (i, (peer, answer)) in self.peers.iter().enumerate() {
            let (peer, verdict) = match answer {
                Ok(verdict) => (*peer, *verdict),
                Err(caught) => {
                    record_panic(*peer, self.dim, caught, describe);
                    report.panicked[i] = true;
                    continue;
                }
            };
            if input.known().is_some_and(|truth| truth != verdict) {
                let v = input.exact();
                let error = PeerError {
                    peer,
                    dim: self.dim,
                    verdict,
                    margin: v.margin,
                    scale: v.scale,
                };
                record(&error, describe);
                report.peers[i] = Some(error);
            }
        }
        report.intersects = input.known();
        report.adjudicated = input.adjudicated() || stored.adjudicated();
        report
    }
}
