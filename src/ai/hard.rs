//! The hard level: iterative-deepening PVS with an exact endgame, and for
//! Yellow a guarantee never to do worse than the mirror strategy.
//!
//! As Yellow, while the game is still symmetric (Yellow has mirrored every Blue
//! move), the mirror move guarantees at least a draw. Hard leaves that line only
//! when its search has reached the end of the game and proved a value of at least
//! a draw, i.e. it solved the position exactly. Once off the mirror line it must
//! keep solving exactly, so with few enough empty sections it searches to the end
//! even past its time budget (up to [`SOLVE_CAP_FACTOR`] times it).
//! The endgame solve proves win, draw or loss (null-window searches to the end),
//! which is much cheaper than the exact margin.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::mirror::mirror_move;
use super::random::shuffled_moves;
use super::search::{Limits, SearchResult, Searcher, Wdl};
use crate::rules::{Move, Player, Position};

/// The default thinking time per move, in milliseconds.
pub const DEFAULT_THINK_MS: u64 = 1000;
/// The transposition table has `2^TT_BITS` buckets of 32 bytes (32 MiB).
pub const TT_BITS: u32 = 20;
/// How far past its budget Yellow may think to finish such a solve.
pub const SOLVE_CAP_FACTOR: u32 = 20;

/// From this many empty sections hard solves the game for win/draw/loss.
pub const SOLVE_FROM: u32 = 22;

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
    let endgame = empties <= SOLVE_FROM;
    let yellow = position.to_move() == Player::Yellow;
    let mirror = if yellow { mirror_move(position) } else { None };
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
    let mut searcher = Searcher::new(TT_BITS, limits(heuristic_share), stop);
    let search = searcher.search(position, &order)?;
    let mut solved = None;
    if endgame && !search.exact {
        // Off the mirror line Yellow relies on exact solving: allow it more time.
        let must = yellow && mirror.is_none();
        searcher.set_limits(limits(if must {
            100 * SOLVE_CAP_FACTOR as u64
        } else {
            100
        }));
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
    if let Some(mirror) = mirror
        && !matches!(outcome, Some(Wdl::Win | Wdl::Draw))
    {
        return Some(Decision {
            mv: mirror,
            search,
            solved: outcome,
            mirrored: true,
        });
    }
    Some(Decision {
        mv,
        search,
        solved: outcome,
        mirrored: false,
    })
}
