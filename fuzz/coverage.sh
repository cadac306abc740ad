#!/usr/bin/env bash
# Source coverage of sat-core and sat-rapier reached by the fuzz targets' committed inputs: every
# target `cargo fuzz list` names runs its corpus (fuzz/corpus/<target>/) and its regressions
# (fuzz/regressions/<target>/) under `cargo fuzz coverage`, with branch coverage on; the profiles
# are merged into one and reported per file, lines and branches, by llvm-cov; each target's own
# lines and regions of the two crates are reported too.
#
#   fuzz/coverage.sh            # measure; rewrite the table in docs/fuzzing-coverage.md
#   fuzz/coverage.sh --check    # CI: measure; fail if sat-core's line coverage is more than one
#                               # point below the figure committed in docs/fuzzing-coverage.md,
#                               # or if an uncovered branch in the audited code is unexplained
#   fuzz/coverage.sh --print    # measure; print the table and the uncovered branches only
#   fuzz/coverage.sh --html     # also an HTML report in fuzz/coverage/html/ (open index.html)
#
# Needs nightly (`-Z coverage-options=branch`) and its llvm-tools (installed if missing).
# Builds (once) into fuzz/target/coverage/ (or $COVERAGE_TARGET_DIR); profiles and the merged
# report (merged.json) go to fuzz/coverage/. The coverage build has the flags of `cargo fuzz run`
# (optimised, debug assertions on) and no sanitizer. fuzz/coverage_report.py writes the tables
# and checks the uncovered branches of the audited files against the explanations kept in the
# document.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

mode=write
html=0
for arg in "$@"; do
    case $arg in
        --check) mode=check ;;
        --print) mode=print ;;
        --html) html=1 ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/!s/^# \{0,1\}//p}' "$0"; exit 0 ;;
        *) echo "unknown argument $arg (see $0 --help)" >&2; exit 2 ;;
    esac
done

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
if ! rustc +nightly --version >/dev/null 2>&1; then
    echo "fuzz/coverage.sh needs a nightly toolchain (rustup toolchain install nightly)" >&2
    exit 1
fi
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
llvm=$(rustc +nightly --print sysroot)/lib/rustlib/$host/bin
if [[ ! -x $llvm/llvm-cov || ! -x $llvm/llvm-profdata ]]; then
    rustup component add llvm-tools-preview --toolchain nightly
fi

mapfile -t targets < <(cargo fuzz list)
(( ${#targets[@]} )) || { echo "cargo fuzz list names no targets" >&2; exit 1; }
build=${COVERAGE_TARGET_DIR:-$repo/fuzz/target/coverage}
out=$repo/fuzz/coverage
objects=()
profiles=()
# Only sat-core's and sat-rapier's sources: not the dependencies, the standard library, the oracle
# or the targets. (sat-rapier's files are named through the flavour packages that compile them,
# crates/sat-rapier3d/../sat-rapier/src/…, so a source-path filter would miss them.)
ignore=(-ignore-filename-regex='/(\.cargo|\.rustup|rustc)/|/crates/sat-oracle/|/fuzz/')
mkdir -p "$out/logs"
start=$(date +%s)
for t in "${targets[@]}"; do
    dirs=("fuzz/corpus/$t")
    [[ -d fuzz/regressions/$t ]] && dirs+=("fuzz/regressions/$t")
    rm -rf "${out:?}/$t"
    echo "=== coverage: $t ($(find "${dirs[@]}" -type f | wc -l) inputs)"
    # The profile of every input; the inputs' own output (peer findings) goes to a log.
    if ! RUSTFLAGS="-Zcoverage-options=branch" cargo +nightly fuzz coverage --sanitizer none \
        --target-dir "$build" "$t" "${dirs[@]}" >"$out/logs/$t.log" 2>&1; then
        tail -n 30 "$out/logs/$t.log"
        echo "cargo fuzz coverage $t failed" >&2
        exit 1
    fi
    profiles+=("$out/$t/coverage.profdata")
    # This target alone: its lines and regions of the two crates (the per-target table).
    "$llvm/llvm-cov" export -format=text -skip-functions "${ignore[@]}" \
        -instr-profile="$out/$t/coverage.profdata" "$build/$host/release/$t" >"$out/$t/export.json"
    # (llvm-cov takes the first binary as its positional argument, the others with -object)
    objects+=(${objects[0]:+-object} "$build/$host/release/$t")
done
"$llvm/llvm-profdata" merge -sparse "${profiles[@]}" -o "$out/merged.profdata"
"$llvm/llvm-cov" export -format=text "${ignore[@]}" -instr-profile="$out/merged.profdata" \
    "${objects[@]}" >"$out/merged.json"
if (( html )); then
    "$llvm/llvm-cov" show -format=html -show-branches=count -output-dir="$out/html" \
        "${ignore[@]}" -instr-profile="$out/merged.profdata" "${objects[@]}"
    echo "HTML report: $out/html/index.html"
fi
echo "coverage of ${#targets[@]} targets measured in $(( $(date +%s) - start )) s"
python3 fuzz/coverage_report.py --mode "$mode" --repo "$repo" --doc docs/fuzzing-coverage.md \
    --targets "${targets[*]}" --per-target "$out" "$out/merged.json"
