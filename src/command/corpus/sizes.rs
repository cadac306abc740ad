//! The size sets:
//!
//! * `scales.jsonl`: millimetre and kilometre boxes (half-extents 1e-3 and 1e3), touching, and
//!   apart or overlapping by small fractions of their size; a kilometre box against a millimetre
//!   one. GJK's absolute tolerances call separated millimetre boxes overlapping;
//! * `identical.jsonl`: a box against itself (the deepest possible overlap);
//! * `zero-extent.jsonl`: points, segments and flat boxes (zero half-extents are legal).

use glam::DVec3;

use super::build::{case_quat, f32a, on_face, rotation};
use sat_oracle::case_box::quat_columns;
use sat_oracle::case_box::{BoxLine, CaseLine};

/// `scales.jsonl`.
pub fn scales() -> Vec<CaseLine> {
    let mm = 1e-3;
    let km = 1e3;
    let q = case_quat(rotation(DVec3::new(0.3, 1.0, -0.4), 0.9));
    let rotated_on = |e: f64, gap: f64| {
        let ea = DVec3::splat(e);
        let b = quat_columns(q);
        let offset = on_face(ea, DVec3::X, b, ea, DVec3::new(0.0, 0.2 * e, -0.1 * e), gap);
        BoxLine::quat(f32a(offset.to_array()), ea.to_array(), q)
    };
    // Cubes of half-extent `e`; A at the origin.
    let cube = |center: [f64; 3], e: f64| BoxLine::cube(center, [e; 3]);
    let (a_mm, a_km) = (cube([0.0; 3], mm), cube([0.0; 3], km));
    vec![
        CaseLine::named3(
            "scale-3d-mm-touching",
            "millimetre cubes (half-extent 1e-3) face to face",
            a_mm.clone(),
            cube([2.0 * mm, 0.0, 0.0], mm),
        ),
        CaseLine::named3(
            "scale-3d-mm-gap-1e-6",
            "millimetre cubes apart by 1e-6 (a thousandth of their size)",
            a_mm.clone(),
            cube([2.001e-3, 0.0005, 0.0], mm),
        ),
        CaseLine::named3(
            "scale-3d-mm-rotated-gap-1e-5",
            "millimetre cubes, B rotated 0.9 rad, its vertex 1e-5 off A's face",
            a_mm.clone(),
            rotated_on(mm, 1e-5),
        ),
        CaseLine::named3(
            "scale-3d-mm-rotated-overlap-1e-5",
            "millimetre cubes, B rotated 0.9 rad, its vertex 1e-5 inside A's face",
            a_mm.clone(),
            rotated_on(mm, -1e-5),
        ),
        CaseLine::named3(
            "scale-3d-km-touching",
            "kilometre cubes (half-extent 1e3) face to face",
            a_km.clone(),
            cube([0.0, 2.0 * km, 0.0], km),
        ),
        CaseLine::named3(
            "scale-3d-km-gap-1mm",
            "kilometre cubes apart by 1e-3",
            a_km.clone(),
            cube([0.0, 2000.001, 0.0], km),
        ),
        CaseLine::named3(
            "scale-3d-km-rotated-gap-1e-2",
            "kilometre cubes, B rotated 0.9 rad, its vertex 1e-2 off A's face",
            a_km.clone(),
            rotated_on(km, 1e-2),
        ),
        CaseLine::named3(
            "scale-3d-km-vs-mm-gap",
            "a millimetre cube 1e-4 above a kilometre cube's top face",
            a_km.clone(),
            cube([12.5, -3.25, 1000.0011], mm),
        ),
        CaseLine::named3(
            "scale-3d-km-vs-mm-resting",
            "a cube of half-extent 2^-10 (about a millimetre) resting on a kilometre cube's top face",
            a_km.clone(),
            cube([12.5, -3.25, 1000.0 + 2f64.powi(-10)], 2f64.powi(-10)),
        ),
        CaseLine::named2(
            "scale-2d-mm-gap-1e-6",
            "millimetre squares apart by 1e-6",
            BoxLine::rect([0.0, 0.0], [mm, mm]),
            BoxLine::rect([2.001e-3, 0.0], [mm, mm]),
        ),
        CaseLine::named2(
            "scale-2d-km-touching-rotated",
            "kilometre rectangles touching, B turned 90 degrees",
            BoxLine::rect([0.0, 0.0], [km, 0.5 * km]),
            BoxLine::degrees([0.0, 0.5 * km + 0.25 * km], [0.25 * km, 2.0 * km], 90.0),
        ),
    ]
}

