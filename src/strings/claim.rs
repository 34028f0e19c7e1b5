//! Texts of a game with claims: a stone's points count only once its player claims them.

use crate::rules::{Placement, Player};

/// A stone placed by a person in a claim game: nothing said about its points.
pub(crate) fn placed(placement: &Placement) -> String {
    placed_by(placement, &placement.player.to_string())
}

/// [`placed`] with its player said as `player` says them (`You played a4 (section
/// 1). Claim its points...` to its player at a table; s35: by colour there).
pub(crate) fn placed_by(placement: &Placement, player: &str) -> String {
    let cell = placement.cell;
    format!(
        "{player} played {} (section {}). Claim its points: + points Enter",
        cell.square, cell.section
    )
}

/// [`placed_by`] in fewer words for its player at a table, 38 columns: `You played
/// a4:1. Claim: + points Enter`.
pub(crate) fn placed_yours_short(placement: &Placement) -> String {
    let cell = placement.cell;
    format!(
        "You played {}:{}. Claim: + points Enter",
        cell.square, cell.section
    )
}

/// The same, in fewer words: at 44 columns it leaves room for `? help` beside it.
pub(crate) fn placed_short(placement: &Placement) -> String {
    let cell = placement.cell;
    format!(
        "{} {}:{}. Claim: + points Enter",
        placement.player, cell.square, cell.section
    )
}

/// The stone that filled the board, its claim still open, then what became of the
/// finished game (`kept`: where it was kept).
pub(crate) fn placed_last(placement: &Placement, kept: &str) -> String {
    format!("{}. {kept}", placed(placement))
}

/// [`placed_last`] with the stone's prompt in fewer words ([`placed_short`]): `Yellow
/// b1:4. Claim: + points Enter. Game kept as ...`.
pub(crate) fn placed_last_short(placement: &Placement, kept: &str) -> String {
    format!("{}. {kept}", placed_short(placement))
}

/// A stone played at another terminal, its claim still to come from its player, who
/// is said as `player` says them (at a table by name, s34: was by colour alone).
pub(crate) fn placed_remote(placement: &Placement, player: &str) -> String {
    let cell = placement.cell;
    format!(
        "{player} played {} (section {}): {player} may claim its points",
        cell.square, cell.section
    )
}

/// [`placed_remote`] in fewer words: at most 39 columns with a 16-column name, so
/// that it stays whole at 44 (`alexandrapetrova played a4:1, may claim`).
pub(crate) fn placed_remote_short(placement: &Placement, player: &str) -> String {
    let cell = placement.cell;
    format!(
        "{player} played {}:{}, may claim",
        cell.square, cell.section
    )
}

/// What became of the earlier stone's points, then what the new stone did.
pub(crate) fn unclaimed_then(unclaimed: &str, placed: &str) -> String {
    format!("{unclaimed}. {placed}")
}

/// A claim refused before it was made (claims off, no stone, already claimed).
pub(crate) fn refused(error: impl std::fmt::Display) -> String {
    format!("No claim: {error}")
}

/// `+` in a game here once the last stone's claim is settled: whose stone it is,
/// that its claim is over (`closed`: it went unclaimed), and that the player to move
/// claims only after their own next stone: at one keyboard a claim is always the
/// last stone's, for its player.
pub(crate) fn settled_stone(last: &Placement, closed: bool, to_move: Player) -> String {
    let stone = format!("{}'s {}", last.player, last.square());
    let over = if closed {
        "went unclaimed, its claim closed"
    } else {
        "had its one try"
    };
    if to_move == last.player {
        format!("No claim: {stone} {over}; a claim is for the last stone, by its player")
    } else {
        format!("No claim: {stone} {over}; {to_move} claims after {to_move}'s own next stone")
    }
}

/// `+` after an AI's stone: the AI claims its own, the person theirs. The AI is said
/// as `ai` says it: at a table with the server's AI by its name there (`hard AI`),
/// locally by its level and colour ([`ai_named`]); s36: by colour alone, `the last
/// stone is Yellow's, and the AI claims its own points`, under the ladder's `hard AI`.
pub(crate) fn ai_stone(ai: &str) -> String {
    format!("No claim: {ai} claims its own stones; you claim yours")
}

/// `+` in a game of two AIs, where no person plays (s36: it said `...; you claim
/// yours`).
pub(crate) const AIS_STONES: &str = "No claim: the AIs claim their own stones";

/// A local game's AI by its level and colour: `hard AI (Yellow)`.
pub(crate) fn ai_named(level: &str, player: Player) -> String {
    format!("{level} ({player})")
}

/// `+` after the other player's stone at a table: theirs to claim, at their terminal.
pub(crate) fn remote_stone(name: Option<&str>, player: Player) -> String {
    match name {
        Some(name) => format!("No claim: the last stone is {name}'s ({player}), theirs to claim"),
        None => format!("No claim: the last stone is {player}'s, claimed at the other terminal"),
    }
}

