//! `SatDispatcher`'s shape casts of cuboid pairs: parry's `cast_shapes` and
//! `cast_shapes_nonlinear` answered by sat-core's `cast` and `cast_nonlinear`, with every
//! `ShapeCastOptions` field honoured and every `ShapeCastHit` field filled as parry defines it.
//!
//! * **Linear** (`cast_shapes`): the boxes in the first shape's frame (`pos12`), the first still,
//!   the second moving with `local_vel12`; sat-core's separating-axis cast (the padded
//!   candidate axes' time intervals, then an f64 advance over the bounded distance when
//!   `target_distance > 0`). A hit is never late, "no hit" is exact, and a hit is early by at
//!   most the bound of `sat_core::cast` (`CAST_K·ε·S'` of margin, or `δ + CAST_DISTANCE_K·ε·S'`
//!   of distance).
//! * **Rotating** (`cast_shapes_nonlinear`): both boxes placed at `start_time` by their motions,
//!   then sat-core's conservative advancement over `end_time − start_time`; every step is a
//!   proven lower bound of the time to contact, so a contact is never stepped over (parry issue
//!   #317).
//! * **Penetration at the start** (or within the target distance): `toi` is the start, status
//!   `PenetratingOrWithinTargetDist`. With `compute_impact_geometry_on_penetration` (or without
//!   `stop_at_penetration`) the witnesses and normals are the dispatcher's own `contact()` at the
//!   start, as parry's support-map cast computes them; without `stop_at_penetration` a start
//!   whose relative velocity at the contact does not close along its normal is no hit (parry's
//!   rule: the shapes are moving out of each other).
//! * **Frames**: `witness1`/`normal1` in the first shape's frame and `witness2`/`normal2` in the
//!   second's, at the time of impact (the shapes' local frames, as parry gives them).
//! * Bad input (a pose, velocity or time that is not finite, a negative `max_time_of_impact` or
//!   `target_distance`, a component sat-core refuses) is `Err(Unsupported)`, never a panic.

use crate::boxes::obb_from_pose;
use crate::manifold;
use rapier::math::{Pose, Real, Vector};
use rapier::parry::query::{
    Contact, NonlinearRigidMotion, ShapeCastHit, ShapeCastOptions, ShapeCastStatus, Unsupported,
};
use rapier::parry::shape::Cuboid;
use sat_core::cast::{CastHit, CastOptions, CastStatus};

#[cfg(feature = "dim2")]
type Motion = sat_core::cast::Motion2<Vector, Real>;
#[cfg(feature = "dim3")]
type Motion = sat_core::cast::Motion3<Vector>;

/// A linear cast of two cuboids: `pos12` places the second in the first's frame, `vel12` is the
/// second's velocity relative to the first in that frame. `contact` is the dispatcher's own
/// contact query at the start (for the penetrating case).
pub(crate) fn cast_cuboids(
    pos12: &Pose,
    vel12: Vector,
    c1: &Cuboid,
    c2: &Cuboid,
    options: ShapeCastOptions,
    contact: impl FnOnce() -> Option<Contact>,
) -> Result<Option<ShapeCastHit>, Unsupported> {
    if !finite_pose(pos12) {
        return Err(Unsupported);
    }
    let (a, b) = manifold::local_boxes(pos12, c1.half_extents, c2.half_extents);
    let core = CastOptions {
        max_toi: options.max_time_of_impact,
        target_distance: options.target_distance,
    };
    let hit = a
        .cast(Vector::ZERO, &b, vel12, core)
        .map_err(|_| Unsupported)?;
    let Some(hit) = hit else {
        return Ok(None);
    };
    if hit.status == CastStatus::Penetrating
        && (options.compute_impact_geometry_on_penetration || !options.stop_at_penetration)
    {
        let contact = contact();
        let normal1 = contact.as_ref().map_or(hit.normal, |c| c.normal1);
        if !options.stop_at_penetration && normal1.dot(vel12) >= 0.0 {
            return Ok(None);
        }
        if let Some(c) = contact.filter(|_| options.compute_impact_geometry_on_penetration) {
            return Ok(Some(ShapeCastHit {
                time_of_impact: 0.0,
                witness1: c.point1,
                witness2: c.point2,
                normal1: c.normal1,
                normal2: c.normal2,
                status: ShapeCastStatus::PenetratingOrWithinTargetDist,
                subshape1: 0,
                subshape2: 0,
            }));
        }
    }
    // The first box does not move; the second is at `pos12` moved by `vel12·toi`.
    let pos2 = Pose::from_translation(vel12 * hit.toi) * pos12;
    Ok(Some(shape_cast_hit(&hit, &Pose::IDENTITY, &pos2, hit.toi)))
}

