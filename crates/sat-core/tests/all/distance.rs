//! `distance` and `closest_points` against the exact oracle (`sat_core::exact::distance*`), on
//! random pairs and on the configurations where distance routines go wrong: touching and
//! nearly touching faces, edges and corners, near-parallel faces and edges, zero extents,
//! millimetre and kilometre boxes, boxes far from the origin. Every answer must be within
//! `DISTANCE_K·ε·S` of the exact distance of the boxes as stored, with each point that close to
//! its box (plus `ε·|c|` for its world coordinates) and the points `distance` apart within it.

use glam::{DMat2, DMat3, DVec3, Quat, Vec2, Vec3};
use sat_core::distance::DISTANCE_K;
use sat_core::exact::{
    ExactBox2, ExactBox3, ExactDistance, distance_bounds2, distance_bounds3, distance2, distance3,
};
use sat_core::tolerance::EPS;
use sat_core::{Obb2, Obb3};

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }

    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }

    fn quat(&mut self) -> Quat {
        loop {
            let q = Quat::from_xyzw(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            );
            if q.length_squared() > 0.05 {
                return q;
            }
        }
    }

    fn unit(&mut self) -> Vec3 {
        (self.quat() * Vec3::X).normalize()
    }
}

/// The worst error seen, in units of `ε·S` (printed with `--nocapture`).
#[derive(Default, Debug)]
struct Worst {
    distance: f64,
    point: f64,
    apart: f64,
    width: f64,
    cases: usize,
    /// The case of the largest distance error.
    case: String,
}

/// The distance from `x` to the parallelepiped the f32 columns span, from above: `x` minus the
/// point with its coordinates clamped (a point of the parallelepiped).
fn outside3(obb: &Obb3, x: Vec3) -> f64 {
    let g = obb.axes().as_dmat3();
    let lambda = g.inverse() * (x.as_dvec3() - obb.center().as_dvec3());
    let e = obb.half_extents().as_dvec3();
    (g * (lambda - lambda.clamp(-e, e))).length()
}

fn outside2(obb: &Obb2, x: Vec2) -> f64 {
    let g = obb.axes().as_dmat2();
    let lambda = g.inverse() * (x.as_dvec2() - obb.center().as_dvec2());
    let e = obb.half_extents().as_dvec2();
    (g * (lambda - lambda.clamp(-e, e))).length()
}

impl Worst {
    /// Checks one answer against the exact interval; panics beyond the bound.
    #[allow(clippy::too_many_arguments)]
    fn check<const N: usize>(
        &mut self,
        what: &str,
        distance: f32,
        apart: f64,
        outside: [f64; 2],
        centres: [f64; 2],
        exact: &ExactDistance<N>,
    ) {
        let eps_s = f64::from(EPS) * exact.scale;
        let bound = f64::from(DISTANCE_K) * eps_s;
        let d = f64::from(distance);
        let error = (d - exact.upper).max(exact.lower - d).max(0.0);
        let relative = |x: f64| x / eps_s;
        if relative(error) > self.distance {
            self.distance = relative(error);
            self.case = format!("{what}: {d:e} vs [{:e}, {:e}]", exact.lower, exact.upper);
        }
        self.width = self.width.max(relative(exact.upper - exact.lower));
        self.cases += 1;
        assert!(
            error <= bound,
            "{what}: distance {d:e} vs exact [{:e}, {:e}]: {:.1} ε·S",
            exact.lower,
            exact.upper,
            relative(error)
        );
        for (out, centre) in outside.iter().zip(centres) {
            // The world coordinates of a point near `c` carry `ε·|c|` of rounding.
            let excess = (out - f64::from(EPS) * centre).max(0.0);
            self.point = self.point.max(relative(excess));
            assert!(
                excess <= bound,
                "{what}: point {:.1} ε·S off its box",
                relative(excess)
            );
        }
        let mismatch = (apart - d).abs() - f64::from(EPS) * (centres[0] + centres[1]);
        self.apart = self.apart.max(relative(mismatch.max(0.0)));
        assert!(
            mismatch <= bound,
            "{what}: points {apart:e} apart for a distance {d:e}"
        );
    }
}

