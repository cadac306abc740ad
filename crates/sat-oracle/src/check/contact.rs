//! What rapier consumes from sat-rapier's dispatcher, judged against the exact oracle: the
//! `contact()` and `contact_manifolds` of `SatDispatcher::default().chain(DefaultQueryDispatcher)`
//! (the chain as users register it), on the pose rapier would pass (`pos1.inv_mul(&pos2)` of the
//! two boxes of a [`RecipePair3`](super::RecipePair3) or [`RecipePair2`](super::RecipePair2)). Behind the fuzz targets
//! `contact2`, `contact3`, `manifold2`, `manifold3` ([`check_contact3`](super::check_contact3),
//! [`check_manifold3`](super::check_manifold3), ...).
//!
//! # The reference
//!
//! The exact boxes the pose names (the first at the origin, the second at the pose's translation
//! turned by `R(q)/|q|²`, in 2D by the columns of the unit complex as stored), their exact margin
//! and its axis from [`sat_core::exact`], and support functions in f64 along any direction (the
//! gap along `n`, a lower bound of the distance for every unit `n`, at most the margin when the
//! boxes overlap). With `B = CONTACT_K·ε·S` ([`sat_rapier3d::tolerance::CONTACT_K`]):
//!
//! # `contact()` (a failure panics)
//!
//! * cuboid pairs are answered (never `Unsupported`), finite, unit normal, `normal2 = −Rᵀ·normal1`;
//! * `Some` has `dist ≤ prediction + B`; `None` only when the margin is above `−B` (a pair that
//!   overlaps by more than the bound is within any prediction);
//! * both witness points lie on their boxes' surfaces within `B`;
//! * `n·(p2 − p1)` equals `dist` within `B` (p2 taken through the pose);
//! * the gap of the boxes along the normal is at least `dist − B`: the normal is a minimum
//!   translation direction (penetrating) or the distance's direction (separated);
//! * penetrating (exact margin ≤ 0): `|dist − margin| ≤ B` (`−margin` is the penetration depth);
//! * separated: `dist ≥ margin − B` and the witness points are at most `dist + B` apart, so with
//!   the previous item `dist` is the distance within `B`.
//!
//! # `contact_manifolds` (fresh, then updated from the cached manifold after a small motion)
//!
//! * at most one manifold, at most 4 points (2 in 2D), unit normal;
//! * every point: both points on their boxes' surfaces within `B`, `n·(p2 − p1) = dist` within
//!   `B` (points beyond the prediction are kept, as in parry's manifolds: rapier makes them
//!   speculative contacts when the bodies approach fast enough to close the gap in a step);
//! * exact margin below `−BAND_K·ε·S` (penetrating beyond the band): at least one point with
//!   `dist ≤ 0`; exact margin above `prediction + B`: no points;
//! * exact distance provably below `prediction − B` (a certified upper bound `d⁺` from
//!   `sat_core::exact::distance_bounds2/3`; touching pairs included, `d⁺ = 0`): a point with
//!   `dist ≤ d⁺ + B`, the closest features' own point (separated pairs get the speculative
//!   contact rapier needs, whatever the clipping gives);
//! * fresh manifolds, margin beyond the band: the gap along the normal is at least
//!   `margin − 2·face_preference − B` (the best axis, or a face preferred to it within the face
//!   preference of `sat_rapier3d::tolerance`), except within the rounding's reach (margin and gap
//!   along the normal both above `−ROUNDING_REACH_K·rounding − B`, see
//!   `sat_rapier3d::tolerance::rounding`), where the normal may be the rounded contact's;
//! * a box resting flat on a bigger face (faces parallel, the smaller face strictly inside the
//!   bigger one by `B`, every corner within `prediction − B`, the exact best axis that face
//!   pair's): exactly 4 points (2 in 2D) with distinct feature ids, and the same ids after a
//!   small tangential slide that keeps it so;
//! * after the update every point whose feature ids match a cached point carries that point's
//!   solver data (warm starting), any other none.
//!
//! parry's own `DefaultQueryDispatcher` is judged on the same pairs by the same rules: its
//! failures are peer findings (counted, printed the first time per kind, fatal only under
//! `OBBSAT_STRICT_PEERS=1`); its panics are caught.

use std::collections::HashMap;
use std::sync::Mutex;

use arbitrary::{Arbitrary, Unstructured};
use sat_rapier3d::tolerance::CONTACT_K;

use super::peer_findings::strict_peers;

/// `B = CONTACT_K·ε·S`.
pub(crate) fn bound(scale: f64) -> f64 {
    f64::from(CONTACT_K) * f64::from(f32::EPSILON) * scale
}

/// The second box of a pair in the first box's frame (centre `t`, axes `r`) and both boxes'
/// half-extents, in f64 vectors `V` and matrices `M` of the dimension (`contact2.rs` and
/// `contact3.rs` add what the dimension computes from it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame<V, M> {
    pub(super) t: V,
    pub(super) r: M,
    pub(super) h1: V,
    pub(super) h2: V,
}

/// The query knobs a contact or manifold input carries before its case: the prediction distance
/// and the small motion applied before the manifold is updated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Knobs {
    /// Prediction: `0`, `0.002`, `0.02`, or `10^-k·S` for `k` in `6, 4, 2, 1, 0`.
    pub prediction: u8,
    /// Translation of the motion, `10^-(2 + m % 8)·S` along a direction picked by `direction`.
    pub translation: u8,
    /// Rotation of the motion, `10^-(2 + m % 8)` rad about an axis picked by `direction`.
    pub rotation: u8,
    /// Direction and axis of the motion.
    pub direction: u8,
}

