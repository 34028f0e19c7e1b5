//! Move marks (`!`, `?!`, ...): an annotator's verdict on a move, as in PGN.

/// A move mark, as in PGN: an annotator's verdict on a move.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, strum::Display, strum::EnumString, strum::IntoStaticStr,
)]
#[strum(parse_err_ty = ParseMarkError, parse_err_fn = ParseMarkError::of)]
pub enum Mark {
    /// `!!`: a brilliant move.
    #[strum(serialize = "!!")]
    Brilliant,
    /// `!`: a good move.
    #[strum(serialize = "!")]
    Good,
    /// `!?`: an interesting move.
    #[strum(serialize = "!?")]
    Interesting,
    /// `?!`: a dubious move (an inaccuracy).
    #[strum(serialize = "?!")]
    Dubious,
    /// `?`: a mistake.
    #[strum(serialize = "?")]
    Mistake,
    /// `??`: a blunder.
    #[strum(serialize = "??")]
    Blunder,
}

impl Mark {
    /// All six marks.
    pub const ALL: [Mark; 6] = [
        Mark::Brilliant,
        Mark::Good,
        Mark::Interesting,
        Mark::Dubious,
        Mark::Mistake,
        Mark::Blunder,
    ];

    /// The mark as written after a move.
    pub fn token(self) -> &'static str {
        self.into()
    }
}

/// A mark other than `!`, `!!`, `!?`, `?!`, `?` or `??`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a move mark `!`, `!!`, `!?`, `?!`, `?` or `??`, found {}", super::quote::quote(.0))]
pub struct ParseMarkError(pub String);

impl ParseMarkError {
    fn of(mark: &str) -> ParseMarkError {
        ParseMarkError(mark.to_owned())
    }
}
