//! Depth-first proof-number search (df-pn, Nagai 2002) for the win/draw/loss
//! question, with the 1+ε trick of Pawlewicz and Lew (2007).
//!
//! The outcome is two yes/no questions for the mover: "is the final margin at
//! least 1?" (a win) and "at least 0?" (a draw or better). Each is one df-pn
//! proof in negamax form: a node is the side to move with a `target` in
//! evaluation units (0 or 1); a child's target is `1 - target`, because the
//! mover reaches `target` exactly when the opponent does not reach `1 - target`.
//!
//! A node is decided without expanding it when the bound of points still
//! achievable ([`achievable`]) settles it, which is also how a full board ends.
//! Squares whose empty sections are all dead are interchangeable, so only one
//! of them is a move, as in the alpha-beta solve. Unexpanded nodes start with
//! proof and disproof numbers from the evaluation (df-pn+): the further the
//! evaluation is on the node's side of its target, the cheaper its proof looks.
//!
//! Every proof and disproof rests only on full boards and the achievable bound,
//! so the table's proof numbers (estimates, lost to replacement or stale in
//! a DAG) change the speed, never the answer.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::eval::{Weights, evaluate_with};
use super::limit::SearchLimit;
use super::search::{Wdl, achievable, dead_squares};
use super::tt::key;
use crate::rules::{Move, Position, Square};

/// Proof and disproof numbers saturate here: "infinite", a settled node.
const INF: u32 = u32::MAX / 2;

/// The limits and the stop flags are checked every this many nodes.
const CHECK_EVERY: u64 = 256;

/// The salt of the "win" question's table keys (the draw question's is 0).
const WIN_SALT: u64 = 0x6A09_E667_F3BC_C908;

/// Evaluation units per step of a heuristic proof number: an unexpanded node
/// whose evaluation is `PN_UNIT` beyond its target the other way costs one more.
const PN_UNIT: i32 = 40;
/// The heuristic proof numbers are capped at this, so a misjudged node is
/// still reached.
const PN_CAP: i32 = 20;

/// One table entry: proof and disproof numbers of a position and target.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    /// Nodes spent below this entry (saturating): the replacement keeps the
    /// entries that cost most.
    work: u32,
    /// The child that was most proving when stored (index + 1; 0 for none).
    mv: u8,
}

/// Ways per bucket.
const WAYS: usize = 4;

/// A table of `2^bits` buckets of [`WAYS`] entries (24 bytes each).
struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(bits: u32) -> Table {
        let buckets = 1usize << bits;
        Table {
            entries: vec![Entry::default(); buckets * WAYS],
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 20) as usize & self.mask) * WAYS
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<&Entry> {
        let b = self.bucket(key);
        self.entries[b..b + WAYS]
            .iter()
            .find(|e| e.key == key && (e.pn | e.dn) != 0)
    }

    /// Stores into the same position's entry, or else over the cheapest one.
    #[inline]
    fn store(&mut self, entry: Entry) {
        let b = self.bucket(entry.key);
        let bucket = &mut self.entries[b..b + WAYS];
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(i) => i,
            None => {
                let mut cheapest = 0;
                for i in 1..WAYS {
                    if bucket[i].work < bucket[cheapest].work {
                        cheapest = i;
                    }
                }
                cheapest
            }
        };
        bucket[slot] = entry;
    }
}

/// A child of an expanded node, with its numbers as the node last saw them.
#[derive(Clone, Copy)]
struct Child {
    mv: Square,
    position: Position,
    pn: u32,
    dn: u32,
}

/// The df-pn prover of one thread: its table, limits and counters.
pub struct Dfpn<'a> {
    table: Table,
    nodes: u64,
    limit: SearchLimit<'a>,
    deadline: Option<Instant>,
    /// Set when another thread of the same decision finished: stop at once.
    done: Option<&'a AtomicBool>,
    /// Nodes of every thread of the same decision, for the node limit.
    shared_nodes: Option<&'a AtomicU64>,
    checked: u64,
    aborted: bool,
    weights: Weights,
    /// The 1+ε trick's ε, in quarters (0 turns it off).
    epsilon_quarters: u32,
    /// Whether unexpanded nodes get the evaluation's numbers (else 1 and 1).
    heuristic: bool,
    /// Weak proof numbers (Ueda et al. 2008): a disproof number is the
    /// largest child's proof number plus one per other open child, not their
    /// sum, which counts a transposed subtree once per path.
    weak: bool,
}

