//! Prints a fingerprint of every scenario's trajectory (`scenario | setup | hash`) under every
//! integration of stock rapier, then, built against the patched rapier, under the setups that
//! use the patches. `upstream/patch-rapier.sh --trajectories` runs it in both builds and
//! compares.
//!
//! ```sh
//! cargo run --release --manifest-path upstream/bench/Cargo.toml --bin trajectories -- 120
//! ```

fn main() {
    #[cfg(feature = "patched")]
    let more: Vec<_> = rapier_patched_bench::Setup::patched()
        .into_iter()
        .filter(|s| {
            !rapier_patched_bench::Setup::STOCK
                .iter()
                .any(|t| t.name == s.name)
        })
        .collect();
    #[cfg(not(feature = "patched"))]
    let more = Vec::new();
    rapier_patched_bench::trajectory::print(&more);
}
