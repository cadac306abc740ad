//! How a 3D case is built: box A from a size, extents, a rotation and an origin; box B from its
//! rotation relative to A (independent, the same, or within a tiny tilt of a face or edge of A)
//! and its placement (random, a vertex or face of B on a face of A, or an edge of B crossing
//! an edge of A, at an intended gap).

use glam::{DQuat, DVec3};

use super::box_input::{BoxInput3, Orientation3};
use super::field_bytes::{field_bytes_enum, field_bytes_newtype, field_bytes_struct};
use super::geometry::{
    Contact, OCTAHEDRAL, cols3, dquat, edge_contact3, face_contact3, lean_columns, norm,
    quat_columns, round_quat, uniform_quat,
};
use super::recipe::{
    Direction, Extent, Gap, Offset, Origin, Recipe, Size, Tilt, centered16, contact_centre,
    extent_digits, grid_centre, leaning,
};

field_bytes_struct! {
    /// A rotation about one of the coordinate axes.
    pub struct Spin {
        /// `axis mod 3`: x, y or z.
        pub axis: u8,
        /// `2π·angle/65536` (multiples of 16384 are quarter turns).
        pub angle: u16,
    }
}

impl Spin {
    fn dquat(self) -> DQuat {
        let axis = [DVec3::X, DVec3::Y, DVec3::Z][usize::from(self.axis % 3)];
        let angle = std::f64::consts::TAU * f64::from(self.angle) / 65_536.0;
        DQuat::from_axis_angle(axis, angle)
    }
}

field_bytes_enum! {
    /// Box A's rotation (or B's, when independent), as an f32 quaternion.
    #[derive(Default)]
    pub enum Rotation {
        /// `(0, 0, 0, 1)`.
        #[default]
        Identity = 2,
        /// One of the 24 [`OCTAHEDRAL`] rotations (`k mod 24`): exact, axes onto axes.
        Octahedral(u8) = 3,
        /// Small integer components (`k mod 7 − 3` each), not normalised: an exactly rational
        /// rotation such as `(0, 0, 1, 2)` (cos = 3/5, sin = 4/5).
        Rational([i8; 4]) = 2,
        /// About a coordinate axis, normalised and rounded.
        AboutAxis(Spin) = 2,
        /// Uniformly random (Shoemake's method on three 32-bit numbers), rounded.
        Uniform([u32; 3]) = 6,
        /// Four f32 bit patterns: any non-zero finite quaternion is a valid rotation.
        Raw([u32; 4]) = 1,
    }
}

impl Rotation {
    /// The quaternion `[x, y, z, w]`.
    pub fn quat(self) -> [f32; 4] {
        match self {
            Rotation::Identity => [0.0, 0.0, 0.0, 1.0],
            Rotation::Octahedral(k) => OCTAHEDRAL[usize::from(k) % 24],
            Rotation::Rational(k) => k.map(|c| f32::from(c.rem_euclid(7) - 3)),
            Rotation::AboutAxis(spin) => round_quat(spin.dquat()),
            Rotation::Uniform(bits) => {
                round_quat(uniform_quat(bits.map(|b| f64::from(b) / 4_294_967_296.0)))
            }
            Rotation::Raw(bits) => bits.map(f32::from_bits),
        }
    }
}

field_bytes_struct! {
    /// B = A turned by an octahedral rotation (faces stay parallel) and tilted slightly.
    pub struct NearParallel {
        /// [`OCTAHEDRAL`] index (`mod 24`).
        pub turn: u8,
        /// Axis of the tilt.
        pub axis: Direction,
        /// Angle of the tilt.
        pub tilt: Tilt,
    }
}

field_bytes_struct! {
    /// B = A spun about its edge direction `edge` (that edge of B stays parallel to A's) and
    /// tilted slightly.
    pub struct EdgeParallel {
        /// `edge mod 3`.
        pub edge: u8,
        /// Spin about that edge, `2π·spin/65536`.
        pub spin: u16,
        /// Axis of the tilt.
        pub axis: Direction,
        /// Angle of the tilt.
        pub tilt: Tilt,
    }
}

field_bytes_enum! {
    /// Box B's rotation relative to A's.
    #[derive(Default)]
    pub enum Relative3 {
        /// Bitwise A's quaternion: every edge pair exactly parallel.
        #[default]
        Same = 2,
        /// Its own rotation.
        Independent(Rotation) = 5,
        /// Faces within a tiny tilt of parallel.
        NearParallel(NearParallel) = 5,
        /// One pair of edges within a tiny tilt of parallel.
        EdgeParallel(EdgeParallel) = 4,
    }
}

