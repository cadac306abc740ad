//! Distance and closest points of two boxes: [`Obb3::distance`](crate::Obb3::distance),
//! [`Obb3::closest_points`](crate::Obb3::closest_points) and their 2D twins, with a stated
//! error bound.
//!
//! # The maths
//!
//! The distance of two convex polytopes is attained between features, and a closest pair can
//! always be slid (keeping its difference vector) until it is a vertex of one box against the
//! other box, or — in 3D — an interior point of an edge of each, both edges perpendicular to
//! the difference. Such an edge pair `(a_i, b_k)` has the difference along `ℓ = a_i × b_k`, and
//! its edges are the ones *supporting* each box along `±ℓ`. So for disjoint boxes
//!
//! ```text
//! d(A, B) = min( min over the 8 (2D: 4) vertices v of B: |v − clamp_A(v)|,
//!                min over the vertices w of A:         |w − clamp_B(w)|,
//!                min over the 9 edge pairs (i, k):     |closest points of the supporting edges| )
//! ```
//!
//! where `clamp_A` is the closest point of A (a clamp in A's frame) and an edge pair counts
//! only when the closest points of its two lines lie on both edges. Any pair of points `p ∈ A`,
//! `q ∈ B` bounds the distance from above, and the gap of the boxes along any direction `n`
//! (`min over B of n·y − max over A of n·x`, over `|n|`) bounds it from below: a pair whose
//! distance meets the gap along its own direction, or the separating-axis margin, is a closest
//! pair. Everything runs in A's frame (`T = Aᵀt`, `R = AᵀB`) and, for A's vertices, in B's
//! (`Bᵀt`, `Rᵀ`), as the separating-axis test does.
//!
//! # The algorithm
//!
//! Cheapest first; each candidate is a pair of points, one on each box, and is *accepted* when
//! its distance is within `tol = `[`FAST_K`]`·ε·S₁` of a lower bound (`S₁ = |t|₁ + |e_A| + |e_B|`,
//! between `S` and `√3·S`, needs no square root):
//!
//! 1. The 6 (2D: 4) face gaps, as [`separation`](crate::Obb3::separation) computes them; `g_f`
//!    the largest.
//! 2. If `g_f ≤ 0`: the segment between the centres, if it lies in both boxes as computed
//!    (`x = c_A + λt` is in A iff `λ|T_i| ≤ e_Ai`, in B iff `(1 − λ)|b_j·t| ≤ e_Bj`), gives
//!    distance `0` and a common point.
//! 3. The vertex of the other box supporting against the best face (B's against a face of A,
//!    A's against a face of B), with its closest point: accepted against `max(g_f, 0)`. This
//!    decides most pairs: whenever a vertex and a face are closest, the distance *is* the gap.
//! 4. The other box's supporting vertex; the nearer pair, accepted against `max(g_f, 0)` or
//!    against the gap along its own direction `n` (vertex against edge or vertex).
//! 5. If `g_f ≤ 0`: a point of that pair lying inside the other box as computed is a common
//!    point.
//! 6. The 9 edge gaps (3D), `g` the largest of all 15, and the supporting edges of the best edge
//!    pair (every option where a side is ambiguous): the closest points of their lines if they
//!    lie on both edges, else the end vertex of the edge they leave against the other box;
//!    accepted as in step 4 against `max(g, 0)`.
//! 7. If `g ≤ PAD_K·ε·S₁` (the boxes may intersect): step 5 again on the nearest pair so far.
//! 8. Up to [`WALK_STEPS`] support steps (as GJK steps): the vertex of each box supporting along
//!    the nearest pair's direction, against the other box; accepted along their own direction.
//! 9. If the boxes may intersect: every edge of each stored box clipped against the other, in
//!    f64 and in the other box's own coordinates `G⁻¹(x − c)` (products of f32 values are exact
//!    there), with a slack of [`CLIP_SLACK`]`·S`; a non-empty clip is a common point. Every
//!    vertex of the intersection of two boxes is a vertex of one inside the other or an edge of
//!    one crossing a face of the other, so it lies on an edge inside the other box: intersecting
//!    boxes always give one, and a miss proves the stored boxes disjoint.
//! 10. Otherwise (rare: a few pairs in ten thousand) the minimum above over all candidates.
//!
//! # Edge pairs, near-parallel edges and faces
//!
//! For edge pair `(i, k)` in A's frame, A's edge runs along `e_i` at `(x_m, x_n)`, B's from `Q₀`
//! along `d = R_·k`, and `ℓ = e_i × d` has components `(ℓ_m, ℓ_n) = (−d_n, d_m)`: entries of
//! `R`, exactly. The supporting signs are then `sign(σℓ_m)`, `sign(σℓ_n)` for A (exact) and
//! `−sign(σ R_·j·ℓ)` for B, with `σ = sign(T·ℓ)`; the last two are two-term sums, and where one
//! is within its rounding error ([`AMBIGUITY_K`]) — or `ℓ_m`, `ℓ_n` is exactly zero — both sides
//! are tried. The closest points are found in the plane `⊥ e_i`, where A's edge is the point
//! `(x_m, x_n)`: `t = −(r·d)_{mn}/|d_{mn}|²` projects it onto B's line (`r = Q₀ − x`,
//! `|d_{mn}| = |ℓ|`), the point on A is the foot `s = (Q₀ + t·d)_i` of B's point on A's line,
//! and the distance is the residual `|r_{mn} + t·d_{mn}|`. For near-parallel edges `t` is
//! ill-conditioned (it moves by `u|r|/|ℓ|` per rounding) but the residual is not: moving `t`
//! by `Δ` along B's line changes it by `|Δ|·|ℓ|` at most, and that product is `O(u|r|)`
//! whatever `|ℓ|` is; the points returned are an exact closest pair of lines moved by a few
//! rounding errors. When rounding pushes `t` or `s` off an edge (`|t| > e_Bk`, `|s| > e_Ai`),
//! the exact closest points lie within that `O(u|r|)/|ℓ|` of the edge's end, and sliding along
//! the lines' common "valley" (`Δs = d_i·Δt`, which changes the distance by `|Δt|·|ℓ|`) or
//! along A's edge alone (by `|Δs|`), whichever is cheaper, reaches that end vertex — the
//! candidate step 6 takes — within `O(u·S)` of the distance. Exactly parallel edges (`ℓ = 0`)
//! give a NaN or infinite `t`, are skipped, and their distance is carried by a vertex.
//! Near-parallel faces: the supporting vertex takes, on an axis within `ε·S₁` of parallel to
//! the face, the side towards the other box's centre (the vertex over the face, when one is);
//! whichever vertex it is, it is accepted only against a lower bound, and step 10 tries them all.
//!
//! # Error bound (first order in `u = ε/2`; `S = |t| + |e_A| + |e_B|`)
//!
//! As in [`tolerance`](crate::tolerance): each stored axis is within `u` of an exactly
//! orthonormal axis, `|T̃ − T|`, `|B̃ᵀt − Bᵀt| ≤ 8u|t|` and `‖R̃ − R‖_F ≤ 12.5u`, so the box
//! B̃ the computed `T̃, R̃` describe in A's frame is within `H = 8u|t| + 12.5u|e_B| ≤ 12.5u·S` of B
//! (Hausdorff: the same B-frame coordinates, mapped exactly and as computed), and so is Ã, A
//! in B's frame.
//!
//! * **Every candidate is a pair of real points.** A's point is in A exactly (a clamp, a vertex,
//!   `|s| ≤ e_Ai`), B's is given by its coordinates in B's frame, in B exactly; the computed
//!   distance is within `E` of their exact distance: a vertex `4√3u·S` (its coordinates, four
//!   terms) `+ H + 3.5u·S` (clamp, norm) `≤ 22.9u·S`; an edge pair `5.2u·S` (`Q₀`) `+ 12.1u·S`
//!   (the residual's and `s`'s roundings, `|r| ≤ √2·S`) `+ 3.5u·S + H ≤ 33.3u·S`. So nothing
//!   returned is below `d − 16.7 εS`.
//! * **Accepted against a separating-axis gap** (steps 3, 4, 6): the computed gap is along an
//!   exact direction and within `PAD_K·ε·S` of the exact boxes' gap there (`tolerance`), which is
//!   at most `d`; `tol ≤ 4√3 εS`: at most `d + 17 εS`.
//! * **Accepted against the gap along its own direction** `n` (steps 4, 6, 8): that gap,
//!   `n·T − Σ e_Bj|(Rᵀn)_j| − Σ e_Ai|n_i|`, errs by `8u|t| + 12.5u|e_B|` (`T̃`, `R̃`) plus
//!   its roundings (three-term dot products and sums, `≤ 17u·S`), `≤ 15 εS` per unit of `|n|`:
//!   at most `d + 22 εS`.
//! * **Step 10** (the stored boxes are disjoint: a gap beyond the pad proves it, and otherwise
//!   step 9 found no common point). Take a closest pair of the computed boxes
//!   (A, B̃), `d̃ ≤ d + H`, of the kinds above. B's vertex: found within `10.4u·S` of `d̃`. A's
//!   vertex (computed in B's frame, against Ã): within `H + 22.9u·S`. Edges: all supporting
//!   options are tried, `t` is off by `|Δt|·|ℓ| ≤ 2u|r| + 3u|r| + 5.2u·S ≤ 12.3u·S` in the plane,
//!   so an accepted pair is within `12.3 + 3u|r|·√2 + 3.5 ≤ 28.5u·S` of `d̃`; a rejected one slides
//!   to a vertex for at most `17.1u·S` (`12.3u·S`, plus `4.8u·S` for `s`), found within `H +
//!   22.9u·S` of that. The worst chain: `d + H + 17.1u·S + H + 22.9u·S = d + 65u·S = d + 32.5 εS`.
//! * **2D `distance` without points** (`Obb2::distance`) takes two shortcuts. All four computed
//!   face gaps `≤ 0`: `0`. For disjoint rectangles one face normal is within 45° of the closest
//!   direction (it lies in the normal cones of a vertex of each, quarter planes bounded by face
//!   normals) and the gap along it is at least `d/√2`, so exact face gaps within `PAD_K·ε·S` of
//!   computed ones `≤ 0` give `d ≤ √2·PAD_K·ε·S ≤ 14.2 εS`. A face gap beyond `PAD_K·ε·S₁`
//!   proves the rectangles disjoint, and their distance is the least of the 8 vertex candidates
//!   (step 10's): within `E` of `d`. In between it runs the steps above, as `closest_points`
//!   does; its distance may differ from `closest_points`' by the bound, not more.
//! * **3D `distance` without points** (`Obb3::distance`): where step 3 does not decide a pair
//!   whose face gaps all overlap, the certified separating-axis test's f32 tier
//!   (`intersects_certified` before its exact tier) runs first; when it proves the stored boxes
//!   intersect, the answer is `0`, exactly, with no common point to find.
//! * **Common points** return distance `0` and one point `x` for both boxes. The centre segment
//!   (step 2): `x`'s coordinates in each box are within `8u|t|` of the computed ones, so `x` is
//!   within `7 εS` of both. A point of a pair inside the other box as computed (steps 5, 7): on
//!   its own box exactly, its coordinates in the other within `H + 5.2u·S` of the computed ones:
//!   within `15.3 εS` of that box. The f64 clip (step 9): within `2⁻³⁹·S` of both. In each case
//!   `d` is at most that, so `0` is within it of `d`.
//! * **Scale.** A pair smaller than [`SMALL_SCALE`]` = 2⁻⁴⁰` has every length of its frames
//!   measured in a power of two `2^e` with `S₁/2^e ∈ [1/2, 1)` (an exact scaling), so squared
//!   distances stay in f32's normal range for boxes of any accepted size; for larger pairs an
//!   underflowing square belongs to a distance below `2⁻⁶³` and costs at most `2⁻⁷⁴`, far below
//!   `ε·S ≥ 2⁻⁶³`.
//! * **Stored boxes.** The stored axis columns taken exactly span parallelepipeds within
//!   `√3u·(|e_A| + |e_B|) ≤ 0.9 εS` of those boxes.
//!
//! Hence `|distance − d| ≤ 33.4 εS`: [`DISTANCE_K`]` = 48` with room for second-order terms.
//! Each returned point is on its box up to its world-space rounding, `(√3 + 3√3 + √3)u·|e| +
//! √3u·|c| ≤ 4.4 εS + ε·|c|` (the `ε·|c|` is the resolution of f32 world coordinates `|c|` from
//! the origin: give far-away pairs relative to one centre), common points within `20 εS`; and
//! `|a − b|` is within `16.7 εS + 2·4.4 εS ≤ 26 εS` of the distance. In 2D every step is the same
//! with vertex candidates only and smaller constants (`H ≤ 6.8u·S`). The fuzz targets
//! `distance2` and `distance3` check all of it against the exact oracle
//! ([`exact::distance3`](crate::exact::distance3)).
//!
//! Caveats: the bound is relative to `S`, so for boxes far apart `|t|` dominates it; the points
//! of a pair of near-parallel edges are one closest pair among many (any point along the
//! overlap realises the distance within the bound), not the midpoint of the overlap; boxes
//! within the bound of touching get a distance within it of zero, not exactly zero.
//!
//! # Double precision (`DObb2`, `DObb3`)
//!
//! [`DObb3::distance`](crate::DObb3), `DObb3::closest_points` and their 2D twins run the same
//! steps on the stored f64 numbers (one source, `three.rs` and `two.rs`, compiled per precision),
//! with `ε = ε₆₄ = 2⁻⁵²`, the f64 constants of [`tolerance`](crate::tolerance) ("Double
//! precision": `PAD_K_F64`, `CERT_K_F64`, …), [`FAST_K_F64`] and [`CLIP_SLACK_F64`], and return
//! `f64` and `ClosestPoints<DVec3, f64>` (`DVec2` in 2D). The bound carries over as the
//! separating-axis bound does there: every first-order term above is `c·u·X` (arithmetic) or
//! `c'·α·u·X` (a stored column's distance `α·u` from the exact axis, and the orthonormality
//! defect it implies), evaluated at `α = 1`; the f64 constructors' columns have `α ≤ 16`
//! ([`F64_AXIS_FACTOR`](crate::tolerance::F64_AXIS_FACTOR)), so each term is at most 16 times its
//! f32 value in units of `ε₆₄`, and so is the acceptance slack (`FAST_K_F64 = 16·FAST_K`):
//! `|distance − d| ≤ 16 · 33.4 = 534.4 ε₆₄·S`, each point within `16 · 4.4 = 70.4 ε₆₄·S` of its
//! box (common points `16 · 20 = 320 ε₆₄·S`), `|a − b|` within `16 · 26 = 416 ε₆₄·S` of the
//! distance. Three steps are not of that form:
//!
//! * **The clip** (step 9) is in f64 on f64 numbers, so its products are rounded. For columns
//!   orthonormal within a few `u`, each entry of the computed `G⁻¹` (adjugate over determinant)
//!   is within `12u` of the exact inverse's, `‖ΔG⁻¹‖ ≤ 36u`; so the other box's coordinates
//!   `G⁻¹t` and `G⁻¹G'h` err by at most `(36 + 3√3)u ≤ 41.2u` per unit of `|t|` and of `|e|`,
//!   the edge's start by `2u·S` more and the clip's parameter by `2u·S`: each coordinate within
//!   `46u·S = 23 ε₆₄·S` (and `u|t|` for `t`, not exact in f64), under `30 ε₆₄·S`. The clip allows
//!   `CLIP_SLACK_F64·S = 128 ε₆₄·S` beyond each face, so intersecting stored boxes always give a
//!   point and a miss proves them disjoint; a point found lies on one box (its coordinates there
//!   are kept inside the edge) and within `√3·(128 + 30) ≤ 274 ε₆₄·S` of the other, so the
//!   answer `0` is within that of `d`.
//! * **2D `distance` without points** answers `0` when every computed face gap is `≤ 0`:
//!   `d ≤ √2·PAD_K_F64·ε₆₄·S ≤ 272 ε₆₄·S`.
//! * **Scale.** No f64 pair needs a unit ([`SMALL_SCALE`] is for f32 numbers): a squared distance
//!   below f64's normal range belongs to a distance below `2⁻⁵¹¹`, far below `ε₆₄·S` for any pair
//!   within the accepted magnitudes (`S ≥ 2⁻¹¹²` unless it is `0`, two points in one place).
//!
//! Hence [`DISTANCE_K_F64`]` = 768 = 16 · DISTANCE_K`, for the distance and for each point (plus
//! `ε₆₄·|c|` for its world coordinates: `1.2e-10` a million metres out). The tests check it
//! against the exact oracle on the f32 families with gaps of f64 ulps, and on boxes `10⁶` m from
//! the origin a micrometre or a nanometre apart.

