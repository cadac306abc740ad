//! rapier scenes: default vs sat-rapier (work in progress).
fn main() {}
