//! [`check_contact3`] and [`check_manifold3`]: the rules of [`contact`](super::contact) in 3D.

use std::cell::OnceCell;
use std::fmt::Debug;

use arbitrary::{Arbitrary, Unstructured};
use glam::{DMat3, DQuat, DVec3, Vec3};
use sat_core::Feature;
use sat_core::exact::{ExactBox3, ExactVerdict, verdict3};
use sat_rapier::dim3::SatDispatcher;
use sat_rapier::dim3::rapier::math::Pose;
use sat_rapier::dim3::rapier::parry::query::{
    Contact, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher, QueryDispatcher,
    Unsupported,
};
use sat_rapier::dim3::rapier::parry::shape::Cuboid;
use sat_rapier::tolerance::FACE_PREFERENCE_PREDICTION;

use super::contact::{Knobs, Who, bound, fail};
use super::filter::{FilterBox, margin3};
use super::{Case3, Report};
use crate::peers::{ParryBox3, catch_peer};

/// A contact or manifold input: the query's [`Knobs`], then a [`Case3`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactCase3 {
    /// Prediction and motion.
    pub knobs: Knobs,
    /// The two boxes.
    pub case: Case3,
}

impl<'a> Arbitrary<'a> for ContactCase3 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let knobs = Knobs::decode(u);
        Ok(ContactCase3 {
            knobs,
            case: Case3::arbitrary(u)?,
        })
    }
}

type Manifolds = Vec<ContactManifold<(), u32>>;

/// The pair as rapier hands it to a dispatcher, and the exact reference for it: the exact
/// verdict, computed when first needed, and an f64 enclosure of its margin
/// ([`margin3`]) that decides most comparisons without it.
#[derive(Clone)]
pub(super) struct BoxPair {
    pos12: Pose,
    c1: Cuboid,
    c2: Cuboid,
    prediction: f32,
    t: DVec3,
    r: DMat3,
    h1: DVec3,
    h2: DVec3,
    /// `S = |t| + |e1| + |e2|`, as the exact oracle computes it.
    scale: f64,
    /// Holds the exact margin (`None`: an axis too short for the f64 filter to normalise).
    margin: Option<(f64, f64)>,
    exact: OnceCell<ExactVerdict>,
}

impl BoxPair {
    pub(super) fn new(pos12: Pose, c1: Cuboid, c2: Cuboid, prediction: f32) -> BoxPair {
        let (t, q) = (pos12.translation, pos12.rotation);
        let margin = margin3(
            &FilterBox::quat([0.0; 3], c1.half_extents.to_array(), [0.0, 0.0, 0.0, 1.0]),
            &FilterBox::quat(t.to_array(), c2.half_extents.to_array(), q.to_array()),
        );
        let (h1, h2) = (c1.half_extents.as_dvec3(), c2.half_extents.as_dvec3());
        BoxPair {
            pos12,
            c1,
            c2,
            prediction,
            t: t.as_dvec3(),
            r: DMat3::from_quat(q.as_dquat().normalize()),
            h1,
            h2,
            scale: t.as_dvec3().length() + h1.length() + h2.length(),
            margin,
            exact: OnceCell::new(),
        }
    }

