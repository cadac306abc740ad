//! Linear and rotating casts of two boxes: when they first touch (or come within a target
//! distance), with a stated error bound. [`Obb3::cast`](crate::Obb3::cast),
//! [`Obb3::cast_certified`](crate::Obb3::cast_certified),
//! [`Obb3::cast_nonlinear`](crate::Obb3::cast_nonlinear) and the same on [`Obb2`](crate::Obb2),
//! [`DObb3`](crate::DObb3) and [`DObb2`](crate::DObb2).
//!
//! # The maths
//!
//! **Linear casts** (Eberly, "Dynamic Collision Detection using Oriented Bounding Boxes";
//! Geometric Tools' `IntrOrientedBox3OrientedBox3` find-intersection query for moving boxes).
//! Boxes A and B keep their orientations and move with constant velocities `v_A`, `v_B`; only
//! the relative motion matters, so B moves by `v = v_B − v_A` past a fixed A. Along a
//! candidate axis `L` of the separating-axis test (3 + 3 face normals and 9 edge cross products
//! in 3D, 2 + 2 face normals in 2D) the projections of the boxes are intervals that slide
//! linearly in time: with `p = L·(c_B − c_A)`, `w = L·v` and `r = Σ e_Ai|a_i·L| + Σ e_Bj|b_j·L|`
//! they overlap exactly while `|p + τw| ≤ r`, a closed interval of times `I_L` (all times, or
//! none, when `w = 0`). The boxes intersect at time `τ` exactly when `τ` lies in every `I_L`, so
//! they first touch at the **latest entry** over the axes, provided it comes no later than the
//! **earliest exit** and `max_toi`. Every quantity is rational in the inputs, so that time is a
//! rational number ([`exact::toi3`](crate::exact::toi3) computes it).
//!
//! **A target distance `δ > 0`.** The boxes are within `δ` of each other when B's centre offset
//! lies in the Minkowski difference of the boxes grown by a ball of radius `δ`: a *rounded*
//! polytope, not a bigger box (its edges are cylinders and its corners spheres). The cast first
//! runs the separating-axis cast with `δ·|L|` added to every `r`: that polytope contains the
//! rounded one, so its entry time is a lower bound of the answer, exact when a face is met first
//! (a vertex or an edge pair across a face of the difference), and "never" there is "never"
//! here. From that time the cast advances in f64 over [`distance`](crate::distance) (see
//! "Advancing" below) until the boxes are within `δ` plus the tolerance; where a box's corner or
//! edge is met first that takes a few Newton steps.
//!
//! **Rotating casts** ([`Motion3`], as parry's `NonlinearRigidMotion`): each box turns with a
//! constant angular velocity about a pivot that moves with a constant linear velocity. There
//! is no closed form; the cast is *conservative advancement*: at time `τ` the bounded distance
//! `d̃` (minus its error bound, and minus the rounding of the moved boxes) is a lower bound of the
//! exact distance, and no point of a box moves faster than `μ = |v_B − v_A| + |ω_A|ρ_A +
//! |ω_B|ρ_B` (`ρ` the box's largest distance from its pivot), so nothing can touch before
//! `τ + (d̃ − error − δ)/μ`. Along the direction `n` from A's closest point to B's, the gap
//! between the boxes' supporting planes falls at most at `μ_n = −n·(v_B − v_A) + |n × ω_A|ρ_A +
//! |n × ω_B|ρ_B`, often much less than `μ` (and `μ_n ≤ 0` proves that no contact ever comes);
//! each step takes the longer of the two advances. Both are proven lower bounds of the time to
//! contact, so a contact is never stepped over (the failure of parry issue #317).
//!
//! # Advancing
//!
//! The same step serves the linear cast with `δ > 0` (with `ω = 0`, where the plane step is a
//! Newton step on the convex distance function, exact in one step across a face) and the
//! rotating cast. Both run on the boxes in f64 ([`DObb3`](crate::DObb3), made from an f32 box by
//! the polar factor of its columns, so they contain the stored box), relative to A's centre, and
//! stop when the bounded distance is within `δ` plus a stop slack ([`CAST_STOP_K`]`·ε·S'`), which
//! exceeds the distance's error bound, so every step that does not stop advances by at least a
//! few hundred ulps of the time. A cast that has not stopped after [`MAX_ADVANCES`] (linear) or
//! [`MAX_NONLINEAR_ADVANCES`] (rotating) steps returns [`CastStatus::OutOfIterations`] with the
//! time reached, which is still never late.
//!
//! # The bound
//!
//! `S' = |c_B − c_A| + τ_max·μ + |e_A| + |e_B| + δ`, where `μ = |v_B − v_A|` for a linear cast
//! and the largest point speed above for a rotating one, and `τ_max` is `max_toi` or, for a
//! linear cast, the time after which B has passed A for good, whichever is sooner (so
//! `max_toi = ∞` is allowed there). `ε` is the precision's (`2⁻²³`, `2⁻⁵²`). For the boxes as
//! stored (their centres, half-extents and axis columns taken exactly) and the velocities as
//! given (derivation: [`tolerance`](crate::tolerance), "Casts"):
//!
//! * **"No hit" is exact**, at any margin: the boxes do not come within `δ` of each other at any
//!   time in `[0, max_toi]` (the padded axes' intervals contain the exact ones; each advance is a
//!   proven lower bound).
//! * **A hit is never late**: the boxes are farther apart than `δ` at every time before the
//!   returned `toi` (for `δ = 0`: they do not intersect before it).
//! * **A hit is early by at most the tolerance**: at `toi`, for `δ = 0`, the boxes' margin (their
//!   largest signed gap over the candidate axes) is at most [`CAST_K`]`·ε·S'` (`CAST_K_F64` for
//!   f64 boxes), so the boxes with every half-extent grown by half of that intersect; for `δ > 0`
//!   and for rotating casts, their distance is at most `δ +` [`CAST_DISTANCE_K`]`·ε·S'`
//!   (`CAST_DISTANCE_K_F64`).
//! * [`cast_certified`](crate::Obb3::cast_certified) (`δ = 0`, feature `exact`) returns the
//!   exact time of impact rounded down to the precision and the exact status, at any margin.
//!
//! The boxes as written are contained in the stored ones, so "no hit" and "never late" hold for
//! them too.
//!
//! # Degenerate inputs
//!
//! * **No relative motion** (`v_B = v_A`, and no rotation): the cast is the separating-axis test
//!   at `τ = 0` ([`CastStatus::Penetrating`] or no hit); `max_toi` does not matter.
//! * **Sliding along a face** (`v` parallel to a face, `w = 0` on its axis): that axis's
//!   interval is all times or none, exactly (IEEE division by a signed zero gives the infinite
//!   end, and the padded `r` decides `|p| ≤ r`).
//! * **Near-parallel edges**: the edge axes are the padded cross axes of `sat3.rs`, scaled by
//!   `|ℓ|`, so an edge axis within rounding of parallel gives an interval of all times rather
//!   than a wrong one; the band argument covers the faces they sit between.
//! * **Overlapping at `τ = 0`** (or within `δ`): [`CastStatus::Penetrating`], `toi = 0`, with the
//!   normal of [`separation`](crate::Obb3::separation) (the shallowest way out).
//! * **Grazing approaches** (`w` tiny on the last axis to close): the entry time is then
//!   ill-conditioned, but the *position* along that axis is not, and the bound is on positions.
//!
//! # Caveats
//!
//! The bound is relative to `S'`: a cast over a long time or distance is as accurate as its
//! largest coordinate. Witness points are world coordinates at `toi` (they carry `ε·|c|` of
//! the world far from the origin). The feature and normal of a hit are those of
//! [`separation`](crate::Obb3::separation) at `toi` (for `δ > 0` with the boxes apart, the normal
//! is the direction between the witness points).
//!
//! ```
//! use sat_core::Obb3;
//! use sat_core::cast::{CastOptions, CastStatus};
//! use sat_core::glam::{Quat, Vec3};
//!
//! let wall = Obb3::try_new(Vec3::ZERO, Vec3::new(0.5, 4.0, 4.0), Quat::IDENTITY)?;
//! let crate_ = Obb3::try_new(Vec3::new(5.0, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY)?;
//! // The crate slides towards the wall at 2 m/s: its face reaches x = 0.5 after 1.75 s.
//! let hit = wall
//!     .cast(Vec3::ZERO, &crate_, Vec3::new(-2.0, 0.0, 0.0), CastOptions::new(10.0))?
//!     .expect("a hit");
//! assert_eq!(hit.status, CastStatus::Hit);
//! assert!(hit.toi <= 1.75 && hit.toi > 1.75 - 1e-4);
//! assert_eq!(hit.normal, Vec3::X);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::Feature;
use crate::precision::StoredScalar;
use crate::tolerance::{MAX_MAGNITUDE, MIN_MAGNITUDE};

