#!/usr/bin/env python3
"""The scoreboard of scripts/engines.sh: one Markdown row per engine query and dimension, from the
files a row leaves in target/engines/ (<row>.check.json: `obbsat check --format json` on the
corpus and the generated cases; <row>.findings.json: the same on examples/engines/findings.jsonl;
<row>.distance.json: for a query that answers distances, the same cases with `--query distance`;
<row>.stats.json: the adapter's --stats; <row>.skipped: why it did not run).

Columns: the engine and the query (the function called, and what counts as "intersect"), the
package version, the dimension, the cases, the wrong verdicts outside sat-core's band 48·ε·S
(split by what the engine said), the wrong verdicts at any margin, the cases without a verdict
(the engine raised, crashed, hung or refused), the worst |margin|/S of a wrong verdict, and the
microseconds per pair through the protocol (the adapter's wall time over its cases) with, in
brackets, those spent in the engine's calls (boxes built included); for the distance queries, the
distances off the exact one by more than 64·ε·S (split by sign: longer / shorter than exact) and
the worst |error|/S over every answer.

  scripts/engines_table.py [--cases N] [--report FILE] [--doc FILE] [--readme FILE]
                           [--sweep FILE] [--started FILE] ROW...
  scripts/engines_table.py --require-every-verdict ROW...   # exit 1 unless every case has a
                                                            # verdict (and a distance)

ROW is a path without its suffix, named <adapter>-<query>-<dim>d (target/engines/fcl-collide-3d).

--report writes the table and, per row, its wrong verdicts outside the band grouped by the kind
of case (a generated case's id without its number, or a corpus file), by what sets the case apart
(its regime: axis columns off orthonormal, which the case format accepts up to 1e-6; centres
farther than 48 S from the origin, where f32 world coordinates alone move a box by more than the
band; a zero half-extent) and by the verdict, with its worst input as a case line, and its cases
without a verdict grouped by reason; for a distance query the same for its wrong distances (by
kind, regime and sign of the error, the worst |error|/S of each).

--doc rewrites the generated blocks of docs/engines.md, each between `<!-- engines.sh: NAME -->`
and `<!-- /engines.sh: NAME -->` (the prose around them is written by hand and kept): `scoreboard`
(the command, date, machine, load, interpreters and the table), one block per engine (`mujoco`,
`fcl`, `coal`, `bullet`, `box2d`, `chipmunk`: per row, the wrong verdicts outside the band by
regime with the smallest input of each regime, the cases without a verdict, for a distance query
its distances beyond 64·ε·S by regime with the worst input of each as a case line (carrying the
exact `distance`), and the engine's
verdicts on its cases of examples/engines/findings.jsonl, those whose id starts with its block's
name) and `scale-sweep` (from --sweep, examples/engines/scale_sweep.py's JSON). --readme rewrites
the block `summary` of the given page (docs/maintainers.md): one line per engine query (distances included). A block missing
from a file is an
error, so a new engine needs its section first.
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

from readme_figures import cpu

DIMENSIONS = {"3d": "3D", "2d": "2D"}
THREE_D_ENGINES = {"mujoco", "fcl", "coal", "bullet"}
# Adapter name (the rows' prefix) -> (block of docs/engines.md, engine as named in prose).
ENGINES = {"mujoco": ("mujoco", "MuJoCo"), "fcl": ("fcl", "FCL"), "coal": ("coal", "Coal"),
           "bullet": ("bullet", "Bullet"), "box2d": ("box2d", "Box2D"),
           "pymunk": ("chipmunk", "Chipmunk")}
BAND = 48 * 2.0**-23
DISTANCE_BAND = "64·ε·S"
FINDINGS = "examples/engines/findings.jsonl"


def read_json(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def load(prefix):
    """(check report or None, stats or None, why it did not run or None) of one row."""
    skipped = Path(prefix + ".skipped")
    reason = skipped.read_text().strip() if skipped.exists() else None
    return read_json(prefix + ".check.json"), read_json(prefix + ".stats.json"), reason


def load_distances(prefix):
    """The engine report of a row's `--query distance` check, or None (not a distance query, or
    it did not run)."""
    check = read_json(prefix + ".distance.json")
    return check["engines"][0] if check and check["engines"] else None


def worst_error(e):
    """"W (G)": the worst |error|/S of a distance report over every answer (W), and over the
    generated cases alone (G; the corpus has pairs of points 1e-24 apart, where any absolute
    tolerance is all of S): a wrong one's, or "≤ 7.6e-6" when none of them is wrong."""
    if e["worst_margin_over_scale"] is None:
        return "-"
    generated = [abs(w["error"]) / w["scale"] for w in e["wrong_cases"]
                 if not w["file"].startswith("corpus/")]
    return (f"{e['worst_margin_over_scale']:.2g} "
            f"({f'{max(generated):.2g}' if generated else '≤ 7.6e-6'})")


