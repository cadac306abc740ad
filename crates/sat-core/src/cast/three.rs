//! `Obb3::cast` and `Obb3::cast_nonlinear` in one precision (algorithm and bound:
//! [`cast`](crate::cast)).

use glam::{DVec3, Vec3Swizzles};

use super::{
    CAST_PAD_K, EPS, FrameMat3, FrameVec3, Obb3, Parts3, Real, STOP_PER_SCALE, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE, Vec3, narrow3, parts3, sqrt, translated3, wide3,
};
use crate::cast::wide::{Advanced, Moving3, advance3, nonlinear3};
use crate::cast::{
    CastError, CastHit, CastOptions, CastStatus, MAX_ADVANCES, Motion3, check_options, check_vector,
};
use crate::precision::ToF64;

impl Obb3 {
    /// When `other`, moving with `other_velocity` while this box moves with `velocity`, first
    /// touches this box (or comes within `options.target_distance` of it), within
    /// `options.max_toi`; `None` if it does not.
    ///
    /// Both boxes keep their orientations. The answer is for the boxes as stored (centre,
    /// half-extents and axis columns taken exactly); the algorithm, the degenerate cases and the
    /// caveats are in [`cast`](crate::cast).
    ///
    /// # Errors
    ///
    /// [`CastError`] for a velocity component that is not finite, above
    /// [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE) or non-zero below
    /// [`MIN_MAGNITUDE`](crate::MIN_MAGNITUDE); a NaN or negative `max_toi` (`+∞` is allowed);
    /// a target distance that is not finite, negative or above `MAX_MAGNITUDE`.
    ///
    /// # Error bound
    ///
    /// With `S' = |c_B − c_A| + τ_max·|v_B − v_A| + |e_A| + |e_B| + δ` ([`cast`](crate::cast),
    /// "The bound"): `None` is exact; a hit is never later than the exact time of impact; at
    /// the returned `toi` the boxes' margin is at most [`CAST_K`](crate::cast::CAST_K)`·ε·S'`
    /// (target distance `0`) or their distance at most `δ +`
    /// [`CAST_DISTANCE_K`](crate::cast::CAST_DISTANCE_K)`·ε·S'` (f64 boxes: the `_F64`
    /// constants, in `ε₆₄`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::cast::{CastOptions, CastStatus};
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let floor = Obb3::try_new(Vec3::ZERO, Vec3::new(10.0, 0.5, 10.0), Quat::IDENTITY)?;
    /// let cube = Obb3::try_new(Vec3::new(0.0, 3.5, 0.0), Vec3::ONE, Quat::from_rotation_y(0.7))?;
    /// let fall = Vec3::new(0.0, -1.0, 0.0);
    /// // The cube's bottom face (y = 2.5) meets the floor's top (y = 0.5) after 2 s ...
    /// let hit = floor.cast(Vec3::ZERO, &cube, fall, CastOptions::new(5.0))?.unwrap();
    /// assert!(hit.toi <= 2.0 && hit.toi > 2.0 - 1e-4);
    /// assert_eq!(hit.status, CastStatus::Hit);
    /// // ... and comes within 0.25 of it half a second earlier.
    /// let near = CastOptions::new(5.0).with_target_distance(0.25);
    /// let hit = floor.cast(Vec3::ZERO, &cube, fall, near)?.unwrap();
    /// assert!(hit.toi <= 1.75 && hit.toi > 1.75 - 1e-4);
    /// // Sliding along the floor, it never touches it.
    /// let slide = Vec3::new(3.0, 0.0, 0.0);
    /// assert!(floor.cast(Vec3::ZERO, &cube, slide, CastOptions::new(f32::INFINITY))?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast(
        &self,
        velocity: Vec3,
        other: &Obb3,
        other_velocity: Vec3,
        options: CastOptions<Real>,
    ) -> Result<Option<CastHit<Vec3, Real>>, CastError> {
        check_vector("velocity", velocity.to_array())?;
        check_vector("velocity", other_velocity.to_array())?;
        check_options(&options, false)?;
        Ok(linear(self, velocity, other, other_velocity, options))
    }

    /// When `other` first touches this box (or comes within `options.target_distance` of it),
    /// both moving rigidly: turning about a moving pivot ([`Motion3`]), as parry's
    /// `cast_shapes_nonlinear`. The boxes are `self` and `other` at time `0`.
    ///
    /// Conservative advancement over the bounded distance ([`cast`](crate::cast), "Rotating
    /// casts"), in f64.
    ///
    /// # Errors
    ///
    /// [`CastError`] for a pivot, linear or angular velocity component that is not finite,
    /// above [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE) or non-zero below
    /// [`MIN_MAGNITUDE`](crate::MIN_MAGNITUDE); a `max_toi` that is NaN, negative, infinite or
    /// above `MAX_MAGNITUDE`; a target distance as for [`cast`](Self::cast).
    ///
    /// # Error bound
    ///
    /// With `S' = |c_B − c_A| + max_toi·μ + |e_A| + |e_B| + δ`, `μ` the largest relative point
    /// speed: `None` is exact; a hit is never late; at its `toi` the boxes' distance is at
    /// most `δ +` [`CAST_DISTANCE_K`](crate::cast::CAST_DISTANCE_K)`·ε·S'` (f64 boxes:
    /// [`CAST_DISTANCE_K_F64`](crate::cast::CAST_DISTANCE_K_F64)`·ε₆₄·S'`), unless the status
    /// is [`OutOfIterations`](crate::cast::CastStatus::OutOfIterations).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::cast::{CastOptions, Motion3};
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// // A 4 m plank turning about its centre, a post 1.5 m away from that centre.
    /// let plank = Obb3::try_new(Vec3::ZERO, Vec3::new(2.0, 0.1, 0.1), Quat::IDENTITY)?;
    /// let post = Obb3::try_new(Vec3::new(0.0, 1.5, 0.0), Vec3::splat(0.1), Quat::IDENTITY)?;
    /// let spin = Motion3 { pivot: Vec3::ZERO, linvel: Vec3::ZERO, angvel: Vec3::new(0.0, 0.0, 1.0) };
    /// let rest = Motion3 { pivot: post.center(), linvel: Vec3::ZERO, angvel: Vec3::ZERO };
    /// let hit = plank.cast_nonlinear(&spin, &post, &rest, CastOptions::new(3.0))?.unwrap();
    /// // Its upper face (0.1 from its axis) reaches the post's edge at (0.1, 1.4), at angle
    /// // atan2(1.4, 0.1), once the angle left is asin(0.1 / |(0.1, 1.4)|).
    /// let exact = 1.4f32.atan2(0.1) - (0.1 / 0.1f32.hypot(1.4)).asin();
    /// assert!(hit.toi <= exact && hit.toi > exact - 1e-4);
    /// assert!((hit.b.x - 0.1).abs() < 1e-4 && (hit.b.y - 1.4).abs() < 1e-4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_nonlinear(
        &self,
        motion: &Motion3<Vec3>,
        other: &Obb3,
        other_motion: &Motion3<Vec3>,
        options: CastOptions<Real>,
    ) -> Result<Option<CastHit<Vec3, Real>>, CastError> {
        for m in [motion, other_motion] {
            check_vector("pivot", m.pivot.to_array())?;
            check_vector("velocity", m.linvel.to_array())?;
            check_vector("angular velocity", m.angvel.to_array())?;
        }
        check_options(&options, true)?;
        let wide = |m: &Motion3<Vec3>| Motion3 {
            pivot: m.pivot.to_f64(),
            linvel: m.linvel.to_f64(),
            angvel: m.angvel.to_f64(),
        };
        let moving = Moving3::new(
            &wide3(self),
            &wide(motion),
            &wide3(other),
            &wide(other_motion),
        );
        let delta = options.target_distance.to_f64();
        let found = nonlinear3(&moving, options.max_toi.to_f64(), delta, STOP_PER_SCALE);
        Ok(found.map(|found| advanced_hit(&moving, &found)))
    }
}

