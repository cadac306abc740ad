//! The rules of [`contact`](crate::check::contact) for one dimension: one source, compiled by
//! `contact2.rs` and `contact3.rs` (as sat-core compiles its boxes once per precision). The
//! parent names the dimension's sat-rapier crate (`sat_rapier`, whose parry's query types this
//! file takes), its types (`Pose`, `Cuboid`, `DVec`, `Vect`, `Case`, `ParryBox`), `DIM`, and
//! what differs between the dimensions: `rotation`,
//! `margin_enclosure`, `exact_boxes` (and sat-core's `verdict` and `distance_bounds` for them), `direction`, `motion`, `single`, and
//! `Frame` (the second box in the first's frame) with its `edge_axes` and `faces_inside`. The
//! parent names nothing of this file: `check` re-exports its public items.

use std::cell::OnceCell;
use std::fmt::Debug;

use arbitrary::{Arbitrary, Unstructured};
use sat_core::Feature;
use sat_core::exact::ExactVerdict;
use sat_core::tolerance::Band;
use sat_rapier3d::tolerance::{ROUNDING_REACH_K, face_preference, rounding};

use super::sat_rapier::SatDispatcher;
use super::sat_rapier::rapier::parry::query::{
    Contact, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher, QueryDispatcher,
    Unsupported,
};
use super::{
    Case, Cuboid, DIM, DVec, Frame, ParryBox, Pose, Vect, direction, distance_bounds, exact_boxes,
    margin_enclosure, motion, rotation, single, verdict,
};
use crate::check::adjudicate::Report;
use crate::check::contact::{Knobs, Who, bound, fail};
use crate::peers::catch_peer;

/// A contact or manifold input: the query's [`Knobs`], then a case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactCase {
    /// Prediction and motion.
    pub knobs: Knobs,
    /// The two boxes.
    pub case: Case,
}

impl<'a> Arbitrary<'a> for ContactCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let knobs = Knobs::decode(u);
        Ok(ContactCase {
            knobs,
            case: Case::arbitrary(u)?,
        })
    }
}

/// The most points a manifold may have (rapier reduces parry's to these): the corners of a
/// face, as many as a box resting flat on a bigger face gets.
const MAX_POINTS: usize = 1 << (DIM - 1);
const MORE_POINTS_RULE: &str = ["more than 2 points", "more than 4 points"][DIM as usize - 2];
const RESTING_RULE: &str = [
    "a box resting flat on a bigger edge does not get 2 points with distinct ids",
    "a box resting flat on a bigger face does not get 4 points with distinct ids",
][DIM as usize - 2];

pub(super) type Manifolds = Vec<ContactManifold<(), u32>>;

/// The pair as rapier hands it to a dispatcher, and the exact reference for it: the exact
/// verdict, computed when first needed, and an f64 enclosure of its margin (where the dimension
/// has one) that decides most comparisons without it.
#[derive(Clone)]
pub(crate) struct BoxPair {
    pub(super) pos12: Pose,
    pub(super) c1: Cuboid,
    pub(super) c2: Cuboid,
    pub(super) prediction: f32,
    /// The second box in the first's frame, and both boxes' half-extents.
    pub(super) frame: Frame,
    /// `S = |t| + |e1| + |e2|`, as the exact oracle computes it.
    pub(super) scale: f64,
    /// Holds the exact margin (`None`: no enclosure, the exact oracle decides).
    pub(super) margin: Option<(f64, f64)>,
    pub(super) exact: OnceCell<ExactVerdict>,
    /// A certified interval `(lower, upper)` of the exact distance, computed when first needed.
    pub(super) distance: OnceCell<(f64, f64)>,
}

impl BoxPair {
    pub(crate) fn new(pos12: Pose, c1: Cuboid, c2: Cuboid, prediction: f32) -> BoxPair {
        let t = DVec::from(pos12.translation);
        let (h1, h2) = (DVec::from(c1.half_extents), DVec::from(c2.half_extents));
        BoxPair {
            pos12,
            c1,
            c2,
            prediction,
            frame: Frame {
                t,
                r: rotation(&pos12),
                h1,
                h2,
            },
            scale: t.length() + h1.length() + h2.length(),
            margin: margin_enclosure(&pos12, &c1, &c2),
            exact: OnceCell::new(),
            distance: OnceCell::new(),
        }
    }

