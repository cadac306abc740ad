//! `touching.jsonl`: boxes that touch exactly (exact margin 0) at a face, an edge or a vertex.
//!
//! Rotated boxes use integer quaternions, whose rotation `R(q)/|q|²` is rational, with
//! half-extents that are multiples of `|q|²` over a power of two, so every vertex is a dyadic
//! rational and contact can be placed exactly. (The f32 engines see `R(q)` rounded to f32, within
//! their band.) 2D rotations cannot be rational with dyadic entries, so the rotated 2D cases take
//! the f32 columns (0.6, 0.8) exactly and place the contact in f64.

use glam::{DVec2, DVec3};

use sat_oracle::case_box::integer_quat_columns;
use sat_oracle::case_box::{BoxLine, CaseLine};
use sat_oracle::check::sign_of;

/// The cases.
pub fn cases() -> Vec<CaseLine> {
    // Unit cubes and squares (half-extent 1); A at the origin unless a case says otherwise.
    let unit = |center: [f64; 3]| BoxLine::cube(center, [1.0; 3]);
    let unit_square = |center: [f64; 2]| BoxLine::rect(center, [1.0, 1.0]);
    let (cube, square) = (unit([0.0; 3]), unit_square([0.0, 0.0]));
    let mut out = vec![
        CaseLine::named3(
            "touch-3d-faces-cubes",
            "unit cubes face to face at x = 1",
            cube.clone(),
            unit([2.0, 0.0, 0.0]),
        ),
        CaseLine::named3(
            "touch-3d-faces-grid",
            "boxes of dyadic sizes face to face off the origin",
            BoxLine::cube([-0.125, 3.5, 1.0], [0.375, 1.5, 2.25]),
            BoxLine::cube([0.875, 2.75, -0.5], [0.625, 0.25, 0.5]),
        ),
        CaseLine::named3(
            "touch-3d-faces-quarter-turn",
            "B turned a quarter about z by the unnormalised quaternion (0, 0, 1, 1): its y half-extent faces A's x face",
            cube.clone(),
            BoxLine::quat([3.0, 0.5, 0.0], [1.0, 2.0, 3.0], [0.0, 0.0, 1.0, 1.0]),
        ),
        CaseLine::named3(
            "touch-3d-faces-spun",
            "B spun about A's face normal x by the rational rotation q = (1, 0, 0, 2) (cos 3/5, sin 4/5): faces touch, edges cross",
            cube.clone(),
            BoxLine::quat([1.5, 0.3, -0.2], [0.5, 1.25, 0.75], [1.0, 0.0, 0.0, 2.0]),
        ),
        CaseLine::named3(
            "touch-3d-edge-on-face",
            "B turned about x by q = (1, 0, 0, 2) rests on an edge on A's top face",
            cube.clone(),
            BoxLine::quat([0.25, -0.5, 1.875], [0.625; 3], [1.0, 0.0, 0.0, 2.0]),
        ),
        CaseLine::named3(
            "touch-3d-vertex-vertex",
            "axis-aligned cubes corner to corner",
            cube.clone(),
            unit([2.0, 2.0, 2.0]),
        ),
        CaseLine::named2(
            "touch-2d-faces",
            "unit squares side to side",
            square.clone(),
            unit_square([2.0, 0.5]),
        ),
        CaseLine::named2(
            "touch-2d-vertex-vertex",
            "squares corner to corner",
            square.clone(),
            unit_square([2.0, 2.0]),
        ),
        CaseLine::named2(
            "touch-2d-faces-quarter-turn",
            "B turned by exactly 90 degrees (exact for every engine)",
            square.clone(),
            BoxLine::degrees([3.0, 0.0], [0.5, 2.0], 90.0),
        ),
    ];
    out.extend(rational_rotations());
    out.extend(rotated_2d());
    out
}

