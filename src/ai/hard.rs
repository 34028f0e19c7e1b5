//! The hard level: iterative-deepening PVS with a win/draw/loss endgame solve,
//! choosing every move by search, with either colour, from the first.
//!
//! **The budget is a promise.** Every phase below runs against one deadline (or
//! one node budget), so hard answers within its thinking time from any legal
//! position: a proof that does not finish in time is abandoned, never waited for.
//!
//! - **The mirror move is one candidate.** While Yellow has mirrored every Blue
//!   move, the mirror move (which guarantees at least a draw) is searched first;
//!   any move the search values higher is played instead.
//!   Copying is a floor, not a strategy: Yellow wins most positions with best play.
//! - **After a completed proof** (of a win or a draw, for either colour), the
//!   proof's transposition table is kept by the [`Engine`](super::Engine) that
//!   plays, never process-wide. While the game follows the
//!   proof (the proven position's stones are all still on the board), hard first
//!   re-proves that outcome with the kept table, which takes a handful of nodes,
//!   and then looks for better with the time left.
//! - **Otherwise** (any position, steered by hard or not), hard runs its
//!   heuristic search and, in the endgame range, the win/draw/loss solve: from
//!   19 empty sections, where the budget covers a hard proof at that depth (the
//!   upper quartile of measured ones), a 2% search orders the root, the solve
//!   runs to 90% of the budget, and the search goes on with the rest if the
//!   solve proved no win or draw (a smaller budget keeps half for the search
//!   first, the rest for the solve; up to 18, a 10% search, then the solve). Hard
//!   plays the solve's proven best move when the solve finished, else its
//!   search's best move, skipping moves the unfinished solve proved to lose
//!   when another move is not known to.
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::book::Book;
use super::decision::Decision;
use super::eval::SCALE;
use super::limit::SearchLimit;
use super::mirror::mirror_move;
use super::ordering::to_front;
use super::random::shuffled_moves;
use super::search::{INF, RootSolve, SearchResult, Searcher, Wdl};
use super::smp::{self, Finish};
use super::tt::TranspositionTable;
use super::tt::key;
use crate::rules::{Move, Player, Position, Ruleset};
use std::sync::Arc;

/// The default thinking time per move, in milliseconds.
pub const HARD_THINK_MS: u64 = 1000;
/// The transposition table has `2^PLAY_TT_BITS` buckets of 32 bytes (32 MiB).
pub const PLAY_TT_BITS: u32 = 20;

/// From this many empty sections hard solves the game for win/draw/loss.
pub const HARD_SOLVE_FROM: u32 = 26;
/// Up to 18 empty sections, the heuristic search's share of the budget before
/// the solve (percent): enough to order the root, and the move played should
/// the solve not finish.
const SEARCH_FIRST: u64 = 10;
/// From 19 empty sections, where the budget covers a hard proof, the search's
/// share before the solve: a 2% search ordered the root as well as a 10% one,
/// and the solve's extra nodes proved 8 more of the 72 positions at 24-26
/// empty sections at 1.9 M nodes (docs/ai-strength.md, issue 29, fourth pass).
const SEARCH_BEFORE_PROOF: u64 = 2;
/// ... and where that solve must end (percent of the budget); an unfinished
/// solve leaves the rest to the heuristic search, whose table then holds the
/// solve's entries. (Where the budget does not cover a hard proof: half the
/// budget each, search first.)
const SOLVE_END: u64 = 90;

/// The nodes of a hard proof at 19 to 26 empty sections: the upper quartile
/// of a plain win/draw/loss solve (one thread, fresh table, with Yellow's
/// follow-up bound) on 24 positions per depth from hard's games against
/// medium (`examples/proof_range.rs`: 23,451 at 20, 143,919 at 22, 563,771 at
/// 24, 1,751,628 at 25, 1,848,250 at 26; 19, 21 and 23 interpolated). Not the
/// median: about half of these positions are lost for the mover and proved in
/// a few dozen nodes, so the median says little about the proofs that take
/// work. The solve gets most of the budget only where the budget covers this.
const TYPICAL_PROOF_NODES: [u64; 8] = [
    9_500, 23_500, 58_000, 144_000, 285_000, 564_000, 1_750_000, 1_850_000,
];
/// An exact margin (after the win/draw/loss solve) takes about this many times
/// the nodes of the proof: 8-10 times at 19-20 empty sections (medians of 24
/// positions each, `examples/margin_cost.rs`). A proven loss gets the rest of
/// the budget for its margin, instead of a deeper heuristic search, where the
/// budget covers this many typical proofs.
const MARGIN_OVER_PROOF: u64 = 10;
/// Nodes a thread searches per millisecond, for turning a time budget into
/// nodes: a release build's win/draw/loss solve ran at 0.98-1.02 M nodes per
/// CPU-second at 24-26 empty sections on the team's machine (load 8).
const NODES_PER_MS: u64 = 1_000;

