//! Endgame solves: the exact final margin, and win/draw/loss, searched to the
//! end of the game on any number of threads sharing one table ([`super::smp`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::eval::SCALE;
use super::search::{Limits, Wdl};
use super::smp::{self, Finish};
use super::tt::Table;
use crate::rules::{Move, Position};

/// The table size of a solve: `2^SOLVE_TT_BITS` buckets (32 MiB).
const SOLVE_TT_BITS: u32 = 20;

/// The best move and the final score difference (mover minus opponent) it
/// guarantees under best play by both sides, or `None` on a full board or when
/// `stop` was raised first. One thread.
pub fn solve(position: &Position, stop: Option<&AtomicBool>) -> Option<(Move, i32)> {
    solve_threads(position, 1, stop)
}

/// [`solve`] on `threads` threads sharing a fresh table.
pub fn solve_threads(
    position: &Position,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Option<(Move, i32)> {
    let moves: Vec<Move> = position.legal_moves().collect();
    let table = Arc::new(Table::new(SOLVE_TT_BITS));
    let run = smp::run(
        &table,
        threads,
        Limits::default(),
        stop,
        &moves,
        Finish::Main,
        |s, o| s.search(position, o),
    );
    let result = run.result?;
    result.exact.then_some((result.best, result.value / SCALE))
}

/// A move achieving the best outcome for the mover and that outcome, on
/// `threads` threads sharing `table`; `None` on a full board or when `limits`
/// or `stop` cut the solve short. Returns the nodes of all threads too.
pub fn solve_wdl(
    position: &Position,
    table: &Arc<Table>,
    threads: usize,
    limits: Limits,
    stop: Option<&AtomicBool>,
) -> (Option<(Move, Wdl)>, u64) {
    let moves: Vec<Move> = position.legal_moves().collect();
    let run = smp::run(
        table,
        threads,
        limits,
        stop,
        &moves,
        Finish::First,
        |s, o| s.solve_wdl(position, o),
    );
    (run.result.filter(|_| !run.aborted), run.nodes)
}
