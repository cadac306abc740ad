//! f64 vectors in packed lanes for `double.rs`: [`DVec3A`], [`DMat3A`] and [`DBVec3A`] stand in
//! for glam's `Vec3A`, `Mat3A` and `BVec3A` in the shared 3D sources (`obb3.rs`, `sat3.rs`),
//! with the methods those sources call.
//!
//! glam's `DVec3` is three scalars. [`DVec3A`] holds four f64 lanes aligned to 32 bytes; its
//! arithmetic, comparisons and `max`/`min` run on a [`Packed`] backend: [`Portable`] (the `wide` crate's `f64x4`,
//! which picks its instructions when the crate is compiled: two SSE2 or one AVX instruction per
//! operation) or, chosen at run time, the AVX intrinsics of `double/avx.rs`. Lanes `x`, `y`, `z`
//! compute exactly what `DVec3` computes: the same IEEE operation per lane (`max`/`min` as
//! `if a > b { a } else { b }`, the dot product as `(x·x' + y·y') + z·z'`), so `DObb3`'s results,
//! and the f64 bound of [`tolerance`](crate::tolerance) that rests on them, are bit for bit those
//! of the scalar code. The fourth lane `w` holds whatever the same operations make of it and never
//! reaches a result: reductions, masks' bits, equality and conversions read `x`, `y`, `z` only.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, BitOr, BitOrAssign, Div, Index, Mul, Neg, Not, Sub};

use glam::{DMat3, DVec3};
use wide::f64x4;

/// Four f64 lanes' operations, each lane the IEEE operation `DVec3` applies to its scalars.
pub(crate) trait Packed: Copy {
    fn add(a: [f64; 4], b: [f64; 4]) -> [f64; 4];
    fn sub(a: [f64; 4], b: [f64; 4]) -> [f64; 4];
    fn mul(a: [f64; 4], b: [f64; 4]) -> [f64; 4];
    fn div(a: [f64; 4], b: [f64; 4]) -> [f64; 4];
    /// The sign bit flipped.
    fn neg(a: [f64; 4]) -> [f64; 4];
    /// The sign bit cleared.
    fn abs(a: [f64; 4]) -> [f64; 4];
    /// `if a > b { a } else { b }`.
    fn max(a: [f64; 4], b: [f64; 4]) -> [f64; 4];
    /// `if a < b { a } else { b }`.
    fn min(a: [f64; 4], b: [f64; 4]) -> [f64; 4];
    /// All bits set where `a > b`.
    fn gt(a: [f64; 4], b: [f64; 4]) -> [u64; 4];
    /// All bits set where `a < b`.
    fn lt(a: [f64; 4], b: [f64; 4]) -> [u64; 4];
    /// All bits set where `a <= b`.
    fn le(a: [f64; 4], b: [f64; 4]) -> [u64; 4];
}

/// `f` on every pair of lanes.
#[inline(always)]
fn zip<T>(a: [f64; 4], b: [f64; 4], f: impl Fn(f64, f64) -> T) -> [T; 4] {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
}

/// The lanes where `f` holds, as a mask.
#[inline(always)]
fn compare(a: [f64; 4], b: [f64; 4], f: impl Fn(f64, f64) -> bool) -> [u64; 4] {
    zip(a, b, |a, b| if f(a, b) { u64::MAX } else { 0 })
}

/// The backend of the crate's compile-time target: `wide::f64x4` arithmetic (two SSE2
/// instructions per operation on the default x86-64 target, one AVX instruction where the
/// crate is built with AVX), comparisons and `max`/`min` lane by lane, which LLVM packs too.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Packed for Portable {
    #[inline(always)]
    fn add(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
        (f64x4::new(a) + f64x4::new(b)).to_array()
    }

    #[inline(always)]
    fn sub(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
        (f64x4::new(a) - f64x4::new(b)).to_array()
    }

    #[inline(always)]
    fn mul(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
        (f64x4::new(a) * f64x4::new(b)).to_array()
    }

    #[inline(always)]
    fn div(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
        (f64x4::new(a) / f64x4::new(b)).to_array()
    }

    #[inline(always)]
    fn neg(a: [f64; 4]) -> [f64; 4] {
        (-f64x4::new(a)).to_array()
    }

    #[inline(always)]
    fn abs(a: [f64; 4]) -> [f64; 4] {
        f64x4::new(a).abs().to_array()
    }

    #[inline(always)]
    fn max(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
        zip(a, b, |a, b| if a > b { a } else { b })
    }

    #[inline(always)]
    fn min(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
        zip(a, b, |a, b| if a < b { a } else { b })
    }

    #[inline(always)]
    fn gt(a: [f64; 4], b: [f64; 4]) -> [u64; 4] {
        compare(a, b, |a, b| a > b)
    }

    #[inline(always)]
    fn lt(a: [f64; 4], b: [f64; 4]) -> [u64; 4] {
        compare(a, b, |a, b| a < b)
    }

    #[inline(always)]
    fn le(a: [f64; 4], b: [f64; 4]) -> [u64; 4] {
        compare(a, b, |a, b| a <= b)
    }
}

