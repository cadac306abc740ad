//! How a 2D case is built: rectangle A from a size, extents, an angle and an origin; rectangle
//! B from its angle relative to A (independent, the same, or a quarter turn plus a tiny tilt) and
//! its placement (random, or a vertex or edge of B on an edge of A at an intended gap).
//!
//! Both rectangles are written as f32 axis columns `(c, s)` and `(−s, c)`: the exact oracle
//! takes those numbers as they are, and quarter turns are exact.

use glam::DVec2;

use super::box_input::BoxInput2;
use super::field_bytes::{field_bytes_enum, field_bytes_struct};
use super::geometry::{cols2, face_contact2, norm};
use super::recipe::{
    Extent, Offset, Recipe, Tilt, centered16, contact_centre, extent_digits, grid_centre, leaning,
};
use super::recipe3::{FaceContact, Nudge};

/// An angle as a number of exact quarter turns plus radians.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Turn {
    quarters: u8,
    radians: f64,
}

impl Turn {
    /// The f32 columns: `(cos θ, sin θ)` rounded once and turned by whole quarters exactly, and
    /// its exact perpendicular.
    fn columns(self) -> [[f32; 2]; 2] {
        let (sin, cos) = self.radians.sin_cos();
        let [mut c, mut s] = [cos as f32, sin as f32];
        for _ in 0..self.quarters % 4 {
            [c, s] = [-s, c];
        }
        [[c, s], [-s, c]]
    }
}

field_bytes_enum! {
    /// Rectangle A's angle (or B's, when independent).
    #[derive(Default)]
    pub enum Angle {
        /// Axis-aligned.
        #[default]
        Zero = 2,
        /// `k mod 4` quarter turns, exact.
        Quarter(u8) = 3,
        /// `2π·v/2³²`.
        Uniform(u32) = 8,
        /// An f32 bit pattern, in radians.
        Raw(u32) = 1,
    }
}

impl Angle {
    fn turn(self) -> Turn {
        let (quarters, radians) = match self {
            Angle::Zero => (0, 0.0),
            Angle::Quarter(k) => (k % 4, 0.0),
            Angle::Uniform(v) => (0, std::f64::consts::TAU * f64::from(v) / 4_294_967_296.0),
            Angle::Raw(bits) => (0, f64::from(f32::from_bits(bits))),
        };
        Turn { quarters, radians }
    }
}

field_bytes_struct! {
    /// B = A turned by whole quarters and tilted slightly.
    pub struct NearParallel2 {
        /// Quarter turns (`mod 4`).
        pub turn: u8,
        /// The tilt.
        pub tilt: Tilt,
    }
}

field_bytes_enum! {
    /// Rectangle B's angle relative to A's.
    #[derive(Default)]
    pub enum Relative2 {
        /// Bitwise A's columns.
        #[default]
        Same = 2,
        /// Its own angle.
        Independent(Angle) = 6,
        /// Edges within a tiny tilt of parallel.
        NearParallel(NearParallel2) = 6,
    }
}

field_bytes_enum! {
    /// Where rectangle B's centre is.
    pub enum Placement2 {
        /// In a random direction at `0..1.4 (|e_A| + |e_B|)`.
        Random(Offset) = 8,
        /// A vertex (an edge, when parallel) of B on an edge of A (`lateral[0]` is the position
        /// along it).
        Face(FaceContact) = 16,
        /// A's centre plus `k/64 · s` per component.
        Grid([i16; 2]) = 4,
        /// f32 bit patterns.
        Raw([u32; 2]) = 1,
    }
}

/// Everything that defines a 2D case. Rectangles are always written as f32 axis columns, so a
/// form is only how they are nudged.
pub type Recipe2 = Recipe<[Extent; 2], Angle, Relative2, Placement2, Nudge, Rewrite2>;

field_bytes_enum! {
    /// How the numbers of a 2D case are written (the rectangles stay the same within an ulp of
    /// the angle): as built (f32 columns), or in f64 as a user may write them.
    #[derive(Default)]
    pub enum Rewrite2 {
        /// The f32 columns as built.
        #[default]
        AsBuilt = 6,
        /// `"degrees"`: the columns' angle plus `k·27777/32767` whole turns (up to ±1e7°).
        Degrees(i16) = 1,
        /// `"angle"`: the columns' angle plus `k·15915/32767` whole turns (up to ±1e5 rad).
        Radians(i16) = 1,
        /// Half-extents with digits below f32's resolution (relative `(k − 2¹⁵)/2¹⁵ · 2⁻²⁶`).
        ExtentDigits(u16) = 1,
        /// Columns leaned to 100 %, 90 % or 50 % of `AXES_TOLERANCE` (`k mod 3`) in f64
        /// digits, seeded by `k`.
        Leaning(u16) = 1,
    }
}