/// A rotating cast of two cuboids over `[start_time, end_time]` (times as parry's
/// `NonlinearRigidMotion` counts them, from its `start`).
#[allow(clippy::too_many_arguments)] // parry's query's own arguments
pub(crate) fn cast_cuboids_nonlinear(
    motion1: &NonlinearRigidMotion,
    c1: &Cuboid,
    motion2: &NonlinearRigidMotion,
    c2: &Cuboid,
    start_time: Real,
    end_time: Real,
    stop_at_penetration: bool,
) -> Result<Option<ShapeCastHit>, Unsupported> {
    if !(start_time.is_finite() && end_time.is_finite()) {
        return Err(Unsupported);
    }
    if end_time < start_time {
        return Ok(None);
    }
    let (pos1, pos2) = (
        motion1.position_at_time(start_time),
        motion2.position_at_time(start_time),
    );
    if !(finite_pose(&pos1) && finite_pose(&pos2)) {
        return Err(Unsupported);
    }
    let a = obb_from_pose(&pos1, c1);
    let b = obb_from_pose(&pos2, c2);
    let (m1, m2) = (motion(motion1, &pos1), motion(motion2, &pos2));
    let hit = a
        .cast_nonlinear(&m1, &b, &m2, CastOptions::new(end_time - start_time))
        .map_err(|_| Unsupported)?;
    let Some(hit) = hit else {
        return Ok(None);
    };
    if hit.status == CastStatus::Penetrating && !stop_at_penetration {
        // The relative velocity of the contact point along the normal (first to second).
        let closing = (velocity_at(&m2, hit.b) - velocity_at(&m1, hit.a)).dot(hit.normal);
        if closing >= 0.0 {
            return Ok(None);
        }
    }
    let toi = start_time + hit.toi;
    let (pos1, pos2) = (motion1.position_at_time(toi), motion2.position_at_time(toi));
    Ok(Some(shape_cast_hit(&hit, &pos1, &pos2, toi)))
}

/// parry's answer from sat-core's: the world points and normal at `toi` into each shape's frame
/// there (`pos1`, `pos2`: the shapes' poses at `toi` in the cast's world).
fn shape_cast_hit(
    hit: &CastHit<Vector, Real>,
    pos1: &Pose,
    pos2: &Pose,
    toi: Real,
) -> ShapeCastHit {
    ShapeCastHit {
        time_of_impact: toi,
        witness1: pos1.inverse_transform_point(hit.a),
        witness2: pos2.inverse_transform_point(hit.b),
        normal1: pos1.rotation.inverse() * hit.normal,
        normal2: pos2.rotation.inverse() * -hit.normal,
        status: match hit.status {
            CastStatus::Hit => ShapeCastStatus::Converged,
            CastStatus::Penetrating => ShapeCastStatus::PenetratingOrWithinTargetDist,
            CastStatus::OutOfIterations => ShapeCastStatus::OutOfIterations,
        },
        subshape1: 0,
        subshape2: 0,
    }
}

/// sat-core's motion of a box placed at `pos` (the motion's pose at the cast's start): the pivot
/// is parry's `local_center` there.
fn motion(m: &NonlinearRigidMotion, pos: &Pose) -> Motion {
    Motion {
        pivot: pos * m.local_center,
        linvel: m.linvel,
        angvel: m.angvel,
    }
}

/// The velocity of the point `p` of a body moving by `m` (at the cast's start).
#[cfg(feature = "dim3")]
fn velocity_at(m: &Motion, p: Vector) -> Vector {
    m.linvel + m.angvel.cross(p - m.pivot)
}

/// The velocity of the point `p` of a body moving by `m` (at the cast's start).
#[cfg(feature = "dim2")]
fn velocity_at(m: &Motion, p: Vector) -> Vector {
    let r = p - m.pivot;
    m.linvel + Vector::new(-r.y, r.x) * m.angvel
}

/// Whether a pose's translation and rotation are finite.
fn finite_pose(pose: &Pose) -> bool {
    pose.translation.is_finite() && manifold::rotation(pose).is_finite()
}
