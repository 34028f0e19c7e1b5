//! The replay viewer's analysis panel and the record's own comments.

/// The replay viewer's title in a review after a game.
pub(crate) const REVIEW_TITLE: &str = "Review of the game just played";
/// The panel's title while the analysis runs.
/// Its legend: `~` marks an estimate; a verdict from estimates says "likely" and
/// gives the range of the points lost (docs/review.md).
pub(crate) fn title_running(done: usize, total: usize) -> String {
    format!(" Analysis {done}/{total} · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ")
}
/// The panel's title once every position is analysed.
pub(crate) const TITLE_DONE: &str = " Analysis · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ";
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
/// The panel needs more room than the terminal has.
pub(crate) const FOLDED: &str = "Analysis: enlarge the terminal to see the panel";
/// The marks and comments a record has after a move, for the message line.
pub(crate) fn with_notes(text: &str, mark: Option<&str>, comments: &[String]) -> String {
    let mut out = text.to_owned();
    if let Some(mark) = mark {
        out.push_str(&format!(" {mark}"));
    }
    for comment in comments {
        out.push_str(&format!(" {{{comment}}}"));
    }
    out
}

/// Said by `hijara analyze --annotate` once the record is written.
pub(crate) fn annotated(path: &str, marked: usize) -> String {
    let moves = if marked == 1 { "move" } else { "moves" };
    format!("Annotated record written to {path} ({marked} {moves} marked)")
}
