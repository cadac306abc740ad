//! f64 vectors in packed lanes for `double.rs`: [`DVec3A`], [`DMat3A`] and [`DBVec3A`] stand in
//! for glam's `Vec3A`, `Mat3A` and `BVec3A` in the shared 3D sources (`obb3.rs`, `sat3.rs`),
//! with the methods those sources call.
//!
//! glam's `DVec3` is three scalars. [`DVec3A`] holds four f64 lanes aligned to 32 bytes; its
//! arithmetic runs on `wide::f64x4` (two SSE2 or one AVX instruction per operation), its
//! comparisons and `max`/`min` lane by lane, which LLVM packs too. Lanes `x`, `y`, `z` compute
//! exactly what `DVec3` computes: the same IEEE operation per lane (`max`/`min` as
//! `if a > b { a } else { b }`, the dot product as `(x·x' + y·y') + z·z'`), so `DObb3`'s results,
//! and the f64 bound of [`tolerance`](crate::tolerance) that rests on them, are bit for bit those
//! of the scalar code. The fourth lane `w` holds whatever the same operations make of it and never
//! reaches a result: reductions, masks' bits, equality and conversions read `x`, `y`, `z` only.

use core::fmt;
use core::ops::{Add, BitAnd, BitOr, BitOrAssign, Div, Index, Mul, Neg, Not, Sub};

use glam::{DMat3, DVec3};
use wide::f64x4;

/// glam's `DVec3` in four packed lanes (the fourth never read).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct DVec3A {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) z: f64,
    /// Padding to four lanes: computed along, never read.
    w: f64,
}

impl DVec3A {
    pub(crate) const ZERO: DVec3A = DVec3A::splat(0.0);

    #[inline(always)]
    pub(crate) const fn new(x: f64, y: f64, z: f64) -> DVec3A {
        DVec3A { x, y, z, w: 0.0 }
    }

    #[inline(always)]
    pub(crate) const fn splat(v: f64) -> DVec3A {
        DVec3A {
            x: v,
            y: v,
            z: v,
            w: v,
        }
    }

    /// The four lanes as one `f64x4`.
    #[inline(always)]
    fn wide(self) -> f64x4 {
        f64x4::new([self.x, self.y, self.z, self.w])
    }

    /// [`wide`](Self::wide) undone.
    #[inline(always)]
    fn from_wide(v: f64x4) -> DVec3A {
        let [x, y, z, w] = v.to_array();
        DVec3A { x, y, z, w }
    }

    /// `f` on every pair of lanes.
    #[inline(always)]
    fn zip(self, rhs: DVec3A, f: impl Fn(f64, f64) -> f64) -> DVec3A {
        DVec3A {
            x: f(self.x, rhs.x),
            y: f(self.y, rhs.y),
            z: f(self.z, rhs.z),
            w: f(self.w, rhs.w),
        }
    }

    /// The lanes where `f` holds, as a mask.
    #[inline(always)]
    fn compare(self, rhs: DVec3A, f: impl Fn(f64, f64) -> bool) -> DBVec3A {
        let mask = |a, b| if f(a, b) { u64::MAX } else { 0 };
        DBVec3A {
            x: mask(self.x, rhs.x),
            y: mask(self.y, rhs.y),
            z: mask(self.z, rhs.z),
            w: mask(self.w, rhs.w),
        }
    }

    #[inline(always)]
    pub(crate) fn abs(self) -> DVec3A {
        DVec3A::from_wide(self.wide().abs())
    }

    /// `DVec3::max`: lane by lane `if a > b { a } else { b }`.
    #[inline(always)]
    pub(crate) fn max(self, rhs: DVec3A) -> DVec3A {
        self.zip(rhs, |a, b| if a > b { a } else { b })
    }

    /// `DVec3::min`: lane by lane `if a < b { a } else { b }`.
    #[inline(always)]
    pub(crate) fn min(self, rhs: DVec3A) -> DVec3A {
        self.zip(rhs, |a, b| if a < b { a } else { b })
    }

    /// `DVec3::clamp`: `self.max(min).min(max)`.
    #[inline(always)]
    pub(crate) fn clamp(self, min: DVec3A, max: DVec3A) -> DVec3A {
        self.max(min).min(max)
    }

    #[inline(always)]
    pub(crate) fn cmpgt(self, rhs: DVec3A) -> DBVec3A {
        self.compare(rhs, |a, b| a > b)
    }

    #[inline(always)]
    pub(crate) fn cmplt(self, rhs: DVec3A) -> DBVec3A {
        self.compare(rhs, |a, b| a < b)
    }

    #[inline(always)]
    pub(crate) fn cmple(self, rhs: DVec3A) -> DBVec3A {
        self.compare(rhs, |a, b| a <= b)
    }

    /// Lane `i` takes lane `i + 1` (mod 3).
    #[inline(always)]
    pub(crate) fn yzx(self) -> DVec3A {
        DVec3A {
            x: self.y,
            y: self.z,
            z: self.x,
            w: self.w,
        }
    }

