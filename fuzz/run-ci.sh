#!/usr/bin/env bash
# CI fuzzing: every fuzz command the README's "Fuzzing" section shows, run the way a user runs it
# (cargo-fuzz's default flags: optimised, with debug assertions and overflow checks, in sat-core
# and in parry), on every target `cargo fuzz list` names. Fails on the first crash (a violation
# of sat-core's guarantees; see sat_oracle::check). A panic inside parry is a peer finding,
# caught, counted and printed, not a crash.
#
#   fuzz/run-ci.sh                      # 60 s per target (nightly + ASan), 20 s (stable), tmin
#   FUZZ_SECONDS=10 fuzz/run-ci.sh      # shorter
#
# What runs, in this order:
#   1. `cargo +nightly fuzz run <target>`                 (ASan; FUZZ_SECONDS each)
#   2. `cargo fuzz run <target> --sanitizer none`          (stable toolchain; FUZZ_SECONDS/3 each)
#   3. `cargo +nightly fuzz tmin obb3 <crash input>`      (a committed peer finding, made a crash
#                                                          by OBBSAT_STRICT_PEERS=1)
# The nightly build is the one .clusterfuzzlite/build.sh makes (`-O --debug-assertions` is the
# default's flag set), so .clusterfuzzlite/check-build.sh reuses fuzz/target after this.
#
# Installs cargo-fuzz if it is missing. Without a nightly toolchain only step 2 runs. New corpus
# entries go to a temporary directory, so the committed corpus is only read; crash inputs go to
# fuzz/artifacts/<target>/ (upload them), and are minimised with `cargo +nightly fuzz tmin
# <target> <input>` into fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
stable_seconds=$(( (seconds + 2) / 3 ))

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
mapfile -t targets < <(cargo fuzz list)
if (( ${#targets[@]} == 0 )); then
    echo "cargo fuzz list names no targets" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
summary=()

# Runs one target for a fixed time with the committed corpus and regressions as seeds:
# `run_target <label> <seconds> <target> cargo [+toolchain] fuzz` runs
# `cargo [+toolchain] fuzz run [$flags] <target> <corpora> -- <libFuzzer flags>`.
run_target() {
    local label=$1 time=$2 target=$3
    shift 3
    local corpora=("$work/$label-$target" "fuzz/corpus/$target")
    [[ -d "fuzz/regressions/$target" ]] && corpora+=("fuzz/regressions/$target")
    mkdir -p "$work/$label-$target"
    local log="$work/$label-$target.log"
    echo "=== $label: $* run ${flags[*]:+${flags[*]} }$target (${time} s)"
    if ! "$@" run "${flags[@]}" "$target" "${corpora[@]}" -- \
        -max_total_time="$time" -print_final_stats=1 >"$log" 2>&1; then
        # The panic (with the case as an obbsat JSON line) and how to reproduce it, without the
        # peer findings logged along the way (two lines each).
        awk '/^peer finding #/ { skip = 1; next } skip && /^  case:/ { skip = 0; next }
             { skip = 0; print }' "$log" >"$work/crash"
        grep -A 3 'panicked at' "$work/crash" || tail -n 40 "$work/crash"
        sed -n "/^Reproduce with:/,/^Minimize test case with:/{/^Minimize/!p}" "$work/crash"
        echo "fuzz target $target failed ($label); its input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    local runs rate wrong panics
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    wrong=$(grep -c '^peer finding #[0-9]*, new worst' "$log" || true)
    panics=$(grep -c '^peer finding #[0-9]* (panic)' "$log" || true)
    summary+=("$(printf '%-8s %-15s %10s runs %7s exec/s %4s new-worst peer findings, %s peer panic kinds' \
        "$label" "$target" "$runs" "$rate" "$wrong" "$panics")")
}

# 1. The README's first command: nightly, AddressSanitizer, default flags.
if cargo +nightly --version >/dev/null 2>&1; then
    nightly=(cargo +nightly fuzz)
    echo "fuzz: ${#targets[@]} targets (${targets[*]}) x ${seconds} s, ${nightly[*]} run"
    flags=()
    "${nightly[@]}" build
    for target in "${targets[@]}"; do
        run_target nightly "$seconds" "$target" "${nightly[@]}"
    done
else
    nightly=()
    echo "no nightly toolchain: skipping the README's \`cargo +nightly fuzz\` commands" >&2
fi

# 2. The README's stable command: the default toolchain (stable when rustup has it), no sanitizer.
if cargo +stable --version >/dev/null 2>&1; then
    stable=(cargo +stable fuzz)
else
    stable=(cargo fuzz)
fi
flags=(--sanitizer none)
"${stable[@]}" build "${flags[@]}"
for target in "${targets[@]}"; do
    run_target stable "$stable_seconds" "$target" "${stable[@]}"
done

# 3. The README's minimisation command, on a crash: a committed GJK finding is one under
# OBBSAT_STRICT_PEERS=1. tmin must reproduce it and leave a minimised input.
if (( ${#nightly[@]} )); then
    crash=fuzz/regressions/obb3/gjk-cubes-0.2mm-apart-duplicate-support
    echo "=== ${nightly[*]} tmin obb3 $crash (OBBSAT_STRICT_PEERS=1)"
    if ! OBBSAT_STRICT_PEERS=1 "${nightly[@]}" tmin obb3 "$crash" >"$work/tmin.log" 2>&1 ||
        ! grep -q 'CRASH_MIN: failed to minimize beyond' "$work/tmin.log"; then
        tail -n 30 "$work/tmin.log"
        echo "cargo fuzz tmin did not minimise a crash input" >&2
        exit 1
    fi
    summary+=("tmin     obb3            $(grep -o 'beyond [^ ]* ([0-9]* bytes)' "$work/tmin.log" | tail -n 1)")
fi
printf '%s\n' "${summary[@]}"