def distance_cells(e):
    """(distances beyond 64·ε·S (longer / shorter), worst |error|/S) of a distance report."""
    if e is None:
        return "—", "—"
    longer = sum(w["error"] > 0 for w in e["wrong_cases"])
    problem = f"; {e['problem']}" if e["problem"] else ""
    no_answer = f" (+{count(e['no_verdict'])} no answer)" if e["no_verdict"] else ""
    return (f"**{count(e['wrong'])}** ({count(longer)} / {count(e['wrong'] - longer)})"
            f"{no_answer}{problem}", worst_error(e))


def parts(prefix):
    """(adapter, query, dim) of a row: fcl-collide-3d -> ("fcl", "collide", "3d")."""
    name = os.path.basename(prefix)
    adapter, rest = name.split("-", 1)
    query, dim = rest.rsplit("-", 1)
    return adapter, query, dim


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


def per_pair(stats):
    if not stats or not stats["cases"]:
        return "-"
    return (f"{stats['adapter_seconds'] / stats['cases'] * 1e6:.0f} "
            f"({stats['judge_seconds'] / stats['cases'] * 1e6:.0f})")


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
                "did not run: " + (reason or "no report"), "", "", "", "", "", ""]
    e = check["engines"][0]
    outside = [w for w in e["wrong_cases"] if w["outside_band"]]
    says_intersect = sum(w["got"] for w in outside)
    worst = e["worst_margin_over_scale"]
    problem = f"; {e['problem']}" if e["problem"] else ""
    return [
        engine,
        version(stats),
        f"{dimension(name)}: {count(e['cases'])}",
        f"**{count(len(outside))}** ({count(says_intersect)} / {count(len(outside) - says_intersect)})",
        count(e["wrong"]),
        count(e["no_verdict"]) + problem,
        "-" if worst is None else f"{worst:.2g}",
        *distance_cells(load_distances(prefix)),
        per_pair(stats),
    ]


HEADERS = [
    "engine `query`: what is called, what counts as intersecting",
    "version",
    "cases",
    "wrong outside the band (says intersect / apart)",
    "wrong at any margin",
    "no verdict",
    "worst \\|margin\\|/S",
    f"distances beyond {DISTANCE_BAND} (longer / shorter)",
    "worst \\|error\\|/S of a distance (generated cases)",
    "µs per pair (in the engine)",
]


def table(prefixes):
    lines = ["| " + " | ".join(HEADERS) + " |", "| --- | --- | --- |" + " ---: |" * 7]
    lines += ["| " + " | ".join(row(prefix)) + " |" for prefix in prefixes]
    return "\n".join(lines)


def kind(wrong):
    """A generated case's id without its number, or the corpus file."""
    case_id = json.loads(wrong["id"]) if wrong["id"] else ""
    if isinstance(case_id, str) and re.fullmatch(r"[23]d-[a-z-]+-\d+", case_id):
        return case_id.rsplit("-", 1)[0]
    return os.path.basename(wrong["file"])


_LINES = {}


