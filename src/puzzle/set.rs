//! The puzzle set: its types and its file format (JSON with a format version).
//!
//! A puzzle's position is the move list that reaches it from the empty board
//! (standard rules), so the file can be checked by replaying it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::rating::Rating;
use crate::rules::{Game, Move, Position};

/// The version of the set's file format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The largest puzzle file read (the shipped set is far smaller).
pub const MAX_SET_BYTES: usize = 4 << 20;

/// What a puzzle asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Exactly one move keeps the win, or the draw, that the position has.
    OnlyMove,
    /// Exactly one move reaches the best exact final margin.
    MostPoints,
}

impl Kind {
    /// The name in files and on screen.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::OnlyMove => "only move",
            Kind::MostPoints => "most points",
        }
    }
}

/// The outcome the side to move has under best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The mover wins.
    Win,
    /// Equal totals.
    Draw,
    /// The mover loses (most-points puzzles only: lose by as little as possible).
    Loss,
}

/// What a puzzle is about, read from its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleTheme {
    /// The answer completes a square (20).
    Square,
    /// The answer completes a sequence (15).
    Sequence,
    /// The answer completes a same-number line (10).
    SameNumber,
    /// The answer completes two or more combinations at once.
    Double,
    /// The answer takes a section the opponent needed for a combination.
    Block,
    /// No points now and nothing blocked: counting and tempo to the end.
    Endgame,
}

impl PuzzleTheme {
    /// Every theme, in the order they are listed.
    pub const ALL: [PuzzleTheme; 6] = [
        PuzzleTheme::Square,
        PuzzleTheme::Sequence,
        PuzzleTheme::SameNumber,
        PuzzleTheme::Double,
        PuzzleTheme::Block,
        PuzzleTheme::Endgame,
    ];

    /// The name in files and on screen.
    pub const fn name(self) -> &'static str {
        match self {
            PuzzleTheme::Square => "square",
            PuzzleTheme::Sequence => "sequence",
            PuzzleTheme::SameNumber => "same number",
            PuzzleTheme::Double => "double",
            PuzzleTheme::Block => "block",
            PuzzleTheme::Endgame => "endgame",
        }
    }
}

impl fmt::Display for PuzzleTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Moves written as one string of square names (`"a1 b2 c3"`), which keeps the file short and readable.
mod moves_text {
    use super::*;

    pub fn serialize<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        s.serialize_str(&text.join(" "))
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
        let text = String::deserialize(d)?;
        text.split_whitespace()
            .map(|word| Move::from_str(word).map_err(serde::de::Error::custom))
            .collect()
    }
}

/// One move written as its square's name (`"b3"`).
mod move_text {
    use super::*;

    pub fn serialize<S: serde::Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&mv.to_string())
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        Move::from_str(&text).map_err(serde::de::Error::custom)
    }
}

/// One puzzle: a position, what is asked, the proven answer, and what it is about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// A short name, unique in its set (`p0001`).
    pub id: String,
    /// The moves from the empty board that reach the position.
    #[serde(with = "moves_text")]
    pub moves: Vec<Move>,
    /// What is asked.
    pub kind: Kind,
    /// The one move that does it, proven by the exact solver.
    #[serde(with = "move_text")]
    pub answer: Move,
    /// The outcome the mover has under best play.
    pub goal: Goal,
    /// The best final score difference (mover minus opponent) under best play.
    pub margin: i32,
    /// What the answer is about (at least one).
    pub themes: Vec<PuzzleTheme>,
    /// 1 (easiest) to 5 (hardest).
    pub difficulty: u8,
    /// How many legal moves a 2-ply search values at least as highly as the
    /// answer (the answer included): the moves that look as good.
    pub lookalikes: u8,
    /// The puzzle's rating as shipped.
    pub rating: Rating,
    /// Where the position came from (`"medium vs easy, game 12"`).
    pub source: String,
}

/// A puzzle's moves do not replay from the empty board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("puzzle {id}: move {index} ({square}) is not legal")]
pub struct BadMoves {
    /// The puzzle.
    pub id: String,
    /// The 1-based number of the first bad move.
    pub index: usize,
    /// Its square.
    pub square: Move,
}

impl Puzzle {
    /// The position to solve.
    pub fn position(&self) -> Result<Position, BadMoves> {
        Ok(*self.game()?.position())
    }

    /// The game that reaches the position (for the board's last-move marks and ladders).
    pub fn game(&self) -> Result<Game, BadMoves> {
        let mut game = Game::new();
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|_| BadMoves {
                id: self.id.clone(),
                index: i + 1,
                square: mv,
            })?;
        }
        Ok(game)
    }
}

/// A set of puzzles, as written in `assets/puzzles/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The file format's version ([`FORMAT_VERSION`]).
    pub version: u32,
    /// The seed the set was built from.
    pub seed: u64,
    /// How the set was built, for the record (the command that rebuilds it).
    pub built_by: String,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
}

/// A puzzle file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// Larger than [`MAX_SET_BYTES`].
    #[error("the puzzle set is {0} bytes, more than the {MAX_SET_BYTES} allowed")]
    TooLarge(usize),
    /// Not JSON of the right shape.
    #[error("the puzzle set is not valid: {0}")]
    Json(#[from] serde_json::Error),
    /// Another format version.
    #[error("the puzzle set has format version {0}; this build reads version {FORMAT_VERSION}")]
    Version(u32),
    /// A puzzle that does not replay.
    #[error(transparent)]
    Moves(#[from] BadMoves),
    /// Two puzzles with one id.
    #[error("two puzzles are named {0}")]
    DuplicateId(String),
}

/// The set shipped with the game (built by `examples/build_puzzles.rs`).
pub const SHIPPED: &str = include_str!("../../assets/puzzles/set.json");

impl PuzzleSet {
    /// Reads a set from its JSON text, checking the version, the size and that
    /// every puzzle's moves replay.
    pub fn parse(text: &str) -> Result<PuzzleSet, SetError> {
        if text.len() > MAX_SET_BYTES {
            return Err(SetError::TooLarge(text.len()));
        }
        // Read the version first, so a newer file gets a clear error.
        #[derive(Deserialize)]
        struct Versioned {
            version: u32,
        }
        let versioned: Versioned = serde_json::from_str(text)?;
        if versioned.version != FORMAT_VERSION {
            return Err(SetError::Version(versioned.version));
        }
        let set: PuzzleSet = serde_json::from_str(text)?;
        let mut ids = std::collections::HashSet::new();
        for puzzle in &set.puzzles {
            puzzle.game()?;
            if !ids.insert(puzzle.id.as_str()) {
                return Err(SetError::DuplicateId(puzzle.id.clone()));
            }
        }
        Ok(set)
    }

    /// The shipped set.
    pub fn shipped() -> Result<PuzzleSet, SetError> {
        PuzzleSet::parse(SHIPPED)
    }

    /// The puzzle named `id` (`p0001`), if the set has it; [`PuzzleSet::parse`] saw
    /// that no two share a name.
    pub fn puzzle(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }

    /// The set as JSON text, one puzzle a line so that diffs stay readable.
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        let mut out = String::new();
        out.push_str(&format!(
            "{{\"version\":{},\"seed\":{},\"built_by\":{},\"puzzles\":[\n",
            self.version,
            self.seed,
            serde_json::to_string(&self.built_by)?
        ));
        for (i, puzzle) in self.puzzles.iter().enumerate() {
            out.push_str(&serde_json::to_string(puzzle)?);
            if i + 1 < self.puzzles.len() {
                out.push(',');
            }
            out.push('\n');
        }
        out.push_str("]}\n");
        Ok(out)
    }
}
