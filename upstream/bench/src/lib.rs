//! The patched-rapier bench's worlds: rapier 0.36.1 with `upstream/patches/` applied (this
//! package's `[patch.crates-io]`), stepped with sat-rapier's integrations through
//! `sat_oracle::world`. Built as a dependency of `upstream/stock/` (where `[patch]` does not
//! apply) the same code runs on stock rapier, without the feature `patched` and the setups that
//! need it: that is how `trajectories` compares the two builds.
//!
//! * [`scenarios`]: what the bench steps: the workspace's scenes
//!   (`sat_oracle::scenes::workspace`, those of `benches/rapier_scenes.rs`) and rapier's own
//!   ([`RAPIER_SCENES`] of `sat_oracle::scenes`, as rapier's example files write them).
//! * [`filter`] (feature `patched`): `GeometricSatFilter`, sat-rapier's filter on the patched
//!   hook API.
//! * [`Setup`]: how a world computes contacts; [`Scenario::run`] steps one world per setup in
//!   lockstep and measures each ([`Outcome`]), [`Scenario::fingerprint`] hashes a whole run.
//! * [`trajectory`]: the fingerprints of every scenario and setup, to prove that the patches
//!   change nothing unless asked to.

#[cfg(feature = "patched")]
pub mod filter;
pub mod trajectory;

use sat_oracle::scenes::Quality;
use sat_oracle::scenes::workspace::{self, Layout};
use sat_oracle::timing::StepTimes;

/// The hooks a setup steps with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hooks {
    /// No hooks (`()`), no active hooks on the colliders.
    None,
    /// sat-rapier's `SatContactFilter` with its `ACTIVE_HOOKS`, as on stock rapier.
    StockFilter,
    /// `sat_oracle::world`'s pass-through hook (filters nothing) on every collider.
    PassThrough,
    /// [`filter`]'s `GeometricSatFilter` with its `ACTIVE_HOOKS` (`GEOMETRIC_FILTERS`).
    #[cfg(feature = "patched")]
    Geometric,
}

/// How a world computes contacts: its hooks, its dispatcher, and patch 3's parameter.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The column name.
    pub name: &'static str,
    /// `SatDispatcher` chained before parry's dispatcher.
    pub dispatcher: bool,
    /// The hooks.
    pub hooks: Hooks,
    /// `IntegrationParameters::separation_aware_contact_recycling` (patch 3).
    pub separation_aware: bool,
    /// The filter also in the broad phase (`ActiveHooks::FILTER_BROAD_PHASE_PAIRS`, the
    /// alternative to patch 3 in `upstream/patches/not-kept/`).
    pub broad_phase: bool,
}

impl Setup {
    const fn new(name: &'static str, dispatcher: bool, hooks: Hooks, window: bool) -> Setup {
        Setup {
            name,
            dispatcher,
            hooks,
            separation_aware: window,
            broad_phase: false,
        }
    }

    /// The integrations of stock rapier (`sat_oracle::world::Integration::ALL`).
    pub const STOCK: [Setup; 4] = [
        Setup::new("default", false, Hooks::None, false),
        Setup::new("dispatcher", true, Hooks::None, false),
        Setup::new("filter, stock API", false, Hooks::StockFilter, false),
        Setup::new("pass-through", false, Hooks::PassThrough, false),
    ];

    /// The bench's columns on the patched rapier: the four integrations with every patch in use
    /// (the filter is `GeometricSatFilter`, patch 3's window on), then what each patch adds
    /// alone, then the filter as on stock rapier (no patch in use: its cost today).
    #[cfg(feature = "patched")]
    pub fn patched() -> Vec<Setup> {
        #[allow(unused_mut)]
        let mut setups = vec![
            Setup::new("default", false, Hooks::None, false),
            Setup::new("dispatcher", true, Hooks::None, false),
            Setup::new("filter", false, Hooks::Geometric, true),
            Setup::new("dispatcher + filter", true, Hooks::Geometric, true),
            Setup::new("default + window", false, Hooks::None, true),
            Setup::new("filter, patches 1-2", false, Hooks::Geometric, false),
            Setup::new("filter, stock API", false, Hooks::StockFilter, false),
        ];
        #[cfg(feature = "not-kept-broad-phase")]
        setups.push(Setup {
            broad_phase: true,
            ..Setup::new(
                "filter, patches 1-2 + broad phase",
                false,
                Hooks::Geometric,
                false,
            )
        });
        setups
    }
}

/// What one world of a scenario recorded over a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Per step: rapier's narrow-phase and step timers and the thread's CPU time.
    pub times: StepTimes,
    /// Contact-manifold computations asked of the dispatcher over the run (the pair updates
    /// rapier did not serve by recycling contacts).
    pub manifolds: usize,
    /// Contact pairs (broad-phase pairs) at the end.
    pub pairs: usize,
    /// Penetration samples taken (`sat_oracle::scenes::is_sampled`).
    pub samples: usize,
    /// Penetration over the samples, and the dynamic bodies at the end.
    pub quality: Quality,
}

