//! Exact casts: the time of impact of two boxes moving linearly, as a rational number
//! ([`toi3`], [`toi2`]), and the exact squared distance of two moving boxes at a rational time
//! or over a time interval ([`swept_distance_squared3`], [`swept_distance_squared2`]).
//!
//! # The time of impact
//!
//! With `p`, `w` and `r` of a candidate axis `L` as in [`cast`](crate::cast) (the centre
//! offset's and the relative velocity's coordinates along `L`, and the boxes' reach), the boxes
//! intersect at time `τ` exactly when `|p + τw| ≤ r` on every candidate axis: the time of
//! impact is the latest entry `(−r − sign(w)·p)/|w|`, if it is no later than every exit
//! `(r − sign(w)·p)/|w|` and `max_toi` (an axis with `w = 0` allows all times or none). As in
//! the verdict ([`exact`](crate::exact)), the centres, half-extents and velocities become
//! integers over one power of two and each box's columns integers over a denominator of its own,
//! so `p`, `w` and `r` times one positive constant are integers and each end is a quotient of
//! two integers: the answer is exact, for the boxes and velocities as written.
//!
//! `grow` adds the same amount to every half-extent of both boxes (clamped at zero when
//! negative), exactly: the time of impact of the pair grown or shrunk, by which a cast's answer
//! is judged.
//!
//! # Distances
//!
//! The distance of two moving boxes at time `τ` is the distance of A and B moved by
//! `(v_B − v_A)·τ`; its minimum over `[τ₀, τ₁]` is the distance of A and the convex hull of B at
//! `τ₀` and at `τ₁` (B swept along the segment). Both are distances of convex polytopes given
//! by their vertices, rational for rational times: they are computed by GJK in exact rationals
//! (van den Bergen's distance algorithm, the closest point of each simplex found by checking
//! every face's barycentric coordinates), which ends because the squared distance of the
//! simplex to the origin falls strictly at every step. Columns need not be orthogonal.
//!
//! ```
//! use sat_core::exact::{BigRational, ExactBox3, swept_distance_squared3, toi3};
//!
//! let identity = [0.0, 0.0, 0.0, 1.0];
//! let a = ExactBox3::from_quat([0.0; 3], [1.0; 3], identity);
//! let b = ExactBox3::from_quat([5.0, 0.5, 0.0], [1.0; 3], identity);
//! // B closes at 3 per second: its face x = 4 reaches A's x = 1 at τ = 1.
//! let hit = toi3(&a, [0.0; 3], &b, [-3.0, 0.0, 0.0], f64::INFINITY, 0.0).unwrap();
//! assert_eq!(hit.toi, BigRational::from_integer(1.into()));
//! assert!(!hit.penetrating);
//! // Grown by 0.25 each, the boxes meet half a unit of distance earlier.
//! let grown = toi3(&a, [0.0; 3], &b, [-3.0, 0.0, 0.0], f64::INFINITY, 0.25).unwrap();
//! assert_eq!(grown.toi, BigRational::new(5.into(), 6.into()));
//! // Over the first half second they come within 1.5 of each other, squared 2.25.
//! let zero = BigRational::from_integer(0.into());
//! let half = BigRational::new(1.into(), 2.into());
//! let d2 = swept_distance_squared3(&a, [0.0; 3], &b, [-3.0, 0.0, 0.0], &zero, &half);
//! assert_eq!(d2, BigRational::new(9.into(), 4.into()));
//! ```

use alloc::vec::Vec;
use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use super::box2::perp;
use super::box3::cross;
use super::dyadic::{integers, take};
use super::integer_pair::dot;
use super::{ExactBox2, ExactBox3, verdict2, verdict3};
use crate::Feature;

/// The exact time of impact of a linear cast with target distance `0`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExactToi {
    /// The first time in `[0, max_toi]` at which the closed boxes intersect.
    pub toi: BigRational,
    /// Whether they intersect at time `0` (touching counts): `toi` is `0`.
    pub penetrating: bool,
    /// The candidate axis whose interval opens last (the first of ties); for boxes that
    /// intersect at every time, the exact verdict's axis.
    pub feature: Feature,
}