fn exact_box3(obb: &Obb3) -> ExactBox3 {
    ExactBox3::from_obb(obb)
}

/// Checks `a` against `b` and `b` against `a`.
fn check3(worst: &mut Worst, what: &str, a: &Obb3, b: &Obb3) {
    for (x, y) in [(a, b), (b, a)] {
        let c = x.closest_points(y);
        let exact = distance_bounds3(&exact_box3(x), &exact_box3(y));
        // `distance` takes shortcuts of its own (no points): judged alone.
        let d = x.distance(y);
        worst.check(what, d, f64::from(d), [0.0; 2], [0.0; 2], &exact);
        worst.check(
            what,
            c.distance,
            (c.b.as_dvec3() - c.a.as_dvec3()).length(),
            [outside3(x, c.a), outside3(y, c.b)],
            [x.center(), y.center()].map(|v| f64::from(v.length())),
            &exact,
        );
    }
}

fn check2(worst: &mut Worst, what: &str, a: &Obb2, b: &Obb2) {
    for (x, y) in [(a, b), (b, a)] {
        let c = x.closest_points(y);
        let exact = distance_bounds2(&ExactBox2::from_obb(x), &ExactBox2::from_obb(y));
        // `distance` takes 2D shortcuts of its own (no points): judged alone.
        let d = x.distance(y);
        worst.check(what, d, f64::from(d), [0.0; 2], [0.0; 2], &exact);
        worst.check(
            what,
            c.distance,
            (c.b.as_dvec2() - c.a.as_dvec2()).length(),
            [outside2(x, c.a), outside2(y, c.b)],
            [x.center(), y.center()].map(|v| f64::from(v.length())),
            &exact,
        );
    }
}

