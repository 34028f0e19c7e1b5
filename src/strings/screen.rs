//! Words on the screen around the board: the status line, the ladders, the help.

use crate::ai::Seat;
use crate::rules::Player;

use super::seat_name;

/// A row digit typed before a column letter (a lesson, a puzzle).
pub(crate) const COLUMN_FIRST: &str = "Type the column letter first (a-d), then the row (1-4).";
pub(crate) const WINS: &str = "wins!";
pub(crate) const DRAW: &str = "draw";
/// The leader's ladder note while the stone that filled the board may still be
/// claimed by the other player, whose claim could make them the winner (QA, s27:
/// `wins!` read as final).
pub(crate) const LEADS: &str = "leads";
/// Both ladders' note for equal totals while that claim is open.
pub(crate) const LEVEL: &str = "level";
/// A running game's leader on their ladder, longest wording first: `leads by 7`,
/// `leads +7`, `+7` (a 44-column ladder has 6).
pub(crate) fn leads_by(points: u32) -> Vec<String> {
    vec![
        format!("{LEADS} by {points}"),
        format!("{LEADS} +{points}"),
        format!("+{points}"),
    ]
}
/// The result so far, while the last stone's claim could change it: `Blue leads`,
/// `level` (the turn line capitalises it, as it does a result).
pub(crate) fn provisional(outcome: crate::rules::Outcome) -> String {
    match outcome.winner() {
        Some(leader) => format!("{leader} {LEADS}"),
        None => LEVEL.to_owned(),
    }
}
pub(crate) const THINKING: &str = "thinking…";
pub(crate) const HELP_KEY: &str = "? help";
/// The lobby's help foot, shown whole: what closes it.
pub(crate) const CLOSE_HELP: &str = "Press any key to close";
/// The game's help foot, shown whole: `closing` is what closes it, from the key
/// table (`any key or click`).
pub(crate) fn close_help(closing: &str) -> String {
    format!("Press {closing} to close")
}
/// The help's closing words when it is longer than the screen (its scrolling keys
/// are named in its title).
pub(crate) const CLOSE_HELP_SCROLLING: &str = "other keys close";
/// In the help's top border: lines above, scrolled out of view.
pub(crate) const HELP_MORE_ABOVE: &str = "↑ more";
/// In the help's bottom border: lines below, not yet in view.
pub(crate) const HELP_MORE_BELOW: &str = "↓ more";
/// The scoring rules, under the keys in the help.
pub(crate) const RULES: &[&str] = &[
    "Blue moves first. A stone fills the lowest open section of its square.",
    "Four of your stones score: same number along a line 10, sections",
    "1-2-3-4 along a line 15, all four sections of one square 20.",
    "Lines are rows, columns and the two long diagonals. Points add up;",
    "when the board is full, the higher total wins.",
];
/// The scoring rules in fewer lines, for a help that also explains a variant.
pub(crate) const RULES_SHORT: &[&str] = &[
    "Blue first; a stone fills the lowest open section of its square. Four of",
    "your stones score: same number along a row, column or long diagonal 10,",
    "1-2-3-4 along one 15, all four sections of one square 20. Most wins.",
];
/// The corner formations, in the help of a corners game.
pub(crate) const RULES_CORNERS: &[&str] =
    &["Corners a1 d1 a4 d4: one number in all four 10; 1 2 3 4 in any order 15."];
/// Claims, in the help of a claim game.
pub(crate) const RULES_CLAIMS: &[&str] = &[
    "Claims: before the next stone, claim your stone's points (+25 Enter);",
    "a wrong claim or no claim forfeits them. The totals show claimed points.",
];

/// `Please enlarge the terminal to 80×24 (now 60×20).` and what `q` does there.
fn enlarge(min_width: u16, min_height: u16, width: u16, height: u16, then: &str) -> String {
    format!(
        "Please enlarge the terminal to {min_width}×{min_height} (now {width}×{height}). {then}"
    )
}

/// [`enlarge`] in brief, for a terminal too small to show it whole (qa47: at 10×3 it
/// read `Please / enlarge / the`, neither the size nor the way out):
/// `Enlarge to 44×16. q quits.`, `then` the same as the long one's.
pub(crate) fn enlarge_short(min_width: u16, min_height: u16, then: &str) -> String {
    format!("Enlarge to {min_width}×{min_height}. {then}")
}

