//! Named degenerate cases, as recipes: the seed corpora of the fuzz targets
//! (`fuzz/corpus/<target>/seed-<name>`, written and checked by `crates/sat-oracle/tests/all/fuzz_replay.rs`).

use super::recipe::{Direction, Extent, Gap, Offset, Origin, Recipe, Size, Tilt};
use super::recipe2::{Angle, NearParallel2, Placement2, Recipe2, Relative2, Rewrite2};
use super::recipe3::{
    Contact3, EdgeContact, EdgeParallel, FaceContact, Near3, NearParallel, NearParallelRecipe3,
    Nudge, Placement3, Recipe3, Relative3, Rewrite3, Rotation, RotationForm,
};

/// `s = 2`, so `Extent::Grid(15)` is a half-extent of exactly 1 and `Grid` placements step by
/// `1/32`.
const TWO: Size = Size::Pow2(11);
const ONE: Extent = Extent::Grid(15);
const HALF: Extent = Extent::Grid(7);
const QUARTER: Extent = Extent::Grid(3);
const CENTRE: u16 = 32_768;
const SOMEWHERE: Direction = Direction(0x5bd1_e995);
const TILT_AXIS: Direction = Direction(0x9e37_79b9);
/// Box A's centre for the generic pairs: within ten sizes of the origin.
const NEAR_ORIGIN: Origin = Origin::Near(Offset {
    direction: SOMEWHERE,
    distance: 20_000,
});
/// The generic pairs' unequal half-extents (fractions of the size).
const EXTENTS_A: [Extent; 3] = [
    Extent::Fraction(40_000),
    Extent::Fraction(9_000),
    Extent::Fraction(61_000),
];
const EXTENTS_B: [Extent; 3] = [
    Extent::Fraction(15_000),
    Extent::Fraction(52_000),
    Extent::Fraction(30_000),
];
const RANDOM_A: Rotation = Rotation::Uniform([0x1234_5678, 0x9abc_def0, 0x0fed_cba9]);
const RANDOM_B: Rotation = Rotation::Uniform([0x8765_4321, 0x2468_ace0, 0x1357_9bdf]);

fn face(face: u8, gap: Gap) -> FaceContact {
    FaceContact {
        face,
        lateral: [CENTRE + 9_000, CENTRE - 20_000],
        gap,
    }
}

fn edge(edge_a: u8, edge_b: u8, gap: Gap) -> EdgeContact {
    EdgeContact {
        edge_a,
        edge_b,
        flip: false,
        along: [CENTRE + 5_000, CENTRE - 11_000],
        gap,
    }
}

/// The bits of an f32.
fn bits(x: f32) -> u32 {
    x.to_bits()
}

/// Boxes of `size` with A at `origin` in the plain regimes (A axis-aligned, B turned as A, both
/// in their plain form, as built, not swapped) and B at `placement`.
fn plain<
    Extents,
    Rotation: Default,
    Relative: Default,
    Placement,
    RotationForm: Default,
    Rewrite: Default,
>(
    size: Size,
    origin: Origin,
    [extents_a, extents_b]: [Extents; 2],
    placement: Placement,
) -> Recipe<Extents, Rotation, Relative, Placement, RotationForm, Rewrite> {
    Recipe {
        size,
        origin,
        extents_a,
        extents_b,
        rotation_a: Default::default(),
        rotation_b: Default::default(),
        placement,
        forms: Default::default(),
        swap: false,
        rewrite: Default::default(),
    }
}

/// Unit cubes (`s = 2`) at the origin, axis-aligned, quaternions, B at `A + k/32`.
fn cubes(grid: [i16; 3]) -> Recipe3 {
    plain(TWO, Origin::Zero(0), [[ONE; 3]; 2], Placement3::Grid(grid))
}

/// Generic box pair of unequal extents with B's placement.
fn generic(rotation_b: Relative3, placement: Placement3) -> Recipe3 {
    let extents = [EXTENTS_A, EXTENTS_B];
    Recipe3 {
        rotation_a: RANDOM_A,
        rotation_b,
        ..plain(Size::Unit, NEAR_ORIGIN, extents, placement)
    }
}

fn near_faces(tilt: Tilt, turn: u8) -> NearParallel {
    NearParallel {
        turn,
        axis: TILT_AXIS,
        tilt,
    }
}

fn near_edges(edge: u8, tilt: Tilt) -> EdgeParallel {
    EdgeParallel {
        edge,
        spin: 0x1a00,
        axis: TILT_AXIS,
        tilt,
    }
}

