//! `ObbSet2`: rectangles in structure-of-arrays chunks of [`LANES`], and the 2D batch kernel.

use alloc::vec::Vec;

use crate::Obb2;
use crate::tolerance::{EPS, PAD_K, UNDERFLOW_FLOOR, sqrt};

use super::LANES;

type Lanes = [f32; LANES];

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
        let mut chunk = Chunk2 {
            center: [[0.0; LANES]; 2],
            half: [[0.0; LANES]; 2],
            axes: [[[0.0; LANES]; 2]; 2],
            norm: [0.0; LANES],
        };
        for lane in 0..LANES {
            chunk.set(lane, obb);
        }
        chunk
    }

    fn set(&mut self, lane: usize, obb: &Obb2) {
        let axes = [obb.axes.x_axis, obb.axes.y_axis];
        for c in 0..2 {
            self.center[c][lane] = obb.center[c];
            self.half[c][lane] = obb.half_extents[c];
            for (i, axis) in axes.iter().enumerate() {
                self.axes[i][c][lane] = axis[c];
            }
        }
        self.norm[lane] = obb.extent_norm;
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
/// lane, with every operation in the same order as the scalar path (`sat2.rs`). Plain loops over
/// the lanes, as in the 3D kernel.
#[inline(always)]
pub(crate) fn overlap_mask(a: &Chunk2, b: &Chunk2) -> u32 {
    let (ea, eb) = (&a.half, &b.half);
    let mut d = [[0.0; LANES]; 2];
    for c in 0..2 {
        for l in 0..LANES {
            d[c][l] = b.center[c][l] - a.center[c][l];
        }
    }
    let mut pad = [0.0; LANES];
    for l in 0..LANES {
        let dd = d[0][l] * d[0][l] + d[1][l] * d[1][l];
        pad[l] = PAD_K * EPS * ((sqrt(dd) + a.norm[l]) + b.norm[l]) + UNDERFLOW_FLOOR;
    }
    let mut ar = [[[0.0f32; LANES]; 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            let (u, v) = (&a.axes[i], &b.axes[j]);
            for l in 0..LANES {
                ar[i][j][l] = (u[0][l] * v[0][l] + u[1][l] * v[1][l]).abs();
            }
        }
    }
    let mut separated = [false; LANES];
    for i in 0..2 {
        let u = &a.axes[i];
        for l in 0..LANES {
            let centre = (u[0][l] * d[0][l] + u[1][l] * d[1][l]).abs();
            let radius_b = eb[0][l] * ar[i][0][l] + eb[1][l] * ar[i][1][l];
            separated[l] |= centre > (ea[i][l] + pad[l]) + radius_b;
        }
    }
    for j in 0..2 {
        let v = &b.axes[j];
        for l in 0..LANES {
            let centre = (v[0][l] * d[0][l] + v[1][l] * d[1][l]).abs();
            let radius_a = ea[0][l] * ar[0][j][l] + ea[1][l] * ar[1][j][l];
            separated[l] |= centre > radius_a + (eb[j][l] + pad[l]);
        }
    }
    let mut mask = 0;
    for (l, &s) in separated.iter().enumerate() {
        mask |= u32::from(s) << l;
    }
    !mask & super::ALL_LANES
}
