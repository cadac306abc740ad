//! The casts against the exact oracle (`sat_core::exact::toi3`, `swept_distance_squared3` and
//! their 2D twins), on random pairs and on the regimes where casts go wrong: sliding along a
//! face, near-parallel and grazing approaches, edges closing on edges, zero and tiny relative
//! velocity, boxes overlapping at time 0, a target distance met at a corner or an edge, tiny
//! boxes and zero extents, boxes far from the origin, magnitudes at `MAX_MAGNITUDE`.
//!
//! Every answer is held to the promise of [`sat_core::cast`], for the boxes as stored:
//! * "no hit" is exact (the exact time of impact is `None`; with a target distance, the exact
//!   squared distance over the whole time range exceeds `δ²`);
//! * a hit is never late (`toi ≤` the exact time of impact; with a target distance, the exact
//!   distance over `[0, toi]` is at least `δ`);
//! * a hit is early by at most the tolerance: the pair with every half-extent grown by
//!   `CAST_K·ε·S'/2` meets by `toi` (target distance `0`), or the exact distance at `toi` is at
//!   most `δ + CAST_DISTANCE_K·ε·S'`.

use glam::{DVec2, DVec3, Quat, Vec2, Vec3};
use sat_core::cast::{
    CAST_DISTANCE_K, CAST_DISTANCE_K_F64, CAST_K, CAST_K_F64, CastError, CastOptions, CastStatus,
    Motion2, Motion3,
};
use sat_core::exact::{
    BigRational, ExactBox2, ExactBox3, swept_distance_squared2, swept_distance_squared3, toi2, toi3,
};
use sat_core::tolerance::{EPS, EPS_F64, MAX_MAGNITUDE};
use sat_core::{DObb2, DObb3, Feature, Obb2, Obb3};

use crate::rng::Rng;

fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).expect("finite")
}

/// A cast's input in f64 (exact copies of either precision's numbers) and what it gave.
struct Case<const N: usize> {
    va: [f64; N],
    vb: [f64; N],
    max_toi: f64,
    delta: f64,
    /// `|c_B − c_A|`, `|e_A| + |e_B|`.
    offset: f64,
    sizes: f64,
    /// `(toi, status)`, or `None` for no hit.
    answer: Option<(f64, CastStatus)>,
}

impl<const N: usize> Case<N> {
    /// `S' = |d| + min(max_toi·|v|, reach) + |e_A| + |e_B| + δ` (in f64, within a few ulps).
    fn scale(&self) -> f64 {
        let v: f64 = (0..N)
            .map(|k| (self.vb[k] - self.va[k]).powi(2))
            .sum::<f64>()
            .sqrt();
        let reach = self.offset + self.sizes + self.delta;
        let travel = (self.max_toi * v).min(reach * 1.000_01);
        (self.offset + travel + self.sizes + self.delta) * 1.000_01
    }

    /// A time after which no contact begins (for "no hit" with `max_toi = ∞`).
    fn horizon(&self) -> f64 {
        let v: f64 = (0..N)
            .map(|k| (self.vb[k] - self.va[k]).powi(2))
            .sum::<f64>()
            .sqrt();
        if v == 0.0 {
            return 0.0;
        }
        self.max_toi
            .min(2.0 * (self.offset + self.sizes + self.delta) / v)
    }
}

/// What the casts answered.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    hits: usize,
    penetrating: usize,
    out_of_iterations: usize,
}

/// The exact oracle of one dimension, for [`judge`].
trait Exact<const N: usize> {
    fn toi(&self, case: &Case<N>, grow: f64) -> Option<BigRational>;
    fn swept(&self, case: &Case<N>, from: f64, to: f64) -> BigRational;
}

struct Exact3(ExactBox3, ExactBox3);
struct Exact2(ExactBox2, ExactBox2);

impl Exact<3> for Exact3 {
    fn toi(&self, c: &Case<3>, grow: f64) -> Option<BigRational> {
        toi3(&self.0, c.va, &self.1, c.vb, c.max_toi, grow).map(|t| t.toi)
    }
    fn swept(&self, c: &Case<3>, from: f64, to: f64) -> BigRational {
        swept_distance_squared3(&self.0, c.va, &self.1, c.vb, &rational(from), &rational(to))
    }
}

impl Exact<2> for Exact2 {
    fn toi(&self, c: &Case<2>, grow: f64) -> Option<BigRational> {
        toi2(&self.0, c.va, &self.1, c.vb, c.max_toi, grow).map(|t| t.toi)
    }
    fn swept(&self, c: &Case<2>, from: f64, to: f64) -> BigRational {
        swept_distance_squared2(&self.0, c.va, &self.1, c.vb, &rational(from), &rational(to))
    }
}