/// How one decision's budget is shared between the heuristic search and the
/// win/draw/loss solve (percent of the budget at which each phase ends).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Split {
    /// The heuristic search runs first, up to this share.
    search: u64,
    /// Whether the solve runs at all, and up to which share; the search takes
    /// the rest when the solve settles nothing.
    solve_end: Option<u64>,
    /// Whether a proven loss is settled (its margin in reach of the rest of
    /// the budget), rather than left to the heuristic search.
    margin_covered: bool,
}

/// The split at `empties` empty sections for a budget of about `estimate`
/// nodes (`None`: unlimited).
fn split(empties: u32, estimate: Option<u64>) -> Split {
    let typical = TYPICAL_PROOF_NODES
        .get(empties.saturating_sub(19) as usize)
        .copied()
        .unwrap_or(u64::MAX);
    let covers = |nodes: u64| estimate.is_none_or(|n| n >= nodes);
    let margin_covered = covers(typical.saturating_mul(MARGIN_OVER_PROOF));
    let (search, solve_end) = match empties {
        _ if empties > HARD_SOLVE_FROM => (100, None),
        0..=18 => (SEARCH_FIRST, Some(100)),
        _ if covers(typical) => (SEARCH_BEFORE_PROOF, Some(SOLVE_END)),
        // Where the budget does not cover a typical proof, the search keeps
        // half of it: an unfinished solve's nodes are lost to the move's quality.
        _ => (50, Some(100)),
    };
    Split {
        search,
        solve_end,
        margin_covered,
    }
}

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
    table: Arc<TranspositionTable>,
}

/// The same proofs over a copy of the table (tests only: a player forked after a
/// proof, each fork going down its own line).
#[cfg(test)]
impl Clone for Kept {
    fn clone(&self) -> Kept {
        Kept {
            ruleset: self.ruleset,
            proofs: self.proofs,
            table: Arc::new(TranspositionTable::clone(&self.table)),
        }
    }
}

#[cfg(test)]
impl Kept {
    /// The same table (a copy) with no proof kept (tests only: what the kept
    /// table does without the proofs it came with).
    pub(crate) fn table_only(&self) -> Kept {
        Kept {
            ruleset: self.ruleset,
            proofs: [None; 2],
            table: Arc::new(TranspositionTable::clone(&self.table)),
        }
    }
}

