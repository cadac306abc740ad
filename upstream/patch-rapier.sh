#!/usr/bin/env bash
# Copies rapier3d and rapier2d 0.36.1 from cargo's registry into target/rapier-patched/ and
# applies upstream/patches/*.patch to each (the two crates' src trees are generated from one
# source, so one series applies to both). upstream/bench/ points at the result with
# [patch.crates-io]; the main workspace never sees it.
#
#   upstream/patch-rapier.sh             # fresh patched copies in target/rapier-patched/
#   upstream/patch-rapier.sh --check     # only check that the series applies (rapier2d, rapier3d
#                                        # and their -f64 twins); writes nothing, a few seconds
#   upstream/patch-rapier.sh --test      # then rapier's own tests on each patched copy
#                                        # (`cargo test --release --lib --tests`, its own
#                                        # target dir target/rapier-patched/target)
#   upstream/patch-rapier.sh --trajectories
#                                        # then fingerprint every scene's trajectory on stock
#                                        # rapier (upstream/stock) and on the patched copies
#                                        # (upstream/bench), and compare
#   ... --with-not-kept                  # also apply upstream/patches/not-kept/ (the measured
#                                        # alternative; build upstream/bench with
#                                        # --features not-kept-broad-phase)
#
# The sources come from the registry cargo already filled for the main workspace (its
# Cargo.lock pins rapier 0.36.1); if they are missing, `cargo fetch` on the main workspace
# brings them.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
patches=("$root"/upstream/patches/*.patch)
version=0.36.1
check=false
test=false
trajectories=false
for arg in "$@"; do
    case "$arg" in
        --check) check=true ;;
        --test) test=true ;;
        --trajectories) trajectories=true ;;
        --with-not-kept) patches+=("$root"/upstream/patches/not-kept/*.patch) ;;
        *) echo "usage: $0 [--check | --test | --trajectories] [--with-not-kept]" >&2; exit 2 ;;
    esac
done

registry_source() {
    local crate="$1"
    local dir
    dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate-$version" 2>/dev/null | head -n 1)
    if [ -z "$dir" ]; then
        cargo fetch --manifest-path "$root/Cargo.toml" >&2
        dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate-$version" 2>/dev/null | head -n 1)
    fi
    if [ -z "$dir" ]; then
        echo "$crate $version is not in cargo's registry after fetching the main workspace: it no" \
            "longer uses rapier $version; rebase upstream/patches/ onto its rapier" >&2
        exit 1
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
        # Its own workspace, so that cargo run inside the copy does not take the main workspace
        # (whose directory holds target/) for its root.
        printf '\n[workspace]\n' >>"$dest/Cargo.toml"
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
    if $test; then
        log="$root/target/rapier-patched/$crate-tests.log"
        status=0
        (cd "$dest" && CARGO_TARGET_DIR="$root/target/rapier-patched/target" \
            cargo test --release --lib --tests --no-fail-fast) >"$log" 2>&1 || status=$?
        passed=$(grep -Eo '[0-9]+ passed' "$log" | awk '{s += $1} END {print s + 0}')
        failed=$(grep -Eo '[0-9]+ failed' "$log" | awk '{s += $1} END {print s + 0}')
        echo "$crate $version patched: $passed tests passed, $failed failed (log: $log)"
        if [ "$status" -ne 0 ]; then
            grep -E 'FAILED|panicked|^error' "$log" | head -n 20 >&2
            exit 1
        fi
    fi
done

if $trajectories; then
    steps=120
    out="$root/target/rapier-patched"
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/upstream}"
    cargo run --quiet --release --manifest-path "$root/upstream/stock/Cargo.toml" -- "$steps" \
        >"$out/trajectories-stock.txt"
    cargo run --quiet --release --manifest-path "$root/upstream/bench/Cargo.toml" \
        --bin trajectories -- "$steps" >"$out/trajectories-patched.txt"
    # The stock integrations first, line for line; then the setups that use the patches, each
    # against the fingerprint of the same scene with the same dispatcher and no hooks.
    stock_lines=$(wc -l <"$out/trajectories-stock.txt")
    if head -n "$stock_lines" "$out/trajectories-patched.txt" | cmp -s - "$out/trajectories-stock.txt"; then
        echo "stock integrations, $steps steps: trajectories identical on stock and patched rapier ($stock_lines scene × integration runs)"
    else
        echo "stock integrations: trajectories differ between stock and patched rapier:" >&2
        diff "$out/trajectories-stock.txt" <(head -n "$stock_lines" "$out/trajectories-patched.txt") >&2
        exit 1
    fi
    tail -n +"$((stock_lines + 1))" "$out/trajectories-patched.txt" | while IFS='|' read -r scene setup hash; do
        case "$setup" in *dispatcher*) reference=dispatcher ;; *) reference=default ;; esac
        expected=$(grep -F "$scene| $reference |" "$out/trajectories-stock.txt" | cut -d'|' -f3)
        if [ "$hash" = "$expected" ]; then same="="; else same="differs from"; fi
        echo "$scene|$setup: $same $reference"
    done
fi

