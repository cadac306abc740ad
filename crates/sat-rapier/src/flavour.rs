//! What the shared sources take from the flavour they are compiled for, by its dimension
//! (feature `dim2` or `dim3`) and precision (`f32` or `f64`): sat-core's box ([`Obb`]) and the
//! f64 vector and matrix of the dimension ([`DVec`], [`DMat`], [`DIM`] axes), in which the
//! fallback contact works whatever the precision. What depends on the scalar alone is
//! `precision.rs`.

/// The flavour's sat-core box, built by `obb`, `obb_from_pose` and the dispatcher.
#[cfg(all(feature = "dim2", feature = "f32"))]
pub(crate) type Obb = sat_core::Obb2;
#[cfg(all(feature = "dim2", feature = "f64"))]
pub(crate) type Obb = sat_core::DObb2;
#[cfg(all(feature = "dim3", feature = "f32"))]
pub(crate) type Obb = sat_core::Obb3;
#[cfg(all(feature = "dim3", feature = "f64"))]
pub(crate) type Obb = sat_core::DObb3;

/// The dimension's vector in f64.
#[cfg(feature = "dim2")]
pub(crate) type DVec = glam::DVec2;
#[cfg(feature = "dim3")]
pub(crate) type DVec = glam::DVec3;

/// The dimension's matrix in f64.
#[cfg(feature = "dim2")]
pub(crate) type DMat = glam::DMat2;
#[cfg(feature = "dim3")]
pub(crate) type DMat = glam::DMat3;

/// The number of axes of the dimension.
#[cfg(feature = "dim2")]
pub(crate) const DIM: usize = 2;
#[cfg(feature = "dim3")]
pub(crate) const DIM: usize = 3;