def case_line(wrong):
    """The case line a wrong (or unanswered) case of a check report points at."""
    path = wrong["file"]
    if path not in _LINES:
        with open(path) as f:
            _LINES[path] = f.read().splitlines()
    lines = _LINES[path]
    return lines[wrong["line"] - 1].strip() if 0 < wrong["line"] <= len(lines) else ""


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


def no_verdict_reasons(e):
    """(reason, cases, of them overlapping, of those outside the band) per reason."""
    groups = defaultdict(list)
    for n in e["no_verdict_cases"]:
        groups[re.sub(r"[-+]?\d[\d.e+-]*", "N", n["reason"])].append(n)
    out = []
    for reason, ns in sorted(groups.items(), key=lambda g: -len(g[1])):
        overlapping = outside = 0
        for n in ns:
            line = case_line(n)
            case = json.loads(line) if line else {}
            if case.get("expect"):
                overlapping += 1
                scale = case.get("scale")
                outside += bool(scale) and abs(case.get("exact_margin", 0.0)) / scale > BAND
        out.append((reason, len(ns), overlapping, outside))
    return out


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
        for reason, n, overlapping, outside in no_verdict_reasons(e):
            out.append(f"* no verdict × {n}: {reason} ({overlapping} of them on boxes that "
                       f"intersect, {outside} of those outside the band)")
        d = load_distances(prefix)
        if d:
            out.append(f"* distances (`--query distance`, {d['cases']} cases): {d['wrong']} beyond "
                       f"{DISTANCE_BAND}, worst |error|/S {d['worst_margin_over_scale']:.3g}")
            groups = defaultdict(list)
            for w in d["wrong_cases"]:
                case = json.loads(case_line(w))
                groups[(kind(w), tags(case, w["scale"]), error_kind(w))].append((w, case))
            for (k, tag, how), ws in sorted(groups.items(), key=lambda g: -len(g[1])):
                worst, case = max(ws, key=lambda wc: abs(wc[0]["error"]) / wc[0]["scale"])
                out.append(f"  * {len(ws)} × {how} on {k} ({tag}); worst |error|/S "
                           f"{abs(worst['error']) / worst['scale']:.3g} (exact {worst['expected']:.6g}, "
                           f"got {worst['got']:.6g}, S {worst['scale']:.3g}), "
                           f"{worst['file']}:{worst['line']}:\n    `{json.dumps(case)}`")
            for reason, n, _, _ in no_verdict_reasons(d):
                out.append(f"  * no distance × {n}: {reason}")
        out.append("")
    return "\n".join(out)


# docs/engines.md


def short_case(case):
    """A case line as the doc shows it: id, dim, boxes and the exact oracle's numbers."""
    keep = ("id", "dim", "a", "b", "expect", "exact_margin", "distance", "scale")
    return json.dumps({k: case[k] for k in keep if k in case})


def error_kind(wrong):
    """How a wrong distance is wrong: 0 for boxes apart, positive for boxes that intersect, or
    longer / shorter than the exact distance."""
    if wrong["expected"] == 0:
        return "> 0 for boxes that intersect"
    if wrong["got"] == 0:
        return "0 for boxes apart"
    return "longer" if wrong["error"] > 0 else "shorter"


