//! The batch queries in f64 (`DObbSet2`, `DObbSet3`, `any_overlap3_f64`, …): the sources of
//! `single.rs` compiled with [`DObb2`](crate::DObb2) / [`DObb3`](crate::DObb3) and the items of
//! f64's precision module (`crate::double`: the f64 constants of [`tolerance`](crate::tolerance);
//! `docs/error-bound.md`, "Double precision"), so each verdict is bit-identical to `DObb3::intersects` and the f64 bound
//! holds.

use alloc::vec::Vec;

// The items of f64's precision module that the batch sources use, and its boxes.
use crate::double::{
    DObb2 as Obb2, DObb3 as Obb3, EPS, LANES, PAD_CENTRE_K, PAD_K, Real, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE,
};

/// The set names the shared sources use.
type ObbSet2 = DObbSet2;
type ObbSet3 = DObbSet3;

#[allow(clippy::duplicate_mod)] // one source per precision: `single.rs` compiles it too
#[path = "kernel2.rs"]
mod kernel2;
#[allow(clippy::duplicate_mod)] // one source per precision: `single.rs` compiles it too
#[path = "kernel3.rs"]
mod kernel3;
#[allow(clippy::duplicate_mod)] // one source per precision: `single.rs` compiles it too
#[path = "queries.rs"]
pub(super) mod queries;
#[allow(clippy::duplicate_mod)] // one source per precision: `single.rs` compiles it too
#[path = "set.rs"]
mod set;

use set::{Chunk, obb_set};

obb_set!(DObbSet2, Obb2, 2);
obb_set!(DObbSet3, Obb3, 3);
