//! [`check_separation3`]: everything [`check3`] checks, plus `separation()`'s stated bounds and
//! the f64 filter's decisions, against the exact oracle on every case.

use sat_core::exact::{ExactBox3, verdict3};
use sat_core::tolerance::{Band, EPS, PAD_K, SEPARATION_K};

use super::adjudicate::{Report, check3};
use super::filter::{FilterBox, decide3, gap_along};
use super::recipe_pair::RecipePair3;

/// Checks one 3D case like [`check3`], then, with the exact oracle run every time:
///
/// * the f64 filter's verdicts (boxes as given and as stored) equal the exact ones;
/// * `separation().gap` is the exact boxes' gap along the returned axis within
///   `SEPARATION_K·ε·S`;
/// * overlapping by more than the band, the gap is within `(SEPARATION_K + PAD_K)·ε·S` of
///   the exact margin (minus the penetration depth); apart by more than the band, it is at least
///   `margin/√3 − SEPARATION_K·ε·S` (a sliver edge axis can hide part of the margin, see
///   sat-core's `tolerance`).
///
/// Panics on any violation.
pub fn check_separation3(case: &RecipePair3) -> Report {
    let report = check3(case);
    let Ok((a, b)) = case.obbs() else {
        return report;
    };
    let exact = case.exact();
    // The boxes as written when the f64 filter can take them (the f32 numbers as built), else
    // the boxes sat-core stores (within a few ulps of them, inside the bounds below).
    let (fa, fb) = match case.filter_boxes() {
        Some((fa, fb)) => {
            if let Some(v) = decide3(&fa, &fb) {
                assert_eq!(
                    v,
                    exact.intersects,
                    "f64 filter vs exact oracle: {exact:?}\n  case: {}",
                    case.to_json()
                );
            }
            (fa, fb)
        }
        None => (FilterBox::stored3(&a), FilterBox::stored3(&b)),
    };
    if let Some(v) = decide3(&FilterBox::stored3(&a), &FilterBox::stored3(&b)) {
        let stored = verdict3(&ExactBox3::from_obb(&a), &ExactBox3::from_obb(&b));
        assert_eq!(
            v,
            stored.intersects,
            "f64 filter vs exact oracle, stored boxes: {stored:?}\n  case: {}",
            case.to_json()
        );
    }

    let s = a.separation(&b);
    let eps_s = f64::from(EPS) * exact.scale;
    let gap = f64::from(s.gap);
    let (along, error) = gap_along(&fa, &fb, s.axis.to_array().map(f64::from));
    assert!(
        (gap - along).abs() <= f64::from(SEPARATION_K) * eps_s + error,
        "separation gap {gap:e} along {} ({}) vs exact {along:e} = {:.1} ε·S apart\n  case: {}",
        s.axis,
        s.feature,
        (gap - along).abs() / eps_s,
        case.to_json()
    );
    let band = Band::f32(exact.scale).width();
    if exact.margin < -band {
        let error = (gap - exact.margin).abs();
        assert!(
            error <= f64::from(SEPARATION_K + PAD_K) * eps_s,
            "depth {gap:e} ({}) vs exact margin {:e}: {:.1} ε·S apart\n  case: {}",
            s.feature,
            exact.margin,
            error / eps_s,
            case.to_json()
        );
    }
    if exact.margin > band {
        let floor = exact.margin / 3f64.sqrt() - f64::from(SEPARATION_K) * eps_s;
        assert!(
            gap >= floor,
            "gap {gap:e} ({}) below margin/√3 for exact margin {:e}\n  case: {}",
            s.feature,
            exact.margin,
            case.to_json()
        );
    }
    Report {
        intersects: Some(exact.intersects),
        adjudicated: true,
        ..report
    }
}
