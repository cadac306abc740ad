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
//! into ratios and the README chart. Run: `cargo bench --bench pairs`.
//!
//! Before criterion's groups, the `ratios` module prints the README's first speed table: the
//! families users hand over (3D random, near-parallel near-touching along a diagonal, resting on
//! a face, broad-phase candidates; 2D random and near-parallel; one against an `ObbSet3`;
//! separation), every engine streaming its own copy of the pairs, engines interleaved round by
//! round, each ratio the median over the rounds. `cargo bench --bench pairs -- ratios` prints
//! that table alone (a few seconds).

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

    fn run_pairs<'a, T>(pairs: &'a [(T, T)], test: impl Fn(&T, &T) -> bool + 'a) -> Run<'a> {
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
    fn near_parallel_diagonal3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
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
    fn face_resting3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
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
    fn near_parallel2(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
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