/// The mover's kept proof if the game may follow it (its stones are all on
/// the board), every kept proof, and the kept table. The table's entries are
/// keyed by whole positions, so even one from another line of play (say before
/// an undo) holds subtrees a new search can reuse.
fn take_kept(
    slot: &mut Option<Kept>,
    position: &Position,
) -> (
    Option<Wdl>,
    [Option<Proof>; 2],
    Option<Arc<TranspositionTable>>,
) {
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
    table: Arc<TranspositionTable>,
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
    /// rest covers the last node batch, freeing the table and returning, and
    /// being scheduled late on a loaded machine (helper threads are not waited
    /// for: [`smp::run`]).
    fn usable(think_ms: u64) -> Duration {
        let reserve = (think_ms / 10).min(10);
        Duration::from_millis(think_ms.saturating_mul(9) / 10 - reserve)
    }

    /// The table size for this budget: a short search touches few entries, and a
    /// big table's first touches (page faults) and freeing cost milliseconds.
    fn tt_bits(&self) -> u32 {
        match (self.limit.nodes, self.think_ms) {
            (None, Some(0..200)) => PLAY_TT_BITS - 3,
            (None, Some(200..500)) => PLAY_TT_BITS - 1,
            _ => PLAY_TT_BITS,
        }
    }

    /// About how many nodes this budget buys on `threads` threads (the least of
    /// the node limit and the time estimates); `None` when it is unlimited.
    fn nodes_estimate(&self, threads: usize) -> Option<u64> {
        let per_ms = NODES_PER_MS.saturating_mul(threads.max(1) as u64);
        let from_deadline = self.limit.deadline.map(|d| {
            let ms = d.saturating_duration_since(self.start).as_millis();
            u64::try_from(ms).unwrap_or(u64::MAX).saturating_mul(per_ms)
        });
        [
            self.limit.nodes,
            self.think_ms.map(|ms| ms.saturating_mul(per_ms)),
            from_deadline,
        ]
        .into_iter()
        .flatten()
        .min()
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
    table: Arc<TranspositionTable>,
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
        self.counted(1, limit, order, Finish::Main, {
            let position = *position;
            move |s, o| s.search(&position, o)
        })
        .result
    }

    /// The iterative-deepening search, up to `percent` of the budget.
    fn search(
        &mut self,
        position: &Position,
        order: &[Move],
        percent: u64,
    ) -> Option<SearchResult> {
        let limit = self.limit(percent);
        self.counted(self.threads, limit, order, Finish::Main, {
            let position = *position;
            move |s, o| s.search(&position, o)
        })
        .result
    }

    /// The win/draw/loss solve, up to `percent` of the budget.
    fn solve(&mut self, position: &Position, order: &[Move], percent: u64) -> RootSolve {
        let limit = self.limit(percent);
        self.counted(self.threads, limit, order, Finish::First, {
            let position = *position;
            move |s, o| s.solve_wdl_partial(&position, o)
        })
        .result
    }

    /// A move achieving at least `target`, up to the end of the budget:
    /// `Some(None)` when no move does, `None` when the proof did not finish.
    fn prove(&mut self, position: &Position, order: &[Move], target: Wdl) -> Option<Option<Move>> {
        let position = *position;
        self.search_to_the_end(order, move |s, o| s.prove(&position, o, target))
    }

    /// A search to the end of the game with the rest of the budget, on every
    /// thread, the first finished thread's answer; `None` if none finished.
    fn search_to_the_end<R: Send + 'static>(
        &mut self,
        order: &[Move],
        job: impl Fn(&mut Searcher, &[Move]) -> R + Send + Sync + 'static,
    ) -> Option<R> {
        let limit = self.limit(100);
        let run = self.counted(self.threads, limit, order, Finish::First, job);
        (!run.aborted).then_some(run.result)
    }

    /// [`smp::run`] on this decision's table, its nodes added to the decision's.
    /// The job owns what it reads (a copy of the position): helper threads may
    /// still be stopping after the run has returned.
    fn counted<R: Send + 'static>(
        &mut self,
        threads: usize,
        limit: SearchLimit<'a>,
        order: &[Move],
        finish: Finish,
        job: impl Fn(&mut Searcher, &[Move]) -> R + Send + Sync + 'static,
    ) -> smp::Parallel<R> {
        let run = smp::run(&self.table, threads, limit, order, finish, job);
        self.nodes += run.nodes;
        run
    }

    /// The exact margin (evaluation units) within `(alpha, beta)` and a move
    /// achieving it, up to the end of the budget; `None` if it did not finish.
    fn solve_margin(
        &mut self,
        position: &Position,
        order: &[Move],
        (alpha, beta): (i32, i32),
    ) -> Option<(Move, i32)> {
        let position = *position;
        self.search_to_the_end(order, move |s, o| s.solve_margin(&position, o, alpha, beta))
            .flatten()
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
    book: Option<&Book>,
) -> Option<Decision> {
    // A book move costs no search: it was chosen offline from measured games
    // (`examples/book.rs`).
    if let Some(mv) = book.and_then(|b| b.lookup(position)) {
        return Some(Decision {
            mv,
            search: None,
            solved: None,
            margin: None,
            mirrored: Some(mv) == mirror_move(position),
            nodes: 0,
            book: true,
        });
    }
    let budget = Budget::new(limit);
    let mut order = shuffled_moves(position, seed);
    if order.is_empty() {
        return None;
    }
    // On the mirror line the mirror move is searched first: it wins ties.
    let mirror = mirror_move(position);
    if let Some(mirror) = mirror {
        to_front(&mut order, mirror);
    }
    let (kept, proofs, table) = take_kept(slot, position);
    let mut run = Run {
        table: table.unwrap_or_else(|| Arc::new(TranspositionTable::new(budget.tt_bits()))),
        threads,
        budget,
        nodes: 0,
    };
    let followed = kept.and_then(|target| follow_proof(&mut run, position, &mut order, target));
    let mut d = match followed {
        Some(d) => d,
        None => search_and_solve(&mut run, position, &mut order)?,
    };
    // A proven outcome is played for the best margin: with the time left, the
    // exact margin among the moves that keep it.
    play_the_margin(&mut run, position, &mut order, &mut d);
    d.mirrored = Some(d.mv) == mirror;
    d.nodes = run.nodes;
    // A completed proof of a win or a draw is kept for the next moves of this game.
    let proven = d.solved.filter(|&w| w >= Wdl::Draw).map(|w| (d.mv, w));
    keep(slot, position, proofs, proven, run.table);
    Some(d)
}

