//! Seeded generators of random and adversarial box pairs, in 2D and 3D: a [`Generator`] draws
//! [`GeneratedPair`]s, each two [`GeneratedBox2`]s or [`GeneratedBox3`]s of a [`Kind`], written
//! as boxes as written in a [`Form`] ([`GeneratedPair2::boxes`]).
//!
//! Every pair is built in f32: 3D boxes as centre, half-extents and quaternion, 2D boxes as
//! centre, half-extents and an axis matrix whose columns are the f32-rounded `(cos θ, sin θ)`
//! and `(−sin θ, cos θ)`. Half the pairs are written with those numbers; the others in a
//! [`Form`] at the edge of what sat-core's checked constructors accept (angles up to ±1e7
//! degrees and ±1e5 radians, columns leaned up to `AXES_TOLERANCE`, f64 digits in centres,
//! half-extents and quaternions). sat-core builds the boxes from the written numbers as the
//! case format does, and the exact oracle judges the written numbers.
//!
//! The kinds of pair ([`Kind`]):
//!
//! * random pairs, about half of them overlapping;
//! * a vertex (or, with near-parallel faces, a face) of B touching a face of A, at a gap of
//!   0, a few ulps, a tiny or a small fraction of the boxes' size, of either sign;
//! * crossing edges of A and B at such a gap, generic or nearly parallel
//!   (B = A composed with a rotation about A's edge and a tiny tilt of 1e-8..1e-2 rad);
//! * sizes from millimetres to kilometres (extents 1e-3..1e3 with matching offsets), sometimes
//!   a flat box (one zero extent), and a third of the pairs 1e3..1e6 from the origin.
//!
//! Far from the origin, rounding B's centre to f32 would move it by far more than the intended
//! gap; the generator then corrects A's half-extent along the contact normal (a much finer f32
//! grid) so that the gap of the f32 boxes stays as intended within an ulp of the extent.

use glam::{DQuat, DVec2, DVec3, Mat2, Quat, Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use sat_core::{Obb2, Obb3, ObbError};
use sat_oracle::case_box::{Box2, Box3, CaseLine, Rotation2, Rotation3};
use sat_oracle::check::{
    Contact, edge_contact3, face_contact3, lean_columns, norm, sign_of, ulp32, uniform_quat,
};
use sat_oracle::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use serde::Serialize;

use super::stored::{placed2, placed3};

/// What a generated pair was built to exercise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Random sizes, rotations and offsets; about half overlap.
    Random,
    /// B's vertex on A's face (generic rotations) at a small signed gap.
    FaceContact,
    /// B's rotation within 1e-8..1e-2 rad of A's (up to quarter turns): face on face.
    NearParallelFaces,
    /// An edge of B crossing an edge of A (generic directions) at a small signed gap (3D).
    EdgeContact,
    /// Crossing edges within 1e-8..1e-2 rad of parallel (3D).
    NearParallelEdges,
}

impl Kind {
    /// The kinds generated in 2D.
    pub const ALL_2D: [Kind; 3] = [Kind::Random, Kind::FaceContact, Kind::NearParallelFaces];
    /// The kinds generated in 3D.
    pub const ALL_3D: [Kind; 5] = [
        Kind::Random,
        Kind::FaceContact,
        Kind::NearParallelFaces,
        Kind::EdgeContact,
        Kind::NearParallelEdges,
    ];

    /// A short name for tables and case ids.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::FaceContact => "face-contact",
            Kind::NearParallelFaces => "near-parallel-faces",
            Kind::EdgeContact => "edge-contact",
            Kind::NearParallelEdges => "near-parallel-edges",
        }
    }
}

/// How a generated pair is written in its case line and handed to sat-core: the geometry is the
/// same, the numbers are those a user may write at the edge of what the checked constructors
/// accept. sat-core builds the boxes as the case format does ([`GeneratedPair2::obbs`]), the exact
/// oracle judges the numbers as written ([`ExactPair`](super::ExactPair)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// The generated f32 numbers: 2D axis columns, a 3D quaternion.
    F32,
    /// 2D: the angle plus whole turns, in degrees up to ±1e7 or in radians up to ±1e5.
    /// 3D: the quaternion times an f64 factor (all 53 bits used).
    Turns,
    /// Axis columns (in 3D the quaternion's) leaned as far as `AXES_TOLERANCE` allows, in
    /// every direction, with f64 digits.
    Leaning,
    /// Both centres moved by one offset with f64 digits (up to 1e4), half-extents with digits
    /// below f32's resolution, and in 3D the quaternion times an f64 factor.
    Digits,
}

