//! Named tolerances and the error bound they come from.
//!
//! # The quantities
//!
//! For boxes A and B (centres `c`, half-extents `e`, orthonormal axes) let `t = c_B − c_A`,
//! `S = |t| + |e_A| + |e_B|` (Euclidean norms) and `ε = 2⁻²³` (`f32::EPSILON`, `u = ε/2` the
//! unit roundoff). The *margin* of the pair is the largest signed gap over the separating axes
//! of the exact boxes (3 + 3 face normals and the 9 non-degenerate edge-edge cross products in
//! 3D, 2 + 2 face normals in 2D), each axis normalised:
//!
//! ```text
//! gap(L) = (|t·L| − Σ e_Ai |a_i·L| − Σ e_Bj |b_j·L|) / |L|
//! ```
//!
//! Positive margin: a separating axis exists and the margin is a lower bound of the distance.
//! Negative margin: the boxes overlap and −margin is the penetration depth.
//!
//! # What is computed
//!
//! In A's frame, `T = Aᵀt` and `R = AᵀB` (`R_ij = a_i·b_j`). Face axis `a_i` compares `|T_i|`
//! with `e_Ai + Σ_j e_Bj |R_ij|`; face axis `b_j` compares `|b_j·t|` (a world dot product, not
//! `Tᵀ R_·j`, which would double the error of `t`) with `Σ_i e_Ai |R_ij| + e_Bj`. Edge axis
//! `(i, k)` is `ℓ = e_i × R_·k`, whose components are two entries of `R` (so `ℓ` is exactly
//! perpendicular to `a_i` and `|ℓ| = sin ∠(a_i, b_k)`); B's projection radius on it uses the 2×2
//! minors of `R` (`b_j·ℓ = R_nj R_mk − R_mj R_nk`), not Ericson's shortcut `b_j·ℓ = ±R_il`. The
//! shortcut is exact only for an exactly orthonormal `R`; in floating point it errs by `O(ε)`
//! *absolutely*, which is `O(ε/|ℓ|)` after normalisation — the near-parallel-edge failure of every
//! peer. With the minors, every term of the edge test errs by at most `O(ε)·|ℓ|`, so the
//! normalised gap errs by `O(εS)` however parallel the edges are.
//!
//! # Per-axis error (first order in u; derivation)
//!
//! Stored axes are the exact axes rounded once to f32 (constructors work in f64), so each
//! column errs by at most `u` (Euclidean). Then `|t̃ − t| ≤ u|t|`, `|T̃ − T| ≤ (1 + √3 + 3√3)u|t|
//! ≤ 8u|t|`, each `T̃_i` and `b_j·t̃` within `5u|t|`, and `‖R̃ − R‖_F ≤ (2√3 + 9)u ≤ 12.5u`.
//! Summing the roundings of each test (`γ_n ≤ n·u`):
//!
//! * face of A: `5u|t| + (√3 + 1 + 3√3 + 3 + 2)u|e_B| + 2u|e_A| ≤ 13u·S = 6.5 εS`;
//! * face of B: the same with A and B swapped, `≤ 6.5 εS`;
//! * edge pair, unnormalised: `(8 + 2)u|t| + 3u|e_A| + (12.5 + 2√2 + 2)u|e_B| ≤ 17.4u·S|ℓ|
//!   ≤ 8.7 εS·|ℓ|`.
//!
//! # The pad: "separated" is always right
//!
//! A test declares "separated" only when the computed gap exceeds a pad (times `|ℓ|₁ ≥ |ℓ|₂` for
//! edge axes, folded into A's extents so it costs three additions per pair), plus
//! [`UNDERFLOW_FLOOR`] (and, for edge pairs, [`UNDERFLOW_SCALE`]`·S₁`) for products that fall
//! into the subnormal range. Write `σ = |e_A| + |e_B|` (so `S = |t| + σ`) and split the bounds
//! above by the size their terms scale with: face of A `2.5 ε|t| + 6.47 ε|e_B| + ε|e_A|` (face of
//! B: A and B swapped), edge pair `(5 ε|t| + 1.5 ε|e_A| + 8.67 ε|e_B|)·|ℓ|`.
//!
//! * *Face axes: `pad = PAD_K·ε·σ`, no `|t|`.* A wrong "separated" needs boxes that intersect,
//!   and intersecting boxes have `|t| ≤ σ` (a box lies in the ball of radius `|e|` about its
//!   centre). Then the face error is at most `3.5 ε|e_A| + 8.97 ε|e_B| ≤ 8.97 εσ`, under
//!   [`PAD_K`]` = 10` with room for second-order terms. (In 2D, the whole per-axis error
//!   `5 εS ≤ 10 εσ` the same way, `sat2.rs`.) So nothing before a face comparison depends on
//!   `|t|`: no square root, no norm.
//! * *Edge pairs: `pad = PAD_K·ε·(PAD_CENTRE_K·|t|₁ + σ)`*, [`PAD_CENTRE_K`]` = 9/16`:
//!   `5.625 ε|t| + 10 εσ` covers the edge error, whether or not the boxes intersect, with room
//!   for second-order terms; and `√3·PAD_CENTRE_K < 1`, so it is at most `PAD_K·ε·S`.
//!
//! So a `false` from `intersects` is exact at any margin: the exact boxes are separated. The
//! arguments below use of the pads only that each is at most `PAD_K·ε·S`, so the bands are those
//! of a pad `PAD_K·ε·S` on every axis. The certification slacks and the edge pairs' underflow
//! floor use `S₁ = |t|₁ + σ ≥ S` (no square root either).
//!
//! Before the edge pairs, the 3D test may also answer "overlap" early, when the segment between
//! the centres provably lies in the union of the exact boxes (`centres_covered` in `sat3.rs`:
//! the box coordinates it uses carry the pad, which covers their rounding). That answer is
//! exact, and it is the answer the padded test gives anyway (its "separated" is exact), so no
//! verdict changes and the batch kernels, which evaluate every axis, stay bit-identical.
//!
//! # The band: "overlap" is right outside `k·ε·S`
//!
//! Let the exact margin be `M > 0`. What each computed test certifies, along the direction it
//! *evaluates*: a face test evaluates the exact face normal, with error `≤ 6.5 εS` and pad
//! `≤ 10 εS`; edge test `(i, k)` evaluates the computed direction `L̃ = A·(e_i × R̃_·k)`, which is
//! exactly `⊥ a_i` but only within an *absolute* `6.66u` of the exact `a_i × b_k`, with error
//! `E = 8.66 εS·|ℓ̃|` and pad `≤ 10 εS·|ℓ̃|₁`. Measuring the exact edge axis along `L̃` would cost
//! `3.33 εS/|ℓ|`, and discarding a sliver facet costs its width `e_Bk·|ℓ|`: for
//! `2⁻²³ ≪ |ℓ| ≪ 1` neither is `O(εS)`, so the edge axes of one `a_i` are handled together.
//!
//! 1. If `M` is carried by a face normal, its test fires when `M > 16.5 εS`.
//! 2. Otherwise `M` is carried by some `a_i × b_k`; project the Minkowski difference
//!    `D = B − A` onto the plane `Π ⊥ a_i`. Its image is a zonogon with generators `a_m`, `a_n`
//!    (orthogonal) and the projections of `b_0, b_1, b_2`. Replace those three by the projections
//!    of the *computed* columns (`R̃` for `R`): the zonogon moves by at most
//!    `h ≤ 10.5u·|e_B| = 5.25 εS`, and the edge normals of the new zonogon are exactly the five
//!    directions the tests of `a_m`, `a_n` and edges `(i, 0..3)` evaluate.
//! 3. *Sector lemma.* The candidate normals cut the circle of `Π` into sectors on each of which
//!    the gap and `10 εS·|v|₁`, which bounds the pad of every candidate `v`, are linear (`a_m ⊥ a_n` are among the generators, so each
//!    sector lies in one quadrant and is at most 90° wide). A direction with gap `F` lies in a
//!    sector whose end normals `n_a, n_b` satisfy `sin β·F(n_a) + sin α·F(n_b) = sin γ·F`, so
//!    one of them keeps at least `F·cos 45° = F/√2`. The pad enters once, not times `√2`.
//!
//! Hence a test fires whenever `M > h + 10√2 + √2·(E + h) = 39.1 εS` (and 16.5 εS for faces).
//! In 2D every candidate axis is tested along itself: `19.1 εS`. [`BAND_K`]` = 48` covers both,
//! with the underflow floors (below `0.1 εS` for accepted input) and second-order terms (below
//! `10⁻³ εS`). The fuzz targets and tests check it against exact rationals; the worst case seen
//! is far inside it (see README).
//!
//! # Boxes as written
//!
//! The derivation above is for a box whose axes are exactly orthonormal (a quaternion's
//! `R(q)/|q|²`, an angle's `(cos, sin)`) and whose centre and half-extents are the stored f32
//! numbers. Every constructor builds such a box that *contains* the box as written:
//!
//! * **Columns orthonormal within `δ =` [`AXES_TOLERANCE`]** (`try_from_axes`, affine and node
//!   transforms with shear within `δ`): the written box is the parallelepiped `P` the columns
//!   `G` span. The stored box has the polar factor `U` of `G = U·H` as axes (the orthonormal
//!   matrix nearest to `G`) and half-extents `f_i = Σ_j e_j|H_ij|`, rounded up after a relative
//!   slack of `2⁻⁴⁸` for the f64 arithmetic, so it contains `P`. `|H_ij − δ_ij| ≤ δ/2 + δ²`, so
//!   it is within `2δ·|e|` of `P` in 3D and `δ·|e|` in 2D (Hausdorff). A margin of the written
//!   pair is not simply that much larger than the stored pair's (near-parallel edge axes of `P`
//!   and of the stored box differ), but projecting obliquely along `g_i` instead of `a_i` in step
//!   2 gives a loss of `Λ ≤ 2.71 δS = 22.7 εS` before the sector step, plus `1 εS` for rounding
//!   the extents up: written verdicts are exact outside `39.1 + 22.7 + 1 = 62.8 εS` in 3D and
//!   `32.7 εS` in 2D, i.e. outside [`AXES_BAND_K`]` = 64`. A `false` is exact for `P`.
//! * **Corners within [`CORNER_TOLERANCE`]**: the fitted rectangle through their mean, grown to
//!   reach every corner, so it contains the quadrilateral (a `false` is exact for it).
//! * **f64 numbers** (`try_enclosing`, `try_enclosing_axes`, `try_enclosing_degrees`): angles are
//!   reduced and quaternions turned into axes in f64; a half-extent f32 cannot hold is rounded
//!   up; a centre is rounded to nearest and the half-extents grow by `|u_i·shift|`, so the box
//!   still contains the written one. That growth is an ulp of the centre's coordinates, up to
//!   `ε·(|c_A| + |c_B|)` on the band: build a pair relative to one centre (`c_B − c_A` in f64,
//!   rounded once — the rounding sat-core's own subtraction makes) to keep it inside `εS`, as
//!   the `obbsat` CLI does.
//!
//! # Certified verdicts
//!
//! `intersects_certified` also needs "overlap" to be exact, so every candidate axis of the exact
//! boxes must be shown non-separating. The evaluated direction is not the exact one: a face
//! normal of the stored parallelepiped (`g_j × g_k`) is within `3u` of the stored column `g_i`,
//! and an edge axis `g_Ai × g_Bk` is within `2u + 8u` (axes, then `R̃`) of the evaluated
//! `e_i × R̃_·k` — absolutely, not relative to `|ℓ|`. The gap numerator's Lipschitz constant in the
//! direction is at most `|t| + |e_A|₁ + |e_B|₁ ≤ √3·S`, so an axis is certainly non-separating when
//! its computed gap is below `−(rounding + √3·S·angle)`: `≤ 10 εS` for faces, `≤ 9 εS` plus the
//! pad times `|ℓ|₁` for edges; [`CERT_K`]` = 12` for both. Near-parallel edge pairs (`|ℓ|`
//! comparable to `ε`) are therefore never certified here: they go to the f64 tier, where `g × h`
//! of f32 columns is exact up to one rounding per component, so its error *is* relative to
//! `|ℓ|` and an exactly parallel pair (no candidate axis) is recognised exactly. Before that, a
//! pair some axis left uncertain is also settled in f32 when a candidate common point (in A's
//! frame, the middle of A's extent ∩ B's reach on each axis) provably lies in both stored
//! parallelepipeds (`common_point` in `sat3.rs`: its coordinates err by at most `8 εS`, inside the
//! pad) — which is what near-parallel boxes resting or stacked on each other usually need — and
//! the f64 tier evaluates only the axes the f32 tier left uncertain (the others it proved
//! non-separating).
//!
//! # Double precision (`DObb2`, `DObb3`)
//!
//! [`DObb2`](crate::DObb2) and [`DObb3`](crate::DObb3) run the same code on f64 numbers
//! (glam's `DVec3`, `DMat3`, …): `ε =` [`EPS_F64`]` = 2⁻⁵²`, `u = 2⁻⁵³`, the same `S`. What
//! changes is where the stored columns come from: the f64 constructors compute the axes in f64
//! and store them as computed, so a column is within `α·u` of the exact axis of the box as
//! written rather than within one rounding of it:
//!
//! * quaternion `R(q)/|q|²`: each entry within `8u` (`obb3::quat_matrix_f64`), a column within
//!   `8√3·u < 14u`;
//! * angle: `libm`'s `(cos, sin)`, each within one ulp, a column within `2√2·u`; `(cos, sin)`
//!   normalised in f64, within `3u` per component; degrees: the exact box is the one of the
//!   reduced angle's computed `(cos, sin)` ([`exact`](crate::exact) takes it so), `α = 0`;
//! * columns with shear (axes, affine, node): the stored parallelepiped has the computed polar
//!   factor's columns exactly (`α = 0`; orthonormal within a few `u`) and contains the written one
//!   (the relative slack `2⁻⁴⁸` of the extents covers the f64 rounding of `UᵀG`).
//!
//! Every first-order bound above is a sum of terms `c·u·X` (arithmetic) and `c'·α·u·X` (the
//! columns' error and the orthonormality defect it implies), `c, c' ≥ 0`, evaluated at `α = 1`;
//! at `α ≤ 16` each is at most [`F64_AXIS_FACTOR`]` = 16` times its f32 value in units of the
//! f64 `ε`: faces `≤ 104 εS`, edge pairs `≤ 139 εS·|ℓ|`, the zonogon's move `h ≤ 84 εS`.
//!
//! * [`PAD_K_F64`]` = 192` covers the per-axis errors (faces, where a wrong "separated" has
//!   `|t| ≤ σ` as above: `≤ 16 · 8.97 = 143.5 εσ`; edges: `80 ε|t| + 138.7 εσ` under
//!   `PAD_CENTRE_K_F64 · 192 = 108` times `|t|₁` plus `192 εσ`; 2D: `16 · 5 εS ≤ 160 εσ`) with
//!   `≥ 32 εσ` to spare (times `|ℓ|` on edges), which also covers boxes as written that stick out
//!   of the stored box by the f64 rounding of their construction (fitted corners, a node's
//!   centre: a few `u·S`). So a
//!   `false` from `DObb::intersects` is exact at any margin, for the stored boxes and the boxes as
//!   written.
//! * Band, as above with the f64 pad: `h + √2·pad + √2·(E + h) ≤ 84 + 271.5 + 314.8 = 670.3 εS`
//!   in 3D, `√2·(√2·192 + 80) ≤ 497 εS` in 2D: [`BAND_K_F64`]` = 768`.
//! * Columns orthonormal within `δ =` [`AXES_TOLERANCE_F64`]` = 2⁻⁴⁶` (64 f64 ulps): the
//!   parallelepiped costs `Λ ≤ 2.71 δS = 173.5 εS` and the extents' slack `2⁻⁴⁸·|e|₁ ≤ 27.8 εS`:
//!   `670.3 + 173.5 + 27.8 = 871.6 εS`, [`AXES_BAND_K_F64`]` = 896`.
//! * [`CERT_K_F64`]` = 192` and [`SEPARATION_K_F64`]` = 192` are 16 times the f32 constants.
//! * Magnitudes: the same range as f32 ([`MAX_MAGNITUDE`], [`MIN_MAGNITUDE`]; the checked
//!   constructors' errors quote them), far inside f64's, with [`UNDERFLOW_FLOOR_F64`] and
//!   [`UNDERFLOW_SCALE_F64`] (`2⁻¹⁰⁰⁰`) for products that reach f64's subnormals, and
//!   [`PARALLEL_CUTOFF_F64`]` = 2⁻⁷⁰` for `separation`'s edge axes.
//!
//! `intersects_certified` on f64 boxes is the padded f64 test with certification (`CERT_K_F64`),
//! then the exact integers of [`exact`](crate::exact) on the stored f64 numbers (every finite
//! f64 is a dyadic rational; no f64 tier in between: the f32 path's relies on f32 columns whose
//! products are exact in f64). The f64 batch sets (`batch::DObbSet3`, …) give
//! `DObb3::intersects`' verdicts bit for bit, so this bound; the distance queries have their own
//! ([`distance`](crate::distance), "Double precision").
//!
//! # `separation`
//!
//! The gap it returns is, within [`SEPARATION_K`]`·ε·S`, the exact boxes' signed gap along the
//! returned unit axis (the same per-axis error as above, plus the normalisation). It chooses the
//! largest computed gap, except that an edge pair must beat the best face by the pad, so when the
//! boxes overlap the gap is within `(SEPARATION_K + PAD_K)·ε·S` of the exact margin (minus the
//! penetration depth over the candidate axes). It evaluates the 15 axes three to a SIMD
//! operation with every value rounded as the axis-by-axis definition rounds it (a test keeps
//! that scan as the reference and compares bits), so the bound above is unchanged.

