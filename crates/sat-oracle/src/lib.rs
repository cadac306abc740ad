//! Ground truth and peers for the oriented-box tests of [`sat_core`].
//!
//! * [`exact`]: the exact separating-axis verdict, margin and axis for boxes given in `f64`
//!   (rotations as quaternions or exact columns), in arbitrary-precision integers. It lives in
//!   sat-core (feature `exact`), whose certified verdicts fall back to it, and is re-exported here.
//! * [`case_box`]: boxes exactly as a case line writes them (f64 numbers, one rotation form),
//!   with sat-core's box and the exact box of those numbers.
//! * [`peers`]: parry's box–box intersection tests (its SAT, its GJK and its query dispatcher)
//!   on sat-core boxes, plus a prepared form for timing loops.
//! * [`world`]: the one rapier world (pipeline, sets, integration of sat-rapier, step) that the
//!   fuzz scenes, the pipeline tests, the rapier bench and the example step.
//! * [`harness`]: the scenes and pipeline assertions of the sat-rapier crates' tests, over
//!   [`world`], also used by the rapier bench and the example.
//! * [`scenes`]: rapier's own box scenes as its examples write them, built into that world, and
//!   their quality measured from the poses (penetration, speed, sleep, drift, height); and the
//!   workspace's own scenes ([`scenes::workspace`]: piles, drums, dominoes, sensors, compounds).
//! * [`timing`]: how the rapier benches time worlds in lockstep (medians, per-step ratios, the
//!   thread's CPU clock).
//!
//! Used by the tests, the CLI and the fuzz targets to adjudicate sat-core's verdicts against
//! its stated band (see [`sat_core::tolerance`]).
//!
//! Exact arithmetic is `num-bigint` (pure Rust, mature, no system library, `no_std` with
//! `alloc`) on integers only: every `f64` is a dyadic rational, so scaling a pair's inputs by
//! powers of two (and a quaternion box by `|q|²`) turns the whole test into integer polynomials,
//! with none of the gcd reductions a `BigRational` would perform after every operation (details
//! in [`exact`]).
//!
//! ```
//! use glam::{Quat, Vec3};
//! use sat_core::Obb3;
//! use sat_oracle::exact::{ExactBox3, verdict3};
//! use sat_oracle::peers::parry_sat3;
//!
//! let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
//! let b = Obb3::new(Vec3::new(2.5, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_z(0.3));
//! let exact = verdict3(&ExactBox3::from_obb(&a), &ExactBox3::from_obb(&b));
//! assert_eq!(exact.intersects, a.intersects(&b));
//! assert_eq!(exact.intersects, parry_sat3(&a, &b));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub use sat_core::exact;
pub mod case_box;
pub mod harness;
pub mod peers;
pub mod scenes;
pub mod timing;
pub mod world;
