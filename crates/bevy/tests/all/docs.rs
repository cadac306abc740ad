//! The README's bevy section shows docs/bevy.md's blocks: its Rust blocks (fenced `rs`, since
//! the main workspace, which runs the README's `rust` blocks, has no bevy) are copies of
//! docs/bevy.md's `rust` blocks, which `cargo test --doc` runs here (`src/lib.rs` includes
//! docs/bevy.md), and its `toml` block is docs/bevy.md's.

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

/// The README's bevy section: from its heading to the next heading of its level or above.
fn readme_section() -> &'static str {
    let start = README
        .find("\n### bevy")
        .expect("the README has a `### bevy…` section");
    let rest = &README[start + 1..];
    let end = rest[3..]
        .find("\n## ")
        .into_iter()
        .chain(rest[3..].find("\n### "))
        .min()
        .map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

#[test]
fn the_readme_shows_the_tested_blocks_of_docs_bevy() {
    let docs = blocks(BEVY_DOCS);
    let section = blocks(readme_section());
    let (mut rust, mut toml) = (0, 0);
    for (info, body) in &section {
        let tested_as = match *info {
            "rs" => "rust",
            "toml" => "toml",
            other => panic!("README bevy section: a block fenced {other:?}"),
        };
        assert!(
            docs.iter().any(|(i, b)| *i == tested_as && b == body),
            "README bevy section: this block is not a `{tested_as}` block of docs/bevy.md:\n{body}"
        );
        rust += usize::from(tested_as == "rust");
        toml += usize::from(tested_as == "toml");
    }
    assert!(rust >= 1 && toml >= 1, "{rust} Rust and {toml} toml blocks");
    // Every Rust block of docs/bevy.md is run by rustdoc: none opts out.
    for (info, body) in &docs {
        assert!(
            !info.starts_with("rust") || *info == "rust",
            "docs/bevy.md: a Rust block fenced {info:?}:\n{body}"
        );
    }
}
