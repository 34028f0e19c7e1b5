//! The puzzle screen.

use crate::puzzle::{Goal, Kind, Puzzle};
use crate::rules::{Player, Square};

/// A key the puzzle screen does not use.
pub(crate) const UNKNOWN_KEY: &str = "That key does nothing here: q leaves.";
/// A move after the puzzle was answered. One row of 44 columns, so that at 44×16
/// the keys' row under it leaves it whole.
pub(crate) const ANSWERED: &str = "Answered: u tries again, n: next puzzle.";
/// A puzzle tried before: its tries no longer count.
pub(crate) const TRIED_BEFORE: &str =
    "You have tried this puzzle before: only the first try counts, so your rating stays as it is.";
/// The panel's title.
pub(crate) const PANEL: &str = "Puzzle";
/// The solver's ladder label.
pub(crate) const YOU: &str = "you";

/// The header line's wordings, longest first: puzzle, kind, ratings, then the daily
/// date and the streak when there are; the shorter ones drop the word `Puzzle`, then
/// the daily's date, then the kind, then the streak; then, for the keys beside them
/// where there is no panel, the puzzle's rating, the player's, and the streak, so the
/// line never wraps over the task under it.
pub(crate) fn titles(
    id: &str,
    kind: &str,
    rating: f64,
    yours: f64,
    daily: Option<&str>,
    streak: u32,
) -> Vec<String> {
    let ratings = format!("rating {rating:.0} · you {yours:.0}");
    let streak = if streak > 0 {
        format!(" · streak {streak}")
    } else {
        String::new()
    };
    let daily_long = daily.map(|d| format!(" · daily {d}")).unwrap_or_default();
    let daily_short = if daily.is_some() { " · daily" } else { "" };
    vec![
        format!("{PANEL} {id} · {kind} · {ratings}{daily_long}{streak}"),
        format!("{id} · {kind} · {ratings}{daily_long}{streak}"),
        format!("{id} · {kind} · {ratings}{daily_short}{streak}"),
        format!("{id} · {ratings}{daily_short}{streak}"),
        format!("{id} · {ratings}{daily_short}"),
        // Beside the keys on the title line where there is no panel (44×16, 59×18):
        // the puzzle's rating goes, then the player's before the streak.
        format!("{id} · you {yours:.0}{daily_short}{streak}"),
        format!("{id}{daily_short}{streak}"),
        format!("{id} · you {yours:.0}{daily_short}"),
        format!("{id}{daily_short}"),
    ]
}

/// The header line as the line mode says it, where the full screen writes [`titles`]
/// with `·` between its parts: `Puzzle p0009, most points, rating 1500; your rating
/// 1500; the daily puzzle of 2026-11-30; streak 2`.
pub(crate) fn title_said(
    id: &str,
    kind: &str,
    rating: f64,
    yours: f64,
    daily: Option<&str>,
    streak: u32,
) -> String {
    let mut line = format!("{PANEL} {id}, {kind}, rating {rating:.0}; your rating {yours:.0}");
    if let Some(date) = daily {
        line.push_str(&format!("; the daily puzzle of {date}"));
    }
    if streak > 0 {
        line.push_str(&format!("; streak {streak}"));
    }
    line
}

/// The themes, shown on `t`.
pub(crate) fn themes(names: &[&str]) -> String {
    format!("Themes: {}.", names.join(", "))
}

/// A full square chosen.
pub(crate) fn full(square: Square) -> String {
    format!("{square} is full: choose a square with an open section.")
}

/// A full square given to `puzzle --answer`: an error, so no closing stop. It names
/// the puzzle, whose board the error comes before: without `--id` the puzzle nearest
/// the rating is answered, and that changes after each try.
pub(crate) fn full_answer(id: &str, square: Square) -> String {
    format!(
        "puzzle {id}: {square} is full: choose a square with an open section \
         (`hijara puzzle --id {id} --print` shows its board)"
    )
}

/// The status line while a puzzle asks.
pub(crate) fn asking(to_move: Player, puzzle: &Puzzle) -> String {
    format!("{to_move} to move (you). {}", task(puzzle))
}

/// The status line while a puzzle asks, in its wordings longest first: [`asking`], then
/// a short one that fits 44 columns (the game's narrowest screen) for either side, so
/// the task keeps its own row under the puzzle's title on a narrow screen.
pub(crate) fn asking_wordings(to_move: Player, puzzle: &Puzzle) -> [String; 2] {
    [
        asking(to_move, puzzle),
        format!("{to_move} (you): {}", short_task(puzzle)),
    ]
}

