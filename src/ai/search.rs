//! Iterative-deepening principal-variation search (negamax alpha-beta).
//!
//! Positions are `Copy`, so children are copies and there is no unmake. A search
//! to the end of the game (depth = empty sections) is exact: its leaves are full
//! boards valued by the final score difference, and the evaluation is never called.
//! Its nodes are cut off by bounds on the final margin: the points each side can
//! still add ([`achievable`]) and, with Blue to move, what Yellow's follow-up
//! leaves Blue ([`follow_up_bound`], after Allis's "claimeven" in Connect Four:
//! each square has an even height, four sections). The follow-up bound makes a
//! node cost about 1.45 times as much and a win/draw/loss solve at 24 empty
//! sections visit 3.5 times fewer nodes (docs/ai-strength.md).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::limit::SearchLimit;

use super::bounds::exact_bounds;
pub use super::bounds::{achievable, follow_up_bound};
use super::eval::{Weights, combinations, evaluate_with, score_diff};
use super::ordering::{self, Child, EVAL_ORDER_FROM, Heuristics, OrderBy};
use super::tt::{Bound, Entry, TranspositionTable, key};
use crate::rules::{Move, Player, Position, Square};

/// Larger than any value: 64 stones can never be worth this much.
pub const INF: i32 = 1_000_000;

/// The outcome of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move found by the deepest completed iteration.
    pub best: Move,
    /// Its value, from the mover's view, in evaluation units
    /// ([`SCALE`](super::eval::SCALE) per point).
    pub value: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Whether that iteration reached the end of the game, so `value` is the exact
    /// final score difference (times [`SCALE`](super::eval::SCALE)) under best play.
    pub exact: bool,
    /// Nodes visited in all iterations.
    pub nodes: u64,
}

/// The game-theoretic outcome for the mover under best play (`win`, `draw`, `loss` in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Wdl {
    /// The mover loses.
    Loss,
    /// Equal totals.
    Draw,
    /// The mover wins.
    Win,
}

impl Wdl {
    /// The outcome of an exact value.
    pub fn from_value(value: i32) -> Wdl {
        match value.cmp(&0) {
            std::cmp::Ordering::Less => Wdl::Loss,
            std::cmp::Ordering::Equal => Wdl::Draw,
            std::cmp::Ordering::Greater => Wdl::Win,
        }
    }

    /// The same outcome seen by the other player.
    pub fn flipped(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// What a root win/draw/loss solve proved, finished or not.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RootSolve {
    /// A move achieving the best outcome, once the solve finished.
    pub best: Option<(Move, Wdl)>,
    /// Root moves proven not to win (one bit per [`Square::bit`]).
    pub not_winning: u16,
    /// Root moves proven to lose.
    pub losing: u16,
}

/// The search state of one thread: a shared transposition table, move-ordering
/// memory, limits and counters.
pub struct Searcher<'a> {
    tt: Arc<TranspositionTable>,
    heuristics: Heuristics,
    nodes: u64,
    limit: SearchLimit<'a>,
    /// The limit's deadline, its time counted from when the limit was set.
    deadline: Option<Instant>,
    /// Set when another thread of the same search finished: stop at once.
    done: Option<&'a AtomicBool>,
    /// Nodes of every thread of the same search, for the node limit.
    shared_nodes: Option<&'a AtomicU64>,
    /// The positions the threads of the same search are in now.
    busy: Option<&'a Busy>,
    /// `nodes` when the limits were last checked (and the nodes since then
    /// added to `shared_nodes`).
    checked: u64,
    can_abort: bool,
    aborted: bool,
    /// Whether exact nodes use the bound of points still achievable.
    pub use_bounds: bool,
    /// Whether exact nodes with Blue to move use Yellow's follow-up bound
    /// ([`follow_up_bound`]).
    pub use_follow_up: bool,
    /// From this many empty sections, exact nodes with Yellow to move bound
    /// each child by Yellow's follow-up ([`FOLLOW_UP_CHILDREN_FROM`]; tests
    /// lower it to check the cut-offs against minimax).
    pub(crate) follow_up_children_from: i32,
    /// The evaluation's weights.
    pub weights: Weights,
}

/// Children are deferred while another thread searches them only this deep or
/// deeper: near the leaves the bookkeeping costs more than it saves.
const BUSY_MIN_DEPTH: i32 = 4;

