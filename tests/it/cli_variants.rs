//! `hijara play --variant` and `--claim` on the command line: bad values are clap errors
//! (exit 2, naming the value and the choices) before any screen opens.

use crate::common::outputs_of;

#[test]
fn an_unknown_variant_is_a_clear_clap_error() {
    let (_, err) = outputs_of(&["play", "--variant", "x"], 2);
    assert!(
        err.contains("invalid value 'x' for '--variant <VARIANT>'"),
        "{err}"
    );
    assert!(
        err.contains("[possible values: standard, corners]"),
        "{err}"
    );
}

#[test]
fn the_variant_comes_from_a_loaded_record_not_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.hij");
    std::fs::write(&file, "b2 c3\n").unwrap();
    let (_, err) = outputs_of(
        &[
            "play",
            "--load",
            file.to_str().unwrap(),
            "--variant",
            "corners",
        ],
        2,
    );
    assert!(err.contains("cannot be used with"), "{err}");
    let (_, err) = outputs_of(&["play", "--load", file.to_str().unwrap(), "--claim"], 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn play_help_names_the_variant_and_claims() {
    let out = crate::common::hijara()
        .args(["play", "--help"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let help = String::from_utf8(out).unwrap();
    assert!(help.contains("--variant <VARIANT>"), "{help}");
    assert!(help.contains("--claim"), "{help}");
}
