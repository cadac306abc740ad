//! sat-core's stored boxes against the boxes as written, on the fuzz recipes' leaning columns
//! (`sat_oracle::check::Nudge`, `lean_columns`): a "separated" verdict is exact for columns as far
//! from orthonormal as the checked constructors accept, and the stored box contains corners, node
//! transforms and affine images at their tolerances. (The other input forms: sat-core's
//! `tests/all/input_forms.rs`.)

use glam::{Affine2, Affine3A, Mat2, Mat3, Quat, Vec2, Vec3};
use sat_core::{Obb2, Obb3};

/// Columns as far from orthonormal as `try_from_axes` accepts (`sat_oracle`'s leaning nudge, at
/// 100 %, 90 %, 50 % and 10 % of `AXES_TOLERANCE`), on plates that are large along the columns
/// that lean and thin along the other, with a small box touching the vertex of the
/// parallelepiped *as written* that sticks out farthest from the stored box: from outside
/// (apart by `gap > 0`), exactly, or from inside (`gap < 0`). A
/// "separated" verdict must be exact for the written boxes; outside the band every verdict must.
#[test]
fn a_false_is_exact_for_columns_at_the_axes_tolerance() {
    use rand::{Rng, SeedableRng};
    use sat_core::exact::{ExactBox2, ExactBox3, verdict2, verdict3};
    use sat_core::tolerance::Band;
    use sat_oracle::check::Nudge;

    let mut rng = rand_pcg::Pcg64::seed_from_u64(0x1ea7);
    let mut checked = [0usize; 2];
    for n in 0..20_000u32 {
        let lean = Nudge(0x80 | (n % 4) as u8);
        let big = 10f32.powf(rng.random_range(-2.0..3.0));
        let thin = big * 10f32.powf(rng.random_range(-6.0..0.0));
        let gap = [-1.0, 0.0, 1.0][rng.random_range(0..3)]
            * big
            * 10f32.powf(rng.random_range(-8.0..-4.0));
        let cube = big * 10f32.powf(rng.random_range(-3.0..0.0));
        // The written vertex of `$a` (columns `$cols`, half-extents `$e`) that sticks out farthest
        // from the stored box, approached along the diagonal of its normal cone, with B (the cube of
        // half-extent `cube` that `$cube_at` puts at a centre) `gap` beyond it: the exact verdict,
        // sat-core's, the exact margin and `S`. The methods in parentheses widen the axes and
        // half-extents and narrow the centre.
        macro_rules! touch_the_farthest_vertex {
            (
                $a:ident, $cols:ident, $e:ident, ($as_dmat:ident, $as_dvec:ident, $as_vec:ident),
                $dvec:ty, $cube_at:expr, $exact_box:ident, $verdict:ident
            ) => {{
                let (vertex, dir) = farthest_vertex(
                    $cols.map(|c| c.map(f64::from)),
                    $e,
                    $a.axes().$as_dmat().to_cols_array_2d(),
                    $a.half_extents().$as_dvec().to_array(),
                );
                let (vertex, dir) = (<$dvec>::from(vertex), <$dvec>::from(dir));
                let centre = vertex + dir * f64::from(gap) + dir.signum() * f64::from(cube);
                let b = ($cube_at)(centre.$as_vec());
                let origin = $e.map(|_| 0.0);
                let exact_a = $exact_box::from_axes(
                    origin,
                    $e.map(f64::from),
                    $cols.map(|c| c.map(f64::from)),
                );
                let exact = $verdict(&exact_a, &$exact_box::from_obb(&b));
                (
                    exact.intersects,
                    $a.intersects(&b),
                    exact.margin,
                    $a.error_scale(&b),
                )
            }};
        }
        let dim3 = n % 2 == 0;
        let (truth, verdict, margin, scale) = if dim3 {
            let m = glam::DMat3::from_quat(random_rotation(&mut rng)).as_mat3();
            let cols = lean.apply(m.to_cols_array_2d());
            let mut e = [big, big, big];
            e[rng.random_range(0..3)] = thin;
            let Ok(a) =
                Obb3::try_from_axes(Vec3::ZERO, Vec3::from(e), Mat3::from_cols_array_2d(&cols))
            else {
                continue; // the nudge's ulp may cross the tolerance
            };
            touch_the_farthest_vertex!(
                a,
                cols,
                e,
                (as_dmat3, as_dvec3, as_vec3),
                glam::DVec3,
                |centre| Obb3::new(centre, Vec3::splat(cube), Quat::IDENTITY),
                ExactBox3,
                verdict3
            )
        } else {
            let angle: f64 = rng.random_range(-4.0..4.0);
            let m = glam::DMat2::from_angle(angle).as_mat2();
            let cols = lean.apply(m.to_cols_array_2d());
            let e = if rng.random() {
                [big, thin]
            } else {
                [thin, big]
            };
            let Ok(a) =
                Obb2::try_from_axes(Vec2::ZERO, Vec2::from(e), Mat2::from_cols_array_2d(&cols))
            else {
                continue;
            };
            touch_the_farthest_vertex!(
                a,
                cols,
                e,
                (as_dmat2, as_dvec2, as_vec2),
                glam::DVec2,
                |centre| Obb2::new(centre, Vec2::splat(cube), 0.0),
                ExactBox2,
                verdict2
            )
        };
        checked[usize::from(truth)] += 1;
        assert!(
            verdict || !truth,
            "case {n}: \"apart\" for boxes that intersect as written (margin {margin:e})"
        );
        assert!(
            verdict == truth || margin.abs() <= f64::from(Band::f32(scale).width()),
            "case {n}: wrong outside the band: margin {margin:e}, band {:e}",
            Band::f32(scale).width()
        );
    }
    assert!(checked[0] > 2000 && checked[1] > 2000, "{checked:?}");
}