/// glam's `DVec3` in four packed lanes (the fourth never read), operated on by `P`.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct DVec3A<P> {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) z: f64,
    /// Padding to four lanes: computed along, never read.
    w: f64,
    backend: PhantomData<P>,
}

impl<P: Packed> DVec3A<P> {
    pub(crate) const ZERO: Self = Self::splat(0.0);

    #[inline(always)]
    pub(crate) const fn new(x: f64, y: f64, z: f64) -> Self {
        Self::from_array([x, y, z, 0.0])
    }

    #[inline(always)]
    pub(crate) const fn splat(v: f64) -> Self {
        Self::from_array([v; 4])
    }

    #[inline(always)]
    const fn from_array([x, y, z, w]: [f64; 4]) -> Self {
        DVec3A {
            x,
            y,
            z,
            w,
            backend: PhantomData,
        }
    }

    /// The four lanes.
    #[inline(always)]
    fn lanes(self) -> [f64; 4] {
        [self.x, self.y, self.z, self.w]
    }

    /// The same lanes for backend `Q`.
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx")))]
    #[inline(always)]
    pub(crate) fn on<Q: Packed>(self) -> DVec3A<Q> {
        DVec3A::from_array(self.lanes())
    }

    #[inline(always)]
    pub(crate) fn abs(self) -> Self {
        Self::from_array(P::abs(self.lanes()))
    }

    /// `DVec3::max`: lane by lane `if a > b { a } else { b }`.
    #[inline(always)]
    pub(crate) fn max(self, rhs: Self) -> Self {
        Self::from_array(P::max(self.lanes(), rhs.lanes()))
    }

    /// `DVec3::min`: lane by lane `if a < b { a } else { b }`.
    #[inline(always)]
    pub(crate) fn min(self, rhs: Self) -> Self {
        Self::from_array(P::min(self.lanes(), rhs.lanes()))
    }

    /// `DVec3::clamp`: `self.max(min).min(max)`.
    #[inline(always)]
    pub(crate) fn clamp(self, min: Self, max: Self) -> Self {
        self.max(min).min(max)
    }

    #[inline(always)]
    pub(crate) fn cmpgt(self, rhs: Self) -> DBVec3A {
        DBVec3A::from_array(P::gt(self.lanes(), rhs.lanes()))
    }

    #[inline(always)]
    pub(crate) fn cmplt(self, rhs: Self) -> DBVec3A {
        DBVec3A::from_array(P::lt(self.lanes(), rhs.lanes()))
    }

    #[inline(always)]
    pub(crate) fn cmple(self, rhs: Self) -> DBVec3A {
        DBVec3A::from_array(P::le(self.lanes(), rhs.lanes()))
    }

    /// Lane `i` takes lane `i + 1` (mod 3).
    #[inline(always)]
    pub(crate) fn yzx(self) -> Self {
        Self::from_array([self.y, self.z, self.x, self.w])
    }

    /// Lane `i` takes lane `i + 2` (mod 3).
    #[inline(always)]
    pub(crate) fn zxy(self) -> Self {
        Self::from_array([self.z, self.x, self.y, self.w])
    }

    /// `DVec3::dot`: `(x·x' + y·y') + z·z'`.
    #[inline(always)]
    pub(crate) fn dot(self, rhs: Self) -> f64 {
        (self.x * rhs.x) + (self.y * rhs.y) + (self.z * rhs.z)
    }

    #[inline(always)]
    pub(crate) fn length_squared(self) -> f64 {
        self.dot(self)
    }

    /// `DVec3::min_element`: `min(x, min(y, z))` with `if a < b { a } else { b }`.
    #[inline(always)]
    pub(crate) fn min_element(self) -> f64 {
        let min = |a, b| if a < b { a } else { b };
        min(self.x, min(self.y, self.z))
    }

    #[inline(always)]
    pub(crate) fn to_array(self) -> [f64; 3] {
        [self.x, self.y, self.z]
    }
}

impl<P: Packed> From<DVec3> for DVec3A<P> {
    #[inline(always)]
    fn from(v: DVec3) -> Self {
        Self::new(v.x, v.y, v.z)
    }
}