/// The positions the threads of one parallel search are searching now: a small
/// lock-free set of hashes (a lost or overwritten mark only costs some overlap).
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    /// A set of `2^bits` slots.
    pub fn new(bits: u32) -> Busy {
        Busy {
            slots: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// Nodes this deep or deeper probe the table for each child before searching
/// any (enhanced transposition cutoffs): at 22 empty sections, 30% fewer nodes
/// per proof; from depth 2 saves no more, from depth 8 less.
const ETC_MIN_DEPTH: i32 = 4;

/// From this many empty sections, exact nodes with Yellow to move compute
/// each child's follow-up bound ([`exact_bounds`]): a child it shows bad
/// enough for Blue cuts off before any child is searched, and the children
/// are ordered by the lower of evaluation and bound. At 22-26 empty sections
/// 10-23% fewer nodes per proof at the same nodes per second; from 8 (where
/// the evaluation ordering starts) as few nodes but a third slower, from 12
/// a little slower (docs/ai-strength.md, issue 29, sixth pass).
const FOLLOW_UP_CHILDREN_FROM: i32 = 15;

/// From this many empty sections the search looks for dead squares.
const DEAD_SCAN_FROM: i32 = 32;

/// The limits and the stop flags are checked every this many nodes (a power of
/// two). On a loaded machine a starved thread may take 10 times longer than its
/// CPU time for these nodes: at 1,024, 11 of 120 one-second moves took up to
/// 1,055 ms (niced, load 15); a clock read per 256 nodes costs nothing visible.
const CHECK_EVERY: u64 = 256;

impl<'a> Searcher<'a> {
    /// A searcher with a table of `2^tt_bits` buckets.
    pub fn new(tt_bits: u32, limit: SearchLimit<'a>) -> Searcher<'a> {
        Searcher::with_table(Arc::new(TranspositionTable::new(tt_bits)), limit)
    }

    /// A searcher that uses `table`, e.g. one kept from an earlier move's proof,
    /// or one shared with the other threads of a parallel search.
    pub fn with_table(table: Arc<TranspositionTable>, limit: SearchLimit<'a>) -> Searcher<'a> {
        Searcher {
            tt: table,
            heuristics: Heuristics::default(),
            nodes: 0,
            limit,
            deadline: limit.deadline_from(Instant::now()),
            done: None,
            shared_nodes: None,
            busy: None,
            checked: 0,
            can_abort: false,
            aborted: false,
            use_bounds: true,
            use_follow_up: true,
            follow_up_children_from: FOLLOW_UP_CHILDREN_FROM,
            weights: Weights::HARD,
        }
    }

    /// Makes this searcher one thread of a parallel search: it stops once
    /// `done` is set, and counts its nodes into `shared_nodes` for the node limit.
    pub(crate) fn join(
        &mut self,
        done: &'a AtomicBool,
        shared_nodes: &'a AtomicU64,
        busy: Option<&'a Busy>,
    ) {
        self.done = Some(done);
        self.shared_nodes = Some(shared_nodes);
        self.busy = busy;
    }

    /// The transposition table.
    pub fn table(&self) -> &Arc<TranspositionTable> {
        &self.tt
    }

    /// Gives up the transposition table, so it can be kept for a later move.
    pub fn into_table(self) -> Arc<TranspositionTable> {
        self.tt
    }

    /// The best move the table holds for `position`, if any.
    pub fn table_move(&self, position: &Position) -> Option<Move> {
        let square = self.tt.probe(key(position))?.mv?;
        (!position.is_full(square)).then_some(square)
    }

    /// A move whose outcome for the mover is at least `target` under best play,
    /// trying root moves in `order`; `None` if no move achieves it, or if a limit
    /// or the stop flag cut the proof short (see [`Searcher::aborted`]).
    pub fn prove(&mut self, position: &Position, order: &[Move], target: Wdl) -> Option<Move> {
        let empties = position.empty_sections() as i32;
        self.aborted = false;
        self.can_abort = true;
        // The child's value to the opponent must be below 0 (a win) or at most 0 (a draw).
        let (alpha, beta) = match target {
            Wdl::Win => (-1, 0),
            Wdl::Draw => (0, 1),
            Wdl::Loss => (INF - 1, INF),
        };
        for &mv in order {
            if position.is_full(mv) {
                continue;
            }
            let mut child = *position;
            child.play_unchecked(mv);
            let v = self.negamax(&child, empties - 1, alpha, beta, 1);
            if self.aborted {
                return None;
            }
            if v < beta {
                return Some(mv);
            }
        }
        None
    }

    /// Whether a root move in `order` reaches an exact value of at least `target`
    /// (evaluation units, from the mover's view): one null-window search to the
    /// end of the game per move, each asking only that. `Some(Some(mv))` names
    /// one that does, `Some(None)` proves none does; `None` if a limit or the
    /// stop flag cut the proof short (see [`Searcher::aborted`]).
    pub fn reaches(
        &mut self,
        position: &Position,
        order: &[Move],
        target: i32,
    ) -> Option<Option<Move>> {
        let empties = position.empty_sections() as i32;
        self.aborted = false;
        self.can_abort = true;
        for &mv in order {
            if position.is_full(mv) {
                continue;
            }
            let mut child = *position;
            child.play_unchecked(mv);
            // The child's value to the opponent is at most -target.
            let v = self.negamax(&child, empties - 1, -target, -target + 1, 1);
            if self.aborted {
                return None;
            }
            if v <= -target {
                return Some(Some(mv));
            }
        }
        Some(None)
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the last search was cut short by a limit or the stop flag.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Replaces the limit (keeping the table), e.g. to continue a search longer;
    /// its time counts from now.
    pub fn set_limit(&mut self, limit: SearchLimit<'a>) {
        self.limit = limit;
        self.deadline = limit.deadline_from(Instant::now());
    }

    /// Adds the nodes not yet counted to the shared count of a parallel search.
    pub(crate) fn count_nodes(&mut self) {
        if let Some(shared) = self.shared_nodes {
            shared.fetch_add(self.nodes - self.checked, Ordering::Relaxed);
            self.checked = self.nodes;
        }
    }

    fn check_limits(&mut self) {
        let fresh = self.nodes - self.checked;
        self.checked = self.nodes;
        let nodes = match self.shared_nodes {
            Some(shared) => shared.fetch_add(fresh, Ordering::Relaxed) + fresh,
            None => self.nodes,
        };
        let raised = |flag: Option<&AtomicBool>| flag.is_some_and(|f| f.load(Ordering::Relaxed));
        if raised(self.limit.stop)
            || raised(self.done)
            || self.limit.nodes.is_some_and(|max| nodes >= max)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    /// Iterative deepening from depth 1. Root moves are tried in `order` (ties go
    /// to the earlier move), then best-first. The first iteration always completes,
    /// so there is a legal move whenever the board is not full.
    pub fn search(&mut self, position: &Position, order: &[Move]) -> Option<SearchResult> {
        self.deepen(position, order, None).map(|(result, _)| result)
    }

    /// [`Searcher::search`] that also values `pinned`, a root move, at the same
    /// depth in the same search: it is tried first in every iteration, with the
    /// whole window, so its value is exact at that depth (the rest are searched
    /// against it). Returns the result and `pinned`'s value, from the mover's view.
    /// Ties go to `pinned`. A review values the move played and the best move
    /// this way, so their difference is not the difference of two searches.
    pub fn search_pinned(
        &mut self,
        position: &Position,
        order: &[Move],
        pinned: Move,
    ) -> Option<(SearchResult, i32)> {
        if position.is_full(pinned) {
            return None;
        }
        let (result, value) = self.deepen(position, order, Some(pinned))?;
        Some((result, value?))
    }

    fn deepen(
        &mut self,
        position: &Position,
        order: &[Move],
        pinned: Option<Move>,
    ) -> Option<(SearchResult, Option<i32>)> {
        let empties = position.empty_sections();
        let mut moves: Vec<Move> = order
            .iter()
            .copied()
            .filter(|&m| !position.is_full(m))
            .collect();
        if moves.is_empty() {
            return None;
        }
        if let Some(pinned) = pinned {
            ordering::to_front(&mut moves, pinned);
        }
        let max_depth = self.limit.depth.unwrap_or(empties).clamp(1, empties);
        self.aborted = false;
        self.can_abort = false;
        let mut result = None;
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let mut best = (moves[0], -INF);
            let mut first_value = -INF;
            for (i, &mv) in moves.iter().enumerate() {
                let mut child = *position;
                // Moves were filtered to open squares.
                child.play_unchecked(mv);
                let d = depth as i32 - 1;
                let value = if i == 0 {
                    -self.negamax(&child, d, -INF, -alpha, 1)
                } else {
                    let v = -self.negamax(&child, d, -alpha - 1, -alpha, 1);
                    if v > alpha && !self.aborted {
                        -self.negamax(&child, d, -INF, -alpha, 1)
                    } else {
                        v
                    }
                };
                if self.aborted {
                    break;
                }
                if i == 0 {
                    first_value = value;
                }
                if value > best.1 {
                    best = (mv, value);
                    alpha = alpha.max(value);
                }
            }
            if self.aborted {
                break;
            }
            ordering::to_front(&mut moves, best.0);
            if let Some(pinned) = pinned {
                ordering::to_front(&mut moves, pinned);
            }
            result = Some((
                SearchResult {
                    best: best.0,
                    value: best.1,
                    depth,
                    exact: depth >= empties,
                    nodes: self.nodes,
                },
                pinned.map(|_| first_value),
            ));
            // Depth 1 is done: from now on a limit may cut an iteration short.
            self.can_abort = true;
            self.check_limits();
            if self.aborted {
                break;
            }
        }
        result.map(|(r, v)| {
            (
                SearchResult {
                    nodes: self.nodes,
                    ..r
                },
                v,
            )
        })
    }

    /// Solves `position` for win, draw or loss by null-window searches to the end
    /// of the game, trying root moves in `order`. Returns a move that achieves
    /// the best outcome, or `None` if a limit cut the solve short (or the board is full).
    pub fn solve_wdl(&mut self, position: &Position, order: &[Move]) -> Option<(Move, Wdl)> {
        self.solve_wdl_partial(position, order).best
    }

    /// [`Searcher::solve_wdl`], also reporting what was proven when a limit cut
    /// it short: which root moves are proven not to win, and which to lose.
    pub fn solve_wdl_partial(&mut self, position: &Position, order: &[Move]) -> RootSolve {
        let empties = position.empty_sections() as i32;
        self.aborted = false;
        self.can_abort = true;
        let mut solve = RootSolve::default();
        let mut children = Vec::with_capacity(16);
        for &mv in order {
            if !position.is_full(mv) {
                let mut child = *position;
                child.play_unchecked(mv);
                children.push((mv, child));
            }
        }
        // One search of each child within (-1, 1) from the mover's view: every
        // total is a multiple of 5 points, so the window holds only 0, and one
        // pass tells a win, a draw and a loss apart. (Two null-window passes, a
        // win then a draw, searched each child twice in a lost position: this
        // visits 19% fewer nodes over 24 positions from games at 22 empty sections.)
        let mut alpha = -1;
        let mut draw = None;
        for &(mv, child) in &children {
            let v = -self.negamax(&child, empties - 1, -1, -alpha, 1);
            if self.aborted {
                return solve;
            }
            if v >= 1 {
                solve.best = Some((mv, Wdl::Win));
                return solve;
            }
            solve.not_winning |= mv.bit();
            if v > alpha {
                // The first draw; later children are only asked whether they win.
                alpha = v;
                draw = Some(mv);
            } else if alpha < 0 {
                solve.losing |= mv.bit();
            }
        }
        solve.best = match draw {
            Some(mv) => Some((mv, Wdl::Draw)),
            None => children.first().map(|&(mv, _)| (mv, Wdl::Loss)),
        };
        solve
    }

    /// The exact final margin of `position` (evaluation units, from the mover's
    /// view) and a move that achieves it, when it lies strictly within
    /// `(alpha, beta)`: one principal-variation search to the end of the game
    /// (no iterative deepening: the table, say of a finished win/draw/loss
    /// solve, orders it). Root moves are tried in `order`, the first with the
    /// whole window. `None` if the margin is outside the window, or a limit or
    /// the stop flag cut the search short (see [`Searcher::aborted`]).
    ///
    /// A proven win is searched within `(0, INF)`, a proven loss within
    /// `(-INF, 0)`: the window itself excludes the moves that change the outcome.
    pub fn solve_margin(
        &mut self,
        position: &Position,
        order: &[Move],
        alpha: i32,
        beta: i32,
    ) -> Option<(Move, i32)> {
        self.margin_search(position, order, alpha, beta)
            .map(|(best, _)| best)
    }

    /// [`Searcher::solve_margin`] over the whole window, also giving the exact
    /// margin of `pinned` (a root move, searched first): the review values the
    /// move played and the best move in one search to the end.
    pub fn solve_margin_pinned(
        &mut self,
        position: &Position,
        order: &[Move],
        pinned: Move,
    ) -> Option<((Move, i32), i32)> {
        if position.is_full(pinned) {
            return None;
        }
        let mut moves = order.to_vec();
        ordering::to_front(&mut moves, pinned);
        if moves.first() != Some(&pinned) {
            moves.insert(0, pinned);
        }
        self.margin_search(position, &moves, -INF, INF)
    }

    /// The root of [`Searcher::solve_margin`]: the best move and its value, and
    /// the first move's value (exact too, searched with the whole window).
    fn margin_search(
        &mut self,
        position: &Position,
        order: &[Move],
        alpha: i32,
        beta: i32,
    ) -> Option<((Move, i32), i32)> {
        let empties = position.empty_sections() as i32;
        self.aborted = false;
        self.can_abort = true;
        let (floor, mut alpha) = (alpha, alpha);
        let mut best: Option<(Move, i32)> = None;
        let mut first_value = None;
        for &mv in order {
            if position.is_full(mv) {
                continue;
            }
            let mut child = *position;
            child.play_unchecked(mv);
            let value = if first_value.is_none() {
                -self.negamax(&child, empties - 1, -beta, -alpha, 1)
            } else {
                let v = -self.negamax(&child, empties - 1, -alpha - 1, -alpha, 1);
                if v > alpha && v < beta && !self.aborted {
                    -self.negamax(&child, empties - 1, -beta, -alpha, 1)
                } else {
                    v
                }
            };
            if self.aborted {
                return None;
            }
            first_value.get_or_insert(value);
            if value > alpha {
                best = Some((mv, value));
                alpha = value;
                if value >= beta {
                    return None;
                }
            }
        }
        let best = best.filter(|&(_, v)| v > floor && v < beta)?;
        Some((best, first_value?))
    }

    /// The value of `position` searched `depth` plies deep within `(alpha, beta)`,
    /// from the mover's view. Never cut short by the limits.
    pub fn value(&mut self, position: &Position, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.can_abort = false;
        self.aborted = false;
        self.negamax(position, depth, alpha, beta, 1)
    }

    /// The value of `position` searched `depth` plies deep, from the mover's view.
    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        let empties = position.empty_sections() as i32;
        if empties == 0 {
            return score_diff(position);
        }
        if depth <= 0 {
            return evaluate_with(position, &self.weights);
        }
        // Every node counts, leaves included (they return above): the limits
        // are checked once `CHECK_EVERY` nodes have passed since the last check.
        if self.can_abort && self.nodes - self.checked >= CHECK_EVERY {
            self.check_limits();
        }
        if self.aborted {
            return 0;
        }
        // Searching to the end is exact whatever depth was asked for.
        let depth = depth.min(empties);
        let key = key(position);
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv.filter(|&mv| !position.is_full(mv));
            if hit.depth as i32 >= depth {
                match hit.bound {
                    Bound::Exact => return hit.value,
                    Bound::Lower if hit.value >= beta => return hit.value,
                    Bound::Upper if hit.value <= alpha => return hit.value,
                    _ => {}
                }
            }
        }
        if self.use_bounds && depth == empties {
            let (low, high) = if self.use_follow_up {
                exact_bounds(position, alpha)
            } else {
                achievable(position)
            };
            if high <= alpha {
                return high;
            }
            if low >= beta {
                return low;
            }
        }

        // Early on nearly every combination is alive: skip the scan there.
        let dead = if empties <= DEAD_SCAN_FROM {
            dead_squares(position)
        } else {
            0
        };
        // Squares whose empty sections are all dead are interchangeable "pass"
        // moves: keep only the first one.
        let mut moves = position.open_squares() & !dead;
        if dead != 0 {
            moves |= dead & dead.wrapping_neg();
        }
        let follow_up = self.use_bounds
            && self.use_follow_up
            && depth == empties
            && empties >= self.follow_up_children_from
            && position.to_move() == Player::Yellow;
        let by = OrderBy {
            tt_move,
            evaluation: (depth == empties && empties >= EVAL_ORDER_FROM as i32)
                .then_some(&self.weights),
            follow_up: follow_up.then_some(-beta),
            ply,
        };
        let mut children = [Child {
            key: 0,
            bound: i32::MAX,
            mv: Square::A1,
            position: *position,
        }; 16];
        let n = ordering::ordered_children(position, moves, &by, &self.heuristics, &mut children);
        // A child whose bound is at most the child's alpha (Blue's side) cuts
        // off at once: its bound is a lower bound on this node's value.
        if let Some(child) = children[..n].iter().find(|c| c.bound <= -beta) {
            self.tt.store(
                key,
                Entry {
                    value: -child.bound,
                    depth: depth as u8,
                    bound: Bound::Lower,
                    mv: Some(child.mv),
                },
            );
            return -child.bound;
        }

        // Enhanced transposition cutoff: a child the table already shows bad
        // enough for the opponent cuts off before any child is searched.
        if depth >= ETC_MIN_DEPTH {
            for child in &children[..n] {
                if let Some(hit) = self.tt.probe(super::tt::key(&child.position))
                    && hit.depth as i32 >= depth - 1
                    && matches!(hit.bound, Bound::Exact | Bound::Upper)
                    && -hit.value >= beta
                {
                    self.tt.store(
                        key,
                        Entry {
                            value: -hit.value,
                            depth: depth as u8,
                            bound: Bound::Lower,
                            mv: Some(child.mv),
                        },
                    );
                    return -hit.value;
                }
            }
        }
        let alpha_start = alpha;
        let mut best = -INF;
        let mut best_move = None;
        // With other threads (ABDADA-style): a child another thread is searching
        // right now is deferred to a second pass, so the threads spread out
        // instead of searching the same subtree; the first child never waits.
        let share = self.busy.filter(|_| depth >= BUSY_MIN_DEPTH);
        let mut deferred = 0u16;
        let mut first = true;
        'passes: for pass in 0..2 {
            for (i, child) in children[..n].iter().enumerate() {
                if pass == 1 && deferred & (1 << i) == 0 {
                    continue;
                }
                let child_key = share.map(|_| super::tt::key(&child.position));
                if let (Some(busy), Some(k), 0) = (share, child_key, pass)
                    && !first
                    && busy.is_busy(k)
                {
                    deferred |= 1 << i;
                    continue;
                }
                if let (Some(busy), Some(k)) = (share, child_key) {
                    busy.enter(k);
                }
                let value = if first {
                    -self.negamax(&child.position, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    let v = -self.negamax(&child.position, depth - 1, -alpha - 1, -alpha, ply + 1);
                    if v > alpha && v < beta && !self.aborted {
                        -self.negamax(&child.position, depth - 1, -beta, -alpha, ply + 1)
                    } else {
                        v
                    }
                };
                if let (Some(busy), Some(k)) = (share, child_key) {
                    busy.leave(k);
                }
                first = false;
                if self.aborted {
                    return 0;
                }
                if value > best {
                    best = value;
                    best_move = Some(child.mv);
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            self.heuristics.cut_off(position, child.mv, ply, depth);
                            break 'passes;
                        }
                    }
                }
            }
            if deferred == 0 {
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            Entry {
                value: best,
                depth: depth as u8,
                bound,
                mv: best_move,
            },
        );
        best
    }
}

/// The open squares (one bit per square) whose empty sections lie in no
/// combination either player can still complete. Stones there never score or
/// block anything again, so which of them is played makes no difference.
#[inline]
pub fn dead_squares(position: &Position) -> u16 {
    let blue = position.stones(Player::Blue);
    let yellow = position.stones(Player::Yellow);
    let mut live = 0u64;
    for combo in combinations(position) {
        let mask = combo.mask();
        if mask & blue == 0 || mask & yellow == 0 {
            live |= mask;
        }
    }
    let empty_live = !position.occupied() & live;
    let mut dead = 0u16;
    let mut open = position.open_squares();
    while open != 0 {
        let i = open.trailing_zeros();
        open &= open - 1;
        if (empty_live >> (i * 4)) & 0xF == 0 {
            dead |= 1 << i;
        }
    }
    dead
}
