//! The case format as a library ([`obbsat::WrittenCase`], [`obbsat::Prepared`]): boxes as
//! written survive a case line (`CaseLine`, the one writer) and the reader bit for bit,
//! generated cases written as JSON and read back give sat-core exactly the boxes the generator
//! built, and centres with more digits than f32 holds keep their offset.

use obbsat::{Generator, Prepared, SinglePair};

#[test]
fn case_boxes_round_trip_through_case_lines() {
    use std::collections::HashMap;

    use obbsat::{read_box2 as box2, read_box3 as box3};
    use sat_oracle::case_box::CaseLine;
    use sat_oracle::check::{RecipePair2, RecipePair3, seeds2, seeds3};
    use serde_json::value::RawValue;

    // Debug text tells -0.0 from 0.0 and shows every digit.
    let same =
        |a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| format!("{a:?}") == format!("{b:?}");
    let fields = |json: &str| -> HashMap<String, Box<RawValue>> {
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
    };
    let mut pairs2: Vec<_> = seeds2()
        .into_iter()
        .map(|(_, r)| RecipePair2::from(r).boxes())
        .collect();
    let mut pairs3: Vec<_> = seeds3()
        .into_iter()
        .map(|(_, r)| RecipePair3::from(r).boxes())
        .collect();
    let mut generator = Generator::new(5);
    for _ in 0..2000 {
        pairs2.push(generator.case2().boxes());
        pairs3.push(generator.case3().boxes());
    }
    for (n, (a, b)) in pairs2.iter().enumerate() {
        let json = CaseLine::two(a, b)
            .named(format!("r{n}"), "round trip")
            .to_json();
        let read = fields(&json);
        assert!(same(&box2(&read["a"], "a"), &Ok::<_, String>(*a)), "{json}");
        assert!(same(&box2(&read["b"], "b"), &Ok::<_, String>(*b)), "{json}");
        assert_eq!(read["id"].get(), format!("\"r{n}\""));
    }
    for (a, b) in &pairs3 {
        let json = CaseLine::three(a, b).to_json();
        let read = fields(&json);
        assert!(same(&box3(&read["a"], "a"), &Ok::<_, String>(*a)), "{json}");
        assert!(same(&box3(&read["b"], "b"), &Ok::<_, String>(*b)), "{json}");
        assert!(Prepared::parse(&json).is_ok(), "{json}");
    }
}

#[test]
fn generated_cases_round_trip_through_the_case_format() {
    // One generated case written as a line and read back: the same sat-core boxes (as
    // `SinglePair::$dim`).
    macro_rules! round_trip {
        ($case:expr, $id:expr, $dim:ident) => {{
            let case = $case;
            let line = serde_json::to_string(&case.to_line($id)).unwrap();
            let parsed = Prepared::parse(&line).unwrap_or_else(|e| panic!("{line}: {}", e.reason));
            let (a, b) = case.obbs().unwrap();
            let SinglePair::$dim(pa, pb) = parsed.pair else {
                panic!(
                    "a case read in the wrong dimension (not {}): {line}",
                    stringify!($dim)
                )
            };
            assert_eq!(pa.intersects(&pb), a.intersects(&b), "{line}");
            assert_eq!(pa.separation(&pb), a.separation(&b), "{line}");
        }};
    }
    let mut generator = Generator::new(21);
    for n in 0..3000 {
        round_trip!(generator.case2(), format!("c{n}"), Two);
        round_trip!(generator.case3(), format!("d{n}"), Three);
    }
}

#[test]
fn centres_with_more_digits_than_f32_keep_their_offset() {
    // 1000000.1 and 1000002.101 round to 1000000.125 and 1000002.125 in f32 (spacing 0.0625):
    // rounded separately the unit boxes would touch; the written gap is 0.001.
    let line = r#"{"dim": 3,
        "a": {"center": [1000000.1, -3.3, 7e5], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]},
        "b": {"center": [1000002.101, -3.3, 7e5], "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}"#
        .replace('\n', " ");
    let case = Prepared::parse(&line).unwrap_or_else(|e| panic!("{}", e.reason));
    let verdict = case.pair.verdict();
    assert!(!verdict.intersects);
    assert!((verdict.margin - 0.001).abs() < 1e-6, "{verdict:?}");
}

