#!/usr/bin/env bash
# Other engines, checked exactly: sets up MuJoCo, FCL, Coal, Bullet, Box2D v3 and Chipmunk in
# virtual environments, runs each query of each adapter in examples/engines/ through
# `obbsat check --engine "cmd:..."` on the corpus and on generated adversarial cases (and on the
# reduced inputs of examples/engines/findings.jsonl), the distance queries also with
# `obbsat check --query distance` (each answer against the exact distance, wrong beyond 64·ε·S),
# runs examples/engines/scale_sweep.py, prints
# the scoreboard (scripts/engines_table.py) as Markdown and writes it with the findings per engine
# into docs/engines.md (its generated blocks; the prose is kept) and a summary into
# docs/maintainers.md (the book's engine-maintainers chapter).
#
#   scripts/engines.sh                  # everything; 3-6 min on 2 shared cores (more with a fresh build)
#   ENGINES_CASES=2000 scripts/engines.sh   # fewer generated cases per dimension (default 20000)
#   scripts/engines.sh --smoke          # CI: FCL's collide and distance (verdicts and distances)
#                                       # on the corpus; fails unless every case gets an answer
#                                       # (skipped, not failed, if pip cannot install)
#
# Virtual environments (under target/, so git ignores them):
#   target/engines-venv        CPython 3.11 (`python3.11`, or `python3` if it is 3.11):
#                              examples/engines/requirements.txt
#   target/engines-venv-box2d  CPython 3.12 or 3.13 (`python3.13`, `python3.12`, or pyenv's):
#                              examples/engines/requirements-box2d.txt; without such an
#                              interpreter, Box2D's rows say so and the rest runs
# BOX2D_PYTHON=/path/to/python3.12 picks the interpreter for Box2D.
#
# Output in target/engines/: the generated cases, per row the check's JSON report
# (<row>.check.json), the same on findings.jsonl (<row>.findings.json), for a distance query the
# report of `--query distance` (<row>.distance.json), the adapter's counts and times
# (<row>.stats.json), scale-sweep.json, and report.md (the
# table, then each row's wrong verdicts outside the band grouped by kind of case with the worst
# input of each group, and its cases without a verdict by reason; see scripts/engines_table.py).
# A row whose adapter cannot start is reported in the table, never fatal.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/engines
cases=${ENGINES_CASES:-20000}
mkdir -p "$out"
command="scripts/engines.sh"
[ -z "${ENGINES_CASES:-}" ] || command="ENGINES_CASES=$cases $command"
if [ "${1:-}" != "--smoke" ]; then
    printf '{"epoch": %s, "load": "%s"}\n' "$(date +%s)" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" \
        > "$out/started.json"
fi

# One build for the whole run, copied out of the target directory so that other cargo commands in
# the same checkout neither hold a lock on every row nor swap the binary in the middle of the run.
cargo build --release -q
cp "${CARGO_TARGET_DIR:-target}/release/obbsat" "$out/obbsat"
obbsat() { "$out/obbsat" "$@"; }