#[cfg(feature = "exact")]
impl Obb3 {
    /// [`cast`](Self::cast) with target distance `0`, exact: the exact time of impact of the
    /// boxes as stored, rounded down to the precision, and the exact status, at any margin
    /// (touching at time `0` or exactly at `max_toi` included).
    ///
    /// The padded cast decides "no hit" (exact); the window it leaves is settled, for f32 boxes,
    /// by every candidate axis in f64 with rigorous error bounds, and what that leaves (a time
    /// within about `2⁻⁴⁷` of an f32 boundary, exact touching) by exact integers
    /// ([`exact::toi3`](crate::exact::toi3)); f64 boxes go straight to exact integers. The normal,
    /// feature and witness points are [`cast`](Self::cast)'s at the certified time.
    ///
    /// # Errors
    ///
    /// As [`cast`](Self::cast).
    ///
    /// # Error bound
    ///
    /// None on the time and status: `toi` is the largest stored number not above the exact
    /// time of impact; `None` exactly when the boxes do not meet in `[0, max_toi]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::cast::CastStatus;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let a = Obb3::try_new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY)?;
    /// let b = Obb3::try_new(Vec3::new(5.0, 1.5, 0.0), Vec3::ONE, Quat::IDENTITY)?;
    /// let left = Vec3::new(-2.0, 0.0, 0.0);
    /// // B's face x = 4 reaches A's x = 1 at exactly 1.5.
    /// let hit = a.cast_certified(Vec3::ZERO, &b, left, 10.0)?.unwrap();
    /// assert_eq!((hit.toi, hit.status), (1.5, CastStatus::Hit));
    /// // Exactly at max_toi still counts; a hair before it does not.
    /// assert!(a.cast_certified(Vec3::ZERO, &b, left, 1.5)?.is_some());
    /// assert!(a.cast_certified(Vec3::ZERO, &b, left, 1.5f32.next_down())?.is_none());
    /// // Sliding exactly along A's top face: touching all along, from 0.
    /// let on_top = Obb3::try_new(Vec3::new(0.5, 2.0, 0.0), Vec3::ONE, Quat::IDENTITY)?;
    /// let hit = a.cast_certified(Vec3::ZERO, &on_top, left, 10.0)?.unwrap();
    /// assert_eq!((hit.toi, hit.status), (0.0, CastStatus::Penetrating));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_certified(
        &self,
        velocity: Vec3,
        other: &Obb3,
        other_velocity: Vec3,
        max_toi: Real,
    ) -> Result<Option<CastHit<Vec3, Real>>, CastError> {
        check_vector("velocity", velocity.to_array())?;
        check_vector("velocity", other_velocity.to_array())?;
        let options = CastOptions::new(max_toi);
        check_options(&options, false)?;
        let Some(w) = padded(self, velocity, other, other_velocity, &options) else {
            return Ok(None);
        };
        let found = super::certify3(self, velocity, other, other_velocity, max_toi, (w.lo, w.hi));
        Ok(found.map(|(toi, penetrating)| {
            let status = if penetrating {
                CastStatus::Penetrating
            } else {
                CastStatus::Hit
            };
            hit_at(self, velocity, other, w.v, toi as Real, status)
        }))
    }
}

