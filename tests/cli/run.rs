//! The main job (`obbsat` with no subcommand, or `obbsat run`): a small seeded run prints its
//! table, sat-core has no wrong verdict outside its band and the certified test none at all.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_obbsat"))
        .args(args)
        .output()
        .expect("obbsat runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 table")
}

/// The cells after the engine's name in its row for a dimension: dim, same as sat-core,
/// differs, wrong in band, wrong outside band, worst |m|/S, ns/pair.
fn row<'a>(table: &'a str, engine: &str, dim: &str) -> Vec<&'a str> {
    let row = table
        .lines()
        .find(|l| l.starts_with(engine) && l[engine.len()..].trim_start().starts_with(dim))
        .unwrap_or_else(|| panic!("no row for {engine} {dim} in\n{table}"));
    let cells: Vec<&str> = row[engine.len()..].split_whitespace().collect();
    assert_eq!(cells.len(), 7, "{row}");
    cells
}

/// The `wrong outside band` column of an engine's row for a dimension.
fn wrong_outside(table: &str, engine: &str, dim: &str) -> usize {
    row(table, engine, dim)[4].parse().expect("a count")
}

#[test]
fn small_run_prints_the_table_and_sat_core_is_never_wrong_outside_its_band() {
    let table = run(&["--cases", "3000", "--seed", "3"]);
    assert!(table.contains(
        "seed 3 (0x0003), 3000 pairs per dimension, every pair judged by the exact oracle"
    ));
    for dim in ["2D", "3D"] {
        assert_eq!(wrong_outside(&table, "sat-core", dim), 0, "{table}");
        let certified = row(&table, "certified", dim);
        assert_eq!(&certified[3..6], ["0", "0", "-"], "{table}");
        for engine in ["parry SAT", "parry GJK", "parry64 SAT", "parry64 GJK"] {
            wrong_outside(&table, engine, dim);
        }
        // sat-core's worst wrong verdict is inside its band, 48·ε = 5.72e-6.
        let worst = row(&table, "sat-core", dim)[5];
        if worst != "-" {
            assert!(worst.parse::<f64>().unwrap() <= 48.0 * f64::from(f32::EPSILON));
        }
    }
    assert!(table.contains("3D near-parallel-edges"));
}

#[test]
fn run_subcommand_with_a_sample() {
    let table = run(&["run", "--cases", "500", "--exact-sample", "50"]);
    assert!(table.contains("differs from sat-core and a uniform sample of 50"));
    assert_eq!(wrong_outside(&table, "sat-core", "3D"), 0);
}
