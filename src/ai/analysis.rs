//! The analysis entry point: the value of one position and its best move,
//! within a time budget, for game review (`hijara analyze`, [`crate::review`]).
//!
//! Every call into the search for analysis goes through [`evaluate`], so the
//! review code does not depend on how the search is driven. It runs the
//! [`Searcher`] with a deadline, not the hard level (which plays, and keeps
//! proofs between moves).
//!
//! A second way to value a position (`ai::review`, hard's phases on several
//! threads) was removed in favour of this one: on `assets/games/complete.hij`,
//! one thread and 400 ms a position each, both proved the same 19 outcomes,
//! but this gave 18 exact margins to its 15 (it tries for the exact margin
//! after a win or loss proof), its estimates never contradict a proof, and the
//! mean of the last two depths keeps consecutive positions' values comparable.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::eval::SCALE;
use super::limit::SearchLimit;
use super::search::{SearchResult, Searcher};
use crate::rules::{Move, Position};

pub use super::search::Wdl;

/// From this many empty sections, [`evaluate`] tries to prove win, draw or loss
/// after its heuristic search. (A review's own threshold: hard, playing, tries
/// its solve from [`super::HARD_SOLVE_FROM`].) Above it a proof rarely finishes in a review's
/// budget (0.7-2.6 s at 24 empty sections), so the whole budget goes to the search.
pub const REVIEW_SOLVE_FROM: u32 = 22;

/// The table has `2^REVIEW_TT_BITS` buckets of 32 bytes (8 MiB): one per analysing
/// thread, allocated lazily by the system, so short calls stay cheap.
const REVIEW_TT_BITS: u32 = 18;

/// The engine's view of one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionEval {
    /// The best move found (one that achieves `wdl` when that is proven).
    pub best: Move,
    /// The value for the side to move, in points of final margin (mover's final
    /// total minus the opponent's) under best play. An estimate, rounded to the
    /// nearest point, unless `exact`.
    pub margin: i32,
    /// Whether `margin` is proven: the search reached the end of the game, or
    /// the position is a proven draw (a draw's margin is 0).
    pub exact: bool,
    /// The proven outcome for the side to move, when a solve finished.
    pub wdl: Option<Wdl>,
}

/// Evaluates `position` for the side to move within `budget` (wall clock), or
/// earlier once `stop` is set. `None` only on a full board.
///
/// Works from any legal position: a heuristic search (iterative deepening with
/// a deadline), then from [`REVIEW_SOLVE_FROM`] empty sections a win/draw/loss solve,
/// then with the time left a try for the exact margin. Each step stops at the
/// deadline; the first search iteration (one ply, at most 16 nodes) always runs.
pub fn evaluate(
    position: &Position,
    budget: Duration,
    stop: Option<&AtomicBool>,
) -> Option<PositionEval> {
    let start = Instant::now();
    let empties = position.empty_sections();
    // 90% of the budget: the rest covers the last node batch (the clock is read
    // every 256 nodes) and returning, on a loaded machine.
    // A budget too large for the clock to represent means no deadline.
    let at = |percent: u32| SearchLimit {
        deadline: budget
            .checked_mul(percent * 9)
            .and_then(|d| start.checked_add(d / 1000)),
        stop,
        ..SearchLimit::NONE
    };
    // The heuristic search's share: where a proof is likely to finish, it gets
    // most of the time, as a proof is worth more than a deeper estimate.
    let heuristic_share = match empties {
        0..=18 => 25,
        19..=REVIEW_SOLVE_FROM => 50,
        _ => 100,
    };
    let mut order: Vec<Move> = position.legal_moves().collect();
    let mut searcher = Searcher::new(REVIEW_TT_BITS, at(heuristic_share));
    // Iterative deepening one depth per call (the table makes the earlier
    // depths of each call nearly free), to keep the last two depths' values.
    let mut last: Option<SearchResult> = None;
    let mut previous_value = None;
    for depth in 1..=empties {
        searcher.set_limit(SearchLimit {
            depth: Some(depth),
            ..at(heuristic_share)
        });
        let Some(result) = searcher.search(position, &order) else {
            break;
        };
        if result.depth < depth {
            // Cut short by the deadline or the stop flag.
            break;
        }
        previous_value = last.map(|r| r.value);
        last = Some(result);
        // The best move first in the next call, as within one search.
        if let Some(i) = order.iter().position(|&m| m == result.best) {
            order[..=i].rotate_right(1);
        }
        if result.exact || searcher.aborted() {
            break;
        }
    }
    let search = last?;
    let estimate = |value: i32| (value as f64 / SCALE as f64).round() as i32;
    if search.exact {
        return Some(PositionEval {
            best: search.best,
            margin: search.value / SCALE,
            exact: true,
            wdl: Some(Wdl::from_value(search.value)),
        });
    }
    // A search that stops after the mover's own move overrates the mover, one
    // that stops after the reply underrates them (by 10-15 points from the
    // start position): the mean of the last two depths cancels most of that, so
    // consecutive positions of a game get comparable values.
    let value = match previous_value {
        Some(previous) => (search.value + previous) / 2,
        None => search.value,
    };
    let mut eval = PositionEval {
        best: search.best,
        margin: estimate(value),
        exact: false,
        wdl: None,
    };
    if empties > REVIEW_SOLVE_FROM {
        return Some(eval);
    }
    // (The search's best move is first in `order`: the likeliest to achieve the outcome.)
    searcher.set_limit(at(100));
    let Some((mv, wdl)) = searcher.solve_wdl(position, &order) else {
        return Some(eval);
    };
    eval.wdl = Some(wdl);
    match wdl {
        // In a lost position every move loses: the search's move fights for the margin.
        Wdl::Loss => eval.margin = eval.margin.min(-1),
        Wdl::Draw => {
            eval.best = mv;
            eval.margin = 0;
            eval.exact = true;
            return Some(eval);
        }
        Wdl::Win => {
            eval.best = mv;
            eval.margin = eval.margin.max(1);
        }
    }
    // With time left, the exact margin (a search to the end of the game).
    if let Some(exact) = searcher.search(position, &order)
        && exact.exact
        && !searcher.aborted()
    {
        eval.best = exact.best;
        eval.margin = exact.value / SCALE;
        eval.exact = true;
    }
    Some(eval)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_support::brute_force;
    use crate::ai::test_support::{random_position, random_position_in};

    #[test]
    fn near_the_end_the_value_is_exact_and_matches_minimax_in_both_rulesets() {
        use crate::rules::Ruleset;
        for ruleset in [Ruleset::Standard, Ruleset::Corners] {
            for seed in 0..6 {
                let position = random_position_in(ruleset, 54, seed);
                let eval = evaluate(&position, Duration::from_secs(5), None).unwrap();
                assert!(eval.exact, "{ruleset} seed {seed}");
                assert_eq!(eval.margin, brute_force(&position), "{ruleset} seed {seed}");
                let mut child = position;
                child.play(eval.best).unwrap();
                assert_eq!(
                    -brute_force(&child),
                    eval.margin,
                    "{ruleset} seed {seed}: best move"
                );
            }
        }
    }

    #[test]
    fn a_full_board_has_no_evaluation() {
        let position = random_position(64, 1);
        assert_eq!(evaluate(&position, Duration::from_millis(10), None), None);
    }

    #[test]
    fn a_raised_stop_flag_still_gives_a_legal_move() {
        let stop = AtomicBool::new(true);
        let position = random_position(4, 2);
        let eval = evaluate(&position, Duration::from_secs(60), Some(&stop)).unwrap();
        assert!(!position.is_full(eval.best));
        assert!(!eval.exact);
    }
}
