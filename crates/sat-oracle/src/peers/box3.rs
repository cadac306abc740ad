//! parry3d on [`Obb3`]: SAT, GJK and the query dispatcher.

use glam::Quat;
use parry3d::math::Pose;
use parry3d::query::{self, details};
use parry3d::shape::Cuboid;
use sat_core::Obb3;

use super::{PeerPanic, catch_peer};

/// An [`Obb3`] as parry sees it: a pose and a cuboid, converted once.
///
/// ```
/// use glam::{Quat, Vec3};
/// use sat_core::Obb3;
/// use sat_oracle::peers::ParryBox3;
///
/// let a = ParryBox3::from_obb(&Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY));
/// let b = ParryBox3::from_obb(&Obb3::new(Vec3::new(1.5, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_x(0.4)));
/// assert!(a.sat(&b) && a.gjk(&b) && a.query(&b));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParryBox3 {
    /// Centre and rotation.
    pub pose: Pose,
    /// Half-extents.
    pub cuboid: Cuboid,
}

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

    /// parry's pose of `other` relative to `self`, as `query::intersection_test` computes it.
    fn relative_pose(&self, other: &ParryBox3) -> Pose {
        self.pose.inv_mul(&other.pose)
    }

    /// `query::details::intersection_test_cuboid_cuboid`: parry's SAT.
    pub fn sat(&self, other: &ParryBox3) -> bool {
        details::intersection_test_cuboid_cuboid(
            &self.relative_pose(other),
            &self.cuboid,
            &other.cuboid,
        )
    }

    /// `query::details::intersection_test_support_map_support_map`: parry's GJK.
    pub fn gjk(&self, other: &ParryBox3) -> bool {
        details::intersection_test_support_map_support_map(
            &self.relative_pose(other),
            &self.cuboid,
            &other.cuboid,
        )
    }

    /// `query::intersection_test`: the dispatcher path (it picks the cuboid–cuboid SAT).
    pub fn query(&self, other: &ParryBox3) -> bool {
        query::intersection_test(&self.pose, &self.cuboid, &other.pose, &other.cuboid)
            .expect("parry supports cuboid-cuboid intersection tests")
            .intersecting
    }
}

/// parry's SAT on two sat-core boxes ([`ParryBox3::sat`]).
pub fn parry_sat3(a: &Obb3, b: &Obb3) -> bool {
    ParryBox3::from_obb(a).sat(&ParryBox3::from_obb(b))
}

/// parry's GJK on two sat-core boxes ([`ParryBox3::gjk`]).
pub fn parry_gjk3(a: &Obb3, b: &Obb3) -> bool {
    ParryBox3::from_obb(a).gjk(&ParryBox3::from_obb(b))
}

/// parry's `query::intersection_test` on two sat-core boxes ([`ParryBox3::query`]).
pub fn parry_query3(a: &Obb3, b: &Obb3) -> bool {
    ParryBox3::from_obb(a).query(&ParryBox3::from_obb(b))
}

/// [`parry_sat3`] with a panic inside parry caught ([`catch_peer`]): what the checks and the
/// CLI's `parry-sat` engine call.
pub fn try_parry_sat3(a: &Obb3, b: &Obb3) -> Result<bool, PeerPanic> {
    catch_peer(|| parry_sat3(a, b))
}

/// [`parry_gjk3`] with a panic inside parry caught ([`catch_peer`]).
pub fn try_parry_gjk3(a: &Obb3, b: &Obb3) -> Result<bool, PeerPanic> {
    catch_peer(|| parry_gjk3(a, b))
}

/// [`parry_query3`] with a panic inside parry caught ([`catch_peer`]).
pub fn try_parry_query3(a: &Obb3, b: &Obb3) -> Result<bool, PeerPanic> {
    catch_peer(|| parry_query3(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Mat3, Vec3};

    fn all(a: &Obb3, b: &Obb3) -> [bool; 4] {
        [
            a.intersects(b),
            parry_sat3(a, b),
            parry_gjk3(a, b),
            parry_query3(a, b),
        ]
    }

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
            assert_eq!(all(&a, &b), [expected; 4], "{center}");
            assert_eq!(all(&b, &a), [expected; 4], "{center}");
        }
    }

    /// `fuzz/regressions/obb3/parry3d-sat-debug-assert-separation` (docs/findings.md): two
    /// axis-aligned boxes (B's quaternion is a signed axis permutation) touching exactly along x
    /// and y, overlapping along z, 1e3 from the origin. parry's SAT combines the two zero-margin
    /// face axes into a diagonal, where rounding makes the separation slightly negative, and
    /// `debug_assert!(separation >= 0.0)` fires; without debug assertions it answers (right).
    #[test]
    fn parry_sat_debug_assertion_is_caught() {
        let a = Obb3::new(
            Vec3::new(124.724_43, 454.081_6, -882.186_9),
            Vec3::new(64.000_06, 406.404_63, 256.0),
            Quat::IDENTITY,
        );
        let b = Obb3::new(
            Vec3::new(-1_155.275_6, -1_168.323, 78.266_235),
            Vec3::splat(1216.0),
            Quat::from_xyzw(0.5, -0.5, 0.5, 0.5),
        );
        assert!(a.intersects(&b));
        for (x, y) in [(&a, &b), (&b, &a)] {
            let sat = try_parry_sat3(x, y);
            if cfg!(debug_assertions) {
                let caught = sat.unwrap_err();
                assert_eq!(caught.message, "assertion failed: separation >= 0.0");
                assert!(
                    caught
                        .location
                        .starts_with("parry3d-0.31.1/src/query/sat/sat_cuboid_cuboid.rs:"),
                    "{caught}"
                );
            } else {
                assert_eq!(sat, Ok(true));
            }
            assert_eq!(try_parry_gjk3(x, y), Ok(true));
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
