//! A game: the position plus its history, with undo and redo.

use super::position::{FullSquare, Outcome, Placement, Position};
use super::square::{Move, Player};

/// A move refused by [`Game::play`]: it names a full square. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {move_number}: square {} is full", .error.square)]
pub struct PlayError {
    /// The 1-based number the move would have had.
    pub move_number: u32,
    /// What was wrong.
    pub error: FullSquare,
}

/// A game in progress or finished: every position from the start, and the moves between.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    /// `positions[n]` is the position after `n` moves; never empty.
    positions: Vec<Position>,
    /// `placements[n]` is move `n + 1`.
    placements: Vec<Placement>,
    /// Moves taken back, the next to redo last.
    redo: Vec<Move>,
}

impl Game {
    /// A new game on the empty board.
    pub fn new() -> Game {
        Game {
            positions: vec![Position::new()],
            placements: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The game after playing `moves` from the start; stops at the first illegal one.
    pub fn from_moves(moves: impl IntoIterator<Item = Move>) -> Result<Game, PlayError> {
        let mut game = Game::new();
        for mv in moves {
            game.play(mv)?;
        }
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // Never empty: `new` pushes the start and `undo` never pops it.
        &self.positions[self.placements.len()]
    }

    /// The position after the first `n` moves (clamped to the moves played).
    pub fn position_at(&self, n: usize) -> &Position {
        &self.positions[n.min(self.placements.len())]
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.position().to_move()
    }

    /// `player`'s total.
    pub fn score(&self, player: Player) -> u32 {
        self.position().score(player)
    }

    /// The moves played so far, with what each scored.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The squares played so far, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.placements.iter().map(Placement::square)
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.placements.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty()
    }

    /// The last move played, if any.
    pub fn last(&self) -> Option<&Placement> {
        self.placements.last()
    }

    /// Whether the board is full.
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }

    /// The outcome once the board is full.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Plays `mv` for the player to move. Clears the redo list.
    ///
    /// A full square is refused and the game is left unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Placement, PlayError> {
        let placement = self.apply(mv)?;
        self.redo.clear();
        Ok(placement)
    }

    fn apply(&mut self, mv: Move) -> Result<Placement, PlayError> {
        let mut next = *self.position();
        let placement = next.play(mv).map_err(|error| PlayError {
            move_number: self.placements.len() as u32 + 1,
            error,
        })?;
        self.positions.push(next);
        self.placements.push(placement);
        Ok(placement)
    }

    /// Takes back the last move, keeping it for [`Game::redo`].
    pub fn undo(&mut self) -> Option<Placement> {
        let placement = self.placements.pop()?;
        self.positions.pop();
        self.redo.push(placement.square());
        Some(placement)
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> Option<Placement> {
        let mv = self.redo.pop()?;
        // A redone move was legal in this very position before `undo`.
        match self.apply(mv) {
            Ok(placement) => Some(placement),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.placements.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Keeps only the first `n` moves, dropping the rest and the redo list.
    pub fn truncate(&mut self, n: usize) {
        self.placements.truncate(n);
        self.positions.truncate(self.placements.len() + 1);
        self.redo.clear();
    }
}
