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
//! (f64: `docs/error-bound.md`, "Double precision") holds unchanged (the tests compare them on adversarial pairs,
//! in both precisions). All 15 (or 4) axes are evaluated branch-free for every lane: no early exit
//! within a lane. One box against a set (`overlaps3`, `any_overlap3`) first evaluates the query's
//! three face axes for a whole chunk and skips the rest when they separate every lane (a far
//! box always is), which leaves every verdict as it is.
//!
//! One source per precision: `single.rs` and `double.rs` here compile `set.rs`, `kernel2.rs`,
//! `kernel3.rs` and `queries.rs` with their precision's items (taken by name from the
//! precision module, `crate::single` or `crate::double`, see the crate's `precision.rs`) and
//! boxes, as the crate's `single.rs` and `double.rs` compile the scalar test.
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
//! Speed (`benches/pairs.rs`; measured in the book's speed chapter, `docs/speed.md`, "Batch
//! queries"): the 3D kernel does about 140 multiplications per
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
mod width;

pub use width::{LANES, LANES_F64};

pub use double::queries::{
    any_overlap2 as any_overlap2_f64, any_overlap3 as any_overlap3_f64, overlaps2 as overlaps2_f64,
    overlaps3 as overlaps3_f64, pair_overlaps2 as pair_overlaps2_f64,
    pair_overlaps3 as pair_overlaps3_f64,
};
pub use single::queries::{
    any_overlap2, any_overlap3, overlaps2, overlaps3, pair_overlaps2, pair_overlaps3,
};

/// A set of rectangles stored for batch queries ([`any_overlap2`], [`overlaps2`],
/// [`pair_overlaps2`]); [`DObbSet2`] is the same in f64.
///
/// ```
/// use glam::Vec2;
/// use sat_core::Obb2;
/// use sat_core::batch::{ObbSet2, pair_overlaps2};
///
/// let a: ObbSet2 = (0..20).map(|i| Obb2::new(Vec2::new(i as f32, 0.0), Vec2::splat(0.5), 0.0)).collect();
/// let b: ObbSet2 = (0..20).map(|i| Obb2::new(Vec2::new(i as f32, 1.0 + 0.1 * (i % 2) as f32), Vec2::splat(0.5), 0.0)).collect();
/// let mut touching = Vec::new();
/// pair_overlaps2(&a, &b, &mut touching);
/// assert_eq!(touching, (0..20).map(|i| i % 2 == 0).collect::<Vec<_>>());
/// ```
pub use single::ObbSet2;

/// A set of 3D boxes stored for batch queries ([`any_overlap3`], [`overlaps3`],
/// [`pair_overlaps3`]); [`DObbSet3`] is the same in f64.
///
/// ```
/// use glam::{Quat, Vec3};
/// use sat_core::Obb3;
/// use sat_core::batch::{ObbSet3, any_overlap3};
///
/// let placed: ObbSet3 = (0..100)
///     .map(|i| Obb3::new(Vec3::new(3.0 * i as f32, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY))
///     .collect();
/// let crate_box = Obb3::new(Vec3::new(4.5, 0.0, 0.0), Vec3::splat(0.4), Quat::IDENTITY);
/// assert!(!any_overlap3(&crate_box, &placed));
/// ```
pub use single::ObbSet3;

/// [`ObbSet2`] in f64: rectangles ([`DObb2`](crate::DObb2)) stored for [`any_overlap2_f64`],
/// [`overlaps2_f64`] and [`pair_overlaps2_f64`], whose verdicts are `DObb2::intersects`' bit for
/// bit.
///
/// ```
/// use sat_core::DObb2;
/// use sat_core::batch::{DObbSet2, overlaps2_f64};
/// use sat_core::glam::DVec2;
///
/// // Parking spaces 2.5 m wide, 4000 km from the origin; a car 1 µm into the third one.
/// let far = DVec2::new(4.0e6, 1.0e6);
/// let spaces: DObbSet2 = (0..10)
///     .map(|i| DObb2::new(far + DVec2::new(2.5 * i as f64, 0.0), DVec2::new(1.25, 2.5), 0.0))
///     .collect();
/// let car = DObb2::new(far + DVec2::new(5.0 - 1.25 - 1.0 + 1e-6, 0.0), DVec2::new(1.0, 2.2), 0.0);
/// let mut hits = Vec::new();
/// overlaps2_f64(&car, &spaces, &mut hits);
/// assert_eq!(hits, [false, true, true, false, false, false, false, false, false, false]);
/// ```
pub use double::DObbSet2;

/// [`ObbSet3`] in f64: boxes ([`DObb3`](crate::DObb3)) stored for [`any_overlap3_f64`],
/// [`overlaps3_f64`] and [`pair_overlaps3_f64`], whose verdicts are `DObb3::intersects`' bit for
/// bit.
///
/// ```
/// use sat_core::DObb3;
/// use sat_core::batch::{DObbSet3, any_overlap3_f64};
/// use sat_core::glam::{DQuat, DVec3};
///
/// // Containers 1000 km out, 3 m apart; a crate that fits between two of them with 1 µm
/// // to spare on each side, and one 2 µm wider.
/// let far = DVec3::new(1.0e6, 2.0e5, -3.0e5);
/// let turn = DQuat::from_rotation_z(0.4);
/// let placed: DObbSet3 = (0..100)
///     .map(|i| DObb3::new(far + turn * DVec3::new(3.0 * i as f64, 0.0, 0.0), DVec3::ONE, turn))
///     .collect();
/// let between = far + turn * DVec3::new(1.5, 0.0, 0.0);
/// let fits = DObb3::new(between, DVec3::new(0.5 - 1e-6, 1.0, 1.0), turn);
/// let too_wide = DObb3::new(between, DVec3::new(0.5 + 1e-6, 1.0, 1.0), turn);
/// assert!(!any_overlap3_f64(&fits, &placed));
/// assert!(any_overlap3_f64(&too_wide, &placed));
/// ```
pub use double::DObbSet3;
