//! The hard level: iterative-deepening PVS with a win/draw/loss endgame solve,
//! and for Yellow a guarantee never to do worse than the mirror strategy while
//! that guarantee is sound.
//!
//! **The budget is a promise.** Every phase below runs against one deadline (or
//! one node budget), so hard answers within its thinking time from any legal
//! position: a proof that does not finish in time is abandoned, never waited for.
//!
//! - **On the mirror line** (Yellow has mirrored every Blue move), the mirror
//!   move guarantees at least a draw. Hard leaves the line only for a move its
//!   endgame solve proved, within the budget, to win or draw.
//! - **After a completed proof** (of a win or a draw, for either colour), the
//!   proof's transposition table is kept by the [`Engine`](super::Engine) that
//!   plays, never process-wide. While the game follows the
//!   proof (the proven position's stones are all still on the board), hard first
//!   re-proves that outcome with the kept table, which takes a handful of nodes,
//!   and then looks for better with the time left.
//! - **Anywhere else** (a loaded record, an undo, a person's game that hard did
//!   not steer), hard runs its heuristic search and, in the endgame range, the
//!   win/draw/loss solve, and plays the solve's proven best move when the solve
//!   finished, else its search's best move, skipping moves the unfinished solve
//!   proved to lose when another move is not known to.
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::Decision;
use super::limit::SearchLimit;
use super::mirror::mirror_move;
use super::ordering::to_front;
use super::random::shuffled_moves;
use super::search::{RootSolve, SearchResult, Wdl};
use super::smp::{self, Finish};
use super::tt::Table;
use super::tt::key;
use crate::rules::{Move, Player, Position, Ruleset};
use std::sync::Arc;

/// The default thinking time per move, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 1000;
/// The transposition table has `2^TT_BITS` buckets of 32 bytes (32 MiB).
pub const TT_BITS: u32 = 20;

/// From this many empty sections hard solves the game for win/draw/loss.
pub const SOLVE_FROM: u32 = 26;
/// As Yellow on the mirror line, hard tries the solve earlier: if it does not
/// finish, the mirror move is played anyway, so trying costs nothing.
pub const MIRROR_SOLVE_FROM: u32 = 28;

/// A completed proof: after a move, its player gets at least `wdl`.
#[derive(Debug, Clone, Copy)]
struct Proof {
    /// The stones (Blue, Yellow) after the proven move: later positions of a
    /// game that follows the proof contain them.
    stones: (u64, u64),
    /// The proven outcome for the player who moved.
    wdl: Wdl,
}

/// What hard keeps between moves: its table, and each player's last proof.
pub(crate) struct Kept {
    /// The rules the proofs and the table were made under: a position under
    /// other rules (the engine's `variant`, a new game) uses neither.
    ruleset: Ruleset,
    /// The last proof of each player (indexed by [`Player::index`]).
    proofs: [Option<Proof>; 2],
    /// The table of the last search: it holds the proofs' deep entries (the
    /// table keeps the deepest result per bucket), so a re-proof is quick.
    table: Arc<Table>,
}

/// The mover's kept proof if the game may follow it (its stones are all on
/// the board), every kept proof, and the kept table. The table's entries are
/// keyed by whole positions, so even one from another line of play (say before
/// an undo) holds subtrees a new search can reuse.
fn take_kept(
    slot: &mut Option<Kept>,
    position: &Position,
) -> (Option<Wdl>, [Option<Proof>; 2], Option<Arc<Table>>) {
    let Some(kept) = slot.take().filter(|k| k.ruleset == position.ruleset()) else {
        return (None, [None; 2], None);
    };
    let blue = position.stones(Player::Blue);
    let yellow = position.stones(Player::Yellow);
    let mine = kept.proofs[position.to_move().index()]
        .filter(|p| p.stones.0 & !blue == 0 && p.stones.1 & !yellow == 0)
        .map(|p| p.wdl);
    (mine, kept.proofs, Some(kept.table))
}

/// Puts the table back with the mover's new proof (or none), if any proof is kept.
fn keep(
    slot: &mut Option<Kept>,
    position: &Position,
    mut proofs: [Option<Proof>; 2],
    proven: Option<(Move, Wdl)>,
    table: Arc<Table>,
) {
    let me = position.to_move().index();
    proofs[me] = proven.and_then(|(mv, wdl)| {
        let mut after = *position;
        after.play(mv).ok()?;
        let stones = (after.stones(Player::Blue), after.stones(Player::Yellow));
        Some(Proof { stones, wdl })
    });
    // Without a proof the table is dropped: a fresh one per move keeps node-limited
    // play reproducible, and stale deep entries never crowd out a later search.
    *slot = proofs.iter().any(Option::is_some).then_some(Kept {
        ruleset: position.ruleset(),
        proofs,
        table,
    });
}

/// The budget of one decision: a time and/or a node count (and the caller's
/// deadline and stop flag), shared by its phases.
#[derive(Clone, Copy)]
struct Budget<'a> {
    start: Instant,
    /// The thinking time in milliseconds, if the time is limited.
    think_ms: Option<u64>,
    limit: SearchLimit<'a>,
}