impl Form {
    /// Every form.
    pub const ALL: [Form; 4] = [Form::F32, Form::Turns, Form::Leaning, Form::Digits];

    /// A short name for tables and case ids.
    pub fn name(self) -> &'static str {
        match self {
            Form::F32 => "f32",
            Form::Turns => "turns",
            Form::Leaning => "leaning",
            Form::Digits => "digits",
        }
    }
}

/// A generated rectangle: the f32 numbers the generator built, before its pair is written in
/// its [`Form`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeneratedBox2 {
    /// Centre.
    pub center: Vec2,
    /// Half-extents.
    pub half_extents: Vec2,
    /// Local axes as columns: `(c, s)` and `(−s, c)` with `c, s` the f32-rounded cosine and
    /// sine of the angle.
    pub axes: Mat2,
}

/// A generated box: the f32 numbers the generator built, before its pair is written in its
/// [`Form`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeneratedBox3 {
    /// Centre.
    pub center: Vec3,
    /// Half-extents.
    pub half_extents: Vec3,
    /// Rotation, `[x, y, z, w]`, unit length up to f32 rounding.
    pub quat: Quat,
}

impl GeneratedBox2 {
    /// The rectangle of centre `center`, half-extents `half_extents` and axis columns `axes`.
    pub fn new(center: Vec2, half_extents: [f32; 2], axes: Mat2) -> GeneratedBox2 {
        let half_extents = Vec2::from_array(half_extents);
        GeneratedBox2 {
            center,
            half_extents,
            axes,
        }
    }
}

impl GeneratedBox3 {
    /// The box of centre `center`, half-extents `half_extents` and rotation `quat`.
    pub fn new(center: Vec3, half_extents: [f32; 3], quat: Quat) -> GeneratedBox3 {
        let half_extents = Vec3::from_array(half_extents);
        GeneratedBox3 {
            center,
            half_extents,
            quat,
        }
    }
}

/// A generated pair of boxes `B`: [`GeneratedPair2`] or [`GeneratedPair3`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeneratedPair<B> {
    /// What it exercises.
    pub kind: Kind,
    /// How it is written.
    pub form: Form,
    /// Draws the numbers of the written form.
    pub form_seed: u64,
    /// First box.
    pub a: B,
    /// Second box.
    pub b: B,
}

/// A generated 2D pair.
pub type GeneratedPair2 = GeneratedPair<GeneratedBox2>;

/// A generated 3D pair.
pub type GeneratedPair3 = GeneratedPair<GeneratedBox3>;

/// The methods [`GeneratedPair2`] and [`GeneratedPair3`] share, written once over each
/// dimension's types.
macro_rules! pair_methods {
    ($pair:ident: $obb:ident, $exact_box:ident, $verdict:ident, $placed:ident, $line:ident) => {
        impl $pair {
            /// Both sat-core boxes, built from the numbers as written the way the case format
            /// builds them.
            pub fn obbs(&self) -> Result<($obb, $obb), ObbError> {
                let (a, b) = self.boxes();
                $placed(&a, &b)
            }

            /// The exact oracle's verdict on the numbers as written.
            pub fn exact(&self) -> ExactVerdict {
                let (a, b) = self.exact_boxes();
                $verdict(&a, &b)
            }

            /// The exact boxes of the numbers as written.
            pub fn exact_boxes(&self) -> ($exact_box, $exact_box) {
                let (a, b) = self.boxes();
                (a.exact(), b.exact())
            }

            /// The case line, without `expect` and the oracle's numbers.
            pub fn to_line(&self, id: String) -> JudgedLine {
                let (a, b) = self.boxes();
                JudgedLine::new(id, CaseLine::$line(&a, &b))
            }
        }
    };
}

