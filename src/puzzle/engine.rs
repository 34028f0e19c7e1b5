//! Every call from the puzzles into the AI goes through this file, so when the
//! AI's API changes only these functions move: [`judge`] (the exact proof),
//! [`shallow_values`] (what a quick search thinks) and [`ai_move`] (the players
//! of the games that puzzles are drawn from).

use crate::ai::eval::SCALE;
use crate::ai::search::{INF, Searcher, Wdl};
use crate::ai::{self, AiSettings, Engine, Level, SearchLimit, SolveFor};
use crate::rules::{Move, Position};

/// The transposition table of one proof: `2^PUZZLE_TT_BITS` buckets (8 MiB).
const PUZZLE_TT_BITS: u32 = 18;

/// What the exact solver proved about one legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveProof {
    /// The move.
    pub mv: Move,
    /// The outcome for the mover after this move, under best play by both sides.
    pub outcome: Wdl,
    /// Whether this move reaches the position's best exact final margin.
    pub best_margin: bool,
}

/// What the exact solver proved about a position: its best final margin and,
/// for every legal move, its outcome and whether it reaches that margin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The best final score difference (mover minus opponent) under best play.
    pub margin: i32,
    /// Every legal move, in square order.
    pub moves: Vec<MoveProof>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Proves, by searches to the end of the game, the position's best final
/// margin, each legal move's outcome (two null-window searches) and which
/// moves reach the best margin (one null-window search each). `None` on a
/// full board. The cost grows fast with the empty sections: meant for at most 20.
pub fn judge(position: &Position) -> Option<Proof> {
    let empties = position.empty_sections() as i32;
    if empties == 0 {
        return None;
    }
    let mut searcher = Searcher::new(PUZZLE_TT_BITS, SearchLimit::NONE);
    let margin = searcher.value(position, empties, -INF, INF) / SCALE;
    let target = -margin * SCALE;
    let mut moves = Vec::with_capacity(16);
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let depth = empties - 1;
        // Values to the opponent: exact values are multiples of SCALE, so the
        // windows (-1, 0) and (0, 1) tell below 0, 0 and above 0 apart.
        let outcome = if searcher.value(&child, depth, -1, 0) < 0 {
            Wdl::Win
        } else if searcher.value(&child, depth, 0, 1) <= 0 {
            Wdl::Draw
        } else {
            Wdl::Loss
        };
        // The move reaches the margin when the child is worth at most -margin to the opponent.
        let best_margin = searcher.value(&child, depth, target, target + 1) <= target;
        moves.push(MoveProof {
            mv,
            outcome,
            best_margin,
        });
    }
    Some(Proof {
        margin,
        moves,
        nodes: searcher.nodes(),
    })
}

/// Each legal move's value (mover's view, in points, rounded) by a search
/// `depth` plies deep: what a quick look makes of the moves.
pub fn shallow_values(position: &Position, depth: u32) -> Vec<(Move, i32)> {
    let mut searcher = Searcher::new(14, SearchLimit::NONE);
    position
        .legal_moves()
        .map(|mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            let v = -searcher.value(&child, depth.saturating_sub(1) as i32, -INF, INF);
            (mv, (v as f64 / SCALE as f64).round() as i32)
        })
        .collect()
}

/// The move `level` plays in `position` with `seed`; hard searches `hard_nodes`
/// nodes on one thread, so the games are reproducible. `None` on a full board.
pub fn ai_move(level: Level, position: &Position, seed: u64, hard_nodes: u64) -> Option<Move> {
    let settings = AiSettings {
        seed,
        threads: Some(1),
        ..AiSettings::new(level)
    };
    // A fresh engine keeps no proofs from earlier moves, so each move is a
    // function of the position, seed and nodes alone.
    let limit = if level == Level::Hard {
        SearchLimit::nodes(hard_nodes)
    } else {
        SearchLimit::NONE
    };
    Engine::new(settings).choose(position, &limit)
}

/// The best move for the side to move and the exact final margin (mover
/// minus opponent) it guarantees, on one thread; `None` on a full board or
/// when `limit` cut the solve short.
pub fn solve(position: &Position, limit: &SearchLimit) -> Option<(Move, i32)> {
    let solution = ai::solve(position, SolveFor::Margin, limit, 1)?;
    Some((solution.best, solution.margin?))
}

/// Each legal move and the exact final margin (mover minus opponent) it leads to
/// under best play, in square order, each proved by an exact solve within `limit`;
/// `None` on a full board or when `limit` cut any solve short.
pub fn move_margins(position: &Position, limit: &SearchLimit) -> Option<Vec<(Move, i32)>> {
    let mut margins = Vec::with_capacity(16);
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let margin = if child.is_over() {
            let mover = position.to_move();
            child.score(mover) as i32 - child.score(mover.other()) as i32
        } else {
            -solve(&child, limit)?.1
        };
        margins.push((mv, margin));
    }
    (!margins.is_empty()).then_some(margins)
}

/// The moves that reach the position's best exact final margin, each proved
/// by an exact solve within `limit`; `None` on a full board or when `limit`
/// cut any solve short. Unlike [`judge`], every search here keeps the limit.
pub fn best_moves(position: &Position, limit: &SearchLimit) -> Option<Vec<Move>> {
    let margins = move_margins(position, limit)?;
    let best = margins.iter().map(|&(_, m)| m).max()?;
    Some(
        margins
            .into_iter()
            .filter(|&(_, m)| m == best)
            .map(|(mv, _)| mv)
            .collect(),
    )
}