mod double;
mod single;

/// The distance error bound, in units of `ε·S`: `|distance − d| ≤ DISTANCE_K·ε·S` for the
/// exact distance `d` of the boxes as stored, and each point of
/// [`closest_points`](crate::Obb3::closest_points) lies within that of its box (plus `ε·|c|`
/// for its world coordinates). Derived in the module docs (`33.4`).
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::distance::DISTANCE_K;
/// use sat_core::tolerance::EPS;
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let b = Obb3::new(Vec3::X * 3.0, Vec3::ONE, Quat::IDENTITY); // 1 apart
/// assert!((a.distance(&b) - 1.0).abs() <= DISTANCE_K * EPS * a.error_scale(&b));
/// ```
pub const DISTANCE_K: f32 = 48.0;

/// The acceptance slack, in units of `ε·S₁`: a candidate is the answer when its distance is
/// within this of a lower bound (a separating-axis gap, or the gap along its own direction),
/// which covers their roundings against each other (a few `u·S` when the candidate is exact).
///
/// # Examples
///
/// ```
/// use sat_core::distance::{DISTANCE_K, FAST_K};
///
/// assert!(FAST_K < DISTANCE_K);
/// ```
pub const FAST_K: f32 = 4.0;

/// The slack of the f64 clip that looks for a common point, relative to `S` (`2⁻⁴⁰`): far
/// above its rounding (`~10⁻¹⁵·S`), far below `ε·S`.
///
/// # Examples
///
/// ```
/// use sat_core::distance::CLIP_SLACK;
///
/// assert_eq!(CLIP_SLACK, 2f64.powi(-40));
/// ```
pub const CLIP_SLACK: f64 = 1.0 / (1u64 << 40) as f64;

