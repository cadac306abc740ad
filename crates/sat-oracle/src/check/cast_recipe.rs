//! How a cast case is built: the two boxes of a [`Recipe3`]/[`Recipe2`] at their placement (a
//! contact at an intended gap, near-parallel faces or edges, …), and a motion that brings B
//! there at time `lead`: B starts at the placement minus its relative velocity times `lead`
//! (for a rotating cast, also turned back by its spin), so the regimes of the verdict's recipes
//! become the times of impact of the casts. The motion's fields aim at the degenerate regimes:
//! straight at A (head-on, near-parallel approaches), along a face of A (sliding, exactly or
//! grazing it by a tiny angle), zero, tiny and fast relative speeds, both boxes drifting fast
//! (far from the origin in velocity), `max_toi` exactly at the contact, target distances.

use glam::{DMat3, DQuat, DVec2, DVec3};

use super::box_input::{BoxInput2, BoxInput3, Orientation3};
use super::field_bytes::{field_bytes_enum, field_bytes_struct};
use super::recipe::{Direction, Offset, Tilt, unit16};
use super::recipe_pair::{RecipePair2, RecipePair3};
use super::recipe2::Recipe2;
use super::recipe3::Recipe3;

field_bytes_struct! {
    /// A cast case's recipe: the boxes (at the placement B reaches at time `lead`) and the
    /// motion ([`Travel`] for a linear cast, [`Tumble`] for a rotating one).
    pub struct CastRecipe<Boxes, Motion> {
        /// The two boxes at the time B reaches its placement.
        pub boxes: Boxes,
        /// How they move.
        pub motion: Motion,
    }
}

/// A linear 3D cast's recipe.
pub type CastRecipe3 = CastRecipe<Recipe3, Travel>;
/// A linear 2D cast's recipe.
pub type CastRecipe2 = CastRecipe<Recipe2, Travel>;
/// A rotating 3D cast's recipe.
pub type NonlinearRecipe3 = CastRecipe<Recipe3, Tumble>;

field_bytes_enum! {
    /// How B's travel leans towards the face it slides along.
    pub enum Lean {
        /// Exactly parallel to the face (sliding).
        Parallel = 3,
        /// Towards (positive) or away from the face by a tiny angle (grazing).
        Tilted(Tilt) = 4,
    }
}

field_bytes_struct! {
    /// Along a face of A.
    pub struct Slide {
        /// A's face axis (`mod N`); B travels on the side it is on.
        pub face: u8,
        /// The direction within the face, `2π·turn/65536` from the next axis (2D: its sign).
        pub turn: u16,
        /// Towards the face or not.
        pub lean: Lean,
    }
}

field_bytes_enum! {
    /// B's direction of travel relative to A.
    pub enum Heading {
        /// At A's centre, tilted by a tiny angle: head-on and near-parallel approaches.
        AtCentre(Tilt) = 10,
        /// Along a face of A: sliding, or grazing it.
        Slide(Slide) = 12,
        /// Any direction.
        Random(Direction) = 8,
        /// The relative velocity itself, as f32 bit patterns (the speed is then ignored).
        Raw([u32; 3]) = 1,
    }
}

field_bytes_enum! {
    /// B's relative speed, in sizes per unit time.
    pub enum RelativeSpeed {
        /// No relative motion.
        Zero = 4,
        /// `10^(−1..1)`.
        Moderate(u16) = 16,
        /// `10^(−9..−4)`: the interval ends of every axis far apart.
        Tiny(u16) = 6,
        /// `10^(2..6)`.
        Fast(u16) = 2,
        /// An f32 bit pattern, absolute.
        Raw(u32) = 1,
    }
}

field_bytes_enum! {
    /// When B reaches its placement.
    pub enum Lead {
        /// At time `0`: the boxes start at the placement.
        Zero = 2,
        /// `(k mod 32)/8`: exact in f32.
        Grid(u8) = 5,
        /// `0..4`.
        Uniform(u16) = 5,
        /// An f32 bit pattern.
        Raw(u32) = 1,
    }
}

field_bytes_enum! {
    /// The velocity both boxes share (A's): only the difference matters, but far from zero it
    /// costs the velocities their low bits.
    pub enum Drift {
        /// A is at rest.
        Still = 10,
        /// Up to two sizes per unit time.
        Slow(Offset) = 6,
        /// `10^(3..5)` sizes per unit time.
        Fast(Offset) = 4,
        /// f32 bit patterns.
        Raw([u32; 3]) = 1,
    }
}

