//! `obbsat distance`: the distance and a closest pair of points for every input line, in order.
//!
//! A valid case gives `{"id": ..., "distance": d, "a": [point on A], "b": [point on B]}` (world
//! coordinates; for intersecting boxes `distance` is `0` and `a` is a point of both); an invalid
//! line gives `{"id": ..., "error": "line N: reason"}` and the same message on stderr, and the
//! run goes on. Engines:
//!
//! * `sat` (default): sat-core's `closest_points` on the pair moved so that A's centre is the
//!   origin ([`crate::pair`]), its points moved back by A's centre as written (in f64, so a
//!   pair far from the origin keeps its precision): within `DISTANCE_K·ε·S` of the exact
//!   distance of the boxes sat-core builds, which contain the boxes as written;
//! * `exact`: `sat_core::exact::distance2/3` on the boxes as written: the exact distance rounded
//!   to f64 where it is rational (axes exactly orthogonal: quaternions, angles' `(cos, sin)`
//!   columns, orthogonal columns), the middle of a certified interval otherwise;
//! * `parry`: parry 0.31's `query::closest_points` on the f32 boxes where they are written
//!   ([`Pair::for_peers`](crate::pair::Pair::for_peers)); its distance is that of its points,
//!   `0` when it says the boxes intersect (with no point: `a` and `b` are `null`).

use parry2d::query as query2;
use parry3d::query as query3;
use sat_core::exact::{distance2, distance3};
use sat_oracle::peers::{ParryBox2, ParryBox3, catch_peer};
use serde::Serialize;

use crate::case::Case;
use crate::exact_pair::ExactPair;
use crate::pair::Pair;
#[cfg(doc)]
use crate::verdict::answer_lines;

/// Who computes the distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DistanceEngine {
    /// sat-core's `closest_points`.
    Sat,
    /// The exact oracle.
    Exact,
    /// parry's `query::closest_points`.
    Parry,
}

impl DistanceEngine {
    /// Every engine, in report order.
    pub const ALL: [DistanceEngine; 3] = [
        DistanceEngine::Sat,
        DistanceEngine::Exact,
        DistanceEngine::Parry,
    ];

    /// The engine's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DistanceEngine::Sat => "sat",
            DistanceEngine::Exact => "exact",
            DistanceEngine::Parry => "parry",
        }
    }

    /// The engine called `name` (`sat`, `exact` or `parry`).
    pub fn from_name(name: &str) -> Option<DistanceEngine> {
        match name {
            "sat" => Some(DistanceEngine::Sat),
            "exact" => Some(DistanceEngine::Exact),
            "parry" => Some(DistanceEngine::Parry),
            _ => None,
        }
    }
}

/// The answer line for a valid case (after its id).
#[derive(Serialize)]
pub struct Answer {
    distance: f64,
    a: Option<Vec<f64>>,
    b: Option<Vec<f64>>,
}

/// The answer line of `engine` for one case (after its id), or why it has none: `obbsat
/// distance` answers every input line with it through [`answer_lines`].
pub fn answer(engine: DistanceEngine, case: &Case) -> Result<Answer, String> {
    let (distance, a, b) = measure(engine, case)?;
    Ok(Answer { distance, a, b })
}

/// A distance and the points realising it (world coordinates; parry's are `None` when it says
/// the boxes intersect).
pub type Measured = (f64, Option<Vec<f64>>, Option<Vec<f64>>);

/// The exact distance of the boxes as written (see the `exact` engine).
pub fn exact_distance(case: &Case) -> f64 {
    match case.exact {
        ExactPair::Two(a, b) => distance2(&a, &b).distance(),
        ExactPair::Three(a, b) => distance3(&a, &b).distance(),
    }
}

/// The engine's distance and points for one case, or why it has none (a panic inside parry).
pub fn measure(engine: DistanceEngine, case: &Case) -> Result<Measured, String> {
    match engine {
        DistanceEngine::Sat => Ok(sat(case)),
        DistanceEngine::Exact => Ok(match case.exact {
            ExactPair::Two(a, b) => {
                let d = distance2(&a, &b);
                (d.distance(), Some(d.a.to_vec()), Some(d.b.to_vec()))
            }
            ExactPair::Three(a, b) => {
                let d = distance3(&a, &b);
                (d.distance(), Some(d.a.to_vec()), Some(d.b.to_vec()))
            }
        }),
        DistanceEngine::Parry => parry(case).map_err(|e| format!("parry {e}")),
    }
}

/// sat-core on the moved pair, its points moved back by A's written centre.
fn sat(case: &Case) -> Measured {
    let origin = origin(&case.pair, &case.exact);
    let (distance, a, b) = match case.pair {
        Pair::Two(a, b) => {
            let c = a.closest_points(&b);
            (c.distance, c.a.to_array().to_vec(), c.b.to_array().to_vec())
        }
        Pair::Three(a, b) => {
            let c = a.closest_points(&b);
            (c.distance, c.a.to_array().to_vec(), c.b.to_array().to_vec())
        }
    };
    (f64::from(distance), world(a, &origin), world(b, &origin))
}

/// Where `pair`'s origin is in the world: A's written centre when the pair was moved so that A's
/// centre is the origin, else the origin (the pair as written).
fn origin(pair: &Pair, exact: &ExactPair) -> Vec<f64> {
    match (pair, exact) {
        (Pair::Two(a, _), ExactPair::Two(given, _)) if a.center() == glam::Vec2::ZERO => {
            given.center.to_vec()
        }
        (Pair::Three(a, _), ExactPair::Three(given, _)) if a.center() == glam::Vec3::ZERO => {
            given.center.to_vec()
        }
        _ => vec![0.0; 3],
    }
}

/// A point of a pair with its origin at `origin`, in world coordinates (f64).
fn world(point: Vec<f32>, origin: &[f64]) -> Option<Vec<f64>> {
    Some(
        point
            .into_iter()
            .zip(origin)
            .map(|(x, o)| f64::from(x) + o)
            .collect(),
    )
}

/// parry's `query::closest_points` on two sat-core boxes, a panic caught: `Some((distance, p,
/// q))` for boxes apart, `None` when parry says they intersect. `$query` is parry2d's or
/// parry3d's `query` module, `$parry_box` the matching peer box.
macro_rules! closest_points {
    ($query:ident, $parry_box:ident, $a:expr, $b:expr) => {{
        let (pa, pb) = ($parry_box::from_obb($a), $parry_box::from_obb($b));
        catch_peer(|| {
            match $query::closest_points(&pa.pose, &pa.cuboid, &pb.pose, &pb.cuboid, f32::MAX) {
                Ok($query::ClosestPoints::WithinMargin(p, q)) => Some((
                    f64::from((q - p).length()),
                    p.to_array().to_vec(),
                    q.to_array().to_vec(),
                )),
                _ => None,
            }
        })
    }};
}

/// parry's closest points on the boxes where they are written (moved like sat-core's only for
/// centres f32 cannot hold: then moved back by A's written centre).
fn parry(case: &Case) -> Result<Measured, sat_oracle::peers::PeerPanic> {
    let origin = origin(&case.peers, &case.exact);
    let closest = match case.peers {
        Pair::Two(a, b) => closest_points!(query2, ParryBox2, &a, &b),
        Pair::Three(a, b) => closest_points!(query3, ParryBox3, &a, &b),
    }?;
    Ok(match closest {
        Some((distance, p, q)) => (distance, world(p, &origin), world(q, &origin)),
        None => (0.0, None, None),
    })
}
