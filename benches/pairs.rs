//! Pair throughput of sat-core against its peers, side by side in one process.
//!
//! Workloads (seeded, in cache):
//! * `3d_random`: boxes with half-extents 0.5..1.5 and centres in a cube sized so that about
//!   half the pairs overlap;
//! * `3d_near_parallel`: B = A turned by 1e-6..1e-2 rad, touching along a face normal ±1e-4;
//! * `3d_random_f64`: the first 512 `3d_random` pairs given in f64 (centres moved by a relative
//!   1e-9, so they need more digits than f32): certified verdict against the exact one;
//! * `2d_random`: the 2D analogue of `3d_random`;
//! * `2d_placement_10k`, `2d_placement_100k`: one building footprint against 10k / 100k placed
//!   footprints on a city grid (seed 000's motivating case), every pair evaluated;
//! * `3d_stream`, `2d_stream`: the `3d_random` / `2d_random` pairs as streams of independent
//!   pairs through the batch pair-stream API, against the scalar loops.
//!
//! Engines: sat-core (`intersects`, `intersects_certified`, batch kernels), parry 0.31's SAT
//! (`intersection_test_cuboid_cuboid`, and through `query::intersection_test`), parry's GJK, and
//! Ericson's textbook test (`ericson.rs`). `scripts/bench_report.py` turns criterion's output
//! into ratios and the README chart. Run: `cargo bench --bench pairs`.

mod ericson;

use criterion::{
    BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime,
};
use ericson::{TextbookObb2, TextbookObb3, test_obb_obb, test_obb_obb_2d};
use glam::{Quat, Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::batch::{ObbSet2, ObbSet3, overlaps2, pair_overlaps2, pair_overlaps3};
use sat_core::exact::{ExactBox3, verdict3};
use sat_core::{Obb2, Obb3};
use sat_oracle::peers::{ParryBox2, ParryBox3};
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

fn random_box3(rng: &mut Pcg64) -> Obb3 {
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
}

fn random_pairs_3d(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
    (0..PAIRS)
        .map(|_| (random_box3(rng), random_box3(rng)))
        .collect()
}

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
            let b = Obb3::new(a.axes().col(k) * (2.0 * e[k] + gap), e, qb);
            (a, b)
        })
        .collect()
}

fn random_pairs_2d(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
    let random_box = |rng: &mut Pcg64| {
        let c = Vec2::new(rng.random_range(-2.6..2.6), rng.random_range(-2.6..2.6));
        let e = Vec2::new(rng.random_range(0.5..1.5), rng.random_range(0.5..1.5));
        Obb2::new(c, e, rng.random_range(0.0..std::f32::consts::TAU))
    };
    (0..PAIRS)
        .map(|_| (random_box(rng), random_box(rng)))
        .collect()
}

/// `count` footprints on a city grid (10 m pitch, 3..8 m buildings, random orientation) and
/// one candidate footprint in the middle of the city.
fn placement(rng: &mut Pcg64, count: usize) -> (Obb2, Vec<Obb2>) {
    let side = (count as f32).sqrt().ceil() as usize;
    let placed = (0..count)
        .map(|i| {
            let c = Vec2::new((i % side) as f32 * 10.0, (i / side) as f32 * 10.0);
            let e = Vec2::new(rng.random_range(1.5..4.0), rng.random_range(1.5..4.0));
            Obb2::from_degrees(c, e, rng.random_range(0.0..360.0))
        })
        .collect();
    let middle = side as f32 * 5.0;
    (
        Obb2::from_degrees(
            Vec2::new(middle + 5.0, middle + 5.0),
            Vec2::new(2.0, 3.0),
            30.0,
        ),
        placed,
    )
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

/// Times `test` over every pair of `pairs` (one iteration = the whole batch).
fn over_pairs<T>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    pairs: &[(T, T)],
    test: impl Fn(&T, &T) -> bool,
) {
    group.bench_function(name, |bench| {
        bench.iter(|| black_box(pairs).iter().filter(|(a, b)| test(a, b)).count())
    });
}

fn bench_3d(c: &mut Criterion, name: &str, pairs: &[(Obb3, Obb3)]) {
    let overlapping = pairs.iter().filter(|(a, b)| a.intersects(b)).count();
    println!("{name}: {overlapping} of {} pairs overlap", pairs.len());
    let textbook: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (textbook3(a), textbook3(b)))
        .collect();
    let parry: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (ParryBox3::from_obb(a), ParryBox3::from_obb(b)))
        .collect();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    over_pairs(&mut group, "sat-core", pairs, Obb3::intersects);
    over_pairs(
        &mut group,
        "sat-core certified",
        pairs,
        Obb3::intersects_certified,
    );
    over_pairs(&mut group, "ericson", &textbook, test_obb_obb);
    over_pairs(&mut group, "parry sat", &parry, ParryBox3::sat);
    over_pairs(&mut group, "parry query", &parry, ParryBox3::query);
    over_pairs(&mut group, "parry gjk", &parry, ParryBox3::gjk);
    group.finish();
}

