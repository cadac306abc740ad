//! parry 0.31 as peers, on the f32 boxes where they are written ([`SinglePair::placed`]):
//! `parry-sat` (`intersection_test_cuboid_cuboid`), `parry-gjk`
//! (`intersection_test_support_map_support_map`) and, for distances, `parry`
//! (`query::closest_points`).
//!
//! [`SinglePair::placed`]: crate::case::SinglePair::placed

use parry2d::query as query2;
use parry3d::query as query3;
use sat_core::{Obb2, Obb3};
use sat_oracle::peers::{
    ParryBox2, ParryBox3, PeerPanic, catch_peer, try_parry_gjk2, try_parry_gjk3, try_parry_sat2,
    try_parry_sat3,
};

use super::interface::{About, Engine, Measured, Precision};
use super::peer::{Peer, peer_pass};
use super::prepared::Prepared;
use super::sat::{origin, world};
use crate::case::{Query, SinglePair};

// One row per engine (`rustfmt::skip`: a table).
/// parry's cuboid–cuboid SAT (`intersection_test_cuboid_cuboid`).
#[rustfmt::skip]
pub const PARRY_SAT: Peer = Peer::new("parry-sat", "parry SAT", Precision::F32, |c| on_peers(c, try_parry_sat2, try_parry_sat3), peer_pass!(parry, sat));
/// parry's GJK (`intersection_test_support_map_support_map`).
#[rustfmt::skip]
pub const PARRY_GJK: Peer = Peer::new("parry-gjk", "parry GJK", Precision::F32, |c| on_peers(c, try_parry_gjk2, try_parry_gjk3), peer_pass!(parry, gjk));

/// parry's test of one dimension on the case's f32 boxes where they are written.
fn on_peers(
    case: &Prepared,
    two: fn(&Obb2, &Obb2) -> Result<bool, PeerPanic>,
    three: fn(&Obb3, &Obb3) -> Result<bool, PeerPanic>,
) -> Result<bool, PeerPanic> {
    match &case.peers {
        SinglePair::Two(a, b) => two(a, b),
        SinglePair::Three(a, b) => three(a, b),
    }
}

/// parry's `query::closest_points` (distances only).
pub struct Parry;

/// The queries `parry` answers.
const DISTANCES: &[Query] = &[Query::Distance];

impl Engine for Parry {
    fn about(&self) -> About {
        About::new("parry", "parry", Precision::F32, DISTANCES)
    }

    fn measure(&self, case: &Prepared) -> Option<Result<Measured, String>> {
        Some(closest_points(case).map_err(|e| format!("parry {e}")))
    }
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
/// centres f32 cannot hold: then moved back by A's written centre); its distance is that of its
/// points, `0` with no point when it says the boxes intersect.
fn closest_points(case: &Prepared) -> Result<Measured, PeerPanic> {
    let origin = origin(&case.peers, &case.exact);
    let closest = match case.peers {
        SinglePair::Two(a, b) => closest_points!(query2, ParryBox2, &a, &b),
        SinglePair::Three(a, b) => closest_points!(query3, ParryBox3, &a, &b),
    }?;
    Ok(match closest {
        Some((distance, p, q)) => Measured {
            distance,
            a: world(p, &origin),
            b: world(q, &origin),
        },
        None => Measured {
            distance: 0.0,
            a: None,
            b: None,
        },
    })
}
