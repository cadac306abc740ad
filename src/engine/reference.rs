//! An independent exact reference: the gap of every candidate axis in exact rationals
//! (`num-rational`), written straight from the definition and sharing no code with
//! `sat_core::exact` (which scales everything to big integers).
//!
//! For the boxes the exact engines see ([`ExactPair`]): columns `g_i` taken exactly (a
//! quaternion's as `R(q)/|q|²` in rationals), candidate axes `L` the face normals (2D: the
//! perpendicular of the box's other column; 3D: `g_j × g_k`) and in 3D the nine edge axes
//! `g_Ai × g_Bj`. Along `L ≠ 0` the gap numerator is
//! `N(L) = |t·L| − Σ e_Ai |g_Ai·L| − Σ e_Bj |g_Bj·L|` with `t = c_B − c_A`; the boxes intersect
//! iff no `N(L)` is positive, and the gap is `N(L)/|L|`.
//!
//! `obbsat explain` prints these gaps; the tests check the `exact` and `certified` engines
//! against [`Reference::intersects`].

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use sat_core::Feature;
use sat_core::exact::{ExactBox2, ExactBox3, Rotation3};

use crate::case::ExactPair;

/// One candidate axis and its exact gap.
#[derive(Debug, Clone, PartialEq)]
pub struct AxisGap {
    /// Which candidate.
    pub feature: Feature,
    /// The axis direction, normalised in f64 (zero for a degenerate axis), oriented from A
    /// towards B (`t·L ≥ 0`).
    pub direction: Vec<f64>,
    /// The sign of the gap, exactly (`Equal`: touching along this axis). `None` for a
    /// degenerate axis (parallel edges: `L = 0`), which is no candidate.
    pub sign: Option<Ordering>,
    /// The gap `N(L)/|L|`, to f64 precision (its sign may round to zero; `sign` is exact).
    pub gap: f64,
}

/// The reference's answer for a pair.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// No candidate axis has a positive gap.
    pub intersects: bool,
    /// Every candidate axis, in the order `FaceA(..)`, `FaceB(..)`, `EdgePair(0, 0)`, ...
    pub gaps: Vec<AxisGap>,
}

