//! What can be wrong with a record or an edit of one, and where in the text.

use std::fmt;

use super::quote::quote;
use super::{Forfeit, GameResult, Termination, TimeControlError};
use crate::rules::{Move, Outcome, Player};

/// A place in the text: 1-based line and column. Columns count characters, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// An edit of a record's annotations that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The record has no move at this 0-based index.
    #[error("the record has no move {} (it has {moves})", .index + 1)]
    NoSuchMove {
        /// The 0-based index asked for.
        index: usize,
        /// How many moves the record has.
        moves: usize,
    },
    /// A comment holding `}` and a line break (LF or CR) can be written neither as
    /// `{...}` nor as `;...`.
    #[error("a comment with `}}` cannot also hold a line break")]
    UnwritableComment,
    /// A claim of 0 points: write `None` for nothing awarded.
    #[error("a claim must be at least 1 point")]
    ZeroClaim,
}

/// A tag name that is empty or has a character other than ASCII letters, digits and `_`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a tag name must be ASCII letters, digits or `_`, not {}", quote(.0))]
pub struct InvalidTagName(pub String);

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
    /// A file (or standard input) holds no record at all: it is empty, or holds only
    /// white space and comments: no tag, no move and no result. Only
    /// [`Record::parse_file`](super::Record::parse_file) says so; the text parser
    /// reads such text as the empty record.
    #[error("no game record: {}", if *.blank {
        "the file is empty"
    } else {
        "only white space and comments, no tag, move or result"
    })]
    Empty {
        /// The text has not one character (not even white space).
        blank: bool,
    },
    /// A move names a full square (or comes after the 64th, when every square is).
    #[error("{}move {move_number} ({player}) plays {square}, {}", at(.location), why_full(*.move_number))]
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
    #[error("{}the Result tag is {}; expected `1-0`, `0-1`, `1/2-1/2` or `*`", at(.location), quote(.value))]
    InvalidResultTag {
        /// Where the tag is written, if the record was parsed.
        location: Option<Location>,
        /// The tag's value.
        value: String,
    },
    /// The `Variant` tag names no ruleset (only possible for a tag set by code:
    /// the parser reports it as a syntax error).
    #[error("{}unknown variant {} (expected `standard` or `corners`)", at(.location), quote(.value))]
    UnknownVariant {
        /// Where the tag is written, if the record was parsed.
        location: Option<Location>,
        /// The tag's value.
        value: String,
    },
    /// The `Claim` tag is neither `on` nor `off` (only possible for a tag set by code).
    #[error("{}the Claim tag is {}; expected `on` or `off`", at(.location), quote(.value))]
    InvalidClaimTag {
        /// Where the tag is written, if the record was parsed.
        location: Option<Location>,
        /// The tag's value.
        value: String,
    },
    /// The `Termination` tag names no ending (only possible for a tag set by code:
    /// the parser reports it as a syntax error).
    #[error("{}the Termination tag is {}; expected `normal`, `time forfeit`, `resignation` or `abandoned`", at(.location), quote(.value))]
    InvalidTerminationTag {
        /// Where the tag is written, if the record was parsed.
        location: Option<Location>,
        /// The tag's value.
        value: String,
    },
    /// The `TimeControl` tag is not `SECONDS+SECONDS` (only possible for a tag set by
    /// code: the parser reports it as a syntax error).
    #[error("{}the TimeControl tag is {}: {error}", at(.location), quote(.value))]
    InvalidTimeControlTag {
        /// Where the tag is written, if the record was parsed.
        location: Option<Location>,
        /// The tag's value.
        value: String,
        /// What is wrong with it.
        error: TimeControlError,
    },
    /// The game ended early (time forfeit, resignation, abandoned) but the board is
    /// full, or the record does not name a winner.
    #[error("{}{}, so {}", at(.location), how_it_ended(*.termination), early_reason(*.termination, *.claimed, *.moves))]
    EarlyEndingMismatch {
        /// Where the `Termination` tag (or the result) is written, if the record was parsed.
        location: Option<Location>,
        /// How the record says the game ended.
        termination: Termination,
        /// The result the record gives, if any.
        claimed: Option<GameResult>,
        /// How many moves the record has.
        moves: usize,
    },
    /// A move carries a claim its stone cannot have made.
    #[error("{}move {move_number} ({player}) plays {square} and claims {claimed}, but {}",
        at(.location), impossible_reason(*.claimed, *.scored, *.claims_on))]
    ImpossibleClaim {
        /// Where the move is written, if the record was parsed.
        location: Option<Location>,
        /// The move's number, counted one by one from 1.
        move_number: u32,
        /// Who played it.
        player: Player,
        /// Its square.
        square: Move,
        /// The points claimed.
        claimed: u32,
        /// The points the stone scored.
        scored: u32,
        /// Whether the record is a claim game at all.
        claims_on: bool,
    },
    /// A `[%claim ...]` the move cannot have: a wrong claim of a number its stone's
    /// combinations do add up to, a claim both awarded (`+N`) and forfeited, or any
    /// claim without `[Claim "on"]`.
    #[error("{}move {move_number} ({player}) plays {square}, and its claim is `{forfeit}`, but {}",
        at(.location), forfeit_reason(*.forfeit, *.awarded, *.claims_on))]
    ImpossibleForfeit {
        /// Where the move is written, if the record was parsed.
        location: Option<Location>,
        /// The move's number, counted one by one from 1.
        move_number: u32,
        /// Who played it.
        player: Player,
        /// Its square.
        square: Move,
        /// What the record says of the claim.
        forfeit: Forfeit,
        /// The points the move's `+N` awards, if it has one.
        awarded: Option<u32>,
        /// Whether the record is a claim game at all.
        claims_on: bool,
    },
    /// A game that ended early, whose final result token and `Result` tag name
    /// different results: the record names no one winner.
    #[error("{}the record ends `{token}` ({}) but its Result tag{} says `{tag}` ({})",
        at(.location), .token.describe(), tag_at(.tag_location), .tag.describe())]
    ConflictingResults {
        /// Where the result token is written, if the record was parsed.
        location: Option<Location>,
        /// The final result token.
        token: GameResult,
        /// The `Result` tag's result.
        tag: GameResult,
        /// Where the `Result` tag is written, if the record was parsed.
        tag_location: Option<Location>,
    },
    /// The `Result` tag or the final result token says something other than what happened.
    #[error("{}the record claims `{claimed}` ({}) but {}",
        at(.location), .claimed.describe(), what_the_moves_give(*.moves, *.actual))]
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
            RecordError::Empty { .. } => None,
            RecordError::FullSquare { location, .. }
            | RecordError::InvalidResultTag { location, .. }
            | RecordError::UnknownVariant { location, .. }
            | RecordError::InvalidClaimTag { location, .. }
            | RecordError::InvalidTerminationTag { location, .. }
            | RecordError::InvalidTimeControlTag { location, .. }
            | RecordError::EarlyEndingMismatch { location, .. }
            | RecordError::ImpossibleClaim { location, .. }
            | RecordError::ImpossibleForfeit { location, .. }
            | RecordError::ConflictingResults { location, .. }
            | RecordError::ResultMismatch { location, .. } => *location,
        }
    }
}

