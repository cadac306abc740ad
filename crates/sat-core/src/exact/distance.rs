//! The distance of two boxes: exact where it is rational, otherwise a certified interval.
//!
//! # Which inputs are exact
//!
//! When each box's columns are *exactly* mutually orthogonal — a quaternion's `R(q)/|q|²`, a 2D
//! box from [`ExactBox2::from_cos_sin`] / `from_radians` / `from_degrees` (columns `(c, s)`,
//! `(−s, c)`), columns such as the signed permutations, and most boxes sat-core stores in 2D
//! — the closest point of a box to a point is a clamp in the box's own coordinates
//! `λ_j = g_j·(x − c)/|g_j|²`, so the squared distance of a vertex to a box and of two edges
//! (a 2×2 linear solve, or the end of an edge against the other) is a rational number, and so
//! is their minimum: the squared distance of disjoint boxes (the vertex–box and edge–edge
//! candidates of [`crate::distance`] are complete). [`distance3`] and [`distance2`] compute it
//! with `num-rational` and return it rounded outward to `f64` (`exact: true`, `lower` and
//! `upper` one ulp apart around it). Other inputs — columns orthonormal only to within rounding,
//! as sat-core's stored 3D boxes and leaned columns — are parallelepipeds; for those the answer
//! is the certified interval below (`exact: false`), whose width is a few rounding errors of
//! the columns' defect times the extents.
//!
//! # The f64 filter
//!
//! 1. In `f64`, every vertex of each box against the other box (a clamp in its coordinates)
//!    and, in 3D, every pair of edges (segment closest points) gives a pair of points `(p, q)`
//!    as box coordinates `λ` with `|λ_i| ≤ e_i`, so both are points of the exact boxes; the
//!    nearest pair is kept.
//! 2. `upper = |p − q|` evaluated with a rigorous error bound (the f64 columns of a quaternion
//!    err by at most `16·2⁻⁵³` per entry, which enters the bound), rounded up.
//! 3. `lower` is the largest gap of the two boxes along `n = q − p` of the pairs that tie with
//!    the nearest, or along a separating axis (support functions, with the same kind of bound),
//!    rounded down, or `0`: any direction's gap is a lower bound of the distance.
//! 4. If `lower ≤ 0`, the exact verdict ([`ExactBox3::intersects_certified`]) decides whether the
//!    boxes intersect (distance exactly `0`; `a = b` is then a common point found by clipping
//!    edges, or the nearest pair when rounding hides it).
//! 5. [`distance3`] / [`distance2`] go on for exactly orthogonal columns: each candidate gets a
//!    certified lower bound (its own features' gap along its own direction); only those not
//!    above `upper` — usually one, a few for symmetric pairs — are solved in rationals.
//!    [`distance_bounds3`] / [`distance_bounds2`] stop after step 4 (no rationals): what the
//!    fuzz targets use, in microseconds.
//!
//! ```
//! use sat_core::exact::{ExactBox3, distance3};
//!
//! // Two unit cubes, B turned by q = (0, 0, 1, 2) (cos = 3/5, sin = 4/5 about z, exactly).
//! let a = ExactBox3::from_quat([0.0; 3], [1.0; 3], [0.0, 0.0, 0.0, 1.0]);
//! let b = ExactBox3::from_quat([4.0, 0.0, 0.0], [1.0; 3], [0.0, 0.0, 1.0, 2.0]);
//! let d = distance3(&a, &b);
//! assert!(d.exact);
//! // B's nearest corner: 4 − (3 + 4)/5 = 2.6 on x (y = −0.2), so 1.6 from A's face x = 1.
//! assert!(d.lower <= 1.6 && 1.6 <= d.upper && d.upper - d.lower < 1e-14);
//! ```

use alloc::vec::Vec;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use super::margin::signed_root_quotient;
use super::{ExactBox2, ExactBox3, Rotation3};
use crate::single::obb3::quat_matrix_f64;
use crate::tolerance::sqrt_f64;

/// The distance of two boxes: exact (rounded outward) or a certified interval.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox2, distance2};
///
/// let square = |x: f64| ExactBox2::from_cos_sin([x, 0.0], [1.0; 2], 1.0, 0.0);
/// let d = distance2(&square(0.0), &square(3.0));
/// assert!(d.exact && d.lower <= 1.0 && 1.0 <= d.upper);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactDistance<const N: usize> {
    /// A lower bound of the distance (`0` for intersecting boxes).
    pub lower: f64,
    /// An upper bound of the distance.
    pub upper: f64,
    /// Whether `lower` and `upper` are the exact distance rounded down and up: the boxes
    /// intersect, or both have exactly orthogonal columns and [`distance3`] / [`distance2`]
    /// solved the candidates in rationals.
    pub exact: bool,
    /// A point of the first box (as `f64`, within a few ulps of the exact box), `upper` from
    /// `b` up to rounding; for intersecting boxes a point of both.
    pub a: [f64; N],
    /// A point of the second box.
    pub b: [f64; N],
    /// `S = |t| + |e_A| + |e_B|` in `f64`, the scale of sat-core's error bound.
    pub scale: f64,
}

impl<const N: usize> ExactDistance<N> {
    /// The middle of `lower` and `upper`: the exact distance (rounded) when [`exact`](Self::exact).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::exact::{ExactBox2, distance2};
    ///
    /// let square = |x: f64| ExactBox2::from_cos_sin([x, 0.0], [1.0; 2], 1.0, 0.0);
    /// assert_eq!(distance2(&square(0.0), &square(3.0)).distance(), 1.0);
    /// ```
    pub fn distance(&self) -> f64 {
        0.5 * (self.lower + self.upper)
    }
}

