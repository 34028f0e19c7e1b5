//! The replay viewer's analysis panel and the record's own comments.

/// The replay viewer's title in a review after a game.
pub(crate) const REVIEW_TITLE: &str = "Review of the game just played";
/// [`REVIEW_TITLE`] for a narrow header, where the whole one leaves no room for the date.
pub(crate) const REVIEW_SHORT: &str = "Review";
/// The panel's title while the analysis runs.
/// Its legend: `~` marks an estimate; a verdict from estimates says "likely" and
/// gives the range of the points lost (docs/review.md).
pub(crate) fn title_running(done: usize, total: usize) -> String {
    format!(" Analysis {done}/{total} · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ")
}
/// The panel's title once every position is analysed.
pub(crate) const TITLE_DONE: &str = " Analysis · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ";
/// The panel's title while the deep review runs.
pub(crate) fn title_deep(done: usize, total: usize) -> String {
    format!(" Deep review {done}/{total} · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ")
}
/// The same, short.
pub(crate) fn title_deep_short(done: usize, total: usize) -> String {
    format!(" Deep review {done}/{total} ")
}
/// The panel's bottom border: what its numbers are (qa41: nothing on screen said what
/// `-13` or a range like `(7-29)` meant), widest first; the title says `~ estimate`.
pub(crate) const NUMBERS_LEGEND: [&str; 2] = [
    " values: final margins for the mover · (x-y): the true loss 9 times in 10 ",
    " values: final margins for the mover ",
];
/// The replay viewer's help after its keys: the review's numbers, as
/// docs/review.md says them (qa41). Each line at most 72 columns, the help's width.
pub(crate) const HELP_NUMBERS: &[&str] = &[
    "Values: final margins for the mover under best play (-40: 40 behind);",
    "~ marks an estimate; lost 15 (7-29): the loss is 7-29, 9 times in 10.",
];
/// The analysis ended on an internal error (a panic in its thread).
pub(crate) const ANALYSIS_FAILED: &str =
    "The analysis stopped on an internal error: the values found so far stay";
/// "1 position", "12 positions": a deep review may take a single one.
fn positions(n: usize) -> String {
    super::count(n as u64, "position", "positions")
}
/// The deep review's progress in words (the line mode says it every quarter).
pub(crate) fn deep_progress(done: usize, total: usize) -> String {
    format!("Deep review: {done} of {} valued again.", positions(total))
}
/// The deep review started, with its keys.
pub(crate) fn deep_started(total: usize) -> String {
    format!(
        "Deep review of {}, 4× the thinking each: D again stops it",
        positions(total)
    )
}
/// The same, for the line mode.
pub(crate) fn deep_started_words(total: usize) -> String {
    format!(
        "Deep review of {} started, 4 times the thinking each; verdicts are replaced as it goes. Type deep again to stop it.",
        positions(total)
    )
}
/// The deep review stopped by the player, with its keys.
pub(crate) fn deep_stopped(done: usize, total: usize) -> String {
    format!(
        "Deep review stopped after {done} of {}: D goes on with the rest",
        positions(total)
    )
}
/// The same, for the line mode.
pub(crate) fn deep_stopped_words(done: usize, total: usize) -> String {
    format!(
        "Deep review stopped after {done} of {}; what it found is kept. Type deep to go on with the rest.",
        positions(total)
    )
}
/// The deep review has valued every position it took.
pub(crate) fn deep_done(total: usize) -> String {
    format!("Deep review done: {} valued again", positions(total))
}
/// Nothing is left for a deep review.
pub(crate) const DEEP_NOTHING_LEFT: &str =
    "Nothing left to review deeper: each position is exact or deep";
/// The server's review came while its game was open in the replay viewer.
pub(crate) const REVIEW_ARRIVED: &str = "The engine's review is ready: a shows it";
/// At a server the review shown is the server's.
pub(crate) const DEEP_AT_SERVER: &str = "The server's review is shown here: no deep review of it";
/// The panel's title when it is too narrow for more.
pub(crate) const TITLE_SHORT: &str = " Analysis ";
/// Before the first move.
pub(crate) const AT_START: &str = "Start: → to step, ] next mistake, [ previous";
/// The move shown is not analysed yet.
pub(crate) fn pending(number: usize) -> String {
    format!("Move {number}: analysing…")
}
/// `]` or `[` found nothing.
pub(crate) fn no_mistake(later: bool, finished: bool) -> String {
    let way = if later { "after" } else { "before" };
    if finished {
        format!("No mistake or blunder {way} this move")
    } else {
        format!("No mistake or blunder {way} this move yet: the analysis is still running")
    }
}
/// The panel needs more room than the terminal has: the message line says each
/// move's verdict instead. Short enough for the viewer's narrowest screen, 44 columns,
/// with `? help` beside it (two columns apart), which a longer wording pushed out.
pub(crate) const FOLDED: &str = "Analysis on: move verdicts show here";
/// The marks and comments a record has after a move, for the message line.
pub(crate) fn with_notes(text: &str, mark: Option<&str>, comments: &[String]) -> String {
    let mut out = text.to_owned();
    if let Some(mark) = mark {
        out.push_str(&format!(" {mark}"));
    }
    // A comment is the record's own text: its control characters made visible.
    for comment in comments {
        // Trimmed: a `;` comment keeps the space after the `;` (`{ A game...}`).
        out.push_str(&format!(" {{{}}}", crate::text::sanitize(comment.trim())));
    }
    out
}

/// `hijara analyze --json --annotate -`: both would go to standard output.
pub(crate) const JSON_AND_RECORD_TO_STDOUT: &str = "--annotate - prints the annotated record to standard output, where --json would print the report: write the record to a file (--annotate OUT) to have both";

/// Said by `hijara analyze --annotate` once the record is written.
pub(crate) fn annotated(path: &str, marked: usize) -> String {
    let moves = if marked == 1 { "move" } else { "moves" };
    format!("Annotated record written to {path} ({marked} {moves} marked)")
}

#[cfg(test)]
mod tests {
    /// QA (s16 learn): a `;` comment kept its leading space, so the line mode read
    /// `{ A complete random game...}`.
    #[test]
    fn a_comment_is_shown_trimmed() {
        let said = super::with_notes("1. a2", None, &[" A game. ".to_owned()]);
        assert_eq!(said, "1. a2 {A game.}");
    }
}
