//! The texts of `hijara games`.

use crate::record::{GameResult, Termination};
use crate::rules::Player;

use super::count;

/// `you vs hard: 1 win, 2 draws, 9 losses`.
pub(crate) fn tally(level: &str, wins: u32, draws: u32, losses: u32) -> String {
    format!(
        "you vs {level}: {}, {}, {}",
        count(wins, "win", "wins"),
        count(draws, "draw", "draws"),
        count(losses, "loss", "losses")
    )
}

/// The list's column heads, the number column `width` wide, each name's `names` and
/// the result's `results`.
pub(crate) fn columns(width: usize, names: usize, results: usize) -> String {
    format!(
        "{:>width$}  {:<16}  {:<names$}  {:<names$}  {:<results$} {:>7}  rules",
        "N", "date", "Blue", "Yellow", "result", "totals"
    )
}

/// A file of the history that does not read, after its number in the list.
pub(crate) fn unreadable(file: &str, error: &str) -> String {
    format!("unreadable: {file}: {error}")
}

/// The list's first line.
pub(crate) fn heading(folder: &str) -> String {
    format!("Games in {folder}, newest first:")
}

/// The list's first line when [`heading`] would pass 80 columns: the folder follows
/// on a line of its own.
pub(crate) const HEADING_APART: &str = "Games, newest first, in:";

/// `hijara games --dir FILE`: a file where a folder was asked for.
pub(crate) fn not_a_folder(path: &str) -> String {
    format!("cannot list {path}: not a folder (`hijara score FILE` reads one record)")
}

/// On standard error, of a `.hij` name in the folder that is no file (`what`: `a
/// folder`, `a FIFO`, ...): it is not listed, not numbered, and never opened.
pub(crate) fn skipped(file: &str, what: &str) -> String {
    format!("hijara: skipped {file}: {what}, not a record file (not listed or numbered)")
}

/// What `--dir` with a folder that holds no record prints.
pub(crate) fn empty_folder(folder: &str) -> String {
    format!("No game records in {folder}.")
}

/// [`empty_folder`] when it would pass 80 columns: the folder follows on a line of
/// its own.
pub(crate) const EMPTY_FOLDER_APART: &str = "No game records in:";

/// What an empty history prints.
pub(crate) fn empty(folder: &str) -> String {
    format!("No games kept yet: finished games go to {folder} (`--no-history` keeps none).")
}

/// [`empty`] when it would pass 80 columns: the folder follows on a line of its own.
pub(crate) const EMPTY_APART: &str =
    "No games kept yet (`--no-history` keeps none); finished games go to:";

/// A result in words, with how an early ending ended: `Blue won`, `draw`,
/// `unfinished`, `Yellow won on time`, `Blue resigned`, `Blue left`.
pub(crate) fn result(result: GameResult, termination: Termination) -> String {
    let winner = match result {
        GameResult::BlueWins => Player::Blue,
        GameResult::YellowWins => Player::Yellow,
        GameResult::Draw => return "draw".to_owned(),
        GameResult::Unfinished => return "unfinished".to_owned(),
    };
    match termination {
        Termination::Normal => format!("{winner} won"),
        Termination::TimeForfeit => format!("{winner} won on time"),
        Termination::Resignation => format!("{} resigned", winner.other()),
        Termination::Abandoned => format!("{} left", winner.other()),
    }
}

/// After the list, when no game was a person against the AI.
pub(crate) const NO_TALLY: &str = "No game of a person against the AI yet: no tally.";

/// How to open one.
pub(crate) const REPLAY_HINT: &str = "Open one with `hijara replay N` or `hijara replay --last`.";

/// How to open one of a `--dir` folder's, whose numbers are not the history's.
pub(crate) const REPLAY_DIR_HINT: &str =
    "Open one with `hijara replay --dir DIR N` (DIR as above).";
