//! `distance` and `closest_points` against the exact oracle (`sat_core::exact::distance*`), on
//! random pairs and on the configurations where distance routines go wrong: touching and
//! nearly touching faces, edges and corners, near-parallel faces and edges, zero extents,
//! millimetre and kilometre boxes, boxes far from the origin. Every answer must be within
//! `DISTANCE_K·ε·S` of the exact distance of the boxes as stored, with each point that close to
//! its box (plus `ε·|c|` for its world coordinates) and the points `distance` apart within it.

use glam::{DMat2, DMat3, DVec2, DVec3, Quat, Vec2, Vec3};
use sat_core::distance::{DISTANCE_K, DISTANCE_K_F64};
use sat_core::exact::{
    ExactBox2, ExactBox3, ExactDistance, distance_bounds2, distance_bounds3, distance2, distance3,
};
use sat_core::tolerance::{EPS, EPS_F64};
use sat_core::{DObb2, DObb3, Obb2, Obb3};

use crate::rng::Rng;

/// A rotation: a quaternion of components in `[-1, 1)` with squared length above 0.05 (not
/// normalised; the constructors normalise it).
fn rotation(rng: &mut Rng) -> Quat {
    loop {
        let q = Quat::from_array(rng.array(-1.0, 1.0));
        if q.length_squared() > 0.05 {
            return q;
        }
    }
}

/// A unit direction: x turned by a [`rotation`].
fn direction(rng: &mut Rng) -> Vec3 {
    (rotation(rng) * Vec3::X).normalize()
}

/// The worst error seen, in units of `ε·S` (printed with `--nocapture`), and the bound
/// `k·ε·S` every answer is held to (`ε`, `k` of the precision).
#[derive(Debug)]
pub(crate) struct Worst {
    eps: f64,
    k: f64,
    distance: f64,
    point: f64,
    apart: f64,
    width: f64,
    cases: usize,
    /// Cases whose exact interval is wider than the bound (the oracle's certified interval for
    /// columns that are not exactly orthogonal; sat-core's stored f64 columns rarely are), where
    /// an answer inside the interval passes unjudged.
    loose: usize,
    /// The case of the largest distance error.
    case: String,
}

impl Default for Worst {
    /// The f32 boxes' bound, `DISTANCE_K·ε·S`.
    fn default() -> Self {
        Worst::new(f64::from(EPS), f64::from(DISTANCE_K))
    }
}

/// A box as the checks read it, in either precision: centre, half-extents and axis columns in
/// f64 (exact), the exact box, and its answers in f64.
pub(crate) trait Measured<const N: usize>: std::fmt::Debug {
    fn frame(&self) -> ([f64; N], [f64; N], [[f64; N]; N]);
    fn exact_distance(&self, other: &Self) -> ExactDistance<N>;
    fn distance_to(&self, other: &Self) -> f64;
    /// `closest_points`: the distance and the two points.
    fn closest(&self, other: &Self) -> (f64, [f64; N], [f64; N]);
}

macro_rules! measured {
    ($obb:ty, $n:literal, $exact:ident, $bounds:ident, $wide:ident, $dmat:ident) => {
        impl Measured<$n> for $obb {
            fn frame(&self) -> ([f64; $n], [f64; $n], [[f64; $n]; $n]) {
                let (c, e) = (self.center().$wide(), self.half_extents().$wide());
                (
                    c.to_array(),
                    e.to_array(),
                    self.axes().$dmat().to_cols_array_2d(),
                )
            }
            fn exact_distance(&self, other: &Self) -> ExactDistance<$n> {
                $bounds(&$exact::from(self), &$exact::from(other))
            }
            fn distance_to(&self, other: &Self) -> f64 {
                self.distance(other).into()
            }
            fn closest(&self, other: &Self) -> (f64, [f64; $n], [f64; $n]) {
                let c = self.closest_points(other);
                (
                    c.distance.into(),
                    c.a.$wide().to_array(),
                    c.b.$wide().to_array(),
                )
            }
        }
    };
}