/// A 3D pair from one of the families, at size `s` around `origin`.
fn pair3(rng: &mut Rng, family: usize) -> (Obb3, Obb3) {
    let s = [1e-3, 1.0, 1.0, 1e3][rng.below(4)];
    let origin = [
        Vec3::ZERO,
        Vec3::ZERO,
        Vec3::splat(1e3),
        Vec3::new(1e6, -2e5, 3e4),
    ][rng.below(4)]
        * s;
    let extents = |rng: &mut Rng| {
        let mut e = Vec3::new(
            rng.range(0.05, 1.5),
            rng.range(0.05, 1.5),
            rng.range(0.05, 1.5),
        );
        if rng.below(10) == 0 {
            e[rng.below(3)] = 0.0; // flat box
        }
        e * s
    };
    let (ea, eb) = (extents(rng), extents(rng));
    let qa = rng.quat();
    let a = Obb3::new(origin, ea, qa);
    let eps_s = EPS * s * 4.0;
    let gaps = [0.0, eps_s, -eps_s, 30.0 * eps_s, 1e-4 * s, 0.3 * s];
    let gap = gaps[rng.below(gaps.len() as u64)];
    match family {
        // Random placement: about half overlap.
        0 => {
            let c = origin
                + Vec3::new(
                    rng.range(-3.0, 3.0),
                    rng.range(-3.0, 3.0),
                    rng.range(-3.0, 3.0),
                ) * s;
            (a, Obb3::new(c, eb, rng.quat()))
        }
        // B's corner against a face of A (or slightly past its edge).
        1 => {
            let qb = rng.quat();
            let b0 = Obb3::new(Vec3::ZERO, eb, qb);
            let i = rng.below(3);
            let n = a.axes().col(i) * if rng.below(2) == 0 { 1.0 } else { -1.0 };
            // B's vertex farthest along −n.
            let corner = b0
                .corners()
                .into_iter()
                .min_by(|x, y| x.dot(n).total_cmp(&y.dot(n)))
                .unwrap();
            let on_face = origin
                + n * ea[i]
                + a.axes().col((i + 1) % 3) * rng.range(-1.1, 1.1) * ea[(i + 1) % 3]
                + a.axes().col((i + 2) % 3) * rng.range(-1.1, 1.1) * ea[(i + 2) % 3];
            (a, Obb3::new(on_face + n * gap - corner, eb, qb))
        }
        // An edge of B across an edge of A.
        2 => {
            let qb = rng.quat();
            let b0 = Obb3::new(Vec3::ZERO, eb, qb);
            let (i, k) = (rng.below(3), rng.below(3));
            let u = a.axes().col(i);
            let v = b0.axes().col(k);
            let n = u.cross(v);
            if n.length() < 1e-3 {
                return (a, b0);
            }
            let n = n.normalize();
            let side = |m: usize, e: Vec3, axes: glam::Mat3, sign: f32| {
                let others = [(m + 1) % 3, (m + 2) % 3];
                others.iter().fold(Vec3::ZERO, |acc, &j| {
                    let c = axes.col(j);
                    acc + c * e[j] * sign * c.dot(n).signum()
                })
            };
            let along_a = u * rng.range(-0.9, 0.9) * ea[i];
            let along_b = v * rng.range(-0.9, 0.9) * eb[k];
            let point_a = origin + side(i, ea, a.axes(), 1.0) + along_a;
            let point_b = side(k, eb, b0.axes(), -1.0) + along_b;
            (a, Obb3::new(point_a + n * gap - point_b, eb, qb))
        }
        // Near-parallel: B is A turned by 1e-8..1e-2 rad, face to face.
        3 => {
            let tilt = 10f32.powf(rng.range(-8.0, -2.0));
            let qb = qa.normalize() * Quat::from_axis_angle(rng.unit(), tilt);
            let i = rng.below(3);
            let n = a.axes().col(i);
            let slide = a.axes().col((i + 1) % 3) * rng.range(-1.0, 1.0) * ea[(i + 1) % 3];
            let c = origin + n * (ea[i] + eb[i] + gap) + slide;
            (a, Obb3::new(c, eb, qb))
        }
        // Corner to corner along a diagonal, or a corner to an edge.
        _ => {
            let qb = rng.quat();
            let b0 = Obb3::new(Vec3::ZERO, eb, qb);
            let dir = rng.unit();
            let ca = a
                .corners()
                .into_iter()
                .max_by(|x, y| x.dot(dir).total_cmp(&y.dot(dir)))
                .unwrap();
            let cb = b0
                .corners()
                .into_iter()
                .min_by(|x, y| x.dot(dir).total_cmp(&y.dot(dir)))
                .unwrap();
            (a, Obb3::new(ca + dir * (gap.abs() + 1e-3 * s) - cb, eb, qb))
        }
    }
}

#[test]
fn random_and_touching_pairs_3d() {
    let mut worst = Worst::default();
    let mut rng = Rng(0xd157);
    for n in 0..60_000 {
        let family = n % 5;
        let (a, b) = pair3(&mut rng, family);
        check3(
            &mut worst,
            &format!("3D family {family}, case {n}, {a:?}, {b:?}"),
            &a,
            &b,
        );
    }
    println!("3D: {worst:?}");
}