    /// The exact verdict for the boxes the pose names.
    fn exact(&self) -> &ExactVerdict {
        self.exact.get_or_init(|| {
            let verdict = verdict3(
                &ExactBox3::from_quat(
                    [0.0; 3],
                    self.c1.half_extents.to_array().map(f64::from),
                    [0.0, 0.0, 0.0, 1.0],
                ),
                &ExactBox3::from_quat(
                    self.pos12.translation.to_array().map(f64::from),
                    self.c2.half_extents.to_array().map(f64::from),
                    self.pos12.rotation.to_array().map(f64::from),
                ),
            );
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

    fn bound(&self) -> f64 {
        bound(self.scale)
    }

    /// The query and its exact reference, for a failure's message.
    pub(super) fn describe(&self) -> String {
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
    fn gap(&self, n: DVec3) -> f64 {
        let n = n.normalize();
        n.dot(self.t) - self.h1.dot(n.abs()) - self.h2.dot((self.r.transpose() * n).abs())
    }

    /// A point of the second box (its frame) in the first box's frame.
    fn world2(&self, p2: Vec3) -> DVec3 {
        self.t + self.r * p2.as_dvec3()
    }

    /// Signed gaps of every candidate axis (edge axes shorter than `1e-6` skipped), with the
    /// axis's feature.
    fn gaps(&self) -> Vec<(Feature, f64)> {
        let mut out = Vec::with_capacity(15);
        let mut push = |f: Feature, l: DVec3| {
            if l.length_squared() >= 1e-12 {
                let g = self.gap(l).max(self.gap(-l));
                out.push((f, g));
            }
        };
        for i in 0..3 {
            push(Feature::FaceA(i as u8), DVec3::AXES[i]);
        }
        for j in 0..3 {
            push(Feature::FaceB(j as u8), self.r.col(j));
        }
        for i in 0..3 {
            for k in 0..3 {
                push(
                    Feature::EdgePair(i as u8, k as u8),
                    DVec3::AXES[i].cross(self.r.col(k)),
                );
            }
        }
        out
    }

    /// Whether the pair is a box resting flat on a bigger face (see the module docs): a face of
    /// each box parallel within `B`, the smaller strictly inside the bigger by `B`, every corner
    /// within `prediction − B`, and that face pair's gap beating every other axis by
    /// `2·B + 2·face_preference`.
    fn resting(&self) -> bool {
        let b = self.bound();
        let p = f64::from(self.prediction);
        let pref = f64::from(FACE_PREFERENCE_PREDICTION) * p.max(0.0);
        let gaps = self.gaps();
        let span = self.h1.length() + self.h2.length();
        (0..3).any(|i| {
            let row = self.r.row(i);
            let j = (0..3)
                .max_by(|&x, &y| row[x].abs().total_cmp(&row[y].abs()))
                .unwrap_or(0);
            let tilt = (1.0 - row[j] * row[j]).max(0.0).sqrt();
            // Flat on the boxes' own scale: `b` grows with the distance between them, and a
            // fuzz finding (a box 510 away, tilted 0.15°, within a huge prediction) was judged
            // resting by it.
            if tilt * span > b / 4.0 || tilt > 24.0 * f64::from(f32::EPSILON) {
                return false;
            }
            let face = self.gap(DVec3::AXES[i]).max(self.gap(-DVec3::AXES[i]));
            let others = gaps
                .iter()
                .filter(|(f, _)| *f != Feature::FaceA(i as u8) && *f != Feature::FaceB(j as u8))
                .map(|&(_, g)| g)
                .fold(f64::NEG_INFINITY, f64::max);
            if others > face - 2.0 * b - 2.0 * pref {
                return false;
            }
            let si = if self.t[i] < 0.0 { -1.0 } else { 1.0 };
            let sj = if si * row[j] > 0.0 { -1.0 } else { 1.0 };
            // Resting, not sunk: shallower than half of either box, on a clear side.
            let deepest = -0.5 * self.h1[i].min(self.h2[j]);
            if face < deepest || self.t[i].abs() <= b {
                return false;
            }
            let (u, v) = ((j + 1) % 3, (j + 2) % 3);
            let fc = self.t + self.r.col(j) * (sj * self.h2[j]);
            let sides = [(i + 1) % 3, (i + 2) % 3];
            let signs = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)];
            // B's face inside A's.
            let b_inside = signs.iter().all(|&(su, sv)| {
                let x = fc + self.r.col(u) * (su * self.h2[u]) + self.r.col(v) * (sv * self.h2[v]);
                sides.iter().all(|&k| x[k].abs() <= self.h1[k] - b)
                    && si * x[i] - self.h1[i] <= p - b
            });
            // A's face inside B's.
            let a_inside = signs.iter().all(|&(s1, s2)| {
                let mut y = DVec3::ZERO;
                y[i] = si * self.h1[i];
                y[sides[0]] = s1 * self.h1[sides[0]];
                y[sides[1]] = s2 * self.h1[sides[1]];
                let z = self.r.transpose() * (y - self.t);
                [u, v].iter().all(|&k| z[k].abs() <= self.h2[k] - b)
                    && sj * z[j] - self.h2[j] <= p - b
            });
            b_inside || a_inside
        })
    }

    /// `|max_k(|p_k| − h_k)|`: how far `p` (box frame) is from the surface of the box `h`.
    fn off(h: DVec3, p: Vec3) -> f64 {
        (p.as_dvec3().abs() - h).max_element().abs()
    }
}

/// The pair of a case as rapier's narrow phase sees it: the two colliders' poses (centres and
/// the stored axes' quaternions) and `pos1.inv_mul(&pos2)`.
fn pair(case: &Case3) -> Option<(Pose, Cuboid, Cuboid)> {
    let (a, b) = case.obbs().ok()?;
    let (pa, pb) = (ParryBox3::from_obb(&a), ParryBox3::from_obb(&b));
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
pub fn check_contact3(input: &ContactCase3) -> Report {
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
            3,
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

fn describe(input: &ContactCase3, s: &BoxPair) -> String {
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
        |rule: &'static str, detail: String| fail(who, "contact", 3, rule, &detail, describe);
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
    let n = c.normal1.as_dvec3();
    if (n.length() - 1.0).abs() > 1e-5 || (s.r * c.normal2.as_dvec3() + n).length() > 1e-5 {
        return fail("normals not unit and opposite", format!("{c:?}"));
    }
    let dist = f64::from(c.dist);
    if dist > p + b {
        fail("dist beyond the prediction", format!("{c:?}"));
    }
    let (off1, off2) = (BoxPair::off(s.h1, c.point1), BoxPair::off(s.h2, c.point2));
    if off1.max(off2) > b {
        fail(
            "witness point off its box's surface",
            format!("{off1:e} and {off2:e} off, bound {b:e}: {c:?}"),
        );
    }
    let d = s.world2(c.point2) - c.point1.as_dvec3();
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
                    (dist - m).abs() / (b / f64::from(sat_rapier::tolerance::CONTACT_K))
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
pub fn check_manifold3(input: &ContactCase3) -> Report {
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
        let axis = DVec3::from_array(k.unit(0));
        let slide = axis * k.translation(s.scale) * 1e-3;
        let moved_pose = Pose::from_parts((s.t + slide).as_vec3(), pos12.rotation);
        let moved = BoxPair {
            pos12: moved_pose,
            t: moved_pose.translation.as_dvec3(),
            ..s.clone()
        };
        if moved.resting() {
            let mut again: Manifolds = Vec::new();
            if manifolds(&chain, &moved, &mut again).is_ok() && ids(&again) != ids(&ours) {
                fail(
                    Who::Chain,
                    "contact_manifolds",
                    3,
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
    let moved = BoxPair::new(motion(k, &s), c1, c2, s.prediction);
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
                3,
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
            3,
            "panic",
            &panic.to_string(),
            &describe,
        ),
    }
    accepted(s.exact())
}

/// The knobs' small motion of the second box: a translation and a rotation about its centre.
fn motion(k: &Knobs, s: &BoxPair) -> Pose {
    let dt = DVec3::from_array(k.unit(0)) * k.translation(s.scale);
    let dq = DQuat::from_axis_angle(DVec3::from_array(k.unit(11)), k.angle());
    let q = (dq * s.pos12.rotation.as_dquat()).normalize();
    Pose::from_parts((s.t + dt).as_vec3(), q.as_quat())
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
    if n != 4 || ids.len() != 4 {
        fail(
            who,
            "contact_manifolds",
            3,
            "a box resting flat on a bigger face does not get 4 points with distinct ids",
            &format!("{n} points, ids {ids:?}, pos12 {:?}", s.pos12),
            describe,
        );
    }
}

/// Judges the manifolds a dispatcher left for the pair `s` (whatever data rapier or the check
/// attaches to them); `fresh`: computed without a cached manifold.
pub(super) fn judge_manifolds<M: Debug, C: Debug>(
    s: &BoxPair,
    ms: &[ContactManifold<M, C>],
    fresh: bool,
    result: Result<(), Unsupported>,
    who: Who,
    describe: &dyn Fn() -> String,
) {
    let fail = |rule: &'static str, detail: String| {
        fail(who, "contact_manifolds", 3, rule, &detail, describe)
    };
    if result.is_err() {
        return fail("cuboid pair unsupported", String::new());
    }
    let (b, p) = (s.bound(), f64::from(s.prediction));
    let band = super::band(s.scale);
    let points: Vec<_> = ms.iter().flat_map(|m| &m.points).collect();
    if ms.iter().filter(|m| !m.points.is_empty()).count() > 1 {
        fail("more than one manifold for a box pair", format!("{ms:?}"));
    }
    for man in ms.iter().filter(|m| !m.points.is_empty()) {
        // parry's manifolds may carry more points: rapier reduces them.
        if man.points.len() > 4 && who == Who::Chain {
            fail("more than 4 points", format!("{man:?}"));
        }
        let n = man.local_n1.as_dvec3();
        if !n.is_finite() || (n.length() - 1.0).abs() > 1e-5 {
            return fail("normal not unit", format!("{man:?}"));
        }
        let pref = f64::from(FACE_PREFERENCE_PREDICTION) * p.max(0.0);
        // Penetrating beyond the band (so intersecting), and the margin above the gap along
        // the normal by more than the face preference and the bound.
        let gap = s.gap(n);
        if fresh && s.margin_below(-band) && s.margin_above(gap + 2.0 * pref + b) {
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
            let (off1, off2) = (
                BoxPair::off(s.h1, pt.local_p1),
                BoxPair::off(s.h2, pt.local_p2),
            );
            if off1.max(off2) > b {
                fail(
                    "point off its box's surface",
                    format!("{off1:e} and {off2:e} off, bound {b:e}: {pt:?}"),
                );
            }
            let along = (s.world2(pt.local_p2) - pt.local_p1.as_dvec3()).dot(n.normalize());
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
    if !points.is_empty() && s.margin_above(p + b) {
        fail(
            "points for boxes farther apart than the prediction",
            format!("margin {:e}: {ms:?}", s.exact().margin),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat_rapier::dim3::rapier::parry::query::TrackedContact;
    use sat_rapier::dim3::rapier::parry::shape::PackedFeatureId;

    /// Unit cubes, the second at `(x, 0, 0)`, prediction `0.02`.
    fn cubes(x: f32) -> BoxPair {
        let cube = Cuboid::new(Vec3::ONE);
        BoxPair::new(
            Pose::from_translation(Vec3::new(x, 0.0, 0.0)),
            cube,
            cube,
            0.02,
        )
    }

    /// A manifold with normal `n` and points `(p1, p2 in the second box's frame, dist)`.
    fn manifold(n: Vec3, points: &[([f32; 3], [f32; 3], f32)]) -> Manifolds {
        let mut m = ContactManifold::new();
        m.local_n1 = n;
        m.local_n2 = -n;
        for &(p1, p2, dist) in points {
            let id = PackedFeatureId::UNKNOWN;
            let p = TrackedContact::new(Vec3::from(p1), Vec3::from(p2), id, id, dist);
            m.points.push(p);
        }
        vec![m]
    }

    /// The rule `judge_manifolds` breaks, if any.
    fn broken(s: &BoxPair, ms: &Manifolds, fresh: bool) -> Option<String> {
        let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            judge_manifolds(s, ms, fresh, Ok(()), Who::Chain, &String::new);
        }));
        judged
            .err()
            .map(|e| e.downcast_ref::<String>().cloned().unwrap_or_default())
    }

    /// The rules that compare with the exact margin, on each side of it.
    #[test]
    fn margin_rules_fail_wrong_manifolds_and_pass_right_ones() {
        let overlapping = cubes(1.5); // margin −0.5 along x
        let face = [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)]
            .map(|(y, z)| ([1.0, y, z], [-1.0, y, z], -0.5));
        assert_eq!(broken(&overlapping, &manifold(Vec3::X, &face), true), None);
        let no_point = broken(&overlapping, &manifold(Vec3::X, &[]), true).unwrap();
        assert!(
            no_point.contains("without a penetrating point"),
            "{no_point}"
        );
        // On both surfaces, 0 apart along y: only the normal is wrong (gap −2 along it).
        let side = manifold(Vec3::Y, &[([0.5, 1.0, 0.0], [-1.0, 1.0, 0.0], 0.0)]);
        let normal = broken(&overlapping, &side, true).unwrap();
        assert!(normal.contains("not the best axis"), "{normal}");
        assert_eq!(broken(&overlapping, &side, false), None);
        // 1 apart along x: a point is allowed only within the prediction.
        let apart = cubes(3.0);
        let far = manifold(Vec3::Y, &[([1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], 0.0)]);
        let beyond = broken(&apart, &far, false).unwrap();
        assert!(
            beyond.contains("farther apart than the prediction"),
            "{beyond}"
        );
        assert_eq!(broken(&apart, &manifold(Vec3::X, &[]), true), None);
    }

    /// Right manifolds are judged without the big-integer oracle: the f64 enclosure decides.
    #[test]
    fn clear_margins_need_no_exact_verdict() {
        let (overlapping, apart) = (cubes(1.5), cubes(3.0));
        let face = [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)]
            .map(|(y, z)| ([1.0, y, z], [-1.0, y, z], -0.5));
        assert_eq!(broken(&overlapping, &manifold(Vec3::X, &face), true), None);
        assert_eq!(broken(&apart, &manifold(Vec3::X, &[]), true), None);
        assert!(overlapping.exact.get().is_none() && apart.exact.get().is_none());
    }
}