impl ExactToi {
    /// `toi` rounded down to f64 (the largest f64 not above it).
    pub fn toi_down(&self) -> f64 {
        rational_down(&self.toi)
    }
}

/// The largest f64 not above `x` (`x` within f64's range).
pub(crate) fn rational_down(x: &BigRational) -> f64 {
    let nearest = rational_nearest(x);
    let back = BigRational::from_float(nearest).expect("a finite f64 is a rational");
    if &back > x {
        nearest.next_down()
    } else {
        nearest
    }
}

/// `x` to f64, within an ulp (the quotient of the integers rounded to 64 significant bits
/// first).
fn rational_nearest(x: &BigRational) -> f64 {
    let (num, den) = (x.numer(), x.denom());
    if num.is_zero() {
        return 0.0;
    }
    // num·2^k / den with 64..=65 bits, then scaled back exactly.
    let k = 64 + den.bits() as i64 - num.bits() as i64;
    let q = if k >= 0 {
        (num.abs() << k as usize) / den
    } else {
        num.abs() / (den << (-k) as usize)
    };
    let (_, digits) = q.to_u64_digits();
    let mut m = 0f64;
    for &d in digits.iter().rev() {
        m = m * 18_446_744_073_709_551_616.0 + d as f64;
    }
    let v = libm::ldexp(m, -(k.clamp(-2000, 2000) as i32));
    if num.sign() == Sign::Minus { -v } else { v }
}

/// A time `num/den` (`den > 0`), compared exactly.
#[derive(Debug, Clone)]
struct Time {
    num: BigInt,
    den: BigInt,
}

impl Time {
    fn before(&self, other: &Time) -> bool {
        &self.num * &other.den < &other.num * &self.den
    }
}

/// Two moving boxes as the exact casts read them: centres, half-extents and velocities as
/// given, and each box's columns in integers over its own denominator.
struct Pair<const N: usize> {
    centers: [[f64; N]; 2],
    half_extents: [[f64; N]; 2],
    velocities: [[f64; N]; 2],
    cols: [([[BigInt; N]; N], BigInt); 2],
}

impl Pair<3> {
    fn of3(a: &ExactBox3, va: [f64; 3], b: &ExactBox3, vb: [f64; 3]) -> Self {
        Pair {
            cols: [a.rotation.integer_columns(), b.rotation.integer_columns()],
            centers: [a.center, b.center],
            half_extents: [a.half_extents, b.half_extents],
            velocities: [va, vb],
        }
    }
}

impl Pair<2> {
    fn of2(a: &ExactBox2, va: [f64; 2], b: &ExactBox2, vb: [f64; 2]) -> Self {
        Pair {
            cols: [a.integer_columns(), b.integer_columns()],
            centers: [a.center, b.center],
            half_extents: [a.half_extents, b.half_extents],
            velocities: [va, vb],
        }
    }
}

impl<const N: usize> Pair<N> {
    /// Every length in order: the centres, the half-extents, the velocities.
    fn lengths(&self) -> Vec<f64> {
        let mut lengths: Vec<f64> = Vec::new();
        for group in [self.centers, self.half_extents, self.velocities] {
            lengths.extend(group.iter().flatten());
        }
        lengths
    }
}

/// A pair of boxes and their velocities in integers: `t = c_B − c_A` and `v = v_B − v_A` over
/// the lengths' power of two, each box's columns over its own denominator.
struct Moving<const N: usize> {
    cols: [([[BigInt; N]; N], BigInt); 2],
    ext: [[BigInt; N]; 2],
    t: [BigInt; N],
    v: [BigInt; N],
    /// `max_toi` as `num / 2^shift` (`None`: no limit).
    max_toi: Option<Time>,
}

