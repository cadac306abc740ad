//! parry's box–box intersection tests, run on sat-core boxes, in both precisions: parry2d and
//! parry3d on [`Obb2`](sat_core::Obb2)/[`Obb3`](sat_core::Obb3) (this module), parry2d-f64 and
//! parry3d-f64 on [`DObb2`](sat_core::DObb2)/[`DObb3`](sat_core::DObb3) (`double`, with the
//! feature `parry-f64`; the same names). One source per dimension (`box2.rs`, `box3.rs`) is
//! compiled once per precision, as sat-core compiles its boxes (`single.rs`, `double.rs`).
//!
//! Each box becomes a parry [`Cuboid`](parry3d::shape::Cuboid) with a pose (translation = the
//! centre, rotation = the quaternion (3D) or unit complex (2D) of the stored axis columns,
//! normalised; a left-handed frame has its last column negated first, which leaves the box
//! unchanged). parry computes in its precision, and its rotation is within a few ulps of
//! sat-core's axes, so near touching the two see slightly different boxes.
//!
//! Three paths per dimension, all with the relative pose `pos1.inv_mul(pos2)` that parry's own
//! [`intersection_test`](parry3d::query::intersection_test) computes:
//!
//! * `sat`: `query::details::intersection_test_cuboid_cuboid` (face axes, then edge axes in 3D);
//! * `gjk`: `query::details::intersection_test_support_map_support_map` (GJK on the support
//!   maps);
//! * `query`: the dispatcher, `query::intersection_test` (which picks the cuboid–cuboid SAT).
//!
//! The free functions convert on every call; [`ParryBox2`] and [`ParryBox3`] convert once, for
//! timing loops.
//!
//! ```
//! use glam::{Quat, Vec2, Vec3};
//! use sat_core::{Obb2, Obb3};
//! use sat_oracle::peers::{ParryBox2, ParryBox3, try_parry_sat3};
//!
//! let a = ParryBox2::from_obb(&Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0));
//! let b = ParryBox2::from_obb(&Obb2::new(Vec2::new(3.0, 0.0), Vec2::ONE, 0.5));
//! assert!(!a.sat(&b) && !a.gjk(&b) && !a.query(&b));
//!
//! let c = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
//! let d = Obb3::new(Vec3::new(1.5, 0.0, 0.0), Vec3::ONE, Quat::from_rotation_x(0.4));
//! let (pc, pd) = (ParryBox3::from_obb(&c), ParryBox3::from_obb(&d));
//! assert!(pc.sat(&pd) && pc.gjk(&pd) && pc.query(&pd));
//! assert_eq!(try_parry_sat3(&c, &d), Ok(true));
//! ```
//!
//! # Panics inside parry
//!
//! parry panics on some inputs in builds with debug assertions (cargo-fuzz's default, `cargo
//! test` without `--release`): parry3d 0.31.1's SAT asserts `separation >= 0.0` for a combined
//! corner axis that rounding can make slightly negative (see `docs/findings.md`). The plain
//! functions (`parry_sat3`, ...) and [`ParryBox2`]/[`ParryBox3`] let such a panic through; the
//! `try_` functions (`try_parry_sat3`, ...) catch it with [`catch_peer`] and return it as a
//! [`PeerPanic`]. The fuzz checks ([`crate::check`]) and `obbsat`'s `parry-sat`/`parry-gjk`
//! (and `parry64-sat`/`parry64-gjk`) engines call the `try_` functions, so a peer's panic is a
//! peer finding, not a crash.

