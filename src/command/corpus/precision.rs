//! The precision sets:
//!
//! * `sub-ulp.jsonl`: gaps and overlaps of one f32 ulp and below, where only the exact engines
//!   can tell (the f32 engines see a rounded centre: touching);
//! * `negative-zero.jsonl`: `-0.0` in centres, half-extents, quaternions, axes, angles and
//!   degrees (a signed zero must not change a verdict; parry #436 was one);
//! * `far.jsonl`: pairs 1e6 from the origin, some with centres written with more digits than
//!   f32 holds (the f32 engines use the offset rounded once).

use glam::{DVec2, DVec3};

use super::build::{axes2, band_of, case_quat, f32v, on_face, rotation};
use sat_oracle::case_box::quat_columns;
use sat_oracle::case_box::{BoxLine, CaseLine};
use sat_oracle::check::sign_of;

/// `sub-ulp.jsonl`.
pub fn sub_ulp() -> Vec<CaseLine> {
    let cube = |x: f64| BoxLine::cube([x, 0.0, 0.0], [1.0; 3]);
    let origin = BoxLine::cube([0.0; 3], [1.0; 3]);
    let ulp_below_2 = 2f64.powi(-23);
    let ulp_above_2 = 2f64.powi(-22);
    vec![
        CaseLine::named3(
            "sub-ulp-3d-gap-2^-40",
            "unit cubes apart by 2^-40 (the centre 2 + 2^-40 rounds to 2 in f32): apart, far inside the band",
            origin.clone(),
            cube(2.0 + 2f64.powi(-40)),
        ),
        CaseLine::named3(
            "sub-ulp-3d-overlap-2^-40",
            "unit cubes overlapping by 2^-40: intersect",
            origin.clone(),
            cube(2.0 - 2f64.powi(-40)),
        ),
        CaseLine::named3(
            "sub-ulp-3d-gap-one-ulp",
            "unit cubes apart by one f32 ulp of 2 (2^-22), exactly representable: apart",
            origin.clone(),
            cube(2.0 + ulp_above_2),
        ),
        CaseLine::named3(
            "sub-ulp-3d-overlap-one-ulp",
            "unit cubes overlapping by one f32 ulp below 2 (2^-23)",
            origin.clone(),
            cube(2.0 - ulp_below_2),
        ),
        CaseLine::named3(
            "sub-ulp-3d-gap-quarter-turn",
            "B turned a quarter by (0, 0, 1, 1), apart by 2^-30 along x",
            origin,
            BoxLine::quat(
                [3.0 + 2f64.powi(-30), 0.25, 0.0],
                [1.0, 2.0, 0.5],
                [0.0, 0.0, 1.0, 1.0],
            ),
        ),
        CaseLine::named2(
            "sub-ulp-2d-gap-2^-40",
            "unit squares apart by 2^-40",
            BoxLine::rect([0.0, 0.0], [1.0, 1.0]),
            BoxLine::rect([0.5, 2.0 + 2f64.powi(-40)], [1.0, 1.0]),
        ),
        CaseLine::named2(
            "sub-ulp-2d-gap-one-ulp-corner",
            "squares corner to corner, apart by one f32 ulp along x only",
            BoxLine::rect([0.0, 0.0], [1.0, 1.0]),
            BoxLine::rect([2.0 + ulp_above_2, 2.0], [1.0, 1.0]),
        ),
    ]
}

