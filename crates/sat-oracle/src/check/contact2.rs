//! [`check_contact2`] and [`check_manifold2`]: the rules of [`contact`](super::contact) in 2D
//! (rectangles: 4 candidate axes, at most 2 points, a resting box gets 2).

use arbitrary::{Arbitrary, Unstructured};
use glam::{DMat2, DVec2, Vec2};
use sat_core::Feature;
use sat_core::exact::{ExactBox2, ExactVerdict, verdict2};
use sat_rapier::dim2::SatDispatcher;
use sat_rapier::dim2::rapier::math::{Pose, Rot2};
use sat_rapier::dim2::rapier::parry::query::{
    Contact, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher, QueryDispatcher,
    Unsupported,
};
use sat_rapier::dim2::rapier::parry::shape::Cuboid;
use sat_rapier::tolerance::FACE_PREFERENCE_PREDICTION;

use super::contact::{Knobs, Who, bound, fail};
use super::{Case2, Report};
use crate::peers::{ParryBox2, catch_peer};

/// A contact or manifold input: the query's [`Knobs`], then a [`Case2`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactCase2 {
    /// Prediction and motion.
    pub knobs: Knobs,
    /// The two boxes.
    pub case: Case2,
}

impl<'a> Arbitrary<'a> for ContactCase2 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let knobs = Knobs::decode(u);
        Ok(ContactCase2 {
            knobs,
            case: Case2::arbitrary(u)?,
        })
    }
}

type Manifolds = Vec<ContactManifold<(), u32>>;

/// The pair as rapier hands it to a dispatcher, and the exact reference for it.
#[derive(Clone, Copy)]
struct BoxPair {
    pos12: Pose,
    c1: Cuboid,
    c2: Cuboid,
    prediction: f32,
    t: DVec2,
    r: DMat2,
    h1: DVec2,
    h2: DVec2,
    exact: ExactVerdict,
}

impl BoxPair {
    fn new(pos12: Pose, c1: Cuboid, c2: Cuboid, prediction: f32) -> BoxPair {
        let (re, im) = (f64::from(pos12.rotation.re), f64::from(pos12.rotation.im));
        let exact = verdict2(
            &ExactBox2::from_axes(
                [0.0; 2],
                c1.half_extents.to_array().map(f64::from),
                [[1.0, 0.0], [0.0, 1.0]],
            ),
            &ExactBox2::from_axes(
                pos12.translation.to_array().map(f64::from),
                c2.half_extents.to_array().map(f64::from),
                [[re, im], [-im, re]],
            ),
        );
        let x = DVec2::new(re, im).normalize();
        BoxPair {
            pos12,
            c1,
            c2,
            prediction,
            t: pos12.translation.as_dvec2(),
            r: DMat2::from_cols(x, x.perp()),
            h1: c1.half_extents.as_dvec2(),
            h2: c2.half_extents.as_dvec2(),
            exact,
        }
    }

    fn bound(&self) -> f64 {
        bound(self.exact.scale)
    }

    /// The gap of the boxes along `n` (normalised here): a lower bound of the distance.
    fn gap(&self, n: DVec2) -> f64 {
        let n = n.normalize();
        n.dot(self.t) - self.h1.dot(n.abs()) - self.h2.dot((self.r.transpose() * n).abs())
    }

    /// A point of the second box (its frame) in the first box's frame.
    fn world2(&self, p2: Vec2) -> DVec2 {
        self.t + self.r * p2.as_dvec2()
    }

    /// Signed gaps of the four candidate axes, with the axis's feature.
    fn gaps(&self) -> Vec<(Feature, f64)> {
        let mut out = Vec::with_capacity(4);
        for i in 0..2 {
            let l = DVec2::AXES[i];
            out.push((Feature::FaceA(i as u8), self.gap(l).max(self.gap(-l))));
        }
        for j in 0..2 {
            let l = self.r.col(j);
            out.push((Feature::FaceB(j as u8), self.gap(l).max(self.gap(-l))));
        }
        out
    }

