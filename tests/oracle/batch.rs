//! The batch kernels give the scalar verdict, bit for bit, on adversarial pairs (so the error
//! bound holds unchanged for them), for every set length, including partial last chunks.

use obbsat::generate::{Generator, Kind};
use sat_core::batch::{
    ObbSet2, ObbSet3, any_overlap2, any_overlap3, overlaps2, overlaps3, pair_overlaps2,
    pair_overlaps3,
};
use sat_core::{Obb2, Obb3};

#[test]
fn pair_streams_equal_scalar_verdicts() {
    let mut generator = Generator::new(0xba7c);
    for kind in Kind::ALL_3D {
        let pairs: Vec<(Obb3, Obb3)> = (0..4003)
            .map(|_| generator.case3_of(kind).obbs().unwrap())
            .collect();
        let a: ObbSet3 = pairs.iter().map(|p| p.0).collect();
        let b: ObbSet3 = pairs.iter().map(|p| p.1).collect();
        let mut out = vec![true; 3]; // cleared by the call
        pair_overlaps3(&a, &b, &mut out);
        let scalar: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
        assert_eq!(out, scalar, "{}", kind.name());
        assert!(scalar.iter().any(|&v| v) && scalar.iter().any(|&v| !v));
    }
    for kind in Kind::ALL_2D {
        let pairs: Vec<(Obb2, Obb2)> = (0..4005)
            .map(|_| generator.case2_of(kind).obbs().unwrap())
            .collect();
        let a: ObbSet2 = pairs.iter().map(|p| p.0).collect();
        let b: ObbSet2 = pairs.iter().map(|p| p.1).collect();
        let mut out = Vec::new();
        pair_overlaps2(&a, &b, &mut out);
        let scalar: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
        assert_eq!(out, scalar, "{}", kind.name());
    }
}

#[test]
fn one_against_many_equals_scalar_for_every_length() {
    let mut generator = Generator::new(0xba7d);
    for len in [0usize, 1, 7, 8, 9, 16, 17, 100] {
        let case = generator.case3();
        let (query, _) = case.obbs().unwrap();
        // B boxes of contact cases placed around the same query-like box.
        let set: Vec<Obb3> = (0..len)
            .map(|_| generator.case3_of(Kind::FaceContact).obbs().unwrap().1)
            .collect();
        let packed: ObbSet3 = set.iter().collect();
        assert_eq!(packed.len(), len);
        let mut out = Vec::new();
        overlaps3(&query, &packed, &mut out);
        let scalar: Vec<bool> = set.iter().map(|b| query.intersects(b)).collect();
        assert_eq!(out, scalar, "len {len}");
        assert_eq!(
            any_overlap3(&query, &packed),
            scalar.contains(&true),
            "len {len}"
        );

        let case = generator.case2();
        let (query2, _) = case.obbs().unwrap();
        let set2: Vec<Obb2> = (0..len)
            .map(|_| generator.case2_of(Kind::FaceContact).obbs().unwrap().1)
            .collect();
        let packed2: ObbSet2 = set2.iter().collect();
        overlaps2(&query2, &packed2, &mut out);
        let scalar2: Vec<bool> = set2.iter().map(|b| query2.intersects(b)).collect();
        assert_eq!(out, scalar2, "len {len}");
        assert_eq!(any_overlap2(&query2, &packed2), scalar2.contains(&true));
    }
}

#[test]
fn contact_pairs_against_their_own_a_hit_and_miss() {
    // Each contact case's A against its own B, packed with far-away decoys: the hit appears at the
    // right index only.
    let mut generator = Generator::new(0xba7e);
    for _ in 0..200 {
        let (a, b) = generator.case3_of(Kind::EdgeContact).obbs().unwrap();
        let decoy = Obb3::new(
            a.center() + glam::Vec3::splat(1e4),
            a.half_extents(),
            glam::Quat::IDENTITY,
        );
        let mut set = ObbSet3::new();
        for _ in 0..5 {
            set.push(&decoy);
        }
        set.push(&b);
        let mut out = Vec::new();
        overlaps3(&a, &set, &mut out);
        assert_eq!(out, [false, false, false, false, false, a.intersects(&b)]);
        set.clear();
        assert!(set.is_empty() && !any_overlap3(&a, &set));
    }
}
