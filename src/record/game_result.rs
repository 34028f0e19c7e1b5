//! The result a record claims: the final token or the `Result` tag.

use crate::rules::{Game, Outcome, Player};

/// What a record says about how the game ended: the final token or the `Result` tag.
/// In JSON: `blue`, `yellow`, `draw`, `unfinished`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
)]
#[strum(parse_err_ty = ParseResultError, parse_err_fn = ParseResultError::of)]
pub enum GameResult {
    /// `1-0`: the board is full and Blue has the higher total.
    #[strum(serialize = "1-0")]
    #[serde(rename = "blue")]
    BlueWins,
    /// `0-1`: the board is full and Yellow has the higher total.
    #[strum(serialize = "0-1")]
    #[serde(rename = "yellow")]
    YellowWins,
    /// `1/2-1/2`: the board is full and the totals are equal.
    #[strum(serialize = "1/2-1/2")]
    #[serde(rename = "draw")]
    Draw,
    /// `*`: the board is not full yet.
    #[strum(serialize = "*")]
    #[serde(rename = "unfinished")]
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
    pub fn token(self) -> &'static str {
        self.into()
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

/// The error for a result that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a result `1-0`, `0-1`, `1/2-1/2` or `*`, found `{0}`")]
pub struct ParseResultError(pub String);

impl ParseResultError {
    fn of(result: &str) -> ParseResultError {
        ParseResultError(result.to_owned())
    }
}
