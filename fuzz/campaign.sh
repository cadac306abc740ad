#!/usr/bin/env bash
# Fuzzing campaigns: every target `cargo fuzz list` names (or the ones given) for a fixed time on
# every core, starting from the committed corpus and growing it, then minimising it; each run is
# a row of docs/fuzzing-campaigns.md.
#
#   fuzz/campaign.sh                            # every target, 600 s each, `nproc` jobs
#   fuzz/campaign.sh -t 3600 obb2 obb3          # an hour for each of obb2 and obb3
#   fuzz/campaign.sh -t 1800 -j 1 rapier3       # one job
#   fuzz/campaign.sh -n 100000000 obb2          # until 1e8 executions (with -t: whichever first)
#   fuzz/campaign.sh --asan -t 600 obb3         # nightly + AddressSanitizer (the README's first
#                                               # command) instead of stable without a sanitizer
#   CAMPAIGN_NICE=0 fuzz/campaign.sh ...        # not niced (default: nice 19, idle CPU only)
#   kill -USR1 <pid of campaign.sh>             # end the current target's run early (libFuzzer's
#                                               # graceful exit): its corpus is minimised and its
#                                               # row written as for a run that ran its course
#
# Per target:
#   1. `cargo fuzz run --sanitizer none <target> fuzz/corpus/<target> [fuzz/regressions/<target>]
#      -- -fork=<jobs> -max_total_time=<t> [-runs=<n>]`: the README's stable command (default flags: optimised,
#      debug assertions and overflow checks on) on `jobs` processes; new inputs go to
#      fuzz/corpus/<target>/, a finding to fuzz/artifacts/<target>/ (and stops that target).
#   2. Minimise the corpus: libFuzzer's `-merge=1` (what `cargo fuzz cmin` runs) into a directory
#      that starts with the named seeds (`seed-*`, written by the stable replay test), so the seeds
#      stay and every other input kept adds coverage; the result replaces fuzz/corpus/<target>/.
#   3. Coverage before and after (libFuzzer's `cov`: covered edges, `ft`: features) from a
#      `-runs=0` pass over the corpus, so "new coverage" is measured the same way both times.
#   4. A row in docs/fuzzing-campaigns.md: commit, build, jobs, time, executions, exec/s, edges and
#      features before -> after, corpus files and bytes before -> after, load average, findings.
#
# Exits 1 if any target had a finding (a crash: a violation of sat-core's or sat-rapier's
# guarantees; see sat_oracle::check). Minimise it with `cargo fuzz tmin <target> <artifact>` and
# commit it under fuzz/regressions/<target>/<what-it-is>. Peer (parry) findings do not stop a
# run; in fork mode they stay in the jobs' logs.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=
runs_limit=
jobs=$(nproc)
asan=0
targets=()
while (( $# )); do
    case $1 in
        -t) seconds=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        -n) runs_limit=$2; shift 2 ;;
        --asan) asan=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/!s/^# \{0,1\}//p}' "$0"; exit 0 ;;
        -*) echo "unknown option $1 (see $0 --help)" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
