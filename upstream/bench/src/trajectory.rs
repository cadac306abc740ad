//! Fingerprints of whole runs: every body's position and rotation, bit for bit, after every
//! step, folded into one FNV-1a hash per scene and setup. `upstream/stock` prints them on stock
//! rapier, `upstream/bench` on the patched rapier; equal lines mean equal trajectories.

use crate::scenes::{self, Scene};
use crate::{Setup, dim2, dim3};

/// FNV-1a over 32-bit words.
#[derive(Clone, Copy)]
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

/// `(scene, setup, hash)` of `steps` steps of every scene with every setup.
pub fn fingerprints(setups: &[Setup], steps: usize) -> Vec<(&'static str, &'static str, u64)> {
    let mut lines = Vec::new();
    for (name, scene) in scenes::all() {
        for setup in setups {
            let mut hash = Fnv::new();
            match &scene {
                Scene::Dim3(scene) => {
                    let (mut world, hooks, _) = dim3::world(setup, scene);
                    for _ in 0..steps {
                        world.step_with(&*hooks, &());
                        for (_, body) in world.bodies.iter() {
                            let (t, r) = (body.translation(), body.rotation());
                            for x in [t.x, t.y, t.z, r.x, r.y, r.z, r.w] {
                                hash.add(x.to_bits());
                            }
                        }
                    }
                }
                Scene::Dim2(scene) => {
                    let (mut world, hooks, _) = dim2::world(setup, scene);
                    for _ in 0..steps {
                        world.step_with(&*hooks, &());
                        for (_, body) in world.bodies.iter() {
                            let (t, r) = (body.translation(), body.rotation());
                            for x in [t.x, t.y, r.re, r.im] {
                                hash.add(x.to_bits());
                            }
                        }
                    }
                }
            }
            lines.push((name, setup.name, hash.0));
        }
    }
    lines
}

/// Prints [`fingerprints`] one per line (`scene | setup | hash`): first of stock rapier's
/// integrations ([`Setup::STOCK`]), then of `more`, for as many steps as the first command-line
/// argument says (120 if none).
pub fn print(more: &[Setup]) {
    let steps = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(120);
    for setups in [&Setup::STOCK[..], more] {
        for (scene, setup, hash) in fingerprints(setups, steps) {
            println!("{scene} | {setup} | {hash:016x}");
        }
    }
}