/// The exact distance of two 3D boxes (see the module docs for which inputs are exact).
///
/// # Panics
///
/// On a non-finite input, a negative half-extent or a zero quaternion.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox3, distance3};
///
/// let cube = |x: f64, y: f64| ExactBox3::from_quat([x, y, 0.0], [1.0; 3], [0.0, 0.0, 0.0, 1.0]);
/// let d = distance3(&cube(0.0, 0.0), &cube(5.0, 6.0)); // corner to corner: 3 and 4 apart
/// assert!(d.exact && (d.distance() - 5.0).abs() < 1e-12);
/// ```
pub fn distance3(a: &ExactBox3, b: &ExactBox3) -> ExactDistance<3> {
    let pair = Pair::new(Fbox::from3(a), Fbox::from3(b));
    let found = pair.bounds(|| a.intersects_certified(b));
    refine(&pair, found, || (Rational::from3(a), Rational::from3(b)))
}

/// The exact distance of two 2D boxes (see the module docs for which inputs are exact).
///
/// # Panics
///
/// On a non-finite input or a negative half-extent.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox2, distance2};
///
/// let a = ExactBox2::from_degrees([0.0, 0.0], [1.0, 1.0], 0.0);
/// let b = ExactBox2::from_degrees([3.0, 3.0], [1.0, 1.0], 90.0);
/// let d = distance2(&a, &b);
/// assert!(d.exact && d.lower <= 2f64.sqrt() && 2f64.sqrt() <= d.upper);
/// assert_eq!(d.a, [1.0, 1.0]);
/// ```
pub fn distance2(a: &ExactBox2, b: &ExactBox2) -> ExactDistance<2> {
    let pair = Pair::new(Fbox::from2(a), Fbox::from2(b));
    let found = pair.bounds(|| a.intersects_certified(b));
    refine(&pair, found, || (Rational::from2(a), Rational::from2(b)))
}

/// A certified interval for the distance of two 3D boxes, from the f64 filter alone (steps 1–4
/// of the module docs: no rationals; big integers only for a pair within rounding of touching,
/// through the exact verdict).
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox3, distance_bounds3};
///
/// let cube = |x: f64| ExactBox3::from_axes([x, 0.0, 0.0], [1.0; 3], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
/// let d = distance_bounds3(&cube(0.0), &cube(2.5));
/// assert!(d.lower <= 0.5 && 0.5 <= d.upper && d.upper - d.lower < 1e-14);
/// assert_eq!(distance_bounds3(&cube(0.0), &cube(2.0)).upper, 0.0); // touching
/// ```
pub fn distance_bounds3(a: &ExactBox3, b: &ExactBox3) -> ExactDistance<3> {
    Pair::new(Fbox::from3(a), Fbox::from3(b))
        .bounds(|| a.intersects_certified(b))
        .answer
}

/// [`distance_bounds3`] in 2D.
///
/// # Examples
///
/// ```
/// use sat_core::exact::{ExactBox2, distance_bounds2};
///
/// let square = |x: f64| ExactBox2::from_degrees([x, 0.0], [1.0; 2], 0.0);
/// let d = distance_bounds2(&square(0.0), &square(2.5));
/// assert!(d.lower <= 0.5 && 0.5 <= d.upper && d.upper - d.lower < 1e-14);
/// ```
pub fn distance_bounds2(a: &ExactBox2, b: &ExactBox2) -> ExactDistance<2> {
    Pair::new(Fbox::from2(a), Fbox::from2(b))
        .bounds(|| a.intersects_certified(b))
        .answer
}

/// `2⁻⁵³`.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// A box in f64, relative to the first box's centre: centre within `c_err` per coordinate
/// (`c_B − c_A` rounded once), half-extents exact, columns within `err` per entry of the exact
/// ones, and the inverse of the column matrix (for coordinates).
#[derive(Debug, Clone, Copy)]
struct Fbox<const N: usize> {
    c: [f64; N],
    c_err: [f64; N],
    e: [f64; N],
    g: [[f64; N]; N],
    err: f64,
    /// Rows of the inverse of the column matrix (zero rows for a singular one, whose
    /// coordinates are then taken as projections).
    inv: [[f64; N]; N],
}

impl Fbox<3> {
    fn from3(b: &ExactBox3) -> Self {
        check(&b.center, &b.half_extents);
        let (g, err) = match b.rotation {
            Rotation3::Quat(q) => {
                let largest = q.iter().fold(0.0f64, |m, c| m.max(c.abs()));
                assert!(
                    largest > 0.0 && q.iter().all(|c| c.is_finite()),
                    "quaternion must be non-zero and finite"
                );
                // A power of two keeps |q|² in range without changing R(q)/|q|².
                let scale = libm::ldexp(1.0, -libm::frexp(largest).1);
                let m = quat_matrix_f64(q.map(|c| c * scale));
                (m.to_cols_array_2d(), 16.0 * U)
            }
            Rotation3::Axes(cols) => {
                assert!(
                    cols.as_flattened().iter().all(|c| c.is_finite()),
                    "axes must be finite"
                );
                (cols, 0.0)
            }
        };
        let m = glam::DMat3::from_cols_array_2d(&g);
        let inv = if m.determinant() != 0.0 {
            m.inverse().transpose().to_cols_array_2d()
        } else {
            projections(&g)
        };
        Fbox {
            c: b.center,
            c_err: [0.0; 3],
            e: b.half_extents,
            g,
            err,
            inv,
        }
    }
}

