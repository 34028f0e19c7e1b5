//! Telling the player that it is their move: a desktop notification's title and body.

use crate::rules::Square;

/// The notification's title.
pub(crate) const TITLE: &str = "Hijara";

/// The body when the move is not known.
pub(crate) const YOUR_MOVE: &str = "Your move";

/// The body: the move that arrived, and whose move it is now (by colour, at a table
/// by name: `alice played a4: your move, bob`).
pub(crate) fn your_move(
    played_by: impl std::fmt::Display,
    square: Square,
    to_move: impl std::fmt::Display,
) -> String {
    format!("{played_by} played {square}: your move, {to_move}")
}
