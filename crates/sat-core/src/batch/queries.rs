//! The batch entry points, compiled once per precision (`single.rs`, `double.rs`): one box
//! against a set, and streams of pairs. Each runs the kernel of its dimension chunk by chunk.

use alloc::vec::Vec;
use multiversion::multiversion;

use super::set::Chunk;
// This compilation's items (`single.rs`, `double.rs`: its precision's, its boxes and sets).
use super::{LANES, Obb2, Obb3, ObbSet2, ObbSet3, kernel2, kernel3};

/// The three entry points of one dimension: one box against a set (`$any`, `$overlaps`), each
/// chunk through `$query_mask` with the query splatted, and a stream of pairs (`$pairs`), chunk
/// against chunk through `$pair_mask`.
macro_rules! entry_points {
    (
        $obb:ident, $set:ident, $query_mask:path, $pair_mask:path;
        $(#[$any_doc:meta])* $any:ident;
        $(#[$overlaps_doc:meta])* $overlaps:ident;
        $(#[$pairs_doc:meta])* $pairs:ident;
    ) => {
        $(#[$any_doc])*
        #[multiversion(targets(
            "x86_64+avx512f+avx512vl+avx2+fma",
            "x86_64+avx2+fma",
            "x86_64+avx",
        ))]
        pub fn $any(query: &$obb, set: &$set) -> bool {
            let q = Chunk::splat(query);
            set.chunks()
                .iter()
                .enumerate()
                .any(|(index, chunk)| $query_mask(&q, chunk) & set.valid_lanes(index) != 0)
        }

        $(#[$overlaps_doc])*
        #[multiversion(targets(
            "x86_64+avx512f+avx512vl+avx2+fma",
            "x86_64+avx2+fma",
            "x86_64+avx",
        ))]
        pub fn $overlaps(query: &$obb, set: &$set, out: &mut Vec<bool>) {
            let q = Chunk::splat(query);
            let masks = set.chunks().iter().map(|chunk| $query_mask(&q, chunk));
            write_lanes(out, set.len(), masks);
        }

        $(#[$pairs_doc])*
        #[multiversion(targets(
            "x86_64+avx512f+avx512vl+avx2+fma",
            "x86_64+avx2+fma",
            "x86_64+avx",
        ))]
        pub fn $pairs(a: &$set, b: &$set, out: &mut Vec<bool>) {
            let masks = a.chunks().iter().zip(b.chunks());
            let masks = masks.map(|(ca, cb)| $pair_mask(ca, cb));
            write_lanes(out, a.len().min(b.len()), masks);
        }
    };
}

