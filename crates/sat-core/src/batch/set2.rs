//! `ObbSet2`: rectangles in structure-of-arrays chunks of [`LANES`], and the 2D batch kernel.

use alloc::vec::Vec;
use wide::f32x8;

use crate::Obb2;
use crate::tolerance::{EPS, PAD_K, UNDERFLOW_FLOOR};

use super::LANES;

type Lanes = f32x8;

/// Writes lane `lane` of `v`.
fn set_lane(v: &mut Lanes, lane: usize, value: f32) {
    let mut lanes = v.to_array();
    lanes[lane] = value;
    *v = Lanes::from(lanes);
}

/// [`LANES`] rectangles, one per lane: `center[c]`, `half[i]`, `axes[i][c]` (component `c` of
/// local axis `i`), `norm = |half|`. Lanes past the end of a set repeat its last rectangle and
/// are masked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Chunk2 {
    center: [Lanes; 2],
    half: [Lanes; 2],
    axes: [[Lanes; 2]; 2],
    norm: Lanes,
}

impl Chunk2 {
    fn splat(obb: &Obb2) -> Chunk2 {
        let zero = Lanes::ZERO;
        let mut chunk = Chunk2 {
            center: [zero; 2],
            half: [zero; 2],
            axes: [[zero; 2]; 2],
            norm: zero,
        };
        for lane in 0..LANES {
            chunk.set(lane, obb);
        }
        chunk
    }

    fn set(&mut self, lane: usize, obb: &Obb2) {
        let axes = [obb.axes.x_axis, obb.axes.y_axis];
        for c in 0..2 {
            set_lane(&mut self.center[c], lane, obb.center[c]);
            set_lane(&mut self.half[c], lane, obb.half_extents[c]);
            for (i, axis) in axes.iter().enumerate() {
                set_lane(&mut self.axes[i][c], lane, axis[c]);
            }
        }
        set_lane(&mut self.norm, lane, obb.extent_norm);
    }
}

/// A set of rectangles stored for batch queries ([`any_overlap2`](super::any_overlap2),
/// [`overlaps2`](super::overlaps2), [`pair_overlaps2`](super::pair_overlaps2)).
///
/// ```
/// use glam::Vec2;
/// use sat_core::Obb2;
/// use sat_core::batch::{ObbSet2, pair_overlaps2};
///
/// let a: ObbSet2 = (0..20).map(|i| Obb2::new(Vec2::new(i as f32, 0.0), Vec2::splat(0.5), 0.0)).collect();
/// let b: ObbSet2 = (0..20).map(|i| Obb2::new(Vec2::new(i as f32, 1.0 + 0.1 * (i % 2) as f32), Vec2::splat(0.5), 0.0)).collect();
/// let mut touching = Vec::new();
/// pair_overlaps2(&a, &b, &mut touching);
/// assert_eq!(touching, (0..20).map(|i| i % 2 == 0).collect::<Vec<_>>());
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObbSet2 {
    chunks: Vec<Chunk2>,
    len: usize,
}

impl ObbSet2 {
    /// An empty set.
    pub fn new() -> ObbSet2 {
        ObbSet2::default()
    }

    /// Appends a box.
    pub fn push(&mut self, obb: &Obb2) {
        let lane = self.len % LANES;
        if lane == 0 {
            self.chunks.push(Chunk2::splat(obb));
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

    pub(crate) fn chunks(&self) -> &[Chunk2] {
        &self.chunks
    }

    /// Lanes of chunk `index` that hold boxes of the set.
    pub(crate) fn valid_lanes(&self, index: usize) -> u32 {
        super::valid_lanes(self.len, index)
    }

    pub(crate) fn broadcast(obb: &Obb2) -> Chunk2 {
        Chunk2::splat(obb)
    }
}

impl<'a> FromIterator<&'a Obb2> for ObbSet2 {
    fn from_iter<I: IntoIterator<Item = &'a Obb2>>(iter: I) -> Self {
        let mut set = ObbSet2::new();
        for obb in iter {
            set.push(obb);
        }
        set
    }
}

impl FromIterator<Obb2> for ObbSet2 {
    fn from_iter<I: IntoIterator<Item = Obb2>>(iter: I) -> Self {
        let mut set = ObbSet2::new();
        for obb in iter {
            set.push(&obb);
        }
        set
    }
}

/// Bit `l` set when lane `l` of `a` and lane `l` of `b` intersect: `Obb2::intersects`, lane by
/// lane, with every operation in the same order as the scalar path (`sat2.rs`), in `f32x8`
/// (IEEE per lane); returns early when every lane is separated by the faces of A.
#[inline(always)]
pub(crate) fn overlap_mask(a: &Chunk2, b: &Chunk2) -> u32 {
    let (ea, eb) = (&a.half, &b.half);
    let d = [b.center[0] - a.center[0], b.center[1] - a.center[1]];
    let dot = |u: &[Lanes; 2], v: &[Lanes; 2]| u[0] * v[0] + u[1] * v[1];
    let scale = (d[0].abs() + d[1].abs() + a.norm) + b.norm;
    let pad = Lanes::splat(PAD_K * EPS) * scale + Lanes::splat(UNDERFLOW_FLOOR);
    let ar = [0, 1].map(|i| [0, 1].map(|j| dot(&a.axes[i], &b.axes[j]).abs()));
    let mut separated = Lanes::ZERO;
    for i in 0..2 {
        let radius_b = eb[0] * ar[i][0] + eb[1] * ar[i][1];
        separated |= dot(&a.axes[i], &d).abs().simd_gt((ea[i] + pad) + radius_b);
    }
    if separated.all() {
        return 0;
    }
    for j in 0..2 {
        let radius_a = ea[0] * ar[0][j] + ea[1] * ar[1][j];
        separated |= dot(&b.axes[j], &d).abs().simd_gt(radius_a + (eb[j] + pad));
    }
    !separated.to_bitmask() & super::ALL_LANES
}