field_bytes_enum! {
    /// `max_toi`.
    pub enum Horizon {
        /// `+∞` (a rotating cast: `2·lead + 1`).
        Infinite = 6,
        /// Exactly `lead`: the contact at the very end.
        AtLead = 4,
        /// `(k mod 17)/8 · max(lead, 1)`.
        Scaled(u8) = 8,
        /// An f32 bit pattern.
        Raw(u32) = 1,
    }
}

field_bytes_enum! {
    /// The target distance.
    pub enum TargetDistance {
        /// `0`: touching.
        Zero = 20,
        /// `10^(−7..−0.3)` sizes.
        Fraction(u16) = 8,
        /// An f32 bit pattern.
        Raw(u32) = 1,
    }
}

field_bytes_struct! {
    /// A linear cast's motion.
    pub struct Travel {
        /// B's direction relative to A.
        pub heading: Heading,
        /// B's speed relative to A.
        pub speed: RelativeSpeed,
        /// When B reaches its placement.
        pub lead: Lead,
        /// A's velocity (B's is A's plus the relative one).
        pub drift: Drift,
        /// `max_toi`.
        pub horizon: Horizon,
        /// The target distance.
        pub target: TargetDistance,
    }
}

field_bytes_enum! {
    /// A turn rate, radians per unit time.
    pub enum Rate {
        /// `10^(−2..0)`.
        Slow(u16) = 4,
        /// `10^(0..1.5)`.
        Fast(u16) = 3,
        /// An f32 bit pattern.
        Raw(u32) = 1,
    }
}

field_bytes_enum! {
    /// Where a box turns about, at the time B reaches its placement.
    pub enum Pivot {
        /// Its centre.
        Centre = 4,
        /// Its vertex `k mod 2^N`.
        Corner(u8) = 2,
        /// `0..3` sizes from its centre.
        Offset(Offset) = 3,
        /// A point in its local frame, as f32 bit patterns (parry's `local_center`).
        Local([u32; 3]) = 1,
    }
}

field_bytes_struct! {
    /// A turn about a direction.
    pub struct Turning {
        /// The axis.
        pub axis: Direction,
        /// How fast.
        pub rate: Rate,
        /// About which point.
        pub pivot: Pivot,
    }
}

field_bytes_struct! {
    /// An angular velocity as f32 bit patterns, and the pivot.
    pub struct RawTurning {
        /// The angular velocity's components.
        pub angvel: [u32; 3],
        /// About which point.
        pub pivot: Pivot,
    }
}

field_bytes_enum! {
    /// A box's angular velocity.
    pub enum AngularMotion {
        /// None.
        Still = 3,
        /// About a direction.
        About(Turning) = 6,
        /// As written.
        Raw(RawTurning) = 1,
    }
}

field_bytes_struct! {
    /// A rotating cast's motion: the linear part, and each box's spin.
    pub struct Tumble {
        /// The pivots' velocities, lead, horizon (finite) and target distance.
        pub sweep: Travel,
        /// A's spin.
        pub spin_a: AngularMotion,
        /// B's spin.
        pub spin_b: AngularMotion,
    }
}

impl RelativeSpeed {
    /// The speed for size `s`.
    pub fn value(self, s: f64) -> f64 {
        let log = |v: u16, lo: f64, hi: f64| 10f64.powf(lo + (hi - lo) * unit16(v));
        match self {
            RelativeSpeed::Zero => 0.0,
            RelativeSpeed::Moderate(v) => s * log(v, -1.0, 1.0),
            RelativeSpeed::Tiny(v) => s * log(v, -9.0, -4.0),
            RelativeSpeed::Fast(v) => s * log(v, 2.0, 6.0),
            RelativeSpeed::Raw(bits) => f64::from(f32::from_bits(bits).abs()),
        }
    }
}

impl Lead {
    /// The time B reaches its placement (a NaN or negative pattern reads as `0`).
    pub fn value(self) -> f64 {
        let t = match self {
            Lead::Zero => 0.0,
            Lead::Grid(k) => f64::from(k % 32) / 8.0,
            Lead::Uniform(v) => 4.0 * unit16(v),
            Lead::Raw(bits) => f64::from(f32::from_bits(bits)),
        };
        if t >= 0.0 { t } else { 0.0 }
    }
}

impl Drift {
    /// A's velocity for size `s` (`N` components of the 3D value).
    fn value<const N: usize>(self, s: f64, unit: impl Fn(Direction) -> [f64; N]) -> [f64; N] {
        match self {
            Drift::Still => [0.0; N],
            Drift::Slow(o) => unit(o.direction).map(|x| x * 2.0 * s * unit16(o.distance)),
            Drift::Fast(o) => {
                let speed = s * 10f64.powf(3.0 + 2.0 * unit16(o.distance));
                unit(o.direction).map(|x| x * speed)
            }
            Drift::Raw(bits) => core::array::from_fn(|k| f64::from(f32::from_bits(bits[k]))),
        }
    }
}

