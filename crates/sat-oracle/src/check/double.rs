//! [`check3_f64`] and [`check2_f64`]: sat-core's f64 boxes (`sat_core::DObb3`, `DObb2`) against
//! the exact oracle, on the cases of the `obb3` and `obb2` targets moved into f64's regime.

use glam::{DMat2, DMat3, DVec2};
use sat_core::batch::{DObbSet2, DObbSet3, pair_overlaps2_f64, pair_overlaps3_f64};
use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use sat_core::tolerance::{AXES_TOLERANCE_F64, Band};
use sat_core::{AXES_TOLERANCE, Feature};

use crate::case_box::{Box2, Box3, CaseLine, Rotation2, Rotation3};

use super::adjudicate::Report;
use super::distance::{judge_distance2_f64, judge_distance3_f64};
use super::geometry::lean_columns;
use super::recipe::{Gap, GapScale};
use super::recipe_pair::{RecipePair2, RecipePair3};
use super::recipe2::{Placement2, Rewrite2};
use super::recipe3::{Placement3, Rewrite3};

/// `ε₆₄/ε₃₂`: a recipe's gap, measured in f32's resolution, in f64's.
const F64_RESOLUTION: f64 = 1.0 / (1u64 << 29) as f64;

/// [`check3_f64`] and [`check2_f64`]: one body over each dimension's types.
macro_rules! check_f64 {
    ($(#[$doc:meta])* $check:ident($case:ident, $dim:literal): $verdict:ident, $exact_box:ident,
     $rotation:ident, $set:ident, $batch:ident, $distance:ident) => {
        $(#[$doc])*
        pub fn $check(case: &$case) -> Report {
            let ((a, b), true) = case.in_f64() else {
                return Report::default();
            };
            let (Ok(da), Ok(db)) = (a.dobb(), b.dobb()) else {
                return Report::default();
            };
            let given = $verdict(&a.exact(), &b.exact());
            let stored = $verdict(&$exact_box::from(&da), &$exact_box::from(&db));
            let columns = [a.rotation, b.rotation]
                .iter()
                .any(|r| matches!(r, $rotation::Axes(_)));
            let verdicts = F64Verdicts {
                dim: $dim,
                intersects: [da.intersects(&db), db.intersects(&da)],
                certified: [da.intersects_certified(&db), db.intersects_certified(&da)],
            };
            let describe = || case.case_line_f64().to_json();
            let mut batch = Vec::new();
            $batch(&$set::from_iter([da]), &$set::from_iter([db]), &mut batch);
            assert_eq!(
                batch,
                [verdicts.intersects[0]],
                "sat-core f64 ({}D): the batch kernel differs from intersects\n  case: {}",
                $dim,
                describe()
            );
            $distance(&da, &db, &describe);
            verdicts.judge(&given, &stored, columns, &describe)
        }
    };
}

check_f64!(
    /// Checks one 3D case in f64 (`obb3_f64`; [`check2_f64`] is the same in 2D).
    ///
    /// A case decodes as for `obb3` / `obb2` (the same recipes), and is then written in f64:
    ///
    /// * axis columns (orthonormal only within f32's precision, which `DObb3::try_from_axes`
    ///   refuses) become their orthonormal polar factor computed in f64; a case written with
    ///   leaning columns ([`Rewrite3::Leaning`], [`Rewrite2::Leaning`]) leans them to the same
    ///   fraction of `AXES_TOLERANCE_F64` instead of f32's tolerance;
    /// * a contact placement's gap is re-aimed at f64's scale: B moves along the best axis of the
    ///   exact pair so that its margin becomes the recipe's gap times `ε₆₄/ε₃₂ = 2⁻²⁹` (exactly
    ///   touching, `±k` f64 ulps, around f64's band, …), up to the rounding of B's centre.
    ///
    /// It panics — a crash libFuzzer records — if and only if:
    ///
    /// * `intersects` says "apart" while the boxes as written, or as stored, intersect;
    /// * `intersects` is wrong where `|margin| > BAND_K_F64·ε₆₄·S` for the stored boxes, or for the
    ///   boxes as written (`AXES_BAND_K_F64` when one is written as columns);
    /// * `intersects_certified` differs from the exact verdict of the stored boxes;
    /// * the f64 batch kernel (`sat_core::batch::pair_overlaps3_f64` / `2_f64`) differs from
    ///   `intersects`;
    /// * `distance` or `closest_points` misses `DISTANCE_K_F64·ε₆₄·S` (judged as the `distance`
    ///   targets judge the f32 boxes, see [`check_distance3`](super::check_distance3); a pair whose
    ///   certified reference interval is wider than that bound is not judged).
    check3_f64(RecipePair3, 3): verdict3, ExactBox3, Rotation3, DObbSet3, pair_overlaps3_f64,
    judge_distance3_f64
);
check_f64!(
    /// Checks one 2D case in f64 (`obb2_f64`), as [`check3_f64`] checks a 3D one.
    check2_f64(RecipePair2, 2): verdict2, ExactBox2, Rotation2, DObbSet2, pair_overlaps2_f64,
    judge_distance2_f64
);

/// The f64 writing of [`RecipePair3`] and [`RecipePair2`], one body over each dimension's types.
macro_rules! boxes_f64 {
    ($case:ident: $box:ident, $rotation:ident, $rewrite:ident, $polar:ident, $regap:ident, $line:ident,
     $target:literal) => {
        impl $case {
            /// Both boxes written in f64 (see the module docs), as the target judges them and
            /// its case line writes them, and whether they are judged: `false` when sat-core
            /// refuses them (B is not moved then: a contact's gap cannot be aimed).
            fn in_f64(&self) -> (($box, $box), bool) {
                let leaning = match self.recipe.rewrite {
                    $rewrite::Leaning(k) => Some(k),
                    _ => None,
                };
                // Columns replaced by their polar factor (leaned for a leaning case).
                let in_f64 = |b: $box| {
                    let mut out = b;
                    if let $rotation::Axes(cols) = b.rotation {
                        out.rotation = $rotation::Axes(lean($polar(cols), leaning, b.center[0]));
                    }
                    out
                };
                let (a, b) = self.boxes();
                let (a, b) = (in_f64(a), in_f64(b));
                let gap = self.recipe.placement.contact_gap();
                $regap(a, b, gap).map_or(((a, b), false), |boxes| (boxes, true))
            }

            #[doc = concat!("Both boxes as the `", $target, "` target writes them (see the module docs).")]
            pub fn boxes_f64(&self) -> ($box, $box) {
                self.in_f64().0
            }

            #[doc = concat!("The case as the `", $target, "` target writes it: ")]
            /// [`boxes_f64`](Self::boxes_f64) as a line of the `obbsat` case format (no id).
            pub fn case_line_f64(&self) -> CaseLine {
                let (a, b) = self.boxes_f64();
                CaseLine::$line(&a, &b)
            }
        }
    };
}

boxes_f64!(RecipePair3: Box3, Rotation3, Rewrite3, polar3, regap3, three, "obb3_f64");
boxes_f64!(RecipePair2: Box2, Rotation2, Rewrite2, polar2, regap2, two, "obb2_f64");

impl Placement3 {
    /// The gap a contact placement aims at.
    fn contact_gap(&self) -> Option<Gap> {
        match self {
            Placement3::Face(f) => Some(f.gap),
            Placement3::Edge(e) => Some(e.gap),
            _ => None,
        }
    }
}

impl Placement2 {
    /// The gap a contact placement aims at.
    fn contact_gap(&self) -> Option<Gap> {
        match self {
            Placement2::Face(f) => Some(f.gap),
            _ => None,
        }
    }
}

/// sat-core's f64 verdicts on a pair, in both orders.
struct F64Verdicts {
    dim: u8,
    intersects: [bool; 2],
    certified: [bool; 2],
}

impl F64Verdicts {
    /// Panics on a violation (module docs); `columns`: a box is written as columns, so the
    /// written band is `AXES_BAND_K_F64`.
    fn judge(
        &self,
        given: &ExactVerdict,
        stored: &ExactVerdict,
        columns: bool,
        describe: &dyn Fn() -> String,
    ) -> Report {
        let given_band = if columns { Band::f64_axes } else { Band::f64 };
        let mut report = Report {
            accepted: true,
            intersects: Some(given.intersects),
            adjudicated: true,
            ..Report::default()
        };
        for verdict in self.intersects {
            for (truth, band, what) in [
                (given, given_band(given.scale), "as written"),
                (stored, Band::f64(stored.scale), "as stored"),
            ] {
                if verdict == truth.intersects {
                    continue;
                }
                assert!(
                    verdict,
                    "sat-core f64 ({}D) says the boxes are apart but {what} they intersect \
                     (margin {:e}, S = {:e}): {truth:?}\n  case: {}",
                    self.dim,
                    truth.margin,
                    truth.scale,
                    describe()
                );
                assert!(
                    band.contains(truth.margin),
                    "sat-core f64 ({}D) says the boxes intersect but {what} they are apart by \
                     {:e} = {:.1} bands (S = {:e}): {truth:?}\n  case: {}",
                    self.dim,
                    truth.margin,
                    truth.margin / band.width(),
                    truth.scale,
                    describe()
                );
                report.core_wrong_in_band = true;
            }
        }
        for certified in self.certified {
            assert_eq!(
                certified,
                stored.intersects,
                "sat-core f64 ({}D) intersects_certified differs from the exact verdict of the \
                 stored boxes ({stored:?})\n  case: {}",
                self.dim,
                describe()
            );
        }
        report
    }
}

/// Columns leaned as [`Rewrite3::Leaning`] leans them (`k mod 3`: 100 %, 90 % or 50 %), of f64's
/// tolerance.
fn lean<const N: usize>(cols: [[f64; N]; N], leaning: Option<u16>, x: f64) -> [[f64; N]; N] {
    let Some(k) = leaning else {
        return cols;
    };
    let fraction = [1.0, 0.9, 0.5][usize::from(k % 3)];
    // `lean_columns` takes the fraction of f32's tolerance.
    let of_f32 = fraction * AXES_TOLERANCE_F64 / f64::from(AXES_TOLERANCE);
    lean_columns(cols, of_f32, u64::from(k) ^ x.to_bits(), |x| x)
}

/// The orthogonal polar factor of the columns (Newton's iteration `U ← (U + U⁻ᵀ)/2`).
fn polar3(cols: [[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let mut u = DMat3::from_cols_array_2d(&cols);
    for _ in 0..8 {
        u = (u + u.inverse().transpose()) * 0.5;
    }
    u.to_cols_array_2d()
}

/// [`polar3`] in 2D.
fn polar2(cols: [[f64; 2]; 2]) -> [[f64; 2]; 2] {
    let mut u = DMat2::from_cols_array_2d(&cols);
    for _ in 0..8 {
        u = (u + u.inverse().transpose()) * 0.5;
    }
    u.to_cols_array_2d()
}

/// B's centre moved along the unit `axis` of the exact pair's margin (`t = c_B − c_A`) so that
/// the margin becomes the recipe's gap in f64's resolution (`F64_RESOLUTION` of its f32 value).
fn aimed<const N: usize>(
    gap: Gap,
    (center_a, center_b): ([f64; N], [f64; N]),
    axis: [f64; N],
    size: f64,
    margin: f64,
) -> [f64; N] {
    let t: [f64; N] = core::array::from_fn(|k| center_b[k] - center_a[k]);
    let along: f64 = (0..N).map(|k| t[k] * axis[k]).sum();
    let at = GapScale {
        size,
        far: center_a.iter().fold(0.0f64, |m, x| m.max(x.abs())),
        scale: t.iter().map(|x| x * x).sum::<f64>().sqrt() + size,
    };
    let target = gap.value(&at) * F64_RESOLUTION;
    let step = if along < 0.0 {
        margin - target
    } else {
        target - margin
    };
    core::array::from_fn(|k| center_b[k] + axis[k] * step)
}

/// `b` moved by [`aimed`]; `None` if the boxes are out of sat-core's range.
fn regap3(a: Box3, b: Box3, gap: Option<Gap>) -> Option<(Box3, Box3)> {
    let Some(gap) = gap else {
        return Some((a, b));
    };
    let (da, db) = (a.dobb().ok()?, b.dobb().ok()?);
    let v = verdict3(&a.exact(), &b.exact());
    let (ga, gb) = (da.axes(), db.axes());
    let axis = match v.feature {
        Feature::FaceA(i) => ga.col(usize::from(i)),
        Feature::FaceB(j) => gb.col(usize::from(j)),
        Feature::EdgePair(i, j) => ga
            .col(usize::from(i))
            .cross(gb.col(usize::from(j)))
            .normalize_or_zero(),
    };
    let size = da.half_extents().length() + db.half_extents().length();
    let mut moved = b;
    moved.center = aimed(gap, (a.center, b.center), axis.to_array(), size, v.margin);
    Some((a, moved))
}

/// [`regap3`] in 2D.
fn regap2(a: Box2, b: Box2, gap: Option<Gap>) -> Option<(Box2, Box2)> {
    let Some(gap) = gap else {
        return Some((a, b));
    };
    let (da, db) = (a.dobb().ok()?, b.dobb().ok()?);
    let v = verdict2(&a.exact(), &b.exact());
    let axis = match v.feature {
        Feature::FaceA(i) => da.axes().col(usize::from(i)),
        Feature::FaceB(j) => db.axes().col(usize::from(j)),
        Feature::EdgePair(..) => DVec2::ZERO,
    };
    let size = da.half_extents().length() + db.half_extents().length();
    let mut moved = b;
    moved.center = aimed(gap, (a.center, b.center), axis.to_array(), size, v.margin);
    Some((a, moved))
}
