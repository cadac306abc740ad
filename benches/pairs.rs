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
//!   footprints on a city grid (the placement case that motivates flipcode's "2D OBB Intersection"), every pair evaluated;
//! * `3d_stream`, `2d_stream`: the `3d_random` / `2d_random` pairs as streams of independent
//!   pairs through the batch pair-stream API, against the scalar loops;
//! * `3d_separation`: `Obb3::separation` on the `3d_random` pairs against parry's cuboid SAT
//!   separation.
//!
//! Engines: sat-core (`intersects`, `intersects_certified`, batch kernels), parry 0.31's SAT
//! (`intersection_test_cuboid_cuboid`, and through `query::intersection_test`), parry's GJK, and
//! Ericson's textbook test (`ericson.rs`). `scripts/bench_report.py` turns criterion's output
//! into ratios and the speed chapter's chart (`docs/speed.md`). Run: `cargo bench --bench pairs`.
//!
//! Before criterion's groups, the `ratios` module prints the speed chapter's table of the fixed
//! families users hand over (3D random, near-parallel near-touching along a diagonal, resting on
//! a face, broad-phase candidates; 2D random and near-parallel; one against an `ObbSet3`;
//! separation), every engine streaming its own copy of the pairs, engines interleaved round by
//! round, each ratio the median over the rounds. `cargo bench --bench pairs -- ratios` prints
//! that table alone (a few seconds).
//!
//! `cargo bench --bench pairs -- spread` prints, instead, how far the ratios spread over families
//! drawn from other distributions (sizes, offsets, orientations, share intersecting) and over the
//! ways a program holds its boxes (stored, built per pair from a pose or a rotation, each call
//! timed on its own): see the `spread` module. The README's speed claim quotes its ranges.

mod common;
mod ericson;

use common::{Run, double2, double3, random_box3, random_quat};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, measurement::WallTime};
use ericson::{TextbookObb2, TextbookObb3, test_obb_obb, test_obb_obb_2d, test_obb_obb_2d_ericson};
use glam::{Quat, Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::batch::{ObbSet2, ObbSet3, overlaps2, overlaps3, pair_overlaps2, pair_overlaps3};
use sat_core::exact::{ExactBox3, verdict3};
use sat_core::{DObb3, Obb2, Obb3};
use sat_oracle::peers::{ParryBox2, ParryBox3};
use std::hint::black_box;

const PAIRS: usize = 4096;

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
    (0..PAIRS)
        .map(|_| (common::random_box2(rng), common::random_box2(rng)))
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
    let (c, u, e) = common::textbook_parts3(o);
    TextbookObb3 { c, u, e }
}

fn textbook2(o: &Obb2) -> TextbookObb2 {
    let (c, u, e) = common::textbook_parts2(o);
    TextbookObb2 { c, u, e }
}

/// Each pair's two boxes in another engine's layout.
fn both<T, U>(pairs: &[(T, T)], layout: impl Fn(&T) -> U) -> Vec<(U, U)> {
    pairs.iter().map(|(a, b)| (layout(a), layout(b))).collect()
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

/// Times `test` (the query against one box) over every box of `boxes` (one iteration = all of
/// them).
fn against_each<T>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    boxes: &[T],
    test: impl Fn(&T) -> bool,
) {
    group.bench_function(name, |bench| {
        bench.iter(|| black_box(boxes).iter().filter(|b| test(b)).count())
    });
}

/// A criterion group of pairs, in 3D and 2D alike: sat-core's tests, the textbook test and
/// parry's three on their own copies of the pairs.
macro_rules! bench_pairs {
    ($name:ident, $obb:ty, $textbook:ident, $textbook_name:literal, $textbook_test:ident,
     $parry:ty) => {
        fn $name(c: &mut Criterion, name: &str, pairs: &[($obb, $obb)]) {
            let overlapping = pairs.iter().filter(|(a, b)| a.intersects(b)).count();
            println!("{name}: {overlapping} of {} pairs overlap", pairs.len());
            let textbook = both(pairs, $textbook);
            let parry = both(pairs, <$parry>::from_obb);
            let mut group = c.benchmark_group(name);
            group.throughput(Throughput::Elements(pairs.len() as u64));
            over_pairs(&mut group, "sat-core", pairs, |a, b| a.intersects(b));
            over_pairs(&mut group, "sat-core certified", pairs, |a, b| {
                a.intersects_certified(b)
            });
            over_pairs(&mut group, $textbook_name, &textbook, $textbook_test);
            over_pairs(&mut group, "parry sat", &parry, <$parry>::sat);
            over_pairs(&mut group, "parry query", &parry, <$parry>::query);
            over_pairs(&mut group, "parry gjk", &parry, <$parry>::gjk);
            group.finish();
        }
    };
}

bench_pairs!(
    bench_3d,
    Obb3,
    textbook3,
    "ericson",
    test_obb_obb,
    ParryBox3
);
bench_pairs!(
    bench_2d,
    Obb2,
    textbook2,
    "textbook",
    test_obb_obb_2d,
    ParryBox2
);

/// Certified verdicts for boxes given in f64 (centres with more digits than f32 holds):
/// `ExactBox3::intersects_certified` against the big-integer verdict it avoids.
fn bench_f64_certified(c: &mut Criterion, pairs: &[(Obb3, Obb3)]) {
    let given = |o: &Obb3| {
        let axes = o.axes().to_cols_array_2d().map(|col| col.map(f64::from));
        let center = o.center().to_array().map(|v| f64::from(v) * (1.0 + 1e-9));
        ExactBox3::from_axes(center, o.half_extents().to_array().map(f64::from), axes)
    };
    let exact = both(&pairs[..512], given);
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
    against_each(&mut group, "sat-core", &placed, |b| query.intersects(b));
    against_each(&mut group, "textbook", &textbook, |b| {
        test_obb_obb_2d(&textbook_query, b)
    });
    against_each(&mut group, "parry sat", &parry, |b| parry_query.sat(b));
    group.finish();
}

