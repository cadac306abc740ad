//! Peer findings over a run: counted per peer and dimension, and printed whenever a peer's worst
//! error grows, so a fuzzing log shows how wrong parry gets without drowning in repeats.
//! A panic inside a peer (caught by [`crate::peers::catch_peer`]) is a finding too: counted, and
//! printed the first time that peer panics at that place in that dimension.
//!
//! `OBBSAT_STRICT_PEERS=1` turns every peer finding, panics included, into a panic of the check
//! (a crash libFuzzer records): the mode for parry's maintainers.

use core::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use sat_core::tolerance::Band;

use crate::peers::PeerPanic;

/// A peer engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Peer {
    /// parry's GJK (`intersection_test_support_map_support_map`).
    Gjk,
    /// parry's SAT (`intersection_test_cuboid_cuboid`).
    Sat,
}

impl fmt::Display for Peer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Peer::Gjk => "parry GJK",
            Peer::Sat => "parry SAT",
        })
    }
}

/// A wrong verdict of a peer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeerError {
    /// Which engine.
    pub peer: Peer,
    /// 2 or 3.
    pub dim: u8,
    /// Its verdict (`true`: intersect).
    pub verdict: bool,
    /// The exact margin (positive: apart by at least this; negative: penetration depth).
    pub margin: f64,
    /// `S = |t| + |e_A| + |e_B|`.
    pub scale: f64,
}

impl PeerError {
    /// `|margin| / S`.
    pub fn relative(&self) -> f64 {
        self.margin.abs() / self.scale
    }

    /// Whether `|margin|` exceeds sat-core's band `BAND_K·ε·S`: sat-core is never wrong there.
    pub fn outside_band(&self) -> bool {
        !Band::f32(self.scale).contains(self.margin)
    }
}

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (answer, truth) = if self.verdict {
            ("intersect", "are apart")
        } else {
            ("are apart", "intersect")
        };
        let bands = self.margin.abs() / Band::f32(self.scale).width();
        write!(
            f,
            "{} ({}D) says the boxes {answer} but they {truth}: margin {:.3e}, S {:.3e}, \
             |margin|/S {:.3e} ({bands:.1} of sat-core's bands)",
            self.peer,
            self.dim,
            self.margin,
            self.scale,
            self.relative()
        )
    }
}

/// Findings of one peer in one dimension.
struct Slot {
    count: AtomicU64,
    /// Bits of the largest `|margin|/S` so far (non-negative f64 bits order like the values).
    worst: AtomicU64,
    panicked: AtomicU64,
}

static SLOTS: [Slot; 4] = [const {
    Slot {
        count: AtomicU64::new(0),
        worst: AtomicU64::new(0),
        panicked: AtomicU64::new(0),
    }
}; 4];

/// `(slot, location)` of every peer panic printed so far.
static PRINTED_PANICS: Mutex<Vec<(usize, String)>> = Mutex::new(Vec::new());

/// The findings so far of one peer in one dimension.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeerTally {
    /// Which engine.
    pub peer: Peer,
    /// 2 or 3.
    pub dim: u8,
    /// Wrong verdicts outside sat-core's band.
    pub count: u64,
    /// The largest `|margin|/S` of those.
    pub worst: f64,
    /// Calls that panicked inside the peer (caught), at any margin.
    pub panicked: u64,
}

/// Every peer's findings so far in this process (GJK 2D, SAT 2D, GJK 3D, SAT 3D).
pub fn peer_tallies() -> [PeerTally; 4] {
    let kinds = [
        (Peer::Gjk, 2),
        (Peer::Sat, 2),
        (Peer::Gjk, 3),
        (Peer::Sat, 3),
    ];
    kinds.map(|(peer, dim)| {
        let slot = &SLOTS[slot_index(peer, dim)];
        PeerTally {
            peer,
            dim,
            count: slot.count.load(Ordering::Relaxed),
            worst: f64::from_bits(slot.worst.load(Ordering::Relaxed)),
            panicked: slot.panicked.load(Ordering::Relaxed),
        }
    })
}

/// Whether `OBBSAT_STRICT_PEERS=1` is set (read once).
pub fn strict_peers() -> bool {
    static STRICT: OnceLock<bool> = OnceLock::new();
    *STRICT.get_or_init(|| std::env::var("OBBSAT_STRICT_PEERS").is_ok_and(|v| v == "1"))
}

/// Counts a wrong peer verdict outside sat-core's band, prints it if it is the peer's worst so
/// far, and panics in strict mode. Wrong verdicts inside the band are not findings.
pub(crate) fn record(e: &PeerError, describe: &dyn Fn() -> String) {
    if !e.outside_band() {
        return;
    }
    let slot = &SLOTS[slot_index(e.peer, e.dim)];
    let n = slot.count.fetch_add(1, Ordering::Relaxed) + 1;
    let relative = e.relative();
    let previous = slot.worst.fetch_max(relative.to_bits(), Ordering::Relaxed);
    if strict_peers() {
        panic!(
            "peer finding (OBBSAT_STRICT_PEERS=1): {e}\n  case: {}",
            describe()
        );
    }
    if relative.to_bits() > previous {
        eprintln!("peer finding #{n}, new worst: {e}\n  case: {}", describe());
    }
}

/// Counts a caught panic of a peer, prints it the first time this peer panics at this place in
/// this dimension, and panics (outside the peer, so fatally) in strict mode.
pub(crate) fn record_panic(peer: Peer, dim: u8, caught: &PeerPanic, describe: &dyn Fn() -> String) {
    let index = slot_index(peer, dim);
    let n = SLOTS[index].panicked.fetch_add(1, Ordering::Relaxed) + 1;
    if strict_peers() {
        panic!(
            "peer finding (OBBSAT_STRICT_PEERS=1): {peer} ({dim}D) {caught}\n  case: {}",
            describe()
        );
    }
    let first = {
        let mut printed = PRINTED_PANICS.lock().unwrap_or_else(|e| e.into_inner());
        let kind = (index, caught.location.clone());
        let first = !printed.contains(&kind);
        if first {
            printed.push(kind);
        }
        first
    };
    if first {
        eprintln!(
            "peer finding #{n} (panic), first of its kind: {peer} ({dim}D) {caught}\n  case: {}",
            describe()
        );
    }
}

fn slot_index(peer: Peer, dim: u8) -> usize {
    usize::from(dim == 3) * 2 + usize::from(peer == Peer::Sat)
}