/// Panics unless `case.answer` keeps the promise (module docs) with `eps` and the precision's
/// `k` (margin, target distance `0`) and `k_distance`.
fn judge<const N: usize>(
    case: &Case<N>,
    exact: &impl Exact<N>,
    [eps, k, k_distance]: [f64; 3],
    tally: &mut Tally,
    describe: &dyn Fn() -> String,
) {
    tally.cases += 1;
    let scale = case.scale();
    if case.delta == 0.0 {
        let truth = exact.toi(case, 0.0);
        let Some((toi, status)) = case.answer else {
            assert!(truth.is_none(), "missed a hit at {truth:?}: {}", describe());
            return;
        };
        tally.hits += 1;
        if let Some(t) = &truth {
            assert!(rational(toi) <= *t, "late: {toi} > {t}: {}", describe());
        }
        let grow = 0.5 * k * eps * scale * (1.0 + 1e-6);
        let grown = exact.toi(case, grow);
        let grown =
            grown.unwrap_or_else(|| panic!("no hit even grown by {grow:e}: {}", describe()));
        assert!(
            grown <= rational(toi),
            "early beyond the band: {}",
            describe()
        );
        check_status(toi, status, tally, describe);
        return;
    }
    let delta2 = rational(case.delta) * rational(case.delta);
    let Some((toi, status)) = case.answer else {
        let end = case.horizon();
        assert!(
            exact.swept(case, 0.0, end) > delta2,
            "missed a hit: {}",
            describe()
        );
        return;
    };
    tally.hits += 1;
    // (Never late: closer than δ only from `toi` on; at `toi = 0` there is nothing before.)
    assert!(
        toi == 0.0 || exact.swept(case, 0.0, toi) >= delta2,
        "late: {}",
        describe()
    );
    if status == CastStatus::OutOfIterations {
        tally.out_of_iterations += 1;
        return;
    }
    let reach = rational(case.delta + k_distance * eps * scale);
    let at = exact.swept(case, toi, toi);
    assert!(
        at <= &reach * &reach,
        "early beyond the tolerance: {}",
        describe()
    );
    check_status(toi, status, tally, describe);
}

fn check_status(toi: f64, status: CastStatus, tally: &mut Tally, describe: &dyn Fn() -> String) {
    match status {
        CastStatus::Penetrating => {
            tally.penetrating += 1;
            assert_eq!(toi, 0.0, "{}", describe());
        }
        CastStatus::Hit => assert!(toi > 0.0, "{}", describe()),
        CastStatus::OutOfIterations => tally.out_of_iterations += 1,
    }
}

const F32: [f64; 3] = [EPS as f64, CAST_K as f64, CAST_DISTANCE_K as f64];
const F64: [f64; 3] = [EPS_F64, CAST_K_F64, CAST_DISTANCE_K_F64];

/// One 3D cast in f32, judged.
fn cast3(a: &Obb3, va: Vec3, b: &Obb3, vb: Vec3, options: CastOptions<f32>, tally: &mut Tally) {
    let hit = a.cast(va, b, vb, options).expect("valid input");
    let case = Case {
        va: va.as_dvec3().to_array(),
        vb: vb.as_dvec3().to_array(),
        max_toi: f64::from(options.max_toi.min(f32::MAX)),
        delta: f64::from(options.target_distance),
        offset: (b.center() - a.center()).as_dvec3().length(),
        sizes: a.half_extents().as_dvec3().length() + b.half_extents().as_dvec3().length(),
        answer: hit.map(|h| (f64::from(h.toi), h.status)),
    };
    let exact = Exact3(ExactBox3::from(a), ExactBox3::from(b));
    let describe = || format!("{a:?} {va} {b:?} {vb} {options:?} -> {hit:?}");
    judge(&case, &exact, F32, tally, &describe);
    if let Some(h) = hit {
        check_hit3(
            &h.normal.as_dvec3(),
            h.a.as_dvec3(),
            h.b.as_dvec3(),
            &describe,
        );
    }
}

/// The largest f32 not above the exact time (an f32 is an f64, so the largest one not above
/// the largest f64 not above it).
fn f32_down(exact: &sat_core::exact::ExactToi) -> f32 {
    let x = exact.toi_down();
    let y = x as f32;
    if f64::from(y) > x { y.next_down() } else { y }
}

/// `cast_certified` against the exact time of impact rounded down and the exact status.
fn certified3(a: &Obb3, va: Vec3, b: &Obb3, vb: Vec3, max_toi: f32) {
    let got = a.cast_certified(va, b, vb, max_toi).expect("valid input");
    let (ea, eb) = (ExactBox3::from(a), ExactBox3::from(b));
    let (va64, vb64) = (va.as_dvec3().to_array(), vb.as_dvec3().to_array());
    let exact = toi3(&ea, va64, &eb, vb64, f64::from(max_toi.min(f32::MAX)), 0.0);
    let expected = exact.map(|e| (f32_down(&e), e.penetrating));
    let got_key = got.map(|h| (h.toi, h.status == CastStatus::Penetrating));
    assert_eq!(got_key, expected, "{a:?} {va} {b:?} {vb} {max_toi}");
}

/// [`certified3`] in f64.
fn certified3_f64(a: &DObb3, va: DVec3, b: &DObb3, vb: DVec3, max_toi: f64) {
    let got = a.cast_certified(va, b, vb, max_toi).expect("valid input");
    let exact = toi3(
        &ExactBox3::from(a),
        va.to_array(),
        &ExactBox3::from(b),
        vb.to_array(),
        max_toi,
        0.0,
    );
    let expected = exact.map(|e| (e.toi_down(), e.penetrating));
    let got_key = got.map(|h| (h.toi, h.status == CastStatus::Penetrating));
    assert_eq!(got_key, expected, "{a:?} {va} {b:?} {vb} {max_toi}");
}