/// rapier's own scenes the bench steps (`sat_oracle::scenes`, by file): where pairs tumble (the
/// washers, the tumbler, rapier's drum, the compounds, the domino spiral), then the settled
/// stacks.
pub const RAPIER_SCENES: [&str; 11] = [
    "examples3d/b3d_washer.rs",
    "examples2d/b2d_washer.rs",
    "examples2d/b2d_tumbler.rs",
    "examples2d/drum2.rs",
    "examples3d/compound3.rs",
    "examples3d/domino3.rs",
    "examples3d/stress_tests/keva3.rs",
    "examples3d/stress_tests/stacks3.rs",
    "examples3d/stress_tests/many_pyramids3.rs",
    "examples2d/stress_tests/pyramid2.rs",
    "examples2d/stress_tests/vertical_stacks2.rs",
];

/// What the bench steps, in either dimension.
pub enum Scenario {
    /// A rapier3d world.
    Dim3(dim3::Scenario),
    /// A rapier2d world.
    Dim2(dim2::Scenario),
}

impl Scenario {
    /// Steps one world per setup in lockstep, `steps` steps (each setup's step before the next
    /// step, the order rotating, so that machine noise hits all alike); each setup's outcome.
    pub fn run(&self, setups: &[Setup], steps: usize) -> Vec<Outcome> {
        match self {
            Scenario::Dim3(s) => s.run(setups, steps),
            Scenario::Dim2(s) => s.run(setups, steps),
        }
    }

    /// A hash of every body's pose bits after every one of `steps` steps with `setup`.
    pub fn fingerprint(&self, setup: &Setup, steps: usize) -> u64 {
        match self {
            Scenario::Dim3(s) => s.fingerprint(setup, steps),
            Scenario::Dim2(s) => s.fingerprint(setup, steps),
        }
    }
}

/// Every scenario, named: the workspace's scenes as `benches/rapier_scenes.rs` names them, then
/// [`RAPIER_SCENES`] by file.
pub fn scenarios() -> Vec<(&'static str, Scenario)> {
    let ours = workspace::all().into_iter().map(|(name, layout)| {
        let scenario = match layout {
            Layout::Dim3(bodies) => Scenario::Dim3(dim3::Scenario::Workspace(bodies)),
            Layout::Dim2(bodies) => Scenario::Dim2(dim2::Scenario::Workspace(bodies)),
        };
        (name, scenario)
    });
    let rapier = RAPIER_SCENES.iter().map(|&file| {
        let find = |s: &&sat_oracle::scenes::dim3::Scene| s.file == file;
        let scenario = match sat_oracle::scenes::dim3::SCENES.iter().find(find) {
            Some(scene) => Scenario::Dim3(dim3::Scenario::Rapier(scene)),
            None => {
                let scene = sat_oracle::scenes::dim2::SCENES
                    .iter()
                    .find(|s| s.file == file);
                Scenario::Dim2(dim2::Scenario::Rapier(
                    scene.expect("one of rapier's scenes"),
                ))
            }
        };
        (file, scenario)
    });
    ours.chain(rapier).collect()
}