/// A stream of independent pairs through the batch pair-stream API, against the scalar loops
/// (3D and 2D alike).
macro_rules! bench_stream {
    ($name:ident, $group:literal, $set:ty, $batch:ident, $obb:ty, $textbook:ident,
     $textbook_name:literal, $textbook_test:ident) => {
        fn $name(c: &mut Criterion, pairs: &[($obb, $obb)]) {
            let a: $set = pairs.iter().map(|p| p.0).collect();
            let b: $set = pairs.iter().map(|p| p.1).collect();
            let textbook = both(pairs, $textbook);
            let mut group = c.benchmark_group($group);
            group.throughput(Throughput::Elements(pairs.len() as u64));
            let mut out = Vec::with_capacity(pairs.len());
            group.bench_function("sat-core batch", |bench| {
                bench.iter(|| {
                    $batch(black_box(&a), black_box(&b), &mut out);
                    out.iter().filter(|&&hit| hit).count()
                })
            });
            over_pairs(&mut group, "sat-core", pairs, |a, b| a.intersects(b));
            over_pairs(&mut group, $textbook_name, &textbook, $textbook_test);
            group.finish();
        }
    };
}

bench_stream!(
    bench_stream,
    "3d_stream",
    ObbSet3,
    pair_overlaps3,
    Obb3,
    textbook3,
    "ericson",
    test_obb_obb
);
bench_stream!(
    bench_stream2,
    "2d_stream",
    ObbSet2,
    pair_overlaps2,
    Obb2,
    textbook2,
    "textbook",
    test_obb_obb_2d
);

fn benches(c: &mut Criterion) {
    let mut rng = Pcg64::seed_from_u64(0x0bb5a7);
    let random3 = random_pairs_3d(&mut rng);
    bench_3d(c, "3d_random", &random3);
    bench_f64_certified(c, &random3);
    bench_3d(c, "3d_near_parallel", &near_parallel_pairs_3d(&mut rng));
    let random2 = random_pairs_2d(&mut rng);
    bench_2d(c, "2d_random", &random2);
    bench_placement(c, &mut rng, 10_000);
    bench_placement(c, &mut rng, 100_000);
    bench_stream(c, &random3);
    bench_stream2(c, &random2);
    bench_separation(c, &random3);
}

/// `Obb3::separation` (what sat-rapier's cuboid manifold calls) against parry's cuboid SAT
/// separation (both normal sets and the edge pairs, as parry's own manifold calls them).
fn bench_separation(c: &mut Criterion, pairs: &[(Obb3, Obb3)]) {
    let parry = both(pairs, ParryBox3::from_obb);
    let mut group = c.benchmark_group("3d_separation");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    over_pairs(&mut group, "sat-core", pairs, |a, b| {
        black_box(a.separation(b)).gap > 0.0
    });
    over_pairs(&mut group, "parry sat", &parry, |a, b| {
        black_box(ratios::parry_separation(a, b)).0 > 0.0
    });
    group.finish();
}

criterion_group!(pair_benches, benches);

/// The interleaved ratio table first (seconds), then criterion's groups. `cargo bench --bench
/// pairs -- ratios` runs the table alone (no criterion group is named `ratios`).
fn main() {
    if std::env::args().any(|a| a == "spread") {
        spread::run();
        return;
    }
    ratios::run();
    batch_f64();
    pair_benches();
    Criterion::default().configure_from_args().final_summary();
}

/// The families users hand over, every engine on its own copy of the pairs (its own data layout),
/// engines interleaved round by round in one process: each round times one pass of every engine
/// over its pairs (in cache), in a rotating order, and a ratio is the median over the rounds of
/// `engine / sat-core` within a round. Medians, so a round disturbed by the other work on the
/// machine moves nothing.
mod ratios {
    use super::*;
    use common::{ParryF64Box2, ParryF64Box3};
    use parry3d::query::sat;
    use rapier2d_f64::parry as parry2d_f64;
    use rapier3d_f64::parry as parry3d_f64;

    /// Pairs per family: 1024 pairs of every engine's boxes stay in L2 together.
    const PAIRS: usize = 1024;
    /// Passes over the pairs per timed sample (about 0.1..1 ms a sample).
    const PASSES: usize = 16;
    const ROUNDS: usize = 61;