/// [`certified3`] in 2D.
fn certified2(a: &Obb2, va: Vec2, b: &Obb2, vb: Vec2, max_toi: f32) {
    let got = a.cast_certified(va, b, vb, max_toi).expect("valid input");
    let (ea, eb) = (ExactBox2::from(a), ExactBox2::from(b));
    let (va64, vb64) = (va.as_dvec2().to_array(), vb.as_dvec2().to_array());
    let exact = toi2(&ea, va64, &eb, vb64, f64::from(max_toi.min(f32::MAX)), 0.0);
    let expected = exact.map(|e| (f32_down(&e), e.penetrating));
    let got_key = got.map(|h| (h.toi, h.status == CastStatus::Penetrating));
    assert_eq!(got_key, expected, "{a:?} {va} {b:?} {vb} {max_toi}");
}

/// One 3D cast in f64, judged.
fn cast3_f64(
    a: &DObb3,
    va: DVec3,
    b: &DObb3,
    vb: DVec3,
    options: CastOptions<f64>,
    tally: &mut Tally,
) {
    let hit = a.cast(va, b, vb, options).expect("valid input");
    let case = Case {
        va: va.to_array(),
        vb: vb.to_array(),
        max_toi: options.max_toi,
        delta: options.target_distance,
        offset: (b.center() - a.center()).length(),
        sizes: a.half_extents().length() + b.half_extents().length(),
        answer: hit.map(|h| (h.toi, h.status)),
    };
    let exact = Exact3(ExactBox3::from(a), ExactBox3::from(b));
    let describe = || format!("{a:?} {va} {b:?} {vb} {options:?} -> {hit:?}");
    judge(&case, &exact, F64, tally, &describe);
    if let Some(h) = hit {
        check_hit3(&h.normal, h.a, h.b, &describe);
    }
}

/// One 2D cast in f32, judged.
fn cast2(a: &Obb2, va: Vec2, b: &Obb2, vb: Vec2, options: CastOptions<f32>, tally: &mut Tally) {
    let hit = a.cast(va, b, vb, options).expect("valid input");
    let case = Case {
        va: va.as_dvec2().to_array(),
        vb: vb.as_dvec2().to_array(),
        max_toi: f64::from(options.max_toi.min(f32::MAX)),
        delta: f64::from(options.target_distance),
        offset: (b.center() - a.center()).as_dvec2().length(),
        sizes: a.half_extents().as_dvec2().length() + b.half_extents().as_dvec2().length(),
        answer: hit.map(|h| (f64::from(h.toi), h.status)),
    };
    let exact = Exact2(ExactBox2::from(a), ExactBox2::from(b));
    let describe = || format!("{a:?} {va} {b:?} {vb} {options:?} -> {hit:?}");
    judge(&case, &exact, F32, tally, &describe);
    if let Some(h) = hit {
        let n = h.normal.as_dvec2().length();
        assert!(
            (n - 1.0).abs() < 1e-5,
            "normal {:?}: {}",
            h.normal,
            describe()
        );
    }
}

/// One 2D cast in f64, judged.
fn cast2_f64(
    a: &DObb2,
    va: DVec2,
    b: &DObb2,
    vb: DVec2,
    options: CastOptions<f64>,
    tally: &mut Tally,
) {
    let hit = a.cast(va, b, vb, options).expect("valid input");
    let case = Case {
        va: va.to_array(),
        vb: vb.to_array(),
        max_toi: options.max_toi,
        delta: options.target_distance,
        offset: (b.center() - a.center()).length(),
        sizes: a.half_extents().length() + b.half_extents().length(),
        answer: hit.map(|h| (h.toi, h.status)),
    };
    let exact = Exact2(ExactBox2::from(a), ExactBox2::from(b));
    let describe = || format!("{a:?} {va} {b:?} {vb} {options:?} -> {hit:?}");
    judge(&case, &exact, F64, tally, &describe);
}

/// The normal is a unit vector and the witnesses are finite.
fn check_hit3(normal: &DVec3, a: DVec3, b: DVec3, describe: &dyn Fn() -> String) {
    assert!(
        (normal.length() - 1.0).abs() < 1e-5,
        "normal {normal}: {}",
        describe()
    );
    assert!(a.is_finite() && b.is_finite(), "{}", describe());
}

/// A random rotation (not normalised; the constructors normalise it).
fn rotation(rng: &mut Rng) -> Quat {
    loop {
        let q = Quat::from_array(rng.array(-1.0, 1.0));
        if q.length_squared() > 0.05 {
            return q;
        }
    }
}

/// A box as its constructor takes it, so that both precisions build it from the same numbers.
#[derive(Debug, Clone, Copy)]
struct Made {
    center: Vec3,
    half: Vec3,
    rotation: Quat,
}

impl Made {
    fn f32(&self) -> Obb3 {
        Obb3::new(self.center, self.half, self.rotation)
    }

    fn f64(&self) -> DObb3 {
        DObb3::new(
            self.center.as_dvec3(),
            self.half.as_dvec3(),
            self.rotation.as_dquat(),
        )
    }
}

/// A 3D regime: A and B (B placed relative to A, as built in f32) and B's velocity relative to
/// A.
fn regime3(rng: &mut Rng, kind: usize) -> (Made, Made, Vec3) {
    let (a, b, v) = regime3_f32(rng, kind);
    let made = |o: &Obb3, q: Quat| Made {
        center: o.center(),
        half: o.half_extents(),
        rotation: q,
    };
    (made(&a.0, a.1), made(&b.0, b.1), v)
}