pub use crate::tolerance::{
    CAST_DISTANCE_K, CAST_DISTANCE_K_F64, CAST_K, CAST_K_F64, CAST_PAD_K, CAST_PAD_K_F64,
    CAST_STOP_K, CAST_STOP_K_F64,
};

#[cfg(feature = "exact")]
mod certified;
mod double;
mod single;
mod wide;

/// Advances of a linear cast with `δ > 0` before it gives up with
/// [`CastStatus::OutOfIterations`]. Each advance that does not stop is at least
/// `(CAST_STOP_K − error)·ε·S'/|v|` long, and near a rounded corner or edge the plane step
/// converges like Newton's method (quarters the excess distance per step even where the path
/// only grazes it), so a few suffice.
pub const MAX_ADVANCES: usize = 64;

/// Advances of a rotating cast before it gives up with [`CastStatus::OutOfIterations`].
pub const MAX_NONLINEAR_ADVANCES: usize = 512;

/// What a cast may assume about its run: the latest time of impact it looks for and the
/// distance at which the boxes count as touching.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastOptions<R = f32> {
    /// The latest time of impact that counts: a contact that begins after it is no hit. Any
    /// `max_toi ≥ 0` for a linear cast, `+∞` included; finite (at most
    /// [`MAX_MAGNITUDE`]) for a rotating one. Times are numbers of the boxes' precision: a
    /// contact that begins after the largest one (`f32::MAX`, `f64::MAX`) is no hit.
    pub max_toi: R,
    /// The boxes count as touching once their distance is at most this (`≥ 0`, at most
    /// [`MAX_MAGNITUDE`]). `0`: the boxes touch.
    pub target_distance: R,
}

