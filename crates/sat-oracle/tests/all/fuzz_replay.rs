//! The fuzz targets' check on stable, in `cargo test`:
//!
//! * the named seeds are committed as `fuzz/corpus/<target>/seed-<name>` (regenerate them with
//!   `OBBSAT_WRITE_SEEDS=1 cargo test --release -p sat-oracle --test all fuzz_replay`), beside the
//!   minimised corpus of the last campaign (`fuzz/campaign.sh`);
//! * regressions minimised by hand into a recipe (rather than by `cargo fuzz tmin`) are
//!   committed the same way, under `fuzz/regressions/<target>/<name>`;
//! * every file in `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` is replayed through
//!   the target's check (`sat_oracle::check::TARGETS`), exactly as `cargo fuzz run` decodes it;
//! * a seeded random loop feeds at least 100 000 accepted cases per dimension (and fewer to the
//!   slower targets) through the same decoding and check.
//!
//! A violation of sat-core's guarantees panics inside the check, naming the case as an `obbsat`
//! case line. Peer (parry) findings are summarised on stdout (`--nocapture`).

use std::path::{Path, PathBuf};

use glam::Vec3;
use sat_core::cast::{CastOptions, Motion3};
use sat_oracle::case_box::Rotation3;
use sat_oracle::check::{
    BoxInput3, Encode, Extent, MotionInput3, NonlinearCase3, Origin, Placement3, RandomInputs,
    Recipe3, RecipePair3, Relative3, Report, Rewrite3, Rotation, RotationForm, Size, TARGETS,
    Target, cast_peer_tallies, check_cast3_nonlinear, check_distance3, check3, decode,
    distance_peer_tallies, seeds_cast3_nonlinear,
};

/// The workspace's `fuzz/` (two levels above this package).
fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn target(name: &str) -> Target {
    *sat_oracle::check::target(name).expect("a fuzz target of that name")
}

/// What a run of cases gave.
#[derive(Default, Debug)]
struct Summary {
    cases: usize,
    accepted: usize,
    adjudicated: usize,
    core_wrong_in_band: usize,
    /// Per peer (GJK, SAT): wrong verdicts outside sat-core's band, and the worst `|margin|/S`.
    peer_findings: [(usize, f64); 2],
}

impl Summary {
    fn add(&mut self, report: &Report) {
        self.cases += 1;
        self.accepted += usize::from(report.accepted);
        self.adjudicated += usize::from(report.adjudicated);
        self.core_wrong_in_band += usize::from(report.core_wrong_in_band);
        for (tally, error) in self.peer_findings.iter_mut().zip(&report.peers) {
            if let Some(e) = error.filter(|e| e.outside_band()) {
                tally.0 += 1;
                tally.1 = tally.1.max(e.relative());
            }
        }
    }
}

#[test]
fn seed_corpora_are_committed() {
    let write = std::env::var("OBBSAT_WRITE_SEEDS").is_ok_and(|v| v == "1");
    for t in TARGETS {
        let dir = fuzz_dir().join("corpus").join(t.name);
        for (name, bytes) in (t.seeds)() {
            let path = dir.join(format!("seed-{name}"));
            if write {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, &bytes).unwrap();
            }
            let committed = std::fs::read(&path).unwrap_or_default();
            assert_eq!(
                committed,
                bytes,
                "{} is missing or stale: run OBBSAT_WRITE_SEEDS=1 cargo test --release -p sat-oracle --test all fuzz_replay",
                path.display()
            );
        }
    }
}

/// sat-core's first fuzz finding, fixed by `tolerance::UNDERFLOW_SCALE` (the same boxes are a
/// unit test in `crates/sat-core/tests/all/verdicts.rs`): A is a flat unit square at `z = 2e11` whose quaternion has a
/// subnormal component (`1e-44`), so the edge pair (x of A, x of B) has a subnormal direction;
/// B is a rod of half-length `2e11` along z reaching one unit into A's plane. Before the fix the
/// absolute underflow error of that axis, times B's `2e11` extent, beat the pad and `intersects`
/// (and `intersects_certified`) said "apart".
fn subnormal_axis_entry_huge_extent() -> Recipe3 {
    let bits = |x: [f32; 3]| x.map(f32::to_bits);
    Recipe3 {
        size: Size::Unit,
        origin: Origin::Raw(bits([0.0, 0.0, 2e11])),
        // `s = 1`: `Grid(31)` is exactly 1.
        extents_a: [Extent::Grid(31), Extent::Grid(31), Extent::Zero],
        extents_b: [Extent::Zero, Extent::Zero, Extent::Raw(2e11f32.to_bits())],
        rotation_a: Rotation::Raw([0.999169f32, 1e-44, 0.0, 0.0407].map(f32::to_bits)),
        rotation_b: Relative3::Independent(Rotation::Identity),
        placement: Placement3::Raw(bits([0.0, 0.0, 1.0])),
        forms: [RotationForm::Quat; 2],
        swap: false,
        rewrite: Rewrite3::AsBuilt,
    }
}

