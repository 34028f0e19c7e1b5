//! The review's verdicts against the solver's, on real games: for every move played
//! from a position with at most `--max-empty` empty sections, the review's class
//! (what `hijara analyze --nodes N` says) beside the class the exact values give.
//!
//! The games: seeded games between different levels (hard node-limited on one
//! thread, so every run plays the same games), and the records given with
//! `--record`. Each is reviewed as `hijara analyze` reviews it
//! (`review::analyse_game_at` at `--nodes` a position, then `Review::build`); then
//! each compared move's position and the position after it are solved to the end
//! (`ai::solve`, `SolveFor::Margin`): the best move's exact value and the played
//! move's, so the exact loss and the class the review's own rule
//! (`review::classify::classify`) gives exact values. Both are printed per band of
//! empty sections, with every disagreement. Besides the class, a review's exact value
//! must be the solver's, and a proven outcome the solver's: one that is not is a
//! defect, counted apart (`wrong`).
//!
//! What the review costs: each compared move's position is valued once more the
//! same way (`ai::analysis::evaluate_move_counted`, the same node budget, so the same
//! values), for its search nodes (its proofs' too) and its time, per mover; and the
//! proofs' bounds on the loss, counted by kind.
//!
//! ```sh
//! cargo run --release --features tools --example review_verdicts -- --games 12 --nodes 400000
//! cargo run --release --features tools --example review_verdicts -- --record tests/data/blunder.hij --games 0
//! ```

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::analysis::{LossBound, evaluate_move_counted};
use hijara::ai::eval::Weights;
use hijara::ai::{Level, SearchLimit, SolveFor, solve};
use hijara::review::classify::classify;
use hijara::review::{MoveReview, Review, ReviewBudget, Value, analyse_game_at};
use hijara::rules::{Game, Player, Position};

#[path = "support/level_games.rs"]
mod level_games;

#[derive(Parser)]
struct Args {
    /// Seeded games to play and review (pairings of different levels, in turn).
    #[arg(long, default_value_t = 12)]
    games: u64,
    /// The games' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The review's budget a position, in search nodes (`hijara analyze --nodes`).
    #[arg(long, default_value_t = 400_000)]
    nodes: u64,
    /// Compare the moves played from positions with at most this many empty sections.
    #[arg(long, default_value_t = 20)]
    max_empty: u32,
    /// The review's threads (each position is searched on one: the values do not
    /// depend on it).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The longest one exact solve may take, in seconds; a move whose solve does not
    /// finish is left out (counted).
    #[arg(long, default_value_t = 60)]
    solve_secs: u64,
    /// Nodes per move of the hard level in the games.
    #[arg(long, default_value_t = 50_000)]
    hard_nodes: u64,
    /// A record to review too (any number of times).
    #[arg(long)]
    record: Vec<PathBuf>,
}

/// Pairings of different levels, in turn, so the games hold mistakes to find.
const PAIRINGS: [(Level, Level); 6] = [
    (Level::Medium, Level::Easy),
    (Level::Easy, Level::Hard),
    (Level::Hard, Level::Medium),
    (Level::Random, Level::Medium),
    (Level::Medium, Level::Hard),
    (Level::Easy, Level::Medium),
];

/// A seeded game between two levels (`support/level_games.rs`), as a [`Game`].
fn play_game(blue: Level, yellow: Level, seed: u64, hard_nodes: u64) -> anyhow::Result<Game> {
    let mut game = Game::new();
    for mv in level_games::play_game(blue, yellow, seed, hard_nodes)? {
        game.play(mv)?;
    }
    Ok(game)
}

/// `position`'s exact final margin for its side to move, within `secs`.
fn exact(position: &Position, secs: u64) -> Option<i32> {
    if position.is_over() {
        let me = position.to_move();
        return Some(position.score(me) as i32 - position.score(me.other()) as i32);
    }
    let limit = SearchLimit::millis(secs * 1000);
    solve(position, SolveFor::Margin, &limit, 1)?.margin
}

/// An exact value of `margin` points.
fn proven(margin: i32) -> Value {
    Value::exact_margin(margin)
}

/// What valuing the compared moves took, for one mover.
#[derive(Default, Clone, Copy)]
struct Cost {
    moves: u64,
    nodes: u64,
    most_nodes: u64,
    secs: f64,
}