/// Hard's search and, in the endgame range, its win/draw/loss solve, sharing
/// the budget. `None` only on a full board.
fn search_and_solve(run: &mut Run, position: &Position, order: &mut [Move]) -> Option<Decision> {
    let empties = position.empty_sections();
    // The budget's split in the endgame range: a short heuristic search orders
    // the root, the win/draw/loss solve runs up to `solve_end` percent, and if it
    // proved no win or draw (or a loss whose margin is out of reach) the
    // heuristic search goes on with the time left (its table now holds the
    // solve's entries). A proven outcome then gets the rest for its margin
    // ([`play_the_margin`]).
    let split = split(empties, run.budget.nodes_estimate(run.threads));
    let mut search = run.search(position, order, split.search)?;
    if search.exact {
        // The search reached the end of the game: its move has the best margin.
        return Some(Decision {
            mv: search.best,
            search: Some(search),
            solved: Some(Wdl::from_value(search.value)),
            margin: Some(search.value / SCALE),
            mirrored: false,
            nodes: run.nodes,
            book: false,
        });
    }
    let mut solve = RootSolve::default();
    if let Some(solve_end) = split.solve_end {
        to_front(order, search.best);
        solve = run.solve(position, order, solve_end);
        // A proven win or draw is settled; so is a loss whose margin is in reach.
        let settled = match solve.best {
            Some((_, Wdl::Win | Wdl::Draw)) => true,
            Some((_, Wdl::Loss)) => split.margin_covered,
            None => false,
        };
        if !settled
            && solve_end < 100
            && let Some(deeper) = run.search(position, order, 100)
            && deeper.depth >= search.depth
        {
            search = deeper;
        }
    }
    let (mv, solved) = match solve.best {
        // A lost position: the heuristic move fights for the best margin.
        Some((_, Wdl::Loss)) => (search.best, Some(Wdl::Loss)),
        Some((mv, wdl)) => (mv, Some(wdl)),
        // Unfinished: the search's best move, unless the solve proved it loses and
        // some other move is not known to (order is best-first after the search).
        None => {
            to_front(order, search.best);
            let mv = order
                .iter()
                .copied()
                .find(|m| solve.losing & m.bit() == 0)
                .unwrap_or(search.best);
            (mv, None)
        }
    };
    Some(Decision {
        mv,
        search: Some(search),
        solved,
        // The solve tried every move for a win: a proven draw is the best outcome,
        // and its margin is 0.
        margin: (solved == Some(Wdl::Draw)).then_some(0),
        mirrored: false,
        nodes: run.nodes,
        book: false,
    })
}

