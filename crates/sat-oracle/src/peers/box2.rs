//! parry2d on [`Obb2`]: SAT, GJK and the query dispatcher.

use parry2d::math::{Pose, Rot2};
use parry2d::query::{self, details};
use parry2d::shape::Cuboid;
use sat_core::Obb2;

use super::{PeerPanic, catch_peer};

/// An [`Obb2`] as parry sees it: a pose and a cuboid (rectangle), converted once.
///
/// ```
/// use glam::Vec2;
/// use sat_core::Obb2;
/// use sat_oracle::peers::ParryBox2;
///
/// let a = ParryBox2::from_obb(&Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0));
/// let b = ParryBox2::from_obb(&Obb2::new(Vec2::new(3.0, 0.0), Vec2::ONE, 0.5));
/// assert!(!a.sat(&b) && !a.gjk(&b) && !a.query(&b));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParryBox2 {
    /// Centre and rotation.
    pub pose: Pose,
    /// Half-extents.
    pub cuboid: Cuboid,
}

impl ParryBox2 {
    /// The pose and cuboid of `obb`: the rotation is the normalised local x column (a
    /// reflected y column describes the same rectangle).
    pub fn from_obb(obb: &Obb2) -> Self {
        ParryBox2 {
            pose: Pose::from_parts(obb.center(), Rot2::from_mat(obb.axes())),
            cuboid: Cuboid::new(obb.half_extents()),
        }
    }

    /// parry's pose of `other` relative to `self`, as `query::intersection_test` computes it.
    fn relative_pose(&self, other: &ParryBox2) -> Pose {
        self.pose.inv_mul(&other.pose)
    }

    /// `query::details::intersection_test_cuboid_cuboid`: parry's SAT (face axes only in 2D).
    pub fn sat(&self, other: &ParryBox2) -> bool {
        details::intersection_test_cuboid_cuboid(
            &self.relative_pose(other),
            &self.cuboid,
            &other.cuboid,
        )
    }

    /// `query::details::intersection_test_support_map_support_map`: parry's GJK.
    pub fn gjk(&self, other: &ParryBox2) -> bool {
        details::intersection_test_support_map_support_map(
            &self.relative_pose(other),
            &self.cuboid,
            &other.cuboid,
        )
    }

    /// `query::intersection_test`: the dispatcher path (it picks the cuboid–cuboid SAT).
    pub fn query(&self, other: &ParryBox2) -> bool {
        query::intersection_test(&self.pose, &self.cuboid, &other.pose, &other.cuboid)
            .expect("parry supports cuboid-cuboid intersection tests")
            .intersecting
    }
}

/// parry's SAT on two sat-core rectangles ([`ParryBox2::sat`]).
pub fn parry_sat2(a: &Obb2, b: &Obb2) -> bool {
    ParryBox2::from_obb(a).sat(&ParryBox2::from_obb(b))
}

/// parry's GJK on two sat-core rectangles ([`ParryBox2::gjk`]).
pub fn parry_gjk2(a: &Obb2, b: &Obb2) -> bool {
    ParryBox2::from_obb(a).gjk(&ParryBox2::from_obb(b))
}

/// parry's `query::intersection_test` on two sat-core rectangles ([`ParryBox2::query`]).
pub fn parry_query2(a: &Obb2, b: &Obb2) -> bool {
    ParryBox2::from_obb(a).query(&ParryBox2::from_obb(b))
}

/// [`parry_sat2`] with a panic inside parry caught ([`catch_peer`]): what the checks and the
/// CLI's `parry-sat` engine call.
pub fn try_parry_sat2(a: &Obb2, b: &Obb2) -> Result<bool, PeerPanic> {
    catch_peer(|| parry_sat2(a, b))
}

/// [`parry_gjk2`] with a panic inside parry caught ([`catch_peer`]).
pub fn try_parry_gjk2(a: &Obb2, b: &Obb2) -> Result<bool, PeerPanic> {
    catch_peer(|| parry_gjk2(a, b))
}

/// [`parry_query2`] with a panic inside parry caught ([`catch_peer`]).
pub fn try_parry_query2(a: &Obb2, b: &Obb2) -> Result<bool, PeerPanic> {
    catch_peer(|| parry_query2(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Mat2, Vec2};

    fn all(a: &Obb2, b: &Obb2) -> [bool; 4] {
        [
            a.intersects(b),
            parry_sat2(a, b),
            parry_gjk2(a, b),
            parry_query2(a, b),
        ]
    }

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
            assert_eq!(all(&a, &b), [expected; 4], "{center}");
            assert_eq!(all(&b, &a), [expected; 4], "{center}");
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
