//! Pair throughput of sat-core against its peers, side by side in one process.
//!
//! Workloads: 3D random pairs (about half overlapping), 3D near-parallel near-touching pairs,
//! 2D random pairs. Peers: Ericson's textbook test (`ericson.rs`). Run with
//! `cargo bench --bench pairs`; criterion reports time per batch of `PAIRS` pairs.

mod ericson;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ericson::{TextbookObb2, TextbookObb3, test_obb_obb, test_obb_obb_2d};
use glam::{Quat, Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::{Obb2, Obb3};
use std::hint::black_box;

const PAIRS: usize = 4096;

fn random_quat(rng: &mut Pcg64) -> Quat {
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

/// Boxes with half-extents in [0.5, 1.5] and centres in a cube sized so that about half the
/// pairs overlap.
fn random_pairs_3d(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
    let mut random_box = |rng: &mut Pcg64| {
        let c = Vec3::new(
            rng.random_range(-2.2..2.2),
            rng.random_range(-2.2..2.2),
            rng.random_range(-2.2..2.2),
        );
        let e = Vec3::new(
            rng.random_range(0.5..1.5),
            rng.random_range(0.5..1.5),
            rng.random_range(0.5..1.5),
        );
        Obb3::new(c, e, random_quat(rng))
    };
    (0..PAIRS)
        .map(|_| (random_box(rng), random_box(rng)))
        .collect()
}

/// B = A turned by 1e-6..1e-2 rad and placed at touching distance along a face normal plus a
/// gap of ±1e-4 of its size: every axis test runs and the edge axes are near-degenerate.
fn near_parallel_pairs_3d(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
    (0..PAIRS)
        .map(|_| {
            let q = random_quat(rng);
            let e = Vec3::new(
                rng.random_range(0.5..1.5),
                rng.random_range(0.5..1.5),
                rng.random_range(0.5..1.5),
            );
            let a = Obb3::new(Vec3::ZERO, e, q);
            let tilt = 10f32.powf(rng.random_range(-6.0..-2.0));
            let qb = q * Quat::from_axis_angle(random_quat(rng) * Vec3::X, tilt);
            let k = rng.random_range(0..3);
            let gap = rng.random_range(-1e-4..1e-4);
            let dir = a.axes().col(k);
            let b = Obb3::new(dir * (2.0 * e[k] + gap), e, qb);
            (a, b)
        })
        .collect()
}

fn random_pairs_2d(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
    let mut random_box = |rng: &mut Pcg64| {
        let c = Vec2::new(rng.random_range(-2.6..2.6), rng.random_range(-2.6..2.6));
        let e = Vec2::new(rng.random_range(0.5..1.5), rng.random_range(0.5..1.5));
        Obb2::new(c, e, rng.random_range(0.0..std::f32::consts::TAU))
    };
    (0..PAIRS)
        .map(|_| (random_box(rng), random_box(rng)))
        .collect()
}

fn textbook3(o: &Obb3) -> TextbookObb3 {
    let m = o.axes();
    TextbookObb3 {
        c: o.center(),
        u: [m.x_axis, m.y_axis, m.z_axis],
        e: o.half_extents().to_array(),
    }
}

fn textbook2(o: &Obb2) -> TextbookObb2 {
    let m = o.axes();
    TextbookObb2 {
        c: o.center(),
        u: [m.x_axis, m.y_axis],
        e: o.half_extents().to_array(),
    }
}

fn bench_3d(c: &mut Criterion, name: &str, pairs: &[(Obb3, Obb3)]) {
    let overlapping = pairs.iter().filter(|(a, b)| a.intersects(b)).count();
    println!("{name}: {overlapping} of {} pairs overlap", pairs.len());
    let textbook: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (textbook3(a), textbook3(b)))
        .collect();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("sat-core", |bench| {
        bench.iter(|| {
            black_box(pairs)
                .iter()
                .filter(|(a, b)| a.intersects(b))
                .count()
        })
    });
    group.bench_function("sat-core certified", |bench| {
        bench.iter(|| {
            black_box(pairs)
                .iter()
                .filter(|(a, b)| a.intersects_certified(b))
                .count()
        })
    });
    group.bench_function("ericson", |bench| {
        bench.iter(|| {
            black_box(&textbook)
                .iter()
                .filter(|(a, b)| test_obb_obb(a, b))
                .count()
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let mut rng = Pcg64::seed_from_u64(0x0bb5a7);
    bench_3d(c, "3d_random", &random_pairs_3d(&mut rng));
    bench_3d(c, "3d_near_parallel", &near_parallel_pairs_3d(&mut rng));

    let pairs = random_pairs_2d(&mut rng);
    let textbook: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (textbook2(a), textbook2(b)))
        .collect();
    let mut group = c.benchmark_group("2d_random");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("sat-core", |bench| {
        bench.iter(|| {
            black_box(&pairs)
                .iter()
                .filter(|(a, b)| a.intersects(b))
                .count()
        })
    });
    group.bench_function("textbook", |bench| {
        bench.iter(|| {
            black_box(&textbook)
                .iter()
                .filter(|(a, b)| test_obb_obb_2d(a, b))
                .count()
        })
    });
    group.finish();
}

criterion_group!(pair_benches, benches);
criterion_main!(pair_benches);
