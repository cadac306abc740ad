//! Oriented-box (OBB) separating-axis tests for 2D and 3D with a stated floating-point error
//! bound.
//!
//! * [`Obb2`] and [`Obb3`] from every common input form: centre + half-extents + angle
//!   (radians, degrees or `(cos, sin)`), quaternion, axis matrix, four corners, a scene node's
//!   size + anchor + world transform, an `Affine3A` + size, and scale.
//! * Queries: [`Obb3::intersects`], [`Obb3::intersects_with_margin`], [`Obb3::separation`]
//!   (and the same on [`Obb2`]).
//! * Guarantee (see [`tolerance`]): a "separated" verdict is always exact; an "intersects"
//!   verdict is exact whenever the boxes' margin exceeds `BAND_K·ε·S` with `BAND_K = 48`,
//!   `ε = 2⁻²³`, `S = |c_B − c_A| + |e_A| + |e_B|`.
//!
//! The fast constructors (`new`, `from_*`) assume finite, in-range input (documented on each);
//! the checked `try_*` constructors return an [`ObbError`] instead.
//!
//! ```
//! use glam::{Quat, Vec3};
//! use sat_core::Obb3;
//!
//! let a = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, 2.0, 0.5), Quat::IDENTITY)?;
//! let b = Obb3::try_new(Vec3::new(1.8, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_y(0.3))?;
//! assert!(a.intersects(&b));
//! let s = a.separation(&b);
//! assert!(s.gap < 0.0); // penetration depth along s.axis
//! # Ok::<(), sat_core::ObbError>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Index loops mirror the subscripts of the maths (R_ij, e_Ai) they implement.
#![allow(clippy::needless_range_loop)]

#[cfg(feature = "exact")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "exact")]
mod certified;
mod error;
#[cfg(feature = "exact")]
pub mod exact;
mod obb2;
mod obb3;
mod sat2;
mod sat3;
mod separation;
pub mod tolerance;

pub use error::ObbError;
pub use obb2::Obb2;
pub use obb3::Obb3;
pub use separation::{Feature, Separation};
pub use tolerance::{AXES_TOLERANCE, CORNER_TOLERANCE, MAX_MAGNITUDE, MIN_MAGNITUDE};
