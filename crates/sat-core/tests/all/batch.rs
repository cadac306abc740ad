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
    // `$count` pairs of each kind of one dimension as two packed streams: the batch answers
    // equal the scalar ones, and both verdicts occur.
    macro_rules! pair_streams {
        ($kinds:expr, $count:expr, $case_of:ident, $obb:ident, $set:ident, $pair_overlaps:ident) => {
            for kind in $kinds {
                let pairs: Vec<($obb, $obb)> = (0..$count)
                    .map(|_| generator.$case_of(kind).obbs().unwrap())
                    .collect();
                let a: $set = pairs.iter().map(|p| p.0).collect();
                let b: $set = pairs.iter().map(|p| p.1).collect();
                let mut out = vec![true; 3]; // cleared by the call
                $pair_overlaps(&a, &b, &mut out);
                let scalar: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
                assert_eq!(out, scalar, "{}", kind.name());
                assert!(scalar.iter().any(|&v| v) && scalar.iter().any(|&v| !v));
            }
        };
    }
    pair_streams!(Kind::ALL_3D, 4003, case3_of, Obb3, ObbSet3, pair_overlaps3);
    pair_streams!(Kind::ALL_2D, 4005, case2_of, Obb2, ObbSet2, pair_overlaps2);
}

#[test]
fn one_against_many_equals_scalar_for_every_length() {
    let mut generator = Generator::new(0xba7d);
    // One query box against `len` B boxes of contact cases, packed: the batch answers equal the
    // scalar ones.
    macro_rules! one_against_many {
        ($len:expr, $case:ident, $case_of:ident, $obb:ident, $set:ident, $overlaps:ident, $any:ident) => {{
            let len = $len;
            let (query, _) = generator.$case().obbs().unwrap();
            let set: Vec<$obb> = (0..len)
                .map(|_| generator.$case_of(Kind::FaceContact).obbs().unwrap().1)
                .collect();
            let packed: $set = set.iter().collect();
            assert_eq!(packed.len(), len);
            let mut out = Vec::new();
            $overlaps(&query, &packed, &mut out);
            let scalar: Vec<bool> = set.iter().map(|b| query.intersects(b)).collect();
            assert_eq!(out, scalar, "len {len}");
            assert_eq!($any(&query, &packed), scalar.contains(&true), "len {len}");
        }};
    }
    for len in [0usize, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100] {
        one_against_many!(len, case3, case3_of, Obb3, ObbSet3, overlaps3, any_overlap3);
        one_against_many!(len, case2, case2_of, Obb2, ObbSet2, overlaps2, any_overlap2);
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