impl Relative3 {
    /// B's quaternion, composed in f64 and rounded to f32 once.
    pub fn quat(self, qa: [f32; 4]) -> [f32; 4] {
        let tiny =
            |axis: Direction, tilt: Tilt| DQuat::from_axis_angle(axis.unit3(), tilt.radians());
        match self {
            Relative3::Same => qa,
            Relative3::Independent(r) => r.quat(),
            Relative3::NearParallel(n) => {
                let turn = dquat(OCTAHEDRAL[usize::from(n.turn) % 24]);
                round_quat(dquat(qa) * turn * tiny(n.axis, n.tilt))
            }
            Relative3::EdgeParallel(e) => {
                let spin = Spin {
                    axis: e.edge,
                    angle: e.spin,
                };
                round_quat(dquat(qa) * spin.dquat() * tiny(e.axis, e.tilt))
            }
        }
    }
}

field_bytes_struct! {
    /// A vertex of B (a face, when the faces are parallel) on a face of A.
    pub struct FaceContact {
        /// A's face: axis `face mod N`, the negative side when `face mod 2N ≥ N`.
        pub face: u8,
        /// Where on the face, along A's other axes (`(v − 32768)/32768` of their half-extents).
        pub lateral: [u16; 2],
        /// The intended gap along the face normal.
        pub gap: Gap,
    }
}

field_bytes_struct! {
    /// Edge `edge_b` of B crossing edge `edge_a` of A, along their common normal.
    pub struct EdgeContact {
        /// A's edge direction (`mod 3`).
        pub edge_a: u8,
        /// B's edge direction (`mod 3`).
        pub edge_b: u8,
        /// Which side of A: the normal `a × b` or its opposite.
        pub flip: bool,
        /// Where along each edge (`(v − 32768)/32768` of its half-length).
        pub along: [u16; 2],
        /// The intended gap along the normal.
        pub gap: Gap,
    }
}

field_bytes_enum! {
    /// Where box B's centre is.
    pub enum Placement3 {
        /// In a random direction at `0..1.4 (|e_A| + |e_B|)`: about half overlap.
        Random(Offset) = 8,
        /// A vertex or face of B on a face of A.
        Face(FaceContact) = 12,
        /// Crossing edges (parallel edges fall back to a face contact).
        Edge(EdgeContact) = 10,
        /// A's centre plus `k/64 · s` per component.
        Grid([i16; 3]) = 4,
        /// f32 bit patterns.
        Raw([u32; 3]) = 1,
    }
}

field_bytes_newtype! {
    /// How the axis columns of a box written as columns are perturbed: bit 7 leans them as far as
    /// sat-core's checked constructors accept (`max |GᵀG − I|` up to
    /// [`AXES_TOLERANCE`](sat_core::AXES_TOLERANCE), in a direction drawn from the columns and
    /// the bits, at a fraction of the tolerance chosen by bits 0–1: all of it, 0.9, 0.5 or 0.1);
    /// bit 4 then moves one entry (column bits 0–1, row bits 2–3, each `mod N`) by one ulp, down
    /// if bit 5 is set; bit 6 writes zero entries as `−0.0`.
    #[derive(Default)]
    pub struct Nudge(pub u8);
}

impl Nudge {
    /// The columns as given, untouched.
    pub const NONE: Nudge = Nudge(0);

    /// The perturbed columns.
    pub fn apply<const N: usize>(self, mut cols: [[f32; N]; N]) -> [[f32; N]; N] {
        let bits = usize::from(self.0);
        if bits & 0x80 != 0 {
            let fraction = [1.0, 0.9, 0.5, 0.1][bits & 3];
            let seed = cols.as_flattened().iter().fold(u64::from(self.0), |h, x| {
                h.rotate_left(7) ^ u64::from(x.to_bits())
            });
            let wide = cols.map(|c| c.map(f64::from));
            cols = lean_columns(wide, fraction, seed, |x| f64::from(x as f32))
                .map(|c| c.map(|x| x as f32));
        }
        if bits & 0x10 != 0 {
            let entry = &mut cols[(bits & 3) % N][(bits >> 2 & 3) % N];
            *entry = if bits & 0x20 != 0 {
                entry.next_down()
            } else {
                entry.next_up()
            };
        }
        if bits & 0x40 != 0 {
            for x in cols.as_flattened_mut() {
                if *x == 0.0 {
                    *x = -0.0;
                }
            }
        }
        cols
    }
}

