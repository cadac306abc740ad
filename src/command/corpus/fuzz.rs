//! `fuzz-findings.jsonl`: every minimised fuzz finding under `fuzz/regressions/<target>/`,
//! decoded exactly as its fuzz target decodes it (`sat_oracle::check`), as a case line.
//!
//! The targets whose inputs are a pair of boxes say how (`sat_oracle::check::Target::case_line`);
//! a folder of another target is skipped with a note. The id is `fuzz-<target>-<file name>`.

use std::path::Path;

use sat_oracle::case_box::CaseLine;
use sat_oracle::check::target;

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

#[cfg(test)]
mod tests {
    use sat_oracle::check::{RandomInputs, RecipePair2, RecipePair3, decode};

    use super::*;
    use crate::case::{WrittenCase, read_box2, read_box3};

    /// The f64 targets' inputs (their seeds and random bytes) become case lines that the case
    /// reader reads back as the very boxes the targets judge: f64 numbers through JSON, none
    /// rounded.
    #[test]
    fn f64_target_inputs_round_trip_through_case_lines() {
        let mut inputs: Vec<Vec<u8>> = ["obb2_f64", "obb3_f64"]
            .iter()
            .flat_map(|name| (target(name).expect("a target").seeds)())
            .map(|(_, bytes)| bytes)
            .collect();
        let mut random = RandomInputs::new(16);
        for _ in 0..400 {
            let mut bytes = Vec::new();
            random.input(&mut bytes, 120);
            inputs.push(bytes);
        }
        let line2 = target_case_line("obb2_f64").expect("a case line");
        let line3 = target_case_line("obb3_f64").expect("a case line");
        let mut read = [0; 2];
        for bytes in &inputs {
            if let Ok(case) = WrittenCase::parse(&line2(bytes).to_json()) {
                let (a, b) = decode::<RecipePair2>(bytes).boxes_f64();
                assert_eq!(read_box2(&case.a, "a"), Ok(a), "{bytes:?}");
                assert_eq!(read_box2(&case.b, "b"), Ok(b), "{bytes:?}");
                read[0] += 1;
            }
            if let Ok(case) = WrittenCase::parse(&line3(bytes).to_json()) {
                let (a, b) = decode::<RecipePair3>(bytes).boxes_f64();
                assert_eq!(read_box3(&case.a, "a"), Ok(a), "{bytes:?}");
                assert_eq!(read_box3(&case.b, "b"), Ok(b), "{bytes:?}");
                read[1] += 1;
            }
        }
        // Most inputs are boxes the reader takes (the rest: raw bit patterns out of range).
        assert!(
            read.iter().all(|&n| n > inputs.len() / 2),
            "{read:?} of {}",
            inputs.len()
        );
    }
}