impl<R: Copy + Default> CastOptions<R> {
    /// `max_toi`, target distance `0`.
    pub fn new(max_toi: R) -> Self {
        CastOptions {
            max_toi,
            target_distance: R::default(),
        }
    }

    /// The same options with `target_distance`.
    pub fn with_target_distance(self, target_distance: R) -> Self {
        CastOptions {
            target_distance,
            ..self
        }
    }
}

/// How a cast ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastStatus {
    /// The boxes first touch (come within the target distance) at `toi > 0`.
    Hit,
    /// The boxes already intersect (are within the target distance) at time `0`: `toi = 0`.
    Penetrating,
    /// A cast that advances (`δ > 0`, or rotating) ran out of steps at `toi` before the boxes
    /// came within the tolerance: they do not come within the target distance before `toi`,
    /// but may be farther apart than the tolerance there.
    OutOfIterations,
}

/// A cast's answer when the boxes meet within `max_toi`. `V` is `glam::Vec3`, `Vec2`, `DVec3`
/// or `DVec2`, `R` its scalar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastHit<V, R = f32> {
    /// The time of impact: never later than the exact one, and early by at most the tolerance
    /// (see the module docs).
    pub toi: R,
    /// Unit normal at `toi`, world space, from the first box towards the second.
    pub normal: V,
    /// A point of the first box at `toi` (world space, the box moved by its velocity times
    /// `toi`).
    pub a: V,
    /// A point of the second box at `toi`, within the target distance (plus the tolerance) of
    /// `a`; the same point as `a` when the boxes intersect there.
    pub b: V,
    /// The candidate axis of [`separation`](crate::Obb3::separation) at `toi`: for `δ = 0` the
    /// face or edge pair that closed last.
    pub feature: Feature,
    /// How the cast ended.
    pub status: CastStatus,
}

/// A box's rigid motion for [`cast_nonlinear`](crate::Obb3::cast_nonlinear), as parry's
/// `NonlinearRigidMotion`: it turns about `pivot` with angular velocity `angvel` (world space,
/// radians per unit time about its direction) while `pivot` moves with `linvel`. A point `x`
/// of the box at time `0` is at `pivot + linvel·τ + R(angvel·τ)·(x − pivot)` at time `τ`.
///
/// parry's `local_center` is `pivot` in the box's local frame: `pivot = start * local_center`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion3<V = glam::Vec3> {
    /// The point the box turns about, at time `0` (world space).
    pub pivot: V,
    /// The pivot's velocity.
    pub linvel: V,
    /// Angular velocity (axis times radians per unit time).
    pub angvel: V,
}

