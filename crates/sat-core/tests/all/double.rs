//! `DObb2` and `DObb3` (sat-core in f64) against the exact big-integer verdicts: random pairs,
//! touching pairs (gaps of 0 and ±k ulps along face and edge-edge axes), near-parallel pairs,
//! huge angles, boxes from a millimetre to a kilometre, far from the origin, and every
//! constructor form. Each verdict is judged on the stored f64 boxes (and, where the input names
//! one, on the box as written): `intersects` may be wrong only within `BAND_K_F64·ε₆₄·S` and
//! never says "apart" for intersecting boxes; `intersects_certified` is always exact.

use std::f64::consts::{FRAC_PI_4, TAU};

use glam::{DAffine2, DAffine3, DMat2, DMat3, DQuat, DVec2, DVec3};
use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use sat_core::tolerance::{
    AXES_BAND_K_F64, AXES_TOLERANCE_F64, BAND_K_F64, Band, EPS_F64, PAD_K_F64, SEPARATION_K_F64,
};
use sat_core::{DObb2, DObb3, MAX_MAGNITUDE, MIN_MAGNITUDE, ObbError};

use crate::rng::Rng;

/// The unit axes.
const AXES: [DVec3; 3] = [DVec3::X, DVec3::Y, DVec3::Z];

/// Whether every entry of `difference` is below `tolerance` in magnitude (false for a NaN).
fn all_below(difference: &[f64], tolerance: f64) -> bool {
    difference.iter().all(|e| e.abs() < tolerance)
}

/// Half-extents of a box of about `size`: each `size·[0.1, 1)`.
fn extents(rng: &mut Rng, size: f64) -> DVec3 {
    DVec3::from_array(rng.array_f64(0.1, 1.0)) * size
}

/// A gap near zero: exactly 0, ±k ulps of `scale`, or ±a few bands.
fn near_zero(rng: &mut Rng, scale: f64) -> f64 {
    let ulp = EPS_F64 * scale;
    match (rng.range_f64(0.0, 6.0)) as u32 {
        0 => 0.0,
        1 => rng.sign::<f64>() * ulp,
        2 => rng.sign::<f64>() * ulp * [2.0, 4.0, 16.0, 64.0][rng.range_f64(0.0, 4.0) as usize],
        3 => rng.sign::<f64>() * Band::f64(scale).width() * rng.range_f64(0.5, 3.0),
        _ => rng.range_f64(-1e3, 1e3) * ulp,
    }
}

/// Tallies of one test: pairs judged, wrong verdicts (all inside the band) and the largest
/// `|margin|/(ε·S)` among them, pairs within `1e4` ulps of touching (so the test exercises the
/// band, not just easy pairs).
#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    wrong_in_band: usize,
    worst_wrong: f64,
    near_touching: usize,
}

impl Tally {
    /// Judges `verdict` (from `intersects`) against the exact verdict `v`, with band `band_k`.
    fn judge(&mut self, verdict: bool, v: &ExactVerdict, band_k: f64, what: &str) {
        self.pairs += 1;
        if v.margin.abs() < 1e4 * EPS_F64 * v.scale {
            self.near_touching += 1;
        }
        assert!(
            verdict || !v.intersects,
            "{what}: intersects says apart but the boxes intersect (margin {:e}, S {:e})",
            v.margin,
            v.scale
        );
        if verdict != v.intersects {
            assert!(
                v.margin.abs() <= band_k * EPS_F64 * v.scale,
                "{what}: wrong outside the band: margin {:e} = {:.1} ε·S",
                v.margin,
                v.margin / (EPS_F64 * v.scale)
            );
            self.wrong_in_band += 1;
            self.worst_wrong = self.worst_wrong.max(v.margin.abs() / (EPS_F64 * v.scale));
        }
    }
}

