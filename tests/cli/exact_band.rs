//! The documented error bound, checked against exact rational arithmetic on the generators'
//! random and adversarial pairs (touching at 0 / ±ulps / tiny gaps, near-parallel faces and
//! edges at 1e-8..1e-2 rad, millimetre to kilometre sizes, centres up to 1e6 from the origin).
//!
//! * a `false` from `intersects` is never wrong, at any margin;
//! * outside `BAND_K·ε·S` every verdict equals the exact one;
//! * `separation().gap` stays within its stated distance of the exact margin, in 3D and 2D.
//!
//! The generated pairs are judged as written (`Case2/Case3::exact`), half of them in the
//! forms at the edge of what the checked constructors accept.
//!
//! The exact box is built from the case's own numbers: the quaternion as given (`R(q)/|q|²`) in
//! 3D, the f32 axis columns as given (a parallelogram within an ulp of a rectangle) in 2D.

use obbsat::{GeneratedBox2, GeneratedBox3, Generator, Kind};
use sat_core::tolerance::{BAND_K, EPS, PAD_K, SEPARATION_K};
use sat_oracle::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};

const CASES_PER_KIND: usize = 20_000;

fn exact3(b: &GeneratedBox3) -> ExactBox3 {
    ExactBox3::from_quat(
        b.center.as_dvec3().to_array(),
        b.half_extents.as_dvec3().to_array(),
        b.quat.to_array().map(f64::from),
    )
}

fn exact2(b: &GeneratedBox2) -> ExactBox2 {
    let (x, y) = (b.axes.x_axis.as_dvec2(), b.axes.y_axis.as_dvec2());
    ExactBox2::from_axes(
        b.center.as_dvec2().to_array(),
        b.half_extents.as_dvec2().to_array(),
        [x.to_array(), y.to_array()],
    )
}

/// What one kind of pair did against the exact oracle.
#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    wrong: usize,
    /// Largest `|margin| / (ε·S)` of a wrong verdict: the band actually needed.
    worst_wrong_band: f64,
    /// Largest `|gap − margin| / (ε·S)` of `separation` when the boxes overlap.
    worst_depth_error: f64,
}

impl Tally {
    fn record(&mut self, label: &str, dim: u8, fast: bool, gap: f32, exact: &ExactVerdict) {
        self.cases += 1;
        let eps_s = f64::from(EPS) * exact.scale;
        let band = f64::from(BAND_K) * eps_s;
        assert!(
            fast || !exact.intersects,
            "{label}: reported separated but the exact boxes intersect: {exact:?}"
        );
        if fast != exact.intersects {
            self.wrong += 1;
            self.worst_wrong_band = self.worst_wrong_band.max(exact.margin.abs() / eps_s);
            assert!(
                exact.margin.abs() <= band,
                "{label}: wrong verdict outside the band: {exact:?}"
            );
        }
        let gap = f64::from(gap);
        if exact.margin < -band {
            let error = (gap - exact.margin).abs();
            self.worst_depth_error = self.worst_depth_error.max(error / eps_s);
            let bound = f64::from(SEPARATION_K + PAD_K) * eps_s;
            assert!(error <= bound, "{label}: depth {gap} vs exact {exact:?}");
        }
        if exact.margin > band {
            // The returned axis separates. In 3D a sliver edge axis can hide at most 1/√2 of the
            // margin, vertex contact at most 1/√3 (tolerance.rs); in 2D every candidate axis is
            // evaluated along itself, so the largest gap is the margin within the error.
            let floor = if dim == 3 {
                exact.margin / 3f64.sqrt() - f64::from(SEPARATION_K) * eps_s
            } else {
                exact.margin - f64::from(SEPARATION_K) * eps_s
            };
            assert!(gap >= floor, "{label}: gap {gap} vs exact {exact:?}");
        }
    }
}

/// A test that sat-core's verdicts on `$cases` generated cases of every kind of one dimension
/// keep the band ([`Tally::record`]).
macro_rules! band_holds {
    ($test:ident, $seed:literal, $dim:literal, $kinds:expr, $cases:expr, $case_of:ident) => {
        #[test]
        fn $test() {
            let mut generator = Generator::new($seed);
            for kind in $kinds {
                let mut tally = Tally::default();
                for n in 0..$cases {
                    let case = generator.$case_of(kind);
                    let (a, b) = case.obbs().expect("generated boxes are valid");
                    let exact = case.exact();
                    let label = format!("{}d {} #{n}: {case:?}", $dim, kind.name());
                    tally.record(&label, $dim, a.intersects(&b), a.separation(&b).gap, &exact);
                }
                println!("{}d {:<20} {tally:?}", $dim, kind.name());
            }
        }
    };
}

