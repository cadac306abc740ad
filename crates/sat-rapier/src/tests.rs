//! Unit tests of the crate root's items (`obb`, `obb_from_pose`, the dispatcher's boxes) in the
//! f32 flavours (sat-rapier2d, sat-rapier3d), against the flavour's rapier, boxes and dispatcher,
//! with its dimension's helpers (`dim2`, `dim3`: `vector`, `poses`, `corners`).

use crate::{SatDispatcher, obb, obb_from_pose};
#[cfg(feature = "dim2")]
use dim2::{corners, poses, vector};
#[cfg(feature = "dim3")]
use dim3::{corners, poses, vector};
use rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
use rapier::parry::shape::RoundShape;
use rapier::prelude::*;

/// Seeded values in `[-1, 1)` (a linear congruential generator: no dependency, same on every
/// platform).
fn uniform(seed: u64) -> impl FnMut() -> f32 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 40) as f32 / (1 << 23) as f32 - 1.0
    }
}

#[test]
fn obb_is_none_for_every_other_shape() {
    let cube = Cuboid::new(Vector::splat(0.5));
    let rounded = RoundShape {
        inner_shape: cube,
        border_radius: 0.05,
    };
    let others = [
        ColliderBuilder::ball(0.5).build(),
        ColliderBuilder::capsule_y(0.5, 0.2).build(),
        ColliderBuilder::new(SharedShape::new(rounded)).build(),
        ColliderBuilder::compound(vec![(Pose::IDENTITY, SharedShape::new(cube))]).build(),
    ];
    for collider in &others {
        assert!(
            obb(collider).is_none(),
            "{:?}",
            collider.shape().shape_type()
        );
    }
}

#[test]
fn world_boxes_agree_with_the_dispatcher_on_the_colliders_pair() {
    let dispatcher = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let mut next = uniform(3);
    let (mut overlapping, mut apart) = (0, 0);
    for (pose1, near) in poses(2000, 4).into_iter().zip(poses(2000, 5)) {
        // The second box within a few sizes of the first, turned any way.
        let pose2 = pose1 * Pose::from_parts(near.translation * 0.002, near.rotation);
        let he1 = vector(&mut next).abs() + 0.1;
        let he2 = vector(&mut next).abs() + 0.1;
        let (c1, c2) = (Cuboid::new(he1), Cuboid::new(he2));
        let (a, b) = (obb_from_pose(&pose1, &c1), obb_from_pose(&pose2, &c2));
        if a.separation(&b).gap.abs() < 1e-3 {
            continue; // within rounding of touching: either answer is right
        }
        let pos12 = pose1.inv_mul(&pose2);
        let rapier = dispatcher.intersection_test(&pos12, &c1, &c2).unwrap();
        assert_eq!(a.intersects(&b), rapier.intersecting, "{pose1:?} {pose2:?}");
        if rapier.intersecting {
            overlapping += 1;
        } else {
            apart += 1;
        }
    }
    assert!(overlapping > 500 && apart > 500, "{overlapping} {apart}");
}

