//! `near-parallel.jsonl`: faces and edges within 1e-3 .. 1e-8 rad of parallel, each at a gap of
//! −4, 0 and +4 times sat-core's band `48·ε·S` (the 0, "grazing", is as near touching as f32
//! centres allow: the exact margin is a rounding of the centre, far inside the band).
//! Outside the band every engine should be right; this is where Ericson-style tests (|R| + ε)
//! and GJK's absolute tolerances are not.
//!
//! All numbers are f32 values: the quaternion of the tilt rounded to f32, centres rounded to f32.

use glam::{DVec2, DVec3};

use sat_oracle::case_box::quat_columns;
use sat_oracle::check::{edge_contact3, sign_of};

use super::build::{axes2, band_of, case_quat, f32a, f32v, on_face, rotation};
use sat_oracle::case_box::{BoxLine, CaseLine};

/// The tilts, in radians.
const TILTS: [(f64, &str); 6] = [
    (1e-3, "1e-3"),
    (1e-4, "1e-4"),
    (1e-5, "1e-5"),
    (1e-6, "1e-6"),
    (1e-7, "1e-7"),
    (1e-8, "1e-8"),
];

/// Gaps in units of the band, with their names.
const GAPS: [(f64, &str); 3] = [
    (-4.0, "overlap-4band"),
    (0.0, "grazing"),
    (4.0, "apart-4band"),
];

/// The cases.
pub fn cases() -> Vec<CaseLine> {
    let mut out = Vec::new();
    for (tilt, tilt_name) in TILTS {
        for (k, gap_name) in GAPS {
            out.push(faces3(tilt, tilt_name, k, gap_name));
            out.push(edges3(tilt, tilt_name, k, gap_name));
            out.push(faces2(tilt, tilt_name, k, gap_name));
        }
    }
    out
}

/// B (half-extents 0.75, 0.5, 0.25) tilted by `tilt` about (1, 2, 0) on A's top face.
fn faces3(tilt: f64, tilt_name: &str, k: f64, gap_name: &str) -> CaseLine {
    let ea = DVec3::new(2.0, 1.5, 1.0);
    let eb = DVec3::new(0.75, 0.5, 0.25);
    let q = case_quat(rotation(DVec3::new(1.0, 2.0, 0.0), tilt));
    let b = quat_columns(q);
    let lateral = DVec3::new(0.4, -0.3, 0.0);
    at_gap3(
        format!("near-parallel-3d-faces-{tilt_name}-{gap_name}"),
        format!(
            "B's bottom face tilted {tilt_name} rad from A's top face, intended gap {k}·48·ε·S"
        ),
        [ea, eb],
        q,
        k,
        |gap| on_face(ea, DVec3::Z, b, eb, lateral, gap),
    )
}

/// A's edge x against B's edge x, B spun 30° about x and tilted by `tilt` about the
/// edge-edge direction (0, cos 60°, sin 60°): the edges cross at `tilt` rad.
fn edges3(tilt: f64, tilt_name: &str, k: f64, gap_name: &str) -> CaseLine {
    let ea = DVec3::new(1.5, 1.0, 0.5);
    let eb = DVec3::new(1.25, 0.75, 0.5);
    let spin = rotation(DVec3::X, 30f64.to_radians());
    let (s60, c60) = libm::sincos(60f64.to_radians());
    let tilted = rotation(DVec3::new(0.0, c60, s60), tilt) * spin;
    let q = case_quat(tilted);
    let b = quat_columns(q);
    // B's edge along b_0 across A's edge along x, at 0.3 of A's edge and −0.2 of B's (the
    // fraction `edge_contact3` takes is of the way from that point to B's centre).
    let normal = DVec3::X.cross(b[0]).normalize();
    let axes_a = [DVec3::X, DVec3::Y, DVec3::Z];
    let (at_zero, _) = edge_contact3(
        [&ea.to_array(), &eb.to_array()],
        [&axes_a, &b],
        [0, 0],
        normal,
        [0.3, 0.2],
    );
    at_gap3(
        format!("near-parallel-3d-edges-{tilt_name}-{gap_name}"),
        format!(
            "A's edge x and B's edge x cross at {tilt_name} rad (B spun 30° about x, then tilted), intended gap {k}·48·ε·S along their common normal"
        ),
        [ea, eb],
        q,
        k,
        |gap| at_zero + normal * gap,
    )
}

/// The 3D case named `name`: A (half-extents `ea`) axis-aligned at the origin, B (half-extents
/// `eb`, quaternion `q`) at `place(gap)` with the gap `k` bands (the band of B's centre at gap
/// zero), the centre rounded to f32.
fn at_gap3(
    name: String,
    description: String,
    [ea, eb]: [DVec3; 2],
    q: [f64; 4],
    k: f64,
    place: impl Fn(f64) -> DVec3,
) -> CaseLine {
    let gap = k * band_of(place(0.0).length(), &ea.to_array(), &eb.to_array()).width();
    let center = f32a(place(gap).to_array());
    CaseLine::named3(
        name,
        description,
        BoxLine::cube([0.0; 3], ea.to_array()),
        BoxLine::quat(center, eb.to_array(), q),
    )
}

/// 2D: B turned by `tilt` on A's top side (columns as f32 cos/sin).
fn faces2(tilt: f64, tilt_name: &str, k: f64, gap_name: &str) -> CaseLine {
    let ea = DVec2::new(2.0, 1.0);
    let eb = DVec2::new(1.5, 0.5);
    let [g0, g1] = axes2(tilt);
    // B's lowest vertex (both columns' y >= 0 for a small positive tilt) at x = 0.3.
    let vertex = g0 * eb.x * -sign_of(g0.y) + g1 * eb.y * -sign_of(g1.y);
    let place = |gap: f64| DVec2::new(0.3, ea.y + gap) - vertex;
    let gap = k * band_of(place(0.0).length(), &ea.to_array(), &eb.to_array()).width();
    let center = place(gap);
    CaseLine::named2(
        format!("near-parallel-2d-faces-{tilt_name}-{gap_name}"),
        format!("B turned {tilt_name} rad on A's top side, intended gap {k}·48·ε·S"),
        BoxLine::rect([0.0, 0.0], ea.to_array()),
        BoxLine::axes(
            &[f32v(center.x), f32v(center.y)],
            &eb.to_array(),
            &[&g0.to_array(), &g1.to_array()],
        ),
    )
}
