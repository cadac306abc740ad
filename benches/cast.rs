//! Linear and rotating casts of box pairs: sat-core against parry 0.31 (`query::cast_shapes`,
//! `query::cast_shapes_nonlinear` on cuboids), interleaved in one process.
//!
//! Families (seeded, 1024 casts each, in cache), B moving (and in the rotating families turning)
//! relative to A:
//! * `random`: half-extents 0.5..1.5, any orientation, B 3..6 from A aimed at it within ±1,
//!   speed 1..3, `max_toi` 10 (most hit);
//! * `sliding`: B on a face of A (same orientation tilted by 1e-6..1e-3 rad, gap ±1e-6..1e-3,
//!   half of them touching), sliding along the face across A;
//! * `near-parallel`: B face to face with A, tilted by 1e-5..1e-2 rad, closing along the
//!   normal (±10 % sideways) from 0.5..3 away;
//! * `grazing`: B 1e-3 above a face of A, closing on it at 1e-4..1e-2 rad while sliding.
//!
//! Rotating families: the same placements with both boxes also turning at 0.5..3 rad per unit
//! time about their centres (`random`, `near-parallel`) or about an edge (`sliding`),
//! `max_toi` 2.
//!
//! `sat-rapier3d SatDispatcher::cast_shapes` is the dispatcher's query as rapier's query pipeline
//! calls it (the pose and velocity put in A's frame first, as `query::cast_shapes` does before
//! calling parry's dispatcher).
//!
//! A ratio is the median over the rounds of `engine / sat-core cast` within a round; the last
//! column counts the hits and sums their times (they agree to the engines' tolerances where
//! the engines are right).
//! Run: `cargo bench --bench cast`.

// The benches share `common`; this one uses part of it.
#[allow(dead_code)]
mod common;

use std::hint::black_box;

use glam::{DVec3, Quat, Vec3};
use parry3d::query::{self as query3, NonlinearRigidMotion, QueryDispatcher, ShapeCastOptions};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::cast::{CastOptions, Motion3};
use sat_core::{DObb3, Obb3};
use sat_oracle::peers::ParryBox3;
use sat_rapier3d::SatDispatcher;

use common::{Run, double3, extents3, random_quat};

const CASTS: usize = 1024;
const PASSES: usize = 4;
const ROUNDS: usize = 41;

/// One linear cast: A and its velocity, B and its velocity, `max_toi`.
#[derive(Clone, Copy)]
struct Linear {
    a: Obb3,
    va: Vec3,
    b: Obb3,
    vb: Vec3,
    max_toi: f32,
}

/// One rotating cast.
#[derive(Clone, Copy)]
struct Rotating {
    a: Obb3,
    ma: Motion3,
    b: Obb3,
    mb: Motion3,
    max_toi: f32,
}

fn sign(rng: &mut Pcg64) -> f32 {
    if rng.random_bool(0.5) { 1.0 } else { -1.0 }
}

fn log(rng: &mut Pcg64, lo: f32, hi: f32) -> f32 {
    10f32.powf(rng.random_range(lo..hi))
}

/// A unit vector.
fn direction(rng: &mut Pcg64) -> Vec3 {
    random_quat(rng) * Vec3::X
}

