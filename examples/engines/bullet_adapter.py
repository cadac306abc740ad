#!/usr/bin/env python3
"""Bullet through pybullet (`pip install pybullet`; built with double precision) as an outside
engine for `obbsat check --engine cmd:...`.

A DIRECT (headless) physics server with no gravity. Each case makes two box collision shapes
(`createCollisionShape(GEOM_BOX, halfExtents=...)`) on bodies of mass 1 (two static bodies never
collide) at the case's poses: the written quaternion (Bullet takes `R(q)/|q|^2` of any non-zero
quaternion) or the quaternion of the written axes; then removes the bodies. 2D cases are prisms
(`obbsat_protocol`). Bullet keeps contact points up to `contactBreakingThreshold` (default 0.02,
absolute) apart; it cannot be zeroed: at 0, `btPersistentManifold::refreshContactPoints` drops
every point whose two witnesses drift apart sideways by more than 0 (`distance2d > threshold^2`),
i.e. by any rounding, and Bullet then "misses" boxes 78 % of their size deep. So it keeps its
default, and a contact counts only at `contactDistance <= 0`. Each box's collision margin
(pybullet's default 0.001, absolute: GJK sees a box shrunk by it plus a sphere of that radius,
so corners are rounded) is zeroed with `changeDynamics(body, -1, collisionMargin=0)`; with the
default, `closest` got 725 verdicts wrong outside the band on the 3D cases of
scripts/engines.sh instead of 101.

Queries:
* `contact`: `performCollisionDetection()` then `getContactPoints(a, b)`. For two boxes Bullet's
  default collision configuration runs `btBoxBoxCollisionAlgorithm`, i.e. `btBoxBoxDetector`
  (ODE's dBoxBox2, with its 1.05 face fudge and 1e-5 added to |R|). The boxes intersect when
  a contact point has `contactDistance <= 0`.
* `closest`: `getClosestPoints(a, b, distance=2 S + 1)`: the closest-points algorithm of two
  convex shapes, `btConvexConvexAlgorithm` (GJK, with EPA on penetration). The answer is the
  smallest `contactDistance` (negative on penetration, which becomes 0, `obbsat_protocol`; the
  reach `2 S + 1` when there is no point, though no pair is that far apart); the boxes intersect
  when it is <= 0.

Run it:  obbsat check corpus/*.jsonl --engine "cmd:python3 examples/engines/bullet_adapter.py --query contact"
"""

import pybullet

from obbsat_protocol import pair3, query, scale, serve

CONTACT_DISTANCE = 8  # index of contactDistance in a getContactPoints/getClosestPoints tuple


# pybullet cannot remove a collision shape that a body used, even after the body is gone ("Don't
# remove collision shape: it is used"), so shapes pile up; resetSimulation (about 0.8 ms) drops
# them every this many cases.
CASES_PER_RESET = 1000


def posed_bodies():
    """A headless server, and a function that runs a query on the bodies of a case."""
    client = pybullet.connect(pybullet.DIRECT)
    cases = 0

    def with_bodies(case, ask):
        nonlocal cases
        cases += 1
        if cases % CASES_PER_RESET == 0:
            pybullet.resetSimulation(physicsClientId=client)
        boxes = pair3(case)
        bodies = [
            pybullet.createMultiBody(
                1.0,
                pybullet.createCollisionShape(pybullet.GEOM_BOX, halfExtents=box.half_extents,
                                              physicsClientId=client),
                basePosition=box.center, baseOrientation=box.quaternion(), physicsClientId=client)
            for box in boxes
        ]
        for body in bodies:
            pybullet.changeDynamics(body, -1, collisionMargin=0.0, physicsClientId=client)
        try:
            return ask(client, boxes, bodies)
        finally:
            for body in bodies:
                pybullet.removeBody(body, physicsClientId=client)

    return with_bodies


def contact(client, boxes, bodies):
    pybullet.performCollisionDetection(physicsClientId=client)
    points = pybullet.getContactPoints(*bodies, physicsClientId=client)
    return any(point[CONTACT_DISTANCE] <= 0 for point in points)


def closest(client, boxes, bodies):
    reach = 2 * scale(*boxes) + 1
    points = pybullet.getClosestPoints(*bodies, reach, physicsClientId=client)
    return min((point[CONTACT_DISTANCE] for point in points), default=reach)


def judge_of(ask):
    """A judge asking `ask(client, boxes, bodies)` of each case's posed bodies."""
    with_bodies = posed_bodies()
    return lambda case: with_bodies(case, ask)


@query("contact", "getContactPoints (btBoxBoxDetector), a point at distance <= 0")
def make_contact_judge():
    return judge_of(contact)


@query("closest", "getClosestPoints (GJK/EPA); intersect at <= 0")
def make_closest_judge():
    return judge_of(closest)


if __name__ == "__main__":
    serve(engine="Bullet", package="pybullet")
