//! Bounds on the final margin for searches to the end of the game: the points
//! each side can still add ([`achievable`]) and, with Blue to move, what
//! Yellow's follow-up leaves Blue ([`follow_up_bound`], after Allis's
//! "claimeven" in Connect Four: each square has an even height, four sections).
//! The search cuts nodes off with them, and orders Yellow's moves by them.

use super::eval::{self, ODD_SECTIONS, SCALE, combinations, score_diff};
use crate::rules::{Player, Position};

/// Bounds on the final score difference (mover's view, evaluation units): each
/// side can at most add every combination the other has not blocked.
#[inline]
pub fn achievable(position: &Position) -> (i32, i32) {
    let me = position.to_move();
    let mine = position.stones(me);
    let theirs = position.stones(me.other());
    let mut open = [0i32; 2];
    for combo in combinations(position) {
        let mask = combo.mask();
        let points = combo.points() as i32;
        if mask & theirs == 0 && mask & mine != mask {
            open[0] += points;
        }
        if mask & mine == 0 && mask & theirs != mask {
            open[1] += points;
        }
    }
    let diff = score_diff(position);
    (diff - open[1] * SCALE, diff + open[0] * SCALE)
}

/// [`follow_up_bound`] gives up when more squares than this hold an odd
/// number of stones (the pairings to try grow as 1, 3, 15, 105).
const FOLLOW_UP_MAX_ODD: usize = 6;

/// Yellow's follow-up (Allis's "claimeven": every square has an even height):
/// with Blue to move, an upper bound on Blue's final score difference
/// (evaluation units), or `None` with Yellow to move or when more than
/// `FOLLOW_UP_MAX_ODD` squares hold an odd number of stones.
///
/// Yellow answers a move in a square holding an even number of stones in the
/// same square, so Blue ends with its odd sections and Yellow with its even
/// ones. The squares holding an odd number (an even count of them, since Blue
/// is to move) are paired: a move in one is answered in its partner, after
/// which both are even. So each pair's two next cells (both even sections)
/// go one to Blue, one to Yellow, as Blue chooses, and every other empty cell
/// goes by parity. Yellow picks the pairing that leaves Blue least.
pub fn follow_up_bound(position: &Position) -> Option<i32> {
    let (mut cells, odd) = odd_squares_next_cells(position)?;
    let blue = follow_up_board(position);
    let mut diff = 0i32;
    for combo in combinations(position) {
        let mask = combo.mask();
        if mask & blue == mask {
            diff += combo.points() as i32;
        } else if mask & !blue == mask {
            diff -= combo.points() as i32;
        }
    }
    Some((diff + yellow_pairs(position.ruleset(), blue, &mut cells[..odd], i32::MIN)) * SCALE)
}

/// Blue's cells of the board filled by parity (odd sections Blue's, even
/// ones Yellow's): Yellow's follow-up where every square is even.
#[inline]
fn follow_up_board(position: &Position) -> u64 {
    position.stones(Player::Blue) | (!position.occupied() & ODD_SECTIONS)
}

/// With Blue to move, the next cells of the squares holding an odd number of
/// stones (and how many), if there are at most [`FOLLOW_UP_MAX_ODD`].
#[inline]
fn odd_squares_next_cells(position: &Position) -> Option<([u8; FOLLOW_UP_MAX_ODD], usize)> {
    if position.to_move() != Player::Blue {
        return None;
    }
    let mut cells = eval::contested_cells(position);
    let odd = cells.count_ones() as usize;
    if odd > FOLLOW_UP_MAX_ODD {
        return None;
    }
    let mut next = [0u8; FOLLOW_UP_MAX_ODD];
    for slot in next.iter_mut().take(odd) {
        *slot = cells.trailing_zeros() as u8;
        cells &= cells - 1;
    }
    Some((next, odd))
}

