//! `fuzz-findings.jsonl`: every minimised fuzz finding under `fuzz/regressions/<target>/`,
//! decoded exactly as its fuzz target decodes it (`sat_oracle::check`), as a case line.
//!
//! The targets whose inputs are a pair of boxes say how (`sat_oracle::check::Target::case_line`);
//! a folder of another target is skipped with a note. The id is `fuzz-<target>-<file name>`.

use std::path::Path;

use sat_oracle::check::target;
use sat_oracle::written::CaseLine;

/// A finding as a case line without expectations, or why it was skipped.
pub type Finding = Result<String, String>;

/// Every finding under `fuzz_dir/regressions`, sorted by target and file name; `None` when
/// there is no such folder.
pub fn findings(fuzz_dir: &Path) -> std::io::Result<Option<Vec<Finding>>> {
    let root = fuzz_dir.join("regressions");
    let Ok(targets) = std::fs::read_dir(&root) else {
        return Ok(None);
    };
    let mut targets: Vec<_> = targets
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    targets.sort();
    let mut out = Vec::new();
    for target in targets {
        let mut files: Vec<_> = std::fs::read_dir(root.join(&target))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        for file in files {
            let bytes = std::fs::read(root.join(&target).join(&file))?;
            let Some(line) = target_case_line(&target).map(|line| line(&bytes)) else {
                out.push(Err(format!(
                    "fuzz/regressions/{target}/{file}: no decoder for target {target}"
                )));
                continue;
            };
            let note =
                format!("fuzz finding fuzz/regressions/{target}/{file}, as its target decodes it");
            out.push(Ok(line
                .named(format!("fuzz-{target}-{file}"), note)
                .to_json()));
        }
    }
    Ok(Some(out))
}

/// How the inputs of the fuzz target of that name become a case line, if they can.
fn target_case_line(name: &str) -> Option<fn(&[u8]) -> CaseLine> {
    target(name)?.case_line
}