/// A 2D pair from one of the families.
fn pair2(rng: &mut Rng, family: usize) -> (Obb2, Obb2) {
    let s = [1e-3, 1.0, 1e3][rng.below(3)];
    let origin = [Vec2::ZERO, Vec2::splat(1e3), Vec2::new(1e6, -3e4)][rng.below(3)] * s;
    let extents = |rng: &mut Rng| {
        let mut e = Vec2::new(rng.range(0.05, 1.5), rng.range(0.05, 1.5)) * s;
        if rng.below(10) == 0 {
            e[rng.below(2)] = 0.0;
        }
        e
    };
    let (ea, eb) = (extents(rng), extents(rng));
    let a = Obb2::new(origin, ea, rng.range(0.0, 7.0));
    let eps_s = EPS * s * 4.0;
    let gap = [0.0, eps_s, -eps_s, 1e-4 * s, 0.3 * s][rng.below(5)];
    match family {
        0 => {
            let c = origin + Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)) * s;
            (a, Obb2::new(c, eb, rng.range(0.0, 7.0)))
        }
        1 => {
            let b0 = Obb2::new(Vec2::ZERO, eb, rng.range(0.0, 7.0));
            let i = rng.below(2);
            let n = a.axes().col(i) * if rng.below(2) == 0 { 1.0 } else { -1.0 };
            let corner = b0
                .corners()
                .into_iter()
                .min_by(|x, y| x.dot(n).total_cmp(&y.dot(n)))
                .unwrap();
            let on_face =
                origin + n * ea[i] + a.axes().col(1 - i) * rng.range(-1.1, 1.1) * ea[1 - i];
            (
                a,
                Obb2::from_axes(on_face + n * gap - corner, eb, b0.axes()),
            )
        }
        _ => {
            let tilt =
                10f32.powf(rng.range(-8.0, -2.0)) * if rng.below(2) == 0 { 1.0 } else { -1.0 };
            let angle = a.axes().x_axis.to_angle();
            let i = rng.below(2);
            let n = a.axes().col(i);
            let c = origin
                + n * (ea[i] + eb[i] + gap)
                + a.axes().col(1 - i) * rng.range(-1.0, 1.0) * ea[1 - i];
            (a, Obb2::new(c, eb, angle + tilt))
        }
    }
}

#[test]
fn random_and_touching_pairs_2d() {
    let mut worst = Worst::default();
    let mut rng = Rng(0xd152);
    for n in 0..60_000 {
        let family = n % 3;
        let (a, b) = pair2(&mut rng, family);
        check2(
            &mut worst,
            &format!("2D family {family}, case {n}, {a:?}, {b:?}"),
            &a,
            &b,
        );
    }
    println!("2D: {worst:?}");
}

/// The exact value (rationals) lies in the f64 interval, and is the distance of the two points
/// it reports within rounding, for boxes whose columns are exactly orthogonal (quaternions).
#[test]
fn exact_distances_agree_with_their_bounds() {
    let mut rng = Rng(0xe1ac7);
    let mut exact_count = 0;
    for n in 0..400 {
        let (a, b) = pair3(&mut rng, n % 5);
        let write = |o: &Obb3| {
            let q = Quat::from_mat3(&o.axes());
            ExactBox3::from_quat(
                o.center().as_dvec3().to_array(),
                o.half_extents().as_dvec3().to_array(),
                q.to_array().map(f64::from),
            )
        };
        let (xa, xb) = (write(&a), write(&b));
        let exact = distance3(&xa, &xb);
        let bounds = distance_bounds3(&xa, &xb);
        assert!(
            exact.exact,
            "{n}: a quaternion's columns are exactly orthogonal"
        );
        exact_count += 1;
        let slack = 1e-15 * exact.scale;
        assert!(
            bounds.lower <= exact.upper + slack && exact.lower <= bounds.upper + slack,
            "{n}: exact {exact:?} outside {bounds:?}"
        );
        // The points are f64 coordinates, rounded to the ulp of their distance from the origin.
        let apart = (DVec3::from(exact.a) - DVec3::from(exact.b)).length();
        let far = DVec3::from(exact.a).length();
        assert!(
            (apart - exact.distance()).abs() <= 1e-12 * (exact.scale + far),
            "{n}: {exact:?}"
        );
    }
    assert_eq!(exact_count, 400);
}

