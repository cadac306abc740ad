//! Prints a fingerprint of every scene's trajectory (`scene | setup | hash`) under every
//! integration of stock rapier, then, built against the patched rapier, under the setups that
//! use the patches. `upstream/patch-rapier.sh --trajectories` runs it in both builds and
//! compares.
//!
//! ```sh
//! cargo run --release --manifest-path upstream/bench/Cargo.toml --bin trajectories -- 120
//! ```

fn main() {
    let steps = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(120);
    rapier_patched_bench::trajectory::print(&rapier_patched_bench::Setup::STOCK, steps);
    #[cfg(feature = "patched")]
    {
        let stock: Vec<&str> = rapier_patched_bench::Setup::STOCK
            .iter()
            .map(|s| s.name)
            .collect();
        let patched: Vec<_> = rapier_patched_bench::Setup::patched()
            .into_iter()
            .filter(|s| !stock.contains(&s.name))
            .collect();
        rapier_patched_bench::trajectory::print(&patched, steps);
    }
}