/// The named 3D seeds (targets `obb3` and `separation3`).
pub fn seeds3() -> Vec<(&'static str, Recipe3)> {
    let independent = Relative3::Independent(RANDOM_B);
    let mut far_cubes = cubes([0; 3]);
    far_cubes.origin = Origin::Far(Offset {
        direction: SOMEWHERE,
        distance: u16::MAX,
    });
    far_cubes.placement = Placement3::Face(face(0, Gap::Zero));
    let octahedral = Recipe3 {
        extents_b: [HALF, ONE, QUARTER],
        rotation_b: Relative3::Independent(Rotation::Octahedral(16)),
        // B's local z (half-extent 1/4) lies along world x: touching at x = 1 + 1/4.
        ..cubes([40, 3, -5])
    };
    let rational = Recipe3 {
        rotation_a: Rotation::Rational([3, 3, 4, 5]),
        rotation_b: Relative3::Independent(Rotation::Rational([4, 3, 3, 6])),
        placement: Placement3::Face(face(1, Gap::Zero)),
        ..cubes([0; 3])
    };
    let negative_zeros = Recipe3 {
        origin: Origin::Zero(0b111),
        extents_a: [Extent::NegativeZero, ONE, ONE],
        forms: [RotationForm::Axes(Nudge(0x40)); 2],
        ..cubes([32, 0, 0])
    };
    let point = Recipe3 {
        extents_b: [Extent::Zero; 3],
        ..generic(independent, Placement3::Face(face(2, Gap::Zero)))
    };
    let segments = Recipe3 {
        extents_a: [ONE, Extent::Zero, Extent::Zero],
        extents_b: [Extent::Zero, ONE, Extent::Zero],
        ..generic(independent, Placement3::Edge(edge(0, 1, Gap::Zero)))
    };
    let flat = Recipe3 {
        extents_a: [ONE, HALF, Extent::Zero],
        ..generic(
            Relative3::NearParallel(near_faces(Tilt::of(-6.0, false), 0)),
            Placement3::Face(face(2, Gap::Zero)),
        )
    };
    let millimetre = Recipe3 {
        size: Size::LogUniform(0),
        origin: Origin::Far(Offset {
            direction: SOMEWHERE,
            distance: 0,
        }),
        ..generic(independent, Placement3::Face(face(4, Gap::Ulps(1))))
    };
    let kilometre = Recipe3 {
        size: Size::LogUniform(u16::MAX),
        ..generic(independent, Placement3::Edge(edge(1, 2, Gap::Ulps(-2))))
    };
    let raw = Recipe3 {
        rotation_a: Rotation::Raw([bits(1e-20), bits(3e-21), bits(0.0), bits(-1e-20)]),
        rotation_b: Relative3::Independent(Rotation::Raw([
            bits(1e30),
            bits(2e30),
            bits(-1e30),
            bits(5e29),
        ])),
        ..generic(independent, Placement3::Face(face(0, Gap::Zero)))
    };
    let nudged = Recipe3 {
        forms: [
            RotationForm::Axes(Nudge(0x15)),
            RotationForm::Axes(Nudge(0x3a)),
        ],
        ..generic(independent, Placement3::Edge(edge(2, 0, Gap::Ulps(1))))
    };
    let swapped = Recipe3 {
        swap: true,
        ..generic(independent, Placement3::Edge(edge(1, 1, Gap::Zero)))
    };
    let leaning = Recipe3 {
        forms: [RotationForm::Axes(Nudge(0x80)), RotationForm::Quat],
        ..generic(independent, Placement3::Face(face(1, Gap::Zero)))
    };
    let rewritten = |rewrite, placement| Recipe3 {
        rewrite,
        ..generic(independent, placement)
    };
    vec![
        ("axes-leaning-at-tolerance-touching", leaning),
        (
            "written-leaning-f64-edges-touching",
            rewritten(
                Rewrite3::Leaning(0),
                Placement3::Edge(edge(0, 2, Gap::Zero)),
            ),
        ),
        (
            "written-quaternion-digits-1ulp-apart",
            rewritten(
                Rewrite3::QuatDigits(40_503),
                Placement3::Face(face(2, Gap::Ulps(1))),
            ),
        ),
        (
            "written-extent-digits-touching",
            rewritten(
                Rewrite3::ExtentDigits(1),
                Placement3::Face(face(5, Gap::Zero)),
            ),
        ),
        ("cubes-face-touching", cubes([64, 0, 0])),
        ("cubes-edge-touching", cubes([64, 64, 0])),
        ("cubes-vertex-touching", cubes([64, 64, 64])),
        ("cubes-touching-far-from-origin", far_cubes),
        ("octahedral-touching", octahedral),
        ("rational-rotations-touching", rational),
        ("negative-zeros", negative_zeros),
        (
            "vertex-on-face-1ulp-apart",
            generic(independent, Placement3::Face(face(0, Gap::Ulps(1)))),
        ),
        (
            "vertex-on-face-1ulp-deep",
            generic(independent, Placement3::Face(face(3, Gap::Ulps(-1)))),
        ),
        (
            "edges-crossing-touching",
            generic(independent, Placement3::Edge(edge(0, 1, Gap::Zero))),
        ),
        (
            "edges-crossing-just-outside-band",
            generic(
                independent,
                Placement3::Edge(edge(2, 1, Gap::Band(8 * 48 + 8))),
            ),
        ),
        (
            "near-parallel-faces-1e-8",
            generic(
                Relative3::NearParallel(near_faces(Tilt::of(-8.0, false), 0)),
                Placement3::Face(face(0, Gap::Zero)),
            ),
        ),
        (
            "near-parallel-faces-1e-2-quarter-turn",
            generic(
                Relative3::NearParallel(near_faces(Tilt::of(-2.0, true), 5)),
                Placement3::Face(face(1, Gap::Tiny(0x2000))),
            ),
        ),
        (
            "near-parallel-edges-1e-8",
            generic(
                Relative3::EdgeParallel(near_edges(2, Tilt::of(-8.0, false))),
                Placement3::Edge(edge(2, 2, Gap::Zero)),
            ),
        ),
        (
            "near-parallel-edges-1e-5-at-band",
            generic(
                Relative3::EdgeParallel(near_edges(0, Tilt::of(-5.0, true))),
                Placement3::Edge(edge(0, 0, Gap::Band(-8 * 48))),
            ),
        ),
        ("point-on-face", point),
        ("segments-crossing", segments),
        ("flat-box-near-parallel", flat),
        ("millimetre-boxes-far-from-origin", millimetre),
        ("kilometre-boxes-edges", kilometre),
        ("raw-quaternions", raw),
        ("axes-nudged-one-ulp", nudged),
        ("swapped-edge-contact", swapped),
        (
            "random-offset",
            generic(
                independent,
                Placement3::Random(Offset {
                    direction: TILT_AXIS,
                    distance: 30_000,
                }),
            ),
        ),
    ]
}