/// FNV-1a over 32-bit words.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, word: u32) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Generates a dimension's [`dim3::Scenario`]; `$pose` gives a body's position and rotation
/// numbers, for the fingerprint.
macro_rules! flavour {
    ($dim:ident, $sat_rapier:ident, $pose:expr) => {
        /// The scenarios of this dimension.
        pub mod $dim {
            use std::sync::Arc;
            use std::sync::atomic::Ordering;

            use sat_oracle::scenes::workspace::$dim::{Bodies, add};
            use sat_oracle::scenes::$dim::{Counts, Scene, Start, counted_world, ending, sample};
            use sat_oracle::scenes::{Penetration, Quality, is_sampled};
            use sat_oracle::timing::{StepTimes, thread_cpu_ms};
            use sat_oracle::world::$dim::{Integration, World};
            use $sat_rapier::rapier::prelude::*;

            use super::{Fnv, Hooks, Outcome, Setup};

            /// One of the workspace's scenes or one of rapier's own.
            pub enum Scenario {
                /// A scene of `sat_oracle::scenes::workspace`.
                Workspace(Bodies),
                /// A scene of `sat_oracle::scenes`, stepped as rapier's file steps it.
                Rapier(&'static Scene),
            }

            /// A world, the hooks it steps with, and what the bench records of it.
            struct Run {
                world: World,
                hooks: Box<dyn PhysicsHooks>,
                counts: Arc<Counts>,
                start: Start,
                times: StepTimes,
                penetration: Penetration,
                samples: usize,
            }

            impl Scenario {
                /// A world holding the scenario and computing contacts as `setup` says (every
                /// setup's dispatcher counted alike, `sat_oracle::scenes`), and the hooks to step
                /// it with.
                fn world(&self, setup: &Setup) -> (World, Box<dyn PhysicsHooks>, Arc<Counts>) {
                    // `sat_oracle::world` gives the stock integrations' colliders their hooks.
                    let integration = match (setup.hooks, setup.dispatcher) {
                        (Hooks::StockFilter, false) => Integration::Filter,
                        (Hooks::PassThrough, false) => Integration::PassThrough,
                        (Hooks::StockFilter | Hooks::PassThrough, true) => {
                            panic!("{}: a stock hook with the dispatcher", setup.name)
                        }
                        (_, true) => Integration::Dispatcher,
                        (_, false) => Integration::Default,
                    };
                    let (mut world, counts) = counted_world(integration);
                    world.pipeline.counters.enable();
                    match self {
                        Scenario::Workspace(bodies) => add(&mut world, bodies),
                        Scenario::Rapier(scene) => (scene.build)(&mut world),
                    }
                    #[cfg(feature = "patched")]
                    {
                        world.params.separation_aware_contact_recycling = setup.separation_aware;
                    }
                    #[cfg(not(feature = "patched"))]
                    assert!(!setup.separation_aware, "stock rapier has no patch 3");
                    #[cfg(not(feature = "not-kept-broad-phase"))]
                    assert!(!setup.broad_phase, "built without the broad-phase filter");
                    let hooks: Box<dyn PhysicsHooks> = match setup.hooks {
                        Hooks::None => Box::new(()),
                        Hooks::StockFilter | Hooks::PassThrough => integration.hooks(),
                        #[cfg(feature = "patched")]
                        Hooks::Geometric => {
                            use crate::filter::$dim::GeometricSatFilter;
                            #[allow(unused_mut)]
                            let mut active = GeometricSatFilter::ACTIVE_HOOKS;
                            #[cfg(feature = "not-kept-broad-phase")]
                            if setup.broad_phase {
                                active |= ActiveHooks::FILTER_BROAD_PHASE_PAIRS;
                            }
                            for (_, collider) in world.colliders.iter_mut() {
                                collider.set_active_hooks(active);
                            }
                            Box::new(GeometricSatFilter::for_parameters(&world.params))
                        }
                    };
                    (world, hooks, counts)
                }

                /// One step, as the scene's file steps it.
                fn step(&self, world: &mut World, hooks: &dyn PhysicsHooks) {
                    match self {
                        Scenario::Workspace(_) => world.step_with(hooks, &()),
                        Scenario::Rapier(scene) => scene.step(world, hooks),
                    }
                }

                /// See [`Scenario::run`](super::Scenario::run).
                pub fn run(&self, setups: &[Setup], steps: usize) -> Vec<Outcome> {
                    let mut runs: Vec<Run> = setups
                        .iter()
                        .map(|setup| {
                            let (world, hooks, counts) = self.world(setup);
                            Run {
                                start: Start::of(&world),
                                world,
                                hooks,
                                counts,
                                times: StepTimes::default(),
                                penetration: Penetration::default(),
                                samples: 0,
                            }
                        })
                        .collect();
                    let n = runs.len();
                    for step in 0..steps {
                        for k in 0..n {
                            let run = &mut runs[(step + k) % n];
                            let cpu = thread_cpu_ms();
                            self.step(&mut run.world, &*run.hooks);
                            let cpu = thread_cpu_ms() - cpu;
                            let counters = &run.world.pipeline.counters;
                            let narrow = counters.cd.narrow_phase_time.time_ms();
                            run.times.push(narrow, counters.step_time_ms(), cpu);
                        }
                        if is_sampled(step, steps) {
                            for run in &mut runs {
                                sample(&run.world, &mut run.penetration);
                                run.samples += 1;
                            }
                        }
                    }
                    runs.into_iter()
                        .map(|run| Outcome {
                            manifolds: run.counts.calls.load(Ordering::Relaxed),
                            pairs: run.world.narrow_phase.contact_pairs().count(),
                            samples: run.samples,
                            quality: Quality {
                                penetration: run.penetration,
                                ending: ending(&run.world, &run.start),
                            },
                            times: run.times,
                        })
                        .collect()
                }

                /// See [`Scenario::fingerprint`](super::Scenario::fingerprint).
                pub fn fingerprint(&self, setup: &Setup, steps: usize) -> u64 {
                    let (mut world, hooks, _) = self.world(setup);
                    let pose: fn(&RigidBody) -> Vec<Real> = $pose;
                    let mut hash = Fnv::new();
                    for _ in 0..steps {
                        self.step(&mut world, &*hooks);
                        for (_, body) in world.bodies.iter() {
                            pose(body).iter().for_each(|x| hash.add(x.to_bits()));
                        }
                    }
                    hash.0
                }
            }
        }
    };
}

flavour!(dim3, sat_rapier3d, |b| {
    let (t, r) = (b.translation(), b.rotation());
    vec![t.x, t.y, t.z, r.x, r.y, r.z, r.w]
});
flavour!(dim2, sat_rapier2d, |b| {
    let (t, r) = (b.translation(), b.rotation());
    vec![t.x, t.y, r.re, r.im]
});