/// [`regime3`] with each box's quaternion beside it.
fn regime3_f32(rng: &mut Rng, kind: usize) -> ((Obb3, Quat), (Obb3, Quat), Vec3) {
    let size = rng.log(-3.0, 3.0);
    let extents = |rng: &mut Rng| Vec3::from_array(rng.array(0.1, 1.0)) * size;
    let qa = rotation(rng);
    let a = Obb3::new(Vec3::ZERO, extents(rng), qa);
    let with = |o: Obb3, q: Quat| (o, q);
    let axes = a.axes();
    let tilt = |rng: &mut Rng, q: Quat| {
        let axis = Vec3::from_array(rng.array(-1.0, 1.0)).normalize_or(Vec3::X);
        Quat::from_axis_angle(axis, rng.log(-7.0, -2.0)) * q
    };
    let speed = size * rng.log(-2.0, 1.0);
    match kind {
        // Anything, aimed roughly at A.
        0 => {
            let qb = rotation(rng);
            let b = Obb3::new(
                Vec3::from_array(rng.array(-4.0, 4.0)) * size,
                extents(rng),
                qb,
            );
            let aim = -b.center() + Vec3::from_array(rng.array(-1.0, 1.0)) * size;
            (with(a, qa), with(b, qb), aim.normalize_or(Vec3::X) * speed)
        }
        // Face-on, near-parallel faces, closing along the face normal (tilted).
        1 => {
            let eb = extents(rng);
            let i = rng.below(3);
            let normal = axes.col(i);
            let offset = normal * (a.half_extents()[i] + eb[i] + size * rng.range::<f32>(0.1, 3.0));
            let qb = tilt(rng, qa);
            let b = Obb3::new(offset, eb, qb);
            let lateral = axes.col((i + 1) % 3) * rng.range::<f32>(-1.0, 1.0);
            (
                with(a, qa),
                with(b, qb),
                (-normal + lateral * 0.3).normalize() * speed,
            )
        }
        // Sliding along a face at a gap of a few ulps to a few bands, parallel or grazing.
        2 => {
            let eb = extents(rng);
            let i = rng.below(3);
            let normal = axes.col(i);
            let gap = size * [0.0, 1e-7, -1e-7, 1e-5, 1e-3][rng.below(5)];
            let along = axes.col((i + 1) % 3);
            let offset = normal * (a.half_extents()[i] + eb[i] + gap) + along * (size * 3.0);
            let qb = if rng.below(2) == 0 { qa } else { tilt(rng, qa) };
            let b = Obb3::new(offset, eb, qb);
            let graze = [0.0, 1e-6, -1e-4, 1e-2][rng.below(4)];
            (
                with(a, qa),
                with(b, qb),
                (-along + normal * graze).normalize() * speed,
            )
        }
        // Edge across edge, closing along their common normal (nearly parallel sometimes).
        3 => {
            let eb = extents(rng);
            let qb = if rng.below(2) == 0 {
                rotation(rng)
            } else {
                tilt(rng, qa)
            };
            let b0 = Obb3::new(Vec3::ZERO, eb, qb);
            let (i, k) = (rng.below(3), rng.below(3));
            let ell = axes.col(i).cross(b0.axes().col(k));
            let n = ell.normalize_or(axes.col((i + 1) % 3));
            let offset = n * (a.half_extents().length() + eb.length() + size);
            let b = Obb3::new(offset, eb, qb);
            (with(a, qa), with(b, qb), -n * speed)
        }
        // Zero or tiny relative velocity, overlapping or apart.
        _ => {
            let qb = rotation(rng);
            let b = Obb3::new(
                Vec3::from_array(rng.array(-2.0, 2.0)) * size,
                extents(rng),
                qb,
            );
            let v = [0.0, 1e-6, 1e-3][rng.below(3)];
            (
                with(a, qa),
                with(b, qb),
                Vec3::from_array(rng.array(-1.0, 1.0)) * (size * v),
            )
        }
    }
}

/// Every regime, both velocity splits, with and without a target distance, in f32 and f64.
#[test]
fn casts_keep_the_promise_3d() {
    let mut rng = Rng::new(0xca57_0003);
    let (mut t32, mut t64) = (Tally::default(), Tally::default());
    for n in 0..6_000 {
        let (ma, mb, v) = regime3(&mut rng, n % 5);
        let far = if rng.below(4) == 0 {
            Vec3::from_array(rng.array(-1e4, 1e4))
        } else {
            Vec3::ZERO
        };
        let moved = |m: Made| Made {
            center: m.center + far,
            ..m
        };
        let (ma, mb) = (moved(ma), moved(mb));
        let (a, b) = (ma.f32(), mb.f32());
        let va = if rng.below(2) == 0 {
            Vec3::ZERO
        } else {
            Vec3::from_array(rng.array(-3.0, 3.0))
        };
        let vb = va + v;
        let max_toi = [f32::INFINITY, 2.0, 0.5][rng.below(3)] * 5.0;
        let delta = if rng.below(3) == 0 {
            a.half_extents().length() * rng.log(-4.0, 0.0)
        } else {
            0.0
        };
        let options = CastOptions::new(max_toi).with_target_distance(delta);
        cast3(&a, va, &b, vb, options, &mut t32);
        let (da, db) = (ma.f64(), mb.f64());
        let options = CastOptions::new(f64::from(max_toi)).with_target_distance(f64::from(delta));
        cast3_f64(&da, va.as_dvec3(), &db, vb.as_dvec3(), options, &mut t64);
        if delta == 0.0 {
            certified3(&a, va, &b, vb, max_toi);
            if n % 8 == 0 {
                certified3_f64(&da, va.as_dvec3(), &db, vb.as_dvec3(), f64::from(max_toi));
            }
        }
    }
    println!("f32: {t32:?}\nf64: {t64:?}");
    assert!(t32.hits > 1500 && t32.penetrating > 50, "{t32:?}");
    assert_eq!(t32.out_of_iterations + t64.out_of_iterations, 0);
}

