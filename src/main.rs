// As in the library: no `unwrap`/`expect` without an `allow` whose reason proves it safe.
#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    match hijara::cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        // Said already on standard output (a wrong puzzle answer): the code alone.
        Err(error) if error.is::<hijara::cli::QuietExit>() => ExitCode::from(
            error
                .downcast_ref::<hijara::cli::QuietExit>()
                .map_or(1, |q| q.0),
        ),
        Err(error) => {
            // Wrapped to the terminal's width on a terminal, one line per line of the
            // error on a pipe (scripts).
            let text = hijara::cli::error_report(&error, hijara::cli::stderr_columns());
            // Not `eprintln!`, which panics (exit 101) when the write fails: a closed
            // terminal (every write fails once it hangs up), a full disk. The exit
            // code still says it failed.
            let _ = writeln!(std::io::stderr(), "{text}");
            ExitCode::FAILURE
        }
    }
}
