//! The random rotations of the query tests in both rapier test binaries (`tests/rapier`'s
//! `contact`, `tests/rapier_f64`'s `queries`), in either precision.

/// Generates `quat(rng)`: a random unit quaternion of glam's `$quat` (rejection sampling of a
/// `$vec4` with coordinates in `-1..1` until its length is in `0.1..1`, then normalised).
macro_rules! random_quat {
    ($quat:ident, $vec4:ident) => {
        fn quat(rng: &mut Pcg64) -> $quat {
            loop {
                let v =
                    glam::$vec4::from_array(core::array::from_fn(|_| rng.random_range(-1.0..1.0)));
                if (0.1..1.0).contains(&v.length()) {
                    return $quat::from_vec4(v.normalize());
                }
            }
        }
    };
}
