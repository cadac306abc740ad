//! f64 geometry for building cases: rotations of f32 quaternions, the octahedral group, and
//! placing box B against box A at an intended gap.
//!
//! Approximate by design: the cases are judged on the f32 numbers they end up with, so nothing
//! here needs to be exact, only close enough that a "gap of one ulp" lands within a few ulps.

use glam::{DQuat, DVec2, DVec3};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use sat_core::AXES_TOLERANCE;

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

/// [`quat_columns`](crate::case_box::quat_columns) of an f32 quaternion.
pub fn quat_columns(q: [f32; 4]) -> [DVec3; 3] {
    crate::case_box::quat_columns(q.map(f64::from))
}

/// `q` as f64 (not normalised).
pub fn dquat(q: [f32; 4]) -> DQuat {
    DQuat::from_array(q.map(f64::from))
}

/// A uniformly distributed unit quaternion from three uniform numbers in `[0, 1)` (Shoemake's
/// method): the rotations of the fuzzer's `Rotation::Uniform` and of the generator's random
/// pairs.
///
/// ```
/// let q = sat_oracle::check::uniform_quat([0.25, 0.5, 0.75]);
/// assert!((q.length() - 1.0).abs() < 1e-15);
/// ```
pub fn uniform_quat([u1, u2, u3]: [f64; 3]) -> DQuat {
    let tau = std::f64::consts::TAU;
    let (r1, r2) = ((1.0 - u1).sqrt(), u1.sqrt());
    DQuat::from_xyzw(
        r1 * (tau * u2).sin(),
        r1 * (tau * u2).cos(),
        r2 * (tau * u3).sin(),
        r2 * (tau * u3).cos(),
    )
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

/// The face placement, written once for each dimension's vector type.
macro_rules! face_contact {
    ($(#[$doc:meta])* $name:ident: $vec:ident, $n:literal) => {
        $(#[$doc])*
        pub fn $name(
            [ea, eb]: [&[f64; $n]; 2],
            gb: &[$vec; $n],
            i: usize,
            normal: $vec,
            lateral: $vec,
        ) -> ($vec, Contact<$n>) {
            // B's centre sits at its deepest vertex plus this.
            let support_b: $vec = (0..$n)
                .map(|j| gb[j] * (eb[j] * sign_of(gb[j].dot(normal))))
                .sum();
            let radius_b = (0..$n).map(|j| eb[j] * gb[j].dot(normal).abs()).sum();
            let contact = Contact {
                normal: normal.to_array(),
                radius_b,
                gap: 0.0,
                axis: i,
            };
            (normal * ea[i] + lateral + support_b, contact)
        }
    };
}

face_contact!(
    /// B's offset from A (half-extents `ea`, `eb`; B's columns `gb`) that puts B's deepest
    /// vertex along `normal` (A's face normal `±a_i`) on that face at gap zero, moved `lateral`
    /// across it; and the contact (`axis` = `i`). A face of B, when the faces are nearly
    /// parallel. The caller adds the gap along the normal. Shared by the fuzz recipes,
    /// `obbsat`'s generator and the named corpus cases.
    face_contact3: DVec3, 3
);
face_contact!(
    /// [`face_contact3`] in 2D: B's deepest vertex along `normal` (A's edge normal `±a_i`) on
    /// that edge at gap zero, moved `lateral` along it; and the contact.
    face_contact2: DVec2, 2
);

/// B's offset from A that makes B's edge along `b_k` cross A's edge along `a_i` at gap zero
/// along the unit `normal` (`±a_i × b_k` normalised), at fractions `along` (in `[−1, 1]`) of
/// A's and B's edges; and the contact (`axis`: the other extent of A that moves A's edge most
/// along the normal). The caller adds the gap along the normal.
pub fn edge_contact3(
    [ea, eb]: [&[f64; 3]; 2],
    [ga, gb]: [&[DVec3; 3]; 2],
    [i, k]: [usize; 2],
    normal: DVec3,
    [along_a, along_b]: [f64; 2],
) -> (DVec3, Contact<3>) {
    // A's edge parallel to a_i furthest along the normal, at a point along it; and from the
    // point on B's edge parallel to b_k furthest against the normal, to B's centre.
    let on_a = edge_point(ga, ea, i, along_a, normal);
    let to_b = edge_point(gb, eb, k, along_b, normal);
    let radius_b = (0..3).map(|j| eb[j] * gb[j].dot(normal).abs()).sum();
    let axis = [(i + 1) % 3, (i + 2) % 3]
        .into_iter()
        .max_by(|&x, &y| ga[x].dot(normal).abs().total_cmp(&ga[y].dot(normal).abs()))
        .unwrap_or((i + 1) % 3);
    let contact = Contact {
        normal: normal.to_array(),
        radius_b,
        gap: 0.0,
        axis,
    };
    (on_a + to_b, contact)
}

/// The point `Σ_j g_j·e_j·side_j` of a box's edge parallel to `g_axis` (from its centre): at
/// fraction `along` of that edge, on the side of `normal` for the other columns.
fn edge_point(g: &[DVec3; 3], e: &[f64; 3], axis: usize, along: f64, normal: DVec3) -> DVec3 {
    (0..3)
        .map(|j| {
            let side = if j == axis {
                along
            } else {
                sign_of(g[j].dot(normal))
            };
            g[j] * (e[j] * side)
        })
        .sum()
}

/// Arrays of glam vectors as nested arrays.
pub fn cols3(c: [DVec3; 3]) -> [[f64; 3]; 3] {
    c.map(|v| v.to_array())
}

/// Arrays of glam vectors as nested arrays.
pub fn cols2(c: [DVec2; 2]) -> [[f64; 2]; 2] {
    c.map(|v| v.to_array())
}

/// `cols` (columns, f64) times `I + P`, with `P` a pseudo-random matrix drawn from `seed`,
/// scaled so that the columns after `round` have `max |GᵀG − I|` just within `fraction` of
/// [`AXES_TOLERANCE`]: columns that lean towards each other and stretch or shrink, the inputs
/// sat-core's checked constructors accept with the largest distance between the written and an
/// orthonormal box. `round` is the precision the columns are written in (`f32` or `f64`).
pub fn lean_columns<const N: usize>(
    cols: [[f64; N]; N],
    fraction: f64,
    seed: u64,
    round: impl Fn(f64) -> f64,
) -> [[f64; N]; N] {
    let mut random = SplitMix64::seed_from_u64(seed);
    // 53 random bits, to [-1, 1).
    let mut next = || (random.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
    let p: [[f64; N]; N] = core::array::from_fn(|_| core::array::from_fn(|_| next()));
    let leaned = |scale: f64| -> [[f64; N]; N] {
        core::array::from_fn(|j| {
            core::array::from_fn(|r| {
                let mixed: f64 = (0..N).map(|k| cols[k][r] * p[j][k]).sum();
                round(cols[j][r] + scale * mixed)
            })
        })
    };
    let target = fraction * f64::from(AXES_TOLERANCE);
    let mut scale = target / 2.0;
    for _ in 0..8 {
        let candidate = leaned(scale);
        let defect = orthonormality_defect(&candidate);
        if defect <= target && defect >= 0.95 * target {
            return candidate;
        }
        scale *= 0.99 * target / defect.max(f64::MIN_POSITIVE);
    }
    leaned(scale)
}

/// `max |GᵀG − I|` of columns, in f64.
fn orthonormality_defect<const N: usize>(cols: &[[f64; N]; N]) -> f64 {
    let mut worst: f64 = 0.0;
    for i in 0..N {
        for j in 0..N {
            let dot: f64 = (0..N).map(|r| cols[i][r] * cols[j][r]).sum();
            worst = worst.max((dot - if i == j { 1.0 } else { 0.0 }).abs());
        }
    }
    worst
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