#[test]
fn parry_sees_the_boxes_where_they_are_written_when_f32_holds_them() {
    let line = |ca: &str, cb: &str| {
        format!(
            r#"{{"dim": 3, "a": {{"center": {ca}, "half_extents": [1, 1, 1], "quat": [0, 0, 0.3, 1]}}, "b": {{"center": {cb}, "half_extents": [1, 1, 1], "quat": [0, 0, 0, 1]}}}}"#
        )
    };
    let centres = |pair: &SinglePair| match pair {
        SinglePair::Three(a, b) => (a.center(), b.center()),
        SinglePair::Two(..) => panic!("a 3D case read as 2D"),
    };
    // f32 values: parry gets them as written (its own handling of large coordinates counts),
    // sat-core the pair moved so that A's centre is the origin.
    let case = Prepared::parse(&line("[1e6, 0, -5e5]", "[1000002, 0.5, -5e5]")).unwrap();
    let (a, b) = centres(&case.peers);
    assert_eq!((a.x, b.x, b.y), (1e6, 1_000_002.0, 0.5));
    let (a, b) = centres(&case.pair);
    assert_eq!((a.x, b.x, b.y), (0.0, 2.0, 0.5));
    // More digits than f32 holds: both get the moved pair (offset rounded once).
    let case = Prepared::parse(&line("[1000000.1, 0, 0]", "[1000002.2, 0, 0]")).unwrap();
    assert_eq!(centres(&case.peers), centres(&case.pair));
    assert_eq!(centres(&case.pair).0.x, 0.0);
}

/// The `sat` engine on numbers f32 cannot hold, as a user writes them: touching as written must
/// intersect (half-extents are rounded up, not to nearest), and written angles far from zero
/// turn the box by their f64 value (reduced in f64, not rounded to f32 first: `999720.03°`
/// rounded to f32 is 999720°, a multiple of 360).
#[test]
fn case_numbers_keep_their_meaning() {
    let verdict = |line: &str| {
        let case = Prepared::parse(line).unwrap_or_else(|e| panic!("{line}: {}", e.reason));
        (case.pair.verdict(), case.exact.verdict())
    };
    // 0.1 + 0.1 = 0.2 exactly as written; each 0.1 rounded to nearest f32 would leave a gap.
    for (half, centre) in [(0.1, 0.2), (0.3, 0.6), (1.0000001, 2.0000002), (1e-5, 2e-5)] {
        let line = format!(
            r#"{{"dim": 3, "a": {{"center": [0, 0, 0], "half_extents": [{half}, 1, 1], "quat": [0, 0, 0, 1]}}, "b": {{"center": [{centre}, 0, 0], "half_extents": [{half}, 1, 1], "quat": [0, 0, 0, 1]}}}}"#
        );
        let (sat, exact) = verdict(&line);
        if exact.intersects {
            assert!(sat.intersects, "{line}");
        }
        let line = format!(
            r#"{{"dim": 2, "a": {{"center": [0, 0], "half_extents": [{half}, 1], "degrees": 0}}, "b": {{"center": [{centre}, 0], "half_extents": [{half}, 1], "angle": 0}}}}"#
        );
        let (sat, exact) = verdict(&line);
        if exact.intersects {
            assert!(sat.intersects, "{line}");
        }
    }
    // A long thin plank turned by 0.03° lifts its end by 0.026: a box resting 0.02 above the
    // unturned plank's end then overlaps it. In radians, 12345.6789 rounded to f32 moves by
    // 4e-4 rad, about 0.02 at the plank's end.
    for (key, angle) in [
        ("degrees", "999720.03"),
        ("degrees", "-7199999.97"),
        ("angle", "12345.6789"),
    ] {
        let line = format!(
            r#"{{"dim": 2, "a": {{"center": [0, 0], "half_extents": [50, 0.01], "{key}": {angle}}}, "b": {{"center": [49.5, 0.28], "half_extents": [0.25, 0.25], "angle": 0}}}}"#
        );
        let (sat, exact) = verdict(&line);
        assert_eq!(sat.intersects, exact.intersects, "{line}");
        assert!(
            (f64::from(sat.margin) - exact.margin).abs() <= 1e-5,
            "{line}: {sat:?} vs {exact:?}"
        );
    }
}
