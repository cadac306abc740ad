//! sat-core's own tests, one binary: the batch kernels bit for bit at the verdict's flip points,
//! the certified test on near-parallel pairs, `distance` against the exact oracle, and
//! `separation` against the axis-by-axis scan it replaced.

mod batch_flip_points;
mod certified_near_parallel;
mod distance;
mod separation_bits;
