//! `ObbSet3`: boxes in structure-of-arrays chunks of [`LANES`], and the 3D batch kernel.

use alloc::vec::Vec;

use crate::Obb3;
use crate::tolerance::{EPS, PAD_K, UNDERFLOW_FLOOR, sqrt};

use super::LANES;

type Lanes = [f32; LANES];

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
        let mut chunk = Chunk3 {
            center: [[0.0; LANES]; 3],
            half: [[0.0; LANES]; 3],
            axes: [[[0.0; LANES]; 3]; 3],
            norm: [0.0; LANES],
        };
        for lane in 0..LANES {
            chunk.set(lane, obb);
        }
        chunk
    }

    fn set(&mut self, lane: usize, obb: &Obb3) {
        let axes = [obb.cols.x_axis, obb.cols.y_axis, obb.cols.z_axis];
        for c in 0..3 {
            self.center[c][lane] = obb.center[c];
            self.half[c][lane] = obb.half_extents[c];
            for (i, axis) in axes.iter().enumerate() {
                self.axes[i][c][lane] = axis[c];
            }
        }
        self.norm[lane] = obb.extent_norm;
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

/// `f` on every lane.
#[inline(always)]
fn lanes(f: impl Fn(usize) -> f32) -> Lanes {
    core::array::from_fn(f)
}

/// `f(0) | f(1) | f(2)`, without short-circuit branches (they would stop vectorisation).
#[inline(always)]
fn any3(f: impl Fn(usize) -> bool) -> bool {
    f(0) | f(1) | f(2)
}

/// Lanes where `f` holds, as a bit mask.
#[inline(always)]
fn mask(f: impl Fn(usize) -> bool) -> u32 {
    let flags: [bool; LANES] = core::array::from_fn(f);
    flags
        .iter()
        .enumerate()
        .fold(0, |m, (l, &flag)| m | u32::from(flag) << l)
}

/// Bit `l` set when lane `l` of `a` and lane `l` of `b` intersect: `Obb3::intersects`, lane by
/// lane, with every operation in the same order as the scalar path (`sat3.rs`), so the verdicts
/// are bit-identical and the error band is the same. Branch-free over the lanes; returns early
/// when every lane is already separated by the faces of A, then of B.
#[inline(always)]
pub(crate) fn overlap_mask(a: &Chunk3, b: &Chunk3) -> u32 {
    let d = [0, 1, 2].map(|c| lanes(|l| b.center[c][l] - a.center[c][l]));
    let dot = |u: &[Lanes; 3], v: &[Lanes; 3], l: usize| {
        (u[0][l] * v[0][l] + u[1][l] * v[1][l]) + u[2][l] * v[2][l]
    };
    let pad =
        lanes(|l| PAD_K * EPS * ((sqrt(dot(&d, &d, l)) + a.norm[l]) + b.norm[l]) + UNDERFLOW_FLOOR);
    let t = [0, 1, 2].map(|i| lanes(|l| dot(&a.axes[i], &d, l)));
    let r = [0, 1, 2].map(|i| [0, 1, 2].map(|j| lanes(|l| dot(&a.axes[i], &b.axes[j], l))));
    let ar = r.map(|row| row.map(|v| v.map(f32::abs)));
    let (ea, eb) = (&a.half, &b.half);
    let pa = [0, 1, 2].map(|i| lanes(|l| ea[i][l] + pad[l]));

    let mut separated = mask(|l| {
        any3(|i| {
            let radius_b =
                (ar[i][0][l] * eb[0][l] + ar[i][1][l] * eb[1][l]) + ar[i][2][l] * eb[2][l];
            t[i][l].abs() > pa[i][l] + radius_b
        })
    });
    if separated == super::ALL_LANES {
        return 0;
    }
    separated |= mask(|l| {
        any3(|j| {
            let radius_a =
                (ar[0][j][l] * ea[0][l] + ar[1][j][l] * ea[1][l]) + ar[2][j][l] * ea[2][l];
            dot(&b.axes[j], &d, l).abs() > radius_a + (eb[j][l] + pad[l])
        })
    });
    if separated == super::ALL_LANES {
        return 0;
    }
    separated |= mask(|l| {
        any3(|i| {
            let (m, n) = ((i + 1) % 3, (i + 2) % 3);
            // Rows m and n of R and the absolute value of their cross product (glam's order:
            // component c = p_{c+1} q_{c+2} − q_{c+1} p_{c+2}).
            let (p, q) = (&r[m], &r[n]);
            let minors = [0, 1, 2].map(|c| {
                let (c1, c2) = ((c + 1) % 3, (c + 2) % 3);
                (p[c1][l] * q[c2][l] - q[c1][l] * p[c2][l]).abs()
            });
            any3(|k| {
                let (j, jj) = ((k + 1) % 3, (k + 2) % 3);
                let centre = (p[k][l] * t[n][l] - q[k][l] * t[m][l]).abs();
                let radius_a = ar[n][k][l] * pa[m][l] + ar[m][k][l] * pa[n][l];
                let radius_b = eb[j][l] * minors[jj] + eb[jj][l] * minors[j];
                centre > (radius_a + radius_b) + UNDERFLOW_FLOOR
            })
        })
    });
    !separated & super::ALL_LANES
}
