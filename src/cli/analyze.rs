//! `hijara analyze FILE [--json] [--think-ms MS | --nodes N] [--deep] [--threads N]`:
//! reviews every move of a record against the engine and prints a table and a summary.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use serde::Serialize;

use crate::review::{self, Analysed, Review, ReviewBudget};
use crate::strings::reports as words;
use crate::text::display_path;

/// The `--json` object: the rules and the options, then the review. The keys for the
/// variant and claims are left out for a standard game without claims, as in
/// `hijara score --json`, so such a report is what it always was.
#[derive(Serialize)]
struct JsonReport<'a> {
    /// `corners`; absent for the standard game.
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<crate::rules::Ruleset>,
    /// `true` in a claim game; absent otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    claims: bool,
    /// The time per position; absent under a node budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    think_ms: Option<u64>,
    /// The search nodes per position (`--nodes`); absent under a time.
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(flatten)]
    review: &'a Review,
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
/// Hand-made rather than `indicatif`: one line of `\r` redraws does not need a crate.
struct Bar {
    start: Instant,
    shown: bool,
}

/// The widest the bar is drawn, in columns.
const BAR_WIDTH: usize = 30;
/// The narrowest bar worth drawing: in less room the words go alone.
const MIN_BAR_WIDTH: usize = 5;

/// The progress line for a terminal `columns` wide: the words, then a bar in the room
/// left (at most [`BAR_WIDTH`] columns, none in less than [`MIN_BAR_WIDTH`]), all in
/// `columns - 1`, so the line never reaches the last column and wraps: a wrapped
/// line's `\r` went back to its second row only, and at 44 columns each redraw left
/// a row behind (QA, cli26).
fn progress_line(done: usize, total: usize, secs: f64, columns: usize) -> String {
    let room = columns.saturating_sub(1);
    let said = words::analysing(done, total, secs);
    let said = crate::text::fit(&said, room);
    // " [" and "]" around the bar.
    let bar = room
        .saturating_sub(crate::text::width(&said) + 3)
        .min(BAR_WIDTH);
    if bar < MIN_BAR_WIDTH {
        return said.into_owned();
    }
    let filled = (done * bar).checked_div(total).unwrap_or(bar).min(bar);
    format!(
        "{said} [{}{}]",
        "#".repeat(filled),
        " ".repeat(bar - filled)
    )
}

impl Bar {
    fn new() -> Bar {
        Bar {
            start: Instant::now(),
            shown: std::io::stderr().is_terminal(),
        }
    }

    fn update(&self, done: usize, total: usize) {
        // Read at each redraw: the terminal may be resized while the review runs.
        let Some(columns) = super::out::stderr_columns().filter(|_| self.shown) else {
            return;
        };
        let secs = self.start.elapsed().as_secs_f64();
        let line = progress_line(done, total, secs, columns);
        // Back to the line's start, and what a longer line before left is erased
        // (ANSI erase to the end of the line). Progress is cosmetic: a failed write
        // to stderr is not worth an error.
        let _ = write!(std::io::stderr().lock(), "\r{line}\x1b[K");
    }

    fn finish(&self) {
        if self.shown {
            // Clears the line (ANSI erase-line), so the report starts clean.
            let _ = write!(std::io::stderr().lock(), "\r\x1b[2K");
        }
    }
}