field_bytes_enum! {
    /// How a 3D box is written in the case.
    #[derive(Default)]
    pub enum RotationForm {
        /// The quaternion (sat-core: `Obb3::try_new`; exact box `R(q)/|q|²`).
        #[default]
        Quat = 3,
        /// The f32 columns of `R(q)/|q|²`, nudged (sat-core: `Obb3::try_from_axes`; exact box:
        /// the parallelepiped the columns span).
        Axes(Nudge) = 2,
    }
}

/// Everything that defines a 3D case.
pub type Recipe3 = Recipe<[Extent; 3], Rotation, Relative3, Placement3, RotationForm, Rewrite3>;

field_bytes_enum! {
    /// How the numbers of a 3D case are written (the boxes stay the same within an ulp): as
    /// built (f32), or in f64 as a user may write them. sat-core builds its boxes with the
    /// checked f64 constructors, the exact oracle judges the written numbers.
    #[derive(Default)]
    pub enum Rewrite3 {
        /// The f32 numbers as built.
        #[default]
        AsBuilt = 6,
        /// Quaternions times an f64 factor with all 53 bits used (`0.5 + k·π/2¹⁷`).
        QuatDigits(u16) = 1,
        /// Half-extents with digits below f32's resolution (relative `(k − 2¹⁵)/2¹⁵ · 2⁻²⁶`).
        ExtentDigits(u16) = 1,
        /// Axis columns (a quaternion's, in f64) leaned to 100 %, 90 % or 50 % of
        /// `AXES_TOLERANCE` (`k mod 3`) in f64 digits, seeded by `k`.
        Leaning(u16) = 1,
    }
}

impl Rewrite3 {
    /// `b` with its numbers rewritten this way.
    pub fn apply(self, b: &crate::case_box::Box3) -> crate::case_box::Box3 {
        use crate::case_box::Rotation3;
        let mut out = *b;
        match self {
            Rewrite3::AsBuilt => {}
            Rewrite3::QuatDigits(k) => {
                let factor = 0.5 + f64::from(k) * std::f64::consts::PI / 131_072.0;
                if let Rotation3::Quat(q) = b.rotation {
                    out.rotation = Rotation3::Quat(q.map(|x| x * factor));
                }
            }
            Rewrite3::ExtentDigits(k) => out.half_extents = extent_digits(b.half_extents, k),
            Rewrite3::Leaning(k) => {
                let cols = match b.rotation {
                    Rotation3::Quat(q) => quat_columns(q.map(|x| x as f32)).map(|c| c.to_array()),
                    Rotation3::Axes(cols) => cols,
                };
                out.rotation = Rotation3::Axes(leaning(cols, k, b.center[0]));
            }
        }
        out
    }
}

impl Recipe3 {
    /// The two boxes, as a case file would carry them.
    pub fn build(&self) -> (BoxInput3, BoxInput3) {
        let (s, mut ea, eb) = self.half_extents();
        let qa = self.rotation_a.quat();
        let qb = self.rotation_b.quat(qa);
        let ca = self.origin.point3(s);
        let orientation = |form: RotationForm, q: [f32; 4]| match form {
            RotationForm::Quat => Orientation3::Quat(q),
            RotationForm::Axes(nudge) => {
                let cols = quat_columns(q).map(|c| c.to_array().map(|x| x as f32));
                Orientation3::Axes(nudge.apply(cols))
            }
        };
        let (oa, ob) = (
            orientation(self.forms[0], qa),
            orientation(self.forms[1], qb),
        );
        // Contacts are placed against the boxes as written: leaning columns included.
        let columns = |o: Orientation3| match o {
            Orientation3::Quat(q) => quat_columns(q),
            Orientation3::Axes(cols) => cols.map(|c| DVec3::from_array(c.map(f64::from))),
        };
        let cb = self
            .placement
            .place(ca, &mut ea, eb, columns(oa), columns(ob), s);
        let write = |center, half_extents, rotation| BoxInput3 {
            center,
            half_extents,
            rotation,
        };
        let a = write(ca, ea, oa);
        let b = write(cb, eb, ob);
        self.ordered(a, b)
    }
}

impl Placement3 {
    /// B's centre; for contacts, also retunes one of A's half-extents (see [`Contact::retune`]).
    pub(super) fn place(
        self,
        ca: [f32; 3],
        ea: &mut [f32; 3],
        eb: [f32; 3],
        ga: [DVec3; 3],
        gb: [DVec3; 3],
        s: f64,
    ) -> [f32; 3] {
        let (ea64, eb64) = (ea.map(f64::from), eb.map(f64::from));
        let size = norm(&ea64) + norm(&eb64);
        let (offset, gap, contact) = match self {
            Placement3::Random(o) => return o.centre(ca, o.direction.unit3().to_array(), size),
            Placement3::Face(f) => face_contact(f, &ea64, &eb64, &ga, &gb),
            Placement3::Edge(e) => edge_contact(e, &ea64, &eb64, &ga, &gb),
            Placement3::Grid(k) => return grid_centre(ca, k, s),
            Placement3::Raw(bits) => return bits.map(f32::from_bits),
        };
        contact_centre(ca, ea, &cols3(ga), offset.to_array(), size, gap, contact)
    }
}