/// The digits and the rub-out ([`PAD_RUB_OUT`]) a click on the claim being typed
/// types, as their keys would (s36: a player with only the mouse could not claim):
/// each a cell of its own, a space between.
pub(crate) const PAD: &str = "0 1 2 3 4 5 6 7 8 9 ⌫";
/// The cell of [`PAD`] that rubs out the last digit, as Backspace does.
pub(crate) const PAD_RUB_OUT: char = '⌫';
/// The words of the claim's prompt that a click opens the claim with, as `+` does
/// (in the stone's message, the turn line and the hint line).
pub(crate) const OPEN_LABEL: &str = "+ points Enter";
/// At 44 columns the claim's ending keys, by their names alone: clicked, each is its key.
pub(crate) const PAD_ENTER: &str = "Enter";
/// See [`PAD_ENTER`].
pub(crate) const PAD_ESC: &str = "Esc";

/// The claim being typed, on the status line `width` columns wide, with `keys`
/// (the claim entry's hint line, its parts joined by ` · `) and the [`PAD`] a click
/// types with: narrower, Backspace goes (the one key a typist finds alone, and
/// `⌫` on the pad), then whose stone, never Enter and Esc (at 44 columns they were
/// cut off, and with them how to end the claim).
/// `player` says whose stone it is (`Blue's a4`; `your a4` to its player at a table).
pub(crate) fn typing(
    placement: &Placement,
    player: super::table::Who<'_>,
    typed: &str,
    keys: &str,
    width: usize,
) -> String {
    let square = placement.square();
    let stone = player.whose_within(square);
    let whole = format!("Claim for {stone}: +{typed}_ · {PAD} · {keys}");
    if crate::text::fits(&whole, width) {
        return whole;
    }
    let ends: Vec<&str> = keys
        .split(" · ")
        .filter(|part| !part.starts_with("Backspace"))
        .collect();
    let ends = ends.join(" · ");
    let middle = format!("Claim for {stone}: +{typed}_ · {PAD} · {ends}");
    if crate::text::fits(&middle, width) {
        return middle;
    }
    let short = format!("Claim {square}: +{typed}_ · {PAD} · {ends}");
    if crate::text::fits(&short, width) {
        return short;
    }
    format!("{square} +{typed}_ {PAD} {PAD_ENTER} {PAD_ESC}")
}

/// Keys other than digits, Backspace, Enter and Esc while a claim is typed.
pub(crate) const TYPE_DIGITS: &str = "Type the points (digits), Enter to claim, Esc to cancel";
/// The claim typed was cancelled.
pub(crate) const CANCELLED: &str = "Claim cancelled";
/// Enter with no digits typed.
pub(crate) const EMPTY: &str = "Type the points after +, e.g. +25, then Enter";
/// A number too large to be a claim.
pub(crate) const TOO_LONG: &str = "A claim is at most 3 digits";
/// The turn line while an AI waits for a person's claim, the AI said as `ai` says it
/// (its colour; at a table with the server's AI, its name there: `hard AI waits`).
pub(crate) fn waits(ai: &str) -> String {
    format!("{ai} waits: Enter lets it play")
}
/// The same, in fewer words.
pub(crate) fn waits_short(ai: &str) -> String {
    format!("Enter: {ai} plays")
}
/// The turn line while `claimer`'s last stone may still be claimed: both who may
/// claim (a colour, or a name at a table) and whose turn it is (`turn`), longest
/// wording first (the message line under it names the keys too).
pub(crate) fn may_claim(claimer: &str, turn: &str, turn_short: &str) -> Vec<String> {
    vec![
        format!("{claimer} may claim (+ points Enter) · {turn}"),
        format!("{claimer} may claim · {turn}"),
        format!("{claimer} may claim · {turn_short}"),
        turn_short.to_owned(),
    ]
}
/// [`may_claim`]'s widest wording on a screen that cannot make the claim (the other
/// player's at a table, a watcher's): what it would add, not its key (s33: `Yellow
/// may claim (+ points Enter)` there): `alice may claim +25 · bob leads`.
pub(crate) fn may_claim_worth(claimer: &str, points: u32, turn: &str) -> String {
    format!("{claimer} may claim +{points} · {turn}")
}
/// [`may_claim`] where no result fits beside who may claim (a table's 16-column
/// names at 44 columns): `alexandrapetrova may claim`.
pub(crate) fn may_claim_alone(claimer: &str) -> String {
    format!("{claimer} may claim")
}
/// A square chosen while the AI waits for a person's claim already made.
pub(crate) const GO_ON_CLAIMED: &str = "The AI moves next: Enter lets it play";
/// A square chosen while the AI waits for a person's claim.
pub(crate) const GO_ON: &str =
    "The AI moves next: Enter lets it play (claim first: + points Enter)";
