#!/usr/bin/env bash
# Copies rapier3d and rapier2d 0.36.1 from cargo's registry into target/rapier-patched/ and
# applies upstream/patches/*.patch to each (the two crates' src trees are generated from one
# source, so one series applies to both). upstream/bench/ points at the result with
# [patch.crates-io]; the main workspace never sees it.
#
#   upstream/patch-rapier.sh           # fresh patched copies in target/rapier-patched/
#   upstream/patch-rapier.sh --check   # only check that the series applies (rapier2d, rapier3d
#                                      # and their -f64 twins); writes nothing, takes a second
#
# The sources come from the registry cargo already filled for the main workspace (its
# Cargo.lock pins rapier 0.36.1); if they are missing, `cargo fetch` on the main workspace
# brings them.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patches=("$root"/upstream/patches/*.patch)
version=0.36.1
check=false
case "${1:-}" in
    --check) check=true ;;
    "") ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

registry_source() {
    local crate="$1"
    local dir
    dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate-$version" 2>/dev/null | head -n 1)
    if [ -z "$dir" ]; then
        cargo fetch --manifest-path "$root/Cargo.toml" >&2
        dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate-$version" | head -n 1)
    fi
    echo "$dir"
}

if $check; then
    crates=(rapier3d rapier2d rapier3d-f64 rapier2d-f64)
else
    crates=(rapier3d rapier2d)
fi

for crate in "${crates[@]}"; do
    source="$(registry_source "$crate")"
    if $check; then
        scratch="$(mktemp -d)"
        trap 'rm -rf "$scratch"' EXIT
        cp -r "$source/src" "$scratch/src"
        dest="$scratch"
    else
        dest="$root/target/rapier-patched/$crate-$version"
        rm -rf "$dest"
        mkdir -p "$(dirname "$dest")"
        cp -r "$source" "$dest"
        chmod -R u+w "$dest"
    fi
    for patch in "${patches[@]}"; do
        if ! patch --quiet --batch --forward -p1 -d "$dest" <"$patch"; then
            echo "$(basename "$patch") does not apply to $crate $version" >&2
            exit 1
        fi
    done
    if $check; then
        rm -rf "$scratch"
        trap - EXIT
        echo "$crate $version: ${#patches[@]} patches apply"
    else
        echo "$crate $version patched: $dest"
    fi
done