/// The named near-parallel seeds (target `near_parallel3`).
pub fn seeds_near_parallel3() -> Vec<(&'static str, NearParallelRecipe3)> {
    let recipe = |rotation_a, near, contact, forms| NearParallelRecipe3 {
        size: Size::Unit,
        origin: Origin::Zero(0),
        extents_a: EXTENTS_A,
        extents_b: EXTENTS_B,
        rotation_a,
        near,
        contact,
        forms,
        rewrite: Rewrite3::AsBuilt,
    };
    let quat = [RotationForm::Quat; 2];
    vec![
        (
            "faces-1e-8-identity",
            recipe(
                Rotation::Identity,
                Near3::Faces(near_faces(Tilt::of(-8.0, false), 0)),
                Contact3::Face(face(0, Gap::Zero)),
                quat,
            ),
        ),
        (
            "faces-1e-6-turned-1ulp-apart",
            recipe(
                Rotation::Identity,
                Near3::Faces(near_faces(Tilt::of(-6.0, true), 10)),
                Contact3::Face(face(2, Gap::Ulps(1))),
                quat,
            ),
        ),
        (
            "faces-1e-4-random",
            recipe(
                RANDOM_A,
                Near3::Faces(near_faces(Tilt::of(-4.0, false), 3)),
                Contact3::Face(face(4, Gap::Band(8 * 40))),
                quat,
            ),
        ),
        (
            "edges-1e-8-identity",
            recipe(
                Rotation::Identity,
                Near3::Edges(near_edges(1, Tilt::of(-8.0, false))),
                Contact3::Edge(edge(1, 1, Gap::Zero)),
                quat,
            ),
        ),
        (
            "edges-1e-7-axes",
            recipe(
                Rotation::Octahedral(7),
                Near3::Edges(near_edges(2, Tilt::of(-7.0, true))),
                Contact3::Edge(edge(2, 2, Gap::Ulps(-1))),
                [RotationForm::Axes(Nudge::NONE); 2],
            ),
        ),
        (
            "edges-1e-3-random-just-apart",
            recipe(
                RANDOM_A,
                Near3::Edges(near_edges(0, Tilt::of(-3.0, false))),
                Contact3::Edge(edge(0, 0, Gap::Band(8 * 49))),
                quat,
            ),
        ),
    ]
}

