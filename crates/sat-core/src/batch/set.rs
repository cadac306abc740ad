//! `ObbSet2` and `ObbSet3`: boxes in structure-of-arrays chunks of [`LANES`], one box per lane.
//! Both are the same container over the chunk of their dimension, which the kernels
//! (`kernel2.rs`, `kernel3.rs`) read.

use alloc::vec::Vec;

use super::LANES;
use crate::{Obb2, Obb3};

/// [`LANES`] boxes of dimension `D`, one per lane: `center[c]`, `half[i]`, `axes[i][c]`
/// (component `c` of local axis `i`), `norm = |half|`; every row 32-byte aligned for vector
/// loads.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C, align(32))]
pub(crate) struct Chunk<const D: usize> {
    pub(crate) center: [[f32; LANES]; D],
    pub(crate) half: [[f32; LANES]; D],
    pub(crate) axes: [[[f32; LANES]; D]; D],
    pub(crate) norm: [f32; LANES],
}

/// A box as the numbers a chunk stores: centre, half-extents, `axes[i][c]`, `|half|`.
pub(crate) trait Stored<const D: usize> {
    fn stored(&self) -> ([f32; D], [f32; D], [[f32; D]; D], f32);
}

impl Stored<2> for Obb2 {
    fn stored(&self) -> ([f32; 2], [f32; 2], [[f32; 2]; 2], f32) {
        let axes = [self.axes.x_axis.to_array(), self.axes.y_axis.to_array()];
        let (center, half) = (self.center.to_array(), self.half_extents.to_array());
        (center, half, axes, self.extent_norm)
    }
}

impl Stored<3> for Obb3 {
    fn stored(&self) -> ([f32; 3], [f32; 3], [[f32; 3]; 3], f32) {
        let cols = &self.cols;
        let axes = [cols.x_axis, cols.y_axis, cols.z_axis].map(|axis| axis.to_array());
        let (center, half) = (self.center.to_array(), self.half_extents.to_array());
        (center, half, axes, self.extent_norm)
    }
}

impl<const D: usize> Chunk<D> {
    /// Every lane holds `obb`.
    pub(crate) fn splat(obb: &impl Stored<D>) -> Chunk<D> {
        let zero = [0.0; LANES];
        let mut chunk = Chunk {
            center: [zero; D],
            half: [zero; D],
            axes: [[zero; D]; D],
            norm: zero,
        };
        for lane in 0..LANES {
            chunk.set(lane, obb);
        }
        chunk
    }

    /// Lane `lane` holds `obb`.
    fn set(&mut self, lane: usize, obb: &impl Stored<D>) {
        let (center, half, axes, norm) = obb.stored();
        for c in 0..D {
            self.center[c][lane] = center[c];
            self.half[c][lane] = half[c];
            for (i, axis) in axes.iter().enumerate() {
                self.axes[i][c][lane] = axis[c];
            }
        }
        self.norm[lane] = norm;
    }
}

/// The lanes of chunk `index` that hold one of a set's `len` boxes.
pub(crate) fn valid_lanes(len: usize, index: usize) -> u32 {
    let filled = len.saturating_sub(index * LANES).min(LANES);
    (1u32 << filled) - 1
}

macro_rules! obb_set {
    ($(#[$doc:meta])* $set:ident, $obb:ident, $dim:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $set {
            chunks: Vec<Chunk<$dim>>,
            len: usize,
        }

        impl $set {
            /// An empty set.
            pub fn new() -> $set {
                $set::default()
            }

            /// Appends a box. Lanes past the end of the set repeat its last box (masked out
            /// of every result), so a partly filled chunk computes nothing undefined.
            pub fn push(&mut self, obb: &$obb) {
                let lane = self.len % LANES;
                if lane == 0 {
                    self.chunks.push(Chunk::splat(obb));
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

            pub(crate) fn chunks(&self) -> &[Chunk<$dim>] {
                &self.chunks
            }

            /// Lanes of chunk `index` that hold boxes of the set.
            pub(crate) fn valid_lanes(&self, index: usize) -> u32 {
                valid_lanes(self.len, index)
            }
        }

        impl<'a> FromIterator<&'a $obb> for $set {
            fn from_iter<I: IntoIterator<Item = &'a $obb>>(iter: I) -> Self {
                let mut set = $set::new();
                for obb in iter {
                    set.push(obb);
                }
                set
            }
        }

        impl FromIterator<$obb> for $set {
            fn from_iter<I: IntoIterator<Item = $obb>>(iter: I) -> Self {
                let mut set = $set::new();
                for obb in iter {
                    set.push(&obb);
                }
                set
            }
        }
    };
}

obb_set!(
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
    ObbSet2,
    Obb2,
    2
);

obb_set!(
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
    ObbSet3,
    Obb3,
    3
);
