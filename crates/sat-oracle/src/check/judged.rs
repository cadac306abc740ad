//! The one judge of a verdict against the exact one, for the fuzz checks, the main job
//! (`obbsat run`) and `obbsat check`.

use sat_core::exact::ExactVerdict;
use sat_core::tolerance::Band;

/// An engine's verdict against the exact one.
///
/// ```
/// use sat_core::tolerance::Band;
/// use sat_oracle::check::Judged;
///
/// // "intersects" for boxes apart by 1e-7 at S = 2: within sat-core's band (48·2⁻²³·2 ≈ 1.1e-5).
/// assert_eq!(Judged::new(true, false, 1e-7, 2.0), Judged::WrongInBand);
/// // The same verdict judged against the f64 test's band (768·2⁻⁵²·2 ≈ 3.4e-13).
/// assert_eq!(Judged::with_band(true, false, 1e-7, Band::f64(2.0)), Judged::WrongOutsideBand);
/// assert_eq!(Judged::new(false, false, 1e-7, 2.0), Judged::Right);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judged {
    /// The exact verdict.
    Right,
    /// Wrong, with the exact margin in the band: within rounding of touching, where the test may
    /// answer either.
    WrongInBand,
    /// Wrong, with the exact margin outside the band: sat-core is never wrong there.
    WrongOutsideBand,
}

impl Judged {
    /// `verdict` (`true`: intersect) against the exact verdict `truth`, whose margin (positive:
    /// apart) is `margin` for a pair of scale `scale`, with sat-core's f32 band
    /// ([`Band::f32`]`(scale)`, in f64).
    pub fn new(verdict: bool, truth: bool, margin: f64, scale: f64) -> Judged {
        Judged::with_band(verdict, truth, margin, Band::f32(scale))
    }

    /// [`Judged::new`] against another band than sat-core's f32 one (its f64 test's,
    /// [`Band::f64`], or [`Band::exact`] for an exact engine).
    pub fn with_band(verdict: bool, truth: bool, margin: f64, band: Band<f64>) -> Judged {
        if verdict == truth {
            Judged::Right
        } else if band.contains(margin) {
            Judged::WrongInBand
        } else {
            Judged::WrongOutsideBand
        }
    }

    /// [`Judged::new`] against an exact verdict.
    pub fn of(verdict: bool, exact: &ExactVerdict) -> Judged {
        Judged::new(verdict, exact.intersects, exact.margin, exact.scale)
    }
}