entry_points! {
    Obb3, ObbSet3, kernel3::overlap_mask_query, kernel3::overlap_mask;
    /// Whether `query` intersects any box of `set` (stops at the first chunk with a hit).
    ///
    /// # Error bound
    ///
    /// Each verdict is `intersects`' bit for bit, so its bound: a `false` is exact, a `true` exact
    /// outside `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` for the f64 sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::batch::{ObbSet3, any_overlap3};
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let shelf: ObbSet3 = (0..50).map(|i| Obb3::new(Vec3::X * (2.5 * i as f32), Vec3::ONE, Quat::IDENTITY)).collect();
    /// assert!(any_overlap3(&Obb3::new(Vec3::new(2.5, 1.9, 0.0), Vec3::ONE, Quat::IDENTITY), &shelf));
    /// assert!(!any_overlap3(&Obb3::new(Vec3::new(2.5, 2.1, 0.0), Vec3::ONE, Quat::IDENTITY), &shelf));
    /// ```
    any_overlap3;
    /// `out[i] = query.intersects(&set[i])` for every box of the set (`out` is cleared first).
    ///
    /// # Error bound
    ///
    /// Each verdict is `intersects`' bit for bit, so its bound: a `false` is exact, a `true` exact
    /// outside `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` for the f64 sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::batch::{ObbSet3, overlaps3};
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let row: ObbSet3 = (0..5).map(|i| Obb3::new(Vec3::X * (3.0 * i as f32), Vec3::ONE, Quat::IDENTITY)).collect();
    /// let mut out = Vec::new();
    /// overlaps3(&Obb3::new(Vec3::X * 4.5, Vec3::ONE, Quat::IDENTITY), &row, &mut out);
    /// assert_eq!(out, [false, true, true, false, false]);
    /// ```
    overlaps3;
    /// `out[i] = a[i].intersects(&b[i])` for a stream of independent pairs, over the first
    /// `min(a.len(), b.len())` boxes (`out` is cleared first).
    ///
    /// # Error bound
    ///
    /// Each verdict is `intersects`' bit for bit, so its bound: a `false` is exact, a `true` exact
    /// outside `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` for the f64 sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::batch::{ObbSet3, pair_overlaps3};
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let at = |x: f32| Obb3::new(Vec3::X * x, Vec3::ONE, Quat::IDENTITY);
    /// let a: ObbSet3 = [at(0.0), at(0.0), at(0.0)].iter().collect();
    /// let b: ObbSet3 = [at(1.0), at(2.0), at(3.0)].iter().collect();
    /// let mut out = Vec::new();
    /// pair_overlaps3(&a, &b, &mut out);
    /// assert_eq!(out, [true, true, false]); // the second pair touches
    /// ```
    pair_overlaps3;
}

entry_points! {
    Obb2, ObbSet2, kernel2::overlap_mask, kernel2::overlap_mask;
    /// Whether `query` intersects any rectangle of `set`.
    ///
    /// # Error bound
    ///
    /// Each verdict is `intersects`' bit for bit, so its bound: a `false` is exact, a `true` exact
    /// outside `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` for the f64 sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::batch::{ObbSet2, any_overlap2};
    /// use sat_core::glam::Vec2;
    ///
    /// let lots: ObbSet2 = (0..10).map(|i| Obb2::new(Vec2::new(3.0 * i as f32, 0.0), Vec2::ONE, 0.0)).collect();
    /// assert!(!any_overlap2(&Obb2::new(Vec2::new(1.5, 0.0), Vec2::splat(0.4), 0.0), &lots));
    /// ```
    any_overlap2;
    /// `out[i] = query.intersects(&set[i])` (`out` is cleared first).
    ///
    /// # Error bound
    ///
    /// Each verdict is `intersects`' bit for bit, so its bound: a `false` is exact, a `true` exact
    /// outside `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` for the f64 sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::batch::{ObbSet2, overlaps2};
    /// use sat_core::glam::Vec2;
    ///
    /// let lots: ObbSet2 = (0..3).map(|i| Obb2::new(Vec2::new(3.0 * i as f32, 0.0), Vec2::ONE, 0.0)).collect();
    /// let mut out = Vec::new();
    /// overlaps2(&Obb2::from_degrees(Vec2::new(3.0, 0.0), Vec2::ONE, 45.0), &lots, &mut out);
    /// assert_eq!(out, [false, true, false]);
    /// ```
    overlaps2;
    /// `out[i] = a[i].intersects(&b[i])` over the first `min(a.len(), b.len())` rectangles.
    ///
    /// # Error bound
    ///
    /// Each verdict is `intersects`' bit for bit, so its bound: a `false` is exact, a `true` exact
    /// outside `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` for the f64 sets).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::batch::{ObbSet2, pair_overlaps2};
    /// use sat_core::glam::Vec2;
    ///
    /// let at = |x: f32| Obb2::new(Vec2::new(x, 0.0), Vec2::ONE, 0.0);
    /// let (a, b): (ObbSet2, ObbSet2) = ([at(0.0)].iter().collect(), [at(2.5)].iter().collect());
    /// let mut out = Vec::new();
    /// pair_overlaps2(&a, &b, &mut out);
    /// assert_eq!(out, [false]);
    /// ```
    pair_overlaps2;
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
