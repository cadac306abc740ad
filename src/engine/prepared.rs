//! A case as the engines take it: the case as written and the stored pairs each engine runs on,
//! built once per case (`obbsat check` runs many engines on each).

use crate::case::{CaseError, DoublePair, ExactPair, SinglePair, WrittenCase};

/// A written case with the boxes every built-in engine takes: `sat` the f32 pair moved to A's
/// centre ([`pair`](Prepared::pair)), parry the f32 pair where it is written
/// ([`peers`](Prepared::peers), moved only when f32 cannot hold a centre), `certified` and
/// `exact` the exact pair, `sat64` and the `parry64` engines the f64 pair (`None`: columns that
/// are not f64 input, see `DoublePair`).
///
/// ```
/// use obbsat::{Prepared, SinglePair};
///
/// let line = r#"{"id": 7, "dim": 2, "a": {"center": [1e6, 0], "half_extents": [1, 1], "angle": 0},
///     "b": {"center": [1000002, 0.5], "half_extents": [1, 1], "angle": 0}}"#;
/// let case = Prepared::parse(line).map_err(|e| e.reason)?;
/// let (SinglePair::Two(a, _), SinglePair::Two(pa, _)) = (case.pair, case.peers) else {
///     panic!("a 2D case")
/// };
/// assert_eq!((a.center().x, pa.center().x), (0.0, 1e6)); // moved for sat-core, not for parry
/// assert!(case.exact.verdict().intersects); // touching at x = 1000001
/// assert_eq!(case.written.id.unwrap().get(), "7");
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The case as written.
    pub written: WrittenCase,
    /// sat-core's f32 boxes, moved so that A's centre is the origin ([`SinglePair::moved`]).
    pub pair: SinglePair,
    /// The f32 boxes of parry's engines, where they are written ([`SinglePair::placed`]).
    pub peers: SinglePair,
    /// The boxes of the exact engines.
    pub exact: ExactPair,
    /// The boxes of the f64 engines (`None`: columns that are not f64 input).
    pub double: Option<DoublePair>,
}

impl Prepared {
    /// Reads a case line ([`WrittenCase::parse`]) and builds every engine's boxes.
    ///
    /// Never panics; every failure is a [`CaseError`] whose reason names the offending field.
    pub fn parse(line: &str) -> Result<Prepared, CaseError> {
        Prepared::of(WrittenCase::parse(line)?)
    }

    /// Every engine's boxes of a written case.
    pub fn of(written: WrittenCase) -> Result<Prepared, CaseError> {
        // The reader checked both boxes with the same constructors: no error is expected here.
        let built = SinglePair::moved(&written.pair)
            .and_then(|pair| Ok((pair, SinglePair::placed(&written.pair)?)));
        let (pair, peers) = built.map_err(|e| CaseError {
            id: written.id.clone(),
            reason: e.to_string(),
        })?;
        Ok(Prepared {
            pair,
            peers,
            exact: ExactPair::of(&written.pair),
            double: DoublePair::of(&written.pair),
            written,
        })
    }
}