impl Horizon {
    /// `max_toi` for a contact at `lead`; `finite` for a rotating cast.
    pub fn value(self, lead: f64, finite: bool) -> f64 {
        match self {
            Horizon::Infinite if finite => 2.0 * lead + 1.0,
            Horizon::Infinite => f64::INFINITY,
            Horizon::AtLead => lead,
            Horizon::Scaled(k) => f64::from(k % 17) / 8.0 * lead.max(1.0),
            Horizon::Raw(bits) => f64::from(f32::from_bits(bits)),
        }
    }
}

impl TargetDistance {
    /// The target distance for size `s`.
    pub fn value(self, s: f64) -> f64 {
        match self {
            TargetDistance::Zero => 0.0,
            TargetDistance::Fraction(v) => s * 10f64.powf(-7.0 + 6.7 * unit16(v)),
            TargetDistance::Raw(bits) => f64::from(f32::from_bits(bits)),
        }
    }
}

impl Rate {
    fn value(self) -> f64 {
        let log = |v: u16, lo: f64, hi: f64| 10f64.powf(lo + (hi - lo) * unit16(v));
        match self {
            Rate::Slow(v) => log(v, -2.0, 0.0),
            Rate::Fast(v) => log(v, 0.0, 1.5),
            Rate::Raw(bits) => f64::from(f32::from_bits(bits)),
        }
    }
}

/// A box's centre and columns in f64.
struct Frame3 {
    center: DVec3,
    cols: DMat3,
    half: DVec3,
}

fn frame3(b: &BoxInput3) -> Frame3 {
    let cols = match b.rotation {
        Orientation3::Quat(q) => {
            DMat3::from_cols_array_2d(&super::geometry::cols3(super::geometry::quat_columns(q)))
        }
        Orientation3::Axes(c) => DMat3::from_cols_array_2d(&c.map(|x| x.map(f64::from))),
    };
    Frame3 {
        center: DVec3::from_array(b.center.map(f64::from)),
        cols,
        half: DVec3::from_array(b.half_extents.map(f64::from)),
    }
}

/// `x` turned by `angle` about the unit `axis` (Rodrigues).
fn tilted(x: DVec3, axis: DVec3, angle: f64) -> DVec3 {
    DQuat::from_axis_angle(axis, angle) * x
}

/// A unit vector perpendicular to the unit `x`.
fn perpendicular(x: DVec3) -> DVec3 {
    x.any_orthonormal_vector()
}

impl Travel {
    /// B's velocity relative to A for the 3D boxes `a`, `b` at their placement, size `s`.
    fn relative3(&self, a: &BoxInput3, b: &BoxInput3, s: f64) -> DVec3 {
        let (fa, fb) = (frame3(a), frame3(b));
        let speed = self.speed.value(s);
        let direction = match self.heading {
            Heading::AtCentre(tilt) => {
                let at = (fa.center - fb.center).try_normalize().unwrap_or(DVec3::X);
                tilted(at, perpendicular(at), tilt.radians())
            }
            Heading::Slide(slide) => {
                let k = usize::from(slide.face % 3);
                let normal = fa.cols.col(k).normalize();
                let side = if (fb.center - fa.center).dot(normal) < 0.0 {
                    -1.0
                } else {
                    1.0
                };
                let angle = std::f64::consts::TAU * f64::from(slide.turn) / 65_536.0;
                let along =
                    fa.cols.col((k + 1) % 3) * angle.cos() + fa.cols.col((k + 2) % 3) * angle.sin();
                let along = along.try_normalize().unwrap_or(perpendicular(normal));
                match slide.lean {
                    Lean::Parallel => along,
                    Lean::Tilted(t) => {
                        let lean = t.radians();
                        along * lean.cos() - normal * (side * lean.sin())
                    }
                }
            }
            Heading::Random(d) => d.unit3(),
            Heading::Raw(bits) => {
                return DVec3::from_array(bits.map(|x| f64::from(f32::from_bits(x))));
            }
        };
        direction * speed
    }

