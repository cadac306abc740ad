#!/usr/bin/env python3
"""Regenerate the book's measured figures from the commands that produce them.

Each block of measured figures sits in a page of the book (docs/, see FILES below) between
`<!-- figures: NAME -->` and `<!-- end figures -->`. This script runs the block's command, prints
the block as Markdown, with the date, commit and machine under it, and with --write puts it back
into its page:

  main-job  (docs/cli.md) `cargo run --release` (default seed and size): every engine's verdicts against the
            exact oracle, sat-core's wrong verdicts per written form, and the run's time
  corpus    (docs/maintainers.md) `cargo run --release -- check corpus/*.jsonl --engine all --format md` (it exits 1
            because parry's engines fail on the corpus; the table is the point)
  corpus-distance
            (docs/maintainers.md) the same with `--query distance`: every distance engine against the corpus's exact
            distances (exits 1 too: parry's closest points fail)
  pairs     (docs/speed.md) `cargo bench --bench pairs` (5-10 minutes), then the ratios of scripts/bench_report.py;
            also redraws docs/bench.svg. --no-bench reads the last run's criterion results.

Usage: python3 scripts/readme_figures.py [--write] [--no-bench] [main-job] [corpus]
[corpus-distance] [pairs] (no name: all four); --help prints this and checks that every block is
where FILES says. Run it on an otherwise idle machine (timings move with the load) and on a
committed tree: the line under each block names the commit, and says when other files than the
pages it writes and docs/bench.svg had uncommitted changes.

The other measured figures of the book name their own commands beside them: the spread of the
pair ratios (`cargo bench --bench pairs -- spread`, docs/speed.md), the rapier scene tables
(`cargo bench --bench rapier_scenes`, docs/rapier.md) and the fuzzing runs (timed
`cargo fuzz run`s, docs/fuzzing.md).
"""

import datetime
import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
# Where each block lives: a page of the book.
FILES = {
    "main-job": "docs/cli.md",
    "corpus": "docs/maintainers.md",
    "corpus-distance": "docs/maintainers.md",
    "pairs": "docs/speed.md",
}
# What this script writes: changes to these do not make a measurement's tree "modified".
OUTPUTS = (*sorted(set(FILES.values())), "docs/bench.svg")
sys.path.insert(0, str(ROOT / "scripts"))
import bench_report  # noqa: E402  (same directory)

COMMANDS = {
    "main-job": "cargo run --release",
    "corpus": "cargo run --release -- check corpus/*.jsonl --engine all --format md",
    "corpus-distance": "cargo run --release -- check corpus/*.jsonl --query distance --engine all --format md",
    "pairs": "cargo bench --bench pairs",
}


