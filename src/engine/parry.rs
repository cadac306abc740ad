//! parry 0.31 as peers, on the f32 boxes where they are written ([`SinglePair::placed`]):
//! `parry-sat` (`intersection_test_cuboid_cuboid`), `parry-gjk`
//! (`intersection_test_support_map_support_map`) and, for distances, `parry`
//! (`query::closest_points`).
//!
//! [`SinglePair::placed`]: crate::case::SinglePair::placed

use parry2d::query as query2;
use parry3d::query as query3;
use sat_core::{Obb2, Obb3};
use sat_oracle::peers::{
    ParryBox2, ParryBox3, PeerPanic, catch_peer, try_parry_gjk2, try_parry_gjk3, try_parry_sat2,
    try_parry_sat3,
};

use super::cast::{minus, single, single_time, vec2, vec3};
use super::interface::{About, CastReply, Engine, Measured, Precision};
use super::peer::{Peer, peer_pass};
use super::prepared::Prepared;
use super::sat::{origin, world};
use crate::case::{CastInput, Motion, Query, SinglePair, Turn};

// One row per engine (`rustfmt::skip`: a table).
/// parry's cuboid–cuboid SAT (`intersection_test_cuboid_cuboid`).
#[rustfmt::skip]
pub const PARRY_SAT: Peer = Peer::new("parry-sat", "parry SAT", Precision::F32, |c| on_peers(c, try_parry_sat2, try_parry_sat3), peer_pass!(parry, sat));
/// parry's GJK (`intersection_test_support_map_support_map`).
#[rustfmt::skip]
pub const PARRY_GJK: Peer = Peer::new("parry-gjk", "parry GJK", Precision::F32, |c| on_peers(c, try_parry_gjk2, try_parry_gjk3), peer_pass!(parry, gjk));

/// parry's test of one dimension on the case's f32 boxes where they are written.
fn on_peers(
    case: &Prepared,
    two: fn(&Obb2, &Obb2) -> Result<bool, PeerPanic>,
    three: fn(&Obb3, &Obb3) -> Result<bool, PeerPanic>,
) -> Result<bool, PeerPanic> {
    match &case.peers {
        SinglePair::Two(a, b) => two(a, b),
        SinglePair::Three(a, b) => three(a, b),
    }
}

/// parry's `query::closest_points` (distances only).
pub struct Parry;

/// The queries `parry` answers.
const DISTANCES_AND_CASTS: &[Query] = &[Query::Distance, Query::Cast];

impl Engine for Parry {
    fn about(&self) -> About {
        About::new("parry", "parry", Precision::F32, DISTANCES_AND_CASTS)
    }

    fn measure(&self, case: &Prepared) -> Option<Result<Measured, String>> {
        Some(closest_points(case).map_err(|e| format!("parry {e}")))
    }

    /// `cast_shapes` (`cast_shapes_nonlinear` for rotating motions) on the f32 boxes where they
    /// are written: the time of impact and status (no witnesses); a panic inside parry, or
    /// `Unsupported`, is the reason it has no answer.
    fn cast(&self, case: &Prepared, input: &CastInput) -> Option<Result<CastReply, String>> {
        Some(parry_cast(case, input))
    }

    fn takes_cast(&self, input: &CastInput) -> bool {
        parry_takes(input)
    }
}

/// Whether parry's casts take `input`: rotating ones only without a target distance and up to
/// [`PARRY_NONLINEAR_MAX_TOI`].
fn parry_takes(input: &CastInput) -> bool {
    match input.motion {
        Motion::Linear { .. } => true,
        Motion::Rotating { .. } => {
            input.target_distance == 0.0 && input.max_toi <= f64::from(PARRY_NONLINEAR_MAX_TOI)
        }
    }
}

/// The longest `max_toi` parry's rotating cast is run on: its cost grows with `max_toi`, and
/// beyond a few units it can take minutes (docs/findings.md §9).
pub const PARRY_NONLINEAR_MAX_TOI: f32 = 16.0;

/// How parry's cast ended, in answer lines.
fn parry_status(hit: &query3::ShapeCastHit) -> &'static str {
    match hit.status {
        query3::ShapeCastStatus::Converged => "hit",
        query3::ShapeCastStatus::PenetratingOrWithinTargetDist => "penetrating",
        query3::ShapeCastStatus::OutOfIterations => "out_of_iterations",
        query3::ShapeCastStatus::Failed => "failed",
    }
}

/// [`parry_status`] in 2D.
fn parry_status2(hit: &query2::ShapeCastHit) -> &'static str {
    match hit.status {
        query2::ShapeCastStatus::Converged => "hit",
        query2::ShapeCastStatus::PenetratingOrWithinTargetDist => "penetrating",
        query2::ShapeCastStatus::OutOfIterations => "out_of_iterations",
        query2::ShapeCastStatus::Failed => "failed",
    }
}

