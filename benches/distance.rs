//! Distance and closest points of box pairs: sat-core against parry 0.31 (`query::distance`,
//! `query::closest_points` on cuboids, GJK underneath) and the textbook method (Ericson,
//! *Real-Time Collision Detection* §5.1.4 `ClosestPtPointOBB` for the 8 + 8 vertices and §5.1.9
//! `ClosestPtSegmentSegment` for the 12 × 12 edge pairs), interleaved in one process.
//!
//! Families (seeded, 1024 pairs each, in cache):
//! * `random`: half-extents 0.5..1.5, any orientation, centres in a cube where about half the
//!   pairs overlap (as `benches/pairs.rs`);
//! * `random apart`: the same boxes, only the pairs that do not overlap;
//! * `near-touching`: a face resting on a face (tilted 1e-5..1e-2 rad), corner to corner along
//!   a diagonal (tilted 1e-6..1e-2 rad) and edge across edge, a third each, every gap ±2e-3.
//!
//! Every engine runs over its own copy of the pairs (its own data layout), one pass each per
//! round in a rotating order; a ratio is the median over 61 rounds of `engine / sat-core` within
//! a round (against sat-core's `distance`, and against sat-core's answer to the same query:
//! `distance` for parry's `distance`, `closest_points` for the queries that return points), so a
//! round disturbed by other work on the machine moves nothing.
//! The last column sums the distances each engine returned (they agree to rounding).
//! Run: `cargo bench --bench distance`.

mod common;

use std::hint::black_box;

use glam::{Quat, Vec2, Vec3};
use parry2d::query as query2;
use parry3d::query as query3;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::{Obb2, Obb3};
use sat_oracle::peers::{ParryBox2, ParryBox3};

use common::{Run, random_box2, random_box3, random_quat};

const PAIRS: usize = 1024;
const PASSES: usize = 4;
const ROUNDS: usize = 61;

