//! `Obb2::cast` and `Obb2::cast_nonlinear` in one precision (algorithm and bound:
//! [`cast`](crate::cast)). The four face normals in the lanes of one `Vec4`:
//! `(a_0, a_1, b_0, b_1)`.

use glam::DVec2;

use super::{
    CAST_PAD_K, EPS, Obb2, Real, STOP_PER_SCALE, UNDERFLOW_FLOOR, Vec2, Vec4, narrow2, sqrt,
    translated2, wide2,
};
use crate::cast::wide::{Advanced, Moving2, advance2, nonlinear2};
use crate::cast::{
    CastError, CastHit, CastOptions, CastStatus, MAX_ADVANCES, Motion2, check_options, check_vector,
};
use crate::precision::ToF64;

impl Obb2 {
    /// When `other`, moving with `other_velocity` while this rectangle moves with `velocity`,
    /// first touches this rectangle (or comes within `options.target_distance` of it), within
    /// `options.max_toi`; `None` if it does not. See [`Obb3::cast`](crate::Obb3::cast) and
    /// [`cast`](crate::cast).
    ///
    /// # Errors
    ///
    /// As [`Obb3::cast`](crate::Obb3::cast): [`CastError`] for a velocity component that is
    /// not finite, above [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE) or non-zero below
    /// [`MIN_MAGNITUDE`](crate::MIN_MAGNITUDE), a NaN or negative `max_toi`, a target distance
    /// that is not finite, negative or above `MAX_MAGNITUDE`.
    ///
    /// # Error bound
    ///
    /// As [`Obb3::cast`](crate::Obb3::cast): `None` is exact, a hit is never late, and at its
    /// `toi` the margin is at most [`CAST_K`](crate::cast::CAST_K)`·ε·S'` (target distance
    /// `0`) or the distance at most `δ +` [`CAST_DISTANCE_K`](crate::cast::CAST_DISTANCE_K)`·ε·S'`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::cast::CastOptions;
    /// use sat_core::glam::Vec2;
    ///
    /// let ground = Obb2::try_new(Vec2::ZERO, Vec2::new(10.0, 1.0), 0.0)?;
    /// // A 2 x 2 square turned by 45°, its lowest corner at y = 5 − √2, falling at 2 per second.
    /// let diamond = Obb2::try_from_degrees(Vec2::new(0.0, 5.0), Vec2::ONE, 45.0)?;
    /// let hit = ground
    ///     .cast(Vec2::ZERO, &diamond, Vec2::new(0.0, -2.0), CastOptions::new(10.0))?
    ///     .unwrap();
    /// let exact = (4.0 - 2f32.sqrt()) / 2.0;
    /// assert!(hit.toi <= exact && hit.toi > exact - 1e-4);
    /// assert!((hit.a - Vec2::new(0.0, 1.0)).length() < 1e-5); // the corner lands at x = 0
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast(
        &self,
        velocity: Vec2,
        other: &Obb2,
        other_velocity: Vec2,
        options: CastOptions<Real>,
    ) -> Result<Option<CastHit<Vec2, Real>>, CastError> {
        check_vector("velocity", velocity.to_array())?;
        check_vector("velocity", other_velocity.to_array())?;
        check_options(&options, false)?;
        Ok(linear(self, velocity, other, other_velocity, options))
    }

