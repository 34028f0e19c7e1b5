//! Move ordering: which child a search node tries first.
//!
//! Each move gets one `i64` key made of bands, highest first; a move in a
//! higher band always comes before one in a lower band:
//!
//! 1. [`TT_MOVE`]: the transposition table's best move;
//! 2. the gain, shifted by [`GAIN_SHIFT`]: the points the stone scores less
//!    what the section above it hands the opponent at once, or (in searches to
//!    the end from [`EVAL_ORDER_FROM`] empty sections) the child's evaluation;
//! 3. [`KILLER_FIRST`] and [`KILLER_SECOND`]: the moves that last cut off at this ply;
//! 4. history: how often the move cut off anywhere, capped at [`HISTORY_CAP`].

use super::bounds::exact_bounds;
use super::eval::{Weights, evaluate_with};
use crate::rules::{Move, Position, Square};

/// The table move: above every other band.
pub const TT_MOVE: i64 = 1 << 50;
/// The gain occupies the bits from here up to [`TT_MOVE`].
pub const GAIN_SHIFT: u32 = 32;
/// Added to `2 * points - gift` so the gain stays positive (one stone scores
/// at most 45 points and hands over at most 45; in the corners variant a corner
/// stone can add one 10 and one 15 formation, 70 at most, still inside it).
const POINTS_OFFSET: i64 = 100;
/// The evaluation key is this less the child's evaluation, so it stays positive:
/// every combination on the board is worth 1,020 points, 10,200 evaluation units
/// (1,420 points with the corner formations).
const EVAL_OFFSET: i64 = 100_000;
/// The first killer: below any difference in gain.
pub const KILLER_FIRST: i64 = 1 << 31;
/// The second killer.
pub const KILLER_SECOND: i64 = 1 << 30;
/// History scores are capped below the killers.
pub const HISTORY_CAP: u32 = (1 << 30) - 1;

// The bands nest: one step of gain outweighs killers and history together, and
// the table move outweighs every gain (checked when compiling).
const _: () = assert!(KILLER_FIRST + KILLER_SECOND + HISTORY_CAP as i64 <= 1 << GAIN_SHIFT);
const _: () = assert!((2 * EVAL_OFFSET) << GAIN_SHIFT <= TT_MOVE);
const _: () = assert!((2 * POINTS_OFFSET) << GAIN_SHIFT <= TT_MOVE);

/// From this many empty sections, nodes of a search to the end order their moves
/// by the evaluation of each child. The evaluation costs a scan of every
/// combination per child, but a big subtree is worth a better order: at 22 empty
/// sections a win/draw/loss solve of positions from real games visits 5.7 times
/// fewer nodes and takes 4 times less time.
pub const EVAL_ORDER_FROM: u32 = 8;

/// The move-ordering memory of one search thread: killers per ply and history per side.
#[derive(Clone)]
pub struct Heuristics {
    killers: [[Option<Square>; 2]; MAX_PLY],
    history: [[u32; 16]; 2],
}

/// Plies tracked by the killers (a game has 64 moves).
const MAX_PLY: usize = 66;

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 16]; 2],
        }
    }
}

impl Heuristics {
    /// Records a beta cut-off by `mv` at `ply` in a search `depth` plies deep.
    pub fn cut_off(&mut self, position: &Position, mv: Square, ply: usize, depth: i32) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[position.to_move().index()][mv.index()];
        *h = h.saturating_add((depth * depth) as u32);
    }
}

/// A child of a node: its order key, the move and the position after it.
#[derive(Clone, Copy)]
pub struct Child {
    /// The order key: higher first.
    pub key: i64,
    /// An upper bound on the child's final margin from its mover's view
    /// (evaluation units), when the node asked for it ([`OrderBy::follow_up`]);
    /// `i32::MAX` otherwise.
    pub bound: i32,
    /// The move.
    pub mv: Square,
    /// The position after the move.
    pub position: Position,
}

