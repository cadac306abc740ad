//! Headless bevy (`MinimalPlugins`): stacks of boxes, each turned a little, dropped on a floor
//! with bevy_rapier and the sat-core plug-in; prints how many pair updates `SatDispatcher`
//! answered and whether the boxes settled.
//!
//! ```sh
//! cargo +1.97.1 run --release --manifest-path crates/bevy/Cargo.toml --example drop_boxes3
//! cargo +1.97.1 run --release --manifest-path crates/bevy/Cargo.toml --example drop_boxes2
//! ```

mod scene;

use scene::{FRAMES, Report};

fn main() {
    let mut app = scene::app();
    for _ in 0..FRAMES {
        app.update();
    }
    let touched = scene::probe(&mut app).len();
    let report = Report::of(&mut app);
    let seconds = FRAMES as f32 * scene::DT;
    println!(
        "{} boxes dropped on a floor, {FRAMES} frames ({seconds:.1} s simulated)",
        report.boxes
    );
    println!(
        "SatDispatcher answered {} pair updates; {} pairs touch now",
        report.pair_updates, report.touching_pairs
    );
    println!(
        "a scene query (a box over the centre column) touches {touched} boxes: SatDispatcher answered {} queries",
        report.queries
    );
    println!(
        "{} of {} boxes settled (asleep or slower than {} m/s); lowest centre at y = {:.3}; all finite: {}",
        report.settled,
        report.boxes,
        scene::SETTLED_SPEED,
        report.lowest,
        report.finite
    );
}
