//! The items of [`Numerics`](crate::precision::Numerics) that f32 defines itself; `single.rs`
//! binds them, beside those it takes from their homes (`tolerance`, `distance`, `batch`), for its
//! shared sources. A leaf below the shared sources: it imports none of them.

/// The stored scalar.
pub(crate) type Real = f32;
/// The distance frames' vector: glam's SIMD `Vec3A`, as the boxes'.
pub(crate) type FrameVec3 = glam::Vec3A;
/// The distance frames' matrix: glam's `Mat3A`.
pub(crate) type FrameMat3 = glam::Mat3A;

/// The type names `Debug` prints.
pub(crate) const NAMES: [&str; 2] = ["Obb2", "Obb3"];