    /// B's velocity relative to A in 2D.
    fn relative2(&self, a: &BoxInput2, b: &BoxInput2, s: f64) -> DVec2 {
        let col = |r: &[[f32; 2]; 2], i: usize| DVec2::from_array(r[i].map(f64::from));
        let (ca, cb) = (
            DVec2::from_array(a.center.map(f64::from)),
            DVec2::from_array(b.center.map(f64::from)),
        );
        let speed = self.speed.value(s);
        let direction = match self.heading {
            Heading::AtCentre(tilt) => {
                let at = (ca - cb).try_normalize().unwrap_or(DVec2::X);
                DVec2::from_angle(tilt.radians()).rotate(at)
            }
            Heading::Slide(slide) => {
                let k = usize::from(slide.face % 2);
                let normal = col(&a.rotation, k).normalize();
                let side = if (cb - ca).dot(normal) < 0.0 {
                    -1.0
                } else {
                    1.0
                };
                let along = col(&a.rotation, 1 - k)
                    .try_normalize()
                    .unwrap_or(normal.perp());
                let along = if slide.turn & 1 == 1 { -along } else { along };
                match slide.lean {
                    Lean::Parallel => along,
                    Lean::Tilted(t) => {
                        let lean = t.radians();
                        along * lean.cos() - normal * (side * lean.sin())
                    }
                }
            }
            Heading::Random(d) => d.unit2(),
            Heading::Raw(bits) => {
                return DVec2::new(
                    f64::from(f32::from_bits(bits[0])),
                    f64::from(f32::from_bits(bits[1])),
                );
            }
        };
        direction * speed
    }
}

/// A linear 3D cast as a case carries it: the boxes (B at its start), both velocities,
/// `max_toi` and the target distance, in f32.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastCase3 {
    /// How it was built.
    pub recipe: CastRecipe3,
    /// The boxes at time `0`.
    pub pair: RecipePair3,
    /// A's velocity.
    pub va: [f32; 3],
    /// B's velocity.
    pub vb: [f32; 3],
    /// `max_toi`.
    pub max_toi: f32,
    /// The target distance.
    pub target_distance: f32,
}

/// [`CastCase3`] in 2D.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastCase2 {
    /// How it was built.
    pub recipe: CastRecipe2,
    /// The rectangles at time `0`.
    pub pair: RecipePair2,
    /// A's velocity.
    pub va: [f32; 2],
    /// B's velocity.
    pub vb: [f32; 2],
    /// `max_toi`.
    pub max_toi: f32,
    /// The target distance.
    pub target_distance: f32,
}

/// A box's rigid motion as a case carries it (sat-core's `Motion3`, in f32).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MotionInput3 {
    /// The point it turns about, at time `0`.
    pub pivot: [f32; 3],
    /// The pivot's velocity.
    pub linvel: [f32; 3],
    /// Angular velocity.
    pub angvel: [f32; 3],
}

/// A rotating 3D cast as a case carries it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NonlinearCase3 {
    /// How it was built.
    pub recipe: NonlinearRecipe3,
    /// The boxes at time `0`.
    pub pair: RecipePair3,
    /// A's motion.
    pub motion_a: MotionInput3,
    /// B's motion.
    pub motion_b: MotionInput3,
    /// `max_toi` (finite).
    pub max_toi: f32,
    /// The target distance.
    pub target_distance: f32,
}

fn f32s<const N: usize>(x: [f64; N]) -> [f32; N] {
    x.map(|c| c as f32)
}

impl From<CastRecipe3> for CastCase3 {
    fn from(recipe: CastRecipe3) -> Self {
        let (a, mut b) = recipe.boxes.build();
        let s = recipe.boxes.size.value();
        let m = &recipe.motion;
        let v = m.relative3(&a, &b, s);
        let lead = m.lead.value();
        let start = DVec3::from_array(b.center.map(f64::from)) - v * lead;
        b.center = f32s(start.to_array());
        let drift = DVec3::from_array(m.drift.value(s, |d| d.unit3().to_array()));
        CastCase3 {
            recipe,
            pair: RecipePair3 {
                recipe: recipe.boxes,
                a,
                b,
            },
            va: f32s(drift.to_array()),
            vb: f32s((drift + v).to_array()),
            max_toi: m.horizon.value(lead, false) as f32,
            target_distance: m.target.value(s) as f32,
        }
    }
}

impl From<CastRecipe2> for CastCase2 {
    fn from(recipe: CastRecipe2) -> Self {
        let (a, mut b) = recipe.boxes.build();
        let s = recipe.boxes.size.value();
        let m = &recipe.motion;
        let v = m.relative2(&a, &b, s);
        let lead = m.lead.value();
        let start = DVec2::from_array(b.center.map(f64::from)) - v * lead;
        b.center = f32s(start.to_array());
        let drift = DVec2::from_array(m.drift.value(s, |d| d.unit2().to_array()));
        CastCase2 {
            recipe,
            pair: RecipePair2 {
                recipe: recipe.boxes,
                a,
                b,
            },
            va: f32s(drift.to_array()),
            vb: f32s((drift + v).to_array()),
            max_toi: m.horizon.value(lead, false) as f32,
            target_distance: m.target.value(s) as f32,
        }
    }
}

