//! The unit tests both dimensions share, compiled in `dim2` and in `dim3` (`#[path]`) against
//! that module's rapier, boxes and dispatcher, with its test module's `poses` and `vector`.

use super::rapier::parry::query::{DefaultQueryDispatcher, QueryDispatcher};
use super::rapier::parry::shape::RoundShape;
use super::rapier::prelude::*;
use super::tests::{poses, vector};
use super::{SatDispatcher, obb, obb_from_pose};
use crate::test_values::uniform;

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