/// B's offset from A for a [`FaceContact`] at gap zero, the gap to add and the contact.
fn face_contact(
    f: FaceContact,
    ea: &[f64; 3],
    eb: &[f64; 3],
    ga: &[DVec3; 3],
    gb: &[DVec3; 3],
) -> (DVec3, Gap, Contact<3>) {
    let i = usize::from(f.face % 3);
    let normal = ga[i] * if f.face % 6 >= 3 { -1.0 } else { 1.0 };
    let lateral: DVec3 = [(i + 1) % 3, (i + 2) % 3]
        .into_iter()
        .zip(f.lateral)
        .map(|(j, v)| ga[j] * (ea[j] * centered16(v)))
        .sum();
    let (offset, contact) = face_contact3([ea, eb], gb, i, normal, lateral);
    (offset, f.gap, contact)
}

/// B's offset from A for an [`EdgeContact`] at gap zero, the gap to add and the contact.
fn edge_contact(
    e: EdgeContact,
    ea: &[f64; 3],
    eb: &[f64; 3],
    ga: &[DVec3; 3],
    gb: &[DVec3; 3],
) -> (DVec3, Gap, Contact<3>) {
    let (i, k) = (usize::from(e.edge_a % 3), usize::from(e.edge_b % 3));
    let l = ga[i].cross(gb[k]);
    // Parallel (or NaN from an invalid quaternion): no edge axis; touch a face instead.
    if l.length().partial_cmp(&1e-300) != Some(core::cmp::Ordering::Greater) {
        let face = FaceContact {
            face: e.edge_a,
            lateral: e.along,
            gap: e.gap,
        };
        return face_contact(face, ea, eb, ga, gb);
    }
    let normal = l.normalize() * if e.flip { -1.0 } else { 1.0 };
    let along = e.along.map(centered16);
    let (offset, contact) = edge_contact3([ea, eb], [ga, gb], [i, k], normal, along);
    (offset, e.gap, contact)
}

field_bytes_enum! {
    /// B's rotation in a [`NearParallelRecipe3`]: always near-parallel.
    pub enum Near3 {
        /// Faces within a tiny tilt of parallel.
        Faces(NearParallel) = 1,
        /// One pair of edges within a tiny tilt of parallel.
        Edges(EdgeParallel) = 1,
    }
}

field_bytes_enum! {
    /// B's placement in a [`NearParallelRecipe3`]: always a contact.
    pub enum Contact3 {
        /// A vertex or face of B on a face of A.
        Face(FaceContact) = 1,
        /// Crossing edges.
        Edge(EdgeContact) = 1,
    }
}

field_bytes_struct! {
    /// A 3D recipe restricted to near-parallel rotations and contacts: the regime where SAT
    /// implementations lose their edge axes.
    pub struct NearParallelRecipe3 {
        /// Size `s` of both boxes.
        pub size: Size,
        /// A's centre.
        pub origin: Origin,
        /// A's half-extents.
        pub extents_a: [Extent; 3],
        /// B's half-extents.
        pub extents_b: [Extent; 3],
        /// A's rotation.
        pub rotation_a: Rotation,
        /// B's rotation relative to A's.
        pub near: Near3,
        /// Where B touches A.
        pub contact: Contact3,
        /// How A and B are written.
        pub forms: [RotationForm; 2],
        /// The numbers as written.
        pub rewrite: Rewrite3,
    }
}

impl From<NearParallelRecipe3> for Recipe3 {
    fn from(r: NearParallelRecipe3) -> Recipe3 {
        Recipe3 {
            size: r.size,
            origin: r.origin,
            extents_a: r.extents_a,
            extents_b: r.extents_b,
            rotation_a: r.rotation_a,
            rotation_b: match r.near {
                Near3::Faces(n) => Relative3::NearParallel(n),
                Near3::Edges(e) => Relative3::EdgeParallel(e),
            },
            placement: match r.contact {
                Contact3::Face(f) => Placement3::Face(f),
                Contact3::Edge(e) => Placement3::Edge(e),
            },
            forms: r.forms,
            swap: false,
            rewrite: r.rewrite,
        }
    }
}