impl<P: Packed> From<DVec3A<P>> for DVec3 {
    #[inline(always)]
    fn from(v: DVec3A<P>) -> DVec3 {
        DVec3::new(v.x, v.y, v.z)
    }
}

impl<P: Packed> PartialEq for DVec3A<P> {
    fn eq(&self, other: &Self) -> bool {
        DVec3::from(*self) == DVec3::from(*other)
    }
}

/// Printed as the `DVec3` it stands for.
impl<P: Packed> fmt::Debug for DVec3A<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&DVec3::from(*self), f)
    }
}

impl<P> Index<usize> for DVec3A<P> {
    type Output = f64;

    #[inline(always)]
    fn index(&self, lane: usize) -> &f64 {
        match lane {
            0 => &self.x,
            1 => &self.y,
            2 => &self.z,
            _ => panic!("DVec3A has lanes 0, 1 and 2"),
        }
    }
}

macro_rules! lanewise {
    ($($trait:ident $method:ident;)*) => {$(
        impl<P: Packed> $trait for DVec3A<P> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                Self::from_array(P::$method(self.lanes(), rhs.lanes()))
            }
        }
    )*};
}

lanewise! {
    Add add;
    Sub sub;
    Mul mul;
    Div div;
}

impl<P: Packed> Mul<f64> for DVec3A<P> {
    type Output = Self;

    #[inline(always)]
    fn mul(self, rhs: f64) -> Self {
        self * Self::splat(rhs)
    }
}

impl<P: Packed> Neg for DVec3A<P> {
    type Output = Self;

    #[inline(always)]
    fn neg(self) -> Self {
        Self::from_array(P::neg(self.lanes()))
    }
}

/// glam's `BVec3` as packed lane masks (all bits set where true); the fourth lane never read.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct DBVec3A {
    x: u64,
    y: u64,
    z: u64,
    /// Padding to four lanes: computed along, never read.
    w: u64,
}

impl DBVec3A {
    pub(crate) const FALSE: DBVec3A = DBVec3A {
        x: 0,
        y: 0,
        z: 0,
        w: 0,
    };

    #[inline(always)]
    fn from_array([x, y, z, w]: [u64; 4]) -> DBVec3A {
        DBVec3A { x, y, z, w }
    }

    /// `f` on every pair of lanes.
    #[inline(always)]
    fn zip(self, rhs: DBVec3A, f: impl Fn(u64, u64) -> u64) -> DBVec3A {
        DBVec3A {
            x: f(self.x, rhs.x),
            y: f(self.y, rhs.y),
            z: f(self.z, rhs.z),
            w: f(self.w, rhs.w),
        }
    }

    /// Bit `i` set when lane `i` is true, as `BVec3::bitmask`.
    #[inline(always)]
    pub(crate) fn bitmask(self) -> u32 {
        ((self.x & 1) | ((self.y & 1) << 1) | ((self.z & 1) << 2)) as u32
    }

    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        (self.x | self.y | self.z) != 0
    }

    #[inline(always)]
    pub(crate) fn all(self) -> bool {
        (self.x & self.y & self.z) != 0
    }
}

impl BitOr for DBVec3A {
    type Output = DBVec3A;

    #[inline(always)]
    fn bitor(self, rhs: DBVec3A) -> DBVec3A {
        self.zip(rhs, |a, b| a | b)
    }
}

impl BitOrAssign for DBVec3A {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: DBVec3A) {
        *self = *self | rhs;
    }
}

impl BitAnd for DBVec3A {
    type Output = DBVec3A;

    #[inline(always)]
    fn bitand(self, rhs: DBVec3A) -> DBVec3A {
        self.zip(rhs, |a, b| a & b)
    }
}

impl Not for DBVec3A {
    type Output = DBVec3A;

    #[inline(always)]
    fn not(self) -> DBVec3A {
        self.zip(self, |a, _| !a)
    }
}

/// glam's `DMat3` with [`DVec3A`] columns.
#[derive(Clone, Copy)]
pub(crate) struct DMat3A<P> {
    pub(crate) x_axis: DVec3A<P>,
    pub(crate) y_axis: DVec3A<P>,
    pub(crate) z_axis: DVec3A<P>,
}

impl<P: Packed> DMat3A<P> {
    #[inline(always)]
    pub(crate) fn transpose(&self) -> Self {
        DMat3::from(*self).transpose().into()
    }

    /// The same columns for backend `Q`.
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx")))]
    #[inline(always)]
    pub(crate) fn on<Q: Packed>(&self) -> DMat3A<Q> {
        DMat3A {
            x_axis: self.x_axis.on(),
            y_axis: self.y_axis.on(),
            z_axis: self.z_axis.on(),
        }
    }
}

