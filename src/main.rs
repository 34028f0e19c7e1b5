// As in the library: no `unwrap`/`expect` without an `allow` whose reason proves it safe.
#![warn(clippy::unwrap_used, clippy::expect_used)]

use std::process::ExitCode;

fn main() -> ExitCode {
    match hijara::cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` prints the whole chain of causes on one line, without a backtrace.
            // Errors quote file names and record text: nothing raw reaches the terminal.
            let text = format!("{error:#}");
            let lines: Vec<_> = text.lines().map(hijara::text::sanitize).collect();
            eprintln!("hijara: {}", lines.join("\n"));
            ExitCode::FAILURE
        }
    }
}
