//! What the replay viewer knows of a game's analysis: the value of each position as
//! it arrives from [`crate::review::Background`] (run by the event loop), and each
//! move's verdict once the position before it is in (valued with the move played;
//! a value without it waits for the position after). Pure: the
//! results are handed in, so tests inject their own.

use crate::review::{Class, MoveReview, PositionValue};
use crate::rules::Game;

/// A game's analysis so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The value of the position after `i` moves, once analysed.
    values: Vec<Option<PositionValue>>,
    /// The verdict on move `i + 1`, once both its positions are analysed.
    moves: Vec<Option<MoveReview>>,
    /// Whether the analysis was asked for (it runs once per game).
    requested: bool,
    /// Whether every result has arrived (or the analysis ended).
    finished: bool,
}

impl Analysis {
    /// No analysis yet of a game of `moves` moves.
    pub fn new(moves: usize) -> Analysis {
        Analysis {
            values: vec![None; moves + 1],
            moves: vec![None; moves],
            requested: false,
            finished: false,
        }
    }

    /// Marks the analysis as asked for; `true` the first time only.
    pub(crate) fn request(&mut self) -> bool {
        !std::mem::replace(&mut self.requested, true)
    }

    /// Whether the analysis was asked for.
    pub fn requested(&self) -> bool {
        self.requested
    }

    /// Whether every position is analysed (or the analysis ended).
    pub fn finished(&self) -> bool {
        self.finished || self.values.iter().all(Option::is_some)
    }

    /// The analysis has ended: no more results will come.
    pub(crate) fn finish(&mut self) {
        self.finished = true;
    }

    /// Positions analysed, and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.values.iter().filter(|v| v.is_some()).count();
        (done, self.values.len())
    }

    /// Takes in the value of the position after `index` moves of `game`; an index
    /// past the game's end is ignored.
    pub(crate) fn set(&mut self, game: &Game, index: usize, value: PositionValue) {
        let Some(slot) = self.values.get_mut(index) else {
            return;
        };
        *slot = Some(value);
        // The moves into and out of this position may now be judged.
        for number in [index, index + 1] {
            let Some(i) = number.checked_sub(1) else {
                continue;
            };
            let (Some(Some(before)), Some(placement)) =
                (self.values.get(i), game.placements().get(i))
            else {
                continue;
            };
            let after = self.values.get(i + 1).and_then(Option::as_ref);
            if let Some(slot) = self.moves.get_mut(i) {
                *slot =
                    MoveReview::new(number, placement.player, placement.square(), before, after);
            }
        }
    }

    /// The values of the positions, in order (`None` while not analysed).
    pub fn values(&self) -> &[Option<PositionValue>] {
        &self.values
    }

    /// The verdict on move `number` (1-based), once known.
    pub fn move_review(&self, number: usize) -> Option<&MoveReview> {
        number
            .checked_sub(1)
            .and_then(|i| self.moves.get(i))
            .and_then(Option::as_ref)
    }

    /// The number of the first mistake or blunder after move `shown`, if known.
    pub fn next_mistake(&self, at_move: usize) -> Option<usize> {
        self.moves
            .iter()
            .flatten()
            .find(|m| m.number > at_move && is_mistake(m.class))
            .map(|m| m.number)
    }

    /// The number of the last mistake or blunder before move `shown`, if known.
    pub fn previous_mistake(&self, at_move: usize) -> Option<usize> {
        self.moves
            .iter()
            .flatten()
            .rev()
            .find(|m| m.number < at_move && is_mistake(m.class))
            .map(|m| m.number)
    }
}

/// What `]` and `[` stop at.
fn is_mistake(class: Class) -> bool {
    matches!(class, Class::Mistake | Class::Blunder)
}
