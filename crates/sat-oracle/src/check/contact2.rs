//! [`check_contact2`] and [`check_manifold2`]: the rules of [`contact`](super::contact) in 2D
//! (rectangles: 4 candidate axes, at most 2 points, a resting box gets 2), from the one source
//! `contact_rules.rs`; here what 2D has of its own.

use glam::{DMat2 as DMat, DVec2 as DVec, Vec2 as Vect};
use sat_core::Feature;
use sat_core::exact::{ExactBox2, distance_bounds2 as distance_bounds, verdict2 as verdict};
use sat_rapier2d as sat_rapier;
use sat_rapier2d::rapier::math::{Pose, Rot2};
use sat_rapier2d::rapier::parry::shape::Cuboid;

use super::contact::Knobs;
use super::recipe_pair::RecipePair2 as Case;
use crate::peers::ParryBox2 as ParryBox;

/// The rules, compiled for this dimension (`check` re-exports their public items).
#[allow(clippy::duplicate_mod)]
#[path = "contact_rules.rs"]
pub(super) mod rules;

/// The dimension, as a finding names it.
const DIM: u8 = 2;

/// The second box's axes: the columns of the unit complex as stored.
fn rotation(pos12: &Pose) -> DMat {
    let x = DVec::new(f64::from(pos12.rotation.re), f64::from(pos12.rotation.im)).normalize();
    DMat::from_cols(x, x.perp())
}

/// No f64 enclosure of the margin in 2D: the exact oracle decides every comparison.
fn margin_enclosure(_: &Pose, _: &Cuboid, _: &Cuboid) -> Option<(f64, f64)> {
    None
}

/// The boxes the pose names, exactly: the first at the origin, axis-aligned; the second at the
/// translation, its axes the unit complex's columns as stored.
fn exact_boxes(pos12: &Pose, c1: &Cuboid, c2: &Cuboid) -> (ExactBox2, ExactBox2) {
    let (re, im) = (f64::from(pos12.rotation.re), f64::from(pos12.rotation.im));
    (
        ExactBox2::from_axes(
            [0.0; 2],
            c1.half_extents.to_array().map(f64::from),
            [[1.0, 0.0], [0.0, 1.0]],
        ),
        ExactBox2::from_axes(
            pos12.translation.to_array().map(f64::from),
            c2.half_extents.to_array().map(f64::from),
            [[re, im], [-im, re]],
        ),
    )
}

/// The knobs' direction, in the plane.
fn direction(k: &Knobs) -> DVec {
    let [x, y, _] = k.unit(0);
    DVec::new(x, y).normalize_or(DVec::X)
}

/// A vector rounded to f32.
fn single(v: DVec) -> Vect {
    v.as_vec2()
}

/// This dimension's [`Frame`].
type Frame = super::contact::Frame<DVec, DMat>;

impl Frame {
    /// No edge-edge axes in 2D.
    fn edge_axes(&self) -> Vec<(Feature, DVec)> {
        Vec::new()
    }

    /// Whether edge `j` of the second box (on side `sj`) lies inside edge `i` of the first (on
    /// side `si`) or the other way round, by `b`, both ends within `p − b`.
    fn faces_inside(&self, i: usize, j: usize, [si, sj]: [f64; 2], b: f64, p: f64) -> bool {
        let (u, k) = (1 - j, 1 - i);
        let fc = self.t + self.r.col(j) * (sj * self.h2[j]);
        let b_inside = [1.0, -1.0].iter().all(|&su| {
            let x = fc + self.r.col(u) * (su * self.h2[u]);
            x[k].abs() <= self.h1[k] - b && si * x[i] - self.h1[i] <= p - b
        });
        let a_inside = [1.0, -1.0].iter().all(|&sk| {
            let mut y = DVec::ZERO;
            y[i] = si * self.h1[i];
            y[k] = sk * self.h1[k];
            let z = self.r.transpose() * (y - self.t);
            z[u].abs() <= self.h2[u] - b && sj * z[j] - self.h2[j] <= p - b
        });
        b_inside || a_inside
    }
}

/// The knobs' small motion of the second box: a translation and a rotation about its centre.
fn motion(k: &Knobs, pos12: &Pose, t: DVec, scale: f64) -> Pose {
    let dt = direction(k) * k.translation(scale);
    let angle = if k.direction.is_multiple_of(2) {
        k.angle()
    } else {
        -k.angle()
    };
    let (re, im) = (f64::from(pos12.rotation.re), f64::from(pos12.rotation.im));
    let turned = DVec::new(re, im)
        .rotate(DVec::from_angle(angle))
        .normalize();
    let rotation = Rot2 {
        re: turned.x as f32,
        im: turned.y as f32,
    };
    Pose::from_parts(single(t + dt), rotation)
}
