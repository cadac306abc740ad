//! [`check_scene3`], behind the `rapier3` fuzz target: scenes of a few boxes stepped by a real
//! rapier3d pipeline whose narrow phase uses
//! `SatDispatcher::default().chain(DefaultQueryDispatcher)`, as users register it.

use std::collections::HashSet;
use std::ops::RangeInclusive;

use arbitrary::{Arbitrary, Unstructured};
use glam::{Quat, Vec3};
use sat_core::Obb3;
use sat_rapier3d::rapier::math::Pose;
use sat_rapier3d::rapier::parry::mass_properties::MassProperties;
use sat_rapier3d::rapier::prelude::{
    ColliderBuilder, ColliderHandle, RigidBodyBuilder, RigidBodyType,
};

use super::adjudicate::Report;
use super::contact::{Who, fail};
use super::contact3::rules::{BoxPair, judge_manifolds};
use super::field_bytes::{FieldBytes, field_bytes_enum, field_bytes_struct};
use super::geometry::{dquat, quat_columns, round_quat};
use super::recipe::{Direction, Extent, Gap, Offset, Origin, Size, Tilt, unit16};
use super::recipe3::{EdgeContact, FaceContact, NearParallel, Placement3, Relative3, Rotation};
use crate::peers::{PeerPanic, catch_peer};
use crate::world::dim3::{Integration, World};

field_bytes_enum! {
    /// How a body moves.
    pub enum Motion3 {
        /// Moved by gravity and contacts.
        Dynamic = 5,
        /// Never moves.
        Fixed = 2,
        /// Moves at its velocity, pushed by nothing (`KinematicVelocityBased`).
        Kinematic = 1,
    }
}

field_bytes_enum! {
    /// A linear or angular initial speed.
    pub enum Speed {
        /// None.
        Zero = 3,
        /// Along (or about) a direction, at a magnitude log-uniform in the range
        /// [`Velocity3`] states.
        Along(Offset) = 5,
    }
}

impl Speed {
    /// The velocity for magnitudes `10^lo..10^hi` times `unit`.
    fn vector(self, unit: f64, lo: f64, hi: f64) -> Vec3 {
        match self {
            Speed::Zero => Vec3::ZERO,
            Speed::Along(o) => {
                let magnitude = unit * 10f64.powf(lo + (hi - lo) * unit16(o.distance));
                (o.direction.unit3() * magnitude).as_vec3()
            }
        }
    }
}

field_bytes_struct! {
    /// A body's initial velocity.
    pub struct Velocity3 {
        /// `10⁻²..10²` of the body's size per second.
        pub linear: Speed,
        /// `10⁻¹..10²` rad/s.
        pub angular: Speed,
    }
}

field_bytes_struct! {
    /// A body's own knobs.
    pub struct Body3 {
        /// How it moves.
        pub motion: Motion3,
        /// Its size `s`: the half-extents are fractions of it.
        pub size: Size,
        /// Its half-extents.
        pub extents: [Extent; 3],
        /// Its initial velocity.
        pub velocity: Velocity3,
    }
}

field_bytes_struct! {
    /// A body placed against an earlier one, as a pair recipe places box B against box A.
    pub struct Placed3 {
        /// The body.
        pub body: Body3,
        /// The earlier body it is placed against: `on mod k` for the body of index `k`.
        pub on: u8,
        /// Its rotation relative to that body's.
        pub rotation: Relative3,
        /// Its centre relative to that body (grid offsets in steps of that body's size).
        pub placement: Placement3,
    }
}

field_bytes_enum! {
    /// Gravity along −y.
    pub enum Gravity {
        /// None.
        Zero = 1,
        /// `9.81`.
        Earth = 3,
        /// `9.81` times the first body's size.
        Scaled = 2,
    }
}