/// `separation().gap` against the exact margin, outside the band: overlapping, within
/// `(SEPARATION_K_F64 + PAD_K_F64)·ε·S` of it; apart, at least `margin/√3 − SEPARATION_K_F64·ε·S`
/// (a sliver edge axis may carry part of the margin; see `tolerance`).
fn check_separation(gap: f64, v: &ExactVerdict) {
    let eps_s = EPS_F64 * v.scale;
    if v.margin < -Band::f64(v.scale).width() {
        let error = (gap - v.margin).abs();
        assert!(
            error <= (SEPARATION_K_F64 + PAD_K_F64) * eps_s,
            "depth {gap:e} vs exact margin {:e}: {:.1} ε·S apart",
            v.margin,
            error / eps_s
        );
    } else if v.margin > Band::f64(v.scale).width() {
        assert!(
            gap >= v.margin / 3f64.sqrt() - SEPARATION_K_F64 * eps_s,
            "gap {gap:e} vs exact margin {:e}",
            v.margin
        );
    }
}

/// Judges `intersects` on the stored pair `(a, b)` both ways against its exact verdict `v`, and
/// holds `intersects_certified` both ways to it; `tests(x, y)` gives the two answers for `x`
/// against `y`, `what` names the dimension in messages.
fn judge_both_orders<B: std::fmt::Debug>(
    t: &mut Tally,
    v: &ExactVerdict,
    (a, b): (&B, &B),
    what: &str,
    tests: impl Fn(&B, &B) -> (bool, bool),
) {
    let ((verdict, certified), (verdict_swapped, certified_swapped)) = (tests(a, b), tests(b, a));
    t.judge(verdict, v, BAND_K_F64, &format!("{what} stored"));
    t.judge(
        verdict_swapped,
        v,
        BAND_K_F64,
        &format!("{what} stored, swapped"),
    );
    assert_eq!(certified, v.intersects, "certified {a:?} {b:?}");
    assert_eq!(certified_swapped, v.intersects, "certified {b:?} {a:?}");
}

/// Judges a 3D pair on the stored boxes, both orders; `certified` exact; `separation` against the
/// exact margin. Returns the stored verdict.
fn judge3(t: &mut Tally, a: &DObb3, b: &DObb3) -> ExactVerdict {
    let v = verdict3(&ExactBox3::from(a), &ExactBox3::from(b));
    judge_both_orders(t, &v, (a, b), "3D", |x, y| {
        (x.intersects(y), x.intersects_certified(y))
    });
    check_separation(a.separation(b).gap, &v);
    v
}

/// Judges a 2D pair on the stored rectangles, both orders.
fn judge2(t: &mut Tally, a: &DObb2, b: &DObb2) -> ExactVerdict {
    let v = verdict2(&ExactBox2::from(a), &ExactBox2::from(b));
    judge_both_orders(t, &v, (a, b), "2D", |x, y| {
        (x.intersects(y), x.intersects_certified(y))
    });
    let s = a.separation(b);
    let slack = (SEPARATION_K_F64 + PAD_K_F64) * EPS_F64 * v.scale;
    assert!(
        (s.gap - v.margin).abs() <= slack,
        "2D separation {s:?} vs {v:?}"
    );
    v
}

/// A box as written by a quaternion: stored box judged, and the written box judged too.
fn quat_box(center: DVec3, half: DVec3, q: DQuat) -> (DObb3, ExactBox3) {
    let obb = DObb3::try_new(center, half, q).expect("in range");
    (
        obb,
        ExactBox3::from_quat(center.to_array(), half.to_array(), q.to_array()),
    )
}

/// Judges the written boxes (exact on the numbers as given) with `band_k`.
fn judge_given3(t: &mut Tally, a: (&DObb3, &ExactBox3), b: (&DObb3, &ExactBox3), band_k: f64) {
    let v = verdict3(a.1, b.1);
    t.judge(a.0.intersects(b.0), &v, band_k, "3D as written");
}

/// Runs case `n` for `n` in `0..cases`, each drawing from one generator seeded with `seed` and
/// judging into one tally, which it returns.
fn run_cases(seed: u64, cases: usize, mut case: impl FnMut(usize, &mut Rng, &mut Tally)) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for n in 0..cases {
        case(n, &mut rng, &mut tally);
    }
    tally
}

