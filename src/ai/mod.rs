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

/// Placeholder until the search lands: the first legal move.
pub fn choose_move(position: &Position, _level: Level) -> Option<Move> {
    position.legal_moves().next()
}
