//! `hijara analyze FILE [--json] [--think-ms MS] [--threads N]`: reviews every
//! move of a record against the engine and prints a table and a summary.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::Serialize;

use crate::review::{self, Analysed, Review};

/// The `--json` object: the options, then the review.
#[derive(Serialize)]
struct JsonReport<'a> {
    think_ms: u64,
    #[serde(flatten)]
    review: &'a Review,
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
/// Hand-made rather than `indicatif`: one line of `\r` redraws does not need a crate.
struct Bar {
    start: Instant,
    shown: bool,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            start: Instant::now(),
            shown: std::io::stderr().is_terminal(),
        }
    }

    fn update(&self, done: usize, total: usize) {
        if !self.shown {
            return;
        }
        const WIDTH: usize = 30;
        let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
        // Progress is cosmetic: a failed write to stderr is not worth an error.
        let _ = write!(
            std::io::stderr().lock(),
            "\ranalysing [{}{}] {done}/{total} positions, {:.1} s",
            "#".repeat(filled),
            " ".repeat(WIDTH - filled),
            self.start.elapsed().as_secs_f64()
        );
    }

    fn finish(&self) {
        if self.shown {
            // Clears the line (ANSI erase-line), so the report starts clean.
            let _ = write!(std::io::stderr().lock(), "\r\x1b[2K");
        }
    }
}

/// Options of `hijara analyze`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["game", "last"])))]
pub struct AnalyzeArgs {
    /// The record to review: a file (`-` for stdin), or N for game N of `hijara games`.
    #[arg(value_name = "FILE|N", value_parser = super::replay_target)]
    pub game: Option<super::ReplayTarget>,
    /// Review the newest game of the history.
    #[arg(long)]
    pub last: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Thinking time per position, in milliseconds (at most an hour) [default: 400].
    #[arg(long, value_name = "MS", value_parser = super::think_ms)]
    pub think_ms: Option<u64>,
    /// Search threads.
    #[command(flatten)]
    pub threads: crate::cli::ThreadsArgs,
    /// Also write the record to OUT with `?!`/`?`/`??` after inaccuracies, mistakes and
    /// blunders and a comment with the move's value and the best move's
    /// (`{d1 -5, best c3 +15}`); `-` prints it to standard output instead of the
    /// report. A symlink is written through.
    #[arg(long, value_name = "OUT")]
    pub annotate: Option<PathBuf>,
}

pub(crate) fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let file = super::replay::record_path(args.game.as_ref())?;
    let name = crate::session::input_name(&file);
    let text = crate::session::read_text(&file, &name)?;
    let loaded = crate::session::parse_record(&text).with_context(|| name.clone())?;
    // The output file is checked before the review runs (seconds), not after it.
    let to_stdout = args.annotate.as_deref() == Some(Path::new("-"));
    if let Some(out) = args.annotate.as_deref().filter(|_| !to_stdout) {
        crate::session::check_writable(out)?;
    }
    let game = loaded.game;
    let think_ms = args.think_ms.unwrap_or(review::REVIEW_THINK_MS);
    let threads = crate::ai::thread_count(args.threads.get());
    let bar = Bar::new();
    let start = Instant::now();
    let values = review::analyse_game(
        &game,
        Duration::from_millis(think_ms),
        threads,
        None,
        |p: Analysed| bar.update(p.done, p.total),
    );
    bar.finish();
    let elapsed = start.elapsed();
    let review = Review::build(&game, &values);
    let mut out = std::io::stdout().lock();
    if let Some(path) = &args.annotate {
        let mut record = loaded.record;
        let marked = review::annotate::annotate(&mut record, &review)
            .context("cannot annotate the record")?;
        if to_stdout {
            // `--annotate -`: the annotated record is the output, for a pipe.
            write!(out, "{record}").context("cannot write the record")?;
            eprintln!(
                "{}",
                crate::strings::analysis::annotated("standard output", marked)
            );
            return Ok(());
        }
        crate::session::write_record_file(path, &record)?;
        eprintln!(
            "{}",
            crate::strings::analysis::annotated(&crate::session::shown(path), marked)
        );
    }
    if args.json {
        let report = JsonReport {
            think_ms,
            review: &review,
        };
        serde_json::to_writer(&mut out, &report).context("cannot write the report")?;
        writeln!(out).context("cannot write the report")?;
    } else {
        writeln!(
            out,
            // The name on a line of its own: a long path would push the rest past 80 columns.
            "{name}\n{} moves reviewed in {:.1} s ({think_ms} ms a position, {threads} thread{})",
            game.len(),
            elapsed.as_secs_f64(),
            if threads == 1 { "" } else { "s" }
        )
        .and_then(|()| writeln!(out, "{}\n", review::text::LEGEND))
        .and_then(|()| review::text::write_review(&mut out, &review))
        .context("cannot write the report")?;
    }
    Ok(())
}