/// Judges `cases` pairs drawn by `pair` (given the case's index) from `Rng::new(seed)` with `judge`,
/// prints the tally as `what`, and requires more than `near_touching` of the judged verdicts to
/// be within `1e4` ulps of touching.
fn touching_pairs<B>(
    what: &str,
    seed: u64,
    cases: usize,
    near_touching: usize,
    judge: fn(&mut Tally, &B, &B) -> ExactVerdict,
    mut pair: impl FnMut(usize, &mut Rng) -> (B, B),
) {
    let t = run_cases(seed, cases, |n, rng, t| {
        let (a, b) = pair(n, rng);
        judge(t, &a, &b);
    });
    println!("{what}: {t:?}");
    assert!(t.near_touching > near_touching, "{t:?}");
}

#[test]
fn random_pairs_millimetre_to_kilometre_far_from_origin() {
    let mut given = Tally::default();
    let stored = run_cases(1, 6000, |_, rng, stored| {
        let size = rng.log_f64(-3.0, 3.0);
        let origin =
            rng.unit_f64() * rng.log_f64(0.0, 9.0) * [0.0, 1.0][rng.range_f64(0.0, 2.0) as usize];
        let size_b = size * rng.log_f64(-1.0, 1.0);
        let (ha, hb) = (extents(rng, size), extents(rng, size_b));
        let offset = rng.unit_f64() * (ha.length() + hb.length()) * rng.range_f64(0.3, 1.3);
        let (a, wa) = quat_box(origin, ha, rng.rotation_f64());
        let (b, wb) = quat_box(origin + offset, hb, rng.rotation_f64());
        judge3(stored, &a, &b);
        judge_given3(&mut given, (&a, &wa), (&b, &wb), BAND_K_F64);
    });
    println!("random 3D: stored {stored:?}, written {given:?}");
    assert_eq!(stored.pairs, 12000);
}

/// Face contact: B (1e-3 to 1e3 times A's size) against A's face `i`, turned about that face's
/// normal, moved along the face; the gap along the normal is 0, ±k ulps or ±a few bands of S.
#[test]
fn face_touching_at_ulp_gaps() {
    touching_pairs("face touching", 2, 3000, 2000, judge3, |n, rng| {
        let size = rng.log_f64(-3.0, 3.0);
        let far = rng.unit_f64() * rng.log_f64(0.0, 7.0);
        let qa = rng.rotation_f64();
        let ha = extents(rng, size);
        // B from a thousandth to a thousand times A's size: a millimetre part on a metre
        // plate, a metre crate against a kilometre wall.
        let size_b = size * rng.log_f64(-3.0, 3.0);
        let hb = extents(rng, size_b);
        let i = n % 3;
        let normal = qa * AXES[i];
        // B turned about A's normal by a right angle (exact contact of faces) or any angle.
        let spin = if n % 2 == 0 {
            FRAC_PI_4 * 2.0 * (n % 4) as f64
        } else {
            rng.range_f64(0.0, TAU)
        };
        let qb = DQuat::from_axis_angle(normal, spin) * qa;
        let a = DObb3::try_new(far, ha, qa).unwrap();
        let reach_b = {
            let b0 = DObb3::try_new(DVec3::ZERO, hb, qb).unwrap();
            let axes = b0.axes();
            (0..3)
                .map(|j| hb[j] * axes.col(j).dot(normal).abs())
                .sum::<f64>()
        };
        let scale = 2.0 * (ha.length() + hb.length());
        let along = rng.sign::<f64>() * (ha[i] + reach_b + near_zero(rng, scale));
        let slide = (qa * AXES[(i + 1) % 3]) * rng.range_f64(-0.5, 0.5) * ha[(i + 1) % 3];
        let b = DObb3::try_new(far + normal * along + slide, hb, qb).unwrap();
        (a, b)
    });
}

