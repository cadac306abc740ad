//! Box–box separating-axis test in 3D (15 candidate axes).
//!
//! Algorithm (Gottschalk's OBB test in Ericson's form, with the numerics of
//! [`tolerance`](crate::tolerance)):
//!
//! 1. `d = c_B − c_A`, `T = Aᵀd` (A's frame), `R = AᵀB`; the pads (lengths) are
//!    `PAD_K·ε·(|e_A| + |e_B|)` for the face axes and `PAD_K·ε·(PAD_CENTRE_K·|d|₁ + |e_A| +
//!    |e_B|)` for the edge pairs, both at most `PAD_K·ε·S` with `S = |d| + |e_A| + |e_B|`
//!    (no square root; why the faces need no `|d|`: `docs/error-bound.md`, "The pad").
//! 2. Face axes of A, then of B, then the nine edge pairs, each returning "separated" as soon
//!    as `|centre distance along L| > radius_A(L) + radius_B(L) + pad·|L|₁`. The pad is added to
//!    the extents of the box whose face is tested (edge pairs: to A's), so it costs three
//!    additions per box.
//! 3. Edge pair `(i, k)` uses `ℓ = e_i × R_·k` and B's radius from the 2×2 minors of `R`
//!    (never Ericson's `|R| + 1e-6`), so its error is proportional to `|ℓ|` and near-parallel
//!    edges need no absolute epsilon.
//!
//! Early outs run in the order most likely to decide the pairs a broad phase hands over: A's
//! faces, B's faces, then an early "overlap" when the segment between the centres lies in both
//! boxes' union (exact, see `centres_covered`), then the edges. Nothing allocates; everything is
//! inlined SIMD over three lanes.

use glam::Vec3Swizzles;

use super::obb3::Obb3;
// This compilation's precision module (`precision.rs`).
use super::{
    BVec3A, CERT_K, EPS, Mat3A, PAD_CENTRE_K, PAD_K, PARALLEL_CUTOFF, Real, UNDERFLOW_FLOOR,
    UNDERFLOW_SCALE, Vec3, Vec3A, sqrt,
};
use crate::padded_forms::{classify_forms, intersects_family};
use crate::precision::Dispatch;
use crate::{Feature, Separation};

impl Obb3 {
    intersects_family! {
        Obb3, Vec3A;
        /// Whether the two closed boxes intersect (touching counts).
        ///
        /// A `false` is exact for the boxes as given, at any margin. A `true` is exact whenever the
        /// boxes' margin exceeds the band [`Band::f32`](crate::tolerance::Band::f32)`(S)` =
        /// `BAND_K·ε·S` (f64 boxes: [`Band::f64`](crate::tolerance::Band::f64), `BAND_K_F64·ε₆₄·S`)
        /// (see [`tolerance`](crate::tolerance)).
        ///
        /// # Error bound
        ///
        /// A `false` is exact for the boxes as given, at any margin; a `true` is exact whenever the margin
        /// exceeds `BAND_K·ε·S` (`BAND_K_F64·ε₆₄·S` in f64): [`Band`](crate::tolerance::Band).
        ///
        /// # Examples
        ///
        /// ```
        /// use glam::{Quat, Vec3};
        /// use sat_core::Obb3;
        ///
        /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
        /// let touching = Obb3::new(Vec3::new(2.0, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY);
        /// assert!(a.intersects(&touching));
        /// ```
        intersects;
        /// Whether the boxes intersect once both are grown by `margin` (each half-extent increased
        /// by `margin`; a negative margin shrinks them, never below zero). With a prediction
        /// distance `p`, `intersects_with_margin(p / 2)` never misses a pair closer than `p`.
        ///
        /// Assumes a finite `margin` with `|margin| ≤` [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE).
        ///
        /// # Error bound
        ///
        /// As `intersects`, for the boxes grown by `margin` (the growth itself is exact in the test's
        /// arithmetic up to the same pad).
        ///
        /// # Examples
        ///
        /// ```
        /// use glam::{Quat, Vec3};
        /// use sat_core::Obb3;
        ///
        /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
        /// let b = Obb3::new(Vec3::new(0.0, 2.1, 0.0), Vec3::ONE, Quat::IDENTITY);
        /// assert!(!a.intersects(&b));
        /// assert!(a.intersects_with_margin(&b, 0.05));
        /// ```
        intersects_with_margin;
    }

