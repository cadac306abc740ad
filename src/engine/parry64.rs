//! parry-f64 (parry2d-f64/parry3d-f64 0.31) as peers: `parry64-sat` and `parry64-gjk` on
//! `sat64`'s f64 boxes of the numbers as written, or, where the columns are f32 data, on the f32
//! peers' boxes in f64 (parry has no certified test to fall back on). Judged against sat-core's
//! f32 band like the other peers.

use sat_oracle::peers::double::{ParryBox2, ParryBox3};
use sat_oracle::peers::{self, PeerPanic, catch_peer};

use super::interface::Precision;
use super::peer::{Peer, peer_pass};
use super::prepared::Prepared;
use crate::case::{DoublePair, SinglePair};

// One row per engine (`rustfmt::skip`: a table).
/// parry-f64's cuboid–cuboid SAT.
#[rustfmt::skip]
pub const PARRY64_SAT: Peer = Peer::new("parry64-sat", "parry64 SAT", Precision::F64, |c| Parry64::of(c).sat(), peer_pass!(parry64, sat));
/// parry-f64's GJK.
#[rustfmt::skip]
pub const PARRY64_GJK: Peer = Peer::new("parry64-gjk", "parry64 GJK", Precision::F64, |c| Parry64::of(c).gjk(), peer_pass!(parry64, gjk));

/// parry-f64's shapes of a case: of the [`DoublePair`]'s boxes (the numbers as written), or of
/// the f32 peers' boxes in f64 where the columns are f32 data.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Parry64 {
    /// `dim: 2`.
    Two(ParryBox2, ParryBox2),
    /// `dim: 3`.
    Three(ParryBox3, ParryBox3),
}

impl Parry64 {
    /// The shapes of `case` (see the type's docs).
    fn of(case: &Prepared) -> Parry64 {
        match (&case.double, &case.peers) {
            (Some(DoublePair::Two(a, b, _)), _) => {
                Parry64::Two(ParryBox2::from_obb(a), ParryBox2::from_obb(b))
            }
            (Some(DoublePair::Three(a, b, _)), _) => {
                Parry64::Three(ParryBox3::from_obb(a), ParryBox3::from_obb(b))
            }
            (None, SinglePair::Two(a, b)) => Parry64::Two(
                ParryBox2::from_single(&peers::ParryBox2::from_obb(a)),
                ParryBox2::from_single(&peers::ParryBox2::from_obb(b)),
            ),
            (None, SinglePair::Three(a, b)) => Parry64::Three(
                ParryBox3::from_single(&peers::ParryBox3::from_obb(a)),
                ParryBox3::from_single(&peers::ParryBox3::from_obb(b)),
            ),
        }
    }

    /// parry-f64's SAT, a panic inside it caught.
    fn sat(&self) -> Result<bool, PeerPanic> {
        catch_peer(|| match self {
            Parry64::Two(a, b) => a.sat(b),
            Parry64::Three(a, b) => a.sat(b),
        })
    }

    /// parry-f64's GJK, a panic inside it caught.
    fn gjk(&self) -> Result<bool, PeerPanic> {
        catch_peer(|| match self {
            Parry64::Two(a, b) => a.gjk(b),
            Parry64::Three(a, b) => a.gjk(b),
        })
    }
}