impl<'a> Budget<'a> {
    fn new(limit: &SearchLimit<'a>) -> Budget<'a> {
        Budget {
            start: Instant::now(),
            think_ms: limit
                .time
                .map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
            limit: *limit,
        }
    }

    /// The time the phases share: 90% of the thinking time less up to 10 ms. The
    /// rest covers the last node batch, joining the threads, freeing the table
    /// and returning, and being scheduled late on a loaded machine.
    fn usable(think_ms: u64) -> Duration {
        let reserve = (think_ms / 10).min(10);
        Duration::from_millis(think_ms.saturating_mul(9) / 10 - reserve)
    }

    /// The table size for this budget: a short search touches few entries, and a
    /// big table's first touches (page faults) and freeing cost milliseconds.
    fn tt_bits(&self) -> u32 {
        match (self.limit.nodes, self.think_ms) {
            (None, Some(0..200)) => TT_BITS - 3,
            (None, Some(200..500)) => TT_BITS - 1,
            _ => TT_BITS,
        }
    }

    /// Limits for a phase ending `percent` of the way through the budget,
    /// `spent` nodes having gone into the earlier phases.
    fn limit(&self, percent: u64, spent: u64) -> SearchLimit<'a> {
        let phase_end = self.think_ms.and_then(|ms| {
            self.start
                .checked_add(Budget::usable(ms) * percent as u32 / 100)
        });
        SearchLimit {
            time: None,
            deadline: match (phase_end, self.limit.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            nodes: self.limit.nodes.map(|n| {
                (n.saturating_mul(percent) / 100)
                    .saturating_sub(spent)
                    .max(1)
            }),
            depth: None,
            stop: self.limit.stop,
        }
    }
}

/// The searches of one decision: one shared table, `threads` threads per
/// phase, one budget, and the nodes spent so far.
struct Run<'a> {
    table: Arc<Table>,
    threads: usize,
    budget: Budget<'a>,
    nodes: u64,
}

impl<'a> Run<'a> {
    fn limit(&self, percent: u64) -> SearchLimit<'a> {
        self.budget.limit(percent, self.nodes)
    }

    fn stop(&self) -> Option<&'a AtomicBool> {
        self.budget.limit.stop
    }

    /// A one-ply search (it always completes): a legal move and a report at once.
    fn glance(&mut self, position: &Position, order: &[Move]) -> Option<SearchResult> {
        let limit = SearchLimit {
            depth: Some(1),
            stop: self.stop(),
            ..SearchLimit::NONE
        };
        let run = smp::run(&self.table, 1, limit, order, Finish::Main, |s, o| {
            s.search(position, o)
        });
        self.nodes += run.nodes;
        run.result
    }

    /// The iterative-deepening search, up to `percent` of the budget.
    fn search(
        &mut self,
        position: &Position,
        order: &[Move],
        percent: u64,
    ) -> Option<SearchResult> {
        let run = smp::run(
            &self.table,
            self.threads,
            self.limit(percent),
            order,
            Finish::Main,
            |s, o| s.search(position, o),
        );
        self.nodes += run.nodes;
        run.result
    }

    /// The win/draw/loss solve, up to the end of the budget.
    fn solve(&mut self, position: &Position, order: &[Move]) -> RootSolve {
        let run = smp::run(
            &self.table,
            self.threads,
            self.limit(100),
            order,
            Finish::First,
            |s, o| s.solve_wdl_partial(position, o),
        );
        self.nodes += run.nodes;
        run.result
    }

    /// A move achieving at least `target`, up to the end of the budget; `None`
    /// when there is none or the proof did not finish.
    fn prove(&mut self, position: &Position, order: &[Move], target: Wdl) -> Option<Move> {
        let run = smp::run(
            &self.table,
            self.threads,
            self.limit(100),
            order,
            Finish::First,
            |s, o| s.prove(position, o, target),
        );
        self.nodes += run.nodes;
        if run.aborted { None } else { run.result }
    }

    /// The table's move for `position`, if it holds an open one.
    fn table_move(&self, position: &Position) -> Option<Move> {
        let mv = self.table.probe(key(position))?.mv?;
        (!position.is_full(mv)).then_some(mv)
    }
}