    /// When `other` first touches this rectangle (or comes within the target distance), both
    /// turning about moving pivots ([`Motion2`]); see
    /// [`Obb3::cast_nonlinear`](crate::Obb3::cast_nonlinear).
    ///
    /// # Errors
    ///
    /// As [`Obb3::cast_nonlinear`](crate::Obb3::cast_nonlinear).
    ///
    /// # Error bound
    ///
    /// As [`Obb3::cast_nonlinear`](crate::Obb3::cast_nonlinear): `None` exact, never late, the
    /// distance at `toi` at most `δ +` [`CAST_DISTANCE_K`](crate::cast::CAST_DISTANCE_K)`·ε·S'`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::cast::{CastOptions, Motion2};
    /// use sat_core::glam::Vec2;
    ///
    /// // A door 1 wide hinged at the origin, swinging shut onto a stop at (0.5, -0.2).
    /// let door = Obb2::try_new(Vec2::new(0.5, 0.5), Vec2::new(0.5, 0.02), 0.0)?;
    /// let stop = Obb2::try_new(Vec2::new(0.5, -0.2), Vec2::splat(0.05), 0.0)?;
    /// let swing = Motion2 { pivot: Vec2::new(0.0, 0.5), linvel: Vec2::ZERO, angvel: -1.0 };
    /// let still = Motion2 { pivot: stop.center(), linvel: Vec2::ZERO, angvel: 0.0 };
    /// let hit = door.cast_nonlinear(&swing, &stop, &still, CastOptions::new(2.0))?.unwrap();
    /// assert!(hit.toi > 0.8 && hit.toi < 1.4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_nonlinear(
        &self,
        motion: &Motion2<Vec2, Real>,
        other: &Obb2,
        other_motion: &Motion2<Vec2, Real>,
        options: CastOptions<Real>,
    ) -> Result<Option<CastHit<Vec2, Real>>, CastError> {
        for m in [motion, other_motion] {
            check_vector("pivot", m.pivot.to_array())?;
            check_vector("velocity", m.linvel.to_array())?;
            check_vector("angular velocity", [m.angvel])?;
        }
        check_options(&options, true)?;
        let wide = |m: &Motion2<Vec2, Real>| Motion2 {
            pivot: m.pivot.to_f64(),
            linvel: m.linvel.to_f64(),
            angvel: m.angvel.to_f64(),
        };
        let moving = Moving2::new(
            &wide2(self),
            &wide(motion),
            &wide2(other),
            &wide(other_motion),
        );
        let delta = options.target_distance.to_f64();
        let found = nonlinear2(&moving, options.max_toi.to_f64(), delta, STOP_PER_SCALE);
        Ok(found.map(|found| advanced_hit(&moving, &found)))
    }
}