/// A cast's answer from where the advancing stopped: the time rounded down, the points in the
/// world, the feature (and, where the points meet, the normal) of `separation` there.
fn advanced_hit(moving: &Moving3, found: &Advanced<DVec3>) -> CastHit<Vec3, Real> {
    let (a, b) = moving.at(found.toi);
    let s = a.separation(&b);
    let world = moving.origin + moving.drift * found.toi;
    CastHit {
        toi: narrow_time(found.toi),
        normal: narrow3(found.normal.unwrap_or(s.axis)),
        a: narrow3(found.a + world),
        b: narrow3(found.b + world),
        feature: s.feature,
        status: found.status,
    }
}

/// A time from the f64 advancing in the stored precision, rounded down (a time of impact is
/// never late).
fn narrow_time(t: f64) -> Real {
    let x = t as Real;
    if x.to_f64() > t { x.next_down() } else { x }
}

/// The pair's relative motion and the scale of the error bound.
struct Sweep {
    /// `d = c_B − c_A`.
    d: FrameVec3,
    /// `v = v_B − v_A`.
    v: FrameVec3,
    /// The latest time a contact can begin: `max_toi`, or sooner when B has passed A for good
    /// (`0` without relative motion).
    horizon: Real,
    /// `S' = |d| + horizon·|v| + |e_A| + |e_B| + δ`.
    scale: Real,
}

impl Sweep {
    fn new(a: &Parts3, b: &Parts3, v: FrameVec3, options: &CastOptions<Real>) -> Sweep {
        let d = b.center - a.center;
        let (distance, speed) = (sqrt(d.dot(d)), sqrt(v.dot(v)));
        let delta = options.target_distance;
        // Contact needs |d + vτ| ≤ |e_A| + |e_B| + δ, so none begins after (|d| + |e_A| + |e_B|
        // + δ)/|v|; the factor covers the roundings of the norms, sums and quotient.
        let reach = ((distance + a.extent_norm) + b.extent_norm + delta) * (1.0 + 8.0 * EPS);
        let (horizon, travel) = if speed == 0.0 {
            (0.0, 0.0)
        } else {
            let max_toi = options.max_toi;
            (max_toi.min(reach / speed), (max_toi * speed).min(reach))
        };
        Sweep {
            d,
            v,
            horizon,
            scale: ((distance + travel) + (a.extent_norm + b.extent_norm)) + delta,
        }
    }
}