field_bytes_struct! {
    /// A scene of the `rapier3` target (its fuzzer bytes decode into one): 2 to 6 cuboid bodies
    /// (dynamic, fixed, or kinematic moving at their velocity), each with its own [`Size`]
    /// (log-uniform in `1e-3..1e4`, powers of two `2⁻¹⁰..2¹³`, rarely a raw f32 magnitude) and
    /// half-extents ([`Extent`]: fractions of the size, grid values, zero, rarely raw). The first
    /// sits at an [`Origin`] (up to `1e7` from the world's origin) with a [`Rotation`]; every other
    /// one is placed against an earlier body the way the pair recipes place box B against box A:
    /// turned by a [`Relative3`] (the same rotation, faces or edges within a tiny tilt of parallel,
    /// or its own) and put by a [`Placement3`] (a vertex or face on a face — resting — at a gap
    /// from ulps to a fraction of the size, crossing edges, random or grid offsets). The earlier
    /// body's half-extents are not retuned to the gap, so a contact's gap errs by the rounding of
    /// the centre. Then initial velocities (linear `10⁻²..10²` of the body's size per second,
    /// angular `10⁻¹..10²` rad/s), gravity along −y (none, 9.81, or 9.81 times the first body's
    /// size), rapier's length unit (1 or the first body's size) and 1 to 20 steps of rapier's
    /// default `dt`. A scene is rejected (not counted, kept out of the corpus) when sat-core's
    /// checked constructors reject a box (`Obb3::try_new`), a raw size or half-extent falls outside
    /// the sizes rapier simulates (`2⁻¹⁰..1e4`), or parry cannot invert a dynamic body's mass
    /// properties in f32.
    pub struct Scene3 {
        /// How many bodies: `2 + count mod 5`.
        pub count: u8,
        /// How many steps: `1 + steps mod 20`.
        pub steps: u8,
        /// Gravity.
        pub gravity: Gravity,
        /// rapier's length unit: the first body's size when set, else 1.
        pub length_unit: bool,
        /// The first body's centre (scaled by its size).
        pub origin: Origin,
        /// The first body's rotation.
        pub rotation: Rotation,
        /// The first body.
        pub first: Body3,
        /// The others; the first `count mod 5 + 1` are in the scene.
        pub others: [Placed3; 5],
    }
}

impl<'a> Arbitrary<'a> for Scene3 {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Scene3::decode(u))
    }
}

/// The sizes a scene's bodies may have, and the largest half-extent: [`Size`]'s own range
/// (`2⁻¹⁰..1e4`; a raw size outside it, or a raw half-extent above it, is rejected). sat-core
/// takes boxes up to `2⁶⁰`, but rapier's f32 solver does not simulate bodies of `10¹⁶` moving at
/// `10¹⁵` per second (its own narrow phase lets them go non-finite too), and a size of zero as
/// the length unit makes parry's sweeps assert.
const SIZES: RangeInclusive<f64> = 1.0 / 1024.0..=1e4;

/// A body of a scene as rapier gets it.
#[derive(Debug, Clone, Copy)]
struct SceneBody {
    motion: RigidBodyType,
    size: f64,
    center: [f32; 3],
    half_extents: [f32; 3],
    /// Normalised.
    rotation: [f32; 4],
    linvel: Vec3,
    angvel: Vec3,
}

impl SceneBody {
    fn new(body: &Body3, center: [f32; 3], rotation: [f32; 4]) -> SceneBody {
        let size = body.size.value();
        SceneBody {
            motion: match body.motion {
                Motion3::Dynamic => RigidBodyType::Dynamic,
                Motion3::Fixed => RigidBodyType::Fixed,
                Motion3::Kinematic => RigidBodyType::KinematicVelocityBased,
            },
            size,
            center,
            half_extents: body.extents.map(|e| e.value(size)),
            rotation,
            linvel: body.velocity.linear.vector(size, -2.0, 2.0),
            angvel: body.velocity.angular.vector(1.0, -1.0, 2.0),
        }
    }

    /// Whether sat-core's checked constructor takes the box, its size is in [`SIZES`] and its
    /// half-extents below their top and, for a dynamic body, parry's mass properties (density 1)
    /// have finite inverses.
    fn accepted(&self) -> bool {
        let (c, h) = (Vec3::from(self.center), Vec3::from(self.half_extents));
        if Obb3::try_new(c, h, Quat::from_array(self.rotation)).is_err()
            || !SIZES.contains(&self.size)
            || f64::from(h.max_element()) > *SIZES.end()
        {
            return false;
        }
        let m = MassProperties::from_cuboid(1.0, h);
        self.motion != RigidBodyType::Dynamic
            || (m.inv_mass.is_finite() && m.inv_principal_inertia.is_finite())
    }
}

impl Scene3 {
    fn body_count(&self) -> usize {
        2 + usize::from(self.count % 5)
    }

    fn step_count(&self) -> usize {
        1 + usize::from(self.steps % 20)
    }