# The first of the given interpreters that runs and is one of the given versions.
find_python() {
    local versions=$1
    shift
    for candidate in "$@"; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c "import sys; sys.exit('%d.%d' % sys.version_info[:2] not in '$versions'.split())" 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

# Creates (once) the virtual environment $1 with interpreter $2 and installs requirements $3.
make_venv() {
    local venv=$1 python=$2 requirements=$3
    [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
}

if [ "${1:-}" = "--smoke" ]; then
    python=$(find_python "3.11" python3.11 python3) || { echo "engines smoke: skipped (no CPython 3.11)"; exit 0; }
    venv=$out/smoke-venv
    if ! { [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"; } ||
        ! "$venv/bin/python" -m pip install -q --disable-pip-version-check \
            "$(grep '^python-fcl==' examples/engines/requirements.txt)"; then
        echo "engines smoke: skipped (pip could not install python-fcl)"
        exit 0
    fi
    rm -f "$out"/fcl-collide-corpus.* "$out"/fcl-distance-corpus.*
    for query in collide distance; do
        obbsat check corpus/*.jsonl --format json --fail-on never --engine \
            "cmd:$venv/bin/python examples/engines/fcl_adapter.py --query $query --stats $out/fcl-$query-corpus.stats.json" \
            > "$out/fcl-$query-corpus.check.json"
    done
    obbsat check corpus/*.jsonl --query distance --format json --fail-on never --engine \
        "cmd:$venv/bin/python examples/engines/fcl_adapter.py --query distance" \
        > "$out/fcl-distance-corpus.distance.json"
    python3 scripts/engines_table.py --require-every-verdict "$out/fcl-collide-corpus" \
        "$out/fcl-distance-corpus"
    exit 0
fi

main_python=$(find_python "3.11" python3.11 python3) ||
    { echo "engines.sh: needs CPython 3.11 (python3.11 or python3)" >&2; exit 2; }
make_venv target/engines-venv "$main_python" examples/engines/requirements.txt
py=target/engines-venv/bin/python

pyenv_pythons=()
if command -v pyenv >/dev/null 2>&1; then
    pyenv_pythons=("$(pyenv root)"/versions/3.1[23]*/bin/python3)
fi
box2d_py=""
if box2d_python=$(find_python "3.12 3.13" ${BOX2D_PYTHON:-} python3.13 python3.12 "${pyenv_pythons[@]}"); then
    make_venv target/engines-venv-box2d "$box2d_python" examples/engines/requirements-box2d.txt
    box2d_py=target/engines-venv-box2d/bin/python
fi

for dim in 2 3; do
    obbsat generate --dim "$dim" --cases "$cases" > "$out/generated-${dim}d.jsonl"
done

# One row: name, python, adapter, query, dimension, and "distance" for a query that answers
# distances (then also checked with --query distance).
row() {
    local name=$1 python=$2 adapter=$3 query=$4 dim=$5 distances=${6:-}
    rm -f "$out/$name.stats.json" "$out/$name.check.json" "$out/$name.findings.json" \
        "$out/$name.distance.json" "$out/$name.skipped"
    if [ -z "$python" ]; then
        echo "needs CPython 3.12 or 3.13 (box2d-python's wheels); none found" > "$out/$name.skipped"
        return
    fi
    echo "engines.sh: $name" >&2
    obbsat check corpus/*.jsonl "$out/generated-${dim}d.jsonl" --dim "$dim" --format json \
        --fail-on never --engine "cmd:$python examples/engines/$adapter --query $query --stats $out/$name.stats.json" \
        > "$out/$name.check.json" || echo "obbsat check exited $? for $name" > "$out/$name.skipped"
    obbsat check examples/engines/findings.jsonl --dim "$dim" --format json --fail-on never \
        --engine "cmd:$python examples/engines/$adapter --query $query" \
        > "$out/$name.findings.json" || rm -f "$out/$name.findings.json"
    if [ -n "$distances" ]; then
        obbsat check corpus/*.jsonl "$out/generated-${dim}d.jsonl" --dim "$dim" --query distance \
            --format json --fail-on never --engine "cmd:$python examples/engines/$adapter --query $query" \
            > "$out/$name.distance.json" || rm -f "$out/$name.distance.json"
    fi
}

rows=()
for spec in "mujoco collide" "mujoco distance distance" "fcl collide" "fcl distance distance" \
    "coal collide" "coal distance distance" "bullet contact" "bullet closest distance"; do
    set -- $spec
    for dim in 3 2; do
        row "$1-$2-${dim}d" "$py" "$1_adapter.py" "$2" "$dim" "${3:-}"
        rows+=("$1-$2-${dim}d")
    done
done
for spec in touching manifold-depth "distance distance"; do
    set -- $spec
    row "box2d-$1-2d" "$box2d_py" box2d_adapter.py "$1" 2 "${2:-}"
    rows+=("box2d-$1-2d")
done
for query in shapes-collide shape-query; do
    row "pymunk-$query-2d" "$py" pymunk_adapter.py "$query" 2
    rows+=("pymunk-$query-2d")
done

echo "engines.sh: scale sweep" >&2
"$py" examples/engines/scale_sweep.py --obbsat "$out/obbsat" --out "$out/scale-sweep.json" ||
    rm -f "$out/scale-sweep.json"

python3 scripts/engines_table.py --cases "$cases" --report "$out/report.md" \
    --doc docs/engines.md --readme docs/maintainers.md --sweep "$out/scale-sweep.json" \
    --started "$out/started.json" --command "$command" "${rows[@]/#/$out/}"
