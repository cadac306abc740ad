//! The README's Rust blocks are doctests (`src/lib.rs` includes the README), so `cargo test`
//! compiles and runs them. This keeps them honest for a reader on GitHub too: no block may opt
//! out (`ignore`, `no_run`, `compile_fail`), and none may hide lines with rustdoc's `#`, which
//! GitHub shows as written and which do not compile when copied.

/// The README's fenced blocks: (line of the opening fence, info string, body lines).
fn blocks(text: &str) -> Vec<(usize, &str, Vec<&str>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, &str, Vec<&str>)> = None;
    for (n, line) in text.lines().enumerate() {
        match (open.take(), line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((n + 1, info.trim(), Vec::new())),
            (Some(block), Some(_)) => blocks.push(block),
            (Some(mut block), None) => {
                block.2.push(line);
                open = Some(block);
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fence is never closed");
    blocks
}

#[test]
fn every_rust_block_of_the_readme_runs_as_written() {
    let readme = include_str!("../../README.md");
    let rust: Vec<_> = blocks(readme)
        .into_iter()
        .filter(|(_, info, _)| info.starts_with("rust"))
        .collect();
    // The sat-core example and the rapier example at least.
    assert!(rust.len() >= 2, "{} Rust blocks", rust.len());
    for (line, info, body) in &rust {
        assert_eq!(
            *info, "rust",
            "README.md:{line}: a Rust block that is not run"
        );
        let hidden = body.iter().find(|l| {
            let l = l.trim_start();
            l == "#" || l.starts_with("# ")
        });
        assert!(
            hidden.is_none(),
            "README.md:{line}: a line hidden from rustdoc but shown on GitHub: {hidden:?}"
        );
    }
}

#[test]
fn the_block_reader_sees_ignored_and_hidden_lines() {
    let text = "x\n```rust,ignore\nlet a = 1;\n```\n```rust\n# fn main() {}\n```\n```sh\nls\n```\n";
    let found = blocks(text);
    assert_eq!(found.len(), 3);
    assert_eq!((found[0].0, found[0].1), (2, "rust,ignore"));
    assert_eq!(found[1].2, ["# fn main() {}"]);
    assert_eq!(found[2].1, "sh");
}
