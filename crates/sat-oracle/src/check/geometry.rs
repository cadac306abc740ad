//! f64 geometry for building cases: rotations of f32 quaternions, the octahedral group, and
//! placing box B against box A at an intended gap.
//!
//! Approximate by design: the cases are judged on the f32 numbers they end up with, so nothing
//! here needs to be exact, only close enough that a "gap of one ulp" lands within a few ulps.

use glam::{DQuat, DVec2, DVec3};

/// The 24 rotations that map the coordinate axes onto themselves, as quaternions `[x, y, z, w]`
/// with components in `{−1, 0, 1}`: `R(q)/|q|²` is exact in f32 and f64 (entries 0 and ±1).
pub const OCTAHEDRAL: [[f32; 4]; 24] = [
    [0.0, 0.0, 0.0, 1.0],
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [1.0, 0.0, 0.0, 1.0],
    [-1.0, 0.0, 0.0, 1.0],
    [0.0, 1.0, 0.0, 1.0],
    [0.0, -1.0, 0.0, 1.0],
    [0.0, 0.0, 1.0, 1.0],
    [0.0, 0.0, -1.0, 1.0],
    [1.0, 1.0, 0.0, 0.0],
    [1.0, -1.0, 0.0, 0.0],
    [1.0, 0.0, 1.0, 0.0],
    [1.0, 0.0, -1.0, 0.0],
    [0.0, 1.0, 1.0, 0.0],
    [0.0, 1.0, -1.0, 0.0],
    [1.0, 1.0, 1.0, 1.0],
    [1.0, 1.0, -1.0, 1.0],
    [1.0, -1.0, 1.0, 1.0],
    [1.0, -1.0, -1.0, 1.0],
    [-1.0, 1.0, 1.0, 1.0],
    [-1.0, 1.0, -1.0, 1.0],
    [-1.0, -1.0, 1.0, 1.0],
    [-1.0, -1.0, -1.0, 1.0],
];

/// The columns of `R(q)/|q|²` in f64 (glam's convention: column 0 is the image of X). NaN for a
/// zero or non-finite quaternion.
pub fn quat_columns(q: [f32; 4]) -> [DVec3; 3] {
    let [x, y, z, w] = q.map(f64::from);
    let n = x * x + y * y + z * z + w * w;
    let (xx, yy, zz, ww) = (x * x, y * y, z * z, w * w);
    let (xy, xz, yz, wx, wy, wz) = (x * y, x * z, y * z, w * x, w * y, w * z);
    [
        DVec3::new(ww + xx - yy - zz, 2.0 * (xy + wz), 2.0 * (xz - wy)) / n,
        DVec3::new(2.0 * (xy - wz), ww - xx + yy - zz, 2.0 * (yz + wx)) / n,
        DVec3::new(2.0 * (xz + wy), 2.0 * (yz - wx), ww - xx - yy + zz) / n,
    ]
}

/// `q` as f64 (not normalised).
pub fn dquat(q: [f32; 4]) -> DQuat {
    DQuat::from_array(q.map(f64::from))
}

/// `q` normalised in f64, then rounded to f32. A zero or non-finite `q` stays as it is (and is
/// rejected by sat-core).
pub fn round_quat(q: DQuat) -> [f32; 4] {
    let n = q.length();
    let q = if n > 0.0 && n.is_finite() { q / n } else { q };
    q.to_array().map(|c| c as f32)
}

/// The spacing of f32 values at magnitude `x` (at least that at 1e-30).
pub fn ulp32(x: f64) -> f64 {
    let x = x.abs().max(1e-30) as f32;
    if x.is_finite() {
        f64::from(x.next_up() - x)
    } else {
        f64::from(f32::MAX - f32::MAX.next_down())
    }
}

/// `+1` for non-negative, `−1` for negative.
pub fn sign_of(x: f64) -> f64 {
    if x < 0.0 { -1.0 } else { 1.0 }
}

/// Euclidean norm of a slice.
pub fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// A contact built by a placement: along `normal`, B's support is `radius_b` from its centre,
/// the intended gap is `gap`, and `axis` is A's half-extent to retune after B's centre is
/// rounded.
pub struct Contact<const N: usize> {
    /// Unit contact normal, from A towards B.
    pub normal: [f64; N],
    /// `Σ_j e_Bj |b_j · normal|`.
    pub radius_b: f64,
    /// Intended signed gap.
    pub gap: f64,
    /// Which half-extent of A to adjust.
    pub axis: usize,
}

impl<const N: usize> Contact<N> {
    /// After B's centre was rounded (the centre offset is now `t`), sets A's half-extent
    /// `axis` so that the gap along the normal is the intended one again, when that changes the
    /// extent by at most a factor of two; the gap then errs by about an ulp of that extent
    /// rather than of the (possibly far larger) coordinates.
    pub fn retune(&self, ea: &mut [f32; N], a_cols: &[[f64; N]; N], t: [f64; N]) {
        let dot = |u: &[f64; N], v: &[f64; N]| (0..N).map(|k| u[k] * v[k]).sum::<f64>();
        let j = self.axis;
        let others: f64 = (0..N)
            .filter(|&l| l != j)
            .map(|l| f64::from(ea[l]) * dot(&a_cols[l], &self.normal).abs())
            .sum();
        let weight = dot(&a_cols[j], &self.normal).abs();
        let wanted = (dot(&t, &self.normal) - self.radius_b - self.gap - others) / weight;
        let current = f64::from(ea[j]);
        if wanted.is_finite() && wanted >= 0.5 * current && wanted <= 2.0 * current {
            ea[j] = wanted as f32;
        }
    }
}

/// Arrays of glam vectors as nested arrays.
pub fn cols3(c: [DVec3; 3]) -> [[f64; 3]; 3] {
    c.map(|v| v.to_array())
}

/// Arrays of glam vectors as nested arrays.
pub fn cols2(c: [DVec2; 2]) -> [[f64; 2]; 2] {
    c.map(|v| v.to_array())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octahedral_rotations_are_distinct_signed_permutations() {
        let mut seen = Vec::new();
        for q in OCTAHEDRAL {
            let cols = cols3(quat_columns(q));
            for c in cols {
                assert_eq!(c.iter().filter(|x| x.abs() == 1.0).count(), 1, "{q:?}");
                assert_eq!(c.iter().filter(|x| **x == 0.0).count(), 2, "{q:?}");
            }
            assert!(!seen.contains(&cols), "{q:?} repeats");
            seen.push(cols);
        }
    }

    #[test]
    fn retune_restores_the_gap() {
        let contact = Contact {
            normal: [1.0, 0.0],
            radius_b: 1.0,
            gap: 0.25,
            axis: 0,
        };
        let mut ea = [1.0f32, 1.0];
        contact.retune(&mut ea, &[[1.0, 0.0], [0.0, 1.0]], [2.5, 0.3]);
        assert_eq!(ea, [1.25, 1.0]);
    }
}
