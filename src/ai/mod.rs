//! The AI opponents: random, easy, medium and hard.

use clap::ValueEnum;

use crate::rules::{Move, Position};

/// How strong an AI plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum)]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// A beginner: takes points it sees, makes human mistakes.
    Easy,
    /// A shallow search.
    Medium,
    /// Deep search with an exact endgame.
    Hard,
}

/// Who sits in one player's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, ValueEnum)]
pub enum Seat {
    /// A person at the keyboard.
    #[default]
    Human,
    /// The random AI.
    Random,
    /// The easy AI.
    Easy,
    /// The medium AI.
    Medium,
    /// The hard AI.
    Hard,
}

impl Seat {
    /// The AI level in this seat, or `None` for a person.
    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Human => None,
            Seat::Random => Some(Level::Random),
            Seat::Easy => Some(Level::Easy),
            Seat::Medium => Some(Level::Medium),
            Seat::Hard => Some(Level::Hard),
        }
    }
}

/// How one AI player is set up. `Copy` and `Send`, so a UI can hand it to a worker thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiSettings {
    /// The level.
    pub level: Level,
    /// Thinking time per move in milliseconds; `None` for the level's default.
    pub think_ms: Option<u64>,
    /// Seed for the level's random choices; the same seed and position give the same move.
    pub seed: u64,
}

/// The move the AI plays in `position`, or `None` when the board is full.
///
/// Blocks for up to the thinking time; call it from a worker thread in a UI.
/// Placeholder until the search lands: the first legal move.
pub fn choose_move(position: &Position, settings: &AiSettings) -> Option<Move> {
    let _ = settings;
    position.legal_moves().next()
}