    /// The signed gap along the best of the 15 candidate axes, that axis (unit, world space,
    /// from `self` towards `other`) and the feature that produced it.
    ///
    /// The gap equals the exact boxes' signed gap along the returned axis within
    /// [`SEPARATION_K`](crate::tolerance::SEPARATION_K)`·ε·S` (f64 boxes:
    /// [`SEPARATION_K_F64`](crate::tolerance::SEPARATION_K_F64)`·ε₆₄·S`). Ties prefer faces of A, then
    /// faces of B; an edge pair must beat the best face by more than the pad `PAD_K·ε·S`, so an
    /// edge axis parallel to a face normal never wins by rounding noise.
    ///
    /// # Error bound
    ///
    /// `gap` is the exact boxes' signed gap along `axis` within `SEPARATION_K·ε·S`
    /// (`SEPARATION_K_F64·ε₆₄·S` in f64); an edge pair beats the best face only by more than the pad.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use sat_core::{Feature, Obb3};
    ///
    /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// let b = Obb3::new(Vec3::new(0.0, 0.0, -2.5), Vec3::ONE, Quat::IDENTITY);
    /// let s = a.separation(&b);
    /// assert_eq!(s.gap, 0.5);
    /// assert_eq!(s.axis, Vec3::NEG_Z);
    /// assert_eq!(s.feature, Feature::FaceA(2));
    /// ```
    #[inline]
    pub fn separation(&self, other: &Obb3) -> Separation<Vec3, Real> {
        if let Some(s) = self.separation_on_wider_lanes(other) {
            return s;
        }
        separation(self, other)
    }
}

#[cfg(feature = "exact")]
impl Obb3 {
    /// Whether the two boxes intersect, exactly, at any margin (touching counts).
    ///
    /// Exact for the boxes as stored (centre, extents and axis columns taken exactly: a
    /// parallelepiped within a few ulps of a box); costs about the fast path on random pairs. The
    /// padded test with certification decides unless the pair is within rounding of touching;
    /// then (f32 boxes) every candidate axis in f64 and, if still undecided, exact integers, or
    /// (f64 boxes) exact integers ([`exact`](crate::exact)).
    ///
    /// # Error bound
    ///
    /// None: exact at any margin, exactly touching included, for the boxes as stored.
    ///
    /// # Examples
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use sat_core::Obb3;
    ///
    /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// let touching = Obb3::new(Vec3::new(2.0, 2.0, 0.0), Vec3::ONE, Quat::IDENTITY);
    /// let apart = Obb3::new(Vec3::new(2.0, 2.0 + f32::EPSILON * 2.0, 0.0), Vec3::ONE, Quat::IDENTITY);
    /// assert!(a.intersects_certified(&touching));
    /// assert!(!a.intersects_certified(&apart)); // one ulp: the fast test says "intersects"
    /// assert!(a.intersects(&apart));
    /// ```
    #[inline]
    pub fn intersects_certified(&self, other: &Obb3) -> bool {
        if let Some(verdict) = self.intersects_certified_on_wider_lanes(other) {
            return verdict;
        }
        match classify_stored::<true>(self, other) {
            Class::Separated => false,
            Class::Overlapping => true,
            Class::Uncertain(axes) => self.undecided(other, axes),
        }
    }
}

#[inline(always)]
fn axes(obb: &Obb3) -> [Vec3; 3] {
    let cols = obb.cols;
    [cols.x_axis.into(), cols.y_axis.into(), cols.z_axis.into()]
}

/// `|ℓ|₁ ≤ √2·|ℓ|₂ ≤ √2·(1 + 2⁻²⁰)` for an edge axis built from two entries of a stored column.
const EDGE_L1_MAX: Real = 1.414_215;

/// What the padded test can say about a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Some axis separates by more than its rounding error: exact.
    Separated,
    /// No axis separates. With certification on: every candidate axis of the exact boxes is
    /// certainly non-separating, so the boxes intersect (exact).
    Overlapping,
    /// No axis separates, but some axis is too close to call (certification only): bit `n` set
    /// for each axis left uncertain, numbered as `certified::refine3` numbers them (A's faces
    /// 0..3, B's faces 3..6, edge pair `(i, k)` at `6 + 3i + k`).
    Uncertain(u16),
}

