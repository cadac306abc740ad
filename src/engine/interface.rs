//! The one trait every engine implements, and what its answers are made of.

use sat_core::Feature;
use sat_core::tolerance::Band;
use serde::Serialize;

use super::main_job::{Batch, Pass};
use super::prepared::Prepared;
use crate::case::{CastInput, DoublePair, Query};

/// An engine: a test that answers queries about a case, built in (the registry `ENGINES`) or
/// spoken to over the `cmd:` protocol (`engine::cmd`).
///
/// An engine says who it is ([`About`]: its name, the queries it answers, …) and answers each
/// query it takes by one method; the others keep their default, `None`. A new query kind is a
/// variant of [`Query`], a method here (default `None`) and a variant of [`Answer`].
///
/// ```
/// use obbsat::{ENGINES, Prepared, Query, engines};
///
/// let line = r#"{"dim": 3, "a": {"center": [0, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]},
///     "b": {"center": [2.5, 0, 0], "half_extents": [1, 1, 1], "quat": [0, 0, 0.3, 1]}}"#;
/// let case = Prepared::parse(line).map_err(|e| e.reason)?;
/// for engine in engines(Query::Verdict) {
///     assert_eq!(engine.intersects(&case), Some(false), "{}", engine.name());
/// }
/// let parry = ENGINES.iter().find(|e| e.name() == "parry").unwrap();
/// assert!(!parry.answers(Query::Verdict) && parry.intersects(&case).is_none());
/// # Ok::<(), String>(())
/// ```
pub trait Engine: Sync {
    /// Who it is.
    fn about(&self) -> About;

    /// Its verdict with a margin and the axis of the margin (`None`: it answers no verdicts).
    fn judge(&self, _case: &Prepared) -> Option<Judgement> {
        None
    }

    /// The band its wrong verdicts are judged against, for a pair of scale `scale` whose f64
    /// boxes are `double`: sat-core's f32 band unless the engine says otherwise.
    fn band(&self, _double: Option<&DoublePair>, scale: f64) -> Band<f64> {
        Band::f32(scale)
    }

    /// Its distance and closest points, or why it has none (`None`: it answers no distances).
    fn measure(&self, _case: &Prepared) -> Option<Result<Measured, String>> {
        None
    }

    /// Its answer to the cast `input` of the case's boxes, or why it has none (`None`: it
    /// answers no casts).
    fn cast(&self, _case: &Prepared, _input: &CastInput) -> Option<Result<CastReply, String>> {
        None
    }

    /// Whether it answers this kind of cast (`check --query cast` judges it on those only).
    fn takes_cast(&self, _input: &CastInput) -> bool {
        true
    }

    /// One timed pass over a batch of the main job (`None`: it does not run there).
    fn time(&self, _batch: &Batch) -> Option<Pass> {
        None
    }
}

/// Who an engine is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    /// Its name on the command line and in reports (`sat`, `parry64-gjk`, …).
    pub name: &'static str,
    /// Its name in the main job's table (`sat-core`, `parry64 GJK`, …).
    pub label: &'static str,
    /// The precision its test computes in: the main job lists the f32 engines first.
    pub precision: Precision,
    /// The queries it answers.
    pub queries: &'static [Query],
    /// Whether its verdicts are exact at any margin: `obbsat check` then fails on any wrong
    /// verdict, not only on those outside its band.
    pub exact_at_any_margin: bool,
}

impl About {
    /// An engine named `name` (`label` in the main job) that answers `queries` in `precision`.
    pub const fn new(
        name: &'static str,
        label: &'static str,
        precision: Precision,
        queries: &'static [Query],
    ) -> About {
        About {
            name,
            label,
            precision,
            queries,
            exact_at_any_margin: false,
        }
    }

    /// The same engine, its verdicts exact at any margin.
    pub const fn exact_at_any_margin(self) -> About {
        About {
            exact_at_any_margin: true,
            ..self
        }
    }
}