/// parry's cast of the case (see [`Parry::cast`]).
fn parry_cast(case: &Prepared, input: &CastInput) -> Result<CastReply, String> {
    let origin = origin(&case.peers, &case.exact);
    let max_toi = single_time(input.max_toi);
    let delta = single(input.target_distance, "target_distance")?;
    if let Motion::Rotating { .. } = input.motion {
        if delta != 0.0 {
            return Err("parry's cast_shapes_nonlinear has no target distance".into());
        }
        if max_toi > PARRY_NONLINEAR_MAX_TOI {
            return Err(format!(
                "parry's cast_shapes_nonlinear is not run beyond max_toi {PARRY_NONLINEAR_MAX_TOI}: it can take minutes (docs/findings.md)"
            ));
        }
    }
    type Found = Result<Option<(f32, &'static str)>, parry3d::query::Unsupported>;
    let found: Result<Found, PeerPanic> = match (case.peers, &input.motion) {
        (SinglePair::Three(a, b), Motion::Linear { vel_a, vel_b }) => {
            let (pa, pb) = (ParryBox3::from_obb(&a), ParryBox3::from_obb(&b));
            let (va, vb) = (vec3(*vel_a, "vel_a")?, vec3(*vel_b, "vel_b")?);
            let options = query3::ShapeCastOptions {
                max_time_of_impact: max_toi,
                target_distance: delta,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };
            catch_peer(|| {
                query3::cast_shapes(&pa.pose, va, &pa.cuboid, &pb.pose, vb, &pb.cuboid, options)
                    .map(|h| h.map(|h| (h.time_of_impact, parry_status(&h))))
            })
        }
        (SinglePair::Two(a, b), Motion::Linear { vel_a, vel_b }) => {
            let (pa, pb) = (ParryBox2::from_obb(&a), ParryBox2::from_obb(&b));
            let (va, vb) = (vec2(*vel_a, "vel_a")?, vec2(*vel_b, "vel_b")?);
            let options = query2::ShapeCastOptions {
                max_time_of_impact: max_toi,
                target_distance: delta,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };
            catch_peer(|| {
                query2::cast_shapes(&pa.pose, va, &pa.cuboid, &pb.pose, vb, &pb.cuboid, options)
                    .map(|h| h.map(|h| (h.time_of_impact, parry_status2(&h))))
                    .map_err(|_| parry3d::query::Unsupported)
            })
        }
        (SinglePair::Three(a, b), Motion::Rotating { a: ma, b: mb }) => {
            let motion =
                |p: &ParryBox3, t: &Turn| -> Result<query3::NonlinearRigidMotion, String> {
                    let pivot = vec3(minus(t.pivot, &origin), "pivot")?;
                    Ok(query3::NonlinearRigidMotion::new(
                        p.pose,
                        p.pose.inverse_transform_point(pivot),
                        vec3(t.linvel, "linvel")?,
                        vec3(t.angvel, "angvel")?,
                    ))
                };
            let (pa, pb) = (ParryBox3::from_obb(&a), ParryBox3::from_obb(&b));
            let (ta, tb) = (motion(&pa, ma)?, motion(&pb, mb)?);
            catch_peer(|| {
                query3::cast_shapes_nonlinear(&ta, &pa.cuboid, &tb, &pb.cuboid, 0.0, max_toi, true)
                    .map(|h| h.map(|h| (h.time_of_impact, parry_status(&h))))
            })
        }
        (SinglePair::Two(a, b), Motion::Rotating { a: ma, b: mb }) => {
            let motion =
                |p: &ParryBox2, t: &Turn| -> Result<query2::NonlinearRigidMotion, String> {
                    let pivot = vec2(minus(t.pivot, &origin), "pivot")?;
                    Ok(query2::NonlinearRigidMotion::new(
                        p.pose,
                        p.pose.inverse_transform_point(pivot),
                        vec2(t.linvel, "linvel")?,
                        single(t.angvel[2], "angvel")?,
                    ))
                };
            let (pa, pb) = (ParryBox2::from_obb(&a), ParryBox2::from_obb(&b));
            let (ta, tb) = (motion(&pa, ma)?, motion(&pb, mb)?);
            catch_peer(|| {
                query2::cast_shapes_nonlinear(&ta, &pa.cuboid, &tb, &pb.cuboid, 0.0, max_toi, true)
                    .map(|h| h.map(|h| (h.time_of_impact, parry_status2(&h))))
                    .map_err(|_| parry3d::query::Unsupported)
            })
        }
    };
    match found {
        Err(panic) => Err(format!("parry {panic}")),
        Ok(Err(_)) => Err("parry: Unsupported for cuboids".into()),
        Ok(Ok(None)) => Ok(CastReply::MISS),
        Ok(Ok(Some((toi, status)))) => Ok(CastReply {
            toi: Some(f64::from(toi)),
            status: Some(status),
            ..CastReply::MISS
        }),
    }
}

/// parry's `query::closest_points` on two sat-core boxes, a panic caught: `Some((distance, p,
/// q))` for boxes apart, `None` when parry says they intersect. `$query` is parry2d's or
/// parry3d's `query` module, `$parry_box` the matching peer box.
macro_rules! closest_points {
    ($query:ident, $parry_box:ident, $a:expr, $b:expr) => {{
        let (pa, pb) = ($parry_box::from_obb($a), $parry_box::from_obb($b));
        catch_peer(|| {
            match $query::closest_points(&pa.pose, &pa.cuboid, &pb.pose, &pb.cuboid, f32::MAX) {
                Ok($query::ClosestPoints::WithinMargin(p, q)) => Some((
                    f64::from((q - p).length()),
                    p.to_array().to_vec(),
                    q.to_array().to_vec(),
                )),
                _ => None,
            }
        })
    }};
}

/// parry's closest points on the boxes where they are written (moved like sat-core's only for
/// centres f32 cannot hold: then moved back by A's written centre); its distance is that of its
/// points, `0` with no point when it says the boxes intersect.
fn closest_points(case: &Prepared) -> Result<Measured, PeerPanic> {
    let origin = origin(&case.peers, &case.exact);
    let closest = match case.peers {
        SinglePair::Two(a, b) => closest_points!(query2, ParryBox2, &a, &b),
        SinglePair::Three(a, b) => closest_points!(query3, ParryBox3, &a, &b),
    }?;
    Ok(match closest {
        Some((distance, p, q)) => Measured {
            distance,
            a: world(p, &origin),
            b: world(q, &origin),
        },
        None => Measured {
            distance: 0.0,
            a: None,
            b: None,
        },
    })
}