/// `q = (1, 2, 3, 4)`: `|q|² = 30`, half-extents `30/16`, so `e_j g_j = K_j/16` exactly.
fn rational_rotations() -> Vec<CaseLine> {
    let q = [1, 2, 3, 4];
    let k = integer_quat_columns(q).map(|c| DVec3::new(c[0] as f64, c[1] as f64, c[2] as f64));
    let half_axes = k.map(|c| c / 16.0); // e_j g_j, exactly
    let quat = q.map(|x| x as f64);
    let eb = [30.0 / 16.0; 3];
    let cube = BoxLine::cube([0.0; 3], [1.0; 3]);
    let b = |center: DVec3| BoxLine::quat(center.to_array(), eb, quat);

    // Lowest vertex of B on A's top face at (0.25, -0.5, 1).
    let vertex = |dir: DVec3| -> DVec3 {
        (0..3)
            .map(|j| half_axes[j] * -sign_of(half_axes[j].dot(dir)))
            .sum()
    };
    let on_top = DVec3::new(0.25, -0.5, 1.0) - vertex(DVec3::Z);
    // B's vertex at A's corner (1, 1, 1), B beyond it along (1, 1, 1).
    let at_corner = DVec3::ONE - vertex(DVec3::ONE);
    // B's edge 2 crosses A's edge 0 at (0.25, -1, 1), L = x × K_2 = (0, -20, 4).
    let l = DVec3::X.cross(k[2]);
    let other: DVec3 = (0..2)
        .map(|j| half_axes[j] * -sign_of(half_axes[j].dot(l)))
        .sum();
    let on_a = DVec3::new(0.25, sign_of(l.y), sign_of(l.z));
    let crossing = on_a - other - half_axes[2] * 0.25;
    vec![
        CaseLine::named3(
            "touch-3d-vertex-on-face",
            "B rotated by the rational q = (1, 2, 3, 4) (|q|² = 30, half-extents 30/16) has its lowest vertex on A's top face",
            cube.clone(),
            b(on_top),
        ),
        CaseLine::named3(
            "touch-3d-vertex-on-vertex-rotated",
            "B rotated by q = (1, 2, 3, 4) touches A's corner (1, 1, 1) with a vertex; no face or edge is in contact",
            cube.clone(),
            b(at_corner),
        ),
        CaseLine::named3(
            "touch-3d-edges-crossing",
            "B rotated by q = (1, 2, 3, 4): its edge z crosses A's edge x at (0.25, -1, 1); only the edge-edge axis x × b_z has gap 0",
            cube,
            b(crossing),
        ),
    ]
}

/// 2D contacts with B's columns the f32 values (0.6, 0.8) and (-0.8, 0.6), taken exactly.
fn rotated_2d() -> Vec<CaseLine> {
    let (c, s) = (f64::from(0.6f32), f64::from(0.8f32));
    let (g0, g1) = (DVec2::new(c, s), DVec2::new(-s, c));
    let (e0, e1) = (0.5, 0.25);
    let axes = |center: DVec2| BoxLine::axes(&center.to_array(), &[e0, e1], &[&[c, s], &[-s, c]]);
    // Lowest vertex of B (both columns point up) at (0.25, 1) on A's top side.
    let on_top = DVec2::new(0.25, 1.0) + g0 * e0 + g1 * e1;
    // B's vertex at A's corner (1, 1), B beyond it along (1, 1): -g0, +g1 extreme.
    let at_corner = DVec2::ONE + g0 * e0 - g1 * e1;
    let square = BoxLine::rect([0.0, 0.0], [1.0, 1.0]);
    vec![
        CaseLine::named2(
            "touch-2d-vertex-on-face-rotated",
            "B's columns (0.6, 0.8) as f32 values, taken exactly; its lowest vertex on A's top side (the centre needs more digits than f32 holds: the f32 engines see it within their band)",
            square.clone(),
            axes(on_top),
        ),
        CaseLine::named2(
            "touch-2d-vertex-on-vertex-rotated",
            "B's columns (0.6, 0.8) as f32 values; its vertex at A's corner (1, 1)",
            square,
            axes(at_corner),
        ),
    ]
}