/// What `q` does behind the screen that asks to enlarge: the sentence that ends it.
pub(crate) const ENLARGE_QUITS: &str = "q quits.";

/// [`ENLARGE_QUITS`] at a served game or replay.
pub(crate) const ENLARGE_SERVED: &str = "q: back to the lobby.";
/// [`ENLARGE_QUITS`] at a lesson, puzzle or game the start screen opened.
pub(crate) const ENLARGE_TO_START: &str = "q: back to the start screen.";
/// [`ENLARGE_QUITS`] at the puzzles the lessons' menu opened.
pub(crate) const ENLARGE_TO_LESSONS: &str = "q: back to the lessons.";
/// [`ENLARGE_QUITS`] at the review of a finished game.
pub(crate) const ENLARGE_REVIEW: &str = "q: back to the game.";
/// Shown when the terminal is smaller than `min_width`×`min_height`.
pub(crate) fn too_small(min_width: u16, min_height: u16, width: u16, height: u16) -> String {
    enlarge(min_width, min_height, width, height, ENLARGE_QUITS)
}
/// The same at a served game or replay, where `q` goes back to the lobby as on the
/// screen under it (asking first where that screen asks).
pub(crate) fn too_small_served(min_width: u16, min_height: u16, width: u16, height: u16) -> String {
    enlarge(min_width, min_height, width, height, ENLARGE_SERVED)
}
/// The same at a lesson or puzzle the start screen opened, where `q` goes back to it.
pub(crate) fn too_small_from_start(
    min_width: u16,
    min_height: u16,
    width: u16,
    height: u16,
) -> String {
    enlarge(min_width, min_height, width, height, ENLARGE_TO_START)
}
/// The same at the puzzles the lessons' menu opened, where `q` goes back to it.
pub(crate) fn too_small_from_lessons(
    min_width: u16,
    min_height: u16,
    width: u16,
    height: u16,
) -> String {
    enlarge(min_width, min_height, width, height, ENLARGE_TO_LESSONS)
}
/// The same at the review of a finished game (`r`), where `q` goes back to the game.
pub(crate) fn too_small_review(min_width: u16, min_height: u16, width: u16, height: u16) -> String {
    enlarge(min_width, min_height, width, height, ENLARGE_REVIEW)
}
/// The first status line at game over: `Yellow wins. n: new game, r: review, q: quit`
/// (short enough for 80 columns with three-digit totals and `? help`); with `back`
/// (a game the start screen opened), `q: back`, as `q` goes back there.
/// `said` is the result as the screen says it, already a sentence's start (a name
/// is not capitalised: `bob wins`).
pub(crate) fn game_over(said: &str, back: bool) -> String {
    let leave = if back { "back" } else { "quit" };
    format!("{said}. n: new game, r: review, q: {leave}")
}
/// [`game_over`] in fewer columns, its keys still named: `Yellow wins. n new, r
/// review, q quit` (36 columns: at 44, `? help` fits beside it); `q back` with `back`.
pub(crate) fn game_over_short(said: &str, back: bool) -> String {
    let leave = if back { "back" } else { "quit" };
    format!("{said}. n new, r review, q {leave}")
}
/// [`game_over`] with `w`, the rematch with the sides swapped, for while a message
/// hides the hint row that names it: `Yellow wins. n: new game, w: swap sides, r:
/// review, q: quit` (59 columns).
pub(crate) fn game_over_swap(said: &str, back: bool) -> String {
    let leave = if back { "back" } else { "quit" };
    format!("{said}. n: new game, w: swap sides, r: review, q: {leave}")
}
/// [`game_over_swap`] in fewer columns: `Yellow wins. n new, w swap, r review, q
/// quit` (44: beside the totals at 80 columns).
pub(crate) fn game_over_swap_short(said: &str, back: bool) -> String {
    let leave = if back { "back" } else { "quit" };
    format!("{said}. n new, w swap, r review, q {leave}")
}
/// The game's end without its result, for a turn line under a row that says it:
/// `Game over. n new, w swap, r review, q quit`.
pub(crate) const GAME_OVER: &str = "Game over";
/// [`game_over_swap`] at its shortest, `r` left to the hint row once it is free:
/// `Yellow wins. n new, w swap, q quit` (34: `? help` fits beside it at 44).
pub(crate) fn game_over_swap_shortest(said: &str, back: bool) -> String {
    let leave = if back { "back" } else { "quit" };
    format!("{said}. n new, w swap, q {leave}")
}
/// The help's title when it is longer than the screen: the keys that scroll it.
pub(crate) fn help_title_scrolling(keys: &str) -> String {
    format!(" Help · {keys} ")
}

