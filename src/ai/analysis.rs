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

use super::eval::{SCALE, Weights};
use super::limit::SearchLimit;
use super::search::{INF, SearchResult, Searcher};
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

/// The value of one move (or of the position, for its best move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the mover, in points of final margin (mover's final total
    /// minus the opponent's) under best play after it. An estimate, rounded to
    /// the nearest point, unless `exact`.
    pub margin: i32,
    /// Whether `margin` is proven: a search reached the end of the game, or
    /// the move is a proven draw (a draw's margin is 0).
    pub exact: bool,
    /// The proven outcome of the move for the mover, when a solve finished.
    pub wdl: Option<Wdl>,
}

/// The engine's view of one position, and of the move played there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionEval {
    /// The best move found (one that achieves `wdl` when that is proven).
    pub best: Move,
    /// The value for the side to move, in points of final margin (mover's final
    /// total minus the opponent's) under best play: `best`'s value. An estimate,
    /// rounded to the nearest point, unless `exact`.
    pub margin: i32,
    /// Whether `margin` is proven: the search reached the end of the game, the
    /// position is a proven draw (a draw's margin is 0), or the proofs of
    /// `loss_bound` found the played move's exact loss (at most 10 points).
    pub exact: bool,
    /// The proven outcome for the side to move, when a solve finished.
    pub wdl: Option<Wdl>,
    /// The move asked about ([`evaluate_move`]), valued in the same searches as
    /// `best`: never above `margin`. Exact when the searches reached the end of
    /// the game, or when `loss_bound` is proven (its proof solves the move).
    /// `None` when no move was asked about.
    pub played: Option<MoveValue>,
    /// What proofs to the end of the game say of the points `played` lost, when
    /// its value and the best move's were not both exact and their estimates said it
    /// lost [`PROVE_LOSS_AT`] or more, or (up to [`CHECK_SMALL_LOSS_MAX_EMPTY`] empty
    /// sections) less than [`CHECK_SMALL_LOSS_BELOW`] ([`evaluate_move`]); `None`
    /// otherwise, or when the budget ran out first. (Its proof leaves `played`
    /// exact. A loss proven at most 10 is then proven 10, 5 or 0, `AtMost` that,
    /// and the best move's value exact; when the budget ran out first, it stays
    /// `AtMost(10)` or `AtMost(5)` and the best value an estimate, unless it was
    /// exact.)
    pub loss_bound: Option<LossBound>,
}

/// The points of final margin a move lost against the best move, as bounded by
/// proofs to the end of the game, though the best move's value is an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LossBound {
    /// At least this many: another move's exact value is that much above the
    /// move's own.
    AtLeast(i32),
    /// At most this many: no move's exact value is more above the move's own.
    /// When the best move's value is exact too, the loss is exactly this.
    AtMost(i32),
}

/// The loss [`evaluate_move`] asks proofs about, in points: "did the move lose
/// this many or more?" when the estimates say it did. Every total is a multiple
/// of 5 points, so a loss below it is at most 10: 15 splits a mistake (11 to 20
/// points lost) from an inaccuracy, and is the "big loss".
pub const PROVE_LOSS_AT: i32 = 15;

/// An estimated loss under this many points (a move the review calls best or
/// good) is checked by the same proofs as a big one, up to
/// [`CHECK_SMALL_LOSS_MAX_EMPTY`] empty sections: the big losses the review missed
/// were estimated at 0-2 points, because the search did not find the true best
/// move (docs/review.md, issue 29, eighth pass).
pub const CHECK_SMALL_LOSS_BELOW: i32 = 3;

/// The most empty sections at which a small estimated loss is checked
/// ([`CHECK_SMALL_LOSS_BELOW`]): the review's goals stop at 30.
pub const CHECK_SMALL_LOSS_MAX_EMPTY: u32 = 30;

impl PositionEval {
    /// The best move's value.
    pub fn best_value(&self) -> MoveValue {
        MoveValue {
            mv: self.best,
            margin: self.margin,
            exact: self.exact,
            wdl: self.wdl,
        }
    }
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
    let limit = SearchLimit {
        time: Some(budget),
        stop,
        ..SearchLimit::NONE
    };
    evaluate_move(position, None, &limit)
}

