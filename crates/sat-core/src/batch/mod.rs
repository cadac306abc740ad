//! Batch queries over structure-of-arrays box sets: one box against many, and streams of
//! independent pairs.
//!
//! Boxes are stored in chunks of [`LANES`] = 8, one per SIMD lane (`ObbSet3`, `ObbSet2`). The
//! kernels run the same padded separating-axis test as [`Obb3::intersects`] /
//! [`Obb2::intersects`], lane by lane, with every operation in the same order, so each verdict is
//! **bit-identical** to the scalar one and the error bound of [`tolerance`](crate::tolerance)
//! holds unchanged (the tests compare them on adversarial pairs). All 15 (or 4) axes are
//! evaluated branch-free for every lane: no early exit within a lane. One box against a set
//! (`overlaps3`, `any_overlap3`) first evaluates the query's three face axes for a whole chunk
//! and skips the rest when they separate all eight lanes (a far box always is), which leaves
//! every verdict as it is.
//!
//! SIMD: each kernel is a loop over the 8 lanes of a chunk whose body is the scalar test without
//! branches; the compiler vectorises it (one lane per vector lane, IEEE arithmetic, no fused
//! multiply-add, so still bit-identical). With the `std` feature, `multiversion` compiles every
//! entry point for AVX-512 (F+VL: 32 vector registers, fewer spills in the 3D kernel), AVX2+FMA
//! and AVX as well as the baseline (SSE2 on x86-64) and picks the best at run time. Without `std`
//! the target features chosen at compile time are used (`-C target-cpu=...`).
//!
//! Speed and the machine's limit (`benches/pairs.rs`, README "Speed"): the 3D kernel is bound by
//! its 140 multiplications per lane, which only the two multiply pipes of a Zen 4 core execute:
//! 140 / (2 × 8 lanes) = 8.75 cycles per pair.
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

mod kernel2;
mod kernel3;
mod set;

use alloc::vec::Vec;
use multiversion::multiversion;

pub use set::{ObbSet2, ObbSet3};

use crate::{Obb2, Obb3};
use set::Chunk;

/// Boxes per chunk: one per lane of a 256-bit vector of `f32`.
pub const LANES: usize = 8;

const ALL_LANES: u32 = (1 << LANES) - 1;

/// Whether `query` intersects any box of `set` (stops at the first chunk with a hit).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx2+fma", "x86_64+avx2+fma", "x86_64+avx"))]
pub fn any_overlap3(query: &Obb3, set: &ObbSet3) -> bool {
    let q = Chunk::splat(query);
    set.chunks()
        .iter()
        .enumerate()
        .any(|(index, chunk)| kernel3::overlap_mask_query(&q, chunk) & set.valid_lanes(index) != 0)
}

/// `out[i] = query.intersects(&set[i])` for every box of the set (`out` is cleared first).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx2+fma", "x86_64+avx2+fma", "x86_64+avx"))]
pub fn overlaps3(query: &Obb3, set: &ObbSet3, out: &mut Vec<bool>) {
    let q = Chunk::splat(query);
    let masks = set
        .chunks()
        .iter()
        .map(|chunk| kernel3::overlap_mask_query(&q, chunk));
    write_lanes(out, set.len(), masks);
}

/// `out[i] = a[i].intersects(&b[i])` for a stream of independent pairs, over the first
/// `min(a.len(), b.len())` boxes (`out` is cleared first).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx2+fma", "x86_64+avx2+fma", "x86_64+avx"))]
pub fn pair_overlaps3(a: &ObbSet3, b: &ObbSet3, out: &mut Vec<bool>) {
    let masks = a.chunks().iter().zip(b.chunks());
    let masks = masks.map(|(ca, cb)| kernel3::overlap_mask(ca, cb));
    write_lanes(out, a.len().min(b.len()), masks);
}

/// Whether `query` intersects any rectangle of `set`.
#[multiversion(targets("x86_64+avx512f+avx512vl+avx2+fma", "x86_64+avx2+fma", "x86_64+avx"))]
pub fn any_overlap2(query: &Obb2, set: &ObbSet2) -> bool {
    let q = Chunk::splat(query);
    set.chunks()
        .iter()
        .enumerate()
        .any(|(index, chunk)| kernel2::overlap_mask(&q, chunk) & set.valid_lanes(index) != 0)
}

/// `out[i] = query.intersects(&set[i])` (`out` is cleared first).
#[multiversion(targets("x86_64+avx512f+avx512vl+avx2+fma", "x86_64+avx2+fma", "x86_64+avx"))]
pub fn overlaps2(query: &Obb2, set: &ObbSet2, out: &mut Vec<bool>) {
    let q = Chunk::splat(query);
    let masks = set
        .chunks()
        .iter()
        .map(|chunk| kernel2::overlap_mask(&q, chunk));
    write_lanes(out, set.len(), masks);
}

/// `out[i] = a[i].intersects(&b[i])` over the first `min(a.len(), b.len())` rectangles.
#[multiversion(targets("x86_64+avx512f+avx512vl+avx2+fma", "x86_64+avx2+fma", "x86_64+avx"))]
pub fn pair_overlaps2(a: &ObbSet2, b: &ObbSet2, out: &mut Vec<bool>) {
    let masks = a.chunks().iter().zip(b.chunks());
    let masks = masks.map(|(ca, cb)| kernel2::overlap_mask(ca, cb));
    write_lanes(out, a.len().min(b.len()), masks);
}

/// Replaces `out` with the first `len` lanes of `masks` (one bit per lane, one mask per chunk).
/// Lanes past the end hold a repeated box: they are computed, then cut off.
#[inline(always)]
fn write_lanes(out: &mut Vec<bool>, len: usize, masks: impl ExactSizeIterator<Item = u32>) {
    out.clear();
    out.resize(masks.len() * LANES, false);
    for (mask, lanes) in masks.zip(out.chunks_exact_mut(LANES)) {
        for (lane, hit) in lanes.iter_mut().enumerate() {
            *hit = mask >> lane & 1 == 1;
        }
    }
    out.truncate(len);
}