# -t alone or neither: a time limit (600 s); -n alone: no time limit.
seconds=${seconds:-${runs_limit:+0}}
seconds=${seconds:-600}
limits=(-max_total_time="$seconds")
[[ -n $runs_limit ]] && limits+=(-runs="$runs_limit")
renice -n "${CAMPAIGN_NICE:-19}" -p $$ >/dev/null

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
mapfile -t all < <(cargo fuzz list)
(( ${#targets[@]} )) || targets=("${all[@]}")
for t in "${targets[@]}"; do
    printf '%s\n' "${all[@]}" | grep -qx -- "$t" || { echo "no fuzz target $t" >&2; exit 2; }
done
# Its own build directory, so that another `cargo fuzz build` in this tree (CI's nightly build,
# .clusterfuzzlite/check-build.sh) cannot replace the binary under a running campaign.
if (( asan )); then
    fuzz=(cargo +nightly fuzz run --target-dir fuzz/target/campaign)
    build="nightly, ASan"
else
    fuzz=(cargo fuzz run --sanitizer none --target-dir fuzz/target/campaign)
    build="stable, no sanitizer"
fi

results=docs/fuzzing-campaigns.md
logs=fuzz/target/campaigns
mkdir -p "$logs"
failed=0

# USR1: the fuzzer processes of the current run (the fork parent and its jobs, descendants of
# this script running the target's binary) exit gracefully, keeping what they merged.
descendants() {
    local child
    for child in $(ps -o pid= --ppid "$1"); do
        echo "$child"
        descendants "$child"
    done
}
stop_run() {
    local pid
    for pid in $(descendants $$); do
        [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == */release/$t ]] && kill -USR1 "$pid"
    done
    return 0
}
trap stop_run USR1

# `corpus_stats <target> <dirs>...`: "edges features" after libFuzzer's pass over the dirs.
corpus_stats() {
    local target=$1
    shift
    local stats
    stats=$("${fuzz[@]}" "$target" "$@" -- -runs=0 2>&1 |
        sed -n 's/^#[0-9]*[[:space:]]*INITED cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p' | tail -n 1)
    echo "${stats:-? ?}"
}

# Files and bytes of a corpus directory.
corpus_size() {
    local files bytes
    files=$(find "$1" -type f | wc -l)
    bytes=$(find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
    echo "$files $bytes"
}

for t in "${targets[@]}"; do
    corpus=fuzz/corpus/$t
    mkdir -p "$corpus"
    dirs=("$corpus")
    [[ -d fuzz/regressions/$t ]] && dirs+=("fuzz/regressions/$t")
    log=$logs/$t-$(date -u +%Y%m%dT%H%M%S).log
    # The code fuzzed: the commit, `+` when crates/ or the targets differ from it.
    commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates fuzz/fuzz_targets || echo '+')
    read -r files0 bytes0 < <(corpus_size "$corpus")
    read -r cov0 ft0 < <(corpus_stats "$t" "${dirs[@]}")

    echo "=== $t: ${fuzz[*]} $t ${dirs[*]} -- -fork=$jobs ${limits[*]} (log: $log)"
    artifacts_before=$(find "fuzz/artifacts/$t" -type f 2>/dev/null | sort || true)
    start=$(date +%s)
    # In the background, so that USR1 (`stop_run`) is handled while it runs.
    "${fuzz[@]}" "$t" "${dirs[@]}" -- -fork="$jobs" "${limits[@]}" >"$log" 2>&1 &
    run=$!
    while :; do
        status=0
        wait "$run" || status=$?
        kill -0 "$run" 2>/dev/null || break # else `wait` returned for a signal
    done
    elapsed=$(( $(date +%s) - start ))
    load=$(cut -d ' ' -f 1-3 /proc/loadavg)
    runs=$(sed -n 's/^#\([0-9]*\): cov: .*/\1/p' "$log" | tail -n 1)
    runs=${runs:-0}

    finding=none
    if (( status != 0 )); then
        new=$(comm -13 <(echo "$artifacts_before") \
            <(find "fuzz/artifacts/$t" -type f 2>/dev/null | sort) | head -n 1)
        if [[ -n $new ]]; then
            finding="crash: \`$new\`"
            grep -m 3 -A 3 'panicked at' "$log" || tail -n 30 "$log"
            echo "$t: finding ($new); minimise it with cargo fuzz tmin $t $new" >&2
        else
            tail -n 30 "$log"
            echo "$t: the run failed without a finding (see $log)" >&2
            exit 1
        fi
        failed=1
    fi

    # Minimise: seeds first (kept whatever they cover), then whatever adds coverage.
    min=$(mktemp -d "$logs/cmin-$t.XXXXXX")
    find "$corpus" -maxdepth 1 -type f -name 'seed-*' -exec cp {} "$min/" \;
    "${fuzz[@]}" "$t" "$min" "$corpus" -- -merge=1 >"$log.cmin" 2>&1 ||
        { tail -n 20 "$log.cmin"; echo "$t: minimising the corpus failed" >&2; exit 1; }
    find "$corpus" -maxdepth 1 -type f -delete
    find "$min" -type f -exec mv -t "$corpus/" {} +
    rmdir "$min"
    read -r files1 bytes1 < <(corpus_size "$corpus")
    read -r cov1 ft1 < <(corpus_stats "$t" "${dirs[@]}")

    rate=$(( runs / (elapsed > 0 ? elapsed : 1) ))
    row="| $(date -u +%F) | \`$commit\` | \`$t\` | $build | $jobs | $elapsed s | $runs | $rate | $cov0 → $cov1 | $ft0 → $ft1 | $files0 → $files1 ($(( bytes0 / 1024 )) → $(( bytes1 / 1024 )) KiB) | $load | $finding |"
    echo "$row"
    echo "$row" >>"$results"
done
exit "$failed"
