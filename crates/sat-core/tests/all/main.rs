//! sat-core's own tests, one binary: the batch kernels bit for bit at the verdict's flip points,
//! the casts against the exact times of impact and distances,
//! the certified test on near-parallel pairs, `distance` against the exact oracle, `separation`
//! against the axis-by-axis scan it replaced, and `DObb2`/`DObb3` (f64) against exact verdicts.
//! `rng` is the one random generator they all draw from.

mod batch_flip_points;
mod cast;
mod certified_near_parallel;
mod distance;
mod double;
mod rng;
mod separation_bits;
