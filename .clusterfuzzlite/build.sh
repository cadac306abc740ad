#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: the base image's cargo applies $SANITIZER and the coverage
# flags. Each target goes to $OUT with its committed seeds and regressions as its seed corpus.
shopt -s nullglob
cd "$SRC/obbsat"
cargo fuzz build -O
for target in obb2 obb3 near_parallel3 separation3; do
    cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
    zip -jq "$OUT/${target}_seed_corpus.zip" fuzz/corpus/"$target"/* fuzz/regressions/"$target"/*
done