    /// Whether the pair is a box resting flat on a bigger edge (see the module docs), as in 3D.
    fn resting(&self) -> bool {
        let b = self.bound();
        let p = f64::from(self.prediction);
        let pref = f64::from(FACE_PREFERENCE_PREDICTION) * p.max(0.0);
        let gaps = self.gaps();
        let span = self.h1.length() + self.h2.length();
        (0..2).any(|i| {
            let row = self.r.row(i);
            let j = if row[1].abs() > row[0].abs() { 1 } else { 0 };
            let tilt = (1.0 - row[j] * row[j]).max(0.0).sqrt();
            // Flat on the boxes' own scale: `b` grows with the distance between them, and a
            // fuzz finding (a box 510 away, tilted 0.15°, within a huge prediction) was judged
            // resting by it.
            if tilt * span > b / 4.0 || tilt > 24.0 * f64::from(f32::EPSILON) {
                return false;
            }
            let face = self.gap(DVec2::AXES[i]).max(self.gap(-DVec2::AXES[i]));
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
            let (u, k) = (1 - j, 1 - i);
            let fc = self.t + self.r.col(j) * (sj * self.h2[j]);
            let b_inside = [1.0, -1.0].iter().all(|&su| {
                let x = fc + self.r.col(u) * (su * self.h2[u]);
                x[k].abs() <= self.h1[k] - b && si * x[i] - self.h1[i] <= p - b
            });
            let a_inside = [1.0, -1.0].iter().all(|&sk| {
                let mut y = DVec2::ZERO;
                y[i] = si * self.h1[i];
                y[k] = sk * self.h1[k];
                let z = self.r.transpose() * (y - self.t);
                z[u].abs() <= self.h2[u] - b && sj * z[j] - self.h2[j] <= p - b
            });
            b_inside || a_inside
        })
    }

    /// `|max_k(|p_k| − h_k)|`: how far `p` (box frame) is from the surface of the box `h`.
    fn off(h: DVec2, p: Vec2) -> f64 {
        (p.as_dvec2().abs() - h).max_element().abs()
    }
}

/// The pair of a case as rapier's narrow phase sees it: the two colliders' poses (centres and
/// the stored axes' quaternions) and `pos1.inv_mul(&pos2)`.
fn pair(case: &Case2) -> Option<(Pose, Cuboid, Cuboid)> {
    let (a, b) = case.obbs().ok()?;
    let (pa, pb) = (ParryBox2::from_obb(&a), ParryBox2::from_obb(&b));
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
pub fn check_contact2(input: &ContactCase2) -> Report {
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
            2,
            "panic",
            &panic.to_string(),
            &describe,
        ),
    }
    accepted(&s.exact)
}

fn box_pair(knobs: &Knobs, pos12: Pose, c1: Cuboid, c2: Cuboid) -> BoxPair {
    let scale = f64::from(pos12.translation.length())
        + f64::from(c1.half_extents.length())
        + f64::from(c2.half_extents.length());
    BoxPair::new(pos12, c1, c2, knobs.prediction(scale))
}

fn describe(input: &ContactCase2, s: &BoxPair) -> String {
    format!(
        "{} (knobs {:?}; pos12 {:?}, half-extents {} and {}, prediction {:e}; exact {:?})",
        input.case.to_json(),
        input.knobs,
        s.pos12,
        s.c1.half_extents,
        s.c2.half_extents,
        s.prediction,
        s.exact
    )
}

