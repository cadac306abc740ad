//! The recipe fields shared by 2D and 3D cases: size, extents, where box A sits, the gap at a
//! contact, tiny tilts and directions. Each names the regime it aims at; `Raw` variants take f32
//! bit patterns as they are (rarely chosen; out-of-range values are rejected by sat-core's
//! checked constructors and not counted).

use glam::{DVec2, DVec3};

use super::field_bytes::{field_bytes_enum, field_bytes_newtype, field_bytes_struct};
use super::geometry::{Contact, lean_columns, ulp32};

field_bytes_struct! {
    /// Everything that defines a case ([`Recipe2`](super::Recipe2),
    /// [`Recipe3`](super::Recipe3)): the type parameters are the field types that differ between
    /// the dimensions; see the field types for the regimes.
    pub struct Recipe<Extents, Rotation, Relative, Placement, RotationForm, Rewrite> {
        /// Size `s` of both boxes.
        pub size: Size,
        /// A's centre (in 2D its first two components).
        pub origin: Origin,
        /// A's half-extents.
        pub extents_a: Extents,
        /// B's half-extents.
        pub extents_b: Extents,
        /// A's rotation.
        pub rotation_a: Rotation,
        /// B's rotation, relative to A's.
        pub rotation_b: Relative,
        /// B's centre, relative to A.
        pub placement: Placement,
        /// How A and B are written.
        pub forms: [RotationForm; 2],
        /// Give the boxes to the tests as (B, A).
        pub swap: bool,
        /// The numbers as written: as built, or rewritten in f64 at the edge of what the
        /// checked constructors accept.
        pub rewrite: Rewrite,
    }
}

impl<const N: usize, Rotation, Relative, Placement, RotationForm, Rewrite>
    Recipe<[Extent; N], Rotation, Relative, Placement, RotationForm, Rewrite>
{
    /// `s` and A's and B's half-extents for it.
    pub(super) fn half_extents(&self) -> (f64, [f32; N], [f32; N]) {
        let s = self.size.value();
        (
            s,
            self.extents_a.map(|e| e.value(s)),
            self.extents_b.map(|e| e.value(s)),
        )
    }

    /// The boxes `(a, b)` in the order the tests get them: `(b, a)` when swapped.
    pub(super) fn ordered<T>(&self, a: T, b: T) -> (T, T) {
        if self.swap { (b, a) } else { (a, b) }
    }
}

field_bytes_enum! {
    /// The size `s` of the boxes: half-extents are fractions of it, offsets multiples.
    pub enum Size {
        /// `s = 1`.
        Unit = 4,
        /// `s = 2^k`, `k ∈ −10..=13`: with grid extents and offsets, exact touching is
        /// representable.
        Pow2(i8) = 6,
        /// Log-uniform in `1e-3..1e4`.
        LogUniform(u16) = 21,
        /// The magnitude of an f32 bit pattern.
        Raw(u32) = 1,
    }
}

impl Size {
    /// `s`.
    pub fn value(self) -> f64 {
        match self {
            Size::Unit => 1.0,
            Size::Pow2(k) => 2f64.powi(i32::from(k).rem_euclid(24) - 10),
            Size::LogUniform(v) => 10f64.powf(-3.0 + 7.0 * unit16(v)),
            Size::Raw(bits) => f64::from(f32::from_bits(bits).abs()),
        }
    }
}

field_bytes_enum! {
    /// One half-extent.
    pub enum Extent {
        /// `s · (0.05 + 0.95·v/65535)`, rounded to f32.
        Fraction(u16) = 20,
        /// `s · (1 + k mod 32)/32`: exact when `s` is a power of two.
        Grid(u8) = 6,
        /// `0.0`: a flat box, a segment or a point.
        Zero = 2,
        /// `-0.0` (sat-core reads it as zero).
        NegativeZero = 2,
        /// An f32 bit pattern with the sign bit cleared, not scaled (a box has six extents, so
        /// this is rarer than other raw variants).
        Raw(u32) = 1,
    }
}

