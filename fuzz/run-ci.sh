#!/usr/bin/env bash
# CI fuzzing: builds every fuzz target once, then runs each for a fixed time and fails on the
# first crash (a violation of sat-core's guarantees; see sat_oracle::check).
#
#   fuzz/run-ci.sh                      # 60 s per target: 4 targets, 4 minutes of fuzzing
#   FUZZ_SECONDS=10 fuzz/run-ci.sh      # shorter
#   FUZZ_SANITIZER=none fuzz/run-ci.sh  # nightly without ASan: about 10x the executions
#
# Installs cargo-fuzz if it is missing. Uses nightly with AddressSanitizer when `cargo +nightly`
# works, else stable with `--sanitizer none`. New corpus entries go to a temporary directory,
# so the committed corpus is only read; crash inputs go to fuzz/artifacts/<target>/ (upload them),
# and are minimised with `cargo fuzz tmin <target> <input>` into fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
targets=(obb2 obb3 near_parallel3 separation3)

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

if cargo +nightly --version >/dev/null 2>&1; then
    fuzz=(cargo +nightly fuzz)
    flags=(-O --sanitizer "${FUZZ_SANITIZER:-address}")
else
    echo "no nightly toolchain: building without a sanitizer (--sanitizer none)"
    fuzz=(cargo fuzz)
    flags=(-O --sanitizer none)
fi
echo "fuzz: ${fuzz[*]} ${flags[*]}, ${#targets[@]} targets x ${seconds} s"

"${fuzz[@]}" build "${flags[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
summary=()
for target in "${targets[@]}"; do
    corpora=("$work/$target" "fuzz/corpus/$target")
    [[ -d "fuzz/regressions/$target" ]] && corpora+=("fuzz/regressions/$target")
    mkdir -p "$work/$target"
    echo "=== $target: ${seconds} s"
    if ! "${fuzz[@]}" run "${flags[@]}" "$target" "${corpora[@]}" -- \
        -max_total_time="$seconds" -print_final_stats=1 >"$work/$target.log" 2>&1; then
        # The panic (with the case as an obbsat JSON line) and how to reproduce it, without the
        # peer findings logged along the way (two lines each).
        awk '/^peer finding #/ { skip = 1; next } skip && /^  case:/ { skip = 0; next }
             { skip = 0; print }' "$work/$target.log" >"$work/$target.crash"
        grep -A 3 'panicked at' "$work/$target.crash" || true
        sed -n "/^Reproduce with:/,/^Minimize test case with:/{/^Minimize/!p}" "$work/$target.crash"
        echo "fuzz target $target failed; its input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log")
    peers=$(grep -c '^peer finding' "$work/$target.log" || true)
    summary+=("$(printf '%-15s %10s runs %8s exec/s %4s new worst peer findings' \
        "$target" "$runs" "$rate" "$peers")")
done
printf '%s\n' "${summary[@]}"
