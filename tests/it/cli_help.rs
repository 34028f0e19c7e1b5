//! `--help` and `-h` of `hijara` and of every subcommand, at a width of 80 columns:
//! clap wraps them at spaces (its `wrap_help`) to the terminal's width, or to
//! `COLUMNS` when standard output is a pipe. Without it, a long help line was
//! printed whole and cut mid-word by an 80-column terminal (`nothing dim` / `med`).

use clap::CommandFactory;
use unicode_width::UnicodeWidthStr;

use crate::common::hijara_command;

/// Every command line that asks for help: `[]` is `hijara` itself, then each
/// subcommand and theirs (`serve names`), but not clap's own `help`.
fn command_paths(cmd: &clap::Command, path: &[String], out: &mut Vec<Vec<String>>) {
    out.push(path.to_vec());
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let mut longer = path.to_vec();
        longer.push(sub.get_name().to_owned());
        command_paths(sub, &longer, out);
    }
}

#[test]
fn every_help_fits_80_columns_wrapped_at_spaces() {
    let home = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    command_paths(&hijara::cli::Cli::command(), &[], &mut paths);
    // hijara, its 16 subcommands but `help`, and serve's own: at least 15 in all.
    assert!(paths.len() >= 15, "{paths:?}");
    let mut long = Vec::new();
    for path in &paths {
        for flag in ["--help", "-h"] {
            let output = hijara_command()
                .args(path)
                .arg(flag)
                .env("HOME", home.path())
                .env("COLUMNS", "80")
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(0), "{path:?} {flag}");
            let text = String::from_utf8(output.stdout).unwrap();
            assert!(text.contains("Usage:"), "{path:?} {flag}: {text}");
            long.extend(
                text.lines()
                    .filter(|line| line.width() > 80)
                    .map(|line| format!("{path:?} {flag}: {line}")),
            );
        }
    }
    assert!(
        long.is_empty(),
        "wider than 80 columns:\n{}",
        long.join("\n")
    );
}