#[test]
fn exact_distances_2d() {
    // 90° multiples and (cos, sin) columns are exactly orthogonal.
    let a = ExactBox2::from_degrees([0.0, 0.0], [2.0, 1.0], 0.0);
    let b = ExactBox2::from_degrees([5.0, 4.0], [2.0, 1.0], 270.0);
    let d = distance2(&a, &b);
    assert!(d.exact);
    // B upright, its lower-left corner at (4, 2); A's corner (2, 1).
    let expected = 5f64.sqrt();
    assert!(d.lower <= expected && expected <= d.upper && d.upper - d.lower < 1e-14);
    let turned = ExactBox2::from_radians([4.0, 0.0], [1.0, 1.0], 0.3);
    assert!(distance2(&a, &turned).exact);
    let (sin, cos) = 0.3f64.sin_cos();
    let corner = 4.0 - cos - sin; // B's leftmost corner (x), below A's top edge
    let d = distance2(&a, &turned);
    assert!((d.distance() - (corner - 2.0)).abs() < 1e-12, "{d:?}");
}

/// parry issue #431: its cuboid distance was asymmetric and too large; #436: a sub-ulp corner.
#[test]
fn parry_431_and_436_regressions() {
    let mut worst = Worst::default();
    let unit = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    let overhang = Obb3::new(
        Vec3::new(-5.573_167, 0.0, 0.0),
        Vec3::new(1.0, 2.0, 2.0),
        Quat::IDENTITY,
    );
    check3(&mut worst, "parry-431-3d-face-overhang", &unit, &overhang);
    assert_eq!(unit.distance(&overhang), overhang.distance(&unit));
    assert_eq!(unit.distance(&overhang), 5.573_167 - 2.0);
    let vertex = Obb3::new(
        Vec3::new(4.0, 4.0, 0.0),
        Vec3::ONE,
        Quat::from_rotation_z(0.25 * std::f32::consts::PI),
    );
    check3(&mut worst, "parry-431-3d-vertex-face", &unit, &vertex);
    let a = Obb2::new(Vec2::ZERO, Vec2::new(0.538_635_9, 0.887_437_3), 0.0);
    let b = Obb2::new(
        Vec2::new(-1.638_556_7, 1.059_632_4),
        Vec2::new(1.099_920_9, 0.172_194_27),
        0.0,
    );
    check2(&mut worst, "parry-436-2d-sub-ulp-corner", &a, &b);
    let c = a.closest_points(&b);
    // The nearest corners: A's (-0.5386, 0.8874) and B's 8.6e-7 above it.
    assert!(
        (c.a - Vec2::new(-0.538_635_9, 0.887_437_3)).length() < 1e-6,
        "{c:?}"
    );
    assert!((c.distance - 8.642_673_5e-7).abs() < 1e-7, "{c:?}");
}

#[test]
fn intersecting_boxes_share_a_point() {
    // Two bars crossing like a plus sign: no corner of either is inside the other.
    let a = Obb3::new(Vec3::ZERO, Vec3::new(5.0, 0.5, 0.5), Quat::IDENTITY);
    let b = Obb3::new(
        Vec3::new(0.3, 0.2, 0.45),
        Vec3::new(0.5, 5.0, 0.6),
        Quat::from_rotation_z(0.1),
    );
    let c = a.closest_points(&b);
    assert_eq!(c.distance, 0.0);
    assert_eq!(c.a, c.b);
    assert!(
        outside3(&a, c.a) < 1e-6 && outside3(&b, c.a) < 1e-6,
        "{c:?}"
    );
    // Touching faces: distance 0, a point on both.
    let touching = Obb3::new(
        Vec3::new(10.0, 0.0, 0.0),
        Vec3::new(5.0, 1.0, 1.0),
        Quat::IDENTITY,
    );
    let c = a.closest_points(&touching);
    assert_eq!(c.distance, 0.0);
    assert!(
        outside3(&a, c.a) < 1e-6 && outside3(&touching, c.b) < 1e-6,
        "{c:?}"
    );
}

