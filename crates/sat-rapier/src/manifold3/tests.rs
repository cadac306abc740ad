//! `manifold3.rs`'s tests: its parts through the whole manifold (`manifold::box_box`).

use super::*;
use crate::manifold::box_box;
use rapier::math::Rotation;

fn pose(t: Vector, q: Rotation) -> Pose {
    Pose::from_parts(t, q)
}

#[test]
fn resting_cube_gives_four_face_points_with_distinct_ids() {
    let he = Vector::splat(0.5);
    let c = box_box(
        &pose(Vector::new(0.1, 0.99, 0.0), Rotation::IDENTITY),
        he,
        he,
        0.02,
        true,
    )
    .unwrap();
    assert_eq!(c.normal1, Vector::Y);
    let (sel, len) = reduce(&c, 0.02);
    assert_eq!(len, 4);
    for &k in &sel[..len] {
        let p = c.points[k];
        assert!((p.dist + 0.01).abs() < 1e-6, "{p:?}");
        assert!((p.p1.y - 0.5).abs() < 1e-6);
    }
    let mut ids: Vec<_> = c.points().iter().map(|p| (p.fid1.0, p.fid2.0)).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), c.len);
}

#[test]
fn crossed_edges_give_the_crossing_and_the_support_faces_seen_along_the_axis() {
    // A cube standing on an edge (turned 45° about z) across a cube lying on an edge
    // (turned 45° about x): the best axis is the cross product of the two edges.
    let he = Vector::splat(0.5);
    let q = Rotation::from_rotation_z(Real::to_radians(45.0));
    let below = Rotation::from_rotation_x(Real::to_radians(45.0));
    let pos12 = pose(
        below.inverse() * Vector::new(0.0, 1.4, 0.0),
        below.inverse() * q,
    );
    let c = box_box(&pos12, he, he, 0.02, true).unwrap();
    let axis_aligned = c.normal1.abs().max_element() > 1.0 - 1e-6;
    assert!(!axis_aligned, "an edge axis: {:?}", c.normal1);
    // The crossing is the deepest point, at the gap; the faces give more points, beyond.
    assert!(c.len > 1, "{c:?}");
    let deepest = c
        .points()
        .iter()
        .map(|p| p.dist)
        .fold(Real::INFINITY, Real::min);
    assert!((deepest - c.gap).abs() < 1e-5, "{deepest} vs gap {}", c.gap);
    for p in c.points() {
        assert!(p.p1.is_finite() && p.p2.is_finite() && p.dist >= c.gap - 1e-5);
        // Each point pair is `dist` apart along the normal.
        let p2 = pos12 * p.p2;
        assert!((p2 - p.p1 - c.normal1 * p.dist).length() < 1e-5, "{p:?}");
    }
}

#[test]
fn feature_ids_are_parrys() {
    for signs in (0..27).map(|k| [k % 3, k / 3 % 3, k / 9].map(|d| d as i8 - 1)) {
        let neg = |a: usize| u32::from(signs[a] < 0);
        let zeros: Vec<usize> = (0..3).filter(|&a| signs[a] == 0).collect();
        let parry = match zeros.len() {
            0 => PackedFeatureId::vertex(neg(0) | neg(1) << 1 | neg(2) << 2),
            1 => {
                let a = zeros[0];
                PackedFeatureId::edge(4 * a as u32 + (neg((a + 1) % 3) | neg((a + 2) % 3) << 1))
            }
            2 => {
                let a = (0..3).find(|&a| signs[a] != 0).unwrap();
                PackedFeatureId::face(a as u32 + 3 * neg(a))
            }
            _ => continue, // no feature spans all three axes
        };
        assert_eq!(feature_id(signs), parry, "{signs:?}");
    }
}