/// A box `$parry_box` as parry crate `$parry` sees a sat-core box `$obb` (a pose and a cuboid;
/// its `from_obb` is the dimension's own), parry's three box–box tests on it (the methods `sat`,
/// `gjk` and `query`), and free functions converting sat-core boxes on every call, plain and
/// `try_`.
macro_rules! parry_box {
    (
        $parry_box:ident, $obb:ident, $parry:ident,
        [$sat:ident, $gjk:ident, $query:ident],
        [$try_sat:ident, $try_gjk:ident, $try_query:ident]
    ) => {
        #[doc = concat!("A [`", stringify!($obb), "`] as parry sees it: a pose and a cuboid, converted once.")]
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub struct $parry_box {
            /// Centre and rotation.
            pub pose: $parry::math::Pose,
            /// Half-extents.
            pub cuboid: $parry::shape::Cuboid,
        }

        impl $parry_box {
            /// parry's pose of `other` relative to `self`, as `query::intersection_test`
            /// computes it.
            fn relative_pose(&self, other: &$parry_box) -> $parry::math::Pose {
                self.pose.inv_mul(&other.pose)
            }

            /// `query::details::intersection_test_cuboid_cuboid`: parry's SAT (face axes only
            /// in 2D).
            pub fn sat(&self, other: &$parry_box) -> bool {
                $parry::query::details::intersection_test_cuboid_cuboid(
                    &self.relative_pose(other),
                    &self.cuboid,
                    &other.cuboid,
                )
            }

            /// `query::details::intersection_test_support_map_support_map`: parry's GJK.
            pub fn gjk(&self, other: &$parry_box) -> bool {
                $parry::query::details::intersection_test_support_map_support_map(
                    &self.relative_pose(other),
                    &self.cuboid,
                    &other.cuboid,
                )
            }

            /// `query::intersection_test`: the dispatcher path (it picks the cuboid–cuboid SAT).
            pub fn query(&self, other: &$parry_box) -> bool {
                $parry::query::intersection_test(
                    &self.pose,
                    &self.cuboid,
                    &other.pose,
                    &other.cuboid,
                )
                .expect("parry supports cuboid-cuboid intersection tests")
                .intersecting
            }
        }

        #[doc = concat!("parry's SAT on two sat-core boxes ([`", stringify!($parry_box), "::sat`]).")]
        pub fn $sat(a: &$obb, b: &$obb) -> bool {
            $parry_box::from_obb(a).sat(&$parry_box::from_obb(b))
        }

        #[doc = concat!("parry's GJK on two sat-core boxes ([`", stringify!($parry_box), "::gjk`]).")]
        pub fn $gjk(a: &$obb, b: &$obb) -> bool {
            $parry_box::from_obb(a).gjk(&$parry_box::from_obb(b))
        }

        #[doc = concat!("parry's `query::intersection_test` on two sat-core boxes ([`", stringify!($parry_box), "::query`]).")]
        pub fn $query(a: &$obb, b: &$obb) -> bool {
            $parry_box::from_obb(a).query(&$parry_box::from_obb(b))
        }

        #[doc = concat!("[`", stringify!($sat), "`] with a panic inside parry caught ([`catch_peer`](crate::peers::catch_peer)): what the checks and the CLI's parry engines call.")]
        pub fn $try_sat(a: &$obb, b: &$obb) -> Result<bool, crate::peers::PeerPanic> {
            crate::peers::catch_peer(|| $sat(a, b))
        }

        #[doc = concat!("[`", stringify!($gjk), "`] with a panic inside parry caught ([`catch_peer`](crate::peers::catch_peer)).")]
        pub fn $try_gjk(a: &$obb, b: &$obb) -> Result<bool, crate::peers::PeerPanic> {
            crate::peers::catch_peer(|| $gjk(a, b))
        }

        #[doc = concat!("[`", stringify!($query), "`] with a panic inside parry caught ([`catch_peer`](crate::peers::catch_peer)).")]
        pub fn $try_query(a: &$obb, b: &$obb) -> Result<bool, crate::peers::PeerPanic> {
            crate::peers::catch_peer(|| $query(a, b))
        }

        /// sat-core's verdict and parry's three, for the tests.
        #[cfg(test)]
        fn every_verdict(a: &$obb, b: &$obb) -> [bool; 4] {
            [a.intersects(b), $sat(a, b), $gjk(a, b), $query(a, b)]
        }
    };
}

mod caught;
// `single` and `double` each compile `box2.rs` and `box3.rs`, once per precision on purpose.
#[allow(clippy::duplicate_mod)]
#[cfg(feature = "parry-f64")]
pub mod double;
#[allow(clippy::duplicate_mod)]
mod single;

pub use caught::{PeerPanic, catch_peer};
pub use single::{
    ParryBox2, ParryBox3, parry_gjk2, parry_gjk3, parry_query2, parry_query3, parry_sat2,
    parry_sat3, try_parry_gjk2, try_parry_gjk3, try_parry_query2, try_parry_query3, try_parry_sat2,
    try_parry_sat3,
};
