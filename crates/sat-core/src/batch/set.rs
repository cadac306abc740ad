//! The chunks of the box sets, compiled once per precision (`single.rs`, `double.rs`): boxes in
//! structure-of-arrays chunks of [`LANES`], one box per lane, which the kernels (`kernel2.rs`,
//! `kernel3.rs`) read; and `obb_set!`, the set over the chunks of one dimension, which the
//! precision's module instantiates under its names (`ObbSet3`, `DObbSet3`).

// This compilation's items (`single.rs`, `double.rs`: its precision's and its boxes).
use super::{LANES, Obb2, Obb3, Real};

/// [`LANES`] boxes of dimension `D`, one per lane: `center[c]`, `half[i]`, `axes[i][c]`
/// (component `c` of local axis `i`), `norm = |half|`; every row 64-byte aligned (a 512-bit
/// vector) for vector loads.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct Chunk<const D: usize> {
    pub(crate) center: [[Real; LANES]; D],
    pub(crate) half: [[Real; LANES]; D],
    pub(crate) axes: [[[Real; LANES]; D]; D],
    pub(crate) norm: [Real; LANES],
}

/// The mask with a bit for every lane of a chunk.
pub(crate) const ALL_LANES: u32 = (1 << LANES) - 1;

/// The lanes of chunk `index` that hold one of a set's `len` boxes.
pub(crate) fn valid_lanes(len: usize, index: usize) -> u32 {
    let filled = len.saturating_sub(index * LANES).min(LANES);
    (1u32 << filled) - 1
}

/// A box as the numbers a chunk stores: centre, half-extents, `axes[i][c]`, `|half|`.
pub(crate) trait Stored<const D: usize> {
    fn stored(&self) -> ([Real; D], [Real; D], [[Real; D]; D], Real);
}

impl Stored<2> for Obb2 {
    fn stored(&self) -> ([Real; 2], [Real; 2], [[Real; 2]; 2], Real) {
        let axes = [self.axes.x_axis.to_array(), self.axes.y_axis.to_array()];
        let (center, half) = (self.center.to_array(), self.half_extents.to_array());
        (center, half, axes, self.extent_norm)
    }
}

impl Stored<3> for Obb3 {
    fn stored(&self) -> ([Real; 3], [Real; 3], [[Real; 3]; 3], Real) {
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
    pub(crate) fn set(&mut self, lane: usize, obb: &impl Stored<D>) {
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

/// A set type `$set` of boxes `$obb` over the chunks of dimension `$dim`, for the precision's
/// batch module that invokes it (which has `Chunk`, `LANES`, `Vec` and this module as `set` in
/// scope). Its precision's documentation is on its re-export in `batch/mod.rs`.
macro_rules! obb_set {
    ($set:ident, $obb:ident, $dim:literal) => {
        ///
        /// The boxes are stored in chunks of [`LANES`](crate::batch::LANES) (f64:
        /// [`LANES_F64`](crate::batch::LANES_F64)), one per SIMD lane; lanes past the end of the
        /// set repeat its last box and are masked out of every result.
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $set {
            chunks: Vec<Chunk<$dim>>,
            len: usize,
        }

        impl $set {
            /// An empty set.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut set = sat_core::batch::", stringify!($set), "::new();")]
            /// assert!(set.is_empty() && set.len() == 0);
            /// ```
            pub fn new() -> $set {
                $set::default()
            }

            /// Appends a box. Lanes past the end of the set repeat its last box (masked out
            /// of every result), so a partly filled chunk computes nothing undefined.
            ///
            /// # Examples
            ///
            /// The set type's example (on its re-export in [`batch`](crate::batch)) fills a set;
            /// `push` appends one box the same way:
            ///
            /// ```
            /// use sat_core::Obb3;
            /// use sat_core::batch::{ObbSet3, any_overlap3};
            /// use sat_core::glam::{Quat, Vec3};
            ///
            /// let mut set = ObbSet3::new();
            /// set.push(&Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY));
            /// assert_eq!(set.len(), 1);
            /// assert!(any_overlap3(&Obb3::new(Vec3::X * 1.5, Vec3::ONE, Quat::IDENTITY), &set));
            /// ```
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
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut set = sat_core::batch::", stringify!($set), "::new();")]
            /// assert_eq!(set.len(), 0);
            /// ```
            pub fn len(&self) -> usize {
                self.len
            }

            /// Whether the set holds no box.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut set = sat_core::batch::", stringify!($set), "::new();")]
            /// assert!(set.is_empty());
            /// ```
            pub fn is_empty(&self) -> bool {
                self.len == 0
            }

            /// Removes every box, keeping the storage.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let mut set = sat_core::batch::", stringify!($set), "::new();")]
            /// set.clear();
            /// assert!(set.is_empty());
            /// ```
            pub fn clear(&mut self) {
                self.chunks.clear();
                self.len = 0;
            }

            pub(crate) fn chunks(&self) -> &[Chunk<$dim>] {
                &self.chunks
            }

            /// Lanes of chunk `index` that hold boxes of the set.
            pub(crate) fn valid_lanes(&self, index: usize) -> u32 {
                set::valid_lanes(self.len, index)
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

pub(crate) use obb_set;