    /// The exact verdict for the boxes the pose names.
    pub(super) fn exact(&self) -> &ExactVerdict {
        self.exact.get_or_init(|| {
            let (a, b) = exact_boxes(&self.pos12, &self.c1, &self.c2);
            let verdict = verdict(&a, &b);
            debug_assert_eq!(verdict.scale, self.scale);
            verdict
        })
    }

    /// Whether the exact margin is below `x`.
    fn margin_below(&self, x: f64) -> bool {
        match self.margin {
            Some((_, hi)) if hi < x => true,
            Some((lo, _)) if lo >= x => false,
            _ => self.exact().margin < x,
        }
    }

    /// Whether the exact margin is above `x`.
    fn margin_above(&self, x: f64) -> bool {
        match self.margin {
            Some((lo, _)) if lo > x => true,
            Some((_, hi)) if hi <= x => false,
            _ => self.exact().margin > x,
        }
    }

    pub(super) fn bound(&self) -> f64 {
        bound(self.scale)
    }

    /// A certified upper bound of the exact distance of the boxes the pose names (`0` when they
    /// intersect).
    fn distance_upper(&self) -> f64 {
        self.distance
            .get_or_init(|| {
                let (a, b) = exact_boxes(&self.pos12, &self.c1, &self.c2);
                let d = distance_bounds(&a, &b);
                (d.lower, d.upper)
            })
            .1
    }

    /// The smallest half-extent of the two boxes.
    fn smallest_half_extent(&self) -> f64 {
        self.frame.h1.min(self.frame.h2).min_element()
    }

    /// sat-rapier's face preference for this pair (a length).
    fn preference(&self) -> f64 {
        face_preference(f64::from(self.prediction), self.smallest_half_extent())
    }

    /// How far the pair may overlap and still get a rounded contact (a length): `2·√DIM·r` for
    /// sat-rapier's rounding `r` (`sat_rapier3d::tolerance::rounding`).
    fn rounding_reach(&self) -> f64 {
        ROUNDING_REACH_K * rounding(f64::from(self.prediction), self.smallest_half_extent())
    }

    /// The query and its exact reference, for a failure's message.
    pub(crate) fn describe(&self) -> String {
        format!(
            "pos12 {:?}, half-extents {} and {}, prediction {:e}; exact {:?}",
            self.pos12,
            self.c1.half_extents,
            self.c2.half_extents,
            self.prediction,
            self.exact()
        )
    }

    /// The gap of the boxes along `n` (normalised here): a lower bound of the distance.
    pub(super) fn gap(&self, n: DVec) -> f64 {
        let n = n.normalize();
        n.dot(self.frame.t)
            - self.frame.h1.dot(n.abs())
            - self.frame.h2.dot((self.frame.r.transpose() * n).abs())
    }

    /// A point of the second box (its frame) in the first box's frame.
    fn world2(&self, p2: Vect) -> DVec {
        self.frame.t + self.frame.r * DVec::from(p2)
    }

    /// Signed gaps of every candidate axis (axes shorter than `1e-6` skipped), with the axis's
    /// feature.
    fn gaps(&self) -> Vec<(Feature, f64)> {
        let mut out = Vec::new();
        let mut push = |f: Feature, l: DVec| {
            if l.length_squared() >= 1e-12 {
                let g = self.gap(l).max(self.gap(-l));
                out.push((f, g));
            }
        };
        for i in 0..DIM {
            push(Feature::FaceA(i), DVec::AXES[usize::from(i)]);
        }
        for j in 0..DIM {
            push(Feature::FaceB(j), self.frame.r.col(usize::from(j)));
        }
        for (f, l) in self.frame.edge_axes() {
            push(f, l);
        }
        out
    }

