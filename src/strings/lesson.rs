//! The lesson screen.

use crate::learn::Why;
use crate::rules::{Player, Square};

use super::describe::margin;

/// A key the lesson screen does not use (its keys are listed under the text).
pub(crate) const UNKNOWN_KEY: &str = "That key does nothing here: the keys are listed below.";
/// [`UNKNOWN_KEY`] on the status line, where no text lists the keys (at 44×16).
pub(crate) const UNKNOWN_KEY_NO_TEXT: &str = "That key does nothing: ? lists the keys.";
/// A move after the task was done.
/// One row at 44×16, where it stands beside the keys (qa41: `Done! n opens the next
/// lesson, u starts…` was cut there).
pub(crate) const DONE_ALREADY: &str = "Done already: u starts it again, n goes on.";
/// The menu's title.
pub(crate) const MENU: &str = "Lessons";
/// The mark of a lesson done, and of one not done (not colour alone).
pub(crate) const DONE_MARK: &str = "[x]";
/// See [`DONE_MARK`].
pub(crate) const TODO_MARK: &str = "[ ]";
/// After the task was done.
pub(crate) const WELL_DONE: &str = "Well done!";
/// After a wrong try.
pub(crate) const NOT_YET: &str = "Not yet:";
/// The hint after a right stone claimed wrongly: the lesson's own hint is about
/// where to play, which the player found.
pub(crate) const CLAIM_AGAIN: &str =
    "The stone was right: play it again, then claim exactly the points it made.";
/// A key other than `+` while the stone's points wait for a claim.
/// One row at 44×16, as [`DONE_ALREADY`] (qa41: `Claim first: type + and the points,
/// then…`).
pub(crate) const CLAIM_FIRST: &str = "Claim first: + and the points, then Enter.";
/// The stone scored in a claim lesson: what to do now.
pub(crate) const NOW_CLAIM: &str = "Your stone scored, but in claim mode points count only once claimed: type +, the points, then Enter (Esc cancels).";

/// The ladder label of the player's side.
pub(crate) const YOU: &str = "you";

/// The text side's title: which lesson of how many.
pub(crate) fn number(n: usize, of: usize) -> String {
    format!("Lesson {n}/{of}")
}

/// [`number`] where the side is narrow: `2/10`, beside the lesson's title.
pub(crate) fn number_short(n: usize, of: usize) -> String {
    format!("{n}/{of}")
}

/// The task, on the text side.
pub(crate) fn task(task: impl std::fmt::Display) -> String {
    format!("Task: {task}")
}

/// The status line: the side to move and the task.
pub(crate) fn to_move(player: Player, task: impl std::fmt::Display) -> String {
    format!("{player} to move. {task}")
}

/// [`to_move`] in fewest words, for a status line with no room for it whole beside
/// the keys (44×16): `Yellow: answer with the half-turn mirror of the last move.`
pub(crate) fn to_move_short(player: Player, task: impl std::fmt::Display) -> String {
    let task = task.to_string();
    let mut chars = task.chars();
    let task = match chars.next() {
        Some(first) => format!("{}{}", first.to_lowercase(), chars.as_str()),
        None => task,
    };
    format!("{player}: {task}")
}

/// A claim being typed, on the text side.
pub(crate) fn claim_typed(typed: &str) -> String {
    format!("+{typed}_")
}

/// A wrong try's verdict in one line, for the status line when the text side has no
/// room for it: [`NOT_YET`] and what the move did.
pub(crate) fn not_yet(what: &str) -> String {
    format!("{NOT_YET} {}", what_it_did(what))
}

/// What the move tried did, as the rules say it, as a sentence.
pub(crate) fn what_it_did(what: &str) -> String {
    format!("{what}.")
}

/// The status line while a claim waits: what is typed so far, then `keys`, the
/// keys that take it (the key table's, `Enter: claim · Esc: cancel`).
pub(crate) fn claiming(mv: Square, typed: Option<&str>, keys: &str) -> String {
    match typed {
        Some(typed) => format!("Claim for {mv}: +{typed}_ · {keys}"),
        None => format!("Claim the points of {mv}: type +"),
    }
}

/// A lesson in the menu: the pointer on the one selected, the mark done or not,
/// its number (from 1) and title.
pub(crate) fn menu_line(selected: bool, done: bool, n: usize, title: &str) -> String {
    let pointer = if selected { "▶" } else { " " };
    format!("{pointer} {}", listed(done, n, title))
}

/// A lesson in `hijara learn --list`: the mark done or not, its number and title.
pub(crate) fn listed(done: bool, n: usize, title: &str) -> String {
    let mark = if done { DONE_MARK } else { TODO_MARK };
    format!("{mark} {n:>2}. {title}")
}

/// After the lessons screen: how many are done.
pub(crate) fn done_of(done: usize, of: usize) -> String {
    format!("Lessons done: {done} of {of}.")
}

/// After the lessons screen, once every lesson is done.
pub(crate) const NEXT: &str = "Next: the puzzles (hijara puzzle).";

/// [`NEXT`] on the start screen, whose `p` opens the puzzles.
pub(crate) const NEXT_FROM_START: &str = "Next: the puzzles (p).";

/// Why a try did the task or not, beyond what it scored: the combinations a block
/// stopped (`opponent`'s), or the final margins of a `best` task's moves.
pub(crate) fn why(why: &Why, done: bool, opponent: Player) -> String {
    match why {
        Why::Blocked(stopped) => {
            let names: Vec<String> = stopped
                .iter()
                .map(|c| format!("{opponent}'s {c} ({})", c.points()))
                .collect();
            format!("It stops {}.", names.join(", "))
        }
        Why::Margins(tried, margins) => {
            let of = |mv: Square| margins.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
            let Some(value) = of(*tried) else {
                return String::new();
            };
            // Whose win: the mover's, the one `opponent` plays against (s40: `a win
            // by 105` named no one).
            let mover = opponent.other();
            let lead = format!(
                "With best play {tried} ends the game in {} for {mover}",
                margin(value)
            );
            if !done {
                return format!("{lead}; one move does better.");
            }
            let others: Vec<String> = margins
                .iter()
                .filter(|(m, _)| m != tried)
                .map(|&(m, v)| format!("{m} ends it in {}", margin(v)))
                .collect();
            if others.is_empty() {
                format!("{lead}.")
            } else {
                format!("{lead}; {}.", others.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// s40 (qa47): lesson 10's why said `a win by 105`, naming no one; it says whose
    /// win, the mover's (the player `opponent` plays against).
    #[test]
    fn a_margin_why_says_whose_win() {
        let why = Why::Margins(Square::A2, vec![(Square::A2, 105), (Square::B2, 115)]);
        assert_eq!(
            super::why(&why, false, Player::Blue),
            "With best play a2 ends the game in a win by 105 for Yellow; one move does better."
        );
    }
}
