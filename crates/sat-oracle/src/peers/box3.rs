//! parry3d (or parry3d-f64) on sat-core's boxes: SAT, GJK and the query dispatcher.
//!
//! Compiled once per precision (`single.rs`: parry3d on [`Obb3`], `double.rs`: parry3d-f64 on
//! `DObb3`): the names below are the precision's types.

#[cfg(test)]
use super::{Mat3, Vec3};
use super::{Obb3, Quat, parry3};
use parry3::math::Pose;
use parry3::shape::Cuboid;

parry_box!(
    ParryBox3,
    Obb3,
    parry3,
    [parry_sat3, parry_gjk3, parry_query3],
    [try_parry_sat3, try_parry_gjk3, try_parry_query3]
);

impl ParryBox3 {
    /// The pose and cuboid of `obb` (see [`peers`](crate::peers) for the rotation).
    pub fn from_obb(obb: &Obb3) -> Self {
        let mut axes = obb.axes();
        if axes.determinant() < 0.0 {
            axes.z_axis = -axes.z_axis;
        }
        ParryBox3 {
            pose: Pose::from_parts(obb.center(), Quat::from_mat3(&axes).normalize()),
            cuboid: Cuboid::new(obb.half_extents()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_agree_far_from_touching() {
        let a = Obb3::new(
            Vec3::ZERO,
            Vec3::new(1.0, 2.0, 0.5),
            Quat::from_rotation_y(0.3),
        );
        let rot = Quat::from_euler(glam::EulerRot::XYZ, 0.4, -1.1, 2.0);
        for (center, expected) in [
            (Vec3::new(1.0, 0.5, 0.0), true),
            (Vec3::new(0.3, -2.2, 0.4), true),
            (Vec3::new(4.0, 0.0, 0.0), false),
            (Vec3::new(0.0, 5.0, 1.0), false),
            (Vec3::new(-2.0, -2.0, -3.0), false),
        ] {
            let b = Obb3::new(center, Vec3::new(0.5, 1.0, 0.7), rot);
            assert_eq!(every_verdict(&a, &b), [expected; 4], "{center}");
            assert_eq!(every_verdict(&b, &a), [expected; 4], "{center}");
        }
    }

    #[test]
    fn left_handed_axes_give_the_same_box() {
        let axes = Mat3::from_cols(Vec3::X, Vec3::Y, Vec3::NEG_Z);
        let flipped = Obb3::from_axes(Vec3::new(0.0, 0.0, 1.5), Vec3::ONE, axes);
        let p = ParryBox3::from_obb(&flipped);
        assert_eq!(p.pose.rotation, Quat::IDENTITY);
        let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
        assert!(parry_sat3(&a, &flipped) && parry_gjk3(&a, &flipped));
    }
}
