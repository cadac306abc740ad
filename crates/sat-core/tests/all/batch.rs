//! The batch kernels give the scalar verdict, bit for bit, on random and touching pairs (so the
//! error bound holds unchanged for them), for every set length, including partial last chunks.
//! (`batch_flip_points` holds them to it where the verdict flips.)

use glam::{Mat2, Quat, Vec2, Vec3};
use sat_core::batch::{
    ObbSet2, ObbSet3, any_overlap2, any_overlap3, overlaps2, overlaps3, pair_overlaps2,
    pair_overlaps3,
};
use sat_core::{Obb2, Obb3};

use crate::rng::Rng;

/// A gap near touching for boxes of size `size` at coordinates up to `far`: zero, a few ulps of
/// the coordinates, or a small fraction of the size, of either sign.
fn gap(rng: &mut Rng, size: f32, far: f32) -> f32 {
    let ulp = f32::EPSILON * far.max(size);
    match rng.below(4) {
        0 => 0.0,
        1 => rng.sign::<f32>() * ulp * rng.below(4) as f32,
        2 => rng.sign::<f32>() * size * rng.log(-7.0, -3.0),
        _ => rng.sign::<f32>() * size * rng.log(-3.0, -0.5),
    }
}

/// A 3D pair: random (about half overlap), or B touching a face of A near `gap`, with B's
/// rotation generic or within a tiny tilt of A's.
fn pair3(rng: &mut Rng) -> (Obb3, Obb3) {
    let size = rng.log(-2.0, 2.0);
    let (ea, eb) = (
        Vec3::from_array(rng.array(0.05, 1.0)),
        Vec3::from_array(rng.array(0.05, 1.0)),
    );
    let (ea, eb) = (ea * size, eb * size);
    let qa = rng.rotation();
    let ca = rng.unit() * rng.range::<f32>(0.0, 10.0) * size;
    let qb = match rng.below(3) {
        0 | 1 => rng.rotation(),
        _ => qa * Quat::from_axis_angle(rng.unit(), rng.log(-7.0, -2.0)),
    };
    let reach = ea.length() + eb.length();
    let cb = if rng.below(3) == 0 {
        ca + rng.unit() * rng.range::<f32>(0.0, 1.3) * reach
    } else {
        // B's vertex nearest A on A's face `i`, anywhere across it, `gap` off it.
        let i = rng.below(3);
        let a_axes = [qa * Vec3::X, qa * Vec3::Y, qa * Vec3::Z];
        let b_axes = [qb * Vec3::X, qb * Vec3::Y, qb * Vec3::Z];
        let normal = a_axes[i] * rng.sign::<f32>();
        let support_b: Vec3 = (0..3)
            .map(|j| b_axes[j] * eb[j] * b_axes[j].dot(normal).signum())
            .sum();
        let lateral: Vec3 = (0..3)
            .filter(|&j| j != i)
            .map(|j| a_axes[j] * ea[j] * rng.range::<f32>(-1.0, 1.0))
            .sum();
        let g = gap(rng, reach, ca.abs().max_element());
        ca + normal * (ea[i] + g) + lateral + support_b
    };
    (Obb3::new(ca, ea, qa), Obb3::new(cb, eb, qb))
}

/// A 2D pair: random (about half overlap), or B at `gap` beyond touching A's projection along a
/// random direction, turned anyhow or within a tiny tilt of a quarter turn from A.
fn pair2(rng: &mut Rng) -> (Obb2, Obb2) {
    let size = rng.log(-2.0, 2.0);
    let e = |rng: &mut Rng| Vec2::from_array(rng.array(0.05, 1.0)) * size;
    let (ea, eb) = (e(rng), e(rng));
    let turn = |rng: &mut Rng| rng.range::<f32>(0.0, std::f32::consts::TAU);
    let (ta, ca) = (
        turn(rng),
        Vec2::from_angle(turn(rng)) * rng.range::<f32>(0.0, 10.0) * size,
    );
    let tb = if rng.below(3) == 2 {
        ta + rng.below(4) as f32 * std::f32::consts::FRAC_PI_2 + rng.log(-7.0, -2.0)
    } else {
        turn(rng)
    };
    let dir = Vec2::from_angle(turn(rng));
    // Each box's half-width along `dir`: its extents times |axis · dir|.
    let half_width = |e: Vec2, t: f32| (Mat2::from_angle(t).transpose() * dir).abs().dot(e);
    let touching = half_width(ea, ta) + half_width(eb, tb);
    let reach = ea.length() + eb.length();
    let distance = match rng.below(3) {
        0 => rng.range::<f32>(0.0, 1.3) * reach,
        _ => touching + gap(rng, reach, ca.abs().max_element()),
    };
    (
        Obb2::new(ca, ea, ta),
        Obb2::new(ca + dir * distance, eb, tb),
    )
}

#[test]
fn pair_streams_equal_scalar_verdicts() {
    let mut rng = Rng::new(0xba7c);
    // `$count` pairs of one dimension as two packed streams: the batch answers equal the scalar
    // ones, and both verdicts occur.
    macro_rules! pair_streams {
        ($count:expr, $pair:ident, $obb:ident, $set:ident, $pair_overlaps:ident) => {
            let pairs: Vec<($obb, $obb)> = (0..$count).map(|_| $pair(&mut rng)).collect();
            let a: $set = pairs.iter().map(|p| p.0).collect();
            let b: $set = pairs.iter().map(|p| p.1).collect();
            let mut out = vec![true; 3]; // cleared by the call
            $pair_overlaps(&a, &b, &mut out);
            let scalar: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
            assert_eq!(out, scalar);
            let hits = scalar.iter().filter(|&&v| v).count();
            assert!(
                hits > $count / 5 && hits < $count * 4 / 5,
                "{hits} of {}",
                $count
            );
        };
    }
    pair_streams!(20_003, pair3, Obb3, ObbSet3, pair_overlaps3);
    pair_streams!(20_005, pair2, Obb2, ObbSet2, pair_overlaps2);
}

#[test]
fn one_against_many_equals_scalar_for_every_length() {
    let mut rng = Rng::new(0xba7d);
    // One query box against `len` B boxes of touching pairs, packed: the batch answers equal the
    // scalar ones.
    macro_rules! one_against_many {
        ($len:expr, $pair:ident, $obb:ident, $set:ident, $overlaps:ident, $any:ident) => {{
            let len = $len;
            let (query, _) = $pair(&mut rng);
            // B boxes placed against the query: the pairs' B, moved by A's offset to the query
            let set: Vec<$obb> = (0..len)
                .map(|_| {
                    let (a, b) = $pair(&mut rng);
                    $obb::from_axes(
                        query.center() + (b.center() - a.center()),
                        b.half_extents(),
                        b.axes(),
                    )
                })
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
        one_against_many!(len, pair3, Obb3, ObbSet3, overlaps3, any_overlap3);
        one_against_many!(len, pair2, Obb2, ObbSet2, overlaps2, any_overlap2);
    }
}

#[test]
fn touching_pairs_against_their_own_a_hit_and_miss() {
    // Each pair's A against its own B, packed with far-away decoys: the hit appears at the right
    // index only.
    let mut rng = Rng::new(0xba7e);
    for _ in 0..200 {
        let (a, b) = pair3(&mut rng);
        let decoy = Obb3::new(
            a.center() + Vec3::splat(1e4 * a.half_extents().max_element()),
            a.half_extents(),
            Quat::IDENTITY,
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
