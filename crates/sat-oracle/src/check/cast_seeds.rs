//! Named casts, as recipes: the seed corpora of the targets `cast3`, `cast2` and
//! `cast3_nonlinear` (`fuzz/corpus/<target>/seed-<name>`). Each takes the boxes of a named
//! verdict seed (`seeds3`, `seeds2`: contacts at a gap of zero or an ulp, near-parallel faces
//! and edges, tiny and huge boxes, far from the origin) and a motion that brings B to that
//! placement: head-on, sliding along a face (exactly or grazing it), at tiny or zero relative
//! speed, both boxes drifting fast, `max_toi` exactly at the contact, a target distance.

use super::cast_recipe::{
    AngularMotion, CastRecipe, CastRecipe2, CastRecipe3, Drift, Heading, Horizon, Lead, Lean,
    NonlinearRecipe3, Pivot, Rate, RawTurning, RelativeSpeed, Slide, TargetDistance, Travel,
    Tumble, Turning,
};
use super::recipe::{Direction, Extent, Offset, Origin, Size, Tilt};
use super::recipe2::Recipe2;
use super::recipe3::Recipe3;
use super::recipe3::{Placement3, Relative3, Rewrite3, Rotation, RotationForm};
use super::seeds::{seeds2, seeds3};

/// The verdict seed `name` of `seeds`.
fn named<T>(seeds: Vec<(&'static str, T)>, name: &str) -> T {
    seeds
        .into_iter()
        .find(|s| s.0 == name)
        .unwrap_or_else(|| panic!("no verdict seed named {name}"))
        .1
}

/// Head-on at moderate speed, reaching the placement at 1.5, `max_toi` ∞, touching.
const HEAD_ON: Travel = Travel {
    heading: Heading::AtCentre(Tilt(0)),
    speed: RelativeSpeed::Moderate(30_000),
    lead: Lead::Grid(12),
    drift: Drift::Still,
    horizon: Horizon::Infinite,
    target: TargetDistance::Zero,
};

/// Sliding exactly along A's face 1 (in its plane), reaching the placement at 2.
const SLIDING: Travel = Travel {
    heading: Heading::Slide(Slide {
        face: 1,
        turn: 0,
        lean: Lean::Parallel,
    }),
    lead: Lead::Grid(16),
    ..HEAD_ON
};

fn sweep(heading: Heading) -> Travel {
    Travel { heading, ..HEAD_ON }
}

fn slide(face: u8, lean: Lean) -> Heading {
    Heading::Slide(Slide {
        face,
        turn: 12_000,
        lean,
    })
}

/// The named linear 3D casts.
pub fn seeds_cast3() -> Vec<(&'static str, CastRecipe3)> {
    let boxes = |name| named(seeds3(), name);
    let cast = |name, motion| CastRecipe {
        boxes: boxes(name),
        motion,
    };
    vec![
        ("head-on-faces", cast("cubes-face-touching", HEAD_ON)),
        (
            "head-on-near-parallel-faces-1e-8",
            cast("near-parallel-faces-1e-8", HEAD_ON),
        ),
        (
            "sliding-on-touching-faces",
            cast("cubes-face-touching", SLIDING),
        ),
        (
            "sliding-one-ulp-above",
            cast(
                "vertex-on-face-1ulp-apart",
                Travel {
                    heading: slide(2, Lean::Parallel),
                    ..SLIDING
                },
            ),
        ),
        (
            "grazing-1e-6-onto-a-face",
            cast(
                "vertex-on-face-1ulp-apart",
                sweep(slide(2, Lean::Tilted(Tilt::of(-6.0, false)))),
            ),
        ),
        (
            "grazing-away-1e-4",
            cast(
                "cubes-face-touching",
                sweep(slide(1, Lean::Tilted(Tilt::of(-4.0, true)))),
            ),
        ),
        (
            "edges-closing-on-edges",
            cast("edges-crossing-touching", HEAD_ON),
        ),
        (
            "near-parallel-edges-closing-1e-8",
            cast("near-parallel-edges-1e-8", HEAD_ON),
        ),
        (
            "near-parallel-edges-sliding",
            cast(
                "near-parallel-edges-1e-5-at-band",
                Travel {
                    heading: slide(0, Lean::Parallel),
                    ..SLIDING
                },
            ),
        ),
        (
            "zero-relative-velocity-touching",
            cast(
                "cubes-vertex-touching",
                Travel {
                    speed: RelativeSpeed::Zero,
                    ..HEAD_ON
                },
            ),
        ),
        (
            "zero-relative-velocity-both-drifting",
            cast(
                "vertex-on-face-1ulp-apart",
                Travel {
                    speed: RelativeSpeed::Zero,
                    drift: Drift::Slow(Offset {
                        direction: Direction(0x2545_f491),
                        distance: 40_000,
                    }),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "tiny-relative-velocity",
            cast(
                "cubes-edge-touching",
                Travel {
                    speed: RelativeSpeed::Tiny(20_000),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "drifting-fast-closing-slowly",
            cast(
                "rational-rotations-touching",
                Travel {
                    drift: Drift::Fast(Offset {
                        direction: Direction(0x9e37_79b9),
                        distance: 50_000,
                    }),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "millimetre-boxes-far-from-origin",
            cast("millimetre-boxes-far-from-origin", HEAD_ON),
        ),
        (
            "kilometre-boxes-edges",
            cast("kilometre-boxes-edges", SLIDING),
        ),
        ("point-falling-on-a-face", cast("point-on-face", HEAD_ON)),
        (
            "max-toi-exactly-at-contact",
            cast(
                "octahedral-touching",
                Travel {
                    horizon: Horizon::AtLead,
                    ..HEAD_ON
                },
            ),
        ),
        (
            "max-toi-zero-overlapping",
            cast(
                "vertex-on-face-1ulp-deep",
                Travel {
                    lead: Lead::Zero,
                    horizon: Horizon::Scaled(0),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "target-distance-corner-to-corner",
            cast(
                "cubes-vertex-touching",
                Travel {
                    target: TargetDistance::Fraction(45_000),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "target-distance-edges",
            cast(
                "edges-crossing-touching",
                Travel {
                    target: TargetDistance::Fraction(40_000),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "target-distance-sliding-past-a-corner",
            cast(
                "cubes-vertex-touching",
                Travel {
                    target: TargetDistance::Fraction(50_000),
                    ..SLIDING
                },
            ),
        ),
        (
            "leaning-columns-closing",
            cast("axes-leaning-at-tolerance-touching", HEAD_ON),
        ),
        (
            "written-quaternion-digits",
            cast("written-quaternion-digits-1ulp-apart", SLIDING),
        ),
    ]
}

/// The named linear 2D casts.
pub fn seeds_cast2() -> Vec<(&'static str, CastRecipe2)> {
    let boxes = |name| named(seeds2(), name);
    let cast = |name, motion| CastRecipe::<Recipe2, Travel> {
        boxes: boxes(name),
        motion,
    };
    // Along A's x face, parallel to it.
    let sliding_on_x_face = Travel {
        heading: slide(0, Lean::Parallel),
        ..SLIDING
    };
    vec![
        ("head-on-edges", cast("squares-edge-touching", HEAD_ON)),
        ("head-on-corners", cast("squares-corner-touching", HEAD_ON)),
        (
            "sliding-on-touching-edges",
            cast("squares-edge-touching", sliding_on_x_face),
        ),
        (
            "sliding-one-ulp-apart",
            cast("vertex-on-edge-1ulp-apart", sliding_on_x_face),
        ),
        (
            "grazing-1e-6",
            cast(
                "vertex-on-edge-1ulp-apart",
                sweep(slide(1, Lean::Tilted(Tilt::of(-6.0, false)))),
            ),
        ),
        (
            "near-parallel-1e-8-closing",
            cast("near-parallel-1e-8", HEAD_ON),
        ),
        (
            "zero-relative-velocity",
            cast(
                "vertex-on-edge-1ulp-deep",
                Travel {
                    speed: RelativeSpeed::Zero,
                    ..HEAD_ON
                },
            ),
        ),
        (
            "tiny-relative-velocity",
            cast(
                "quarter-turn-touching",
                Travel {
                    speed: RelativeSpeed::Tiny(10_000),
                    ..HEAD_ON
                },
            ),
        ),
        // parry2d's relative pose loses the offset far from the origin (docs/findings.md §1).
        ("far-from-origin", cast("far-from-origin", HEAD_ON)),
        ("far-from-origin-sliding", cast("far-from-origin", SLIDING)),
        (
            "kilometre",
            cast(
                "kilometre",
                Travel {
                    drift: Drift::Fast(Offset {
                        direction: Direction(7),
                        distance: 10_000,
                    }),
                    ..HEAD_ON
                },
            ),
        ),
        (
            "max-toi-exactly-at-contact",
            cast(
                "quarter-turn-touching",
                Travel {
                    horizon: Horizon::AtLead,
                    ..HEAD_ON
                },
            ),
        ),
        (
            "target-distance-corner",
            cast(
                "squares-corner-touching",
                Travel {
                    target: TargetDistance::Fraction(45_000),
                    ..HEAD_ON
                },
            ),
        ),
        ("point-onto-an-edge", cast("point-on-edge", HEAD_ON)),
    ]
}

/// A spin about a direction.
fn spin(axis: u32, rate: Rate, pivot: Pivot) -> AngularMotion {
    AngularMotion::About(Turning {
        axis: Direction(axis),
        rate,
        pivot,
    })
}

/// parry issue #317 ("cast_shapes_nonlinear fails to detect collision between cuboids"), its
/// reproduction (github.com/kalmjasper/parry_collision_bug) as written: a static
/// 1300 × 660 × 550 cuboid and a 470 × 210 × 220 one turning at −1.77 rad/s about z around a
/// point of its own frame while moving at ~940 per second, over `[0, 1]`, thousands of units
/// from the origin; the boxes intersect from about 0.09 s on. parry 0.18 said "no hit"; parry
/// 0.31 finds it (with status `Failed`).
fn parry_317() -> NonlinearRecipe3 {
    let raw = |x: f32| Extent::Raw(x.to_bits());
    let bits = |x: [f32; 3]| x.map(f32::to_bits);
    // nalgebra's Quaternion::new(w, i, j, k) → glam's [x, y, z, w].
    let boxes = Recipe3 {
        size: Size::Unit,
        origin: Origin::Raw(bits([6079.4917, -849.3108, 853.8756])),
        extents_a: [raw(650.0), raw(330.0), raw(275.0)],
        extents_b: [raw(235.0), raw(105.0), raw(110.0)],
        rotation_a: Rotation::Raw(
            [
                0.002_524_775f32,
                -0.000_262_104_35,
                -0.001_206_448_5,
                0.999_996_07,
            ]
            .map(f32::to_bits),
        ),
        rotation_b: Relative3::Independent(Rotation::Raw(
            [5.335_995_4e-20f32, 9.459_897e-20, -0.840_350_15, -0.542_044].map(f32::to_bits),
        )),
        placement: Placement3::Raw(bits([6_458.790_5, -209.133_1, 1_014.521_24])),
        forms: [RotationForm::Quat; 2],
        swap: false,
        rewrite: Rewrite3::AsBuilt,
    };
    let motion = Tumble {
        sweep: Travel {
            heading: Heading::Raw(bits([588.2583, -553.063_35, 471.546_88])),
            speed: RelativeSpeed::Zero,
            lead: Lead::Zero,
            drift: Drift::Still,
            horizon: Horizon::Raw(1.0f32.to_bits()),
            target: TargetDistance::Zero,
        },
        spin_a: AngularMotion::Still,
        spin_b: AngularMotion::Raw(RawTurning {
            angvel: bits([0.0, 0.0, -1.770_823]),
            pivot: Pivot::Local(bits([99.970_85, -2.288_818_4e-5, -35.0])),
        }),
    };
    CastRecipe { boxes, motion }
}

/// The named rotating 3D casts.
pub fn seeds_cast3_nonlinear() -> Vec<(&'static str, NonlinearRecipe3)> {
    let boxes = |name| named(seeds3(), name);
    let tumble = |sweep, spin_a, spin_b| Tumble {
        sweep,
        spin_a,
        spin_b,
    };
    let cast = |name, motion| CastRecipe {
        boxes: boxes(name),
        motion,
    };
    let slow = Rate::Slow(40_000);
    let fast = Rate::Fast(30_000);
    vec![
        ("parry-317-cuboids", parry_317()),
        (
            "spinning-onto-a-face",
            cast(
                "cubes-face-touching",
                tumble(
                    HEAD_ON,
                    AngularMotion::Still,
                    spin(0x1234_5678, fast, Pivot::Centre),
                ),
            ),
        ),
        (
            "turning-about-a-corner-onto-an-edge",
            cast(
                "edges-crossing-touching",
                tumble(
                    HEAD_ON,
                    AngularMotion::Still,
                    spin(0x7777_0001, slow, Pivot::Corner(3)),
                ),
            ),
        ),
        (
            "both-spinning-near-parallel-faces",
            cast(
                "near-parallel-faces-1e-8",
                tumble(
                    HEAD_ON,
                    spin(0x0bad_cafe, slow, Pivot::Centre),
                    spin(0x5151_5151, fast, Pivot::Centre),
                ),
            ),
        ),
        (
            "sliding-while-turning",
            cast(
                "cubes-face-touching",
                tumble(
                    SLIDING,
                    AngularMotion::Still,
                    spin(0x2222_3333, slow, Pivot::Centre),
                ),
            ),
        ),
        (
            "pure-rotation-no-translation",
            cast(
                "vertex-on-face-1ulp-apart",
                tumble(
                    Travel {
                        speed: RelativeSpeed::Zero,
                        ..HEAD_ON
                    },
                    AngularMotion::Still,
                    spin(
                        0x4444_5555,
                        fast,
                        Pivot::Offset(Offset {
                            direction: Direction(9),
                            distance: 30_000,
                        }),
                    ),
                ),
            ),
        ),
        (
            "still-pair-touching",
            cast(
                "cubes-vertex-touching",
                tumble(
                    Travel {
                        speed: RelativeSpeed::Zero,
                        ..HEAD_ON
                    },
                    AngularMotion::Still,
                    AngularMotion::Still,
                ),
            ),
        ),
        (
            "target-distance-turning",
            cast(
                "cubes-vertex-touching",
                tumble(
                    Travel {
                        target: TargetDistance::Fraction(45_000),
                        ..HEAD_ON
                    },
                    AngularMotion::Still,
                    spin(0x6666_7777, slow, Pivot::Centre),
                ),
            ),
        ),
        (
            "millimetre-far-from-origin",
            cast(
                "millimetre-boxes-far-from-origin",
                tumble(
                    HEAD_ON,
                    spin(0x1111_2222, fast, Pivot::Centre),
                    AngularMotion::Still,
                ),
            ),
        ),
    ]
}
