//! The built-in engines: what each one decides, on which boxes.
//!
//! | name | verdict | boxes |
//! | --- | --- | --- |
//! | `sat` | sat-core's `intersects` (exact outside its band `48·ε·S`, `64·ε·S` for `axes` columns orthonormal only within 1e-6; "separated" always exact) | built from the written f64 numbers to contain the boxes as written, A moved to the origin ([`crate::pair`]) |
//! | `sat64` | sat-core's f64 `DObb2/3::intersects` (exact outside `768·ε₆₄·S`, `896·ε₆₄·S` for `axes` columns, `ε₆₄ = 2⁻⁵²`; "separated" always exact); columns leaning beyond `2⁻⁴⁶` (f32 data) get the certified test's exact answer | the numbers as written, none rounded ([`crate::double_pair`]) |
//! | `certified` | `ExactBox2/3::intersects_certified`: exact at any margin | as written ([`crate::exact_pair`]) |
//! | `exact` | `sat_core::exact::verdict2/3`: exact integers | as written |
//! | `parry-sat` | parry's `intersection_test_cuboid_cuboid` | f32 where written ([`Pair::for_peers`]) |
//! | `parry-gjk` | parry's `intersection_test_support_map_support_map` | f32 where written |
//! | `parry64-sat` | parry-f64's `intersection_test_cuboid_cuboid` | `sat64`'s f64 boxes where written; columns that are f32 data: the f32 peers' boxes in f64 ([`Parry64`]) |
//! | `parry64-gjk` | parry-f64's `intersection_test_support_map_support_map` | as `parry64-sat` |
//!
//! Margin and axis ([`Engine::margin_source`]): `exact` reports the exact margin (f64, within
//! one ulp, sign exact) and the axis that carries it, `sat64` its f64 boxes' `separation`, and
//! so do the `parry64` engines where `sat64` runs in f64; every other engine reports sat-core's
//! `separation` of the f32 boxes (parry's intersection tests and the certified test return a
//! verdict only).

use sat_core::Feature;
use sat_oracle::peers::{
    PeerPanic, try_parry_gjk2, try_parry_gjk3, try_parry_sat2, try_parry_sat3,
};
use serde::Serialize;

use crate::case::Case;
use crate::double_pair::Parry64;
use crate::pair::Pair;

/// A built-in engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// sat-core's fast test.
    Sat,
    /// sat-core's fast test in f64.
    Sat64,
    /// sat-core's certified test on the boxes as written.
    Certified,
    /// The exact integer oracle on the boxes as written.
    Exact,
    /// parry's cuboid–cuboid SAT.
    ParrySat,
    /// parry's GJK.
    ParryGjk,
    /// parry-f64's cuboid–cuboid SAT.
    Parry64Sat,
    /// parry-f64's GJK.
    Parry64Gjk,
}

/// Which wrong verdicts make `obbsat check` fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FailOn {
    /// Every wrong verdict (and every case without a verdict).
    Any,
    /// Wrong verdicts with `|exact margin| > 48·ε·S` (and cases without a verdict).
    OutsideBand,
    /// Nothing: report only.
    Never,
}

/// A margin as the engine computed it, written to JSON in that precision.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Margin {
    /// sat-core's f32 `separation().gap`.
    Single(f32),
    /// The exact oracle's margin, or sat-core's f64 `separation().gap`.
    Double(f64),
}

/// Whose margin and axis an engine reports (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarginSource {
    /// The exact oracle's.
    Exact,
    /// sat-core's f64 `separation()` (`DObb2/3`).
    Double,
    /// sat-core's f32 `separation()`.
    Single,
}

/// An engine's full answer for one case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judgement {
    /// The verdict: the closed boxes intersect (touching counts).
    pub intersects: bool,
    /// Signed gap along `feature` (positive apart, negative penetration depth).
    pub margin: Margin,
    /// The axis of the margin.
    pub feature: Feature,
}

