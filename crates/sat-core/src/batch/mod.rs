//! Batch queries over structure-of-arrays box sets: one box against many, and streams of
//! independent pairs.
//!
//! Boxes are stored in chunks of [`LANES`] = 8, one per SIMD lane (`ObbSet3`, `ObbSet2`). The
//! kernels run the same padded separating-axis test as [`Obb3::intersects`] /
//! [`Obb2::intersects`], lane by lane, with every operation in the same order, so each verdict is
//! **bit-identical** to the scalar one and the error bound of [`tolerance`](crate::tolerance)
//! holds unchanged (the tests compare them on adversarial pairs). All 15 (or 4) axes are
//! evaluated branch-free per chunk, with one early exit per chunk after A's faces and B's faces
//! when every lane is already separated.
//!
//! SIMD: the kernels are plain loops over the lanes that the compiler vectorises; with the `std`
//! feature, `multiversion` compiles them for AVX2 and AVX as well as the baseline (SSE2 on
//! x86-64) and picks the best at run time. Without `std` the target features chosen at compile
//! time are used (`-C target-cpu=...`).
//!
//! ```
//! use glam::Vec2;
//! use sat_core::Obb2;
//! use sat_core::batch::{ObbSet2, any_overlap2, overlaps2};
//!
//! // Seed 000's motivating case: can this building footprint be placed?
//! let buildings: ObbSet2 = (0..1000)
//!     .map(|i| Obb2::from_degrees(Vec2::new((i % 40) as f32 * 10.0, (i / 40) as f32 * 10.0), Vec2::new(3.0, 2.0), 15.0))
//!     .collect();
//! let footprint = Obb2::from_degrees(Vec2::new(5.0, 5.0), Vec2::new(1.5, 1.5), 40.0);
//! assert!(!any_overlap2(&footprint, &buildings));
//! let mut hits = Vec::new();
//! overlaps2(&Obb2::new(Vec2::new(10.0, 0.0), Vec2::ONE, 0.0), &buildings, &mut hits);
//! assert_eq!(hits.iter().filter(|&&h| h).count(), 1);
//! ```

mod set2;
mod set3;

use alloc::vec::Vec;
use multiversion::multiversion;

pub use set2::ObbSet2;
pub use set3::ObbSet3;

use crate::{Obb2, Obb3};

/// Boxes per chunk: one per lane of a 256-bit vector of `f32`.
pub const LANES: usize = 8;

const ALL_LANES: u32 = (1 << LANES) - 1;

/// The lanes of chunk `index` that hold one of a set's `len` boxes.
fn valid_lanes(len: usize, index: usize) -> u32 {
    let filled = len.saturating_sub(index * LANES).min(LANES);
    (1u32 << filled) - 1
}

/// Whether `query` intersects any box of `set` (stops at the first chunk with a hit).
#[multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
pub fn any_overlap3(query: &Obb3, set: &ObbSet3) -> bool {
    let q = ObbSet3::broadcast(query);
    set.chunks()
        .iter()
        .enumerate()
        .any(|(index, chunk)| set3::overlap_mask(&q, chunk) & set.valid_lanes(index) != 0)
}

/// `out[i] = query.intersects(&set[i])` for every box of the set (`out` is cleared first).
#[multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
pub fn overlaps3(query: &Obb3, set: &ObbSet3, out: &mut Vec<bool>) {
    let q = ObbSet3::broadcast(query);
    out.clear();
    for (index, chunk) in set.chunks().iter().enumerate() {
        push_lanes(out, set3::overlap_mask(&q, chunk), set.valid_lanes(index));
    }
}

/// `out[i] = a[i].intersects(&b[i])` for a stream of independent pairs, over the first
/// `min(a.len(), b.len())` boxes (`out` is cleared first).
#[multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
pub fn pair_overlaps3(a: &ObbSet3, b: &ObbSet3, out: &mut Vec<bool>) {
    out.clear();
    let len = a.len().min(b.len());
    for (index, (ca, cb)) in a.chunks().iter().zip(b.chunks()).enumerate() {
        push_lanes(out, set3::overlap_mask(ca, cb), valid_lanes(len, index));
    }
}

/// Whether `query` intersects any rectangle of `set`.
#[multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
pub fn any_overlap2(query: &Obb2, set: &ObbSet2) -> bool {
    let q = ObbSet2::broadcast(query);
    set.chunks()
        .iter()
        .enumerate()
        .any(|(index, chunk)| set2::overlap_mask(&q, chunk) & set.valid_lanes(index) != 0)
}

/// `out[i] = query.intersects(&set[i])` (`out` is cleared first).
#[multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
pub fn overlaps2(query: &Obb2, set: &ObbSet2, out: &mut Vec<bool>) {
    let q = ObbSet2::broadcast(query);
    out.clear();
    for (index, chunk) in set.chunks().iter().enumerate() {
        push_lanes(out, set2::overlap_mask(&q, chunk), set.valid_lanes(index));
    }
}

/// `out[i] = a[i].intersects(&b[i])` over the first `min(a.len(), b.len())` rectangles.
#[multiversion(targets("x86_64+avx2+fma", "x86_64+avx"))]
pub fn pair_overlaps2(a: &ObbSet2, b: &ObbSet2, out: &mut Vec<bool>) {
    out.clear();
    let len = a.len().min(b.len());
    for (index, (ca, cb)) in a.chunks().iter().zip(b.chunks()).enumerate() {
        push_lanes(out, set2::overlap_mask(ca, cb), valid_lanes(len, index));
    }
}

#[inline(always)]
fn push_lanes(out: &mut Vec<bool>, hits: u32, valid: u32) {
    out.extend(
        (0..LANES)
            .filter(|l| valid >> l & 1 == 1)
            .map(|l| hits >> l & 1 == 1),
    );
}
