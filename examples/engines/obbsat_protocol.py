"""What the engine adapters in this folder share: the `cmd:` protocol of `obbsat check`, the case
format's boxes turned into the numbers an engine takes, and a child process per engine so that a
crash or a hang costs the case it happened on, never the run.

An adapter names its engine and its pip package, and registers its queries with `@query`, each a
function that builds a judge inside the child process: `judge(case) -> bool` (True: the boxes
intersect, touching included), or, for a distance query, `judge(case) -> float`, the engine's own distance as it returns it
(negative or -1 on penetration, as the engine has it):

    @query("collide", "fcl.collide(...)")
    def make_collide_judge(): ...

    serve(engine="FCL", package="python-fcl")

`python3 ADAPTER --query NAME [--stats FILE]` then speaks the protocol (docs/maintainers.md, "The `cmd:`
protocol"): one request line in, one answer line out, in order, to `obbsat check` with or without
`--query distance` (`answer_keys` is the one place that turns a judge's result into an answer).
What becomes of a case:

* the judge returns a bool: `{"id": ..., "intersects": bool}`;
* the judge returns a distance `d`: `{"id": ..., "intersects": d <= 0, "distance": max(d, 0)}`,
  so a distance query answers verdict and distance requests alike. A negative `d` (penetration
  depth, FCL's -1 for "colliding") is clamped to 0, the protocol's answer for intersecting boxes,
  and counted in `--stats` (`negative_distances`); a NaN or infinite `d` answers a distance
  request with an error line (the distance has no JSON number) and a verdict request with
  `d <= 0`, as before;
* the judge raises `Unsupported` (a case the engine cannot take, such as a 3D case for a 2D
  engine): `{"id": ..., "error": "..."}`;
* the engine raises anything else: an error line naming the exception, a finding for that case;
* the engine kills its process (a C assertion, a segfault) or answers nothing for
  `CASE_TIMEOUT` seconds: an error line saying so, and a fresh child for the next case.

`--stats FILE` writes, at the end, the engine, package and version, the query's description, the
counts of each outcome (and of negative distances clamped to 0), and the seconds spent: in the
judge (the engine's calls, boxes built included) and in the adapter as a whole from the first
request to the last answer (JSON and the child's pipe included).

Boxes are read as the exact oracle reads them (`src/case/stored.rs`, `ExactPair`), so an engine is given the
boxes the expectations are about: a quaternion `q` is the rotation `R(q)/|q|^2` (computed in
f64), `axes` are the columns as written, an angle or degrees the columns `(c, s), (-s, c)` of the
written angle (degrees reduced modulo 360 exactly, multiples of 90 degrees exact, otherwise libm's
sine and cosine in f64). A 2D case given to a 3D engine becomes two prisms along z: A's half-height
`h`, B's `2h` (`h` the largest half-extent of the pair, or 1 if all are zero), so the prisms
intersect exactly when the rectangles do and no face of one is coplanar with a face of the other
where the rectangles have none.
"""

import argparse
import importlib.metadata
import json
import math
import multiprocessing
import numbers
import os
import platform
import signal
import sys
import time
from typing import Callable, NamedTuple, Optional

# Seconds one case may take before its child process is killed (below obbsat's default
# --timeout of 30 s, so obbsat hears about the case instead of killing the adapter).
CASE_TIMEOUT = 10.0


class Unsupported(Exception):
    """A case this engine cannot take; becomes an error line, not a crash."""


class Query(NamedTuple):
    """One query of an engine: what it calls, and a factory of judges run in the child."""

    description: str
    make_judge: Callable[[], Callable[[dict], "bool | float"]]


class Box2(NamedTuple):
    """A rectangle: centre, half-extents, and its local axes as world columns."""

    center: tuple
    half_extents: tuple
    columns: tuple  # ((x_x, x_y), (y_x, y_y))

    def corners(self):
        """The four corners, counter-clockwise from (-x, -y) when the axes are right-handed."""
        (cx, cy), (hx, hy) = self.center, self.half_extents
        (ax, ay), (bx, by) = self.columns
        return [
            (cx + sx * hx * ax + sy * hy * bx, cy + sx * hx * ay + sy * hy * by)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]


