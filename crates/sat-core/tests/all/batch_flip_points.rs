//! Where the verdict flips, the batch kernels give `intersects`' verdict bit for bit, in f32
//! (`ObbSet2`/`ObbSet3`) and in f64 (`DObbSet2`/`DObbSet3`), and that verdict is within the
//! precision's band of the exact one.
//!
//! For random pairs, B is moved along a random direction and bisected down to two adjacent
//! offsets (f32 or f64) where `intersects` changes its answer: there a single rounding in any
//! test (a 2×2 minor fused into a multiply-add, a sum in another order) changes the verdict, so
//! the two implementations agree on these pairs only if they round every operation the same way.
//! Both precisions take the same random numbers (drawn in f32), so the same pairs. CI also runs
//! this in a build with `-C target-feature=+fma`, where glam fuses some products.

/// The flip-point tests for one precision: its scalar, glam types, boxes, sets, batch functions,
/// `ε` and band constant.
macro_rules! flip_point_tests {
    (
        $real:ident, $vec2:ident, $vec3:ident, $quat:ident, $obb2:ident, $obb3:ident,
        $set3:ident, $lanes:ident, $any3:ident, $overlaps3:ident, $pairs2:ident, $pairs3:ident,
        $eps:expr, $band_k:expr
    ) => {
        use glam::{$quat, $vec2, $vec3};
        use sat_core::batch::{$any3, $lanes, $overlaps3, $pairs2, $pairs3, $set3};
        use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
        use sat_core::{$obb2, $obb3};

        use crate::rng::Rng;

        /// Two adjacent offsets in `[0, far]` where `overlaps(offset)` changes, if it does.
        fn flip_point(overlaps: impl Fn($real) -> bool, far: $real) -> Option<($real, $real)> {
            let (mut lo, mut hi): ($real, $real) = (0.0, far);
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

        /// The verdict the kernels share is never "apart" for intersecting boxes, and wrong
        /// only within the band.
        fn judge(verdict: bool, exact: &ExactVerdict) {
            assert!(
                verdict || !exact.intersects,
                "apart, but intersecting: {exact:?}"
            );
            if verdict != exact.intersects {
                let band = f64::from($band_k) * f64::from($eps) * exact.scale;
                assert!(
                    exact.margin.abs() <= band,
                    "wrong outside the band: {exact:?}"
                );
            }
        }

        /// Where `a` against `b(t)` flips for `t` in `[0, 10]` (`None` if it does not), the
        /// flip point `lo..hi` and the four pairs at and beside it: the batch kernel `pairs` gives
        /// `intersects`' verdict on them bit for bit, each within the band of the `exact` verdict.
        /// `along` names B's direction in messages.
        fn check_flip_point<B: Copy + std::fmt::Debug, S: FromIterator<B>>(
            a: B,
            b: impl Fn($real) -> B,
            along: impl std::fmt::Display,
            intersects: fn(&B, &B) -> bool,
            pairs: fn(&S, &S, &mut Vec<bool>),
            exact: fn(&B, &B) -> ExactVerdict,
        ) -> Option<(($real, $real), [(B, B); 4])> {
            let (lo, hi) = flip_point(|t| intersects(&a, &b(t)), 10.0)?;
            let at = [lo.next_down(), lo, hi, hi.next_up()].map(|t| (a, b(t)));
            let sa: S = at.iter().map(|p| p.0).collect();
            let sb: S = at.iter().map(|p| p.1).collect();
            let mut out = Vec::new();
            pairs(&sa, &sb, &mut out);
            let scalar: Vec<bool> = at.iter().map(|(a, b)| intersects(a, b)).collect();
            assert_eq!(out, scalar, "{a:?} and B at {lo}..{hi} along {along}");
            for ((a, b), verdict) in at.iter().zip(&out) {
                judge(*verdict, &exact(a, b));
            }
            Some(((lo, hi), at))
        }

        #[test]
        fn batch_agrees_with_intersects_where_the_verdict_flips_3d() {
            let mut rng = Rng::new(0xf1a9);
            let mut flips = 0;
            for _ in 0..4000 {
                // quaternions of components in [-1, 1), normalised by the constructor
                let qa = $quat::from_array(rng.array(-1.0, 1.0));
                let qb = $quat::from_array(rng.array(-1.0, 1.0));
                let ea = $vec3::from_array(rng.array(0.1, 2.0));
                let eb = $vec3::from_array(rng.array(0.1, 2.0));
                let origin = $vec3::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0), 0.0);
                let Some(dir) = $vec3::from_array(rng.array(-1.0, 1.0)).try_normalize() else {
                    continue;
                };
                let a = $obb3::new(origin, ea, qa);
                let b = |t: $real| $obb3::new(origin + dir * t, eb, qb);
                let Some(((lo, hi), pairs)) =
                    check_flip_point(a, &b, dir, $obb3::intersects, $pairs3, |a, b| {
                        verdict3(&ExactBox3::from(a), &ExactBox3::from(b))
                    })
                else {
                    continue;
                };
                flips += 1;
                // One against many: the four flip-point boxes, then far boxes that A's faces
                // separate, filling the first chunk and the whole second one, so chunks take
                // both the full kernel and the early exit.
                let far = (1..2 * $lanes - 3).map(|k| b(30.0 + k as $real));
                let many: Vec<$obb3> = pairs.iter().map(|p| p.1).chain(far).collect();
                let set: $set3 = many.iter().collect();
                let mut out = Vec::new();
                $overlaps3(&a, &set, &mut out);
                let scalar: Vec<bool> = many.iter().map(|b| a.intersects(b)).collect();
                assert_eq!(
                    out, scalar,
                    "{a:?} against the set at {lo}..{hi} along {dir}"
                );
                let tail: $set3 = many[4..].iter().collect();
                assert!(!$any3(&a, &tail));
                assert_eq!($any3(&a, &set), scalar.contains(&true));
            }
            assert!(flips > 3000, "{flips}");
        }

        #[test]
        fn batch_agrees_with_intersects_where_the_verdict_flips_2d() {
            let mut rng = Rng::new(0xf1a8);
            let mut flips = 0;
            for _ in 0..4000 {
                let (ta, tb): ($real, $real) = (rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
                let ea = $vec2::from_array(rng.array(0.1, 2.0));
                let eb = $vec2::from_array(rng.array(0.1, 2.0));
                let origin = $vec2::from_array(rng.array(-50.0, 50.0));
                let dir = $vec2::from_angle(rng.range(-4.0, 4.0));
                let a = $obb2::new(origin, ea, ta);
                let b = |t: $real| $obb2::new(origin + dir * t, eb, tb);
                let flipped = check_flip_point(a, b, dir, $obb2::intersects, $pairs2, |a, b| {
                    verdict2(&ExactBox2::from(a), &ExactBox2::from(b))
                });
                flips += flipped.is_some() as usize;
            }
            assert!(flips > 3000, "{flips}");
        }
    };
}

mod single {
    flip_point_tests!(
        f32,
        Vec2,
        Vec3,
        Quat,
        Obb2,
        Obb3,
        ObbSet3,
        LANES,
        any_overlap3,
        overlaps3,
        pair_overlaps2,
        pair_overlaps3,
        sat_core::tolerance::EPS,
        sat_core::tolerance::BAND_K
    );
}

mod double {
    flip_point_tests!(
        f64,
        DVec2,
        DVec3,
        DQuat,
        DObb2,
        DObb3,
        DObbSet3,
        LANES_F64,
        any_overlap3_f64,
        overlaps3_f64,
        pair_overlaps2_f64,
        pair_overlaps3_f64,
        sat_core::tolerance::EPS_F64,
        sat_core::tolerance::BAND_K_F64
    );
}
