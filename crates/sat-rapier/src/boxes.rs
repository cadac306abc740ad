//! The sat-core box of a cuboid collider ([`obb`]) or of a parry cuboid placed by a pose
//! ([`obb_from_pose`]), for queries of your own: the boxes the dispatcher builds.

use rapier::geometry::Collider;
use rapier::math::{Pose, Vector};
use rapier::parry::shape::Cuboid;

use crate::flavour::Obb;
use crate::manifold;

/// The world-space box of a cuboid collider (its [`position`](Collider::position) and
/// half-extents) as the flavour's sat-core box ([`Obb2`](sat_core::Obb2),
/// [`Obb3`](sat_core::Obb3), [`DObb2`](sat_core::DObb2) or [`DObb3`](sat_core::DObb3)); `None`
/// for every other shape, round cuboids included (a rounded box is not a box). See
/// [`obb_from_pose`] for how the box is built.
///
/// # Error bound
///
/// As [`obb_from_pose`]'s: sat-core's error bound holds for the box the collider's position
/// names.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
/// use rapier::prelude::{ColliderBuilder, Cuboid, Real, SharedShape, Vector};
///
/// // Crates of half-extent 0.5 along x: 1 mm apart, then 1 mm into each other.
/// let crate_at = |x: Real| {
///     let shape = SharedShape::new(Cuboid::new(Vector::splat(0.5)));
///     obb(&ColliderBuilder::new(shape).translation(Vector::X * x).build()).unwrap()
/// };
/// let a = crate_at(0.0);
/// assert!(!a.intersects(&crate_at(1.001)));
/// assert!(a.separation(&crate_at(1.001)).gap > 0.0); // apart by at least this along the axis
/// assert!(a.separation(&crate_at(0.999)).gap < 0.0); // the penetration depth
/// assert!(obb(&ColliderBuilder::ball(0.5).build()).is_none());
/// ```
pub fn obb(collider: &Collider) -> Option<Obb> {
    let cuboid = collider.shape().as_cuboid()?;
    Some(obb_from_pose(collider.position(), cuboid))
}

/// `cuboid` placed by `pose` (parry's shape-to-world transform, as a collider's position or a
/// query's shape pose) as the flavour's sat-core box: centre `pose.translation`, the cuboid's
/// half-extents, and axes from the pose's rotation (in 2D its `(cos, sin)`, in 3D its quaternion)
/// normalised and turned into a matrix in f64 — the box [`SatDispatcher`](crate::SatDispatcher)
/// builds for a pair's second shape. In f32 the axes are rounded once, so each is within one unit roundoff of the
/// rotation the pose names and sat-core's error bound holds for the box the pose describes.
/// Like sat-core's fast constructors it assumes finite values within
/// [`MAX_MAGNITUDE`](sat_core::MAX_MAGNITUDE) (f64 boxes keep f32's range); anything else gives
/// an unspecified verdict, never a panic.
///
/// # Error bound
///
/// The box's axes are within one unit roundoff of the rotation the pose names (f32), or as
/// computed in f64 (f64 flavours), so sat-core's bounds (`BAND_K·ε·S`, `BAND_K_F64·ε·S`) hold for
/// the box the pose describes.
///
/// # Examples
///
/// ```
#[doc = concat!("use ", env!("CARGO_CRATE_NAME"), "::*;")]
/// use rapier::math::{Pose, Rotation, Vector};
/// use rapier::parry::shape::Cuboid;
///
/// let floor = obb_from_pose(&Pose::IDENTITY, &Cuboid::new(Vector::splat(10.0).with_y(0.5)));
/// let plank = Cuboid::new(Vector::splat(0.5).with_x(2.0).with_y(0.1));
/// let level = Pose::from_translation(Vector::Y); // its underside at 0.9, the floor's top at 0.5
/// assert!(!floor.intersects(&obb_from_pose(&level, &plank)));
/// // Tilted 0.3 rad (about z), its low end reaches 1 − 2·sin 0.3 − 0.1·cos 0.3 ≈ 0.31.
#[cfg_attr(feature = "dim2", doc = "let tilt = Rotation::new(0.3);")]
#[cfg_attr(feature = "dim3", doc = "let tilt = Rotation::from_rotation_z(0.3);")]
/// let tilted = Pose::from_parts(Vector::Y, tilt);
/// let b = obb_from_pose(&tilted, &plank);
/// assert!(floor.intersects(&b));
/// assert_eq!((b.center(), b.half_extents()), (tilted.translation, plank.half_extents));
/// ```
pub fn obb_from_pose(pose: &Pose, cuboid: &Cuboid) -> Obb {
    // The dispatcher's own construction of a pair's boxes, with the world as the first box's
    // frame: one routine, so these boxes and the dispatcher's cannot drift apart.
    let (_, placed) = manifold::local_boxes(pose, Vector::ZERO, cuboid.half_extents);
    placed
}