/// Times the engines interleaved and prints a row per engine: median ns per pair, the median
/// ratio to the first engine (sat-core's `distance`) and to sat-core's answer to the same query
/// (the second engine, `closest_points`, for the queries that return points).
fn table(family: &str, items: usize, mut engines: Vec<(&str, Run<'_>)>) {
    let rows = common::interleaved(items, PASSES, ROUNDS, &mut engines);
    for (e, ((name, _), row)) in engines.iter().zip(&rows).enumerate() {
        // Rows 0 and 2 answer `distance`, the others return points.
        let same = if e == 0 || e == 2 { 0 } else { 1 };
        println!(
            "| {family} | {name} | {:.1} ns | {:.2}× | {:.2}× | {:.4} |",
            row.ns,
            row.ratio_to(&rows[0]),
            row.ratio_to(&rows[same]),
            row.value
        );
    }
}

fn sum_over<'a, T, R: Into<f64>>(pairs: &'a [(T, T)], f: impl Fn(&T, &T) -> R + 'a) -> Run<'a> {
    Box::new(move || black_box(pairs).iter().map(|(a, b)| f(a, b).into()).sum())
}

/// Generates the f32 family of one dimension (`$name(family, pairs)`): sat-core's `distance` and
/// `closest_points`, parry's `query::distance` and `query::closest_points` (`$parry`), and the
/// textbook method (`$textbook`, named `$textbook_name`).
macro_rules! family {
    ($name:ident, $obb:ident, $parry_box:ident, $query:ident, $parry:literal,
     $textbook_box:ident, $textbook_name:literal, $textbook:expr) => {
        fn $name(name: &str, pairs: &[($obb, $obb)]) {
            let parry: Vec<_> = pairs
                .iter()
                .map(|(a, b)| ($parry_box::from_obb(a), $parry_box::from_obb(b)))
                .collect();
            let textbook: Vec<_> = pairs
                .iter()
                .map(|(a, b)| {
                    (
                        textbook::$textbook_box::from(a),
                        textbook::$textbook_box::from(b),
                    )
                })
                .collect();
            table(
                name,
                pairs.len(),
                vec![
                    ("sat-core distance", sum_over(pairs, $obb::distance)),
                    (
                        "sat-core closest_points",
                        sum_over(pairs, |a, b| {
                            let c = a.closest_points(b);
                            black_box(c.a);
                            c.distance
                        }),
                    ),
                    (
                        concat!($parry, " query::distance"),
                        sum_over(&parry, |a, b| {
                            $query::distance(&a.pose, &a.cuboid, &b.pose, &b.cuboid)
                                .expect("cuboids")
                                .distance
                        }),
                    ),
                    (
                        concat!($parry, " query::closest_points"),
                        sum_over(&parry, |a, b| {
                            match $query::closest_points(
                                &a.pose,
                                &a.cuboid,
                                &b.pose,
                                &b.cuboid,
                                f32::MAX,
                            )
                            .expect("cuboids")
                            {
                                $query::ClosestPoints::WithinMargin(p, q) => (q - p).length(),
                                _ => 0.0,
                            }
                        }),
                    ),
                    ($textbook_name, sum_over(&textbook, $textbook)),
                ],
            );
        }
    };
}

family!(
    family3,
    Obb3,
    ParryBox3,
    query3,
    "parry",
    Textbook3,
    "textbook (Ericson 5.1.4 + 5.1.9)",
    |a, b| textbook::closest3(a, b).0
);
family!(
    family2,
    Obb2,
    ParryBox2,
    query2,
    "parry2d",
    Textbook2,
    "textbook (Ericson 5.1.4)",
    textbook::closest2
);

/// `PAIRS` pairs of `random_box`es; when `apart`, only the pairs that do not overlap.
fn random_pairs<T>(
    rng: &mut Pcg64,
    apart: bool,
    random_box: impl Fn(&mut Pcg64) -> T,
    overlap: impl Fn(&T, &T) -> bool,
) -> Vec<(T, T)> {
    let mut out = Vec::with_capacity(PAIRS);
    while out.len() < PAIRS {
        let (a, b) = (random_box(rng), random_box(rng));
        if !apart || !overlap(&a, &b) {
            out.push((a, b));
        }
    }
    out
}

fn random3(rng: &mut Pcg64, apart: bool) -> Vec<(Obb3, Obb3)> {
    random_pairs(rng, apart, random_box3, Obb3::intersects)
}

fn sign(rng: &mut Pcg64) -> f32 {
    if rng.random_bool(0.5) { 1.0 } else { -1.0 }
}

/// A third each: a face resting on a face, corner to corner, edge across edge; gaps ±2e-3.
fn near_touching3(rng: &mut Pcg64) -> Vec<(Obb3, Obb3)> {
    common::oriented_pairs3(rng, PAIRS, |rng, n, q, ea, eb| {
        let a = Obb3::new(Vec3::ZERO, ea, q);
        let gap = rng.random_range(-2e-3..2e-3);
        match n % 3 {
            0 => {
                let k = rng.random_range(0..3);
                let normal = a.axes().col(k);
                let yaw = Quat::from_axis_angle(normal, rng.random_range(0.0..6.3));
                let tilt = 10f32.powf(rng.random_range(-5.0..-2.0));
                let tilt = Quat::from_axis_angle(random_quat(rng) * Vec3::X, tilt);
                let mut offset = normal * sign(rng) * (ea[k] + eb[k] + gap);
                for i in (0..3).filter(|&i| i != k) {
                    offset += a.axes().col(i) * rng.random_range(-ea[i]..ea[i]);
                }
                (a, Obb3::new(offset, eb, tilt * yaw * q))
            }
            1 => {
                let tilt = 10f32.powf(rng.random_range(-6.0..-2.0));
                let qb = q * Quat::from_axis_angle(random_quat(rng) * Vec3::X, tilt);
                let offset = (0..3).fold(Vec3::ZERO, |sum, i| {
                    sum + a.axes().col(i) * (sign(rng) * (ea[i] + eb[i] + gap))
                });
                (a, Obb3::new(offset, eb, qb))
            }
            _ => {
                // B's edge along its x axis crosses A's edge along A's x axis.
                let qb = random_quat(rng);
                let b0 = Obb3::new(Vec3::ZERO, eb, qb);
                let (u, v) = (a.axes().x_axis, b0.axes().x_axis);
                let normal = u.cross(v).normalize();
                let side = |o: &Obb3, towards: f32| {
                    (1..3).fold(Vec3::ZERO, |sum, j| {
                        let c = o.axes().col(j);
                        sum + c * (o.half_extents()[j] * towards * c.dot(normal).signum())
                    })
                };
                let on_a = side(&a, 1.0) + u * rng.random_range(-0.8..0.8) * ea.x;
                let on_b = side(&b0, -1.0) + v * rng.random_range(-0.8..0.8) * eb.x;
                (a, Obb3::new(on_a + normal * gap - on_b, eb, qb))
            }
        }
    })
}

fn random2(rng: &mut Pcg64, apart: bool) -> Vec<(Obb2, Obb2)> {
    random_pairs(rng, apart, random_box2, Obb2::intersects)
}

/// Half side to side (tilted 1e-6..1e-2 rad), half corner to corner; gaps ±2e-3.
fn near_touching2(rng: &mut Pcg64) -> Vec<(Obb2, Obb2)> {
    (0..PAIRS)
        .map(|n| {
            let angle = rng.random_range(0.0..std::f32::consts::TAU);
            let e =
                |rng: &mut Pcg64| Vec2::new(rng.random_range(0.5..1.5), rng.random_range(0.5..1.5));
            let (ea, eb) = (e(rng), e(rng));
            let a = Obb2::new(Vec2::ZERO, ea, angle);
            let tilt = sign(rng) * 10f32.powf(rng.random_range(-6.0..-2.0));
            let gap = rng.random_range(-2e-3..2e-3);
            let offset = if n % 2 == 0 {
                let k = rng.random_range(0..2);
                let along = a.axes().col(1 - k) * rng.random_range(-ea[1 - k]..ea[1 - k]);
                a.axes().col(k) * sign(rng) * (ea[k] + eb[k] + gap) + along
            } else {
                (0..2).fold(Vec2::ZERO, |sum, i| {
                    sum + a.axes().col(i) * (sign(rng) * (ea[i] + eb[i] + gap))
                })
            };
            (a, Obb2::new(offset, eb, angle + tilt))
        })
        .collect()
}

fn main() {
    let mut rng = Pcg64::seed_from_u64(0xd157);
    println!(
        "| family | engine | median ns per pair | ratio to sat-core distance | ratio to sat-core, same query | sum of distances |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    family3("3d random", &random3(&mut rng, false));
    family3("3d random apart", &random3(&mut rng, true));
    family3("3d near-touching", &near_touching3(&mut rng));
    family2("2d random", &random2(&mut rng, false));
    family2("2d random apart", &random2(&mut rng, true));
    family2("2d near-touching", &near_touching2(&mut rng));
    double::families(&mut rng);
}

/// The f64 boxes (`DObb3`, `DObb2`): the 3D and 2D random and near-touching families given in
/// f64, sat-core's f64 `distance` and `closest_points` against parry3d-f64's / parry2d-f64's
/// `query::distance` (as rapier3d-f64 and rapier2d-f64 re-export them), in the same table.
mod double {
    use rand_pcg::Pcg64;
    use rapier2d_f64::parry as parry2d_f64;
    use rapier3d_f64::parry as parry3d_f64;
    use sat_core::{DObb2, DObb3, Obb2, Obb3};

    use super::common::{ParryF64Box2, ParryF64Box3, double2, double3};
    use super::{black_box, near_touching2, near_touching3, random2, random3, sum_over, table};

    /// Generates the f64 family of one dimension (`$name(family, pairs)`, the pairs widened by
    /// `$double`): sat-core's f64 `distance` and `closest_points`, and `$parry`'s
    /// `query::distance` (named `$parry_name`) on the boxes as `$parry_box`es.
    macro_rules! family {
        ($name:ident, $obb:ident, $double:ident, $dobb:ident, $parry_box:ident, $parry:ident,
         $parry_name:literal) => {
            fn $name(name: &str, pairs: &[($obb, $obb)]) {
                let doubles: Vec<_> = pairs
                    .iter()
                    .map(|(a, b)| ($double(a), $double(b)))
                    .collect();
                let parry: Vec<_> = doubles
                    .iter()
                    .map(|(a, b)| ($parry_box::new(a), $parry_box::new(b)))
                    .collect();
                let closest = |a: &$dobb, b: &$dobb| black_box(a.closest_points(b)).distance;
                table(
                    name,
                    pairs.len(),
                    vec![
                        ("sat-core f64 distance", sum_over(&doubles, $dobb::distance)),
                        ("sat-core f64 closest_points", sum_over(&doubles, closest)),
                        (
                            concat!($parry_name, " query::distance"),
                            sum_over(&parry, |a, b| {
                                let found =
                                    $parry::query::distance(&a.pose, &a.cuboid, &b.pose, &b.cuboid);
                                found.expect("cuboids").distance
                            }),
                        ),
                    ],
                );
            }
        };
    }

    family!(
        family3,
        Obb3,
        double3,
        DObb3,
        ParryF64Box3,
        parry3d_f64,
        "parry3d-f64"
    );
    family!(
        family2,
        Obb2,
        double2,
        DObb2,
        ParryF64Box2,
        parry2d_f64,
        "parry2d-f64"
    );

    /// The f64 families, after the f32 ones (their own pairs, from the same generators).
    pub(super) fn families(rng: &mut Pcg64) {
        family3("3d random f64", &random3(rng, false));
        family3("3d near-touching f64", &near_touching3(rng));
        family2("2d random f64", &random2(rng, false));
        family2("2d near-touching f64", &near_touching2(rng));
    }
}

/// The textbook method, as printed (f32): the closest point of a box to a point is a clamp in
/// its frame (§5.1.4); the distance of two boxes is the least over every vertex of each against
/// the other box and every pair of edges (§5.1.9, with the book's `EPSILON` for parallel
/// segments).
mod textbook {
    use std::ops::{Add, Mul, Sub};

    use glam::{Vec2, Vec3};
    use sat_core::{Obb2, Obb3};

    const EPSILON: f32 = 1e-6;

    /// A box in the book's layout: centre, local axes, half-extents.
    pub struct TextbookBox<V, const N: usize> {
        c: V,
        u: [V; N],
        e: [f32; N],
    }

    pub type Textbook3 = TextbookBox<Vec3, 3>;
    pub type Textbook2 = TextbookBox<Vec2, 2>;

    impl From<&Obb3> for Textbook3 {
        fn from(o: &Obb3) -> Self {
            let (c, u, e) = super::common::textbook_parts3(o);
            TextbookBox { c, u, e }
        }
    }

    impl From<&Obb2> for Textbook2 {
        fn from(o: &Obb2) -> Self {
            let (c, u, e) = super::common::textbook_parts2(o);
            TextbookBox { c, u, e }
        }
    }

    /// The vector arithmetic the book's routines use, of glam's `Vec2` and `Vec3`.
    pub trait BookVector:
        Copy + Add<Output = Self> + Sub<Output = Self> + Mul<f32, Output = Self>
    {
        fn dot(self, other: Self) -> f32;
    }

    impl BookVector for Vec2 {
        fn dot(self, other: Self) -> f32 {
            Vec2::dot(self, other)
        }
    }

    impl BookVector for Vec3 {
        fn dot(self, other: Self) -> f32 {
            Vec3::dot(self, other)
        }
    }

    impl<V: BookVector, const N: usize> TextbookBox<V, N> {
        /// Corner `k`: bit `i` of `k` set is the negative side of axis `i`.
        fn corner(&self, k: usize) -> V {
            (0..N).fold(self.c, |p, i| {
                let s = if k >> i & 1 == 1 { -1.0 } else { 1.0 };
                p + self.u[i] * (s * self.e[i])
            })
        }

        /// `ClosestPtPointOBB` (§5.1.4): `p` clamped to the box in its frame.
        fn closest_point(&self, p: V) -> V {
            let d = p - self.c;
            (0..N).fold(self.c, |q, i| {
                q + self.u[i] * d.dot(self.u[i]).clamp(-self.e[i], self.e[i])
            })
        }
    }

    /// Hands `keep` every vertex of each box with its closest point on the other box, as the
    /// pair `(on a, on b)`.
    fn vertices<V: BookVector, const N: usize>(
        a: &TextbookBox<V, N>,
        b: &TextbookBox<V, N>,
        mut keep: impl FnMut(V, V),
    ) {
        for k in 0..1 << N {
            let v = b.corner(k);
            keep(a.closest_point(v), v);
            let w = a.corner(k);
            keep(w, b.closest_point(w));
        }
    }

    impl Textbook3 {
        /// Edge `k` as its two end points.
        fn edge(&self, k: usize) -> (Vec3, Vec3) {
            let i = k / 4;
            let mut p = self.c;
            for (bit, j) in [(i + 1) % 3, (i + 2) % 3].into_iter().enumerate() {
                let s = if k >> bit & 1 == 1 { -1.0 } else { 1.0 };
                p += self.u[j] * (s * self.e[j]);
            }
            (p - self.u[i] * self.e[i], p + self.u[i] * self.e[i])
        }
    }

    /// Ericson's `ClosestPtSegmentSegment`: the closest points of `p1q1` and `p2q2`.
    fn segments(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3) -> (Vec3, Vec3) {
        let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
        let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(r));
        let (s, t);
        if a <= EPSILON && e <= EPSILON {
            return (p1, p2);
        }
        if a <= EPSILON {
            s = 0.0;
            t = (f / e).clamp(0.0, 1.0);
        } else {
            let c = d1.dot(r);
            if e <= EPSILON {
                t = 0.0;
                s = (-c / a).clamp(0.0, 1.0);
            } else {
                let b = d1.dot(d2);
                let denom = a * e - b * b;
                let mut s0 = if denom != 0.0 {
                    ((b * f - c * e) / denom).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let mut t0 = (b * s0 + f) / e;
                if t0 < 0.0 {
                    t0 = 0.0;
                    s0 = (-c / a).clamp(0.0, 1.0);
                } else if t0 > 1.0 {
                    t0 = 1.0;
                    s0 = ((b - c) / a).clamp(0.0, 1.0);
                }
                s = s0;
                t = t0;
            }
        }
        (p1 + d1 * s, p2 + d2 * t)
    }

    /// Distance and closest points (0 and no common point search when they intersect: the book
    /// has none).
    pub fn closest3(a: &Textbook3, b: &Textbook3) -> (f32, Vec3, Vec3) {
        let mut best = (f32::INFINITY, a.c, b.c);
        let mut keep = |p: Vec3, q: Vec3| {
            let d = (q - p).length_squared();
            if d < best.0 {
                best = (d, p, q);
            }
        };
        vertices(a, b, &mut keep);
        for i in 0..12 {
            let (p1, q1) = a.edge(i);
            for k in 0..12 {
                let (p2, q2) = b.edge(k);
                let (p, q) = segments(p1, q1, p2, q2);
                keep(p, q);
            }
        }
        (best.0.sqrt(), best.1, best.2)
    }

    /// The least distance of every vertex of each rectangle to the other.
    pub fn closest2(a: &Textbook2, b: &Textbook2) -> f32 {
        let mut best = f32::INFINITY;
        vertices(a, b, |p, q| best = best.min((q - p).length_squared()));
        best.sqrt()
    }
}