/// A line said, then the keys that act on it: `Blue wins. n: rematch, q: lobby`.
pub(crate) fn then_keys(said: &str, keys: &str) -> String {
    format!("{said}. {keys}")
}
pub(crate) fn ai_thinking(mover: Player, seat: Seat, spinner: &str) -> String {
    format!("{mover} ({}) thinking… {spinner}", seat_name(seat))
}
/// The AI thinking, said as a local game with names says it: `hard AI (Yellow)
/// thinking…`.
pub(crate) fn ai_thinking_as(who: &str, spinner: &str) -> String {
    format!("{who} thinking… {spinner}")
}
/// A hint thinking for the player whose `turn` it is ([`to_move`],
/// [`to_move_colour`]): `Blue to move, hint thinking…`.
pub(crate) fn hint_thinking(turn: &str, spinner: &str) -> String {
    format!("{turn}, hint thinking… {spinner}")
}
/// Whose turn: `Blue to move`, at a table by name (`alice to move`).
pub(crate) fn to_move(mover: impl std::fmt::Display) -> String {
    format!("{mover} to move")
}
/// Whose turn at a local game whose people have names: `alice to move (Blue)`.
pub(crate) fn to_move_colour(name: &str, mover: Player) -> String {
    format!("{name} to move ({mover})")
}
/// Whose turn, to the player whose turn it is at a table (s35): `Your move (Blue)`,
/// then [`YOUR_MOVE`] and [`YOUR_MOVE_SHORT`] where that does not fit.
pub(crate) fn your_move_colour(mover: Player) -> String {
    format!("{YOUR_MOVE} ({mover})")
}
/// [`your_move_colour`] without the colour.
pub(crate) const YOUR_MOVE: &str = "Your move";
/// [`YOUR_MOVE`] in fewer columns, as the ladder marks the turn.
pub(crate) const YOUR_MOVE_SHORT: &str = "▶ You";
/// [`to_move`] in fewer columns, as the ladder marks the turn.
pub(crate) fn to_move_short(mover: impl std::fmt::Display) -> String {
    format!("▶ {mover}")
}
pub(crate) fn ai_thinking_short(mover: Player, spinner: &str) -> String {
    format!("▶ {mover} thinking… {spinner}")
}
pub(crate) fn hint_thinking_short(mover: impl std::fmt::Display, spinner: &str) -> String {
    format!("▶ {mover}, hint… {spinner}")
}

/// The help box's title and the move list's.
pub(crate) const HELP_TITLE: &str = " Help ";
pub(crate) const MOVES_TITLE: &str = "Moves";
/// A ladder's turn mark, longest wording first.
pub(crate) const LADDER_TURN: &[&str] = &["▶ to move", "▶ turn", "▶"];
/// A ladder's turn mark when its player is due to claim, not to move (the claims
/// lesson, a last stone's claim still open), longest wording first: `▶ claim` in the
/// 9 columns a ladder has inside at most (`▶ to claim` is 10), `▶ turn` in the 6 at
/// 44×16.
pub(crate) const LADDER_CLAIM: &[&str] = &["▶ claim", "▶ turn", "▶"];
/// A ladder's label for the seat played here when its name does not fit.
pub(crate) const YOU_SHORT: &str = "you";
/// A ladder's stones left: `31 left`.
pub(crate) fn stones_left(n: u32) -> String {
    format!("{n} left")
}
/// A claim game's ladder once the game is over: the points its player forfeited in
/// all, widest first (`20 forfeited`; `✗20` as the move list marks a stone's where
/// the ladder is narrow).
pub(crate) fn ladder_forfeited(points: u32) -> Vec<String> {
    vec![format!("{points} forfeited"), format!("✗{points}")]
}
/// The word under a ladder's stones left where [`stones_left`] does not fit on one
/// row (at 44 columns): the number, then this.
pub(crate) const STONES_LEFT_BELOW: &str = "left";