#[test]
fn casts_keep_the_promise_2d() {
    let mut rng = Rng::new(0xca57_0002);
    let (mut t32, mut t64) = (Tally::default(), Tally::default());
    for n in 0..6_000 {
        let size = rng.log(-3.0, 3.0);
        let ea = Vec2::from_array(rng.array(0.1, 1.0)) * size;
        let eb = Vec2::from_array(rng.array(0.1, 1.0)) * size;
        let angle = rng.range::<f32>(0.0, 6.3);
        let a = Obb2::new(Vec2::ZERO, ea, angle);
        let speed = size * rng.log(-2.0, 1.0);
        let (b, v) = match n % 3 {
            0 => {
                let b = Obb2::new(
                    Vec2::from_array(rng.array(-4.0, 4.0)) * size,
                    eb,
                    rng.range(0.0, 6.3),
                );
                (b, (-b.center()).normalize_or(Vec2::X) * speed)
            }
            1 => {
                // Sliding along A's face x, at a gap of 0, ±ulps or more, grazing or parallel.
                let (x, y) = (a.axes().x_axis, a.axes().y_axis);
                let gap = size * [0.0, 1e-7, -1e-7, 1e-3][rng.below(4)];
                let turn = angle + [0.0, 1e-6, 1e-3][rng.below(3)];
                let b = Obb2::new(y * (ea.y + eb.y + gap) + x * (3.0 * size), eb, turn);
                let graze = [0.0, 1e-6, -1e-3][rng.below(3)];
                (b, (-x + y * graze).normalize() * speed)
            }
            _ => {
                let b = Obb2::new(
                    Vec2::from_array(rng.array(-2.0, 2.0)) * size,
                    eb,
                    rng.range(0.0, 6.3),
                );
                (
                    b,
                    Vec2::from_array(rng.array(-1.0, 1.0)) * size * [0.0, 1e-6][rng.below(2)],
                )
            }
        };
        let va = if rng.below(2) == 0 {
            Vec2::ZERO
        } else {
            Vec2::from_array(rng.array(-3.0, 3.0))
        };
        let max_toi = [f32::INFINITY, 10.0][rng.below(2)];
        let delta = if rng.below(3) == 0 {
            size * rng.log(-4.0, 0.0)
        } else {
            0.0
        };
        let options = CastOptions::new(max_toi).with_target_distance(delta);
        cast2(&a, va, &b, va + v, options, &mut t32);
        if delta == 0.0 {
            certified2(&a, va, &b, va + v, max_toi);
        }
        // The same rectangles in f64: centres, extents and angles as built.
        let angle_of = |o: &Obb2| f64::from(o.axes().x_axis.y).atan2(f64::from(o.axes().x_axis.x));
        let d = |o: &Obb2| {
            DObb2::new(
                o.center().as_dvec2(),
                o.half_extents().as_dvec2(),
                angle_of(o),
            )
        };
        let options = CastOptions::new(f64::from(max_toi)).with_target_distance(f64::from(delta));
        cast2_f64(
            &d(&a),
            va.as_dvec2(),
            &d(&b),
            (va + v).as_dvec2(),
            options,
            &mut t64,
        );
    }
    println!("f32: {t32:?}\nf64: {t64:?}");
    assert!(t32.hits > 1500, "{t32:?}");
    assert_eq!(t32.out_of_iterations + t64.out_of_iterations, 0);
}

fn unit_cube(center: Vec3) -> Obb3 {
    Obb3::new(center, Vec3::ONE, Quat::IDENTITY)
}