/// A parry GJK finding, minimised by hand (see docs/findings.md): two axis-aligned cubes of
/// half-size `1e-4`, centres `(4e-4, -1e-9, 0)` apart, so `2e-4` apart along x. GJK's first two
/// support points are `√32·1e-4` apart, which `VoronoiSimplex::add_point` takes for a duplicate
/// (squared distance below the absolute `eps_tol`); it stalls and says "intersect". Half-size
/// `2e-4`, or `+1e-9`, and it is right.
fn gjk_cubes_duplicate_support() -> Recipe3 {
    let h = Extent::Raw(1e-4f32.to_bits());
    Recipe3 {
        size: Size::Unit,
        origin: Origin::Zero(0),
        extents_a: [h; 3],
        extents_b: [h; 3],
        rotation_a: Rotation::Identity,
        rotation_b: Relative3::Same,
        placement: Placement3::Raw([4e-4f32, -1e-9, 0.0].map(f32::to_bits)),
        forms: [RotationForm::Quat; 2],
        swap: false,
        rewrite: Rewrite3::AsBuilt,
    }
}

/// parry issue #431 (its cuboid distance was asymmetric and too large): a unit cube and a
/// `(1, 2, 2)` box at `x = −5.573167`, apart by `3.573167` across B's big face.
fn parry_431_face_overhang() -> Recipe3 {
    let raw = |x: f32| Extent::Raw(x.to_bits());
    Recipe3 {
        size: Size::Unit,
        origin: Origin::Zero(0),
        extents_a: [raw(1.0); 3],
        extents_b: [raw(1.0), raw(2.0), raw(2.0)],
        rotation_a: Rotation::Identity,
        rotation_b: Relative3::Same,
        placement: Placement3::Raw([-5.573_167f32, 0.0, 0.0].map(f32::to_bits)),
        forms: [RotationForm::Quat; 2],
        swap: false,
        rewrite: Rewrite3::AsBuilt,
    }
}

/// Regressions written from recipes: `(target, name, recipe)`. The sat-core finding is replayed
/// by `separation3` too, which also checks `separation()` on it.
fn recipe_regressions() -> Vec<(&'static str, &'static str, Recipe3)> {
    let subnormal = "subnormal-axis-entry-huge-extent";
    vec![
        ("obb3", subnormal, subnormal_axis_entry_huge_extent()),
        ("separation3", subnormal, subnormal_axis_entry_huge_extent()),
        (
            "obb3",
            "gjk-cubes-0.2mm-apart-duplicate-support",
            gjk_cubes_duplicate_support(),
        ),
        (
            "distance3",
            "parry-431-3d-face-overhang",
            parry_431_face_overhang(),
        ),
    ]
}

#[test]
fn recipe_regressions_are_committed() {
    let write = std::env::var("OBBSAT_WRITE_SEEDS").is_ok_and(|v| v == "1");
    for (target, name, recipe) in recipe_regressions() {
        let path = fuzz_dir().join("regressions").join(target).join(name);
        if write {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, recipe.to_bytes()).unwrap();
        }
        let committed = std::fs::read(&path).unwrap_or_default();
        assert_eq!(
            decode::<RecipePair3>(&committed).recipe,
            recipe,
            "{} is missing or stale: run OBBSAT_WRITE_SEEDS=1 cargo test --release -p sat-oracle --test all fuzz_replay",
            path.display()
        );
    }
}

#[test]
fn gjk_regression_is_a_peer_finding() {
    let report = check3(&RecipePair3::from(gjk_cubes_duplicate_support()));
    let gjk = report.peers[0].expect("parry GJK is wrong on it");
    assert!(
        gjk.verdict && gjk.outside_band() && gjk.relative() > 0.25,
        "{gjk}"
    );
}

/// `fuzz/regressions/obb3/parry3d-sat-debug-assert-separation` (`cargo fuzz tmin` output; see
/// docs/findings.md): still the case that trips parry3d's `debug_assert!(separation >= 0.0)`,
/// which the check catches as a peer finding in debug-assertion builds. In release builds parry
/// answers, right.
#[test]
fn parry_sat_panic_regression_is_a_peer_finding() {
    let path = fuzz_dir().join("regressions/obb3/parry3d-sat-debug-assert-separation");
    let bytes = std::fs::read(path).unwrap();
    let case = decode::<RecipePair3>(&bytes);
    assert_eq!(case.a.center, [124.724_43, 454.081_6, -882.186_9]);
    assert_eq!(case.b.half_extents, [1216.0; 3]);
    let exact = case.exact();
    assert_eq!((exact.intersects, exact.margin), (true, 0.0), "{exact:?}");
    let report = check3(&case);
    assert!(report.accepted, "{report:?}");
    assert_eq!(
        report.panicked,
        [false, cfg!(debug_assertions)],
        "{report:?}"
    );
    assert_eq!(report.peers, [None, None], "{report:?}");
}

