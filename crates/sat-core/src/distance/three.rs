//! `Obb3::distance` and `Obb3::closest_points` (algorithm and bound: [`distance`](crate::distance)).

use glam::Vec3Swizzles;

use super::reply::{Point, Reply, Signs, flip, sign_of, square};
use super::sat3::{Class, classify_stored};
// This compilation's items (`single.rs`, `double.rs`: its precision's and its box).
use super::{
    AMBIGUITY_K, CLIP_SLACK, EPS, FAST_K, FrameMat3, FrameVec3, Obb3, PAD_K, PARALLEL_CUTOFF, Real,
    SMALL_SCALE, UNDERFLOW_FLOOR, Vec3, parts3, sqrt, unit_of,
};
use crate::distance::{ClosestPoints, WALK_STEPS, clip};
use crate::precision::{RoundFromF64, ToF64};

impl Obb3 {
    /// The distance between the two boxes: `0` when they intersect.
    ///
    /// Within [`DISTANCE_K`](crate::distance::DISTANCE_K)`·ε·S` (f64 boxes:
    /// [`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`) of the exact distance between the boxes
    /// as stored (see [`distance`](crate::distance) for the bound and its derivation). Never allocates.
    /// Cheaper than [`closest_points`](Self::closest_points) for intersecting boxes, whose
    /// distance it equals within that bound (not always to the bit: boxes proved intersecting
    /// get `0` without a common point).
    ///
    /// # Error bound
    ///
    /// Within `DISTANCE_K·ε·S` of the exact distance of the boxes as stored (`DISTANCE_K_F64·ε₆₄·S`
    /// in f64); [`distance`](crate::distance) derives it.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// // B spans x 3..5, y 2..4, z 0..2: its edge (3, 2, z) is nearest, to A's edge (1, 1, z).
    /// let b = Obb3::new(Vec3::new(4.0, 3.0, 1.0), Vec3::ONE, Quat::IDENTITY);
    /// assert!((a.distance(&b) - 5f32.sqrt()).abs() < 1e-6);
    /// assert_eq!(a.distance(&Obb3::new(Vec3::new(1.5, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY)), 0.0);
    /// ```
    #[inline]
    pub fn distance(&self, other: &Obb3) -> Real {
        let (r, unit) = reply::<false>(self, other);
        sqrt(r.squared) * unit
    }

