//! Shared by the benches: seeded random boxes, and engines timed interleaved round by round.

use std::time::Instant;

use glam::{Quat, Vec3};
use rand::Rng;
use rand_pcg::Pcg64;
use sat_core::{DObb2, DObb3, Obb2, Obb3};

/// A uniformly random unit quaternion (rejection sampling in the unit 4-ball).
pub fn random_quat(rng: &mut Pcg64) -> Quat {
    loop {
        let q = Quat::from_xyzw(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        let n = q.length_squared();
        if n > 0.01 && n <= 1.0 {
            return q.normalize();
        }
    }
}

/// Half-extents in `0.5..1.5`.
pub fn extents3(rng: &mut Pcg64) -> Vec3 {
    Vec3::new(
        rng.random_range(0.5..1.5),
        rng.random_range(0.5..1.5),
        rng.random_range(0.5..1.5),
    )
}

/// A box with its centre in a cube of side 4.4 and [`extents3`]: about half of the pairs of two
/// overlap.
pub fn random_box3(rng: &mut Pcg64) -> Obb3 {
    let c = Vec3::new(
        rng.random_range(-2.2..2.2),
        rng.random_range(-2.2..2.2),
        rng.random_range(-2.2..2.2),
    );
    Obb3::new(c, extents3(rng), random_quat(rng))
}

/// One pass of an engine over its items; returns a check value (a count, a sum).
pub type Run<'a> = Box<dyn FnMut() -> f64 + 'a>;

/// One engine's timings.
pub struct Row {
    /// Median ns per item.
    pub ns: f64,
    /// The check value, averaged over the passes of the last round.
    pub value: f64,
    /// ns per item in each round.
    pub samples: Vec<f64>,
}

impl Row {
    /// The median over the rounds of `self / other` within a round.
    pub fn ratio_to(&self, other: &Row) -> f64 {
        median(
            self.samples
                .iter()
                .zip(&other.samples)
                .map(|(s, o)| s / o)
                .collect(),
        )
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Times the engines interleaved: two warm-up rounds (caches, branch predictors), then `rounds`
/// rounds, each one sample of `passes` passes of every engine over its `items`, in a rotating
/// order. Medians, so a round disturbed by other work on the machine moves nothing.
pub fn interleaved(
    items: usize,
    passes: usize,
    rounds: usize,
    engines: &mut [(&str, Run<'_>)],
) -> Vec<Row> {
    let n = engines.len();
    let mut ns = vec![Vec::with_capacity(rounds); n];
    let mut values = vec![0.0; n];
    for round in 0..rounds + 2 {
        for k in 0..n {
            let e = (k + round) % n;
            let start = Instant::now();
            let mut value = 0.0;
            for _ in 0..passes {
                value += (engines[e].1)();
            }
            let elapsed = start.elapsed().as_nanos() as f64;
            values[e] = value / passes as f64;
            if round >= 2 {
                ns[e].push(elapsed / (passes * items) as f64);
            }
        }
    }
    (0..n)
        .map(|e| Row {
            ns: median(ns[e].clone()),
            value: values[e],
            samples: ns[e].clone(),
        })
        .collect()
}

/// The same box in f64 (its f32 numbers; the columns are orthonormal within an f32 ulp, so
/// through the fast constructor, which stores them as given).
pub fn double3(o: &Obb3) -> DObb3 {
    DObb3::from_axes(
        o.center().as_dvec3(),
        o.half_extents().as_dvec3(),
        o.axes().as_dmat3(),
    )
}

/// [`double3`] in 2D.
pub fn double2(o: &Obb2) -> DObb2 {
    DObb2::from_axes(
        o.center().as_dvec2(),
        o.half_extents().as_dvec2(),
        o.axes().as_dmat2(),
    )
}
