//! [`check_cast3`], [`check_cast2`] and [`check_cast3_nonlinear`]: sat-core's casts against the
//! exact answer for the boxes it stores, parry's `query::cast_shapes` and
//! `query::cast_shapes_nonlinear` as peers.
//!
//! # What is judged
//!
//! sat-core's promise ([`sat_core::cast`]), with `S' = |c_B − c_A| + τ_max·μ + |e_A| + |e_B| + δ`:
//!
//! * **Linear, target distance `0`**, in exact rationals ([`sat_core::exact::toi3`]): "no hit"
//!   only when the exact time of impact is `None`; a hit never later than it; the pair with
//!   every half-extent grown by `CAST_K·ε·S'/2` meets by the returned time (the hit is early by
//!   at most the tolerance); `cast_certified` equal to the exact time rounded down to f32, with
//!   the exact status. The same casts of the f64 boxes of the numbers as written (`DObb3`),
//!   with the f64 constants.
//! * **Linear, `δ > 0`**, by exact squared distances ([`sat_core::exact::swept_distance_squared3`]):
//!   "no hit" only when the boxes stay farther than `δ` over the whole time range; never late
//!   (farther than `δ` over `[0, toi]`); within `δ + CAST_DISTANCE_K·ε·S'` at `toi`.
//! * **Rotating** (no closed form): the boxes are moved to any time in f64 with a bound on the
//!   rounding, and judged by certified distances ([`sat_core::exact::distance_bounds3`]; the
//!   exact verdict's margin where they overlap): within `δ + CAST_DISTANCE_K·ε·S'` at `toi`,
//!   and a *proof* that no earlier time (no time at all, for "no hit") comes within `δ` minus
//!   the tolerance: a chain of times from `0` where each step is shorter than the certified
//!   distance's excess over that target divided by the largest relative point speed (or the
//!   gap between supporting planes over how fast it can close), each step proven for a
//!   thousandth of the tolerance less so that steps stay long where the distance nears the
//!   target. A chain that stops at a certified violation is a finding; one that cannot be
//!   decided (the certified interval straddling the target, or too many steps) is counted,
//!   not judged.
//!
//! A violation panics (a crash libFuzzer records), naming the case as an `obbsat` case line
//! with the motion's fields (`vel_a`, `vel_b`, `max_toi`, `target_distance`, or `motion_a`,
//! `motion_b`).
//!
//! # Peers
//!
//! parry's answers are judged as the issue that asked for casts judges them: each against the
//! exact time of impact of the pair grown and shrunk by `64·ε·S'` (half of it on each box's
//! half-extents; for `δ > 0`, against the distances `δ ± 64·ε·S'`). A time later than the
//! shrunk pair's (or "no hit" where it meets) is **late or missed**, one earlier than the grown
//! pair's (or a hit where it never meets) **early or phantom**; a panic inside parry is a
//! finding too. Findings are counted per query and kind ([`cast_peer_tallies`]), printed when
//! they are the worst so far, and fatal only under `OBBSAT_STRICT_PEERS=1`. parry's
//! `cast_shapes_nonlinear` has no target distance: it is judged only for `δ = 0`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use glam::{DMat3, DVec3, Vec2, Vec3};
use parry2d::query::{self as query2};
use parry3d::query::{self as query3, NonlinearRigidMotion};
use sat_core::Obb3;
use sat_core::cast::{
    CAST_DISTANCE_K, CAST_DISTANCE_K_F64, CAST_K, CAST_K_F64, CastHit, CastOptions, CastStatus,
    Motion3,
};
use sat_core::exact::{
    BigRational, ExactBox2, ExactBox3, distance_bounds3, swept_distance_squared2,
    swept_distance_squared3, toi2, toi3, verdict3,
};
use sat_core::tolerance::{EPS, EPS_F64};

use super::adjudicate::Report;
use super::cast_recipe::{CastCase2, CastCase3, MotionInput3, NonlinearCase3};
use super::peer_findings::strict_peers;
use crate::peers::{ParryBox2, ParryBox3, catch_peer};

/// The tolerance parry's answers are judged by, in units of f32's `ε·S'`.
pub const PEER_K: f64 = 64.0;

fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).expect("finite")
}

/// A linear cast's numbers in f64 (exact copies of either precision's).
struct Linear<const N: usize> {
    va: [f64; N],
    vb: [f64; N],
    /// `max_toi`, at most the precision's largest number.
    max_toi: f64,
    delta: f64,
    /// `|c_B − c_A|` and `|e_A| + |e_B|`.
    offset: f64,
    sizes: f64,
}

