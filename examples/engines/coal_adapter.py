#!/usr/bin/env python3
"""Coal, the FCL fork of the Pinocchio team (`pip install coal`), as an outside engine for
`obbsat check --engine cmd:...`.

Each case makes two `coal.Box` shapes with the full side lengths (twice the half-extents) and
`coal.Transform3s(R, t)` with the rotation matrix of the written quaternion or the written axes
as given. 2D cases are prisms (`obbsat_protocol`). The requests keep their defaults:
`security_margin` 0 (already zero), `gjk_tolerance` and `epa_tolerance` 1e-6 (absolute; the
tolerance of a convergence test, not a margin, so left as users get it).

Queries:
* `collide`: `coal.collide` with a default `CollisionRequest`. For two boxes it runs
  `ShapeShapeCollider<Box, Box>` (internal/shape_shape_func.h): GJK, then EPA on penetration,
  and a collision when the distance minus `security_margin` is <= `collision_distance_threshold`
  (1e-12). The boxes intersect when `CollisionResult.isCollision()`.
* `distance`: `coal.distance` with a default `DistanceRequest` (signed distance: EPA's depth,
  negative, on penetration). The answer is that distance (a negative one becomes 0,
  `obbsat_protocol`); the boxes intersect when it is <= 0.

Run it:  obbsat check corpus/*.jsonl --engine "cmd:python3 examples/engines/coal_adapter.py --query collide"
"""

import coal
import numpy as np

from obbsat_protocol import pair3, query, serve


def shapes_and_poses(case):
    """(box A, pose A, box B, pose B) as Coal's shapes and transforms."""
    a, b = pair3(case)
    return [
        item
        for box in (a, b)
        for item in (
            coal.Box(*(2 * e for e in box.half_extents)),
            coal.Transform3s(np.array(box.rotation_rows()), np.array(box.center)),
        )
    ]


@query("collide", "coal.collide (GJK/EPA, gjk_tolerance 1e-6), isCollision")
def make_collide_judge():
    def judge(case):
        result = coal.CollisionResult()
        coal.collide(*shapes_and_poses(case), coal.CollisionRequest(), result)
        return result.isCollision()

    return judge


@query("distance", "coal.distance (GJK/EPA, signed); intersect at <= 0")
def make_distance_judge():
    def judge(case):
        request, result = coal.DistanceRequest(), coal.DistanceResult()
        return coal.distance(*shapes_and_poses(case), request, result)

    return judge


if __name__ == "__main__":
    serve(engine="Coal", package="coal")