measured!(Obb3, 3, ExactBox3, distance_bounds3, as_dvec3, as_dmat3);
measured!(Obb2, 2, ExactBox2, distance_bounds2, as_dvec2, as_dmat2);
measured!(DObb3, 3, ExactBox3, distance_bounds3, wide3, wide_mat3);
measured!(DObb2, 2, ExactBox2, distance_bounds2, wide2, wide_mat2);

/// The identity on f64 vectors and matrices, under the names `measured!` calls.
trait Wide: Sized {
    fn wide3(self) -> Self {
        self
    }
    fn wide2(self) -> Self {
        self
    }
    fn wide_mat3(self) -> Self {
        self
    }
    fn wide_mat2(self) -> Self {
        self
    }
}

impl Wide for DVec3 {}
impl Wide for DVec2 {}
impl Wide for DMat3 {}
impl Wide for DMat2 {}

/// `outside3` and `outside2`: the distance from `x` to the parallelepiped the stored columns
/// span, from above: `x` minus the point with its coordinates clamped (a point of the
/// parallelepiped).
macro_rules! outside {
    ($name:ident, $n:literal, $dvec:ident, $dmat:ident) => {
        fn $name<B: Measured<$n>>(obb: &B, x: [f64; $n]) -> f64 {
            let (c, e, g) = obb.frame();
            let (c, e, g) = (
                $dvec::from(c),
                $dvec::from(e),
                $dmat::from_cols_array_2d(&g),
            );
            let lambda = g.inverse() * ($dvec::from(x) - c);
            (g * (lambda - lambda.clamp(-e, e))).length()
        }
    };
}

outside!(outside3, 3, DVec3, DMat3);
outside!(outside2, 2, DVec2, DMat2);

impl Worst {
    /// No case seen yet; the bound `k·ε·S`.
    pub(crate) fn new(eps: f64, k: f64) -> Worst {
        Worst {
            eps,
            k,
            distance: 0.0,
            point: 0.0,
            apart: 0.0,
            width: 0.0,
            cases: 0,
            loose: 0,
            case: String::new(),
        }
    }

    /// Checks one answer against the exact interval; panics beyond the bound.
    #[allow(clippy::too_many_arguments)]
    fn check<const N: usize>(
        &mut self,
        what: &str,
        d: f64,
        apart: f64,
        outside: [f64; 2],
        centres: [f64; 2],
        exact: &ExactDistance<N>,
    ) {
        let eps_s = self.eps * exact.scale;
        let bound = self.k * eps_s;
        let error = (d - exact.upper).max(exact.lower - d).max(0.0);
        let relative = |x: f64| x / eps_s;
        if relative(error) > self.distance {
            self.distance = relative(error);
            self.case = format!("{what}: {d:e} vs [{:e}, {:e}]", exact.lower, exact.upper);
        }
        self.width = self.width.max(relative(exact.upper - exact.lower));
        if exact.upper - exact.lower > bound {
            self.loose += 1;
        }
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
            let excess = (out - self.eps * centre).max(0.0);
            self.point = self.point.max(relative(excess));
            assert!(
                excess <= bound,
                "{what}: point {:.1} ε·S off its box",
                relative(excess)
            );
        }
        let mismatch = (apart - d).abs() - self.eps * (centres[0] + centres[1]);
        self.apart = self.apart.max(relative(mismatch.max(0.0)));
        assert!(
            mismatch <= bound,
            "{what}: points {apart:e} apart for a distance {d:e}"
        );
    }

    /// Checks `distance` and `closest_points` of `a` against `b` and of `b` against `a`, in
    /// 3D (`outside3`) or 2D (`outside2`).
    fn check_pair<const N: usize, B: Measured<N>>(
        &mut self,
        what: &str,
        a: &B,
        b: &B,
        outside: fn(&B, [f64; N]) -> f64,
    ) {
        let length = |v: [f64; N]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
        for (x, y) in [(a, b), (b, a)] {
            let exact = x.exact_distance(y);
            // `distance` takes shortcuts of its own (no points): judged alone.
            let d = x.distance_to(y);
            self.check(what, d, d, [0.0; 2], [0.0; 2], &exact);
            let (d, pa, pb) = x.closest(y);
            let apart = length(core::array::from_fn(|i| pb[i] - pa[i]));
            let centres = [x.frame().0, y.frame().0].map(length);
            let outside = [outside(x, pa), outside(y, pb)];
            self.check(what, d, apart, outside, centres, &exact);
        }
    }
}