#[cfg(feature = "exact")]
impl Obb2 {
    /// [`cast`](Self::cast) with target distance `0`, exact: the exact time of impact of the
    /// rectangles as stored rounded down to the precision, and the exact status, at any margin;
    /// see [`Obb3::cast_certified`](crate::Obb3::cast_certified).
    ///
    /// # Errors
    ///
    /// As [`cast`](Self::cast).
    ///
    /// # Error bound
    ///
    /// None on the time and status (see [`Obb3::cast_certified`](crate::Obb3::cast_certified)).
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let ground = Obb2::try_new(Vec2::ZERO, Vec2::new(10.0, 1.0), 0.0)?;
    /// let square = Obb2::try_new(Vec2::new(0.0, 4.0), Vec2::ONE, 0.0)?;
    /// // 2 apart, closing at 3 per second: 2/3, rounded down to f32.
    /// let hit = ground.cast_certified(Vec2::ZERO, &square, Vec2::new(0.0, -3.0), 10.0)?.unwrap();
    /// assert!(f64::from(hit.toi) <= 2.0 / 3.0 && f64::from(hit.toi.next_up()) > 2.0 / 3.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast_certified(
        &self,
        velocity: Vec2,
        other: &Obb2,
        other_velocity: Vec2,
        max_toi: Real,
    ) -> Result<Option<CastHit<Vec2, Real>>, CastError> {
        check_vector("velocity", velocity.to_array())?;
        check_vector("velocity", other_velocity.to_array())?;
        let options = CastOptions::new(max_toi);
        check_options(&options, false)?;
        let Some(w) = padded(self, velocity, other, other_velocity, &options) else {
            return Ok(None);
        };
        let found = super::certify2(self, velocity, other, other_velocity, max_toi, (w.lo, w.hi));
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

/// A cast's answer from where the advancing stopped (see `three.rs`).
fn advanced_hit(moving: &Moving2, found: &Advanced<DVec2>) -> CastHit<Vec2, Real> {
    let (a, b) = moving.at(found.toi);
    let s = a.separation(&b);
    let world = moving.origin + moving.drift * found.toi;
    CastHit {
        toi: narrow_time(found.toi),
        normal: narrow2(found.normal.unwrap_or(s.axis)),
        a: narrow2(found.a + world),
        b: narrow2(found.b + world),
        feature: s.feature,
        status: found.status,
    }
}

/// A time from the f64 advancing in the stored precision, rounded down.
fn narrow_time(t: f64) -> Real {
    let x = t as Real;
    if x.to_f64() > t { x.next_down() } else { x }
}

#[inline(always)]
fn dot(x: Vec2, y: Vec2) -> Real {
    x.x * y.x + x.y * y.y
}

/// The padded intervals' verdict on a pair (see `three.rs`): the relative velocity, `S'`, the
/// latest entry and the window `[lo, hi]`, or `None` for no hit (exact). The four face normals'
/// intervals as `three.rs` computes them, with the per-axis errors of `sat2.rs`.
struct Window {
    v: Vec2,
    scale: Real,
    entry: Real,
    lo: Real,
    hi: Real,
}

fn padded(a: &Obb2, va: Vec2, b: &Obb2, vb: Vec2, options: &CastOptions<Real>) -> Option<Window> {
    let d = b.center - a.center;
    let v = vb - va;
    let (distance, speed) = (sqrt(dot(d, d)), sqrt(dot(v, v)));
    let delta = options.target_distance;
    let reach = ((distance + a.extent_norm) + b.extent_norm + delta) * (1.0 + 8.0 * EPS);
    let (horizon, travel) = if speed == 0.0 {
        (0.0, 0.0)
    } else {
        let max_toi = options.max_toi;
        (max_toi.min(reach / speed), (max_toi * speed).min(reach))
    };
    let scale = ((distance + travel) + (a.extent_norm + b.extent_norm)) + delta;
    let pad = CAST_PAD_K * EPS * scale + UNDERFLOW_FLOOR;

    let (a0, a1) = (a.axes.x_axis, a.axes.y_axis);
    let (b0, b1) = (b.axes.x_axis, b.axes.y_axis);
    let (ea, eb) = (a.half_extents, b.half_extents);
    let p = Vec4::new(dot(a0, d), dot(a1, d), dot(b0, d), dot(b1, d));
    let w = Vec4::new(dot(a0, v), dot(a1, v), dot(b0, v), dot(b1, v));
    let (r00, r01) = (dot(a0, b0).abs(), dot(a0, b1).abs());
    let (r10, r11) = (dot(a1, b0).abs(), dot(a1, b1).abs());
    let r = Vec4::new(
        ea.x + (eb.x * r00 + eb.y * r01),
        ea.y + (eb.x * r10 + eb.y * r11),
        (ea.x * r00 + ea.y * r10) + eb.x,
        (ea.x * r01 + ea.y * r11) + eb.y,
    ) + Vec4::splat(pad + delta);
    // `|p + τw| ≤ r` for τ in [(−r − p)/w, (r − p)/w] (ends swapped for w < 0; all times or
    // none for w = ±0, NaN at |p| = r read as all times), as `three.rs`.
    let s = r.copysign(w);
    let entry = (-s - p) / w;
    let exit = (s - p) / w;
    let entry = Vec4::select(entry.is_nan_mask(), Vec4::splat(Real::NEG_INFINITY), entry);
    let exit = Vec4::select(exit.is_nan_mask(), Vec4::splat(Real::INFINITY), exit);
    let (entry, exit) = (entry.max_element(), exit.min_element());
    let (lo, hi) = (entry.max(0.0), exit.min(horizon));
    // (An axis that is never crossed gives `lo = +∞`: no hit, whatever the horizon.)
    if lo > hi || lo.is_infinite() {
        return None;
    }
    Some(Window {
        v,
        scale,
        entry,
        lo,
        hi,
    })
}

/// The answer at `toi` for target distance `0`: `separation`'s normal and feature,
/// `closest_points`' witnesses, B moved by the relative motion and both points by A's.
fn hit_at(
    a: &Obb2,
    va: Vec2,
    b: &Obb2,
    v: Vec2,
    toi: Real,
    status: CastStatus,
) -> CastHit<Vec2, Real> {
    let b_at = translated2(b, v * toi);
    let sep = a.separation(&b_at);
    let c = a.closest_points(&b_at);
    let shift = va * toi;
    CastHit {
        toi,
        normal: sep.axis,
        a: c.a + shift,
        b: c.b + shift,
        feature: sep.feature,
        status,
    }
}

/// The linear cast of checked input: the padded intervals, then, for a target distance, the
/// advancing.
fn linear(
    a: &Obb2,
    va: Vec2,
    b: &Obb2,
    vb: Vec2,
    options: CastOptions<Real>,
) -> Option<CastHit<Vec2, Real>> {
    let w = padded(a, va, b, vb, &options)?;
    let delta = options.target_distance;
    if delta == 0.0 {
        let status = if w.entry <= 0.0 {
            CastStatus::Penetrating
        } else {
            CastStatus::Hit
        };
        return Some(hit_at(a, va, b, w.v, w.lo, status));
    }
    let moving = Moving2::linear(&wide2(a), &wide2(b), vb.to_f64() - va.to_f64(), va.to_f64());
    let scale = w.scale.to_f64();
    let stop = STOP_PER_SCALE * scale;
    let (lo, hi) = (w.lo.to_f64(), w.hi.to_f64());
    let found = advance2(&moving, lo, hi, delta.to_f64(), stop, scale, MAX_ADVANCES)?;
    Some(advanced_hit(&moving, &found))
}