def distance_block(d, title):
    """Markdown of one row's `--query distance` report: a head line, the wrong distances by
    (how, regime) with the worst input of each as a case line carrying the exact distance."""
    longer = sum(w["error"] > 0 for w in d["wrong_cases"])
    out = [f"**{title}, distances** ({count(d['cases'])} cases, `--query distance`): "
           f"{count(d['wrong'])} beyond {DISTANCE_BAND} (longer than exact: {count(longer)}, "
           f"shorter: {count(d['wrong'] - longer)}); worst \\|error\\|/S over every answer "
           f"(over the generated cases alone) {worst_error(d)}.", ""]
    groups = defaultdict(list)
    for w in d["wrong_cases"]:
        case = json.loads(case_line(w))
        groups[error_kind(w)].append((w, case))
    if groups:
        out += ["| distance | cases | regimes (a case may have several) | kinds of case | worst \\|error\\|/S | S | "
                "worst input: exact, engine's |",
                "| --- | ---: | --- | --- | ---: | --- | --- |"]
        worst_lines = []
        for how, ws in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
            w, case = max(ws, key=lambda wc: (abs(wc[0]["error"]) / wc[0]["scale"], -wc[0]["line"]))
            scales = [x["scale"] for x, _ in ws]
            size = f"{min(scales):.2g}" if min(scales) == max(scales) else \
                f"{min(scales):.2g} to {max(scales):.2g}"
            regimes_ = Counter(tag for x, c in ws for tag in tags(c, x["scale"]).split(", "))
            kinds = Counter(kind(x) for x, _ in ws)
            case_id = case.get("id", f"{os.path.basename(w['file'])}:{w['line']}")
            regimes_text = "; ".join(f"{r} {n}" for r, n in regimes_.most_common())
            out.append(f"| {how} | {count(len(ws))} | {regimes_text.replace('|', chr(92) + '|')} | "
                       f"{', '.join(f'{k} {n}' for k, n in kinds.most_common())} | "
                       f"{abs(w['error']) / w['scale']:.2g} | {size} | "
                       f"`{case_id}`: {w['expected']:.6g}, {w['got']:.6g} |")
            worst_lines.append(short_case({**case, "distance": w["expected"]}))
        out += ["", "<details><summary>The worst input of each (case lines with the exact "
                "distance)</summary>", "", "```json"] + worst_lines + ["```", "", "</details>", ""]
    for why, n, _, _ in no_verdict_reasons(d):
        out += [f"No distance on {count(n)} cases: {why}.", ""]
    return out


def boxes_length(case):
    """How long a case is written (its boxes alone): the 'smallest' input of a regime."""
    return len(json.dumps([case["a"], case["b"]]))


def says(got):
    return "intersect" if got else "apart"


def regimes(e):
    """Markdown of one row's wrong verdicts outside the band by (verdict, regime)."""
    groups = defaultdict(list)
    for w in e["wrong_cases"]:
        if w["outside_band"]:
            case = json.loads(case_line(w))
            groups[(w["got"], tags(case, w["scale"]))].append((w, case))
    if not groups:
        return [], []
    lines = ["| says | regime | cases | kinds of case | worst \\|margin\\|/S | S | smallest input |",
             "| --- | --- | ---: | --- | ---: | --- | --- |"]
    smallest_lines = []
    for (got, tag), ws in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
        worst = max(abs(w["exact_margin"]) / w["scale"] for w, _ in ws)
        scales = [w["scale"] for w, _ in ws]
        kinds = Counter(kind(w) for w, _ in ws)
        kinds_text = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
        small_w, small = min(ws, key=lambda wc: (boxes_length(wc[1]), wc[0]["line"]))
        small_id = small.get("id", f"{os.path.basename(small_w['file'])}:{small_w['line']}")
        size = f"{min(scales):.2g}" if min(scales) == max(scales) else \
            f"{min(scales):.2g} to {max(scales):.2g}"
        lines.append(f"| {says(got)} | {tag.replace('|', chr(92) + '|')} | {count(len(ws))} | "
                     f"{kinds_text} | {worst:.2g} | "
                     f"{size} | `{small_id}` |")
        smallest_lines.append(short_case(small))
    return lines, smallest_lines


