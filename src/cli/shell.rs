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

/// Prints the man page, `hijara.1`, in roff.
pub(crate) fn manpage() -> anyhow::Result<()> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .context("cannot write the man page")?;
    print(&out)
}

fn print(bytes: &[u8]) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")
}