impl Extent {
    /// The half-extent for size `s`.
    pub fn value(self, s: f64) -> f32 {
        match self {
            Extent::Fraction(v) => (s * (0.05 + 0.95 * unit16(v))) as f32,
            Extent::Grid(k) => (s * f64::from(1 + k % 32) / 32.0) as f32,
            Extent::Zero => 0.0,
            Extent::NegativeZero => -0.0,
            Extent::Raw(bits) => f32::from_bits(bits & 0x7fff_ffff),
        }
    }
}

field_bytes_newtype! {
    /// A direction: a point on the unit circle (2D) or sphere (3D) from 32 bits.
    pub struct Direction(pub u32);
}

impl Direction {
    /// Angle `2π·bits/2³²`.
    pub fn unit2(self) -> DVec2 {
        let angle = std::f64::consts::TAU * f64::from(self.0) / 4_294_967_296.0;
        DVec2::new(angle.cos(), angle.sin())
    }

    /// Height from the low 16 bits, azimuth from the high 16 (uniform on the sphere).
    pub fn unit3(self) -> DVec3 {
        let z = 2.0 * (f64::from(self.0 & 0xffff) + 0.5) / 65_536.0 - 1.0;
        let azimuth = std::f64::consts::TAU * f64::from(self.0 >> 16) / 65_536.0;
        let r = (1.0 - z * z).sqrt();
        DVec3::new(r * azimuth.cos(), r * azimuth.sin(), z)
    }
}

field_bytes_struct! {
    /// A direction and a 16-bit distance parameter.
    pub struct Offset {
        /// Which way.
        pub direction: Direction,
        /// How far, as the variant holding it says.
        pub distance: u16,
    }
}

impl Offset {
    /// B's centre for `Placement2/3::Random`: A's centre `ca` plus this offset's direction
    /// (`unit`, its [`Direction::unit2`] or [`Direction::unit3`]) times `0..1.4 · size`, rounded
    /// to f32.
    pub(super) fn centre<const N: usize>(
        self,
        ca: [f32; N],
        unit: [f64; N],
        size: f64,
    ) -> [f32; N] {
        let distance = 1.4 * unit16(self.distance) * size;
        core::array::from_fn(|i| (f64::from(ca[i]) + unit[i] * distance) as f32)
    }
}

/// B's centre for `Placement2/3::Grid(k)`: A's centre `ca` plus `k/64 · s` per component,
/// rounded to f32.
pub(super) fn grid_centre<const N: usize>(ca: [f32; N], k: [i16; N], s: f64) -> [f32; N] {
    core::array::from_fn(|i| (f64::from(ca[i]) + f64::from(k[i]) * s / 64.0) as f32)
}

/// `Rewrite2/3::ExtentDigits(k)`: half-extents with digits below f32's resolution (relative
/// `(k − 2¹⁵)/2¹⁵ · 2⁻²⁶`).
pub(super) fn extent_digits<const N: usize>(half_extents: [f64; N], k: u16) -> [f64; N] {
    let relative = centered16(k) * 2f64.powi(-26);
    half_extents.map(|e| e * (1.0 + relative))
}

/// `Rewrite2/3::Leaning(k)`: f64 columns leaned to 100 %, 90 % or 50 % of `AXES_TOLERANCE`
/// (`k mod 3`), seeded by `k` and the x of the box's centre.
pub(super) fn leaning<const N: usize>(cols: [[f64; N]; N], k: u16, center_x: f64) -> [[f64; N]; N] {
    let fraction = [1.0, 0.9, 0.5][usize::from(k % 3)];
    let seed = u64::from(k) ^ center_x.to_bits();
    lean_columns(cols, fraction, seed, |x| x)
}