impl Fbox<2> {
    fn from2(b: &ExactBox2) -> Self {
        check(&b.center, &b.half_extents);
        assert!(
            b.axes.as_flattened().iter().all(|c| c.is_finite()),
            "axes must be finite"
        );
        let m = glam::DMat2::from_cols_array_2d(&b.axes);
        let inv = if m.determinant() != 0.0 {
            m.inverse().transpose().to_cols_array_2d()
        } else {
            projections(&b.axes)
        };
        Fbox {
            c: b.center,
            c_err: [0.0; 2],
            e: b.half_extents,
            g: b.axes,
            err: 0.0,
            inv,
        }
    }
}

fn check<const N: usize>(center: &[f64; N], half: &[f64; N]) {
    assert!(
        center.iter().chain(half).all(|v| v.is_finite()),
        "centres and half-extents must be finite"
    );
    assert!(
        half.iter().all(|&e| e >= 0.0),
        "half-extents must be non-negative"
    );
}

/// `g_i/|g_i|²` (zero for a zero column): the coordinates of a point when the columns are
/// orthogonal, and a usable stand-in for a degenerate matrix.
fn projections<const N: usize>(g: &[[f64; N]; N]) -> [[f64; N]; N] {
    g.map(|col| {
        let len2 = dot(&col, &col);
        if len2 > 0.0 {
            col.map(|x| x / len2)
        } else {
            [0.0; N]
        }
    })
}

fn dot<const N: usize>(x: &[f64; N], y: &[f64; N]) -> f64 {
    x.iter().zip(y).map(|(a, b)| a * b).sum()
}

impl<const N: usize> Fbox<N> {
    /// The point with coordinates `lambda` (f64).
    fn point(&self, lambda: &[f64; N]) -> [f64; N] {
        core::array::from_fn(|k| self.c[k] + (0..N).map(|i| lambda[i] * self.g[i][k]).sum::<f64>())
    }

    /// The coordinates of the nearest point to `x`: the clamped coordinates (exact for
    /// orthogonal columns), then three sweeps of exact coordinate descent (each coordinate
    /// minimised with the others fixed), which for columns orthonormal within `δ` leaves an
    /// error of order `δ³`.
    fn nearest(&self, x: &[f64; N]) -> [f64; N] {
        let mut lambda = self.coordinates(x);
        for i in 0..N {
            lambda[i] = lambda[i].clamp(-self.e[i], self.e[i]);
        }
        if self.err == 0.0 && self.orthogonal() {
            return lambda;
        }
        for _ in 0..3 {
            for i in 0..N {
                let len2 = dot(&self.g[i], &self.g[i]);
                if len2 > 0.0 {
                    let p = self.point(&lambda);
                    let r: [f64; N] = core::array::from_fn(|k| x[k] - p[k]);
                    lambda[i] =
                        (lambda[i] + dot(&self.g[i], &r) / len2).clamp(-self.e[i], self.e[i]);
                }
            }
        }
        lambda
    }

    /// Whether the f64 columns are exactly orthogonal.
    fn orthogonal(&self) -> bool {
        (0..N).all(|i| (i + 1..N).all(|j| dot(&self.g[i], &self.g[j]) == 0.0))
    }

    /// Coordinates of the vertex with sign bits `corner`.
    fn vertex(&self, corner: usize) -> [f64; N] {
        core::array::from_fn(|i| {
            if corner >> i & 1 == 1 {
                -self.e[i]
            } else {
                self.e[i]
            }
        })
    }
}

/// A feature of a box: the box with the coordinates marked not free fixed to the given values,
/// or the whole box (`None`).
type Feature<'a, const N: usize> = (&'a Fbox<N>, Option<(&'a [f64; N], &'a [bool; N])>);

/// A candidate pair of points, as coordinates in each box.
#[derive(Debug, Clone, Copy)]
struct Candidate<const N: usize> {
    a: [f64; N],
    b: [f64; N],
    /// Which features: vertex of A (`Vertex(true, corner)`), of B, or edge pair.
    kind: Kind,
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    /// A vertex (of A when `true`) against the other box.
    Vertex(bool, usize),
    /// Edge `(axis, corner)` of A and of B (3D).
    Edges((usize, usize), (usize, usize)),
}

/// The pair moved so that A's centre is the origin (f64 coordinates far from the origin would
/// cost their ulp in every bound).
struct Pair<const N: usize> {
    a: Fbox<N>,
    b: Fbox<N>,
    /// A's centre, added back to the points returned.
    origin: [f64; N],
    scale: f64,
}

/// What the filter found: the answer, and (for disjoint boxes) the candidates and `upper`.
struct Found<const N: usize> {
    answer: ExactDistance<N>,
    candidates: Vec<Candidate<N>>,
}

impl<const N: usize> Pair<N> {
    fn new(mut a: Fbox<N>, mut b: Fbox<N>) -> Self {
        let origin = a.c;
        let t: [f64; N] = core::array::from_fn(|k| b.c[k] - a.c[k]);
        let scale =
            libm::sqrt(dot(&t, &t)) + libm::sqrt(dot(&a.e, &a.e)) + libm::sqrt(dot(&b.e, &b.e));
        a.c = [0.0; N];
        b.c = t;
        b.c_err = t.map(|x| U * x.abs());
        Pair {
            a,
            b,
            origin,
            scale,
        }
    }

