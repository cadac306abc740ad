//! `Obb2::distance` and `Obb2::closest_points` (algorithm and bound: [`distance`](crate::distance)).

use glam::{Vec2Swizzles, Vec4Swizzles};

use glam::BVec2;

use super::reply::{Point, Reply, flip, sign_of, square};
// This compilation's items (`single.rs`, `double.rs`: its precision's and its box).
use super::{
    CLIP_SLACK, EPS, FAST_K, Obb2, PAD_K, Real, SMALL_SCALE, UNDERFLOW_FLOOR, Vec2, Vec4, sqrt,
    unit_of,
};
use crate::distance::{ClosestPoints, WALK_STEPS, clip};
use crate::precision::{RoundFromF64, ToF64};

impl Obb2 {
    /// The distance between the two rectangles: `0` when they intersect.
    ///
    /// Within [`DISTANCE_K`](crate::distance::DISTANCE_K)`·ε·S` (f64 boxes:
    /// [`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`) of the exact distance between the
    /// rectangles as stored (see [`distance`](crate::distance)). Never allocates. Cheaper than
    /// [`closest_points`](Self::closest_points), whose distance it equals within that bound
    /// (not always to the bit: it takes shortcuts the points would not allow).
    ///
    /// # Error bound
    ///
    /// Within `DISTANCE_K·ε·S` of the exact distance of the boxes as stored (`DISTANCE_K_F64·ε₆₄·S`
    /// in f64); [`distance`](crate::distance) derives it.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let a = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.0);
    /// let b = Obb2::from_degrees(Vec2::new(0.0, 4.0), Vec2::new(2.0, 1.0), 90.0);
    /// assert_eq!(a.distance(&b), 1.0); // B stands upright: its bottom end at y = 2
    /// ```
    #[inline]
    pub fn distance(&self, other: &Obb2) -> Real {
        let scale = scale_of(self, other);
        if scale >= SMALL_SCALE {
            distance_only(self, other, scale)
        } else {
            let (r, unit) = tiny(self, other, scale);
            sqrt(r.squared) * unit
        }
    }

    /// The distance between the two rectangles and a point of each realising it (world
    /// space), as [`Obb3::closest_points`](crate::Obb3::closest_points): `a` on `self`, `b` on
    /// `other`; for intersecting rectangles `distance` is `0` and `a == b` is a common point.
    ///
    /// # Error bound
    ///
    /// `distance` within `DISTANCE_K·ε·S` of the exact distance, each point within that of its box
    /// (plus `ε·|c|` for its world coordinates), the points that close to `distance` apart.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb2;
    /// use sat_core::glam::Vec2;
    ///
    /// let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
    /// let diamond = Obb2::from_degrees(Vec2::new(3.0, 3.0), Vec2::ONE, 45.0);
    /// let c = a.closest_points(&diamond);
    /// // The diamond's side x + y = 6 − √2 faces A's corner (1, 1).
    /// assert!((c.a - Vec2::ONE).length() < 1e-6);
    /// assert!((c.distance - (8f32.sqrt() - 1.0)).abs() < 1e-5);
    /// ```
    pub fn closest_points(&self, other: &Obb2) -> ClosestPoints<Vec2, Real> {
        let (r, unit) = reply(self, other);
        let world = |p: Point<Vec2>| -> Vec2 {
            match p {
                Point::InA(x) => self.center + self.axes * (x * unit),
                Point::InB(x) => other.center + other.axes * (x * unit),
                Point::OnSegment(lambda) => self.center + (other.center - self.center) * lambda,
            }
        };
        let a = world(r.a);
        let b = if r.b == r.a { a } else { world(r.b) };
        ClosestPoints {
            distance: sqrt(r.squared) * unit,
            a,
            b,
        }
    }
}

/// The answer in the rectangles' frames (the steps of `three.rs` without edge pairs): the
/// common cases inline, the rest in [`settle`].
#[inline]
fn reply(a: &Obb2, b: &Obb2) -> (Reply<Vec2>, Real) {
    let scale = scale_of(a, b);
    if scale >= SMALL_SCALE {
        solve(a, b, scale, (1.0, 1.0))
    } else {
        tiny(a, b, scale)
    }
}