classify_forms!(Obb3, Vec3A);

/// The padded test, three axes per SIMD operation. Lane `i` of every vector below holds the
/// same expression, rounded the same way, as the batch kernel (`batch/kernel3.rs`) and the
/// scalar derivation in `tolerance.rs`: 3-term dot products summed in index order, 2×2 minors as
/// two rounded products and one subtraction, face radii summed in the order stated below.
///
/// Layout (no transpose, no 3×3 broadcast of B's columns): `R = AᵀB` is held as its three
/// wrapped diagonals `D_δ` (lane `i` = `R_{i,i+δ}`, indices mod 3), each `Σ_c rowsA_c ·
/// rot_δ(rowsB_c)`, where `rot_s` moves lane `i + s` to lane `i`. Every quantity a test needs is
/// then one lane rotation away: A's face `i` sums `e_B(i+δ)·|D_δ|` over `δ = 0, 1, 2`; B's face `j`
/// sums `e_A(j−δ)·|R_{j−δ,j}|`; the edge pairs run as three vectors, `(i, i + δ)` in lane `i`.
///
/// With `CERTIFY`, each lane is also checked to be certainly non-separating for the exact
/// candidate axis it approximates: `|centre| + slack < threshold`, where the slack covers the
/// rounding error and, for edge pairs, the angle between the computed axis `e_i × R_·k` and the
/// exact `a_i × b_k` (see `CERT_K` in `tolerance.rs`).
#[inline(always)]
pub(crate) fn classify<const CERTIFY: bool>(
    a: &Obb3,
    b: &Obb3,
    ea: Vec3A,
    eb: Vec3A,
    norm_a: Real,
    norm_b: Real,
) -> Class {
    let d = b.center - a.center;
    // The face axes' pad has no `|d|` (`docs/error-bound.md`, "The pad"); `scale` = `|d|₁ + |e_A| +
    // |e_B|` ≥ `S` sizes the certification slacks, the edge pairs' pad and their floor.
    let extent_sum = norm_a + norm_b;
    let pad = PAD_K * EPS * extent_sum + UNDERFLOW_FLOOR;
    let pa = ea + Vec3A::splat(pad);
    let ad = d.abs();
    let l1 = (ad.x + ad.y) + ad.z;
    let scale = l1 + extent_sum;
    let (dx, dy, dz) = (Vec3A::splat(d.x), Vec3A::splat(d.y), Vec3A::splat(d.z));
    let (ra, rb) = (&a.rows, &b.rows);
    // lane i: a_i · d, ((x) + y) + z as a dot product
    let t = (ra.x_axis * dx + ra.y_axis * dy) + ra.z_axis * dz;
    // The wrapped diagonals of R: lane i of d1 is R_{i,i+1} = a_i · b_{i+1}.
    let d0 = (ra.x_axis * rb.x_axis + ra.y_axis * rb.y_axis) + ra.z_axis * rb.z_axis;
    let d1 =
        (ra.x_axis * rb.x_axis.yzx() + ra.y_axis * rb.y_axis.yzx()) + ra.z_axis * rb.z_axis.yzx();
    let d2 =
        (ra.x_axis * rb.x_axis.zxy() + ra.y_axis * rb.y_axis.zxy()) + ra.z_axis * rb.z_axis.zxy();
    let (a0, a1, a2) = (d0.abs(), d1.abs(), d2.abs());

    // Faces of A, lane i: |T_i| against e_Ai + pad + (e_Bi|R_ii| + e_B(i+1)|R_i,i+1|) + ….
    let (eb1, eb2) = (eb.yzx(), eb.zxy());
    let reach_b = (eb * a0 + eb1 * a1) + eb2 * a2; // B's half-width along a_i
    let face_a = (t.abs(), pa + reach_b); // (centre, threshold)
    if face_a.0.cmpgt(face_a.1).any() {
        return Class::Separated;
    }

    // Faces of B, lane j: |b_j · d| against (e_Aj|R_jj| + e_A(j−1)|R_j−1,j| + …) + e_Bj + pad.
    let tb = (rb.x_axis * dx + rb.y_axis * dy) + rb.z_axis * dz;
    let radius_a = ((ea * a0) + (ea * a1).zxy()) + (ea * a2).yzx();
    let face_b = (tb.abs(), radius_a + (eb + Vec3A::splat(pad)));
    if face_b.0.cmpgt(face_b.1).any() {
        return Class::Separated;
    }
    if centres_covered(t, tb, ea, eb, pad) {
        return Class::Overlapping;
    }

    // Edge pairs (i, k = i + δ) in lane i, with m = i + 1, n = i + 2, j = k + 1, l = k + 2:
    // R_mk = rot1(D_δ−1), R_nk = rot2(D_δ−2). Their pad covers `|d|` too, on A's extents.
    let edge_pad = PAD_K * EPS * (PAD_CENTRE_K * l1 + extent_sum) + UNDERFLOW_FLOOR;
    let pa = ea + Vec3A::splat(edge_pad);
    let floor = Vec3A::splat(UNDERFLOW_SCALE * scale + UNDERFLOW_FLOOR);
    let (tm, tn) = (t.yzx(), t.zxy());
    let (pm, pn) = (pa.yzx(), pa.zxy());
    let diag = [d0, d1, d2];
    let rot1 = diag.map(|v| v.yzx());
    let rot2 = diag.map(|v| v.zxy());
    let ebs = [eb, eb1, eb2];
    // B's radius on edge axis (i, k) takes the 2×2 minors of rows m, n over columns {k, j} and
    // {k, l}: up to sign the cofactors C_il and C_ij of R. Each cofactor serves two edge pairs,
    // so the nine are computed once, as wrapped diagonals like R's (lane i of `cof[δ]` is
    // |C_{i,i+δ}| = |R_{i+1,i+δ+1}·R_{i+2,i+δ+2} − R_{i+1,i+δ+2}·R_{i+2,i+δ+1}|): the same two
    // products and subtraction as the per-pair minor, so the same bits.
    // (three calls rather than `array::from_fn`, whose closure `double/avx.rs` could not inline)
    let cofactor =
        |dl: usize| (rot1[dl] * rot2[dl] - rot1[(dl + 1) % 3] * rot2[(dl + 2) % 3]).abs();
    let cof = [cofactor(0), cofactor(1), cofactor(2)];
    let mut separated = BVec3A::FALSE;
    let mut edges = [(Vec3A::ZERO, Vec3A::ZERO); 3]; // (centre, threshold) for certification
    for delta in 0..3 {
        let (r_mk, r_nk) = (rot1[(delta + 2) % 3], rot2[(delta + 1) % 3]);
        let centre = (r_mk * tn - r_nk * tm).abs();
        let radius_a = r_nk.abs() * pm + r_mk.abs() * pn;
        // |b_j·ℓ| = |C_il| and |b_l·ℓ| = |C_ij| (j = k + 1, l = k + 2)
        let (minor_j, minor_l) = (cof[(delta + 2) % 3], cof[(delta + 1) % 3]);
        let radius_b = ebs[(delta + 1) % 3] * minor_j + ebs[(delta + 2) % 3] * minor_l;
        let threshold = (radius_a + radius_b) + floor;
        separated |= centre.cmpgt(threshold);
        edges[delta] = (centre, threshold);
    }
    if separated.any() {
        return Class::Separated;
    }
    if !CERTIFY {
        return Class::Overlapping;
    }

    // Certification, only for the pairs no axis separates: the lanes not certainly
    // non-separating (`|centre| + slack ≥ threshold`) of A's faces, B's faces and the edge
    // pairs (i, i + δ) for δ = 0, 1, 2.
    let face_slack = Vec3A::splat(pad + CERT_K * EPS * scale);
    // The relative error once more (≤ pad·|ℓ|₁, and |ℓ|₁ ≤ √2 since ℓ holds two entries of a
    // unit column) plus the absolute direction error: one constant per pair.
    let edge_slack = Vec3A::splat(CERT_K * EPS * scale + 2.0 * EDGE_L1_MAX * edge_pad) + floor;
    let not_certain =
        |(centre, threshold): (Vec3A, Vec3A), slack: Vec3A| !(centre + slack).cmplt(threshold);
    let lanes = [
        not_certain(face_a, face_slack),
        not_certain(face_b, face_slack),
        not_certain(edges[0], edge_slack),
        not_certain(edges[1], edge_slack),
        not_certain(edges[2], edge_slack),
    ];
    if !(lanes[0] | lanes[1] | lanes[2] | lanes[3] | lanes[4]).any()
        || common_point(t, tb, reach_b, diag, ea, eb, edge_pad)
    {
        // (only for a pair some axis left uncertain does the certified test look for a common
        // point before its f64 tier)
        return Class::Overlapping;
    }
    // The uncertain axes, numbered as in `Uncertain`: edge pair (i, i + δ), lane i of
    // `lanes[2 + δ]`, is bit 6 + 3i + (i + δ) mod 3.
    let mut uncertain = lanes[0].bitmask() as u16 | (lanes[1].bitmask() as u16) << 3;
    for delta in 0..3 {
        let edge_lanes = lanes[2 + delta].bitmask();
        for i in 0..3 {
            if edge_lanes >> i & 1 == 1 {
                uncertain |= 1 << (6 + 3 * i + (i + delta) % 3);
            }
        }
    }
    Class::Uncertain(uncertain)
}

