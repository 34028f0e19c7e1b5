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

#[test]
fn bench_plays_the_corners_variant_when_asked() {
    let (text, _) = outputs_of(&["bench", "--seconds", "2", "--variant", "corners"], 0);
    assert!(
        text.starts_with(
            "hijara bench: random full games (64 moves with scoring, corners rules), one thread"
        ),
        "{text}"
    );
    assert!(text.lines().last().unwrap().ends_with(" games/s"), "{text}");
    // An unknown variant is refused by the argument parser.
    crate::common::hijara()
        .args(["bench", "--variant", "hexes"])
        .assert()
        .code(2);
}