/// [`evaluate`], also valuing `played` (a legal move of `position`) in the
/// same searches: it is searched first at every depth with the whole window
/// (so its value is exact at that depth), then every other move against it;
/// the solves prove its outcome and margin beside the best move's. So the
/// points it lost, `margin - played.margin`, come from one search, whose
/// errors in the two values largely cancel, not from two separate ones.
///
/// When the two values are not both exact and their difference is
/// [`PROVE_LOSS_AT`] or more, or up to [`CHECK_SMALL_LOSS_MAX_EMPTY`] empty sections
/// less than [`CHECK_SMALL_LOSS_BELOW`], a second budget as large as `limit`
/// goes to proving whether the move lost [`PROVE_LOSS_AT`] or more
/// ([`PositionEval::loss_bound`]): the played move's exact value, then one
/// null-window search of the other moves against it plus [`PROVE_LOSS_AT`].
/// When that proof finishes, the played move's value is the exact one it
/// found, and an estimated best value is that plus the estimated loss, moved
/// into the bound: when a small estimate hid a big loss, the move that beat the
/// played one is named the best, valued at the played move's exact value plus
/// [`PROVE_LOSS_AT`]. A loss proven at most 10 is then told apart, in the same
/// budget, by null-window searches against the played move's value plus 10,
/// then plus 5: the loss is exact (10, 5 or 0), and so is the best move's value,
/// the played one's plus it; if the budget runs out first, the best value is
/// at most the last bound (10 or 5) above it. So a position the estimates call
/// a mistake, or up to 30 empty sections best or nearly, may take up to twice
/// the budget.
///
/// `limit` gives the budget: its time (90% of it is used; the rest covers the
/// last node batch and returning on a loaded machine) and/or its node count
/// (a measurement's reproducible budget), and its stop flag.
pub fn evaluate_move(
    position: &Position,
    played: Option<Move>,
    limit: &SearchLimit,
) -> Option<PositionEval> {
    evaluate_move_weighted(position, played, limit, &Weights::REVIEW)
}

/// [`evaluate_move`] with other evaluation weights than the review's
/// ([`Weights::REVIEW`], fitted to exact margins): for measuring
/// a candidate evaluation the way the review would use it (`examples/eval_fit.rs`).
pub fn evaluate_move_weighted(
    position: &Position,
    played: Option<Move>,
    limit: &SearchLimit,
    weights: &Weights,
) -> Option<PositionEval> {
    evaluate_move_counted(position, played, limit, weights).0
}

/// [`evaluate_move_weighted`], with the search nodes it took in all its phases
/// (the proofs' too): for measuring what the review costs
/// (`examples/review_verdicts.rs`).
pub fn evaluate_move_counted(
    position: &Position,
    played: Option<Move>,
    limit: &SearchLimit,
    weights: &Weights,
) -> (Option<PositionEval>, u64) {
    let mut searcher = Searcher::new(REVIEW_TT_BITS, SearchLimit::NONE);
    searcher.weights = *weights;
    let eval = evaluate_with(&mut searcher, position, played, limit);
    (eval, searcher.nodes())
}