/// `f32::EPSILON = 2⁻²³`.
pub const EPS: f32 = f32::EPSILON;

/// Per-axis rigorous pad, in units of `ε·(|e_A| + |e_B|)` on face axes and of
/// `ε·(PAD_CENTRE_K·|t|₁ + |e_A| + |e_B|)` on edge pairs, at most `ε·S` either way (derivation
/// above, "The pad").
pub const PAD_K: f32 = 10.0;

/// The weight of the centre offset `|t|₁` in the edge pairs' pad (`9/16`): `PAD_K·PAD_CENTRE_K
/// = 5.625 ≥ 5`, the edge error's `|t|` coefficient, and `√3·PAD_CENTRE_K < 1`, so the pad stays
/// at most `PAD_K·ε·S` (`|t|₁ ≤ √3·|t|`).
pub const PAD_CENTRE_K: f32 = 0.5625;

/// The documented verdict band: `intersects` equals the exact verdict whenever
/// `|margin| > BAND_K · ε · S`, and a `false` (separated) verdict is exact at any margin.
pub const BAND_K: f32 = 48.0;

/// The band for boxes built from columns that are orthonormal only within [`AXES_TOLERANCE`]
/// (`try_from_axes`, `try_from_affine`, `try_from_node` with shear), judged against the
/// parallelepipeds the columns span: `intersects` equals their exact verdict whenever
/// `|margin| > AXES_BAND_K · ε · S` ("Boxes as written" in the module docs), and a `false` is
/// exact for them at any margin.
pub const AXES_BAND_K: f32 = 64.0;

