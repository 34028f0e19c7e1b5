//! What the replay viewer knows of a game's analysis: the value of each position as
//! it arrives from [`crate::review::Background`] (run by the event loop), and each
//! move's verdict once the position before it is in (valued with the move played;
//! a value without it waits for the position after). Pure: the
//! results are handed in, so tests inject their own.
//!
//! A deep review ([`Deep`]) values again, at [`crate::review::DEEP_FACTOR`] times the
//! review's thinking time a position, every position whose values are not both exact: its results replace
//! the review's as they arrive, so the verdicts sharpen while the player reads.

use crate::review::{Class, MoveReview, PositionValue};
use crate::rules::Game;

/// The course of a deep review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deep {
    /// Thinking: `done` of its `total` positions valued again.
    Running {
        /// Positions valued again so far.
        done: usize,
        /// Positions it takes.
        total: usize,
    },
    /// Every position it took is valued again.
    Done {
        /// Positions it took.
        total: usize,
    },
    /// Stopped by the player after `done` of `total` positions.
    Stopped {
        /// Positions valued again before the stop.
        done: usize,
        /// Positions it took.
        total: usize,
    },
}

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
    /// The deep review, once asked for.
    deep: Option<Deep>,
    /// The positions the deep review has valued again.
    deepened: Vec<bool>,
}

impl Analysis {
    /// No analysis yet of a game of `moves` moves.
    pub fn new(moves: usize) -> Analysis {
        Analysis {
            values: vec![None; moves + 1],
            moves: vec![None; moves],
            requested: false,
            finished: false,
            deep: None,
            deepened: vec![false; moves + 1],
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

    /// Whether every position is analysed (or the analysis ended), and no deep
    /// review is thinking.
    pub fn finished(&self) -> bool {
        !matches!(self.deep, Some(Deep::Running { .. }))
            && (self.finished || self.values.iter().all(Option::is_some))
    }

    /// The analysis has ended: no more results will come. A deep review running is done.
    pub(crate) fn finish(&mut self) {
        self.finished = true;
        if let Some(Deep::Running { total, .. }) = self.deep {
            self.deep = Some(Deep::Done { total });
        }
    }

    /// The deep review's course, once asked for.
    pub fn deep(&self) -> Option<Deep> {
        self.deep
    }

    /// The positions a deep review would value again: those not analysed yet, or
    /// whose value or played move's value is an estimate, and not valued again already.
    pub fn to_deepen(&self) -> Vec<usize> {
        self.values
            .iter()
            .zip(&self.deepened)
            .enumerate()
            .filter(|(_, (value, deepened))| {
                !**deepened
                    && value.is_none_or(|v| {
                        !v.value.exact || v.played.is_some_and(|(_, played)| !played.exact)
                    })
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// The positions not analysed at all yet, in order.
    pub fn unvalued(&self) -> Vec<usize> {
        self.values
            .iter()
            .enumerate()
            .filter(|(_, value)| value.is_none())
            .map(|(i, _)| i)
            .collect()
    }

    /// A deep review of `total` positions starts (the analysis counts as asked for).
    pub(crate) fn start_deep(&mut self, total: usize) {
        self.requested = true;
        self.deep = Some(Deep::Running { done: 0, total });
    }

    /// The player stopped the deep review: what it found stays.
    pub(crate) fn stop_deep(&mut self) {
        if let Some(Deep::Running { done, total }) = self.deep {
            self.deep = Some(Deep::Stopped { done, total });
        }
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
        if let Some(Deep::Running { done, total }) = &mut self.deep {
            *done = (*done + 1).min(*total);
            if let Some(deepened) = self.deepened.get_mut(index) {
                *deepened = true;
            }
        }
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