/// [`evaluate_move_weighted`] on `searcher`, a fresh one with the weights to use
/// (its limit is replaced).
fn evaluate_with<'a>(
    searcher: &mut Searcher<'a>,
    position: &Position,
    played: Option<Move>,
    limit: &SearchLimit<'a>,
) -> Option<PositionEval> {
    let start = Instant::now();
    let empties = position.empty_sections();
    let played = played.filter(|&mv| !position.is_full(mv));
    // A phase ends at `percent` of the budget: of 90% of the time, and of the nodes.
    // A budget too large for the clock to represent means no deadline.
    let at = |percent: u32| SearchLimit {
        time: None,
        deadline: limit
            .time
            .and_then(|t| t.checked_mul(percent * 9))
            .and_then(|d| start.checked_add(d / 1000))
            .into_iter()
            .chain(limit.deadline)
            .min(),
        nodes: limit
            .nodes
            .map(|n| n.saturating_mul(u64::from(percent)) / 100),
        depth: None,
        stop: limit.stop,
    };
    // The heuristic search's share: where a proof is likely to finish, it gets
    // most of the time, as a proof is worth more than a deeper estimate.
    let heuristic_share = match empties {
        0..=18 => 25,
        19..=REVIEW_SOLVE_FROM => 50,
        _ => 100,
    };
    let mut order: Vec<Move> = position.legal_moves().collect();
    searcher.set_limit(at(heuristic_share));
    // Iterative deepening one depth per call (the table makes the earlier
    // depths of each call nearly free), to keep the last two depths' values.
    let mut last: Option<(SearchResult, i32)> = None;
    let mut previous: Option<(i32, i32)> = None;
    for depth in 1..=empties {
        searcher.set_limit(SearchLimit {
            depth: Some(depth),
            ..at(heuristic_share)
        });
        let found = match played {
            Some(mv) => searcher.search_pinned(position, &order, mv),
            None => searcher.search(position, &order).map(|r| (r, r.value)),
        };
        let Some((result, played_value)) = found else {
            break;
        };
        if result.depth < depth {
            // Cut short by the deadline or the stop flag.
            break;
        }
        previous = last.map(|(r, v)| (r.value, v));
        last = Some((result, played_value));
        // The best move first in the next call, as within one search.
        if let Some(i) = order.iter().position(|&m| m == result.best) {
            order[..=i].rotate_right(1);
        }
        if result.exact || searcher.aborted() {
            break;
        }
    }
    let (search, played_value) = last?;
    let in_points = |value: i32| (value as f64 / SCALE as f64).round() as i32;
    let move_value = |mv: Move, value: i32, exact: bool| MoveValue {
        mv,
        margin: if exact {
            value / SCALE
        } else {
            in_points(value)
        },
        exact,
        wdl: exact.then(|| Wdl::from_value(value)),
    };
    if search.exact {
        let best = move_value(search.best, search.value, true);
        return Some(with_played(
            best,
            played.map(|mv| move_value(mv, played_value, true)),
        ));
    }
    // A search that stops after the mover's own move overrates the mover, one
    // that stops after the reply underrates them (by 10-15 points from the
    // start position): the mean of the last two depths cancels most of that, so
    // consecutive positions of a game get comparable values. The move played is
    // averaged over the same two depths.
    let (value, played_value) = match previous {
        Some((b, p)) => ((search.value + b) / 2, (played_value + p) / 2),
        None => (search.value, played_value),
    };
    let mut best = move_value(search.best, value, false);
    let mut other = played.map(|mv| move_value(mv, played_value, false));
    let second = proof_limit(limit, start);
    // (The search's best move is first in `order`: the likeliest to achieve the outcome.)
    let solved = (empties <= REVIEW_SOLVE_FROM)
        .then(|| {
            searcher.set_limit(at(100));
            searcher.solve_wdl(position, &order)
        })
        .flatten();
    let Some((mv, wdl)) = solved else {
        return Some(bounded(
            with_played(best, other),
            searcher,
            position,
            &order,
            second,
        ));
    };
    best = proven(best, mv, wdl);
    // The move played: its outcome is at most the position's, proven on its own.
    if let Some(o) = other.as_mut()
        && let Some(outcome) = outcome_of(searcher, position, o.mv, wdl)
    {
        *o = proven(*o, o.mv, outcome);
    }
    // With time left, the exact margins: the best move's and the played one's in
    // one search to the end, the played move first.
    match other.as_mut() {
        Some(o) if !(best.exact && o.exact) => {
            if let Some(((mv, value), played_value)) =
                searcher.solve_margin_pinned(position, &order, o.mv)
            {
                best = move_value(mv, value, true);
                *o = move_value(o.mv, played_value, true);
            }
        }
        None if !best.exact => {
            if let Some((mv, value)) = searcher.solve_margin(position, &order, -INF, INF) {
                best = move_value(mv, value, true);
            }
        }
        _ => {}
    }
    Some(bounded(
        with_played(best, other),
        searcher,
        position,
        &order,
        second,
    ))
}

/// The budget for proving a loss the estimates call big: `limit` again (90% of
/// its time), and never past 180% of its time counted from `start`, the call's
/// start: a first phase that ended late on a loaded machine takes its overrun
/// out of this one, so the whole call keeps within twice the budget.
fn proof_limit<'a>(limit: &SearchLimit<'a>, start: Instant) -> SearchLimit<'a> {
    let cap = limit
        .time
        .and_then(|t| t.checked_mul(18))
        .and_then(|d| start.checked_add(d / 10));
    SearchLimit {
        time: limit.time.map(|t| t * 9 / 10),
        deadline: cap.into_iter().chain(limit.deadline).min(),
        nodes: limit.nodes.map(|n| n.saturating_mul(2)),
        ..*limit
    }
}