/// `identical.jsonl`.
pub fn identical() -> Vec<CaseLine> {
    let q = case_quat(rotation(DVec3::new(-0.2, 0.7, 0.4), 2.3));
    let rotated = BoxLine::quat([0.3, -1.2, 4.0], [1.5, 0.25, 0.75], q);
    let far = BoxLine::quat([1.0e6, 2.5e5, -7.5e5], [2.0, 1.0, 0.5], q);
    let flat = BoxLine::cube([1.0, 1.0, 1.0], [1.0, 0.5, 0.0]);
    let point = BoxLine::cube([0.25, 0.5, 0.75], [0.0; 3]);
    let rect = BoxLine::angle([3.0, -1.0], [2.0, 0.5], 0.7);
    vec![
        CaseLine::named3(
            "identical-3d-cubes",
            "a unit cube against itself",
            BoxLine::cube([0.0; 3], [1.0; 3]),
            BoxLine::cube([0.0; 3], [1.0; 3]),
        ),
        CaseLine::named3(
            "identical-3d-rotated",
            "a rotated box against itself",
            rotated.clone(),
            rotated,
        ),
        CaseLine::named3(
            "identical-3d-far",
            "a rotated box 1e6 from the origin against itself",
            far.clone(),
            far,
        ),
        CaseLine::named3(
            "identical-3d-flat",
            "a flat box (zero z half-extent) against itself",
            flat.clone(),
            flat,
        ),
        CaseLine::named3(
            "identical-3d-point",
            "a point (all half-extents zero) against itself: touching",
            point.clone(),
            point,
        ),
        CaseLine::named2(
            "identical-2d-rotated",
            "a rectangle at 0.7 rad against itself",
            rect.clone(),
            rect,
        ),
    ]
}

/// `zero-extent.jsonl`.
pub fn zero_extent() -> Vec<CaseLine> {
    let cube = BoxLine::cube([0.0; 3], [1.0; 3]);
    let point = |p: [f64; 3]| BoxLine::cube(p, [0.0; 3]);
    let segment = |c: [f64; 3], half: [f64; 3], q: [f64; 4]| BoxLine::quat(c, half, q);
    let turn_z = [0.0, 0.0, 1.0, 1.0];
    vec![
        CaseLine::named3(
            "zero-extent-3d-point-inside",
            "a point inside a cube",
            cube.clone(),
            point([0.25, -0.5, 0.75]),
        ),
        CaseLine::named3(
            "zero-extent-3d-point-on-face",
            "a point on a cube's face",
            cube.clone(),
            point([1.0, 0.25, -0.5]),
        ),
        CaseLine::named3(
            "zero-extent-3d-point-on-vertex",
            "a point on a cube's vertex",
            cube.clone(),
            point([1.0, -1.0, 1.0]),
        ),
        CaseLine::named3(
            "zero-extent-3d-point-just-outside",
            "a point 2^-30 outside a cube's face",
            cube.clone(),
            point([1.0 + 2f64.powi(-30), 0.0, 0.0]),
        ),
        CaseLine::named3(
            "zero-extent-3d-points-apart",
            "two points 2^-40 apart",
            point([0.5, 0.5, 0.5]),
            point([0.5, 0.5, 0.5 + 2f64.powi(-40)]),
        ),
        CaseLine::named3(
            "zero-extent-3d-segments-crossing",
            "a segment along x and a segment along y (turned by (0, 0, 1, 1)) crossing at a point",
            segment([0.0; 3], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]),
            segment([0.5, 0.0, 0.0], [1.0, 0.0, 0.0], turn_z),
        ),
        CaseLine::named3(
            "zero-extent-3d-segments-skew-apart",
            "skew segments (x and y directions) apart by 2^-20 along z",
            segment([0.0; 3], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]),
            segment([0.5, 0.0, 2f64.powi(-20)], [1.0, 0.0, 0.0], turn_z),
        ),
        CaseLine::named3(
            "zero-extent-3d-flat-coplanar-overlap",
            "two flat squares in the plane z = 0, overlapping",
            BoxLine::cube([0.0; 3], [1.0, 1.0, 0.0]),
            BoxLine::quat([1.5, 0.5, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0, 2.0]),
        ),
        CaseLine::named3(
            "zero-extent-3d-flat-on-face",
            "a flat rotated square lying on a cube's face",
            cube,
            BoxLine::quat([0.5, 0.0, 1.0], [0.5, 0.5, 0.0], [0.0, 0.0, 1.0, 2.0]),
        ),
        CaseLine::named2(
            "zero-extent-2d-segment-on-corner",
            "a segment touching a square's corner with its end",
            BoxLine::rect([0.0, 0.0], [1.0, 1.0]),
            BoxLine::degrees([2.0, 1.0], [1.0, 0.0], 0.0),
        ),
        CaseLine::named2(
            "zero-extent-2d-point-on-side",
            "a point on a square's side",
            BoxLine::rect([0.0, 0.0], [1.0, 1.0]),
            BoxLine::rect([0.3, -1.0], [0.0, 0.0]),
        ),
    ]
}
