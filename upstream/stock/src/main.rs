//! `upstream/bench`'s trajectory fingerprints (`scenario | setup | hash`) on stock rapier 0.36.1:
//! `upstream/patch-rapier.sh --trajectories` compares them with the patched build's.

fn main() {
    rapier_patched_bench::trajectory::print(&[]);
}