/// What the puzzle asks, in the fewest words (after `Yellow (you): `).
fn short_task(puzzle: &Puzzle) -> &'static str {
    match (puzzle.kind, puzzle.goal) {
        (Kind::OnlyMove, Goal::Win) => "find the only winning move.",
        (Kind::OnlyMove, _) => "find the only move that draws.",
        (Kind::MostPoints, Goal::Loss) => "lose by as little as you can.",
        (Kind::MostPoints, _) => "find the one best move.",
    }
}

/// The status line after a try.
pub(crate) fn answered(to_move: Player, tried: Square) -> String {
    format!("{to_move} to move, after your {tried}.")
}

/// The status line after the puzzle was given up and its answer played.
pub(crate) fn given_up(to_move: Player, answer: Square) -> String {
    format!("{to_move} to move, after the answer {answer}.")
}

/// What the puzzle asks, in one line.
pub(crate) fn task(puzzle: &Puzzle) -> &'static str {
    match (puzzle.kind, puzzle.goal) {
        (Kind::OnlyMove, Goal::Win) => "One move keeps the win. Find it.",
        (Kind::OnlyMove, _) => "One move keeps the draw. Find it.",
        (Kind::MostPoints, Goal::Loss) => "Lose by as little as you can: one move does best.",
        (Kind::MostPoints, _) => "One move ends the game best for you. Find it.",
    }
}

/// The player's puzzle rating, on the command line: `Your puzzle rating: 1520, give
/// or take 80` (a screen reader said `(± 80)` as "left paren plus-minus 80").
pub(crate) fn your_rating(rating: f64, deviation: f64) -> String {
    format!("Your puzzle rating: {rating:.0}, give or take {deviation:.0}")
}

/// After a puzzle (on the screen or `--answer`): the rating and the streak, a
/// sentence, as the lessons' summary beside it on the start screen is.
pub(crate) fn after_try(rating: f64, deviation: f64, streak: u32) -> String {
    format!("{}; streak {streak}.", your_rating(rating, deviation))
}

/// `hijara puzzle --print`'s first line: the puzzle, its kind and rating, and the
/// date when it is the day's.
pub(crate) fn heading(id: &str, kind: &str, rating: f64, daily: Option<&str>) -> String {
    let daily = daily
        .map(|date| format!(", the daily puzzle of {date}"))
        .unwrap_or_default();
    format!("Puzzle {id} ({kind}, rating {rating:.0}){daily}")
}

/// Under the printed board, whose status line says whose move it is: the task
/// alone (s40: `Yellow to move. One move ...` said the mover a second time, one
/// line under the board's `Yellow to move`).
pub(crate) fn under_board(puzzle: &Puzzle) -> &'static str {
    task(puzzle)
}

/// How to answer a printed puzzle.
pub(crate) fn answer_with(id: &str) -> String {
    format!("Answer with: hijara puzzle --id {id} --answer SQUARE")
}

/// [`answer_with`] for the daily puzzle: `--id` answers it, but not as the daily one
/// (the daily solved were not counted when the printed command was followed).
/// `date` is the `--date` given, if any, to be given again.
pub(crate) fn answer_daily_with(id: &str, date: Option<&str>) -> String {
    match date {
        Some(date) => format!("Answer with: hijara puzzle --daily --date {date} --answer SQUARE"),
        None => format!(
            "Answer with: hijara puzzle --daily --answer SQUARE (today, UTC; after that, \
             --id {id} answers it, not as a daily puzzle)"
        ),
    }
}

/// The line after the answer's: how to give up instead, as the screen's `g` does
/// (the command it names takes the same puzzle: `--daily`, with `date` if given, or
/// `--id`). At most 77 columns, the longest `date` and id in the set.
pub(crate) fn give_up_with(id: &str, daily: bool, date: Option<&str>) -> String {
    let puzzle = match (daily, date) {
        (true, Some(date)) => format!("--daily --date {date}"),
        (true, None) => "--daily".to_owned(),
        (false, _) => format!("--id {id}"),
    };
    format!("Give up and see the answer: hijara puzzle {puzzle} --give-up")
}

/// An answer given with no data folder to keep it in.
pub(crate) const TRY_NOT_KEPT: &str = "hijara: no data folder, so this try was not kept";

/// `--stats`: tries, solved, streaks.
pub(crate) fn tries(tries: u32, solved: u32, streak: u32, best: u32) -> String {
    format!("Tries: {tries}, solved: {solved}; streak: {streak}, best: {best}")
}

/// `--stats`: puzzles of the set solved, dailies solved.
pub(crate) fn solved(solved: usize, of: usize, dailies: usize) -> String {
    format!("Puzzles solved: {solved} of {of}; daily puzzles solved: {dailies}")
}
