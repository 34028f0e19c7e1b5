//! The questions: the whole question, and the answers alone for the status line.

use crate::ai::Seat;
use crate::rules::{Game, Player};

use super::{moves_count, seat_name};

/// Quit the game in progress, when the autosave holds it.
pub(crate) const QUIT_AUTOSAVED: &str = "Quit the game in progress? It is kept: `hijara resume` continues it. y: quit, any other key: keep playing";
/// The quit question at its shortest, for the status line: the question kept.
pub(crate) const QUIT_ANSWERS: &str = "Quit? y: quit, any other key: keep playing";
/// Quit the game in progress, when the autosave does not hold it (it failed, or
/// there is none): the game may be on disk nowhere.
pub(crate) const QUIT_NOT_KEPT: &str = "Quit the game in progress? It is NOT autosaved: s saves it to a file first. y: quit, s: save, any other key: keep playing";
/// The quit question's warning and answers, when the game is not autosaved.
pub(crate) const QUIT_NOT_KEPT_SHORT: &str =
    "Quit? NOT autosaved. s: save first, y: quit, other key: keep playing";
/// Abandon the game for a new one?
pub(crate) const NEW_GAME: &str = "Abandon this game for a new one? y: new game, any other key: no";
/// The new-game question at its shortest, for the status line.
pub(crate) const NEW_GAME_ANSWERS: &str = "New game? y: new game, any other key: no";
/// `player` resigns the game in progress?
pub(crate) fn resign(player: Player) -> String {
    format!(
        "Resign for {player}? {} wins the game. y: resign, any other key: keep playing",
        player.other()
    )
}
/// The resign question at its shortest, for the status line.
pub(crate) const RESIGN_ANSWERS: &str = "Resign? y: resign, any other key: keep playing";
/// Resume an autosaved game, when its details are not known.
pub(crate) const RESUME: &str =
    "An unfinished game was autosaved. Resume it? y: resume, n: new game";
/// The resume question at its shortest, for the status line.
pub(crate) const RESUME_ANSWERS: &str = "Resume it? y: resume, n: new game";
/// The replay viewer's play-on question at its shortest, for the status line.
pub(crate) const CONTINUE_ANSWERS: &str = "Play on? y: play on, any other key: stay";
/// The quit question in brief, for the status line: the question, its
/// consequence and the answers.
pub(crate) const QUIT_AUTOSAVED_SHORT: &str =
    "Quit? It is kept: `hijara resume` continues it. y: quit, other key: keep playing";

/// The resume question in brief, for the status line: the autosaved game, and the
/// new game `n` starts instead (`new_seats`).
pub(crate) fn resume_short(game: &Game, new_seats: [Seat; 2]) -> String {
    format!(
        "Autosaved game: {}, Blue {} Yellow {}. y: resume, n: {}",
        moves_count(game.len()),
        game.score(Player::Blue),
        game.score(Player::Yellow),
        new_game_short(new_seats),
    )
}

/// The resume question's answers, with the new game `n` starts.
pub(crate) fn resume_answers(new_seats: [Seat; 2]) -> String {
    format!("Resume? y: resume, n: {}", new_game_short(new_seats))
}

/// The new game in a few words: `new hot-seat game`, `new game vs easy AI`.
fn new_game_short(seats: [Seat; 2]) -> String {
    match seats {
        [Seat::Human, Seat::Human] => "new hot-seat game".to_owned(),
        [Seat::Human, ai] | [ai, Seat::Human] => format!("new game vs {}", seat_name(ai)),
        [blue, yellow] => format!("new game, {} vs {}", seat_name(blue), seat_name(yellow)),
    }
}

/// Who plays whom: `Blue (human) against Yellow (easy AI)`.
fn pairing(seats: [Seat; 2]) -> String {
    format!(
        "{} ({}) against {} ({})",
        Player::Blue,
        seat_name(seats[0]),
        Player::Yellow,
        seat_name(seats[1]),
    )
}

/// The play-on question in brief, for the status line.
pub(crate) fn play_on_short(at_move: usize, dropped: usize) -> String {
    let moves = if dropped == 1 { "move" } else { "moves" };
    format!(
        "Play on from move {at_move}? {dropped} later {moves} dropped. \
         y: play on, any other key: stay"
    )
}

/// Resume the autosaved game, with who played it and how far it got, or start the
/// new game the player asked for (`new_seats`): each answer names its game.
pub(crate) fn resume(seats: [Seat; 2], game: &Game, new_seats: [Seat; 2]) -> String {
    format!(
        "Resume the autosaved game? {}, {}, Blue {} Yellow {}. y: resume it, \
         n: a new game, {}",
        pairing(seats),
        moves_count(game.len()),
        game.score(Player::Blue),
        game.score(Player::Yellow),
        pairing(new_seats),
    )
}

/// Play on from move `at_move`, dropping `dropped` later moves?
pub(crate) fn play_on(at_move: usize, dropped: usize) -> String {
    let moves = if dropped == 1 { "move" } else { "moves" };
    format!(
        "Play on from move {at_move}? The {dropped} later {moves} are dropped (the file is \
         not changed). y: play on, any other key: stay"
    )
}