/// The vertex of the parallelepiped as written (columns `g`, half-extents `e`, centred at the
/// origin) that sticks out farthest from the stored box (unit columns `u`, half-extents `f`), and
/// the unit diagonal of that vertex's normal cone (vertex `k` has sign `+` along column `j` when
/// bit `j` of `k` is set). Sums and products in the order glam's vectors use.
fn farthest_vertex<const N: usize>(
    g: [[f64; N]; N],
    e: [f32; N],
    u: [[f64; N]; N],
    f: [f64; N],
) -> ([f64; N], [f64; N]) {
    let sign = |k: usize, j: usize| if k >> j & 1 == 1 { 1.0 } else { -1.0 };
    let sum = |term: &dyn Fn(usize) -> [f64; N]| {
        (0..N).fold([0.0; N], |acc, j| {
            let t = term(j);
            core::array::from_fn(|c| acc[c] + t[c])
        })
    };
    let dot = |a: [f64; N], b: [f64; N]| (0..N).fold(0.0, |s, c| s + a[c] * b[c]);
    let vertex_of = |k: usize| sum(&|j| g[j].map(|x| x * f64::from(e[j]) * sign(k, j)));
    let outside = |v: [f64; N]| {
        (0..N)
            .map(|i| dot(u[i], v).abs() - f[i])
            .fold(f64::MIN, f64::max)
    };
    let k = (0..1 << N)
        .max_by(|&p, &q| outside(vertex_of(p)).total_cmp(&outside(vertex_of(q))))
        .unwrap();
    let diagonal = sum(&|j| g[j].map(|x| x * sign(k, j)));
    let recip = 1.0 / dot(diagonal, diagonal).sqrt();
    (vertex_of(k), diagonal.map(|x| x * recip))
}

/// A random quaternion with components in `[−1, 1)`, normalised (not uniform over rotations).
fn random_rotation(rng: &mut rand_pcg::Pcg64) -> glam::DQuat {
    use rand::Rng;
    glam::DQuat::from_xyzw(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    )
    .normalize()
}

/// How far the farthest of `points` reaches from the centre `c` along each unit column of `u`.
fn reach<const N: usize>(c: [f64; N], u: [[f64; N]; N], points: &[[f64; N]]) -> [f64; N] {
    core::array::from_fn(|i| {
        points
            .iter()
            .map(|p| (0..N).map(|k| (p[k] - c[k]) * u[i][k]).sum::<f64>().abs())
            .fold(0.0, f64::max)
    })
}

/// `Err(reach)` unless the stored rectangle [`contains`] `points` (see [`reach`]).
fn covers2(obb: &Obb2, points: &[[f64; 2]]) -> Result<(), [f64; 2]> {
    let u = obb.axes().as_dmat2().to_cols_array_2d();
    let (c, e) = (obb.center().as_dvec2(), obb.half_extents().as_dvec2());
    covers(c.to_array(), u, e.to_array(), points)
}

/// `Err(reach)` unless the stored box [`contains`] `points` (see [`reach`]).
fn covers3(obb: &Obb3, points: &[[f64; 3]]) -> Result<(), [f64; 3]> {
    let u = obb.axes().as_dmat3().to_cols_array_2d();
    let (c, e) = (obb.center().as_dvec3(), obb.half_extents().as_dvec3());
    covers(c.to_array(), u, e.to_array(), points)
}

fn covers<const N: usize>(
    c: [f64; N],
    u: [[f64; N]; N],
    e: [f64; N],
    points: &[[f64; N]],
) -> Result<(), [f64; N]> {
    let r = reach(c, u, points);
    if contains(c, e, r) { Ok(()) } else { Err(r) }
}

/// Contains (up to the axes' rounding, `2ε·|e|`), and not grown by more than the rounding of
/// the centre and the extents (`2ε·(|e| + |c|)`).
fn contains<const N: usize>(c: [f64; N], e: [f64; N], reach: [f64; N]) -> bool {
    let norm = |v: [f64; N]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    let eps = f64::from(f32::EPSILON);
    (0..N).all(|i| {
        reach[i] <= e[i] + 2.0 * eps * norm(e) && reach[i] >= e[i] - 2.0 * eps * (norm(e) + norm(c))
    })
}