    /// Whether the pair is a box resting flat on a bigger face (an edge in 2D; see the module
    /// docs): a face of each box parallel within `B`, the smaller strictly inside the bigger by
    /// `B`, every corner within `prediction − B` ([`Frame::faces_inside`]), and
    /// that face pair's gap beating every other axis by `2·B + 2·face_preference`.
    fn resting(&self) -> bool {
        let b = self.bound();
        let p = f64::from(self.prediction);
        let pref = self.preference();
        let gaps = self.gaps();
        let span = self.frame.h1.length() + self.frame.h2.length();
        (0..usize::from(DIM)).any(|i| {
            let row = self.frame.r.row(i);
            let j = (0..usize::from(DIM))
                .max_by(|&x, &y| row[x].abs().total_cmp(&row[y].abs()))
                .unwrap_or(0);
            let tilt = (1.0 - row[j] * row[j]).max(0.0).sqrt();
            // Flat on the boxes' own scale: `b` grows with the distance between them, and a
            // fuzz finding (a box 510 away, tilted 0.15°, within a huge prediction) was judged
            // resting by it.
            if tilt * span > b / 4.0 || tilt > 24.0 * f64::from(f32::EPSILON) {
                return false;
            }
            let face = self.gap(DVec::AXES[i]).max(self.gap(-DVec::AXES[i]));
            let others = gaps
                .iter()
                .filter(|(f, _)| *f != Feature::FaceA(i as u8) && *f != Feature::FaceB(j as u8))
                .map(|&(_, g)| g)
                .fold(f64::NEG_INFINITY, f64::max);
            if others > face - 2.0 * b - 2.0 * pref {
                return false;
            }
            let si = if self.frame.t[i] < 0.0 { -1.0 } else { 1.0 };
            let sj = if si * row[j] > 0.0 { -1.0 } else { 1.0 };
            // Resting, not sunk: shallower than half of either box, on a clear side.
            let deepest = -0.5 * self.frame.h1[i].min(self.frame.h2[j]);
            if face < deepest || self.frame.t[i].abs() <= b {
                return false;
            }
            self.frame.faces_inside(i, j, [si, sj], b, p)
        })
    }

    /// The pair with the second box moved by `by`, its reference kept.
    fn slid(&self, by: DVec) -> BoxPair {
        let pos12 = Pose::from_parts(single(self.frame.t + by), self.pos12.rotation);
        BoxPair {
            pos12,
            frame: Frame {
                t: DVec::from(pos12.translation),
                ..self.frame
            },
            ..self.clone()
        }
    }

    /// How far the witness points `p1` (the first box's frame) and `p2` (the second's) are from
    /// their boxes' surfaces (`|max_k(|p_k| − h_k)|`), when either is farther than `b`: the
    /// finding's detail.
    fn off_surfaces(&self, p1: Vect, p2: Vect, b: f64) -> Option<String> {
        let off = |h: DVec, p: Vect| (DVec::from(p).abs() - h).max_element().abs();
        let (off1, off2) = (off(self.frame.h1, p1), off(self.frame.h2, p2));
        (off1.max(off2) > b).then(|| format!("{off1:e} and {off2:e} off, bound {b:e}"))
    }
}

/// The pair of a case as rapier's narrow phase sees it: the two colliders' poses (centres and
/// the stored axes' rotations) and `pos1.inv_mul(&pos2)`.
fn pair(case: &Case) -> Option<(Pose, Cuboid, Cuboid)> {
    let (a, b) = case.obbs().ok()?;
    let (pa, pb) = (ParryBox::from_obb(&a), ParryBox::from_obb(&b));
    Some((pa.pose.inv_mul(&pb.pose), pa.cuboid, pb.cuboid))
}

fn accepted(exact: &ExactVerdict) -> Report {
    Report {
        accepted: true,
        intersects: Some(exact.intersects),
        adjudicated: true,
        ..Report::default()
    }
}