def run(command: str, ok_codes=(0,)) -> str:
    """Runs a shell command in the repository; its stderr passes through (progress, cargo)."""
    done = subprocess.run(command, shell=True, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if done.returncode not in ok_codes:
        sys.exit(f"`{command}` exited {done.returncode}")
    return done.stdout


def cpu() -> str:
    """The processor's model name (Linux's /proc/cpuinfo), or what `platform` knows of it."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine(load: bool) -> str:
    where = f"{cpu()}, {os.cpu_count()} cores"
    if load and hasattr(os, "getloadavg"):
        where += f", load average {os.getloadavg()[0]:.1f} when the command started"
    return where


def state(load: bool) -> dict:
    """When, on what code and on what machine a command runs."""
    commit = run("git rev-parse --short HEAD").strip()
    changed = run("git status --porcelain --untracked-files=no").splitlines()
    dirty = [line for line in changed if line[3:] not in OUTPUTS]
    return {
        "date": datetime.date.today().isoformat(),
        "tree": f"commit {commit}" + (" with uncommitted changes" if dirty else ""),
        "rustc": run("rustc --version").split()[1],
        "machine": machine(load),
    }


def provenance(name: str, at: dict) -> str:
    return (
        f"*Printed by `python3 scripts/readme_figures.py {name}`, which runs "
        f"`{COMMANDS[name]}`: {at['date']}, {at['tree']}, rustc {at['rustc']}, {at['machine']}.*"
    )


def main_job() -> str:
    out = run(COMMANDS["main-job"])
    seconds = re.search(r"\(([\d.]+) s\)$", out.splitlines()[0]).group(1)
    engines = [
        "| engine | dim | same as sat-core | differs | wrong in band | wrong outside band | worst \\|m\\|/S | ns/pair |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    row = re.compile(r"^(sat-core f64|sat-core|certified|parry SAT|parry GJK|parry64 SAT|parry64 GJK)\s+(2D|3D)\s+(.*)$")
    for line in out.splitlines():
        m = row.match(line)
        if m and len(m.group(3).split()) == 6:
            engines.append("| " + " | ".join([m.group(1), m.group(2), *m.group(3).split()]) + " |")
    forms = {}
    form_row = re.compile(r"^(2D|3D) (f32|turns|leaning|digits)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)$")
    for line in out.splitlines():
        m = form_row.match(line)
        if m:
            forms.setdefault(m.group(2), []).append(m.groups()[2:])
    table = [
        "| written form | pairs (2D / 3D) | sat-core \"apart\" but intersecting | wrong outside the band | worst wrong `\\|margin\\|/(ε·S)` |",
        "| --- | --- | --- | --- | --- |",
    ]
    for form, (two, three) in forms.items():
        cells = [f"{a} / {b}" for a, b in zip(two, three)]
        table.append(f"| {form} | " + " | ".join(cells) + " |")
    summary = [line for line in out.splitlines() if re.match(r"^(2D|3D): sat-core wrong on", line)]
    return "\n".join(
        [*engines, "", *table, "", f"The run took {seconds} s. Its last lines:", ""]
        + [f"> {line}  " for line in summary]
    )


def corpus(name: str) -> str:
    out = run(COMMANDS[name], ok_codes=(0, 1))
    lines = out.splitlines()
    header = next(line for line in lines if "cases" in line and "·ε·S" in line)
    table = [line for line in lines if line.startswith("|")]
    return "\n".join([header, "", *table])


LABELS = {
    "3d_random": "3D random pairs (about half overlap)",
    "3d_near_parallel": "3D near-parallel, near-touching (1e-6..1e-2 rad, ±1e-4 gap)",
    "3d_random_f64": "3D random pairs given in f64 (first 512, centres with more digits than f32)",
    "2d_random": "2D random pairs",
    "2d_placement_10k": "2D placement: one footprint vs 10k placed ones (batch `overlaps2`)",
    "2d_placement_100k": "2D placement: one footprint vs 100k placed ones (batch `overlaps2`)",
    "3d_stream": "3D stream of 4096 independent pairs (batch `pair_overlaps3`)",
    "2d_stream": "2D stream of 4096 independent pairs (batch `pair_overlaps2`)",
}
ENGINES = {
    "sat-core": "sat-core `intersects`",
    "sat-core certified": "sat-core `intersects_certified`",
    "sat-core batch": "sat-core batch",
    "ericson": "Ericson's textbook test",
    "textbook": "textbook test",
    "parry sat": "parry SAT",
    "parry query": "parry `query::intersection_test`",
    "parry gjk": "parry GJK",
    "exact": "exact big-integer verdict",
}


BENCH_STATE = TARGET / "criterion" / "readme_figures.json"


# The project's first speed targets: (workload, engine, bound, what it says). A ratio target is
# met when the engine takes at least `bound` times sat-core's time (or at most, for `certified`);
# a batch target when sat-core's batch takes at most `bound` ns per pair.
TARGETS = [
    ("3d_random", "parry sat", 10.0, "3D random ≥ 10× parry SAT"),
    ("3d_random", "ericson", 1.5, "3D random ≥ 1.5× Ericson"),
    ("3d_near_parallel", "parry sat", 4.0, "near-parallel ≥ 4× parry SAT"),
    ("2d_random", "parry sat", 6.0, "2D ≥ 6× parry2d SAT"),
    ("3d_random", "sat-core certified", 1.2, "certified ≤ 1.2× on 3D random"),
    ("2d_placement_10k", "sat-core batch", 2.0, "batch ≤ 2 ns: 2D one against 10k"),
    ("2d_placement_100k", "sat-core batch", 2.0, "against 100k"),
    ("2d_stream", "sat-core batch", 2.0, "2D pair streams"),
    ("3d_stream", "sat-core batch", 2.0, "3D pair streams"),
]


def targets(results: dict) -> str:
    verdicts = []
    for workload, engine, bound, what in TARGETS:
        engines = results.get(workload, {})
        if engine not in engines:
            continue
        if engine == "sat-core batch":
            value, met = engines[engine], engines[engine] <= bound
            shown = f"{value:.2f} ns"
        else:
            value = engines[engine] / engines["sat-core"]
            met = value <= bound if engine == "sat-core certified" else value >= bound
            shown = f"{value:.2f}×"
        verdicts.append(f"{what}: {shown} — " + ("met" if met else "**not met**"))
    return "Against the project's first speed targets, this run: " + "; ".join(verdicts) + "."


def pairs(bench: bool) -> tuple:
    """The speed table, and the state of the run it comes from (saved beside criterion's
    results when this script runs the bench, read back with --no-bench)."""
    if bench:
        at = state(load=True)
        run(COMMANDS["pairs"])
        BENCH_STATE.write_text(json.dumps(at))
    elif BENCH_STATE.is_file():
        at = json.loads(BENCH_STATE.read_text())
    else:
        sys.exit(f"no {BENCH_STATE}: run without --no-bench")
    results = bench_report.collect(TARGET / "criterion")
    svg = ROOT / "docs" / "bench.svg"
    svg.write_text(bench_report.svg(results))
    lines = [
        "| workload | reference, ns per pair | the others, time relative to the reference (same run) |",
        "| --- | --- | --- |",
    ]
    for workload, engines in results.items():
        reference = bench_report.REFERENCE.get(workload, "sat-core")
        base = engines[reference]
        others = sorted((ns, e) for e, ns in engines.items() if e != reference)
        ratios = ", ".join(f"{ENGINES.get(e, e)} {ns / base:.2f}×" for ns, e in others)
        lines.append(f"| {LABELS.get(workload, workload)} | {ENGINES.get(reference, reference)}: **{base:.2f}** | {ratios} |")
    return "\n".join(lines) + "\n\n" + targets(results), at


def find(text: str, name: str) -> tuple:
    """Where block `name`'s body starts and stops in `text`, or None."""
    start, end = f"<!-- figures: {name} -->\n", "<!-- end figures -->"
    at = text.find(start)
    stop = text.find(end, at) if at >= 0 else -1
    return None if stop < 0 else (at + len(start), stop)


def write(text: str, name: str, block: str) -> str:
    found = find(text, name)
    if found is None:
        sys.exit(f"{FILES[name]} has no block `<!-- figures: {name} -->` … `<!-- end figures -->`")
    return text[: found[0]] + block + "\n" + text[found[1]:]


def check_blocks() -> bool:
    """Says where each block is, and whether it is there; True when every one is."""
    ok = True
    for name, path in FILES.items():
        found = find((ROOT / path).read_text(), name)
        ok = ok and found is not None
        print(f"  {name:16} {path}: " + ("found" if found else "MISSING"), file=sys.stderr)
    return ok


def main() -> None:
    args = sys.argv[1:]
    unknown = [a for a in args if a not in ("--write", "--no-bench", *COMMANDS)]
    if unknown:
        print(__doc__, file=sys.stderr)
        found = check_blocks()
        sys.exit(0 if found and unknown in (["--help"], ["-h"]) else 1)
    names = [a for a in args if a in COMMANDS] or list(COMMANDS)
    pages = {path: (ROOT / path).read_text() for path in sorted(set(FILES[n] for n in names))}
    for name in names:
        if name == "pairs":
            body, at = pairs(bench="--no-bench" not in args)
        else:
            at = state(load=True)
            body = main_job() if name == "main-job" else corpus(name)
        block = body + "\n\n" + provenance(name, at)
        print(f"<!-- figures: {name} -->\n{block}\n<!-- end figures -->\n")
        if "--write" in args:
            pages[FILES[name]] = write(pages[FILES[name]], name, block)
    if "--write" in args:
        for path, text in pages.items():
            (ROOT / path).write_text(text)
            print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
