//! [`check_distance3`] and [`check_distance2`]: sat-core's `distance` and `closest_points`
//! against the exact distance of the boxes it stores, parry's `query::distance` and
//! `query::closest_points` as peers.
//!
//! The reference is [`sat_core::exact::distance_bounds3`] (`_2`) on the stored boxes (their f32
//! centre, half-extents and axis columns taken exactly): a certified interval `[lower, upper]`
//! from an f64 filter, tight to about `10⁻¹⁵·S` for exactly orthogonal columns and to a few
//! roundings of the columns' defect otherwise (far below `ε·S`), the exact verdict deciding
//! touching and intersecting pairs. With `B = DISTANCE_K·ε·S` (`sat_core::distance`) the check
//! panics — a finding — when:
//!
//! * `distance` or `closest_points().distance` is outside `[lower − B, upper + B]` (each judged
//!   on its own: `distance` takes shortcuts of its own, see `sat_core::distance`);
//! * a point is farther than `B` from its box (plus `ε·|c|` for its world coordinates, `c` its
//!   box's centre: f32 cannot place a point closer far from the origin), measured from above in
//!   f64 (the point minus the parallelepiped point with its coordinates clamped);
//! * the points are not `distance` apart within `B` (plus the same world rounding);
//! * the width of the reference interval exceeds `ε·S` (a bug of the oracle, not of sat-core).
//!
//! parry's distance and the distance of its closest points are judged by the same bound; a
//! miss is a *peer finding* (counted per dimension, printed whenever it is the worst so far,
//! fatal only under `OBBSAT_STRICT_PEERS=1`), and so is a panic inside parry.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use glam::{DMat2, DMat3, DVec2, DVec3, Vec2, Vec3};
use parry2d::query as query2;
use parry3d::query as query3;
use sat_core::distance::{DISTANCE_K, DISTANCE_K_F64};
use sat_core::exact::{ExactBox2, ExactBox3, ExactDistance, distance_bounds2, distance_bounds3};
use sat_core::tolerance::{EPS, EPS_F64};
use sat_core::{DObb2, DObb3, Obb2, Obb3};

use super::adjudicate::Report;
use super::peer_findings::strict_peers;
use super::recipe_pair::{RecipePair2, RecipePair3};
use crate::peers::{ParryBox2, ParryBox3, catch_peer};

