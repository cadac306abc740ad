#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build, run by the base image's `compile` with $SRC, $OUT and the
# sanitizer settings in the environment (the image's cargo appends its coverage flags to what
# cargo-fuzz passes). Every target `cargo fuzz list` names goes to $OUT with its committed seeds
# and regressions as its seed corpus.
#
# `-O --debug-assertions` is the flag set of plain `cargo fuzz build` (the README's commands):
# optimised, with debug assertions and overflow checks, so the same checks run at scale; the
# fuzz checks catch a panic inside parry as a peer finding (see sat_oracle::peers). Checked by
# .clusterfuzzlite/check-build.sh in CI.
#
# With SANITIZER=coverage (ClusterFuzzLite's coverage mode, .github/workflows/cflite_cron.yml)
# the image's cargo wrapper turns every `cargo fuzz …` into an instrumented `cargo build --bins`
# copied to the same release directory, `cargo fuzz list` included: the targets are listed
# with the wrapper's hook off.
shopt -s nullglob
cd "$SRC/obbsat"
targets=$(SANITIZER=none cargo fuzz list)
cargo fuzz build -O --debug-assertions
release=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $targets; do
    cp "$release/$target" "$OUT/"
    seeds=(fuzz/corpus/"$target"/* fuzz/regressions/"$target"/*)
    rm -f "$OUT/${target}_seed_corpus.zip"
    if (( ${#seeds[@]} )); then
        zip -jq "$OUT/${target}_seed_corpus.zip" "${seeds[@]}"
    fi
done