/// [`DISTANCE_K`] for [`DObb3`](crate::DObb3) and [`DObb2`](crate::DObb2), in units of
/// `ε₆₄·S` (`ε₆₄ = 2⁻⁵²`): 16 times the f32 constant ("Double precision" in the module docs).
///
/// # Examples
///
/// ```
/// use sat_core::DObb3;
/// use sat_core::distance::DISTANCE_K_F64;
/// use sat_core::glam::{DQuat, DVec3};
///
/// // Cubes a million metres out, a micrometre apart.
/// let a = DObb3::new(DVec3::splat(1e6), DVec3::ONE, DQuat::IDENTITY);
/// let b = DObb3::new(DVec3::splat(1e6) + DVec3::X * (2.0 + 1e-6), DVec3::ONE, DQuat::IDENTITY);
/// let bound = DISTANCE_K_F64 * f64::EPSILON * a.error_scale(&b) + 1e6 * f64::EPSILON; // + ε·|c|
/// assert!((a.distance(&b) - 1e-6).abs() <= bound);
/// ```
pub const DISTANCE_K_F64: f64 = 768.0;

/// [`FAST_K`] for f64 boxes, in units of `ε₆₄·S₁`: 16 times the f32 constant.
///
/// # Examples
///
/// ```
/// use sat_core::distance::{FAST_K, FAST_K_F64};
///
/// assert_eq!(FAST_K_F64, 16.0 * f64::from(FAST_K));
/// ```
pub const FAST_K_F64: f64 = 64.0;

