//! [`check_contact3`] and [`check_manifold3`]: the rules of [`contact`](super::contact) in 3D,
//! from the one source `contact_rules.rs`; here what 3D has of its own (15 candidate axes, an f64
//! enclosure of the margin, 4 points for a resting box).

use glam::{DMat3 as DMat, DQuat, DVec3 as DVec, Vec3 as Vect};
use sat_core::Feature;
use sat_core::exact::{ExactBox3, distance_bounds3 as distance_bounds, verdict3 as verdict};
use sat_rapier3d as sat_rapier;
use sat_rapier3d::rapier::math::Pose;
use sat_rapier3d::rapier::parry::shape::Cuboid;

use super::contact::Knobs;
use super::filter::{FilterBox, margin3};
use super::recipe_pair::RecipePair3 as Case;
use crate::peers::ParryBox3 as ParryBox;

/// The rules, compiled for this dimension (`check` re-exports their public items).
#[allow(clippy::duplicate_mod)]
#[path = "contact_rules.rs"]
pub(super) mod rules;

/// The dimension, as a finding names it.
const DIM: u8 = 3;

/// The second box's axes: `R(q)/|q|²` of the pose's quaternion.
fn rotation(pos12: &Pose) -> DMat {
    DMat::from_quat(pos12.rotation.as_dquat().normalize())
}

/// An f64 enclosure of the exact margin ([`margin3`]; `None`: an axis too short for the f64
/// filter to normalise).
fn margin_enclosure(pos12: &Pose, c1: &Cuboid, c2: &Cuboid) -> Option<(f64, f64)> {
    let (t, q) = (pos12.translation, pos12.rotation);
    margin3(
        &FilterBox::quat([0.0; 3], c1.half_extents.to_array(), [0.0, 0.0, 0.0, 1.0]),
        &FilterBox::quat(t.to_array(), c2.half_extents.to_array(), q.to_array()),
    )
}

/// The boxes the pose names, exactly: the first at the origin, axis-aligned; the second at the
/// translation, rotated by `R(q)/|q|²` of the pose's quaternion.
fn exact_boxes(pos12: &Pose, c1: &Cuboid, c2: &Cuboid) -> (ExactBox3, ExactBox3) {
    (
        ExactBox3::from_quat(
            [0.0; 3],
            c1.half_extents.to_array().map(f64::from),
            [0.0, 0.0, 0.0, 1.0],
        ),
        ExactBox3::from_quat(
            pos12.translation.to_array().map(f64::from),
            c2.half_extents.to_array().map(f64::from),
            pos12.rotation.to_array().map(f64::from),
        ),
    )
}

/// The knobs' direction.
fn direction(k: &Knobs) -> DVec {
    DVec::from_array(k.unit(0))
}

/// A vector rounded to f32.
fn single(v: DVec) -> Vect {
    v.as_vec3()
}

/// This dimension's [`Frame`].
type Frame = super::contact::Frame<DVec, DMat>;

impl Frame {
    /// The edge-edge axes `a_i × b_k` with their features.
    fn edge_axes(&self) -> Vec<(Feature, DVec)> {
        let mut out = Vec::with_capacity(9);
        for i in 0..3 {
            for k in 0..3 {
                out.push((
                    Feature::EdgePair(i as u8, k as u8),
                    DVec::AXES[i].cross(self.r.col(k)),
                ));
            }
        }
        out
    }

    /// Whether face `j` of the second box (on side `sj`) lies inside face `i` of the first (on
    /// side `si`) or the other way round, by `b`, every corner within `p − b`.
    fn faces_inside(&self, i: usize, j: usize, [si, sj]: [f64; 2], b: f64, p: f64) -> bool {
        let (u, v) = ((j + 1) % 3, (j + 2) % 3);
        let fc = self.t + self.r.col(j) * (sj * self.h2[j]);
        let sides = [(i + 1) % 3, (i + 2) % 3];
        let signs = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)];
        // B's face inside A's.
        let b_inside = signs.iter().all(|&(su, sv)| {
            let x = fc + self.r.col(u) * (su * self.h2[u]) + self.r.col(v) * (sv * self.h2[v]);
            sides.iter().all(|&k| x[k].abs() <= self.h1[k] - b) && si * x[i] - self.h1[i] <= p - b
        });
        // A's face inside B's.
        let a_inside = signs.iter().all(|&(s1, s2)| {
            let mut y = DVec::ZERO;
            y[i] = si * self.h1[i];
            y[sides[0]] = s1 * self.h1[sides[0]];
            y[sides[1]] = s2 * self.h1[sides[1]];
            let z = self.r.transpose() * (y - self.t);
            [u, v].iter().all(|&k| z[k].abs() <= self.h2[k] - b) && sj * z[j] - self.h2[j] <= p - b
        });
        b_inside || a_inside
    }
}

/// The knobs' small motion of the second box: a translation and a rotation about its centre.
fn motion(k: &Knobs, pos12: &Pose, t: DVec, scale: f64) -> Pose {
    let dt = direction(k) * k.translation(scale);
    let dq = DQuat::from_axis_angle(DVec::from_array(k.unit(11)), k.angle());
    let q = (dq * pos12.rotation.as_dquat()).normalize();
    Pose::from_parts(single(t + dt), q.as_quat())
}

#[cfg(test)]
mod tests;