def findings_verdicts(block, prefixes):
    """Markdown table of the engine's cases of findings.jsonl against each of its rows."""
    try:
        cases = [json.loads(line) for line in Path(FINDINGS).read_text().splitlines() if line.strip()]
    except OSError:
        return []
    mine = [c for c in cases if str(c.get("id", "")).startswith(block + "-")]
    if not mine:
        return []
    columns = []
    dims = {f"{c['dim']}d" for c in mine}
    for prefix in prefixes:
        _, query, dim = parts(prefix)
        if dim not in dims:
            continue
        report_ = read_json(prefix + ".findings.json")
        e = report_["engines"][0] if report_ and report_["engines"] else None
        columns.append((f"`{query}` {DIMENSIONS.get(dim, dim)}", dim, e))
    lines = ["| case | what | exact | " + " | ".join(c[0] for c in columns) + " |",
             "| --- | --- | --- |" + " --- |" * len(columns)]
    for case in mine:
        cells = []
        for _, dim, e in columns:
            if f"{case['dim']}d" != dim:  # a 2D case in a 3D column
                cells.append("")
            elif e is None:
                cells.append("-")
            elif any(json.loads(w["id"]) == case["id"] for w in e["wrong_cases"]):
                cells.append(f"**{says(not case['expect'])}** (wrong)")
            elif any(json.loads(n["id"]) == case["id"] for n in e["no_verdict_cases"]):
                cells.append("no verdict")
            else:
                cells.append(f"{says(case['expect'])} (right)")
        exact = f"{says(case['expect'])}, \\|margin\\|/S {abs(case['exact_margin']) / case['scale']:.2g}"
        lines.append(f"| `{case['id']}` | {case.get('note', '')} | {exact} | " + " | ".join(cells) + " |")
    return lines


def engine_block(block, prefixes):
    """The generated findings of one engine: per row, regimes and no-verdict reasons; then the
    engine's cases of findings.jsonl."""
    out = []
    for prefix in prefixes:
        adapter, query, dim = parts(prefix)
        check, stats, reason = load(prefix)
        title = f"`{query}`, {dimension(os.path.basename(prefix))}"
        if not check or not check["engines"]:
            out += [f"**{title}**: did not run ({reason or 'no report'}).", ""]
            continue
        e = check["engines"][0]
        outside = [w for w in e["wrong_cases"] if w["outside_band"]]
        n_intersect = sum(w["got"] for w in outside)
        head = (f"**{title}** ({count(e['cases'])} cases): {count(len(outside))} wrong outside the "
                f"band (said intersect: {count(n_intersect)}, apart: "
                f"{count(len(outside) - n_intersect)}), {count(e['wrong'] - len(outside))} inside it")
        corpus_in_band = [json.loads(w["id"]) for w in e["wrong_cases"]
                          if not w["outside_band"] and w["file"].startswith("corpus/")]
        if corpus_in_band and len(corpus_in_band) <= 6:
            head += " (on the corpus: " + ", ".join(f"`{i}`" for i in corpus_in_band) + ")"
        elif corpus_in_band:
            head += f" ({len(corpus_in_band)} of them on the corpus)"
        out += [head + ".", ""]
        lines, smallest = regimes(e)
        if lines:
            out += lines + [""]
            out += ["<details><summary>The smallest input of each regime (case lines)</summary>",
                    "", "```json"] + smallest + ["```", "", "</details>", ""]
        for why, n, overlapping, outside_band in no_verdict_reasons(e):
            out += [f"No verdict on {count(n)} cases: {why} ({count(n - overlapping)} on boxes "
                    f"apart, {count(overlapping)} on boxes that intersect, {count(outside_band)} "
                    f"of those outside the band).", ""]
        d = load_distances(prefix)
        if d:
            out += distance_block(d, title)
    verdicts = findings_verdicts(block, prefixes)
    if verdicts:
        out += [f"Its cases of `{FINDINGS}` (each an input above, reduced by hand where it "
                "could be), checked by the same run:", ""] + verdicts + [""]
    return "\n".join(out).rstrip() + "\n"