impl Reference {
    /// The largest gap over the non-degenerate axes (the margin), to f64 precision.
    pub fn margin(&self) -> f64 {
        self.gaps
            .iter()
            .filter(|g| g.sign.is_some())
            .map(|g| g.gap)
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// The reference for a pair.
pub fn reference(pair: &ExactPair) -> Reference {
    match pair {
        ExactPair::Two(a, b) => reference2(a, b),
        ExactPair::Three(a, b) => reference3(a, b),
    }
}

type Vector = Vec<BigRational>;

/// An f64 as the rational it is.
fn rational(x: f64) -> BigRational {
    // Every value here passed the case format's checks, so it is finite.
    BigRational::from_float(x).unwrap_or_else(BigRational::zero)
}

fn vector(xs: &[f64]) -> Vector {
    xs.iter().map(|&x| rational(x)).collect()
}

fn dot(u: &[BigRational], v: &[BigRational]) -> BigRational {
    u.iter().zip(v).map(|(x, y)| x * y).sum()
}

fn cross(u: &[BigRational], v: &[BigRational]) -> Vector {
    vec![
        &u[1] * &v[2] - &u[2] * &v[1],
        &u[2] * &v[0] - &u[0] * &v[2],
        &u[0] * &v[1] - &u[1] * &v[0],
    ]
}

/// One box: centre, half-extents and columns, as rationals.
struct Solid {
    center: Vector,
    half_extents: Vector,
    columns: Vec<Vector>,
}

impl Solid {
    /// `Σ e_i |g_i·L|`: the box's projection radius on `L` (times `|L|`).
    fn radius(&self, axis: &[BigRational]) -> BigRational {
        self.half_extents
            .iter()
            .zip(&self.columns)
            .map(|(e, g)| e * dot(g, axis).abs())
            .sum()
    }
}

fn solid2(b: &ExactBox2) -> Solid {
    Solid {
        center: vector(&b.center),
        half_extents: vector(&b.half_extents),
        columns: b.axes.iter().map(|c| vector(c)).collect(),
    }
}

fn solid3(b: &ExactBox3) -> Solid {
    let columns = match b.rotation {
        Rotation3::Axes(columns) => columns.iter().map(|c| vector(c)).collect(),
        Rotation3::Quat(q) => quat_columns(q),
    };
    Solid {
        center: vector(&b.center),
        half_extents: vector(&b.half_extents),
        columns,
    }
}

/// The columns of `R(q)/|q|²` (column `i` is the image of the `i`-th unit vector), exactly.
fn quat_columns(q: [f64; 4]) -> Vec<Vector> {
    let [x, y, z, w] = q.map(rational);
    let n = &x * &x + &y * &y + &z * &z + &w * &w;
    let two = BigRational::from_integer(BigInt::from(2));
    let m = |v: BigRational| v / &n;
    let (xx, yy, zz, ww) = (&x * &x, &y * &y, &z * &z, &w * &w);
    vec![
        vec![
            m(&ww + &xx - &yy - &zz),
            m(&two * (&x * &y + &w * &z)),
            m(&two * (&x * &z - &w * &y)),
        ],
        vec![
            m(&two * (&x * &y - &w * &z)),
            m(&ww - &xx + &yy - &zz),
            m(&two * (&y * &z + &w * &x)),
        ],
        vec![
            m(&two * (&x * &z + &w * &y)),
            m(&two * (&y * &z - &w * &x)),
            m(&ww - &xx - &yy + &zz),
        ],
    ]
}

fn reference2(a: &ExactBox2, b: &ExactBox2) -> Reference {
    let (a, b) = (solid2(a), solid2(b));
    let perp = |v: &Vector| vec![-v[1].clone(), v[0].clone()];
    let candidates = vec![
        (Feature::FaceA(0), perp(&a.columns[1])),
        (Feature::FaceA(1), perp(&a.columns[0])),
        (Feature::FaceB(0), perp(&b.columns[1])),
        (Feature::FaceB(1), perp(&b.columns[0])),
    ];
    judge(&a, &b, candidates)
}

fn reference3(a: &ExactBox3, b: &ExactBox3) -> Reference {
    let (a, b) = (solid3(a), solid3(b));
    let face = |s: &Solid, i: usize| cross(&s.columns[(i + 1) % 3], &s.columns[(i + 2) % 3]);
    let mut candidates = Vec::with_capacity(15);
    for i in 0..3u8 {
        candidates.push((Feature::FaceA(i), face(&a, usize::from(i))));
    }
    for j in 0..3u8 {
        candidates.push((Feature::FaceB(j), face(&b, usize::from(j))));
    }
    for i in 0..3u8 {
        for j in 0..3u8 {
            let axis = cross(&a.columns[usize::from(i)], &b.columns[usize::from(j)]);
            candidates.push((Feature::EdgePair(i, j), axis));
        }
    }
    judge(&a, &b, candidates)
}

fn judge(a: &Solid, b: &Solid, candidates: Vec<(Feature, Vector)>) -> Reference {
    let t: Vector = b.center.iter().zip(&a.center).map(|(x, y)| x - y).collect();
    let gaps: Vec<AxisGap> = candidates
        .into_iter()
        .map(|(feature, axis)| gap(&t, a, b, feature, &axis))
        .collect();
    let intersects = !gaps.iter().any(|g| g.sign == Some(Ordering::Greater));
    Reference { intersects, gaps }
}

fn gap(t: &[BigRational], a: &Solid, b: &Solid, feature: Feature, axis: &[BigRational]) -> AxisGap {
    let length_squared = dot(axis, axis).to_f64().unwrap_or(0.0);
    if axis.iter().all(Zero::is_zero) {
        return AxisGap {
            feature,
            direction: vec![0.0; axis.len()],
            sign: None,
            gap: 0.0,
        };
    }
    let along = dot(t, axis);
    let numerator = along.abs() - a.radius(axis) - b.radius(axis);
    let length = length_squared.sqrt();
    let orient = if along.is_negative() { -1.0 } else { 1.0 };
    let direction = axis
        .iter()
        .map(|c| orient * c.to_f64().unwrap_or(0.0) / length)
        .collect();
    AxisGap {
        feature,
        direction,
        sign: Some(numerator.cmp(&BigRational::zero())),
        gap: numerator.to_f64().unwrap_or(0.0) / length,
    }
}