/// Certification slack, in units of `ε·S`: a candidate axis of the exact boxes is certainly
/// non-separating when its computed gap is below `−CERT_K·ε·S` (edge pairs: minus also the pad
/// times `|ℓ|₁`). It covers the rounding error and the angle between the evaluated direction and
/// the exact candidate axis (face: `≤ 3u`; edge pair: `≤ 10u`, absolute), times the gap's
/// Lipschitz constant `≤ √3·S` (derivation under "Certified verdicts" in the module docs).
pub const CERT_K: f32 = 12.0;

/// `separation().gap` is the exact gap along the returned axis within `SEPARATION_K · ε · S`.
pub const SEPARATION_K: f32 = 12.0;

/// Absolute floor added to every threshold (2⁻¹²⁰): covers products of values below 1 that
/// underflow (at most ~10 per test, each off by at most 2⁻¹²⁶ even with flush-to-zero on). Far
/// below `ε·S` for any accepted input, whose `S` is at least 2⁻⁸³.
pub const UNDERFLOW_FLOOR: f32 = pow2(-120);

/// Edge-pair thresholds also get `UNDERFLOW_SCALE · S₁` (2⁻¹²⁰·S₁, `S ≤ S₁ ≤ √3·S`): an axis entry of `R` may be
/// subnormal (an axis component near 1e-45, or an edge pair within 1e-38 of parallel), so a
/// product with it is off by up to 2⁻¹⁵⁰ absolutely, not `u` relatively — and the edge test
/// then multiplies it by an extent or a centre offset up to `S`. The pad, scaled by `|ℓ|₁`,
/// cannot cover that when `ℓ` itself is subnormal (a fuzz finding, kept as a test in
/// `crates/sat-core/tests/all/verdicts.rs`). It is `2⁻⁹⁷` of `ε·S`, so it matters only on edge axes within `2⁻⁹⁷`
/// rad of parallel, whose facets the band argument never relies on. (A normal number, so
/// flush-to-zero leaves it alone.)
pub const UNDERFLOW_SCALE: f32 = pow2(-120);

