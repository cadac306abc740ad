//! The batch queries in f64 (`DObbSet2`, `DObbSet3`, `any_overlap3_f64`, …): the sources of
//! `single.rs` compiled with [`DObb2`](crate::DObb2) / [`DObb3`](crate::DObb3) and the f64 constants of
//! [`tolerance`](crate::tolerance) ("Double precision"), so each verdict is bit-identical to
//! `DObb3::intersects` and the f64 bound holds.

use alloc::vec::Vec;

use super::LANES_F64 as LANES;
use crate::tolerance::{
    EPS_F64 as EPS, PAD_CENTRE_K_F64 as PAD_CENTRE_K, PAD_K_F64 as PAD_K,
    UNDERFLOW_FLOOR_F64 as UNDERFLOW_FLOOR, UNDERFLOW_SCALE_F64 as UNDERFLOW_SCALE,
};
use crate::{DObb2 as Obb2, DObb3 as Obb3};

/// The stored scalar.
type Real = f64;

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
mod queries;
#[allow(clippy::duplicate_mod)] // one source per precision: `single.rs` compiles it too
#[macro_use]
#[path = "set.rs"]
mod set;

use set::{ALL_LANES, Chunk};

pub use queries::{
    any_overlap2, any_overlap3, overlaps2, overlaps3, pair_overlaps2, pair_overlaps3,
};

obb_set!(
    /// [`ObbSet2`](super::ObbSet2) in f64: rectangles ([`DObb2`](crate::DObb2)) stored for
    /// [`any_overlap2_f64`](super::any_overlap2_f64), [`overlaps2_f64`](super::overlaps2_f64)
    /// and [`pair_overlaps2_f64`](super::pair_overlaps2_f64), whose verdicts are
    /// `DObb2::intersects`' bit for bit.
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
    DObbSet2,
    Obb2,
    2
);

obb_set!(
    /// [`ObbSet3`](super::ObbSet3) in f64: boxes ([`DObb3`](crate::DObb3)) stored for
    /// [`any_overlap3_f64`](super::any_overlap3_f64), [`overlaps3_f64`](super::overlaps3_f64)
    /// and [`pair_overlaps3_f64`](super::pair_overlaps3_f64), whose verdicts are
    /// `DObb3::intersects`' bit for bit.
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
    DObbSet3,
    Obb3,
    3
);