/// `CASTS` placements of `family`: A, B, and B's velocity relative to A.
fn placements(rng: &mut Pcg64, family: &str) -> Vec<(Obb3, Obb3, Vec3)> {
    (0..CASTS)
        .map(|_| {
            let q = random_quat(rng);
            let (ea, eb) = (extents3(rng), extents3(rng));
            let a = Obb3::new(Vec3::ZERO, ea, q);
            let k = rng.random_range(0..3);
            let normal = a.axes().col(k) * sign(rng);
            let along = a.axes().col((k + 1) % 3);
            let tilt = |rng: &mut Pcg64, lo: f32, hi: f32| {
                Quat::from_axis_angle(direction(rng), log(rng, lo, hi)) * q
            };
            match family {
                "random" => {
                    let b = Obb3::new(
                        direction(rng) * rng.random_range(3.0..6.0),
                        eb,
                        random_quat(rng),
                    );
                    let aim =
                        (direction(rng) * rng.random_range(0.0..1.0) - b.center()).normalize();
                    (a, b, aim * rng.random_range(1.0..3.0))
                }
                "sliding" => {
                    let gap = if rng.random_bool(0.5) {
                        0.0
                    } else {
                        sign(rng) * log(rng, -6.0, -3.0)
                    };
                    let start = normal * (ea[k] + eb[k] + gap) + along * 4.0;
                    let b = Obb3::new(start, eb, tilt(rng, -6.0, -3.0));
                    (a, b, -along * rng.random_range(1.0..3.0))
                }
                "near-parallel" => {
                    let start = normal * (ea[k] + eb[k] + rng.random_range(0.5..3.0));
                    let b = Obb3::new(start, eb, tilt(rng, -5.0, -2.0));
                    let sideways = along * rng.random_range(-0.1..0.1);
                    (a, b, (-normal + sideways) * rng.random_range(1.0..3.0))
                }
                _ => {
                    // grazing
                    let start = normal * (ea[k] + eb[k] + 1e-3) + along * 4.0;
                    let b = Obb3::new(start, eb, q);
                    let angle = log(rng, -4.0, -2.0);
                    (
                        a,
                        b,
                        (-along - normal * angle).normalize() * rng.random_range(1.0..3.0),
                    )
                }
            }
        })
        .collect()
}

fn linear(rng: &mut Pcg64, family: &str) -> Vec<Linear> {
    placements(rng, family)
        .into_iter()
        .map(|(a, b, v)| {
            let va = direction(rng) * rng.random_range(0.0..2.0);
            Linear {
                a,
                va,
                b,
                vb: va + v,
                max_toi: 10.0,
            }
        })
        .collect()
}

fn rotating(rng: &mut Pcg64, family: &str) -> Vec<Rotating> {
    placements(rng, family)
        .into_iter()
        .map(|(a, b, v)| {
            let spin = |rng: &mut Pcg64| direction(rng) * rng.random_range(0.5..3.0);
            let ma = Motion3 {
                pivot: a.center(),
                linvel: Vec3::ZERO,
                angvel: spin(rng),
            };
            let pivot = if family == "sliding" {
                b.center() + b.axes().col(0) * b.half_extents().x
            } else {
                b.center()
            };
            let mb = Motion3 {
                pivot,
                linvel: v,
                angvel: spin(rng) * 0.5,
            };
            Rotating {
                a,
                ma,
                b,
                mb,
                max_toi: 2.0,
            }
        })
        .collect()
}

/// Sums the times of the hits, plus 1000 per hit (the count shows in the thousands).
fn tally(hits: impl Iterator<Item = Option<f32>>) -> f64 {
    hits.map(|t| t.map_or(0.0, |t| 1000.0 + f64::from(t))).sum()
}