def sweep_block(path):
    sweep = read_json(path) if path else None
    if not sweep:
        return "(no scale sweep in this run)\n"
    scales = [entry["scale"] for entry in sweep["scales"]]
    lines = ["| engine `query` | " + " | ".join(f"×{k:g}" for k in scales) + " |",
             "| --- |" + " ---: |" * len(scales)]
    for name, (engine, query) in sweep["rows"].items():
        cells = []
        for entry in sweep["scales"]:
            r = entry["rows"][name]
            wrong = r["says_intersect"] + r["says_apart"]
            cell = f"**{wrong}**" if wrong else "0"
            if r["says_intersect"] and r["says_apart"]:
                cell += f" ({r['says_intersect']} / {r['says_apart']})"
            elif wrong:
                cell += " (intersect)" if r["says_intersect"] else " (apart)"
            if r["no_verdict"]:
                cell += f", {r['no_verdict']} no verdict"
            cells.append(cell)
        lines.append(f"| {engine} `{query}` | " + " | ".join(cells) + " |")
    overlapping = sorted({entry["overlapping"] for entry in sweep["scales"]})
    lines += ["", f"{count(sweep['pairs'])} pairs (seed {sweep['seed']}), "
              f"{'/'.join(count(o) for o in overlapping)} of them intersecting at every scale; "
              "a cell is the wrong verdicts outside the band (what the engine said). "
              f"{sweep['seconds']:.0f} s for the whole sweep."]
    return "\n".join(lines) + "\n"


def merged(reports):
    """The distance reports of a query's rows as one, for its worst |error|/S."""
    return {"worst_margin_over_scale": max(d["worst_margin_over_scale"] for d in reports),
            "wrong_cases": [w for d in reports for w in d["wrong_cases"]]}


def summary_block(prefixes):
    """The summary table (docs/maintainers.md): one line per engine query, 3D and 2D side by side; for the distance
    queries also the distances beyond 64·ε·S (3D, 2D) and the worst |error|/S."""
    by_query = defaultdict(dict)
    order = []
    for prefix in prefixes:
        adapter, query, dim = parts(prefix)
        if (adapter, query) not in by_query:
            order.append((adapter, query))
        by_query[(adapter, query)][dim] = prefix
    lines = ["| engine `query` | version | wrong outside the band, 3D | 2D (prisms for 3D engines) "
             f"| worst \\|margin\\|/S | distances beyond {DISTANCE_BAND}, 3D, 2D "
             "| worst \\|error\\|/S (generated cases) | µs per pair |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for adapter, query in order:
        cells, worst, times, stats_any = [], [], [], None
        distances, worst_distance = [], []
        for dim in ("3d", "2d"):
            prefix = by_query[(adapter, query)].get(dim)
            check, stats, _ = load(prefix) if prefix else (None, None, None)
            stats_any = stats_any or stats
            d = load_distances(prefix) if prefix else None
            distances.append("—" if d is None else count(d["wrong"]) + (
                f" (+{count(d['no_verdict'])} no answer)" if d["no_verdict"] else ""))
            if d and d["worst_margin_over_scale"] is not None:
                worst_distance.append(d)
            if not prefix:
                cells.append("—")
            elif not check or not check["engines"]:
                cells.append("did not run")
            else:
                e = check["engines"][0]
                cells.append(count(e["wrong_outside_band"]) +
                             (f" (+{count(e['no_verdict'])} no verdict)" if e["no_verdict"] else ""))
                if e["worst_margin_over_scale"] is not None:
                    worst.append(e["worst_margin_over_scale"])
                if stats and stats["cases"]:
                    times.append(f"{stats['adapter_seconds'] / stats['cases'] * 1e6:.0f}")
        engine = ENGINES.get(adapter, (adapter, adapter))[1]
        lines.append(f"| {engine} `{query}` | {version(stats_any)} | {cells[0]} | {cells[1]} | "
                     f"{f'{max(worst):.2g}' if worst else '-'} | "
                     f"{'—' if distances == ['—', '—'] else ', '.join(distances)} | "
                     f"{worst_error(merged(worst_distance)) if worst_distance else '—'} | "
                     f"{', '.join(times) or '-'} |")
    return "\n".join(lines) + "\n"


def replace_blocks(path, blocks):
    """Rewrites each `<!-- engines.sh: NAME -->` ... `<!-- /engines.sh: NAME -->` of the file."""
    text = Path(path).read_text()
    missing = []
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- engines\.sh: {re.escape(name)} -->\n).*?"
                             rf"(<!-- /engines\.sh: {re.escape(name)} -->)", re.S)
        if not pattern.search(text):
            missing.append(name)
            continue
        text = pattern.sub(lambda m: m.group(1) + body + m.group(2), text, count=1)
    if missing:
        sys.exit(f"{path}: no generated block for {', '.join(missing)} "
                 "(add `<!-- engines.sh: NAME -->` and `<!-- /engines.sh: NAME -->`)")
    Path(path).write_text(text)


