#!/usr/bin/env python3
"""Turn `cargo bench --bench pairs` output into the speed chapter's ratio table and chart
(docs/speed.md, docs/bench.svg).

Reads criterion's estimates (target/criterion/<workload>/<engine>/new/{estimates,benchmark}.json),
prints a Markdown table of ns per pair and of each engine's time relative to sat-core in the
same workload (same process, same run), and writes an SVG bar chart (log scale).

Usage: python3 scripts/bench_report.py [CRITERION_DIR] [--svg docs/bench.svg]
"""

import json
import math
import sys
from pathlib import Path

WORKLOADS = [
    "3d_random",
    "3d_random_f64",
    "3d_near_parallel",
    "2d_random",
    "2d_placement_10k",
    "2d_placement_100k",
    "3d_stream",
    "2d_stream",
]
REFERENCE = {
    "3d_random_f64": "sat-core certified",
    "2d_placement_10k": "sat-core batch",
    "2d_placement_100k": "sat-core batch",
    "3d_stream": "sat-core batch",
    "2d_stream": "sat-core batch",
}
COLOURS = {
    "sat-core": "#1b7837",
    "sat-core batch": "#5aae61",
    "sat-core certified": "#a6dba0",
    "ericson": "#762a83",
    "textbook": "#762a83",
    "parry sat": "#d6604d",
    "parry query": "#f4a582",
    "parry gjk": "#b2182b",
    "exact": "#999999",
}


def ns_per_pair(bench_dir: Path) -> float:
    estimates = json.loads((bench_dir / "new" / "estimates.json").read_text())
    meta = json.loads((bench_dir / "new" / "benchmark.json").read_text())
    return estimates["mean"]["point_estimate"] / meta["throughput"]["Elements"]


def collect(root: Path) -> dict:
    results = {}
    for workload in WORKLOADS:
        group = root / workload
        if not group.is_dir():
            continue
        engines = {}
        for bench in sorted(group.iterdir()):
            if (bench / "new" / "estimates.json").is_file():
                meta = json.loads((bench / "new" / "benchmark.json").read_text())
                engines[meta["function_id"]] = ns_per_pair(bench)
        results[workload] = engines
    return results


def table(results: dict) -> str:
    lines = [
        "| workload | engine | ns / pair | time vs sat-core |",
        "| --- | --- | ---: | ---: |",
    ]
    for workload, engines in results.items():
        reference = engines.get(REFERENCE.get(workload, "sat-core"))
        for engine, ns in sorted(engines.items(), key=lambda item: item[1]):
            ratio = f"{ns / reference:.2f}x" if reference else "-"
            lines.append(f"| {workload} | {engine} | {ns:.2f} | {ratio} |")
    return "\n".join(lines)


def svg(results: dict) -> str:
    bar, gap, label_width, plot_width = 14, 18, 300, 520
    rows = [(w, e, ns) for w, engines in results.items() for e, ns in sorted(engines.items(), key=lambda i: i[1])]
    height = len(rows) * bar + len(results) * gap + 60
    lo, hi = 0.5, max(ns for _, _, ns in rows) * 1.5
    x = lambda ns: label_width + plot_width * (math.log10(ns) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_width + plot_width + 80}" height="{height}" '
        'font-family="sans-serif" font-size="11">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="18" font-size="13" font-weight="bold">ns per pair (log scale; lower is faster)</text>',
    ]
    for tick in [1, 3, 10, 30, 100, 300, 1000]:
        if lo <= tick <= hi:
            out.append(f'<line x1="{x(tick):.1f}" y1="28" x2="{x(tick):.1f}" y2="{height - 10}" stroke="#ddd"/>')
            out.append(f'<text x="{x(tick):.1f}" y="{height - 0}" text-anchor="middle">{tick}</text>')
    y, current = 34, None
    for workload, engine, ns in rows:
        if workload != current:
            current = workload
            y += gap - 4
            out.append(f'<text x="10" y="{y}" font-weight="bold">{workload}</text>')
            y += 4
        colour = COLOURS.get(engine, "#888")
        out.append(f'<text x="{label_width - 6}" y="{y + bar - 3}" text-anchor="end">{engine}</text>')
        out.append(f'<rect x="{label_width}" y="{y}" width="{x(ns) - label_width:.1f}" height="{bar - 2}" fill="{colour}"/>')
        out.append(f'<text x="{x(ns) + 4:.1f}" y="{y + bar - 3}">{ns:.1f}</text>')
        y += bar
    out.append("</svg>")
    return "\n".join(out)


def main() -> None:
    args = sys.argv[1:]
    svg_path = None
    if "--svg" in args:
        i = args.index("--svg")
        svg_path = Path(args[i + 1])
        del args[i : i + 2]
    root = Path(args[0]) if args else Path("target/criterion")
    results = collect(root)
    if not results:
        sys.exit(f"no criterion results under {root}: run `cargo bench --bench pairs` first")
    print(table(results))
    if svg_path:
        svg_path.parent.mkdir(parents=True, exist_ok=True)
        svg_path.write_text(svg(results))
        print(f"\nwrote {svg_path}")


if __name__ == "__main__":
    main()