/// The distance alone (no points), for a pair not smaller than [`SMALL_SCALE`] (the steps of
/// [`distance`](crate::distance) for two rectangles, with two shortcuts the points would not allow):
///
/// * all four computed face gaps `≤ 0`: `0`. For disjoint rectangles the closest direction `u`
///   lies in the normal cone of a vertex of each (a quarter plane between two face normals) or
///   is a face normal; the directions in both cones form an interval at most 90° wide whose
///   ends are face normals, so one face normal `n` is within 45° of `u`, and the two vertices
///   are the boxes' extremes along `n` too: the gap along `n` is `d·cos∠(n, u) ≥ d/√2`. With
///   every exact face gap within `PAD_K·ε·S` of a computed one `≤ 0`, `d ≤ √2·PAD_K·ε·S`.
/// * a face gap beyond `PAD_K·ε·S₁`: the rectangles are disjoint, and their distance is the
///   least of the 8 vertex candidates (each vertex against the other rectangle, as step 10
///   computes them), all at once in four lanes and without a branch.
///
/// Between the two (a gap within the pad), [`solve`] as `closest_points` runs it.
#[inline(always)]
fn distance_only(a: &Obb2, b: &Obb2, scale: Real) -> Real {
    let f = Frame::new(a, b, scale, 1.0, 1.0);
    let (face_a, face_b) = f.face_gaps();
    let best = face_a.max_element().max(face_b.max_element());
    if best <= 0.0 {
        0.0
    } else if best > PAD_K * EPS * f.scale + UNDERFLOW_FLOOR {
        sqrt(f.vertices_squared())
    } else {
        sqrt(solve(a, b, scale, (1.0, 1.0)).0.squared)
    }
}

/// [`reply`] for a pair smaller than [`SMALL_SCALE`]: lengths measured in a power of two of
/// its size (out of line, so that the common case multiplies by nothing).
#[inline(never)]
fn tiny(a: &Obb2, b: &Obb2, scale: Real) -> (Reply<Vec2>, Real) {
    solve(a, b, scale, unit_of(scale))
}

/// The steps, with lengths in units of `unit` (`per = 1/unit`, both powers of two).
#[inline(always)]
fn solve(a: &Obb2, b: &Obb2, scale: Real, (unit, per): (Real, Real)) -> (Reply<Vec2>, Real) {
    let f = Frame::new(a, b, scale, unit, per);
    let tol = FAST_K * EPS * f.scale + UNDERFLOW_FLOOR;
    let (face_a, face_b) = f.face_gaps();
    let (gap_a, gap_b) = (face_a.max_element(), face_b.max_element());
    let best = gap_a.max(gap_b);
    let overlapping_faces = best <= 0.0 || best.is_nan();
    if overlapping_faces && let Some(found) = f.centres_common() {
        return (found, f.unit);
    }
    // The best face's supporting vertex first, without a branch on whose face it is.
    let against_a = gap_a >= gap_b;
    let found = f.against_best(against_a, face_a, face_b);
    // Both tests, not short-circuited: no branch to mispredict.
    if (found.squared <= square(best.max(0.0) + tol)) | f.certified(&found, tol) {
        return (found, f.unit);
    }
    (
        settle(&f, a, b, found, against_a, (face_a, face_b), best),
        f.unit,
    )
}

