use std::process::ExitCode;

fn main() -> ExitCode {
    match hijara::cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` prints the whole chain of causes on one line, without a backtrace.
            eprintln!("hijara: {error:#}");
            ExitCode::FAILURE
        }
    }
}