    /// The distance between the two boxes and a point of each realising it (world space): `a` on
    /// `self`, `b` on `other`, `distance` apart. When the boxes intersect, `distance` is `0` and
    /// `a == b` is a point of both.
    ///
    /// The distance is within [`DISTANCE_K`](crate::distance::DISTANCE_K)`·ε·S` (f64 boxes:
    /// [`DISTANCE_K_F64`](crate::distance::DISTANCE_K_F64)`·ε₆₄·S`) of the exact one, each
    /// point within that of its box (plus the rounding of a world coordinate, `ε·|c|`, for
    /// boxes far from the origin) and `|a − b|` within that of `distance` (see
    /// [`distance`](crate::distance)). Never allocates.
    ///
    /// # Error bound
    ///
    /// `distance` within `DISTANCE_K·ε·S` of the exact distance, each point within that of its box
    /// (plus `ε·|c|` for its world coordinates), the points that close to `distance` apart.
    ///
    /// # Examples
    ///
    /// ```
    /// use sat_core::Obb3;
    /// use sat_core::glam::{Quat, Vec3};
    ///
    /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// // A cube turned 45° about z: its edge x = 2.5 - √2 faces A's face x = 1.
    /// let b = Obb3::new(Vec3::new(2.5, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_z(0.25 * std::f32::consts::PI));
    /// let c = a.closest_points(&b);
    /// assert!((c.distance - (1.5 - 2f32.sqrt())).abs() < 1e-6);
    /// assert!((c.a.x - 1.0).abs() < 1e-6 && (c.b.x - (2.5 - 2f32.sqrt())).abs() < 1e-6);
    /// assert!(((c.b - c.a).length() - c.distance).abs() < 1e-6);
    /// ```
    pub fn closest_points(&self, other: &Obb3) -> ClosestPoints<Vec3, Real> {
        let (r, unit) = reply::<true>(self, other);
        let (a, b) = (parts3(self), parts3(other));
        let world = |p: Point<FrameVec3>| -> Vec3 {
            match p {
                Point::InA(x) => (a.center + a.cols * (x * unit)).into(),
                Point::InB(x) => (b.center + b.cols * (x * unit)).into(),
                Point::OnSegment(lambda) => (a.center + (b.center - a.center) * lambda).into(),
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

/// The answer in the boxes' frames (the world points are built only by `closest_points`); the
/// steps of [`distance`](crate::distance), cheapest first. Without `POINTS` (`distance`), a pair the certified
/// separating-axis test proves intersecting is answered `0` without a common point.
#[inline]
fn reply<const POINTS: bool>(a: &Obb3, b: &Obb3) -> (Reply<FrameVec3>, Real) {
    let scale = scale_of(a, b);
    if scale >= SMALL_SCALE {
        solve::<POINTS>(a, b, scale, (1.0, 1.0))
    } else {
        tiny::<POINTS>(a, b, scale)
    }
}

/// [`reply`] for a pair smaller than [`SMALL_SCALE`]: lengths measured in a power of two of
/// its size (out of line, so that the common case multiplies by nothing).
#[inline(never)]
fn tiny<const POINTS: bool>(a: &Obb3, b: &Obb3, scale: Real) -> (Reply<FrameVec3>, Real) {
    solve::<POINTS>(a, b, scale, unit_of(scale))
}

/// The steps, with lengths in units of `unit` (`per = 1/unit`, both powers of two).
#[inline(always)]
fn solve<const POINTS: bool>(
    a: &Obb3,
    b: &Obb3,
    scale: Real,
    (unit, per): (Real, Real),
) -> (Reply<FrameVec3>, Real) {
    let f = Frame::new(a, b, scale, unit, per);
    let tol = FAST_K * EPS * f.scale + UNDERFLOW_FLOOR;
    let (face_a, face_b) = f.face_gaps();
    let argmax = |v: FrameVec3| {
        let i = usize::from(v.y > v.x);
        if v.z > v[i] { 2 } else { i }
    };
    let (i, j) = (argmax(face_a), argmax(face_b));
    let face_gap = face_a[i].max(face_b[j]);
    let overlapping_faces = face_gap <= 0.0 || face_gap.is_nan();
    if overlapping_faces && let Some(found) = f.centres_common() {
        return (found, f.unit);
    }
    // The best face's supporting vertex first.
    let against_a = face_a[i] >= face_b[j];
    let found = if against_a {
        f.against_a(i)
    } else {
        f.against_b(j)
    };
    if found.squared <= square(face_gap.max(0.0) + tol) {
        return (found, f.unit);
    }
    let overlap_proved = || classify_stored::<true>(a, b) == Class::Overlapping;
    if !POINTS && overlapping_faces && overlap_proved() {
        return (Reply::common(Point::OnSegment(0.0)), f.unit);
    }
    (settle(&f, a, b, found, against_a, (i, j), face_gap), f.unit)
}

/// The other box's supporting vertex, the certificate along the nearest pair's own direction,
/// the best edge pair, a common point, the support walk, and the enumeration.
#[inline(never)]
fn settle(
    f: &Frame,
    a: &Obb3,
    b: &Obb3,
    mut found: Reply<FrameVec3>,
    against_a: bool,
    (i, j): (usize, usize),
    face_gap: Real,
) -> Reply<FrameVec3> {
    let tol = FAST_K * EPS * f.scale + UNDERFLOW_FLOOR;
    let other = if against_a {
        f.against_b(j)
    } else {
        f.against_a(i)
    };
    if other.squared < found.squared {
        found = other;
    }
    if found.squared <= square(face_gap.max(0.0) + tol) || f.certified(&found, tol) {
        return found;
    }
    // Overlapping on every face normal: a point of the pair inside the other box, if any.
    let overlapping_faces = face_gap <= 0.0 || face_gap.is_nan();
    if overlapping_faces && let Some(common) = f.member(&found) {
        return common;
    }
    let (best, edge) = f.best_edge(face_gap);
    if let Some((i, k)) = edge {
        f.edge_pairs(i, k, true, &mut found);
        if found.squared <= square(best.max(0.0) + tol) || f.certified(&found, tol) {
            return found;
        }
    }
    // Not provably apart (`tolerance::PAD_K`): the boxes may intersect.
    let apart = best > PAD_K * EPS * f.scale + UNDERFLOW_FLOOR;
    let maybe_touching = !apart;
    if maybe_touching && let Some(common) = f.member(&found) {
        return common;
    }
    for _ in 0..WALK_STEPS {
        found = f.step(found);
        if f.certified(&found, tol) {
            return found;
        }
    }
    if maybe_touching && let Some(common) = edges_common(a, b, f.scale, f.unit) {
        return common;
    }
    f.enumerate()
}

/// The pair in A's frame: `T = Aᵀt`, `R = AᵀB` as columns (B's axes in A's frame) and as rows
/// (A's axes in B's frame), and `Bᵀt`.
struct Frame {
    ea: FrameVec3,
    eb: FrameVec3,
    /// Lane i: `a_i · t`.
    ta: FrameVec3,
    /// Lane j: `b_j · t`.
    tb: FrameVec3,
    /// `col[k]`, lane i: `R_ik = a_i · b_k` (B's axis k in A's frame).
    col: [FrameVec3; 3],
    /// `row[i]`, lane k: the same `R_ik` (A's axis i in B's frame).
    row: [FrameVec3; 3],
    /// `S₁ = |t|₁ + |e_A| + |e_B|`, between `S` and `√3·S` (no square root), in units of
    /// [`unit`](Self::unit): between 1/2 and 1.
    scale: Real,
    /// The power of two every length of the frame is measured in (see [`unit_of`]).
    unit: Real,
}

/// `S₁ = |t|₁ + |e_A| + |e_B|`.
#[inline(always)]
fn scale_of(a: &Obb3, b: &Obb3) -> Real {
    (parts3(b).center - parts3(a).center).abs().element_sum() + a.extent_norm + b.extent_norm
}

/// `rows · v`, lane i = `(r_i.x·v.x + r_i.y·v.y) + r_i.z·v.z` (a dot product in index order).
#[inline(always)]
fn times(rows: &FrameMat3, v: FrameVec3) -> FrameVec3 {
    (rows.x_axis * v.x + rows.y_axis * v.y) + rows.z_axis * v.z
}

impl Frame {
    #[inline(always)]
    fn new(a: &Obb3, b: &Obb3, scale: Real, unit: Real, per: Real) -> Frame {
        let (a, b) = (parts3(a), parts3(b));
        let t = b.center - a.center;
        let r = FrameMat3::from_cols(
            times(&a.rows, b.cols.x_axis),
            times(&a.rows, b.cols.y_axis),
            times(&a.rows, b.cols.z_axis),
        );
        let rt = r.transpose();
        // Lengths in units of `unit` (exact: a power of two).
        Frame {
            ea: a.half * per,
            eb: b.half * per,
            ta: times(&a.rows, t) * per,
            tb: times(&b.rows, t) * per,
            col: [r.x_axis, r.y_axis, r.z_axis],
            row: [rt.x_axis, rt.y_axis, rt.z_axis],
            scale: scale * per,
            unit,
        }
    }

    /// The computed gaps along A's three face normals and B's.
    #[inline(always)]
    fn face_gaps(&self) -> (FrameVec3, FrameVec3) {
        let (ea, eb) = (self.ea, self.eb);
        let acol = self.col.map(FrameVec3::abs);
        let arow = self.row.map(FrameVec3::abs);
        let face_a = self.ta.abs() - (ea + ((acol[0] * eb.x + acol[1] * eb.y) + acol[2] * eb.z));
        let face_b = self.tb.abs() - (((arow[0] * ea.x + arow[1] * ea.y) + arow[2] * ea.z) + eb);
        (face_a, face_b)
    }

    /// The largest computed gap over the 15 candidate axes, given the faces' (edge axes
    /// normalised, those within [`PARALLEL_CUTOFF`] of parallel skipped), and the edge pair
    /// `(i, k)` of the largest edge gap. No preference for faces (as `separation` has): the
    /// faces' candidates have been tried, and an edge pair within the pad of a face is the one
    /// that carries the distance when two edges are closest.
    #[inline(always)]
    fn best_edge(&self, face_gap: Real) -> (Real, Option<(usize, usize)>) {
        let (ea, eb) = (self.ea, self.eb);
        let arow = self.row.map(FrameVec3::abs);
        let mut edge = (Real::NEG_INFINITY, None);
        for i in 0..3 {
            let (m, n) = ((i + 1) % 3, (i + 2) % 3);
            // Lane k: ℓ = e_i × R_·k, (ℓ_m, ℓ_n) = (−R_nk, R_mk).
            let (rm, rn) = (self.row[m], self.row[n]);
            let length_sq = rm * rm + rn * rn;
            let centre = rm * self.ta[n] - rn * self.ta[m];
            let radius_a = arow[n] * ea[m] + arow[m] * ea[n];
            let minors = (rm.yzx() * rn.zxy() - rn.yzx() * rm.zxy()).abs();
            let radius_b = eb.yzx() * minors.zxy() + eb.zxy() * minors.yzx();
            let length = FrameVec3::new(sqrt(length_sq.x), sqrt(length_sq.y), sqrt(length_sq.z));
            let gap = (centre.abs() - (radius_a + radius_b)) / length;
            for k in 0..3 {
                let parallel = length[k] < PARALLEL_CUTOFF;
                if !parallel && gap[k] > edge.0 {
                    edge = (gap[k], Some((i, k)));
                }
            }
        }
        (edge.0.max(face_gap), edge.1)
    }

    /// B's vertex supporting against A's face `i`, and its closest point of A. Where B's axis
    /// `k` is parallel to the face within `ε·S₁` of height, its side is the one towards A's
    /// centre (the vertex above the face, when any is).
    #[inline(always)]
    fn against_a(&self, i: usize) -> Reply<FrameVec3> {
        // R_ik·e_Bk over k: row i of R, weighted.
        let s = self.support(self.row[i] * self.eb, -sign_of(self.ta[i]), -self.tb);
        self.b_vertex_reply(s)
    }

    /// A's vertex supporting against B's face `j`, and its closest point of B.
    #[inline(always)]
    fn against_b(&self, j: usize) -> Reply<FrameVec3> {
        let s = self.support(self.col[j] * self.ea, sign_of(self.tb[j]), self.ta);
        self.a_vertex_reply(s)
    }

    /// The signs of the moving box's vertex supporting against a face: on each of its axes,
    /// `away` (±1) times the sign of the axis's `heights` over the face, or where that height is
    /// within `ε·S₁` (the axis parallel to the face), the sign of `centre`, the fixed box's centre
    /// in the moving box's frame.
    #[inline(always)]
    fn support(&self, heights: FrameVec3, away: Real, centre: FrameVec3) -> FrameVec3 {
        let flat = heights.abs().cmple(FrameVec3::splat(EPS * self.scale));
        FrameVec3::select(flat, signs(centre), signs(heights) * away)
    }

    /// Whether the candidate's distance `V` is within `tol` of the two boxes' gap along its own
    /// direction `n` (a lower bound of the distance for any `n`): `n·T − Σ e_Bj|n·b_j| − Σ
    /// e_Ai|n_i|`, over `|n|`; as `V² ≤ gap + tol·V` (`|n|` is `V`, computed from the same `n`).
    #[inline(always)]
    fn certified(&self, r: &Reply<FrameVec3>, tol: Real) -> bool {
        let n = r.dir;
        let along_b = times(
            &FrameMat3::from_cols(self.row[0], self.row[1], self.row[2]),
            n,
        );
        let gap = n.dot(self.ta) - (along_b.abs().dot(self.eb) + n.abs().dot(self.ea));
        r.squared <= gap + tol * sqrt(r.squared)
    }

    /// One step of a support walk from a candidate along its direction `n` (as GJK steps): B's
    /// vertex supporting along `−n` against A, A's vertex supporting along `n` against B; the
    /// nearest of those and the candidate.
    #[inline(always)]
    fn step(&self, r: Reply<FrameVec3>) -> Reply<FrameVec3> {
        let n = r.dir;
        let along_b = times(
            &FrameMat3::from_cols(self.row[0], self.row[1], self.row[2]),
            n,
        );
        let sb = FrameVec3::from_array(along_b.to_array().map(|x| -sign_of(x)));
        let sa = FrameVec3::from_array(n.to_array().map(sign_of));
        [self.b_vertex_reply(sb), self.a_vertex_reply(sa)]
            .into_iter()
            .fold(r, |best, c| if c.squared < best.squared { c } else { best })
    }

    /// A point of the candidate that lies in the other box as computed (the boxes intersect up
    /// to rounding there): A's point in B, or B's point in A.
    #[inline(always)]
    fn member(&self, r: &Reply<FrameVec3>) -> Option<Reply<FrameVec3>> {
        if let Point::InA(p) = r.a {
            let in_b = (self.row[0] * p.x + self.row[1] * p.y) + self.row[2] * p.z - self.tb;
            if in_b.abs().cmple(self.eb).all() {
                return Some(Reply::common(r.a));
            }
        }
        if let Point::InB(q) = r.b {
            let in_a = self.ta + (self.col[0] * q.x + self.col[1] * q.y) + self.col[2] * q.z;
            if in_a.abs().cmple(self.ea).all() {
                return Some(Reply::common(r.b));
            }
        }
        None
    }

    /// B's vertex with signs `s` (±1 per axis of B), in A's frame.
    #[inline(always)]
    fn vertex_b(&self, s: FrameVec3) -> FrameVec3 {
        let h = s * self.eb;
        self.ta + (self.col[0] * h.x + self.col[1] * h.y) + self.col[2] * h.z
    }

    /// A's vertex with signs `s`, in B's frame.
    #[inline(always)]
    fn vertex_a(&self, s: FrameVec3) -> FrameVec3 {
        let h = s * self.ea;
        (self.row[0] * h.x + self.row[1] * h.y) + self.row[2] * h.z - self.tb
    }

    /// B's vertex `s` and its closest point of A.
    #[inline(always)]
    fn b_vertex_reply(&self, s: FrameVec3) -> Reply<FrameVec3> {
        let v = self.vertex_b(s);
        let p = v.clamp(-self.ea, self.ea);
        candidate(p, s * self.eb, v - p, v - p)
    }

    /// A's vertex `s` and its closest point of B.
    #[inline(always)]
    fn a_vertex_reply(&self, s: FrameVec3) -> Reply<FrameVec3> {
        let w = self.vertex_a(s);
        let q = w.clamp(-self.eb, self.eb);
        let e = q - w;
        // From A's vertex to B's point, in A's frame.
        let dir = (self.col[0] * e.x + self.col[1] * e.y) + self.col[2] * e.z;
        candidate(s * self.ea, q, e, dir)
    }

    /// The supporting edges of edge pair `(i, k)` (A's edge along `a_i`, B's along `b_k`) along
    /// `±ℓ`, `ℓ = e_i × R_·k`: the signs of A's edge on its axes `m, n`, of B's on its axes
    /// `j, l`, each either decided or ambiguous (both edges tried by
    /// [`enumerate`](Self::enumerate)).
    ///
    /// `ℓ`'s components are entries of `R`, so A's side is exact (ambiguous only for an exact
    /// zero). The orientation `σ = sign(T·ℓ)` and B's side `sign(R_·j · ℓ)` are two-term sums,
    /// ambiguous when within their rounding error ([`AMBIGUITY_K`]).
    #[inline(always)]
    fn edge_signs(&self, i: usize, k: usize) -> EdgeSigns {
        let (m, n) = ((i + 1) % 3, (i + 2) % 3);
        let d = self.col[k];
        let (lm, ln) = (-d[n], d[m]);
        let orientation = two_term_sign(self.ta[m], lm, self.ta[n], ln);
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        let minor = |c: FrameVec3| two_term_sign(c[m], lm, c[n], ln);
        EdgeSigns {
            orientation,
            a: [Signs::of(lm), Signs::of(ln)],
            b: [minor(self.col[j]), minor(self.col[l])],
        }
    }

    /// [`edge_pair`](Self::edge_pair) for every option of the supporting sides of edge pair
    /// `(i, k)`: one pair of edges, or (where a side is ambiguous) each candidate side. With
    /// `ends`, a pair whose closest points leave an edge gives that edge's end vertex against
    /// the other box instead.
    #[inline(always)]
    fn edge_pairs(&self, i: usize, k: usize, ends: bool, out: &mut Reply<FrameVec3>) {
        let signs = self.edge_signs(i, k);
        for &sigma in signs.orientation.options() {
            for &sm in signs.a[0].options() {
                for &sn in signs.a[1].options() {
                    for &sj in signs.b[0].options() {
                        for &sl in signs.b[1].options() {
                            self.edge_pair(i, k, [sigma, sm, sn, sj, sl], ends, out);
                        }
                    }
                }
            }
        }
    }

    /// Line–line closest points of A's edge along `a_i` and B's edge along `b_k` with the given
    /// signs (`σ` orients `ℓ` from A to B; A's edge is the one farthest along `σℓ`, B's the one
    /// nearest), kept in `out` if they lie on both edges and are closer than `out` (with
    /// `ends`, the end vertex of an edge they leave, against the other box).
    ///
    /// Near-parallel edges are safe: `t` is the projection onto B's edge line in the plane
    /// `⊥ a_i` (well conditioned relative to `|ℓ|`), the point on A is the foot of B's point on
    /// A's edge line (so the pair is the exact closest pair of lines moved by a few rounding
    /// errors), and the distance is the residual in that plane, accurate however parallel the
    /// edges are ([`distance`](crate::distance), "Edge pairs").
    #[inline(always)]
    fn edge_pair(
        &self,
        i: usize,
        k: usize,
        signs: [Real; 5],
        ends: bool,
        out: &mut Reply<FrameVec3>,
    ) {
        let (m, n) = ((i + 1) % 3, (i + 2) % 3);
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        let [sigma, sm, sn, sj, sl] = signs;
        let d = self.col[k];
        // A's edge: x_m = a_m·sign(σℓ_m), x_n = a_n·sign(σℓ_n) (ℓ_m = −d_n, ℓ_n = d_m).
        let (pm, pn) = (sigma * sm * self.ea[m], sigma * sn * self.ea[n]);
        // B's edge: the side of each other axis that lies against σℓ.
        let (hj, hl) = (-sigma * sj * self.eb[j], -sigma * sl * self.eb[l]);
        let q0 = self.ta + self.col[j] * hj + self.col[l] * hl;
        let (rm, rn) = (q0[m] - pm, q0[n] - pn);
        let t = -(rm * d[m] + rn * d[n]) / (d[m] * d[m] + d[n] * d[n]);
        let keep = |r: Reply<FrameVec3>, out: &mut Reply<FrameVec3>| {
            if r.squared < out.squared {
                *out = r;
            }
        };
        let on_b = t.abs() <= self.eb[k];
        if !on_b {
            // Off B's edge: the closest points lie near its end (see the module docs).
            if ends {
                let mut sb = [0.0; 3];
                (sb[k], sb[j], sb[l]) = (sign_of(t), -sigma * sj, -sigma * sl);
                keep(self.b_vertex_reply(FrameVec3::from_array(sb)), out);
            }
            return;
        }
        let s = q0[i] + t * d[i];
        let on_a = s.abs() <= self.ea[i];
        if !on_a {
            if ends {
                let mut sa = [0.0; 3];
                (sa[i], sa[m], sa[n]) = (sign_of(s), sigma * sm, sigma * sn);
                keep(self.a_vertex_reply(FrameVec3::from_array(sa)), out);
            }
            return;
        }
        let (em, en) = (rm + t * d[m], rn + t * d[n]);
        let squared = em * em + en * en;
        if squared < out.squared {
            let mut p = [0.0; 3];
            (p[i], p[m], p[n]) = (s, pm, pn);
            let mut q = [0.0; 3];
            (q[k], q[j], q[l]) = (t, hj, hl);
            let mut dir = [0.0; 3];
            (dir[m], dir[n]) = (em, en);
            *out = Reply {
                squared,
                a: Point::InA(FrameVec3::from_array(p)),
                b: Point::InB(FrameVec3::from_array(q)),
                dir: FrameVec3::from_array(dir),
            };
        }
    }

    /// The minimum over every candidate that can carry the distance of two disjoint boxes:
    /// the 8 vertices of each box against the other box, and the supporting edges of the nine
    /// edge pairs (both sides where a side is ambiguous).
    #[cold]
    #[inline(never)]
    fn enumerate(&self) -> Reply<FrameVec3> {
        let mut best = Reply::none();
        for corner in 0..8 {
            let s = corner_signs(corner);
            for r in [self.b_vertex_reply(s), self.a_vertex_reply(s)] {
                if r.squared < best.squared {
                    best = r;
                }
            }
        }
        for i in 0..3 {
            for k in 0..3 {
                self.edge_pairs(i, k, false, &mut best);
            }
        }
        best
    }

    /// A common point on the segment between the centres, when it lies in both boxes as
    /// computed: `x = c_A + λt` is in A iff `λ|T_i| ≤ e_Ai`, in B iff `(1 − λ)|b_j·t| ≤ e_Bj`.
    #[inline(always)]
    fn centres_common(&self) -> Option<Reply<FrameVec3>> {
        let reach = |e: FrameVec3, along: FrameVec3| {
            ((e + FrameVec3::splat(UNDERFLOW_FLOOR)) / along.abs()).min_element()
        };
        let (alpha, beta) = (reach(self.ea, self.ta), reach(self.eb, self.tb));
        let (lo, hi) = ((1.0 - beta).max(0.0), alpha.min(1.0));
        (lo <= hi).then(|| Reply::common(Point::OnSegment(0.5 * (lo + hi))))
    }
}

/// A common point of the stored boxes, where an edge of one meets the other: every vertex of
/// the intersection of two boxes is a vertex of one inside the other or an edge of one crossing
/// a face of the other, so it lies on an edge of one box inside the other. In f64, in each
/// box's own coordinates `G⁻¹(x − c)` (the stored columns taken exactly). For f32 boxes the
/// products of f32 values are exact there and the rest errs by `~10⁻¹⁵·S`, so the clip allows
/// [`CLIP_SLACK`]`·S` (`2⁻⁴⁰·S`); for f64 boxes it errs by at most `30 ε₆₄·S` and the clip allows
/// `CLIP_SLACK_F64·S` (`128 ε₆₄·S`, [`distance`](crate::distance), "Double precision"). So it
/// finds a point whenever the stored boxes intersect; the point is on one box exactly (its
/// coordinates in that box, rounded to the stored precision inside the edge) and within
/// `√3` times the slack and the rounding of the other.
#[cold]
#[inline(never)]
fn edges_common(a: &Obb3, b: &Obb3, scale: Real, unit: Real) -> Option<Reply<FrameVec3>> {
    let (ga, gb) = (a.axes().to_f64(), b.axes().to_f64());
    let t = b.center().to_f64() - a.center().to_f64(); // Real boxes: exact, a difference of Real values
    let slack = f64::from(scale * unit) * CLIP_SLACK;
    let (ia, ib) = (ga.inverse(), gb.inverse());
    // Each box's edges in the other's coordinates: start `o + M·(signs·e)`, direction `M_·k`.
    let sides = [
        (ia * gb, ia * t, b.half_extents(), a.half_extents()),
        (ib * ga, ib * -t, a.half_extents(), b.half_extents()),
    ];
    for (from_a, (m, o, e_from, e_into)) in [false, true].into_iter().zip(sides) {
        let bounds = e_into.to_f64().to_array().map(|x| x + slack);
        for k in 0..3 {
            let (j, l) = ((k + 1) % 3, (k + 2) % 3);
            for corner in 0..4 {
                let (hj, hl) = (
                    corner_side(corner, 0) * e_from[j],
                    corner_side(corner, 1) * e_from[l],
                );
                let start = o + m.col(j) * f64::from(hj) + m.col(l) * f64::from(hl);
                let half = f64::from(e_from[k]);
                if let Some(t) = clip(start.to_array(), m.col(k).to_array(), bounds, half) {
                    let mut q = [0.0; 3];
                    (q[k], q[j], q[l]) =
                        (Real::round_from_f64(t).clamp(-e_from[k], e_from[k]), hj, hl);
                    // In the frame's units, as every other answer.
                    let q = FrameVec3::from_array(q) / unit;
                    let here = if from_a { Point::InA(q) } else { Point::InB(q) };
                    return Some(Reply::common(here));
                }
            }
        }
    }
    None
}

/// The candidate of A's point `p` and B's point `q` (each in its box's frame), `e` apart in the
/// frame they were compared in; `dir`: from `p` to `q` in A's frame.
#[inline(always)]
fn candidate(p: FrameVec3, q: FrameVec3, e: FrameVec3, dir: FrameVec3) -> Reply<FrameVec3> {
    Reply {
        squared: e.dot(e),
        a: Point::InA(p),
        b: Point::InB(q),
        dir,
    }
}

/// ±1 on each axis: bit `i` of `corner` set means `−`.
#[inline(always)]
fn corner_signs(corner: usize) -> FrameVec3 {
    FrameVec3::new(
        corner_side(corner, 0),
        corner_side(corner, 1),
        corner_side(corner, 2),
    )
}

#[inline(always)]
fn corner_side(corner: usize, bit: usize) -> Real {
    flip(corner >> bit & 1 == 1)
}

/// The sign of `x·y + z·w` as computed, or ambiguous when it is within the sum's rounding error.
#[inline(always)]
fn two_term_sign(x: Real, y: Real, z: Real, w: Real) -> Signs {
    let value = x * y + z * w;
    let slack = AMBIGUITY_K * EPS * ((x * y).abs() + (z * w).abs()) + UNDERFLOW_FLOOR;
    if value.abs() <= slack {
        Signs::Both
    } else {
        Signs::of(value)
    }
}

/// The sign choices of one edge pair (see [`Frame::edge_signs`]).
struct EdgeSigns {
    orientation: Signs,
    a: [Signs; 2],
    b: [Signs; 2],
}

/// `±1` per lane: `−1` where `v < 0`.
#[inline(always)]
fn signs(v: FrameVec3) -> FrameVec3 {
    FrameVec3::select(v.cmplt(FrameVec3::ZERO), FrameVec3::NEG_ONE, FrameVec3::ONE)
}