/// The other box's supporting vertex, the certificate along the nearest pair's own direction,
/// the support walk, a common point, and the enumeration.
#[inline(never)]
fn settle(
    f: &Frame,
    a: &Obb2,
    b: &Obb2,
    mut found: Reply<Vec2>,
    against_a: bool,
    (face_a, face_b): (Vec2, Vec2),
    best: Real,
) -> Reply<Vec2> {
    let tol = FAST_K * EPS * f.scale + UNDERFLOW_FLOOR;
    let other = if against_a {
        f.against_b(usize::from(face_b.y > face_b.x))
    } else {
        f.against_a(usize::from(face_a.y > face_a.x))
    };
    if other.squared < found.squared {
        found = other;
    }
    if found.squared <= square(best.max(0.0) + tol) || f.certified(&found, tol) {
        return found;
    }
    for _ in 0..WALK_STEPS {
        found = f.step(found);
        if f.certified(&found, tol) {
            return found;
        }
    }
    let apart = best > PAD_K * EPS * f.scale + UNDERFLOW_FLOOR;
    if !apart {
        if let Some(common) = f.member(&found) {
            return common;
        }
        if let Some(common) = edges_common(a, b, f.scale, f.unit) {
            return common;
        }
    }
    f.enumerate()
}

/// `S₁ = |t|₁ + |e_A| + |e_B|`.
#[inline(always)]
fn scale_of(a: &Obb2, b: &Obb2) -> Real {
    let t = b.center - a.center;
    (t.x.abs() + t.y.abs()) + a.extent_norm + b.extent_norm
}

/// The pair in A's frame (see `three.rs`).
struct Frame {
    /// `(a_0·t, a_1·t, b_0·t, b_1·t)`.
    along: Vec4,
    /// `(R00, R01, R10, R11)`.
    r: Vec4,
    ea: Vec2,
    eb: Vec2,
    /// Lane i: `a_i · t`.
    ta: Vec2,
    /// Lane j: `b_j · t`.
    tb: Vec2,
    /// `col[k]`, lane i: `R_ik = a_i · b_k`.
    col: [Vec2; 2],
    /// `row[i]`, lane k: the same `R_ik`.
    row: [Vec2; 2],
    /// `S₁ = |t|₁ + |e_A| + |e_B|`, between `S` and `√2·S`, in units of `unit` (1/2 to 1).
    scale: Real,
    /// The power of two every length of the frame is measured in (see `unit_of`).
    unit: Real,
}

impl Frame {
    #[inline(always)]
    fn new(a: &Obb2, b: &Obb2, scale: Real, unit: Real, per: Real) -> Frame {
        // Four lanes at a time, as `sat2` computes them: each axis matrix is one vector
        // `(u0.x, u0.y, u1.x, u1.y)` and the dot products are lane products summed in pairs.
        let (am, bm) = (
            Vec4::from(a.axes.to_cols_array()),
            Vec4::from(b.axes.to_cols_array()),
        );
        let t = b.center - a.center;
        let tt = Vec4::new(t.x, t.y, t.x, t.y);
        let (pa, pb) = (am * tt, bm * tt);
        // (a_0·t, a_1·t, b_0·t, b_1·t)
        let along = Vec4::new(pa.x, pa.z, pb.x, pb.z) + Vec4::new(pa.y, pa.w, pb.y, pb.w);
        let (p0, p1) = (am.xxzz() * bm.xzxz(), am.yyww() * bm.ywyw());
        // (R00, R01, R10, R11), R_ik = a_i·b_k
        let r = p0 + p1;
        // Lengths in units of `unit` (exact: a power of two), as in 3D.
        let along = along * per;
        Frame {
            along,
            r,
            ea: a.half_extents * per,
            eb: b.half_extents * per,
            ta: along.xy(),
            tb: along.zw(),
            col: [r.xz(), r.yw()],
            row: [r.xy(), r.zw()],
            scale: scale * per,
            unit,
        }
    }

    /// The computed gaps along A's two face normals and B's, four lanes at a time as `sat2`
    /// computes them (the same roundings): `|t·n| − (e_fixed + Σ e_k|R|)`.
    #[inline(always)]
    fn face_gaps(&self) -> (Vec2, Vec2) {
        let (ea, eb) = (self.ea, self.eb);
        let ar = self.r.abs();
        let by_b = ar * Vec4::new(eb.x, eb.y, eb.x, eb.y);
        let by_a = ar * Vec4::new(ea.x, ea.x, ea.y, ea.y);
        let first = Vec4::new(by_b.x, by_b.z, by_a.x, by_a.y);
        let second = Vec4::new(by_b.y, by_b.w, by_a.z, by_a.w);
        let gaps = self.along.abs() - (Vec4::new(ea.x, ea.y, eb.x, eb.y) + (first + second));
        (gaps.xy(), gaps.zw())
    }

