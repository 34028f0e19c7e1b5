//! The `.hij` game-record format: PGN-like header tags, then the moves.
//!
//! ```text
//! ; A comment runs to the end of the line; { braces } enclose one anywhere.
//! [Blue "Ann"]
//! [Yellow "hard"]
//! [Date "2026-11-30"]
//! [Result "*"]
//!
//! 1. b2 c3 2. a1 b2 *
//! ```
//!
//! - Tags come first, one `[Name "value"]` each, kept in order. Names are ASCII
//!   letters, digits and `_`; values escape `"` and `\` with a backslash, and a
//!   line break as `\n`. A name may appear only once.
//! - Moves are square names (`a1`..`d4`, any case) in the order played, Blue first.
//! - Move numbers are optional. They count rounds, a Blue move and Yellow's reply,
//!   like chess: `1. b2 c3 2. a1`. `3...` (or `3.`) may stand before Yellow's move
//!   of round 3. A number that does not match the round is an error. Elsewhere
//!   (errors, `hijara score`) moves are counted one by one, 1..64.
//! - An optional result ends the moves: `1-0` Blue won, `0-1` Yellow won,
//!   `1/2-1/2` a draw, `*` unfinished. The `Result` tag takes the same values.
//! - A bare list of squares (`b2 b2 c3 a1`) is a valid record.
//!
//! [`Record`]'s `FromStr` checks the syntax only; [`Record::to_game`] plays the
//! moves and checks that a full square is never named and that any claimed result
//! (the tag or the final token) is what actually happened.

mod parse;

use std::fmt;
use std::str::FromStr;

use crate::rules::{Game, Move, Outcome, Player};

pub use parse::Location;

/// What a record says about how the game ended: the final token or the `Result` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: the board is full and Blue has the higher total.
    BlueWins,
    /// `0-1`: the board is full and Yellow has the higher total.
    YellowWins,
    /// `1/2-1/2`: the board is full and the totals are equal.
    Draw,
    /// `*`: the board is not full yet.
    Unfinished,
}

impl GameResult {
    /// All four results.
    pub const ALL: [GameResult; 4] = [
        GameResult::BlueWins,
        GameResult::YellowWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The result of `game` as it stands.
    pub fn of(game: &Game) -> GameResult {
        GameResult::from(game.outcome())
    }

    /// The token written in records: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::BlueWins => "1-0",
            GameResult::YellowWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// A plain-words description (`Blue wins`, `draw`, `unfinished`).
    pub const fn describe(self) -> &'static str {
        match self {
            GameResult::BlueWins => "Blue wins",
            GameResult::YellowWins => "Yellow wins",
            GameResult::Draw => "draw",
            GameResult::Unfinished => "unfinished",
        }
    }
}

impl From<Option<Outcome>> for GameResult {
    fn from(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome::Winner(Player::Blue)) => GameResult::BlueWins,
            Some(Outcome::Winner(Player::Yellow)) => GameResult::YellowWins,
            Some(Outcome::Draw) => GameResult::Draw,
            None => GameResult::Unfinished,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// The error for a result that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a result `1-0`, `0-1`, `1/2-1/2` or `*`, found `{0}`")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::ALL
            .into_iter()
            .find(|r| r.token() == s)
            .ok_or_else(|| ParseResultError(s.to_owned()))
    }
}

/// A tag name that is empty or has a character other than ASCII letters, digits and `_`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a tag name must be ASCII letters, digits or `_`, not `{}`", .0.escape_debug())]
pub struct InvalidTagName(pub String);

/// Whether `name` can be a tag name.
fn is_valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Something wrong with a record, with where it is in the text when known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text does not follow the format.
    #[error("line {}, column {}: expected {expected}, found {found}", .location.line, .location.column)]
    Syntax {
        /// Where the offending token starts.
        location: Location,
        /// What was there, quoted (`` `e5` ``), or `end of input`.
        found: String,
        /// What the format allows there.
        expected: String,
    },
    /// A move names a full square.
    #[error("{}move {move_number} ({player}) plays {square}, which is full", at(.location))]
    FullSquare {
        /// Where the move is written, if the record was parsed.
        location: Option<Location>,
        /// The move's number, counted one by one from 1.
        move_number: u32,
        /// Who would have played it.
        player: Player,
        /// The full square.
        square: Move,
    },
    /// The `Result` tag is not a result token (only possible for a tag set by code:
    /// the parser reports it as a syntax error).
    #[error("{}the Result tag is {}; expected `1-0`, `0-1`, `1/2-1/2` or `*`", at(.location), parse::quote(.value))]
    InvalidResultTag {
        /// Where the tag is written, if the record was parsed.
        location: Option<Location>,
        /// The tag's value.
        value: String,
    },
    /// The `Result` tag or the final result token says something other than what happened.
    #[error("{}the record claims `{claimed}` ({}) but after {moves} moves the game is {}",
        at(.location), .claimed.describe(), .actual.describe())]
    ResultMismatch {
        /// Where the claim is written, if the record was parsed.
        location: Option<Location>,
        /// What the record says.
        claimed: GameResult,
        /// What the moves give.
        actual: GameResult,
        /// How many moves the record has.
        moves: usize,
    },
}