/// `eval` with its [`PositionEval::loss_bound`], proved within `limit` (a
/// node count counts the searcher's nodes so far too) when its values are not
/// both exact and say the move played lost [`PROVE_LOSS_AT`] or more, or (up to
/// [`CHECK_SMALL_LOSS_MAX_EMPTY`] empty sections) less than [`CHECK_SMALL_LOSS_BELOW`].
///
/// The proof's first step solves the move played to the end, so once it
/// finishes the move played has its exact value, which replaces its estimate.
/// A loss proven at most 10 is then made exact when the limit allows
/// ([`small_loss`]), and the best move's value with it. Otherwise an estimated
/// best value is the played move's exact value plus the estimated loss within
/// the bound: at most [`LossBound::AtMost`]'s, at least [`LossBound::AtLeast`]'s.
fn bounded<'a>(
    mut eval: PositionEval,
    searcher: &mut Searcher<'a>,
    position: &Position,
    order: &[Move],
    limit: SearchLimit<'a>,
) -> PositionEval {
    let Some(played) = eval.played else {
        return eval;
    };
    let lost = eval.margin - played.margin;
    if eval.exact && played.exact {
        return eval;
    }
    let big = played.mv != eval.best && lost >= PROVE_LOSS_AT;
    let small =
        lost < CHECK_SMALL_LOSS_BELOW && position.empty_sections() <= CHECK_SMALL_LOSS_MAX_EMPTY;
    if !(big || small) {
        return eval;
    }
    searcher.set_limit(limit);
    let Some(proof) = prove_loss_by(searcher, position, played.mv, order) else {
        return eval;
    };
    eval.loss_bound = Some(proof.bound);
    // The exact value the proof found is the move's true value: it replaces the
    // estimate, which the review would otherwise show moved by the bound.
    let played = exact_value(played.mv, proof.played_value);
    eval.played = Some(played);
    if eval.exact {
        // Both exact now: the loss is exact, and a move as good as the best is a
        // best move (as in `with_played`).
        if played.margin == eval.margin {
            eval.best = played.mv;
        }
        return eval;
    }
    if let LossBound::AtMost(_) = proof.bound {
        // At most 10, so 10, 5 or 0 (totals are multiples of 5): told apart in
        // the same budget, so that a loss of 10 under a small estimate is not
        // called best, nor a lossless move an inaccuracy.
        match small_loss(searcher, position, played.mv, proof.played_value, order) {
            Ok((loss, mv)) => {
                // The best move's value is the played one's plus an exact loss:
                // exact too, so the verdict is the exact values'.
                let best = exact_value(mv, proof.played_value + loss * SCALE);
                eval.best = best.mv;
                eval.margin = best.margin;
                eval.exact = true;
                eval.wdl = best.wdl;
                eval.loss_bound = Some(LossBound::AtMost(loss));
                return eval;
            }
            Err(at_most) => eval.loss_bound = Some(LossBound::AtMost(at_most)),
        }
    }
    // The best value stays an estimate: the played move's exact value plus the
    // loss the paired search estimated, within the bound. That difference is
    // kept, not the best move's estimate alone, because the two values' errors
    // largely cancel in it (the verdicts are calibrated on it); beside an exact
    // value an unpaired estimate would err by its whole error (docs/review.md).
    let loss = match eval.loss_bound {
        Some(LossBound::AtLeast(n)) => lost.max(n),
        Some(LossBound::AtMost(n)) => lost.min(n),
        None => lost,
    };
    // When the estimates called the move played the best or nearly, and a move
    // beats it by `n` or more, that move (the proof's) is named the best.
    if let (LossBound::AtLeast(n), Some(mv)) = (proof.bound, proof.by)
        && lost < n
    {
        eval.best = mv;
    }
    eval.margin = played.margin + loss;
    eval
}