    /// A point relative to A's centre, back in the input's coordinates.
    fn world(&self, x: [f64; N]) -> [f64; N] {
        core::array::from_fn(|k| x[k] + self.origin[k])
    }

    /// Every candidate of the module docs' step 1, with its f64 closest points.
    fn candidates(&self) -> Vec<Candidate<N>> {
        let mut out = Vec::new();
        for corner in 0..1 << N {
            let v = self.a.vertex(corner);
            let b = self.b.nearest(&self.a.point(&v));
            out.push(Candidate {
                a: v,
                b,
                kind: Kind::Vertex(true, corner),
            });
            let w = self.b.vertex(corner);
            let a = self.a.nearest(&self.b.point(&w));
            out.push(Candidate {
                a,
                b: w,
                kind: Kind::Vertex(false, corner),
            });
        }
        if N == 3 {
            for ea in edges::<N>() {
                for eb in edges::<N>() {
                    let (a, b) = self.segment_pair(ea, eb);
                    out.push(Candidate {
                        a,
                        b,
                        kind: Kind::Edges(ea, eb),
                    });
                }
            }
        }
        out
    }

    /// Closest points of edge `ea` of A and `eb` of B in f64, as coordinates: A's parameter of
    /// the two lines' critical point, clamped, then each parameter re-projected and clamped
    /// (Ericson 5.1.9). The critical parameter is `s = (u×v)·(v×r)/|u×v|²` (Lagrange's identity
    /// on `(b·e − c·d)/(a·c − b²)`), which keeps its relative precision for edges a rounding away
    /// from parallel, where `a·c − b²` cancels.
    fn segment_pair(
        &self,
        (ia, ca): (usize, usize),
        (ib, cb): (usize, usize),
    ) -> ([f64; N], [f64; N]) {
        let (mut la, mut lb) = (self.a.vertex(ca), self.b.vertex(cb));
        la[ia] = 0.0;
        lb[ib] = 0.0;
        let (p0, q0) = (self.a.point(&la), self.b.point(&lb));
        let (u, v) = (self.a.g[ia], self.b.g[ib]);
        let (ha, hb) = (self.a.e[ia], self.b.e[ib]);
        let r: [f64; N] = core::array::from_fn(|k| p0[k] - q0[k]);
        let (aa, bb, cc) = (dot(&u, &u), dot(&u, &v), dot(&v, &v));
        let (dd, ee) = (dot(&u, &r), dot(&v, &r));
        let clamp_s = |s: f64| if aa > 0.0 { s.clamp(-ha, ha) } else { 0.0 };
        let clamp_t = |t: f64| if cc > 0.0 { t.clamp(-hb, hb) } else { 0.0 };
        // Edge pairs exist in 3D only (`candidates`).
        let uv = cross(&u, &v);
        let det = dot(&uv, &uv);
        let mut s = if det > 0.0 {
            clamp_s(dot(&uv, &cross(&v, &r)) / det)
        } else {
            0.0
        };
        let t = clamp_t((bb * s + ee) / cc);
        s = clamp_s((bb * t - dd) / aa);
        let t = clamp_t((bb * s + ee) / cc);
        la[ia] = s;
        lb[ib] = t;
        (la, lb)
    }

    /// Steps 1–4: the certified interval, and the candidates for step 5.
    fn bounds(&self, intersects: impl FnOnce() -> bool) -> Found<N> {
        let candidates = self.candidates();
        let squared = |c: &Candidate<N>| {
            let (p, q) = (self.a.point(&c.a), self.b.point(&c.b));
            (0..N).map(|k| (q[k] - p[k]) * (q[k] - p[k])).sum::<f64>()
        };
        let best = candidates
            .iter()
            .min_by(|x, y| squared(x).total_cmp(&squared(y)))
            .copied()
            .expect("a box has vertices");
        let (p, q) = (self.a.point(&best.a), self.b.point(&best.b));
        let upper = self.upper(&best.a, &best.b);
        // The gap along the direction of every pair that ties with the nearest (to `2⁻³⁰·S`), or
        // along a separating axis. Near-parallel edges leave a valley of pairs within rounding of
        // the distance whose directions differ by the tilt times the offset over the distance,
        // and only the one at the valley's end (a vertex) is the closest pair's direction; and a
        // pair's direction can be off by the clamp's rounding over the distance, which for a
        // distance of a few ulps of the boxes is no direction at all.
        let nearest = sqrt_f64(squared(&best));
        let lower = candidates
            .iter()
            .filter(|c| sqrt_f64(squared(c)) <= nearest + self.scale / (1u64 << 30) as f64)
            .map(|c| {
                let (p, q) = (self.a.point(&c.a), self.b.point(&c.b));
                let n: [f64; N] = core::array::from_fn(|k| q[k] - p[k]);
                self.gap_lower(&n, (&self.a, None), (&self.b, None))
            })
            .fold(self.axes_lower(), f64::max);
        let mut answer = ExactDistance {
            lower,
            upper,
            exact: false,
            a: self.world(p),
            b: self.world(q),
            scale: self.scale,
        };
        if lower <= 0.0 && intersects() {
            let x = self.world(self.common_point().unwrap_or(p));
            answer = ExactDistance {
                lower: 0.0,
                upper: 0.0,
                exact: true,
                a: x,
                b: x,
                scale: self.scale,
            };
            return Found {
                answer,
                candidates: Vec::new(),
            };
        }
        Found { answer, candidates }
    }