/// Largest accepted magnitude of a coordinate or extent (2⁶⁰ ≈ 1.15e18): keeps every product
/// and `|t|²` far from overflow.
pub const MAX_MAGNITUDE: f32 = pow2(60);

/// Smallest accepted non-zero magnitude (2⁻⁶⁰ ≈ 8.7e-19): keeps `ε·S` far above the underflow
/// floor. Exact zeros are always accepted.
pub const MIN_MAGNITUDE: f32 = pow2(-60);

/// Orthonormality tolerance of axis matrices and orthogonality tolerance of affine columns:
/// `max |AᵀA − I| ≤ 1e-6` (about 8 ε). The box stored contains the parallelepiped the columns
/// span and is within `2·AXES_TOLERANCE·|e|` of it (`AXES_TOLERANCE·|e|` in 2D); verdicts for
/// the parallelepiped are exact outside [`AXES_BAND_K`].
pub const AXES_TOLERANCE: f32 = 1e-6;

/// How far four corners may be from a rectangle, relative to its longer diagonal: the
/// parallelogram defect `|c0 + c2 − c1 − c3|` and the cosine of the corner angle.
/// The box built is the best-fit rectangle, within this tolerance of the corners given.
pub const CORNER_TOLERANCE: f32 = 1e-4;

/// Edge axes with `|a_i × b_k| < 2⁻⁴⁰` are not normalised by [`separation`](crate::Obb3::separation)
/// (their facet is narrower than `2⁻⁴⁰·|e_B|`, far inside the band); `intersects` still tests
/// them, protected by [`UNDERFLOW_FLOOR`].
pub const PARALLEL_CUTOFF: f32 = pow2(-40);

