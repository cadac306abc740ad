//! The chunks' width: how many boxes a chunk of a batch set holds, one per SIMD lane, in each
//! precision. A leaf of `batch/`: the precision modules (`single.rs`, `double.rs`) and the batch
//! sources read it, and it reads nothing.

/// Boxes per chunk of an f32 set (`ObbSet2`, `ObbSet3`): one per lane of a 512-bit vector of
/// `f32` (AVX-512; two 256-bit vectors with AVX2).
///
/// # Examples
///
/// ```
/// use sat_core::batch::LANES;
///
/// assert_eq!(LANES, 16);
/// ```
pub const LANES: usize = 16;

/// Boxes per chunk of an f64 set (`DObbSet2`, `DObbSet3`): one per lane of a 512-bit vector of
/// `f64` (AVX-512; two 256-bit vectors with AVX2).
///
/// # Examples
///
/// ```
/// use sat_core::batch::{LANES, LANES_F64};
///
/// assert_eq!(LANES_F64 * 2, LANES); // one 512-bit vector either way
/// ```
pub const LANES_F64: usize = 8;
