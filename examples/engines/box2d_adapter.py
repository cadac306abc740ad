#!/usr/bin/env python3
"""Box2D v3 through box2d-python (`pip install box2d-python`: Box2D 3.1's C API through cffi;
wheels for CPython 3.12 and 3.13 only) as an outside engine for `obbsat check --engine cmd:...`.

2D cases only (a 3D case is an error line). Each rectangle is `b2MakeBox(hx, hy)` (radius 0) at
`b2Transform{p: centre, q: {c, s}}`, `(c, s)` the rectangle's x axis as the exact oracle reads
it; Box2D works in f32, so cffi rounds every number to f32 on the way in. Box2D has no contact
margin to zero: its speculative distance (`B2_SPECULATIVE_DISTANCE` = 4 linear slop = 0.02 length
units) is a compile-time constant.

Queries:
* `touching`: `b2CollidePolygons(A, xfA, B, xfB)` (manifold.c), the narrow phase of every
  polygon contact; Box2D's contact is "touching" (begin-touch events, the solver) when the
  manifold has a point (contact.c: `touching = pointCount > 0`). The boxes intersect when it has
  one. Speculative points count, so this is Box2D's own reading of "touching", not the closed
  boxes' intersection.
* `manifold-depth`: the same manifold; the boxes intersect when one of its points has
  `separation <= 0`.
* `distance`: `b2ShapeDistance` (GJK) on `b2MakeProxy` of the two boxes' vertices with
  `useRadii`; the answer is its distance (f32; 0 on overlap), and the boxes intersect when it is
  <= 0. (Box2D 3.1.0's world overlap query,
  `b2World_OverlapShape`, makes the same call and accepts distances up to 0.1 linear slop.)

Run it:  obbsat check corpus/*.jsonl --dim 2 --engine "cmd:python3.12 examples/engines/box2d_adapter.py --query touching"
"""

from box2d._box2d import ffi, lib

from obbsat_protocol import pair2, query, serve


def polygons_and_transforms(case):
    """(polygon A, transform A, polygon B, transform B) as Box2D's structs."""
    out = []
    for box in pair2(case):
        (c, s), _ = box.columns
        out.append(ffi.new("b2Polygon*", lib.b2MakeBox(*box.half_extents)))
        out.append(ffi.new("b2Transform*", {"p": box.center, "q": (c, s)})[0])
    return out


def manifold_points(case):
    manifold = lib.b2CollidePolygons(*polygons_and_transforms(case))
    return [manifold.points[i] for i in range(manifold.pointCount)]


@query("touching", "b2CollidePolygons, a manifold point (Box2D's touching)")
def make_touching_judge():
    return lambda case: len(manifold_points(case)) > 0


@query("manifold-depth", "b2CollidePolygons, a point with separation <= 0")
def make_depth_judge():
    return lambda case: any(point.separation <= 0 for point in manifold_points(case))


@query("distance", "b2ShapeDistance (GJK); intersect at <= 0")
def make_distance_judge():
    def judge(case):
        polygon_a, transform_a, polygon_b, transform_b = polygons_and_transforms(case)
        request = ffi.new("b2DistanceInput*")
        request.proxyA = lib.b2MakeProxy(polygon_a.vertices, polygon_a.count, polygon_a.radius)
        request.proxyB = lib.b2MakeProxy(polygon_b.vertices, polygon_b.count, polygon_b.radius)
        request.transformA, request.transformB = transform_a, transform_b
        request.useRadii = True
        output = lib.b2ShapeDistance(ffi.new("b2SimplexCache*"), request, ffi.NULL, 0)
        return output.distance

    return judge


def versions():
    version = lib.b2GetVersion()
    return {"Box2D": f"{version.major}.{version.minor}.{version.revision}"}


if __name__ == "__main__":
    serve(engine="Box2D", package="box2d-python", versions=versions)
