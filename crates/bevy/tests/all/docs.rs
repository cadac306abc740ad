//! The README's bevy lines are docs/bevy.md's: every line of its `rs` blocks (fenced `rs`, since
//! the main workspace, which runs the README's `rust` blocks, has no bevy) is a line of one of
//! docs/bevy.md's `rust` blocks, which `cargo test --doc` runs here (`src/lib.rs` includes
//! docs/bevy.md).

const README: &str = include_str!("../../../../README.md");
const BEVY_DOCS: &str = include_str!("../../../../docs/bevy.md");

/// The fenced blocks of `text`: (info string, body).
fn blocks(text: &str) -> Vec<(&str, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(&str, String)> = None;
    for line in text.lines() {
        match (open.take(), line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim(), String::new())),
            (Some(block), Some(_)) => blocks.push(block),
            (Some((info, mut body)), None) => {
                body.push_str(line);
                body.push('\n');
                open = Some((info, body));
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fence is never closed");
    blocks
}

#[test]
fn the_readme_shows_lines_of_the_tested_blocks_of_docs_bevy() {
    let docs = blocks(BEVY_DOCS);
    assert!(
        README.contains("(docs/bevy.md)"),
        "the README links docs/bevy.md"
    );
    let shown: Vec<String> = blocks(README)
        .into_iter()
        .filter(|(info, _)| *info == "rs")
        .map(|(_, body)| body)
        .collect();
    assert!(
        !shown.is_empty(),
        "the README shows the plug-in in an `rs` block"
    );
    for body in &shown {
        for line in body.lines().map(str::trim).filter(|l| !l.is_empty()) {
            assert!(
                docs.iter()
                    .any(|(info, b)| { *info == "rust" && b.lines().any(|l| l.trim() == line) }),
                "README: this line is in no `rust` block of docs/bevy.md: {line}"
            );
        }
    }
    // Every Rust block of docs/bevy.md is run by rustdoc: none opts out.
    for (info, body) in &docs {
        assert!(
            !info.starts_with("rust") || *info == "rust",
            "docs/bevy.md: a Rust block fenced {info:?}:\n{body}"
        );
    }
}