/// The band of a pair: `K·ε·S`, the `|margin|` within which a test may answer either way.
///
/// Outside its band a test's "intersects" is exact ("separated" is exact everywhere), so a
/// judge calls a wrong verdict *in the band* when the band [`contains`](Band::contains) the
/// exact margin and *outside the band* otherwise. A band is its factor `K` (in units of `ε·S`),
/// the `ε` of its precision and the pair's error scale `S = |c_B − c_A| + |e_A| + |e_B|`.
///
/// One type for both precisions: `Band<f32>` is computed in f32, `Band<f64>` in f64.
/// [`Band::f32`] is the band of sat-core's f32 test ([`BAND_K`], [`EPS`]) for a scale of
/// either precision: a judge holding the exact margin and `S` in f64 takes it in f64.
/// [`Band::f64`] is the band of the f64 test ([`BAND_K_F64`], [`EPS_F64`]); the `_axes`
/// constructors are the bands of boxes given by axis columns ([`AXES_BAND_K`],
/// [`AXES_BAND_K_F64`]), and [`Band::exact`] the zero band of an exact test.
/// [`width`](Band::width) multiplies `(K·ε)·S` in that order, so `Band::f32(s).width()` in f64
/// rounds once (`K·ε` is exact).
///
/// ```
/// use sat_core::Obb3;
/// use sat_core::glam::{Quat, Vec3};
/// use sat_core::tolerance::{BAND_K, Band, EPS};
///
/// let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
/// let b = Obb3::new(Vec3::new(2.0 + 1e-6, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY);
/// let band = Band::f32(a.error_scale(&b));
/// assert_eq!(band.width(), BAND_K * EPS * band.scale);
/// // A gap of 1e-6 is far inside the band (4·ε·S ≈ 2.2e-6 for S ≈ 3.46): either verdict is
/// // allowed there, so only "separated" would have been guaranteed.
/// assert!(band.contains(1e-6));
/// assert!(!band.contains(-1e-3)); // overlapping by 1e-3: "intersects" is guaranteed
/// ```
///
/// A judge in f64, as the fuzz checks and the `obbsat` CLI judge against the exact oracle:
///
/// ```
/// use sat_core::tolerance::{AXES_BAND_K_F64, Band, EPS_F64};
///
/// let (margin, scale) = (1.0e-12, 2.0); // an exact margin and S, in f64
/// assert!(!Band::f32(scale).contains(-1e-4)); // sat-core's f32 test: 48·2⁻²³·2 ≈ 1.1e-5
/// assert!(Band::f32(scale).contains(margin));
/// assert!(!Band::f64(scale).contains(margin)); // the f64 test: 768·2⁻⁵²·2 ≈ 3.4e-13
/// assert_eq!(Band::f64_axes(scale).width(), AXES_BAND_K_F64 * EPS_F64 * scale);
/// assert!(!Band::exact(scale).contains(1e-300)); // only a zero margin is in an exact band
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band<R> {
    /// The factor `K`, in units of `ε·S` ([`BAND_K`], [`AXES_BAND_K`], [`BAND_K_F64`], …).
    pub k: R,
    /// The precision's `ε` ([`EPS`], [`EPS_F64`]).
    pub eps: R,
    /// The pair's error scale `S = |c_B − c_A| + |e_A| + |e_B|`.
    pub scale: R,
}

