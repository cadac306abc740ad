//! Building blocks of the named corpus cases: f32 rounding, rational rotations from integer
//! quaternions, f64 rotations from `libm`'s sine and cosine (the same on every platform), and
//! a face placement of box B against box A (the generator's and the fuzzer's `face_contact3`; edge
//! placements call `edge_contact3` directly). The cases themselves are `CaseLine`s with an id and
//! a note.

use glam::{DQuat, DVec2, DVec3};
use sat_core::tolerance::Band;
use sat_oracle::check::face_contact3;

/// `x` rounded to the nearest f32, as f64.
pub fn f32v(x: f64) -> f64 {
    f64::from(x as f32)
}

/// Every component rounded to f32.
pub fn f32a<const N: usize>(x: [f64; N]) -> [f64; N] {
    x.map(f32v)
}

/// sat-core's band for a pair with centre offset `t` and half-extent vectors `ea`, `eb`:
/// `48·ε·S`, `S = |t| + |e_A| + |e_B|`.
pub fn band_of(t: f64, ea: &[f64], eb: &[f64]) -> Band<f64> {
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    Band::f32(t.abs() + norm(ea) + norm(eb))
}

/// The unit quaternion of a rotation by `angle` radians about the unit vector `axis`, with
/// `libm`'s sine and cosine.
pub fn rotation(axis: DVec3, angle: f64) -> DQuat {
    let (s, c) = libm::sincos(0.5 * angle);
    let a = axis.normalize();
    DQuat::from_xyzw(a.x * s, a.y * s, a.z * s, c)
}

/// A quaternion as written in a case: `[x, y, z, w]` rounded to f32.
pub fn case_quat(q: DQuat) -> [f64; 4] {
    f32a([q.x, q.y, q.z, q.w])
}

/// Where B's centre must be for a vertex (or, for near-parallel faces, a face) of B to lie on
/// face `normal` of A (A axis-aligned at the origin with half-extents `ea`), at `gap` along it,
/// with B's supporting vertex at `lateral` across the face (`normal`: one of `±x`, `±y`, `±z`).
/// Columns in f64.
pub fn on_face(
    ea: DVec3,
    normal: DVec3,
    b: [DVec3; 3],
    eb: DVec3,
    lateral: DVec3,
    gap: f64,
) -> DVec3 {
    let i = normal.abs().max_position();
    let (at_zero, _) = face_contact3([&ea.to_array(), &eb.to_array()], &b, i, normal, lateral);
    at_zero + normal * gap
}

/// 2D columns `(c, s)`, `(−s, c)` of an angle, rounded to f32 (as a case would write them).
pub fn axes2(angle: f64) -> [DVec2; 2] {
    let (s, c) = libm::sincos(angle);
    let (c, s) = (f32v(c), f32v(s));
    [DVec2::new(c, s), DVec2::new(-s, c)]
}