/// The slack of the f64 boxes' clip ([`CLIP_SLACK`]), relative to `S`: `128·ε₆₄ = 2⁻⁴⁵`,
/// above its rounding (`≤ 30·ε₆₄·S`, "Double precision" in the module docs).
///
/// # Examples
///
/// ```
/// use sat_core::distance::CLIP_SLACK_F64;
///
/// assert_eq!(CLIP_SLACK_F64, 2f64.powi(-45));
/// ```
pub const CLIP_SLACK_F64: f64 = 128.0 * f64::EPSILON;

/// Support-walk steps before the candidates are enumerated (each one GJK-like step from the
/// nearest pair so far).
///
/// # Examples
///
/// ```
/// use sat_core::distance::WALK_STEPS;
///
/// assert_eq!(WALK_STEPS, 2);
/// ```
pub const WALK_STEPS: usize = 2;

/// A two-term sum `x·y + z·w` decides a supporting side only when it exceeds
/// `AMBIGUITY_K·ε·(|x·y| + |z·w|)`: its rounding error is at most `ε·(|x·y| + |z·w|)·(1 + u)`.
///
/// # Examples
///
/// ```
/// use sat_core::distance::AMBIGUITY_K;
///
/// assert_eq!(AMBIGUITY_K, 2.0);
/// ```
pub const AMBIGUITY_K: f32 = 2.0;

