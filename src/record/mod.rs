//! The `.hij` game-record format: PGN-like header tags, then the moves.
//!
//! ```text
//! ; A comment runs to the end of the line; { braces } enclose one anywhere.
//! [Blue "Ann"]
//! [Yellow "hard"]
//! [Date "2026-11-30"]
//! [Variant "corners"]
//! [Claim "on"]
//! [Result "*"]
//!
//! 1. b2 c3 2. a1 {Yellow missed b2} b2+20?! *
//! ```
//!
//! - Tags come first, one `[Name "value"]` each, kept in order. Names are ASCII
//!   letters, digits and `_`; values escape `"` and `\` with a backslash, and a
//!   line break as `\n`. A name may appear only once.
//! - Moves are square names (`a1`..`d4`, any case) in the order played, Blue first.
//! - Move numbers are optional. They count rounds, a Blue move and Yellow's reply,
//!   like chess: `1. b2 c3 2. a1`. `3.` stands before Blue's move of round 3, and
//!   `3...` may stand before Yellow's; a number that does not match the round, or
//!   whose dots name the other player (`1... a1`, `1. a1 1. b2`), is an error. Elsewhere
//!   (errors, `hijara score`) moves are counted one by one, 1..64.
//! - An optional result ends the moves: `1-0` Blue won, `0-1` Yellow won,
//!   `1/2-1/2` a draw, `*` unfinished. The `Result` tag takes the same values.
//! - A bare list of squares (`b2 b2 c3 a1`) is a valid record.
//! - `[Variant "corners"]` plays the corners variant; no tag (or `standard`) is the
//!   standard game. Any other value is an error naming it.
//! - `[Claim "on"]` (or `off`) marks a game played with claims. Then a move may
//!   carry the points awarded for it: `b2+25`. No suffix means nothing was awarded
//!   (not claimed, or a wrong claim). A `+N` no subset of the combinations that
//!   stone completed adds up to is an error, and so is a `+N` without `[Claim "on"]`.
//! - A move mark may follow a move (after any claim): `!`, `!!`, `!?`, `?!`, `?`, `??`.
//! - Comments are kept: each is attached to the move before it, or to the game
//!   when no move precedes it, and written back after that move (or before the
//!   moves) as `{text}`, or as `;text` at the end of a line when the text holds a `}`.
//!
//! [`Record`]'s `FromStr` checks the syntax only; [`Record::to_game`] plays the
//! moves and checks that a full square is never named and that any claimed result
//! (the tag or the final token) is what actually happened.

mod date;
mod encoding;
mod error;
mod forfeit;
mod game_result;
mod mark;
mod parse;
mod quote;
mod termination;
mod time_control;
mod write;

use std::time::Duration;

use crate::rules::{ClaimOutcome, Game, Move, Outcome, Player, Ruleset};

pub use date::{DATE_TAG, DateError, is_date};
pub(crate) use encoding::utf16_error;
pub use error::{EditError, InvalidTagName, Location, RecordError};
pub use forfeit::Forfeit;
pub use game_result::{GameResult, ParseResultError};
pub use mark::{Mark, ParseMarkError};
pub use termination::{ParseTerminationError, Termination};
pub use time_control::{TimeControl, TimeControlError};

/// The tag naming the ruleset.
pub const VARIANT_TAG: &str = "Variant";

/// The tag turning claim mode on.
pub const CLAIM_TAG: &str = "Claim";

/// The tag with the game's clock, `300+3`: [`TimeControl`].
pub const TIME_CONTROL_TAG: &str = "TimeControl";

/// The tag saying how a game ended, when not by a full board: [`Termination`].
pub const TERMINATION_TAG: &str = "Termination";

/// Whether `text` can be written back as a comment: `{text}` needs no `}`, and
/// `;text` (to the end of the line) needs no line break: LF or CR, since a lone
/// CR ends a line too (old Mac files).
fn is_writable_comment(text: &str) -> bool {
    !text.contains('}') || !text.contains(['\n', '\r'])
}