/// `negative-zero.jsonl`.
pub fn negative_zero() -> Vec<CaseLine> {
    let z = -0.0;
    let cube = BoxLine::cube([0.0; 3], [1.0; 3]);
    vec![
        CaseLine::named3(
            "negative-zero-3d-quat",
            "touching cubes, B's quaternion (-0, -0, -0, 1)",
            cube.clone(),
            BoxLine::quat([2.0, 0.0, 0.0], [1.0; 3], [z, z, z, 1.0]),
        ),
        CaseLine::named3(
            "negative-zero-3d-quat-negative-w",
            "touching cubes, B's quaternion (0, 0, 0, -1): the same rotation",
            cube.clone(),
            BoxLine::quat([0.0, 2.0, 0.0], [1.0; 3], [0.0, 0.0, 0.0, -1.0]),
        ),
        CaseLine::named3(
            "negative-zero-3d-centres",
            "touching cubes with -0 centre components",
            BoxLine::cube([z, z, z], [1.0; 3]),
            BoxLine::cube([z, z, 2.0], [1.0; 3]),
        ),
        CaseLine::named3(
            "negative-zero-3d-flat-box",
            "a flat box (half-extent -0 in z) resting on A's top face",
            cube.clone(),
            BoxLine::cube([0.5, -0.5, 1.0], [0.25, 0.25, z]),
        ),
        CaseLine::named3(
            "negative-zero-3d-axes",
            "touching boxes, B's axis columns written with -0 entries",
            cube.clone(),
            BoxLine::axes(
                &[2.0, z, 0.5],
                &[1.0; 3],
                &[&[1.0, z, 0.0], &[z, 1.0, z], &[0.0, z, 1.0]],
            ),
        ),
        CaseLine::named3(
            "negative-zero-3d-offset-apart",
            "B apart by 2^-24 along x with a -0 offset in y and z (support points chosen by the sign of a zero)",
            cube,
            BoxLine::cube([2.0 + 2f64.powi(-24), z, z], [1.0; 3]),
        ),
        CaseLine::named2(
            "negative-zero-2d-angle",
            "touching squares, B at angle -0",
            BoxLine::rect([0.0, 0.0], [1.0, 1.0]),
            BoxLine::angle([2.0, z], [1.0, 1.0], z),
        ),
        CaseLine::named2(
            "negative-zero-2d-degrees",
            "touching squares, B at -0 degrees, A at -360 degrees",
            BoxLine::degrees([z, 0.0], [1.0, 1.0], -360.0),
            BoxLine::degrees([z, -2.0], [1.0, 1.0], z),
        ),
        CaseLine::named2(
            "negative-zero-2d-axes",
            "touching squares, B's columns (1, -0), (-0, 1)",
            BoxLine::rect([0.0, 0.0], [1.0, 1.0]),
            BoxLine::axes(&[-2.0, 0.5], &[1.0, 1.0], &[&[1.0, z], &[z, 1.0]]),
        ),
    ]
}