/// Corners within `CORNER_TOLERANCE` of a rectangle, node transforms and `Affine3A`s with shear
/// within `AXES_TOLERANCE`: the stored box contains every corner of the shape as written (up to
/// the axes' rounding) and reaches the farthest one, so a "separated" verdict is exact for the
/// shape as written.
#[test]
fn stored_boxes_contain_corners_nodes_and_affine_images_as_written() {
    use glam::{DVec2, DVec3};
    use rand::{Rng, SeedableRng};
    use sat_core::{AXES_TOLERANCE, CORNER_TOLERANCE};
    use sat_oracle::check::lean_columns;

    let mut rng = rand_pcg::Pcg64::seed_from_u64(0xc0e5);
    let mut built = [0usize; 3];
    for n in 0..6000 {
        let scale = 10f64.powf(rng.random_range(-2.0..3.0));
        let fraction = [1.0, 0.9, 0.5][n % 3];
        // Four corners of a turned rectangle, each moved by up to the tolerance.
        let (w, h) = (
            scale * rng.random_range(0.1..1.0),
            scale * rng.random_range(0.1..1.0),
        );
        let turn = DVec2::from_angle(rng.random_range(-3.2..3.2));
        let origin = DVec2::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)) * scale;
        let wobble = 0.2 * fraction * f64::from(CORNER_TOLERANCE) * (w * w + h * h).sqrt();
        let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map(|(x, y)| {
            let p = origin + turn.rotate(DVec2::new(x, y));
            let jitter = DVec2::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0));
            (p + jitter * wobble).as_vec2()
        });
        if let Ok(obb) = Obb2::try_from_corners(corners) {
            let points = corners.map(|p| p.as_dvec2().to_array());
            if let Err(r) = covers2(&obb, &points) {
                panic!("corners {corners:?}: {obb:?}, reach {r:?}");
            }
            built[0] += 1;
        }

        // A scene node: leaned, scaled columns, an anchor and a translation.
        let cols = lean_columns(
            [turn.to_array(), turn.perp().to_array()],
            fraction,
            n as u64,
            |x| f64::from(x as f32),
        );
        let scales = DVec2::new(rng.random_range(0.5..2.0), rng.random_range(0.5..2.0));
        let m = Mat2::from_cols(
            (DVec2::from_array(cols[0]) * scales.x).as_vec2(),
            (DVec2::from_array(cols[1]) * scales.y).as_vec2(),
        );
        let transform = Affine2::from_mat2_translation(m, origin.as_vec2());
        let (size, anchor) = (Vec2::new(w as f32, h as f32), Vec2::new(0.25, 0.5));
        if let Ok(obb) = Obb2::try_from_node(size, anchor, transform) {
            let local = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
            let points = local.map(|(x, y)| {
                let p = (DVec2::new(x, y) - anchor.as_dvec2()) * size.as_dvec2();
                (m.as_dmat2() * p + transform.translation.as_dvec2()).to_array()
            });
            if let Err(r) = covers2(&obb, &points) {
                panic!("node {transform:?}: {obb:?}, reach {r:?}");
            }
            built[1] += 1;
        }

        // An Affine3A with leaned, scaled columns and a size.
        let rotation = glam::DMat3::from_quat(random_rotation(&mut rng)).to_cols_array_2d();
        let cols = lean_columns(rotation, fraction, n as u64, |x| f64::from(x as f32));
        let scales = [0, 1, 2].map(|_| rng.random_range(0.5..2.0));
        let m = Mat3::from_cols_array_2d(&core::array::from_fn(|j| {
            cols[j].map(|x| (x * scales[j]) as f32)
        }));
        let transform = Affine3A::from_mat3_translation(m, origin.extend(0.5).as_vec3());
        let size = Vec3::new(w as f32, h as f32, (w + h) as f32 * 0.5);
        if let Ok(obb) = Obb3::try_from_affine(transform, size) {
            let points: Vec<[f64; 3]> = (0..8)
                .map(|k| {
                    let s = DVec3::new(
                        if k & 1 == 1 { 0.5 } else { -0.5 },
                        if k & 2 == 2 { 0.5 } else { -0.5 },
                        if k & 4 == 4 { 0.5 } else { -0.5 },
                    ) * size.as_dvec3();
                    (m.as_dmat3() * s + transform.translation.as_dvec3()).to_array()
                })
                .collect();
            if let Err(r) = covers3(&obb, &points) {
                panic!("affine {transform:?}: {obb:?}, reach {r:?}");
            }
            built[2] += 1;
        }
    }
    assert!(
        built.iter().all(|&b| b > 3000),
        "{built:?} (AXES_TOLERANCE {AXES_TOLERANCE})"
    );
}
