//! `ObbSet3`: boxes in structure-of-arrays chunks of [`LANES`], and the 3D batch kernel.

use alloc::vec::Vec;
use wide::f32x8;

use crate::Obb3;
use crate::tolerance::{EPS, PAD_K, UNDERFLOW_FLOOR, UNDERFLOW_SCALE};

use super::LANES;

type Lanes = f32x8;

/// Writes lane `lane` of `v`.
fn set_lane(v: &mut Lanes, lane: usize, value: f32) {
    let mut lanes = v.to_array();
    lanes[lane] = value;
    *v = Lanes::from(lanes);
}

/// [`LANES`] boxes, one per lane: `center[c]`, `half[i]`, `axes[i][c]` (component `c` of local
/// axis `i`), `norm = |half|`. Lanes past the end of a set repeat its last box and are masked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Chunk3 {
    center: [Lanes; 3],
    half: [Lanes; 3],
    axes: [[Lanes; 3]; 3],
    norm: Lanes,
}

impl Chunk3 {
    fn splat(obb: &Obb3) -> Chunk3 {
        let zero = Lanes::ZERO;
        let mut chunk = Chunk3 {
            center: [zero; 3],
            half: [zero; 3],
            axes: [[zero; 3]; 3],
            norm: zero,
        };
        for lane in 0..LANES {
            chunk.set(lane, obb);
        }
        chunk
    }

    fn set(&mut self, lane: usize, obb: &Obb3) {
        let axes = [obb.cols.x_axis, obb.cols.y_axis, obb.cols.z_axis];
        for c in 0..3 {
            set_lane(&mut self.center[c], lane, obb.center[c]);
            set_lane(&mut self.half[c], lane, obb.half_extents[c]);
            for (i, axis) in axes.iter().enumerate() {
                set_lane(&mut self.axes[i][c], lane, axis[c]);
            }
        }
        set_lane(&mut self.norm, lane, obb.extent_norm);
    }
}

/// A set of 3D boxes stored for batch queries ([`any_overlap3`](super::any_overlap3),
/// [`overlaps3`](super::overlaps3), [`pair_overlaps3`](super::pair_overlaps3)).
///
/// ```
/// use glam::{Quat, Vec3};
/// use sat_core::Obb3;
/// use sat_core::batch::{ObbSet3, any_overlap3};
///
/// let placed: ObbSet3 = (0..100)
///     .map(|i| Obb3::new(Vec3::new(3.0 * i as f32, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY))
///     .collect();
/// let crate_box = Obb3::new(Vec3::new(4.5, 0.0, 0.0), Vec3::splat(0.4), Quat::IDENTITY);
/// assert!(!any_overlap3(&crate_box, &placed));
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObbSet3 {
    chunks: Vec<Chunk3>,
    len: usize,
}

impl ObbSet3 {
    /// An empty set.
    pub fn new() -> ObbSet3 {
        ObbSet3::default()
    }

    /// Appends a box.
    pub fn push(&mut self, obb: &Obb3) {
        let lane = self.len % LANES;
        if lane == 0 {
            self.chunks.push(Chunk3::splat(obb));
        } else if let Some(last) = self.chunks.last_mut() {
            for l in lane..LANES {
                last.set(l, obb);
            }
        }
        self.len += 1;
    }

    /// Number of boxes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set holds no box.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every box, keeping the storage.
    pub fn clear(&mut self) {
        self.chunks.clear();
        self.len = 0;
    }

    pub(crate) fn chunks(&self) -> &[Chunk3] {
        &self.chunks
    }

    /// Lanes of chunk `index` that hold boxes of the set.
    pub(crate) fn valid_lanes(&self, index: usize) -> u32 {
        super::valid_lanes(self.len, index)
    }

    pub(crate) fn broadcast(obb: &Obb3) -> Chunk3 {
        Chunk3::splat(obb)
    }
}

impl<'a> FromIterator<&'a Obb3> for ObbSet3 {
    fn from_iter<I: IntoIterator<Item = &'a Obb3>>(iter: I) -> Self {
        let mut set = ObbSet3::new();
        for obb in iter {
            set.push(obb);
        }
        set
    }
}

impl FromIterator<Obb3> for ObbSet3 {
    fn from_iter<I: IntoIterator<Item = Obb3>>(iter: I) -> Self {
        let mut set = ObbSet3::new();
        for obb in iter {
            set.push(&obb);
        }
        set
    }
}

/// Bit `l` set when lane `l` of `a` and lane `l` of `b` intersect: `Obb3::intersects`, lane by
/// lane, with every operation in the same order as the scalar path (`sat3.rs`), so the verdicts
/// are bit-identical and the error band is the same. `f32x8` arithmetic is IEEE per lane (no
/// fused multiply-add); all axes are evaluated branch-free, with an early return when every lane
/// is separated by the faces of A, then of B.
#[inline(always)]
pub(crate) fn overlap_mask(a: &Chunk3, b: &Chunk3) -> u32 {
    let (ea, eb) = (&a.half, &b.half);
    let d = [
        b.center[0] - a.center[0],
        b.center[1] - a.center[1],
        b.center[2] - a.center[2],
    ];
    let dot = |u: &[Lanes; 3], v: &[Lanes; 3]| (u[0] * v[0] + u[1] * v[1]) + u[2] * v[2];
    let scale = (dot(&d, &d).sqrt() + a.norm) + b.norm;
    let pad = Lanes::splat(PAD_K * EPS) * scale + Lanes::splat(UNDERFLOW_FLOOR);
    let t = [
        dot(&a.axes[0], &d),
        dot(&a.axes[1], &d),
        dot(&a.axes[2], &d),
    ];
    let pa = [ea[0] + pad, ea[1] + pad, ea[2] + pad];
    let row = |i: usize| {
        [
            dot(&a.axes[i], &b.axes[0]),
            dot(&a.axes[i], &b.axes[1]),
            dot(&a.axes[i], &b.axes[2]),
        ]
    };
    let r = [row(0), row(1), row(2)];
    let ar = r.map(|row| row.map(Lanes::abs));

    let mut separated = Lanes::ZERO;
    for i in 0..3 {
        let radius_b = (ar[i][0] * eb[0] + ar[i][1] * eb[1]) + ar[i][2] * eb[2];
        separated |= t[i].abs().simd_gt(pa[i] + radius_b);
    }
    if separated.all() {
        return 0;
    }
    for j in 0..3 {
        let radius_a = (ar[0][j] * ea[0] + ar[1][j] * ea[1]) + ar[2][j] * ea[2];
        separated |= dot(&b.axes[j], &d).abs().simd_gt(radius_a + (eb[j] + pad));
    }
    if separated.all() {
        return 0;
    }
    let floor = Lanes::splat(UNDERFLOW_SCALE) * scale + Lanes::splat(UNDERFLOW_FLOOR);
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
            separated |= centre.simd_gt((radius_a + radius_b) + floor);
        }
    }
    !separated.to_bitmask() & super::ALL_LANES
}