/// [`Motion3`] in 2D: `angvel` is the counter-clockwise turn rate (radians per unit time).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion2<V = glam::Vec2, R = f32> {
    /// The point the rectangle turns about, at time `0` (world space).
    pub pivot: V,
    /// The pivot's velocity.
    pub linvel: V,
    /// Counter-clockwise turn rate.
    pub angvel: R,
}

/// Why a cast refused its input. The values are given in f64 (exactly, from either precision).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum CastError {
    /// A velocity, pivot, `max_toi` or target distance is NaN (or infinite where that is not
    /// allowed: everything but a linear cast's `max_toi`).
    NonFinite {
        /// Which input.
        what: &'static str,
    },
    /// `max_toi` or the target distance is negative (`-0.0` is zero).
    Negative {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: f64,
    },
    /// A magnitude above [`MAX_MAGNITUDE`] (a velocity component, a pivot coordinate, the
    /// target distance, a rotating cast's `max_toi`).
    TooLarge {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: f64,
    },
    /// A non-zero velocity or pivot component below [`MIN_MAGNITUDE`] (products would lose the
    /// bound to underflow). Use an exact zero.
    TooSmall {
        /// Which input.
        what: &'static str,
        /// The value given.
        value: f64,
    },
}

impl fmt::Display for CastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NonFinite { what } => write!(f, "{what} is not finite (NaN or infinity)"),
            Self::Negative { what, value } => write!(f, "{what} is negative ({value})"),
            Self::TooLarge { what, value } => write!(
                f,
                "{what} has magnitude {value:e}, above the supported maximum {MAX_MAGNITUDE:e}"
            ),
            Self::TooSmall { what, value } => write!(
                f,
                "{what} has magnitude {value:e}, below the supported minimum {MIN_MAGNITUDE:e} \
                 (use 0)"
            ),
        }
    }
}

impl core::error::Error for CastError {}

/// Checks a velocity or pivot component: finite, zero or within the supported magnitudes.
fn check_component<R: StoredScalar>(what: &'static str, value: R) -> Result<(), CastError> {
    let value = value.to_f64();
    if !value.is_finite() {
        return Err(CastError::NonFinite { what });
    }
    let magnitude = value.abs();
    if magnitude > f64::from(MAX_MAGNITUDE) {
        return Err(CastError::TooLarge { what, value });
    }
    if magnitude != 0.0 && magnitude < f64::from(MIN_MAGNITUDE) {
        return Err(CastError::TooSmall { what, value });
    }
    Ok(())
}

/// A box's stored numbers as the 3D cast (`cast/three.rs`) computes with them, in the
/// precision's frame types (`V`, `M`: `FrameVec3`, `FrameMat3`) and scalar `R`: built by `parts3`
/// in `cast/single.rs` and `cast/double.rs`.
pub(crate) struct Parts3<V, M, R> {
    pub(crate) center: V,
    pub(crate) half: V,
    pub(crate) rows: M,
    pub(crate) extent_norm: R,
}

/// [`check_component`] on every component, in order.
pub(crate) fn check_vector<R: StoredScalar, const N: usize>(
    what: &'static str,
    components: [R; N],
) -> Result<(), CastError> {
    components
        .into_iter()
        .try_for_each(|c| check_component(what, c))
}

/// Checks the options: `max_toi` not NaN and `≥ 0` (finite and at most [`MAX_MAGNITUDE`] when
/// `finite_time`), the target distance finite, `≥ 0` and at most [`MAX_MAGNITUDE`].
pub(crate) fn check_options<R: StoredScalar>(
    options: &CastOptions<R>,
    finite_time: bool,
) -> Result<(), CastError> {
    let max_toi = options.max_toi.to_f64();
    if max_toi.is_nan() || (finite_time && max_toi.is_infinite()) {
        return Err(CastError::NonFinite { what: "max_toi" });
    }
    if max_toi < 0.0 {
        return Err(CastError::Negative {
            what: "max_toi",
            value: max_toi,
        });
    }
    if finite_time && max_toi > f64::from(MAX_MAGNITUDE) {
        return Err(CastError::TooLarge {
            what: "max_toi",
            value: max_toi,
        });
    }
    let distance = options.target_distance.to_f64();
    if !distance.is_finite() {
        return Err(CastError::NonFinite {
            what: "target distance",
        });
    }
    if distance < 0.0 {
        return Err(CastError::Negative {
            what: "target distance",
            value: distance,
        });
    }
    if distance > f64::from(MAX_MAGNITUDE) {
        return Err(CastError::TooLarge {
            what: "target distance",
            value: distance,
        });
    }
    Ok(())
}