field_bytes_enum! {
    /// Where box A's centre is.
    pub enum Origin {
        /// `±0.0` per component (bit `k` set: `-0.0`).
        Zero(u8) = 4,
        /// Within ten sizes of the origin.
        Near(Offset) = 12,
        /// `1e3..1e7` from the origin (log-uniform), whatever the size: coordinates far coarser
        /// than the boxes.
        Far(Offset) = 10,
        /// `k/4 · s` per component: exact touching stays representable.
        Grid([i8; 3]) = 5,
        /// f32 bit patterns.
        Raw([u32; 3]) = 1,
    }
}

impl Origin {
    /// The centre as f64 (exactly representable in f32 except for `Near` and `Far`, which the
    /// caller rounds).
    fn point(self, s: f64, direction: impl Fn(Direction) -> [f64; 3]) -> [f64; 3] {
        match self {
            Origin::Zero(signs) => {
                core::array::from_fn(|k| if signs >> k & 1 == 1 { -0.0 } else { 0.0 })
            }
            Origin::Near(o) => direction(o.direction).map(|x| x * 10.0 * s * unit16(o.distance)),
            Origin::Far(o) => {
                let r = 10f64.powf(3.0 + 4.0 * unit16(o.distance));
                direction(o.direction).map(|x| x * r)
            }
            Origin::Grid(k) => k.map(|k| f64::from(k) * s / 4.0),
            Origin::Raw(bits) => bits.map(|b| f64::from(f32::from_bits(b))),
        }
    }

    /// A's centre in 2D, rounded to f32.
    pub fn point2(self, s: f64) -> [f32; 2] {
        let p = self.point(s, |d| {
            let u = d.unit2();
            [u.x, u.y, 0.0]
        });
        [p[0] as f32, p[1] as f32]
    }

    /// A's centre in 3D, rounded to f32.
    pub fn point3(self, s: f64) -> [f32; 3] {
        self.point(s, |d| d.unit3().to_array()).map(|x| x as f32)
    }
}

field_bytes_enum! {
    /// The intended signed gap at a contact (positive: apart).
    pub enum Gap {
        /// Exactly touching (up to the rounding of B's centre).
        Zero = 3,
        /// `k mod 17` ulps of the largest coordinate or size.
        Ulps(i8) = 4,
        /// `(k mod 1024)/8 · ε·S`: around sat-core's band `48·ε·S`.
        Band(i16) = 3,
        /// `±1e-8..1e-3` of the size (log-uniform; the top bit is the sign).
        Tiny(u16) = 3,
        /// `±1e-3..0.3` of the size.
        Small(u16) = 2,
        /// An f32 bit pattern, absolute.
        Raw(u32) = 1,
    }
}

/// What a gap is measured against.
pub struct GapScale {
    /// `|e_A| + |e_B|`.
    pub size: f64,
    /// The largest coordinate magnitude (its ulp is the resolution of B's centre).
    pub far: f64,
    /// Estimate of `S = |t| + |e_A| + |e_B|`.
    pub scale: f64,
}

impl Gap {
    /// The gap for boxes of the given scale.
    pub fn value(self, at: &GapScale) -> f64 {
        let eps = f64::from(f32::EPSILON);
        match self {
            Gap::Zero => 0.0,
            Gap::Ulps(k) => f64::from(k % 17) * ulp32(at.far.max(at.size)),
            Gap::Band(k) => f64::from(k % 1024) / 8.0 * eps * at.scale,
            Gap::Tiny(v) => signed_log(v, -8.0, -3.0) * at.size,
            Gap::Small(v) => signed_log(v, -3.0, -0.5) * at.size,
            Gap::Raw(bits) => f64::from(f32::from_bits(bits)),
        }
    }
}

