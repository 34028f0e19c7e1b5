//! `hijara bench`: the figure is on the last line; bad durations are refused.

use crate::common::outputs_of;

#[test]
fn bench_prints_games_per_second_on_the_last_line() {
    let (text, _) = outputs_of(&["bench", "--seconds", "2"], 0);
    let last = text.lines().last().unwrap();
    let figure = last
        .strip_suffix(" games/s")
        .unwrap_or_else(|| panic!("{text}"));
    // Any positive count: speed is shown by the figure itself, not asserted here.
    assert!(figure.parse::<u64>().unwrap() > 0, "{text}");
}

/// A duration out of range is a usage error, as clap's own are: exit 2, the value and
/// the range named (it exited 1, as a failed run does).
#[test]
fn bench_refuses_less_than_two_seconds_as_a_usage_error() {
    for bad in ["0", "1", "-3", "NaN", "inf", "3601", "18446744073709551615"] {
        let arg = format!("--seconds={bad}");
        let (_, err) = outputs_of(&["bench", &arg], 2);
        assert!(
            err.contains(&format!("invalid value '{bad}' for '--seconds <SECONDS>'"))
                && err.contains("expected seconds from 2 to 3600"),
            "{bad}: {err}"
        );
    }
}

/// `--json` prints one object with exactly the keys of commands.md's table, in its
/// order (the corners variant here, so one 2 s run covers both: the text header of
/// `--variant corners` is `bench::tests`'); `bench` had no `--json` (QA s31).
#[test]
fn bench_json_has_the_documented_keys_and_plays_the_corners_variant() {
    let (text, err) = crate::common::outputs_of(
        &["bench", "--seconds", "2", "--variant", "corners", "--json"],
        0,
    );
    assert_eq!(err, "");
    assert_eq!(text.lines().count(), 1, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/commands.md"),
    )
    .unwrap();
    let documented: Vec<String> = doc
        .lines()
        .skip_while(|l| !l.starts_with("| bench key |"))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| Some(l.strip_prefix("| `")?.split('`').next()?.to_owned()))
        .collect();
    // The same keys, and in the text in the table's order.
    let mut sorted = documented.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "{text}");
    let order: Vec<usize> = documented
        .iter()
        .map(|k| text.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(order.is_sorted(), "{text}");
    assert_eq!(v["variant"], "corners", "{text}");
    assert_eq!(v["seconds"], 2.0, "{text}");
    // Any positive count: speed is shown by the figure itself, not asserted here.
    assert!(v["games"].as_u64().unwrap() > 0, "{text}");
    assert!(v["games_per_s"].as_f64().unwrap() > 0.0, "{text}");
    // An unknown variant is refused by the argument parser.
    crate::common::hijara()
        .args(["bench", "--variant", "hexes"])
        .assert()
        .code(2);
}
