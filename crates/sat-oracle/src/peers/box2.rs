//! parry2d (or parry2d-f64) on sat-core's rectangles: SAT, GJK and the query dispatcher.
//!
//! Compiled once per precision (`single.rs`: parry2d on [`Obb2`], `double.rs`: parry2d-f64 on
//! `DObb2`): the names below are the precision's types.

#[cfg(test)]
use super::{Mat2, Vec2};
use super::{Obb2, parry2};
use parry2::math::{Pose, Rot2};
use parry2::shape::Cuboid;

parry_box!(
    ParryBox2,
    Obb2,
    parry2,
    [parry_sat2, parry_gjk2, parry_query2],
    [try_parry_sat2, try_parry_gjk2, try_parry_query2]
);

impl ParryBox2 {
    /// The pose and cuboid of `obb`: the rotation is the normalised local x column (a
    /// reflected y column describes the same rectangle).
    pub fn from_obb(obb: &Obb2) -> Self {
        ParryBox2 {
            pose: Pose::from_parts(obb.center(), Rot2::from_mat(obb.axes())),
            cuboid: Cuboid::new(obb.half_extents()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_agree_far_from_touching() {
        let a = Obb2::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.3);
        for (center, expected) in [
            (Vec2::new(1.0, 0.5), true),
            (Vec2::new(-2.5, -1.0), true),
            (Vec2::new(4.5, 0.0), false),
            (Vec2::new(0.0, -3.5), false),
            (Vec2::new(-3.0, 3.0), false),
        ] {
            let b = Obb2::new(center, Vec2::new(0.5, 1.0), -1.2);
            assert_eq!(every_verdict(&a, &b), [expected; 4], "{center}");
            assert_eq!(every_verdict(&b, &a), [expected; 4], "{center}");
        }
    }

    #[test]
    fn reflected_axes_give_the_same_rectangle() {
        let axes = Mat2::from_cols(Vec2::X, Vec2::NEG_Y);
        let flipped = Obb2::from_axes(Vec2::new(0.0, 1.5), Vec2::ONE, axes);
        assert_eq!(ParryBox2::from_obb(&flipped).pose.rotation, Rot2::IDENTITY);
        let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0);
        assert!(parry_sat2(&a, &flipped) && parry_gjk2(&a, &flipped));
    }
}
