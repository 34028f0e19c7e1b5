//! Telling the player that it is their move: a desktop notification's title and body.

use crate::rules::Cell;

/// The notification's title.
pub(crate) const TITLE: &str = "Hijara";

/// The body when the move is not known.
pub(crate) const YOUR_MOVE: &str = "Your move";

/// The body: who played which move, and that it is the reader's move now (`bob
/// played c3 (section 2). Your move.`). s36: it ended `your move, bob` at a table,
/// addressing the player by the other player's name, and `your move, Blue` by colour.
pub(crate) fn your_move(played_by: &str, cell: Cell) -> String {
    format!(
        "{played_by} played {} (section {}). {YOUR_MOVE}.",
        cell.square, cell.section
    )
}