    /// Times the engines interleaved and prints one table row per engine: median ns per pair and
    /// the median ratio to the first engine.
    pub(super) fn table(family: &str, items: usize, mut engines: Vec<(&str, Run<'_>)>) {
        let rows = common::interleaved(items, PASSES, ROUNDS, &mut engines);
        for ((name, _), row) in engines.iter().zip(&rows) {
            println!(
                "| {family} | {name} | {:.2} ns | {:.2}× | {} |",
                row.ns,
                row.ratio_to(&rows[0]),
                row.value
            );
        }
    }

    pub(super) fn run_pairs<'a, T>(
        pairs: &'a [(T, T)],
        test: impl Fn(&T, &T) -> bool + 'a,
    ) -> Run<'a> {
        Box::new(move || black_box(pairs).iter().filter(|(a, b)| test(a, b)).count() as f64)
    }

    fn random3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
        (0..PAIRS)
            .map(|_| (random_box3(rng), random_box3(rng)))
            .collect()
    }

    /// B = A turned by 1e-6..1e-2 rad, its centre along a diagonal of A's frame (one of the eight
    /// corner directions) at the touching distance on every axis, each axis' gap ±2e-3: corner
    /// to corner, mostly separated by one of A's faces.
    pub(super) fn near_parallel_diagonal3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
        common::oriented_pairs3(rng, PAIRS, |rng, _, q, ea, eb| {
            let tilt = 10f32.powf(rng.random_range(-6.0..-2.0));
            let qb = q * Quat::from_axis_angle(random_quat(rng) * Vec3::X, tilt);
            let a = Obb3::new(Vec3::ZERO, ea, q);
            let offset = (0..3).fold(Vec3::ZERO, |sum, i| {
                let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let gap = rng.random_range(-2e-3..2e-3);
                sum + a.axes().col(i) * (side * (ea[i] + eb[i] + gap))
            });
            let centre = Vec3::new(
                rng.random_range(-50.0..50.0),
                rng.random_range(-50.0..50.0),
                rng.random_range(-50.0..50.0),
            );
            (Obb3::new(centre, ea, q), Obb3::new(centre + offset, eb, qb))
        })
    }

    /// B resting on a face of A: turned by any angle about that face's normal and tilted by
    /// 1e-5..1e-2 rad, its centre anywhere over the face, gap ±2e-3 (a stack, a pile).
    pub(super) fn face_resting3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
        common::oriented_pairs3(rng, PAIRS, |rng, _, q, ea, eb| {
            let a = Obb3::new(Vec3::ZERO, ea, q);
            let k = rng.random_range(0..3);
            let normal = a.axes().col(k);
            let yaw = Quat::from_axis_angle(normal, rng.random_range(0.0..6.3));
            let tilt = 10f32.powf(rng.random_range(-5.0..-2.0));
            let tilt = Quat::from_axis_angle(random_quat(rng) * Vec3::X, tilt);
            let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let gap = rng.random_range(-2e-3..2e-3);
            let mut offset = normal * side * (ea[k] + eb[k] + gap);
            for i in (0..3).filter(|&i| i != k) {
                offset += a.axes().col(i) * rng.random_range(-ea[i]..ea[i]);
            }
            (a, Obb3::new(offset, eb, tilt * yaw * q))
        })
    }

    /// What a broad phase hands over: random boxes (half-extents 0.2..2, any orientation) in a
    /// 12-wide cube, the pairs whose world AABBs overlap.
    fn broad_phase3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
        let mut pairs = Vec::with_capacity(PAIRS);
        let boxes = |rng: &mut Pcg64| {
            let c = Vec3::new(
                rng.random_range(-6.0..6.0),
                rng.random_range(-6.0..6.0),
                rng.random_range(-6.0..6.0),
            );
            let e = Vec3::new(
                rng.random_range(0.2..2.0),
                rng.random_range(0.2..2.0),
                rng.random_range(0.2..2.0),
            );
            Obb3::new(c, e, random_quat(rng))
        };
        let aabb = |o: &Obb3| {
            let m = o.axes();
            let reach = m.x_axis.abs() * o.half_extents().x
                + m.y_axis.abs() * o.half_extents().y
                + m.z_axis.abs() * o.half_extents().z;
            (o.center() - reach, o.center() + reach)
        };
        while pairs.len() < PAIRS {
            let (a, b) = (boxes(rng), boxes(rng));
            let ((lo_a, hi_a), (lo_b, hi_b)) = (aabb(&a), aabb(&b));
            if lo_a.cmple(hi_b).all() && lo_b.cmple(hi_a).all() {
                pairs.push((a, b));
            }
        }
        pairs
    }

    fn random2(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
        super::random_pairs_2d(rng)
            .into_iter()
            .take(PAIRS)
            .collect()
    }

    /// B = A turned by 1e-6..1e-2 rad, on one of A's sides at the touching distance ±2e-3,
    /// anywhere along it.
    pub(super) fn near_parallel2(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
        (0..PAIRS)
            .map(|_| {
                let angle = rng.random_range(0.0..std::f32::consts::TAU);
                let e = |rng: &mut Pcg64| {
                    Vec2::new(rng.random_range(0.5..1.5), rng.random_range(0.5..1.5))
                };
                let (ea, eb) = (e(rng), e(rng));
                let a = Obb2::new(Vec2::ZERO, ea, angle);
                let tilt = 10f32.powf(rng.random_range(-6.0..-2.0));
                let tilt = if rng.random_bool(0.5) { tilt } else { -tilt };
                let k = rng.random_range(0..2);
                let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let gap = rng.random_range(-2e-3..2e-3);
                let along = a.axes().col(1 - k) * rng.random_range(-ea[1 - k]..ea[1 - k]);
                let offset = a.axes().col(k) * side * (ea[k] + eb[k] + gap) + along;
                (a, Obb2::new(offset, eb, angle + tilt))
            })
            .collect()
    }

    /// Generates `$box::sat`: `$parry`'s cuboid SAT (parry 0.31 in f64, as rapier-f64
    /// re-exports it) on the f64 boxes.
    macro_rules! parry_f64_sat {
        ($box:ident, $parry:ident) => {
            impl $box {
                fn sat(&self, other: &Self) -> bool {
                    $parry::query::details::intersection_test_cuboid_cuboid(
                        &self.pose.inv_mul(&other.pose),
                        &self.cuboid,
                        &other.cuboid,
                    )
                }
            }
        };
    }

    parry_f64_sat!(ParryF64Box3, parry3d_f64);
    parry_f64_sat!(ParryF64Box2, parry2d_f64);

    /// The rows of a family, in 3D and 2D alike: sat-core's tests on its boxes and on the same
    /// boxes in f64, the textbook tests on their copies in the book's layout, parry's SAT on its
    /// own (f32 and f64).
    macro_rules! family {
        ($name:ident, $obb:ty, $textbook:ident, $parry:ty, $double:ident, $parry_f64:ty,
         [$($textbook_name:literal => $textbook_test:ident),+], $parry_name:literal,
         $parry_f64_name:literal) => {
            fn $name(name: &str, pairs: &[($obb, $obb)]) {
                let textbook = both(pairs, $textbook);
                let parry = both(pairs, <$parry>::from_obb);
                let doubles = both(pairs, $double);
                let parry_f64 = both(&doubles, <$parry_f64>::new);
                table(
                    name,
                    pairs.len(),
                    vec![
                        ("sat-core", run_pairs(pairs, |a, b| a.intersects(b))),
                        (
                            "sat-core certified",
                            run_pairs(pairs, |a, b| a.intersects_certified(b)),
                        ),
                        ("sat-core f64", run_pairs(&doubles, |a, b| a.intersects(b))),
                        (
                            "sat-core f64 certified",
                            run_pairs(&doubles, |a, b| a.intersects_certified(b)),
                        ),
                        $(($textbook_name, run_pairs(&textbook, $textbook_test)),)+
                        ($parry_name, run_pairs(&parry, <$parry>::sat)),
                        ($parry_f64_name, run_pairs(&parry_f64, <$parry_f64>::sat)),
                    ],
                );
            }
        };
    }

    family!(family3, Obb3, textbook3, ParryBox3, double3, ParryF64Box3,
        ["ericson" => test_obb_obb], "parry sat", "parry f64 sat");
    family!(family2, Obb2, textbook2, ParryBox2, double2, ParryF64Box2,
        ["ericson 2d" => test_obb_obb_2d_ericson, "textbook (projection radii)" => test_obb_obb_2d],
        "parry2d sat", "parry2d f64 sat");

    /// parry's cuboid-cuboid SAT separation, as its cuboid manifold computes it: both boxes' face
    /// normals, then the edge pairs, the largest separation.
    pub(super) fn parry_separation(a: &ParryBox3, b: &ParryBox3) -> (f32, Vec3) {
        let pos12 = a.pose.inv_mul(&b.pose);
        let pos21 = pos12.inverse();
        let sep1 =
            sat::cuboid_cuboid_find_local_separating_normal_oneway(&a.cuboid, &b.cuboid, &pos12);
        let sep2 =
            sat::cuboid_cuboid_find_local_separating_normal_oneway(&b.cuboid, &a.cuboid, &pos21);
        let sep3 =
            sat::cuboid_cuboid_find_local_separating_edge_twoway(&a.cuboid, &b.cuboid, &pos12);
        let sep2 = (sep2.0, pos12.rotation * -sep2.1);
        [sep2, sep3]
            .into_iter()
            .fold(sep1, |best, s| if s.0 > best.0 { s } else { best })
    }

    fn separation3(name: &str, pairs: &[(Obb3, Obb3)]) {
        let parry = both(pairs, ParryBox3::from_obb);
        table(
            name,
            pairs.len(),
            vec![
                (
                    "sat-core separation",
                    run_pairs(pairs, |a, b| black_box(a.separation(b)).gap > 0.0),
                ),
                (
                    "parry sat separation",
                    run_pairs(&parry, |a, b| black_box(parry_separation(a, b)).0 > 0.0),
                ),
            ],
        );
    }

    /// One query box against a 22×22×22 grid of boxes (pitch 3, half-extents 0.5..1.5, any
    /// orientation), every box evaluated: the 3D analogue of the building placement.
    fn one_against_many3(rng: &mut Pcg64) {
        let (query, placed) = super::grid3(rng);
        let set: ObbSet3 = placed.iter().collect();
        let textbook_query = textbook3(&query);
        let textbook: Vec<_> = placed.iter().map(textbook3).collect();
        let parry_query = ParryBox3::from_obb(&query);
        let parry: Vec<_> = placed.iter().map(ParryBox3::from_obb).collect();
        let mut out = Vec::with_capacity(placed.len());
        let (set, placed) = (&set, &placed);
        table(
            "3d one against 10k (ObbSet3)",
            placed.len(),
            vec![
                (
                    "sat-core batch overlaps3",
                    Box::new(move || {
                        overlaps3(black_box(&query), black_box(set), &mut out);
                        out.iter().filter(|&&hit| hit).count() as f64
                    }),
                ),
                (
                    "sat-core",
                    Box::new(move || {
                        black_box(placed)
                            .iter()
                            .filter(|b| query.intersects(b))
                            .count() as f64
                    }),
                ),
                (
                    "ericson",
                    Box::new(move || {
                        black_box(&textbook)
                            .iter()
                            .filter(|b| test_obb_obb(&textbook_query, b))
                            .count() as f64
                    }),
                ),
                (
                    "parry sat",
                    Box::new(move || {
                        black_box(&parry)
                            .iter()
                            .filter(|b| parry_query.sat(b))
                            .count() as f64
                    }),
                ),
            ],
        );
    }

    pub fn run() {
        let mut rng = Pcg64::seed_from_u64(0x1414);
        println!(
            "| family | engine | median ns per pair | median ratio to the first row | pairs overlapping |"
        );
        println!("| --- | --- | ---: | ---: | ---: |");
        let random = random3(&mut rng);
        let resting = face_resting3(&mut rng);
        let broad = broad_phase3(&mut rng);
        family3("3d random", &random);
        family3(
            "3d near-parallel diagonal",
            &near_parallel_diagonal3(&mut rng),
        );
        family3("3d face-resting", &resting);
        family3("3d broad-phase candidates", &broad);
        family2("2d random", &random2(&mut rng));
        family2("2d near-parallel", &near_parallel2(&mut rng));
        one_against_many3(&mut rng);
        separation3("3d random: separation", &random);
        separation3("3d face-resting: separation", &resting);
        separation3("3d broad-phase: separation", &broad);
    }
}