impl<const N: usize> Moving<N> {
    fn new(pair: Pair<N>, grow: f64, max_toi: f64) -> Self {
        assert!(!max_toi.is_nan() && max_toi >= 0.0, "max_toi must be >= 0");
        for e in pair.half_extents.iter().flatten() {
            assert!(*e >= 0.0, "half-extents must be non-negative, got {e}");
        }
        let mut lengths = pair.lengths();
        lengths.push(grow);
        let (ints, _) = integers(&lengths, "centres, half-extents, velocities and growth");
        let mut ints = ints.into_iter();
        let [c_a, c_b]: [[BigInt; N]; 2] = [take(&mut ints), take(&mut ints)];
        let [e_a, e_b]: [[BigInt; N]; 2] = [take(&mut ints), take(&mut ints)];
        let [v_a, v_b]: [[BigInt; N]; 2] = [take(&mut ints), take(&mut ints)];
        let [g]: [BigInt; 1] = take(&mut ints);
        let grown = |e: [BigInt; N]| e.map(|x| (x + &g).max(BigInt::ZERO));
        let max_toi = max_toi.is_finite().then(|| {
            let (ints, shift) = integers(&[max_toi], "max_toi");
            Time {
                num: ints[0].clone(),
                den: BigInt::from(1) << shift,
            }
        });
        Moving {
            cols: pair.cols,
            ext: [grown(e_a), grown(e_b)],
            t: core::array::from_fn(|k| &c_b[k] - &c_a[k]),
            v: core::array::from_fn(|k| &v_b[k] - &v_a[k]),
            max_toi,
        }
    }

    /// `D_A·D_B·(p, w, r)` along `l` (the same positive factor, times the lengths' power of
    /// two, for every axis).
    fn along(&self, l: &[BigInt; N]) -> (BigInt, BigInt, BigInt) {
        let [(ga, da), (gb, db)] = &self.cols;
        let den_ab = da * db;
        let reach = |g: &[[BigInt; N]; N], e: &[BigInt; N]| -> BigInt {
            (0..N).map(|k| &e[k] * dot(&g[k], l).abs()).sum()
        };
        let p = &den_ab * dot(&self.t, l);
        let w = &den_ab * dot(&self.v, l);
        let r = db * reach(ga, &self.ext[0]) + da * reach(gb, &self.ext[1]);
        (p, w, r)
    }

    /// The time of impact over `axes`: latest entry against earliest exit.
    fn toi(
        &self,
        axes: impl IntoIterator<Item = (Feature, [BigInt; N])>,
        verdict: impl FnOnce() -> Feature,
    ) -> Option<ExactToi> {
        let mut entry: Option<(Time, Feature)> = None;
        let mut exit: Option<Time> = self.max_toi.clone();
        for (feature, l) in axes {
            if l.iter().all(Zero::is_zero) {
                continue;
            }
            let (p, w, r) = self.along(&l);
            if w.is_zero() {
                if p.abs() > r {
                    return None;
                }
                continue;
            }
            // Positive denominator |w|; the numerator's sign follows w's.
            let (num_p, den) = if w.is_negative() { (-p, -w) } else { (p, w) };
            let opens = Time {
                num: -&r - &num_p,
                den: den.clone(),
            };
            let closes = Time {
                num: r - num_p,
                den,
            };
            if entry.as_ref().is_none_or(|(e, _)| e.before(&opens)) {
                entry = Some((opens, feature));
            }
            if exit.as_ref().is_none_or(|x| closes.before(x)) {
                exit = Some(closes);
            }
        }
        let zero = Time {
            num: BigInt::ZERO,
            den: BigInt::from(1),
        };
        let (first, feature) = match entry {
            Some((time, feature)) => (time, Some(feature)),
            None => (zero.clone(), None),
        };
        let penetrating = !zero.before(&first);
        let toi = if penetrating { zero } else { first };
        if exit.as_ref().is_some_and(|x| x.before(&toi)) {
            return None;
        }
        Some(ExactToi {
            toi: BigRational::new(toi.num, toi.den),
            penetrating,
            feature: feature.unwrap_or_else(verdict),
        })
    }
}