pair_methods!(GeneratedPair2: Obb2, ExactBox2, verdict2, placed2, two);
pair_methods!(GeneratedPair3: Obb3, ExactBox3, verdict3, placed3, three);

impl GeneratedPair2 {
    /// Both boxes as written in [`Form`] `self.form`.
    pub fn boxes(&self) -> (Box2, Box2) {
        let write = |rng: &mut Pcg64, shift: DVec3, b: &GeneratedBox2| {
            let (c, s) = (b.axes.x_axis.as_dvec2(), b.axes.y_axis.as_dvec2());
            let rotation = match self.form {
                Form::F32 | Form::Digits => Rotation2::Axes([c.to_array(), s.to_array()]),
                Form::Turns => {
                    let angle = c.y.atan2(c.x);
                    if rng.random_bool(0.5) {
                        let turns = f64::from(rng.random_range(-27_777..=27_777));
                        Rotation2::Degrees(angle.to_degrees() + 360.0 * turns)
                    } else {
                        let turns = f64::from(rng.random_range(-15_915..=15_915));
                        Rotation2::Angle(angle + std::f64::consts::TAU * turns)
                    }
                }
                Form::Leaning => {
                    let fraction = [1.0, 0.9, 0.5][rng.random_range(0..3)];
                    Rotation2::Axes(lean_columns(
                        [c.to_array(), s.to_array()],
                        fraction,
                        rng.random(),
                        |x| x,
                    ))
                }
            };
            Box2 {
                center: (b.center.as_dvec2() + shift.truncate()).to_array(),
                half_extents: digits_extents(rng, self.form, b.half_extents.as_dvec2().to_array()),
                rotation,
            }
        };
        write_pair(self.form, self.form_seed, [&self.a, &self.b], write)
    }
}

impl GeneratedPair3 {
    /// Both boxes as written in [`Form`] `self.form`.
    pub fn boxes(&self) -> (Box3, Box3) {
        let write = |rng: &mut Pcg64, shift: DVec3, b: &GeneratedBox3| {
            let q = b.quat.as_dquat().to_array();
            let rotation = match self.form {
                Form::F32 => Rotation3::Quat(q),
                Form::Turns | Form::Digits => {
                    let factor: f64 = rng.random_range(0.5..2.0);
                    Rotation3::Quat(q.map(|x| x * factor))
                }
                Form::Leaning => {
                    let fraction = [1.0, 0.9, 0.5][rng.random_range(0..3)];
                    let cols = columns3(b.quat).map(|c| c.to_array());
                    Rotation3::Axes(lean_columns(cols, fraction, rng.random(), |x| x))
                }
            };
            Box3 {
                center: (b.center.as_dvec3() + shift).to_array(),
                half_extents: digits_extents(rng, self.form, b.half_extents.as_dvec3().to_array()),
                rotation,
            }
        };
        write_pair(self.form, self.form_seed, [&self.a, &self.b], write)
    }
}

/// Both boxes of a case as `write` writes them in `form`: one RNG, seeded by `form_seed`, draws
/// the centres' shared [`digits_shift`] first, then whatever `write` draws for `a`, then for `b`.
fn write_pair<B, W>(
    form: Form,
    form_seed: u64,
    [a, b]: [&B; 2],
    mut write: impl FnMut(&mut Pcg64, DVec3, &B) -> W,
) -> (W, W) {
    let mut rng = Pcg64::seed_from_u64(form_seed);
    let shift = digits_shift(&mut rng, form);
    (write(&mut rng, shift, a), write(&mut rng, shift, b))
}

/// [`Form::Digits`]: one offset for both centres, with f64 digits (up to 1e4); zero otherwise.
fn digits_shift(rng: &mut Pcg64, form: Form) -> DVec3 {
    if form != Form::Digits {
        return DVec3::ZERO;
    }
    let mut coordinate = || rng.random_range(-1.0..1.0) * 10f64.powf(rng.random_range(-2.0..4.0));
    DVec3::new(coordinate(), coordinate(), coordinate())
}

