//! Telling the player that it is their move: a desktop notification's title and body.

use crate::rules::{Player, Square};

/// The notification's title.
pub(crate) const TITLE: &str = "Hijara";

/// The body when the move is not known.
pub(crate) const YOUR_MOVE: &str = "Your move";

/// The body: the move that arrived, and whose move it is now.
pub(crate) fn your_move(played_by: Player, square: Square, to_move: Player) -> String {
    format!("{played_by} played {square}: your move, {to_move}")
}