impl dyn Engine + '_ {
    /// Its name on the command line and in reports.
    pub fn name(&self) -> &'static str {
        self.about().name
    }

    /// Whether it answers `query`.
    pub fn answers(&self, query: Query) -> bool {
        self.about().queries.contains(&query)
    }

    /// Its verdict alone (`None`: it answers no verdicts).
    pub fn intersects(&self, case: &Prepared) -> Option<bool> {
        self.judge(case).map(|j| j.intersects)
    }

    /// Its answer to `query`, or why there is none.
    pub fn answer(&self, query: Query, case: &Prepared) -> Result<Answer, String> {
        let answer = match query {
            Query::Verdict => self.intersects(case).map(|v| Ok(Answer::Verdict(v))),
            Query::Distance => self
                .measure(case)
                .map(|m| m.map(|m| Answer::Distance(m.distance))),
            Query::Cast => match case.written.cast() {
                Ok(input) => self
                    .cast(case, &input)
                    .map(|c| c.map(|c| Answer::Cast(c.toi))),
                Err(reason) => Some(Err(reason)),
            },
        };
        answer.unwrap_or_else(|| Err(format!("{} answers no {query:?} query", self.name())))
    }
}

impl std::fmt::Debug for dyn Engine + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for dyn Engine + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

/// The queries of an engine that answers verdicts only.
pub const VERDICTS: &[Query] = &[Query::Verdict];

/// The queries of an engine that answers verdicts and casts.
pub const VERDICTS_AND_CASTS: &[Query] = &[Query::Verdict, Query::Cast];

/// The queries of an engine that answers all three.
pub const EVERY_QUERY: &[Query] = &[Query::Verdict, Query::Distance, Query::Cast];

/// The precision an engine's test computes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Precision {
    /// f32 (sat-core's `Obb2`/`Obb3`, parry).
    F32,
    /// f64 (sat-core's `DObb2`/`DObb3`, parry-f64).
    F64,
    /// Exact integers.
    Exact,
}

/// The answer to one query.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A verdict: the closed boxes intersect (touching counts).
    Verdict(bool),
    /// A distance.
    Distance(f64),
    /// A cast's time of impact, `None` (JSON `null`) for no hit.
    Cast(Option<f64>),
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

/// Whose margin and axis an engine reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarginSource {
    /// The exact oracle's.
    Exact,
    /// sat-core's f64 `separation()` (`DObb2/3`).
    Double,
    /// sat-core's f32 `separation()`.
    Single,
}

/// An engine's verdict on one case, with a margin and axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judgement {
    /// The verdict: the closed boxes intersect (touching counts).
    pub intersects: bool,
    /// Signed gap along `feature` (positive apart, negative penetration depth).
    pub margin: Margin,
    /// The axis of the margin.
    pub feature: Feature,
    /// Where the margin and axis come from.
    pub source: MarginSource,
    /// Whether they are the engine's own (`false`: it gives a verdict only, and the margin is
    /// sat-core's `separation` of the same boxes).
    pub own: bool,
}

/// A distance and the points realising it, in world coordinates (`None` where the engine gives
/// no point: parry when it says the boxes intersect).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measured {
    /// The distance, `0` for intersecting boxes.
    pub distance: f64,
    /// A closest point on A.
    pub a: Option<Vec<f64>>,
    /// A closest point on B.
    pub b: Option<Vec<f64>>,
}

/// A cast's answer: the time of impact (`None`: no hit within `max_toi`), how the cast ended,
/// and where the engine gives them the normal, the witness points at `toi` (world coordinates)
/// and the feature.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CastReply {
    /// The time of impact, `None` for no hit.
    pub toi: Option<f64>,
    /// `hit`, `penetrating` (at time 0), `out_of_iterations` (parry also `failed`); `None` for
    /// no hit.
    pub status: Option<&'static str>,
    /// Unit normal at `toi` from A towards B.
    pub normal: Option<Vec<f64>>,
    /// A point of A at `toi`.
    pub a: Option<Vec<f64>>,
    /// A point of B at `toi`.
    pub b: Option<Vec<f64>>,
    /// The candidate axis (`face_a0`, `edge_a1_b2`, …).
    pub feature: Option<String>,
}

impl CastReply {
    /// No hit.
    pub const MISS: CastReply = CastReply {
        toi: None,
        status: None,
        normal: None,
        a: None,
        b: None,
        feature: None,
    };
}