/// How a node wants its moves ordered.
pub struct OrderBy<'a> {
    /// The transposition table's move.
    pub tt_move: Option<Square>,
    /// Order by each child's evaluation instead of points (exact nodes, big subtrees).
    pub evaluation: Option<&'a Weights>,
    /// With Yellow to move at exact nodes: each child's `exact_bounds` (Blue
    /// to move there, so Yellow's follow-up bound applies), computed against
    /// this alpha (the child's), kept in [`Child::bound`]; a child is ordered
    /// by the lower of its evaluation and that bound.
    pub follow_up: Option<i32>,
    /// The node's ply, for the killers.
    pub ply: usize,
}

/// The children of `position` over the squares in `moves` (one bit per
/// [`Square::bit`], all open), best first. Returns how many were written.
pub fn ordered_children(
    position: &Position,
    mut moves: u16,
    by: &OrderBy,
    heuristics: &Heuristics,
    out: &mut [Child; 16],
) -> usize {
    let me = position.to_move().index();
    let killers = heuristics.killers[by.ply.min(MAX_PLY - 1)];
    let mut n = 0;
    while moves != 0 {
        let index = moves.trailing_zeros() as u8;
        moves &= moves - 1;
        let Some(mv) = Square::from_index(index) else {
            continue;
        };
        let mut child = *position;
        debug_assert!(!position.is_full(mv), "ordering a full square {mv}");
        let placement = child.play_unchecked(mv);
        let bound = by
            .follow_up
            .map_or(i32::MAX, |alpha| exact_bounds(&child, alpha).1);
        let gain = match by.evaluation {
            // The child's value is the opponent's: lowest first. Its evaluation
            // is no more than its upper bound.
            Some(weights) => EVAL_OFFSET - evaluate_with(&child, weights).min(bound) as i64,
            None => {
                // Points scored, less what the stone above gives the opponent straight away.
                let mut reply = child;
                let gift = if reply.is_full(mv) {
                    0
                } else {
                    reply.play_unchecked(mv).points as i64
                };
                placement.points as i64 * 2 - gift + POINTS_OFFSET
            }
        };
        let mut key = gain << GAIN_SHIFT;
        if by.tt_move == Some(mv) {
            key += TT_MOVE;
        }
        if killers[0] == Some(mv) {
            key += KILLER_FIRST;
        } else if killers[1] == Some(mv) {
            key += KILLER_SECOND;
        }
        key += heuristics.history[me][mv.index()].min(HISTORY_CAP) as i64;
        out[n] = Child {
            key,
            bound,
            mv,
            position: child,
        };
        n += 1;
    }
    // Insertion sort, best first and stable: at most 16 moves.
    for i in 1..n {
        let mut j = i;
        while j > 0 && out[j - 1].key < out[j].key {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    n
}

/// Moves `mv` to the front of `moves`, keeping the others in order (if it is there).
pub fn to_front(moves: &mut [Move], mv: Move) {
    if let Some(pos) = moves.iter().position(|&m| m == mv) {
        moves[..=pos].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_move_comes_first_then_points() {
        // Blue a1, b1, c1 on section 1: d1 completes row 1 same number 1s.
        let mut p = Position::new();
        for mv in [
            Square::A1,
            Square::A2,
            Square::B1,
            Square::B2,
            Square::C1,
            Square::C3,
        ] {
            p.play(mv).unwrap();
        }
        let mut out = [Child {
            key: 0,
            bound: i32::MAX,
            mv: Square::A1,
            position: p,
        }; 16];
        let by = OrderBy {
            tt_move: None,
            evaluation: None,
            follow_up: None,
            ply: 0,
        };
        let n = ordered_children(&p, p.open_squares(), &by, &Heuristics::default(), &mut out);
        assert_eq!(n, 16);
        assert_eq!(out[0].mv, Square::D1);
        let by = OrderBy {
            tt_move: Some(Square::B4),
            ..by
        };
        ordered_children(&p, p.open_squares(), &by, &Heuristics::default(), &mut out);
        assert_eq!((out[0].mv, out[1].mv), (Square::B4, Square::D1));
    }

    #[test]
    fn to_front_keeps_the_rest_in_order() {
        let mut moves = [Square::A1, Square::B1, Square::C1, Square::D1];
        to_front(&mut moves, Square::C1);
        assert_eq!(moves, [Square::C1, Square::A1, Square::B1, Square::D1]);
        to_front(&mut moves, Square::D4);
        assert_eq!(moves, [Square::C1, Square::A1, Square::B1, Square::D1]);
    }
}
