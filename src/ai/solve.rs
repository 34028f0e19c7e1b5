//! The one public exact solve: a position's outcome (win, draw or loss) or its
//! exact final margin under best play, with a move that achieves it. Puzzles
//! prove their answers with it; the tests check it against plain minimax.

use std::sync::Arc;

use super::eval::SCALE;
use super::limit::SearchLimit;
use super::search::{INF, Wdl};
use super::smp::{self, Finish};
use super::tt::TranspositionTable;
use crate::rules::{Move, Position};

/// A solve's table has `2^SOLVE_TT_BITS` buckets of 32 bytes (32 MiB), fresh per call.
const SOLVE_TT_BITS: u32 = 20;

/// What a solve is to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveFor {
    /// Win, draw or loss: null-window searches, much cheaper than the margin.
    Outcome,
    /// The exact final margin: a whole-window search to the end of the game.
    Margin,
}

/// A proven result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// A move that achieves `wdl` (and `margin`, when solved for it).
    pub best: Move,
    /// The outcome for the side to move under best play by both sides.
    pub wdl: Wdl,
    /// The final margin (mover's total minus the opponent's) under best play,
    /// when solved for [`SolveFor::Margin`].
    pub margin: Option<i32>,
    /// Nodes searched, over all threads.
    pub nodes: u64,
}

/// Solves `position` for `what` on `threads` threads sharing a fresh table.
///
/// `None` on a full board, or when `limit` (time, deadline, nodes or stop flag)
/// cut the solve short: a solution is never a guess. With
/// [`SearchLimit::NONE`] it runs until it finishes, which from an early
/// position takes far too long: give a limit unless the board is nearly full
/// (at 20 empty sections a solve takes well under a second).
///
/// ```
/// use hijara::ai::{SearchLimit, SolveFor, solve};
/// use hijara::rules::Position;
///
/// let mut position = Position::new();
/// // 56 stones in a fixed order: 8 empty sections left.
/// for i in 0..56 {
///     let open: Vec<_> = position.legal_moves().collect();
///     position.play(open[i * 7 % open.len()]).unwrap();
/// }
/// let outcome = solve(&position, SolveFor::Outcome, &SearchLimit::NONE, 1).unwrap();
/// let margin = solve(&position, SolveFor::Margin, &SearchLimit::NONE, 1).unwrap();
/// assert_eq!(outcome.wdl, margin.wdl);
/// assert_eq!(margin.wdl, hijara::ai::Wdl::from_value(margin.margin.unwrap()));
/// ```
pub fn solve(
    position: &Position,
    what: SolveFor,
    limit: &SearchLimit,
    threads: usize,
) -> Option<Solution> {
    let moves: Vec<Move> = position.legal_moves().collect();
    // The helper threads own their copy: they may outlive this call by a few nodes.
    let position = *position;
    let table = Arc::new(TranspositionTable::new(SOLVE_TT_BITS));
    // A depth limit would stop short of the end: a solve always searches to it.
    let limit = SearchLimit {
        depth: None,
        ..*limit
    };
    match what {
        SolveFor::Margin => {
            // One search to the end with the whole window: an iterative deepening
            // to the end visited 10-20 times more nodes (24 positions from games
            // at each of 12-20 empty sections, `examples/margin_cost.rs`).
            let run = smp::run(
                &table,
                threads,
                limit,
                &moves,
                Finish::First,
                move |s, o| s.solve_margin(&position, o, -INF, INF),
            );
            let (best, value) = run.result.filter(|_| !run.aborted)?;
            Some(Solution {
                best,
                wdl: Wdl::from_value(value),
                margin: Some(value / SCALE),
                nodes: run.nodes,
            })
        }
        SolveFor::Outcome => {
            let run = smp::run(
                &table,
                threads,
                limit,
                &moves,
                Finish::First,
                move |s, o| s.solve_wdl(&position, o),
            );
            let (best, wdl) = run.result.filter(|_| !run.aborted)?;
            Some(Solution {
                best,
                wdl,
                margin: None,
                nodes: run.nodes,
            })
        }
    }
}