impl<R> Band<R> {
    /// The band `k·eps·scale`.
    #[inline]
    pub const fn new(k: R, eps: R, scale: R) -> Self {
        Band { k, eps, scale }
    }
}

impl<R: From<f32>> Band<R> {
    /// sat-core's f32 verdict band `BAND_K·ε·S` (`Obb2`/`Obb3::intersects`), for a scale `S` in
    /// f32 or f64.
    #[inline]
    pub fn f32(scale: R) -> Self {
        Band {
            k: BAND_K.into(),
            eps: EPS.into(),
            scale,
        }
    }

    /// The f32 band of boxes given by axis columns orthonormal only within
    /// [`AXES_TOLERANCE`], judged as the parallelepipeds the columns span: `AXES_BAND_K·ε·S`.
    #[inline]
    pub fn f32_axes(scale: R) -> Self {
        Band {
            k: AXES_BAND_K.into(),
            ..Band::f32(scale)
        }
    }

    /// The band of an exact test: zero, so only a zero margin is in it.
    #[inline]
    pub fn exact(scale: R) -> Self {
        Band {
            k: 0.0.into(),
            ..Band::f32(scale)
        }
    }
}

impl Band<f64> {
    /// sat-core's f64 verdict band `BAND_K_F64·ε₆₄·S` (`DObb2`/`DObb3::intersects`).
    #[inline]
    pub const fn f64(scale: f64) -> Self {
        Band {
            k: BAND_K_F64,
            eps: EPS_F64,
            scale,
        }
    }

    /// The f64 band of boxes given by axis columns orthonormal only within
    /// [`AXES_TOLERANCE_F64`]: `AXES_BAND_K_F64·ε₆₄·S`.
    #[inline]
    pub const fn f64_axes(scale: f64) -> Self {
        Band {
            k: AXES_BAND_K_F64,
            eps: EPS_F64,
            scale,
        }
    }
}

impl<R: Copy + core::ops::Mul<Output = R> + core::ops::Neg<Output = R> + PartialOrd> Band<R> {
    /// `K·ε·S`, multiplied in that order.
    #[inline]
    pub fn width(&self) -> R {
        self.k * self.eps * self.scale
    }

    /// Whether `margin` lies in the band, `|margin| ≤ K·ε·S`: a wrong verdict there is allowed.
    /// `false` for a NaN margin.
    #[inline]
    pub fn contains(&self, margin: R) -> bool {
        let width = self.width();
        -width <= margin && margin <= width
    }
}

/// `f64::EPSILON = 2⁻⁵²`: the `ε` of [`DObb2`](crate::DObb2) and [`DObb3`](crate::DObb3).
pub const EPS_F64: f64 = f64::EPSILON;

/// How many times the f32 per-axis error bounds, in units of their own `ε`, bound the f64 ones:
/// the f64 constructors' stored columns are within `16u` of the exact axes instead of `u`
/// ("Double precision" above).
pub const F64_AXIS_FACTOR: f64 = 16.0;

/// [`PAD_K`] for f64 boxes, in units of `EPS_F64·S`.
pub const PAD_K_F64: f64 = 192.0;

/// [`PAD_CENTRE_K`] for f64 boxes: `PAD_K_F64 · 9/16 = 108 ≥ 80`, the f64 edge error's `|t|`
/// coefficient.
pub const PAD_CENTRE_K_F64: f64 = PAD_CENTRE_K as f64;