/// `check_distance2` and `check_distance3`: one body, the dimension's types and functions named.
macro_rules! check_distance {
    ($(#[$doc:meta])* $name:ident, $case:ty, $dim:literal, $bounds:ident, $exact_box:ident,
     $norm:ident, $obb:ident, $vec:ident, $as_d:ident, $as_m:ident, $outside:ident,
     $parry_box:ident, $query:ident) => {
        $(#[$doc])*
        pub fn $name(case: &$case) -> Report {
            let Ok((a, b)) = case.obbs() else {
                return Report::default();
            };
            let exact = $bounds(&$exact_box::from_obb(&a), &$exact_box::from_obb(&b));
            let describe = || case.to_json();
            let c = a.closest_points(&b);
            let judge = Judge::new(
                &exact,
                [$norm(a.center()), $norm(b.center())],
                f64::from(EPS),
                f64::from(DISTANCE_K),
            );
            assert!(
                exact.upper - exact.lower <= judge.eps_s,
                "the exact interval is wider than ε·S: {exact:?}"
            );
            let distance = f64::from(a.distance(&b));
            // `distance` takes shortcuts of its own (no points): judged on its own.
            judge.distance("sat-core distance", distance, &describe);
            let outside = |obb: &$obb, x: $vec| {
                $outside(obb.axes().$as_m(), obb.center().$as_d(), obb.half_extents().$as_d(), x.$as_d())
            };
            judge.answer(
                "sat-core",
                f64::from(c.distance),
                (c.b.$as_d() - c.a.$as_d()).length(),
                [outside(&a, c.a), outside(&b, c.b)],
                &describe,
            );
            let (pa, pb) = ($parry_box::from_obb(&a), $parry_box::from_obb(&b));
            let parry = catch_peer(|| {
                let d = $query::distance(&pa.pose, &pa.cuboid, &pb.pose, &pb.cuboid)
                    .map(|d| d.distance);
                let points =
                    $query::closest_points(&pa.pose, &pa.cuboid, &pb.pose, &pb.cuboid, f32::MAX);
                (d, points)
            });
            judge.peer(
                $dim,
                parry.map(|(d, points)| {
                    let apart = match points {
                        Ok($query::ClosestPoints::WithinMargin(p, q)) => Some((q - p).length()),
                        Ok($query::ClosestPoints::Intersecting) => Some(0.0),
                        _ => None,
                    };
                    (d.ok(), apart)
                }),
                &describe,
            );
            Report {
                accepted: true,
                intersects: Some(exact.upper == 0.0),
                ..Report::default()
            }
        }
    };
}

check_distance!(
    /// Checks one 3D case's distance and closest points; panics on a violation of sat-core's
    /// bound.
    check_distance3, RecipePair3, 3, distance_bounds3, ExactBox3, norm3, Obb3, Vec3, as_dvec3, as_dmat3,
    outside3, ParryBox3, query3
);

check_distance!(
    /// Checks one 2D case's distance and closest points (see [`check_distance3`]).
    check_distance2, RecipePair2, 2, distance_bounds2, ExactBox2, norm2, Obb2, Vec2, as_dvec2, as_dmat2,
    outside2, ParryBox2, query2
);

/// `judge_distance3_f64` and `judge_distance2_f64`: one body, the dimension's types named.
macro_rules! judge_distance_f64 {
    ($(#[$doc:meta])* $name:ident, $obb:ident, $vec:ident, $bounds:ident, $exact_box:ident,
     $outside:ident) => {
        $(#[$doc])*
        pub(super) fn $name(a: &$obb, b: &$obb, describe: &dyn Fn() -> String) {
            let exact = $bounds(&$exact_box::from(a), &$exact_box::from(b));
            let judge = Judge::new(
                &exact,
                [a.center().length(), b.center().length()],
                EPS_F64,
                DISTANCE_K_F64,
            );
            if exact.upper - exact.lower > judge.bound {
                return;
            }
            judge.distance("sat-core f64 distance", a.distance(b), describe);
            let outside = |obb: &$obb, x: $vec| {
                $outside(obb.axes(), obb.center(), obb.half_extents(), x)
            };
            let c = a.closest_points(b);
            judge.answer(
                "sat-core f64",
                c.distance,
                (c.b - c.a).length(),
                [outside(a, c.a), outside(b, c.b)],
                describe,
            );
        }
    };
}

judge_distance_f64!(
    /// Panics unless `DObb3`'s `distance` and `closest_points` keep `DISTANCE_K_F64·ε₆₄·S` on the
    /// stored boxes; a pair whose certified reference interval is wider than that bound (the
    /// oracle's f64 filter cannot always resolve f64 boxes that finely) is not judged.
    judge_distance3_f64, DObb3, DVec3, distance_bounds3, ExactBox3, outside3
);

judge_distance_f64!(
    /// [`judge_distance3_f64`] in 2D.
    judge_distance2_f64, DObb2, DVec2, distance_bounds2, ExactBox2, outside2
);

/// The reference interval and the pair's tolerances.
struct Judge {
    lower: f64,
    upper: f64,
    eps_s: f64,
    /// The precision's distance constant (`DISTANCE_K`, `DISTANCE_K_F64`).
    k: f64,
    /// `k·ε·S`.
    bound: f64,
    /// `ε·|c|` of each box's centre: the rounding of its points' world coordinates.
    world: [f64; 2],
}

impl Judge {
    /// The judge of one pair in a precision: its `ε` and distance constant `k` (bound `k·ε·S`).
    fn new<const N: usize>(exact: &ExactDistance<N>, centres: [f64; 2], eps: f64, k: f64) -> Self {
        let eps_s = eps * exact.scale;
        Judge {
            lower: exact.lower,
            upper: exact.upper,
            eps_s,
            k,
            bound: k * eps_s,
            world: centres.map(|c| eps * c),
        }
    }

    /// How far `d` is outside the reference interval.
    fn error(&self, d: f64) -> f64 {
        (d - self.upper).max(self.lower - d).max(0.0)
    }

    /// Panics unless sat-core's distance keeps the bound.
    fn distance(&self, engine: &str, d: f64, describe: &dyn Fn() -> String) {
        let error = self.error(d);
        assert!(
            error <= self.bound,
            "{engine}: distance {d:e} vs exact [{:e}, {:e}]: {:.1} ε·S off (bound {})\n  case: {}",
            self.lower,
            self.upper,
            error / self.eps_s,
            self.k,
            describe()
        );
    }

    /// Panics unless sat-core's closest points keep the bound.
    fn answer(
        &self,
        engine: &str,
        d: f64,
        apart: f64,
        outside: [f64; 2],
        describe: &dyn Fn() -> String,
    ) {
        self.distance(engine, d, describe);
        for (box_name, (out, world)) in ["A", "B"].iter().zip(outside.iter().zip(self.world)) {
            assert!(
                *out <= self.bound + world,
                "{engine}: the point on {box_name} is {:.1} ε·S off its box\n  case: {}",
                out / self.eps_s,
                describe()
            );
        }
        let mismatch = (apart - d).abs();
        assert!(
            mismatch <= self.bound + self.world[0] + self.world[1],
            "{engine}: the points are {apart:e} apart for a distance {d:e}\n  case: {}",
            describe()
        );
    }

    /// Records parry's distance and the distance of its closest points as peer findings when
    /// they miss the bound.
    fn peer(
        &self,
        dim: u8,
        measured: Result<(Option<f32>, Option<f32>), crate::peers::PeerPanic>,
        describe: &dyn Fn() -> String,
    ) {
        let measured = match measured {
            Ok(measured) => measured,
            Err(panic) => {
                record(
                    dim,
                    0,
                    f64::INFINITY,
                    &|| format!("parry panicked: {panic}"),
                    describe,
                );
                return;
            }
        };
        for (query, value) in [measured.0, measured.1].into_iter().enumerate() {
            let Some(value) = value else { continue };
            let error = self.error(f64::from(value));
            if error > self.bound {
                let what = || {
                    format!(
                        "parry ({dim}D) {} {value:e} vs exact [{:e}, {:e}]: {:.1} ε·S off",
                        QUERIES[query],
                        self.lower,
                        self.upper,
                        error / self.eps_s
                    )
                };
                record(
                    dim,
                    query,
                    error / (self.eps_s / f64::from(EPS)),
                    &what,
                    describe,
                );
            }
        }
    }
}

/// The two peer queries judged.
const QUERIES: [&str; 2] = ["query::distance", "query::closest_points"];

/// Peer findings per dimension (2D, 3D) and query: count, and the bits of the worst `error/S`.
static FINDINGS: [[(AtomicU64, AtomicU64); 2]; 2] =
    [const { [const { (AtomicU64::new(0), AtomicU64::new(0)) }; 2] }; 2];

/// Serialises the printing of findings.
static PRINTING: Mutex<()> = Mutex::new(());

/// The distance peer findings so far: `(dim, query, count, worst error / S)`.
pub fn distance_peer_tallies() -> Vec<(u8, &'static str, u64, f64)> {
    let mut out = Vec::new();
    for (d, dim) in [2u8, 3].into_iter().enumerate() {
        for (q, query) in QUERIES.iter().enumerate() {
            let (count, worst) = &FINDINGS[d][q];
            out.push((
                dim,
                *query,
                count.load(Ordering::Relaxed),
                f64::from_bits(worst.load(Ordering::Relaxed)),
            ));
        }
    }
    out
}

/// Counts one peer finding (`relative` = error / S), prints it when it is that query's worst
/// so far, panics in strict mode.
fn record(
    dim: u8,
    query: usize,
    relative: f64,
    what: &dyn Fn() -> String,
    describe: &dyn Fn() -> String,
) {
    let (count, worst) = &FINDINGS[usize::from(dim == 3)][query];
    let n = count.fetch_add(1, Ordering::Relaxed) + 1;
    if strict_peers() {
        panic!(
            "peer finding (OBBSAT_STRICT_PEERS=1): {}\n  case: {}",
            what(),
            describe()
        );
    }
    let previous = worst.fetch_max(relative.to_bits(), Ordering::Relaxed);
    if relative.to_bits() > previous {
        let _guard = PRINTING.lock().unwrap_or_else(|e| e.into_inner());
        eprintln!(
            "peer finding #{n}, new worst: {}\n  case: {}",
            what(),
            describe()
        );
    }
}

fn norm3(v: Vec3) -> f64 {
    v.as_dvec3().length()
}

fn norm2(v: Vec2) -> f64 {
    v.as_dvec2().length()
}

/// The distance from `x` to the parallelepiped the columns `g` span about `c` with half-extents
/// `e`, from above: `x` minus the point with `x`'s coordinates clamped (a point of the
/// parallelepiped), in f64.
fn outside3(g: DMat3, c: DVec3, e: DVec3, x: DVec3) -> f64 {
    let lambda = g.inverse() * (x - c);
    (g * (lambda - lambda.clamp(-e, e))).length()
}

/// [`outside3`] in 2D.
fn outside2(g: DMat2, c: DVec2, e: DVec2, x: DVec2) -> f64 {
    let lambda = g.inverse() * (x - c);
    (g * (lambda - lambda.clamp(-e, e))).length()
}