    /// A rigorous upper bound of the exact distance of the points with coordinates `la`, `lb`.
    fn upper(&self, la: &[f64; N], lb: &[f64; N]) -> f64 {
        let mut sum = Approx::exact(0.0);
        for k in 0..N {
            let mut diff = Approx::new(self.b.c[k], self.b.c_err[k]);
            for i in 0..N {
                let term_b = Approx::exact(lb[i]).mul(Approx::new(self.b.g[i][k], self.b.err));
                let term_a = Approx::exact(la[i]).mul(Approx::new(self.a.g[i][k], self.a.err));
                diff = diff.add(term_b).sub(term_a);
            }
            sum = sum.add(diff.mul(diff));
        }
        up(libm::sqrt(up(sum.v + sum.e)))
    }

    /// A rigorous lower bound (or `0`) of the gap between a feature of A and one of B along `n`:
    /// `min over B's feature of n·y − max over A's feature of n·x`, divided by `|n|`. A feature
    /// is the box with some coordinates fixed (`Some(coordinates, free axes)`), or the whole
    /// box (`None`).
    fn gap_lower(&self, n: &[f64; N], a: Feature<'_, N>, b: Feature<'_, N>) -> f64 {
        let length_sq: f64 = dot(n, n);
        let direction = length_sq > 0.0;
        if !direction {
            return 0.0;
        }
        // support(box, feature, ±n): centre (or fixed point) along n, plus the free radius.
        let side = |(bx, feature): Feature<'_, N>, sign: f64| {
            let mut centre = Approx::exact(0.0);
            let mut radius = Approx::exact(0.0);
            for k in 0..N {
                centre = centre.add(Approx::new(bx.c[k], bx.c_err[k]).mul(Approx::exact(n[k])));
            }
            for i in 0..N {
                let along = (0..N).fold(Approx::exact(0.0), |acc, k| {
                    acc.add(Approx::new(bx.g[i][k], bx.err).mul(Approx::exact(n[k])))
                });
                match feature {
                    Some((fixed, free)) if !free[i] => {
                        centre = centre.add(Approx::exact(fixed[i]).mul(along));
                    }
                    _ => radius = radius.add(Approx::exact(bx.e[i]).mul(along.abs())),
                }
            }
            // sign = +1: the maximum over the feature; −1: the minimum.
            if sign > 0.0 {
                centre.add(radius)
            } else {
                centre.sub(radius)
            }
        };
        let gap = side(b, -1.0).sub(side(a, 1.0));
        let numerator = gap.v - gap.e;
        let positive = numerator > 0.0;
        if !positive {
            return 0.0;
        }
        let length = libm::sqrt(length_sq) * (1.0 + 4.0 * U);
        numerator / length * (1.0 - 4.0 * U)
    }

    /// The largest certified gap over the separating-axis test's candidate axes (face normals,
    /// and in 3D the cross products of an edge of each box), each taken as an exact f64 vector
    /// in both orientations: a lower bound of the distance, equal to it when a vertex and a face
    /// or two edges are closest.
    fn axes_lower(&self) -> f64 {
        let (ga, gb) = (&self.a.g, &self.b.g);
        let mut axes: Vec<[f64; N]> = Vec::with_capacity(15);
        let normals = |g: &[[f64; N]; N]| -> Vec<[f64; N]> {
            (0..N)
                .map(|i| match N {
                    2 => {
                        let other = g[1 - i];
                        core::array::from_fn(|k| if k == 0 { -other[1] } else { other[0] })
                    }
                    _ => cross(&g[(i + 1) % 3], &g[(i + 2) % 3]),
                })
                .collect()
        };
        axes.extend(normals(ga));
        axes.extend(normals(gb));
        if N == 3 {
            for g in ga {
                for h in gb {
                    axes.push(cross(g, h));
                }
            }
        }
        axes.iter()
            .flat_map(|l| [*l, l.map(|x| -x)])
            .map(|l| self.gap_lower(&l, (&self.a, None), (&self.b, None)))
            .fold(0.0, f64::max)
    }

    /// The lower bound of one candidate's exact distance: its features' gap along its own
    /// direction.
    fn candidate_lower(&self, c: &Candidate<N>) -> f64 {
        let (p, q) = (self.a.point(&c.a), self.b.point(&c.b));
        let n: [f64; N] = core::array::from_fn(|k| q[k] - p[k]);
        let all = [false; N];
        match c.kind {
            Kind::Vertex(true, _) => {
                self.gap_lower(&n, (&self.a, Some((&c.a, &all))), (&self.b, None))
            }
            Kind::Vertex(false, _) => {
                self.gap_lower(&n, (&self.a, None), (&self.b, Some((&c.b, &all))))
            }
            Kind::Edges((ia, _), (ib, _)) => {
                let free = |axis: usize| core::array::from_fn(|i| i == axis);
                let (fa, fb) = (free(ia), free(ib));
                self.gap_lower(
                    &n,
                    (&self.a, Some((&c.a, &fa))),
                    (&self.b, Some((&c.b, &fb))),
                )
            }
        }
    }

    /// A point of both boxes, found by clipping every edge of each against the other in its
    /// coordinates (f64; `None` when rounding hides a touching contact).
    fn common_point(&self) -> Option<[f64; N]> {
        let clip = |from: &Fbox<N>, into: &Fbox<N>| -> Option<[f64; N]> {
            for axis in 0..N {
                for corner in 0..1 << N {
                    if corner >> axis & 1 == 1 {
                        continue;
                    }
                    let mut l = from.vertex(corner);
                    l[axis] = 0.0;
                    let start = into.coordinates(&from.point(&l));
                    let dir: [f64; N] = core::array::from_fn(|i| dot(&into.inv[i], &from.g[axis]));
                    let (mut lo, mut hi) = (-from.e[axis], from.e[axis]);
                    for i in 0..N {
                        if dir[i] == 0.0 {
                            if start[i].abs() > into.e[i] {
                                lo = f64::INFINITY;
                            }
                            continue;
                        }
                        let (t0, t1) = (
                            (-into.e[i] - start[i]) / dir[i],
                            (into.e[i] - start[i]) / dir[i],
                        );
                        lo = lo.max(t0.min(t1));
                        hi = hi.min(t0.max(t1));
                    }
                    if lo <= hi {
                        l[axis] = 0.5 * (lo + hi);
                        return Some(from.point(&l));
                    }
                }
            }
            None
        };
        clip(&self.b, &self.a).or_else(|| clip(&self.a, &self.b))
    }
}

