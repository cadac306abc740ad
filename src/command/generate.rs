//! `obbsat generate`: seeded generated pairs as case lines, with the exact oracle's answers.

use std::io::{self, Write};

use sat_core::tolerance::Band;

use crate::case::generate::Generator;

/// Settings of `obbsat generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// 2 or 3 (anything else is 3).
    pub dim: u8,
    /// Cases written.
    pub count: usize,
    /// Seed of the generator.
    pub seed: u64,
    /// Keep only the cases whose exact `|margin|` exceeds sat-core's band.
    pub outside_band: bool,
}

/// Writes `options.count` generated cases of dimension `options.dim` as JSON Lines, each with the
/// exact oracle's verdict as `"expect"`, and its margin, scale `S` and sat-core's band
/// `BAND_K·ε·S` as `"exact_margin"`, `"scale"` and `"band"` (ignored by readers). With
/// `outside_band`, generates until `count` cases have `|margin| > band`.
pub fn run(options: Options, mut out: impl Write) -> io::Result<()> {
    let mut generator = Generator::new(options.seed);
    let mut kept = 0;
    let mut drawn = 0usize;
    while kept < options.count {
        drawn += 1;
        let (mut line, verdict) = if options.dim == 2 {
            let pair = generator.case2();
            let id = format!("2d-{}-{drawn}", pair.kind.name());
            (pair.to_line(id), pair.exact())
        } else {
            let pair = generator.case3();
            let id = format!("3d-{}-{drawn}", pair.kind.name());
            (pair.to_line(id), pair.exact())
        };
        let band = Band::f32(verdict.scale);
        if options.outside_band && band.contains(verdict.margin) {
            continue;
        }
        line.expect = Some(verdict.intersects);
        line.exact_margin = Some(verdict.margin);
        line.scale = Some(verdict.scale);
        line.band = Some(band.width());
        serde_json::to_writer(&mut out, &line)?;
        out.write_all(b"\n")?;
        kept += 1;
    }
    out.flush()
}