#[test]
fn obb_is_the_world_box_of_a_collider_on_a_body() {
    let (mut bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
    let mut next = uniform(11);
    for (body_pose, near) in poses(200, 9).into_iter().zip(poses(200, 10)) {
        // The collider within a few units of its body, turned any way.
        let offset = Pose::from_parts(near.translation * 0.002, near.rotation);
        let body = bodies.insert(RigidBodyBuilder::dynamic().pose(body_pose));
        let cuboid = Cuboid::new(vector(&mut next).abs() + 0.1);
        let collider = ColliderBuilder::new(SharedShape::new(cuboid)).position(offset);
        let handle = colliders.insert_with_parent(collider, body, &mut bodies);
        let b = obb(&colliders[handle]).expect("a cuboid collider");
        // The box of the collider's world pose (body · offset), not of its offset.
        let world = obb_from_pose(&(body_pose * offset), &cuboid);
        assert!(
            (b.center() - world.center()).length() < 1e-3,
            "{b:?} {world:?}"
        );
        assert!(b.axes().abs_diff_eq(world.axes(), 1e-5), "{b:?} {world:?}");
    }
}

#[test]
fn obb_corners_are_the_colliders_corners() {
    let mut next = uniform(7);
    for pose in poses(500, 1) {
        let he = vector(&mut next).abs() * 10.0;
        let collider = ColliderBuilder::new(SharedShape::new(Cuboid::new(he)));
        let b = obb(&collider.position(pose).build()).expect("a cuboid collider");
        assert_eq!((b.center(), b.half_extents()), (pose.translation, he));
        // Against the corners of the box the pose names, in f64: a swapped, transposed or
        // unrotated axis is off by ~|he|.
        let tolerance = 4.0 * f64::from(f32::EPSILON) * f64::from(he.length());
        for k in 0..1 << he.to_array().len() {
            let (got, expected) = corners(&pose, he, &b, k);
            assert!(
                (got - expected).length() <= tolerance,
                "{pose:?} {he}: corner {k} at {got}, expected {expected}"
            );
        }
    }
}

/// The 2D helpers: random vectors and poses, a rectangle's corners.
#[cfg(feature = "dim2")]
mod dim2 {
    use super::uniform;
    use crate::flavour::Obb;
    use glam::DVec2;
    use rapier::prelude::*;

    /// A vector of `next`'s values.
    pub(super) fn vector(next: &mut impl FnMut() -> f32) -> Vector {
        Vector::new(next(), next())
    }

    /// `n` poses at any angle with centres up to 1000 from the origin.
    pub(super) fn poses(n: usize, seed: u64) -> Vec<Pose> {
        let mut next = uniform(seed);
        (0..n)
            .map(|_| Pose::new(vector(&mut next) * 1000.0, next() * 3.2))
            .collect()
    }

    /// Corner `k` of `b` (`c + A·(±he)`) and the corner `pose · (±he)` of the rectangle the
    /// pose names, from its own `(cos, sin)`, in f64.
    pub(super) fn corners(pose: &Pose, he: Vector, b: &Obb, k: usize) -> (DVec2, DVec2) {
        let (re, im) = (f64::from(pose.rotation.re), f64::from(pose.rotation.im));
        let (cos, sin) = (re / re.hypot(im), im / re.hypot(im));
        let (c, axes) = (b.center().as_dvec2(), b.axes().as_dmat2());
        let side = |bit: usize| if k >> bit & 1 == 1 { 1.0 } else { -1.0 };
        let local = DVec2::new(side(0), side(1)) * he.as_dvec2();
        let turned = DVec2::new(cos * local.x - sin * local.y, sin * local.x + cos * local.y);
        (c + axes * local, c + turned)
    }
}

/// The 3D helpers: random vectors and poses, a box's corners.
#[cfg(feature = "dim3")]
mod dim3 {
    use super::uniform;
    use crate::flavour::Obb;
    use glam::DVec3;
    use rapier::prelude::*;

    /// A vector of `next`'s values.
    pub(super) fn vector(next: &mut impl FnMut() -> f32) -> Vector {
        Vector::new(next(), next(), next())
    }

    /// `n` poses turned about every axis (up to about π) with centres up to 1000 from the origin.
    pub(super) fn poses(n: usize, seed: u64) -> Vec<Pose> {
        let mut next = uniform(seed);
        (0..n)
            .map(|_| Pose::new(vector(&mut next) * 1000.0, vector(&mut next) * 1.8))
            .collect()
    }

    /// Corner `k` of `b` (`c + A·(±he)`) and the corner `pose · (±he)` of the box the pose
    /// names, from its own quaternion, in f64.
    pub(super) fn corners(pose: &Pose, he: Vector, b: &Obb, k: usize) -> (DVec3, DVec3) {
        let q = pose.rotation.as_dquat().normalize();
        let (c, axes) = (b.center().as_dvec3(), b.axes().as_dmat3());
        let side = |bit: usize| if k >> bit & 1 == 1 { 1.0 } else { -1.0 };
        let local = DVec3::new(side(0), side(1), side(2)) * he.as_dvec3();
        (c + axes * local, c + q * local)
    }
}
