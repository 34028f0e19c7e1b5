//! What a server table tells its players about their requests and messages.

use super::table::Who;

pub(crate) const NO_UNDO: &str = "Nothing of yours to take back now";
pub(crate) const NO_ONE_TO_PLAY: &str = "The other player has left: no rematch";
/// `n` while the claim of the stone that filled the board is still open: the game
/// ends with that claim (fits 44 columns).
pub(crate) const REMATCH_AFTER_THE_CLAIM: &str = "No rematch yet: the last claim is open";
pub(crate) const TOO_FAST: &str = "Slow down: 3 messages in 10 seconds at most";
pub(crate) const MUTED: &str = "Messages from the other player are muted (M: hear them)";
pub(crate) const UNMUTED: &str = "You hear the other player's messages again";
pub(crate) const BELL_ON: &str = "Bell on: it rings when it is your move";
pub(crate) const BELL_OFF: &str = "Bell off";

/// `name` resigned and `winner` wins: `bob resigned: alice wins`; to each player in
/// the second person (`You resigned: alice wins`, `bob resigned: you win`).
pub(crate) fn resigned(name: Who<'_>, winner: Who<'_>) -> String {
    format!("{name} resigned: {}", winner.wins_within())
}
pub(crate) fn undo_agreed(name: &str, taken: usize) -> String {
    let moves = if taken == 1 { "move" } else { "moves" };
    format!("{name} agreed: {taken} {moves} taken back")
}
/// [`undo_agreed`] as the player who agreed reads it.
pub(crate) fn you_agreed_undo(taken: usize) -> String {
    let moves = if taken == 1 { "move" } else { "moves" };
    format!("You agreed: {taken} {moves} taken back")
}
pub(crate) fn undo_refused(name: &str) -> String {
    format!("{name} refused to take back the move")
}
pub(crate) fn rematch_declined(name: &str) -> String {
    format!("{name} declined the rematch")
}
pub(crate) fn rematch_started(blue: &str) -> String {
    format!("Rematch: colours swapped, {blue} plays Blue")
}
/// [`rematch_started`] as the player who now plays Blue reads it.
pub(crate) const YOU_PLAY_BLUE: &str = "Rematch: colours swapped, you play Blue";
pub(crate) fn left(name: &str) -> String {
    format!("{name} left the table (q: lobby)")
}
/// [`left`] when leaving ended a rated game before both players moved: it is not
/// rated, said first ([`ENDED_TOO_SOON_SHORT`]), and the line ends as [`left`] does.
pub(crate) fn left_early(name: &str) -> String {
    format!("{ENDED_TOO_SOON_SHORT}. {}", left(name))
}
/// A message typed after the other player got up: nobody reads it.
pub(crate) const NOT_DELIVERED: &str = "Not delivered: the other player has left the table";
/// A message typed while the other player (named) is away from a live game: their
/// screen, when they come back, starts after it.
pub(crate) fn not_delivered_away(name: &str) -> String {
    format!("Not delivered: {name} is away")
}
/// A message the server could not write to disk (`error`): nobody saw it.
pub(crate) fn not_delivered_unkept(error: &str) -> String {
    format!("Not delivered: the server could not save it ({error})")
}
/// A message from a player, as the other sees it.
pub(crate) fn said(name: &str, text: &str) -> String {
    format!("{name}: {text}")
}
pub(crate) const NO_CORR_REMATCH: &str =
    "No rematch in correspondence: open a new table from the lobby (n)";
/// A rated game left in progress with the other player there: a loss.
pub(crate) fn abandoned(name: &str, winner: &str) -> String {
    format!("{name} left the rated game in progress: abandoned, {winner} wins")
}
/// A game played as rated that ended before both players moved: not rated (the
/// rule is `rating::ended_too_soon`). Said to everyone at the table when it ends.
pub(crate) const ENDED_TOO_SOON: &str = "The game ended before both players moved: it is not rated";
/// [`ENDED_TOO_SOON`] on a narrow screen.
pub(crate) const ENDED_TOO_SOON_SHORT: &str = "Ended before both moved: not rated";
/// The line of a game's end (`bob resigned: alice wins`) when it ended before both
/// players moved: one line, the end's words first, so that nothing said of the end
/// is covered by a line after it.
pub(crate) fn not_rated_after(end: &str) -> String {
    format!("{end}. {ENDED_TOO_SOON_SHORT}")
}
/// The claim of the stone that filled the board went unclaimed, its time (the
/// reconnect grace, or a correspondence move's time) gone by: `bob's claim of d4
/// lapsed: its time ran out`; to its player `Your claim of d4 lapsed: ...` (41
/// columns: it fits 44).
pub(crate) fn claim_lapsed(claimer: Who<'_>, square: &str) -> String {
    format!(
        "{}: its time ran out",
        last_claim_end(claimer, square, LastClaimEnd::Lapsed)
    )
}
/// How the open claim of the stone that filled the board ended without its points,
/// where the game's end does not say it (s40: a draw at 0-0 where the claim would
/// have won, and no word of why).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LastClaimEnd {
    /// Its time went by (the reconnect grace, a correspondence move's time).
    Lapsed,
    /// Its player claimed a wrong number of points.
    Wrong,
    /// Its player left the table with it open.
    Left,
}
/// [`LastClaimEnd`] said of the claimer: `bob's claim of d4 lapsed`, `bob's claim of
/// d4 was wrong`, `bob left with the claim of d4 open`; to its player `Your claim
/// ...`, `You left ...`. The log's end and the ratings' line ([`lapsed_then_rated`]).
pub(crate) fn last_claim_end(claimer: Who<'_>, square: &str, end: LastClaimEnd) -> String {
    match end {
        LastClaimEnd::Lapsed => format!("{} of {square} lapsed", claimer.whose("claim")),
        LastClaimEnd::Wrong => format!("{} of {square} was wrong", claimer.whose("claim")),
        LastClaimEnd::Left => format!("{claimer} left with the claim of {square} open"),
    }
}
/// The ratings' line after a game whose last claim ended without its points
/// ([`last_claim_end`]): that first, as this line takes the place of the one that
/// said it (`bob's claim of d4 was wrong. Rated standard live: ...`).
pub(crate) fn lapsed_then_rated(
    claimer: Who<'_>,
    square: &str,
    end: LastClaimEnd,
    ratings: &str,
) -> String {
    format!("{}. {ratings}", last_claim_end(claimer, square, end))
}
/// A correspondence game lost on time: `bob's time ran out ...: alice wins`; to each
/// player in the second person (`Your time ran out ...`, `...: you win`).
pub(crate) fn corr_time_out(name: Who<'_>, winner: Who<'_>) -> String {
    format!(
        "{} ran out (time per move, bank and vacation): {}",
        name.whose("time"),
        winner.wins_within()
    )
}