/// The batch families in f64, printed after the ratios table with its columns: the "3d one
/// against 10k (ObbSet3)" grid and query built in f64 (`DObbSet3`), and a stream of 4096
/// random pairs (`pair_overlaps3_f64`), each against the f64 `intersects` loop and the f32 batch
/// on the f32 boxes, interleaved. Every engine writes its verdicts to a vector and counts the hits.
fn batch_f64() {
    use sat_core::batch::{DObbSet3, overlaps3_f64, pair_overlaps3_f64};
    let mut rng = Pcg64::seed_from_u64(0x1464);
    let double = double3;
    let (query, placed) = grid3(&mut rng);
    let (query_f64, placed_f64): (DObb3, Vec<DObb3>) =
        (double(&query), placed.iter().map(double).collect());
    let set: ObbSet3 = placed.iter().collect();
    let set_f64: DObbSet3 = placed_f64.iter().collect();
    let (set, set_f64, placed_f64) = (&set, &set_f64, &placed_f64);
    ratios::table(
        "3d one against 10k (DObbSet3)",
        placed.len(),
        vec![
            (
                "sat-core f64 batch overlaps3_f64",
                hits(move |out| overlaps3_f64(black_box(&query_f64), black_box(set_f64), out)),
            ),
            (
                "sat-core f64",
                hits(move |out| {
                    out.clear();
                    out.extend(
                        black_box(placed_f64)
                            .iter()
                            .map(|b| query_f64.intersects(b)),
                    );
                }),
            ),
            (
                "sat-core batch overlaps3 (f32)",
                hits(move |out| overlaps3(black_box(&query), black_box(set), out)),
            ),
        ],
    );

    let pairs = random_pairs_3d(&mut rng);
    let pairs_f64: Vec<(DObb3, DObb3)> =
        pairs.iter().map(|(a, b)| (double(a), double(b))).collect();
    let a: ObbSet3 = pairs.iter().map(|p| p.0).collect();
    let b: ObbSet3 = pairs.iter().map(|p| p.1).collect();
    let a_f64: DObbSet3 = pairs_f64.iter().map(|p| p.0).collect();
    let b_f64: DObbSet3 = pairs_f64.iter().map(|p| p.1).collect();
    let pairs_f64 = &pairs_f64;
    ratios::table(
        "3d stream of 4096 pairs (DObbSet3)",
        pairs.len(),
        vec![
            (
                "sat-core f64 batch pair_overlaps3_f64",
                hits(move |out| pair_overlaps3_f64(black_box(&a_f64), black_box(&b_f64), out)),
            ),
            (
                "sat-core f64",
                hits(move |out| {
                    out.clear();
                    out.extend(black_box(pairs_f64).iter().map(|(a, b)| a.intersects(b)));
                }),
            ),
            (
                "sat-core batch pair_overlaps3 (f32)",
                hits(move |out| pair_overlaps3(black_box(&a), black_box(&b), out)),
            ),
        ],
    );
}