    /// Lane `i` takes lane `i + 2` (mod 3).
    #[inline(always)]
    pub(crate) fn zxy(self) -> DVec3A {
        DVec3A {
            x: self.z,
            y: self.x,
            z: self.y,
            w: self.w,
        }
    }

    /// `DVec3::dot`: `(x·x' + y·y') + z·z'`.
    #[inline(always)]
    pub(crate) fn dot(self, rhs: DVec3A) -> f64 {
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

impl From<DVec3> for DVec3A {
    #[inline(always)]
    fn from(v: DVec3) -> DVec3A {
        DVec3A::new(v.x, v.y, v.z)
    }
}

impl From<DVec3A> for DVec3 {
    #[inline(always)]
    fn from(v: DVec3A) -> DVec3 {
        DVec3::new(v.x, v.y, v.z)
    }
}

impl PartialEq for DVec3A {
    fn eq(&self, other: &DVec3A) -> bool {
        DVec3::from(*self) == DVec3::from(*other)
    }
}

/// Printed as the `DVec3` it stands for.
impl fmt::Debug for DVec3A {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&DVec3::from(*self), f)
    }
}

impl Index<usize> for DVec3A {
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
    ($($trait:ident $method:ident $op:tt;)*) => {$(
        impl $trait for DVec3A {
            type Output = DVec3A;
            #[inline(always)]
            fn $method(self, rhs: DVec3A) -> DVec3A {
                DVec3A::from_wide(self.wide() $op rhs.wide())
            }
        }
    )*};
}

lanewise! {
    Add add +;
    Sub sub -;
    Mul mul *;
    Div div /;
}

impl Mul<f64> for DVec3A {
    type Output = DVec3A;

    #[inline(always)]
    fn mul(self, rhs: f64) -> DVec3A {
        DVec3A::from_wide(self.wide() * f64x4::splat(rhs))
    }
}

impl Neg for DVec3A {
    type Output = DVec3A;

    #[inline(always)]
    fn neg(self) -> DVec3A {
        DVec3A::from_wide(-self.wide())
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
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct DMat3A {
    pub(crate) x_axis: DVec3A,
    pub(crate) y_axis: DVec3A,
    pub(crate) z_axis: DVec3A,
}

impl DMat3A {
    #[inline(always)]
    pub(crate) fn transpose(&self) -> DMat3A {
        DMat3::from(*self).transpose().into()
    }

    /// Column `index` (0, 1 or 2).
    #[inline(always)]
    pub(crate) fn col(&self, index: usize) -> DVec3A {
        match index {
            0 => self.x_axis,
            1 => self.y_axis,
            2 => self.z_axis,
            _ => panic!("DMat3A has columns 0, 1 and 2"),
        }
    }
}

impl From<DMat3> for DMat3A {
    #[inline(always)]
    fn from(m: DMat3) -> DMat3A {
        DMat3A {
            x_axis: m.x_axis.into(),
            y_axis: m.y_axis.into(),
            z_axis: m.z_axis.into(),
        }
    }
}

impl From<DMat3A> for DMat3 {
    #[inline(always)]
    fn from(m: DMat3A) -> DMat3 {
        DMat3::from_cols(m.x_axis.into(), m.y_axis.into(), m.z_axis.into())
    }
}

/// Printed as the `DMat3` it stands for.
impl fmt::Debug for DMat3A {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&DMat3::from(*self), f)
    }
}

#[cfg(test)]
mod tests {
    use glam::{DMat3, DVec3, Vec3Swizzles};

    use super::{DMat3A, DVec3A};

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

    fn same(lanes: DVec3A, scalar: DVec3) {
        assert_eq!(bits(lanes.into()), bits(scalar), "{lanes:?} vs {scalar:?}");
    }

    /// Every operation of the lanes against `DVec3`'s, bit for bit, on all triples of
    /// [`SPECIAL`] values paired with a rotation of themselves.
    #[test]
    fn each_operation_gives_dvec3_bits() {
        let n = SPECIAL.len();
        for i in 0..n * n * n {
            let (p, q) = (
                DVec3::new(SPECIAL[i % n], SPECIAL[i / n % n], SPECIAL[i / n / n]),
                {
                    let j = (i * 7 + 5) % (n * n * n);
                    DVec3::new(SPECIAL[j % n], SPECIAL[j / n % n], SPECIAL[j / n / n])
                },
            );
            let (a, b) = (DVec3A::from(p), DVec3A::from(q));
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
            same(DVec3A::splat(q.y), DVec3::splat(q.y));
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
            let lanes = DMat3A::from(m);
            let cols = |m: DMat3| m.to_cols_array().map(f64::to_bits);
            assert_eq!(cols(lanes.transpose().into()), cols(m.transpose()));
            assert_eq!(
                [0, 1, 2].map(|k| bits(lanes.col(k).into())),
                [0, 1, 2].map(|k| bits(m.col(k)))
            );
        }
    }
}