impl<const N: usize> Fbox<N> {
    /// The coordinates of `x` (not clamped).
    fn coordinates(&self, x: &[f64; N]) -> [f64; N] {
        let r: [f64; N] = core::array::from_fn(|k| x[k] - self.c[k]);
        core::array::from_fn(|i| dot(&self.inv[i], &r))
    }
}

/// `u × v` for 3-vectors (the first three components; only called with `N = 3`).
fn cross<const N: usize>(u: &[f64; N], v: &[f64; N]) -> [f64; N] {
    core::array::from_fn(|k| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        u[i] * v[j] - u[j] * v[i]
    })
}

/// The edges of a box: `(axis, corner)` with the corner's bit on `axis` clear.
fn edges<const N: usize>() -> impl Iterator<Item = (usize, usize)> {
    (0..N).flat_map(|axis| {
        (0..1usize << N)
            .filter(move |c| c >> axis & 1 == 0)
            .map(move |c| (axis, c))
    })
}

/// Step 5 for exactly orthogonal columns: the candidates whose lower bound does not exceed
/// `upper`, solved in rationals.
fn refine<const N: usize>(
    pair: &Pair<N>,
    found: Found<N>,
    rationals: impl FnOnce() -> (Rational<N>, Rational<N>),
) -> ExactDistance<N> {
    let Found { answer, candidates } = found;
    if answer.exact {
        return answer;
    }
    let (ra, rb) = rationals();
    if !(ra.orthogonal() && rb.orthogonal()) {
        return answer;
    }
    let mut best: Option<BigRational> = None;
    for c in candidates
        .iter()
        .filter(|c| pair.candidate_lower(c) <= answer.upper)
    {
        let squared = match c.kind {
            Kind::Vertex(true, corner) => rb.point_squared(&ra.vertex(corner)),
            Kind::Vertex(false, corner) => ra.point_squared(&rb.vertex(corner)),
            Kind::Edges(ea, eb) => ra.edges_squared(ea, &rb, eb),
        };
        if best.as_ref().is_none_or(|b| squared < *b) {
            best = Some(squared);
        }
    }
    let Some(squared) = best else {
        return answer;
    };
    let value = if squared.is_zero() {
        0.0
    } else {
        // √(N/D) = N/√(N·D), within one ulp.
        let (numer, denom) = (squared.numer(), squared.denom());
        signed_root_quotient(numer, &(numer * denom), 0)
    };
    ExactDistance {
        lower: down(value),
        upper: up(value).max(value),
        exact: true,
        ..answer
    }
}

/// A box in rationals: centre, half-extents and the exact columns.
struct Rational<const N: usize> {
    c: [BigRational; N],
    e: [BigRational; N],
    g: [[BigRational; N]; N],
}

fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).expect("finite")
}

impl Rational<3> {
    fn from3(b: &ExactBox3) -> Self {
        let g = match b.rotation {
            Rotation3::Quat(q) => {
                let [x, y, z, w] = q.map(rational);
                let (xx, yy, zz, ww) = (&x * &x, &y * &y, &z * &z, &w * &w);
                let norm = &xx + &yy + &zz + &ww;
                let two = BigRational::from_integer(BigInt::from(2));
                let (xy, xz, yz) = (&x * &y, &x * &z, &y * &z);
                let (wx, wy, wz) = (&w * &x, &w * &y, &w * &z);
                let cols = [
                    [
                        &ww + &xx - &yy - &zz,
                        &two * (&xy + &wz),
                        &two * (&xz - &wy),
                    ],
                    [
                        &two * (&xy - &wz),
                        &ww - &xx + &yy - &zz,
                        &two * (&yz + &wx),
                    ],
                    [
                        &two * (&xz + &wy),
                        &two * (&yz - &wx),
                        &ww - &xx - &yy + &zz,
                    ],
                ];
                cols.map(|col| col.map(|v| v / &norm))
            }
            Rotation3::Axes(cols) => cols.map(|col| col.map(rational)),
        };
        Rational {
            c: b.center.map(rational),
            e: b.half_extents.map(rational),
            g,
        }
    }
}

impl Rational<2> {
    fn from2(b: &ExactBox2) -> Self {
        Rational {
            c: b.center.map(rational),
            e: b.half_extents.map(rational),
            g: b.axes.map(|col| col.map(rational)),
        }
    }
}

fn rdot<const N: usize>(x: &[BigRational; N], y: &[BigRational; N]) -> BigRational {
    x.iter().zip(y).map(|(a, b)| a * b).sum()
}

impl<const N: usize> Rational<N> {
    /// Whether every pair of columns is exactly orthogonal.
    fn orthogonal(&self) -> bool {
        (0..N).all(|i| (i + 1..N).all(|j| rdot(&self.g[i], &self.g[j]).is_zero()))
    }

