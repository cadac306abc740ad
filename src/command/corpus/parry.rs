//! `parry.jsonl`: parry's public box regressions, as cases with exact verdicts and distances (their
//! inputs, their distances recorded exactly, so `obbsat check --query distance` replays #431 on
//! any engine):
//!
//! * #431 (`query::distance` between cuboids depended on the argument order): the 2D repro and
//!   the 3D tests of `issue_431_cuboid_distance_asymmetry.rs` — face-face overhang, vertex-face
//!   and edge-edge configurations, touching and overlapping;
//! * #436 (fix for #431; a fuzzer-found sub-ulp gap where a `-0.0` normal component made
//!   `copy_sign` pick the far corner): `closest_points_cuboid_cuboid_axis_aligned_subulp_gap`
//!   and the corner-touching test next to it;
//! * #315 (`contact()` on exactly touching cubes): unit cubes touching on the plane x = 1, both
//!   argument orders, and the overlapping variant.

use glam::DVec3;

use super::build::{case_quat, f32v, rotation};
use sat_oracle::case_box::{BoxLine, CaseLine};

/// The cases.
pub fn cases() -> Vec<CaseLine> {
    let origin2 = |half: [f64; 2]| BoxLine::rect([0.0, 0.0], half);
    let origin3 = |half: [f64; 3]| BoxLine::cube([0.0; 3], half);
    let x431 = f32v(-5.573167);
    let (c1, c2) = (
        [f32v(0.5386359), f32v(0.8874373)],
        [f32v(1.0999209), f32v(0.17219427)],
    );
    let t436 = [f32v(-1.6385567), f32v(1.0596324)];
    // #315: cubes of half-extent 0.5 at (x, 0.5, 0.5), for A's and B's x.
    let cubes_315 = |id: &str, note: &str, [xa, xb]: [f64; 2]| {
        let cube = |x: f64| BoxLine::cube([x, 0.5, 0.5], [0.5; 3]);
        CaseLine::named3(id, note, cube(xa), cube(xb))
    };
    let vertex_face = case_quat(rotation(DVec3::Z, std::f64::consts::FRAC_PI_4));
    let edge_edge = case_quat(rotation(DVec3::Y, std::f64::consts::FRAC_PI_6));
    vec![
        CaseLine::named2(
            "parry-431-2d-repro",
            "parry #431 repro: (1, 1) at the origin, (1, 2) at (-5.573167, 0); apart by 3.5731668",
            origin2([1.0, 1.0]),
            BoxLine::rect([x431, 0.0], [1.0, 2.0]),
        ),
        CaseLine::named3(
            "parry-431-3d-face-overhang",
            "parry #431, 3D: (1, 1, 1) and (1, 2, 2) at (-5.573167, 0, 0); apart",
            origin3([1.0; 3]),
            BoxLine::cube([x431, 0.0, 0.0], [1.0, 2.0, 2.0]),
        ),
        CaseLine::named3(
            "parry-431-3d-vertex-face",
            "parry #431: B turned 45° about z at (4, 4, 0); apart by 3·√2 - 1",
            origin3([1.0; 3]),
            BoxLine::quat([4.0, 4.0, 0.0], [1.0; 3], vertex_face),
        ),
        CaseLine::named3(
            "parry-431-3d-edge-edge",
            "parry #431: B turned 30° about y at (5, 0, 5); edge to edge, apart",
            origin3([1.0; 3]),
            BoxLine::quat([5.0, 0.0, 5.0], [1.0; 3], edge_edge),
        ),
        CaseLine::named3(
            "parry-431-3d-touching",
            "parry #431: (1, 1, 1) and (1, 2, 2) at x = 2, touching",
            origin3([1.0; 3]),
            BoxLine::cube([2.0, 0.0, 0.0], [1.0, 2.0, 2.0]),
        ),
        CaseLine::named3(
            "parry-431-3d-overlapping",
            "parry #431: (1, 1, 1) and (1, 2, 2) at x = 1.5, overlapping",
            origin3([1.0; 3]),
            BoxLine::cube([1.5, 0.0, 0.0], [1.0, 2.0, 2.0]),
        ),
        CaseLine::named2(
            "parry-436-2d-sub-ulp-corner",
            "parry #436 (fuzzer-found): both axis gaps within a few ulps of zero; a -0.0 normal component picked the far corner",
            origin2(c1),
            BoxLine::rect(t436, c2),
        ),
        CaseLine::named3(
            "parry-436-3d-sub-ulp-corner",
            "parry #436 in 3D: the same rectangles as boxes of half-height 0.5, B's z centre -0.0",
            origin3([c1[0], c1[1], 0.5]),
            BoxLine::cube([t436[0], t436[1], -0.0], [c2[0], c2[1], 0.5]),
        ),
        CaseLine::named2(
            "parry-436-2d-corner-gap-1e-4",
            "parry #436's boundary test: unit squares corner to corner, 1e-4 apart along x only",
            origin2([1.0, 1.0]),
            BoxLine::rect([f32v(2.0 + 1.0e-4), 2.0], [1.0, 1.0]),
        ),
        cubes_315(
            "parry-315-touching-cubes",
            "parry #315 repro: cubes of half-extent 0.5 at (0.5, 0.5, 0.5) and (1.5, 0.5, 0.5), touching on x = 1",
            [0.5, 1.5],
        ),
        cubes_315(
            "parry-315-touching-cubes-flipped",
            "parry #315 with the arguments swapped",
            [1.5, 0.5],
        ),
        cubes_315(
            "parry-315-overlapping-cubes",
            "parry #315's overlapping variant: B at x = 1.2 (0.3 deep)",
            [0.5, 1.2],
        ),
        CaseLine::named2(
            "parry-315-2d-touching-squares",
            "parry #315 in 2D: squares of half-extent 0.5 touching on x = 1",
            BoxLine::rect([0.5, 0.5], [0.5, 0.5]),
            BoxLine::rect([1.5, 0.5], [0.5, 0.5]),
        ),
    ]
}
