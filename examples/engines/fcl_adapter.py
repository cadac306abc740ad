#!/usr/bin/env python3
"""FCL through python-fcl (`pip install python-fcl`) as an outside engine for
`obbsat check --engine cmd:...`.

Each case makes two `fcl.CollisionObject`s: `fcl.Box` with the full side lengths (twice the
half-extents) and `fcl.Transform(R, t)` with the rotation matrix of the written quaternion or
the written axes as given (FCL stores it as is). 2D cases are prisms (`obbsat_protocol`). FCL
0.7 has no contact margin; the requests keep their defaults (the libccd GJK solver).

Queries:
* `collide`: `fcl.collide` with a default `CollisionRequest`; for two boxes FCL's libccd solver
  calls `detail::boxBoxIntersect` (ODE's box-box test, narrowphase/detail/primitive_shape_algorithm/
  box_box-inl.h). The boxes intersect when it reports a contact.
* `distance`: `fcl.distance` with a default `DistanceRequest` (unsigned; -1 when the boxes
  collide): libccd's GJK with FCL's default `distance_tolerance` 1e-6. The answer is that
  distance (-1 becomes 0, `obbsat_protocol`); the boxes intersect when it is <= 0.

Run it:  obbsat check corpus/*.jsonl --engine "cmd:python3 examples/engines/fcl_adapter.py --query collide"
"""

import fcl
import numpy as np

from obbsat_protocol import pair3, query, serve


def objects(case):
    """The case's two boxes as FCL collision objects."""
    return [
        fcl.CollisionObject(
            fcl.Box(*(2 * e for e in box.half_extents)),
            fcl.Transform(np.array(box.rotation_rows()), np.array(box.center)),
        )
        for box in pair3(case)
    ]


@query("collide", "fcl.collide (boxBoxIntersect), a contact")
def make_collide_judge():
    def judge(case):
        a, b = objects(case)
        return fcl.collide(a, b, fcl.CollisionRequest(), fcl.CollisionResult()) > 0

    return judge


@query("distance", "fcl.distance (libccd GJK); intersect at <= 0")
def make_distance_judge():
    def judge(case):
        a, b = objects(case)
        return fcl.distance(a, b, fcl.DistanceRequest(), fcl.DistanceResult())

    return judge


if __name__ == "__main__":
    serve(engine="FCL", package="python-fcl")
