//! `obbsat decode TARGET FILE...`: fuzz inputs (a `fuzz/corpus/<target>/` or
//! `fuzz/regressions/<target>/` file each) as case lines, decoded exactly as the target decodes
//! them, so that `obbsat cast`, `verdict` and `check` replay a fuzz corpus. The id of each line
//! is `fuzz-<target>-<file name>`; a file that cannot be read, or a target whose inputs are not
//! a pair of boxes, is a message on stderr and the other files go on.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::case::fuzz_case_line;

/// Settings of `obbsat decode`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The fuzz target's name (`cast3`, `obb2`, …).
    pub target: String,
    /// Its input files.
    pub files: Vec<PathBuf>,
}

/// Writes one case line per input file; `Ok(false)` when a file was skipped.
pub fn run(options: &Options, mut out: impl Write, mut err: impl Write) -> io::Result<bool> {
    let mut clean = true;
    for path in &options.files {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let id = format!("fuzz-{}-{name}", options.target);
        let line = std::fs::read(path)
            .map_err(|e| format!("cannot read it: {e}"))
            .and_then(|bytes| {
                fuzz_case_line(&options.target, &bytes, &id).ok_or_else(|| {
                    format!(
                        "the inputs of fuzz target {:?} are not a pair of boxes (or no such target)",
                        options.target
                    )
                })
            });
        match line {
            Ok(line) => writeln!(out, "{line}")?,
            Err(reason) => {
                clean = false;
                writeln!(err, "obbsat decode: {}: {reason}", path.display())?;
            }
        }
    }
    out.flush()?;
    Ok(clean)
}
