//! The pipeline tests whose scenes read the same in 2D and 3D (the harness's scenes), once in
//! rapier2d (`dim2`) and once in rapier3d (`dim3`): fast bodies are still swept, fixed–fixed pairs
//! are never computed, user hooks still run inside the filter.

macro_rules! both_dimensions {
    ($($dim:ident),*) => {$(
        mod $dim {
            use crate::harness::$dim::{
                assert_fixed_pairs_never_computed, assert_sweeps_stop_the_bullet,
                assert_user_hooks_run,
            };

            #[test]
            fn filter_keeps_the_pairs_continuous_collision_detection_sweeps() {
                assert_sweeps_stop_the_bullet();
            }

            #[test]
            fn fixed_fixed_pairs_are_never_computed() {
                assert_fixed_pairs_never_computed();
            }

            #[test]
            fn user_hooks_still_run_inside_the_filter() {
                assert_user_hooks_run();
            }
        }
    )*};
}

both_dimensions!(dim2, dim3);