band_holds!(
    band_holds_in_3d,
    0x5eed_0003,
    3,
    Kind::ALL_3D,
    CASES_PER_KIND,
    case3_of
);
band_holds!(
    band_holds_in_2d,
    0x5eed_0002,
    2,
    Kind::ALL_2D,
    CASES_PER_KIND * 2,
    case2_of
);

/// Symmetry and rigid-motion invariance outside the band: swapping the boxes, or moving both by
/// the same rotation and translation (applied to the exact inputs, then rounded), or scaling both
/// by a power of two, never changes a verdict the oracle calls clear.
#[test]
fn symmetric_and_invariant_outside_the_band() {
    use glam::{Quat, Vec3};
    let mut generator = Generator::new(0x5eed_0004);
    let motion = Quat::from_euler(glam::EulerRot::XYZ, 0.7, -0.2, 1.9);
    let shift = Vec3::new(12.5, -3.0, 700.0);
    for _ in 0..5_000 {
        let case = generator.case3();
        let exact = verdict3(&exact3(&case.a), &exact3(&case.b));
        // Moved boxes are rounded again: their centres by up to an ulp of their new position,
        // which S (built on the centre offset) does not see. Stay clear of both.
        let reach = f64::from(case.a.center.length() + case.b.center.length() + shift.length());
        let rounding = f64::from(EPS) * (64.0 * exact.scale + 8.0 * reach);
        if exact.margin.abs() <= rounding {
            continue;
        }
        let (a, b) = case.obbs().unwrap();
        assert_eq!(a.intersects(&b), exact.intersects);
        assert_eq!(b.intersects(&a), exact.intersects, "swapped: {case:?}");
        let moved = |bx: &GeneratedBox3| {
            sat_core::Obb3::new(
                motion * bx.center + shift,
                bx.half_extents,
                motion * bx.quat,
            )
        };
        assert_eq!(
            moved(&case.a).intersects(&moved(&case.b)),
            exact.intersects,
            "moved: {case:?}"
        );
        let scaled = |bx: &GeneratedBox3| {
            sat_core::Obb3::new(bx.center * 0.25, bx.half_extents * 0.25, bx.quat)
        };
        assert_eq!(
            scaled(&case.a).intersects(&scaled(&case.b)),
            exact.intersects,
            "scaled: {case:?}"
        );
    }
}

/// Certified verdicts equal the exact ones on every case, band or not: for the stored boxes
/// (`Obb3::intersects_certified`) and for the boxes as given (`ExactBox3::intersects_certified`).
#[test]
fn certified_verdicts_are_exact() {
    let mut generator = Generator::new(0x5eed_0005);
    // Both certified tests against the exact verdicts on `$cases` cases of every kind of one
    // dimension; the value is how often the fast test differs from the stored boxes' verdict.
    macro_rules! certified_equals_exact {
        ($dim:literal, $kinds:expr, $cases:expr, $case_of:ident, $exact_box:ident, $verdict:ident, $exact:ident) => {{
            let mut undecided = 0;
            for kind in $kinds {
                for n in 0..$cases {
                    let case = generator.$case_of(kind);
                    let (a, b) = case.obbs().unwrap();
                    let stored = $verdict(&$exact_box::from_obb(&a), &$exact_box::from_obb(&b));
                    let what = format!("{} {} #{n}: {case:?}", $dim, kind.name());
                    assert_eq!(a.intersects_certified(&b), stored.intersects, "{what}");
                    let (ea, eb) = ($exact(&case.a), $exact(&case.b));
                    let given = $verdict(&ea, &eb);
                    assert_eq!(ea.intersects_certified(&eb), given.intersects, "{what}");
                    undecided += usize::from(a.intersects(&b) != stored.intersects);
                }
            }
            undecided
        }};
    }
    let undecided_by_fast_path = certified_equals_exact!(
        "3d",
        Kind::ALL_3D,
        CASES_PER_KIND / 4,
        case3_of,
        ExactBox3,
        verdict3,
        exact3
    );
    certified_equals_exact!(
        "2d",
        Kind::ALL_2D,
        CASES_PER_KIND / 2,
        case2_of,
        ExactBox2,
        verdict2,
        exact2
    );
    // The generators aim at the band: the fast path must have been wrong somewhere, or this
    // test would not show that certification adds anything.
    assert!(undecided_by_fast_path > 100, "{undecided_by_fast_path}");
}