#[test]
fn subnormal_regression_is_the_finding() {
    let case = RecipePair3::from(subnormal_axis_entry_huge_extent());
    assert_eq!(case.a.center, [0.0, 0.0, 2e11]);
    assert_eq!(case.a.half_extents, [1.0, 1.0, 0.0]);
    assert_eq!(case.b.center, [0.0, 0.0, 1.0]);
    assert_eq!(case.b.half_extents, [0.0, 0.0, 2e11]);
    let exact = case.exact();
    assert!(exact.intersects, "{exact:?}");
    let (a, b) = case.obbs().unwrap();
    assert!(a.intersects(&b) && a.intersects_certified(&b));
}

/// Every directory under `fuzz/corpus` and `fuzz/regressions` belongs to a target, so none is
/// silently skipped.
#[test]
fn corpus_directories_name_targets() {
    for kind in ["corpus", "regressions"] {
        for entry in std::fs::read_dir(fuzz_dir().join(kind)).unwrap() {
            let name = entry.unwrap().file_name();
            let name = name.to_string_lossy();
            assert!(
                TARGETS.iter().any(|t| t.name == name),
                "fuzz/{kind}/{name} is not a fuzz target"
            );
        }
    }
}

#[test]
fn corpora_and_regressions_replay() {
    for t in TARGETS {
        for kind in ["corpus", "regressions"] {
            let dir = fuzz_dir().join(kind).join(t.name);
            // Every target has a seed corpus; a regressions directory exists once it has a
            // finding. Anything else that cannot be read is an error, not a skip.
            if kind == "regressions" && !dir.exists() {
                println!("{kind}/{}: no findings yet", t.name);
                continue;
            }
            let entries =
                std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            let mut summary = Summary::default();
            for entry in entries {
                let path = entry.unwrap().path();
                let bytes = std::fs::read(&path).unwrap();
                let report = std::panic::catch_unwind(|| (t.run)(&bytes))
                    .unwrap_or_else(|_| panic!("{} fails its check", path.display()));
                summary.add(&report);
            }
            println!("{}/{}: {summary:?}", kind, t.name);
        }
    }
}

/// Runs `target` on seeded random inputs until `accepted` cases were checked; at least
/// `percent` % of the inputs must be accepted.
fn random_loop(name: &str, seed: u64, accepted: usize, percent: usize) -> Summary {
    let t = target(name);
    let mut inputs = RandomInputs::new(seed);
    let mut buffer = Vec::new();
    let mut summary = Summary::default();
    while summary.accepted < accepted {
        // 0 to 127 bytes: recipes are shorter.
        inputs.input(&mut buffer, 128);
        summary.add(&(t.run)(&buffer));
    }
    println!("{name}, {accepted} accepted: {summary:?}");
    // Checked constructors reject only the rare raw bit patterns (one in a scene of up to six
    // boxes more often).
    assert!(
        summary.accepted * 100 >= summary.cases * percent,
        "{summary:?}"
    );
    summary
}

/// One `#[test]` per target: [`random_loop`]`(target, seed, cases, percent accepted)`.
macro_rules! random_tests {
    ($($test:ident: $target:literal, $seed:literal, $cases:literal, $percent:literal;)*) => {
        $(
            #[test]
            fn $test() {
                random_loop($target, $seed, $cases, $percent);
            }
        )*
    };
}

random_tests! {
    random_cases_2d: "obb2", 0x0bb2, 100_000, 80;
    random_cases_3d: "obb3", 0x0bb3, 100_000, 80;
    random_cases_2d_f64: "obb2_f64", 0xf642, 100_000, 80;
    random_cases_3d_f64: "obb3_f64", 0xf643, 100_000, 80;
    random_near_parallel_cases_3d: "near_parallel3", 0x4ea7, 30_000, 80;
    random_scenes_3d: "rapier3", 0x5ce3, 2_000, 70;
}

#[test]
fn random_distance_cases_2d() {
    random_loop("distance2", 0xd152, 30_000, 80);
    println!("parry distance findings: {:?}", distance_peer_tallies());
}

#[test]
fn random_distance_cases_3d() {
    random_loop("distance3", 0xd153, 30_000, 80);
    println!("parry distance findings: {:?}", distance_peer_tallies());
}

/// The parry #431 regression: sat-core's distance is the gap across B's face, exactly, both
/// ways round.
#[test]
fn parry_431_regression_is_exact() {
    let case = RecipePair3::from(parry_431_face_overhang());
    assert!(check_distance3(&case).accepted);
    let (a, b) = case.obbs().unwrap();
    assert_eq!(a.distance(&b), 5.573_167 - 2.0);
    assert_eq!(b.distance(&a), a.distance(&b));
}