class Box3(NamedTuple):
    """A box: centre, half-extents, local axes as world columns, and the quaternion as written
    (x, y, z, w) when the case gave one."""

    center: tuple
    half_extents: tuple
    columns: tuple  # three columns of three
    quat: Optional[tuple]

    def rotation_rows(self):
        """The rotation as a row-major 3x3 list (the columns above, as the matrix's columns)."""
        return [[self.columns[j][i] for j in range(3)] for i in range(3)]

    def quaternion(self):
        """(x, y, z, w): the written quaternion, or one of the columns (Shepperd's method)."""
        if self.quat is not None:
            return self.quat
        return quaternion_of_rows(self.rotation_rows())


def degree_columns(degrees):
    """The columns of a rectangle turned by `degrees`, as sat-core's exact boxes have them."""
    reduced = math.fmod(degrees, 360.0)  # exact, sign of the dividend (Rust's %)
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), -270.0: (0.0, 1.0), 180.0: (-1.0, 0.0),
             -180.0: (-1.0, 0.0), 270.0: (0.0, -1.0), -90.0: (0.0, -1.0)}
    c, s = exact.get(reduced) or (math.cos(math.radians(reduced)), math.sin(math.radians(reduced)))
    return ((c, s), (-s, c))


def box2(given):
    """The rectangle of a written 2D box."""
    if "axes" in given:
        (ax, ay), (bx, by) = given["axes"]
        columns = ((float(ax), float(ay)), (float(bx), float(by)))
    elif "degrees" in given:
        columns = degree_columns(float(given["degrees"]))
    else:
        angle = float(given["angle"])
        columns = ((math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle)))
    return Box2(tuple(map(float, given["center"])), tuple(map(float, given["half_extents"])),
                columns)


def box3(given):
    """The box of a written 3D box."""
    if "quat" in given:
        x, y, z, w = map(float, given["quat"])
        n = x * x + y * y + z * z + w * w
        rows = [
            [w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z],
        ]
        columns = tuple(tuple(rows[i][j] / n for i in range(3)) for j in range(3))
        quat = (x, y, z, w)
    else:
        columns = tuple(tuple(map(float, column)) for column in given["axes"])
        quat = None
    return Box3(tuple(map(float, given["center"])), tuple(map(float, given["half_extents"])),
                columns, quat)


def prisms(a, b):
    """Two rectangles as prisms along z: A's half-height h, B's 2h (see the module docs)."""
    h = max(a.half_extents + b.half_extents) or 1.0

    def prism(r, half_height):
        (ax, ay), (bx, by) = r.columns
        return Box3(r.center + (0.0,), r.half_extents + (half_height,),
                    ((ax, ay, 0.0), (bx, by, 0.0), (0.0, 0.0, 1.0)), None)

    return prism(a, h), prism(b, 2 * h)


def pair2(case):
    """The two rectangles of a 2D case; `Unsupported` for a 3D case."""
    if case["dim"] != 2:
        raise Unsupported("a 2D engine: no 3D cases")
    return box2(case["a"]), box2(case["b"])


def pair3(case):
    """The two boxes of a 3D case, or of a 2D case as prisms."""
    if case["dim"] == 3:
        return box3(case["a"]), box3(case["b"])
    return prisms(box2(case["a"]), box2(case["b"]))


def scale(a, b):
    """S = |c_B - c_A| + |e_A| + |e_B|, the pair's size."""
    return (math.dist(a.center, b.center) + math.hypot(*a.half_extents)
            + math.hypot(*b.half_extents))


def quaternion_of_rows(r):
    """(x, y, z, w) of a rotation matrix given as rows (Shepperd's method)."""
    trace = r[0][0] + r[1][1] + r[2][2]
    if trace > 0:
        s = 2.0 * math.sqrt(1.0 + trace)
        return ((r[2][1] - r[1][2]) / s, (r[0][2] - r[2][0]) / s, (r[1][0] - r[0][1]) / s, s / 4)
    i = max(range(3), key=lambda k: r[k][k])
    j, k = (i + 1) % 3, (i + 2) % 3
    s = 2.0 * math.sqrt(1.0 + r[i][i] - r[j][j] - r[k][k])
    q = [0.0, 0.0, 0.0, (r[k][j] - r[j][k]) / s]
    q[i] = s / 4
    q[j] = (r[j][i] + r[i][j]) / s
    q[k] = (r[k][i] + r[i][k]) / s
    return tuple(q)


