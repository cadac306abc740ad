//! The textbook scalar reference: Ericson, *Real-Time Collision Detection* §4.4.1
//! (`TestOBBOBB`), with `AbsR = |R| + 1e-6` and unnormalised cross axes, computing what the book
//! prints in its order (its nine cross-axis tests as one loop over their subscripts; `R` and
//! `AbsR` by one routine for the 3D test and its 2D reduction).
//! Included by the benchmarks as the peer every speed ratio is stated against.

// Index loops keep the book's R[i][j] subscripts.
#![allow(clippy::needless_range_loop)]

use glam::{Vec2, Vec3};

/// Ericson's box: centre, local axes, half-extents.
#[derive(Clone, Copy)]
pub struct TextbookObb3 {
    pub c: Vec3,
    pub u: [Vec3; 3],
    pub e: [f32; 3],
}

const EPSILON: f32 = 1e-6;

/// The book's rotation matrix `R[i][j] = A_i·B_j` expressing B in A's frame, and
/// `AbsR = |R| + EPSILON` (the book's guard against arithmetic error when two edges are near
/// parallel and their cross product near null).
#[inline(always)]
fn rotation<V: Copy, const N: usize>(
    a: &[V; N],
    b: &[V; N],
    dot: fn(V, V) -> f32,
) -> ([[f32; N]; N], [[f32; N]; N]) {
    let mut r = [[0.0f32; N]; N];
    let mut abs_r = [[0.0f32; N]; N];
    for i in 0..N {
        for j in 0..N {
            r[i][j] = dot(a[i], b[j]);
            abs_r[i][j] = r[i][j].abs() + EPSILON;
        }
    }
    (r, abs_r)
}

#[inline(never)]
pub fn test_obb_obb(a: &TextbookObb3, b: &TextbookObb3) -> bool {
    let (r, abs_r) = rotation(&a.u, &b.u, Vec3::dot);
    let t = b.c - a.c;
    let t = [t.dot(a.u[0]), t.dot(a.u[1]), t.dot(a.u[2])];
    for i in 0..3 {
        let ra = a.e[i];
        let rb = b.e[0] * abs_r[i][0] + b.e[1] * abs_r[i][1] + b.e[2] * abs_r[i][2];
        if t[i].abs() > ra + rb {
            return false;
        }
    }
    for i in 0..3 {
        let ra = a.e[0] * abs_r[0][i] + a.e[1] * abs_r[1][i] + a.e[2] * abs_r[2][i];
        let rb = b.e[i];
        if (t[0] * r[0][i] + t[1] * r[1][i] + t[2] * r[2][i]).abs() > ra + rb {
            return false;
        }
    }
    // L = A_i × B_j, in the book's order (A0 × B0, A0 × B1, ..). Its nine tests differ only in
    // subscripts: with (i1, i2) and (j1, j2) the other two axes of each box in cyclic order,
    // each is the printed one term for term (a two-term sum in either order is the same float).
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let ra = a.e[i1] * abs_r[i2][j] + a.e[i2] * abs_r[i1][j];
            let rb = b.e[j1] * abs_r[i][j2] + b.e[j2] * abs_r[i][j1];
            if (t[i2] * r[i1][j] - t[i1] * r[i2][j]).abs() > ra + rb {
                return false;
            }
        }
    }
    true
}

/// Ericson's 2D projection-radius test (the 2D textbook form).
#[derive(Clone, Copy)]
pub struct TextbookObb2 {
    pub c: Vec2,
    pub u: [Vec2; 2],
    pub e: [f32; 2],
}

#[inline(never)]
pub fn test_obb_obb_2d(a: &TextbookObb2, b: &TextbookObb2) -> bool {
    let t = b.c - a.c;
    for axis in [a.u[0], a.u[1], b.u[0], b.u[1]] {
        let ra = a.e[0] * a.u[0].dot(axis).abs() + a.e[1] * a.u[1].dot(axis).abs();
        let rb = b.e[0] * b.u[0].dot(axis).abs() + b.e[1] * b.u[1].dot(axis).abs();
        if t.dot(axis).abs() > ra + rb {
            return false;
        }
    }
    true
}

/// Ericson's `TestOBBOBB` reduced to 2D (the textbook 4-axis test): `R = AᵀB` and `t` in A's
/// frame up front, `AbsR = |R| + 1e-6`, A's two face normals, then B's (`t·R_·j`).
#[inline(never)]
pub fn test_obb_obb_2d_ericson(a: &TextbookObb2, b: &TextbookObb2) -> bool {
    let (r, abs_r) = rotation(&a.u, &b.u, Vec2::dot);
    let t = b.c - a.c;
    let t = [t.dot(a.u[0]), t.dot(a.u[1])];
    for i in 0..2 {
        let rb = b.e[0] * abs_r[i][0] + b.e[1] * abs_r[i][1];
        if t[i].abs() > a.e[i] + rb {
            return false;
        }
    }
    for j in 0..2 {
        let ra = a.e[0] * abs_r[0][j] + a.e[1] * abs_r[1][j];
        if (t[0] * r[0][j] + t[1] * r[1][j]).abs() > ra + b.e[j] {
            return false;
        }
    }
    true
}