/// The degenerate cases one by one, with the answers they must give.
#[test]
fn degenerate_casts() {
    let a = unit_cube(Vec3::ZERO);
    let options = CastOptions::new(f32::INFINITY);
    // Zero relative velocity: apart is no hit, overlapping is penetrating at 0.
    let apart = unit_cube(Vec3::new(3.0, 0.0, 0.0));
    let v = Vec3::new(1.0, 2.0, 3.0);
    assert!(a.cast(v, &apart, v, options).unwrap().is_none());
    let overlapping = unit_cube(Vec3::new(1.5, 0.5, 0.0));
    let hit = a.cast(v, &overlapping, v, options).unwrap().unwrap();
    assert_eq!((hit.toi, hit.status), (0.0, CastStatus::Penetrating));
    assert_eq!(hit.normal, Vec3::X);
    // Sliding along A's top face, touching: penetrating (touching counts) at 0, all along.
    let resting = unit_cube(Vec3::new(4.0, 2.0, 0.0));
    let slide = Vec3::new(-1.0, 0.0, 0.0);
    let hit = a
        .cast(Vec3::ZERO, &resting, slide, options)
        .unwrap()
        .unwrap();
    assert_eq!(hit.status, CastStatus::Hit);
    assert!(hit.toi <= 2.0 && hit.toi > 2.0 - 1e-4, "{hit:?}");
    // One f32 ulp above the face: never (exact "no hit"), even though the band would allow it.
    let above = unit_cube(Vec3::new(4.0, 2.0 + 2.0 * f32::EPSILON * 2.0, 0.0));
    let near = a.cast(Vec3::ZERO, &above, slide, options).unwrap();
    if let Some(h) = near {
        assert!(h.toi <= 2.0, "{h:?}"); // in band: allowed, but never late
    }
    // Well above: no hit.
    let high = unit_cube(Vec3::new(4.0, 2.001, 0.0));
    assert!(a.cast(Vec3::ZERO, &high, slide, options).unwrap().is_none());
    // Moving away while overlapping: penetrating at 0 (the caller decides about separating).
    let hit = a
        .cast(Vec3::ZERO, &overlapping, Vec3::X, options)
        .unwrap()
        .unwrap();
    assert_eq!(hit.status, CastStatus::Penetrating);
    // max_toi 0: only what overlaps at 0.
    let zero = CastOptions::new(0.0);
    assert!(
        a.cast(Vec3::ZERO, &apart, -Vec3::X, zero)
            .unwrap()
            .is_none()
    );
    // A point (zero extents) falling onto a face.
    let point = Obb3::new(Vec3::new(0.25, 5.0, -0.5), Vec3::ZERO, Quat::IDENTITY);
    let hit = a
        .cast(Vec3::ZERO, &point, Vec3::new(0.0, -2.0, 0.0), options)
        .unwrap()
        .unwrap();
    assert!(hit.toi <= 2.0 && hit.toi > 2.0 - 1e-4, "{hit:?}");
    assert_eq!(hit.feature, Feature::FaceA(1));
    assert!(
        (hit.b - Vec3::new(0.25, 1.0, -0.5)).length() < 1e-4,
        "{hit:?}"
    );
}

/// A target distance is a rounded box: corner to corner, the boxes come within `δ` later than
/// a box grown by `δ` would say.
#[test]
fn target_distance_is_rounded_at_corners() {
    let a = unit_cube(Vec3::ZERO);
    // B's corner (−1, −1, −1) + c travels along the diagonal towards A's corner (1, 1, 1).
    let b = unit_cube(Vec3::splat(5.0));
    let v = Vec3::splat(-1.0);
    let delta = 0.5;
    let options = CastOptions::new(10.0).with_target_distance(delta);
    let hit = a.cast(Vec3::ZERO, &b, v, options).unwrap().unwrap();
    // Corner gap 3·(3 − τ)... the corners are √3·(3 − τ) apart: δ at τ = 3 − δ/√3.
    let exact = 3.0 - delta / 3f32.sqrt();
    assert!(
        hit.toi <= exact && hit.toi > exact - 1e-4,
        "{hit:?} vs {exact}"
    );
    assert!(((hit.b - hit.a).length() - delta).abs() < 1e-4, "{hit:?}");
    assert!(
        (hit.normal - Vec3::splat(1.0 / 3f32.sqrt())).length() < 1e-4,
        "{hit:?}"
    );
    // Face to face it is the grown box: 5 − 2 − δ = 2.5 at speed 1.
    let c = unit_cube(Vec3::new(5.0, 0.0, 0.0));
    let hit = a.cast(Vec3::ZERO, &c, -Vec3::X, options).unwrap().unwrap();
    assert!(hit.toi <= 2.5 && hit.toi > 2.5 - 1e-4, "{hit:?}");
    // Edge to edge (B's edge along z, closing along x = y): √2·(gap) = δ.
    let d = unit_cube(Vec3::new(4.0, 4.0, 0.3));
    let hit = a
        .cast(Vec3::ZERO, &d, Vec3::new(-1.0, -1.0, 0.0), options)
        .unwrap()
        .unwrap();
    let exact = 2.0 - delta / 2f32.sqrt();
    assert!(
        hit.toi <= exact && hit.toi > exact - 1e-4,
        "{hit:?} vs {exact}"
    );
    // Passing a corner diagonally at 0.6 > δ: no hit; at 0.4 < δ: a hit.
    let passing = |gap: f32| {
        let b = unit_cube(Vec3::new(
            6.0,
            2.0 + gap / 2f32.sqrt(),
            2.0 + gap / 2f32.sqrt(),
        ));
        a.cast(Vec3::ZERO, &b, -Vec3::X, options).unwrap()
    };
    assert!(passing(0.6).is_none());
    assert!(passing(0.4).is_some());
}

/// Near-parallel edges closing: the edge axes scale with `|ℓ|`, the answer stays within the band.
#[test]
fn near_parallel_edges() {
    let mut tally = Tally::default();
    for tilt in [0.0f32, 1e-9, 1e-7, 1e-5, 1e-3] {
        let a = Obb3::new(
            Vec3::ZERO,
            Vec3::new(1.0, 0.5, 2.0),
            Quat::from_rotation_z(0.785),
        );
        let q = Quat::from_rotation_x(tilt) * Quat::from_rotation_z(0.785);
        let b = Obb3::new(Vec3::new(3.0, 0.0, 0.1), Vec3::new(1.0, 0.5, 2.0), q);
        cast3(
            &a,
            Vec3::ZERO,
            &b,
            Vec3::new(-1.0, 0.0, 0.0),
            CastOptions::new(5.0),
            &mut tally,
        );
        cast3(
            &a,
            Vec3::ZERO,
            &b,
            Vec3::new(-1.0, 1e-4, 0.0),
            CastOptions::new(5.0),
            &mut tally,
        );
    }
    assert_eq!(tally.hits, tally.cases, "{tally:?}");
}

