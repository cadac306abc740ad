//! Shared by the benches: seeded random boxes, engines timed interleaved round by round, and the
//! boxes in the textbook's and in parry-f64's layouts.

use std::time::Instant;

use glam::{Quat, Vec2, Vec3};
use rand::Rng;
use rand_pcg::Pcg64;
use rapier2d_f64::parry as parry2d_f64;
use rapier3d_f64::parry as parry3d_f64;
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

/// The 2D analogue of [`random_box3`]: a rectangle with its centre in a square of side 5.2,
/// half-extents in `0.5..1.5`, at any angle.
pub fn random_box2(rng: &mut Pcg64) -> Obb2 {
    let c = Vec2::new(rng.random_range(-2.6..2.6), rng.random_range(-2.6..2.6));
    let e = Vec2::new(rng.random_range(0.5..1.5), rng.random_range(0.5..1.5));
    Obb2::new(c, e, rng.random_range(0.0..std::f32::consts::TAU))
}

/// `count` pairs, the `n`-th made by `pair(rng, n, q, ea, eb)` from a [`random_quat`] `q` and
/// two [`extents3`] `ea`, `eb` (drawn in that order).
pub fn oriented_pairs3(
    rng: &mut Pcg64,
    count: usize,
    mut pair: impl FnMut(&mut Pcg64, usize, Quat, Vec3, Vec3) -> (Obb3, Obb3),
) -> Vec<(Obb3, Obb3)> {
    (0..count)
        .map(|n| {
            let q = random_quat(rng);
            let (ea, eb) = (extents3(rng), extents3(rng));
            pair(rng, n, q, ea, eb)
        })
        .collect()
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

/// A box in the textbook's layout (Ericson's `OBB`): centre, local axes, half-extents.
pub fn textbook_parts3(o: &Obb3) -> (Vec3, [Vec3; 3], [f32; 3]) {
    let m = o.axes();
    (
        o.center(),
        [m.x_axis, m.y_axis, m.z_axis],
        o.half_extents().to_array(),
    )
}

/// [`textbook_parts3`] in 2D.
pub fn textbook_parts2(o: &Obb2) -> (Vec2, [Vec2; 2], [f32; 2]) {
    let m = o.axes();
    (
        o.center(),
        [m.x_axis, m.y_axis],
        o.half_extents().to_array(),
    )
}

/// An f64 box as a parry3d-f64 cuboid (parry3d-f64 0.31, as rapier3d-f64 re-exports it) and its
/// pose (the rotation from the box's axes, normalised).
pub struct ParryF64Box3 {
    pub pose: parry3d_f64::math::Pose,
    pub cuboid: parry3d_f64::shape::Cuboid,
}

impl ParryF64Box3 {
    pub fn new(o: &DObb3) -> Self {
        let q = glam::DQuat::from_mat3(&o.axes()).normalize();
        ParryF64Box3 {
            pose: parry3d_f64::math::Pose::from_parts(o.center(), q),
            cuboid: parry3d_f64::shape::Cuboid::new(o.half_extents()),
        }
    }
}

/// [`ParryF64Box3`] in 2D (parry2d-f64).
pub struct ParryF64Box2 {
    pub pose: parry2d_f64::math::Pose,
    pub cuboid: parry2d_f64::shape::Cuboid,
}

impl ParryF64Box2 {
    pub fn new(o: &DObb2) -> Self {
        let rotation = parry2d_f64::math::Rot2::from_mat(o.axes());
        ParryF64Box2 {
            pose: parry2d_f64::math::Pose::from_parts(o.center(), rotation),
            cuboid: parry2d_f64::shape::Cuboid::new(o.half_extents()),
        }
    }
}
