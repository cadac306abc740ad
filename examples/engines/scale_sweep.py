#!/usr/bin/env python3
"""The same pairs at every size: where an engine's absolute tolerances start to matter.

Draws random pairs once (seeded): A at the origin, B's centre uniform in [-1.5, 1.5]^3, half-extents
uniform in [0.2, 1], rotations of Gaussian quaternions; then multiplies every centre and half-extent
by each scale from 1e-5 to 1e3 and asks each 3D query of the adapters in this folder (MuJoCo, FCL,
Coal, Bullet, called in this process, not through the protocol) whether the boxes intersect. The
exact oracle (`obbsat verdict --engine exact`) settles every pair; a verdict counts as wrong outside
sat-core's band 48·ε·S, as in `obbsat check`. Since only the size changes, an engine whose count
moves with the scale has an absolute constant somewhere (a tolerance, a margin, a threshold).

  python3 scale_sweep.py --obbsat target/engines/obbsat --out target/engines/scale-sweep.json

scripts/engines.sh runs it and scripts/engines_table.py puts its table into docs/engines.md.
"""

import argparse
import copy
import json
import math
import random
import subprocess
import sys
import time

import bullet_adapter
import coal_adapter
import fcl_adapter
import mujoco_adapter

SCALES = (1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0, 1e1, 1e2, 1e3)
BAND = 48 * 2.0**-23

ROWS = {
    "mujoco-collide": ("MuJoCo", "collide", mujoco_adapter.make_collide_judge),
    "mujoco-distance": ("MuJoCo", "distance", mujoco_adapter.make_distance_judge),
    "fcl-collide": ("FCL", "collide", fcl_adapter.make_collide_judge),
    "fcl-distance": ("FCL", "distance", fcl_adapter.make_distance_judge),
    "coal-collide": ("Coal", "collide", coal_adapter.make_collide_judge),
    "coal-distance": ("Coal", "distance", coal_adapter.make_distance_judge),
    "bullet-contact": ("Bullet", "contact", bullet_adapter.make_judge_of(bullet_adapter.contact)),
    "bullet-closest": ("Bullet", "closest", bullet_adapter.make_judge_of(bullet_adapter.closest)),
}


def base_pairs(count, seed):
    rnd = random.Random(seed)

    def box(center):
        return {"center": center, "half_extents": [rnd.uniform(0.2, 1.0) for _ in range(3)],
                "quat": [rnd.gauss(0.0, 1.0) for _ in range(4)]}

    return [{"id": i, "dim": 3, "a": box([0.0, 0.0, 0.0]),
             "b": box([rnd.uniform(-1.5, 1.5) for _ in range(3)])} for i in range(count)]


def scaled(case, k):
    case = copy.deepcopy(case)
    for box in (case["a"], case["b"]):
        box["center"] = [x * k for x in box["center"]]
        box["half_extents"] = [x * k for x in box["half_extents"]]
    return case


def pair_scale(case):
    a, b = case["a"], case["b"]
    return (math.dist(a["center"], b["center"]) + math.hypot(*a["half_extents"])
            + math.hypot(*b["half_extents"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--obbsat", default="obbsat", help="the obbsat binary")
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    judges = {name: make() for name, (_, _, make) in ROWS.items()}
    pairs = base_pairs(args.pairs, args.seed)
    out = {"pairs": args.pairs, "seed": args.seed, "rows": {n: list(r[:2]) for n, r in ROWS.items()},
           "scales": []}
    start = time.perf_counter()
    for k in SCALES:
        cases = [scaled(case, k) for case in pairs]
        answers = subprocess.run([args.obbsat, "verdict", "--engine", "exact"], check=True,
                                 input="\n".join(json.dumps(c) for c in cases), text=True,
                                 capture_output=True).stdout.splitlines()
        exact = [json.loads(line) for line in answers]
        entry = {"scale": k, "overlapping": sum(v["intersects"] for v in exact), "rows": {}}
        for name, judge in judges.items():
            says_intersect = says_apart = no_verdict = 0
            for case, verdict in zip(cases, exact):
                try:
                    got = bool(judge(case))
                except Exception:
                    no_verdict += 1
                    continue
                if got != verdict["intersects"] and abs(verdict["margin"]) / pair_scale(case) > BAND:
                    says_intersect += got
                    says_apart += not got
            entry["rows"][name] = {"says_intersect": says_intersect, "says_apart": says_apart,
                                   "no_verdict": no_verdict}
        out["scales"].append(entry)
        print(f"scale_sweep: {k:g} done", file=sys.stderr)
    out["seconds"] = time.perf_counter() - start
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