/// Checks `a` against `b` and `b` against `a`.
pub(crate) fn check3<B: Measured<3>>(worst: &mut Worst, what: &str, a: &B, b: &B) {
    worst.check_pair(what, a, b, outside3)
}

pub(crate) fn check2<B: Measured<2>>(worst: &mut Worst, what: &str, a: &B, b: &B) {
    worst.check_pair(what, a, b, outside2)
}

/// `pair3` and `pair2` for one precision: its scalar, glam types and boxes, `ε`, the conversions
/// of the random f32 rotations and directions, and the origins and gaps of the families.
macro_rules! pair_families {
    (
        $real:ident, $vec2:ident, $vec3:ident, $quat:ident, $mat3:ident, $obb2:ident, $obb3:ident,
        $eps:expr, $quat3:expr, $vec:expr, $origins:expr, $gaps:expr, $origins2:expr, $gaps2:expr
    ) => {
        /// 1 or −1 with equal odds.
        fn either_way(rng: &mut Rng) -> $real {
            if rng.below(2) == 0 { 1.0 } else { -1.0 }
        }

        /// The corner lowest along `n`: the vertex of B that meets a face of A with outward
        /// normal `n`.
        fn lowest_along<V: Copy, const K: usize>(
            corners: [V; K],
            n: V,
            dot: fn(V, V) -> $real,
        ) -> V {
            corners
                .into_iter()
                .min_by(|x, y| dot(*x, n).total_cmp(&dot(*y, n)))
                .unwrap()
        }

        /// A 3D pair from one of the families, at size `s` around one of `origins(s)`, with one of
        /// `gaps(s, ε·s·4)`.
        pub(crate) fn pair3(rng: &mut Rng, family: usize) -> ($obb3, $obb3) {
            let s = [1e-3, 1.0, 1.0, 1e3][rng.below(4)];
            let origins = $origins(s);
            let origin = origins[rng.below(origins.len() as u64)];
            let extents = |rng: &mut Rng| {
                let mut e = $vec3::new(
                    rng.range::<$real>(0.05, 1.5),
                    rng.range::<$real>(0.05, 1.5),
                    rng.range::<$real>(0.05, 1.5),
                );
                if rng.below(10) == 0 {
                    e[rng.below(3)] = 0.0; // flat box
                }
                e * s
            };
            let (ea, eb) = (extents(rng), extents(rng));
            let qa = $quat3(super::rotation(rng));
            let a = $obb3::new(origin, ea, qa);
            let gaps = $gaps(s, $eps * s * 4.0);
            let gap = gaps[rng.below(gaps.len() as u64)];
            match family {
                // Random placement: about half overlap.
                0 => {
                    let c = origin
                        + $vec3::new(
                            rng.range::<$real>(-3.0, 3.0),
                            rng.range::<$real>(-3.0, 3.0),
                            rng.range::<$real>(-3.0, 3.0),
                        ) * s;
                    (a, $obb3::new(c, eb, $quat3(super::rotation(rng))))
                }
                // B's corner against a face of A (or slightly past its edge).
                1 => {
                    let qb = $quat3(super::rotation(rng));
                    let b0 = $obb3::new($vec3::ZERO, eb, qb);
                    let i = rng.below(3);
                    let n = a.axes().col(i) * either_way(rng);
                    let corner = lowest_along(b0.corners(), n, $vec3::dot);
                    let on_face = origin
                        + n * ea[i]
                        + a.axes().col((i + 1) % 3)
                            * rng.range::<$real>(-1.1, 1.1)
                            * ea[(i + 1) % 3]
                        + a.axes().col((i + 2) % 3)
                            * rng.range::<$real>(-1.1, 1.1)
                            * ea[(i + 2) % 3];
                    (a, $obb3::new(on_face + n * gap - corner, eb, qb))
                }
                // An edge of B across an edge of A.
                2 => {
                    let qb = $quat3(super::rotation(rng));
                    let b0 = $obb3::new($vec3::ZERO, eb, qb);
                    let (i, k) = (rng.below(3), rng.below(3));
                    let u = a.axes().col(i);
                    let v = b0.axes().col(k);
                    let n = u.cross(v);
                    if n.length() < 1e-3 {
                        return (a, b0);
                    }
                    let n = n.normalize();
                    let side = |m: usize, e: $vec3, axes: $mat3, sign: $real| {
                        let others = [(m + 1) % 3, (m + 2) % 3];
                        others.iter().fold($vec3::ZERO, |acc, &j| {
                            let c = axes.col(j);
                            acc + c * e[j] * sign * c.dot(n).signum()
                        })
                    };
                    let along_a = u * rng.range::<$real>(-0.9, 0.9) * ea[i];
                    let along_b = v * rng.range::<$real>(-0.9, 0.9) * eb[k];
                    let point_a = origin + side(i, ea, a.axes(), 1.0) + along_a;
                    let point_b = side(k, eb, b0.axes(), -1.0) + along_b;
                    (a, $obb3::new(point_a + n * gap - point_b, eb, qb))
                }
                // Near-parallel: B is A turned by 1e-8..1e-2 rad, face to face.
                3 => {
                    let tilt = $real::powf(10.0, rng.range::<$real>(-8.0, -2.0));
                    let qb =
                        qa.normalize() * $quat::from_axis_angle($vec(super::direction(rng)), tilt);
                    let i = rng.below(3);
                    let n = a.axes().col(i);
                    let slide =
                        a.axes().col((i + 1) % 3) * rng.range::<$real>(-1.0, 1.0) * ea[(i + 1) % 3];
                    let c = origin + n * (ea[i] + eb[i] + gap) + slide;
                    (a, $obb3::new(c, eb, qb))
                }
                // Corner to corner along a diagonal, or a corner to an edge.
                _ => {
                    let qb = $quat3(super::rotation(rng));
                    let b0 = $obb3::new($vec3::ZERO, eb, qb);
                    let dir = $vec(super::direction(rng));
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
                    (
                        a,
                        $obb3::new(ca + dir * (gap.abs() + 1e-3 * s) - cb, eb, qb),
                    )
                }
            }
        }

        /// A 2D pair from one of the families, as [`pair3`].
        pub(crate) fn pair2(rng: &mut Rng, family: usize) -> ($obb2, $obb2) {
            let s = [1e-3, 1.0, 1e3][rng.below(3)];
            let origins = $origins2(s);
            let origin = origins[rng.below(origins.len() as u64)];
            let extents = |rng: &mut Rng| {
                let mut e =
                    $vec2::new(rng.range::<$real>(0.05, 1.5), rng.range::<$real>(0.05, 1.5)) * s;
                if rng.below(10) == 0 {
                    e[rng.below(2)] = 0.0;
                }
                e
            };
            let (ea, eb) = (extents(rng), extents(rng));
            let a = $obb2::new(origin, ea, rng.range::<$real>(0.0, 7.0));
            let gaps = $gaps2(s, $eps * s * 4.0);
            let gap = gaps[rng.below(gaps.len() as u64)];
            match family {
                0 => {
                    let c = origin
                        + $vec2::new(rng.range::<$real>(-3.0, 3.0), rng.range::<$real>(-3.0, 3.0))
                            * s;
                    (a, $obb2::new(c, eb, rng.range::<$real>(0.0, 7.0)))
                }
                1 => {
                    let b0 = $obb2::new($vec2::ZERO, eb, rng.range::<$real>(0.0, 7.0));
                    let i = rng.below(2);
                    let n = a.axes().col(i) * either_way(rng);
                    let corner = lowest_along(b0.corners(), n, $vec2::dot);
                    let on_face = origin
                        + n * ea[i]
                        + a.axes().col(1 - i) * rng.range::<$real>(-1.1, 1.1) * ea[1 - i];
                    (
                        a,
                        $obb2::from_axes(on_face + n * gap - corner, eb, b0.axes()),
                    )
                }
                _ => {
                    let tilt = $real::powf(10.0, rng.range::<$real>(-8.0, -2.0)) * either_way(rng);
                    let angle = a.axes().x_axis.to_angle();
                    let i = rng.below(2);
                    let n = a.axes().col(i);
                    let c = origin
                        + n * (ea[i] + eb[i] + gap)
                        + a.axes().col(1 - i) * rng.range::<$real>(-1.0, 1.0) * ea[1 - i];
                    (a, $obb2::new(c, eb, angle + tilt))
                }
            }
        }
    };
}

