//! Every call from the puzzles into the AI goes through this file, so when the
//! AI's API changes only these functions move: [`judge`] (the exact proof),
//! [`shallow_values`] (what a quick search thinks) and [`ai_move`] (the players
//! of the games that puzzles are drawn from).

use std::time::Instant;

use crate::ai::eval::SCALE;
use crate::ai::search::{INF, Searcher, Wdl};
use crate::ai::{self, AiSettings, Engine, Level, SearchLimit, SolveFor};
use crate::rules::{Move, Position};

/// The share of a time limit, in percent, that an exact solve searches for. The
/// rest is for the nodes searched after the deadline passed (until the next
/// check), the return, and a late turn of a busy machine's: with the whole time as
/// its deadline, every solve the limit cut short answered after it (21 of 21 at 5 s,
/// 2 to 222 ms late; docs/learning.md). Hard's phases and the review keep 90% too.
const SOLVE_SHARE: u32 = 90;

/// `limit` with its time, counted from `start`, cut to [`SOLVE_SHARE`] percent, as
/// a deadline (the earlier of it and `limit`'s own); its nodes and stop flag as
/// they are. A time too large for the clock means no deadline from it.
fn kept<'a>(limit: &SearchLimit<'a>, start: Instant) -> SearchLimit<'a> {
    let by_time = limit
        .time
        .and_then(|t| t.checked_mul(SOLVE_SHARE))
        .and_then(|t| start.checked_add(t / 100));
    SearchLimit {
        time: None,
        deadline: by_time.into_iter().chain(limit.deadline).min(),
        ..*limit
    }
}

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
/// when `limit` cut the solve short. A time in `limit` is kept
/// (90% of it, `SOLVE_SHARE`): the answer comes within it, not at its end.
pub fn solve(position: &Position, limit: &SearchLimit) -> Option<(Move, i32)> {
    let limit = kept(limit, Instant::now());
    let solution = ai::solve(position, SolveFor::Margin, &limit, 1)?;
    Some((solution.best, solution.margin?))
}

/// Each legal move and the exact final margin (mover minus opponent) it leads to
/// under best play, in square order, each proved by an exact solve; `None` on a full
/// board or when `limit` cut any solve short. A time in `limit` is for the whole
/// call, as [`solve`]'s is for its one: the solves share one deadline, 90% of it from
/// the call (`SOLVE_SHARE`). Its nodes are each solve's own (`learn::task`'s
/// `BEST_NODES`, the one caller's budget, is a solve's).
pub fn move_margins(position: &Position, limit: &SearchLimit) -> Option<Vec<(Move, i32)>> {
    margins_from(position, limit, Instant::now())
}

/// [`move_margins`], its time counted from `start`. Until s27 each solve was given
/// the whole time from its own start: 16 moves under `millis(100)` were allowed
/// 16 times 90 ms.
fn margins_from(
    position: &Position,
    limit: &SearchLimit,
    start: Instant,
) -> Option<Vec<(Move, i32)>> {
    // A deadline, no time: `solve` keeps it as it is for every move.
    let limit = &kept(limit, start);
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
/// by an exact solve, within `limit` as [`move_margins`] keeps it; `None` on a full
/// board or when `limit` cut any solve short. Unlike [`judge`], every search here
/// keeps the limit.
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    #[test]
    fn a_solve_keeps_a_tenth_of_its_time() {
        let start = Instant::now();
        let five = kept(&SearchLimit::millis(5_000), start);
        assert_eq!(
            five.deadline_from(start),
            Some(start + Duration::from_millis(4_500)),
            "the deadline at 90% of the time"
        );
        // Counted from `start`, not from when the solve reads it.
        assert_eq!(
            five.deadline_from(start + Duration::from_secs(1)),
            five.deadline
        );
        let soon = start + Duration::from_millis(100);
        let earlier = SearchLimit {
            deadline: Some(soon),
            ..SearchLimit::millis(5_000)
        };
        assert_eq!(kept(&earlier, start).deadline, Some(soon));
        let flag = AtomicBool::new(false);
        let nodes = kept(&SearchLimit::nodes(7).with_stop(&flag), start);
        assert_eq!((nodes.nodes, nodes.deadline), (Some(7), None));
        assert!(nodes.stop.is_some());
        let huge = SearchLimit {
            time: Some(Duration::MAX),
            ..SearchLimit::NONE
        };
        assert!(kept(&huge, start).is_unbounded());
    }

    /// 56 stones in a fixed order (`ai::solve`'s example): 8 empty sections, each
    /// move's solve thousands of nodes, past the limit's first check at 256.
    fn eight_empty() -> Position {
        let mut position = Position::new();
        for i in 0..56 {
            let open: Vec<_> = position.legal_moves().collect();
            position.play(open[i * 7 % open.len()]).unwrap();
        }
        position
    }

    /// s27: each move's solve had the whole time, counted from its own start, so
    /// the call took up to a time per move. The time is the call's: its deadline, 90%
    /// of it from the call's start, holds for every solve; its nodes are each solve's.
    #[test]
    fn the_margins_share_the_call_s_time() {
        let position = eight_empty();
        let now = Instant::now();
        let start = now.checked_sub(Duration::from_secs(10)).unwrap();
        // 10 s since the call began: 5 s (a deadline at 4.5 s) is spent, for all moves.
        assert_eq!(
            margins_from(&position, &SearchLimit::millis(5_000), start),
            None
        );
        // 100 s (a deadline at 90 s, 80 s ahead) leaves time for all of them.
        let margins = margins_from(&position, &SearchLimit::millis(100_000), start).unwrap();
        assert_eq!(margins.len(), position.legal_moves().count());
        // The same margins as with no limit, and as nodes per solve give.
        assert_eq!(
            Some(&margins),
            move_margins(&position, &SearchLimit::NONE).as_ref()
        );
        assert_eq!(
            Some(margins),
            move_margins(&position, &SearchLimit::nodes(1_000_000))
        );
        // Too few nodes for a solve cut the call short.
        assert_eq!(move_margins(&position, &SearchLimit::nodes(1)), None);
    }
}
