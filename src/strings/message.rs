//! Status-line messages.

use crate::ai::Seat;
use crate::rules::{Game, Player, Square};

use super::{moves_count, seat_name};

/// A key the game does not use.
pub(crate) const UNKNOWN_KEY: &str = "Unknown key: press ? for help";
pub(crate) const TYPE_A_SQUARE: &str =
    "Type a square as a letter a-d, then a digit 1-4, such as b3";
pub(crate) const NEW_GAME: &str = "New game: Blue to move";
/// `w` (a rematch with the sides swapped) while the game is not over.
pub(crate) const SWAP_AT_THE_END: &str =
    "w swaps sides for a rematch once the game is over; n starts a new game.";
/// `w` while the last stone may still be claimed here.
pub(crate) const SWAP_AFTER_THE_CLAIM: &str =
    "The last stone may still be claimed (+): claim it first, then w swaps sides.";
/// A rematch with the sides swapped at one keyboard, the players named: `Rematch,
/// sides swapped: bob plays Blue and moves first, alice plays Yellow`.
pub(crate) fn swapped_named(blue: &str, yellow: &str) -> String {
    format!("Rematch, sides swapped: {blue} plays Blue and moves first, {yellow} plays Yellow")
}
/// Any rematch with the sides swapped, in fewer columns (the ladders show who is who).
pub(crate) const SWAPPED_SHORT: &str = "Rematch, sides swapped";
/// The same with no names.
pub(crate) const SWAPPED_HOT_SEAT: &str =
    "Rematch, sides swapped: Yellow's player now plays Blue and moves first";
/// A rematch with the sides swapped against the AI: the person's colour now.
pub(crate) fn swapped_against_ai(person: crate::rules::Player) -> String {
    match person {
        crate::rules::Player::Blue => {
            "Rematch, sides swapped: you play Blue and move first".to_owned()
        }
        crate::rules::Player::Yellow => {
            "Rematch, sides swapped: you play Yellow, the AI moves first".to_owned()
        }
    }
}
/// `w` at a server's table, whose rematch swaps the colours itself.
pub(crate) const SWAP_AT_A_TABLE: &str =
    "At the end, n asks for a rematch: the table swaps the colours itself.";
/// The same between two AIs.
pub(crate) const SWAPPED_AIS: &str = "Rematch, sides swapped between the AIs";
pub(crate) const NEW_INSTEAD_OF_RESUME: &str =
    "New game: the autosaved one is kept aside at your first move";
/// A move or take-back refused at a local game's end: every key the end has, `w` too
/// (qa43: it named n, r and q, while the key row it covers offered `w`).
pub(crate) const GAME_OVER: &str = "The game is over: n new game, w swap sides, r review, q quit";
/// [`GAME_OVER`] in a game the start screen opened, where `q` goes back to it.
pub(crate) const GAME_OVER_BACK: &str =
    "The game is over: n new game, w swap sides, r review, q to the start screen";
pub(crate) const REVIEW_AFTER_THE_GAME: &str = "r reviews the game once it is over";
pub(crate) const NOTHING_TO_UNDO: &str = "Nothing to undo";
pub(crate) const NOTHING_TO_REDO: &str = "Nothing to redo";
pub(crate) const NO_HINT: &str = "The game is over: no hint";
pub(crate) const HINT_THINKING: &str = "Hint: the hard AI is thinking…";
pub(crate) const AI_STALLED: &str = "The AI found no legal move: u to undo, n for a new game";
pub(crate) const NOT_OVER_THE_NETWORK: &str = "Not in a game over the network";
pub(crate) const NOT_BETWEEN_PLAYERS: &str = "Not in a game between two players over the network";
pub(crate) const NO_ONE_TO_RESIGN: &str = "Only a person playing here can resign";
pub(crate) const NOTHING_TO_RESIGN: &str = "The game is over: nothing to resign";
pub(crate) const OVER_AT_THIS_MOVE: &str =
    "The game is over at this move: step back (←) to play on from earlier";

/// A column letter typed, waiting for its row.
pub(crate) fn type_the_row(letter: char) -> String {
    format!("{letter}_: type the row, 1-4")
}
/// Played on from a game of two AIs: the person takes the side to move.
pub(crate) fn you_take(to_move: Player, other: crate::ai::Seat) -> String {
    format!(
        "You play {to_move} from here, against the {}",
        super::seat_name(other)
    )
}
pub(crate) fn resumed(to_move: Player) -> String {
    format!("Resumed: {to_move} to move")
}
/// A game resumed with its last stone's claim open: `Resumed. ` before that stone's
/// claim prompt, as it was when the game was left.
pub(crate) fn resumed_then(prompt: &str) -> String {
    format!("Resumed. {prompt}")
}
pub(crate) fn loaded(path: &str, game: &Game) -> String {
    format!(
        "Loaded {path}: {}, {} to move",
        moves_count(game.len()),
        game.to_move()
    )
}
pub(crate) fn wait_for(mover: Player, seat: Seat) -> String {
    format!("Wait: {mover} ({}) is thinking", seat_name(seat))
}
/// A square chosen on the turn of `mover` (a colour, or a name at a table), who plays
/// at another terminal.
pub(crate) fn wait_for_remote(mover: impl std::fmt::Display) -> String {
    format!("Wait: {mover} plays at another terminal")
}
/// [`wait_for_remote`] in fewest words, by name (s34: by colour where a 16-column
/// name left no room at 44 columns): `Wait: alexandrapetrova's move`.
pub(crate) fn wait_for_turn(name: &str) -> String {
    format!("Wait: {name}'s move")
}
/// [`wait_for_remote`] naming the player (qa30: `Wait: Yellow ...` where bob plays):
/// `Wait: bob (Yellow) plays at another terminal`.
pub(crate) fn wait_for_remote_named(name: &str, mover: Player) -> String {
    format!("Wait: {name} ({mover}) plays at another terminal")
}
/// A square chosen on the turn of `name` (`mover`), who is away from the live game:
/// not `plays at another terminal`, and what leaving does.
pub(crate) fn wait_away(name: &str, mover: Player) -> String {
    format!("Wait: {name} ({mover}) is away, their link dropped: q adjourns the game")
}
pub(crate) fn wait(mover: Player) -> String {
    format!("Wait: {mover} is thinking")
}
pub(crate) fn full(square: Square) -> String {
    format!("{square} is full: choose another square")
}
pub(crate) fn took_back(count: usize) -> String {
    let moves = if count == 1 { "move" } else { "moves" };
    format!("Took back {count} {moves}: u again to undo more, U to redo")
}
/// [`took_back`] for a narrow screen (44 columns), so it stays on the status line.
pub(crate) fn took_back_short(count: usize) -> String {
    let moves = if count == 1 { "move" } else { "moves" };
    format!("Took back {count} {moves}: u more, U redo")
}
pub(crate) fn hint(square: Square) -> String {
    format!("Hint: {square} (Enter plays it)")
}
pub(crate) fn no_such_move(typed: &str, len: usize) -> String {
    format!(
        "No move {typed}: the record has {} (g 0 is the start)",
        moves_count(len)
    )
}
