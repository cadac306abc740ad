#!/usr/bin/env python3
"""The coverage table of fuzz/coverage.sh, from llvm-cov's JSON export (merged.json).

Per file of crates/sat-core/src and crates/sat-rapier/src: lines and branches covered (llvm-cov's
counts: a branch is one outcome of a condition, so an `if` has two), each crate's total, and the
files no fuzz target compiles. Then the uncovered branches of the audited files (the
separating-axis, certified, distance, tolerance and exact code of sat-core, the manifold and
fallback code of sat-rapier): each one must match a row of the document's "Unreachable branches"
table (file, condition as written, the side never taken, why).

Modes: `write` rewrites the generated block of the document (between `<!-- coverage:begin -->`
and `<!-- coverage:end -->`); `check` compares sat-core's line coverage with the committed figure
(fails more than one point below it) and warns of unexplained uncovered branches; `print`
prints the table and the uncovered branches.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys

CRATES = ["crates/sat-core/src", "crates/sat-rapier/src"]
# The code whose every branch is reached or explained (issue 33).
AUDITED = [
    r"crates/sat-core/src/sat[23]\.rs",
    r"crates/sat-core/src/certified\.rs",
    r"crates/sat-core/src/distance\.rs",
    r"crates/sat-core/src/distance/.*",
    r"crates/sat-core/src/tolerance\.rs",
    r"crates/sat-core/src/exact/.*",
    r"crates/sat-rapier/src/manifold.*\.rs",
    r"crates/sat-rapier/src/fallback.*\.rs",
]
BEGIN, END = "<!-- coverage:begin -->", "<!-- coverage:end -->"
FIGURE = re.compile(r"<!-- sat-core lines: ([0-9.]+) % -->")
# Explanation rows: | `file` | `condition` | never true / never false | why |, or
# | `file` | `fn name` | any | why | for every uncovered branch of a function no target calls.
WHY_ROW = re.compile(
    r"^\|\s*`([^`]+)`\s*\|\s*`(.+?)`\s*\|\s*(never true|never false|any)\s*\|(.+)\|\s*$"
)
FN = re.compile(r"^\s*(?:pub(?:\([a-z]+\))?\s+)?(?:const\s+)?(?:unsafe\s+)?fn\s+(\w+)")


def percent(covered, count):
    return 100.0 * covered / count if count else 100.0


def cell(covered, count):
    if not count:
        return "–"
    return f"{percent(covered, count):.2f} % ({covered}/{count})"


def relative(path, repo):
    path = os.path.relpath(path, repo)
    return path.replace(os.sep, "/")


def branches_of(file_entry):
    """Every branch region of a file, those inside macro expansions included."""
    found = list(file_entry.get("branches", []))
    for expansion in file_entry.get("expansions", []):
        found.extend(expansion.get("branches", []))
    return found


def condition_text(source_lines, branch):
    line0, col0, line1, col1 = branch[:4]
    if line0 == line1:
        text = source_lines[line0 - 1][col0 - 1 : col1 - 1]
    else:
        text = source_lines[line0 - 1][col0 - 1 :] + " " + " ".join(
            s.strip() for s in source_lines[line0 : line1 - 1]
        )
        text += " " + source_lines[line1 - 1][: col1 - 1].strip()
    return " ".join(text.split())


def enclosing_fn(source_lines, line):
    """The name of the `fn` a line belongs to: the nearest `fn` above it."""
    for text in reversed(source_lines[:line]):
        m = FN.match(text)
        if m:
            return m.group(1)
    return None


def explained(why, u):
    """The explanation of an uncovered branch outcome `u`, if the document has one."""
    name, _, text, side, function = u
    return why.get((name, text, f"never {side}")) or why.get((name, f"fn {function}", "any"))


def measure(export, repo):
    files = {}
    uncovered = []
    for entry in export["data"][0]["files"]:
        name = relative(entry["filename"], repo)
        if not any(name.startswith(c + "/") for c in CRATES):
            continue
        summary = entry["summary"]
        files[name] = (
            summary["lines"]["covered"],
            summary["lines"]["count"],
            summary["branches"]["covered"],
            summary["branches"]["count"],
        )
        if not any(re.fullmatch(p, name) for p in AUDITED):
            continue
        with open(os.path.join(repo, name), encoding="utf-8") as f:
            source = f.read().splitlines()
        # The same source compiles into several functions (f32 and f64 boxes, the AVX clones of
        # the f64 lanes, generic instances): an outcome is reached when any of them takes it.
        counts = {}
        for b in branches_of(entry):
            key = tuple(b[:4])
            true_count, false_count = counts.get(key, (0, 0))
            counts[key] = (true_count + b[4], false_count + b[5])
        for key, (true_count, false_count) in counts.items():
            text = condition_text(source, key)
            function = enclosing_fn(source, key[0])
            for side, count in (("true", true_count), ("false", false_count)):
                if count == 0:
                    uncovered.append((name, key[0], text, side, function))
    uncovered.sort(key=lambda u: (u[0], u[1]))
    return files, uncovered


def uncalled_functions(export, repo):
    """`{file: [(line, name, lines)]}`: the named functions of the two crates no input calls
    (every compilation of them has count 0), with their first line, name and number of lines."""
    calls = {}
    for f in export["data"][0]["functions"]:
        if not f["regions"]:
            continue
        first = f["regions"][0]
        name = relative(f["filenames"][first[5]], repo)
        if not any(name.startswith(c + "/") for c in CRATES):
            continue
        key = (name, first[0])
        end = max(r[2] for r in f["regions"] if r[5] == first[5])
        count, last = calls.get(key, (0, end))
        calls[key] = (count + f["count"], max(last, end))
    out = {}
    sources_cache = {}
    for (name, line), (count, end) in sorted(calls.items()):
        if count:
            continue
        if name not in sources_cache:
            with open(os.path.join(repo, name), encoding="utf-8") as f:
                sources_cache[name] = f.read().splitlines()
        m = FN.match(sources_cache[name][line - 1])
        if m:  # (not the closures: theirs is the enclosing function's story)
            out.setdefault(name, []).append((line, m.group(1), end - line + 1))
    return out


def crate_totals(files, crate):
    rows = [v for k, v in files.items() if k.startswith(crate + "/")]
    return tuple(sum(r[i] for r in rows) for i in range(4))


def sources(repo, crate):
    out = []
    for root, _, names in os.walk(os.path.join(repo, crate)):
        out += [relative(os.path.join(root, n), repo) for n in names if n.endswith(".rs")]
    return sorted(out)


def explanations(doc_text):
    rows = {}
    for line in doc_text.splitlines():
        m = WHY_ROW.match(line)
        if m:
            rows[(m.group(1), m.group(2), m.group(3))] = m.group(4).strip()
    return rows


def table(files, repo, targets, uncalled):
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=repo, capture_output=True, text=True
    ).stdout.strip()
    rustc = subprocess.run(
        ["rustc", "+nightly", "--version"], capture_output=True, text=True
    ).stdout.strip()
    out = [
        BEGIN,
        "",
        f"*Measured at commit `{commit}` on {datetime.date.today()} with {rustc}, "
        f"{len(targets.split())} targets ({', '.join(f'`{t}`' for t in targets.split())}): "
        "every input of `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/`. "
        "Regenerate with `fuzz/coverage.sh`.*",
        "",
    ]
    core = crate_totals(files, CRATES[0])
    out.append(f"<!-- sat-core lines: {percent(core[0], core[1]):.2f} % -->")
    out += ["", "| crate | lines | branches |", "| --- | ---: | ---: |"]
    for crate in CRATES:
        t = crate_totals(files, crate)
        out.append(f"| **{crate.split('/')[1]}** | {cell(t[0], t[1])} | {cell(t[2], t[3])} |")
    out += ["", "| file | lines | branches |", "| --- | ---: | ---: |"]
    for crate in CRATES:
        for name in sources(repo, crate):
            short = name[len("crates/") :]
            if name in files:
                v = files[name]
                out.append(f"| `{short}` | {cell(v[0], v[1])} | {cell(v[2], v[3])} |")
            else:
                out.append(f"| `{short}` | no code counted here¹ | |")
    out += [
        "",
        "Functions no committed input calls (every compilation of them), by file, with their "
        "lengths in lines:",
        "",
        "| file | functions |",
        "| --- | --- |",
    ]
    for name, functions in sorted(uncalled.items()):
        listed = ", ".join(f"`{label}` ({n})" for _, label, n in functions)
        out.append(f"| `{name[len('crates/'):]}` | {listed} |")
    out += [
        "",
        "¹ Declarations, re-exports, macro calls and test-only code, whose code is counted where it is written "
        "(`flavour.rs`, `single.rs`' and `double.rs`' `#[path]` modules), or code the fuzz "
        "targets do not build (sat-rapier's `dim2-f64` and `dim3-f64` features; the f32 "
        "flavours run the same sources).",
        "",
        END,
    ]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["write", "check", "print"], required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--doc", required=True)
    parser.add_argument("--targets", required=True)
    parser.add_argument("export")
    args = parser.parse_args()

    with open(args.export, encoding="utf-8") as f:
        export = json.load(f)
    files, uncovered = measure(export, args.repo)
    doc_path = os.path.join(args.repo, args.doc)
    with open(doc_path, encoding="utf-8") as f:
        doc = f.read()
    why = explanations(doc)

    generated = table(files, args.repo, args.targets, uncalled_functions(export, args.repo))
    unexplained = [u for u in uncovered if not explained(why, u)]
    used = {(u[0], u[2], f"never {u[3]}") for u in uncovered}
    used |= {(u[0], f"fn {u[4]}", "any") for u in uncovered}
    stale = set(why) - used
    core = crate_totals(files, CRATES[0])
    measured = percent(core[0], core[1])

    print(generated)
    print(f"\n{len(uncovered)} uncovered branch outcomes in the audited files, "
          f"{len(uncovered) - len(unexplained)} explained:")
    for u in uncovered:
        name, line, text, side, function = u
        mark = "explained" if explained(why, u) else "UNEXPLAINED"
        print(f"  {name}:{line} (fn {function}): `{text}` never {side} ({mark})")
    for name, text, side in sorted(stale):
        print(f"  explanation matches no uncovered branch (reached now, or the code changed): "
              f"{name} `{text}` {side}")

    if args.mode == "write":
        if BEGIN not in doc or END not in doc:
            sys.exit(f"{args.doc} has no {BEGIN} … {END} block")
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        with open(doc_path, "w", encoding="utf-8") as f:
            f.write(head + generated + tail)
        print(f"wrote {args.doc}")
    elif args.mode == "check":
        m = FIGURE.search(doc)
        if not m:
            sys.exit(f"{args.doc} holds no committed sat-core figure")
        committed = float(m.group(1))
        print(f"sat-core lines: {measured:.2f} % (committed {committed:.2f} %)")
        failed = False
        if measured < committed - 1.0:
            print("sat-core's line coverage fell more than one point below the committed figure",
                  file=sys.stderr)
            failed = True
        if unexplained:
            # Reported, not fatal: code under change (a new branch of the manifold code, say)
            # must not stop CI before its branches are reached or explained.
            print(f"warning: {len(unexplained)} uncovered branch outcomes in the audited files "
                  f"have no explanation in {args.doc}", file=sys.stderr)
        sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
