//! `hijara completions SHELL` and `hijara manpage`: shell integration, printed to stdout
//! from the same clap definition the program parses with, so they never drift.

use std::io::Write;

use anyhow::Context;
use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;

/// Prints the completion script for `shell`.
pub(crate) fn completions(shell: Shell) -> anyhow::Result<()> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "hijara", &mut out);
    print(&out)
}

/// Prints the man page, `hijara.1`, in roff: clap's sections, then EXIT STATUS
/// (clap has none; the page listed no exit codes before s31).
pub(crate) fn manpage() -> anyhow::Result<()> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .context("cannot write the man page")?;
    out.extend_from_slice(exit_status().as_bytes());
    print(&out)
}

/// The EXIT STATUS section in roff, from [`crate::strings::exit::EXIT_STATUS`].
fn exit_status() -> String {
    let mut roff = String::from(".SH \"EXIT STATUS\"\n");
    for (code, when) in crate::strings::exit::EXIT_STATUS {
        // roff: `\` starts an escape and `-` is a hyphen; the texts start no line
        // with `.` or `'`.
        let escape = |text: &str| text.replace('\\', "\\e").replace('-', "\\-");
        roff.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            escape(code),
            escape(when)
        ));
    }
    roff
}

fn print(bytes: &[u8]) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")
}
