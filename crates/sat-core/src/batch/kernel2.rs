//! The 2D batch kernel, compiled once per precision (`single.rs`, `double.rs`):
//! `Obb2::intersects` (`DObb2::intersects`) for [`LANES`] pairs at once.

use super::set::{ALL_LANES, Chunk};
// This compilation's items (`single.rs`, `double.rs`: its precision's).
use super::{EPS, LANES, PAD_K, Real, UNDERFLOW_FLOOR};

/// Bit `l` set when lane `l` of `a` and lane `l` of `b` intersect: `Obb2::intersects`, lane by
/// lane, with every operation in the same order as the scalar path (`sat2.rs`), so the verdicts
/// are bit-identical. Branch-free per lane, so the loop over the lanes vectorises.
#[inline(always)]
pub(crate) fn overlap_mask(a: &Chunk<2>, b: &Chunk<2>) -> u32 {
    let mut separated = [0u32; LANES];
    for (l, flag) in separated.iter_mut().enumerate() {
        let (ea, eb) = ([a.half[0][l], a.half[1][l]], [b.half[0][l], b.half[1][l]]);
        let ax = |i: usize| [a.axes[i][0][l], a.axes[i][1][l]];
        let bx = |j: usize| [b.axes[j][0][l], b.axes[j][1][l]];
        let d = [
            b.center[0][l] - a.center[0][l],
            b.center[1][l] - a.center[1][l],
        ];
        let dot = |u: [Real; 2], v: [Real; 2]| u[0] * v[0] + u[1] * v[1];
        let pad = PAD_K * EPS * (a.norm[l] + b.norm[l]) + UNDERFLOW_FLOOR;
        let r = |i: usize, j: usize| dot(ax(i), bx(j)).abs();
        let (r00, r01, r10, r11) = (r(0, 0), r(0, 1), r(1, 0), r(1, 1));
        let face_a0 = dot(ax(0), d).abs() > (ea[0] + pad) + (eb[0] * r00 + eb[1] * r01);
        let face_a1 = dot(ax(1), d).abs() > (ea[1] + pad) + (eb[0] * r10 + eb[1] * r11);
        let face_b0 = dot(bx(0), d).abs() > (ea[0] * r00 + ea[1] * r10) + (eb[0] + pad);
        let face_b1 = dot(bx(1), d).abs() > (ea[0] * r01 + ea[1] * r11) + (eb[1] + pad);
        *flag = (face_a0 | face_a1 | face_b0 | face_b1) as u32;
    }
    let separated = separated.iter().enumerate();
    !separated.fold(0, |bits, (l, &flag)| bits | flag << l) & ALL_LANES
}
