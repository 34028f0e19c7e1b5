//! The hard level: iterative-deepening PVS with an exact endgame, and for
//! Yellow a guarantee never to do worse than the mirror strategy.
//!
//! As Yellow, while the game is still symmetric (Yellow has mirrored every Blue
//! move), the mirror move guarantees at least a draw. Hard leaves that line only
//! when its endgame solve has proved, within the budget, a value of at least a
//! draw. Off the line nothing cheap guarantees a draw any more, so every later
//! Yellow move is proved again to keep the proven result. To keep those re-proofs
//! within the budget, the transposition table of the last proof is kept
//! ([`KEPT`]): it holds the proof's deep entries (the table keeps the deepest
//! result per bucket), so the next re-proof finds its answer after a handful of
//! nodes. If a re-proof still cannot finish in time (the table was lost, say the
//! process restarted), no unproven move is safe, so hard goes on thinking until
//! the proof is done or it is told to stop: never losing comes before the clock.
//! The endgame solve proves win, draw or loss (null-window searches to the end),
//! which is much cheaper than the exact margin.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::mirror::mirror_move;
use super::random::shuffled_moves;
use super::search::{Limits, SearchResult, Searcher, Wdl};
use super::tt::Table;
use crate::rules::{Move, Player, Position};

/// The default thinking time per move, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 1000;
/// The transposition table has `2^TT_BITS` buckets of 32 bytes (32 MiB).
pub const TT_BITS: u32 = 20;

/// From this many empty sections hard solves the game for win/draw/loss.
pub const SOLVE_FROM: u32 = 22;
/// As Yellow on the mirror line, hard tries the solve earlier: if it does not
/// finish, the mirror move is played anyway, so trying costs nothing.
pub const MIRROR_SOLVE_FROM: u32 = 24;

/// What the hard level decided and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The move to play.
    pub mv: Move,
    /// The heuristic search behind it.
    pub search: SearchResult,
    /// The proven outcome of `mv` when the endgame solve finished.
    pub solved: Option<Wdl>,
    /// Whether the move is the mirror move, played because nothing better was proven.
    pub mirrored: bool,
    /// Nodes visited in all searches for this move.
    pub nodes: u64,
}

/// The proof behind Yellow's last move off the mirror line.
pub(crate) struct Kept {
    /// The stones (Blue, Yellow) after the proven move: later positions of the
    /// same game contain them.
    stones: (u64, u64),
    /// The proven outcome for Yellow.
    wdl: Wdl,
    /// The table of the proof.
    table: Table,
}

/// The last off-mirror proof, kept across moves so re-proving is quick. A
/// search takes it out while it runs, so two threads never share it; one
/// that finds it taken starts a fresh table (correct, just slower).
static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

