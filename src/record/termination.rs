//! How a game ended: the `Termination` tag.

/// How a game ended, as the `Termination` tag writes it. A record without the tag
/// ended [`Termination::Normal`]ly (or has not ended).
///
/// Only a normal ending comes from the board (full, the higher total wins); the
/// others end a game early, and the record's result then names the winner.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
)]
#[strum(parse_err_ty = ParseTerminationError, parse_err_fn = ParseTerminationError::of)]
pub enum Termination {
    /// `normal`: the board filled up, or the game is still going.
    #[default]
    #[strum(serialize = "normal")]
    #[serde(rename = "normal")]
    Normal,
    /// `time forfeit`: the loser's clock ran out.
    #[strum(serialize = "time forfeit")]
    #[serde(rename = "time forfeit")]
    TimeForfeit,
    /// `resignation`: the loser resigned.
    #[strum(serialize = "resignation")]
    #[serde(rename = "resignation")]
    Resignation,
    /// `abandoned`: the loser left and did not come back; the winner claimed the game.
    #[strum(serialize = "abandoned")]
    #[serde(rename = "abandoned")]
    Abandoned,
}

impl Termination {
    /// All four endings.
    pub const ALL: [Termination; 4] = [
        Termination::Normal,
        Termination::TimeForfeit,
        Termination::Resignation,
        Termination::Abandoned,
    ];

    /// The tag's value: `normal`, `time forfeit`, `resignation` or `abandoned`.
    pub fn token(self) -> &'static str {
        self.into()
    }

    /// Whether this ending stops a game before the board is full.
    pub fn is_early(self) -> bool {
        self != Termination::Normal
    }
}

/// A `Termination` tag value other than the four endings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a termination `normal`, `time forfeit`, `resignation` or `abandoned`, found {}", super::quote::quote(.0))]
pub struct ParseTerminationError(pub String);

impl ParseTerminationError {
    fn of(value: &str) -> ParseTerminationError {
        ParseTerminationError(value.to_owned())
    }
}