/// The latest entry and the earliest exit over the 15 candidate axes, each axis's interval
/// padded by `CAST_PAD_K·ε·S'` (edge pairs: times `|ℓ|₁`) and grown by the target distance
/// `delta` along the axis: times outside the result are exactly times at which the boxes are
/// farther apart than `delta`.
///
/// The numerators are those of the padded separating-axis test (`sat3.rs`, `classify`): `p`
/// and `w` are the centre offset's and the velocity's coordinates along the axis, with the same
/// roundings, so the per-axis error bounds of [`tolerance`](crate::tolerance) apply to each, and
/// `r` is the padded reach.
#[inline(always)]
fn window(a: &Parts3, b: &Parts3, sweep: &Sweep, delta: Real) -> (Real, Real) {
    let (ea, eb) = (a.half, b.half);
    let pad = CAST_PAD_K * EPS * sweep.scale + UNDERFLOW_FLOOR;
    let grow = FrameVec3::splat(pad + delta);
    let (ra, rb) = (&a.rows, &b.rows);
    let times = |rows: &FrameMat3, x: FrameVec3| {
        (rows.x_axis * x.x + rows.y_axis * x.y) + rows.z_axis * x.z
    };
    let (t, tb) = (times(ra, sweep.d), times(rb, sweep.d));
    let (vt, vb) = (times(ra, sweep.v), times(rb, sweep.v));
    // The wrapped diagonals of R: lane i of d1 is R_{i,i+1} = a_i · b_{i+1}.
    let d0 = (ra.x_axis * rb.x_axis + ra.y_axis * rb.y_axis) + ra.z_axis * rb.z_axis;
    let d1 =
        (ra.x_axis * rb.x_axis.yzx() + ra.y_axis * rb.y_axis.yzx()) + ra.z_axis * rb.z_axis.yzx();
    let d2 =
        (ra.x_axis * rb.x_axis.zxy() + ra.y_axis * rb.y_axis.zxy()) + ra.z_axis * rb.z_axis.zxy();
    let (a0, a1, a2) = (d0.abs(), d1.abs(), d2.abs());
    let mut found = Found::new();

    // Faces of A, lane i.
    let (eb1, eb2) = (eb.yzx(), eb.zxy());
    let reach_b = (eb * a0 + eb1 * a1) + eb2 * a2;
    found.add(t, vt, (ea + grow) + reach_b);
    // Faces of B, lane j.
    let radius_a = ((ea * a0) + (ea * a1).zxy()) + (ea * a2).yzx();
    found.add(tb, vb, radius_a + (eb + grow));

    // Edge pairs (i, k = i + δ) in lane i, as `classify`: A's extents carry the pad (so it
    // counts `|ℓ|₁` times), B's radius the 2×2 minors of R.
    let pa = ea + FrameVec3::splat(pad);
    let floor = FrameVec3::splat(UNDERFLOW_SCALE * sweep.scale + UNDERFLOW_FLOOR);
    let (tm, tn) = (t.yzx(), t.zxy());
    let (vm, vn) = (vt.yzx(), vt.zxy());
    let (pm, pn) = (pa.yzx(), pa.zxy());
    let diag = [d0, d1, d2];
    let rot1 = diag.map(|v| v.yzx());
    let rot2 = diag.map(|v| v.zxy());
    let ebs = [eb, eb1, eb2];
    let cofactor =
        |dl: usize| (rot1[dl] * rot2[dl] - rot1[(dl + 1) % 3] * rot2[(dl + 2) % 3]).abs();
    let cof = [cofactor(0), cofactor(1), cofactor(2)];
    for step in 0..3 {
        let (r_mk, r_nk) = (rot1[(step + 2) % 3], rot2[(step + 1) % 3]);
        let p = r_mk * tn - r_nk * tm;
        let w = r_mk * vn - r_nk * vm;
        let radius_a = r_nk.abs() * pm + r_mk.abs() * pn;
        let (minor_j, minor_l) = (cof[(step + 2) % 3], cof[(step + 1) % 3]);
        let radius_b = ebs[(step + 1) % 3] * minor_j + ebs[(step + 2) % 3] * minor_l;
        let mut r = (radius_a + radius_b) + floor;
        if delta > 0.0 {
            // The ball's reach along ℓ, δ·|ℓ| ≤ δ·|ℓ|₁: no squares, which underflow for edges
            // within 10⁻¹⁹ of parallel and would drop the ball where the edge axis decides
            // (a fuzz finding, `fuzz/regressions/cast3/`).
            r += (r_mk.abs() + r_nk.abs()) * delta;
        }
        found.add(p, w, r);
    }
    found.reduce()
}

/// The latest entry and earliest exit so far, lane by lane.
struct Found {
    entry: FrameVec3,
    exit: FrameVec3,
}