/// One pass of an engine that writes its verdicts to a vector: the number of hits.
fn hits<'a>(mut verdicts: impl FnMut(&mut Vec<bool>) + 'a) -> common::Run<'a> {
    let mut out = Vec::new();
    Box::new(move || {
        verdicts(&mut out);
        out.iter().filter(|&&hit| hit).count() as f64
    })
}

/// The "3d one against 10k" boxes: a 22×22×22 grid (pitch 3, half-extents 0.5..1.5, any
/// orientation) and a query box at its middle.
fn grid3(rng: &mut Pcg64) -> (Obb3, Vec<Obb3>) {
    let side = 22;
    let placed: Vec<Obb3> = (0..side * side * side)
        .map(|i| {
            let c = Vec3::new(
                (i % side) as f32,
                (i / side % side) as f32,
                (i / (side * side)) as f32,
            ) * 3.0;
            Obb3::new(c, common::extents3(rng), random_quat(rng))
        })
        .collect();
    let query = Obb3::new(
        Vec3::splat(31.5),
        Vec3::new(1.0, 2.0, 1.5),
        random_quat(rng),
    );
    (query, placed)
}

/// How far the ratios spread over pair families drawn from different distributions, and over the
/// ways a program holds its boxes: `cargo bench --bench pairs -- spread`.
///
/// Each family is 1024 pairs, drawn as its row says (sizes, offsets of B's centre from A's,
/// orientations, and whether only pairs whose world AABBs overlap are kept, as a broad phase
/// hands them over); the "overlap" column is the share that intersects. Engines, each on its own
/// copy of the pairs, interleaved round by round (`common::interleaved`):
///
/// * `stored`: sat-core on `Obb3`/`Obb2` built once (144 / 48 bytes a box);
/// * `from pose`: sat-core on boxes built per pair from a parry pose and cuboid with
///   `sat_rapier3d::obb_from_pose` (`sat_rapier2d`'s in 2D) (what a rapier program that keeps colliders, not boxes, pays);
/// * `from rotation`: built per pair with `Obb3::new(centre, half-extents, quaternion)` /
///   `Obb2::new(centre, half-extents, angle)` (rotation computed in f64 and rounded once);
/// * Ericson's test (and in 2D the projection-radius textbook form) on its own layout;
/// * parry's cuboid SAT on a pose + cuboid (`intersection_test_cuboid_cuboid` after
///   `inv_mul`).
///
/// The summary lines give the smallest, median and largest ratio over the families and name the
/// family of the smallest.
mod spread {
    use super::*;
    use sat_rapier2d::obb_from_pose as obb_from_pose2;
    use sat_rapier3d::obb_from_pose as obb_from_pose3;
    use std::time::Instant;

    const PAIRS: usize = 1024;
    const PASSES: usize = 16;
    const ROUNDS: usize = 31;

    /// A value in `lo..hi`, log-uniform.
    fn log_uniform(rng: &mut Pcg64, lo: f32, hi: f32) -> f32 {
        (rng.random_range(lo.ln()..hi.ln())).exp()
    }

    fn uniform3(rng: &mut Pcg64, lo: f32, hi: f32) -> Vec3 {
        Vec3::new(
            rng.random_range(lo..hi),
            rng.random_range(lo..hi),
            rng.random_range(lo..hi),
        )
    }

    fn uniform2(rng: &mut Pcg64, lo: f32, hi: f32) -> Vec2 {
        Vec2::new(rng.random_range(lo..hi), rng.random_range(lo..hi))
    }

    fn aabbs_overlap3(a: &Obb3, b: &Obb3) -> bool {
        let reach = |o: &Obb3| {
            let m = o.axes();
            let e = o.half_extents();
            m.x_axis.abs() * e.x + m.y_axis.abs() * e.y + m.z_axis.abs() * e.z
        };
        ((b.center() - a.center()).abs() - reach(a) - reach(b))
            .cmple(Vec3::ZERO)
            .all()
    }

