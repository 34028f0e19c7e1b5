//! Clocks and early endings on the command line: `--clock` errors, and records with
//! clocks and a `Termination` through `score` and `play --load`.

use crate::common::outputs_of;

/// commands.md quotes `--clock 5`'s error as the binary prints it (it quoted a shorter
/// wording, without the backticks, the example's meaning and what was found).
#[test]
fn commands_md_quotes_a_bad_clock_s_error_as_printed() {
    let (_, err) = outputs_of(&["play", "--clock", "5"], 2);
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/commands.md"),
    )
    .unwrap()
    .split_whitespace()
    .collect::<Vec<_>>()
    .join(" ");
    let at = text
        .find("`hijara play --clock 5` says ``")
        .expect("commands.md quotes --clock 5's error");
    let rest = &text[at + "`hijara play --clock 5` says ``".len()..];
    let quoted = rest[..rest.find(" ``").expect("the quote's end")].trim();
    assert!(
        err.contains(quoted),
        "commands.md quotes {quoted:?}; printed: {err}"
    );
}

#[test]
fn a_bad_clock_is_a_clear_error_before_any_screen() {
    let (_, err) = outputs_of(&["play", "--clock", "5"], 2);
    assert!(
        err.contains("invalid value '5' for '--clock <MIN+SEC>'"),
        "{err}"
    );
    assert!(err.contains("MINUTES+SECONDS, like `5+3`"), "{err}");
    let (_, err) = outputs_of(&["play", "--clock", "0+3"], 2);
    assert!(
        err.contains("the starting time must be more than 0"),
        "{err}"
    );
    let (_, err) = outputs_of(&["resume", "--clock", "2000+0"], 2);
    assert!(err.contains("at most 24 hours"), "{err}");
    // QA (cli25): a number of more than six digits was told the form, not the limits.
    let (_, err) = outputs_of(&["play", "--clock", "9999999+0"], 2);
    assert!(err.contains("at most 24 hours"), "{err}");
}

/// s27: `--clock -5+3` was clap's `unexpected argument '-5+3' found`, not the clock's
/// own error: `-5+3` is no number, so `allow_negative_numbers` did not take it.
#[test]
fn a_negative_clock_gets_the_clock_s_error() {
    for command in ["play", "resume"] {
        let (out, err) = outputs_of(&[command, "--clock", "-5+3"], 2);
        assert!(
            err.contains(
                "invalid value '-5+3' for '--clock <MIN+SEC>': a clock cannot be negative"
            ),
            "{command}: {err}"
        );
        assert_eq!(out, "", "{command}");
    }
    let (_, err) = outputs_of(&["play", "--clock", "-.5+0"], 2);
    assert!(err.contains("a clock cannot be negative"), "{err}");
}

/// s27: `--clock` takes a word starting with `-` as its value (for `-5+3`), so an
/// option given where the clock should be is refused naming both, never read as a
/// clock nor left out to start a game.
#[test]
fn an_option_where_the_clock_should_be_is_an_error_naming_both() {
    for args in [
        &["play", "--clock", "--ai"][..],
        &["play", "--clock", "--ai", "easy"],
        &["resume", "--clock", "--no-history"],
    ] {
        let (out, err) = outputs_of(args, 2);
        let word = args[2];
        assert!(
            err.contains(&format!(
                "invalid value '{word}' for '--clock <MIN+SEC>': an option, not a clock"
            )),
            "{args:?}: {err}"
        );
        assert_eq!(out, "", "{args:?}");
    }
    // The same error, word for word, with the level after `--ai` or without.
    assert_eq!(
        outputs_of(&["play", "--clock", "--ai", "easy"], 2),
        outputs_of(&["play", "--clock", "--ai"], 2)
    );
    // At the end, the value is still missing, as clap says.
    let (_, err) = outputs_of(&["play", "--ai", "easy", "--clock"], 2);
    assert!(
        err.contains("a value is required for '--clock <MIN+SEC>'"),
        "{err}"
    );
}

const FORFEIT: &str = "[Blue \"human\"]\n[Yellow \"hard\"]\n[TimeControl \"300+3\"]\n\
    [Termination \"time forfeit\"]\n[Result \"0-1\"]\n\n\
    1. b2 {[%clk 0:04:58]} c3 {[%clk 0:05:01]} 2. a1 {[%clk 0:00:01.5]} d4 {[%clk 0:04:59]} 0-1\n";

#[test]
fn score_names_the_early_ending_and_play_will_not_continue_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flagged.hij");
    std::fs::write(&file, FORFEIT).unwrap();
    let path = file.to_str().unwrap();
    let (out, _) = outputs_of(&["score", path], 0);
    assert!(out.contains("finished: Yellow wins on time"), "{out}");
    let (out, _) = outputs_of(&["score", "--json", path], 0);
    assert!(
        out.contains(r#""finished":true"#)
            && out.contains(r#""winner":"yellow""#)
            && out.contains(r#""termination":"time forfeit""#),
        "{out}"
    );
    let (_, err) = outputs_of(&["play", "--load", path], 1);
    assert!(
        err.contains("the game is over (Yellow wins on time"),
        "{err}"
    );
}

#[test]
fn a_contradicted_early_ending_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.hij");
    std::fs::write(&file, "[Termination \"resignation\"]\n\nb2 c3 *\n").unwrap();
    let (_, err) = outputs_of(&["score", file.to_str().unwrap()], 1);
    assert!(
        err.contains("line 1, column 2: the game ended by resignation, so its result must be"),
        "{err}"
    );
}