/// Whether the segment between the centres lies in the union of the boxes, which proves that
/// the exact boxes intersect: some point `c_A + λ·d` (`0 ≤ λ ≤ 1`) is in both, i.e.
/// `λ·|T_i| ≤ e_Ai` for every `i` and `(1 − λ)·|b_j·d| ≤ e_Bj` for every `j`, which some `λ`
/// satisfies exactly when `α + β ≥ 1` with `α = min_i e_Ai/|T_i|`, `β = min_j e_Bj/|b_j·d|`.
///
/// Rigour: the computed `T̃_i` and `b_j·d̃` are within `5u|t|` of the exact ones (`tolerance.rs`;
/// `8u|t|` for the stored parallelepipeds of the certified test, whose coordinates are `G⁻¹`
/// rather than `Gᵀ` of the offset). A pair that passes has `λ·|T̃| ≤ |e_A|(1 + 4ε)` and
/// `(1 − λ)·|b·d̃| ≤ |e_B|(1 + 4ε)`, so `|t| ≤ (|e_A| + |e_B|)(1 + 9ε)`, and the face pad
/// `10 ε·(|e_A| + |e_B|)` covers those errors: `x = fl(|T̃| + pad)` is at least the exact `|T_i|`
/// even after its own rounding. The quotients and their sum are
/// rounded up to `3u` relative, which `1 + 4ε` covers; a quotient that underflows only shrinks;
/// `x ≥ UNDERFLOW_FLOOR > 0`, so nothing divides by zero. Exact overlap is also what every padded
/// test answers for such a pair (a "separated" is exact), so this early "overlap" leaves every
/// verdict unchanged, and the batch kernels need not repeat it.
#[inline(always)]
fn centres_covered(t: Vec3A, tb: Vec3A, ea: Vec3A, eb: Vec3A, pad: Real) -> bool {
    let pad = Vec3A::splat(pad);
    let alpha = ea / (t.abs() + pad);
    let beta = eb / (tb.abs() + pad);
    alpha.min_element() + beta.min_element() >= 1.0 + 4.0 * EPS
}

