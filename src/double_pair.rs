//! The boxes the `sat64` engine sees: sat-core's f64 boxes ([`DObb2`], [`DObb3`]) of the numbers
//! exactly as written, none rounded, centres where they are (f64 holds a millimetre at 10⁹ m).
//!
//! sat-core's f64 constructors take axis columns orthonormal within
//! [`AXES_TOLERANCE_F64`](sat_core::tolerance::AXES_TOLERANCE_F64) (`2⁻⁴⁶`). Columns that lean
//! more — up to the f32 tolerance `1e-6` the case format accepts, the columns of f32 data — are
//! not f64 input ([`DoublePair::two`] and [`DoublePair::three`] give `None`): for such a case
//! `sat64` answers with sat-core's certified test on the parallelepipeds as written, which is
//! exact (so its band there is zero).
//!
//! The `parry64` engines see these boxes too, as parry-f64's shapes ([`Parry64`]); where the
//! columns are f32 data they see the f32 peers' shapes ([`Pair::for_peers`]) in f64, since
//! parry has no certified test to fall back on.

use sat_core::tolerance::{AXES_BAND_K_F64, BAND_K_F64, EPS_F64};
use sat_core::{DObb2, DObb3, Feature};
use sat_oracle::peers::double::{ParryBox2, ParryBox3};
use sat_oracle::peers::{self, PeerPanic, catch_peer};

use crate::case::Case;
use crate::case_boxes::{Box2, Box3, Rotation2, Rotation3};
use crate::pair::Pair;

/// A pair of sat-core's f64 boxes, and whether either is given by axis columns.
// One per case, built once: the 3D variant's size is not worth a heap allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DoublePair {
    /// `dim: 2`.
    Two(DObb2, DObb2, bool),
    /// `dim: 3`.
    Three(DObb3, DObb3, bool),
}

/// What sat-core's f64 test says: the verdict, and `separation`'s gap and feature.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoubleVerdict {
    /// `a.intersects(&b)`.
    pub intersects: bool,
    /// `a.separation(&b).gap`.
    pub margin: f64,
    /// `a.separation(&b).feature`.
    pub feature: Feature,
}

/// `$body` on the two boxes `$a`, `$b` of a [`DoublePair`], whichever its dimension.
macro_rules! on_boxes {
    ($pair:expr, |$a:ident, $b:ident| $body:expr) => {
        match $pair {
            DoublePair::Two($a, $b, _) => $body,
            DoublePair::Three($a, $b, _) => $body,
        }
    };
}

impl DoublePair {
    /// The f64 boxes of a written 2D pair, `None` when a box's columns are not f64 input.
    pub fn two(a: &Box2, b: &Box2) -> Option<DoublePair> {
        let axes = [a, b].map(|w| matches!(w.rotation, Rotation2::Axes(_))) != [false; 2];
        Some(DoublePair::Two(a.dobb().ok()?, b.dobb().ok()?, axes))
    }

    /// The 3D twin of [`DoublePair::two`].
    pub fn three(a: &Box3, b: &Box3) -> Option<DoublePair> {
        let axes = [a, b].map(|w| matches!(w.rotation, Rotation3::Axes(_))) != [false; 2];
        Some(DoublePair::Three(a.dobb().ok()?, b.dobb().ok()?, axes))
    }

    /// sat-core's f64 verdict alone.
    pub fn intersects(&self) -> bool {
        on_boxes!(self, |a, b| a.intersects(b))
    }

    /// Runs sat-core's f64 test on the pair.
    pub fn verdict(&self) -> DoubleVerdict {
        on_boxes!(self, |a, b| {
            let s = a.separation(b);
            DoubleVerdict {
                intersects: a.intersects(b),
                margin: s.gap,
                feature: s.feature,
            }
        })
    }

    /// The f64 band for a pair of scale `S`: `BAND_K_F64·ε₆₄·S`, or `AXES_BAND_K_F64·ε₆₄·S`
    /// when a box is given by axis columns (orthonormal only within `2⁻⁴⁶`).
    pub fn band(&self, scale: f64) -> f64 {
        let k = match self {
            DoublePair::Two(.., true) | DoublePair::Three(.., true) => AXES_BAND_K_F64,
            _ => BAND_K_F64,
        };
        k * EPS_F64 * scale
    }
}

/// parry-f64's shapes of a case, for the `parry64` engines: of the [`DoublePair`]'s boxes (the
/// numbers as written), or of the f32 peers' boxes in f64 where the columns are f32 data.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Parry64 {
    /// `dim: 2`.
    Two(ParryBox2, ParryBox2),
    /// `dim: 3`.
    Three(ParryBox3, ParryBox3),
}

impl Parry64 {
    /// The shapes of `case` (see the type's docs).
    pub fn of(case: &Case) -> Parry64 {
        match (&case.double, &case.peers) {
            (Some(DoublePair::Two(a, b, _)), _) => {
                Parry64::Two(ParryBox2::from_obb(a), ParryBox2::from_obb(b))
            }
            (Some(DoublePair::Three(a, b, _)), _) => {
                Parry64::Three(ParryBox3::from_obb(a), ParryBox3::from_obb(b))
            }
            (None, Pair::Two(a, b)) => Parry64::Two(
                ParryBox2::from_single(&peers::ParryBox2::from_obb(a)),
                ParryBox2::from_single(&peers::ParryBox2::from_obb(b)),
            ),
            (None, Pair::Three(a, b)) => Parry64::Three(
                ParryBox3::from_single(&peers::ParryBox3::from_obb(a)),
                ParryBox3::from_single(&peers::ParryBox3::from_obb(b)),
            ),
        }
    }

    /// parry-f64's SAT, a panic inside it caught.
    pub fn sat(&self) -> Result<bool, PeerPanic> {
        catch_peer(|| match self {
            Parry64::Two(a, b) => a.sat(b),
            Parry64::Three(a, b) => a.sat(b),
        })
    }

    /// parry-f64's GJK, a panic inside it caught.
    pub fn gjk(&self) -> Result<bool, PeerPanic> {
        catch_peer(|| match self {
            Parry64::Two(a, b) => a.gjk(b),
            Parry64::Three(a, b) => a.gjk(b),
        })
    }
}
