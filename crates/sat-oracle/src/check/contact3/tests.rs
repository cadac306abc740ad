//! The 3D rules of [`contact`](crate::check::contact) on hand-made manifolds.

use super::rules::{BoxPair, Manifolds, judge_manifolds};
use super::*;
use crate::check::contact::Who;
use sat_rapier3d::rapier::parry::query::{ContactManifold, TrackedContact};
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