/// The f32 families: origins up to 1e6·s, gaps of 0, ±4 ulps of `s`, 30 times that, 1e-4·s and
/// 0.3·s.
mod single {
    use glam::{Mat3, Quat, Vec2, Vec3};
    use sat_core::tolerance::EPS;
    use sat_core::{Obb2, Obb3};

    use super::Rng;

    pair_families!(
        f32,
        Vec2,
        Vec3,
        Quat,
        Mat3,
        Obb2,
        Obb3,
        EPS,
        |q: Quat| q,
        |v: Vec3| v,
        |s: f32| [
            Vec3::ZERO,
            Vec3::ZERO,
            Vec3::splat(1e3),
            Vec3::new(1e6, -2e5, 3e4)
        ]
        .map(|o| o * s),
        |s: f32, e: f32| [0.0, e, -e, 30.0 * e, 1e-4 * s, 0.3 * s],
        |s: f32| [Vec2::ZERO, Vec2::splat(1e3), Vec2::new(1e6, -3e4)].map(|o| o * s),
        |s: f32, e: f32| [0.0, e, -e, 1e-4 * s, 0.3 * s]
    );
}

use single::{pair2, pair3};

/// `cases` pairs of the families `pair` draws (family `n % families` for case `n`), each
/// checked by `check` against `worst`'s bound.
fn run_families<B: std::fmt::Debug>(
    what: &str,
    mut worst: Worst,
    mut rng: Rng,
    (cases, families): (usize, usize),
    pair: fn(&mut Rng, usize) -> (B, B),
    check: fn(&mut Worst, &str, &B, &B),
) {
    for n in 0..cases {
        let family = n % families;
        let (a, b) = pair(&mut rng, family);
        let case = format!("{what} family {family}, case {n}, {a:?}, {b:?}");
        check(&mut worst, &case, &a, &b);
    }
    println!("{what}: {worst:?}");
    // The oracle's interval judges nearly every answer at the bound.
    assert!(worst.loose * 100 <= worst.cases, "{what}: {worst:?}");
}