/// [`Form::Digits`]: half-extents with digits below f32's resolution (a relative change below
/// 2⁻²⁶); unchanged otherwise.
fn digits_extents<const N: usize>(rng: &mut Pcg64, form: Form, e: [f64; N]) -> [f64; N] {
    if form != Form::Digits {
        return e;
    }
    e.map(|x| x * (1.0 + rng.random_range(-1.0..1.0) * 2f64.powi(-26)))
}

/// A generated case line with the exact oracle's numbers (the case format's keys in their usual
/// order). Every number is the exact value of the generated box as written.
#[derive(Debug, Clone, Serialize)]
pub struct JudgedLine {
    /// The case; its id `"2d-<kind>-<n>"` or `"3d-<kind>-<n>"` from `obbsat generate`, or the
    /// caller's.
    #[serde(flatten)]
    pub case: CaseLine,
    /// The exact verdict, for `obbsat check`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expect: Option<bool>,
    /// The exact margin (within one f64 ulp).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_margin: Option<f64>,
    /// `S = |t| + |e_A| + |e_B|`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<f64>,
    /// sat-core's band `BAND_K·ε·S`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub band: Option<f64>,
}

impl JudgedLine {
    fn new(id: String, case: CaseLine) -> Self {
        JudgedLine {
            case: CaseLine {
                id: Some(id),
                ..case
            },
            expect: None,
            exact_margin: None,
            scale: None,
            band: None,
        }
    }
}

/// A seeded source of generated pairs; the same seed gives the same pairs on every platform.
///
/// ```
/// use obbsat::{Form, Generator, Kind};
///
/// let mut generator = Generator::new(7);
/// let pair = generator.case3_of(Kind::EdgeContact);
/// let (a, b) = pair.obbs()?; // sat-core's boxes of the pair as written in `pair.form`
/// let exact = pair.exact(); // the exact oracle's verdict on the same written numbers
/// if exact.margin < 0.0 {
///     assert!(a.intersects(&b)); // "separated" is always exact
/// }
/// assert!(Form::ALL.contains(&pair.form));
/// # Ok::<(), sat_core::ObbError>(())
/// ```
pub struct Generator {
    rng: Pcg64,
}

