//! The engines' side of the main job (`obbsat run`): a [`Batch`] of generated pairs of one
//! dimension, with every engine's boxes prepared once outside the timed loops, and an engine's
//! timed [`Pass`] over it.
//!
//! Every engine sees the same generated numbers: sat-core's f32 boxes of the pair as written
//! ([`SinglePair::placed`](crate::case::SinglePair::placed): where written when f32 holds the
//! centres, which it does for every form but `digits`), parry's shapes prepared from those,
//! sat-core's f64 boxes of the written numbers (pairs whose columns are f32 data have none) and
//! parry-f64's shapes of those (of the f32 shapes where there are none). The exact oracle
//! judges the exact boxes of the written numbers ([`Batch::exact`]), or, for the certified test
//! ([`Truth::Stored`]), the boxes sat-core stores ([`Batch::stored`]).

use std::time::{Duration, Instant};

use sat_core::exact::{ExactBox2, ExactBox3, ExactVerdict, verdict2, verdict3};
use sat_core::{DObb2, DObb3, Obb2, Obb3};
use sat_oracle::peers::{self, ParryBox2, ParryBox3};

use crate::case::generate::{GeneratedPair2, GeneratedPair3};
use crate::case::{DoublePair, WrittenPair};

/// The boxes of one dimension's generated pairs, for every engine (`O`: sat-core's f32 box,
/// `P`: parry's shape, `P64`: parry-f64's, `E`: the exact box, `D`: sat-core's f64 box).
pub struct Boxes<O, P, P64, E, D> {
    /// sat-core's f32 boxes of each pair as written.
    pub singles: Vec<(O, O)>,
    /// parry's shapes of `singles`.
    pub parry: Vec<(P, P)>,
    /// The exact boxes of each pair as written.
    pub exact: Vec<(E, E)>,
    /// sat-core's f64 boxes of each pair (`None`: columns that are f32 data).
    pub doubles: Vec<Option<DoublePair>>,
    /// The pairs of `doubles` that exist, in order.
    pub in_f64: Vec<(D, D)>,
    /// parry-f64's shapes of each pair: of its f64 boxes, else of its f32 shapes.
    pub parry64: Vec<(P64, P64)>,
}

/// A batch of generated pairs of one dimension, prepared for every engine.
pub enum Batch {
    /// 2D pairs.
    Two(Boxes<Obb2, ParryBox2, peers::double::ParryBox2, ExactBox2, DObb2>),
    /// 3D pairs.
    Three(Boxes<Obb3, ParryBox3, peers::double::ParryBox3, ExactBox3, DObb3>),
}

/// `$body` on the [`Boxes`] `$b` of a [`Batch`], written once for both dimensions.
macro_rules! on_batch {
    ($batch:expr, |$b:ident| $body:expr) => {
        match $batch {
            $crate::engine::main_job::Batch::Two($b) => $body,
            $crate::engine::main_job::Batch::Three($b) => $body,
        }
    };
}

pub(crate) use on_batch;

/// [`Batch::two`] and [`Batch::three`]: the batch of the pairs sat-core accepts, and their
/// positions among `pairs`.
macro_rules! batch_of {
    ($fn:ident, $pair:ident, $variant:ident, $written:ident, $parry:ident) => {
        /// The batch of the pairs sat-core's checked constructors accept, and their positions
        /// in `pairs`.
        pub fn $fn(pairs: &[$pair]) -> (Batch, Vec<usize>) {
            let mut kept = Vec::with_capacity(pairs.len());
            let mut boxes = Boxes {
                singles: Vec::with_capacity(pairs.len()),
                parry: Vec::with_capacity(pairs.len()),
                exact: Vec::with_capacity(pairs.len()),
                doubles: Vec::with_capacity(pairs.len()),
                in_f64: Vec::new(),
                parry64: Vec::with_capacity(pairs.len()),
            };
            for (i, pair) in pairs.iter().enumerate() {
                let Ok((a, b)) = pair.obbs() else { continue };
                kept.push(i);
                let (wa, wb) = pair.boxes();
                let parry = ($parry::from_obb(&a), $parry::from_obb(&b));
                let double = DoublePair::of(&WrittenPair::$written(wa, wb));
                let parry64 = match double {
                    Some(DoublePair::$variant(x, y, _)) => {
                        boxes.in_f64.push((x, y));
                        (
                            peers::double::$parry::from_obb(&x),
                            peers::double::$parry::from_obb(&y),
                        )
                    }
                    _ => (
                        peers::double::$parry::from_single(&parry.0),
                        peers::double::$parry::from_single(&parry.1),
                    ),
                };
                boxes.singles.push((a, b));
                boxes.parry.push(parry);
                boxes.exact.push(pair.exact_boxes());
                boxes.doubles.push(double);
                boxes.parry64.push(parry64);
            }
            (Batch::$variant(boxes), kept)
        }
    };
}

