//! The 3D batch kernel, compiled once per precision (`single.rs`, `double.rs`):
//! `Obb3::intersects` (`DObb3::intersects`) for [`LANES`] pairs at once.

use super::set::{ALL_LANES, Chunk};
// This compilation's items (`single.rs`, `double.rs`: its precision's).
use super::{EPS, LANES, PAD_CENTRE_K, PAD_K, Real, UNDERFLOW_FLOOR, UNDERFLOW_SCALE};

/// Binds lane `l` of chunks `a`, `b` as the locals both kernels start from, each rounded as
/// `sat3::classify` rounds it: the extents `ea`, `eb`, the axes `ax`, `bx`, `d = c_B − c_A`,
/// the 3-term `dot` (summed in index order), `|e_A| + |e_B|` and the face axes' pad. A macro rather
/// than a struct: with the values as plain locals the lane loops vectorise as before (a struct
/// measured up to 20% slower in `overlaps3`).
macro_rules! gather_lane {
    (
        $a:ident, $b:ident, $l:ident =>
        $ea:ident, $eb:ident, $ax:ident, $bx:ident, $d:ident, $dot:ident, $extent_sum:ident,
        $pad:ident
    ) => {
        let lane3 = |v: &[[Real; LANES]; 3]| [v[0][$l], v[1][$l], v[2][$l]];
        let ($ea, $eb) = (lane3(&$a.half), lane3(&$b.half));
        let (ca, cb) = (lane3(&$a.center), lane3(&$b.center));
        let $ax = [lane3(&$a.axes[0]), lane3(&$a.axes[1]), lane3(&$a.axes[2])];
        let $bx = [lane3(&$b.axes[0]), lane3(&$b.axes[1]), lane3(&$b.axes[2])];
        let $d = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
        let $dot = |u: [Real; 3], v: [Real; 3]| (u[0] * v[0] + u[1] * v[1]) + u[2] * v[2];
        let $extent_sum = $a.norm[$l] + $b.norm[$l];
        let $pad = PAD_K * EPS * $extent_sum + UNDERFLOW_FLOOR;
    };
}

/// Bit `l` set when lane `l` of `a` and lane `l` of `b` intersect: `Obb3::intersects`, lane by
/// lane, with every operation in the same order as the scalar path (`sat3.rs`), so the verdicts
/// are bit-identical and the error band is the same. All 15 axes are evaluated branch-free per
/// lane, so the loop over the lanes vectorises.
#[inline(always)]
pub(crate) fn overlap_mask(a: &Chunk<3>, b: &Chunk<3>) -> u32 {
    let mut separated = [0u32; LANES];
    for (l, flag) in separated.iter_mut().enumerate() {
        *flag = lane_separated(a, b, l) as u32;
    }
    let separated = separated.iter().enumerate();
    !separated.fold(0, |bits, (l, &flag)| bits | flag << l) & ALL_LANES
}

/// [`overlap_mask`] for one box against a chunk (`a` splatted): the three face axes of `a` are
/// evaluated first for every lane, and when they separate every lane the chunk is done. Most
/// boxes of a set are far from a query, and a far box is separated by a face of the query, so
/// most chunks cost about a third of the full kernel. The lanes left get the full test, whose
/// verdict is the OR over all axes, so the mask is the same bit for bit.
#[inline(always)]
pub(crate) fn overlap_mask_query(a: &Chunk<3>, b: &Chunk<3>) -> u32 {
    let mut separated = [0u32; LANES];
    for (l, flag) in separated.iter_mut().enumerate() {
        *flag = faces_a_separated(a, b, l) as u32;
    }
    let separated = separated.iter().enumerate();
    let mask = separated.fold(0, |bits, (l, &flag)| bits | flag << l);
    if mask == ALL_LANES {
        return 0;
    }
    overlap_mask(a, b)
}

/// The face axes of `a` alone, exactly as [`lane_separated`] evaluates them.
#[inline(always)]
fn faces_a_separated(a: &Chunk<3>, b: &Chunk<3>, l: usize) -> bool {
    gather_lane!(a, b, l => ea, eb, ax, bx, d, dot, _extent_sum, pad);
    let mut separated = false;
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        let ar = |j: usize| dot(ax[i], bx[j]).abs();
        let radius_b = (eb[i] * ar(i) + eb[i1] * ar(i1)) + eb[i2] * ar(i2);
        separated |= dot(ax[i], d).abs() > (ea[i] + pad) + radius_b;
    }
    separated
}

/// Whether some axis separates lane `l` of `a` from lane `l` of `b` (the scalar test without
/// early exits).
#[inline(always)]
fn lane_separated(a: &Chunk<3>, b: &Chunk<3>, l: usize) -> bool {
    gather_lane!(a, b, l => ea, eb, ax, bx, d, dot, extent_sum, pad);
    let t = [dot(ax[0], d), dot(ax[1], d), dot(ax[2], d)];
    let row = |i: usize| [dot(ax[i], bx[0]), dot(ax[i], bx[1]), dot(ax[i], bx[2])];
    let r = [row(0), row(1), row(2)];
    let abs_row = |i: usize| [r[i][0].abs(), r[i][1].abs(), r[i][2].abs()];
    let ar = [abs_row(0), abs_row(1), abs_row(2)];

    let mut separated = false;
    // Face radii summed from the diagonal outwards, as `sat3::classify` sums its wrapped
    // diagonals: A's face i over j = i, i+1, i+2; B's face j over i = j, j−1, j−2.
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        let radius_b = (eb[i] * ar[i][i] + eb[i1] * ar[i][i1]) + eb[i2] * ar[i][i2];
        separated |= t[i].abs() > (ea[i] + pad) + radius_b;
    }
    for j in 0..3 {
        let (j1, j2) = ((j + 2) % 3, (j + 1) % 3); // j − 1, j − 2
        let radius_a = (ea[j] * ar[j][j] + ea[j1] * ar[j1][j]) + ea[j2] * ar[j2][j];
        separated |= dot(bx[j], d).abs() > radius_a + (eb[j] + pad);
    }
    // The edge pairs' pad and floor, from `|d|₁` (`sat3::classify`).
    let l1 = (d[0].abs() + d[1].abs()) + d[2].abs();
    let edge_pad = PAD_K * EPS * (PAD_CENTRE_K * l1 + extent_sum) + UNDERFLOW_FLOOR;
    let pa = [ea[0] + edge_pad, ea[1] + edge_pad, ea[2] + edge_pad];
    let floor = UNDERFLOW_SCALE * (l1 + extent_sum) + UNDERFLOW_FLOOR;
    for i in 0..3 {
        let (m, n) = ((i + 1) % 3, (i + 2) % 3);
        // Rows m and n of R (p, q) and the absolute value of their cross product, in glam's
        // order: component c = p_{c+1} q_{c+2} − q_{c+1} p_{c+2}.
        let (p, q) = (&r[m], &r[n]);
        let minor = |c: usize| {
            let (c1, c2) = ((c + 1) % 3, (c + 2) % 3);
            (p[c1] * q[c2] - q[c1] * p[c2]).abs()
        };
        let minors = [minor(0), minor(1), minor(2)];
        for k in 0..3 {
            let (j, jj) = ((k + 1) % 3, (k + 2) % 3);
            let centre = (p[k] * t[n] - q[k] * t[m]).abs();
            let radius_a = ar[n][k] * pa[m] + ar[m][k] * pa[n];
            let radius_b = eb[j] * minors[jj] + eb[jj] * minors[j];
            separated |= centre > (radius_a + radius_b) + floor;
        }
    }
    separated
}