/// What `moves` moves gave, for [`RecordError::ResultMismatch`]: `after 1 move the
/// game is unfinished`, `after 64 moves Yellow has won` (it said `the game is Yellow
/// wins`, and `1 moves`).
fn what_the_moves_give(moves: usize, actual: GameResult) -> String {
    let s = if moves == 1 { "" } else { "s" };
    let outcome = match actual {
        GameResult::BlueWins => "Blue has won",
        GameResult::YellowWins => "Yellow has won",
        GameResult::Draw => "the game is a draw",
        GameResult::Unfinished => "the game is unfinished",
    };
    format!("after {moves} move{s} {outcome}")
}

/// Why a claim is impossible, for [`RecordError::ImpossibleClaim`].
fn impossible_reason(claimed: u32, scored: u32, claims_on: bool) -> String {
    if !claims_on {
        "the record has no `[Claim \"on\"]` tag".to_owned()
    } else if scored == 0 {
        "that stone scored nothing".to_owned()
    } else {
        format!(
            "no set of the combinations that stone completed adds up to {claimed} (they make {scored})"
        )
    }
}

/// Why a `[%claim ...]` cannot be, for [`RecordError::ImpossibleForfeit`].
fn forfeit_reason(forfeit: Forfeit, awarded: Option<u32>, claims_on: bool) -> String {
    match (forfeit, awarded) {
        _ if !claims_on => "the record has no `[Claim \"on\"]` tag".to_owned(),
        (_, Some(points)) => format!("the move is awarded {points} (`+{points}`)"),
        (Forfeit::Wrong { claimed }, None) => {
            format!("a set of the combinations that stone completed adds up to {claimed}")
        }
        // `close_last_claim` refuses only a settled claim, and this is the move's first.
        (Forfeit::Unclaimed, None) => "its claim was settled already".to_owned(),
    }
}

/// Why an early ending does not hold, for [`RecordError::EarlyEndingMismatch`].
fn early_reason(termination: Termination, claimed: Option<GameResult>, moves: usize) -> String {
    if moves >= 64 {
        return format!("it cannot have {moves} moves: a full board ends normally");
    }
    let to_move = if moves.is_multiple_of(2) {
        Player::Blue
    } else {
        Player::Yellow
    };
    let winner = match claimed {
        Some(GameResult::BlueWins) => Some(Player::Blue),
        Some(GameResult::YellowWins) => Some(Player::Yellow),
        _ => None,
    };
    if termination == Termination::TimeForfeit && winner == Some(to_move) {
        return format!(
            "the player to move after {moves} {} lost on time: {to_move}, so its result must be `{}`",
            if moves == 1 { "move" } else { "moves" },
            GameResult::from(Some(Outcome::Winner(to_move.other())))
        );
    }
    match claimed {
        None => "the record needs a result `1-0` or `0-1` naming the winner".to_owned(),
        Some(result) => format!(
            "its result must be `1-0` or `0-1` naming the winner, not `{result}` ({})",
            result.describe()
        ),
    }
}

/// How a game ended early, for [`RecordError::EarlyEndingMismatch`]: `the game
/// ended by resignation`, `the game was abandoned` (not `ended by abandoned`).
fn how_it_ended(termination: Termination) -> String {
    match termination {
        Termination::Abandoned => "the game was abandoned".to_owned(),
        other => format!("the game ended by {other}"),
    }
}

/// `, at line L, column C,` or nothing: where the `Result` tag is.
fn tag_at(location: &Option<Location>) -> String {
    match location {
        Some(l) => format!(", at line {}, column {},", l.line, l.column),
        None => String::new(),
    }
}

/// `line L, column C: ` or nothing.
fn at(location: &Option<Location>) -> String {
    match location {
        Some(l) => format!("line {}, column {}: ", l.line, l.column),
        None => String::new(),
    }
}

/// Why a move's square is full: past the 64th move the whole board is, and saying
/// that one square is would send the reader looking for a wrong move.
fn why_full(move_number: u32) -> String {
    // 16 squares of 4 sections: the 64th move fills the board.
    if move_number > 64 {
        "but the game ended when the board filled at move 64".to_owned()
    } else {
        "which is full".to_owned()
    }
}