impl Batch {
    batch_of!(two, GeneratedPair2, Two, Two, ParryBox2);
    batch_of!(three, GeneratedPair3, Three, Three, ParryBox3);

    /// The number of pairs.
    pub fn len(&self) -> usize {
        on_batch!(self, |b| b.singles.len())
    }

    /// The exact verdict on pair `i` as written.
    pub fn exact(&self, i: usize) -> ExactVerdict {
        match self {
            Batch::Two(b) => verdict2(&b.exact[i].0, &b.exact[i].1),
            Batch::Three(b) => verdict3(&b.exact[i].0, &b.exact[i].1),
        }
    }

    /// The exact verdict on the boxes sat-core stores for pair `i`.
    pub fn stored(&self, i: usize) -> ExactVerdict {
        match self {
            Batch::Two(b) => {
                let (x, y) = &b.singles[i];
                verdict2(&ExactBox2::from_obb(x), &ExactBox2::from_obb(y))
            }
            Batch::Three(b) => {
                let (x, y) = &b.singles[i];
                verdict3(&ExactBox3::from_obb(x), &ExactBox3::from_obb(y))
            }
        }
    }

    /// sat-core's f64 boxes of pair `i` (`None`: columns that are f32 data).
    pub fn double(&self, i: usize) -> Option<&DoublePair> {
        on_batch!(self, |b| b.doubles[i].as_ref())
    }
}

/// Which exact verdict an engine's verdicts in the main job are judged against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Truth {
    /// The exact boxes of the numbers as written.
    Written,
    /// The boxes sat-core stores (its certified test is exact for those).
    Stored,
}

/// An engine's timed pass over a [`Batch`].
#[derive(Debug, Clone, PartialEq)]
pub struct Pass {
    /// Its verdict on every pair, in order.
    pub verdicts: Vec<bool>,
    /// Nanoseconds per timed pair.
    pub ns_per_pair: f64,
    /// How many pairs were timed (sat-core f64: those it runs in f64).
    pub timed: usize,
    /// What its verdicts are judged against.
    pub truth: Truth,
}

impl Pass {
    /// The pass of `verdicts` whose `timed` pairs took `elapsed`.
    pub fn new(verdicts: Vec<bool>, elapsed: Duration, timed: usize, truth: Truth) -> Pass {
        Pass {
            verdicts,
            ns_per_pair: elapsed.as_secs_f64() * 1e9 / timed.max(1) as f64,
            timed,
            truth,
        }
    }

    /// Every pair timed, judged on the numbers as written.
    pub fn written((verdicts, elapsed): (Vec<bool>, Duration)) -> Pass {
        let timed = verdicts.len();
        Pass::new(verdicts, elapsed, timed, Truth::Written)
    }
}

/// One warm-up pass, then one timed pass over the whole batch, single-threaded.
pub fn timed<T>(pairs: &[T], engine: impl Fn(&T) -> bool) -> (Vec<bool>, Duration) {
    let warm: usize = pairs.iter().map(|p| usize::from(engine(p))).sum();
    std::hint::black_box(warm);
    let mut verdicts = Vec::with_capacity(pairs.len());
    let start = Instant::now();
    for pair in pairs {
        verdicts.push(engine(std::hint::black_box(pair)));
    }
    let elapsed = start.elapsed();
    (verdicts, elapsed)
}
