//! parry2d-f64 and parry3d-f64 on sat-core's f64 boxes ([`DObb2`](sat_core::DObb2),
//! [`DObb3`](sat_core::DObb3)): `box2.rs` and `box3.rs` with the f64 types, under the same names
//! as the f32 peers of [`crate::peers`].
//!
//! parry-f64 works on the numbers as written where sat-core's f64 boxes can hold them; for boxes
//! whose numbers are f32 data (axis columns orthonormal only within f32's tolerance, which
//! sat-core's f64 constructors refuse), [`ParryBox2::from_single`] and
//! [`ParryBox3::from_single`] take the f32 peers' shapes into f64 instead.
//!
//! ```
//! use glam::{DQuat, DVec2, DVec3};
//! use sat_core::{DObb2, DObb3};
//! use sat_oracle::peers::double::{ParryBox2, ParryBox3};
//!
//! // Two unit squares 1e7 m from the origin, 1e-6 m apart: f32 could not place them.
//! let at = DVec2::new(1.0e7, -3.0e6);
//! let a = ParryBox2::from_obb(&DObb2::new(at, DVec2::ONE, 0.0));
//! let b = ParryBox2::from_obb(&DObb2::new(at + DVec2::new(2.0 + 1e-6, 0.0), DVec2::ONE, 0.0));
//! assert!(!a.sat(&b) && !a.gjk(&b) && !a.query(&b));
//!
//! // Two 1 m crates turned alike, 1e-6 m apart along A's x axis, 1e7 m out.
//! let turn = DQuat::from_rotation_z(0.3);
//! let c = DObb3::new(DVec3::new(1.0e7, 2.0e6, -5.0e5), DVec3::splat(0.5), turn);
//! let d = DObb3::new(c.center() + c.axes().x_axis * (1.0 + 1e-6), DVec3::splat(0.5), turn);
//! let (pc, pd) = (ParryBox3::from_obb(&c), ParryBox3::from_obb(&d));
//! assert!(!pc.sat(&pd) && !pc.gjk(&pd));
//!
//! // f32 data: the f32 peers' shape, widened.
//! let single = sat_oracle::peers::ParryBox3::from_obb(&sat_core::Obb3::new(
//!     glam::Vec3::ONE,
//!     glam::Vec3::splat(0.5),
//!     glam::Quat::IDENTITY,
//! ));
//! assert_eq!(ParryBox3::from_single(&single).cuboid.half_extents, DVec3::splat(0.5));
//! ```

use glam::DQuat as Quat;
#[cfg(test)]
use glam::{DMat2 as Mat2, DMat3 as Mat3, DVec2 as Vec2, DVec3 as Vec3};
use parry2d_f64 as parry2;
use parry3d_f64 as parry3;
use sat_core::{DObb2 as Obb2, DObb3 as Obb3};

// `box2.rs` and `box3.rs` with this precision's names in scope (`Obb2`, `Obb3`, `Quat`, `parry2`,
// `parry3`), and all their public items.
#[path = "box2.rs"]
mod box2;
#[path = "box3.rs"]
mod box3;

pub use box2::*;
pub use box3::*;

impl ParryBox2 {
    /// The f32 peers' rectangle in f64: its pose and half-extents widened, nothing else changed.
    pub fn from_single(single: &crate::peers::ParryBox2) -> Self {
        ParryBox2 {
            pose: single.pose.into(),
            cuboid: parry2::shape::Cuboid::new(single.cuboid.half_extents.as_dvec2()),
        }
    }
}

impl ParryBox3 {
    /// The f32 peers' box in f64: its pose and half-extents widened, nothing else changed.
    pub fn from_single(single: &crate::peers::ParryBox3) -> Self {
        ParryBox3 {
            pose: single.pose.into(),
            cuboid: parry3::shape::Cuboid::new(single.cuboid.half_extents.as_dvec3()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two unit cubes 1e6 m from the origin, 1e-9 m apart along x: f32 rounds both centres to the
    /// same 1/16 m grid, f64 holds the gap (an ulp of 1e6 is 1.2e-10).
    #[test]
    fn far_from_the_origin_f64_sees_the_gap() {
        let at = Vec3::new(1.0e6, -1.0e6, 1.0e6);
        let a = Obb3::new(at, Vec3::splat(0.5), Quat::IDENTITY);
        let b = Obb3::new(
            at + Vec3::new(1.0 + 1e-9, 0.0, 0.0),
            Vec3::splat(0.5),
            Quat::IDENTITY,
        );
        assert!(!a.intersects(&b));
        assert_eq!(try_parry_sat3(&a, &b), Ok(false));
        assert_eq!(try_parry_gjk3(&a, &b), Ok(false));
    }

    #[test]
    fn from_single_widens_the_f32_shapes() {
        let single = crate::peers::ParryBox3::from_obb(&sat_core::Obb3::new(
            glam::Vec3::new(1.0, 2.0, 3.0),
            glam::Vec3::new(0.5, 0.25, 2.0),
            glam::Quat::from_rotation_z(0.3),
        ));
        let double = ParryBox3::from_single(&single);
        assert_eq!(double.pose.translation, Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(double.pose.rotation, single.pose.rotation.as_dquat());
        assert_eq!(double.cuboid.half_extents, Vec3::new(0.5, 0.25, 2.0));
        let flat = crate::peers::ParryBox2::from_obb(&sat_core::Obb2::new(
            glam::Vec2::new(-1.0, 4.0),
            glam::Vec2::new(3.0, 0.125),
            1.0,
        ));
        let wide = ParryBox2::from_single(&flat);
        assert_eq!(wide.pose.translation, Vec2::new(-1.0, 4.0));
        assert_eq!(wide.pose.rotation, flat.pose.rotation.into());
        assert_eq!(wide.cuboid.half_extents, Vec2::new(3.0, 0.125));
    }
}
