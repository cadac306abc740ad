//! `manifold2.rs`'s tests: its parts through the whole manifold (`manifold::box_box`).

use super::*;
use crate::manifold::box_box;

#[test]
fn resting_box_gives_two_points_with_distinct_ids() {
    let he = Vector::splat(0.5);
    let c = box_box(&Pose::new(Vector::new(0.3, 0.99), 0.0), he, he, 0.02, true).unwrap();
    assert_eq!(c.normal1, Vector::Y);
    assert_eq!(c.len, 2);
    assert_ne!(
        (c.points[0].fid1, c.points[0].fid2),
        (c.points[1].fid1, c.points[1].fid2)
    );
    for p in c.points() {
        assert!((p.dist + 0.01).abs() < 1e-6);
        assert!((p.p1.y - 0.5).abs() < 1e-6 && p.p1.x.abs() <= 0.5);
    }
}

#[test]
fn zero_width_reference_edge_keeps_its_points() {
    // A segment (zero width) resting on a wide box whose clipped ends round across x = 0.
    let pos12 = Pose::new(Vector::new(21.171875, -210.0), 0.0);
    let (he1, he2) = (Vector::new(0.0, 112.65504), Vector::new(98.58481, 97.33954));
    let c = box_box(&pos12, he1, he2, 0.02, true).unwrap();
    assert_eq!(c.len, 2, "{c:?}");
    for p in c.points() {
        assert_eq!(p.p2.x + pos12.translation.x, 0.0, "{p:?}");
    }
}

/// The root cause of rapier's `vertical_stacks2` with the dispatcher (issue 28): two unit
/// squares touching exactly at a corner got the first of the two tied face normals, `(1, 0)`,
/// along which a stack's diagonal neighbours carry no weight. The rounded contact's normal is
/// the corner's bisector (parry's), with the corner clipped twice, `dist` 0.
#[test]
fn squares_touching_at_a_corner_get_the_corners_bisector() {
    let he = Vector::splat(0.5);
    for (t, n) in [
        (Vector::new(1.0, 1.0), Vector::new(1.0, 1.0)),
        (Vector::new(1.0, -1.0), Vector::new(1.0, -1.0)),
        (Vector::new(-1.0, 1.0), Vector::new(-1.0, 1.0)),
    ] {
        let c = box_box(&Pose::new(t, 0.0), he, he, 0.02, true).unwrap();
        assert!((c.normal1 - n.normalize()).length() < 1e-6, "{c:?}");
        assert_eq!(c.len, 2, "{c:?}");
        for p in c.points() {
            // The corner, up to the clipping's slack (`CLIP_SLACK_K·ε·S`, 2.7e-6 here).
            assert!(
                p.dist.abs() < 1e-5 && (p.p1 - t * 0.5).length() < 1e-5,
                "{p:?}"
            );
        }
    }
}

/// Separated pairs within the prediction whose clipping gives nothing get the closest
/// features' point: two squares 0.005 apart corner to corner (their faces clip to nothing),
/// and two near-parallel boxes about 800 in size, 6.4e-3 apart along x and overlapping by
/// 2.6e-4 along y, under a prediction of 1 % of their size (the face preference once chose
/// the y face, along which they overlap, and it clipped to nothing). Within `CLOSEST_K·ε·S`
/// of the distance (`8.5e-3` for the big boxes: `S ≈ 2235`).
#[test]
fn separated_pairs_within_the_prediction_get_the_closest_point() {
    let he = Vector::splat(0.5);
    let apart = 0.005 / Real::sqrt(2.0);
    let t = Vector::splat(1.0 + apart);
    let c = box_box(&Pose::new(t, 0.0), he, he, 0.02, true).unwrap();
    let nearest = c
        .points()
        .iter()
        .map(|p| p.dist)
        .fold(Real::INFINITY, Real::min);
    assert!((nearest - 0.005).abs() < 1e-5, "{c:?}");
    assert!(
        (c.normal1 - Vector::ONE.normalize()).length() < 1e-3,
        "{c:?}"
    );

    let (he1, he2) = (Vector::new(400.0, 380.0), Vector::new(390.0, 410.0));
    let t = Vector::new(400.0 + 390.0 + 6.4e-3, 380.0 + 410.0 - 2.6e-4);
    let pos12 = Pose::new(t, 1e-7);
    let c = box_box(&pos12, he1, he2, 16.0, true).unwrap();
    let (a, b) = crate::manifold::local_boxes(&pos12, he1, he2);
    let bound = <Real as crate::precision::Precision>::CLOSEST * Real::EPSILON * a.error_scale(&b);
    let nearest = c
        .points()
        .iter()
        .map(|p| p.dist)
        .fold(Real::INFINITY, Real::min);
    assert!(nearest <= a.distance(&b) + bound, "{c:?}");
    assert!(c.normal1.x > 0.5, "{c:?}"); // not the y face
}

#[test]
fn degenerate_boxes_stay_finite() {
    for he2 in [Vector::ZERO, Vector::new(0.0, 0.5)] {
        for t in [Vector::ZERO, Vector::new(0.3, 0.4), Vector::splat(1e6)] {
            if let Some(c) = box_box(&Pose::new(t, 0.3), Vector::splat(0.5), he2, 0.02, true) {
                assert!(c.normal1.is_finite() && c.normal2.is_finite());
                for p in c.points() {
                    assert!(p.p1.is_finite() && p.p2.is_finite() && p.dist.is_finite());
                }
            }
        }
    }
}