/// Forgets the kept proof and its table, so the next off-mirror Yellow move is
/// proved from nothing, as in a new process (`examples/cold_proof.rs` times that).
pub fn forget_kept() {
    *KEPT.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// Where a proof is kept between moves: [`KEPT`] for play, a local one in tests.
pub(crate) type KeptSlot = Mutex<Option<Kept>>;

/// The kept proof's outcome if it was proven for an earlier position of this
/// game (its stones are all on the board), and its table either way: entries
/// are keyed by whole positions, so even a proof from another line of play
/// (say before an undo) holds subtrees a new proof can reuse.
fn take_kept(slot: &KeptSlot, position: &Position) -> (Option<Wdl>, Option<Table>) {
    let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
    let blue = position.stones(Player::Blue);
    let yellow = position.stones(Player::Yellow);
    match guard.take() {
        Some(k) if k.stones.0 & !blue == 0 && k.stones.1 & !yellow == 0 => {
            (Some(k.wdl), Some(k.table))
        }
        Some(k) => (None, Some(k.table)),
        None => (None, None),
    }
}

fn keep(slot: &KeptSlot, position: &Position, mv: Move, wdl: Wdl, table: Table) {
    let mut after = *position;
    if after.play(mv).is_err() {
        return;
    }
    let stones = (after.stones(Player::Blue), after.stones(Player::Yellow));
    let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
    *guard = Some(Kept { stones, wdl, table });
}

/// Yellow off the mirror line: prove a move that keeps the proven outcome.
fn decide_off_mirror(
    position: &Position,
    limits: &dyn Fn(u64) -> Limits,
    mut order: Vec<Move>,
    stop: Option<&AtomicBool>,
    slot: &KeptSlot,
) -> Option<Decision> {
    let (kept, table) = take_kept(slot, position);
    // With no proof to go on (a resumed game, an undo), at least a draw is still
    // what a proof must show, as nothing else is safe to play.
    let target = kept.unwrap_or(Wdl::Draw);
    let mut searcher = match table {
        Some(table) => Searcher::with_table(table, limits(100), stop),
        None => Searcher::new(TT_BITS, limits(100), stop),
    };
    // A one-ply search, only to report something and to have a move if stopped.
    searcher.set_limits(Limits {
        max_depth: Some(1),
        ..Limits::default()
    });
    let search = searcher.search(position, &order)?;
    if let Some(mv) = searcher.table_move(position)
        && let Some(pos) = order.iter().position(|&m| m == mv)
    {
        let m = order.remove(pos);
        order.insert(0, m);
    }
    // First the proven outcome, with no limit but the stop flag.
    searcher.set_limits(Limits::default());
    let mut proved = searcher
        .prove(position, &order, target)
        .map(|mv| (mv, target));
    if proved.is_none() && !searcher.aborted() && target == Wdl::Win {
        // Cannot happen if the kept proof was right; a draw is still safe.
        proved = searcher
            .prove(position, &order, Wdl::Draw)
            .map(|mv| (mv, Wdl::Draw));
    }
    // With time left, look for a win where only a draw was proven.
    if let Some((mv, Wdl::Draw)) = proved {
        searcher.set_limits(limits(100));
        if let Some(win) = searcher.prove(position, &order, Wdl::Win) {
            proved = Some((win, Wdl::Win));
        } else {
            proved = Some((mv, Wdl::Draw));
        }
    }
    let nodes = searcher.nodes();
    let (mv, solved) = match proved {
        Some((mv, wdl)) => {
            keep(slot, position, mv, wdl, searcher.into_table());
            (mv, Some(wdl))
        }
        // Stopped from outside (the caller discards the move), or no draw exists: then
        // Yellow did not follow hard's proofs (a person took hints), and no move is safe.
        None => (search.best, None),
    };
    Some(Decision {
        mv,
        search,
        solved,
        mirrored: false,
        nodes,
    })
}

/// The hard level's move and the search behind it.
///
/// `max_nodes` replaces the clock when given (for reproducible self-play);
/// `think_ms` is the budget otherwise.
pub fn decide(
    position: &Position,
    think_ms: u64,
    max_nodes: Option<u64>,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> Option<Decision> {
    decide_with(position, think_ms, max_nodes, seed, stop, &KEPT)
}

/// [`decide`] with the proof kept in `slot`.
pub(crate) fn decide_with(
    position: &Position,
    think_ms: u64,
    max_nodes: Option<u64>,
    seed: u64,
    stop: Option<&AtomicBool>,
    slot: &KeptSlot,
) -> Option<Decision> {
    let start = Instant::now();
    let empties = position.empty_sections();
    let mut order = shuffled_moves(position, seed);
    // Limits as a share of the budget, in percent.
    let limits = |percent: u64| Limits {
        deadline: match max_nodes {
            Some(_) => None,
            // 85% of the budget: the rest covers allocating the table, the last node batch
            // and returning, on a loaded machine.
            None => {
                Some(start + Duration::from_millis(think_ms.saturating_mul(percent) * 85 / 10_000))
            }
        },
        max_nodes: max_nodes.map(|n| n.saturating_mul(percent) / 100),
        max_depth: None,
    };
    let yellow = position.to_move() == Player::Yellow;
    let mirror = if yellow { mirror_move(position) } else { None };
    let solve_from = match mirror {
        Some(_) => MIRROR_SOLVE_FROM,
        None => SOLVE_FROM,
    };
    let endgame = empties <= solve_from;
    if yellow && mirror.is_none() {
        return decide_off_mirror(position, &limits, order, stop, slot);
    }
    if let Some(mirror) = mirror
        && !endgame
    {
        // Before the endgame solve nothing could be proven, so the mirror move would be
        // played whatever the search found: answer at once (a one-ply search for the report).
        let mut searcher = Searcher::new(0, Limits::default(), stop);
        searcher.set_limits(Limits {
            max_depth: Some(1),
            ..Limits::default()
        });
        let search = searcher.search(position, &order)?;
        return Some(Decision {
            mv: mirror,
            search,
            solved: None,
            mirrored: true,
            nodes: searcher.nodes(),
        });
    }
    // The budget share of the heuristic search before the endgame solve. On the
    // mirror line the heuristic move is not played anyway, so the solve gets most
    // of the time; elsewhere a failed solve falls back on the heuristic move, so
    // it keeps more of the time where the solve is less likely to finish.
    let heuristic_share = match (endgame, mirror.is_some(), empties) {
        (false, _, _) => 100,
        (true, true, _) => 15,
        (true, false, 0..=18) => 25,
        (true, false, _) => 50,
    };
    // (Yellow off the mirror line was handled above.)
    let mut searcher = Searcher::new(TT_BITS, limits(heuristic_share), stop);
    let search = searcher.search(position, &order)?;
    let mut solved = None;
    if endgame && !search.exact {
        searcher.set_limits(limits(100));
        if let Some(pos) = order.iter().position(|&m| m == search.best) {
            let m = order.remove(pos);
            order.insert(0, m);
        }
        solved = searcher.solve_wdl(position, &order);
    } else if search.exact {
        solved = Some((search.best, Wdl::from_value(search.value)));
    }
    let (mv, outcome) = match solved {
        // A lost position: keep the heuristic move, which fights for the best margin.
        Some((_, Wdl::Loss)) if search.exact => (search.best, Some(Wdl::Loss)),
        Some((mv, wdl)) => (mv, Some(wdl)),
        None => (search.best, None),
    };
    let nodes = searcher.nodes();
    if let Some(mirror) = mirror {
        if !matches!(outcome, Some(Wdl::Win | Wdl::Draw)) {
            return Some(Decision {
                mv: mirror,
                search,
                solved: outcome,
                mirrored: true,
                nodes,
            });
        }
        // Leaving the mirror line on a proof: keep it for the next moves.
        if let Some(wdl) = outcome {
            keep(slot, position, mv, wdl, searcher.into_table());
        }
    }
    Some(Decision {
        mv,
        search,
        solved: outcome,
        mirrored: false,
        nodes,
    })
}