#[test]
fn degenerate_boxes_stay_finite() {
    for he2 in [
        Vector::ZERO,
        Vector::new(0.0, 0.5, 0.0),
        Vector::new(0.5, 0.0, 0.5),
    ] {
        for t in [Vector::ZERO, Vector::new(0.3, 0.4, 0.0), Vector::splat(1e6)] {
            let q = Rotation::from_rotation_z(0.3);
            if let Some(c) = box_box(&pose(t, q), Vector::splat(0.5), he2, 0.02, true) {
                assert!(c.normal1.is_finite() && c.normal2.is_finite());
                for p in c.points() {
                    assert!(p.p1.is_finite() && p.p2.is_finite() && p.dist.is_finite());
                }
            }
        }
    }
}

/// Cubes side by side in a grid touch their diagonal neighbours along an edge: the rounded
/// contact's normal is the edge's bisector, with points at both ends of the shared edge;
/// 0.005 apart along x and y, the closest points (not clipped by the faces, which miss each
/// other) are among them, at the distance.
#[test]
fn cubes_along_parallel_edges_get_the_edges_points() {
    let he = Vector::splat(0.5);
    for gap in [0.0, 0.005] {
        let t = Vector::new(1.0 + gap, 1.0 + gap, 0.0);
        let c = box_box(&pose(t, Rotation::IDENTITY), he, he, 0.02, true).unwrap();
        let n = Vector::new(1.0, 1.0, 0.0).normalize();
        assert!((c.normal1 - n).length() < 1e-5, "{gap}: {c:?}");
        let distance = gap * Real::sqrt(2.0);
        let near: Vec<_> = c
            .points()
            .iter()
            .filter(|p| p.dist < distance + 1e-5)
            .collect();
        assert!(near.len() >= 2, "{gap}: {c:?}");
        assert!(
            near.iter().all(|p| (p.dist - distance).abs() < 1e-5),
            "{gap}: {c:?}"
        );
        let ends = near
            .iter()
            .map(|p| p.p1.z)
            .fold((0.0, 0.0), |(lo, hi): (Real, Real), z| {
                (lo.min(z), hi.max(z))
            });
        assert_eq!(ends, (-0.5, 0.5), "{gap}: {c:?}");
    }
}

/// Two cubes of a `rapier3` scene of the seeded loop (`tests/oracle/fuzz_replay.rs`), 0.1085
/// apart across an edge pair, with a prediction of 10: six clipped points, their nearest one
/// within `CLOSEST_K·ε·S` of the distance; the reduction to four keeps it (a depth tie of
/// `64·ε·S` kept a point `5.3e-6` farther than the boxes, beyond `CONTACT_K·ε·S = 4.4e-6`).
#[test]
fn reduction_keeps_the_nearest_separated_point() {
    let pos12 = pose(
        Vector::new(0.21264543, -0.0056058615, 0.0053952853),
        Rotation::from_xyzw(-0.019202415, -0.041052774, -0.0018543899, 0.9989708),
    );
    let he = Vector::splat(0.05);
    let c = box_box(&pos12, he, he, 10.24, true).unwrap();
    assert!(c.len > MAX_POINTS, "{c:?}");
    let nearest = c
        .points()
        .iter()
        .map(|p| p.dist)
        .fold(Real::INFINITY, Real::min);
    let (sel, len) = reduce(&c, 10.24);
    let kept = sel[..len].iter().map(|&k| c.points[k].dist);
    assert_eq!(kept.fold(Real::INFINITY, Real::min), nearest);
    let (a, b) = crate::manifold::local_boxes(&pos12, he, he);
    let bound = <Real as crate::precision::Precision>::CLOSEST * Real::EPSILON * a.error_scale(&b);
    assert!(
        nearest <= a.distance(&b) + bound,
        "{nearest} vs {}",
        a.distance(&b)
    );
}

#[test]
fn separated_beyond_prediction_gives_nothing() {
    let he = Vector::splat(0.5);
    let far = pose(Vector::new(0.0, 1.05, 0.0), Rotation::IDENTITY);
    assert!(box_box(&far, he, he, 0.02, true).is_none());
    assert!(box_box(&far, he, he, 0.06, true).is_some());
}