def machine():
    return f"{cpu()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def load_average():
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def run_note(args, prefixes):
    """Command, dates, machine, load and interpreters of the run, for the doc."""
    started = read_json(args.started) if args.started else None
    now = datetime.datetime.now().astimezone()
    when = now.strftime("%Y-%m-%d %H:%M %Z")
    if started:
        begin = datetime.datetime.fromtimestamp(started["epoch"]).astimezone()
        when = (f"{begin.strftime('%Y-%m-%d %H:%M')} to {now.strftime('%H:%M %Z')} "
                f"({(now - begin).total_seconds() / 60:.0f} min, the build and installs included)")
    pythons = sorted({s["python"] for s in (load(p)[1] for p in prefixes) if s and "python" in s})
    cases = (f"the corpus and {count(args.cases)} generated cases per dimension (`obbsat generate`, "
             "default seed)") if args.cases else "the corpus"
    load_text = f"load average {started['load']} at the start, {load_average()} at the end" \
        if started else f"load average {load_average()} at the end"
    return (f"`{args.command}` on {cases}, {when}; {machine()}; {load_text} (the cores are shared "
            f"with other work, so times move by tens of percent); CPython "
            f"{', '.join(pythons) or 'unknown'}.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+")
    parser.add_argument("--cases", type=int, help="generated cases per dimension (for the note)")
    parser.add_argument("--report", help="also write the table and each row's cases here")
    parser.add_argument("--doc", help="rewrite the generated blocks of this file (docs/engines.md)")
    parser.add_argument("--readme", help="rewrite the block `summary` of this file (docs/maintainers.md)")
    parser.add_argument("--sweep", help="examples/engines/scale_sweep.py's JSON, for --doc")
    parser.add_argument("--started", help="JSON {epoch, load} written when the run started")
    parser.add_argument("--command", default="scripts/engines.sh", help="the command, for --doc")
    parser.add_argument("--require-every-verdict", action="store_true")
    args = parser.parse_args()
    text = table(args.rows)
    cases = f"the corpus and {args.cases} generated cases per dimension" if args.cases else "the corpus"
    note = f"`scripts/engines.sh` ({cases}), {datetime.date.today().isoformat()}, {machine()}"
    print(text)
    print(f"\n{note}")
    if args.report:
        Path(args.report).write_text(f"{text}\n\n{note}\n\n{report(args.rows)}")
    if args.doc:
        blocks = {"scoreboard": f"{run_note(args, args.rows)}\n\n{text}\n",
                  "scale-sweep": sweep_block(args.sweep)}
        by_engine = defaultdict(list)
        for prefix in args.rows:
            by_engine[parts(prefix)[0]].append(prefix)
        for adapter, prefixes in by_engine.items():
            blocks[ENGINES.get(adapter, (adapter,))[0]] = engine_block(
                ENGINES.get(adapter, (adapter,))[0], prefixes)
        replace_blocks(args.doc, blocks)
    if args.readme:
        date = datetime.date.today().isoformat()
        replace_blocks(args.readme, {"summary": summary_block(args.rows) + (
            f"\n(`{args.command}`, {date}; µs per pair through the protocol, 3D then 2D.)\n")})
    if args.require_every_verdict:
        for prefix in args.rows:
            check, _, reason = load(prefix)
            engines = check["engines"] if check else []
            if not engines or any(e["no_verdict"] or e["problem"] or not e["cases"] for e in engines):
                sys.exit(f"{prefix}: not every case got a verdict ({reason or 'see its report'})")
            d = load_distances(prefix)
            if Path(prefix + ".distance.json").exists() and (
                    not d or d["no_verdict"] or d["problem"] or not d["cases"]):
                sys.exit(f"{prefix}: not every case got a distance (see {prefix}.distance.json)")


if __name__ == "__main__":
    main()
