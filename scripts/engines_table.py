#!/usr/bin/env python3
"""The scoreboard of scripts/engines.sh: one Markdown row per engine query and dimension, from the
files a row leaves in target/engines/ (<row>.check.json: `obbsat check --format json`;
<row>.stats.json: the adapter's --stats; <row>.skipped: why it did not run).

Columns: the engine and the query (the function called, and what counts as "intersect"), the
package version, the dimension, the cases, the wrong verdicts outside sat-core's band 48·ε·S
(split by what the engine said), the wrong verdicts at any margin, the cases without a verdict
(the engine raised, crashed, hung or refused), the worst |margin|/S of a wrong verdict, and the
microseconds per pair through the protocol (the adapter's wall time over its cases) with, in
brackets, those spent in the engine's calls (boxes built included).

  scripts/engines_table.py [--cases N] [--report FILE] ROW...
  scripts/engines_table.py --require-every-verdict ROW   # exit 1 unless every case has a verdict

ROW is a path without its suffix, named <adapter>-<query>-<dim>d (target/engines/fcl-collide-3d).
--report also writes, per row, its wrong verdicts outside the band grouped by the kind of case
(a generated case's id without its number, or a corpus file), by what sets the case apart (axis
columns off orthonormal, which the case format accepts up to 1e-6; centres farther than 48 S from
the origin, where f32 world coordinates alone move a box by more than the band; a zero
half-extent) and by the verdict, with its worst input as a case line, and its cases without a
verdict grouped by reason: the material of docs/findings.md.
"""

import argparse
import datetime
import json
import os
import platform
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

DIMENSIONS = {"3d": "3D", "2d": "2D"}
THREE_D_ENGINES = {"mujoco", "fcl", "coal", "bullet"}


def load(prefix):
    """(check report or None, stats or None, why it did not run or None) of one row."""

    def read_json(suffix):
        try:
            return json.loads(Path(prefix + suffix).read_text())
        except (OSError, ValueError):
            return None

    skipped = Path(prefix + ".skipped")
    reason = skipped.read_text().strip() if skipped.exists() else None
    return read_json(".check.json"), read_json(".stats.json"), reason


def dimension(name):
    adapter, dim = name.split("-")[0], name.rsplit("-", 1)[-1]
    label = DIMENSIONS.get(dim, dim)
    return label + " (prisms)" if dim == "2d" and adapter in THREE_D_ENGINES else label


def version(stats):
    if not stats:
        return "-"
    extra = "".join(f", {k} {v}" for k, v in stats["versions"].items())
    return f"{stats['package']} {stats['version']}{extra}"


def count(n):
    return f"{n:,}".replace(",", " ")


def row(prefix):
    """The table's cells for one row."""
    name = os.path.basename(prefix)
    check, stats, reason = load(prefix)
    engine_query = name.rsplit("-", 1)[0]
    if stats:
        engine = f"{stats['engine']} `{stats['query']}`: {stats['description']}"
    else:
        engine = f"`{engine_query}`"
    if not check or not check["engines"]:
        return [engine, version(stats), dimension(name),
                "did not run: " + (reason or "no report"), "", "", "", ""]
    e = check["engines"][0]
    outside = [w for w in e["wrong_cases"] if w["outside_band"]]
    says_intersect = sum(w["got"] for w in outside)
    worst = e["worst_margin_over_scale"]
    per_pair = "-"
    if stats and stats["cases"]:
        per_pair = (f"{stats['adapter_seconds'] / stats['cases'] * 1e6:.0f} "
                    f"({stats['judge_seconds'] / stats['cases'] * 1e6:.0f})")
    problem = f"; {e['problem']}" if e["problem"] else ""
    return [
        engine,
        version(stats),
        f"{dimension(name)}: {count(e['cases'])}",
        f"**{count(len(outside))}** ({count(says_intersect)} / {count(len(outside) - says_intersect)})",
        count(e["wrong"]),
        count(e["no_verdict"]) + problem,
        "-" if worst is None else f"{worst:.2g}",
        per_pair,
    ]


HEADERS = [
    "engine `query`: what is called, what counts as intersecting",
    "version",
    "cases",
    "wrong outside the band (says intersect / apart)",
    "wrong at any margin",
    "no verdict",
    "worst \\|margin\\|/S",
    "µs per pair (in the engine)",
]