def answer_keys(result, query):
    """The answer's keys for a judge's result (see the module docs): a bool is a verdict; a number
    is the engine's distance, answered as a verdict and as a distance clamped to 0 (`query` is
    the request's `"query"`, `"distance"` or None)."""
    if isinstance(result, bool) or not isinstance(result, numbers.Real):
        return {"intersects": bool(result)}
    d = float(result)
    if not math.isfinite(d):
        if query == "distance":
            return {"error": f"the engine returned the distance {d}"}
        return {"intersects": d <= 0}
    return {"intersects": d <= 0, "distance": max(d, 0.0), "negative": d < 0}


def _child(connection, make_judge):
    """The child process: judges each request line it is sent, answers (answer, seconds).
    Whatever the engine prints goes to stderr: stdout carries the answers alone."""
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    judge = make_judge()
    while True:
        line = connection.recv()
        case_id = None
        try:
            case = json.loads(line)
            case_id = case.get("id")
            start = time.perf_counter()
            result = judge(case)
            seconds = time.perf_counter() - start
            answer = {"id": case_id, **answer_keys(result, case.get("query"))}
        except Unsupported as e:
            answer, seconds = {"id": case_id, "error": str(e)}, 0.0
        except Exception as e:  # the engine raised: a finding for this case
            answer, seconds = {"id": case_id, "error": f"engine raised {type(e).__name__}: {e}"}, 0.0
        connection.send((answer, seconds))


class _Engine:
    """The child process running one query's judge, restarted after a crash or a hang."""

    def __init__(self, make_judge):
        self.context = multiprocessing.get_context("fork")
        self.make_judge = make_judge
        self.process = None

    def start(self):
        self.connection, child_end = self.context.Pipe()
        self.process = self.context.Process(target=_child, args=(child_end, self.make_judge),
                                            daemon=True)
        self.process.start()
        child_end.close()

    def ask(self, line):
        """(answer, seconds in the judge, crashed?) for one request line."""
        if self.process is None:
            self.start()
        self.connection.send(line)
        if self.connection.poll(CASE_TIMEOUT):
            try:
                answer, seconds = self.connection.recv()
                return answer, seconds, False
            except EOFError:
                pass
            self.process.join()
            code = self.process.exitcode
            how = signal.Signals(-code).name if code < 0 else f"exit code {code}"
            why = f"the engine crashed on this case ({how})"
        else:
            self.process.kill()
            self.process.join()
            why = f"the engine gave no answer within {CASE_TIMEOUT:g} s (killed)"
        self.process = None
        return {"id": _id_of(line), "error": why}, 0.0, True

    def stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.join()


def _id_of(line):
    try:
        return json.loads(line).get("id")
    except (ValueError, AttributeError):
        return None


# The queries `query` registered, by name: what `serve` offers.
_QUERIES = {}


def query(name, description):
    """Registers the decorated judge factory as the query `name`, described as `description`."""

    def register(make_judge):
        _QUERIES[name] = Query(description, make_judge)
        return make_judge

    return register


def serve(engine, package, versions=None):
    """Parses the command line and answers stdin's requests with the judge of the chosen query
    (one of those `query` registered)."""
    parser = argparse.ArgumentParser(
        description=f"{engine} as an outside engine for `obbsat check --engine cmd:...`")
    parser.add_argument("--query", choices=sorted(_QUERIES), required=True)
    parser.add_argument("--stats", help="write counts, seconds and versions here (JSON)")
    args = parser.parse_args()
    chosen = _QUERIES[args.query]
    worker = _Engine(chosen.make_judge)
    counts = {"cases": 0, "verdicts": 0, "errors": 0, "crashes": 0, "negative_distances": 0}
    judge_seconds = 0.0
    start = None
    for line in sys.stdin:
        if not line.strip():
            continue
        start = start or time.perf_counter()
        answer, seconds, crashed = worker.ask(line)
        counts["cases"] += 1
        counts["verdicts" if "intersects" in answer else "errors"] += 1
        counts["negative_distances"] += answer.pop("negative", False)
        counts["crashes"] += crashed
        judge_seconds += seconds
        print(json.dumps(answer), flush=True)
    wall = time.perf_counter() - start if start else 0.0
    worker.stop()
    if args.stats:
        stats = {
            "engine": engine,
            "query": args.query,
            "description": chosen.description,
            "package": package,
            "version": importlib.metadata.version(package),
            "versions": versions() if versions else {},
            "python": platform.python_version(),
            **counts,
            "judge_seconds": judge_seconds,
            "adapter_seconds": wall,
        }
        with open(args.stats, "w") as f:
            json.dump(stats, f, indent=1)