/// Edge-edge contact: A turned 45° about z (a vertical edge at x = hx·√2), B turned 45° about y
/// (an edge along y at its −x), the pair turned and moved as a whole; the gap along x (the edge
/// axis z × y) is 0, ±k ulps or ±a few bands. B may also be tilted by 1e-15..1e-3 rad.
#[test]
fn edge_edge_touching_at_ulp_gaps() {
    touching_pairs("edge-edge touching", 3, 3000, 2000, judge3, |n, rng| {
        let size = rng.log_f64(-3.0, 3.0);
        let h = size * rng.range_f64(0.2, 1.0);
        let (ha, hb) = (
            DVec3::new(h, h, size * rng.range_f64(0.5, 2.0)),
            DVec3::new(h, size * rng.range_f64(0.5, 2.0), h),
        );
        let whole = rng.rotation_f64();
        let far = rng.unit_f64() * rng.log_f64(0.0, 7.0);
        let qa = whole * DQuat::from_rotation_z(FRAC_PI_4);
        let tilt = if n % 3 == 0 {
            DQuat::from_axis_angle(rng.unit_f64(), rng.log_f64(-15.0, -3.0))
        } else {
            DQuat::IDENTITY
        };
        let qb = whole * tilt * DQuat::from_rotation_y(FRAC_PI_4);
        let scale = 2.0 * (ha.length() + hb.length());
        let c = 2.0 * h * std::f64::consts::SQRT_2 + near_zero(rng, scale);
        let a = DObb3::try_new(far, ha, qa).unwrap();
        let b = DObb3::try_new(far + whole * DVec3::new(c, 0.0, 0.0), hb, qb).unwrap();
        (a, b)
    });
}

/// Near-parallel boxes: B is A turned by 1e-16..1e-2 rad about a random axis, placed at a random
/// direction at about touching distance, so near-parallel edge axes (|a_i × b_k| down to 1e-16)
/// are the candidates.
#[test]
fn near_parallel_pairs() {
    touching_pairs("near-parallel", 4, 4000, 1500, judge3, |_, rng| {
        let size = rng.log_f64(-2.0, 2.0);
        let qa = rng.rotation_f64();
        let qb = DQuat::from_axis_angle(rng.unit_f64(), rng.log_f64(-16.0, -2.0)) * qa;
        let (ha, hb) = (extents(rng, size), extents(rng, size));
        let a = DObb3::try_new(DVec3::ZERO, ha, qa).unwrap();
        // Touching distance along a random direction: the exact margin of a first placement,
        // then moved along that direction by it (minus a near-zero gap).
        let dir = rng.unit_f64();
        let b0 = DObb3::try_new(dir * (ha.length() + hb.length()), hb, qb).unwrap();
        let v = verdict3(&ExactBox3::from(&a), &ExactBox3::from(&b0));
        let scale = v.scale;
        let s = a.separation(&b0);
        let shift = s.axis * (near_zero(rng, scale) - v.margin);
        let b = DObb3::try_new(b0.center() + shift, hb, qb).unwrap();
        (a, b)
    });
}

/// Quaternions of any length (1e-300 to 1e300), and 2D angles up to 1e15 rad and degrees up to
/// 1e15: the stored axes are the written ones within the stated ulps.
#[test]
fn huge_angles_and_quaternion_lengths() {
    let (mut t2, mut given) = (Tally::default(), Tally::default());
    let t3 = run_cases(5, 2000, |_, rng, t3| {
        let length = rng.log_f64(-300.0, 300.0);
        let q = rng.rotation_f64();
        let raw = DQuat::from_xyzw(q.x * length, q.y * length, q.z * length, q.w * length);
        let half = extents(rng, 1.0);
        let a = DObb3::try_new(DVec3::ZERO, half, raw).unwrap();
        let exact = DObb3::try_new(DVec3::ZERO, half, q).unwrap();
        assert!(all_below(&(a.axes() - exact.axes()).to_cols_array(), 1e-14));
        let (b, wb) = quat_box(
            rng.unit_f64() * 2.0 * half.length(),
            extents(rng, 1.0),
            rng.rotation_f64(),
        );
        let wa = ExactBox3::from_quat([0.0; 3], half.to_array(), raw.to_array());
        judge3(t3, &a, &b);
        judge_given3(&mut given, (&a, &wa), (&b, &wb), BAND_K_F64);

        let angle = rng.sign::<f64>() * rng.log_f64(0.0, 15.0);
        let degrees = rng.sign::<f64>() * rng.log_f64(0.0, 15.0);
        let (ha, hb) = (
            DVec2::new(rng.range_f64(0.1, 1.0), rng.range_f64(0.1, 1.0)),
            DVec2::new(rng.range_f64(0.1, 1.0), rng.range_f64(0.1, 1.0)),
        );
        let a = DObb2::try_new(DVec2::ZERO, ha, angle).unwrap();
        let c = DVec2::from_angle(rng.range_f64(0.0, TAU)) * (ha.length() + hb.length());
        let b = DObb2::try_from_degrees(c, hb, degrees).unwrap();
        let v = judge2(&mut t2, &a, &b);
        // The written rectangles are the stored ones: libm's (cos, sin) of the f64 angle.
        let given_v = verdict2(
            &ExactBox2::from_radians([0.0; 2], ha.to_array(), angle),
            &ExactBox2::from_degrees(c.to_array(), hb.to_array(), degrees),
        );
        assert_eq!(given_v.intersects, v.intersects);
    });
    println!("huge angles: 3D {t3:?}, 2D {t2:?}, written {given:?}");
}