    /// Whether the candidate's distance `V` is within `tol` of the gap along its own direction
    /// `n` (see `three.rs`): `V ≤ gap/|n| + tol`, as `V² ≤ gap + tol·V` (`|n|` is `V`; no
    /// square of `V² − gap`, which overflows f32 for kilometre-scale pairs of `2⁶⁰` boxes).
    #[inline(always)]
    fn certified(&self, r: &Reply<Vec2>, tol: Real) -> bool {
        let n = r.dir;
        let along_b = self.row[0] * n.x + self.row[1] * n.y;
        let gap = n.dot(self.ta) - (along_b.abs().dot(self.eb) + n.abs().dot(self.ea));
        r.squared <= gap + tol * sqrt(r.squared)
    }

    /// One support-walk step from a candidate (see `three.rs`).
    #[inline(always)]
    fn step(&self, r: Reply<Vec2>) -> Reply<Vec2> {
        let n = r.dir;
        let along_b = self.row[0] * n.x + self.row[1] * n.y;
        let sb = Vec2::new(-sign_of(along_b.x), -sign_of(along_b.y));
        let sa = Vec2::new(sign_of(n.x), sign_of(n.y));
        [self.b_vertex_reply(sb), self.a_vertex_reply(sa)]
            .into_iter()
            .fold(r, |best, c| if c.squared < best.squared { c } else { best })
    }

    /// A point of the candidate that lies in the other rectangle as computed.
    #[inline(always)]
    fn member(&self, r: &Reply<Vec2>) -> Option<Reply<Vec2>> {
        if let Point::InA(p) = r.a {
            let in_b = (self.row[0] * p.x + self.row[1] * p.y) - self.tb;
            if in_b.abs().cmple(self.eb).all() {
                return Some(Reply::common(r.a));
            }
        }
        if let Point::InB(q) = r.b {
            let in_a = self.ta + (self.col[0] * q.x + self.col[1] * q.y);
            if in_a.abs().cmple(self.ea).all() {
                return Some(Reply::common(r.b));
            }
        }
        None
    }

    /// B's vertex `s` and its closest point of A.
    #[inline(always)]
    fn b_vertex_reply(&self, s: Vec2) -> Reply<Vec2> {
        let h = s * self.eb;
        let v = self.ta + (self.col[0] * h.x + self.col[1] * h.y);
        let p = v.clamp(-self.ea, self.ea);
        Reply {
            squared: (v - p).dot(v - p),
            a: Point::InA(p),
            b: Point::InB(h),
            dir: v - p,
        }
    }

    /// A's vertex `s` and its closest point of B.
    #[inline(always)]
    fn a_vertex_reply(&self, s: Vec2) -> Reply<Vec2> {
        let h = s * self.ea;
        let w = (self.row[0] * h.x + self.row[1] * h.y) - self.tb;
        let q = w.clamp(-self.eb, self.eb);
        let e = q - w;
        Reply {
            squared: e.dot(e),
            a: Point::InA(h),
            b: Point::InB(q),
            dir: self.col[0] * e.x + self.col[1] * e.y,
        }
    }

