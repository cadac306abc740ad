//! The batch entry points, compiled once per precision (`single.rs`, `double.rs`): one box
//! against a set, and streams of pairs. Each runs the kernel of its dimension chunk by chunk.

use alloc::vec::Vec;
use multiversion::multiversion;

use super::set::Chunk;
use super::{LANES, Obb2, Obb3, ObbSet2, ObbSet3, kernel2, kernel3};

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