impl Engine {
    /// Every built-in engine, in report order.
    pub const ALL: [Engine; 8] = [
        Engine::Sat,
        Engine::Sat64,
        Engine::Certified,
        Engine::Exact,
        Engine::ParrySat,
        Engine::ParryGjk,
        Engine::Parry64Sat,
        Engine::Parry64Gjk,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Sat => "sat",
            Engine::Sat64 => "sat64",
            Engine::Certified => "certified",
            Engine::Exact => "exact",
            Engine::ParrySat => "parry-sat",
            Engine::ParryGjk => "parry-gjk",
            Engine::Parry64Sat => "parry64-sat",
            Engine::Parry64Gjk => "parry64-gjk",
        }
    }

    /// Every engine's name, comma-separated, for messages.
    pub fn names() -> String {
        Engine::ALL.map(Engine::name).join(", ")
    }

    /// The engine called `name`.
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// What `obbsat check` fails on by default: any wrong verdict for the exact engines, wrong
    /// verdicts outside sat-core's band for the others.
    pub fn default_fail_on(self) -> FailOn {
        match self {
            Engine::Certified | Engine::Exact => FailOn::Any,
            _ => FailOn::OutsideBand,
        }
    }

    /// The band a wrong verdict of this engine on `case` is judged against, for a pair of scale
    /// `scale`: `sat64`'s f64 band where it runs in f64 and zero where it runs the exact
    /// certified test, sat-core's f32 band for every other engine.
    pub fn band(self, case: &Case, scale: f64) -> f64 {
        match (self, &case.double) {
            (Engine::Sat64, Some(double)) => double.band(scale),
            (Engine::Sat64, None) => 0.0,
            _ => crate::check::band(scale),
        }
    }

    /// The verdict alone. A panic inside parry (caught) is reported on stderr and counted as a
    /// wrong verdict: the opposite of the exact one.
    pub fn intersects(self, case: &Case) -> bool {
        let peer = |verdict: Result<bool, PeerPanic>| {
            verdict.unwrap_or_else(|caught| {
                eprintln!("{} {caught} (counted as a wrong verdict)", self.name());
                !case.exact.verdict().intersects
            })
        };
        match (self, &case.peers) {
            (Engine::Sat, _) => case.pair.verdict().intersects,
            (Engine::Sat64, _) => match &case.double {
                Some(double) => double.intersects(),
                None => case.exact.intersects_certified(),
            },
            (Engine::Certified, _) => case.exact.intersects_certified(),
            (Engine::Exact, _) => case.exact.verdict().intersects,
            (Engine::ParrySat, Pair::Two(a, b)) => peer(try_parry_sat2(a, b)),
            (Engine::ParrySat, Pair::Three(a, b)) => peer(try_parry_sat3(a, b)),
            (Engine::ParryGjk, Pair::Two(a, b)) => peer(try_parry_gjk2(a, b)),
            (Engine::ParryGjk, Pair::Three(a, b)) => peer(try_parry_gjk3(a, b)),
            (Engine::Parry64Sat, _) => peer(Parry64::of(case).sat()),
            (Engine::Parry64Gjk, _) => peer(Parry64::of(case).gjk()),
        }
    }

    /// Whose margin and axis this engine reports on `case`.
    pub fn margin_source(self, case: &Case) -> MarginSource {
        match self {
            Engine::Exact => MarginSource::Exact,
            Engine::Sat64 | Engine::Parry64Sat | Engine::Parry64Gjk if case.double.is_some() => {
                MarginSource::Double
            }
            _ => MarginSource::Single,
        }
    }

    /// The verdict with a margin and axis (see the module docs for where they come from).
    pub fn judge(self, case: &Case) -> Judgement {
        // The margin's source, and its verdict where that is this engine's own.
        let (margin, feature, own) = match (self.margin_source(case), &case.double) {
            (MarginSource::Exact, _) => {
                let v = case.exact.verdict();
                (Margin::Double(v.margin), v.feature, Some(v.intersects))
            }
            (MarginSource::Double, Some(double)) => {
                let v = double.verdict();
                let own = (self == Engine::Sat64).then_some(v.intersects);
                (Margin::Double(v.margin), v.feature, own)
            }
            _ => {
                let v = case.pair.verdict();
                let own = (self == Engine::Sat).then_some(v.intersects);
                (Margin::Single(v.margin), v.feature, own)
            }
        };
        Judgement {
            intersects: own.unwrap_or_else(|| self.intersects(case)),
            margin,
            feature,
        }
    }
}