    /// The point with coordinates `lambda`.
    fn point(&self, lambda: &[BigRational; N]) -> [BigRational; N] {
        core::array::from_fn(|k| {
            (0..N).fold(self.c[k].clone(), |acc, i| acc + &lambda[i] * &self.g[i][k])
        })
    }

    /// The vertex with sign bits `corner`.
    fn vertex(&self, corner: usize) -> [BigRational; N] {
        let lambda = core::array::from_fn(|i| {
            if corner >> i & 1 == 1 {
                -self.e[i].clone()
            } else {
                self.e[i].clone()
            }
        });
        self.point(&lambda)
    }

    /// The squared distance of `x` to the box (orthogonal columns: a clamp of each coordinate).
    fn point_squared(&self, x: &[BigRational; N]) -> BigRational {
        let r: [BigRational; N] = core::array::from_fn(|k| &x[k] - &self.c[k]);
        let lambda: [BigRational; N] = core::array::from_fn(|i| {
            let len2 = rdot(&self.g[i], &self.g[i]);
            if len2.is_zero() {
                BigRational::zero()
            } else {
                clamp(rdot(&self.g[i], &r) / len2, &self.e[i])
            }
        });
        let p = self.point(&lambda);
        (0..N).map(|k| (&x[k] - &p[k]) * (&x[k] - &p[k])).sum()
    }

    /// The squared distance of edge `ea` of this box and edge `eb` of `other`: the interior
    /// critical point of `|P(s) − Q(t)|²` when it lies on both edges, else the least of the four
    /// ends of one edge against the other (a convex quadratic's minimum over a rectangle).
    fn edges_squared(
        &self,
        (ia, ca): (usize, usize),
        other: &Rational<N>,
        (ib, cb): (usize, usize),
    ) -> BigRational {
        // Edges as P₀ + s·u, |s| ≤ e (P₀ the edge's midpoint).
        let middle = |bx: &Rational<N>, axis: usize, corner: usize| {
            let mut v = bx.vertex(corner);
            for k in 0..N {
                v[k] = &v[k] - &bx.e[axis] * &bx.g[axis][k];
            }
            v
        };
        let (p0, q0) = (middle(self, ia, ca), middle(other, ib, cb));
        let (u, v) = (&self.g[ia], &other.g[ib]);
        let (ha, hb) = (&self.e[ia], &other.e[ib]);
        let r: [BigRational; N] = core::array::from_fn(|k| &p0[k] - &q0[k]);
        let (a, b, c) = (rdot(u, u), rdot(u, v), rdot(v, v));
        let (d, e) = (rdot(u, &r), rdot(v, &r));
        let at = |s: &BigRational, t: &BigRational| -> BigRational {
            (0..N)
                .map(|k| {
                    let x = &r[k] + s * &u[k] - t * &v[k];
                    &x * &x
                })
                .sum()
        };
        let det = &a * &c - &b * &b;
        if !det.is_zero() {
            let s = (&b * &e - &c * &d) / &det;
            let t = (&a * &e - &b * &d) / &det;
            if s.abs() <= *ha && t.abs() <= *hb {
                return at(&s, &t);
            }
        }
        let best_t = |s: &BigRational| {
            if c.is_zero() {
                BigRational::zero()
            } else {
                clamp((&b * s + &e) / &c, hb)
            }
        };
        let best_s = |t: &BigRational| {
            if a.is_zero() {
                BigRational::zero()
            } else {
                clamp((&b * t - &d) / &a, ha)
            }
        };
        let (sa, sb) = ([-ha.clone(), ha.clone()], [-hb.clone(), hb.clone()]);
        sa.iter()
            .map(|s| (s.clone(), best_t(s)))
            .chain(sb.iter().map(|t| (best_s(t), t.clone())))
            .map(|(s, t)| at(&s, &t))
            .min()
            .expect("four ends")
    }
}

/// `x` clamped to `[−e, e]`.
fn clamp(x: BigRational, e: &BigRational) -> BigRational {
    if x > *e {
        e.clone()
    } else if x < -e {
        -e.clone()
    } else {
        x
    }
}

/// A value with a rigorous bound on its absolute error.
#[derive(Debug, Clone, Copy)]
struct Approx {
    v: f64,
    e: f64,
}

/// Covers the rounding of each error-bound computation (a few roundings of a positive sum).
const GROW: f64 = 1.0 + 8.0 * U;
/// Covers an underflowing product or sum (absolute error below the smallest normal's `U`).
const FLOOR: f64 = f64::MIN_POSITIVE;

impl Approx {
    fn exact(v: f64) -> Self {
        Approx { v, e: 0.0 }
    }

    fn new(v: f64, e: f64) -> Self {
        Approx { v, e }
    }

    fn add(self, o: Approx) -> Approx {
        let v = self.v + o.v;
        Approx {
            v,
            e: (self.e + o.e + U * v.abs()) * GROW + FLOOR,
        }
    }

    fn sub(self, o: Approx) -> Approx {
        self.add(Approx { v: -o.v, e: o.e })
    }

    fn mul(self, o: Approx) -> Approx {
        let v = self.v * o.v;
        let e = self.v.abs() * o.e + o.v.abs() * self.e + self.e * o.e + U * v.abs();
        Approx {
            v,
            e: e * GROW + FLOOR,
        }
    }

    fn abs(self) -> Approx {
        Approx {
            v: self.v.abs(),
            e: self.e,
        }
    }
}