/// Whether a candidate common point lies in both exact boxes, which proves that they
/// intersect (exact, as for [`centres_covered`]). The point, in A's frame, takes on each axis the
/// middle of A's extent ∩ B's reach along it (`[T_i − reach_i, T_i + reach_i]`): for boxes close to
/// parallel (resting on a face, stacked, near-touching at a corner) it lies in the overlap. It is
/// in A when `|p_i| + pad ≤ e_Ai`, and in B when `|q_j| + pad ≤ e_Bj` for its coordinates in
/// B's frame, `q = R̃ᵀp − b·d` (lane j sums `R_jj p_j + R_{j−1,j} p_{j−1} + R_{j−2,j} p_{j−2}`).
/// If not, a few alternating projections (clamp into B's box three pads inside, back to A's frame,
/// clamp into A's) move it towards the intersection; each candidate is checked as above, so
/// how a candidate is found does not matter for rigour.
///
/// Rigour (`u = ε/2`): `p` is a point of A's stored frame; its coordinates in the exact A differ
/// from `p` by at most `2u|p| ≤ 2u|e_A|`. Its computed coordinates `q` in B err by at most
/// `5u|t|` (`b_j·d`), `7u|p|₁ ≤ 13u|e_A|` (entries of `R̃` within `4u`, the 3-term sums) and `u|q|`:
/// in all `≤ 14u·S = 7 ε·S`; for the stored parallelepipeds of the certified test, whose
/// coordinates are `G⁻¹` rather than `Gᵀ` of the offset, `2u·S` more: `3.5 ε|t| + 8 ε(|e_A| +
/// |e_B|)`, under the edge pairs' pad `PAD_K·ε·(PAD_CENTRE_K·|d|₁ + |e_A| + |e_B|)` that `pad` is.
#[inline(always)]
fn common_point(
    t: Vec3A,
    tb: Vec3A,
    reach_b: Vec3A,
    diag: [Vec3A; 3],
    ea: Vec3A,
    eb: Vec3A,
    pad: Real,
) -> bool {
    let pad = Vec3A::splat(pad);
    let lo = (t - reach_b).max(-ea);
    let hi = (t + reach_b).min(ea);
    let mut p = (lo + hi) * 0.5;
    let [d0, d1, d2] = diag;
    // B's coordinates of a point given in A's, and back (`R̃ᵀp − b·d`, `R̃q + T`)
    let to_b = |p: Vec3A| ((d0 * p + (d1 * p).zxy()) + (d2 * p).yzx()) - tb;
    let to_a = |q: Vec3A| ((d0 * q + d1 * q.yzx()) + d2 * q.zxy()) + t;
    // Inner boxes to clamp into, three pads inside (empty where an extent is below that).
    let (inner_a, inner_b) = (ea - pad * 3.0, eb - pad * 3.0);
    for _ in 0..COMMON_POINT_STEPS {
        let q = to_b(p);
        if ((p.abs() + pad).cmple(ea) & (q.abs() + pad).cmple(eb)).all() {
            return true;
        }
        // Not in B: its nearest point of B's inner box, then that point's nearest of A's
        // (alternating projections onto two convex sets meet in their intersection).
        p = to_a(q.clamp(-inner_b.max(Vec3A::ZERO), inner_b.max(Vec3A::ZERO)));
        p = p.clamp(-inner_a.max(Vec3A::ZERO), inner_a.max(Vec3A::ZERO));
    }
    false
}