/// The exact loss of `played`, whose exact value for its mover is `played_value`
/// (search units), once a proof showed it lost at most 10 points, with a best
/// move: 10 when another move reaches `played_value` plus 10 points, else 5 when
/// one reaches plus 5, else 0 (`played` is a best move). Totals are multiples of
/// [`LOSS_STEP`] points, so no loss lies between. Each step is one null-window
/// search of the other moves, within the searcher's limit; when the limit cuts
/// one short, `Err` with the most the loss can be by the steps that finished.
fn small_loss(
    searcher: &mut Searcher<'_>,
    position: &Position,
    played: Move,
    played_value: i32,
    order: &[Move],
) -> Result<(i32, Move), i32> {
    let others: Vec<Move> = order.iter().copied().filter(|&m| m != played).collect();
    let mut at_most = PROVE_LOSS_AT - LOSS_STEP;
    // The larger loss first: a move that lost 10 is told from a lossless one in
    // one search, and the verdicts' line between an inaccuracy and a good move
    // is there.
    while at_most > 0 {
        match searcher.reaches(position, &others, played_value + at_most * SCALE) {
            None => return Err(at_most),
            Some(Some(mv)) => return Ok((at_most, mv)),
            Some(None) => at_most -= LOSS_STEP,
        }
    }
    Ok((0, played))
}

/// Every total, so every final margin, is a multiple of this many points
/// (combinations are worth 10, 15 and 20).
const LOSS_STEP: i32 = 5;

/// The exact value `value` (in search units) of `mv`, for the mover.
fn exact_value(mv: Move, value: i32) -> MoveValue {
    MoveValue {
        mv,
        margin: value / SCALE,
        exact: true,
        wdl: Some(Wdl::from_value(value)),
    }
}

/// Whether `played` lost [`PROVE_LOSS_AT`] points or more in `position`: its
/// exact value (one search of the position after it, to the end of the game),
/// then whether any other move reaches that plus [`PROVE_LOSS_AT`] (one
/// null-window search). `None` if the searcher's limit cut either short.
pub fn prove_loss(
    searcher: &mut Searcher<'_>,
    position: &Position,
    played: Move,
    order: &[Move],
) -> Option<LossBound> {
    prove_loss_by(searcher, position, played, order).map(|proof| proof.bound)
}

/// What [`prove_loss_by`] proved of a move played.
struct LossProof {
    /// The bound on the points the move lost.
    bound: LossBound,
    /// The move that beat it by [`PROVE_LOSS_AT`], when one did.
    by: Option<Move>,
    /// The move's exact value for its mover, in search units (points times
    /// [`SCALE`]), found on the way.
    played_value: i32,
}

/// [`prove_loss`], with the move that beat `played` by [`PROVE_LOSS_AT`] when
/// one did, and the exact value of `played` that the proof found.
fn prove_loss_by(
    searcher: &mut Searcher<'_>,
    position: &Position,
    played: Move,
    order: &[Move],
) -> Option<LossProof> {
    let mut child = *position;
    child.play(played).ok()?;
    let replies: Vec<Move> = child.legal_moves().collect();
    let played_value = if replies.is_empty() {
        -child.margin(child.to_move()) * SCALE
    } else {
        -searcher.solve_margin(&child, &replies, -INF, INF)?.1
    };
    let others: Vec<Move> = order.iter().copied().filter(|&m| m != played).collect();
    let reached = searcher.reaches(position, &others, played_value + PROVE_LOSS_AT * SCALE)?;
    let (bound, by) = match reached {
        Some(mv) => (LossBound::AtLeast(PROVE_LOSS_AT), Some(mv)),
        // Totals are multiples of 5 points, so a loss under 15 is at most 10.
        None => (LossBound::AtMost(PROVE_LOSS_AT - LOSS_STEP), None),
    };
    Some(LossProof {
        bound,
        by,
        played_value,
    })
}

/// `value` of `mv` once its outcome `wdl` is proven: a draw is exact (0); a win
/// or a loss keeps the estimate, on the right side of 0.
fn proven(value: MoveValue, mv: Move, wdl: Wdl) -> MoveValue {
    match wdl {
        Wdl::Draw => MoveValue {
            mv,
            margin: 0,
            exact: true,
            wdl: Some(Wdl::Draw),
        },
        Wdl::Win => MoveValue {
            mv,
            margin: value.margin.max(1),
            exact: false,
            wdl: Some(Wdl::Win),
        },
        // In a lost position every move loses: the search's move fights for the margin.
        Wdl::Loss => MoveValue {
            mv: value.mv,
            margin: value.margin.min(-1),
            exact: false,
            wdl: Some(Wdl::Loss),
        },
    }
}

