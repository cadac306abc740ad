//! Oriented-box (OBB) separating-axis tests for 2D and 3D with a stated floating-point error
//! bound.
//!
//! * [`Obb2`] and [`Obb3`] from every common input form: centre + half-extents + angle
//!   (radians, degrees or `(cos, sin)`), quaternion, axis matrix, four corners, a scene node's
//!   size + anchor + world transform, an `Affine3A` + size, and scale.
//! * Queries: [`Obb3::intersects`], [`Obb3::intersects_with_margin`], [`Obb3::separation`],
//!   [`Obb3::distance`] and [`Obb3::closest_points`] (and the same on [`Obb2`]; the distance's
//!   bound is in [`distance`]).
//! * Guarantee (see [`tolerance`]): a "separated" verdict is always exact; an "intersects"
//!   verdict is exact whenever the boxes' margin exceeds `BAND_K·ε·S` with `BAND_K = 48`,
//!   `ε = 2⁻²³`, `S = |c_B − c_A| + |e_A| + |e_B|` (`AXES_BAND_K = 64` for boxes given by axis
//!   columns that are orthonormal only within [`AXES_TOLERANCE`]). Both hold for the numbers as
//!   the user wrote them: the stored box contains the box as written (see [`tolerance`]).
//!
//! * Double precision: [`DObb2`] and [`DObb3`] are the same types, constructors and queries on
//!   glam's f64 types, with their own bound in `ε = 2⁻⁵²` (`BAND_K_F64 = 768`, see
//!   [`tolerance`]; `docs/error-bound.md`, "Double precision"), their batch sets (`batch::DObbSet3`, …) and distance
//!   queries (`DISTANCE_K_F64 = 768`, see [`distance`], "Double precision").
//!
//! The fast constructors (`new`, `from_*`) assume finite, in-range input (documented on each);
//! the checked `try_*` constructors return an [`ObbError`] instead.
//!
//! sat-core's vectors and rotations are [`glam`] 0.33's, re-exported as `sat_core::glam` so that
//! a program uses the same glam without naming a version (rapier 0.36 and parry 0.31 use it too).
//!
//! ```
//! use sat_core::Obb3;
//! use sat_core::glam::{Quat, Vec3};
//!
//! let a = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, 2.0, 0.5), Quat::IDENTITY)?;
//! let b = Obb3::try_new(Vec3::new(1.8, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_y(0.3))?;
//! assert!(a.intersects(&b));
//! let s = a.separation(&b);
//! assert!(s.gap < 0.0); // penetration depth along s.axis
//! # Ok::<(), sat_core::ObbError>(())
//! ```
#![no_std]
// Unsafe only where CPU features are picked at run time: the batch kernels' dispatch, generated
// by `multiversion`, and `DObb3`'s AVX lanes (`double/avx.rs`).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Index loops mirror the subscripts of the maths (R_ij, e_Ai) they implement.
#![allow(clippy::needless_range_loop)]

// One source per precision: `single.rs` (f32) and `double.rs` (f64) compile the shared sources
// against their precision's items; how, and where a new shared source joins: `precision.rs`.

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
#[allow(unsafe_code)] // `multiversion`'s generated dispatch to the AVX-512/AVX2/AVX clones
pub mod batch;
pub mod cast;
#[cfg(feature = "exact")]
mod certified;
pub mod distance;
mod double;
mod error;
#[cfg(feature = "exact")]
pub mod exact;
mod padded_forms;
mod precision;
mod separation;
mod single;
pub mod tolerance;
mod written;

/// The glam sat-core is built against (0.33): its `Vec2`, `Vec3`, `Quat`, `Mat2`, `Mat3`,
/// `Affine2` and `Affine3A` (and their f64 twins) are the types every constructor takes.
pub use glam;

pub use cast::{CastError, CastHit, CastOptions, CastStatus, Motion2, Motion3};
pub use distance::ClosestPoints;
pub use double::{DObb2, DObb3};
pub use error::ObbError;
pub use separation::{Feature, Separation};
pub use single::{Obb2, Obb3};
pub use tolerance::{AXES_TOLERANCE, CORNER_TOLERANCE, MAX_MAGNITUDE, MIN_MAGNITUDE};