#[test]
fn near_parallel_edges_keep_the_bound() {
    // Two long edges 1e-6 rad from parallel, 1e-3 apart: the closest points slide along a
    // near-flat valley, the distance does not.
    let mut worst = Worst::default();
    for k in 0..8 {
        let tilt = 10f32.powi(-k) * 0.5;
        let a = Obb3::new(
            Vec3::ZERO,
            Vec3::new(10.0, 0.5, 0.5),
            Quat::from_rotation_x(0.25 * std::f32::consts::PI),
        );
        let qb = Quat::from_rotation_z(tilt) * Quat::from_rotation_x(0.25 * std::f32::consts::PI);
        let b = Obb3::new(
            Vec3::new(0.5, 0.0, 2f32.sqrt() + 1e-3),
            Vec3::new(10.0, 0.5, 0.5),
            qb,
        );
        check3(&mut worst, &format!("tilt {tilt:e}"), &a, &b);
    }
    println!("{worst:?}");
}

#[test]
fn degenerate_boxes() {
    let mut worst = Worst::default();
    let point = Obb3::new(Vec3::new(3.0, 0.5, 0.0), Vec3::ZERO, Quat::IDENTITY);
    let segment = Obb3::new(
        Vec3::new(0.0, 3.0, 0.0),
        Vec3::new(0.0, 2.0, 0.0),
        Quat::from_rotation_z(0.3),
    );
    let flat = Obb3::new(
        Vec3::ZERO,
        Vec3::new(1.0, 1.0, 0.0),
        Quat::from_rotation_x(0.2),
    );
    for (x, y) in [
        (&point, &segment),
        (&point, &flat),
        (&segment, &flat),
        (&point, &point),
    ] {
        check3(&mut worst, "degenerate", x, y);
    }
    assert_eq!(point.distance(&point), 0.0);
    let expected = (4.0 + (0.5 * 0.2f32.sin()).powi(2)).sqrt();
    assert!((point.distance(&flat) - expected).abs() < 1e-6);
    let p2 = Obb2::new(Vec2::new(2.0, 0.0), Vec2::ZERO, 0.0);
    let s2 = Obb2::new(Vec2::ZERO, Vec2::new(1.0, 0.0), 1.0);
    check2(&mut worst, "degenerate 2D", &p2, &s2);
}

/// Garbage from the fast constructors gives some answer, never a panic.
#[test]
fn nan_and_infinite_boxes_do_not_panic() {
    let good = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    for bad in [f32::NAN, f32::INFINITY, -f32::INFINITY] {
        let b = Obb3::from_axes(Vec3::splat(bad), Vec3::ONE, glam::Mat3::IDENTITY);
        let _ = good.closest_points(&b);
        let b = Obb3::from_axes(
            Vec3::ONE,
            Vec3::splat(bad),
            glam::Mat3::from_diagonal(Vec3::splat(bad)),
        );
        let _ = b.closest_points(&good);
        let b2 = Obb2::from_axes(Vec2::splat(bad), Vec2::ONE, glam::Mat2::IDENTITY);
        let _ = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).closest_points(&b2);
    }
}

