// As in the library: no `unwrap`/`expect` without an `allow` whose reason proves it safe.
#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    match hijara::cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` prints the whole chain of causes on one line, without a backtrace.
            // Errors quote file names and record text: nothing raw reaches the terminal.
            let text = format!("{error:#}");
            let lines: Vec<_> = text.lines().map(hijara::text::sanitize).collect();
            // Not `eprintln!`, which panics (exit 101) when the write fails: a closed
            // terminal (every write fails once it hangs up), a full disk. The exit
            // code still says it failed.
            let _ = writeln!(std::io::stderr(), "hijara: {}", lines.join("\n"));
            ExitCode::FAILURE
        }
    }
}