fn judge_contact(
    s: &BoxPair,
    answer: Result<Option<Contact>, Unsupported>,
    who: Who,
    describe: &dyn Fn() -> String,
) {
    let fail =
        |rule: &'static str, detail: String| fail(who, "contact", 2, rule, &detail, describe);
    let (b, m, p) = (s.bound(), s.exact.margin, f64::from(s.prediction));
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
    let n = c.normal1.as_dvec2();
    if (n.length() - 1.0).abs() > 1e-5 || (s.r * c.normal2.as_dvec2() + n).length() > 1e-5 {
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
    let d = s.world2(c.point2) - c.point1.as_dvec2();
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
    if s.exact.intersects {
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
pub fn check_manifold2(input: &ContactCase2) -> Report {
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
        let [x, y, _] = k.unit(0);
        let axis = DVec2::new(x, y).normalize_or(DVec2::X);
        let slide = axis * k.translation(s.exact.scale) * 1e-3;
        let moved_pose = Pose::from_parts((s.t + slide).as_vec2(), pos12.rotation);
        let moved = BoxPair {
            pos12: moved_pose,
            t: moved_pose.translation.as_dvec2(),
            ..s
        };
        if moved.resting() {
            let mut again: Manifolds = Vec::new();
            if manifolds(&chain, &moved, &mut again).is_ok() && ids(&again) != ids(&ours) {
                fail(
                    Who::Chain,
                    "contact_manifolds",
                    2,
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
                2,
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
            2,
            "panic",
            &panic.to_string(),
            &describe,
        ),
    }
    accepted(&s.exact)
}

/// The knobs' small motion of the second box: a translation and a rotation about its centre.
fn motion(k: &Knobs, s: &BoxPair) -> Pose {
    let [x, y, _] = k.unit(0);
    let dt = DVec2::new(x, y).normalize_or(DVec2::X) * k.translation(s.exact.scale);
    let angle = if k.direction.is_multiple_of(2) {
        k.angle()
    } else {
        -k.angle()
    };
    let (re, im) = (
        f64::from(s.pos12.rotation.re),
        f64::from(s.pos12.rotation.im),
    );
    let turned = DVec2::new(re, im)
        .rotate(DVec2::from_angle(angle))
        .normalize();
    let rotation = Rot2 {
        re: turned.x as f32,
        im: turned.y as f32,
    };
    Pose::from_parts((s.t + dt).as_vec2(), rotation)
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
    if n != 2 || ids.len() != 2 {
        fail(
            who,
            "contact_manifolds",
            2,
            "a box resting flat on a bigger edge does not get 2 points with distinct ids",
            &format!("{n} points, ids {ids:?}, pos12 {:?}", s.pos12),
            describe,
        );
    }
}

fn judge_manifolds(
    s: &BoxPair,
    ms: &Manifolds,
    fresh: bool,
    result: Result<(), Unsupported>,
    who: Who,
    describe: &dyn Fn() -> String,
) {
    let fail = |rule: &'static str, detail: String| {
        fail(who, "contact_manifolds", 2, rule, &detail, describe)
    };
    if result.is_err() {
        return fail("cuboid pair unsupported", String::new());
    }
    let (b, m, p) = (s.bound(), s.exact.margin, f64::from(s.prediction));
    let band = super::band(s.exact.scale);
    let points: Vec<_> = ms.iter().flat_map(|m| &m.points).collect();
    if ms.iter().filter(|m| !m.points.is_empty()).count() > 1 {
        fail("more than one manifold for a box pair", format!("{ms:?}"));
    }
    for man in ms.iter().filter(|m| !m.points.is_empty()) {
        // parry's manifolds may carry more points: rapier reduces them.
        if man.points.len() > 2 && who == Who::Chain {
            fail("more than 2 points", format!("{man:?}"));
        }
        let n = man.local_n1.as_dvec2();
        if !n.is_finite() || (n.length() - 1.0).abs() > 1e-5 {
            return fail("normal not unit", format!("{man:?}"));
        }
        let pref = f64::from(FACE_PREFERENCE_PREDICTION) * p.max(0.0);
        if fresh && s.exact.intersects && m < -band && s.gap(n) < m - 2.0 * pref - b {
            fail(
                "normal not the best axis within the face preference",
                format!("gap {:e} along it, margin {m:e}: {man:?}", s.gap(n)),
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
            let along = (s.world2(pt.local_p2) - pt.local_p1.as_dvec2()).dot(n.normalize());
            if (along - dist).abs() > b {
                fail(
                    "points not dist apart along the normal",
                    format!("{along:e} along the normal, bound {b:e}: {pt:?}"),
                );
            }
        }
    }
    if m < -band && !points.iter().any(|pt| pt.dist <= 0.0) {
        fail(
            "boxes overlapping beyond the band without a penetrating point",
            format!("margin {m:e}: {ms:?}"),
        );
    }
    if m > p + b && !points.is_empty() {
        fail(
            "points for boxes farther apart than the prediction",
            format!("margin {m:e}: {ms:?}"),
        );
    }
}
