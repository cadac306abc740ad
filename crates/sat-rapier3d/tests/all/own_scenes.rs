//! rapier3d's own box scenes (`sat_oracle::scenes::dim3`, rapier's example files as rapier
//! writes them) in short runs: with the dispatcher they stay finite and `SatDispatcher` answers
//! their box pairs, and the small stacks are no worse than rapier's default by issue 28's quality
//! goals. The full scenes, timed, are `benches/rapier_own_scenes.rs`'s.

use sat_oracle::scenes::dim3::{SCENES, Scene};

/// rapier's scene of that file.
fn scene(file: &str) -> &'static Scene {
    let scene = SCENES.iter().find(|s| s.file == file);
    scene.unwrap_or_else(|| panic!("no scene {file}"))
}

#[test]
fn dispatcher_answers_rapier_scenes_and_they_stay_finite() {
    // Thresholds well below what the dispatcher of c3fed74 answers: one that stops answering fails.
    scene("examples3d/stress_tests/boxes3.rs").assert_answers_and_stays_finite(20, 20 * 200);
    scene("examples3d/debug_cube_high_mass_ratio3.rs").assert_answers_and_stays_finite(60, 60);
}

#[test]
fn small_rapier_stacks_are_no_worse_with_the_dispatcher() {
    for file in [
        "examples3d/debug_two_cubes3.rs",
        "examples3d/debug_cube_high_mass_ratio3.rs",
        "examples3d/debug_big_colliders3.rs",
    ] {
        scene(file).assert_no_worse(300);
    }
}