impl Generator {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Generator {
            rng: Pcg64::seed_from_u64(seed),
        }
    }

    /// The next 2D case, of a kind drawn from [`Kind::ALL_2D`] (random pairs 40 %).
    pub fn case2(&mut self) -> GeneratedPair2 {
        let kind = self.kind(&Kind::ALL_2D);
        self.case2_of(kind)
    }

    /// The next 3D case, of a kind drawn from [`Kind::ALL_3D`] (random pairs 40 %).
    pub fn case3(&mut self) -> GeneratedPair3 {
        let kind = self.kind(&Kind::ALL_3D);
        self.case3_of(kind)
    }

    /// A 2D case of the given kind ([`Kind::EdgeContact`] and [`Kind::NearParallelEdges`] do
    /// not exist in 2D and give [`Kind::FaceContact`] and [`Kind::NearParallelFaces`]).
    pub fn case2_of(&mut self, kind: Kind) -> GeneratedPair2 {
        let scale = self.log_uniform(1e-3, 1e3);
        let ea = self.extents::<2>(scale);
        let eb = self.extents::<2>(scale);
        let theta_a = self.rng.random_range(0.0..std::f64::consts::TAU);
        let a_axes = axes2(theta_a);
        let origin = self.origin(scale);
        let ca = DVec2::new(origin.x, origin.y).as_vec2();
        let size = norm(&ea) + norm(&eb);

        let (kind, theta_b) = match kind {
            Kind::Random => (kind, self.rng.random_range(0.0..std::f64::consts::TAU)),
            Kind::FaceContact | Kind::EdgeContact => (
                Kind::FaceContact,
                self.rng.random_range(0.0..std::f64::consts::TAU),
            ),
            Kind::NearParallelFaces | Kind::NearParallelEdges => {
                let quarter = f64::from(self.rng.random_range(0..4u8));
                let tilt = self.tilt();
                (
                    Kind::NearParallelFaces,
                    theta_a + quarter * std::f64::consts::FRAC_PI_2 + tilt,
                )
            }
        };
        let b_axes = axes2(theta_b);
        let (a_cols, b_cols) = (columns2(a_axes), columns2(b_axes));

        let (offset, contact) = if kind == Kind::Random {
            let dir = self.rng.random_range(0.0..std::f64::consts::TAU);
            let dist = self.rng.random_range(0.0..1.4) * size;
            (DVec2::new(dir.cos(), dir.sin()) * dist, None)
        } else {
            // B's vertex (or face) on A's side `i`, facing `normal`.
            let i = self.rng.random_range(0..2usize);
            let normal = a_cols[i] * self.sign();
            let support_b: DVec2 = (0..2)
                .map(|j| b_cols[j] * (eb[j] * sign_of(b_cols[j].dot(normal))))
                .sum();
            let radius_b = (0..2).map(|j| eb[j] * b_cols[j].dot(normal).abs()).sum();
            let lateral = a_cols[1 - i] * (ea[1 - i] * self.rng.random_range(-1.0..1.0));
            let gap = self.gap(size, ca.as_dvec2().abs().max_element());
            let offset = normal * (ea[i] + gap) + lateral + support_b;
            let contact = Contact {
                normal: normal.to_array(),
                radius_b,
                gap,
                axis: i,
            };
            (offset, Some(contact))
        };
        let cb = (ca.as_dvec2() + offset).as_vec2();
        let t = cb.as_dvec2() - ca.as_dvec2();
        let ea = retuned(contact, ea, a_cols.map(|v| v.to_array()), t.to_array());
        let b = GeneratedBox2::new(cb, eb.map(|x| x as f32), b_axes);
        self.case(kind, GeneratedBox2::new(ca, ea, a_axes), b)
    }

    /// A 3D case of the given kind.
    pub fn case3_of(&mut self, kind: Kind) -> GeneratedPair3 {
        let scale = self.log_uniform(1e-3, 1e3);
        let ea = self.extents::<3>(scale);
        let eb = self.extents::<3>(scale);
        let qa = random_quat(&mut self.rng);
        let a_cols = columns3(qa);
        let ca = self.origin(scale).as_vec3();
        let size = norm(&ea) + norm(&eb);
        let far = ca.as_dvec3().abs().max_element();

        // B's rotation, and for edge kinds the edge of A (i) and of B (k) that cross.
        let (qb, edges) = match kind {
            Kind::Random | Kind::FaceContact | Kind::EdgeContact => {
                let qb = random_quat(&mut self.rng);
                let edges = (kind == Kind::EdgeContact)
                    .then(|| (self.rng.random_range(0..3), self.rng.random_range(0..3)));
                (qb, edges)
            }
            Kind::NearParallelFaces => {
                let quarter = self.quarter_turn();
                let tiny = self.tiny_rotation();
                (quat_of(qa.as_dquat() * quarter * tiny), None)
            }
            Kind::NearParallelEdges => {
                let i = self.rng.random_range(0..3);
                let spin = if self.rng.random_bool(0.7) {
                    self.rng.random_range(0.0..std::f64::consts::TAU)
                } else {
                    f64::from(self.rng.random_range(0..4u8)) * std::f64::consts::FRAC_PI_2
                };
                let about = DQuat::from_axis_angle(unit_axis(i), spin);
                let tiny = self.tiny_rotation();
                (quat_of(qa.as_dquat() * about * tiny), Some((i, i)))
            }
        };
        let b_cols = columns3(qb);

        let placement = match edges {
            Some((i, k)) => {
                let l = a_cols[i].cross(b_cols[k]);
                // Exactly parallel after rounding: no edge axis; touch faces instead.
                (l.length() > 1e-300)
                    .then(|| self.edge_contact([&ea, &eb], [&a_cols, &b_cols], i, k, l))
            }
            None => None,
        };
        let (kind, offset, contact) = match (kind, placement) {
            (Kind::Random, _) => {
                let dist = self.rng.random_range(0.0..1.35) * size;
                (kind, self.unit3() * dist, None)
            }
            (Kind::EdgeContact | Kind::NearParallelEdges, Some((offset, contact))) => {
                (kind, offset, Some(contact))
            }
            _ => {
                let (offset, contact) = self.face_contact([&ea, &eb], [&a_cols, &b_cols]);
                let kind = if kind == Kind::EdgeContact {
                    Kind::FaceContact
                } else if kind == Kind::NearParallelEdges {
                    Kind::NearParallelFaces
                } else {
                    kind
                };
                (kind, offset, Some(contact))
            }
        };
        let mut contact = contact;
        if let Some(c) = contact.as_mut() {
            c.gap = self.gap(size, far);
        }
        let offset = match &contact {
            Some(c) => offset + DVec3::from_array(c.normal) * c.gap,
            None => offset,
        };
        let cb = (ca.as_dvec3() + offset).as_vec3();
        let t = cb.as_dvec3() - ca.as_dvec3();
        let ea = retuned(contact, ea, a_cols.map(|v| v.to_array()), t.to_array());
        let b = GeneratedBox3::new(cb, eb.map(|x| x as f32), qb);
        self.case(kind, GeneratedBox3::new(ca, ea, qa), b)
    }

    /// B's offset from A that puts a vertex of B (a face, when the faces are nearly parallel)
    /// on a random face of A, anywhere across it, at gap 0 (the caller adds the gap along the
    /// normal).
    fn face_contact(
        &mut self,
        [ea, eb]: [&[f64; 3]; 2],
        [a_cols, b_cols]: [&[DVec3; 3]; 2],
    ) -> (DVec3, Contact<3>) {
        let i = self.rng.random_range(0..3);
        let normal = a_cols[i] * self.sign();
        let lateral: DVec3 = (0..3)
            .filter(|&j| j != i)
            .map(|j| a_cols[j] * (ea[j] * self.rng.random_range(-1.0..1.0)))
            .sum();
        face_contact3([ea, eb], b_cols, i, normal, lateral)
    }

    /// B's offset from A that makes edge `k` of B cross edge `i` of A at gap 0 along
    /// `l = a_i × b_k` (the caller adds the gap). The crossing point lies anywhere along both
    /// edges.
    fn edge_contact(
        &mut self,
        extents: [&[f64; 3]; 2],
        cols: [&[DVec3; 3]; 2],
        i: usize,
        k: usize,
        l: DVec3,
    ) -> (DVec3, Contact<3>) {
        let normal = l.normalize() * self.sign();
        let along = [(); 2].map(|()| self.rng.random_range(-1.0..1.0));
        edge_contact3(extents, cols, [i, k], normal, along)
    }

    /// The case of `kind` with boxes `a` and `b`, written in a random [`Form`].
    fn case<B>(&mut self, kind: Kind, a: B, b: B) -> GeneratedPair<B> {
        let (form, form_seed) = self.form();
        GeneratedPair {
            kind,
            form,
            form_seed,
            a,
            b,
        }
    }

    /// [`Form::F32`] for half the pairs, each other form for a sixth; and the form's seed.
    fn form(&mut self) -> (Form, u64) {
        let form = if self.rng.random_bool(0.5) {
            Form::F32
        } else {
            Form::ALL[self.rng.random_range(1..Form::ALL.len())]
        };
        (form, self.rng.random())
    }

    fn kind(&mut self, kinds: &[Kind]) -> Kind {
        if self.rng.random_bool(0.4) {
            Kind::Random
        } else {
            kinds[self.rng.random_range(1..kinds.len())]
        }
    }

    fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        (self.rng.random_range(lo.ln()..hi.ln())).exp()
    }

    fn sign(&mut self) -> f64 {
        if self.rng.random_bool(0.5) { 1.0 } else { -1.0 }
    }

    /// Half-extents of a box of size `scale`, f32-rounded; one in twenty is flat (one zero).
    fn extents<const N: usize>(&mut self, scale: f64) -> [f64; N] {
        let mut e = [0.0; N];
        for x in &mut e {
            *x = f64::from((scale * self.rng.random_range(0.05..1.0)) as f32);
        }
        if self.rng.random_bool(0.05) {
            e[self.rng.random_range(0..N)] = 0.0;
        }
        e
    }

    /// Where A sits: near the origin (within ten box sizes), or for a third of the pairs
    /// 1e3..1e6 away.
    fn origin(&mut self, scale: f64) -> DVec3 {
        if self.rng.random_bool(1.0 / 3.0) {
            self.unit3() * self.log_uniform(1e3, 1e6)
        } else {
            self.unit3() * (self.rng.random_range(0.0..10.0) * scale)
        }
    }

    fn unit3(&mut self) -> DVec3 {
        loop {
            let v = DVec3::new(
                self.rng.random_range(-1.0..1.0),
                self.rng.random_range(-1.0..1.0),
                self.rng.random_range(-1.0..1.0),
            );
            let n = v.length();
            if (1e-3..=1.0).contains(&n) {
                return v / n;
            }
        }
    }

    /// 1e-8..1e-2 rad, log-uniform.
    fn tilt(&mut self) -> f64 {
        self.log_uniform(1e-8, 1e-2) * self.sign()
    }

    fn tiny_rotation(&mut self) -> DQuat {
        let axis = self.unit3();
        let angle = self.tilt();
        DQuat::from_axis_angle(axis, angle)
    }

    /// The identity or a quarter or half turn about a local axis (faces stay parallel).
    fn quarter_turn(&mut self) -> DQuat {
        let axis = unit_axis(self.rng.random_range(0..3));
        let turns = f64::from(self.rng.random_range(0..4u8));
        DQuat::from_axis_angle(axis, turns * std::f64::consts::FRAC_PI_2)
    }

    /// The intended signed gap: 0, ±1..4 ulps of the coordinates, ±1e-8..1e-3 of the size, or
    /// ±1e-3..0.3 of the size.
    fn gap(&mut self, size: f64, far: f64) -> f64 {
        let ulp = ulp32(far.max(size));
        let sign = self.sign();
        match self.rng.random_range(0..10u8) {
            0..=1 => 0.0,
            2..=4 => sign * ulp * f64::from(self.rng.random_range(1..=4u8)),
            5..=7 => sign * size * self.log_uniform(1e-8, 1e-3),
            _ => sign * size * self.log_uniform(1e-3, 0.3),
        }
    }
}

