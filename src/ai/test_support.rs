//! Helpers for the tests of `ai/` and the modules built on it: plain minimax
//! and seeded random positions. They use only the rules and the random level,
//! so a test anywhere can use them without importing back into what it tests.

use std::collections::HashMap;

use super::random;
use crate::rules::{Player, Position, Ruleset};

/// The final score difference under best play for the mover, by plain minimax
/// with no pruning and no table. Exponential: for tests on nearly full boards.
pub(crate) fn brute_force(position: &Position) -> i32 {
    if position.is_over() {
        return position.margin(position.to_move());
    }
    let mut best = i32::MIN;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        best = best.max(-brute_force(&child));
    }
    best
}

/// The final score difference under best play for the mover, by plain minimax
/// with no pruning, memoised on the exact bitboards (no hash, no bounds), so it
/// reaches 12 empty sections in a fraction of a second.
pub(crate) fn minimax(position: &Position, memo: &mut HashMap<(u64, u64), i32>) -> i32 {
    if position.is_over() {
        return position.margin(position.to_move());
    }
    let key = (
        position.stones(Player::Blue),
        position.stones(Player::Yellow),
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = i32::MIN;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        best = best.max(-minimax(&child, memo));
    }
    memo.insert(key, best);
    best
}

/// A position reached by `plies` seeded random moves (also used by the other ai modules' tests).
pub(crate) fn random_position(plies: u32, seed: u64) -> Position {
    random_position_in(Ruleset::Standard, plies, seed)
}

/// Like [`random_position`], under `ruleset`.
pub(crate) fn random_position_in(ruleset: Ruleset, plies: u32, seed: u64) -> Position {
    let mut position = Position::with_ruleset(ruleset);
    for i in 0..plies {
        let mv = random::choose(&position, seed.wrapping_add(i as u64 * 7919)).unwrap();
        position.play(mv).unwrap();
    }
    position
}

/// The final score difference under best play for the mover, by an alpha-beta
/// search of its own (no table but a map of exact bitboards, moves in square
/// order, no evaluation): written apart from `search.rs`, so it checks the
/// engine rather than repeating it. Reaches 16 empty sections in well under a
/// second.
pub(crate) fn alpha_beta(position: &Position) -> i32 {
    fn go(
        p: &Position,
        mut alpha: i32,
        beta: i32,
        memo: &mut HashMap<(u64, u64), (i32, i32)>,
    ) -> i32 {
        if p.is_over() {
            return p.margin(p.to_move());
        }
        let key = (p.stones(Player::Blue), p.stones(Player::Yellow));
        // What is known of this position's value: at least `low`, at most `high`.
        let (low, high) = memo.get(&key).copied().unwrap_or((i32::MIN, i32::MAX));
        if low == high || low >= beta {
            return low;
        }
        if high <= alpha {
            return high;
        }
        let alpha0 = alpha;
        let mut best = i32::MIN;
        for mv in p.legal_moves() {
            let mut child = *p;
            child.play_unchecked(mv);
            let v = -go(&child, -beta, -alpha, memo);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let known = if best <= alpha0 {
            (low, best.min(high))
        } else if best >= beta {
            (best.max(low), high)
        } else {
            (best, best)
        };
        memo.insert(key, known);
        best
    }
    go(position, i32::MIN + 1, i32::MAX, &mut HashMap::new())
}
