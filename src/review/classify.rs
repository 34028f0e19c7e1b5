//! Values from the mover's side, points lost and the class of a move.
//!
//! Thresholds, in points of final margin lost against the engine's best move
//! (combinations are worth 10, 15 and 20, so margins move in steps of 5):
//!
//! | class | points lost |
//! |---|---|
//! | best | 0 (or the engine's own move) |
//! | good | 1 to [`GOOD_MAX`] (5) |
//! | inaccuracy | up to [`INACCURACY_MAX`] (10) |
//! | mistake | up to [`MISTAKE_MAX`] (20) |
//! | blunder | more than 20 |
//!
//! Whatever the points, a move that turns a proven win into a draw or a loss,
//! or a proven draw into a loss, is a blunder.
//!
//! An estimated value carries its stage's measured error ([`ESTIMATE_ERROR`]):
//! when either value of a move is an estimate, the move is an inaccuracy or
//! worse only if it lost more points than that error; within it, it is good.
//! Exact values have no error, so their verdicts follow the table alone.

use serde::Serialize;

use crate::ai::analysis::{PositionEval, Wdl};
use crate::rules::{Move, Position};

/// The most points a good move loses.
pub const GOOD_MAX: i32 = 5;
/// The most points an inaccuracy loses.
pub const INACCURACY_MAX: i32 = 10;
/// The most points a mistake loses; more is a blunder.
pub const MISTAKE_MAX: i32 = 20;

/// The error of the review's estimates per band of 4 empty sections (0-3,
/// 4-7, ..., 56-59, 60-64): the 95th percentile of |estimate - truth|, in
/// points, of [`crate::ai::analysis::evaluate`] at the review's default budget
/// ([`super::REVIEW_THINK_MS`], one thread a position), over positions of
/// games between different levels. The truth: the exact margin up to 22 empty
/// sections; at 23-26 the exact margin or a win/draw/loss proof (a lower bound).
/// Measured: 31 at 16-19 empty sections (31 estimates), 38 at 20-23 (26). Bands
/// where the review proved nearly every position (0-15) take the 16-19 figure;
/// bands from 24 take the largest figure measured against exact margins, as a
/// deeper search shares the evaluation's bias (docs/review.md has the whole
/// table). Two runs on a loaded machine, pooled (their output is in
/// docs/review_error/; `--pool` on both rebuilds this from them); rebuilt with:
///
/// ```sh
/// nice -n 10 cargo run --release --features tools --example review_error -- --games 16 --per-band 10 --truth-secs 40 --max-minutes 33 > run1.log
/// nice -n 10 cargo run --release --features tools --example review_error -- --games 32 --seed 2 --min-empty 12 --max-empty 27 --per-band 24 --truth-secs 40 --max-minutes 28 > run2.log
/// cargo run --release --features tools --example review_error -- --games 1 --per-band 0 --pool run1.log --pool run2.log
/// ```
pub const ESTIMATE_ERROR: [i32; 16] = [
    31, 31, 31, 31, 31, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
];

/// The measured error of an estimate of a position with `empties` empty sections.
pub fn estimate_error(empties: u32) -> i32 {
    let band = (empties as usize / 4).min(ESTIMATE_ERROR.len() - 1);
    ESTIMATE_ERROR[band]
}

/// How good a move was, from best to worst.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    strum::Display,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Class {
    /// The engine's move, or one as good.
    Best,
    /// Lost at most [`GOOD_MAX`] points, or no more than the error of an estimate.
    Good,
    /// Lost at most [`INACCURACY_MAX`] points.
    Inaccuracy,
    /// Lost at most [`MISTAKE_MAX`] points.
    Mistake,
    /// Lost more, or threw away a proven win or draw.
    Blunder,
}

impl Class {
    /// Every class, best first: the order of per-class counts.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The lower-case name used in text and JSON.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Position in [`Class::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The engine's verdict on one position, for its side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionValue {
    /// The best move; `None` on a full board.
    pub best: Option<Move>,
    /// The value: mover's final margin under best play, in points.
    pub value: Value,
}

impl PositionValue {
    /// The value of a full board: its final margin for the side to move, exact.
    pub fn terminal(position: &Position) -> PositionValue {
        let me = position.to_move();
        let margin = position.score(me) as i32 - position.score(me.other()) as i32;
        PositionValue {
            best: None,
            value: Value {
                margin,
                exact: true,
                outcome: Some(Wdl::from_value(margin)),
                margin_error: 0,
            },
        }
    }

    /// The engine's evaluation `eval` of `position`: an estimate carries the
    /// measured error of its stage ([`estimate_error`]).
    pub fn of(position: &Position, eval: PositionEval) -> PositionValue {
        PositionValue {
            best: Some(eval.best),
            value: Value {
                margin: eval.margin,
                exact: eval.exact,
                outcome: eval.wdl,
                margin_error: if eval.exact {
                    0
                } else {
                    estimate_error(position.empty_sections())
                },
            },
        }
    }
}

/// A value in points of final margin from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Value {
    /// Final margin (this player's total minus the other's) under best play.
    pub margin: i32,
    /// Proven (a search to the end of the game), not an estimate.
    pub exact: bool,
    /// The proven outcome for this player, if a solve finished.
    pub outcome: Option<Wdl>,
    /// How far an estimate may be from the true margin, in points: its stage's
    /// entry in [`ESTIMATE_ERROR`]; 0 when `exact`.
    pub margin_error: i32,
}

impl Value {
    /// The same value from the other player's side.
    pub fn flipped(self) -> Value {
        Value {
            margin: -self.margin,
            exact: self.exact,
            outcome: self.outcome.map(|wdl| match wdl {
                Wdl::Win => Wdl::Loss,
                Wdl::Draw => Wdl::Draw,
                Wdl::Loss => Wdl::Win,
            }),
            margin_error: self.margin_error,
        }
    }
}

/// The lower-case name of an outcome.
pub const fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    }
}

/// Points a move lost: the value before it (the best move's) minus the value
/// after it, both from the mover's side; 0 for the engine's own move, and never
/// negative (a move better than the engine's estimate lost nothing).
pub fn points_lost(played: Move, best: Option<Move>, before: Value, after: Value) -> i32 {
    if best == Some(played) {
        0
    } else {
        (before.margin - after.margin).max(0)
    }
}

/// Whether the move threw away a proven outcome: a win into a draw or a loss,
/// or a draw into a loss.
pub fn threw_away_proof(before: Value, after: Value) -> bool {
    matches!(
        (before.outcome, after.outcome),
        (Some(Wdl::Win), Some(Wdl::Draw | Wdl::Loss)) | (Some(Wdl::Draw), Some(Wdl::Loss))
    )
}

/// The larger error of the two values of a move: 0 when both are exact.
pub fn move_error(before: Value, after: Value) -> i32 {
    before.margin_error.max(after.margin_error).max(0)
}

/// The class of a move that lost `lost` points, going from `before` to `after`:
/// a thrown-away proof is a blunder; otherwise a loss within the values' error
/// ([`move_error`]) is at most good, as it may be the estimate's own error.
pub fn classify(lost: i32, before: Value, after: Value) -> Class {
    if threw_away_proof(before, after) {
        return Class::Blunder;
    }
    if lost <= 0 {
        Class::Best
    } else if lost <= GOOD_MAX || lost <= move_error(before, after) {
        Class::Good
    } else if lost <= INACCURACY_MAX {
        Class::Inaccuracy
    } else if lost <= MISTAKE_MAX {
        Class::Mistake
    } else {
        Class::Blunder
    }
}
