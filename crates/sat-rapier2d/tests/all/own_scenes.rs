//! rapier2d's own box scenes (`sat_oracle::scenes::dim2`, rapier's example files as rapier
//! writes them) in short runs: with the dispatcher they stay finite and `SatDispatcher` answers
//! their box pairs, and the small stacks are no worse than rapier's default by issue 28's quality
//! goals. The full scenes, timed, are `benches/rapier_own_scenes.rs`'s.

use sat_oracle::scenes::dim2::{SCENES, Scene};

/// rapier's scene of that file.
fn scene(file: &str) -> &'static Scene {
    let scene = SCENES.iter().find(|s| s.file == file);
    scene.unwrap_or_else(|| panic!("no scene {file}"))
}

#[test]
fn dispatcher_answers_rapier_scenes_and_they_stay_finite() {
    // Thresholds well below what the dispatcher of c3fed74 answers: one that stops answering fails.
    scene("examples2d/stress_tests/vertical_stacks2.rs").assert_answers_and_stays_finite(3, 25_000);
    scene("examples2d/b2d_tumbler.rs").assert_answers_and_stays_finite(30, 10_000);
    scene("examples2d/drum2.rs").assert_answers_and_stays_finite(60, 20_000);
}

#[test]
fn small_rapier_stacks_are_no_worse_with_the_dispatcher() {
    // examples2d/pyramid2.rs missed the worst-penetration goal with the dispatcher of c3fed74
    // (issue 28): squares touching at their corners got a face normal, not the corner's bisector.
    for file in [
        "examples2d/pyramid2.rs",
        "examples2d/inv_pyramid2.rs",
        "examples2d/s2d_card_house.rs",
        "examples2d/s2d_high_mass_ratio_1.rs",
        "examples2d/debug_vertical_column2.rs",
    ] {
        scene(file).assert_no_worse(300);
    }
}