/// Random and touching rectangles: face contact at ulp gaps, turned, far from the origin.
#[test]
fn rectangles_random_and_touching() {
    touching_pairs("rectangles", 6, 6000, 1500, judge2, |n, rng| {
        let size = rng.log_f64(-3.0, 3.0);
        let far = DVec2::from_angle(rng.range_f64(0.0, TAU)) * rng.log_f64(0.0, 8.0);
        let (ha, hb) = (
            DVec2::new(
                size * rng.range_f64(0.1, 1.0),
                size * rng.range_f64(0.1, 1.0),
            ),
            DVec2::new(
                size * rng.range_f64(0.1, 1.0),
                size * rng.range_f64(0.1, 1.0),
            ),
        );
        let angle = rng.range_f64(-10.0, 10.0);
        let a = DObb2::try_new(far, ha, angle).unwrap();
        let b = if n % 2 == 0 {
            let c = far
                + DVec2::from_angle(rng.range_f64(0.0, TAU))
                    * (ha + hb).length()
                    * rng.range_f64(0.3, 1.2);
            DObb2::try_new(c, hb, rng.range_f64(-10.0, 10.0)).unwrap()
        } else {
            // Against A's face 0, B turned by a right angle or by any angle.
            let turn = if n % 4 == 1 {
                90.0
            } else {
                rng.range_f64(0.0, 360.0)
            };
            let b0 = DObb2::try_from_degrees(DVec2::ZERO, hb, angle.to_degrees() + turn).unwrap();
            let normal = a.axes().x_axis;
            let reach = hb.x * b0.axes().x_axis.dot(normal).abs()
                + hb.y * b0.axes().y_axis.dot(normal).abs();
            let along = ha.x + reach + near_zero(rng, 2.0 * (ha.length() + hb.length()));
            let slide = a.axes().y_axis * rng.range_f64(-0.5, 0.5) * ha.y;
            DObb2::try_from_axes(far + normal * along + slide, hb, b0.axes()).unwrap()
        };
        (a, b)
    });
}

/// Axis columns that lean by up to `AXES_TOLERANCE_F64`: the stored box contains the written
/// parallelepiped, so a `false` is exact for it and a wrong `true` is within `AXES_BAND_K_F64`.
#[test]
fn leaning_columns_as_written() {
    let mut given = Tally::default();
    let lean = |rng: &mut Rng, m: DMat3| {
        let d = AXES_TOLERANCE_F64 * 0.2;
        DMat3::from_cols(
            m.x_axis + rng.unit_f64() * d * rng.range_f64(0.0, 1.0),
            m.y_axis + rng.unit_f64() * d * rng.range_f64(0.0, 1.0),
            m.z_axis + rng.unit_f64() * d * rng.range_f64(0.0, 1.0),
        )
    };
    let stored = run_cases(7, 3000, |n, rng, stored| {
        let size = rng.log_f64(-2.0, 2.0);
        let (ha, hb) = (extents(rng, size), extents(rng, size));
        let (qa, qb) = (rng.rotation_f64(), rng.rotation_f64());
        let (ga, gb) = (
            lean(rng, DMat3::from_quat(qa)),
            lean(rng, DMat3::from_quat(qb)),
        );
        let a = DObb3::try_from_axes(DVec3::ZERO, ha, ga).unwrap();
        let dir = rng.unit_f64();
        let b0 = DObb3::try_from_axes(dir * (ha.length() + hb.length()), hb, gb).unwrap();
        let wa = ExactBox3::from_axes([0.0; 3], ha.to_array(), ga.to_cols_array_2d());
        // Near touching as written: move B along the written pair's best axis.
        let wb0 =
            ExactBox3::from_axes(b0.center().to_array(), hb.to_array(), gb.to_cols_array_2d());
        let v0 = verdict3(&wa, &wb0);
        let gap = if n % 2 == 0 {
            near_zero(rng, v0.scale)
        } else {
            rng.range_f64(-0.5, 0.5) * size
        };
        let b = DObb3::try_from_axes(
            b0.center() + a.separation(&b0).axis * (gap - v0.margin),
            hb,
            gb,
        )
        .unwrap();
        let wb = ExactBox3::from_axes(b.center().to_array(), hb.to_array(), gb.to_cols_array_2d());
        judge3(stored, &a, &b);
        judge_given3(&mut given, (&a, &wa), (&b, &wb), AXES_BAND_K_F64);
    });
    println!("leaning columns: stored {stored:?}, written {given:?}");
    assert!(given.near_touching > 500, "{given:?}");
}