impl Rewrite2 {
    /// `b` with its numbers rewritten this way.
    pub fn apply(self, b: &crate::case_box::Box2) -> crate::case_box::Box2 {
        use crate::case_box::Rotation2;
        let mut out = *b;
        let turns = |k: i16, most: i32| f64::from(i32::from(k) * most / 32_767);
        let angle = |b: &crate::case_box::Box2| match b.rotation {
            Rotation2::Axes([x, _]) => x[1].atan2(x[0]),
            Rotation2::Angle(a) => a,
            Rotation2::Degrees(d) => d.to_radians(),
        };
        match self {
            Rewrite2::AsBuilt => {}
            Rewrite2::Degrees(k) => {
                let degrees = angle(b).to_degrees() + 360.0 * turns(k, 27_777);
                out.rotation = Rotation2::Degrees(degrees);
            }
            Rewrite2::Radians(k) => {
                let radians = angle(b) + std::f64::consts::TAU * turns(k, 15_915);
                out.rotation = Rotation2::Angle(radians);
            }
            Rewrite2::ExtentDigits(k) => out.half_extents = extent_digits(b.half_extents, k),
            Rewrite2::Leaning(k) => {
                if let Rotation2::Axes(cols) = b.rotation {
                    out.rotation = Rotation2::Axes(leaning(cols, k, b.center[0]));
                }
            }
        }
        out
    }
}

impl Recipe2 {
    /// The two rectangles, as a case file would carry them.
    pub fn build(&self) -> (BoxInput2, BoxInput2) {
        let (s, mut ea, eb) = self.half_extents();
        let turn_a = self.rotation_a.turn();
        let turn_b = match self.rotation_b {
            Relative2::Same => turn_a,
            Relative2::Independent(angle) => angle.turn(),
            Relative2::NearParallel(n) => Turn {
                quarters: (turn_a.quarters + n.turn % 4) % 4,
                radians: turn_a.radians + n.tilt.radians(),
            },
        };
        // Columns as written (nudged or leaning); contacts are placed against them.
        let axes_a = self.forms[0].apply(turn_a.columns());
        let axes_b = self.forms[1].apply(turn_b.columns());
        let ca = self.origin.point2(s);
        let columns = |axes: [[f32; 2]; 2]| axes.map(|c| DVec2::from_array(c.map(f64::from)));
        let cb = self
            .placement
            .place(ca, &mut ea, eb, columns(axes_a), columns(axes_b), s);
        let a = BoxInput2 {
            center: ca,
            half_extents: ea,
            rotation: axes_a,
        };
        let b = BoxInput2 {
            center: cb,
            half_extents: eb,
            rotation: axes_b,
        };
        self.ordered(a, b)
    }
}

impl Placement2 {
    /// B's centre; for contacts, also retunes one of A's half-extents.
    fn place(
        self,
        ca: [f32; 2],
        ea: &mut [f32; 2],
        eb: [f32; 2],
        ga: [DVec2; 2],
        gb: [DVec2; 2],
        s: f64,
    ) -> [f32; 2] {
        let (ea64, eb64) = (ea.map(f64::from), eb.map(f64::from));
        let size = norm(&ea64) + norm(&eb64);
        let f = match self {
            Placement2::Random(o) => return o.centre(ca, o.direction.unit2().to_array(), size),
            Placement2::Face(f) => f,
            Placement2::Grid(k) => return grid_centre(ca, k, s),
            Placement2::Raw(bits) => return bits.map(f32::from_bits),
        };
        let i = usize::from(f.face % 2);
        let normal = ga[i] * if f.face % 4 >= 2 { -1.0 } else { 1.0 };
        let lateral = ga[1 - i] * (ea64[1 - i] * centered16(f.lateral[0]));
        let (offset, contact) = face_contact2([&ea64, &eb64], &gb, i, normal, lateral);
        contact_centre(ca, ea, &cols2(ga), offset.to_array(), size, f.gap, contact)
    }
}