/// The exact time of impact of two 3D boxes moving with velocities `va` and `vb` (target
/// distance `0`), within `[0, max_toi]` (`max_toi` may be `+∞`), every half-extent of both
/// grown by `grow` (negative shrinks, never below zero); `None` when they do not meet. See the
/// module docs.
///
/// # Panics
///
/// On a non-finite centre, half-extent, velocity or growth, a negative half-extent, a NaN or
/// negative `max_toi`, a zero quaternion.
pub fn toi3(
    a: &ExactBox3,
    va: [f64; 3],
    b: &ExactBox3,
    vb: [f64; 3],
    max_toi: f64,
    grow: f64,
) -> Option<ExactToi> {
    let pair = Pair::of3(a, va, b, vb);
    let cols = &pair.cols;
    let faces = [
        a.rotation.face_normals(&cols[0].0),
        b.rotation.face_normals(&cols[1].0),
    ];
    let mut axes = Vec::with_capacity(15);
    axes.extend(
        (0u8..)
            .zip(faces[0].clone())
            .map(|(i, l)| (Feature::FaceA(i), l)),
    );
    axes.extend(
        (0u8..)
            .zip(faces[1].clone())
            .map(|(j, l)| (Feature::FaceB(j), l)),
    );
    for (i, g) in (0u8..).zip(&cols[0].0) {
        for (k, h) in (0u8..).zip(&cols[1].0) {
            axes.push((Feature::EdgePair(i, k), cross(g, h)));
        }
    }
    let moving = Moving::new(pair, grow, max_toi);
    moving.toi(axes, || verdict3(a, b).feature)
}

/// [`toi3`] in 2D: the four face normals.
///
/// # Panics
///
/// As [`toi3`].
pub fn toi2(
    a: &ExactBox2,
    va: [f64; 2],
    b: &ExactBox2,
    vb: [f64; 2],
    max_toi: f64,
    grow: f64,
) -> Option<ExactToi> {
    let pair = Pair::of2(a, va, b, vb);
    let cols = &pair.cols;
    let faces = |c: &[[BigInt; 2]; 2]| [perp(&c[1]), perp(&c[0])];
    let axes: Vec<_> = (0u8..)
        .zip(faces(&cols[0].0))
        .map(|(i, l)| (Feature::FaceA(i), l))
        .chain(
            (0u8..)
                .zip(faces(&cols[1].0))
                .map(|(j, l)| (Feature::FaceB(j), l)),
        )
        .collect();
    let moving = Moving::new(pair, grow, max_toi);
    moving.toi(axes, || verdict2(a, b).feature)
}

/// A point with integer coordinates (over a denominator the caller keeps).
type Point<const N: usize> = [BigInt; N];

fn sub<const N: usize>(x: &Point<N>, y: &Point<N>) -> Point<N> {
    core::array::from_fn(|k| &x[k] - &y[k])
}

/// A moving box's vertices, every one an integer point over the common denominator `Den =
/// 2^shift·D_A·D_B·q₀·q₁` of [`hull_distance_squared`]'s callers: the lengths over `2^shift`,
/// columns `G/D`, times `n/q`.
struct Vertices<const N: usize> {
    /// `D_A·D_B`, `q₀·q₁`.
    dens: (BigInt, BigInt),
    /// The lengths' power of two.
    shift: u32,
    /// Lengths: centres, half-extents, `v = v_B − v_A` (numerators over `2^shift`).
    c: [Point<N>; 2],
    e: [Point<N>; 2],
    v: Point<N>,
    cols: [([[BigInt; N]; N], BigInt); 2],
}

impl<const N: usize> Vertices<N> {
    fn new(pair: Pair<N>, times: [&BigRational; 2]) -> Self {
        let lengths = pair.lengths();
        let cols = pair.cols;
        let (ints, shift) = integers(&lengths, "centres, half-extents and velocities");
        let mut ints = ints.into_iter();
        let c = [take(&mut ints), take(&mut ints)];
        let e = [take(&mut ints), take(&mut ints)];
        let [v_a, v_b]: [Point<N>; 2] = [take(&mut ints), take(&mut ints)];
        let dens = (&cols[0].1 * &cols[1].1, times[0].denom() * times[1].denom());
        Vertices {
            dens,
            shift,
            c,
            e,
            v: sub(&v_b, &v_a),
            cols,
        }
    }