/// What a record keeps about one move besides its square.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Notes {
    /// The points awarded in a claim game (never `Some(0)`).
    claim: Option<u32>,
    /// How a claim was settled with nothing awarded (`{[%claim wrong 30]}`):
    /// see [`writes_forfeit`] for which stones say it.
    forfeit: Option<Forfeit>,
    mark: Option<Mark>,
    /// The mover's time left after the move (`{[%clk 0:04:31]}`), to the tenth.
    clock: Option<Duration>,
    comments: Vec<String>,
}

/// Whether a record says a stone's claim was settled as `forfeit` after its move.
///
/// A wrong claim is said on every stone: unsaid, an earlier one read back as
/// unclaimed (the next stone closes a bare move's claim), the same points but
/// the wrong word in `hijara score` and the review (s38), and the last one read
/// back open and could be claimed again (s37). Closed unclaimed is said only on
/// the last stone, whose claim the moves leave open, and not when the full board
/// closes it by itself, so such records stay as older builds wrote them.
fn writes_forfeit(forfeit: Forfeit, is_last: bool, game_over: bool) -> bool {
    match forfeit {
        Forfeit::Wrong { .. } => true,
        Forfeit::Unclaimed => is_last && !game_over,
    }
}

/// Whether `name` can be a tag name.
fn is_valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A game record: header tags in order, the moves, and an optional final result token.
///
/// Equality ignores where things were written: two records are equal when they
/// have the same tags, moves (with their claims, marks and comments), game
/// comments and result token.
#[derive(Debug, Clone, Default)]
pub struct Record {
    tags: Vec<(String, String)>,
    moves: Vec<Move>,
    /// `notes[i]` belongs to `moves[i]`: always the same length.
    notes: Vec<Notes>,
    /// Comments before the first move.
    game_comments: Vec<String>,
    result: Option<GameResult>,
    /// Where each parsed move was written; shorter than `moves` (or empty) when
    /// moves were added by code.
    move_locations: Vec<Location>,
    result_location: Option<Location>,
    result_tag_location: Option<Location>,
    variant_tag_location: Option<Location>,
    claim_tag_location: Option<Location>,
    termination_tag_location: Option<Location>,
    time_control_tag_location: Option<Location>,
    date_tag_location: Option<Location>,
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.tags == other.tags
            && self.moves == other.moves
            && self.notes == other.notes
            && self.game_comments == other.game_comments
            && self.result == other.result
    }
}

impl Eq for Record {}

impl Record {
    /// An empty record: no tags, no moves, no result.
    pub fn new() -> Record {
        Record::default()
    }