/// At the edges of what the checked constructors accept: magnitudes up to `MAX_MAGNITUDE`,
/// tiny boxes, zero extents, an infinite `max_toi`.
#[test]
fn extreme_magnitudes() {
    let mut tally = Tally::default();
    let big = MAX_MAGNITUDE / 4.0;
    let huge = Obb3::try_new(Vec3::new(big, -big, 0.0), Vec3::splat(big), Quat::IDENTITY).unwrap();
    let other = Obb3::try_new(
        Vec3::new(big * 3.5, -big, 0.0),
        Vec3::splat(big),
        Quat::from_rotation_z(0.3),
    )
    .unwrap();
    let fast = Vec3::new(-MAX_MAGNITUDE, 0.0, 0.0);
    cast3(
        &huge,
        Vec3::ZERO,
        &other,
        fast,
        CastOptions::new(f32::INFINITY),
        &mut tally,
    );
    cast3(
        &huge,
        fast,
        &other,
        Vec3::ZERO,
        CastOptions::new(f32::INFINITY),
        &mut tally,
    );
    let tiny = 2f32.powi(-58);
    let t = Obb3::try_new(Vec3::ZERO, Vec3::splat(tiny), Quat::from_rotation_y(0.2)).unwrap();
    let u = Obb3::try_new(
        Vec3::new(tiny * 5.0, tiny, 0.0),
        Vec3::splat(tiny),
        Quat::IDENTITY,
    )
    .unwrap();
    cast3(
        &t,
        Vec3::ZERO,
        &u,
        Vec3::new(-tiny, 0.0, 0.0),
        CastOptions::new(f32::INFINITY),
        &mut tally,
    );
    cast3(
        &t,
        Vec3::ZERO,
        &u,
        Vec3::new(-1.0, 0.0, 0.0),
        CastOptions::new(1.0),
        &mut tally,
    );
    let flat = Obb3::try_new(Vec3::ZERO, Vec3::new(1.0, 0.0, 1.0), Quat::IDENTITY).unwrap();
    let rod = Obb3::try_new(
        Vec3::new(0.0, 3.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Quat::IDENTITY,
    )
    .unwrap();
    cast3(
        &flat,
        Vec3::ZERO,
        &rod,
        Vec3::new(0.0, -1.0, 0.0),
        CastOptions::new(f32::INFINITY),
        &mut tally,
    );
    assert!(tally.hits >= 4, "{tally:?}");
    // A relative speed of 2⁻⁸³ against boxes of 2⁶⁰: the horizon overflows f32. Sideways past
    // the box, never; straight at it, after 2¹⁴⁴: later than any f32 time, so no hit either.
    let slow = (
        Vec3::X * 2f32.powi(-60),
        Vec3::X * (2f32.powi(-60) + 2f32.powi(-83)),
    );
    let huge = Obb3::try_new(Vec3::ZERO, Vec3::splat(big), Quat::IDENTITY).unwrap();
    let beside = Obb3::try_new(
        Vec3::new(0.0, 3.0 * big, 0.0),
        Vec3::splat(big),
        Quat::IDENTITY,
    )
    .unwrap();
    let infinite = CastOptions::new(f32::INFINITY);
    cast3(&huge, slow.0, &beside, slow.1, infinite, &mut tally);
    assert!(
        huge.cast(slow.0, &beside, slow.1, infinite)
            .unwrap()
            .is_none()
    );
    let behind = Obb3::try_new(
        Vec3::new(-3.0 * big, 0.0, 0.0),
        Vec3::splat(big),
        Quat::IDENTITY,
    )
    .unwrap();
    assert!(
        huge.cast(slow.0, &behind, slow.1, infinite)
            .unwrap()
            .is_none()
    );
    cast3(&huge, slow.0, &behind, slow.1, infinite, &mut tally);
    // Far from the origin, a millimetre apart.
    let far = Vec3::new(1.0e6, -3.0e5, 2.0e5);
    let a = Obb3::try_new(far, Vec3::splat(0.5), Quat::IDENTITY).unwrap();
    let b = Obb3::try_new(
        far + Vec3::new(1.0625, 0.0, 0.0),
        Vec3::splat(0.5),
        Quat::IDENTITY,
    )
    .unwrap();
    cast3(
        &a,
        Vec3::ZERO,
        &b,
        Vec3::new(-0.5, 0.0, 0.0),
        CastOptions::new(1.0),
        &mut tally,
    );
}

/// Bad input is a typed error, never a panic, at every entry point.
#[test]
fn bad_input_is_an_error() {
    let a = unit_cube(Vec3::ZERO);
    let b = unit_cube(Vec3::new(3.0, 0.0, 0.0));
    let ok = CastOptions::new(1.0);
    let cast = |va: Vec3, vb: Vec3, o: CastOptions<f32>| a.cast(va, &b, vb, o).unwrap_err();
    let nan = Vec3::new(f32::NAN, 0.0, 0.0);
    assert_eq!(
        cast(nan, Vec3::ZERO, ok),
        CastError::NonFinite { what: "velocity" }
    );
    assert_eq!(
        cast(Vec3::ZERO, Vec3::Y * f32::INFINITY, ok),
        CastError::NonFinite { what: "velocity" }
    );
    assert!(matches!(
        cast(Vec3::X * 2.0 * MAX_MAGNITUDE, Vec3::ZERO, ok),
        CastError::TooLarge { .. }
    ));
    assert!(matches!(
        cast(Vec3::X * 1e-30, Vec3::ZERO, ok),
        CastError::TooSmall { .. }
    ));
    assert_eq!(
        cast(Vec3::ZERO, Vec3::ZERO, CastOptions::new(-1.0)),
        CastError::Negative {
            what: "max_toi",
            value: -1.0
        }
    );
    assert_eq!(
        cast(Vec3::ZERO, Vec3::ZERO, CastOptions::new(f32::NAN)),
        CastError::NonFinite { what: "max_toi" }
    );
    let negative = ok.with_target_distance(-0.5);
    assert!(matches!(
        cast(Vec3::ZERO, Vec3::ZERO, negative),
        CastError::Negative { .. }
    ));
    let nan_distance = ok.with_target_distance(f32::NAN);
    assert!(matches!(
        cast(Vec3::ZERO, Vec3::ZERO, nan_distance),
        CastError::NonFinite { .. }
    ));
    let inf_distance = ok.with_target_distance(f32::INFINITY);
    assert!(matches!(
        cast(Vec3::ZERO, Vec3::ZERO, inf_distance),
        CastError::NonFinite { .. }
    ));
    // -0.0 is zero, +∞ is a valid max_toi for a linear cast.
    assert!(
        a.cast(Vec3::ZERO, &b, -Vec3::X, CastOptions::new(-0.0))
            .is_ok()
    );
    assert!(
        a.cast(Vec3::ZERO, &b, -Vec3::X, CastOptions::new(f32::INFINITY))
            .is_ok()
    );
    // Rotating casts: max_toi must be finite, pivots and angular velocities checked.
    let still = Motion3 {
        pivot: Vec3::ZERO,
        linvel: Vec3::ZERO,
        angvel: Vec3::ZERO,
    };
    let spin = Motion3 {
        angvel: Vec3::new(0.0, f32::NAN, 0.0),
        ..still
    };
    assert_eq!(
        a.cast_nonlinear(&still, &b, &spin, ok).unwrap_err(),
        CastError::NonFinite {
            what: "angular velocity"
        }
    );
    assert_eq!(
        a.cast_nonlinear(&still, &b, &still, CastOptions::new(f32::INFINITY))
            .unwrap_err(),
        CastError::NonFinite { what: "max_toi" }
    );
    let far = Motion3 {
        pivot: Vec3::splat(1e30),
        ..still
    };
    assert!(matches!(
        a.cast_nonlinear(&far, &b, &still, ok),
        Err(CastError::TooLarge { .. })
    ));
    // 2D and f64 the same.
    let r = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
    assert!(
        r.cast(Vec2::new(f32::NAN, 0.0), &r, Vec2::ZERO, ok)
            .is_err()
    );
    let still2 = Motion2 {
        pivot: Vec2::ZERO,
        linvel: Vec2::ZERO,
        angvel: f32::INFINITY,
    };
    assert!(r.cast_nonlinear(&still2, &r, &still2, ok).is_err());
    let d = DObb3::new(DVec3::ZERO, DVec3::ONE, glam::DQuat::IDENTITY);
    assert!(
        d.cast(DVec3::ZERO, &d, DVec3::ZERO, CastOptions::new(-2.0))
            .is_err()
    );
    assert!(
        d.cast(DVec3::ZERO, &d, DVec3::ZERO, CastOptions::new(1.0))
            .is_ok()
    );
}

/// A fuzz finding (`fuzz/regressions/cast3/target-distance-edge-axis-1e-29-from-parallel`): at
/// rest, within a target distance of 0.001 (3.3e-5 apart), B's columns have entries of 1.7e-29
/// and 3.6e-38 (a quaternion with components up to 2e35), so an edge axis of A and B is 1.7e-29
/// from parallel. The ball's reach along it, `δ·|ℓ|`, was computed from `|ℓ|²`, which
/// underflowed to 0, and that axis "separated" the boxes by 5e-34: no hit.
#[test]
fn target_distance_on_an_edge_axis_near_parallel() {
    use glam::DQuat;
    let a = Obb3::try_enclosing(
        DVec3::new(
            7.288_377_761_840_82,
            -2.128_636_837_005_615,
            -4.316_086_292_266_846,
        ),
        DVec3::new(0.25, 0.485_389_500_856_399_54, 0.650_847_613_811_492_9),
        DQuat::from_array([1.0, -1.0, 1.0, 1.0]),
    )
    .unwrap();
    let b = Obb3::try_enclosing(
        DVec3::new(
            6.909_843_444_824_219,
            -2.998_150_825_500_488,
            -4.714_634_418_487_549,
        ),
        DVec3::new(
            0.337_065_696_716_308_6,
            0.354_750_901_460_647_6,
            0.148_515_373_468_399_05,
        ),
        DQuat::from_array([
            4.858_617_823_946_879e26,
            1.945_937_765_412_964e-5,
            2.282_425_306_962_774_5e35,
            -1_941_275.25,
        ]),
    )
    .unwrap();
    let v = Vec3::new(0.033_069_71, 0.108_417_25, 0.093_705_04);
    let options = CastOptions::new(2.1875).with_target_distance(0.001_002_504_7);
    let hit = a
        .cast(v, &b, v, options)
        .unwrap()
        .expect("3.3e-5 apart, within 0.001");
    assert_eq!((hit.toi, hit.status), (0.0, CastStatus::Penetrating));
    let mut tally = Tally::default();
    cast3(&a, v, &b, v, options, &mut tally);
}
