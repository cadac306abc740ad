//! sat-core's oriented-box tests inside rapier: a query dispatcher and a contact filter.
//!
//! * **[`dim3::SatDispatcher`] / [`dim2::SatDispatcher`]**, a query dispatcher: cuboid–cuboid
//!   intersection tests, contacts and contact manifolds computed by sat-core and reference-face
//!   clipping (cuboid parts of compound shapes included), every other pair handed on to rapier's
//!   default dispatcher:
//!   `NarrowPhase::with_query_dispatcher(SatDispatcher::default().chain(DefaultQueryDispatcher))`.
//!   rapier keeps recycling the contacts of quasi-static pairs, so the dispatcher only runs
//!   where pairs move (tumbling piles, cascades, sensors); `benches/rapier_scenes.rs` measures
//!   both kinds of scene. The query pipeline
//!   (`broad_phase.as_query_pipeline(narrow_phase.query_dispatcher(), ..)`) uses it too.
//! * **[`dim3::SatContactFilter`] / [`dim2::SatContactFilter`]**, a physics hook: cuboid pairs
//!   whose AABBs overlap but whose boxes are provably farther apart than the prediction distance
//!   get no contact computation at all, cuboid sensor pairs that are provably disjoint no
//!   intersection test. It wraps the user's own hooks. rapier stops recycling the contacts of
//!   pairs with active hooks, so any hook makes a resting pile's narrow phase several times
//!   slower; this one culls too few cuboid pairs (parry's own cuboid manifold already gives up
//!   early on separated pairs) to win that back.
//!
//! Feature `dim3` (rapier3d 0.36) and `dim2` (rapier2d 0.36) are both on by default. The
//! double-precision builds have their own modules, off by default: feature `dim3-f64`
//! (rapier3d-f64 0.36) gives `dim3_f64`, `dim2-f64` (rapier2d-f64 0.36) gives `dim2_f64`,
//! with the same names (`SatDispatcher`, `SatContactFilter`, `obb`, `obb_from_pose`, `rapier`)
//! on sat-core's f64 boxes. Every flavour compiles the same sources. The adapter's own
//! tolerances are in [`tolerance`].
//!
//! ```
//! use sat_rapier::dim3::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
//! use sat_rapier::dim3::rapier::prelude::*;
//! use sat_rapier::dim3::SatDispatcher;
//!
//! let dispatcher = SatDispatcher::default().chain(DefaultQueryDispatcher);
//! let cube = Cuboid::new(Vector::splat(0.5));
//! let touching = Pose::new(Vector::new(1.0, 0.0, 0.0), Vector::ZERO);
//! assert!(dispatcher.intersection_test(&touching, &cube, &cube).unwrap().intersecting);
//! let apart = Pose::new(Vector::new(1.0 + 1e-4, 0.0, 0.0), Vector::ZERO);
//! assert!(!dispatcher.intersection_test(&apart, &cube, &cube).unwrap().intersecting);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "dim2")]
pub mod dim2;
#[cfg(feature = "dim2-f64")]
pub mod dim2_f64;
#[cfg(feature = "dim3")]
pub mod dim3;
#[cfg(feature = "dim3-f64")]
pub mod dim3_f64;
#[cfg(any(
    feature = "dim2",
    feature = "dim3",
    feature = "dim2-f64",
    feature = "dim3-f64"
))]
mod flavour;
#[cfg(any(
    feature = "dim2",
    feature = "dim3",
    feature = "dim2-f64",
    feature = "dim3-f64"
))]
mod precision;
pub mod tolerance;

/// Seeded values for the unit tests (of `dim2` and `dim3`).
#[cfg(all(test, any(feature = "dim2", feature = "dim3")))]
mod test_values {
    /// Seeded values in `[-1, 1)` (a linear congruential generator: no dependency, same on every
    /// platform).
    pub(crate) fn uniform(seed: u64) -> impl FnMut() -> f32 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 40) as f32 / (1 << 23) as f32 - 1.0
        }
    }
}