/// `far.jsonl`.
pub fn far() -> Vec<CaseLine> {
    let far = [1.0e6, -1.0e6, 5.0e5];
    let at = |dx: f64, dy: f64| [far[0] + dx, far[1] + dy, far[2]];
    // B rotated, on the top face of A 1e6 away at ±4 bands: B's centre needs f64 digits (f32's
    // spacing there is 0.0625); the f32 engines use the offset rounded once.
    let q = case_quat(rotation(DVec3::new(1.0, -2.0, 0.5), 0.7));
    let ea = DVec3::new(1.0, 0.5, 0.25);
    let rotated = |k: f64| {
        let b = quat_columns(q);
        let eb = DVec3::new(0.5, 0.5, 0.5);
        let lateral = DVec3::new(0.2, 0.1, 0.0);
        let touching = on_face(ea, DVec3::Z, b, eb, lateral, 0.0);
        let gap = k * band_of(touching.length(), &ea.to_array(), &eb.to_array()).width();
        let offset = on_face(ea, DVec3::Z, b, eb, lateral, gap);
        BoxLine::quat(
            (DVec3::from_array(far) + offset).to_array(),
            eb.to_array(),
            q,
        )
    };
    vec![
        CaseLine::named3(
            "far-3d-touching",
            "unit cubes face to face 1e6 from the origin (f32 values)",
            BoxLine::cube(far, [1.0; 3]),
            BoxLine::cube(at(2.0, 0.0), [1.0; 3]),
        ),
        CaseLine::named3(
            "far-3d-gap-f64-digits",
            "centres 1000000.1 and 1000002.101 (not f32 values): apart by 0.001; rounding each centre to f32 would make them touch",
            BoxLine::cube([1000000.1, -3.3, 7e5], [1.0; 3]),
            BoxLine::cube([1000002.101, -3.3, 7e5], [1.0; 3]),
        ),
        CaseLine::named3(
            "far-3d-overlap-f64-digits",
            "centres 1000000.1 and 1000002.099: overlapping by 0.001",
            BoxLine::cube([1000000.1, -3.3, 7e5], [1.0; 3]),
            BoxLine::cube([1000002.099, -3.3, 7e5], [1.0; 3]),
        ),
        CaseLine::named3(
            "far-3d-millimetre-gap",
            "millimetre boxes 1e6 from the origin, apart by 1e-4 (written in f64 digits)",
            BoxLine::cube([1000000.0005, 2.5, -1e6], [0.0005; 3]),
            BoxLine::cube([1000000.0016, 2.5, -1e6], [0.0005; 3]),
        ),
        CaseLine::named3(
            "far-3d-rotated-apart-4band",
            "B (rotated 0.7 rad) with a vertex above the top face of A, 1e6 from the origin, at +4·48·ε·S; B's centre in f64 digits",
            BoxLine::cube(far, ea.to_array()),
            rotated(4.0),
        ),
        CaseLine::named3(
            "far-3d-rotated-overlap-4band",
            "as far-3d-rotated-apart-4band, overlapping by 4·48·ε·S",
            BoxLine::cube(far, ea.to_array()),
            rotated(-4.0),
        ),
        far_2d_rotated(4.0, "apart"),
        far_2d_rotated(-4.0, "overlap"),
        CaseLine::named2(
            "far-2d-touching",
            "unit squares side to side 1e6 from the origin",
            BoxLine::rect([far[0], far[1]], [1.0, 1.0]),
            BoxLine::rect([far[0], far[1] + 2.0], [1.0, 1.0]),
        ),
        CaseLine::named2(
            "far-2d-gap-f64-digits",
            "centres 1000000.1 and 1000002.101: apart by 0.001",
            BoxLine::rect([1000000.1, 0.0], [1.0, 1.0]),
            BoxLine::rect([1000002.101, 0.0], [1.0, 1.0]),
        ),
    ]
}

/// Both rectangles rotated (A by 0.7 rad, B by 1.0 rad), 1e6 from the origin on f32 values, B's
/// vertex on A's top side at `k` bands: B's centre lies on f32's grid (spacing 0.0625 there), so
/// A's half-extent across that side, a much finer f32 grid, is solved for the gap.
fn far_2d_rotated(k: f64, name: &str) -> CaseLine {
    let far = DVec2::new(1.0e6, -1.0e6);
    let [a0, a1] = axes2(0.7);
    let [b0, b1] = axes2(1.0);
    let (ea0, eb) = (1.5, DVec2::new(0.5, 0.25));
    let normal = a1;
    let vertex = b0 * eb.x * -sign_of(b0.dot(normal)) + b1 * eb.y * -sign_of(b1.dot(normal));
    let center = far + a0 * 0.2 + normal - vertex;
    let cb = DVec2::new(f32v(center.x), f32v(center.y));
    // The exact face axis of A's side 1 is perp(a0); a0 · perp(a0) = 0, so only e_A1 matters.
    let l = a0.perp();
    let reach_b = eb.x * b0.dot(l).abs() + eb.y * b1.dot(l).abs();
    let gap = k * band_of(2.0, &[ea0, 1.0], &eb.to_array()).width();
    let ea1 = f32v(((cb - far).dot(l).abs() - reach_b - gap * l.length()) / a1.dot(l).abs());
    CaseLine::named2(
        format!("far-2d-rotated-{name}-4band"),
        format!(
            "rectangles rotated 0.7 and 1.0 rad 1e6 from the origin (f32 values), B's vertex {name} A's side at {k}·48·ε·S"
        ),
        BoxLine::axes(
            &far.to_array(),
            &[ea0, ea1],
            &[&a0.to_array(), &a1.to_array()],
        ),
        BoxLine::axes(
            &cb.to_array(),
            &eb.to_array(),
            &[&b0.to_array(), &b1.to_array()],
        ),
    )
}