/// [`achievable`], its upper bound lowered to [`follow_up_bound`] where that
/// applies: one pass over the combinations for both. Yellow's pairings are
/// tried only until one brings the bound to `alpha` or below (a cut-off).
#[inline]
pub fn exact_bounds(position: &Position, alpha: i32) -> (i32, i32) {
    let Some((mut cells, odd)) = odd_squares_next_cells(position) else {
        return achievable(position);
    };
    // Blue is to move: "mine" is Blue's.
    let mine = position.stones(Player::Blue);
    let theirs = position.stones(Player::Yellow);
    let filled = follow_up_board(position);
    let mut open = [0i32; 2];
    let mut follow_up = 0i32;
    for combo in combinations(position) {
        let mask = combo.mask();
        let points = combo.points() as i32;
        if mask & theirs == 0 {
            if mask & mine != mask {
                open[0] += points;
            }
            if mask & filled == mask {
                follow_up += points;
            }
        }
        if mask & mine == 0 {
            if mask & theirs != mask {
                open[1] += points;
            }
            if mask & filled == 0 {
                follow_up -= points;
            }
        }
    }
    let diff = score_diff(position);
    let enough = (alpha - follow_up * SCALE).div_euclid(SCALE);
    let gain = yellow_pairs(position.ruleset(), filled, &mut cells[..odd], enough);
    let follow_up = (follow_up + gain) * SCALE;
    (
        diff - open[1] * SCALE,
        (diff + open[0] * SCALE).min(follow_up),
    )
}

/// The least, over Yellow's pairings of the `cells` (each the next cell of a
/// square holding an odd number of stones), of the most Blue gains (points)
/// by taking one cell of each pair from Yellow on the full board `blue`; or
/// the first such gain found that is at most `enough` (small enough for the
/// caller).
fn yellow_pairs(ruleset: crate::rules::Ruleset, blue: u64, cells: &mut [u8], enough: i32) -> i32 {
    let mut paired = [0u8; FOLLOW_UP_MAX_ODD];
    let mut least = i32::MAX;
    least_over_pairings(ruleset, blue, cells, &mut paired, 0, enough, &mut least);
    least
}

/// Every pairing of `cells` after the pairs already in `paired[..done]`
/// (consecutive cells pair up): the least of Blue's best gains.
fn least_over_pairings(
    ruleset: crate::rules::Ruleset,
    blue: u64,
    cells: &mut [u8],
    paired: &mut [u8; FOLLOW_UP_MAX_ODD],
    done: usize,
    enough: i32,
    least: &mut i32,
) {
    let Some((&first, _)) = cells.split_first() else {
        *least = (*least).min(blue_pairs_for(ruleset, blue, &paired[..done], *least));
        return;
    };
    for j in 1..cells.len() {
        if *least <= enough {
            return;
        }
        // Pair the first cell with cell j, and the rest among themselves.
        cells.swap(1, j);
        paired[done] = first;
        paired[done + 1] = cells[1];
        least_over_pairings(
            ruleset,
            blue,
            &mut cells[2..],
            paired,
            done + 2,
            enough,
            least,
        );
        cells.swap(1, j);
    }
}

/// For a fixed pairing of `cells` (consecutive pairs): the most Blue gains by
/// taking one cell of each pair from Yellow.
/// Stops at a gain of `cap` or more (Yellow has a pairing as good already).
fn blue_pairs_for(ruleset: crate::rules::Ruleset, blue: u64, cells: &[u8], cap: i32) -> i32 {
    let [a, b, rest @ ..] = cells else {
        return 0;
    };
    let mut best = i32::MIN;
    for cell in [*a, *b] {
        let gain = flip_gain(ruleset, blue, cell);
        best = best.max(gain + blue_pairs_for(ruleset, blue | 1 << cell, rest, cap - gain));
        if best >= cap {
            break;
        }
    }
    best
}

/// What Blue gains (points) when cell `cell` of the full board `blue` (every
/// other cell Yellow's) becomes Blue's: the combinations through it that Blue
/// now owns, and those Yellow owned.
#[inline]
fn flip_gain(ruleset: crate::rules::Ruleset, blue: u64, cell: u8) -> i32 {
    let Some(c) = crate::rules::Cell::from_index(cell as usize) else {
        return 0;
    };
    (ruleset.points_through(c, blue | 1 << cell) + ruleset.points_through(c, !blue)) as i32
}
