//! [`check_contact3`] and [`check_manifold3`]: the rules of [`contact`](super::contact) in 3D,
//! from the one source `contact_rules.rs`; here what 3D has of its own (15 candidate axes, an f64
//! enclosure of the margin, 4 points for a resting box).

use glam::{DMat3 as DMat, DQuat, DVec3 as DVec, Vec3 as Vect};
use sat_core::Feature;
use sat_core::exact::{ExactBox3, ExactVerdict, distance_bounds3, verdict3};
use sat_rapier3d::SatDispatcher;
use sat_rapier3d::rapier::math::Pose;
use sat_rapier3d::rapier::parry::query::{
    Contact, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher, QueryDispatcher,
    Unsupported,
};
use sat_rapier3d::rapier::parry::shape::Cuboid;

use super::RecipePair3 as Case;
use super::contact::Knobs;
use super::filter::{FilterBox, margin3};
use crate::peers::ParryBox3 as ParryBox;

/// The rules, compiled for this dimension.
#[allow(clippy::duplicate_mod)]
#[path = "contact_rules.rs"]
mod rules;

pub(super) use rules::{BoxPair, judge_manifolds};
pub use rules::{
    ContactCase as ContactCase3, check_contact as check_contact3, check_manifold as check_manifold3,
};

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

/// The exact verdict for the boxes the pose names.
fn exact_verdict(pos12: &Pose, c1: &Cuboid, c2: &Cuboid) -> ExactVerdict {
    verdict3(
        &ExactBox3::from_quat(
            [0.0; 3],
            c1.half_extents.to_array().map(f64::from),
            [0.0, 0.0, 0.0, 1.0],
        ),
        &ExactBox3::from_quat(
            pos12.translation.to_array().map(f64::from),
            c2.half_extents.to_array().map(f64::from),
            pos12.rotation.to_array().map(f64::from),
        ),
    )
}

/// A certified interval `(lower, upper)` of the exact distance of the boxes the pose names
/// (sat-core's `distance_bounds3`).
fn exact_distance(pos12: &Pose, c1: &Cuboid, c2: &Cuboid) -> (f64, f64) {
    let d = distance_bounds3(
        &ExactBox3::from_quat(
            [0.0; 3],
            c1.half_extents.to_array().map(f64::from),
            [0.0, 0.0, 0.0, 1.0],
        ),
        &ExactBox3::from_quat(
            pos12.translation.to_array().map(f64::from),
            c2.half_extents.to_array().map(f64::from),
            pos12.rotation.to_array().map(f64::from),
        ),
    );
    (d.lower, d.upper)
}

/// The knobs' direction.
fn direction(k: &Knobs) -> DVec {
    DVec::from_array(k.unit(0))
}

/// A vector rounded to f32.
fn single(v: DVec) -> Vect {
    v.as_vec3()
}

impl BoxPair {
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
fn motion(k: &Knobs, s: &BoxPair) -> Pose {
    let dt = direction(k) * k.translation(s.scale);
    let dq = DQuat::from_axis_angle(DVec::from_array(k.unit(11)), k.angle());
    let q = (dq * s.pos12.rotation.as_dquat()).normalize();
    Pose::from_parts(single(s.t + dt), q.as_quat())
}

#[cfg(test)]
mod tests {
    use super::super::contact::Who;
    use super::rules::Manifolds;
    use super::*;
    use sat_rapier3d::rapier::parry::query::TrackedContact;
    use sat_rapier3d::rapier::parry::shape::PackedFeatureId;

    /// Unit cubes, the second at `(x, 0, 0)`, prediction `0.02`.
    fn cubes(x: f32) -> BoxPair {
        let cube = Cuboid::new(Vect::ONE);
        BoxPair::new(
            Pose::from_translation(Vect::new(x, 0.0, 0.0)),
            cube,
            cube,
            0.02,
        )
    }

    /// A manifold with normal `n` and points `(p1, p2 in the second box's frame, dist)`.
    fn manifold(n: Vect, points: &[([f32; 3], [f32; 3], f32)]) -> Manifolds {
        let mut m = ContactManifold::new();
        m.local_n1 = n;
        m.local_n2 = -n;
        for &(p1, p2, dist) in points {
            let id = PackedFeatureId::UNKNOWN;
            let p = TrackedContact::new(Vect::from(p1), Vect::from(p2), id, id, dist);
            m.points.push(p);
        }
        vec![m]
    }

    /// The rule `judge_manifolds` breaks, if any.
    fn broken(s: &BoxPair, ms: &Manifolds, fresh: bool) -> Option<String> {
        let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            judge_manifolds(s, ms, fresh, Ok(()), Who::Chain, &String::new);
        }));
        judged
            .err()
            .map(|e| e.downcast_ref::<String>().cloned().unwrap_or_default())
    }

    /// The rules that compare with the exact margin, on each side of it.
    #[test]
    fn margin_rules_fail_wrong_manifolds_and_pass_right_ones() {
        let overlapping = cubes(1.5); // margin −0.5 along x
        let face = [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)]
            .map(|(y, z)| ([1.0, y, z], [-1.0, y, z], -0.5));
        assert_eq!(broken(&overlapping, &manifold(Vect::X, &face), true), None);
        let no_point = broken(&overlapping, &manifold(Vect::X, &[]), true).unwrap();
        assert!(
            no_point.contains("without a penetrating point"),
            "{no_point}"
        );
        // On both surfaces, 0 apart along y: only the normal is wrong (gap −2 along it).
        let side = manifold(Vect::Y, &[([0.5, 1.0, 0.0], [-1.0, 1.0, 0.0], 0.0)]);
        let normal = broken(&overlapping, &side, true).unwrap();
        assert!(normal.contains("not the best axis"), "{normal}");
        assert_eq!(broken(&overlapping, &side, false), None);
        // 1 apart along x: a point is allowed only within the prediction.
        let apart = cubes(3.0);
        let far = manifold(Vect::Y, &[([1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], 0.0)]);
        let beyond = broken(&apart, &far, false).unwrap();
        assert!(
            beyond.contains("farther apart than the prediction"),
            "{beyond}"
        );
        assert_eq!(broken(&apart, &manifold(Vect::X, &[]), true), None);
    }

    /// Right manifolds are judged without the big-integer oracle: the f64 enclosure decides.
    #[test]
    fn clear_margins_need_no_exact_verdict() {
        let (overlapping, apart) = (cubes(1.5), cubes(3.0));
        let face = [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)]
            .map(|(y, z)| ([1.0, y, z], [-1.0, y, z], -0.5));
        assert_eq!(broken(&overlapping, &manifold(Vect::X, &face), true), None);
        assert_eq!(broken(&apart, &manifold(Vect::X, &[]), true), None);
        assert!(overlapping.exact.get().is_none() && apart.exact.get().is_none());
    }
}
