#!/usr/bin/env python3
"""Chipmunk2D through pymunk (`pip install pymunk`; f64) as an outside engine for
`obbsat check --engine cmd:...`.

2D cases only (a 3D case is an error line). Each rectangle is
`pymunk.Poly.create_box(body, (2 hx, 2 hy), radius=0)` on a static body at the centre, turned by
`atan2(s, c)` of its x axis `(c, s)` as the exact oracle reads it (Chipmunk takes an angle). The
polygon radius, Chipmunk's only margin, is 0; the space's `collision_slop` only acts in the
solver.

Queries:
* `shapes-collide`: `a.shapes_collide(b)`, pymunk's wrapper of `cpShapesCollide`, as users call
  it, after `cache_bb()` on both (which updates a shape's world vertices from its body; without
  it, shapes outside a space are still at the origin). The boxes intersect when the contact set has a point. For boxes apart, Chipmunk returns an
  empty set and pymunk 7's `ContactPointSet._from_cp` raises `AssertionError` ("This is likely a
  bug in Pymunk") instead of answering: each such case is an error line.
* `shape-query`: `Space.shape_query(a)` on a space holding B (`cpSpaceShapeQuery`: the
  bounding-box query, then `cpCollide`). The boxes intersect when B is among the shapes found.

Neither answers `obbsat check --query distance`: Chipmunk's contact points carry a depth only for
shapes that overlap, and it has no distance query between two shapes.

Run it:  obbsat check corpus/*.jsonl --dim 2 --engine "cmd:python3 examples/engines/pymunk_adapter.py --query shape-query"
"""

import math

import pymunk

from obbsat_protocol import pair2, query, serve


def shapes(case):
    """The case's two rectangles as pymunk polygons on static bodies."""
    out = []
    for box in pair2(case):
        (c, s), _ = box.columns
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        body.position = box.center
        body.angle = math.atan2(s, c)
        out.append(pymunk.Poly.create_box(body, [2 * e for e in box.half_extents], radius=0))
    return out


@query("shapes-collide", "Shape.shapes_collide (cpShapesCollide), a point")
def make_shapes_collide_judge():
    def judge(case):
        a, b = shapes(case)
        a.cache_bb()
        b.cache_bb()
        return len(a.shapes_collide(b).points) > 0

    return judge


@query("shape-query", "Space.shape_query (cpSpaceShapeQuery), B found")
def make_shape_query_judge():
    space = pymunk.Space()

    def judge(case):
        a, b = shapes(case)
        space.add(b.body, b)
        try:
            return any(found.shape is b for found in space.shape_query(a))
        finally:
            space.remove(b.body, b)

    return judge


def versions():
    return {"Chipmunk": pymunk.chipmunk_version.split("-")[0]}


if __name__ == "__main__":
    serve(engine="Chipmunk", package="pymunk", versions=versions)