    fn aabbs_overlap2(a: &Obb2, b: &Obb2) -> bool {
        let reach = |o: &Obb2| {
            let m = o.axes();
            let e = o.half_extents();
            m.x_axis.abs() * e.x + m.y_axis.abs() * e.y
        };
        ((b.center() - a.center()).abs() - reach(a) - reach(b))
            .cmple(Vec2::ZERO)
            .all()
    }

    /// `PAIRS` pairs from `draw`, kept only when their AABBs overlap if `broad`.
    fn pairs<T>(
        rng: &mut Pcg64,
        broad: bool,
        overlap: fn(&T, &T) -> bool,
        mut draw: impl FnMut(&mut Pcg64) -> (T, T),
    ) -> Vec<(T, T)> {
        let mut out = Vec::with_capacity(PAIRS);
        while out.len() < PAIRS {
            let (a, b) = draw(rng);
            if !broad || overlap(&a, &b) {
                out.push((a, b));
            }
        }
        out
    }

    /// A 3D pair: A anywhere in a 100-wide cube, B offset from it by `offset(rng)`, sizes from
    /// `size`, orientations from `turn`.
    fn pair3(
        rng: &mut Pcg64,
        size: &impl Fn(&mut Pcg64) -> Vec3,
        offset: &impl Fn(&mut Pcg64) -> Vec3,
        turn: &impl Fn(&mut Pcg64) -> Quat,
    ) -> (Obb3, Obb3) {
        let c = uniform3(rng, -50.0, 50.0);
        let a = Obb3::new(c, size(rng), turn(rng));
        let b = Obb3::new(c + offset(rng), size(rng), turn(rng));
        (a, b)
    }

    fn pair2(
        rng: &mut Pcg64,
        size: &impl Fn(&mut Pcg64) -> Vec2,
        offset: &impl Fn(&mut Pcg64) -> Vec2,
    ) -> (Obb2, Obb2) {
        let c = uniform2(rng, -50.0, 50.0);
        let a = Obb2::new(c, size(rng), rng.random_range(0.0..std::f32::consts::TAU));
        let b = Obb2::new(
            c + offset(rng),
            size(rng),
            rng.random_range(0.0..std::f32::consts::TAU),
        );
        (a, b)
    }

    /// Half-extents of a plate or a rod: one or two of them 0.01..0.05, the others 0.5..2.
    fn slab3(rng: &mut Pcg64) -> Vec3 {
        let thin = rng.random_range(1..3);
        let mut e = uniform3(rng, 0.5, 2.0);
        for k in 0..thin {
            let i = (k + rng.random_range(0..3)) % 3;
            e[i] = rng.random_range(0.01..0.05);
        }
        e
    }

    /// The 3D families: `(name, pairs)`.
    fn families3(rng: &mut Pcg64) -> Vec<(&'static str, Vec<(Obb3, Obb3)>)> {
        let any = |rng: &mut Pcg64| random_quat(rng);
        let yaw = |rng: &mut Pcg64| Quat::from_rotation_y(rng.random_range(0.0..6.3));
        let within = |r: f32| move |rng: &mut Pcg64| uniform3(rng, -r, r);
        let sizes = |lo: f32, hi: f32| move |rng: &mut Pcg64| uniform3(rng, lo, hi);
        let overlap = aabbs_overlap3 as fn(&Obb3, &Obb3) -> bool;
        vec![
            (
                "e 0.1-1, offsets ±2.5, AABBs overlap, any rotation",
                pairs(rng, true, overlap, |r| {
                    pair3(r, &sizes(0.1, 1.0), &within(2.5), &any)
                }),
            ),
            (
                "e 0.2-2, offsets ±6, AABBs overlap, any rotation",
                pairs(rng, true, overlap, |r| {
                    pair3(r, &sizes(0.2, 2.0), &within(6.0), &any)
                }),
            ),
            (
                "e 0.5-1.5, offsets ±2.2, any rotation (all pairs)",
                pairs(rng, false, overlap, |r| {
                    pair3(r, &sizes(0.5, 1.5), &within(2.2), &any)
                }),
            ),
            (
                "e 0.1-1, offsets ±5, any rotation (all pairs: mostly apart)",
                pairs(rng, false, overlap, |r| {
                    pair3(r, &sizes(0.1, 1.0), &within(5.0), &any)
                }),
            ),
            (
                "e 0.5-1.5, offsets ±0.5, any rotation (all pairs: mostly overlapping)",
                pairs(rng, false, overlap, |r| {
                    pair3(r, &sizes(0.5, 1.5), &within(0.5), &any)
                }),
            ),
            (
                "plates and rods (e 0.01-0.05 and 0.5-2), offsets ±2, AABBs overlap",
                pairs(rng, true, overlap, |r| pair3(r, &slab3, &within(2.0), &any)),
            ),
            (
                "mixed scales (e log-uniform 0.01-10), offsets ±5, AABBs overlap",
                pairs(rng, true, overlap, |r| {
                    let size = |rng: &mut Pcg64| {
                        Vec3::new(
                            log_uniform(rng, 0.01, 10.0),
                            log_uniform(rng, 0.01, 10.0),
                            log_uniform(rng, 0.01, 10.0),
                        )
                    };
                    pair3(r, &size, &within(5.0), &any)
                }),
            ),
            (
                "yaw only (a 2.5D game), e 0.5-1.5, offsets ±2.5, AABBs overlap",
                pairs(rng, true, overlap, |r| {
                    pair3(r, &sizes(0.5, 1.5), &within(2.5), &yaw)
                }),
            ),
            (
                "near-parallel (1e-6..1e-2 rad) corner to corner, gaps ±2e-3",
                ratios::near_parallel_diagonal3(rng),
            ),
            (
                "near-parallel resting on a face, gaps ±2e-3",
                ratios::face_resting3(rng),
            ),
        ]
    }