impl RecordError {
    /// Where in the text the problem is, when known.
    pub fn location(&self) -> Option<Location> {
        match self {
            RecordError::Syntax { location, .. } => Some(*location),
            RecordError::FullSquare { location, .. }
            | RecordError::InvalidResultTag { location, .. }
            | RecordError::ResultMismatch { location, .. } => *location,
        }
    }
}

/// `line L, column C: ` or nothing.
fn at(location: &Option<Location>) -> String {
    match location {
        Some(l) => format!("line {}, column {}: ", l.line, l.column),
        None => String::new(),
    }
}

/// A game record: header tags in order, the moves, and an optional final result token.
///
/// Equality ignores where things were written: two records are equal when they
/// have the same tags, moves and result token.
#[derive(Debug, Clone, Default)]
pub struct Record {
    tags: Vec<(String, String)>,
    moves: Vec<Move>,
    result: Option<GameResult>,
    /// Where each parsed move was written; shorter than `moves` (or empty) when
    /// moves were added by code.
    move_locations: Vec<Location>,
    result_location: Option<Location>,
    result_tag_location: Option<Location>,
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.tags == other.tags && self.moves == other.moves && self.result == other.result
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
    /// tags with an invalid name are refused.
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
        record.moves = game.moves().collect();
        record.set_result(Some(GameResult::of(game)));
        Ok(record)
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
        if name == "Result" {
            self.result_tag_location = None;
        }
        match self.tags.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => *v = value,
            None => self.tags.push((name, value)),
        }
        Ok(())
    }

    /// Removes the tag `name` and returns its value, if it was there.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let index = self.tags.iter().position(|(n, _)| n == name)?;
        if name == "Result" {
            self.result_tag_location = None;
        }
        Some(self.tags.remove(index).1)
    }

    /// The moves, in order, Blue first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Appends a move (not checked until [`Record::to_game`]).
    pub fn push_move(&mut self, mv: Move) {
        self.moves.push(mv);
    }

    /// Keeps only the first `n` moves.
    pub fn truncate_moves(&mut self, n: usize) {
        self.moves.truncate(n);
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

    /// Plays the moves from the start and checks the claimed results.
    ///
    /// Errors: a move on a full square, a `Result` tag that is not a result token
    /// or a claimed result (tag or token) other than the actual one.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let mut game = Game::new();
        for (index, &mv) in self.moves.iter().enumerate() {
            let player = game.to_move();
            game.play(mv).map_err(|e| RecordError::FullSquare {
                location: self.move_location(index),
                move_number: e.move_number,
                player,
                square: e.error.square,
            })?;
        }
        let actual = GameResult::of(&game);
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

impl FromStr for Record {
    type Err = RecordError;

    /// Parses a record. Checks the syntax only; see [`Record::to_game`].
    fn from_str(text: &str) -> Result<Record, RecordError> {
        parse::parse(text)
    }
}

/// Moves per line when writing: eight rounds.
const MOVES_PER_LINE: usize = 16;

impl fmt::Display for Record {
    /// Writes the record: tags one per line, a blank line, then the moves with
    /// round numbers, eight rounds a line, and the result token last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            f.write_str("[")?;
            f.write_str(name)?;
            f.write_str(" \"")?;
            for c in value.chars() {
                match c {
                    '"' => f.write_str("\\\"")?,
                    '\\' => f.write_str("\\\\")?,
                    '\n' => f.write_str("\\n")?,
                    '\r' => f.write_str("\\r")?,
                    c => write!(f, "{c}")?,
                }
            }
            f.write_str("\"]\n")?;
        }
        if !self.tags.is_empty() && (!self.moves.is_empty() || self.result.is_some()) {
            f.write_str("\n")?;
        }
        for (line_index, line) in self.moves.chunks(MOVES_PER_LINE).enumerate() {
            if line_index > 0 {
                f.write_str("\n")?;
            }
            for (i, mv) in line.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                let ply = line_index * MOVES_PER_LINE + i;
                if ply.is_multiple_of(2) {
                    write!(f, "{}. ", ply / 2 + 1)?;
                }
                write!(f, "{mv}")?;
            }
        }
        if let Some(result) = self.result {
            if !self.moves.is_empty() {
                f.write_str(" ")?;
            }
            f.write_str(result.token())?;
        }
        if !self.moves.is_empty() || self.result.is_some() {
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