    /// [`against_a`](Self::against_a) of A's best face if `against_a`, else
    /// [`against_b`](Self::against_b) of B's, computed once with the roles chosen by selects:
    /// the fixed box's frame, the moving box's centre and axes in it, their extents.
    #[inline(always)]
    fn against_best(&self, against_a: bool, face_a: Vec2, face_b: Vec2) -> Reply<Vec2> {
        let mask = BVec2::splat(against_a);
        let pick = |x: Vec2, y: Vec2| Vec2::select(mask, x, y);
        let moving = pick(self.ta, -self.tb);
        let fixed_seen = pick(-self.tb, self.ta);
        let (m0, m1) = (
            pick(self.col[0], self.row[0]),
            pick(self.col[1], self.row[1]),
        );
        let (e_moving, e_fixed) = (pick(self.eb, self.ea), pick(self.ea, self.eb));
        let faces = pick(face_a, face_b);
        let second = BVec2::splat(faces.y > faces.x);
        let row = Vec2::select(second, Vec2::new(m0.y, m1.y), Vec2::new(m0.x, m1.x));
        let along = Vec2::select(second, moving.yy(), moving.xx()).x;
        let s = self.support(row * e_moving, -sign_of(along), fixed_seen);
        let h = s * e_moving;
        let v = moving + (m0 * h.x + m1 * h.y);
        let p = v.clamp(-e_fixed, e_fixed);
        let e = v - p;
        Reply {
            squared: e.dot(e),
            a: Point::InA(pick(p, h)),
            b: Point::InB(pick(h, p)),
            dir: pick(e, -(self.col[0] * e.x + self.col[1] * e.y)),
        }
    }

    /// B's vertex supporting against A's face `i`, and its closest point of A. Where B's side
    /// `k` is parallel to the face within `ε·S₁` of height, its sign is the one towards A's
    /// centre (the vertex above the face, when either is).
    #[inline(always)]
    fn against_a(&self, i: usize) -> Reply<Vec2> {
        // R_ik·e_Bk over k: row i of R, weighted.
        let s = self.support(self.row[i] * self.eb, -sign_of(self.ta[i]), -self.tb);
        self.b_vertex_reply(s)
    }

    /// A's vertex supporting against B's face `j`, and its closest point of B.
    #[inline(always)]
    fn against_b(&self, j: usize) -> Reply<Vec2> {
        let s = self.support(self.col[j] * self.ea, sign_of(self.tb[j]), self.ta);
        self.a_vertex_reply(s)
    }

    /// The signs of the moving rectangle's vertex supporting against a face: on each of its
    /// axes, `away` (±1) times the sign of the axis's `heights` over the face, or where that
    /// height is within `ε·S₁` (the side parallel to the face), the sign of `centre`, the fixed
    /// rectangle's centre in the moving one's frame.
    #[inline(always)]
    fn support(&self, heights: Vec2, away: Real, centre: Vec2) -> Vec2 {
        let flat = heights.abs().cmple(Vec2::splat(EPS * self.scale));
        Vec2::select(flat, signs(centre), signs(heights) * away)
    }

    /// The minimum over the 4 vertices of each rectangle against the other: in 2D the distance
    /// of two disjoint convex polygons is always carried by a vertex.
    #[cold]
    #[inline(never)]
    fn enumerate(&self) -> Reply<Vec2> {
        let mut best = Reply::none();
        for corner in 0..4 {
            let s = Vec2::new(flip(corner & 1 == 1), flip(corner & 2 == 2));
            for r in [self.b_vertex_reply(s), self.a_vertex_reply(s)] {
                if r.squared < best.squared {
                    best = r;
                }
            }
        }
        best
    }