    /// The bodies, placed.
    fn build(&self) -> Vec<SceneBody> {
        let first_center = self.origin.point3(self.first.size.value());
        let mut bodies = vec![SceneBody::new(
            &self.first,
            first_center,
            round_quat(dquat(self.rotation.quat())),
        )];
        for placed in &self.others[..self.body_count() - 1] {
            let on = bodies[usize::from(placed.on) % bodies.len()];
            let rotation = round_quat(dquat(placed.rotation.quat(on.rotation)));
            let mut body = SceneBody::new(&placed.body, [0.0; 3], rotation);
            body.center = placed.placement.place(
                on.center,
                &mut on.half_extents.clone(),
                body.half_extents,
                quat_columns(on.rotation),
                quat_columns(rotation),
                on.size,
            );
            bodies.push(body);
        }
        bodies
    }
}

/// The scene's rapier3d world (the workspace's one, [`World`]) and its colliders.
struct SceneWorld {
    rapier: World,
    /// The colliders, in the scene's order.
    handles: Vec<ColliderHandle>,
}

impl SceneWorld {
    /// The scene's world with the chain ([`Integration::Dispatcher`]), or with rapier's default
    /// narrow phase for comparison ([`Integration::Default`]).
    fn new(scene: &Scene3, built: &[SceneBody], integration: Integration) -> SceneWorld {
        let mut rapier = World::new(integration);
        if scene.length_unit {
            rapier.params.length_unit = built[0].size as f32;
        }
        // Every pair with a dynamic body is recomputed on every step, at the poses before it.
        rapier.params.contact_recycling = false;
        let g = match scene.gravity {
            Gravity::Zero => 0.0,
            Gravity::Earth => 9.81,
            Gravity::Scaled => 9.81 * built[0].size as f32,
        };
        rapier.gravity = Vec3::new(0.0, -g, 0.0);
        let handles = built
            .iter()
            .map(|b| {
                let pose = Pose::from_parts(Vec3::from(b.center), Quat::from_array(b.rotation));
                let body = RigidBodyBuilder::new(b.motion)
                    .pose(pose)
                    .linvel(b.linvel)
                    .angvel(b.angvel)
                    .can_sleep(false);
                let [hx, hy, hz] = b.half_extents;
                let body = rapier.add(body, ColliderBuilder::cuboid(hx, hy, hz));
                rapier.bodies[body].colliders()[0]
            })
            .collect();
        SceneWorld { rapier, handles }
    }

    /// One step, with no hooks and no event handler.
    fn step(&mut self) {
        self.rapier.step_with(&(), &());
    }

    /// The colliders' poses, in the scene's order.
    fn poses(&self) -> Vec<Pose> {
        self.handles
            .iter()
            .map(|&h| *self.rapier.colliders[h].position())
            .collect()
    }

    fn index(&self, handle: ColliderHandle) -> usize {
        self.handles
            .iter()
            .position(|&h| h == handle)
            .expect("every collider is the scene's")
    }

    fn is_dynamic(&self, handle: ColliderHandle) -> bool {
        self.rapier.colliders[handle]
            .parent()
            .is_some_and(|body| self.rapier.bodies[body].is_dynamic())
    }

    /// The pairs holding contact points, by scene index.
    fn pairs_with_points(&self) -> HashSet<(usize, usize)> {
        self.rapier
            .narrow_phase
            .contact_pairs()
            .filter(|p| p.manifolds().iter().any(|m| !m.points.is_empty()))
            .map(|p| (self.index(p.collider1), self.index(p.collider2)))
            .collect()
    }
}

/// Whether a caught panic was raised in rapier3d's or parry3d's own sources.
fn in_rapier_or_parry(panic: &PeerPanic) -> bool {
    panic
        .location
        .split(['/', '\\'])
        .any(|dir| dir.starts_with("rapier3d-") || dir.starts_with("parry3d-"))
}