/// Per band of empty sections: moves compared, the review's values both exact,
/// classes that agree, and disagreements by kind.
#[derive(Default, Clone, Copy)]
struct Tally {
    moves: usize,
    exact: usize,
    agree: usize,
    /// The review's exact value or proven outcome not the solver's: a defect.
    wrong: usize,
    /// The review calls the move worse than the exact values do.
    harsher: usize,
    /// The review calls it better.
    milder: usize,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let started = Instant::now();
    let mut games: Vec<(String, Game)> = Vec::new();
    for path in &args.record {
        let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
        let record: hijara::record::Record =
            text.parse().with_context(|| path.display().to_string())?;
        let game = record
            .to_game()
            .with_context(|| path.display().to_string())?;
        games.push((path.display().to_string(), game));
    }
    for g in 0..args.games {
        let (blue, yellow) = PAIRINGS[g as usize % PAIRINGS.len()];
        let seed = args.seed * 1000 + g;
        let game = play_game(blue, yellow, seed, args.hard_nodes)?;
        games.push((format!("{blue} v {yellow} seed {seed}"), game));
    }
    println!(
        "review at {} nodes a position against exact solves, moves from positions with at most {} empty sections, {} games",
        args.nodes,
        args.max_empty,
        games.len()
    );
    let bands = (args.max_empty / 4 + 1) as usize;
    let mut tally = vec![Tally::default(); bands];
    let mut unsolved = 0;
    let mut review_secs = 0.0;
    let mut solve_secs = 0.0;
    let mut cost = [Cost::default(); 2];
    // The proofs' bounds by kind: the text of each, with its count.
    let mut bounds: std::collections::BTreeMap<String, usize> = Default::default();
    println!(
        "disagreements: game, move, empty sections: review's class (played, best) / exact class (played, best)"
    );
    for (name, game) in &games {
        // The positions with at most `max_empty` empty sections, and the last.
        let from = 64usize
            .saturating_sub(args.max_empty as usize)
            .min(game.len());
        let indices: Vec<usize> = (from..=game.len()).collect();
        let t = Instant::now();
        let values = analyse_game_at(
            game,
            &indices,
            ReviewBudget::Nodes(args.nodes),
            args.threads,
            None,
            |_| {},
        );
        let mut all = vec![None; game.len() + 1];
        for (&i, v) in indices.iter().zip(values) {
            all[i] = v;
        }
        let review = Review::build(game, &all);
        review_secs += t.elapsed().as_secs_f64();
        for m in &review.moves {
            let i = m.number - 1;
            let before = game.position_at(i);
            let after = game.position_at(i + 1);
            let empties = before.empty_sections();
            let t = Instant::now();
            let (Some(best), Some(reply)) = (
                exact(before, args.solve_secs),
                exact(after, args.solve_secs),
            ) else {
                unsolved += 1;
                continue;
            };
            solve_secs += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let limit = SearchLimit::nodes(args.nodes);
            let (eval, nodes) = evaluate_move_counted(before, Some(m.mv), &limit, &Weights::REVIEW);
            let c = &mut cost[m.player.index()];
            c.moves += 1;
            c.nodes += nodes;
            c.most_nodes = c.most_nodes.max(nodes);
            c.secs += t.elapsed().as_secs_f64();
            let bound = match eval.and_then(|e| e.loss_bound.map(|b| (b, e.exact))) {
                Some((LossBound::AtLeast(n), _)) => format!(">={n}"),
                Some((LossBound::AtMost(n), true)) => format!("<={n}, both exact"),
                Some((LossBound::AtMost(n), false)) => format!("<={n}"),
                None => "none".to_owned(),
            };
            *bounds.entry(bound).or_default() += 1;
            let (best, played) = (proven(best), proven(-reply));
            let lost = (best.margin - played.margin).max(0);
            let truth = classify(lost, best, played, empties, None);
            let b = &mut tally[(empties / 4) as usize];
            b.moves += 1;
            let both_exact = m.best_value.exact && m.played_value.exact;
            b.exact += usize::from(both_exact);
            let wrong = wrong_values(m, best, played);
            b.wrong += usize::from(wrong);
            if m.class == truth && !wrong {
                b.agree += 1;
                continue;
            }
            if m.class > truth {
                b.harsher += 1;
            } else if m.class < truth {
                b.milder += 1;
            }
            println!(
                "  {name}, move {} {}, {empties} empty: {}{} ({} {}, best {} {}) / {} ({} {}, best {}){}",
                m.number,
                m.mv,
                if m.likely { "likely " } else { "" },
                m.class,
                m.mv,
                m.played_value,
                m.best,
                m.best_value,
                truth,
                m.mv,
                played,
                best,
                if wrong { "  WRONG VALUE" } else { "" }
            );
        }
    }
    println!();
    println!(
        "| empty | moves | review exact | classes agree | review harsher | review milder | wrong values |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut all = Tally::default();
    for (band, t) in tally.iter().enumerate() {
        if t.moves == 0 {
            continue;
        }
        let low = band * 4;
        println!(
            "| {low}-{} | {} | {} | {} | {} | {} | {} |",
            (low + 3).min(args.max_empty as usize),
            t.moves,
            t.exact,
            t.agree,
            t.harsher,
            t.milder,
            t.wrong
        );
        all.moves += t.moves;
        all.exact += t.exact;
        all.agree += t.agree;
        all.harsher += t.harsher;
        all.milder += t.milder;
        all.wrong += t.wrong;
    }
    println!(
        "| all | {} | {} | {} | {} | {} | {} |",
        all.moves, all.exact, all.agree, all.harsher, all.milder, all.wrong
    );
    for player in [Player::Blue, Player::Yellow] {
        let c = cost[player.index()];
        let per = c.moves.max(1) as f64;
        println!(
            "{player}'s moves: {}, review nodes a move {:.0} (most {}), {:.1} ms a move",
            c.moves,
            c.nodes as f64 / per,
            c.most_nodes,
            1000.0 * c.secs / per
        );
    }
    let bounds: Vec<String> = bounds.iter().map(|(b, n)| format!("{b}: {n}")).collect();
    println!("proofs' bounds on the loss: {}", bounds.join(", "));
    println!(
        "unsolved within {} s: {unsolved}; review {review_secs:.1} s, solves {solve_secs:.1} s, all {:.1} s",
        args.solve_secs,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Whether the review says something the solver refutes: an exact value that is not
/// the exact one, or a proven outcome that is not the true outcome.
fn wrong_values(m: &MoveReview, best: Value, played: Value) -> bool {
    let off = |review: Value, truth: Value| {
        (review.exact && review.margin != truth.margin)
            || review.outcome.is_some_and(|o| Some(o) != truth.outcome)
    };
    off(m.played_value, played) || off(m.best_value, best)
}