/// `contact()` of the chain as users register it, judged; parry's dispatcher alone on the same
/// pair, judged as a peer.
pub fn check_contact(input: &ContactCase) -> Report {
    let Some((pos12, c1, c2)) = pair(&input.case) else {
        return Report::default();
    };
    let s = box_pair(&input.knobs, pos12, c1, c2);
    let describe = || describe(input, &s);
    let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);
    let ours = chain.contact(&s.pos12, &s.c1, &s.c2, s.prediction);
    judge_contact(&s, ours, Who::Chain, &describe);
    match catch_peer(|| DefaultQueryDispatcher.contact(&s.pos12, &s.c1, &s.c2, s.prediction)) {
        Ok(theirs) => judge_contact(&s, theirs, Who::Parry, &describe),
        Err(panic) => fail(
            Who::Parry,
            "contact",
            DIM,
            "panic",
            &panic.to_string(),
            &describe,
        ),
    }
    accepted(s.exact())
}

fn box_pair(knobs: &Knobs, pos12: Pose, c1: Cuboid, c2: Cuboid) -> BoxPair {
    let scale = f64::from(pos12.translation.length())
        + f64::from(c1.half_extents.length())
        + f64::from(c2.half_extents.length());
    BoxPair::new(pos12, c1, c2, knobs.prediction(scale))
}

fn describe(input: &ContactCase, s: &BoxPair) -> String {
    format!(
        "{} (knobs {:?}; {})",
        input.case.to_json(),
        input.knobs,
        s.describe()
    )
}

fn judge_contact(
    s: &BoxPair,
    answer: Result<Option<Contact>, Unsupported>,
    who: Who,
    describe: &dyn Fn() -> String,
) {
    let fail =
        |rule: &'static str, detail: String| fail(who, "contact", DIM, rule, &detail, describe);
    let (b, m, p) = (s.bound(), s.exact().margin, f64::from(s.prediction));
    let Ok(answer) = answer else {
        return fail("cuboid pair unsupported", String::new());
    };
    let Some(c) = answer else {
        if m < -b {
            fail(
                "None for boxes overlapping beyond the bound",
                format!("margin {m:e}, bound {b:e}"),
            );
        }
        return;
    };
    let finite = c.point1.is_finite()
        && c.point2.is_finite()
        && c.normal1.is_finite()
        && c.normal2.is_finite()
        && c.dist.is_finite();
    if !finite {
        return fail("not finite", format!("{c:?}"));
    }
    let n = DVec::from(c.normal1);
    if (n.length() - 1.0).abs() > 1e-5 || (s.frame.r * DVec::from(c.normal2) + n).length() > 1e-5 {
        return fail("normals not unit and opposite", format!("{c:?}"));
    }
    let dist = f64::from(c.dist);
    if dist > p + b {
        fail("dist beyond the prediction", format!("{c:?}"));
    }
    if let Some(off) = s.off_surfaces(c.point1, c.point2, b) {
        fail(
            "witness point off its box's surface",
            format!("{off}: {c:?}"),
        );
    }
    let d = s.world2(c.point2) - DVec::from(c.point1);
    let along = d.dot(n.normalize());
    if (along - dist).abs() > b {
        fail(
            "witness points not dist apart along the normal",
            format!("{along:e} along the normal, bound {b:e}: {c:?}"),
        );
    }
    let gap = s.gap(n);
    if gap < dist - b {
        fail(
            "gap along the normal below dist (not a minimum translation / distance direction)",
            format!("gap {gap:e}, margin {m:e}, bound {b:e}: {c:?}"),
        );
    }
    if s.exact().intersects {
        if (dist - m).abs() > b {
            fail(
                "depth differs from the exact penetration depth",
                format!(
                    "dist {dist:e} vs margin {m:e} ({:.1} ε·S): {c:?}",
                    (dist - m).abs() / (b / f64::from(sat_rapier3d::tolerance::CONTACT_K))
                ),
            );
        }
    } else {
        if dist < m - b {
            fail(
                "dist below the exact margin",
                format!("dist {dist:e} vs margin {m:e}, bound {b:e}: {c:?}"),
            );
        }
        if d.length() > dist.max(0.0) + b {
            fail(
                "witness points farther apart than dist",
                format!("{:e} apart, dist {dist:e}, bound {b:e}: {c:?}", d.length()),
            );
        }
    }
}