/// Unit squares (`s = 2`) at the origin, axis-aligned, B at `A + k/32`.
fn squares(grid: [i16; 2]) -> Recipe2 {
    plain(TWO, Origin::Zero(0), [[ONE; 2]; 2], Placement2::Grid(grid))
}

/// Generic rectangles with B's angle and placement.
fn rectangles(rotation_b: Relative2, placement: Placement2) -> Recipe2 {
    // The first two extents of the 3D generic pair.
    let extents = [EXTENTS_A, EXTENTS_B].map(|[x, y, _]| [x, y]);
    Recipe2 {
        rotation_a: Angle::Uniform(0x2545_f491),
        rotation_b,
        ..plain(Size::Unit, NEAR_ORIGIN, extents, placement)
    }
}

/// The named 2D seeds (target `obb2`).
pub fn seeds2() -> Vec<(&'static str, Recipe2)> {
    let independent = Relative2::Independent(Angle::Uniform(0x7f4a_7c15));
    let on_edge = |side, gap| Placement2::Face(face(side, gap));
    let near = |turn, tilt| Relative2::NearParallel(NearParallel2 { turn, tilt });
    let quarter = Recipe2 {
        extents_b: [HALF, QUARTER],
        rotation_b: Relative2::Independent(Angle::Quarter(1)),
        // B's local y (half-extent 1/4) lies along world x: touching at x = 1 + 1/4.
        ..squares([40, 7])
    };
    let negative_zeros = Recipe2 {
        origin: Origin::Zero(0b11),
        extents_b: [Extent::NegativeZero, ONE],
        forms: [Nudge(0x40); 2],
        ..squares([32, 0])
    };
    let point = Recipe2 {
        extents_b: [Extent::Zero; 2],
        ..rectangles(independent, on_edge(1, Gap::Zero))
    };
    let far = Recipe2 {
        origin: Origin::Far(Offset {
            direction: SOMEWHERE,
            distance: 50_000,
        }),
        ..rectangles(independent, on_edge(0, Gap::Ulps(1)))
    };
    let millimetre = Recipe2 {
        size: Size::LogUniform(0),
        ..rectangles(near(0, Tilt::of(-7.0, false)), on_edge(2, Gap::Zero))
    };
    let kilometre = Recipe2 {
        size: Size::LogUniform(u16::MAX),
        ..rectangles(independent, on_edge(3, Gap::Ulps(-1)))
    };
    let raw = Recipe2 {
        rotation_a: Angle::Raw(bits(1e6)),
        ..rectangles(independent, on_edge(0, Gap::Zero))
    };
    let nudged = Recipe2 {
        forms: [Nudge(0x11), Nudge(0x36)],
        ..rectangles(near(1, Tilt::of(-5.0, false)), on_edge(1, Gap::Ulps(1)))
    };
    let rewritten = |rewrite, placement| Recipe2 {
        rewrite,
        ..rectangles(independent, placement)
    };
    vec![
        (
            "written-degrees-1e7-touching",
            rewritten(Rewrite2::Degrees(i16::MAX), on_edge(0, Gap::Zero)),
        ),
        (
            "written-radians-1e5-1ulp-deep",
            rewritten(Rewrite2::Radians(i16::MIN), on_edge(1, Gap::Ulps(-1))),
        ),
        (
            "written-leaning-f64-touching",
            rewritten(Rewrite2::Leaning(2), on_edge(2, Gap::Zero)),
        ),
        (
            "written-extent-digits-1ulp-apart",
            rewritten(Rewrite2::ExtentDigits(u16::MAX), on_edge(3, Gap::Ulps(1))),
        ),
        ("squares-edge-touching", squares([64, 0])),
        ("squares-corner-touching", squares([64, 64])),
        // Corner to corner, 1 apart along each axis: the distance (√2) exceeds every edge
        // normal's gap (1), so 2D `closest_points` accepts its first candidate by the
        // certificate along its own direction (`distance/two.rs`, `solve`), not by the gap.
        ("squares-corners-apart-diagonally", squares([96, 96])),
        ("quarter-turn-touching", quarter),
        ("negative-zeros", negative_zeros),
        (
            "vertex-on-edge-1ulp-apart",
            rectangles(independent, on_edge(0, Gap::Ulps(1))),
        ),
        (
            "vertex-on-edge-1ulp-deep",
            rectangles(independent, on_edge(2, Gap::Ulps(-1))),
        ),
        (
            "near-parallel-1e-8",
            rectangles(near(0, Tilt::of(-8.0, false)), on_edge(0, Gap::Zero)),
        ),
        (
            "near-parallel-quarter-1e-5-at-band",
            rectangles(
                near(1, Tilt::of(-5.0, true)),
                on_edge(1, Gap::Band(8 * 48 + 1)),
            ),
        ),
        ("point-on-edge", point),
        ("far-from-origin", far),
        ("millimetre-near-parallel", millimetre),
        ("kilometre", kilometre),
        ("raw-angle", raw),
        ("columns-nudged-one-ulp", nudged),
        (
            "random-offset",
            rectangles(
                independent,
                Placement2::Random(Offset {
                    direction: TILT_AXIS,
                    distance: 30_000,
                }),
            ),
        ),
    ]
}

