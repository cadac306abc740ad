//! Batch queries over structure-of-arrays box sets: one box against many, and streams of
//! independent pairs, in f32 (`ObbSet3`, `ObbSet2`, [`any_overlap3`], …) and in f64 (`DObbSet3`,
//! `DObbSet2`, [`any_overlap3_f64`], …: the same names with `_f64`).
//!
//! Boxes are stored in chunks, one per SIMD lane: [`LANES`] = 16 in f32, [`LANES_F64`] = 8 in
//! f64 (one 512-bit vector either way). The kernels run the same
//! padded separating-axis test as [`Obb3::intersects`](crate::Obb3::intersects) /
//! [`Obb2::intersects`](crate::Obb2::intersects) (f64: [`DObb3::intersects`](crate::DObb3) /
//! `DObb2::intersects`), lane by lane, with every operation in the same order, so each verdict is
//! **bit-identical** to the scalar one and the error bound of [`tolerance`](crate::tolerance)
//! (f64: "Double precision" there) holds unchanged (the tests compare them on adversarial pairs,
//! in both precisions). All 15 (or 4) axes are evaluated branch-free for every lane: no early exit
//! within a lane. One box against a set (`overlaps3`, `any_overlap3`) first evaluates the query's
//! three face axes for a whole chunk and skips the rest when they separate every lane (a far
//! box always is), which leaves every verdict as it is.
//!
//! One source per precision: `single.rs` and `double.rs` compile `set.rs`, `kernel2.rs`,
//! `kernel3.rs` and `queries.rs` with their scalar, boxes and constants, as the crate's
//! `single.rs` and `double.rs` compile the scalar test.
//!
//! SIMD: each kernel is a loop over the lanes of a chunk whose body is the scalar test without
//! branches; the compiler vectorises it (one box per vector lane, IEEE arithmetic, no fused
//! multiply-add, so still bit-identical). A chunk fills a 512-bit vector in both precisions
//! (16 `f32` or 8 `f64` lanes; two 256-bit vectors with AVX2, four 128-bit ones on the SSE2
//! baseline). With the `std` feature, `multiversion` compiles every entry point for AVX-512
//! (F+VL: 32 vector registers, fewer spills in the 3D kernel), AVX2+FMA and AVX as well as the
//! baseline (SSE2 on x86-64) and picks the best at run time. Without `std` the target features
//! chosen at compile time are used (`-C target-cpu=...`).
//!
//! Speed (`benches/pairs.rs`, README "Speed"): the 3D kernel does about 140 multiplications per
//! pair, branch-free, so its time per pair is set by how many lanes a core multiplies per cycle;
//! a chunk is as wide as the widest vector a core runs, so a core that executes 512-bit
//! operations at full width gets all of it (one that runs them, or AVX2's pairs of 256-bit
//! ones, as two halves just does the chunk in two).
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

/// Boxes per chunk of an f32 set (`ObbSet2`, `ObbSet3`): one per lane of a 512-bit vector of
/// `f32` (AVX-512; two 256-bit vectors with AVX2).
pub const LANES: usize = 16;

/// Boxes per chunk of an f64 set (`DObbSet2`, `DObbSet3`): one per lane of a 512-bit vector of
/// `f64` (AVX-512; two 256-bit vectors with AVX2).
pub const LANES_F64: usize = 8;