/// How many candidate points `common_point` tries (the first, then alternating projections).
const COMMON_POINT_STEPS: usize = 4;

/// `separation`, three candidate axes per SIMD operation, every value rounded exactly as the
/// scalar definition rounds it (3-term dot products summed in index order, face radii summed over
/// `j = 0, 1, 2`, minors as two products and a subtraction, `gap / length` one IEEE division), so
/// its results are bit-identical to the axis-by-axis evaluation this replaced: the gaps of the
/// 15 axes are computed in lanes (3 square roots and 3 divisions as vectors), then chosen in the
/// same order with the same comparisons, and only the winner's world axis is built.
#[inline(always)]
fn separation(a: &Obb3, b: &Obb3) -> Separation<Vec3, Real> {
    let (ea, eb) = (a.half_extents, b.half_extents);
    let d = b.center - a.center;
    let splat3 = |v: Vec3A| (Vec3A::splat(v.x), Vec3A::splat(v.y), Vec3A::splat(v.z));
    // lane i of `rows * v` is (r_i.x·v.x + r_i.y·v.y) + r_i.z·v.z: a dot product in index order
    let times = |rows: &Mat3A, v: Vec3A| {
        let (x, y, z) = splat3(v);
        (rows.x_axis * x + rows.y_axis * y) + rows.z_axis * z
    };
    let t = times(&a.rows, d);
    let along_b = times(&b.rows, d);
    // Columns of R (lane i = R_ik) and rows of R (lane k = R_ik).
    let (a_cols, b_cols) = (a.cols, b.cols);
    // (written out rather than mapped: `double/avx.rs` needs every lane operation inlined)
    let (ra, rb) = (&a.rows, &b.rows);
    let col = [
        times(ra, b_cols.x_axis),
        times(ra, b_cols.y_axis),
        times(ra, b_cols.z_axis),
    ];
    let row = [
        times(rb, a_cols.x_axis),
        times(rb, a_cols.y_axis),
        times(rb, a_cols.z_axis),
    ];
    let acol = col.map(Vec3A::abs);
    let arow = row.map(Vec3A::abs);

    let face_a = t.abs() - (ea + ((acol[0] * eb.x + acol[1] * eb.y) + acol[2] * eb.z));
    let face_b = along_b.abs() - (((arow[0] * ea.x + arow[1] * ea.y) + arow[2] * ea.z) + eb);

    // Edge pairs (i, k), lane k, for each i: ℓ = e_i × R_·k has (ℓ_m, ℓ_n) = (−R_nk, R_mk).
    let mut edge_gap = [Vec3A::ZERO; 3];
    let mut edge_length = [Vec3A::ZERO; 3];
    let mut edge_centre = [Vec3A::ZERO; 3];
    for i in 0..3 {
        let (m, n) = ((i + 1) % 3, (i + 2) % 3);
        let (rm, rn) = (row[m], row[n]);
        let length_sq = rm * rm + rn * rn;
        let length = Vec3A::new(sqrt(length_sq.x), sqrt(length_sq.y), sqrt(length_sq.z));
        let centre = rm * t[n] - rn * t[m];
        let radius_a = arow[n] * ea[m] + arow[m] * ea[n];
        // lane l: the minor of rows m, n over the two columns other than l (up to sign)
        let minors = (rm.yzx() * rn.zxy() - rn.yzx() * rm.zxy()).abs();
        let radius_b = eb.yzx() * minors.zxy() + eb.zxy() * minors.yzx();
        edge_gap[i] = (centre.abs() - (radius_a + radius_b)) / length;
        edge_length[i] = length;
        edge_centre[i] = centre;
    }

    let face_preference = PAD_K * EPS * (sqrt(dot3(d, d)) + a.extent_norm + b.extent_norm);
    // (gap, feature) of the winner, chosen as the axis-by-axis scan chose it; `None` only when
    // no gap beats −∞ (NaN input), where the scan kept A's unsigned x axis.
    let mut best: Option<(Real, Feature)> = None;
    let gap_of = |best: &Option<(Real, Feature)>| best.map_or(Real::NEG_INFINITY, |b| b.0);
    for i in 0..3 {
        if face_a[i] > gap_of(&best) {
            best = Some((face_a[i], Feature::FaceA(i as u8)));
        }
    }
    for j in 0..3 {
        if face_b[j] > gap_of(&best) {
            best = Some((face_b[j], Feature::FaceB(j as u8)));
        }
    }
    for i in 0..3 {
        for k in 0..3 {
            let gap = edge_gap[i][k];
            // (a NaN length is considered, as it was: only `length < cutoff` skips)
            let parallel = edge_length[i][k] < PARALLEL_CUTOFF;
            if !parallel && gap > gap_of(&best) + face_preference {
                best = Some((gap, Feature::EdgePair(i as u8, k as u8)));
            }
        }
    }

    let signed = |axis: Vec3, along: Real| if along < 0.0 { -axis } else { axis };
    let (av, bv) = (axes(a), axes(b));
    let Some((gap, feature)) = best else {
        return Separation {
            gap: Real::NEG_INFINITY,
            axis: av[0],
            feature: Feature::FaceA(0),
        };
    };
    let axis = match feature {
        Feature::FaceA(i) => signed(av[i as usize], t[i as usize]),
        Feature::FaceB(j) => signed(bv[j as usize], along_b[j as usize]),
        Feature::EdgePair(i, k) => {
            let (i, k) = (i as usize, k as usize);
            let (m, n) = ((i + 1) % 3, (i + 2) % 3);
            // ℓ back to world space, unit
            let world = (av[m] * -row[n][k] + av[n] * row[m][k]) / edge_length[i][k];
            signed(world, edge_centre[i][k])
        }
    };
    Separation { gap, axis, feature }
}

#[inline(always)]
fn dot3(a: Vec3A, b: Vec3A) -> Real {
    (a.x * b.x + a.y * b.y) + a.z * b.z
}