/// Certified verdicts for boxes given in f64 (centres with more digits than f32 holds):
/// `ExactBox3::intersects_certified` against the big-integer verdict it avoids.
fn bench_f64_certified(c: &mut Criterion, pairs: &[(Obb3, Obb3)]) {
    let given = |o: &Obb3| {
        let axes = o.axes().to_cols_array_2d().map(|col| col.map(f64::from));
        let center = o.center().to_array().map(|v| f64::from(v) * (1.0 + 1e-9));
        ExactBox3::from_axes(center, o.half_extents().to_array().map(f64::from), axes)
    };
    let exact: Vec<_> = pairs[..512]
        .iter()
        .map(|(a, b)| (given(a), given(b)))
        .collect();
    let mut group = c.benchmark_group("3d_random_f64");
    group.throughput(Throughput::Elements(exact.len() as u64));
    group.sample_size(10);
    over_pairs(
        &mut group,
        "sat-core certified",
        &exact,
        ExactBox3::intersects_certified,
    );
    over_pairs(&mut group, "exact", &exact, |a, b| {
        verdict3(a, b).intersects
    });
    group.finish();
}

fn bench_2d(c: &mut Criterion, pairs: &[(Obb2, Obb2)]) {
    let textbook: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (textbook2(a), textbook2(b)))
        .collect();
    let parry: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (ParryBox2::from_obb(a), ParryBox2::from_obb(b)))
        .collect();
    let mut group = c.benchmark_group("2d_random");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    over_pairs(&mut group, "sat-core", pairs, Obb2::intersects);
    over_pairs(
        &mut group,
        "sat-core certified",
        pairs,
        Obb2::intersects_certified,
    );
    over_pairs(&mut group, "textbook", &textbook, test_obb_obb_2d);
    over_pairs(&mut group, "parry sat", &parry, ParryBox2::sat);
    over_pairs(&mut group, "parry query", &parry, ParryBox2::query);
    over_pairs(&mut group, "parry gjk", &parry, ParryBox2::gjk);
    group.finish();
}

fn bench_placement(c: &mut Criterion, rng: &mut Pcg64, count: usize) {
    let (query, placed) = placement(rng, count);
    let set: ObbSet2 = placed.iter().collect();
    let textbook_query = textbook2(&query);
    let textbook: Vec<_> = placed.iter().map(textbook2).collect();
    let parry_query = ParryBox2::from_obb(&query);
    let parry: Vec<_> = placed.iter().map(ParryBox2::from_obb).collect();
    let mut group = c.benchmark_group(format!("2d_placement_{}k", count / 1000));
    group.throughput(Throughput::Elements(count as u64));
    let mut out = Vec::with_capacity(count);
    group.bench_function("sat-core batch", |bench| {
        bench.iter(|| {
            overlaps2(black_box(&query), black_box(&set), &mut out);
            out.iter().filter(|&&hit| hit).count()
        })
    });
    group.bench_function("sat-core", |bench| {
        bench.iter(|| {
            black_box(&placed)
                .iter()
                .filter(|b| query.intersects(b))
                .count()
        })
    });
    group.bench_function("textbook", |bench| {
        bench.iter(|| {
            black_box(&textbook)
                .iter()
                .filter(|b| test_obb_obb_2d(&textbook_query, b))
                .count()
        })
    });
    group.bench_function("parry sat", |bench| {
        bench.iter(|| {
            black_box(&parry)
                .iter()
                .filter(|b| parry_query.sat(b))
                .count()
        })
    });
    group.finish();
}

fn bench_stream(c: &mut Criterion, pairs: &[(Obb3, Obb3)]) {
    let a: ObbSet3 = pairs.iter().map(|p| p.0).collect();
    let b: ObbSet3 = pairs.iter().map(|p| p.1).collect();
    let textbook: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (textbook3(a), textbook3(b)))
        .collect();
    let mut group = c.benchmark_group("3d_stream");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    let mut out = Vec::with_capacity(pairs.len());
    group.bench_function("sat-core batch", |bench| {
        bench.iter(|| {
            pair_overlaps3(black_box(&a), black_box(&b), &mut out);
            out.iter().filter(|&&hit| hit).count()
        })
    });
    over_pairs(&mut group, "sat-core", pairs, Obb3::intersects);
    over_pairs(&mut group, "ericson", &textbook, test_obb_obb);
    group.finish();
}

fn bench_stream2(c: &mut Criterion, pairs: &[(Obb2, Obb2)]) {
    let a: ObbSet2 = pairs.iter().map(|p| p.0).collect();
    let b: ObbSet2 = pairs.iter().map(|p| p.1).collect();
    let textbook: Vec<_> = pairs
        .iter()
        .map(|(a, b)| (textbook2(a), textbook2(b)))
        .collect();
    let mut group = c.benchmark_group("2d_stream");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    let mut out = Vec::with_capacity(pairs.len());
    group.bench_function("sat-core batch", |bench| {
        bench.iter(|| {
            pair_overlaps2(black_box(&a), black_box(&b), &mut out);
            out.iter().filter(|&&hit| hit).count()
        })
    });
    over_pairs(&mut group, "sat-core", pairs, Obb2::intersects);
    over_pairs(&mut group, "textbook", &textbook, test_obb_obb_2d);
    group.finish();
}

fn benches(c: &mut Criterion) {
    let mut rng = Pcg64::seed_from_u64(0x0bb5a7);
    let random3 = random_pairs_3d(&mut rng);
    bench_3d(c, "3d_random", &random3);
    bench_f64_certified(c, &random3);
    bench_3d(c, "3d_near_parallel", &near_parallel_pairs_3d(&mut rng));
    let random2 = random_pairs_2d(&mut rng);
    bench_2d(c, &random2);
    bench_placement(c, &mut rng, 10_000);
    bench_placement(c, &mut rng, 100_000);
    bench_stream(c, &random3);
    bench_stream2(c, &random2);
}

criterion_group!(pair_benches, benches);
criterion_main!(pair_benches);
