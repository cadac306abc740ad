//! The README's and the book's Rust blocks are doctests (`src/lib.rs` includes the README and
//! every page `docs/SUMMARY.md` names), so `cargo test` compiles and runs them. This keeps them
//! honest for a reader on GitHub too: no block may opt out (`ignore`, `no_run`,
//! `compile_fail`), and none may hide lines with rustdoc's `#`, which GitHub shows as written and
//! which do not compile when copied.

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

/// Every Rust block of `text` (the file `name`) runs as written: plain `rust`, no hidden lines.
/// Returns how many there are.
fn assert_rust_blocks_run_as_written(name: &str, text: &str) -> usize {
    let rust: Vec<_> = blocks(text)
        .into_iter()
        .filter(|(_, info, _)| info.starts_with("rust"))
        .collect();
    for (line, info, body) in &rust {
        assert_eq!(*info, "rust", "{name}:{line}: a Rust block that is not run");
        let hidden = body.iter().find(|l| {
            let l = l.trim_start();
            l == "#" || l.starts_with("# ")
        });
        assert!(
            hidden.is_none(),
            "{name}:{line}: a line hidden from rustdoc but shown on GitHub: {hidden:?}"
        );
    }
    rust.len()
}

#[test]
fn every_rust_block_of_the_readme_runs_as_written() {
    let rust = assert_rust_blocks_run_as_written("README.md", include_str!("../../README.md"));
    // The sat-core example and the rapier examples at least.
    assert!(rust >= 2, "{rust} Rust blocks");
}

/// The book's pages: every file `docs/SUMMARY.md` links to is included as a doctest by
/// `src/lib.rs` (so its Rust blocks run), and its Rust blocks run as written.
#[test]
fn every_page_of_the_book_is_a_doctest() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let summary = std::fs::read_to_string(root.join("docs/SUMMARY.md")).unwrap();
    let lib = include_str!("../../src/lib.rs");
    let pages: Vec<&str> = summary
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|page| !page.is_empty()) // a draft chapter, `[Title]()`, has no file yet
        .collect();
    assert!(pages.len() >= 10, "{pages:?}");
    // Pages whose Rust needs what this workspace does not build (bevy, on its own toolchain)
    // are doctests of their own crate instead.
    let elsewhere = [(
        "bevy.md",
        include_str!("../../crates/bevy/src/lib.rs"),
        "../../../docs/bevy.md",
    )];
    for page in pages {
        let (lib, include) = match elsewhere.iter().find(|(p, ..)| *p == page) {
            Some((_, lib, path)) => (*lib, format!("include_str!(\"{path}\")")),
            None => (lib, format!("include_str!(\"../docs/{page}\")")),
        };
        assert!(
            lib.contains(&include),
            "docs/{page} is no doctest: {include} is missing"
        );
        let text = std::fs::read_to_string(root.join("docs").join(page)).unwrap();
        assert_rust_blocks_run_as_written(page, &text);
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