/// Every constructor form builds the box it names (same stored box as `try_new` where they name
/// the same box), and each pair of forms is judged against the exact verdict.
#[test]
fn every_constructor_form() {
    let t = run_cases(8, 300, |_, rng, t| {
        let q = rng.rotation_f64();
        let (c, h) = (rng.unit_f64() * rng.log_f64(0.0, 4.0), {
            let size = rng.log_f64(-2.0, 2.0);
            extents(rng, size)
        });
        let m = DMat3::from_quat(q);
        let forms = [
            DObb3::new(c, h, q),
            DObb3::try_new(c, h, q).unwrap(),
            DObb3::from_axes(c, h, m),
            DObb3::try_from_axes(c, h, m).unwrap(),
            DObb3::from_affine(
                DAffine3::from_scale_rotation_translation(h, q, c),
                DVec3::splat(2.0),
            ),
            DObb3::try_from_affine(
                DAffine3::from_scale_rotation_translation(h * 0.5, q, c),
                DVec3::splat(4.0),
            )
            .unwrap(),
            DObb3::new(c, h * 0.5, q).scaled(2.0),
            DObb3::new(c, h * 0.5, q).try_scaled(2.0).unwrap(),
        ];
        for f in &forms {
            assert!(
                (f.center() - c).length() <= 1e-15 * c.length().max(1.0),
                "{f:?}"
            );
            assert!(
                (f.half_extents() - h).abs().max_element() <= 1e-13 * h.max_element(),
                "{f:?}"
            );
            assert!(all_below(&(f.axes() - m).to_cols_array(), 1e-14), "{f:?}");
        }
        let other = DObb3::new(
            c + rng.unit_f64() * 1.5 * h.length(),
            extents(rng, 1.0),
            rng.rotation_f64(),
        );
        for f in &forms {
            judge3(t, f, &other);
        }

        let angle = rng.range_f64(-4.0, 4.0);
        let (c2, h2) = (
            DVec2::new(rng.range_f64(-9.0, 9.0), rng.range_f64(-9.0, 9.0)),
            DVec2::new(rng.range_f64(0.1, 2.0), rng.range_f64(0.1, 2.0)),
        );
        let (sin, cos) = angle.sin_cos();
        let rot = DMat2::from_angle(angle);
        let corners = [
            c2 + rot * DVec2::new(-h2.x, -h2.y),
            c2 + rot * DVec2::new(h2.x, -h2.y),
            c2 + rot * DVec2::new(h2.x, h2.y),
            c2 + rot * DVec2::new(-h2.x, h2.y),
        ];
        let node = DAffine2::from_scale_angle_translation(h2 * 2.0, angle, c2);
        let forms2 = [
            DObb2::new(c2, h2, angle),
            DObb2::try_new(c2, h2, angle).unwrap(),
            DObb2::from_degrees(c2, h2, angle.to_degrees()),
            DObb2::try_from_degrees(c2, h2, angle.to_degrees()).unwrap(),
            DObb2::from_cos_sin(c2, h2, cos * 3.0, sin * 3.0),
            DObb2::try_from_cos_sin(c2, h2, cos, sin).unwrap(),
            DObb2::from_axes(c2, h2, rot),
            DObb2::try_from_axes(c2, h2, rot).unwrap(),
            DObb2::try_from_corners(corners).unwrap(),
            DObb2::from_node(DVec2::ONE, DVec2::splat(0.5), node),
            DObb2::try_from_node(DVec2::ONE, DVec2::splat(0.5), node).unwrap(),
            DObb2::new(c2, h2 * 0.25, angle).try_scaled(4.0).unwrap(),
        ];
        for f in &forms2 {
            assert!((f.center() - c2).length() <= 1e-12, "{f:?}");
            assert!(
                (f.half_extents() - h2).abs().max_element() <= 1e-12,
                "{f:?}"
            );
            assert!(all_below(&(f.axes() - rot).to_cols_array(), 1e-12), "{f:?}");
        }
        let other = DObb2::new(
            c2 + DVec2::from_angle(rng.range_f64(0.0, TAU)) * 1.5 * h2.length(),
            h2,
            rng.range_f64(0.0, TAU),
        );
        for f in &forms2 {
            judge2(t, f, &other);
        }
    });
    println!("constructor forms: {t:?}");
}