    /// Box `which`'s vertices (`D·c + Σ ±E_i·G_i`, over `2^shift·D`), scaled by `factor`, and
    /// moved by `offset` (already over the common denominator).
    fn corners(&self, which: usize, factor: &BigInt, offset: &Point<N>) -> Vec<Point<N>> {
        let (g, den) = &self.cols[which];
        let e = &self.e[which];
        let centre: Point<N> = core::array::from_fn(|k| den * &self.c[which][k]);
        (0..1usize << N)
            .map(|corner| {
                core::array::from_fn(|k| {
                    let mut x = centre[k].clone();
                    for i in 0..N {
                        let term = &e[i] * &g[i][k];
                        if corner >> i & 1 == 1 {
                            x -= term;
                        } else {
                            x += term;
                        }
                    }
                    x * factor + &offset[k]
                })
            })
            .collect()
    }

    /// A's vertices, then B's at each of `times`, all over `Den = 2^shift·D_A·D_B·q₀·q₁`.
    fn hulls(&self, times: [&BigRational; 2]) -> (Vec<Point<N>>, Vec<Point<N>>) {
        let (da, db) = (&self.cols[0].1, &self.cols[1].1);
        let zero: Point<N> = core::array::from_fn(|_| BigInt::ZERO);
        let a = self.corners(0, &(db * &self.dens.1), &zero);
        let mut b = Vec::new();
        for (t, other) in times.iter().zip([times[1], times[0]]) {
            // B at t = n/q: (q·(D_B·c + Σ…) + D_B·v·n)/(2^shift·D_B·q), times D_A·q_other.
            let scale = da * other.denom();
            let shift: Point<N> = core::array::from_fn(|k| db * &self.v[k] * t.numer() * &scale);
            b.extend(self.corners(1, &(t.denom() * &scale), &shift));
            if times[0] == times[1] {
                break;
            }
        }
        (a, b)
    }

    /// `Den²`: the squared distance of the integer points is this many times the true one.
    fn den_squared(&self) -> BigInt {
        let den = (&self.dens.0 * &self.dens.1) << self.shift as usize;
        &den * &den
    }
}

/// The closest point to the origin of the convex hull of `simplex` (at most `N + 1` integer
/// points) as `X/d` (`d > 0`), and the points of the face it lies in (positive barycentric
/// coordinates), by every face's barycentric coordinates in integers (Cramer's rule on the
/// Gram matrix of its edges).
fn closest_of_simplex<const N: usize>(simplex: &[Point<N>]) -> (Point<N>, BigInt, Vec<Point<N>>) {
    let mut best: Option<(Point<N>, BigInt, Vec<Point<N>>)> = None;
    for mask in 1usize..1 << simplex.len() {
        let face: Vec<&Point<N>> = (0..simplex.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| &simplex[i])
            .collect();
        let Some((weights, d)) = barycentric(&face) else {
            continue;
        };
        if weights.iter().any(Signed::is_negative) {
            continue;
        }
        let x: Point<N> =
            core::array::from_fn(|k| face.iter().zip(&weights).map(|(p, l)| &p[k] * l).sum());
        // |x/d|² < |X/D|²  ⟺  |x|²·D² < |X|²·d²
        let closer = best
            .as_ref()
            .is_none_or(|(bx, bd, _)| dot(&x, &x) * bd * bd < dot(bx, bx) * &d * &d);
        if closer {
            let kept = face
                .iter()
                .zip(&weights)
                .filter(|(_, l)| l.is_positive())
                .map(|(p, _)| (*p).clone())
                .collect();
            best = Some((x, d, kept));
        }
    }
    best.expect("a single point is its own closest point")
}