/// The proven outcome of `mv` in `position`, whose best outcome is `best`:
/// `None` if a limit cut the proof short.
fn outcome_of(searcher: &mut Searcher, position: &Position, mv: Move, best: Wdl) -> Option<Wdl> {
    let mut outcome = Wdl::Loss;
    for target in [Wdl::Draw, Wdl::Win] {
        if target > best {
            break;
        }
        let achieved = searcher.prove(position, &[mv], target).is_some();
        if searcher.aborted() {
            return None;
        }
        if !achieved {
            break;
        }
        outcome = target;
    }
    Some(outcome)
}

/// The evaluation from the best move's value and the played move's. No move is
/// worth more than the best (two estimates may say so): the played move's value
/// is capped at the best one's, and a played move as good, by values of the same
/// kind, is a best move.
fn with_played(mut best: MoveValue, played: Option<MoveValue>) -> PositionEval {
    let played = played.map(|mut p| {
        if p.mv == best.mv {
            return best;
        }
        p.margin = p.margin.min(best.margin);
        p
    });
    if let Some(p) = played
        && p.margin == best.margin
        && p.exact == best.exact
    {
        best.mv = p.mv;
    }
    PositionEval {
        best: best.mv,
        margin: best.margin,
        exact: best.exact,
        wdl: best.wdl,
        played,
        loss_bound: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_support::brute_force;
    use crate::ai::test_support::{random_position, random_position_in};

    #[test]
    fn the_proof_never_runs_past_twice_the_budget_from_the_call_s_start() {
        let budget = Duration::from_millis(100);
        let limit = SearchLimit {
            time: Some(budget),
            ..SearchLimit::NONE
        };
        // The first phase ended 150 ms late: the proof gets what is left of 180%.
        let start = Instant::now() - Duration::from_millis(250);
        let now = Instant::now();
        let proof = proof_limit(&limit, start);
        let deadline = proof.deadline_from(now).unwrap();
        assert!(deadline <= start + budget * 18 / 10);
        // On time, the proof has its own 90%.
        let start = Instant::now();
        let proof = proof_limit(&limit, start);
        assert_eq!(proof.deadline_from(start), Some(start + budget * 9 / 10));
        // A caller's earlier deadline still holds, and a node budget doubles.
        let early = start + Duration::from_millis(5);
        let limit = SearchLimit {
            deadline: Some(early),
            nodes: Some(1000),
            ..limit
        };
        let proof = proof_limit(&limit, start);
        assert_eq!(proof.deadline_from(start), Some(early));
        assert_eq!(proof.nodes, Some(2000));
    }

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
    fn a_move_valued_with_its_position_gets_its_own_exact_value_near_the_end() {
        for seed in 0..8 {
            let position = random_position(52 + seed as u32 % 4, seed);
            // The position's own value once: a brute force of its whole tree, where
            // each move's is one subtree.
            let best = brute_force(&position);
            for played in position.legal_moves().take(3) {
                let limit = SearchLimit::nodes(2_000_000);
                let eval = evaluate_move(&position, Some(played), &limit).unwrap();
                let p = eval.played.unwrap();
                assert_eq!(p.mv, played);
                assert!(eval.exact && p.exact, "seed {seed}");
                let mut child = position;
                child.play(played).unwrap();
                assert_eq!(p.margin, -brute_force(&child), "seed {seed} {played}");
                assert_eq!(eval.margin, best, "seed {seed}");
                assert_eq!(p.wdl, Some(Wdl::from_value(p.margin)));
                if p.margin == eval.margin {
                    // As good as the best: it is named the best.
                    assert_eq!(eval.best, played);
                }
            }
        }
    }

    #[test]
    fn from_an_estimate_the_move_played_is_never_worth_more_than_the_best() {
        for seed in 0..6 {
            let position = random_position(20, seed);
            for played in position.legal_moves().take(4) {
                let limit = SearchLimit::nodes(20_000);
                let eval = evaluate_move(&position, Some(played), &limit).unwrap();
                let p = eval.played.unwrap();
                assert!(!eval.exact && !p.exact);
                assert!(p.margin <= eval.margin, "seed {seed} {played}: {eval:?}");
                // The same search's best: the position's evaluation alone agrees
                // on the best move's value when the move played is the best.
                if eval.best == played {
                    assert_eq!(p.margin, eval.margin);
                }
            }
        }
    }

    #[test]
    fn the_review_values_with_its_own_weights() {
        let position = random_position(30, 4);
        let limit = SearchLimit::nodes(5_000);
        let review = evaluate_move(&position, None, &limit).unwrap();
        let with = |weights| evaluate_move_weighted(&position, None, &limit, weights).unwrap();
        assert_eq!(review, with(&Weights::REVIEW));
        // Hard's weights (no colour term) value it otherwise.
        assert_ne!(review.margin, with(&Weights::HARD).margin);
    }

    /// Every move's exact value in `position` for its mover, by minimax.
    fn exact_values(position: &Position) -> Vec<(Move, i32)> {
        position
            .legal_moves()
            .map(|mv| {
                let mut child = *position;
                child.play(mv).unwrap();
                (mv, -brute_force(&child))
            })
            .collect()
    }

    /// Every move's loss, from every move's value.
    fn losses_of(values: &[(Move, i32)]) -> Vec<(Move, i32)> {
        let best = values.iter().map(|v| v.1).max().unwrap();
        values.iter().map(|&(mv, v)| (mv, best - v)).collect()
    }

    /// Every move's exact loss in `position`, by minimax.
    fn exact_losses(position: &Position) -> Vec<(Move, i32)> {
        losses_of(&exact_values(position))
    }

    #[test]
    fn a_loss_is_proven_big_exactly_when_minimax_says_it_lost_15_or_more() {
        let mut seen = [0; 2];
        for seed in 0..5 {
            let position = random_position(52 + seed as u32 % 3, seed);
            let order: Vec<Move> = position.legal_moves().collect();
            let losses: std::collections::HashMap<Move, i32> =
                exact_losses(&position).into_iter().collect();
            for (&mv, &lost) in &losses {
                let mut searcher = Searcher::new(16, SearchLimit::NONE);
                let bound = prove_loss(&mut searcher, &position, mv, &order);
                if lost >= PROVE_LOSS_AT {
                    assert_eq!(
                        bound,
                        Some(LossBound::AtLeast(PROVE_LOSS_AT)),
                        "{seed} {mv}"
                    );
                    seen[0] += 1;
                } else {
                    assert_eq!(bound, Some(LossBound::AtMost(10)), "{seed} {mv}");
                    assert!(lost <= 10, "{seed} {mv}: lost {lost}");
                    // The next steps find the exact loss (10, 5 or 0), with a
                    // best move: one whose exact value is the played one's plus it.
                    let mut child = position;
                    child.play(mv).unwrap();
                    let value = -brute_force(&child) * SCALE;
                    let (loss, by) = small_loss(&mut searcher, &position, mv, value, &order)
                        .unwrap_or_else(|e| panic!("{seed} {mv}: cut short at {e}"));
                    assert_eq!(loss, lost, "{seed} {mv}");
                    assert_eq!(losses[&by], 0, "{seed} {mv}: {by} is no best move");
                    seen[1] += 1;
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "both kinds met: {seen:?}");
        // Cut short by its limit, it proves nothing.
        let position = random_position(40, 1);
        let mv = position.legal_moves().next().unwrap();
        let mut searcher = Searcher::new(16, SearchLimit::nodes(1_000));
        let order: Vec<Move> = position.legal_moves().collect();
        assert_eq!(prove_loss(&mut searcher, &position, mv, &order), None);
        // So are the steps below 15: cut short at the first, the loss is still
        // known to be at most 10 only. (Against a value near the move's own, so
        // that the bounds on what is left to score cannot answer at once.)
        let near = evaluate_move(&position, Some(mv), &SearchLimit::nodes(5_000)).unwrap();
        let value = near.played.unwrap().margin * SCALE;
        assert_eq!(
            small_loss(&mut searcher, &position, mv, value, &order),
            Err(10)
        );
    }

    #[test]
    fn the_review_bounds_a_loss_right_and_gives_the_move_played_the_proofs_exact_value() {
        // Small budgets near the end: estimates that a second budget of proofs checks.
        let (mut bounded, mut best_exact) = (0, 0);
        for seed in 0..3 {
            let position = random_position(52, seed);
            let values = exact_values(&position);
            let best = values.iter().map(|v| v.1).max().unwrap();
            for &(mv, truth) in &values {
                let lost = best - truth;
                let eval = evaluate_move(&position, Some(mv), &SearchLimit::nodes(1_000)).unwrap();
                let p = eval.played.unwrap();
                let Some(bound) = eval.loss_bound else {
                    continue;
                };
                let right = match bound {
                    LossBound::AtLeast(n) => lost >= n,
                    LossBound::AtMost(n) => lost <= n,
                };
                assert!(right, "seed {seed} {mv}: {bound:?}, lost {lost}");
                // The proof solved the move played: its value is exact, and the
                // one minimax gives.
                assert!(p.exact, "seed {seed} {mv}: {eval:?}");
                assert_eq!(p.margin, truth, "seed {seed} {mv}: {eval:?}");
                assert_eq!(p.wdl, Some(Wdl::from_value(truth)), "seed {seed} {mv}");
                // An estimated best value lies within what the proof showed; an
                // exact one is the position's.
                let shown = eval.margin - p.margin;
                if eval.exact {
                    assert_eq!(eval.margin, best, "seed {seed} {mv}");
                    best_exact += 1;
                } else {
                    let within = match bound {
                        LossBound::AtLeast(n) => shown >= n,
                        LossBound::AtMost(n) => (0..=n).contains(&shown),
                    };
                    assert!(within, "seed {seed} {mv}: {eval:?}");
                }
                bounded += 1;
            }
        }
        assert!(bounded > 0, "no loss was bounded");
        eprintln!("{bounded} losses bounded, {best_exact} beside an exact best value");
    }

    #[test]
    fn a_small_estimated_loss_is_checked_and_a_big_loss_it_hid_is_proven() {
        let estimate = |mv, margin| MoveValue {
            mv,
            margin,
            exact: false,
            wdl: None,
        };
        let mut seen = [0; 2];
        for seed in 0..4 {
            let position = random_position(52 + seed as u32 % 2, seed);
            let order: Vec<Move> = position.legal_moves().collect();
            let values = exact_values(&position);
            let losses = losses_of(&values);
            for (&(mv, lost), &(_, truth)) in losses.iter().zip(&values) {
                // Estimates that call the move best (a loss of 0) or nearly (2).
                for (best, margin) in [(mv, 0), (order[usize::from(order[0] == mv)], 2)] {
                    let eval = with_played(estimate(best, margin), Some(estimate(mv, 0)));
                    let mut searcher = Searcher::new(16, SearchLimit::NONE);
                    let checked =
                        bounded(eval, &mut searcher, &position, &order, SearchLimit::NONE);
                    // The proof's exact value of the move played replaces its estimate.
                    let p = checked.played.unwrap();
                    assert_eq!((p.mv, p.margin, p.exact), (mv, truth, true), "{seed} {mv}");
                    if lost >= PROVE_LOSS_AT {
                        // Named the best: a move the proof found, whose exact
                        // value beats the played one's by 15 or more.
                        assert_eq!(checked.loss_bound, Some(LossBound::AtLeast(15)));
                        let (_, by) = *losses.iter().find(|l| l.0 == checked.best).unwrap();
                        assert!(lost - by >= PROVE_LOSS_AT, "seed {seed} {mv}");
                        assert_eq!(checked.margin, truth + PROVE_LOSS_AT);
                        seen[0] += 1;
                    } else {
                        // At most 10, then exactly: the loss (10, 5 or 0) and
                        // the best move's value are exact, and the move named
                        // the best is a best move (the played one when it lost
                        // nothing), whatever the estimates (0 or 2) said.
                        assert_eq!(checked.loss_bound, Some(LossBound::AtMost(lost)));
                        assert!(checked.exact, "{seed} {mv}: {checked:?}");
                        assert_eq!(checked.margin, truth + lost, "{seed} {mv}");
                        let (_, by) = *losses.iter().find(|l| l.0 == checked.best).unwrap();
                        assert_eq!(by, 0, "{seed} {mv}: {checked:?}");
                        if lost == 0 {
                            assert_eq!(checked.best, mv, "{seed} {mv}");
                        }
                        assert_eq!(checked.wdl, Some(Wdl::from_value(checked.margin)));
                        seen[1] += 1;
                    }
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "both kinds met: {seen:?}");
        // Beyond 30 empty sections a small loss is not checked.
        let position = random_position(64 - CHECK_SMALL_LOSS_MAX_EMPTY - 1, 3);
        let order: Vec<Move> = position.legal_moves().collect();
        let eval = with_played(estimate(order[0], 0), Some(estimate(order[1], 0)));
        let mut searcher = Searcher::new(16, SearchLimit::NONE);
        let checked = bounded(eval, &mut searcher, &position, &order, SearchLimit::NONE);
        assert_eq!((checked, searcher.nodes()), (eval, 0));
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
