//! Property tests: on pairs far outside every band (|margin| > 1e-3·S, where even parry's
//! absolute tolerances cannot matter), sat-core, parry's SAT and the exact oracle agree, and
//! sat-core's verdict matches the sign of its own separation.

use glam::{Quat, Vec2, Vec3};
use proptest::prelude::*;
use sat_core::{Obb2, Obb3};
use sat_oracle::exact::{ExactBox2, ExactBox3, verdict2, verdict3};
use sat_oracle::peers::{parry_sat2, parry_sat3};

/// A box as its inputs: centre, half-extents, rotation quaternion (normalised in f32).
fn box3() -> impl Strategy<Value = (Vec3, Vec3, Quat)> {
    let v = |lo: f32, hi: f32| (lo..hi, lo..hi, lo..hi).prop_map(|(x, y, z)| Vec3::new(x, y, z));
    let q = (-1f32..1.0, -1f32..1.0, -1f32..1.0, -1f32..1.0)
        .prop_filter("a rotation", |(x, y, z, w)| {
            x * x + y * y + z * z + w * w > 0.05
        })
        .prop_map(|(x, y, z, w)| Quat::from_xyzw(x, y, z, w).normalize());
    (v(-4.0, 4.0), v(0.05, 2.0), q)
}

fn box2() -> impl Strategy<Value = (Vec2, Vec2, f32)> {
    (
        (-4f32..4.0, -4f32..4.0),
        (0.05f32..2.0, 0.05f32..2.0),
        -7f32..7.0,
    )
        .prop_map(|((cx, cy), (ex, ey), angle)| (Vec2::new(cx, cy), Vec2::new(ex, ey), angle))
}

fn exact3((c, e, q): (Vec3, Vec3, Quat)) -> ExactBox3 {
    ExactBox3::from_quat(
        c.as_dvec3().to_array(),
        e.as_dvec3().to_array(),
        q.to_array().map(f64::from),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn sat_core_parry_sat_and_exact_agree_3d(a in box3(), b in box3()) {
        let exact = verdict3(&exact3(a), &exact3(b));
        prop_assume!(exact.margin.abs() > 1e-3 * exact.scale);
        let (oa, ob) = (Obb3::new(a.0, a.1, a.2), Obb3::new(b.0, b.1, b.2));
        prop_assert_eq!(oa.intersects(&ob), exact.intersects);
        prop_assert_eq!(parry_sat3(&oa, &ob), exact.intersects);
        prop_assert_eq!(ob.intersects(&oa), exact.intersects);
        prop_assert_eq!(oa.separation(&ob).gap > 0.0, !exact.intersects);
    }

    #[test]
    fn sat_core_parry_sat_and_exact_agree_2d(a in box2(), b in box2()) {
        let (oa, ob) = (Obb2::new(a.0, a.1, a.2), Obb2::new(b.0, b.1, b.2));
        // The exact boxes are the stored rectangles (f32 axes within an ulp of the angle's).
        let exact = verdict2(&ExactBox2::from_obb(&oa), &ExactBox2::from_obb(&ob));
        prop_assume!(exact.margin.abs() > 1e-3 * exact.scale);
        prop_assert_eq!(oa.intersects(&ob), exact.intersects);
        prop_assert_eq!(parry_sat2(&oa, &ob), exact.intersects);
        prop_assert_eq!(oa.separation(&ob).gap > 0.0, !exact.intersects);
    }

    #[test]
    fn margin_is_monotone_3d(a in box3(), b in box3(), m in 0f32..0.5) {
        let (oa, ob) = (Obb3::new(a.0, a.1, a.2), Obb3::new(b.0, b.1, b.2));
        // Growing both boxes never turns an intersecting pair into a separated one.
        if oa.intersects(&ob) {
            prop_assert!(oa.intersects_with_margin(&ob, m));
        }
        if oa.intersects_with_margin(&ob, m) {
            prop_assert!(oa.intersects_with_margin(&ob, m * 2.0));
        }
    }
}