impl<const N: usize> Linear<N> {
    fn speed(&self) -> f64 {
        (0..N)
            .map(|k| (self.vb[k] - self.va[k]).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    /// A time after which no contact begins.
    fn reach(&self) -> f64 {
        2.0 * (self.offset + self.sizes + self.delta) / self.speed()
    }

    /// `S'` (a few ulps above sat-core's).
    fn scale(&self) -> f64 {
        let reach = self.offset + self.sizes + self.delta;
        let travel = (self.max_toi * self.speed()).min(reach * 1.000_01);
        (self.offset + travel + self.sizes + self.delta) * 1.000_01
    }

    /// The end of the time range that matters.
    fn end(&self) -> f64 {
        if self.speed() == 0.0 {
            0.0
        } else {
            self.max_toi.min(self.reach())
        }
    }
}

/// The exact oracle of one dimension's linear casts.
trait Exact<const N: usize> {
    /// The exact time of impact, every half-extent grown by `grow`.
    fn toi(&self, m: &Linear<N>, grow: f64) -> Option<(BigRational, bool)>;
    /// The exact squared minimum distance over `[from, to]`.
    fn swept(&self, m: &Linear<N>, from: f64, to: f64) -> BigRational;
}

impl Exact<3> for (ExactBox3, ExactBox3) {
    fn toi(&self, m: &Linear<3>, grow: f64) -> Option<(BigRational, bool)> {
        toi3(&self.0, m.va, &self.1, m.vb, m.max_toi, grow).map(|t| (t.toi, t.penetrating))
    }
    fn swept(&self, m: &Linear<3>, from: f64, to: f64) -> BigRational {
        swept_distance_squared3(&self.0, m.va, &self.1, m.vb, &rational(from), &rational(to))
    }
}

impl Exact<2> for (ExactBox2, ExactBox2) {
    fn toi(&self, m: &Linear<2>, grow: f64) -> Option<(BigRational, bool)> {
        toi2(&self.0, m.va, &self.1, m.vb, m.max_toi, grow).map(|t| (t.toi, t.penetrating))
    }
    fn swept(&self, m: &Linear<2>, from: f64, to: f64) -> BigRational {
        swept_distance_squared2(&self.0, m.va, &self.1, m.vb, &rational(from), &rational(to))
    }
}

/// Panics unless a sat-core linear cast's `answer` (`(toi, status)`) keeps its promise, with the
/// precision's `ε` and constants `[CAST_K, CAST_DISTANCE_K]`.
fn judge_core<const N: usize>(
    engine: &str,
    m: &Linear<N>,
    exact: &impl Exact<N>,
    answer: Option<(f64, CastStatus)>,
    [eps, k, k_distance]: [f64; 3],
    describe: &dyn Fn() -> String,
) {
    let scale = m.scale();
    if m.delta == 0.0 {
        let truth = exact.toi(m, 0.0);
        let Some((toi, status)) = answer else {
            assert!(
                truth.is_none(),
                "{engine}: missed a hit at {truth:?}\n  case: {}",
                describe()
            );
            return;
        };
        if let Some((t, _)) = &truth {
            assert!(
                rational(toi) <= *t,
                "{engine}: late, {toi:e} > {t}\n  case: {}",
                describe()
            );
        }
        let grow = 0.5 * k * eps * scale * (1.0 + 1e-6);
        let grown = exact.toi(m, grow).map(|g| g.0);
        assert!(
            grown.as_ref().is_some_and(|g| *g <= rational(toi)),
            "{engine}: early beyond {k}·ε·S': toi {toi:e}, grown pair's {grown:?}\n  case: {}",
            describe()
        );
        check_status(engine, toi, status, describe);
        return;
    }
    let delta2 = rational(m.delta) * rational(m.delta);
    let Some((toi, status)) = answer else {
        let closest = exact.swept(m, 0.0, m.end());
        assert!(
            closest > delta2,
            "{engine}: missed a hit\n  case: {}",
            describe()
        );
        return;
    };
    assert!(
        toi == 0.0 || exact.swept(m, 0.0, toi) >= delta2,
        "{engine}: late (closer than δ before {toi:e})\n  case: {}",
        describe()
    );
    if status != CastStatus::OutOfIterations {
        let reach = rational(m.delta + k_distance * eps * scale);
        assert!(
            exact.swept(m, toi, toi) <= &reach * &reach,
            "{engine}: early beyond δ + {k_distance}·ε·S' at {toi:e}\n  case: {}",
            describe()
        );
    }
    check_status(engine, toi, status, describe);
}

fn check_status(engine: &str, toi: f64, status: CastStatus, describe: &dyn Fn() -> String) {
    match status {
        CastStatus::Penetrating => {
            assert_eq!(
                toi,
                0.0,
                "{engine}: penetrating at {toi}\n  case: {}",
                describe()
            )
        }
        CastStatus::Hit => assert!(toi > 0.0, "{engine}: a hit at 0\n  case: {}", describe()),
        CastStatus::OutOfIterations => {}
    }
}

/// A peer's linear answer (`Some(toi)` or `None`) judged at `PEER_K·ε·S'`: the finding's kind
/// and its size (the time off times the speed, over `S'`), or `None` when it is right.
fn judge_peer<const N: usize>(
    m: &Linear<N>,
    exact: &impl Exact<N>,
    answer: Option<f64>,
) -> Option<(Kind, f64)> {
    let tol = PEER_K * f64::from(EPS) * m.scale();
    let off = |t: f64, truth: Option<&BigRational>| {
        truth.map_or(1.0, |x| {
            use num_traits::ToPrimitive;
            (x.to_f64().unwrap_or(0.0) - t).abs() * m.speed() / m.scale()
        })
    };
    if m.delta == 0.0 {
        let shrunk = exact.toi(m, -0.5 * tol).map(|t| t.0);
        let grown = exact.toi(m, 0.5 * tol).map(|t| t.0);
        return match (answer, shrunk) {
            (None, Some(s)) => Some((Kind::Late, off(m.end(), Some(&s)).max(f64::MIN_POSITIVE))),
            (None, None) => None,
            (Some(t), shrunk) => {
                if shrunk.as_ref().is_some_and(|s| rational(t) > *s) {
                    Some((Kind::Late, off(t, shrunk.as_ref())))
                } else if grown.as_ref().is_none_or(|g| *g > rational(t)) {
                    Some((Kind::Early, off(t, grown.as_ref())))
                } else {
                    None
                }
            }
        };
    }
    let (near, far) = (m.delta - tol, m.delta + tol);
    // Closer than δ − tol over `[0, t]`: the swept distance (or, for δ ≤ tol, the pair shrunk by
    // half the excess meeting by then).
    let too_close_by = |t: f64| {
        if near > 0.0 {
            exact.swept(m, 0.0, t) < rational(near) * rational(near)
        } else {
            exact.toi(m, 0.5 * near).is_some_and(|s| s.0 <= rational(t))
        }
    };
    match answer {
        None if too_close_by(m.end()) => Some((Kind::Late, 1.0)),
        None => None,
        Some(t) if t > 0.0 && too_close_by(t.next_down()) => Some((Kind::Late, 1.0)),
        Some(t) if exact.swept(m, t, t) > rational(far) * rational(far) => Some((Kind::Early, 1.0)),
        Some(_) => None,
    }
}

/// What a peer got wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Later than the shrunk pair's time of impact, or no hit where it meets.
    Late,
    /// Earlier than the grown pair's, or a hit where it never meets.
    Early,
    /// A panic inside the peer.
    Panic,
}

const QUERIES: [&str; 3] = [
    "parry2d cast_shapes",
    "parry3d cast_shapes",
    "parry3d cast_shapes_nonlinear",
];
const KINDS: [&str; 3] = ["late or missed", "early or phantom", "panicked"];

/// Per query and kind: count, and the bits of the worst size.
static FINDINGS: [[(AtomicU64, AtomicU64); 3]; 3] =
    [const { [const { (AtomicU64::new(0), AtomicU64::new(0)) }; 3] }; 3];

/// Serialises the printing of findings.
static PRINTING: Mutex<()> = Mutex::new(());

/// parry's cast findings so far: `(query, kind, count, worst size)` (the size: how far the time
/// is off, times the speed, over `S'`; `1` where there is no exact time to compare with).
pub fn cast_peer_tallies() -> Vec<(&'static str, &'static str, u64, f64)> {
    let mut out = Vec::new();
    for (q, query) in QUERIES.iter().enumerate() {
        for (k, kind) in KINDS.iter().enumerate() {
            let (count, worst) = &FINDINGS[q][k];
            out.push((
                *query,
                *kind,
                count.load(Ordering::Relaxed),
                f64::from_bits(worst.load(Ordering::Relaxed)),
            ));
        }
    }
    out
}

/// Counts one finding, prints it when it is the worst of its kind so far, panics in strict
/// mode.
fn record(query: usize, kind: Kind, size: f64, what: &str, describe: &dyn Fn() -> String) {
    let k = kind as usize;
    let (count, worst) = &FINDINGS[query][k];
    let n = count.fetch_add(1, Ordering::Relaxed) + 1;
    if strict_peers() {
        panic!(
            "peer finding (OBBSAT_STRICT_PEERS=1): {} {}: {what}\n  case: {}",
            QUERIES[query],
            KINDS[k],
            describe()
        );
    }
    let previous = worst.fetch_max(size.to_bits(), Ordering::Relaxed);
    if size.to_bits() > previous || n == 1 {
        let _guard = PRINTING.lock().unwrap_or_else(|e| e.into_inner());
        eprintln!(
            "peer finding #{n}, new worst: {} {} ({size:.2e}·S'): {what}\n  case: {}",
            QUERIES[query],
            KINDS[k],
            describe()
        );
    }
}

/// A number for a case line: JSON has no infinity, so `+∞` is written `"inf"`.
fn number(x: f32) -> serde_json::Value {
    if x.is_finite() {
        serde_json::json!(x)
    } else {
        serde_json::json!(x.to_string())
    }
}

/// The case line of a pair with the motion's fields added.
fn describe_with(line: crate::case_box::CaseLine, fields: serde_json::Value) -> String {
    let mut value = serde_json::to_value(&line).expect("a case line serialises");
    if let (Some(map), serde_json::Value::Object(extra)) = (value.as_object_mut(), fields) {
        map.extend(extra);
    }
    value.to_string()
}

/// What the checks return about a cast: accepted, and whether the exact pair meets.
fn report(hit: bool) -> Report {
    Report {
        accepted: true,
        intersects: Some(hit),
        ..Report::default()
    }
}

/// [`check_cast3`] and [`check_cast2`]: one body over each dimension's types and functions
/// (`$peer`: parry's query index in [`cast_peer_tallies`]; `witnesses`: what else a hit must
/// hold, 3D only).
macro_rules! check_cast_fn {
    ($(#[$doc:meta])* $check:ident($case:ident): $vec:ident, $as_dvec:ident, $exact_box:ident,
     $parry_box:ident, $query:ident, $peer:literal $(, witnesses: $witnesses:ident)?) => {
        $(#[$doc])*
        pub fn $check(case: &$case) -> Report {
            let Ok((a, b)) = case.pair.obbs() else {
                return Report::default();
            };
            let (va, vb) = ($vec::from_array(case.va), $vec::from_array(case.vb));
            let options = CastOptions::new(case.max_toi).with_target_distance(case.target_distance);
            let Ok(hit) = a.cast(va, &b, vb, options) else {
                return Report::default();
            };
            let describe = || {
                let fields = serde_json::json!({
                    "vel_a": case.va, "vel_b": case.vb, "max_toi": number(case.max_toi),
                    "target_distance": number(case.target_distance),
                });
                describe_with(case.pair.case_line(), fields)
            };
            let m = Linear {
                va: va.$as_dvec().to_array(),
                vb: vb.$as_dvec().to_array(),
                max_toi: f64::from(case.max_toi.min(f32::MAX)),
                delta: f64::from(case.target_distance),
                offset: (b.center() - a.center()).$as_dvec().length(),
                sizes: a.half_extents().$as_dvec().length() + b.half_extents().$as_dvec().length(),
            };
            let exact = ($exact_box::from(&a), $exact_box::from(&b));
            let f32s = [
                f64::from(EPS),
                f64::from(CAST_K),
                f64::from(CAST_DISTANCE_K),
            ];
            let answer = hit.map(|h| (f64::from(h.toi), h.status));
            judge_core("sat-core cast", &m, &exact, answer, f32s, &describe);
            $(
                if let Some(h) = hit {
                    $witnesses(&h, &describe);
                }
            )?
            if case.target_distance == 0.0 {
                let certified = a.cast_certified(va, &b, vb, case.max_toi).expect("checked");
                let expected = exact.toi(&m, 0.0).map(|(t, p)| (f32_down(&t), p));
                let got = certified.map(|h| (h.toi, h.status == CastStatus::Penetrating));
                assert_eq!(
                    got,
                    expected,
                    "sat-core cast_certified\n  case: {}",
                    describe()
                );
            }
            // The f64 boxes of the numbers as written.
            let (wa, wb) = case.pair.boxes();
            if let (Ok(da), Ok(db)) = (wa.dobb(), wb.dobb()) {
                let options = CastOptions::new(f64::from(case.max_toi))
                    .with_target_distance(f64::from(case.target_distance));
                let hit64 = da
                    .cast(va.$as_dvec(), &db, vb.$as_dvec(), options)
                    .expect("checked");
                let m64 = Linear {
                    max_toi: f64::from(case.max_toi),
                    offset: (db.center() - da.center()).length(),
                    sizes: da.half_extents().length() + db.half_extents().length(),
                    ..m
                };
                let exact64 = ($exact_box::from(&da), $exact_box::from(&db));
                let answer64 = hit64.map(|h| (h.toi, h.status));
                let f64s = [EPS_F64, CAST_K_F64, CAST_DISTANCE_K_F64];
                judge_core(
                    "sat-core f64 cast",
                    &m64,
                    &exact64,
                    answer64,
                    f64s,
                    &describe,
                );
            }
            // parry.
            let (pa, pb) = ($parry_box::from_obb(&a), $parry_box::from_obb(&b));
            let options = $query::ShapeCastOptions {
                max_time_of_impact: case.max_toi,
                target_distance: case.target_distance,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };
            let parry = catch_peer(|| {
                $query::cast_shapes(&pa.pose, va, &pa.cuboid, &pb.pose, vb, &pb.cuboid, options)
                    .map(|h| h.map(|h| h.time_of_impact))
            });
            peer_linear($peer, &m, &exact, parry, &describe);
            report(hit.is_some())
        }
    };
}

check_cast_fn!(
    /// Checks one linear 3D cast; panics on a violation of sat-core's promise.
    check_cast3(CastCase3): Vec3, as_dvec3, ExactBox3, ParryBox3, query3, 1,
    witnesses: check_witnesses
);
check_cast_fn!(
    /// Checks one linear 2D cast (see [`check_cast3`]).
    check_cast2(CastCase2): Vec2, as_dvec2, ExactBox2, ParryBox2, query2, 0
);

/// Records parry's linear answer (query `query`) when it is wrong or panicked.
fn peer_linear<const N: usize, E>(
    query: usize,
    m: &Linear<N>,
    exact: &impl Exact<N>,
    parry: Result<Result<Option<f32>, E>, crate::peers::PeerPanic>,
    describe: &dyn Fn() -> String,
) {
    match parry {
        Err(panic) => record(query, Kind::Panic, 0.0, &panic.to_string(), describe),
        Ok(Err(_)) => record(query, Kind::Panic, 0.0, "Unsupported for cuboids", describe),
        Ok(Ok(answer)) => {
            let answer = answer.map(f64::from);
            if let Some((kind, size)) = judge_peer(m, exact, answer) {
                let what = format!("toi {answer:?}");
                record(query, kind, size, &what, describe);
            }
        }
    }
}

/// The largest f32 not above `x`.
fn f32_down(x: &BigRational) -> f32 {
    use num_traits::ToPrimitive;
    let mut y = x.to_f32().unwrap_or(f32::MAX);
    while rational(f64::from(y)) > *x {
        y = y.next_down();
    }
    while y < f32::MAX && rational(f64::from(y.next_up())) <= *x {
        y = y.next_up();
    }
    y
}

/// The witness points of a hit are finite and its normal is a unit vector.
fn check_witnesses(h: &CastHit<Vec3, f32>, describe: &dyn Fn() -> String) {
    let n = h.normal.as_dvec3().length();
    assert!(
        (n - 1.0).abs() < 1e-5 && h.a.is_finite() && h.b.is_finite(),
        "sat-core cast: normal {} (|n| = {n}), witnesses {} {}\n  case: {}",
        h.normal,
        h.a,
        h.b,
        describe()
    );
}

/// A stored box moving rigidly, in f64 relative to A's centre at time `0`: the checker's own
/// motion, independent of sat-core's.
#[derive(Debug, Clone, Copy)]
struct Mover {
    center: DVec3,
    cols: DMat3,
    half: DVec3,
    /// `c − P`, the centre from the pivot (from the numbers as given: one rounding, relative).
    arm: DVec3,
    linvel: DVec3,
    angvel: DVec3,
    /// The largest distance of a point of the box from the pivot.
    rho: f64,
}

/// `2⁻⁵³`.
const U: f64 = f64::EPSILON / 2.0;

impl Mover {
    /// The box and its motion relative to `origin` and in the frame moving with `drift` (A's
    /// pivot's velocity): a common translation leaves the distance between the boxes exactly as
    /// it is, and keeps the moved boxes near the origin, where f64 rounds them finely.
    fn new(obb: &Obb3, motion: &MotionInput3, origin: DVec3, drift: DVec3) -> Mover {
        let arm = obb.center().as_dvec3() - DVec3::from_array(motion.pivot.map(f64::from));
        let half = obb.half_extents().as_dvec3();
        Mover {
            center: obb.center().as_dvec3() - origin,
            cols: obb.axes().as_dmat3(),
            half,
            arm,
            linvel: DVec3::from_array(motion.linvel.map(f64::from)) - drift,
            angvel: DVec3::from_array(motion.angvel.map(f64::from)),
            rho: (arm.length() + half.length()) * (1.0 + 1e-6),
        }
    }

    /// The box at time `t` and a bound on how far it is from the exact moved box. The turn
    /// enters as `M = R(ω·t) − I` (centre `c + v·t + M·(c − P)`, columns `U + M·U`), each
    /// entry of `M` twice a product of the quaternion's parts with a factor `sin(θ/2)`
    /// (`θ = |ω|·t`): its entries err by at most `20u·min(θ/2, 1)` (the axis, `sin`, `cos`
    /// and the products), and by `3u·θ` more from the rounding of `θ` itself, so `|M|` errs
    /// by at most `64u·min(θ, 1) + 4u·θ`, relative to the turn however far the pivot. That
    /// moves the lever `|c − P| + Σe` (the centre's arm and the columns times the
    /// half-extents); `c − P`'s own rounding `u·|c − P|` and the product's `6u·|M|·|c − P|`
    /// are turned by `|M| ≤ min(θ, 2)`: `32u·min(θ, 1)` more. The sums add `u` of each term,
    /// the relative velocity its rounding `u·|v|·t`, and the centre relative to A its `u·|c|`.
    fn at(&self, t: f64) -> (ExactBox3, f64) {
        let turn = turn3(self.angvel, t);
        let swing = turn * self.arm;
        let center = self.center + self.linvel * t + swing;
        let cols = self.cols + turn * self.cols;
        let theta = self.angvel.length() * t;
        let lever = self.arm.length() + self.half.element_sum() * 1.01;
        let error = (96.0 * U * theta.min(1.0) + 4.0 * U * theta) * lever
            + 8.0
                * U
                * (self.center.length()
                    + (self.linvel * t).length()
                    + swing.length()
                    + center.length()
                    + self.half.element_sum());
        let exact = ExactBox3::from_axes(
            center.to_array(),
            self.half.to_array(),
            [cols.x_axis, cols.y_axis, cols.z_axis].map(|c| c.to_array()),
        );
        (exact, error)
    }
}

/// `R(ω·t) − I = 2w·K + 2K²`, `K` the cross-product matrix of the quaternion's vector part
/// `ω̂·sin(θ/2)` and `w = cos(θ/2)`, `θ = |ω|·t`: every entry has a factor `sin(θ/2)`, so a
/// small turn keeps its relative precision (a rotation matrix's diagonal `1 − 2s²` would round
/// to `u` absolute, `u·ρ` at a lever `ρ`).
fn turn3(angvel: DVec3, t: f64) -> DMat3 {
    let rate = angvel.length();
    if rate == 0.0 || t == 0.0 {
        return DMat3::ZERO;
    }
    let (s, w) = (0.5 * rate * t).sin_cos();
    let q = angvel / rate * s;
    let k = DMat3::from_cols(
        DVec3::new(0.0, q.z, -q.y),
        DVec3::new(-q.z, 0.0, q.x),
        DVec3::new(q.y, -q.x, 0.0),
    );
    (k * w + k * k) * 2.0
}

/// The outcome of a proof that the boxes stay at least `target` apart (signed: a negative
/// target allows that much overlap) over a time range.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Proof {
    /// Every time in the range is proven.
    Proved,
    /// At this time the boxes are certainly closer than the target.
    Violated(f64),
    /// Neither (within the certified interval's width of the target, or too many steps).
    Undecided,
}

/// Steps a proof may take.
const PROOF_STEPS: usize = 4096;

/// The checker's rotating pair.
struct Tumbling {
    a: Mover,
    b: Mover,
    /// The largest relative point speed, rounded up.
    speed: f64,
}

impl Tumbling {
    /// A certified signed distance of the exact moved boxes at `t`: `(lower, upper, witness
    /// direction)`. Boxes clearly apart by an f64 estimate of their separating-axis margin go
    /// straight to the certified distance; the others get the exact verdict first, whose margin
    /// is their signed distance when they overlap (the candidate axes include every facet normal
    /// of their Minkowski difference).
    fn signed(&self, t: f64) -> (f64, f64, Option<DVec3>) {
        let ((ea, za), (eb, zb)) = (self.a.at(t), self.b.at(t));
        let slack = za + zb;
        let mut lower = f64::NEG_INFINITY;
        if margin_estimate(&ea, &eb) <= 1e-9 * self.scale_at(&ea, &eb) {
            let v = verdict3(&ea, &eb);
            let (m, e) = (v.margin, v.margin.abs() * f64::EPSILON);
            if v.intersects {
                return (m - e - slack, m + e + slack, None);
            }
            lower = m - e;
        }
        let d = distance_bounds3(&ea, &eb);
        let n = DVec3::from_array(d.b) - DVec3::from_array(d.a);
        (
            d.lower.max(lower) - slack,
            d.upper + slack,
            (n != DVec3::ZERO).then_some(n),
        )
    }

    /// `S` of two moved boxes.
    fn scale_at(&self, a: &ExactBox3, b: &ExactBox3) -> f64 {
        let t = DVec3::from_array(b.center) - DVec3::from_array(a.center);
        t.length() + self.a.half.length() + self.b.half.length()
    }

    /// A lower bound of the gap between the boxes' supporting planes normal to `n` at `t`, and
    /// an upper bound of how fast it can close.
    fn plane(&self, t: f64, n: DVec3) -> (f64, f64) {
        let n = n.normalize();
        let ((ea, za), (eb, zb)) = (self.a.at(t), self.b.at(t));
        let reach = |e: &ExactBox3| {
            let sat_core::exact::Rotation3::Axes(cols) = e.rotation else {
                unreachable!("moved boxes are given by columns")
            };
            (0..3)
                .map(|i| e.half_extents[i] * n.dot(DVec3::from_array(cols[i])).abs())
                .sum::<f64>()
        };
        let offset = DVec3::from_array(eb.center) - DVec3::from_array(ea.center);
        let gap = n.dot(offset) - reach(&ea) - reach(&eb);
        let size = offset.length() + self.a.half.element_sum() + self.b.half.element_sum();
        let gap = gap - 64.0 * U * size - za - zb;
        let dv = self.b.linvel - self.a.linvel;
        let spin = |m: &Mover| n.cross(m.angvel).length() * m.rho;
        let closing = -n.dot(dv) + spin(&self.a) + spin(&self.b);
        let closing = closing + 16.0 * U * (dv.length() + spin(&self.a) + spin(&self.b));
        (gap, closing)
    }

    /// Whether the boxes stay at least `target` apart (signed distance) over `[from, to)`, to
    /// within `slack`: each step is proven for `target − slack` (so steps stay at least
    /// `slack/μ` long where the distance nears the target instead of shrinking without end), and
    /// a time where the certified distance is below `target` is a violation.
    fn prove(&self, from: f64, to: f64, target: f64, slack: f64) -> Proof {
        let relaxed = target - slack;
        let mut t = from;
        for _ in 0..PROOF_STEPS {
            if t >= to {
                return Proof::Proved;
            }
            let (lower, upper, direction) = self.signed(t);
            if lower <= target {
                return if upper < target {
                    Proof::Violated(t)
                } else {
                    Proof::Undecided
                };
            }
            let mut step = (lower - relaxed) / self.speed;
            if let Some(n) = direction {
                let (gap, closing) = self.plane(t, n);
                if gap > relaxed {
                    if closing <= 0.0 {
                        return Proof::Proved;
                    }
                    step = step.max((gap - relaxed) / closing);
                }
            }
            let next = t + step * (1.0 - 1e-9);
            if next <= t {
                return Proof::Undecided;
            }
            t = next;
        }
        Proof::Undecided
    }
}

/// The largest separating-axis gap of two boxes given by columns, in f64 (an estimate: its
/// error is a few ulps of their size, far below the `10⁻⁹` relative margin it is compared with).
fn margin_estimate(a: &ExactBox3, b: &ExactBox3) -> f64 {
    let cols = |e: &ExactBox3| match e.rotation {
        sat_core::exact::Rotation3::Axes(c) => c.map(DVec3::from_array),
        sat_core::exact::Rotation3::Quat(_) => unreachable!("moved boxes are given by columns"),
    };
    let (ga, gb) = (cols(a), cols(b));
    let t = DVec3::from_array(b.center) - DVec3::from_array(a.center);
    let reach = |g: &[DVec3; 3], e: [f64; 3], l: DVec3| {
        (0..3).map(|i| e[i] * g[i].dot(l).abs()).sum::<f64>()
    };
    let gap = |l: DVec3| {
        let length = l.length();
        if length < 1e-12 {
            return f64::NEG_INFINITY;
        }
        (t.dot(l).abs() - reach(&ga, a.half_extents, l) - reach(&gb, b.half_extents, l)) / length
    };
    let mut best = f64::NEG_INFINITY;
    for i in 0..3 {
        best = best.max(gap(ga[i])).max(gap(gb[i]));
        for g in &gb {
            best = best.max(gap(ga[i].cross(*g)));
        }
    }
    best
}

/// Rotating-cast proofs that could not be decided, for the summary.
static UNDECIDED: AtomicU64 = AtomicU64::new(0);

/// How many rotating-cast answers the checks could not decide (a proof chain within the
/// certified interval's width of its target, or longer than its step limit): counted, not
/// judged.
pub fn undecided_nonlinear_proofs() -> u64 {
    UNDECIDED.load(Ordering::Relaxed)
}

/// Checks one rotating 3D cast; panics on a violation of sat-core's promise.
pub fn check_cast3_nonlinear(case: &NonlinearCase3) -> Report {
    let Ok((a, b)) = case.pair.obbs() else {
        return Report::default();
    };
    let motion = |m: &MotionInput3| Motion3 {
        pivot: Vec3::from_array(m.pivot),
        linvel: Vec3::from_array(m.linvel),
        angvel: Vec3::from_array(m.angvel),
    };
    let (ma, mb) = (motion(&case.motion_a), motion(&case.motion_b));
    let options = CastOptions::new(case.max_toi).with_target_distance(case.target_distance);
    let Ok(hit) = a.cast_nonlinear(&ma, &b, &mb, options) else {
        return Report::default();
    };
    let describe = || {
        let m = |m: &MotionInput3| serde_json::json!({ "pivot": m.pivot, "linvel": m.linvel, "angvel": m.angvel });
        let fields = serde_json::json!({
            "motion_a": m(&case.motion_a), "motion_b": m(&case.motion_b),
            "max_toi": number(case.max_toi), "target_distance": number(case.target_distance),
        });
        describe_with(case.pair.case_line(), fields)
    };
    let origin = a.center().as_dvec3();
    let drift = DVec3::from_array(case.motion_a.linvel.map(f64::from));
    let (ta, tb) = (
        Mover::new(&a, &case.motion_a, origin, drift),
        Mover::new(&b, &case.motion_b, origin, drift),
    );
    let speed = ((tb.linvel - ta.linvel).length()
        + ta.angvel.length() * ta.rho
        + tb.angvel.length() * tb.rho)
        * (1.0 + 1e-9);
    let pair = Tumbling {
        a: ta,
        b: tb,
        speed,
    };
    let (max_toi, delta) = (f64::from(case.max_toi), f64::from(case.target_distance));
    let scale = (tb.center - ta.center).length()
        + max_toi * speed
        + ta.half.length()
        + tb.half.length()
        + delta;
    let tol = f64::from(CAST_DISTANCE_K) * f64::from(EPS) * scale;
    let mut decided = true;
    let mut prove = |to: f64, what: &str| match pair.prove(0.0, to, delta - tol, 1e-3 * tol) {
        Proof::Proved => {}
        Proof::Undecided => decided = false,
        Proof::Violated(t) => panic!(
            "sat-core cast_nonlinear: {what}: closer than δ − tol at {t:e}\n  case: {}",
            describe()
        ),
    };
    match hit {
        None => prove(max_toi, "missed a hit"),
        Some(h) => {
            let toi = f64::from(h.toi);
            prove(toi, "late");
            if h.status != CastStatus::OutOfIterations {
                let (_, upper, _) = pair.signed(toi);
                assert!(
                    upper <= delta + tol,
                    "sat-core cast_nonlinear: farther than δ + tol at {toi:e} ({upper:e})\n  case: {}",
                    describe()
                );
            }
            check_witnesses(&h, &describe);
        }
    }
    if !decided {
        UNDECIDED.fetch_add(1, Ordering::Relaxed);
    }
    // parry (no target distance in its rotating cast), on horizons it finishes in reasonable time.
    if case.target_distance == 0.0 && case.max_toi <= PEER_NONLINEAR_MAX_TOI {
        peer_nonlinear(&pair, &a, &ma, &b, &mb, case.max_toi, scale, &describe);
    }
    Report {
        accepted: true,
        intersects: Some(hit.is_some()),
        adjudicated: decided,
        ..Report::default()
    }
}

/// The longest `max_toi` parry's rotating cast is run on as a peer. Its loop advances by at
/// least its absolute tolerance (`gjk::eps_tol()`, about `1.2e-5`) a step before it gives up, so
/// its cost grows with `max_toi`: a raw `max_toi` of `1e6` or more keeps it busy for minutes (a
/// peer finding of its own, docs/findings.md §9, and a libFuzzer timeout if it were run).
const PEER_NONLINEAR_MAX_TOI: f32 = 16.0;

/// parry's `cast_shapes_nonlinear` on the case, judged by the checker's proofs at
/// `PEER_K·ε·S'`.
#[allow(clippy::too_many_arguments)]
fn peer_nonlinear(
    pair: &Tumbling,
    a: &Obb3,
    ma: &Motion3,
    b: &Obb3,
    mb: &Motion3,
    max_toi: f32,
    scale: f64,
    describe: &dyn Fn() -> String,
) {
    let motion = |o: &Obb3, m: &Motion3| {
        let p = ParryBox3::from_obb(o);
        let local = p.pose.inverse_transform_point(m.pivot);
        (
            NonlinearRigidMotion::new(p.pose, local, m.linvel, m.angvel),
            p.cuboid,
        )
    };
    let ((pa, ga), (pb, gb)) = (motion(a, ma), motion(b, mb));
    let parry =
        catch_peer(|| query3::cast_shapes_nonlinear(&pa, &ga, &pb, &gb, 0.0, max_toi, true));
    let tol = PEER_K * f64::from(EPS) * scale;
    match parry {
        Err(panic) => record(2, Kind::Panic, 0.0, &panic.to_string(), describe),
        Ok(Err(_)) => record(2, Kind::Panic, 0.0, "Unsupported for cuboids", describe),
        Ok(Ok(answer)) => {
            let toi = answer.map(|h| f64::from(h.time_of_impact));
            let end = toi.unwrap_or(f64::from(max_toi));
            if let Proof::Violated(t) = pair.prove(0.0, end, -tol, 1e-3 * tol) {
                let what = format!("toi {toi:?}: the boxes overlap by more than tol at {t:e}");
                record(
                    2,
                    Kind::Late,
                    (end - t) * pair.speed / scale,
                    &what,
                    describe,
                );
            }
            if let Some(t) = toi {
                let (lower, _, _) = pair.signed(t);
                if lower > tol {
                    let what = format!("toi {t:e}: the boxes are {lower:e} apart there");
                    record(2, Kind::Early, lower / scale, &what, describe);
                }
            }
        }
    }
}
