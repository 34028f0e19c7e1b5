//! Position review for the game-review feature: the engine's best move, its
//! value in points, and whether that value is proven, within a time budget.
//!
//! [`review`] is bounded like every AI call: it answers within `think_ms`
//! (plus the time to join its threads), from any legal position. It runs the
//! hard level's search on every thread asked for; from [`SOLVE_FROM`] empty
//! sections down it also runs the win/draw/loss solve, and near the end the
//! search itself reaches the end of the game, which makes the value exact.
//! With `played`, the same is done for the move played, from its own position,
//! with half of the budget.
//!
//! ```
//! use hijara::ai::review::{ReviewOptions, review};
//! use hijara::rules::{Position, Square};
//!
//! let mut position = Position::new();
//! position.play(Square::B2).unwrap();
//! let options = ReviewOptions { played: Some(Square::A1), ..ReviewOptions::new(50) };
//! let r = review(&position, &options).unwrap();
//! assert!(!position.is_full(r.best.mv));
//! assert!(!r.best.exact); // 63 empty sections: far from a proof
//! let played = r.played.unwrap();
//! assert_eq!(played.mv, Square::A1);
//! ```

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::eval::SCALE;
use super::ordering::to_front;
use super::search::{Limits, RootSolve, SearchResult, Wdl};
use super::smp::{self, Finish};
use super::tt::Table;
use crate::rules::{Move, Position};

/// From this many empty sections down, a review also runs the win/draw/loss solve.
pub const SOLVE_FROM: u32 = 26;

/// How to review a position.
#[derive(Debug, Clone, Copy)]
pub struct ReviewOptions<'a> {
    /// The time budget in milliseconds, for the whole review.
    pub think_ms: u64,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Stops the review early once set (from another thread); it still answers.
    pub stop: Option<&'a AtomicBool>,
    /// The move actually played, to value beside the best one.
    pub played: Option<Move>,
}

impl ReviewOptions<'_> {
    /// A review of `think_ms` milliseconds on every core, with no played move.
    pub fn new(think_ms: u64) -> ReviewOptions<'static> {
        ReviewOptions {
            think_ms,
            threads: smp::available_threads(),
            stop: None,
            played: None,
        }
    }
}

/// What the engine knows about one move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveReview {
    /// The move.
    pub mv: Move,
    /// The value after the move for the player who makes it, in points of final
    /// margin (their total minus the opponent's at the end): exact when `exact`,
    /// else the search's estimate (for the best move, of the search's own best
    /// move, which the solve may replace by another achieving `wdl`).
    pub value: f64,
    /// Whether `value` is the exact margin under best play by both sides.
    pub exact: bool,
    /// The proven outcome for the player who makes the move, when a solve finished.
    pub wdl: Option<Wdl>,
}

/// The engine's view of a position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Review {
    /// The engine's best move. When `wdl` is proven, it achieves that outcome.
    pub best: MoveReview,
    /// The move played, when one was given: equal to `best` when it is the same move.
    pub played: Option<MoveReview>,
    /// The depth of the deepest completed search iteration for the best move.
    pub depth: u32,
    /// Nodes searched, all threads together.
    pub nodes: u64,
}

/// Reviews `position` for the player to move within `options.think_ms`;
/// `None` on a full board (or when `played` is not a legal move).
pub fn review(position: &Position, options: &ReviewOptions) -> Option<Review> {
    let start = Instant::now();
    let table = Arc::new(Table::new(super::hard::TT_BITS));
    let played = match options.played {
        Some(mv) if position.is_full(mv) => return None,
        other => other,
    };
    // With a different move played, each side of the comparison gets half.
    let share = if played.is_some() { 50 } else { 100 };
    let deadline = |percent: u64| start + Duration::from_micros(options.think_ms * percent * 9);
    let mut nodes = 0;
    let order: Vec<Move> = position.legal_moves().collect();
    let (best, depth) = assess(
        position,
        &order,
        &table,
        options,
        deadline(share),
        &mut nodes,
    )?;
    let played = match played {
        Some(mv) if mv == best.mv => Some(best),
        Some(mv) => {
            let mut after = *position;
            after.play_unchecked(mv);
            if after.is_over() {
                let me = position.to_move();
                let margin = after.score(me) as f64 - after.score(me.other()) as f64;
                Some(MoveReview {
                    mv,
                    value: margin,
                    exact: true,
                    wdl: Some(Wdl::from_value(margin as i32)),
                })
            } else {
                let replies: Vec<Move> = after.legal_moves().collect();
                assess(&after, &replies, &table, options, deadline(100), &mut nodes).map(
                    |(reply, _)| MoveReview {
                        mv,
                        value: -reply.value,
                        exact: reply.exact,
                        wdl: reply.wdl.map(flip),
                    },
                )
            }
        }
        None => None,
    };
    Some(Review {
        best,
        played,
        depth,
        nodes,
    })
}

/// The opponent's view of an outcome.
fn flip(wdl: Wdl) -> Wdl {
    match wdl {
        Wdl::Win => Wdl::Loss,
        Wdl::Draw => Wdl::Draw,
        Wdl::Loss => Wdl::Win,
    }
}

/// The best move of `position` and its value, searched until `deadline`.
fn assess(
    position: &Position,
    order: &[Move],
    table: &Arc<Table>,
    options: &ReviewOptions,
    deadline: Instant,
    nodes: &mut u64,
) -> Option<(MoveReview, u32)> {
    let empties = position.empty_sections();
    let solve_range = empties <= SOLVE_FROM;
    let now = Instant::now();
    let search_until = if solve_range {
        // Half the time for the search, half for the solve.
        now + deadline.saturating_duration_since(now) / 2
    } else {
        deadline
    };
    let limits = |until| Limits {
        deadline: Some(until),
        ..Limits::default()
    };
    let threads = options.threads.max(1);
    let run = smp::run(
        table,
        threads,
        limits(search_until),
        options.stop,
        order,
        Finish::Main,
        |s, o| s.search(position, o),
    );
    *nodes += run.nodes;
    let search: SearchResult = run.result?;
    let mut review = MoveReview {
        mv: search.best,
        value: search.value as f64 / SCALE as f64,
        exact: search.exact,
        wdl: search.exact.then(|| Wdl::from_value(search.value)),
    };
    if !search.exact && solve_range {
        let mut order = order.to_vec();
        to_front(&mut order, search.best);
        let run = smp::run(
            table,
            threads,
            limits(deadline),
            options.stop,
            &order,
            Finish::First,
            |s, o| s.solve_wdl_partial(position, o),
        );
        *nodes += run.nodes;
        let solve: RootSolve = run.result;
        if let Some((mv, wdl)) = solve.best {
            // In a lost position every move loses: keep the search's, which fights for the margin.
            if wdl != Wdl::Loss {
                review.mv = mv;
            }
            review.wdl = Some(wdl);
        }
    }
    Some((review, search.depth))
}