/// The barycentric coordinates of the origin's projection onto the affine hull of `face`, as
/// integers over a positive common denominator, or `None` when its points are affinely
/// dependent. With `E_i = s_i − s₀` and the Gram matrix `M = EᵀE`: `μ = M⁻¹(−Eᵀs₀) =
/// adj(M)·b/det(M)`, `λ₀ = 1 − Σμ`.
fn barycentric<const N: usize>(face: &[&Point<N>]) -> Option<(Vec<BigInt>, BigInt)> {
    let k = face.len() - 1;
    if k == 0 {
        return Some((alloc::vec![BigInt::from(1)], BigInt::from(1)));
    }
    let e: Vec<Point<N>> = face[1..].iter().map(|s| sub(s, face[0])).collect();
    let m = |i: usize, j: usize| dot(&e[i], &e[j]);
    let b: Vec<BigInt> = e.iter().map(|ei| -dot(ei, face[0])).collect();
    let (det, mu): (BigInt, Vec<BigInt>) = match k {
        1 => (m(0, 0), alloc::vec![b[0].clone()]),
        2 => {
            let (a, c, d) = (m(0, 0), m(0, 1), m(1, 1));
            let det = &a * &d - &c * &c;
            let mu = alloc::vec![&d * &b[0] - &c * &b[1], &a * &b[1] - &c * &b[0]];
            (det, mu)
        }
        3 => {
            let g: [[BigInt; 3]; 3] = core::array::from_fn(|i| core::array::from_fn(|j| m(i, j)));
            let cof = |i: usize, j: usize| {
                let (r0, r1) = ((i + 1) % 3, (i + 2) % 3);
                let (c0, c1) = ((j + 1) % 3, (j + 2) % 3);
                &g[r0][c0] * &g[r1][c1] - &g[r0][c1] * &g[r1][c0]
            };
            let det: BigInt = (0..3).map(|j| &g[0][j] * cof(0, j)).sum();
            // adj(M) = cofactor matrixᵀ; M symmetric, so adj(M)_ij = cof(j, i) = cof(i, j).
            let mu = (0..3)
                .map(|i| (0..3).map(|j| cof(j, i) * &b[j]).sum())
                .collect();
            (det, mu)
        }
        _ => unreachable!("a simplex has at most four points"),
    };
    if det.is_zero() {
        return None;
    }
    // The Gram matrix of independent edges is positive definite: det > 0.
    let first = mu.iter().fold(det.clone(), |acc, x| acc - x);
    Some((core::iter::once(first).chain(mu).collect(), det))
}

/// `|x|²` for the closest points of the convex hulls of integer points `a` and `b` (GJK, exact),
/// as `(|X|², d²)` with `x = X/d`.
fn hull_distance_squared<const N: usize>(a: &[Point<N>], b: &[Point<N>]) -> (BigInt, BigInt) {
    // The point of the Minkowski difference B − A furthest against `x`.
    let support = |x: &Point<N>| {
        let lowest_b = b.iter().min_by_key(|p| dot(p, x)).expect("vertices");
        let highest_a = a.iter().max_by_key(|p| dot(p, x)).expect("vertices");
        sub(lowest_b, highest_a)
    };
    let mut simplex = alloc::vec![sub(&b[0], &a[0])];
    let (mut x, mut d) = (simplex[0].clone(), BigInt::from(1));
    loop {
        let norm = dot(&x, &x);
        if norm.is_zero() {
            return (norm, d);
        }
        let w = support(&x);
        // No point of the difference lies beyond the plane through x normal to x: x is the
        // closest (x/d·w ≥ |x/d|²).
        if dot(&x, &w) * &d >= norm {
            return (norm, &d * &d);
        }
        simplex.push(w);
        (x, d, simplex) = closest_of_simplex(&simplex);
    }
}

/// [`swept_distance_squared3`] and `2` over one dimension's parts.
fn swept<const N: usize>(pair: Pair<N>, from: &BigRational, to: &BigRational) -> BigRational {
    assert!(from <= to, "the time interval must not be empty");
    for e in pair.half_extents.iter().flatten() {
        assert!(*e >= 0.0, "half-extents must be non-negative, got {e}");
    }
    let vertices = Vertices::new(pair, [from, to]);
    let (a, b) = vertices.hulls([from, to]);
    let (norm, d2) = hull_distance_squared(&a, &b);
    BigRational::new(norm, d2 * vertices.den_squared())
}

/// The exact squared minimum distance over `from ≤ τ ≤ to` of two 3D boxes moving with
/// velocities `va` and `vb` (`from = to`: the squared distance at that time; `0` when they
/// intersect). See the module docs.
///
/// # Panics
///
/// On a non-finite input, a negative half-extent, a zero quaternion, or `from > to`.
pub fn swept_distance_squared3(
    a: &ExactBox3,
    va: [f64; 3],
    b: &ExactBox3,
    vb: [f64; 3],
    from: &BigRational,
    to: &BigRational,
) -> BigRational {
    swept(Pair::of3(a, va, b, vb), from, to)
}

