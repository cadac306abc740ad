#!/usr/bin/env python3
"""MuJoCo (`pip install mujoco`) as an outside engine for `obbsat check --engine cmd:...`.

Two free bodies with one box geom each, in a model with default options (geom margin and gap 0,
native CCD on). Per case the geoms get the case's half-extents (with their bounding sphere
`geom_rbound` and box `geom_aabb`, which MuJoCo's broad phase reads and a size change does not
update) and the bodies its poses, through `qpos`: the written quaternion (MuJoCo normalises it),
or the quaternion of the written axes (`mju_mat2Quat`). 2D cases are prisms
(`obbsat_protocol`).

Queries:
* `collide`: `mj_kinematics`, then `mj_collision`, whose box-box pair function is `mjc_BoxBox`
  (engine_collision_box.c). The boxes intersect when it makes a contact (`ncon > 0`): with
  margin 0 a contact is a point at distance <= 0, so touching counts.
* `distance`: `mj_geomDistance(m, d, 0, 1, distmax, None)` with `distmax = 2 S + 1`: for boxes
  it runs native CCD (`mjc_ccd`: GJK, EPA for penetration; `opt.ccd_tolerance` 1e-6 and
  `opt.ccd_iterations` left at their defaults). The answer is that distance (negative on
  penetration, which becomes 0, `obbsat_protocol`; `distmax` when farther than it, which no
  pair is); the boxes intersect when it is <= 0.

Run it:  obbsat check corpus/*.jsonl --engine "cmd:python3 examples/engines/mujoco_adapter.py --query collide"
"""

import mujoco
import numpy as np

from obbsat_protocol import pair3, query, scale, serve

MODEL = """
<mujoco>
  <worldbody>
    <body name="a"><freejoint/><geom type="box" size="1 1 1"/></body>
    <body name="b"><freejoint/><geom type="box" size="1 1 1"/></body>
  </worldbody>
</mujoco>
"""


def posed_model():
    """The model and data, and a function that poses both boxes of a case in them."""
    model = mujoco.MjModel.from_xml_string(MODEL)
    data = mujoco.MjData(model)

    def pose(case):
        boxes = pair3(case)
        for geom, box in enumerate(boxes):
            model.geom_size[geom] = box.half_extents
            model.geom_rbound[geom] = np.linalg.norm(box.half_extents)
            model.geom_aabb[geom] = (0.0, 0.0, 0.0) + box.half_extents
            x, y, z, w = quaternion(box)
            data.qpos[7 * geom: 7 * geom + 7] = box.center + (w, x, y, z)
        mujoco.mj_kinematics(model, data)
        return boxes

    return model, data, pose


def quaternion(box):
    """(x, y, z, w): as written, or MuJoCo's own quaternion of the written axes."""
    if box.quat is not None:
        return box.quat
    wxyz = np.zeros(4)
    mujoco.mju_mat2Quat(wxyz, np.array(box.rotation_rows()).ravel())
    w, x, y, z = wxyz
    return (x, y, z, w)


@query("collide", "mj_collision (mjc_BoxBox), contact made, margin 0")
def make_collide_judge():
    model, data, pose = posed_model()

    def judge(case):
        pose(case)
        mujoco.mj_collision(model, data)
        return data.ncon > 0

    return judge


@query("distance", "mj_geomDistance (native CCD); intersect at <= 0")
def make_distance_judge():
    model, data, pose = posed_model()

    def judge(case):
        a, b = pose(case)
        return mujoco.mj_geomDistance(model, data, 0, 1, 2 * scale(a, b) + 1, None)

    return judge


if __name__ == "__main__":
    serve(engine="MuJoCo", package="mujoco")
