#!/usr/bin/env bash
# Proves that .clusterfuzzlite/build.sh builds every fuzz target the way ClusterFuzzLite's (and
# OSS-Fuzz's) base image runs it: $SRC holds the checkout as `obbsat` (the Dockerfile's
# `COPY . $SRC/obbsat`; here a symlink, so fuzz/target is reused) and build.sh, $OUT is empty,
# the working directory is $SRC/obbsat, and `cargo` is nightly. Then checks that $OUT holds every
# target `cargo fuzz list` names, runnable, and its seed corpus zip with every committed seed and
# regression of that target.
#
#   .clusterfuzzlite/check-build.sh     # after fuzz/run-ci.sh, it rebuilds nothing
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/out" "$tmp/work"
ln -s "$repo" "$tmp/src/obbsat"
cp "$repo/.clusterfuzzlite/build.sh" "$tmp/src/build.sh"

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
# The base image's cargo is a nightly one; ASan needs nightly.
if cargo +nightly --version >/dev/null 2>&1; then
    export RUSTUP_TOOLCHAIN=nightly
fi
(
    cd "$tmp/src/obbsat"
    SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" SANITIZER=address FUZZING_ENGINE=libfuzzer \
        FUZZING_LANGUAGE=rust ARCHITECTURE=x86_64 bash -eu "$tmp/src/build.sh"
)

shopt -s nullglob
mapfile -t targets < <(cd "$repo" && cargo fuzz list)
(( ${#targets[@]} > 0 )) || { echo "cargo fuzz list names no targets" >&2; exit 1; }
failed=0
for target in "${targets[@]}"; do
    binary="$tmp/out/$target"
    zip="$tmp/out/${target}_seed_corpus.zip"
    committed=("$repo/fuzz/corpus/$target"/* "$repo/fuzz/regressions/$target"/*)
    expected=${#committed[@]}
    if [[ ! -x "$binary" ]]; then
        echo "missing from \$OUT: $target" >&2
        failed=1
        continue
    fi
    # Built for libFuzzer with AddressSanitizer, as the image's SANITIZER=address asks.
    symbols=$(nm "$binary" 2>/dev/null | grep -c -e ' LLVMFuzzerTestOneInput$' -e ' __asan_init$' || true)
    if (( symbols != 2 )); then
        echo "\$OUT/$target is not a libFuzzer target built with AddressSanitizer" >&2
        failed=1
    fi
    # A libFuzzer binary: runs each of its committed seeds once (given as files, so nothing is
    # written next to them) and exits 0.
    seeds=("$repo/fuzz/corpus/$target"/*)
    if ! "$binary" "${seeds[@]}" >"$tmp/$target.log" 2>&1; then
        tail -n 20 "$tmp/$target.log"
        echo "\$OUT/$target does not run its seeds" >&2
        failed=1
    fi
    zipped=0
    [[ -f "$zip" ]] && zipped=$(unzip -Z1 "$zip" | wc -l)
    if (( expected == 0 || zipped != expected )); then
        echo "\$OUT/${target}_seed_corpus.zip holds $zipped files, expected $expected" >&2
        failed=1
    fi
    echo "build.sh: \$OUT/$target, ${target}_seed_corpus.zip ($zipped seeds)"
done

# The workflows run the four ClusterFuzzLite modes on this build: code-change (pull requests),
# batch, prune and coverage (the last on a SANITIZER=coverage build, which the image's cargo
# wrapper makes; it cannot be run outside the image, so only its workflow is checked here).
workflows=$repo/.github/workflows
for mode in code-change batch prune coverage; do
    if ! grep -qE "^[[:space:]]*mode: '?$mode'?[[:space:]]*(#.*)?$" "$workflows"/cflite_*.yml; then
        echo "no ClusterFuzzLite workflow in .github/workflows runs mode: $mode" >&2
        failed=1
    fi
done
if ! grep -qE "^[[:space:]]*sanitizer: '?coverage'?" "$workflows"/cflite_cron.yml; then
    echo "cflite_cron.yml builds no coverage sanitizer for its coverage job" >&2
    failed=1
fi
exit "$failed"