/// The checked constructors at the edges of what they accept.
#[test]
fn checked_constructors_at_the_edges() {
    let (max, min) = (f64::from(MAX_MAGNITUDE), f64::from(MIN_MAGNITUDE));
    let q = DQuat::IDENTITY;
    let at = |x: f64| DObb3::try_new(DVec3::new(x, 0.0, 0.0), DVec3::ONE, q);
    assert!(at(max).is_ok() && at(-max).is_ok() && at(min).is_ok() && at(0.0).is_ok());
    assert!(matches!(at(max.next_up()), Err(ObbError::TooLarge { .. })));
    assert!(matches!(
        at(min.next_down()),
        Err(ObbError::TooSmall { .. })
    ));
    assert!(matches!(at(f64::NAN), Err(ObbError::NonFinite { .. })));
    assert!(matches!(at(f64::INFINITY), Err(ObbError::NonFinite { .. })));
    let half = |e: f64| DObb3::try_new(DVec3::ZERO, DVec3::new(1.0, e, 1.0), q);
    assert!(half(-0.0).is_ok_and(|b| b.half_extents().y.is_sign_positive()));
    assert!(matches!(half(-min), Err(ObbError::NegativeExtent { .. })));
    assert!(matches!(
        half(max.next_up()),
        Err(ObbError::TooLarge { .. })
    ));
    assert!(matches!(
        DObb3::try_new(
            DVec3::ZERO,
            DVec3::ONE,
            DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0)
        ),
        Err(ObbError::ZeroQuaternion)
    ));
    assert!(matches!(
        DObb3::try_new(
            DVec3::ZERO,
            DVec3::ONE,
            DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0)
        ),
        Err(ObbError::NonFinite { .. })
    ));
    // Columns: a lean whose defect is just inside AXES_TOLERANCE_F64 is accepted (and the box
    // grows to hold it); just outside, refused.
    let leaning = |d: f64| DMat3::from_cols(DVec3::X, DVec3::new(d, 1.0, 0.0), DVec3::Z);
    let inside = DObb3::try_from_axes(DVec3::ZERO, DVec3::ONE, leaning(AXES_TOLERANCE_F64 * 0.99))
        .expect("inside the tolerance");
    assert!(inside.half_extents().x > 1.0);
    assert!(matches!(
        DObb3::try_from_axes(DVec3::ZERO, DVec3::ONE, leaning(AXES_TOLERANCE_F64 * 1.01)),
        Err(ObbError::NonOrthonormalAxes { .. })
    ));
    let stretched = DMat3::from_diagonal(DVec3::new(1.0 + AXES_TOLERANCE_F64, 1.0, 1.0));
    assert!(matches!(
        DObb3::try_from_axes(DVec3::ZERO, DVec3::ONE, stretched),
        Err(ObbError::NonOrthonormalAxes { .. })
    ));
    let shear = DAffine3::from_mat3(leaning(AXES_TOLERANCE_F64 * 2.0));
    assert!(matches!(
        DObb3::try_from_affine(shear, DVec3::ONE),
        Err(ObbError::Shear { .. })
    ));
    assert!(
        DObb3::try_from_affine(
            DAffine3::from_mat3(leaning(AXES_TOLERANCE_F64 * 0.5)),
            DVec3::ONE
        )
        .is_ok()
    );
    assert!(matches!(
        DObb3::new(DVec3::ZERO, DVec3::ONE, q).try_scaled(-1.0),
        Err(ObbError::NegativeExtent { .. })
    ));

    // 2D
    let at2 = |x: f64| DObb2::try_new(DVec2::new(0.0, x), DVec2::ONE, 0.3);
    assert!(at2(max).is_ok() && at2(min).is_ok());
    assert!(matches!(at2(max.next_up()), Err(ObbError::TooLarge { .. })));
    assert!(matches!(
        at2(-min.next_down()),
        Err(ObbError::TooSmall { .. })
    ));
    assert!(matches!(
        DObb2::try_new(DVec2::ZERO, DVec2::ONE, f64::NAN),
        Err(ObbError::NonFinite { .. })
    ));
    assert!(matches!(
        DObb2::try_from_cos_sin(DVec2::ZERO, DVec2::ONE, 0.0, 0.0),
        Err(ObbError::ZeroDirection)
    ));
    let lean2 = |d: f64| DMat2::from_cols(DVec2::X, DVec2::new(d, 1.0));
    assert!(
        DObb2::try_from_axes(DVec2::ZERO, DVec2::ONE, lean2(AXES_TOLERANCE_F64 * 0.99)).is_ok()
    );
    assert!(matches!(
        DObb2::try_from_axes(DVec2::ZERO, DVec2::ONE, lean2(AXES_TOLERANCE_F64 * 1.01)),
        Err(ObbError::NonOrthonormalAxes { .. })
    ));
    let node = DAffine2::from_mat2(lean2(AXES_TOLERANCE_F64 * 2.0));
    assert!(matches!(
        DObb2::try_from_node(DVec2::ONE, DVec2::ZERO, node),
        Err(ObbError::Shear { .. })
    ));
    assert!(matches!(
        DObb2::try_from_corners([DVec2::ZERO, DVec2::X, DVec2::new(2.0, 1.0), DVec2::Y]),
        Err(ObbError::NotARectangle { .. })
    ));
}