/// `x` rounded up by more than its own rounding (a few ulps).
fn up(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        x * (1.0 + 4.0 * U) + FLOOR
    }
}

/// `x ≥ 0` rounded down by a few ulps.
fn down(x: f64) -> f64 {
    (x * (1.0 - 4.0 * U) - FLOOR).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID3: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    fn cube(center: [f64; 3]) -> ExactBox3 {
        ExactBox3::from_axes(center, [1.0; 3], ID3)
    }

    #[test]
    fn corner_to_corner_is_exact() {
        let d = distance3(&cube([0.0; 3]), &cube([3.0, 4.0, 2.0]));
        assert!(d.exact);
        let expected = (1.0f64 + 4.0 + 0.0).sqrt();
        assert!(d.lower <= expected && expected <= d.upper, "{d:?}");
        assert!(d.upper - d.lower <= 4.0 * f64::EPSILON * expected);
    }

    #[test]
    fn crossed_bars_intersect() {
        // Two long bars crossing in the middle: no vertex of either is in the other.
        let a = ExactBox3::from_axes([0.0; 3], [5.0, 0.5, 0.5], ID3);
        let b = ExactBox3::from_axes([0.0, 0.0, 0.2], [0.5, 5.0, 0.6], ID3);
        let d = distance3(&a, &b);
        assert_eq!((d.lower, d.upper, d.exact), (0.0, 0.0, true));
        for (k, x) in d.a.iter().enumerate() {
            assert!(x.abs() <= [0.5, 0.5, 0.5][k] + 1e-12, "{d:?}");
        }
    }

    #[test]
    fn skew_edges_in_rationals() {
        // A's edge along z at (1, 1); B turned 45° about x, its lowest edge along x at
        // y = 3 − √2·... — q = (sin 22.5°, 0, 0, cos 22.5°) is irrational, so use
        // q = (1, 0, 0, 2): cos = 3/5, sin = 4/5 about x.
        let a = cube([0.0; 3]);
        let b = ExactBox3::from_quat([0.0, 4.0, 0.0], [1.0; 3], [1.0, 0.0, 0.0, 2.0]);
        let d = distance3(&a, &b);
        assert!(d.exact);
        // B's lowest points: y = 4 − (3 + 4)/5 = 2.6 along an edge parallel to x: 1.6 from A.
        assert!(
            d.lower <= 1.6 && 1.6 <= d.upper && d.upper - d.lower < 1e-14,
            "{d:?}"
        );
    }

    /// A fuzz finding of the checker (`fuzz/regressions/distance2/`): a vertex of A two ulps
    /// of the boxes from the end of a long, slightly tilted segment. The nearest pair found in
    /// f64 is the segment's end, whose direction from A's vertex is off by the tilt: along it the
    /// far end of the segment comes back over A and the gap is negative. The separating axes
    /// (here B's face normal) give the lower bound instead.
    #[test]
    fn a_separating_axis_bounds_what_the_pair_direction_cannot() {
        let a = ExactBox2::from_axes(
            [0.0, 0.0],
            [0.0, 0.089_110_396_802_425_38],
            [[1.0, 0.0], [0.0, 1.0]],
        );
        let tilt = 2.888_775_441_078_905_7e-7;
        let b = ExactBox2::from_axes(
            [0.280_081_629_753_112_8, -0.089_110_456_407_070_16],
            [0.0, 0.280_081_629_753_112_8],
            [[tilt, -1.0], [1.0, tilt]],
        );
        let bounds = distance_bounds2(&a, &b);
        let exact = distance2(&a, &b);
        assert!(exact.exact);
        assert!(
            bounds.lower <= exact.lower && exact.upper <= bounds.upper,
            "{bounds:?}"
        );
        assert!(bounds.upper - bounds.lower < 1e-15, "{bounds:?}");
    }

    /// A checker finding (`fuzz/regressions/distance3/`): two segments 8.5e-7 rad from
    /// parallel, 7.5e-15 apart. `a·c − b²` of the closest-point solve cancels to below its own
    /// rounding there; the cross products keep the pair, and the interval, tight.
    #[test]
    fn near_parallel_segments_keep_a_tight_interval() {
        let a = ExactBox3::from_axes([0.0; 3], [0.0, 0.0, 7.277_308_464_050_293], ID3);
        let b = ExactBox3::from_quat(
            [
                -1.243_710_357_812_233_3e-6,
                -9.799_880_018_590_557e-8,
                0.840_018_153_190_612_8,
            ],
            [5.371_944_904_327_393, 0.0, 0.0],
            [
                0.707_106_471_061_706_5,
                1.590_401_588_202_894_3e-8,
                -0.707_107_067_108_154_3,
                6.286_977_338_731_958e-8,
            ],
        );
        let bounds = distance_bounds3(&a, &b);
        assert!(bounds.upper - bounds.lower < 1e-13, "{bounds:?}");
        let exact = distance3(&a, &b);
        assert!(
            bounds.lower <= exact.upper && exact.lower <= bounds.upper,
            "{exact:?}"
        );
    }

    #[test]
    fn leaned_columns_get_an_interval() {
        let lean = [[1.0, 1e-7, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let a = ExactBox3::from_axes([0.0; 3], [1.0; 3], lean);
        let d = distance3(&a, &cube([3.0, 0.5, 0.25]));
        assert!(!d.exact);
        assert!(d.lower <= 1.0 && 1.0 <= d.upper + 1e-6, "{d:?}");
        assert!(d.upper - d.lower < 1e-12, "{d:?}");
    }
}