/// Steps the scene through rapier's pipeline with the chain and judges every step. What a scene
/// is: [`Scene3`].
///
/// # What is checked after each step
///
/// * Every contact manifold the narrow phase holds for a pair with a dynamic body (rapier
///   computes no contacts between two non-dynamic bodies) satisfies the manifold rules of
///   [`contact`](super::contact), judged by the same code as `manifold3` against the exact boxes
///   the pose names, with `B = CONTACT_K·ε·S`: at most one manifold of at most 4 points, a unit
///   normal; every point on its box's surface within `B` and `dist` apart along the normal
///   within `B` (points beyond the prediction are kept, as in parry's manifolds: rapier makes
///   them speculative contacts when the bodies approach); a pair penetrating beyond sat-core's
///   band has a point with `dist ≤ 0`, a pair provably closer than the prediction (touching
///   included) has a point at most `B` farther apart than the boxes, a pair farther apart than
///   the prediction plus `B` has no point; a manifold computed without cached points has the
///   exact best axis's normal within the face preference (or, within the rounding's reach, the
///   rounded contact's). A broken rule panics: a crash, sat-rapier's (or sat-core's) finding.
/// * Then every body's position, rotation and velocities are finite, and rapier quarantined
///   nothing (its pipeline disables a body whose state went non-finite, and reports it). A
///   state that goes non-finite from contacts that all passed is rapier's solver's finding, not
///   a crash: a peer finding (counted, printed the first time, fatal only under
///   `OBBSAT_STRICT_PEERS=1`) that ends the scene, labelled by whether rapier's default narrow
///   phase lets the same scene go non-finite within the same steps. Found by this target's
///   first runs: boxes placed inside a box `10⁵` times their size and mass, pushed out by
///   contacts `300` deep, go non-finite in rapier's solver within a few steps; with parry's
///   contacts (which differ) a little later.
///
/// The pose is the one rapier computed the manifold at: `pos1.inv_mul(&pos2)` of the two
/// colliders' poses *before* the step (the narrow phase runs before the solver moves the
/// bodies), with rapier's prediction distance (no contact skins). So that every such pair is
/// recomputed at that pose on every step, contact recycling (which keeps a pair's manifolds while
/// it moves less than `0.05` length units) is off and no body sleeps.
///
/// # Panics inside the pipeline
///
/// The step runs rapier's and parry's own code around the dispatcher, so it runs under
/// [`catch_peer`]: a panic whose location is in rapier3d's or parry3d's sources (a debug
/// assertion of the solver, say) is a peer finding — counted, printed the first time, fatal only
/// under `OBBSAT_STRICT_PEERS=1` — and ends the scene; any other panic (sat-core's,
/// sat-rapier's, this checker's) is raised again, a crash naming the original location.
pub fn check_scene3(scene: &Scene3) -> Report {
    let built = scene.build();
    if !built.iter().all(SceneBody::accepted) {
        return Report::default();
    }
    let mut world = SceneWorld::new(scene, &built, Integration::Dispatcher);
    let prediction = world.rapier.params.prediction_distance();
    for step in 0..scene.step_count() {
        let before = world.poses();
        let cached = world.pairs_with_points();
        let describe_step = || format!("rapier3 scene {scene:?}, step {}", step + 1);
        if let Err(panic) = catch_peer(|| world.step()) {
            assert!(
                in_rapier_or_parry(&panic),
                "rapier3d's step with the chain {panic}\n  case: {}",
                describe_step()
            );
            let detail = panic.to_string();
            fail(Who::Pipeline, "step", 3, "panic", &detail, &describe_step);
            break;
        }
        for pair in world.rapier.narrow_phase.contact_pairs() {
            if !world.is_dynamic(pair.collider1) && !world.is_dynamic(pair.collider2) {
                continue;
            }
            let (i, j) = (world.index(pair.collider1), world.index(pair.collider2));
            let cuboid = |h: ColliderHandle| {
                *world.rapier.colliders[h]
                    .shape()
                    .as_cuboid()
                    .expect("every collider is a cuboid")
            };
            let s = BoxPair::new(
                before[i].inv_mul(&before[j]),
                cuboid(pair.collider1),
                cuboid(pair.collider2),
                prediction,
            );
            let describe = || format!("{}, bodies {i} and {j}: {}", describe_step(), s.describe());
            let fresh = !cached.contains(&(i, j));
            judge_manifolds(&s, pair.manifolds(), fresh, Ok(()), Who::Chain, &describe);
        }
        // Every manifold of this step passed: a state rapier's solver lets go non-finite from
        // right contacts is its own finding (its default narrow phase's contacts differ, so
        // whether it fails too on the same steps is recorded, not used to blame the chain).
        if let Some(what) = world.non_finite() {
            let rule = if fails_with_parry_too(scene, &built, step + 1) {
                "state went non-finite from right contacts (with its default narrow phase too)"
            } else {
                "state went non-finite from right contacts (not with its default narrow phase)"
            };
            fail(Who::Pipeline, "step", 3, rule, &what, &describe_step);
            break;
        }
    }
    Report {
        accepted: true,
        adjudicated: true,
        ..Report::default()
    }
}