/// [`BAND_K`] for f64 boxes: `DObb3::intersects` equals the exact verdict whenever
/// `|margin| > BAND_K_F64 · EPS_F64 · S`, and a `false` is exact at any margin.
pub const BAND_K_F64: f64 = 768.0;

/// [`AXES_BAND_K`] for f64 boxes built from columns orthonormal within [`AXES_TOLERANCE_F64`],
/// judged against the parallelepipeds the columns span.
pub const AXES_BAND_K_F64: f64 = 896.0;

/// [`CERT_K`] for f64 boxes, in units of `EPS_F64·S`.
pub const CERT_K_F64: f64 = F64_AXIS_FACTOR * CERT_K as f64;

/// [`SEPARATION_K`] for f64 boxes: `DObb3::separation().gap` is the exact gap along the returned
/// axis within `SEPARATION_K_F64 · EPS_F64 · S`.
pub const SEPARATION_K_F64: f64 = F64_AXIS_FACTOR * SEPARATION_K as f64;

/// [`UNDERFLOW_FLOOR`] for f64 boxes (`2⁻¹⁰⁰⁰`): products below f64's normal range
/// (`2⁻¹⁰²²`), at most ~10 per test.
pub const UNDERFLOW_FLOOR_F64: f64 = pow2_f64(-1000);

/// [`UNDERFLOW_SCALE`] for f64 boxes (`2⁻¹⁰⁰⁰`, times `S`).
pub const UNDERFLOW_SCALE_F64: f64 = pow2_f64(-1000);

/// [`AXES_TOLERANCE`] for f64 boxes (`2⁻⁴⁶ ≈ 1.4e-14`, 64 f64 ulps): `max |AᵀA − I|` of the
/// axis columns `DObb3::try_from_axes` accepts, and the relative shear of the transforms
/// `try_from_affine` and `try_from_node` accept.
pub const AXES_TOLERANCE_F64: f64 = pow2_f64(-46);

/// [`PARALLEL_CUTOFF`] for f64 boxes (`2⁻⁷⁰`).
pub const PARALLEL_CUTOFF_F64: f64 = pow2_f64(-70);

/// `2^exponent` for normal-range f64 exponents (−1022..=1023), exactly.
const fn pow2_f64(exponent: i32) -> f64 {
    assert!(
        -1022 <= exponent && exponent <= 1023,
        "not a normal f64 exponent"
    );
    f64::from_bits(((1023 + exponent) as u64) << 52)
}

/// `2^exponent` for normal-range exponents (−126..=127), exactly.
const fn pow2(exponent: i32) -> f32 {
    assert!(
        -126 <= exponent && exponent <= 127,
        "not a normal f32 exponent"
    );
    f32::from_bits(((127 + exponent) as u32) << 23)
}

use crate::precision::StoredScalar;

/// IEEE square root (correctly rounded, so every implementation agrees bit for bit). With `std`
/// it is the compiler's intrinsic, which the batch kernels vectorise.
#[inline(always)]
pub(crate) fn sqrt(x: f32) -> f32 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::sqrtf(x)
    }
}

/// [`sqrt`] in f64.
#[inline(always)]
pub(crate) fn sqrt_f64(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        libm::sqrt(x)
    }
}

/// Checks one scalar for the `try_` constructors: finite and within the supported magnitudes
/// (for a number as written in f64, before it is rounded to f32; the error reports it rounded).
pub(crate) fn check_magnitude(
    what: &'static str,
    value: impl StoredScalar,
) -> Result<(), crate::ObbError> {
    use crate::ObbError;
    let value = value.to_f64();
    if !value.is_finite() {
        return Err(ObbError::NonFinite { what });
    }
    let m = value.abs();
    if m > f64::from(MAX_MAGNITUDE) {
        return Err(ObbError::TooLarge {
            what,
            value: value as f32,
        });
    }
    if m != 0.0 && m < f64::from(MIN_MAGNITUDE) {
        return Err(ObbError::TooSmall {
            what,
            value: value as f32,
        });
    }
    Ok(())
}

/// Checks a half-extent the constructor computed (scaled or grown to contain the box as
/// written): finite and at most [`MAX_MAGNITUDE`]. It may be non-zero but below
/// [`MIN_MAGNITUDE`] (the lean of a column times a tiny extent): harmless, since `S` comes from
/// the extents that carry the box.
pub(crate) fn check_built_extent<R: StoredScalar>(
    what: &'static str,
    value: R,
) -> Result<(), crate::ObbError> {
    check_magnitude(what, value.to_f64().max(f64::from(MIN_MAGNITUDE)))
}

/// Bound on the f64 rounding of the polar factor `U` and of `H = UᵀG` (per entry, relative to the
/// half-extents), added before rounding up so that the stored box really contains the written
/// one ("Boxes as written" above).
pub(crate) const POLAR_ROUNDING: f64 = 1.0 / (1u64 << 48) as f64;

