//! Why a move is right or wrong: the combinations it scored, and for a wrong
//! move the opponent's best reply and what the move cost under best play.
//!
//! Judging is two steps, so that no exact solve runs where the player waits
//! for a key: [`judge`] says at once whether the move is the (proven)
//! answer; for a wrong move [`Verdict::settle`] then takes the result of an
//! exact solve of [`Verdict::after`], run within a budget (the puzzle screen
//! runs it on a worker thread, the CLI in [`judge_within`]). The words are
//! in `crate::strings::describe::puzzle_explained`.

use super::engine;
use super::set::Puzzle;
use crate::ai::SearchLimit;
use crate::rules::{ComboSet, Move, Position};

/// The time an exact solve of a wrong move may take. Puzzle positions have at
/// most 20 empty sections, where a solve takes well under a second; the budget
/// holds whatever position a set holds.
pub const SOLVE_BUDGET: SearchLimit<'static> = SearchLimit::millis(5_000);

/// What happened when a move was tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The move tried.
    pub mv: Move,
    /// Whether it is the puzzle's answer.
    pub solved: bool,
    /// The combinations the move completed.
    pub scored: ComboSet,
    /// The points they are worth.
    pub points: u32,
    /// The position after the move.
    pub after: Position,
    /// Best play after the move, once known.
    pub best_play: BestPlay,
}

/// What best play after a move comes to, as far as it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BestPlay {
    /// Known: the final margin (mover minus opponent) under best play, and
    /// for a wrong move that did not end the game the opponent's best reply
    /// with the points it scores at once.
    Known {
        /// The final margin for the player who tried the move.
        margin: i32,
        /// The opponent's best reply and its points.
        reply: Option<(Move, u32)>,
    },
    /// A wrong move whose exact solve has not come back yet.
    Unsolved,
    /// The exact solve was cut short by its budget (or stopped).
    OutOfBudget,
}

impl Verdict {
    /// The final margin under best play, when known.
    pub fn margin(&self) -> Option<i32> {
        match self.best_play {
            BestPlay::Known { margin, .. } => Some(margin),
            _ => None,
        }
    }

    /// The opponent's best reply and its points, when known.
    pub fn reply(&self) -> Option<(Move, u32)> {
        match self.best_play {
            BestPlay::Known { reply, .. } => reply,
            _ => None,
        }
    }

    /// The final-margin points the move gives away against the answer, when known.
    pub fn cost(&self, puzzle: &Puzzle) -> Option<i32> {
        self.margin().map(|m| puzzle.margin - m)
    }

    /// Whether an exact solve of [`Verdict::after`] is still wanted.
    pub fn needs_solve(&self) -> bool {
        self.best_play == BestPlay::Unsolved
    }

    /// Takes the exact solve of [`Verdict::after`]: the opponent's best move
    /// and the margin it guarantees them, or `None` when the budget ran out.
    pub fn settle(&mut self, solution: Option<(Move, i32)>) {
        if !self.needs_solve() {
            return;
        }
        self.best_play = match solution {
            Some((reply, opponent_margin)) if !self.after.is_full(reply) => {
                let mut replied = self.after;
                let points = replied.play_unchecked(reply).points;
                BestPlay::Known {
                    margin: -opponent_margin,
                    reply: Some((reply, points)),
                }
            }
            _ => BestPlay::OutOfBudget,
        };
    }
}

/// Judges `mv` in `puzzle` at once, without searching (`None` if the position
/// does not replay or `mv` is not legal there). The answer is proven unique,
/// so any other move is wrong; what it costs needs a solve ([`Verdict::settle`]),
/// except when the move ends the game.
pub fn judge(puzzle: &Puzzle, mv: Move) -> Option<Verdict> {
    let position = puzzle.position().ok()?;
    if position.is_full(mv) {
        return None;
    }
    let mut after = position;
    let placement = after.play_unchecked(mv);
    let solved = mv == puzzle.answer;
    let best_play = if solved {
        BestPlay::Known {
            margin: puzzle.margin,
            reply: None,
        }
    } else if after.is_over() {
        BestPlay::Known {
            margin: final_margin(&after),
            reply: None,
        }
    } else {
        BestPlay::Unsolved
    };
    Some(Verdict {
        mv,
        solved,
        scored: placement.combos(),
        points: placement.points,
        after,
        best_play,
    })
}

/// [`judge`] and, for a wrong move, its exact solve within `limit`, here
/// and now (for the command line, where nothing else waits).
pub fn judge_within(puzzle: &Puzzle, mv: Move, limit: &SearchLimit) -> Option<Verdict> {
    let mut v = judge(puzzle, mv)?;
    if v.needs_solve() {
        v.settle(engine::solve(&v.after, limit));
    }
    Some(v)
}

/// The final margin of a finished game for the player who just moved.
fn final_margin(after: &Position) -> i32 {
    let mover = after.to_move().other();
    after.score(mover) as i32 - after.score(mover.other()) as i32
}