/// A's half-extents rounded to f32, then, for a contact, [`Contact::retune`]d to the rounded
/// centre offset `t`.
fn retuned<const N: usize>(
    contact: Option<Contact<N>>,
    ea: [f64; N],
    a_cols: [[f64; N]; N],
    t: [f64; N],
) -> [f32; N] {
    let mut e = ea.map(|x| x as f32);
    if let Some(c) = contact {
        c.retune(&mut e, &a_cols, t);
    }
    e
}

fn unit_axis(i: usize) -> DVec3 {
    [DVec3::X, DVec3::Y, DVec3::Z][i % 3]
}

/// The f32 axis matrix of angle `theta`: columns `(c, s)` and `(−s, c)`, `c, s` rounded once.
fn axes2(theta: f64) -> Mat2 {
    let (s, c) = theta.sin_cos();
    let (c, s) = (c as f32, s as f32);
    Mat2::from_cols(Vec2::new(c, s), Vec2::new(-s, c))
}

/// The axis columns in f64 (exactly the f32 values).
fn columns2(axes: Mat2) -> [DVec2; 2] {
    [axes.x_axis.as_dvec2(), axes.y_axis.as_dvec2()]
}

/// The rotation sat-core builds from `q`: `R(q)/|q|²`, in f64.
fn columns3(q: Quat) -> [DVec3; 3] {
    sat_oracle::case_box::quat_columns(q.to_array().map(f64::from))
}

/// A uniformly random rotation (Shoemake), rounded to f32.
fn random_quat(rng: &mut Pcg64) -> Quat {
    quat_of(uniform_quat([rng.random(), rng.random(), rng.random()]))
}

fn quat_of(q: DQuat) -> Quat {
    let q = q.normalize();
    Quat::from_xyzw(q.x as f32, q.y as f32, q.z as f32, q.w as f32)
}