    /// The record of `game`'s moves with these tags (in order), plus a `Result`
    /// tag and a final result token giving the game's actual result.
    ///
    /// A `Result` tag among `tags` is replaced in place by the actual result;
    /// tags with an invalid name are refused. The game's ruleset and claim mode
    /// are written as `Variant` and `Claim` tags (replacing any among `tags`;
    /// none for the standard game without claims), and in a claim game each
    /// move carries the points awarded for it, every stone claimed wrong its
    /// wrong claim, and the last stone a claim closed unclaimed unless the full
    /// board says it ([`Forfeit`]).
    pub fn from_game<I, K, V>(game: &Game, tags: I) -> Result<Record, InvalidTagName>
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        let mut record = Record::new();
        for (name, value) in tags {
            record.set_tag(name, value)?;
        }
        record.set_ruleset(game.ruleset());
        record.set_claim_mode(game.claim_mode());
        let last = game.len().checked_sub(1);
        for (index, mv) in game.moves().enumerate() {
            record.push_move(mv);
            if !game.claim_mode() {
                continue;
            }
            let awarded = game.awarded(index);
            let forfeit = game
                .claim_state(index)
                .and_then(Forfeit::of)
                .filter(|&forfeit| writes_forfeit(forfeit, Some(index) == last, game.is_over()));
            if let Some(notes) = record.notes.last_mut() {
                notes.claim = (awarded > 0).then_some(awarded);
                notes.forfeit = forfeit;
            }
        }
        record.set_result(Some(GameResult::of(game)));
        Ok(record)
    }

    /// The ruleset from the `Variant` tag: standard when there is none.
    pub fn ruleset(&self) -> Result<Ruleset, RecordError> {
        match self.tag(VARIANT_TAG) {
            None => Ok(Ruleset::Standard),
            Some(value) => value.parse().map_err(|_| RecordError::UnknownVariant {
                location: self.variant_tag_location,
                value: value.to_owned(),
            }),
        }
    }

    /// Sets the `Variant` tag: removed for the standard game, so its records stay as they were.
    pub fn set_ruleset(&mut self, ruleset: Ruleset) {
        self.variant_tag_location = None;
        match ruleset {
            Ruleset::Standard => {
                self.remove_tag(VARIANT_TAG);
            }
            // "Variant" is a valid tag name.
            other => {
                let _ = self.set_tag(VARIANT_TAG, other.name());
            }
        }
    }

    /// Whether the `Claim` tag turns claims on. A value other than `on` or
    /// `off` reads as off here and is refused by [`Record::to_game`].
    pub fn claim_mode(&self) -> bool {
        self.tag(CLAIM_TAG) == Some("on")
    }

    /// Sets the `Claim` tag to `on`, or removes it.
    pub fn set_claim_mode(&mut self, on: bool) {
        self.claim_tag_location = None;
        if on {
            // "Claim" is a valid tag name.
            let _ = self.set_tag(CLAIM_TAG, "on");
        } else {
            self.remove_tag(CLAIM_TAG);
        }
    }

    /// How the game ended, from the `Termination` tag: normal when there is none.
    pub fn termination(&self) -> Result<Termination, RecordError> {
        match self.tag(TERMINATION_TAG) {
            None => Ok(Termination::Normal),
            Some(value) => value
                .parse()
                .map_err(|_| RecordError::InvalidTerminationTag {
                    location: self.termination_tag_location,
                    value: value.to_owned(),
                }),
        }
    }

    /// Sets the `Termination` tag: removed for a normal ending, so the records of
    /// games that filled the board stay as they were.
    pub fn set_termination(&mut self, termination: Termination) {
        self.termination_tag_location = None;
        if termination.is_early() {
            // "Termination" is a valid tag name.
            let _ = self.set_tag(TERMINATION_TAG, termination.token());
        } else {
            self.remove_tag(TERMINATION_TAG);
        }
    }

    /// Ends the record early: the `Termination` tag and the winner's result
    /// (tag and final token). Checked by [`Record::to_game`].
    pub fn set_early_ending(&mut self, termination: Termination, winner: Player) {
        self.set_termination(termination);
        self.set_result(Some(GameResult::from(Some(Outcome::Winner(winner)))));
    }

    /// The game's clock from the `TimeControl` tag: `None` when there is none.
    pub fn time_control(&self) -> Result<Option<TimeControl>, RecordError> {
        self.tag(TIME_CONTROL_TAG)
            .map(|value| {
                value
                    .parse()
                    .map_err(|error| RecordError::InvalidTimeControlTag {
                        location: self.time_control_tag_location,
                        value: value.to_owned(),
                        error,
                    })
            })
            .transpose()
    }

    /// The day the game was played, from the `Date` tag: `Ok(None)` when there is
    /// none, the value when it is a date ([`is_date`]), and a [`DateError`] (where
    /// and what) when it is not, which the commands that show dates say as a
    /// warning and read as a date not known: the record stays readable.
    pub fn date(&self) -> Result<Option<&str>, DateError> {
        match self.tag(DATE_TAG) {
            Some(text) if !is_date(text) => Err(DateError {
                location: self.date_tag_location,
                text: text.to_owned(),
            }),
            date => Ok(date),
        }
    }

    /// Sets the `TimeControl` tag, or removes it (`None`).
    pub fn set_time_control(&mut self, control: Option<TimeControl>) {
        self.time_control_tag_location = None;
        match control {
            // "TimeControl" is a valid tag name.
            Some(control) => {
                let _ = self.set_tag(TIME_CONTROL_TAG, control.to_string());
            }
            None => {
                self.remove_tag(TIME_CONTROL_TAG);
            }
        }
    }

    /// The mover's time left after move `index` (0-based), if the record says.
    pub fn clock(&self, index: usize) -> Option<Duration> {
        self.notes.get(index).and_then(|n| n.clock)
    }

    /// Every move's time left, in order.
    pub fn clocks(&self) -> impl Iterator<Item = Option<Duration>> + '_ {
        self.notes.iter().map(|n| n.clock)
    }

    /// Sets the time left after move `index`, kept to the tenth of a second (as written).
    pub fn set_clock(&mut self, index: usize, left: Option<Duration>) -> Result<(), EditError> {
        self.notes_mut(index)?.clock = left.map(time_control::clock_precision);
        Ok(())
    }

    /// The points awarded for move `index` (0-based) in a claim game, if any.
    pub fn claim(&self, index: usize) -> Option<u32> {
        self.notes.get(index).and_then(|n| n.claim)
    }

    /// How move `index`'s claim was settled with nothing awarded, if the record
    /// says (`{[%claim wrong 30]}`, `{[%claim unclaimed]}`): see [`Forfeit`].
    pub fn forfeit(&self, index: usize) -> Option<Forfeit> {
        self.notes.get(index).and_then(|n| n.forfeit)
    }

    /// Sets how move `index`'s claim was settled with nothing awarded, or clears
    /// it. Checked by [`Record::to_game`].
    pub fn set_forfeit(&mut self, index: usize, forfeit: Option<Forfeit>) -> Result<(), EditError> {
        self.notes_mut(index)?.forfeit = forfeit;
        Ok(())
    }

    /// Every move's awarded points, in order.
    pub fn claims(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        self.notes.iter().map(|n| n.claim)
    }

    /// Sets the points awarded for move `index`; `None` for nothing. Checked by [`Record::to_game`].
    pub fn set_claim(&mut self, index: usize, points: Option<u32>) -> Result<(), EditError> {
        if points == Some(0) {
            return Err(EditError::ZeroClaim);
        }
        self.notes_mut(index)?.claim = points;
        Ok(())
    }

    /// Move `index`'s mark, if any.
    pub fn mark(&self, index: usize) -> Option<Mark> {
        self.notes.get(index).and_then(|n| n.mark)
    }

    /// Sets or clears move `index`'s mark.
    pub fn set_mark(&mut self, index: usize, mark: Option<Mark>) -> Result<(), EditError> {
        self.notes_mut(index)?.mark = mark;
        Ok(())
    }

    /// The comments after move `index`, in order (empty past the last move).
    pub fn comments(&self, index: usize) -> &[String] {
        self.notes.get(index).map_or(&[], |n| n.comments.as_slice())
    }

    /// Adds a comment after move `index` (after any already there).
    pub fn push_comment(&mut self, index: usize, text: impl Into<String>) -> Result<(), EditError> {
        let text = text.into();
        if !is_writable_comment(&text) {
            return Err(EditError::UnwritableComment);
        }
        self.notes_mut(index)?.comments.push(text);
        Ok(())
    }

    /// Removes every comment after move `index`.
    pub fn clear_comments(&mut self, index: usize) -> Result<(), EditError> {
        self.notes_mut(index)?.comments.clear();
        Ok(())
    }

    /// The comments before the first move, in order.
    pub fn game_comments(&self) -> &[String] {
        &self.game_comments
    }

    /// Adds a comment before the first move (after any already there).
    pub fn push_game_comment(&mut self, text: impl Into<String>) -> Result<(), EditError> {
        let text = text.into();
        if !is_writable_comment(&text) {
            return Err(EditError::UnwritableComment);
        }
        self.game_comments.push(text);
        Ok(())
    }

    fn notes_mut(&mut self, index: usize) -> Result<&mut Notes, EditError> {
        let moves = self.moves.len();
        self.notes
            .get_mut(index)
            .ok_or(EditError::NoSuchMove { index, moves })
    }

    /// The tags in order, as `(name, value)`.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The value of the tag `name` (case-sensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name`: replaces its value in place, or appends it.
    ///
    /// Any value is allowed (it is escaped when written). Setting `Result` to a
    /// value other than a result token is allowed here but refused by [`Record::to_game`].
    pub fn set_tag(
        &mut self,
        name: impl Into<String>,
        value: impl Into<String>,
    ) -> Result<(), InvalidTagName> {
        let name = name.into();
        if !is_valid_tag_name(&name) {
            return Err(InvalidTagName(name));
        }
        let value = value.into();
        self.forget_tag_location(&name);
        match self.tags.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => *v = value,
            None => self.tags.push((name, value)),
        }
        Ok(())
    }

    /// Removes the tag `name` and returns its value, if it was there.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let index = self.tags.iter().position(|(n, _)| n == name)?;
        self.forget_tag_location(name);
        Some(self.tags.remove(index).1)
    }

    /// A tag set by code was written nowhere.
    fn forget_tag_location(&mut self, name: &str) {
        match name {
            "Result" => self.result_tag_location = None,
            VARIANT_TAG => self.variant_tag_location = None,
            CLAIM_TAG => self.claim_tag_location = None,
            TERMINATION_TAG => self.termination_tag_location = None,
            TIME_CONTROL_TAG => self.time_control_tag_location = None,
            DATE_TAG => self.date_tag_location = None,
            _ => {}
        }
    }

    /// The moves, in order, Blue first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Appends a move, with no claim, mark or comment (not checked until [`Record::to_game`]).
    pub fn push_move(&mut self, mv: Move) {
        self.moves.push(mv);
        self.notes.push(Notes::default());
    }

    /// Keeps only the first `n` moves (and their claims, marks and comments).
    pub fn truncate_moves(&mut self, n: usize) {
        self.moves.truncate(n);
        self.notes.truncate(n);
        self.move_locations.truncate(n);
    }

    /// Where move `index` (0-based) was written, if the record was parsed.
    pub fn move_location(&self, index: usize) -> Option<Location> {
        self.move_locations.get(index).copied()
    }

    /// The final result token, if the record has one.
    pub fn result_token(&self) -> Option<GameResult> {
        self.result
    }

    /// The claimed result: the final token, or else the `Result` tag if it is a valid result.
    pub fn result(&self) -> Option<GameResult> {
        self.result
            .or_else(|| self.tag("Result").and_then(|v| v.parse().ok()))
    }

    /// Sets the final result token and, when `Some`, the `Result` tag to match.
    pub fn set_result(&mut self, result: Option<GameResult>) {
        self.result = result;
        self.result_location = None;
        if let Some(result) = result {
            // "Result" is a valid tag name.
            let _ = self.set_tag("Result", result.token());
        }
    }

    /// Plays the moves from the start under the record's ruleset, makes its
    /// claims, and checks the claimed results. In a claim game that fills the
    /// board, a last stone with no claim written is closed unclaimed
    /// ([`Game::close_last_claim`]): the game is over, no claim is to come.
    ///
    /// Errors: an unknown variant or a `Claim` tag other than `on`/`off`, a move
    /// on a full square, a claim its stone cannot have made, a `Result` tag that
    /// is not a result token or a claimed result (tag or token) other than the
    /// actual one (by the claimed totals in a claim game). A game that ended early
    /// (a `Termination` other than `normal`) must stop before the board is full and
    /// name its winner, `1-0` or `0-1`; the game returned is then still in progress
    /// by the rules, and [`Record::result`] says who won.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let ruleset = self.ruleset()?;
        if let Some(value) = self.tag(CLAIM_TAG)
            && value != "on"
            && value != "off"
        {
            return Err(RecordError::InvalidClaimTag {
                location: self.claim_tag_location,
                value: value.to_owned(),
            });
        }
        let claims_on = self.claim_mode();
        let mut game = Game::with_rules(ruleset, claims_on);
        for (index, &mv) in self.moves.iter().enumerate() {
            let player = game.to_move();
            let placement = game.play(mv).map_err(|e| RecordError::FullSquare {
                location: self.move_location(index),
                move_number: e.move_number,
                player,
                square: e.error.square,
            })?;
            if let Some(forfeit) = self.forfeit(index) {
                let settled = match (self.claim(index), forfeit) {
                    (Some(_), _) => false,
                    (None, Forfeit::Wrong { claimed }) => {
                        matches!(game.claim(claimed), Ok(ClaimOutcome::Wrong { .. }))
                    }
                    (None, Forfeit::Unclaimed) => claims_on && game.close_last_claim(),
                };
                if !settled {
                    return Err(RecordError::ImpossibleForfeit {
                        location: self.move_location(index),
                        move_number: index as u32 + 1,
                        player,
                        square: mv,
                        forfeit,
                        awarded: self.claim(index),
                        claims_on,
                    });
                }
            }
            if let Some(claimed) = self.claim(index) {
                let awarded = matches!(game.claim(claimed), Ok(ClaimOutcome::Awarded { .. }));
                if !awarded {
                    return Err(RecordError::ImpossibleClaim {
                        location: self.move_location(index),
                        move_number: index as u32 + 1,
                        player,
                        square: mv,
                        claimed,
                        scored: placement.points,
                        claims_on,
                    });
                }
            }
        }
        // A full board's last stone without a claim was left unclaimed: no claim is to
        // come once the game is over and kept (s36: an archived game read back as `not
        // claimed yet`, a claim no one could make). The totals are the same either way.
        if game.is_over() {
            game.close_last_claim();
        }
        let termination = self.termination()?;
        self.time_control()?;
        let mut actual = GameResult::of(&game);
        let mut claims = Vec::with_capacity(2);
        if let Some(value) = self.tag("Result") {
            let claimed = value.parse().map_err(|_| RecordError::InvalidResultTag {
                location: self.result_tag_location,
                value: value.to_owned(),
            })?;
            claims.push((claimed, self.result_tag_location));
        }
        if let Some(token) = self.result {
            claims.push((token, self.result_location));
        }
        if termination.is_early() {
            // The board did not decide: the record names the winner, once. A tag and a
            // token that differ are named both, rather than one of them taken for what
            // the board gave.
            if let [(tag, tag_location), (token, location)] = claims[..]
                && tag != token
            {
                return Err(RecordError::ConflictingResults {
                    location,
                    token,
                    tag,
                    tag_location,
                });
            }
            // The board did not decide: the record names the winner.
            let claimed = claims.first().map(|&(c, _)| c);
            let location = self
                .termination_tag_location
                .or_else(|| claims.first().and_then(|&(_, l)| l));
            let winner =
                claimed.filter(|c| matches!(c, GameResult::BlueWins | GameResult::YellowWins));
            // Only the running clock runs out: the player to move's.
            let flag_ok = termination != Termination::TimeForfeit
                || winner != Some(GameResult::from(Some(Outcome::Winner(game.to_move()))));
            match winner {
                Some(winner) if actual == GameResult::Unfinished && flag_ok => actual = winner,
                _ => {
                    return Err(RecordError::EarlyEndingMismatch {
                        location,
                        termination,
                        claimed,
                        moves: self.moves.len(),
                    });
                }
            }
        }
        for (claimed, location) in claims {
            if claimed != actual {
                return Err(RecordError::ResultMismatch {
                    location,
                    claimed,
                    actual,
                    moves: self.moves.len(),
                });
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests;