/// The hard level's move and the search behind it, within `limit` on
/// `threads` threads, with the proofs and table kept between moves in `slot`
/// (owned by the [`Engine`](super::Engine) that plays). With one thread and a
/// node limit, the same position, seed and kept state give the same move.
pub(crate) fn decide(
    position: &Position,
    limit: &SearchLimit,
    seed: u64,
    threads: usize,
    slot: &mut Option<Kept>,
) -> Option<Decision> {
    let budget = Budget::new(limit);
    let empties = position.empty_sections();
    let mut order = shuffled_moves(position, seed);
    if order.is_empty() {
        return None;
    }
    let mirror = mirror_move(position);
    if let Some(mirror) = mirror
        && empties > MIRROR_SOLVE_FROM
    {
        // Before the solve range nothing could be proven, so the mirror move would be
        // played whatever the search found: answer at once (a one-ply search for the report).
        let mut run = Run {
            table: Arc::new(Table::new(0)),
            threads: 1,
            budget,
            nodes: 0,
        };
        let search = run.glance(position, &order)?;
        return Some(Decision {
            mv: mirror,
            search: Some(search),
            solved: None,
            mirrored: true,
            nodes: run.nodes,
        });
    }
    let (kept, proofs, table) = take_kept(slot, position);
    let mut run = Run {
        table: table.unwrap_or_else(|| Arc::new(Table::new(budget.tt_bits()))),
        threads,
        budget,
        nodes: 0,
    };
    if let Some(target) = kept
        && let Some(d) = follow_proof(&mut run, position, &mut order, target)
    {
        let proven = d.solved.map(|wdl| (d.mv, wdl));
        keep(slot, position, proofs, proven, run.table);
        return Some(d);
    }

    // The budget share of the heuristic search before the endgame solve. On the
    // mirror line the heuristic move is not played anyway, so the solve gets most
    // of the time; elsewhere an unfinished solve falls back on the heuristic move,
    // so it keeps more of the time where the solve is less likely to finish.
    let endgame = empties
        <= if mirror.is_some() {
            MIRROR_SOLVE_FROM
        } else {
            SOLVE_FROM
        };
    let heuristic_share = match (endgame, mirror.is_some(), empties) {
        (false, _, _) => 100,
        (true, true, _) => 15,
        (true, false, 0..=18) => 25,
        (true, false, _) => 50,
    };
    let search = run.search(position, &order, heuristic_share)?;
    let mut solve = RootSolve::default();
    if search.exact {
        solve.best = Some((search.best, Wdl::from_value(search.value)));
    } else if endgame {
        to_front(&mut order, search.best);
        solve = run.solve(position, &order);
    }
    let (mv, solved) = match solve.best {
        // A lost position: the heuristic move fights for the best margin.
        Some((_, Wdl::Loss)) => (search.best, Some(Wdl::Loss)),
        Some((mv, wdl)) => (mv, Some(wdl)),
        // Unfinished: the search's best move, unless the solve proved it loses and
        // some other move is not known to (order is best-first after the search).
        None => {
            to_front(&mut order, search.best);
            let mv = order
                .iter()
                .copied()
                .find(|m| solve.losing & m.bit() == 0)
                .unwrap_or(search.best);
            (mv, None)
        }
    };
    let mirrored = mirror.filter(|_| !matches!(solved, Some(Wdl::Win | Wdl::Draw)));
    // A completed proof of a win or a draw is kept for the next moves of this game.
    let proven = solved
        .filter(|&w| w >= Wdl::Draw && mirrored.is_none())
        .map(|w| (mv, w));
    let nodes = run.nodes;
    keep(slot, position, proofs, proven, run.table);
    Some(Decision {
        mv: mirrored.unwrap_or(mv),
        search: Some(search),
        solved,
        mirrored: mirrored.is_some(),
        nodes,
    })
}

/// The game follows a kept proof of `target`: re-prove it (quick with the kept
/// table), then with the time left look for a win where a draw was proven.
/// `None` if the re-proof did not finish within the budget.
fn follow_proof(
    run: &mut Run,
    position: &Position,
    order: &mut [Move],
    target: Wdl,
) -> Option<Decision> {
    // A one-ply search, only for the report.
    let search = run.glance(position, order)?;
    if let Some(mv) = run.table_move(position) {
        to_front(order, mv);
    }
    let mut mv = run.prove(position, order, target)?;
    let mut solved = target;
    if target == Wdl::Draw
        && let Some(win) = run.prove(position, order, Wdl::Win)
    {
        (mv, solved) = (win, Wdl::Win);
    }
    Some(Decision {
        mv,
        search: Some(search),
        solved: Some(solved),
        mirrored: false,
        nodes: run.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn a_kept_proof_and_table_serve_only_their_own_ruleset() {
        let mut standard = Position::new();
        standard.play(Square::B2).unwrap();
        let mut corners = Position::with_ruleset(Ruleset::Corners);
        corners.play(Square::B2).unwrap();
        for (kept_under, other) in [(standard, corners), (corners, standard)] {
            let mut slot = None;
            let proofs = [None; 2];
            let proven = Some((Square::C3, Wdl::Draw));
            keep(
                &mut slot,
                &kept_under,
                proofs,
                proven,
                Arc::new(Table::new(0)),
            );
            // The same stones under the same rules: the proof and table come back.
            let (_, proofs, table) = take_kept(&mut slot, &kept_under);
            assert!(proofs[Player::Yellow.index()].is_some() && table.is_some());
            keep(
                &mut slot,
                &kept_under,
                proofs,
                proven,
                Arc::new(Table::new(0)),
            );
            // Under the other rules: neither.
            let (mine, proofs, table) = take_kept(&mut slot, &other);
            assert!(mine.is_none() && proofs.iter().all(Option::is_none) && table.is_none());
        }
    }
}