/// Columns as written (`DMat2`, `DMat3`: orthonormal within the axes tolerance) and the stored
/// axes for them ("Boxes as written" above).
pub(crate) trait GivenColumns: Sized {
    /// The stored axes `U` for the columns `G` and the spread `H = UᵀG` of the written box
    /// about them: `G` itself, no spread, when every column is ±1 times a different unit basis
    /// vector (exactly orthonormal; the only exactly orthonormal matrices with dyadic entries);
    /// else the orthogonal polar factor of `G = U·H` (`H` symmetric positive definite), the
    /// orthonormal matrix nearest to `G`, of the same handedness. Newton's iteration
    /// `U ← (U + U⁻ᵀ)/2` converges quadratically; from `|GᵀG − I| ≤ 10⁻⁶` three steps reach f64
    /// precision.
    fn stored_axes(self) -> (Self, Option<Self>);
}

/// The rotation of a box as written, in f64 (`M`: `DMat2` or `DMat3`).
pub(crate) enum GivenAxes<M> {
    /// Exactly orthonormal columns up to f64 rounding: a quaternion's `R(q)/|q|²`, an angle's
    /// `(cos, sin)` and its perpendicular, or fitted corner axes.
    Rotation(M),
    /// Columns as given, orthonormal within the axes tolerance: the box as written is the
    /// parallelepiped they span ([`GivenColumns::stored_axes`]).
    Columns(M),
}

impl GivenAxes<glam::DMat2> {
    /// The rotation whose x axis is `x` (unit up to f64 rounding), y its perpendicular.
    pub(crate) fn turned(x: glam::DVec2) -> Self {
        GivenAxes::Rotation(glam::DMat2::from_cols(x, x.perp()))
    }
}

macro_rules! given_columns {
    ($($mat:ident, $vec:ident, [$($col:ident),+];)*) => {$(
        impl GivenColumns for glam::$mat {
            fn stored_axes(self) -> (Self, Option<Self>) {
                let g = self;
                let unit = |c: glam::$vec| {
                    let a = c.abs();
                    a.element_sum() == 1.0 && a.max_element() == 1.0
                };
                if [$(g.$col),+].into_iter().all(unit) && g.transpose() * g == Self::IDENTITY {
                    return (g, None);
                }
                let mut u = g;
                for _ in 0..3 {
                    u = (u + u.inverse().transpose()) * 0.5;
                }
                (u, Some(u.transpose() * g))
            }
        }
    )*};
}

given_columns! {
    DMat2, DVec2, [x_axis, y_axis];
    DMat3, DVec3, [x_axis, y_axis, z_axis];
}

/// The stored half-extents for a box as written ("Boxes as written" above): along stored axis
/// `i`, the reach `Σ_j e_j·|H_ij|` of the written columns (`spread` = the rows of `H = UᵀG`;
/// `None` when the written axes are the stored ones, so the reach is `e_i`) plus
/// `|shift_along[i]|`, the centre's rounding along that axis, rounded up to the stored precision.
pub(crate) fn enclosing_half_extents<R: StoredScalar, const N: usize>(
    e: [f64; N],
    spread: Option<[[f64; N]; N]>,
    shift_along: [f64; N],
) -> [R; N] {
    core::array::from_fn(|i| {
        let reach = match spread {
            None => e[i],
            Some(h) => {
                let exact: f64 = (0..N).map(|j| e[j] * h[i][j].abs()).sum();
                exact + POLAR_ROUNDING * e.iter().sum::<f64>()
            }
        };
        R::round_up(reach + shift_along[i].abs())
    })
}

/// Checks a half-extent or size: as [`check_magnitude`], and not negative (`-0.0` is zero).
pub(crate) fn check_extent<R: StoredScalar>(
    what: &'static str,
    value: R,
) -> Result<R, crate::ObbError> {
    check_magnitude(what, value)?;
    if value.to_f64() < 0.0 {
        return Err(crate::ObbError::NegativeExtent {
            what,
            value: value.to_f64() as f32,
        });
    }
    Ok(R::round_up(value.to_f64())) // exact; turns -0.0 into +0.0
}

/// [`check_magnitude`] on each coordinate of a point, in order.
pub(crate) fn check_point<R: StoredScalar, const N: usize>(
    what: &'static str,
    point: [R; N],
) -> Result<(), crate::ObbError> {
    point.into_iter().try_for_each(|c| check_magnitude(what, c))
}

/// [`check_extent`] on each of `values`, in order: the values, `-0.0` turned into `+0.0`.
pub(crate) fn check_extents<R: StoredScalar, const N: usize>(
    what: &'static str,
    values: [R; N],
) -> Result<[R; N], crate::ObbError> {
    let mut checked = values;
    for value in &mut checked {
        *value = check_extent(what, *value)?;
    }
    Ok(checked)
}

/// [`check_built_extent`] on each half-extent a constructor built, in order.
pub(crate) fn check_built_extents<R: StoredScalar, const N: usize>(
    what: &'static str,
    values: [R; N],
) -> Result<(), crate::ObbError> {
    values
        .into_iter()
        .try_for_each(|e| check_built_extent(what, e))
}
