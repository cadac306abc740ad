//! The tests' one random generator: splitmix64, seeded by the test, with the draws the tests
//! share. Draws "in f32" take 24 random bits and are exact in either precision (so the f32 and
//! f64 flavours of a test see the same numbers); draws named `_f64` take 53 random bits.

use glam::{DQuat, DVec3, Quat, Vec3};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};

/// splitmix64 with its state; `Rng::new(seed)` starts a sequence.
pub struct Rng(SplitMix64);

impl Rng {
    /// The sequence of `seed`.
    pub fn new(seed: u64) -> Self {
        Self(SplitMix64::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `[lo, hi)`, drawn in f32 and given in either precision exactly.
    pub fn range<R: From<f32>>(&mut self, lo: f32, hi: f32) -> R {
        R::from(lo + (hi - lo) * ((self.bits() >> 40) as f32 / (1u64 << 24) as f32))
    }

    /// Uniform in `[lo, hi)` in f64.
    pub fn range_f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.bits() >> 11) as f64 / (1u64 << 53) as f64)
    }

    /// `N` draws of [`range`](Self::range) in order: a vector's or quaternion's components.
    pub fn array<R: From<f32>, const N: usize>(&mut self, lo: f32, hi: f32) -> [R; N] {
        std::array::from_fn(|_| self.range(lo, hi))
    }

    /// `N` draws of [`range_f64`](Self::range_f64) in order.
    pub fn array_f64<const N: usize>(&mut self, lo: f64, hi: f64) -> [f64; N] {
        std::array::from_fn(|_| self.range_f64(lo, hi))
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> usize {
        (self.bits() % n) as usize
    }

    /// −1 or +1 with equal odds.
    pub fn sign<R: From<f32>>(&mut self) -> R {
        R::from(if self.bits() >> 63 == 0 { -1.0 } else { 1.0 })
    }

    /// `10^x` for `x` uniform in `[lo, hi)`, in f32: log-uniform sizes and angles.
    pub fn log(&mut self, lo: f32, hi: f32) -> f32 {
        10f32.powf(self.range(lo, hi))
    }

    /// `10^x` for `x` uniform in `[lo, hi)`, in f64.
    pub fn log_f64(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(self.range_f64(lo, hi))
    }

    /// A random unit vector: a nonzero point of the cube `[-1, 1)³`, normalised (so not quite
    /// uniform on the sphere), in f32.
    pub fn unit(&mut self) -> Vec3 {
        loop {
            if let Some(v) = Vec3::from_array(self.array(-1.0, 1.0)).try_normalize() {
                return v;
            }
        }
    }

    /// [`unit`](Self::unit) in f64.
    pub fn unit_f64(&mut self) -> DVec3 {
        loop {
            if let Some(v) = DVec3::from_array(self.array_f64(-1.0, 1.0)).try_normalize() {
                return v;
            }
        }
    }

    /// A rotation by a uniform angle about a [`unit`](Self::unit) axis, in f32.
    pub fn rotation(&mut self) -> Quat {
        Quat::from_axis_angle(self.unit(), self.range(0.0, std::f32::consts::TAU))
    }

    /// [`rotation`](Self::rotation) in f64.
    pub fn rotation_f64(&mut self) -> DQuat {
        DQuat::from_axis_angle(self.unit_f64(), self.range_f64(0.0, std::f64::consts::TAU))
    }
}
