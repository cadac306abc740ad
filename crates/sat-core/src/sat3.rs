//! Box–box separating-axis test in 3D (15 candidate axes).
//!
//! Algorithm (Gottschalk's OBB test in Ericson's form, with the numerics of
//! [`tolerance`](crate::tolerance)):
//!
//! 1. `d = c_B − c_A`, `T = Aᵀd` (A's frame), `R = AᵀB`, `S = |d| + |e_A| + |e_B|`,
//!    `pad = PAD_K·ε·S` (length).
//! 2. Face axes of A, then of B, then the nine edge pairs, each returning "separated" as soon
//!    as `|centre distance along L| > radius_A(L) + radius_B(L) + pad·|L|₁`. The pad is added to
//!    the extents of the box whose face is tested (edge pairs: to A's), so it costs three
//!    additions per box.
//! 3. Edge pair `(i, k)` uses `ℓ = e_i × R_·k` and B's radius from the 2×2 minors of `R`
//!    (never Ericson's `|R| + 1e-6`), so its error is proportional to `|ℓ|` and near-parallel
//!    edges need no absolute epsilon.
//!
//! Early outs run in the order most likely to separate random pairs: A's faces, B's faces,
//! edges. Nothing allocates; everything is inlined scalar code over stack arrays.

use glam::{BVec3A, Mat3A, Vec3, Vec3A, Vec3Swizzles};

use crate::tolerance::{
    CERT_K, EPS, PAD_K, PARALLEL_CUTOFF, UNDERFLOW_FLOOR, UNDERFLOW_SCALE, sqrt,
};
use crate::{Feature, Obb3, Separation};

impl Obb3 {
    /// Whether the two closed boxes intersect (touching counts).
    ///
    /// A `false` is exact for the boxes as given, at any margin. A `true` is exact whenever the
    /// boxes' margin exceeds [`band`](crate::tolerance::band)`(S)` = `BAND_K·ε·S`
    /// (see [`tolerance`](crate::tolerance)).
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use sat_core::Obb3;
    ///
    /// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// let touching = Obb3::new(Vec3::new(2.0, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY);
    /// assert!(a.intersects(&touching));
    /// ```
    #[inline]
    pub fn intersects(&self, other: &Obb3) -> bool {
        overlap(
            self,
            other,
            self.half_extents,
            other.half_extents,
            self.extent_norm,
            other.extent_norm,
        )
    }

    /// Whether the boxes intersect once both are grown by `margin` (each half-extent increased by
    /// `margin`; a negative margin shrinks them, never below zero). With a prediction distance
    /// `p`, `intersects_with_margin(p / 2)` never misses a pair closer than `p`.
    ///
    /// Assumes a finite `margin` with `|margin| ≤` [`MAX_MAGNITUDE`](crate::MAX_MAGNITUDE).
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
    #[inline]
    pub fn intersects_with_margin(&self, other: &Obb3, margin: f32) -> bool {
        let ea = (self.half_extents + Vec3A::splat(margin)).max(Vec3A::ZERO);
        let eb = (other.half_extents + Vec3A::splat(margin)).max(Vec3A::ZERO);
        overlap(
            self,
            other,
            ea,
            eb,
            sqrt(ea.length_squared()),
            sqrt(eb.length_squared()),
        )
    }

    /// The signed gap along the best of the 15 candidate axes, that axis (unit, world space,
    /// from `self` towards `other`) and the feature that produced it.
    ///
    /// The gap equals the exact boxes' signed gap along the returned axis within
    /// [`SEPARATION_K`](crate::tolerance::SEPARATION_K)`·ε·S`. Ties prefer faces of A, then
    /// faces of B; an edge pair must beat the best face by more than the pad `PAD_K·ε·S`, so an
    /// edge axis parallel to a face normal never wins by rounding noise.
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
    pub fn separation(&self, other: &Obb3) -> Separation<Vec3> {
        separation(self, other)
    }
}

#[inline(always)]
fn dot(a: Vec3, b: Vec3) -> f32 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

#[inline(always)]
fn axes(obb: &Obb3) -> [Vec3; 3] {
    [
        obb.cols.x_axis.into(),
        obb.cols.y_axis.into(),
        obb.cols.z_axis.into(),
    ]
}