/// Once the outcome is proven (a win or a loss), the exact margin with the
/// time left: a search to the end within the proven side of 0, so a win is
/// never traded for a smaller one and a loss is as small as it can be. When
/// it finishes, its move replaces the proven one; when it does not, the
/// proven move stands (it keeps the outcome).
fn play_the_margin(run: &mut Run, position: &Position, order: &mut [Move], d: &mut Decision) {
    let window = match (d.solved, d.margin) {
        (_, Some(_)) => return,
        (Some(Wdl::Win), None) => (0, INF),
        (Some(Wdl::Loss), None) => (-INF, 0),
        _ => return,
    };
    to_front(order, d.mv);
    if let Some((mv, value)) = run.solve_margin(position, order, window) {
        d.mv = mv;
        d.margin = Some(value / SCALE);
    }
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
    // The kept proof says some move achieves `target`; a re-proof that finds
    // none (it cannot, unless the proof was wrong) is treated as unfinished.
    let mut mv = run.prove(position, order, target)??;
    let mut solved = target;
    let mut margin = None;
    if target == Wdl::Draw {
        match run.prove(position, order, Wdl::Win) {
            Some(Some(win)) => (mv, solved) = (win, Wdl::Win),
            // No move wins: the draw is the best outcome, by a margin of 0.
            Some(None) => margin = Some(0),
            // Unfinished: at least a draw is proven.
            None => {}
        }
    }
    Some(Decision {
        mv,
        search: Some(search),
        solved: Some(solved),
        margin,
        mirrored: false,
        nodes: run.nodes,
        book: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn the_budget_split_solves_where_the_budget_covers_a_hard_proof() {
        // Deeper positions need no fewer nodes.
        assert!(TYPICAL_PROOF_NODES.windows(2).all(|w| w[0] <= w[1]));
        for empties in 0..=64 {
            let unlimited = split(empties, None);
            if empties > HARD_SOLVE_FROM {
                // Too far from the end: the search gets the whole budget.
                assert_eq!(unlimited.solve_end, None, "{empties}");
                assert_eq!(split(empties, Some(10_000)).search, 100);
                continue;
            }
            // Every split searches first, then solves to a later share.
            for nodes in [1, 10_000, 1_000_000, 2_000_000, u64::MAX] {
                let s = split(empties, Some(nodes));
                let end = s.solve_end.expect("the endgame range solves");
                assert!(
                    0 < s.search && s.search < end && end <= 100,
                    "{empties} {nodes}"
                );
                // A larger budget gives the solve no less.
                let more = split(empties, Some(nodes.saturating_mul(2)));
                assert!(more.search <= s.search, "{empties} {nodes}");
                assert!(more.margin_covered >= s.margin_covered, "{empties} {nodes}");
            }
            let first = if empties <= 18 {
                SEARCH_FIRST
            } else {
                SEARCH_BEFORE_PROOF
            };
            assert_eq!(unlimited.search, first, "{empties}");
            assert!(unlimited.margin_covered);
        }
        // 1 s on 2 threads covers a hard proof from 26 empty sections down: the
        // solve gets most of it.
        let limit = SearchLimit::millis(1000);
        let one_second = Budget::new(&limit).nodes_estimate(2);
        for empties in 19..=HARD_SOLVE_FROM {
            let s = split(empties, one_second);
            assert_eq!(
                (s.search, s.solve_end),
                (SEARCH_BEFORE_PROOF, Some(SOLVE_END)),
                "{empties}"
            );
        }
        // 10,000 nodes cover one only at 19: from 20 the search keeps half.
        assert_eq!(split(19, Some(10_000)).solve_end, Some(SOLVE_END));
        for empties in 20..=HARD_SOLVE_FROM {
            let s = split(empties, Some(10_000));
            assert_eq!((s.search, s.solve_end), (50, Some(100)), "{empties}");
            assert!(!s.margin_covered);
        }
    }

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
            let new_table = || Arc::new(TranspositionTable::new(0));
            keep(&mut slot, &kept_under, proofs, proven, new_table());
            // The same stones under the same rules: the proof and table come back.
            let (_, proofs, table) = take_kept(&mut slot, &kept_under);
            assert!(proofs[Player::Yellow.index()].is_some() && table.is_some());
            keep(&mut slot, &kept_under, proofs, proven, new_table());
            // Under the other rules: neither.
            let (mine, proofs, table) = take_kept(&mut slot, &other);
            assert!(mine.is_none() && proofs.iter().all(Option::is_none) && table.is_none());
        }
    }
}