fn table(family: &str, items: usize, mut engines: Vec<(&str, Run<'_>)>) {
    let rows = common::interleaved(items, PASSES, ROUNDS, &mut engines);
    for ((name, _), row) in engines.iter().zip(&rows) {
        println!(
            "| {family} | {name} | {:.1} ns | {:.2}× | {:.0} hits, Σ toi {:.3} |",
            row.ns,
            row.ratio_to(&rows[0]),
            (row.value / 1000.0).floor(),
            row.value % 1000.0,
        );
    }
}

fn linear_family(family: &str, casts: &[Linear]) {
    let parry: Vec<_> = casts
        .iter()
        .map(|c| (ParryBox3::from_obb(&c.a), ParryBox3::from_obb(&c.b)))
        .collect();
    let doubles: Vec<(DObb3, DVec3, DObb3, DVec3)> = casts
        .iter()
        .map(|c| {
            (
                double3(&c.a),
                c.va.as_dvec3(),
                double3(&c.b),
                c.vb.as_dvec3(),
            )
        })
        .collect();
    let fast: Run = Box::new(|| {
        tally(black_box(casts).iter().map(|c| {
            let hit =
                c.a.cast(c.va, &c.b, c.vb, CastOptions::new(c.max_toi))
                    .expect("valid");
            hit.map(|h| h.toi)
        }))
    });
    let certified: Run = Box::new(|| {
        tally(black_box(casts).iter().map(|c| {
            let hit =
                c.a.cast_certified(c.va, &c.b, c.vb, c.max_toi)
                    .expect("valid");
            hit.map(|h| h.toi)
        }))
    });
    let wide: Run = Box::new(|| {
        tally(black_box(&doubles).iter().map(|(a, va, b, vb)| {
            let hit = a.cast(*va, b, *vb, CastOptions::new(10.0)).expect("valid");
            hit.map(|h| h.toi as f32)
        }))
    });
    // As `query::cast_shapes` calls a dispatcher: the pose and velocity in A's frame first.
    let dispatcher: Run = Box::new(|| {
        tally(black_box(casts).iter().zip(&parry).map(|(c, (pa, pb))| {
            let options = ShapeCastOptions::with_max_time_of_impact(c.max_toi);
            let pos12 = pa.pose.inv_mul(&pb.pose);
            let vel12 = pa.pose.rotation.inverse() * (c.vb - c.va);
            let hit = SatDispatcher::default()
                .cast_shapes(&pos12, vel12, &pa.cuboid, &pb.cuboid, options);
            hit.expect("cuboids").map(|h| h.time_of_impact)
        }))
    });
    let peer: Run = Box::new(|| {
        tally(black_box(casts).iter().zip(&parry).map(|(c, (pa, pb))| {
            let options = ShapeCastOptions::with_max_time_of_impact(c.max_toi);
            let hit = query3::cast_shapes(
                &pa.pose, c.va, &pa.cuboid, &pb.pose, c.vb, &pb.cuboid, options,
            );
            hit.expect("cuboids").map(|h| h.time_of_impact)
        }))
    });
    table(
        &format!("linear {family}"),
        casts.len(),
        vec![
            ("sat-core cast", fast),
            ("sat-core cast_certified", certified),
            ("sat-core f64 cast", wide),
            ("sat-rapier3d SatDispatcher::cast_shapes", dispatcher),
            ("parry cast_shapes", peer),
        ],
    );
}

fn rotating_family(family: &str, casts: &[Rotating]) {
    let motion = |o: &Obb3, m: &Motion3| {
        let p = ParryBox3::from_obb(o);
        let local_center = p.pose.inverse_transform_point(m.pivot);
        (
            NonlinearRigidMotion::new(p.pose, local_center, m.linvel, m.angvel),
            p.cuboid,
        )
    };
    let parry: Vec<_> = casts
        .iter()
        .map(|c| (motion(&c.a, &c.ma), motion(&c.b, &c.mb)))
        .collect();
    let ours: Run = Box::new(|| {
        tally(black_box(casts).iter().map(|c| {
            let hit =
                c.a.cast_nonlinear(&c.ma, &c.b, &c.mb, CastOptions::new(c.max_toi))
                    .expect("valid");
            hit.map(|h| h.toi)
        }))
    });
    let dispatcher: Run = Box::new(|| {
        tally(
            black_box(&parry)
                .iter()
                .zip(casts)
                .map(|(((ma, ga), (mb, gb)), c)| {
                    let hit = SatDispatcher::default()
                        .cast_shapes_nonlinear(ma, ga, mb, gb, 0.0, c.max_toi, true);
                    hit.expect("cuboids").map(|h| h.time_of_impact)
                }),
        )
    });
    let peer: Run = Box::new(|| {
        tally(
            black_box(&parry)
                .iter()
                .zip(casts)
                .map(|(((ma, ga), (mb, gb)), c)| {
                    let hit = query3::cast_shapes_nonlinear(ma, ga, mb, gb, 0.0, c.max_toi, true);
                    hit.expect("cuboids").map(|h| h.time_of_impact)
                }),
        )
    });
    table(
        &format!("rotating {family}"),
        casts.len(),
        vec![
            ("sat-core cast_nonlinear", ours),
            (
                "sat-rapier3d SatDispatcher::cast_shapes_nonlinear",
                dispatcher,
            ),
            ("parry cast_shapes_nonlinear", peer),
        ],
    );
}

fn main() {
    let mut rng = Pcg64::seed_from_u64(0xca57);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!("| family | engine | median ns per cast | ratio to sat-core cast | hits |");
    println!("| --- | --- | ---: | ---: | ---: |");
    for family in ["random", "sliding", "near-parallel", "grazing"] {
        linear_family(family, &linear(&mut rng, family));
    }
    for family in ["random", "sliding", "near-parallel"] {
        rotating_family(family, &rotating(&mut rng, family));
    }
}