/// `contact_manifolds` as rapier's narrow phase calls it, fresh and then updated from the
/// cached manifold after the knobs' small motion; parry's dispatcher alone as a peer.
pub fn check_manifold(input: &ContactCase) -> Report {
    let Some((pos12, c1, c2)) = pair(&input.case) else {
        return Report::default();
    };
    let k = &input.knobs;
    let s = box_pair(k, pos12, c1, c2);
    let describe = || describe(input, &s);
    let chain = SatDispatcher::default().chain(DefaultQueryDispatcher);

    // Fresh.
    let mut ours: Manifolds = Vec::new();
    let fresh = manifolds(&chain, &s, &mut ours);
    judge_manifolds(&s, &ours, true, fresh, Who::Chain, &describe);
    let resting = s.resting();
    if resting {
        judge_resting(&s, &ours, Who::Chain, &describe);
        // A tiny motion that keeps it resting keeps the feature ids.
        let slide = direction(k) * k.translation(s.scale) * 1e-3;
        let moved = s.slid(slide);
        if moved.resting() {
            let mut again: Manifolds = Vec::new();
            if manifolds(&chain, &moved, &mut again).is_ok() && ids(&again) != ids(&ours) {
                fail(
                    Who::Chain,
                    "contact_manifolds",
                    DIM,
                    "feature ids changed by a tiny motion that keeps a box resting",
                    &format!("{:?} then {:?} after {slide:?}", ids(&ours), ids(&again)),
                    &describe,
                );
            }
        }
    }

    // Updated from the cache after a small motion.
    for m in ours.iter_mut() {
        for (k, p) in m.points.iter_mut().enumerate() {
            p.data = k as u32 + 1;
        }
    }
    let cached: Vec<_> = ours
        .iter()
        .flat_map(|m| m.points.iter().map(|p| (p.fid1, p.fid2, p.data)))
        .collect();
    let moved = BoxPair::new(
        motion(k, &s.pos12, s.frame.t, s.scale),
        c1,
        c2,
        s.prediction,
    );
    let updated = manifolds(&chain, &moved, &mut ours);
    judge_manifolds(&moved, &ours, false, updated, Who::Chain, &|| {
        format!("{} (after the motion to {:?})", describe(), moved.pos12)
    });
    for p in ours.iter().flat_map(|m| &m.points) {
        let expected = cached
            .iter()
            .filter(|c| c.0 == p.fid1 && c.1 == p.fid2)
            .map(|c| c.2)
            .collect::<Vec<_>>();
        let right = if expected.is_empty() {
            p.data == 0
        } else {
            expected.contains(&p.data)
        };
        if !right {
            fail(
                Who::Chain,
                "contact_manifolds",
                DIM,
                "warm-start data not carried over by feature ids",
                &format!("point {p:?}, cached {cached:?}"),
                &describe,
            );
        }
    }

    // parry's own dispatcher, fresh.
    let mut theirs: Manifolds = Vec::new();
    match catch_peer(|| manifolds(&DefaultQueryDispatcher, &s, &mut theirs)) {
        Ok(result) => {
            judge_manifolds(&s, &theirs, true, result, Who::Parry, &describe);
            if resting {
                judge_resting(&s, &theirs, Who::Parry, &describe);
            }
        }
        Err(panic) => fail(
            Who::Parry,
            "contact_manifolds",
            DIM,
            "panic",
            &panic.to_string(),
            &describe,
        ),
    }
    accepted(s.exact())
}

fn manifolds<D: PersistentQueryDispatcher<(), u32>>(
    d: &D,
    s: &BoxPair,
    out: &mut Manifolds,
) -> Result<(), Unsupported> {
    d.contact_manifolds(&s.pos12, &s.c1, &s.c2, s.prediction, out, &mut None)
}

fn ids(ms: &Manifolds) -> Vec<(u32, u32)> {
    let mut ids: Vec<_> = ms
        .iter()
        .flat_map(|m| m.points.iter().map(|p| (p.fid1.0, p.fid2.0)))
        .collect();
    ids.sort_unstable();
    ids
}

fn judge_resting(s: &BoxPair, ms: &Manifolds, who: Who, describe: &dyn Fn() -> String) {
    let mut ids = ids(ms);
    let n = ids.len();
    ids.dedup();
    if n != MAX_POINTS || ids.len() != MAX_POINTS {
        fail(
            who,
            "contact_manifolds",
            DIM,
            RESTING_RULE,
            &format!("{n} points, ids {ids:?}, pos12 {:?}", s.pos12),
            describe,
        );
    }
}