impl Knobs {
    /// The prediction distance for a pair of scale `s`.
    pub fn prediction(&self, s: f64) -> f32 {
        match self.prediction % 8 {
            0 => 0.0,
            1 => 0.002,
            2 => 0.02,
            k => (s * 10f64.powi(-[6, 4, 2, 1, 0][usize::from(k - 3)])) as f32,
        }
    }

    /// Length of the motion's translation for a pair of scale `s`.
    pub fn translation(&self, s: f64) -> f64 {
        s * 10f64.powi(-2 - i32::from(self.translation % 8))
    }

    /// Angle of the motion's rotation (radians).
    pub fn angle(&self) -> f64 {
        10f64.powi(-2 - i32::from(self.rotation % 8))
    }

    /// A unit direction from `direction` (one of 26: the cube's faces, edges and corners).
    pub fn unit(&self, salt: u8) -> [f64; 3] {
        let k = usize::from(self.direction.wrapping_add(salt)) % 26;
        let k = if k >= 13 { k + 1 } else { k }; // skip the centre of the 3×3×3 grid
        let v = [
            (k % 3) as f64 - 1.0,
            (k / 3 % 3) as f64 - 1.0,
            (k / 9) as f64 - 1.0,
        ];
        let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        v.map(|x| x / len)
    }

    pub(crate) fn decode(u: &mut Unstructured<'_>) -> Knobs {
        let mut byte = || u8::arbitrary(u).unwrap_or(0);
        Knobs {
            prediction: byte(),
            translation: byte(),
            rotation: byte(),
            direction: byte(),
        }
    }

    /// The bytes `decode` reads.
    pub fn to_bytes(self) -> [u8; 4] {
        [
            self.prediction,
            self.translation,
            self.rotation,
            self.direction,
        ]
    }

    /// Varied knobs for the `k`-th seed.
    pub fn seed(k: usize) -> Knobs {
        let k8 = k as u8;
        Knobs {
            prediction: [2, 0, 5, 1, 7, 3, 6, 4][k % 8],
            translation: k8.wrapping_mul(3),
            rotation: k8.wrapping_mul(5).wrapping_add(1),
            direction: k8.wrapping_mul(7),
        }
    }
}

/// Whose answer is judged: ours (the chain), parry's own dispatcher, or the rapier pipeline the
/// chain runs in (a panic in rapier's or parry's own code during a step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Who {
    Chain,
    Parry,
    Pipeline,
}

impl Who {
    /// How a finding names whose it is.
    fn name(self) -> &'static str {
        match self {
            Who::Chain => "sat-rapier",
            Who::Parry => "parry DefaultQueryDispatcher",
            Who::Pipeline => "rapier3d PhysicsPipeline, in rapier's or parry's code",
        }
    }
}

/// `(query, dimension, rule)` of a peer finding.
type Kind = (String, u8, &'static str);

/// Counts of peer findings per kind.
static PEER_FINDINGS: Mutex<Option<HashMap<Kind, u64>>> = Mutex::new(None);

/// The peer findings of the contact, manifold and scene checks so far:
/// `(query, dimension, rule, count)`, sorted.
pub fn contact_peer_tallies() -> Vec<(String, u8, &'static str, u64)> {
    let guard = PEER_FINDINGS.lock().unwrap_or_else(|e| e.into_inner());
    let mut out: Vec<_> = guard
        .iter()
        .flat_map(|m| m.iter())
        .map(|((q, d, r), n)| (q.clone(), *d, *r, *n))
        .collect();
    out.sort();
    out
}

/// A broken rule: ours panics (a crash), a peer's is counted and printed the first time per
/// `(query, dimension, rule)` (a panic only under `OBBSAT_STRICT_PEERS=1`).
pub(crate) fn fail(
    who: Who,
    query: &str,
    dim: u8,
    rule: &'static str,
    detail: &str,
    describe: &dyn Fn() -> String,
) {
    match who {
        Who::Chain => panic!(
            "{} ({dim}D {query}, SatDispatcher::default().chain(DefaultQueryDispatcher)): \
             {rule}: {detail}\n  case: {}",
            who.name(),
            describe()
        ),
        Who::Parry | Who::Pipeline => {
            let first = {
                let mut guard = PEER_FINDINGS.lock().unwrap_or_else(|e| e.into_inner());
                let n = guard
                    .get_or_insert_with(HashMap::new)
                    .entry((query.to_owned(), dim, rule))
                    .or_insert(0);
                *n += 1;
                *n == 1
            };
            if first || strict_peers() {
                println!(
                    "peer finding ({} {dim}D {query}): {rule}: {detail}\n  case: {}",
                    who.name(),
                    describe()
                );
            }
            assert!(
                !strict_peers(),
                "peer finding under OBBSAT_STRICT_PEERS=1 ({} {dim}D {query}): {rule}",
                who.name()
            );
        }
    }
}

/// Seeds for a contact or manifold target: each verdict seed with varied [`Knobs`] in front.
pub(crate) fn seeds(recipes: Vec<(&'static str, Vec<u8>)>) -> Vec<(&'static str, Vec<u8>)> {
    recipes
        .into_iter()
        .enumerate()
        .map(|(k, (name, bytes))| {
            let mut out = Knobs::seed(k).to_bytes().to_vec();
            out.extend(bytes);
            (name, out)
        })
        .collect()
}