/// [`swept_distance_squared3`] in 2D.
///
/// # Panics
///
/// As [`swept_distance_squared3`].
pub fn swept_distance_squared2(
    a: &ExactBox2,
    va: [f64; 2],
    b: &ExactBox2,
    vb: [f64; 2],
    from: &BigRational,
    to: &BigRational,
) -> BigRational {
    swept(Pair::of2(a, va, b, vb), from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(x: i64) -> BigRational {
        BigRational::from_integer(x.into())
    }

    fn rational(x: f64) -> BigRational {
        BigRational::from_float(x).expect("finite")
    }

    fn cube(center: [f64; 3], half: f64) -> ExactBox3 {
        ExactBox3::from_quat(center, [half; 3], [0.0, 0.0, 0.0, 1.0])
    }

    #[test]
    fn head_on_and_sliding() {
        let (a, b) = (cube([0.0; 3], 1.0), cube([5.0, 0.0, 0.0], 1.0));
        let hit = toi3(&a, [0.0; 3], &b, [-1.0, 0.0, 0.0], 10.0, 0.0).unwrap();
        assert_eq!(
            (hit.toi, hit.penetrating, hit.feature),
            (int(3), false, Feature::FaceA(0))
        );
        assert!(toi3(&a, [0.0; 3], &b, [-1.0, 0.0, 0.0], 2.5, 0.0).is_none());
        // Both moving: only the difference counts.
        let both = toi3(&a, [2.0, 1.0, 0.0], &b, [1.0, 1.0, 0.0], f64::INFINITY, 0.0);
        assert_eq!(both.unwrap().toi, int(3));
        // Sliding past above A (y = 2.5): never.
        let above = cube([5.0, 2.5, 0.0], 1.0);
        assert!(toi3(&a, [0.0; 3], &above, [-1.0, 0.0, 0.0], f64::INFINITY, 0.0).is_none());
        // Touching from above while sliding: all the time.
        let resting = cube([5.0, 2.0, 0.0], 1.0);
        let hit = toi3(&a, [0.0; 3], &resting, [-1.0, 0.0, 0.0], f64::INFINITY, 0.0).unwrap();
        assert_eq!((hit.toi, hit.penetrating), (int(3), false));
        let on_top = cube([0.5, 2.0, 0.0], 1.0);
        let hit = toi3(&a, [0.0; 3], &on_top, [-1.0, 0.0, 0.0], f64::INFINITY, 0.0).unwrap();
        assert_eq!((hit.toi, hit.penetrating), (int(0), true));
        // Moving away while touching at 0: still penetrating at 0.
        let hit = toi3(&a, [0.0; 3], &on_top, [0.0, 1.0, 0.0], 1.0, 0.0).unwrap();
        assert!(hit.penetrating);
        // No motion, apart: never, whatever max_toi.
        assert!(toi3(&a, [0.0; 3], &above, [0.0; 3], f64::INFINITY, 0.0).is_none());
    }

    #[test]
    fn an_edge_axis_closes_last() {
        // A turned 45° about z, B turned 45° about y: their edges cross (see `box3.rs`'s
        // crossed prisms); B approaches along x at speed 1 from 3 apart.
        let a = ExactBox3::from_axes(
            [0.0; 3],
            [0.5, 0.5, 1.0],
            [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        );
        let b = ExactBox3::from_axes(
            [5.0, 0.0, 0.0],
            [0.5, 1.0, 0.5],
            [[1.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]],
        );
        let hit = toi3(&a, [0.0; 3], &b, [-1.0, 0.0, 0.0], 10.0, 0.0).unwrap();
        assert_eq!((hit.toi, hit.feature), (int(3), Feature::EdgePair(2, 1)));
    }

    #[test]
    fn growing_and_shrinking() {
        let (a, b) = (cube([0.0; 3], 1.0), cube([5.0, 0.0, 0.0], 1.0));
        let grown = toi3(&a, [0.0; 3], &b, [-2.0, 0.0, 0.0], 10.0, 0.5).unwrap();
        assert_eq!(grown.toi, int(1));
        let shrunk = toi3(&a, [0.0; 3], &b, [-2.0, 0.0, 0.0], 10.0, -0.5).unwrap();
        assert_eq!(shrunk.toi, int(2));
        // Shrunk past zero: two points that meet at the same time as the centres.
        let points = toi3(&a, [0.0; 3], &b, [-2.0, 0.0, 0.0], 10.0, -3.0).unwrap();
        assert_eq!(points.toi, BigRational::new(5.into(), 2.into()));
    }

    #[test]
    fn squares_meet_at_a_rational_corner_time() {
        let square = |c: [f64; 2]| ExactBox2::from_axes(c, [1.0, 1.0], [[1.0, 0.0], [0.0, 1.0]]);
        // A diamond (columns (1, 1), (−1, 1): half-diagonal 2) falling on a square.
        let diamond = ExactBox2::from_axes([0.0, 7.0], [1.0, 1.0], [[1.0, 1.0], [-1.0, 1.0]]);
        let hit = toi2(
            &square([0.0, 0.0]),
            [0.0; 2],
            &diamond,
            [0.0, -3.0],
            10.0,
            0.0,
        )
        .unwrap();
        assert_eq!(hit.toi, BigRational::new(4.into(), 3.into()));
        assert_eq!(hit.toi_down(), 4.0 / 3.0); // the f64 nearest to 4/3 is below it
        // 3 apart at 30 per unit time: 1/10, whose nearest f64 is above it.
        let close = ExactBox2::from_axes([0.0, 6.0], [1.0, 1.0], [[1.0, 1.0], [-1.0, 1.0]]);
        let hit = toi2(
            &square([0.0, 0.0]),
            [0.0; 2],
            &close,
            [0.0, -30.0],
            10.0,
            0.0,
        )
        .unwrap();
        assert_eq!(hit.toi, BigRational::new(1.into(), 10.into()));
        assert_eq!(hit.toi_down(), 0.1f64.next_down());
    }

    #[test]
    fn distances_at_and_over_times() {
        let (a, b) = (cube([0.0; 3], 1.0), cube([5.0, 3.0, 0.0], 1.0));
        let v = [-1.0, 0.0, 0.0];
        // At τ = 1: B spans x 3..5, y 2..4: its corner edge is √(2² + 1²) from A's.
        assert_eq!(
            swept_distance_squared3(&a, [0.0; 3], &b, v, &int(1), &int(1)),
            int(5)
        );
        // Over [0, 4]: B passes over A, 1 above it.
        assert_eq!(
            swept_distance_squared3(&a, [0.0; 3], &b, v, &int(0), &int(4)),
            int(1)
        );
        // Intersecting: 0.
        let c = cube([1.5, 0.5, 0.5], 1.0);
        assert_eq!(
            swept_distance_squared3(&a, [0.0; 3], &c, v, &int(0), &int(0)),
            int(0)
        );
        // Turned boxes: a unit cube against one turned by q = (0, 0, 1, 2) (3/5, 4/5), corner
        // first: B's corner at 4 − 7/5 = 13/5 on x, −1/5 on y.
        let turned = ExactBox3::from_quat([4.0, 0.0, 0.0], [1.0; 3], [0.0, 0.0, 1.0, 2.0]);
        let d = swept_distance_squared3(&a, [0.0; 3], &turned, [0.0; 3], &int(0), &int(0));
        assert_eq!(d, BigRational::new(64.into(), 25.into()));
    }

    #[test]
    fn rounding_down_is_exact() {
        let third = BigRational::new(1.into(), 3.into());
        let x = rational_down(&third);
        assert!(rational(x) <= third && rational(x.next_up()) > third);
        assert_eq!(rational_down(&int(7)), 7.0);
        let tiny = BigRational::new(1.into(), BigInt::from(1) << 1100usize);
        assert_eq!(rational_down(&tiny), 0.0);
        let neg = -third;
        let y = rational_down(&neg);
        assert!(rational(y) <= neg && rational(y.next_up()) > neg);
    }
}
