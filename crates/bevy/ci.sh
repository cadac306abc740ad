#!/usr/bin/env bash
# CI of the bevy plug-ins (bevy_sat_rapier2d, bevy_sat_rapier3d), called by .ci/run: their own
# workspace, on Rust 1.97.1 (bevy 0.20's minimum; the rest of the repository builds with 1.90+):
# formatting, the tests (one binary per package, with the example's scene; docs/bevy.md's Rust
# blocks as doctests; the examples are built), and clippy on every target. Installs the
# toolchain and clippy when missing. Artefacts in crates/bevy/target (a toolchain of its own
# shares nothing with the main target dir).
set -euo pipefail
cd "$(dirname "$0")"

toolchain=1.97.1
rustup toolchain install "$toolchain" --profile minimal --component clippy
cargo fmt --all -- --check
cargo "+$toolchain" test --release --workspace --locked
cargo "+$toolchain" clippy --release --workspace --all-targets --locked -- -D warnings