impl AngularMotion {
    /// The angular velocity and the pivot of a box `frame` at the placement, size `s`.
    fn at_placement(self, frame: &Frame3, s: f64) -> (DVec3, DVec3) {
        let pivot = |p: Pivot| match p {
            Pivot::Centre => frame.center,
            Pivot::Corner(k) => {
                let sign = |bit: u8| if k >> bit & 1 == 1 { -1.0 } else { 1.0 };
                frame.center
                    + frame.cols.col(0) * (frame.half.x * sign(0))
                    + frame.cols.col(1) * (frame.half.y * sign(1))
                    + frame.cols.col(2) * (frame.half.z * sign(2))
            }
            Pivot::Offset(o) => frame.center + o.direction.unit3() * (3.0 * s * unit16(o.distance)),
            Pivot::Local(bits) => {
                let local = DVec3::from_array(bits.map(|x| f64::from(f32::from_bits(x))));
                frame.center + frame.cols * local
            }
        };
        match self {
            AngularMotion::Still => (DVec3::ZERO, frame.center),
            AngularMotion::About(t) => (t.axis.unit3() * t.rate.value(), pivot(t.pivot)),
            AngularMotion::Raw(r) => (
                DVec3::from_array(r.angvel.map(|x| f64::from(f32::from_bits(x)))),
                pivot(r.pivot),
            ),
        }
    }
}

/// A box turned back from its placement: at time `lead` it is at `b`, having turned with
/// `angvel` about a pivot moving with `linvel` that is at `pivot` then. Returns the box at time
/// `0` and its motion.
fn wound_back(
    b: &BoxInput3,
    angvel: DVec3,
    pivot: DVec3,
    linvel: DVec3,
    lead: f64,
) -> (BoxInput3, MotionInput3) {
    let back = DQuat::from_scaled_axis(-angvel * lead);
    let frame = frame3(b);
    let start_pivot = pivot - linvel * lead;
    let center = start_pivot + back * (frame.center - pivot);
    let rotation = match b.rotation {
        Orientation3::Quat(q) => {
            let q = back * DQuat::from_array(q.map(f64::from));
            Orientation3::Quat(f32s(q.to_array()))
        }
        Orientation3::Axes(cols) => Orientation3::Axes(
            cols.map(|c| f32s((back * DVec3::from_array(c.map(f64::from))).to_array())),
        ),
    };
    let start = BoxInput3 {
        center: f32s(center.to_array()),
        half_extents: b.half_extents,
        rotation,
    };
    let motion = MotionInput3 {
        pivot: f32s(start_pivot.to_array()),
        linvel: f32s(linvel.to_array()),
        angvel: f32s(angvel.to_array()),
    };
    (start, motion)
}

impl From<NonlinearRecipe3> for NonlinearCase3 {
    fn from(recipe: NonlinearRecipe3) -> Self {
        let (a, b) = recipe.boxes.build();
        let s = recipe.boxes.size.value();
        let m = &recipe.motion;
        let v = m.sweep.relative3(&a, &b, s);
        let lead = m.sweep.lead.value();
        let drift = DVec3::from_array(m.sweep.drift.value(s, |d| d.unit3().to_array()));
        let (wa, pa) = m.spin_a.at_placement(&frame3(&a), s);
        let (wb, pb) = m.spin_b.at_placement(&frame3(&b), s);
        let (a, motion_a) = wound_back(&a, wa, pa, drift, lead);
        let (b, motion_b) = wound_back(&b, wb, pb, drift + v, lead);
        NonlinearCase3 {
            recipe,
            pair: RecipePair3 {
                recipe: recipe.boxes,
                a,
                b,
            },
            motion_a,
            motion_b,
            max_toi: m.sweep.horizon.value(lead, true) as f32,
            target_distance: m.sweep.target.value(s) as f32,
        }
    }
}

macro_rules! arbitrary_cases {
    ($($case:ident from $recipe:ident),*) => {$(
        impl<'a> arbitrary::Arbitrary<'a> for $case {
            fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
                Ok(<$recipe as super::field_bytes::FieldBytes>::decode(u).into())
            }
        }
    )*};
}

arbitrary_cases!(
    CastCase3 from CastRecipe3,
    CastCase2 from CastRecipe2,
    NonlinearCase3 from NonlinearRecipe3
);