    /// The 2D families: `(name, pairs)`.
    fn families2(rng: &mut Pcg64) -> Vec<(&'static str, Vec<(Obb2, Obb2)>)> {
        let within = |r: f32| move |rng: &mut Pcg64| uniform2(rng, -r, r);
        let sizes = |lo: f32, hi: f32| move |rng: &mut Pcg64| uniform2(rng, lo, hi);
        let overlap = aabbs_overlap2 as fn(&Obb2, &Obb2) -> bool;
        let sliver = |rng: &mut Pcg64| {
            let mut e = uniform2(rng, 0.5, 2.0);
            e[rng.random_range(0..2)] = rng.random_range(0.01..0.05);
            e
        };
        vec![
            (
                "e 0.1-1, offsets ±2.5, AABBs overlap",
                pairs(rng, true, overlap, |r| {
                    pair2(r, &sizes(0.1, 1.0), &within(2.5))
                }),
            ),
            (
                "e 0.5-1.5, offsets ±2.6 (all pairs)",
                pairs(rng, false, overlap, |r| {
                    pair2(r, &sizes(0.5, 1.5), &within(2.6))
                }),
            ),
            (
                "e 0.1-1, offsets ±5 (all pairs: mostly apart)",
                pairs(rng, false, overlap, |r| {
                    pair2(r, &sizes(0.1, 1.0), &within(5.0))
                }),
            ),
            (
                "e 0.5-1.5, offsets ±0.5 (all pairs: mostly overlapping)",
                pairs(rng, false, overlap, |r| {
                    pair2(r, &sizes(0.5, 1.5), &within(0.5))
                }),
            ),
            (
                "slivers (e 0.01-0.05 by 0.5-2), offsets ±2, AABBs overlap",
                pairs(rng, true, overlap, |r| pair2(r, &sliver, &within(2.0))),
            ),
            (
                "near-parallel (1e-6..1e-2 rad) side by side, gaps ±2e-3",
                ratios::near_parallel2(rng),
            ),
            (
                "near-parallel side by side, gaps ±1e-6",
                near_touching2(rng),
            ),
        ]
    }

    /// B = A turned by 1e-6..1e-2 rad, beside one of A's sides at the touching distance ±1e-6,
    /// anywhere along it, A anywhere in a 100-wide square.
    fn near_touching2(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
        (0..PAIRS)
            .map(|_| {
                let angle = rng.random_range(0.0..std::f32::consts::TAU);
                let (ea, eb) = (uniform2(rng, 0.5, 1.5), uniform2(rng, 0.5, 1.5));
                let c = uniform2(rng, -50.0, 50.0);
                let a = Obb2::new(c, ea, angle);
                let tilt = 10f32.powf(rng.random_range(-6.0..-2.0));
                let tilt = if rng.random_bool(0.5) { tilt } else { -tilt };
                let k = rng.random_range(0..2);
                let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let gap = rng.random_range(-1e-6..1e-6);
                let along = a.axes().col(1 - k) * rng.random_range(-ea[1 - k]..ea[1 - k]);
                let offset = a.axes().col(k) * side * (ea[k] + eb[k] + gap) + along;
                (a, Obb2::new(c + offset, eb, angle + tilt))
            })
            .collect()
    }

    /// One family's row: the share overlapping, sat-core's ns per pair, then `ratios`.
    fn row(family: &str, base: &common::Row, ratios: &[f64]) {
        let cells: Vec<String> = ratios.iter().map(|r| format!("{r:.2}×")).collect();
        println!(
            "| {family} | {:.0} % | {:.2} | {} |",
            100.0 * base.value / PAIRS as f64,
            base.ns,
            cells.join(" | ")
        );
    }

    /// Every engine's median ratio to the first one (sat-core on stored boxes), with parry's
    /// SAT against sat-core from pose (both start from the same pose and cuboid) after the
    /// from-pose column.
    fn ratios_of(rows: &[common::Row], parry: usize, from_pose: usize) -> Vec<f64> {
        let mut ratios: Vec<f64> = rows[1..].iter().map(|r| r.ratio_to(&rows[0])).collect();
        ratios.insert(from_pose, rows[parry].ratio_to(&rows[from_pose]));
        ratios
    }

    /// The smallest, median and largest of each column over the families, and the family of the
    /// smallest.
    fn summary(columns: &[&str], families: &[&str], table: &[Vec<f64>]) {
        for (k, column) in columns.iter().enumerate() {
            let mut values: Vec<(f64, &str)> = table
                .iter()
                .zip(families)
                .map(|(row, family)| (row[k], *family))
                .collect();
            values.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (lo, worst) = values[0];
            println!(
                "{column}: {lo:.2}× to {:.2}× (median {:.2}×); lowest: {worst}",
                values[values.len() - 1].0,
                values[values.len() / 2].0
            );
        }
    }

    /// Each pair's call timed on its own, the engines taking turns pair by pair (how a harness
    /// that reads the clock around every call measures): `ROUNDS` passes over the pairs, and for
    /// each engine the median over the passes of its summed time over sat-core's. The clock read
    /// (tens of ns here) is inside every sample, so these ratios are far smaller than the
    /// streamed ones: they say what such a harness reports, not what a loop over pairs costs.
    fn per_call<T, U, V>(
        pairs: &[(T, T)],
        sat: impl Fn(&T, &T) -> bool,
        textbook: &[(U, U)],
        textbook_test: impl Fn(&U, &U) -> bool,
        parry: &[(V, V)],
        parry_test: impl Fn(&V, &V) -> bool,
    ) -> [f64; 2] {
        let mut ratios = [Vec::new(), Vec::new()];
        for round in 0..ROUNDS {
            let mut ns = [0u128; 3];
            for i in 0..pairs.len() {
                for k in 0..3 {
                    let e = (k + i + round) % 3;
                    let start = Instant::now();
                    let hit = match e {
                        0 => sat(&pairs[i].0, &pairs[i].1),
                        1 => textbook_test(&textbook[i].0, &textbook[i].1),
                        _ => parry_test(&parry[i].0, &parry[i].1),
                    };
                    black_box(hit);
                    ns[e] += start.elapsed().as_nanos();
                }
            }
            ratios[0].push(ns[1] as f64 / ns[0] as f64);
            ratios[1].push(ns[2] as f64 / ns[0] as f64);
        }
        ratios.map(|mut r| {
            r.sort_by(f64::total_cmp);
            r[r.len() / 2]
        })
    }

