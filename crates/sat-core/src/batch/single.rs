//! The batch queries in f32 (`ObbSet2`, `ObbSet3`, `any_overlap3`, …): the shared sources
//! `set.rs`, `kernel2.rs`, `kernel3.rs` and `queries.rs` compiled with the f32 boxes and the f32
//! constants of [`tolerance`](crate::tolerance). `double.rs` compiles them in f64.

use alloc::vec::Vec;

use super::LANES;
use crate::tolerance::{EPS, PAD_CENTRE_K, PAD_K, UNDERFLOW_FLOOR, UNDERFLOW_SCALE};
use crate::{Obb2, Obb3};

/// The stored scalar.
type Real = f32;

#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "kernel2.rs"]
mod kernel2;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "kernel3.rs"]
mod kernel3;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[path = "queries.rs"]
mod queries;
#[allow(clippy::duplicate_mod)] // one source per precision: `double.rs` compiles it too
#[macro_use]
#[path = "set.rs"]
mod set;

use set::{ALL_LANES, Chunk};

pub use queries::{
    any_overlap2, any_overlap3, overlaps2, overlaps3, pair_overlaps2, pair_overlaps3,
};

obb_set!(
    /// A set of rectangles stored for batch queries ([`any_overlap2`](super::any_overlap2),
    /// [`overlaps2`](super::overlaps2), [`pair_overlaps2`](super::pair_overlaps2));
    /// [`DObbSet2`](super::DObbSet2) is the same in f64.
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
    ObbSet2,
    Obb2,
    2
);

obb_set!(
    /// A set of 3D boxes stored for batch queries ([`any_overlap3`](super::any_overlap3),
    /// [`overlaps3`](super::overlaps3), [`pair_overlaps3`](super::pair_overlaps3));
    /// [`DObbSet3`](super::DObbSet3) is the same in f64.
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
    ObbSet3,
    Obb3,
    3
);