pub(crate) fn run(args: &super::AnalyzeArgs) -> anyhow::Result<()> {
    let file = super::replay::record_path(args.game.as_ref(), args.dir.as_deref())?;
    let name = crate::session::input_name(&file);
    let text = crate::session::read_text(&file, &name)?;
    let loaded = crate::session::parse_record(&text).with_context(|| name.clone())?;
    // The output file is checked before the review runs (seconds), not after it.
    let to_stdout = args.annotate.as_deref() == Some(Path::new("-"));
    if let Some(out) = args.annotate.as_deref().filter(|_| !to_stdout) {
        crate::session::check_writable(out)?;
    }
    let game = loaded.game;
    // One budget a position, a time or (reproducible) nodes, as the screens' review has.
    // Its own default, never the config's `review_think_ms`/`review_nodes` (the
    // screens' preference): a headless command's output follows its options only.
    let budget = match (args.nodes, args.think_ms) {
        (Some(nodes), _) => ReviewBudget::Nodes(nodes),
        (None, ms) => ReviewBudget::Millis(ms.unwrap_or(review::REVIEW_THINK_MS)),
    };
    let budget = if args.deep { budget.deep() } else { budget };
    let threads = crate::ai::thread_count(args.threads.get());
    let bar = Bar::new();
    let start = Instant::now();
    // A record with no moves has nothing to review: no search of the start position.
    let values = if game.is_empty() {
        Vec::new()
    } else {
        // Every position, the last (full) board's too, as `review::analyse_game`.
        let every: Vec<usize> = (0..=game.len()).collect();
        review::analyse_game_at(&game, &every, budget, threads, None, |p: Analysed| {
            bar.update(p.done, p.total)
        })
    };
    bar.finish();
    let elapsed = start.elapsed();
    let review = Review::build(&game, &values);
    let mut out = std::io::stdout().lock();
    if let Some(path) = &args.annotate {
        let mut record = loaded.record;
        let marked = review::annotate::annotate(&mut record, &review)
            .context("cannot annotate the record")?;
        if to_stdout {
            // `--annotate -`: the annotated record is the output, for a pipe as it
            // is; on a terminal each line shown safe (a tag or comment may hold
            // escapes, which the record format writes raw).
            let text = record.to_string();
            crate::session::readable_size(&text).context("cannot write the record")?;
            let text = if std::io::stdout().is_terminal() {
                text.split_inclusive('\n')
                    .map(|line| {
                        let body = line.strip_suffix('\n').unwrap_or(line);
                        let end = if body.len() < line.len() { "\n" } else { "" };
                        format!("{}{end}", crate::text::sanitize(body))
                    })
                    .collect()
            } else {
                text
            };
            write!(out, "{text}").context("cannot write the record")?;
            super::out::note(crate::strings::analysis::annotated(
                "standard output",
                marked,
            ));
            return Ok(());
        }
        crate::session::write_record_file(path, &record)?;
        super::out::note(crate::strings::analysis::annotated(
            &display_path(path),
            marked,
        ));
    }
    if args.json {
        let report = JsonReport {
            variant: Some(game.ruleset()).filter(|r| *r != crate::rules::Ruleset::Standard),
            claims: game.claim_mode(),
            think_ms: match budget {
                ReviewBudget::Millis(ms) => Some(ms),
                ReviewBudget::Nodes(_) => None,
            },
            nodes: match budget {
                ReviewBudget::Nodes(n) => Some(n),
                ReviewBudget::Millis(_) => None,
            },
            review: &review,
        };
        serde_json::to_writer(&mut out, &report).context("cannot write the report")?;
        writeln!(out).context("cannot write the report")?;
    } else if game.is_empty() {
        writeln!(out, "{}", words::nothing_to_analyse(&name)).context("cannot write the report")?;
    } else {
        let secs = elapsed.as_secs_f64();
        writeln!(
            out,
            "{}",
            words::reviewed(&name, game.len(), secs, budget, threads)
        )
        .and_then(|()| writeln!(out, "{}\n", crate::strings::review::LEGEND))
        .and_then(|()| crate::strings::review::write_review(&mut out, &review))
        .context("cannot write the report")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The progress line never reaches a terminal's last column, at any width from 1
    /// (a wrapped line's redraws stacked up at 44 columns), says its count in words,
    /// singular right, and draws its bar only where there is room.
    #[test]
    fn the_progress_line_fits_its_terminal_and_reads_in_words() {
        for columns in 0..=200 {
            for (done, total, secs) in [(0, 1, 0.0), (1, 1, 0.1), (3, 65, 1.2), (65, 65, 99999.9)] {
                let line = progress_line(done, total, secs, columns);
                let width = crate::text::width(&line);
                assert!(width < columns.max(1), "{columns}: {line:?}");
                assert!(!line.chars().any(char::is_control), "{line:?}");
            }
        }
        assert_eq!(
            progress_line(3, 65, 1.2, 80),
            format!("Analysing: 3 of 65 positions, 1.2 s [#{}]", " ".repeat(29))
        );
        assert_eq!(
            progress_line(1, 1, 0.04, 80),
            format!("Analysing: 1 of 1 position, 0.0 s [{}]", "#".repeat(30))
        );
        // 44 columns: the words whole, no room for a bar.
        assert_eq!(
            progress_line(65, 65, 123.4, 44),
            "Analysing: 65 of 65 positions, 123.4 s"
        );
        // Narrower still: the words cut, never wrapped.
        assert_eq!(progress_line(3, 65, 1.2, 20), "Analysing: 3 of 65…");
    }
}
