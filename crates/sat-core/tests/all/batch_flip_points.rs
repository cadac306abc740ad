//! Where the verdict flips, the batch kernels give `intersects`' verdict bit for bit.
//!
//! For random pairs, B is moved along a random direction and bisected down to two adjacent f32
//! offsets where `intersects` changes its answer: there a single rounding in any test (a 2×2
//! minor fused into a multiply-add, a sum in another order) changes the verdict, so the two
//! implementations agree on these pairs only if they round every operation the same way. CI
//! also runs this in a build with `-C target-feature=+fma`, where glam fuses some products.

use glam::{Quat, Vec2, Vec3};
use sat_core::batch::{ObbSet2, ObbSet3, any_overlap3, overlaps3, pair_overlaps2, pair_overlaps3};
use sat_core::{Obb2, Obb3};

/// splitmix64, as floats in `[lo, hi)`.
struct Rng(u64);

impl Rng {
    fn next(&mut self, lo: f32, hi: f32) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        let unit = ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    }
}

/// Two adjacent offsets in `[0, far]` where `overlaps(offset)` changes, if it does.
fn flip_point(overlaps: impl Fn(f32) -> bool, far: f32) -> Option<(f32, f32)> {
    let (mut lo, mut hi) = (0.0f32, far);
    if !overlaps(lo) || overlaps(hi) {
        return None;
    }
    while lo.next_up() < hi {
        let mid = lo + (hi - lo) * 0.5;
        let mid = if mid <= lo { lo.next_up() } else { mid };
        if overlaps(mid) { lo = mid } else { hi = mid }
    }
    Some((lo, hi))
}

#[test]
fn batch_agrees_with_intersects_where_the_verdict_flips_3d() {
    let mut rng = Rng(0xf1a9);
    let mut flips = 0;
    for _ in 0..4000 {
        let mut quat = || {
            Quat::from_xyzw(
                rng.next(-1.0, 1.0),
                rng.next(-1.0, 1.0),
                rng.next(-1.0, 1.0),
                rng.next(-1.0, 1.0),
            )
        };
        let (qa, qb) = (quat(), quat());
        let ea = Vec3::new(rng.next(0.1, 2.0), rng.next(0.1, 2.0), rng.next(0.1, 2.0));
        let eb = Vec3::new(rng.next(0.1, 2.0), rng.next(0.1, 2.0), rng.next(0.1, 2.0));
        let origin = Vec3::new(rng.next(-50.0, 50.0), rng.next(-50.0, 50.0), 0.0);
        let dir = Vec3::new(
            rng.next(-1.0, 1.0),
            rng.next(-1.0, 1.0),
            rng.next(-1.0, 1.0),
        );
        let Some(dir) = dir.try_normalize() else {
            continue;
        };
        let a = Obb3::new(origin, ea, qa);
        let b = |t: f32| Obb3::new(origin + dir * t, eb, qb);
        let Some((lo, hi)) = flip_point(|t| a.intersects(&b(t)), 10.0) else {
            continue;
        };
        flips += 1;
        let pairs = [lo.next_down(), lo, hi, hi.next_up()].map(|t| (a, b(t)));
        let sa: ObbSet3 = pairs.iter().map(|p| p.0).collect();
        let sb: ObbSet3 = pairs.iter().map(|p| p.1).collect();
        let mut out = Vec::new();
        pair_overlaps3(&sa, &sb, &mut out);
        let scalar: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
        assert_eq!(out, scalar, "{a:?} and B at {lo}..{hi} along {dir}");
        // One against many: the four flip-point boxes, then far boxes that A's faces separate,
        // so chunks take both the early exit and the full kernel.
        let far = (1..14).map(|k| b(30.0 + k as f32));
        let many: Vec<Obb3> = pairs.iter().map(|p| p.1).chain(far).collect();
        let set: ObbSet3 = many.iter().collect();
        overlaps3(&a, &set, &mut out);
        let scalar: Vec<bool> = many.iter().map(|b| a.intersects(b)).collect();
        assert_eq!(
            out, scalar,
            "{a:?} against the set at {lo}..{hi} along {dir}"
        );
        let tail: ObbSet3 = many[4..].iter().collect();
        assert!(!any_overlap3(&a, &tail));
        assert_eq!(any_overlap3(&a, &set), scalar.contains(&true));
    }
    assert!(flips > 3000, "{flips}");
}

#[test]
fn batch_agrees_with_intersects_where_the_verdict_flips_2d() {
    let mut rng = Rng(0xf1a8);
    let mut flips = 0;
    for _ in 0..4000 {
        let (ta, tb) = (rng.next(-4.0, 4.0), rng.next(-4.0, 4.0));
        let ea = Vec2::new(rng.next(0.1, 2.0), rng.next(0.1, 2.0));
        let eb = Vec2::new(rng.next(0.1, 2.0), rng.next(0.1, 2.0));
        let origin = Vec2::new(rng.next(-50.0, 50.0), rng.next(-50.0, 50.0));
        let dir = Vec2::from_angle(rng.next(-4.0, 4.0));
        let a = Obb2::new(origin, ea, ta);
        let b = |t: f32| Obb2::new(origin + dir * t, eb, tb);
        let Some((lo, hi)) = flip_point(|t| a.intersects(&b(t)), 10.0) else {
            continue;
        };
        flips += 1;
        let pairs = [lo.next_down(), lo, hi, hi.next_up()].map(|t| (a, b(t)));
        let sa: ObbSet2 = pairs.iter().map(|p| p.0).collect();
        let sb: ObbSet2 = pairs.iter().map(|p| p.1).collect();
        let mut out = Vec::new();
        pair_overlaps2(&sa, &sb, &mut out);
        let scalar: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
        assert_eq!(out, scalar, "{a:?} and B at {lo}..{hi} along {dir}");
    }
    assert!(flips > 3000, "{flips}");
}