/// Exact touching is representable with signed-permutation axes: gap 0 intersects (both tests),
/// one f64 ulp apart is separated for `intersects_certified` at any distance from the origin.
#[test]
fn exact_contact_and_one_ulp() {
    for far in [0.0, 1.0, 1e3, 1e6, 1e9, 1e12] {
        let base = DVec3::new(far, -far, far * 0.5);
        let a = DObb3::try_new(base, DVec3::new(1.0, 2.0, 0.5), DQuat::IDENTITY).unwrap();
        let quarter = DQuat::from_xyzw(0.0, 0.0, 1.0, 1.0); // exactly 90° about z
        for (offset, touching) in [
            (DVec3::new(3.0, 0.5, 0.0), true), // B's y extent 2 along x after the turn
            (DVec3::new(0.5, 3.0, 0.25), true), // along y: 2 + 1
            (DVec3::new(3.0, 3.0, 1.0), true), // a corner on a corner
        ] {
            let c = base + offset;
            let b = DObb3::try_new(c, DVec3::new(1.0, 2.0, 0.5), quarter).unwrap();
            if b.center() - a.center() != offset {
                continue; // not representable this far out
            }
            assert_eq!(a.axes(), DMat3::IDENTITY);
            assert!(a.intersects(&b) && a.intersects_certified(&b) == touching);
            let apart = DObb3::try_new(
                DVec3::new(c.x.next_up(), c.y, c.z),
                DVec3::new(1.0, 2.0, 0.5),
                quarter,
            )
            .unwrap();
            let v = verdict3(&ExactBox3::from(&a), &ExactBox3::from(&apart));
            assert_eq!(apart.intersects_certified(&a), v.intersects);
            assert!(apart.intersects(&a) || !v.intersects);
        }
    }
}
