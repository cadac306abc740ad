//! Fingerprints of whole runs: every body's position and rotation, bit for bit, after every
//! step, folded into one FNV-1a hash per scenario and setup ([`Scenario::fingerprint`]).
//! `upstream/stock` prints them on stock rapier, `upstream/bench` on the patched rapier; equal
//! lines mean equal trajectories.

use crate::{Scenario, Setup, scenarios};

/// Prints the fingerprints one per line (`scenario | setup | hash`): first of stock rapier's
/// integrations ([`Setup::STOCK`]), then of `more`. The command line's number is the step count
/// (120 if none); its words keep the scenarios whose name contains one of them.
pub fn print(more: &[Setup]) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let steps = args.iter().find_map(|a| a.parse().ok()).unwrap_or(120);
    let words: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err())
        .collect();
    let chosen: Vec<(&str, Scenario)> = scenarios()
        .into_iter()
        .filter(|(name, _)| words.is_empty() || words.iter().any(|w| name.contains(w.as_str())))
        .collect();
    for setups in [&Setup::STOCK[..], more] {
        for (name, scenario) in &chosen {
            for setup in setups {
                let hash = scenario.fingerprint(setup, steps);
                println!("{name} | {} | {hash:016x}", setup.name);
            }
        }
    }
}
