#!/usr/bin/env python3
"""A tiny outside engine for `obbsat check --engine cmd:...`: flipcode's 2D OBB test.

Morgan McGuire's "2D OBB Intersection" (flipcode): each rectangle keeps its four corners and two
edge vectors scaled by 1/|edge|^2, so that its own projection on each axis is [origin, origin + 1];
the boxes overlap unless the other box's corners project entirely outside that interval on one of
the four axes (strict comparisons: touching counts as overlap). Plain Python floats (f64).

Protocol (see `obbsat check --help`): one JSON case per line on stdin,
{"id", "dim", "a", "b"} with boxes in the case format; one answer per line on stdout, in order:
{"id": ..., "intersects": true|false}, or {"id": ..., "error": "..."} for a case this engine
cannot judge (3D cases, and zero-size rectangles, where the test divides by zero).

Run it:  obbsat check corpus/*.jsonl --engine "cmd:python3 examples/engines/flipcode_2d.py"
"""

import json
import math
import sys


def axes(box):
    """The rectangle's local x and y axes as world-space columns."""
    if "axes" in box:
        (xx, xy), (yx, yy) = box["axes"]
        return (xx, xy), (yx, yy)
    if "degrees" in box:
        angle = math.radians(box["degrees"])
    else:
        angle = box["angle"]
    c, s = math.cos(angle), math.sin(angle)
    return (c, s), (-s, c)


def corners(box):
    """Seed 000's corner order: 0 lower left, 1 lower right, 2 upper right, 3 upper left."""
    (cx, cy), (hw, hh) = box["center"], box["half_extents"]
    (xx, xy), (yx, yy) = axes(box)
    x = (xx * hw, xy * hw)
    y = (yx * hh, yy * hh)
    return [
        (cx - x[0] - y[0], cy - x[1] - y[1]),
        (cx + x[0] - y[0], cy + x[1] - y[1]),
        (cx + x[0] + y[0], cy + x[1] + y[1]),
        (cx - x[0] + y[0], cy - x[1] + y[1]),
    ]


class OBB2D:
    def __init__(self, box):
        self.corner = corners(box)
        self.axis = []
        self.origin = []
        for a in (1, 3):
            ex = self.corner[a][0] - self.corner[0][0]
            ey = self.corner[a][1] - self.corner[0][1]
            length2 = ex * ex + ey * ey
            if length2 == 0.0:
                raise ValueError("the flipcode test needs rectangles of non-zero size")
            axis = (ex / length2, ey / length2)
            self.axis.append(axis)
            self.origin.append(dot(self.corner[0], axis))

    def overlaps_1way(self, other):
        for axis, origin in zip(self.axis, self.origin):
            ts = [dot(c, axis) for c in other.corner]
            if min(ts) > 1 + origin or max(ts) < origin:
                return False
        return True

    def overlaps(self, other):
        return self.overlaps_1way(other) and other.overlaps_1way(self)


def dot(p, q):
    return p[0] * q[0] + p[1] * q[1]


def answer(line):
    case = json.loads(line)
    case_id = case.get("id")
    if case.get("dim") != 2:
        return {"id": case_id, "error": "the flipcode test is 2D only"}
    try:
        verdict = OBB2D(case["a"]).overlaps(OBB2D(case["b"]))
    except (ValueError, KeyError, TypeError) as e:
        return {"id": case_id, "error": str(e)}
    return {"id": case_id, "intersects": verdict}


def main():
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(answer(line)), flush=True)


if __name__ == "__main__":
    main()
