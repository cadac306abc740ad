//! `upstream/bench`'s trajectory fingerprints (`scene | setup | hash`) on stock rapier 0.36.1:
//! `upstream/patch-rapier.sh --trajectories` compares them with the patched build's.

fn main() {
    let steps = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(120);
    rapier_patched_bench::trajectory::print(&rapier_patched_bench::Setup::STOCK, steps);
}