impl Found {
    #[inline(always)]
    fn new() -> Found {
        Found {
            entry: FrameVec3::splat(Real::NEG_INFINITY),
            exit: FrameVec3::splat(Real::INFINITY),
        }
    }

    /// The times at which `|p + τw| ≤ r`, three axes at a time: `[(−r − p)/w, (r − p)/w]` for
    /// `w > 0`, the ends swapped for `w < 0` (one sign copy). For `w = ±0` the quotients are
    /// `±∞` (all times or none, as `|p| ≤ r` says) or, at `|p| = r` exactly, `0/0`: NaN, read
    /// as all times.
    #[inline(always)]
    fn add(&mut self, p: FrameVec3, w: FrameVec3, r: FrameVec3) {
        let s = r.copysign(w);
        let entry = (-s - p) / w;
        let exit = (s - p) / w;
        let entry = FrameVec3::select(
            entry.is_nan_mask(),
            FrameVec3::splat(Real::NEG_INFINITY),
            entry,
        );
        let exit = FrameVec3::select(exit.is_nan_mask(), FrameVec3::splat(Real::INFINITY), exit);
        self.entry = self.entry.max(entry);
        self.exit = self.exit.min(exit);
    }

    #[inline(always)]
    fn reduce(&self) -> (Real, Real) {
        (self.entry.max_element(), self.exit.min_element())
    }
}

/// The padded intervals' verdict on a pair: the relative velocity, the sweep, the latest entry
/// and the window `[lo, hi]` outside which the boxes are farther apart than the target
/// distance; `None` when the window is empty (no hit, exactly).
struct Window {
    v: FrameVec3,
    sweep: Sweep,
    entry: Real,
    lo: Real,
    hi: Real,
}

fn padded(a: &Obb3, va: Vec3, b: &Obb3, vb: Vec3, options: &CastOptions<Real>) -> Option<Window> {
    let (pa, pb) = (parts3(a), parts3(b));
    let v = FrameVec3::from(vb) - FrameVec3::from(va);
    let sweep = Sweep::new(&pa, &pb, v, options);
    let (entry, exit) = window(&pa, &pb, &sweep, options.target_distance);
    let (lo, hi) = (entry.max(0.0), exit.min(sweep.horizon));
    // (An axis that is never crossed gives `lo = +∞`: no hit, whatever the horizon.)
    if lo > hi || lo.is_infinite() {
        return None;
    }
    Some(Window {
        v,
        sweep,
        entry,
        lo,
        hi,
    })
}

/// The linear cast of checked input.
fn linear(
    a: &Obb3,
    va: Vec3,
    b: &Obb3,
    vb: Vec3,
    options: CastOptions<Real>,
) -> Option<CastHit<Vec3, Real>> {
    let Window {
        v,
        sweep,
        entry,
        lo,
        hi,
    } = padded(a, va, b, vb, &options)?;
    let delta = options.target_distance;
    if delta == 0.0 {
        let status = if entry <= 0.0 {
            CastStatus::Penetrating
        } else {
            CastStatus::Hit
        };
        return Some(hit_at(a, va, b, v, lo, status));
    }
    // The padded polytope grown by δ·|L| contains the rounded one: before `lo` and after `hi`
    // the boxes are farther apart than δ. The rest in f64 over the distance, with the relative
    // velocity in f64 (exact up to one rounding).
    let v64 = vb.to_f64() - va.to_f64();
    let moving = Moving3::linear(&wide3(a), &wide3(b), v64, va.to_f64());
    let scale = sweep.scale.to_f64();
    let stop = STOP_PER_SCALE * scale;
    let found = advance3(
        &moving,
        lo.to_f64(),
        hi.to_f64(),
        delta.to_f64(),
        stop,
        scale,
        MAX_ADVANCES,
    )?;
    Some(advanced_hit(&moving, &found))
}

/// The answer at `toi` for a cast with target distance `0`: the normal and feature of
/// `separation`, the witnesses of `closest_points`, with B moved by the relative motion and
/// both points by A's.
fn hit_at(
    a: &Obb3,
    va: Vec3,
    b: &Obb3,
    v: FrameVec3,
    toi: Real,
    status: CastStatus,
) -> CastHit<Vec3, Real> {
    let b_at = translated3(b, Vec3::from(v * toi));
    let s = a.separation(&b_at);
    let c = a.closest_points(&b_at);
    let shift = va * toi;
    CastHit {
        toi,
        normal: s.axis,
        a: c.a + shift,
        b: c.b + shift,
        feature: s.feature,
        status,
    }
}