/// The bits of an f32, as a half-extent taken as it is ([`Extent::Raw`]).
fn raw(x: f32) -> Extent {
    Extent::Raw(x.to_bits())
}

/// Inputs sat-core's checked constructors reject (targets `obb3` and `obb3_f64`), one per typed
/// error the recipes' raw bit patterns can reach. The targets keep rejected inputs out of the
/// corpora they grow, so these seeds are what brings the constructors' error paths into the
/// committed corpora (`docs/fuzzing-coverage.md`); each gets the error its name says
/// (`rejected_seeds_get_their_errors`).
pub fn rejected3() -> Vec<(&'static str, Recipe3)> {
    let nan = f32::NAN.to_bits();
    let touching = cubes([64, 0, 0]);
    vec![
        (
            "rejected-nan-centre",
            Recipe3 {
                origin: Origin::Raw([0, nan, 0]),
                ..touching
            },
        ),
        (
            "rejected-infinite-half-extent",
            Recipe3 {
                extents_b: [ONE, raw(f32::INFINITY), ONE],
                ..touching
            },
        ),
        (
            "rejected-half-extent-above-max-magnitude",
            Recipe3 {
                extents_a: [raw(1e30), ONE, ONE],
                ..touching
            },
        ),
        (
            "rejected-half-extent-below-min-magnitude",
            Recipe3 {
                extents_a: [ONE, ONE, raw(1e-30)],
                ..touching
            },
        ),
        (
            "rejected-zero-quaternion",
            Recipe3 {
                rotation_a: Rotation::Raw([0; 4]),
                ..touching
            },
        ),
        (
            "rejected-nan-quaternion",
            Recipe3 {
                rotation_b: Relative3::Independent(Rotation::Raw([nan, 0, 0, bits(1.0)])),
                ..touching
            },
        ),
        (
            "rejected-nan-axes",
            Recipe3 {
                rotation_a: Rotation::Raw([nan, 0, 0, bits(1.0)]),
                forms: [RotationForm::Axes(Nudge::NONE), RotationForm::Quat],
                ..touching
            },
        ),
    ]
}

/// [`rejected3`] in 2D (targets `obb2` and `obb2_f64`).
pub fn rejected2() -> Vec<(&'static str, Recipe2)> {
    let nan = f32::NAN.to_bits();
    let touching = squares([64, 0]);
    vec![
        (
            "rejected-nan-centre",
            Recipe2 {
                origin: Origin::Raw([nan, 0, 0]),
                ..touching
            },
        ),
        (
            "rejected-infinite-half-extent",
            Recipe2 {
                extents_b: [raw(f32::INFINITY), ONE],
                ..touching
            },
        ),
        (
            "rejected-half-extent-above-max-magnitude",
            Recipe2 {
                extents_a: [ONE, raw(1e30)],
                ..touching
            },
        ),
        (
            "rejected-half-extent-below-min-magnitude",
            Recipe2 {
                extents_a: [raw(1e-30), ONE],
                ..touching
            },
        ),
        (
            "rejected-nan-angle",
            Recipe2 {
                rotation_a: Angle::Raw(nan),
                ..touching
            },
        ),
    ]
}