impl<'a> Dfpn<'a> {
    /// A prover with a table of `2^bits` buckets (96 bytes each).
    pub fn new(bits: u32, limit: SearchLimit<'a>) -> Dfpn<'a> {
        Dfpn {
            table: Table::new(bits),
            nodes: 0,
            limit,
            deadline: limit.deadline_from(Instant::now()),
            done: None,
            shared_nodes: None,
            checked: 0,
            aborted: false,
            weights: Weights::HARD,
            epsilon_quarters: 1,
            heuristic: true,
            weak: false,
        }
    }

    /// Makes this prover one thread of a parallel decision: it stops once
    /// `done` is set, and counts its nodes into `shared_nodes` for the node limit.
    pub fn join(&mut self, done: &'a AtomicBool, shared_nodes: &'a AtomicU64) {
        self.done = Some(done);
        self.shared_nodes = Some(shared_nodes);
    }

    /// Sets the 1+ε trick's ε in quarters (0: plain df-pn) and whether
    /// unexpanded nodes start from the evaluation: for measuring.
    pub fn tune(&mut self, epsilon_quarters: u32, heuristic: bool, weak: bool) {
        self.epsilon_quarters = epsilon_quarters;
        self.heuristic = heuristic;
        self.weak = weak;
    }

    /// Nodes visited so far: each expansion and each unexpanded child valued.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the last proof was cut short by a limit or the stop flag.
    pub fn aborted(&self) -> bool {
        self.aborted
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

    /// The outcome for the mover and a move achieving it (for a loss, the
    /// first legal move). `None` on a full board or when a limit cut it short.
    pub fn solve_wdl(&mut self, position: &Position) -> Option<(Move, Wdl)> {
        let first = position.legal_moves().next()?;
        self.aborted = false;
        // Ask first the question the evaluation expects to be answered "yes":
        // a win's proof, or a loss's disproof of the draw, then settles it alone.
        if evaluate_with(position, &self.weights) > 0 {
            if let Some(mv) = self.prove(position, 1)? {
                return Some((mv, Wdl::Win));
            }
            Some(match self.prove(position, 0)? {
                Some(mv) => (mv, Wdl::Draw),
                None => (first, Wdl::Loss),
            })
        } else {
            let Some(draw) = self.prove(position, 0)? else {
                return Some((first, Wdl::Loss));
            };
            Some(match self.prove(position, 1)? {
                Some(mv) => (mv, Wdl::Win),
                None => (draw, Wdl::Draw),
            })
        }
    }

    /// Whether the mover's final margin can be made at least `target`
    /// (evaluation units: 1 asks for a win, 0 for a draw or better): a move
    /// that does it, or `Some(None)` if none does; `None` when a limit cut the
    /// proof short.
    pub fn prove(&mut self, position: &Position, target: i32) -> Option<Option<Move>> {
        self.aborted = false;
        let (low, high) = achievable(position);
        if position.empty_sections() == 0 || low >= target || high < target {
            // Settled by the bound: any move keeps a settled outcome.
            return Some(position.legal_moves().next().filter(|_| low >= target));
        }
        let (pn, _) = self.mid(position, target, INF, INF);
        if self.aborted {
            return None;
        }
        if pn != 0 {
            return Some(None);
        }
        let mv = self
            .table
            .probe(node_key(position, target))
            .and_then(|e| e.mv.checked_sub(1))
            .and_then(Square::from_index);
        Some(mv)
    }

    /// The numbers of an unexpanded node: settled by the bound, or the
    /// evaluation's estimate.
    fn leaf(&mut self, position: &Position, target: i32) -> (u32, u32) {
        self.nodes += 1;
        let (low, high) = achievable(position);
        if low >= target {
            return (0, INF);
        }
        if high < target {
            return (INF, 0);
        }
        if !self.heuristic {
            return (1, 1);
        }
        let lead = evaluate_with(position, &self.weights) - target;
        let step = |x: i32| (1 + (x / PN_UNIT).clamp(0, PN_CAP)) as u32;
        (step(-lead), step(lead))
    }

    /// One df-pn iteration: searches `position` for `target` until its proof
    /// number reaches `th_pn` or its disproof number `th_dn`; returns both.
    fn mid(&mut self, position: &Position, target: i32, th_pn: u32, th_dn: u32) -> (u32, u32) {
        self.nodes += 1;
        if self.nodes - self.checked >= CHECK_EVERY {
            self.check_limits();
        }
        if self.aborted {
            return (1, 1);
        }
        let nodes_before = self.nodes;
        let key = node_key(position, target);
        let child_target = 1 - target;

        let dead = dead_squares(position);
        let mut moves = position.open_squares() & !dead;
        if dead != 0 {
            moves |= dead & dead.wrapping_neg();
        }
        let mut children = [Child {
            mv: Square::A1,
            position: *position,
            pn: 0,
            dn: 0,
        }; 16];
        let mut n = 0;
        while moves != 0 {
            let index = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let Some(mv) = Square::from_index(index) else {
                continue;
            };
            let mut child = *position;
            child.play_unchecked(mv);
            let child_key = node_key(&child, child_target);
            let (pn, dn) = match self.table.probe(child_key) {
                Some(e) => (e.pn, e.dn),
                None => self.leaf(&child, child_target),
            };
            children[n] = Child {
                mv,
                position: child,
                pn,
                dn,
            };
            n += 1;
        }
        let children = &mut children[..n];
        // Best first (the smallest disproof number of the child), so ties go
        // to the move the evaluation prefers.
        children.sort_by_key(|c| c.dn);

        let (mut pn, mut dn);
        let mut best = 0;
        loop {
            // The node's proof number is the cheapest disproof of a child; its
            // disproof number needs every child proven.
            pn = INF;
            dn = 0u32;
            let mut most = 0u32;
            let mut open = 0u32;
            let mut second = INF;
            for (i, c) in children.iter().enumerate() {
                if c.dn < pn {
                    second = pn;
                    pn = c.dn;
                    best = i;
                } else if c.dn < second {
                    second = c.dn;
                }
                dn = dn.saturating_add(c.pn);
                if c.pn != 0 {
                    most = most.max(c.pn);
                    open += 1;
                }
            }
            if self.weak && open > 0 {
                dn = most.saturating_add(open - 1);
            }
            // Only a proof makes the disproof number infinite: a sum that
            // merely overflows stays below it.
            dn = if pn == 0 { INF } else { dn.min(INF - 1) };
            if pn >= th_pn || dn >= th_dn || self.aborted {
                break;
            }
            let c = children[best];
            let child_th_pn = (th_dn - dn).saturating_add(c.pn).min(INF);
            let widened = second.saturating_add(second / 4 * self.epsilon_quarters);
            let child_th_dn = th_pn.min(widened.max(second.saturating_add(1)).min(INF));
            let (cpn, cdn) = self.mid(&c.position, child_target, child_th_pn, child_th_dn);
            children[best].pn = cpn;
            children[best].dn = cdn;
        }
        if !self.aborted {
            let work = u32::try_from(self.nodes - nodes_before).unwrap_or(u32::MAX);
            self.table.store(Entry {
                key,
                pn,
                dn,
                work,
                mv: children[best].mv.index() as u8 + 1,
            });
        }
        (pn, dn)
    }
}

/// The table key of `position` asked for `target`.
#[inline]
fn node_key(position: &Position, target: i32) -> u64 {
    if target > 0 {
        key(position) ^ WIN_SALT
    } else {
        key(position)
    }
}