    /// The least squared distance of the 8 vertex candidates ([`b_vertex_reply`] and
    /// [`a_vertex_reply`] of every sign pattern, the same roundings), four vertices to a lane
    /// set: lane `k` is the vertex of signs `(±1, ±1)` = `(S0_k, S1_k)`.
    ///
    /// [`b_vertex_reply`]: Self::b_vertex_reply
    /// [`a_vertex_reply`]: Self::a_vertex_reply
    #[inline(always)]
    fn vertices_squared(&self) -> Real {
        const S0: Vec4 = Vec4::new(1.0, -1.0, 1.0, -1.0);
        const S1: Vec4 = Vec4::new(1.0, 1.0, -1.0, -1.0);
        let outside = |x: Vec4, e: Real| x - x.clamp(Vec4::splat(-e), Vec4::splat(e));
        // B's vertices h = (S0·e_B0, S1·e_B1) in A's frame: T + R·h, against A.
        let (h0, h1) = (S0 * self.eb.x, S1 * self.eb.y);
        let (c0, c1) = (self.col[0], self.col[1]);
        let vx = Vec4::splat(self.ta.x) + (c0.x * h0 + c1.x * h1);
        let vy = Vec4::splat(self.ta.y) + (c0.y * h0 + c1.y * h1);
        let (dx, dy) = (outside(vx, self.ea.x), outside(vy, self.ea.y));
        let of_b = dx * dx + dy * dy;
        // A's vertices h = (S0·e_A0, S1·e_A1) in B's frame: Rᵀh − Bᵀt, against B.
        let (h0, h1) = (S0 * self.ea.x, S1 * self.ea.y);
        let (r0, r1) = (self.row[0], self.row[1]);
        let wx = (r0.x * h0 + r1.x * h1) - Vec4::splat(self.tb.x);
        let wy = (r0.y * h0 + r1.y * h1) - Vec4::splat(self.tb.y);
        let (dx, dy) = (outside(wx, self.eb.x), outside(wy, self.eb.y));
        let of_a = dx * dx + dy * dy;
        of_b.min(of_a).min_element()
    }

    /// A common point on the segment between the centres (see `three.rs`).
    #[inline(always)]
    fn centres_common(&self) -> Option<Reply<Vec2>> {
        // (e_A0, e_A1, e_B0, e_B1) / |(a_0·t, a_1·t, b_0·t, b_1·t)|, in one division.
        let (ea, eb) = (self.ea, self.eb);
        let e = Vec4::new(ea.x, ea.y, eb.x, eb.y) + Vec4::splat(UNDERFLOW_FLOOR);
        let reach = e / self.along.abs();
        let (alpha, beta) = (reach.x.min(reach.y), reach.z.min(reach.w));
        let (lo, hi) = ((1.0 - beta).max(0.0), alpha.min(1.0));
        (lo <= hi).then(|| Reply::common(Point::OnSegment(0.5 * (lo + hi))))
    }
}

/// A common point of the stored rectangles, where an edge of one meets the other, in f64 (see
/// `edges_common` in `three.rs`).
#[cold]
#[inline(never)]
fn edges_common(a: &Obb2, b: &Obb2, scale: Real, unit: Real) -> Option<Reply<Vec2>> {
    let (ga, gb) = (a.axes.to_f64(), b.axes.to_f64());
    let t = b.center.to_f64() - a.center.to_f64(); // Real rectangles: exact
    let slack = f64::from(scale * unit) * CLIP_SLACK;
    let (ia, ib) = (ga.inverse(), gb.inverse());
    let sides = [
        (ia * gb, ia * t, b.half_extents, a.half_extents),
        (ib * ga, ib * -t, a.half_extents, b.half_extents),
    ];
    for (from_a, (m, o, e_from, e_into)) in [false, true].into_iter().zip(sides) {
        let bounds = e_into.to_f64().to_array().map(|x| x + slack);
        for k in 0..2 {
            let other = 1 - k;
            for sign in [1.0, -1.0] {
                let h = sign * e_from[other];
                let start = o + m.col(other) * f64::from(h);
                let half = f64::from(e_from[k]);
                if let Some(t) = clip(start.to_array(), m.col(k).to_array(), bounds, half) {
                    let mut q = [0.0; 2];
                    (q[k], q[other]) = (Real::round_from_f64(t).clamp(-e_from[k], e_from[k]), h);
                    let q = Vec2::from_array(q) / unit;
                    let here = if from_a { Point::InA(q) } else { Point::InB(q) };
                    return Some(Reply::common(here));
                }
            }
        }
    }
    None
}

/// `±1` per lane: `−1` where `v < 0`.
#[inline(always)]
fn signs(v: Vec2) -> Vec2 {
    Vec2::select(v.cmplt(Vec2::ZERO), Vec2::NEG_ONE, Vec2::ONE)
}