/// The distance of two boxes and a point of each realising it, as
/// [`Obb3::closest_points`](crate::Obb3::closest_points) and
/// [`Obb2::closest_points`](crate::Obb2::closest_points) return them. `V` is `glam::Vec2` or
/// `glam::Vec3` with `R = f32`; for [`DObb3`](crate::DObb3) and [`DObb2`](crate::DObb2),
/// `glam::DVec3` or `glam::DVec2` with `R = f64`.
///
/// # Error bound
///
/// `distance` within `DISTANCE_K·ε·S` of the exact distance of the boxes as stored, each point
/// within that of its box (plus `ε·|c|` for its world coordinates); `DISTANCE_K_F64` in f64.
///
/// # Examples
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::ClosestPoints;
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let b = Obb3::new(Vec3::new(3.0, 0.5, 0.0), Vec3::ONE, Quat::IDENTITY);
/// let ClosestPoints { distance, a: on_a, b: on_b } = a.closest_points(&b);
/// assert!((distance - 1.0).abs() < 1e-6 && (on_a.x - 1.0).abs() < 1e-6 && (on_b.x - 2.0).abs() < 1e-6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestPoints<V, R = f32> {
    /// The distance, `0` when the boxes intersect (within [`DISTANCE_K`]`·ε·S`; f64 boxes:
    /// [`DISTANCE_K_F64`]`·ε₆₄·S`).
    pub distance: R,
    /// A point of the first box (world space).
    pub a: V,
    /// A point of the second box, `distance` from `a`; the same point as `a` when the boxes
    /// intersect.
    pub b: V,
}