/// The oracle against a brute force: dense samples of both boxes' surfaces never come closer
/// than `lower`, and the oracle's own pair is `upper` apart.
#[test]
fn oracle_against_sampling() {
    let mut rng = Rng(0x5a3);
    for n in 0..60 {
        let (a, b) = pair3(&mut rng, n % 5);
        let (xa, xb) = (exact_box3(&a), exact_box3(&b));
        let d = distance_bounds3(&xa, &xb);
        let corners = |o: &Obb3| -> Vec<DVec3> {
            let g: DMat3 = o.axes().as_dmat3();
            let e = o.half_extents().as_dvec3();
            let mut out = Vec::new();
            let steps = 6;
            for i in 0..=steps {
                for j in 0..=steps {
                    for k in 0..=steps {
                        let f = |x: usize| 2.0 * x as f64 / steps as f64 - 1.0;
                        let l = DVec3::new(f(i), f(j), f(k)) * e;
                        out.push(o.center().as_dvec3() + g * l);
                    }
                }
            }
            out
        };
        let (pa, pb) = (corners(&a), corners(&b));
        let sampled = pa
            .iter()
            .flat_map(|p| pb.iter().map(move |q| (*p - *q).length()))
            .fold(f64::INFINITY, f64::min);
        // Sampled in world coordinates: their rounding is an ulp of the distance from the origin.
        let far = DVec3::from(d.a).length();
        assert!(
            sampled >= d.lower - 1e-12 * d.scale - 1e-14 * far,
            "{n}: sampled {sampled} below {d:?}"
        );
    }
    let rect =
        |c: [f64; 2]| ExactBox2::from_axes(c, [1.0, 0.5], DMat2::IDENTITY.to_cols_array_2d());
    let d = distance_bounds2(&rect([0.0, 0.0]), &rect([3.0, 0.0]));
    assert!(d.lower <= 1.0 && 1.0 <= d.upper);
}

/// A fuzz-loop finding (`distance2`): a millimetre box against a segment of half-length 4.6e16
/// 3.5e16 away. The certificate along the pair's own direction once compared squares of
/// squared distances, which overflow f32 there, and accepted B's far end point.
#[test]
fn huge_segment_far_away() {
    let mut worst = Worst::default();
    let a = Obb2::try_new_f64(
        glam::DVec2::new(-0.046_803_656_965_494_156, -0.026_971_597_224_473_953),
        glam::DVec2::new(0.003_058_088_477_700_948_7, 0.001_544_343_307_614_326_5),
        -90_289.372_864_170_65,
    )
    .unwrap();
    let b = Obb2::try_new_f64(
        glam::DVec2::new(-3.050_348_050_644_992e16, -1.747_293_949_866_803_2e16),
        glam::DVec2::new(4.564_276_777_844_736e16, 0.0),
        -90_292.514_456_824_24,
    )
    .unwrap();
    check2(&mut worst, "huge segment", &a, &b);
}

/// A `distance2` finding: two points 7.9e-23 apart, 1.9e-16 from the origin. Squared in f32, a
/// distance that small is subnormal and keeps a quarter of its digits; the frames now measure
/// lengths in a power of two of the pair's size, so squares keep their precision at any scale.
#[test]
fn tiny_pairs_keep_the_bound() {
    let mut worst = Worst::default();
    let axes = glam::Mat2::from_cols(
        Vec2::new(0.999_999_9, 4.817_453_6e-7),
        Vec2::new(-6.889_509e-8, 0.999_999_76),
    );
    let a = Obb2::from_axes(
        Vec2::new(-4.476_064_2e-17, -1.929_755e-16),
        Vec2::ZERO,
        axes,
    );
    let b = Obb2::from_axes(
        Vec2::new(-4.476_056_3e-17, -1.929_755e-16),
        Vec2::ZERO,
        axes,
    );
    check2(&mut worst, "points 7.9e-23 apart", &a, &b);
    for size in [1e-18f32, 1e-12, 1e12, 1e17] {
        let q = Quat::from_rotation_y(0.3) * Quat::from_rotation_x(0.2);
        let a = Obb3::new(Vec3::ZERO, Vec3::new(1.0, 0.5, 0.25) * size, q);
        let b = Obb3::new(
            Vec3::new(2.3, 0.4, 0.1) * size,
            Vec3::new(0.5, 0.5, 0.5) * size,
            q.inverse(),
        );
        check3(&mut worst, &format!("size {size:e}"), &a, &b);
        let corner = Obb3::new(
            Vec3::splat(1.2) * size,
            Vec3::splat(0.1) * size,
            Quat::IDENTITY,
        );
        check3(&mut worst, &format!("corner, size {size:e}"), &a, &corner);
    }
    println!("{worst:?}");
}