impl<P: Packed> From<DMat3> for DMat3A<P> {
    #[inline(always)]
    fn from(m: DMat3) -> Self {
        DMat3A {
            x_axis: m.x_axis.into(),
            y_axis: m.y_axis.into(),
            z_axis: m.z_axis.into(),
        }
    }
}

impl<P: Packed> From<DMat3A<P>> for DMat3 {
    #[inline(always)]
    fn from(m: DMat3A<P>) -> DMat3 {
        DMat3::from_cols(m.x_axis.into(), m.y_axis.into(), m.z_axis.into())
    }
}

impl<P: Packed> PartialEq for DMat3A<P> {
    fn eq(&self, other: &Self) -> bool {
        DMat3::from(*self) == DMat3::from(*other)
    }
}

/// Printed as the `DMat3` it stands for.
impl<P: Packed> fmt::Debug for DMat3A<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&DMat3::from(*self), f)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use glam::{DMat3, DVec3, Vec3Swizzles};

    use super::{DMat3A, DVec3A, Packed, Portable};

    /// Values that tell roundings, signs, zeros and non-numbers apart.
    const SPECIAL: [f64; 12] = [
        0.0,
        -0.0,
        1.0,
        -1.5,
        0.1,
        1e-310,
        -3e300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        -7.25e-9,
    ];

    fn bits(v: DVec3) -> [u64; 3] {
        v.to_array().map(f64::to_bits)
    }

    fn same<P: Packed>(lanes: DVec3A<P>, scalar: DVec3) {
        assert_eq!(bits(lanes.into()), bits(scalar), "{lanes:?} vs {scalar:?}");
    }

    /// Every operation of the lanes on backend `P` against `DVec3`'s, bit for bit, on all
    /// triples of [`SPECIAL`] values paired with a rotation of themselves.
    pub(crate) fn each_operation_gives_dvec3_bits<P: Packed>() {
        let n = SPECIAL.len();
        for i in 0..n * n * n {
            let (p, q) = (
                DVec3::new(SPECIAL[i % n], SPECIAL[i / n % n], SPECIAL[i / n / n]),
                {
                    let j = (i * 7 + 5) % (n * n * n);
                    DVec3::new(SPECIAL[j % n], SPECIAL[j / n % n], SPECIAL[j / n / n])
                },
            );
            let (a, b) = (DVec3A::<P>::from(p), DVec3A::<P>::from(q));
            same(a + b, p + q);
            same(a - b, p - q);
            same(a * b, p * q);
            same(a / b, p / q);
            same(a * q.x, p * q.x);
            same(-a, -p);
            same(a.abs(), p.abs());
            same(a.max(b), p.max(q));
            same(a.min(b), p.min(q));
            same(a.clamp(b, b.max(a)), p.clamp(q, q.max(p)));
            same(a.yzx(), p.yzx());
            same(a.zxy(), p.zxy());
            same(DVec3A::<P>::splat(q.y), DVec3::splat(q.y));
            assert_eq!(a.dot(b).to_bits(), p.dot(q).to_bits());
            assert_eq!(a.length_squared().to_bits(), p.length_squared().to_bits());
            assert_eq!(a.min_element().to_bits(), p.min_element().to_bits());
            assert_eq!(a.to_array().map(f64::to_bits), bits(p));
            for (lanes, scalar) in [
                (a.cmpgt(b), p.cmpgt(q)),
                (a.cmplt(b), p.cmplt(q)),
                (a.cmple(b), p.cmple(q)),
                (a.cmpgt(b) | a.cmplt(b), p.cmpgt(q) | p.cmplt(q)),
                (a.cmple(b) & !a.cmplt(b), p.cmple(q) & !p.cmplt(q)),
            ] {
                assert_eq!(lanes.bitmask(), scalar.bitmask());
                assert_eq!(lanes.any(), scalar.any());
                assert_eq!(lanes.all(), scalar.all());
            }
            assert_eq!([0, 1, 2].map(|k| a[k].to_bits()), bits(p));
            let m = DMat3::from_cols(p, q, p.zxy());
            let lanes = DMat3A::<P>::from(m);
            let cols = |m: DMat3| m.to_cols_array().map(f64::to_bits);
            assert_eq!(cols(lanes.transpose().into()), cols(m.transpose()));
        }
    }

    #[test]
    fn wide_lanes_give_dvec3_bits() {
        each_operation_gives_dvec3_bits::<Portable>();
    }
}
