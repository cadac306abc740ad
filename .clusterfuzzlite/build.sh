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
shopt -s nullglob
cd "$SRC/obbsat"
cargo fuzz build -O --debug-assertions
release=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
    cp "$release/$target" "$OUT/"
    seeds=(fuzz/corpus/"$target"/* fuzz/regressions/"$target"/*)
    rm -f "$OUT/${target}_seed_corpus.zip"
    if (( ${#seeds[@]} )); then
        zip -jq "$OUT/${target}_seed_corpus.zip" "${seeds[@]}"
    fi
done