/// B's centre for a contact placement, rounded to f32: A's centre `ca` plus `offset` (B's offset
/// at gap zero, `size` = `|e_A| + |e_B|`) plus `gap` along the contact normal. Sets the
/// contact's gap and retunes one of A's half-extents `ea` (A's columns `ga`) to the rounded
/// centre (see [`Contact::retune`]).
pub(super) fn contact_centre<const N: usize>(
    ca: [f32; N],
    ea: &mut [f32; N],
    ga: &[[f64; N]; N],
    offset: [f64; N],
    size: f64,
    gap: Gap,
    mut contact: Contact<N>,
) -> [f32; N] {
    let at = GapScale {
        size,
        far: ca.iter().fold(0.0f64, |m, x| m.max(f64::from(x.abs()))),
        scale: offset.iter().map(|x| x * x).sum::<f64>().sqrt() + size,
    };
    contact.gap = gap.value(&at);
    let cb: [f32; N] = core::array::from_fn(|k| {
        (f64::from(ca[k]) + offset[k] + contact.normal[k] * contact.gap) as f32
    });
    let t = core::array::from_fn(|k| f64::from(cb[k]) - f64::from(ca[k]));
    contact.retune(ea, ga, t);
    cb
}

field_bytes_newtype! {
    /// A tiny rotation angle, `±1e-8..1e-2` rad, log-uniform (the top bit is the sign).
    pub struct Tilt(pub u16);
}

impl Tilt {
    /// The angle in radians.
    pub fn radians(self) -> f64 {
        signed_log(self.0, -8.0, -2.0)
    }

    /// The tilt whose angle is nearest `±10^exponent` (`exponent ∈ −8..=−2`), for seeds.
    pub fn of(exponent: f64, negative: bool) -> Tilt {
        let steps = ((exponent + 8.0) / 6.0 * 32_767.0).round() as u16;
        Tilt(steps.min(0x7fff) | if negative { 0x8000 } else { 0 })
    }
}

/// `v/65535` in `[0, 1]`.
pub(crate) fn unit16(v: u16) -> f64 {
    f64::from(v) / 65_535.0
}

/// `(v − 32768)/32768` in `[−1, 1)`: exactly 0 at 32768, −1 at 0.
pub(crate) fn centered16(v: u16) -> f64 {
    (f64::from(v) - 32_768.0) / 32_768.0
}

/// `±10^(lo + (hi − lo)·m/32767)` with `m` the low 15 bits of `v` and the sign its top bit.
fn signed_log(v: u16, lo: f64, hi: f64) -> f64 {
    let magnitude = 10f64.powf(lo + (hi - lo) * f64::from(v & 0x7fff) / 32_767.0);
    if v & 0x8000 == 0 {
        magnitude
    } else {
        -magnitude
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_as_documented() {
        assert_eq!(Size::Pow2(10).value(), 1.0);
        assert_eq!(Size::Pow2(23).value(), 8192.0);
        assert!((Size::LogUniform(0).value() - 1e-3).abs() < 1e-15);
        assert!((Size::LogUniform(u16::MAX).value() - 1e4).abs() < 1e-8);
        assert_eq!(Extent::Grid(31).value(4.0), 4.0);
        assert_eq!(
            Extent::NegativeZero.value(4.0).to_bits(),
            (-0.0f32).to_bits()
        );
        assert!((Tilt(0).radians() - 1e-8).abs() < 1e-20);
        assert!((Tilt(0xffff).radians() + 1e-2).abs() < 1e-14);
        assert!((Tilt::of(-5.0, true).radians() + 1e-5).abs() < 1e-8);
        let at = GapScale {
            size: 2.0,
            far: 1.0,
            scale: 3.0,
        };
        assert_eq!(Gap::Ulps(-1).value(&at), -2.0 * f64::from(f32::EPSILON));
        assert_eq!(
            Gap::Band(8 * 48).value(&at),
            48.0 * f64::from(f32::EPSILON) * 3.0
        );
        for bits in [0, 1, 0xffff, 0xffff_0000, u32::MAX] {
            assert!((Direction(bits).unit3().length() - 1.0).abs() < 1e-12);
        }
    }
}