impl SceneWorld {
    /// What went non-finite in the last step (rapier quarantines a body whose state did), if
    /// anything.
    fn non_finite(&self) -> Option<String> {
        let quarantine = self.rapier.pipeline.quarantine();
        if !quarantine.is_empty() {
            return Some(format!(
                "rapier quarantined bodies {:?} and colliders {:?}",
                quarantine.bodies(),
                quarantine.colliders()
            ));
        }
        self.rapier.bodies.iter().find_map(|(handle, body)| {
            let finite = body.translation().is_finite()
                && body.rotation().is_finite()
                && body.linvel().is_finite()
                && body.angvel().is_finite();
            (!finite).then(|| {
                format!(
                    "body {handle:?}: position {:?}, linvel {}, angvel {}",
                    body.position(),
                    body.linvel(),
                    body.angvel()
                )
            })
        })
    }
}

/// Whether rapier's default narrow phase (parry's dispatcher) lets the scene's state go
/// non-finite, or panics, within `steps` steps: a label for a non-finite state with the chain.
fn fails_with_parry_too(scene: &Scene3, built: &[SceneBody], steps: usize) -> bool {
    let mut world = SceneWorld::new(scene, built, Integration::Default);
    (0..steps).any(|_| catch_peer(|| world.step()).is_err() || world.non_finite().is_some())
}

