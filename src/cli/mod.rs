//! The command line: `hijara [play|score|analyze|bench|selfplay|engine|replay|resume|games|puzzle|
//! serve|completions|manpage|config]`.

mod analyze;
mod args;
mod bench;
mod config;
mod engine;
mod games;
mod learn;
mod number;
mod out;
mod play;
mod puzzle;
mod replay;
mod resume;
mod score;
pub mod selfplay;
mod serve;
mod shell;
mod start;

pub(crate) use args::storage;
pub use args::{
    AnalyzeArgs, BenchArgs, Cli, Command, CompletionsArgs, ConfigArgs, DisplayArgs, EngineArgs,
    GamesArgs, LearnArgs, PlainArgs, PlayArgs, PuzzleArgs, ReplayArgs, ReplayTarget, ResumeArgs,
    ScoreArgs, ScreenFlags, SelfplayArgs, SessionArgs, ThreadsArgs,
};
pub use out::stderr_columns;
pub use score::json_report;

/// A closed pipe (`hijara games | head`) ends the program quietly, as it does other
/// Unix tools, instead of making `println!` panic: Rust starts with SIGPIPE ignored.
#[cfg(unix)]
fn end_quietly_on_a_closed_pipe() {
    // SAFETY: `signal` with SIG_DFL for SIGPIPE installs no handler, so no code of ours
    // runs in a signal context; it is called on the main thread before any other starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_a_closed_pipe() {}

/// Prints clap's own answer (help, version or a usage error) and exits with its code.
/// A usage error quotes an argument as typed, and on a terminal clap would pass an
/// escape in it through raw (to a pipe it strips only escape sequences, not bidi
/// overrides). So where an argument holds a character unsafe on a terminal, the error
/// is made again from the arguments with each such character escaped, and printed
/// plain; otherwise clap prints it, in colour where it can.
fn clap_exit(error: clap::Error) -> ! {
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    if !args
        .iter()
        .any(|arg| arg.chars().any(crate::text::is_unsafe))
    {
        help_or_exit(&error)
    }
    let shown = args
        .iter()
        .map(|arg| crate::text::sanitize(arg).into_owned());
    // The same mistake made with the escaped arguments, or the first error as it is.
    let again = Cli::parse_from_args(shown).err();
    let text = again.as_ref().unwrap_or(&error).render().to_string();
    let safe: Vec<_> = text.lines().map(crate::text::sanitize).collect();
    let safe = safe.join("\n");
    if error.use_stderr() {
        out::note(safe);
        std::process::exit(error.exit_code())
    }
    help_out(&format!("{safe}\n"), error.exit_code())
}

/// Prints clap's answer as [`clap::Error::exit`] does, except that help or the
/// version on standard output that is not a terminal is written here and checked:
/// clap drops a failed write and exits 0, so `hijara --help > /dev/full` succeeded
/// with nothing written. Now it fails (exit 1) naming standard output; a closed pipe
/// (`hijara --help | head -1`) still ends quietly with clap's code.
fn help_or_exit(error: &clap::Error) -> ! {
    use std::io::IsTerminal;
    if error.use_stderr() || std::io::stdout().is_terminal() {
        error.exit()
    }
    // Not a terminal: clap would print it without colour, as this plain text is.
    help_out(&error.render().to_string(), error.exit_code())
}

/// Writes help or the version to standard output and exits with `code`, or with 1
/// and a line naming standard output when the write fails (other than a closed pipe).
fn help_out(text: &str, code: i32) -> ! {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            out::note(format_args!("hijara: {}: {e}", out::STDOUT_FAILED));
            std::process::exit(1)
        }
        _ => std::process::exit(code),
    }
}

/// The text `main` writes to standard error for `error` (without the final line
/// break): `hijara: ` and the whole chain of causes, made safe to show (errors quote
/// file names and record text). With `columns` (standard error is a terminal that
/// wide) it is wrapped at spaces and after a path's `/` to at most that many, and
/// [`AFTER_SCREEN_COLUMNS`](crate::text::AFTER_SCREEN_COLUMNS), display columns,
/// so a long path reads whole rather than cut by the terminal mid-word; without
/// (a pipe, a file) each line of the error stays one line, for scripts.
pub fn error_report(error: &anyhow::Error, columns: Option<usize>) -> String {
    // The whole chain of causes on one line, as `{:#}` prints it, but a cause that
    // ends with the words before it is left out: SQLite's error repeats its own
    // message after its code (qa48: `cannot open DIR/hijara.db: file is not a
    // database: Error code 26: file is not a database`).
    let mut said: Vec<String> = Vec::new();
    for cause in error.chain() {
        let cause = cause.to_string();
        if said
            .last()
            .is_some_and(|last| !last.is_empty() && cause.ends_with(last.as_str()))
        {
            continue;
        }
        said.push(cause);
    }
    let text = said.join(": ");
    let lines: Vec<_> = text.lines().map(crate::text::sanitize).collect();
    let text = format!("hijara: {}", lines.join("\n"));
    out::wrapped(text, columns)
}

pub use out::QuietExit;

/// Parses the command line and runs it. Errors are reported by `main`.
pub fn run() -> anyhow::Result<()> {
    let cli = Cli::parse_from_args(std::env::args_os()).unwrap_or_else(|error| clap_exit(error));
    // `--annotate -` makes the record the output, so a `--json` asked for with it
    // would be silently dropped and a script read a record as JSON: a usage error.
    if let Some(Command::Analyze(args)) = &cli.command
        && args.json
        && args.annotate.as_deref() == Some(std::path::Path::new("-"))
    {
        use clap::CommandFactory;
        let mut cli = Cli::command();
        // Built, the subcommand knows its name (`hijara analyze`) for the usage line.
        cli.build();
        let kind = clap::error::ErrorKind::ArgumentConflict;
        let text = crate::strings::analysis::JSON_AND_RECORD_TO_STDOUT;
        let error = match cli.find_subcommand_mut("analyze") {
            Some(analyze) => analyze.error(kind, text),
            None => cli.error(kind, text),
        };
        clap_exit(error);
    }
    // The running server's sockets need a closed peer to be an error, not a signal;
    // its operator's commands (`serve names`...) print as the other commands do.
    if !matches!(&cli.command, Some(Command::Serve(serve)) if serve.command.is_none()) {
        end_quietly_on_a_closed_pipe();
    }
    let prefs = config::RunPrefs::load(&cli);
    // `hijara config` lists them itself.
    if !matches!(cli.command, Some(Command::Config(_))) {
        for warning in prefs.warnings() {
            out::note(warning);
        }
    }
    match cli.command {
        None => start::run(cli.plain, &prefs),
        Some(Command::Play(args)) => play::run(args, &prefs),
        Some(Command::Score(args)) => score::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Selfplay(args)) => selfplay::run(&args),
        Some(Command::Engine(args)) => engine::run(&args),
        Some(Command::Replay(args)) => replay::run(&args, &prefs),
        Some(Command::Resume(args)) => resume::run(&args, &prefs),
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Games(args)) => games::run(&args),
        Some(Command::Puzzle(args)) => puzzle::run(&args, &prefs),
        Some(Command::Learn(args)) => learn::run(&args, &prefs),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Completions(args)) => shell::completions(args.shell),
        Some(Command::Manpage) => shell::manpage(),
        Some(Command::Config(args)) => config::run(&args, &prefs),
    }
}
