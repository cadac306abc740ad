//! Batch queries over structure-of-arrays box sets: one box against many, and streams of
//! independent pairs, in f32 (`ObbSet3`, `ObbSet2`, [`any_overlap3`], …) and in f64 (`DObbSet3`,
//! `DObbSet2`, [`any_overlap3_f64`], …: the same names with `_f64`).
//!
//! Boxes are stored in chunks of [`LANES`] = 8, one per SIMD lane. The kernels run the same
//! padded separating-axis test as [`Obb3::intersects`](crate::Obb3::intersects) /
//! [`Obb2::intersects`](crate::Obb2::intersects) (f64: [`DObb3::intersects`](crate::DObb3) /
//! `DObb2::intersects`), lane by lane, with every operation in the same order, so each verdict is
//! **bit-identical** to the scalar one and the error bound of [`tolerance`](crate::tolerance)
//! (f64: "Double precision" there) holds unchanged (the tests compare them on adversarial pairs,
//! in both precisions). All 15 (or 4) axes are evaluated branch-free for every lane: no early exit
//! within a lane. One box against a set (`overlaps3`, `any_overlap3`) first evaluates the query's
//! three face axes for a whole chunk and skips the rest when they separate all eight lanes (a far
//! box always is), which leaves every verdict as it is.
//!
//! One source per precision: `single.rs` and `double.rs` compile `set.rs`, `kernel2.rs`,
//! `kernel3.rs` and `queries.rs` with their scalar, boxes and constants, as the crate's
//! `single.rs` and `double.rs` compile the scalar test.
//!
//! SIMD: each kernel is a loop over the 8 lanes of a chunk whose body is the scalar test without
//! branches; the compiler vectorises it (one lane per vector lane, IEEE arithmetic, no fused
//! multiply-add, so still bit-identical): eight f32 lanes fill a 256-bit vector, eight f64 lanes
//! a 512-bit one (two 256-bit vectors with AVX2; chunks of four f64 lanes measured slower on
//! both). With the `std` feature, `multiversion` compiles every entry point for AVX-512 (F+VL: 32
//! vector registers, fewer spills in the 3D kernel), AVX2+FMA and AVX as well as the baseline
//! (SSE2 on x86-64) and picks the best at run time. Without `std` the target features chosen at
//! compile time are used (`-C target-cpu=...`).
//!
//! Speed and the machine's limit (`benches/pairs.rs`, README "Speed"): the 3D kernel is bound by
//! its 140 multiplications per lane, which only the two multiply pipes of a Zen 4 core execute:
//! 140 / (2 × 8 lanes) = 8.75 cycles per pair (f32).
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

mod double;
mod single;

pub use double::{
    DObbSet2, DObbSet3, any_overlap2 as any_overlap2_f64, any_overlap3 as any_overlap3_f64,
    overlaps2 as overlaps2_f64, overlaps3 as overlaps3_f64, pair_overlaps2 as pair_overlaps2_f64,
    pair_overlaps3 as pair_overlaps3_f64,
};
pub use single::{
    ObbSet2, ObbSet3, any_overlap2, any_overlap3, overlaps2, overlaps3, pair_overlaps2,
    pair_overlaps3,
};

/// Boxes per chunk, in both precisions: one per lane of a 256-bit vector of `f32`, of a 512-bit
/// vector of `f64` (AVX-512; two 256-bit vectors with AVX2).
pub const LANES: usize = 8;

/// The mask with a bit for every lane of a chunk.
const ALL_LANES: u32 = (1 << LANES) - 1;

/// The lanes of chunk `index` that hold one of a set's `len` boxes.
fn valid_lanes(len: usize, index: usize) -> u32 {
    let filled = len.saturating_sub(index * LANES).min(LANES);
    (1u32 << filled) - 1
}