/// The named seeds of `rapier3`.
pub fn seeds_scene3() -> Vec<(&'static str, Scene3)> {
    const AT_REST: Velocity3 = Velocity3 {
        linear: Speed::Zero,
        angular: Speed::Zero,
    };
    // `Size::Pow2(k)` is `2^(k − 10)`: 1 and 8.
    const ONE: Size = Size::Pow2(10);
    const EIGHT: Size = Size::Pow2(13);
    let cube = |motion, velocity| Body3 {
        motion,
        size: ONE,
        // Half-extent `(1 + 15)/32 = 0.5`.
        extents: [Extent::Grid(15); 3],
        velocity,
    };
    // 16 × 1 × 16.
    let floor = Body3 {
        motion: Motion3::Fixed,
        size: EIGHT,
        extents: [Extent::Grid(31), Extent::Grid(1), Extent::Grid(31)],
        velocity: AT_REST,
    };
    // On the +y face of body `on`, `lateral` off its centre, at `gap`.
    let on_top = |body, on, rotation, lateral: [u16; 2], gap| Placed3 {
        body,
        on,
        rotation,
        placement: Placement3::Face(FaceContact {
            face: 1,
            lateral,
            gap,
        }),
    };
    const CENTRE: u16 = 32_768;
    let spin = |direction, distance| {
        Speed::Along(Offset {
            direction: Direction(direction),
            distance,
        })
    };
    let unused = on_top(
        cube(Motion3::Dynamic, AT_REST),
        0,
        Relative3::Same,
        [CENTRE; 2],
        Gap::Zero,
    );
    let scene = |count: u8, first, others: &[Placed3]| {
        let mut all = [unused; 5];
        all[..others.len()].copy_from_slice(others);
        Scene3 {
            count: count - 2,
            steps: 19,
            gravity: Gravity::Earth,
            length_unit: false,
            origin: Origin::Zero(0),
            rotation: Rotation::Identity,
            first,
            others: all,
        }
    };
    let resting = scene(
        2,
        floor,
        &[on_top(
            cube(Motion3::Dynamic, AT_REST),
            0,
            Relative3::Same,
            [CENTRE + 3_000, CENTRE - 5_000],
            Gap::Zero,
        )],
    );
    let tumbling = {
        let mut s = scene(
            2,
            cube(
                Motion3::Dynamic,
                Velocity3 {
                    linear: Speed::Zero,
                    angular: spin(0x1234_5678, 40_000),
                },
            ),
            &[Placed3 {
                body: cube(
                    Motion3::Dynamic,
                    Velocity3 {
                        linear: spin(0x8000_0000, 30_000),
                        angular: spin(0x9abc_def0, 50_000),
                    },
                ),
                on: 0,
                rotation: Relative3::Independent(Rotation::Uniform([
                    0x8765_4321,
                    0x2468_ace0,
                    0x1357_9bdf,
                ])),
                placement: Placement3::Edge(EdgeContact {
                    edge_a: 0,
                    edge_b: 1,
                    flip: false,
                    along: [CENTRE + 5_000, CENTRE - 11_000],
                    gap: Gap::Small(0x0100),
                }),
            }],
        );
        s.gravity = Gravity::Zero;
        s
    };
    let tilted = Relative3::NearParallel(NearParallel {
        turn: 0,
        axis: Direction(0x9e37_79b9),
        tilt: Tilt(0x4000),
    });
    let stack = scene(
        4,
        floor,
        &[
            on_top(
                cube(Motion3::Dynamic, AT_REST),
                0,
                Relative3::Same,
                [CENTRE; 2],
                Gap::Zero,
            ),
            on_top(
                cube(Motion3::Dynamic, AT_REST),
                1,
                tilted,
                [CENTRE + 4_000, CENTRE],
                Gap::Zero,
            ),
            on_top(
                cube(Motion3::Dynamic, AT_REST),
                2,
                Relative3::Same,
                [CENTRE, CENTRE - 4_000],
                Gap::Ulps(3),
            ),
        ],
    );
    vec![
        ("box-resting-on-floor", resting),
        ("two-tumbling-boxes", tumbling),
        ("stack-of-three-on-floor", stack),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::field_bytes::{Encode, decode};
    use sat_rapier3d::SatDispatcher;
    use sat_rapier3d::rapier::geometry::{ContactManifold as RapierManifold, ContactPair};
    use sat_rapier3d::rapier::parry::query::{
        DefaultQueryDispatcher, PersistentQueryDispatcher, QueryDispatcher,
    };

    #[test]
    fn seeds_decode_to_themselves_and_pass() {
        for (name, scene) in seeds_scene3() {
            assert_eq!(decode::<Scene3>(&scene.to_bytes()), scene, "{name}");
            assert!(check_scene3(&scene).accepted, "{name}");
        }
    }

    /// Each contact pair's scene bodies `(i, j)` (in the pair's order) and its manifolds.
    fn held(world: &SceneWorld) -> Vec<((usize, usize), Vec<RapierManifold>)> {
        let pairs = world.rapier.narrow_phase.contact_pairs();
        let ij = |pair: &ContactPair| (world.index(pair.collider1), world.index(pair.collider2));
        pairs
            .map(|pair| (ij(pair), pair.manifolds().to_vec()))
            .collect()
    }

    /// The points of manifolds.
    fn points(manifolds: &[RapierManifold]) -> Vec<(Vec3, Vec3, f32)> {
        let points = manifolds.iter().flat_map(|m| &m.points);
        points.map(|p| (p.local_p1, p.local_p2, p.dist)).collect()
    }

    /// The points of the manifolds the chain computes for the pair of scene bodies `(i, j)` at
    /// their poses `poses`, from the manifolds `cached`, as rapier's narrow phase calls it (the
    /// dispatcher keeps a resting box's reference face from the cached manifold).
    fn recomputed(
        world: &SceneWorld,
        poses: &[Pose],
        (i, j): (usize, usize),
        mut cached: Vec<RapierManifold>,
    ) -> Vec<(Vec3, Vec3, f32)> {
        let shape = |k: usize| world.rapier.colliders[world.handles[k]].shape();
        SatDispatcher::default()
            .chain(DefaultQueryDispatcher)
            .contact_manifolds(
                &poses[i].inv_mul(&poses[j]),
                shape(i),
                shape(j),
                world.rapier.params.prediction_distance(),
                &mut cached,
                &mut None,
            )
            .unwrap();
        points(&cached)
    }

    /// The check judges each manifold at the pose rapier computed it at: the chain, called at
    /// the poses before the step with the manifolds held before it, gives the narrow phase's
    /// points bit for bit on every step of the stack seed; at the poses after the step (the
    /// bodies moved) it does not.
    #[test]
    fn manifolds_are_judged_at_the_pose_rapier_computed_them_at() {
        let (_, stack) = seeds_scene3()
            .into_iter()
            .find(|(name, _)| *name == "stack-of-three-on-floor")
            .unwrap();
        let mut world = SceneWorld::new(&stack, &stack.build(), Integration::Dispatcher);
        let (mut judged, mut moved) = (0, 0);
        for _ in 0..stack.step_count() {
            let (before, cached) = (world.poses(), held(&world));
            world.step();
            let after = world.poses();
            for (ij, manifolds) in held(&world) {
                let held = points(&manifolds);
                if held.is_empty() {
                    continue;
                }
                let cached = cached.iter().find(|(c, _)| *c == ij);
                let cached = cached.map_or_else(Vec::new, |(_, m)| m.clone());
                assert_eq!(
                    recomputed(&world, &before, ij, cached.clone()),
                    held,
                    "{ij:?}"
                );
                judged += 1;
                moved += usize::from(recomputed(&world, &after, ij, cached) != held);
            }
        }
        assert!(judged >= 3 * stack.step_count(), "{judged}");
        assert!(moved > 0);
    }
}
