//! parry2d and parry3d (f32) on sat-core's [`Obb2`] and [`Obb3`]: `box2.rs` and `box3.rs` with
//! the f32 types, re-exported as [`crate::peers`].

use glam::Quat;
#[cfg(test)]
use glam::{Mat2, Mat3, Vec2, Vec3};
use parry2d as parry2;
use parry3d as parry3;
use sat_core::{Obb2, Obb3};

// `box2.rs` and `box3.rs` with this precision's names in scope (`Obb2`, `Obb3`, `Quat`, `parry2`,
// `parry3`), and all their public items.
#[path = "box2.rs"]
mod box2;
#[path = "box3.rs"]
mod box3;

pub use box2::*;
pub use box3::*;

#[cfg(test)]
mod tests {
    use super::*;

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
}