#[test]
fn random_and_touching_pairs_3d() {
    run_families(
        "3D",
        Worst::default(),
        Rng::new(0xd157),
        (60_000, 5),
        pair3,
        check3,
    );
}

#[test]
fn random_and_touching_pairs_2d() {
    run_families(
        "2D",
        Worst::default(),
        Rng::new(0xd152),
        (60_000, 3),
        pair2,
        check2,
    );
}

/// The exact value (rationals) lies in the f64 interval, and is the distance of the two points
/// it reports within rounding, for boxes whose columns are exactly orthogonal (quaternions).
#[test]
fn exact_distances_agree_with_their_bounds() {
    let mut rng = Rng::new(0xe1ac7);
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
        outside3(&a, c.a.as_dvec3().to_array()) < 1e-6
            && outside3(&b, c.a.as_dvec3().to_array()) < 1e-6,
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
        outside3(&a, c.a.as_dvec3().to_array()) < 1e-6
            && outside3(&touching, c.b.as_dvec3().to_array()) < 1e-6,
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
    let mut rng = Rng::new(0x5a3);
    for n in 0..60 {
        let (a, b) = pair3(&mut rng, n % 5);
        let (xa, xb) = (ExactBox3::from_obb(&a), ExactBox3::from_obb(&b));
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
    let a = Obb2::try_enclosing(
        glam::DVec2::new(-0.046_803_656_965_494_156, -0.026_971_597_224_473_953),
        glam::DVec2::new(0.003_058_088_477_700_948_7, 0.001_544_343_307_614_326_5),
        -90_289.372_864_170_65,
    )
    .unwrap();
    let b = Obb2::try_enclosing(
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

/// The f64 families: the f32 ones with gaps in f64 ulps, and boxes 1e6 m from the origin
/// whatever their size, 1 µm or 1 nm apart or 1 µm deep, where an f32 coordinate is 6 cm
/// coarse.
mod double {
    use glam::{DMat3, DQuat, DVec2, DVec3, Quat, Vec3};
    use sat_core::tolerance::EPS_F64;
    use sat_core::{DObb2, DObb3};

    use super::Rng;

    pair_families!(
        f64,
        DVec2,
        DVec3,
        DQuat,
        DMat3,
        DObb2,
        DObb3,
        EPS_F64,
        |q: Quat| q.as_dquat(),
        |v: Vec3| v.as_dvec3(),
        |s: f64| [
            DVec3::ZERO,
            DVec3::splat(1e3) * s,
            DVec3::new(1e6, -2e5, 3e4) * s,
            DVec3::new(1e6, 2e5, -3e5),
        ],
        |s: f64, e: f64| [0.0, e, -e, 30.0 * e, 1e-6, -1e-6, 1e-9, 1e-4 * s, 0.3 * s],
        |s: f64| [
            DVec2::ZERO,
            DVec2::splat(1e3) * s,
            DVec2::new(1e6, -3e4) * s,
            DVec2::new(-1e6, 4e5),
        ],
        |s: f64, e: f64| [0.0, e, -e, 1e-6, -1e-6, 1e-9, 1e-4 * s, 0.3 * s]
    );
}

#[test]
fn random_and_touching_pairs_3d_f64() {
    let worst = Worst::new(EPS_F64, DISTANCE_K_F64);
    run_families(
        "3D f64",
        worst,
        Rng::new(0xd164),
        (20_000, 5),
        double::pair3,
        check3,
    );
}

#[test]
fn random_and_touching_pairs_2d_f64() {
    let worst = Worst::new(EPS_F64, DISTANCE_K_F64);
    run_families(
        "2D f64",
        worst,
        Rng::new(0xd162),
        (20_000, 3),
        double::pair2,
        check2,
    );
}

/// Two turned 1 m crates 1e6 m out, 1 µm or 1 nm apart along A's face normal, touching or 1 µm
/// deep: the f64 distance is within `DISTANCE_K_F64·ε₆₄·S` (about 5e-13 m) of the exact
/// distance of the stored boxes, whose centres are the written ones rounded to f64 steps of
/// 1.2e-10 m out here, so it shows the gap to 1e-9 m; in f32 the crates' coordinates would be
/// 6 cm coarse.
#[test]
fn far_from_the_origin_micrometre_gaps() {
    let mut worst = Worst::new(EPS_F64, DISTANCE_K_F64);
    let far = DVec3::new(1e6, -3e5, 2e5);
    let turn = glam::DQuat::from_rotation_z(0.3) * glam::DQuat::from_rotation_x(0.2);
    let a = DObb3::new(far, DVec3::splat(0.5), turn);
    let a2 = DObb2::new(far.truncate(), DVec2::splat(0.5), 0.3);
    for gap in [1e-6, 1e-9, 0.0, -1e-6] {
        let b = DObb3::new(far + a.axes().x_axis * (1.0 + gap), DVec3::splat(0.5), turn);
        let c = a.closest_points(&b);
        assert!((c.distance - gap.max(0.0)).abs() <= 1e-9, "{gap:e}: {c:?}");
        assert!((a.distance(&b) - gap.max(0.0)).abs() <= 1e-9, "{gap:e}");
        check3(&mut worst, &format!("1 m crates {gap:e} apart"), &a, &b);
        let b2 = DObb2::new(
            far.truncate() + DVec2::from_angle(0.3) * (1.0 + gap),
            DVec2::splat(0.5),
            0.3,
        );
        assert!(
            (a2.distance(&b2) - gap.max(0.0)).abs() <= 1e-9,
            "2D {gap:e}"
        );
        check2(&mut worst, &format!("1 m squares {gap:e} apart"), &a2, &b2);
    }
    println!("{worst:?}");
}
