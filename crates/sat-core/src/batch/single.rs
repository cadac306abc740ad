//! The batch queries in f32 (`ObbSet2`, `ObbSet3`, `any_overlap3`, …): the shared sources
//! `set.rs`, `kernel2.rs`, `kernel3.rs` and `queries.rs` compiled with the f32 boxes and the items
//! of f32's precision module (`crate::single`, see [`precision`](crate::precision)), which they
//! import from here by name. `double.rs` compiles them in f64.

use alloc::vec::Vec;

// The items of f32's precision module that the batch sources use, and its boxes.
use crate::single::{
    EPS, LANES, Obb2, Obb3, PAD_CENTRE_K, PAD_K, Real, UNDERFLOW_FLOOR, UNDERFLOW_SCALE,
};

#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "kernel2.rs"]
mod kernel2;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "kernel3.rs"]
mod kernel3;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "queries.rs"]
pub(super) mod queries;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "set.rs"]
mod set;

use set::{Chunk, obb_set};

obb_set!(ObbSet2, Obb2, 2);
obb_set!(ObbSet3, Obb3, 3);