def table(prefixes):
    lines = ["| " + " | ".join(HEADERS) + " |", "| --- | --- | --- |" + " ---: |" * 5]
    lines += ["| " + " | ".join(row(prefix)) + " |" for prefix in prefixes]
    return "\n".join(lines)


def kind(wrong):
    """A generated case's id without its number, or the corpus file."""
    case_id = json.loads(wrong["id"]) if wrong["id"] else ""
    if isinstance(case_id, str) and re.fullmatch(r"[23]d-[a-z-]+-\d+", case_id):
        return case_id.rsplit("-", 1)[0]
    return os.path.basename(wrong["file"])


def case_line(wrong):
    with open(wrong["file"]) as f:
        for number, line in enumerate(f, 1):
            if number == wrong["line"]:
                return line.strip()
    return ""


def leaning(case):
    """Whether a box's axis columns are off orthonormal by more than 1e-12 (the case format
    accepts 1e-6; the generator writes some at that edge)."""
    for box in (case["a"], case["b"]):
        columns = box.get("axes", [])
        for i, u in enumerate(columns):
            for j, v in enumerate(columns):
                if abs(sum(x * y for x, y in zip(u, v)) - (i == j)) > 1e-12:
                    return True
    return False


def tags(case, scale):
    """What sets a case apart: axis columns off orthonormal; centres so far from the origin that
    rounding them to f32 moves a box by more than the band (|c| > 48 S); a zero half-extent."""
    boxes = (case["a"], case["b"])
    out = []
    if leaning(case):
        out.append("axes off orthonormal")
    if max(abs(x) for box in boxes for x in box["center"]) > 48 * scale:
        out.append("|c| > 48 S")
    if any(e == 0 for box in boxes for e in box["half_extents"]):
        out.append("a zero half-extent")
    return ", ".join(out) or "plain"


def report(prefixes):
    """Per row: wrong verdicts outside the band by kind, with the worst input of each kind, and
    cases without a verdict by reason."""
    out = []
    for prefix in prefixes:
        check, stats, _ = load(prefix)
        if not check or not check["engines"]:
            continue
        e = check["engines"][0]
        out.append(f"## {os.path.basename(prefix)}\n")
        groups = defaultdict(list)
        for w in e["wrong_cases"]:
            if w["outside_band"]:
                case = json.loads(case_line(w))
                groups[(kind(w), tags(case, w["scale"]), w["got"])].append((w, case))
        for (k, tag, got), ws in sorted(groups.items(), key=lambda g: -len(g[1])):
            worst, case = max(ws, key=lambda wc: abs(wc[0]["exact_margin"]) / wc[0]["scale"])
            rel = abs(worst["exact_margin"]) / worst["scale"]
            out.append(f"* {len(ws)} × says {'intersect' if got else 'apart'} on {k} ({tag}); "
                       f"worst |margin|/S {rel:.3g} (margin "
                       f"{worst['exact_margin']:.3g}, S {worst['scale']:.3g}), "
                       f"{worst['file']}:{worst['line']}:\n  `{json.dumps(case)}`")
        reasons = Counter(re.sub(r"[-+]?\d[\d.e+-]*", "N", n["reason"]) for n in e["no_verdict_cases"])
        for reason, n in reasons.most_common():
            out.append(f"* no verdict × {n}: {reason}")
        out.append("")
    return "\n".join(out)


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+")
    parser.add_argument("--cases", type=int, help="generated cases per dimension (for the note)")
    parser.add_argument("--report", help="also write the table and each row's cases here")
    parser.add_argument("--require-every-verdict", action="store_true")
    args = parser.parse_args()
    text = table(args.rows)
    cases = f"the corpus and {args.cases} generated cases per dimension" if args.cases else "the corpus"
    note = f"`scripts/engines.sh` ({cases}), {datetime.date.today().isoformat()}, {machine()}"
    print(text)
    print(f"\n{note}")
    if args.report:
        Path(args.report).write_text(f"{text}\n\n{note}\n\n{report(args.rows)}")
    if args.require_every_verdict:
        for prefix in args.rows:
            check, _, reason = load(prefix)
            engines = check["engines"] if check else []
            if not engines or any(e["no_verdict"] or e["problem"] or not e["cases"] for e in engines):
                sys.exit(f"{prefix}: not every case got a verdict ({reason or 'see its report'})")


if __name__ == "__main__":
    main()