/// The casts' motions add bit-pattern variants of their own (velocities, `max_toi`, target
/// distances the casts refuse), so fewer inputs are accepted than for a pair of boxes.
#[test]
fn random_cast_cases_2d() {
    random_loop("cast2", 0xca52, 10_000, 70);
    println!("parry cast findings: {:?}", cast_peer_tallies());
}

#[test]
fn random_cast_cases_3d() {
    random_loop("cast3", 0xca53, 10_000, 70);
    println!("parry cast findings: {:?}", cast_peer_tallies());
}

/// Rotating casts: every answer judged (a proof that could not be decided is counted, and
/// must stay rare).
#[test]
fn random_nonlinear_cast_cases_3d() {
    let summary = random_loop("cast3_nonlinear", 0xca5e, 2_000, 70);
    println!("parry cast findings: {:?}", cast_peer_tallies());
    assert!(
        summary.adjudicated * 100 >= summary.accepted * 95,
        "{summary:?}"
    );
}

/// parry issue #317 (`cast_shapes_nonlinear` missed two cuboids, parry 0.18): sat-core finds the
/// hit by 0.094, where parry 0.31 finds it too (status `Failed`), and the check proves no
/// earlier time comes within the tolerance.
#[test]
fn parry_317_is_a_hit() {
    let recipe = seeds_cast3_nonlinear()
        .into_iter()
        .find(|s| s.0 == "parry-317-cuboids")
        .unwrap()
        .1;
    let case = NonlinearCase3::from(recipe);
    let report = check_cast3_nonlinear(&case);
    assert!(report.accepted && report.adjudicated, "{report:?}");
    assert_eq!(report.intersects, Some(true));
    let (a, b) = case.pair.obbs().unwrap();
    let motion = |m: &MotionInput3| Motion3 {
        pivot: Vec3::from_array(m.pivot),
        linvel: Vec3::from_array(m.linvel),
        angvel: Vec3::from_array(m.angvel),
    };
    let hit = a
        .cast_nonlinear(
            &motion(&case.motion_a),
            &b,
            &motion(&case.motion_b),
            CastOptions::new(1.0),
        )
        .unwrap()
        .unwrap();
    assert!(hit.toi > 0.09 && hit.toi < 0.0940, "{hit:?}");
}

/// Found by CI's `cast3_nonlinear` run: two boxes 5e14 from the origin, both carried at 3e14
/// along x and turning alike, closing slowly in y and z. Moved in the world frame, each box's
/// centre rounds at `ε₆₄·5e14 ≈ 0.06`, far above `S'` (which holds only the relative speed):
/// sat-core stopped 1.8 apart and the check's own bound was as wide. Both now move the boxes
/// in the frame of A's pivot, so the hit is judged at the tolerance of `S'`.
#[test]
fn common_velocity_far_from_origin_is_judged_at_s_prime() {
    let seed = seeds_cast3_nonlinear().into_iter().next().unwrap().1;
    let mut case = NonlinearCase3::from(seed);
    case.pair.a = BoxInput3 {
        center: [-514148051976192.0, -3.477_031_2, -1.479_580_5],
        half_extents: [0.050_507_363, 0.053_450_067, -0.0],
        rotation: Rotation3::Quat([-2.901_964_7, -2.972_389_2, -3.097_093, -3.025_147_4]),
    };
    case.pair.b = BoxInput3 {
        center: [-514148051976192.0, -2.276_061, -3.420_326],
        half_extents: [0.289_257_65, 0.291_214_6, 0.421_099_36],
        rotation: Rotation3::Quat([0.204_902_2, -0.977_864_9, 0.031_986_86, 0.027_786_609]),
    };
    let angvel = [-0.000_169_019_43, 0.027_545_54, -0.015_820_408];
    case.motion_a = MotionInput3 {
        pivot: [-514148051976192.0, -3.426_577_8, -1.426_188],
        linvel: [342765367984128.0, 3.003_910_8, 3.003_921_5],
        angvel,
    };
    case.motion_b = MotionInput3 {
        pivot: [-514148051976192.0, -2.156_434_8, -3.835_304_3],
        linvel: [342765367984128.0, 2.416_090_3, 3.969_620_7],
        angvel,
    };
    (case.max_toi, case.target_distance) = (1.5, 0.0);
    let report = check_cast3_nonlinear(&case);
    assert!(report.accepted && report.adjudicated, "{report:?}");
}

#[test]
fn random_separation_cases_3d() {
    let summary = random_loop("separation3", 0x5e9a, 10_000, 80);
    assert_eq!(summary.adjudicated, summary.accepted);
}