/// A box's stored numbers as the 3D steps (`three.rs`) compute with them, in the precision's
/// frame types (`V`, `M`: `FrameVec3`, `FrameMat3`): built by `parts3` in `single.rs` and
/// `double.rs`.
pub(crate) struct Parts3<V, M> {
    pub(crate) center: V,
    pub(crate) half: V,
    pub(crate) cols: M,
    pub(crate) rows: M,
}

/// The middle of the parameters `t ∈ [−half, half]` for which `start + t·dir` lies in the box
/// `|x_c| ≤ bounds_c`, if any (slab clipping, in f64).
pub(crate) fn clip<const N: usize>(
    start: [f64; N],
    dir: [f64; N],
    bounds: [f64; N],
    half: f64,
) -> Option<f64> {
    let (mut lo, mut hi) = (-half, half);
    for c in 0..N {
        let (x, d, h) = (start[c], dir[c], bounds[c]);
        if d == 0.0 {
            let inside = x.abs() <= h;
            if !inside {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((-h - x) / d, (h - x) / d);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
    }
    (lo <= hi).then_some(0.5 * (lo + hi))
}

/// Pairs whose size `S₁` is below this (`2⁻⁴⁰`) measure lengths in a power of two of `S₁`
/// (`unit_of`): above it, a squared distance that underflows belongs to a distance below
/// `2⁻⁶³`, and the underflow costs at most `2⁻⁷⁴ ≪ ε·S`.
///
/// # Examples
///
/// ```
/// use sat_core::distance::SMALL_SCALE;
///
/// assert_eq!(SMALL_SCALE, 2f32.powi(-40));
/// ```
pub const SMALL_SCALE: f32 = 1.0 / (1u64 << 40) as f32;

/// The power of two `2^e` with `s/2^e` in `[1/2, 1)`, and its reciprocal (exact, from the bits:
/// no division on the critical path): the unit the frames measure lengths in, so that squared
/// distances keep their precision for millimetre boxes near `2⁻⁶⁰` and kilometre ones near `2⁶⁰`
/// alike (a squared length below `2⁻¹²⁶` would lose its digits to underflow). `(1, 1)` for
/// zero, subnormal, non-finite or huge `s` (beyond any accepted pair).
#[inline(always)]
pub(crate) fn unit_of(s: f32) -> (f32, f32) {
    let biased = s.to_bits() >> 23 & 0xff;
    if biased == 0 || biased >= 0xfd {
        (1.0, 1.0)
    } else {
        // s ∈ [2^(b−127), 2^(b−126)): unit 2^(b−126), its reciprocal 2^(126−b).
        (
            f32::from_bits((biased + 1) << 23),
            f32::from_bits((253 - biased) << 23),
        )
    }
}