/// `|ℓ|₁ ≤ √2·|ℓ|₂ ≤ √2·(1 + 2⁻²⁰)` for an edge axis built from two entries of a stored column.
const EDGE_L1_MAX: f32 = 1.414_215;

/// What the padded test can say about a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Some axis separates by more than its rounding error: exact.
    Separated,
    /// No axis separates. With certification on: every candidate axis of the exact boxes is
    /// certainly non-separating, so the boxes intersect (exact).
    Overlapping,
    /// No axis separates, but some axis is too close to call (certification only).
    Uncertain,
}

/// The padded test, three axes per SIMD operation. Lane `i` of every vector below holds the
/// same expression, rounded the same way, as the scalar derivation in `tolerance.rs`: 3-term dot
/// products summed in index order, 2×2 minors as two rounded products and one subtraction.
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
    norm_a: f32,
    norm_b: f32,
) -> Class {
    let d = b.center - a.center;
    let scale = sqrt(d.dot(d)) + norm_a + norm_b;
    let pad = PAD_K * EPS * scale + UNDERFLOW_FLOOR;
    let pa = ea + Vec3A::splat(pad);
    let t = a.rows * d; // lane i: a_i · d
    let face_slack = Vec3A::splat(pad + CERT_K * EPS * scale);
    let mut certain = BVec3A::TRUE;

    // Columns of R = AᵀB and their absolute values; faces of A test lane i = row i.
    let r = a.rows * b.cols;
    let ar = Mat3A::from_cols(r.x_axis.abs(), r.y_axis.abs(), r.z_axis.abs());
    let (centre, threshold) = (t.abs(), pa + ar * eb);
    if centre.cmpgt(threshold).any() {
        return Class::Separated;
    }
    if CERTIFY {
        certain &= (centre + face_slack).cmplt(threshold);
    }

    // Faces of B: lane j compares |b_j · d| with Σ_i e_Ai |R_ij| + e_Bj + pad.
    let ar_rows = ar.transpose();
    let (centre, threshold) = ((b.rows * d).abs(), ar_rows * ea + (eb + Vec3A::splat(pad)));
    if centre.cmpgt(threshold).any() {
        return Class::Separated;
    }
    if CERTIFY {
        certain &= (centre + face_slack).cmplt(threshold);
    }

    // Edge pairs (i, k), lane k. Rows of R: s_i = (R_i0, R_i1, R_i2).
    let s = r.transpose();
    let abs_s = ar_rows;
    let floor = Vec3A::splat(UNDERFLOW_SCALE * scale + UNDERFLOW_FLOOR);
    // The relative error once more (≤ pad·|ℓ|₁, and |ℓ|₁ ≤ √2 since ℓ holds two entries of a
    // unit column) plus the absolute direction error: one constant per pair.
    let edge_slack = Vec3A::splat(CERT_K * EPS * scale + 2.0 * EDGE_L1_MAX * pad) + floor;
    let mut edges =
        |m: Vec3A, n: Vec3A, abs_m: Vec3A, abs_n: Vec3A, tm: f32, tn: f32, pm: f32, pn: f32| {
            let centre = (m * tn - n * tm).abs();
            let radius_a = abs_n * pm + abs_m * pn;
            // |b_j · ℓ| for j = k+1, k+2 are the minors of rows m, n: the cross product s_m × s_n,
            // written as two products and a subtraction (glam's `cross` fuses them on FMA
            // targets, and the batch kernel must round exactly the same way).
            let minors = (m.yzx() * n.zxy() - n.yzx() * m.zxy()).abs();
            let radius_b = eb.yzx() * minors.zxy() + eb.zxy() * minors.yzx();
            let threshold = radius_a + radius_b + floor;
            if CERTIFY {
                certain &= (centre + edge_slack).cmplt(threshold);
            }
            centre.cmpgt(threshold).any()
        };
    let (sx, sy, sz) = (s.x_axis, s.y_axis, s.z_axis);
    let (ax, ay, az) = (abs_s.x_axis, abs_s.y_axis, abs_s.z_axis);
    if edges(sy, sz, ay, az, t.y, t.z, pa.y, pa.z)
        || edges(sz, sx, az, ax, t.z, t.x, pa.z, pa.x)
        || edges(sx, sy, ax, ay, t.x, t.y, pa.x, pa.y)
    {
        return Class::Separated;
    }
    if certain.all() {
        Class::Overlapping
    } else {
        Class::Uncertain
    }
}

