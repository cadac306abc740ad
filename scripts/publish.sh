#!/usr/bin/env bash
# Packages (and with no flag, publishes) the library crates: sat-core and the four sat-rapier
# flavours, sat-rapier2d, sat-rapier3d, sat-rapier2d-f64 and sat-rapier3d-f64. `.ci/run` calls
# `bash scripts/publish.sh --dry-run`; any other `cargo publish` flag passes through.
#
# The flavours are thin packages over one source, `crates/sat-rapier/src` (their manifests say
# `[lib] path = "../sat-rapier/src/lib.rs"`), and `cargo package` leaves a library outside the
# package's folder behind. So, as parry and rapier publish theirs (their `publish.sh`), this works
# on a copy of the workspace (the files git tracks or would track, as they are in the working
# tree) in which each flavour holds the source in its own `src/` and points at it, and publishes
# from there: sat-core first, then the flavours against the packaged sat-core (cargo's temporary
# registry for unpublished workspace crates).
#
# Builds go to `$CARGO_TARGET_DIR` if set, else `target/publish` of this checkout (kept between
# runs: the packaged crates' dependencies compile once).
set -euo pipefail
cd "$(dirname "$0")/.."

flavours=(sat-rapier2d sat-rapier3d sat-rapier2d-f64 sat-rapier3d-f64)
target_dir=${CARGO_TARGET_DIR:-$PWD/target/publish}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

git ls-files -z --cached --others --exclude-standard | tar -c --null -T - | tar -x -C "$stage"
for flavour in "${flavours[@]}"; do
    cp -r crates/sat-rapier/src "$stage/crates/$flavour/src"
    sed -i 's#"\.\./sat-rapier/src/lib\.rs"#"src/lib.rs"#' "$stage/crates/$flavour/Cargo.toml"
done

# cargo treats the packaged crates as immutable registry crates and would reuse a previous run's
# debug build of them after sat-core changed (a flavour then fails against a stale sat-core):
# drop those builds first. The same holds for cargo's unpacked sources: the verification unpacks
# the packaged crates into the crates.io source cache (~/.cargo/registry/src) and reuses a
# previous run's unpacked sat-core of the same version, so a flavour that needs sat-core's newer
# items fails against it: drop those too.
packages=()
for package in sat-core "${flavours[@]}"; do
    packages+=(-p "$package")
    rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$package"-0.*
done
cd "$stage"
CARGO_TARGET_DIR=$target_dir cargo clean --profile dev "${packages[@]}"
CARGO_TARGET_DIR=$target_dir cargo publish "$@" "${packages[@]}"
