//! `fuzz-findings.jsonl`: every minimised fuzz finding under `fuzz/regressions/<target>/`,
//! decoded exactly as its fuzz target decodes it (`sat_oracle::check`), as a case line.
//!
//! Targets and the case type their bytes decode to: `obb2` and `distance2` → `Case2`; `obb3`,
//! `separation3` and `distance3` → `Case3`; `near_parallel3` → `NearParallel3`. A folder of another name is
//! skipped with a note (a new target needs its decoder here). The id is
//! `fuzz-<target>-<file name>`.

use std::path::Path;

use sat_oracle::check::{Case2, Case3, NearParallel3, decode};

use super::quoted;

/// A finding as a case line without expectations, or why it was skipped.
pub type Finding = Result<String, String>;

/// The case-line JSON of one fuzz input of `target`, if the target is known.
fn case_json(target: &str, bytes: &[u8]) -> Option<String> {
    match target {
        "obb2" | "distance2" => Some(decode::<Case2>(bytes).to_json()),
        "obb3" | "separation3" | "distance3" => Some(decode::<Case3>(bytes).to_json()),
        "near_parallel3" => Some(decode::<NearParallel3>(bytes).0.to_json()),
        _ => None,
    }
}

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
            let Some(json) = case_json(&target, &bytes) else {
                out.push(Err(format!(
                    "fuzz/regressions/{target}/{file}: no decoder for target {target}"
                )));
                continue;
            };
            // `{"dim": ...` with the id and note in front.
            let fields = json.trim_start().strip_prefix('{').unwrap_or(&json);
            out.push(Ok(format!(
                "{{\"id\":{},\"note\":{},{fields}",
                quoted(&format!("fuzz-{target}-{file}")),
                quoted(&format!(
                    "fuzz finding fuzz/regressions/{target}/{file}, as its target decodes it"
                )),
            )));
        }
    }
    Ok(Some(out))
}