#[inline(always)]
fn overlap(a: &Obb3, b: &Obb3, ea: Vec3A, eb: Vec3A, norm_a: f32, norm_b: f32) -> bool {
    classify::<false>(a, b, ea, eb, norm_a, norm_b) != Class::Separated
}

/// `minors[l]` = the 2×2 minor of rows `m, n` of `R` over the two columns other than `l`:
/// `b_j·(e_i × R_·k) = ±minors[l]` for `{j, k, l} = {0, 1, 2}`.
#[inline(always)]
fn row_minors(r: &[[f32; 3]; 3], m: usize, n: usize) -> [f32; 3] {
    let minor = |j: usize, k: usize| r[m][j] * r[n][k] - r[n][j] * r[m][k];
    [minor(1, 2), minor(0, 2), minor(0, 1)]
}

fn separation(a: &Obb3, b: &Obb3) -> Separation<Vec3> {
    let (ea, eb) = (a.half_extents.to_array(), b.half_extents.to_array());
    let (av, bv) = (axes(a), axes(b));
    let d = Vec3::from(b.center - a.center);
    let t = [dot(av[0], d), dot(av[1], d), dot(av[2], d)];
    let mut r = [[0.0f32; 3]; 3];
    let mut ar = [[0.0f32; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = dot(av[i], bv[j]);
            ar[i][j] = r[i][j].abs();
        }
    }

    let face_preference = PAD_K * EPS * (sqrt(dot(d, d)) + a.extent_norm + b.extent_norm);
    let signed = |axis: Vec3, along: f32| if along < 0.0 { -axis } else { axis };
    let mut best = Separation {
        gap: f32::NEG_INFINITY,
        axis: av[0],
        feature: Feature::FaceA(0),
    };
    let mut consider = |gap: f32, axis: Vec3, feature: Feature| {
        let bias = if matches!(feature, Feature::EdgePair(..)) {
            face_preference
        } else {
            0.0
        };
        if gap > best.gap + bias {
            best = Separation { gap, axis, feature };
        }
    };
    for i in 0..3 {
        let gap = t[i].abs() - (ea[i] + (eb[0] * ar[i][0] + eb[1] * ar[i][1] + eb[2] * ar[i][2]));
        consider(gap, signed(av[i], t[i]), Feature::FaceA(i as u8));
    }
    for j in 0..3 {
        let along = dot(bv[j], d);
        let gap = along.abs() - ((ea[0] * ar[0][j] + ea[1] * ar[1][j] + ea[2] * ar[2][j]) + eb[j]);
        consider(gap, signed(bv[j], along), Feature::FaceB(j as u8));
    }
    for i in 0..3 {
        let (m, n) = ((i + 1) % 3, (i + 2) % 3);
        let minors = row_minors(&r, m, n);
        for k in 0..3 {
            let length = sqrt(r[m][k] * r[m][k] + r[n][k] * r[n][k]);
            if length < PARALLEL_CUTOFF {
                continue;
            }
            let (j, l) = ((k + 1) % 3, (k + 2) % 3);
            let centre = t[n] * r[m][k] - t[m] * r[n][k];
            let radius_a = ea[m] * ar[n][k] + ea[n] * ar[m][k];
            let radius_b = eb[j] * minors[l].abs() + eb[l] * minors[j].abs();
            let gap = (centre.abs() - (radius_a + radius_b)) / length;
            // ℓ = e_i × R_·k in A's frame is (ℓ_m, ℓ_n) = (−R_nk, R_mk); back to world space.
            let world = (av[m] * -r[n][k] + av[n] * r[m][k]) / length;
            consider(
                gap,
                signed(world, centre),
                Feature::EdgePair(i as u8, k as u8),
            );
        }
    }
    best
}