/// Judges the manifolds a dispatcher left for the pair `s` (whatever data rapier or the check
/// attaches to them); `fresh`: computed without a cached manifold.
pub(crate) fn judge_manifolds<M: Debug, C: Debug>(
    s: &BoxPair,
    ms: &[ContactManifold<M, C>],
    fresh: bool,
    result: Result<(), Unsupported>,
    who: Who,
    describe: &dyn Fn() -> String,
) {
    let fail = |rule: &'static str, detail: String| {
        fail(who, "contact_manifolds", DIM, rule, &detail, describe)
    };
    if result.is_err() {
        return fail("cuboid pair unsupported", String::new());
    }
    let (b, p) = (s.bound(), f64::from(s.prediction));
    let band = Band::f32(s.scale).width();
    let points: Vec<_> = ms.iter().flat_map(|m| &m.points).collect();
    if ms.iter().filter(|m| !m.points.is_empty()).count() > 1 {
        fail("more than one manifold for a box pair", format!("{ms:?}"));
    }
    for man in ms.iter().filter(|m| !m.points.is_empty()) {
        // parry's manifolds may carry more points: rapier reduces them.
        if man.points.len() > MAX_POINTS && who == Who::Chain {
            fail(MORE_POINTS_RULE, format!("{man:?}"));
        }
        let n = DVec::from(man.local_n1);
        if !n.is_finite() || (n.length() - 1.0).abs() > 1e-5 {
            return fail("normal not unit", format!("{man:?}"));
        }
        let pref = s.preference();
        // Penetrating beyond the band (so intersecting), and the margin above the gap along
        // the normal by more than the face preference and the bound; unless the pair is within
        // the rounding's reach (its normal may be the rounded contact's, along which the gap is
        // above `−reach`).
        let gap = s.gap(n);
        let reach = s.rounding_reach() + b;
        let rounded = s.margin_above(-reach) && gap >= -reach;
        if fresh && !rounded && s.margin_below(-band) && s.margin_above(gap + 2.0 * pref + b) {
            fail(
                "normal not the best axis within the face preference",
                format!(
                    "gap {gap:e} along it, margin {:e}: {man:?}",
                    s.exact().margin
                ),
            );
        }
        for pt in &man.points {
            let dist = f64::from(pt.dist);
            if !(pt.local_p1.is_finite() && pt.local_p2.is_finite() && dist.is_finite()) {
                return fail("point not finite", format!("{pt:?}"));
            }
            if let Some(off) = s.off_surfaces(pt.local_p1, pt.local_p2, b) {
                fail("point off its box's surface", format!("{off}: {pt:?}"));
            }
            let along = (s.world2(pt.local_p2) - DVec::from(pt.local_p1)).dot(n.normalize());
            if (along - dist).abs() > b {
                fail(
                    "points not dist apart along the normal",
                    format!("{along:e} along the normal, bound {b:e}: {pt:?}"),
                );
            }
        }
    }
    if !points.iter().any(|pt| pt.dist <= 0.0) && s.margin_below(-band) {
        fail(
            "boxes overlapping beyond the band without a penetrating point",
            format!("margin {:e}: {ms:?}", s.exact().margin),
        );
    }
    // Closer than the prediction (touching included): the closest features' point is there.
    if !s.margin_above(p) && s.distance_upper() < p - b {
        let nearest = points
            .iter()
            .map(|pt| f64::from(pt.dist))
            .fold(f64::INFINITY, f64::min);
        let upper = s.distance_upper();
        let close = nearest <= upper + b; // false for NaN
        if !close {
            fail(
                "no point as close as the boxes for a pair within the prediction",
                format!(
                    "distance at most {upper:e}, nearest point {nearest:e}, bound {b:e}: {ms:?}"
                ),
            );
        }
    }
    if !points.is_empty() && s.margin_above(p + b) {
        fail(
            "points for boxes farther apart than the prediction",
            format!("margin {:e}: {ms:?}", s.exact().margin),
        );
    }
}