    pub fn run() {
        let mut rng = Pcg64::seed_from_u64(0x5b7e);
        let columns3 = [
            "ericson / sat-core",
            "parry sat / sat-core",
            "sat-core from pose / sat-core",
            "parry sat / sat-core from pose",
            "sat-core from rotation / sat-core",
            "ericson / sat-core, each call timed",
            "parry sat / sat-core, each call timed",
        ];
        println!(
            "\n3D: median ns per pair of sat-core (stored boxes), and ratios (engine time / sat-core time; above 1: sat-core faster)\n"
        );
        println!(
            "| family | overlap | sat-core ns | ericson | parry sat | sat-core from pose | parry sat / from pose | sat-core from rotation | ericson, each call timed | parry sat, each call timed |"
        );
        println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        let families = families3(&mut rng);
        let mut table3 = Vec::new();
        for (name, pairs) in &families {
            let textbook = both(pairs, textbook3);
            let parry = both(pairs, ParryBox3::from_obb);
            let rotations: Vec<_> = pairs
                .iter()
                .map(|(a, b)| {
                    let q = |o: &Obb3| Quat::from_mat3(&o.axes()).normalize();
                    (
                        (a.center(), a.half_extents(), q(a)),
                        (b.center(), b.half_extents(), q(b)),
                    )
                })
                .collect();
            let rows = common::interleaved(
                pairs.len(),
                PASSES,
                ROUNDS,
                &mut [
                    ("sat-core", ratios::run_pairs(pairs, |a, b| a.intersects(b))),
                    ("ericson", ratios::run_pairs(&textbook, test_obb_obb)),
                    ("parry sat", ratios::run_pairs(&parry, ParryBox3::sat)),
                    (
                        "sat-core from pose",
                        ratios::run_pairs(&parry, |a, b| {
                            obb_from_pose3(&a.pose, &a.cuboid)
                                .intersects(&obb_from_pose3(&b.pose, &b.cuboid))
                        }),
                    ),
                    (
                        "sat-core from rotation",
                        ratios::run_pairs(&rotations, |a, b| {
                            Obb3::new(a.0, a.1, a.2).intersects(&Obb3::new(b.0, b.1, b.2))
                        }),
                    ),
                ],
            );
            let mut ratios = ratios_of(&rows, 2, 3);
            ratios.extend(per_call(
                pairs,
                |a, b| a.intersects(b),
                &textbook,
                test_obb_obb,
                &parry,
                ParryBox3::sat,
            ));
            row(name, &rows[0], &ratios);
            table3.push(ratios);
        }
        let names3: Vec<&str> = families.iter().map(|f| f.0).collect();
        println!();
        summary(&columns3, &names3, &table3);

        let columns2 = [
            "ericson 4-axis / sat-core",
            "textbook (projection radii) / sat-core",
            "parry2d sat / sat-core",
            "sat-core from pose / sat-core",
            "parry2d sat / sat-core from pose",
            "sat-core from rotation / sat-core",
            "textbook / sat-core, each call timed",
            "parry2d sat / sat-core, each call timed",
        ];
        println!("\n2D: the same columns\n");
        println!(
            "| family | overlap | sat-core ns | ericson 4-axis | textbook | parry2d sat | sat-core from pose | parry2d sat / from pose | sat-core from rotation | textbook, each call timed | parry2d sat, each call timed |"
        );
        println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        let families = families2(&mut rng);
        let mut table2 = Vec::new();
        for (name, pairs) in &families {
            let textbook = both(pairs, textbook2);
            let parry = both(pairs, ParryBox2::from_obb);
            let rotations: Vec<_> = pairs
                .iter()
                .map(|(a, b)| {
                    let angle = |o: &Obb2| o.axes().x_axis.y.atan2(o.axes().x_axis.x);
                    (
                        (a.center(), a.half_extents(), angle(a)),
                        (b.center(), b.half_extents(), angle(b)),
                    )
                })
                .collect();
            let rows = common::interleaved(
                pairs.len(),
                PASSES,
                ROUNDS,
                &mut [
                    ("sat-core", ratios::run_pairs(pairs, |a, b| a.intersects(b))),
                    (
                        "ericson 2d",
                        ratios::run_pairs(&textbook, test_obb_obb_2d_ericson),
                    ),
                    ("textbook", ratios::run_pairs(&textbook, test_obb_obb_2d)),
                    ("parry2d sat", ratios::run_pairs(&parry, ParryBox2::sat)),
                    (
                        "sat-core from pose",
                        ratios::run_pairs(&parry, |a, b| {
                            obb_from_pose2(&a.pose, &a.cuboid)
                                .intersects(&obb_from_pose2(&b.pose, &b.cuboid))
                        }),
                    ),
                    (
                        "sat-core from rotation",
                        ratios::run_pairs(&rotations, |a, b| {
                            Obb2::new(a.0, a.1, a.2).intersects(&Obb2::new(b.0, b.1, b.2))
                        }),
                    ),
                ],
            );
            let mut ratios = ratios_of(&rows, 3, 4);
            ratios.extend(per_call(
                pairs,
                |a, b| a.intersects(b),
                &textbook,
                test_obb_obb_2d,
                &parry,
                ParryBox2::sat,
            ));
            row(name, &rows[0], &ratios);
            table2.push(ratios);
        }
        let names2: Vec<&str> = families.iter().map(|f| f.0).collect();
        println!();
        summary(&columns2, &names2, &table2);
    }
}
