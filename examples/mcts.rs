//! A sparring partner from another family of search: a Monte Carlo tree search
//! player (UCT with random playouts), and hard's results against it per colour.
//! Not a product level: its mistakes differ from hard's, which is the point.
//!
//! ```sh
//! cargo run --release --features tools --example mcts -- --games 20 --ms 100 --factor 1
//! cargo run --release --features tools --example mcts -- --games 20 --ms 100 --factor 5
//! ```
//!
//! Both sides think on one thread. So that a loaded machine does not decide the
//! games, budgets are counted in work, not wall time: the program first measures
//! how many search nodes hard visits and how many playouts MCTS completes per
//! millisecond of CPU time (this thread's own, from Linux's schedstat), then
//! gives hard `--ms` worth of nodes a move and MCTS `--factor` times `--ms`
//! worth of playouts. The rates are printed.
//!
//! `--verbose` prints each game's margin and then its record in `strength
//! --verbose`'s form (`game B3: 45-50 a1 b2 ...`, `B`/`Y` for hard's colour), so
//! `examples/lost_games.rs` can find where hard's lost games were decided.
//! `--colour blue` or `yellow` plays only that colour's games (the same seeds as
//! with both).
//!
//! `--opening "a1 d1 a4"` forces the first plies of every game, to measure one
//! opening alone; `--nodes` and `--playouts` fix both budgets instead of the
//! measured rates, so that such runs are the same on any machine.
//!
//! `--against medium` (or any level) plays MCTS against that level instead of
//! hard; the level's seed in game `g` is the one `strength` gives it (so the
//! medium MCTS meets in game `g` is the medium hard meets there), and each
//! colour's line is followed by MCTS's own score. `--colour` still names the
//! level's colour: MCTS as Blue against medium is `--against medium --colour
//! yellow`. `--exchange GAMES` measures the exchange rate instead of playing:
//! over every position where hard moves in GAMES games of hard (at `--nodes`,
//! default 10,000) against medium, both colours, it times hard's move and MCTS
//! at `--playouts` (default 3,000) on that position, in this thread's CPU time,
//! and prints hard's CPU time a move, MCTS's playouts per CPU millisecond, and
//! the playouts a move that cost what hard's nodes cost.
//!
//! UCT: each node keeps its visits and its total reward for the player who
//! moved into it (1 a win, 1/2 a draw, 0 a loss at the end of a random
//! playout); a child is chosen by mean reward + C sqrt(ln N / n) with C = 0.7,
//! unvisited children first; the move played is the most visited child.
//!
//! The hybrid (issue 29, fourteenth pass) values a new leaf with hard's own
//! evaluation (`Weights::HARD`, read through the public `ai::eval`), squashed to
//! a win probability 1 / (1 + exp(-points / `--squash`)), instead of or mixed
//! with the random playout: `--eval-weight 1` the evaluation alone, `0.5` half
//! of each, `0` (the default) plain UCT as above. `--minimax A` adds implicit
//! minimax backups (Lanctot et al. 2014): each node also keeps the minimax of
//! its children's leaf values, and a child is chosen by (1 - A) mean + A
//! minimax + C sqrt(ln N / n); `--c` sets C. The end of a game is always valued
//! exactly. `--exchange` measures the variant's own rate. `--hard-from N`
//! (with `--against` and `--nodes`) grafts MCTS onto hard: hard plays MCTS's
//! side from N empty sections down, as hard's heuristic range ends at 26.

use std::time::Instant;

use clap::Parser;
use hijara::ai::eval::{SCALE, Weights, evaluate_with};
use hijara::ai::{AiSettings, Engine, Level, SearchLimit};
use hijara::rules::{Move, Player, Position};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng, rngs::SmallRng};

#[path = "support/seeds.rs"]
mod seeds;
#[path = "support/stats.rs"]
mod stats;
use seeds::side_seed;
use stats::score_interval;

#[derive(Parser)]
struct Args {
    /// Games per colour.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Hard's CPU time per move, in milliseconds (as nodes).
    #[arg(long, default_value_t = 100)]
    ms: u64,
    /// MCTS thinks this many times as long as hard.
    #[arg(long, default_value_t = 1.0)]
    factor: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print each game's result and moves.
    #[arg(long)]
    verbose: bool,
    /// Hard's colour: `blue`, `yellow` or `both`.
    #[arg(long, default_value = "both", value_parser = ["blue", "yellow", "both"])]
    colour: String,
    /// Forced first plies, as moves separated by spaces.
    #[arg(long, value_name = "MOVES")]
    opening: Option<String>,
    /// Hard's nodes a move, instead of `--ms` worth at the measured rate.
    #[arg(long)]
    nodes: Option<u64>,
    /// MCTS's playouts a move, instead of `--factor` times `--ms` worth.
    #[arg(long)]
    playouts: Option<u64>,
    /// The level MCTS plays against.
    #[arg(long, value_enum, default_value_t = Level::Hard)]
    against: Level,
    /// Measure the exchange rate over this many games a colour, and play none.
    #[arg(long, value_name = "GAMES")]
    exchange: Option<u64>,
    /// MCTS's exploration constant C.
    #[arg(long, default_value_t = 0.7)]
    c: f64,
    /// The hybrid: hard's evaluation's share of a leaf's value (0 random
    /// playouts alone, as before; 1 the evaluation alone).
    #[arg(long, default_value_t = 0.0)]
    eval_weight: f64,
    /// The hybrid: points of hard's evaluation per unit of logit.
    #[arg(long, default_value_t = 10.0)]
    squash: f64,
    /// The hybrid: the implicit minimax backup's weight in selection.
    #[arg(long, default_value_t = 0.0)]
    minimax: f64,
    /// The graft: with `--against`, hard at `--nodes` plays MCTS's moves from
    /// this many empty sections down (MCTS only the moves above).
    #[arg(long, value_name = "EMPTY")]
    hard_from: Option<u32>,
}

impl Args {
    /// MCTS's settings at `playouts` iterations a move.
    fn search(&self, playouts: u64) -> Search {
        Search {
            playouts,
            c: self.c,
            eval_weight: self.eval_weight,
            squash: self.squash,
            minimax: self.minimax,
        }
    }
}

/// Prints the exchange rate: hard at `nodes` a move against medium for `games`
/// games a colour; at each of hard's moves, hard's CPU time for its move and
/// MCTS's for `playouts` playouts on the same position.
fn exchange(games: u64, nodes: u64, search: &Search, seed: u64) {
    let playouts = search.playouts;
    let clock = || cpu_ms().expect("--exchange needs Linux's per-thread CPU time");
    let (mut hard_ms, mut hard_nodes, mut moves) = (0.0, 0u64, 0u64);
    let mut mcts_ms = 0.0;
    // Per phase (empty sections 49-64, 33-48, 17-32, 1-16): hard ms, MCTS ms, moves.
    let mut phases = [(0.0, 0.0, 0u64); 4];
    for hard_side in Player::BOTH {
        for g in 0..games {
            let mut hard = Engine::new(AiSettings {
                seed: side_seed(seed, g, hard_side),
                threads: Some(1),
                ..AiSettings::new(Level::Hard)
            });
            let mut medium = Engine::new(AiSettings {
                seed: side_seed(seed, g, hard_side.other()),
                threads: Some(1),
                ..AiSettings::new(Level::Medium)
            });
            let mut rng = SmallRng::seed_from_u64(side_seed(seed, g, hard_side) ^ 0x5eed);
            let mut position = Position::new();
            while !position.is_over() {
                let mv = if position.to_move() == hard_side {
                    let start = clock();
                    let d = hard.decide(&position, &SearchLimit::nodes(nodes));
                    let h = clock() - start;
                    let start = clock();
                    mcts(&position, search, &mut rng);
                    let m = clock() - start;
                    let band = ((64 - position.empty_sections()) / 16).min(3) as usize;
                    let phase = &mut phases[band];
                    *phase = (phase.0 + h, phase.1 + m, phase.2 + 1);
                    hard_ms += h;
                    mcts_ms += m;
                    moves += 1;
                    d.map(|d| {
                        hard_nodes += d.nodes;
                        d.mv
                    })
                } else {
                    medium.choose(&position, &SearchLimit::NONE)
                };
                let Some(mv) = mv else { break };
                position.play_unchecked(mv);
            }
        }
    }
    let n = moves as f64;
    let rate = playouts as f64 * n / mcts_ms;
    println!(
        "hard at {nodes} nodes a move: {moves} moves, {:.0} nodes and {:.3} CPU ms a move on average; MCTS at {playouts} playouts: {rate:.1} playouts per CPU ms; equal work: {:.0} playouts a move ({:.2} nodes a playout)",
        hard_nodes as f64 / n,
        hard_ms / n,
        rate * hard_ms / n,
        nodes as f64 / (rate * hard_ms / n)
    );
    for (i, (h, m, k)) in phases.iter().enumerate() {
        if *k > 0 {
            println!(
                "  {}-{} empty sections: {k} moves, hard {:.3} CPU ms a move, MCTS {:.1} playouts per CPU ms",
                [49, 33, 17, 1][i],
                [64, 48, 32, 16][i],
                h / *k as f64,
                playouts as f64 * *k as f64 / m
            );
        }
    }
}

/// This thread's CPU time so far, in milliseconds (Linux; `None` elsewhere).
fn cpu_ms() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(s.split_whitespace().next()?.parse::<f64>().ok()? / 1e6)
}

struct Node {
    position: Position,
    /// The move into this node (none at the root).
    mv: Option<Move>,
    children: Vec<usize>,
    /// Moves not yet expanded.
    untried: Vec<Move>,
    visits: f64,
    /// Total reward for the player who moved into this node.
    reward: f64,
    /// The implicit minimax value for the player who moved into this node:
    /// its leaf value until it has children, then the best of theirs for the
    /// side to move here (only kept when [`Search::minimax`] is not 0).
    minimax: f64,
}

/// The reward of a finished game for `player`.
fn reward(position: &Position, player: Player) -> f64 {
    match position.margin(player).signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// One MCTS player's settings. [`Search::uct`] is the plain UCT of the
/// thirteenth pass; the hybrid (issue 29, fourteenth pass) values leaves with
/// hard's evaluation instead of, or mixed with, a random playout.
#[derive(Debug, Clone, Copy)]
struct Search {
    /// Iterations (selection, expansion, leaf value, backup) a move.
    playouts: u64,
    /// The exploration constant C in mean + C sqrt(ln N / n).
    c: f64,
    /// The evaluation's share of a leaf's value: 0 a random playout's result
    /// alone, 1 the evaluation alone (no playout), between a mix.
    eval_weight: f64,
    /// Points of evaluation that make a logit of 1: a leaf's win probability
    /// for the side to move is 1 / (1 + exp(-value / squash)).
    squash: f64,
    /// The implicit minimax backup's weight in selection (Lanctot et al. 2014):
    /// a child is chosen by (1 - a) mean + a minimax + C sqrt(ln N / n).
    minimax: f64,
}

impl Search {
    /// Plain UCT with random playouts and C = 0.7 (the default settings).
    #[cfg(test)]
    fn uct(playouts: u64) -> Search {
        Search {
            playouts,
            c: 0.7,
            eval_weight: 0.0,
            squash: 10.0,
            minimax: 0.0,
        }
    }

    /// Whether leaves are valued by the evaluation at all.
    fn uses_eval(&self) -> bool {
        self.eval_weight > 0.0 || self.minimax > 0.0
    }

    /// Hard's evaluation of `position` as a win probability for the player who
    /// moved into it (exact at the end of the game).
    fn eval_value(&self, position: &Position) -> f64 {
        let mover = position.to_move().other();
        if position.is_over() {
            return reward(position, mover);
        }
        // From the side to move's view, in evaluation units (tenths of a point).
        let value = evaluate_with(position, &Weights::HARD) as f64 / SCALE as f64;
        1.0 / (1.0 + (value / self.squash).exp())
    }
}

/// One MCTS player's search: the move after `search.playouts` iterations from `root`.
fn mcts(root: &Position, search: &Search, rng: &mut SmallRng) -> Option<Move> {
    let mut nodes = vec![Node {
        position: *root,
        mv: None,
        children: Vec::new(),
        untried: root.legal_moves().collect(),
        visits: 0.0,
        reward: 0.0,
        minimax: 0.5,
    }];
    if nodes[0].untried.is_empty() {
        return None;
    }
    let (c, a) = (search.c, search.minimax);
    let mut moves: Vec<Move> = Vec::with_capacity(16);
    for _ in 0..search.playouts {
        // Selection.
        let mut path = vec![0];
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let ln_n = nodes[at].visits.ln();
            at = *nodes[at]
                .children
                .iter()
                .max_by(|&&x, &&y| {
                    let ucb = |i: usize| {
                        let n = &nodes[i];
                        (1.0 - a) * n.reward / n.visits
                            + a * n.minimax
                            + c * (ln_n / n.visits).sqrt()
                    };
                    ucb(x).total_cmp(&ucb(y))
                })
                .expect("a node with children");
            path.push(at);
        }
        // Expansion.
        if !nodes[at].untried.is_empty() {
            let i = rng.random_range(0..nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(i);
            let mut position = nodes[at].position;
            position.play_unchecked(mv);
            let minimax = if search.uses_eval() {
                search.eval_value(&position)
            } else {
                0.5
            };
            nodes.push(Node {
                position,
                mv: Some(mv),
                children: Vec::new(),
                untried: position.legal_moves().collect(),
                visits: 0.0,
                reward: 0.0,
                minimax,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            path.push(child);
            at = child;
        }
        // The leaf's value for the player who moved into it.
        let leaf = nodes[at].position;
        let leaf_mover = leaf.to_move().other();
        let value = if leaf.is_over() {
            reward(&leaf, leaf_mover)
        } else {
            let evaluated = if search.eval_weight > 0.0 {
                // The expansion valued the new node (a leaf is new unless it is
                // the game's end or the root).
                if at != 0 {
                    nodes[at].minimax
                } else {
                    search.eval_value(&leaf)
                }
            } else {
                0.0
            };
            let played = if search.eval_weight < 1.0 {
                let mut position = leaf;
                while !position.is_over() {
                    moves.clear();
                    moves.extend(position.legal_moves());
                    let &mv = moves.choose(rng).expect("a legal move");
                    position.play_unchecked(mv);
                }
                reward(&position, leaf_mover)
            } else {
                0.0
            };
            search.eval_weight * evaluated + (1.0 - search.eval_weight) * played
        };
        // Backpropagation: each node's reward is for the player who moved into it.
        for &i in path.iter().rev() {
            let node = &mut nodes[i];
            node.visits += 1.0;
            if i != 0 {
                let mover = node.position.to_move().other();
                node.reward += if mover == leaf_mover {
                    value
                } else {
                    1.0 - value
                };
            }
        }
        if a > 0.0 {
            // The implicit minimax values, from the leaf's parent up.
            for &i in path.iter().rev().skip(1) {
                let best = nodes[i]
                    .children
                    .iter()
                    .map(|&k| nodes[k].minimax)
                    .fold(0.0, f64::max);
                nodes[i].minimax = 1.0 - best;
            }
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|&&x, &&y| nodes[x].visits.total_cmp(&nodes[y].visits))
        .and_then(|&i| nodes[i].mv)
}

/// Hard's nodes and MCTS's playouts per CPU millisecond, from a few positions.
fn rates(rng: &mut SmallRng, search: &Search) -> (f64, f64) {
    let mut position = Position::new();
    for _ in 0..12 {
        let moves: Vec<Move> = position.legal_moves().collect();
        position.play_unchecked(*moves.choose(rng).expect("a move"));
    }
    let mut hard = Engine::new(AiSettings {
        threads: Some(1),
        ..AiSettings::new(Level::Hard)
    });
    let start = cpu_ms().unwrap_or(0.0);
    let wall = Instant::now();
    let d = hard
        .decide(&position, &SearchLimit::nodes(400_000))
        .expect("a move");
    let hard_ms = cpu_ms().map_or(wall.elapsed().as_secs_f64() * 1000.0, |c| c - start);
    let start = cpu_ms().unwrap_or(0.0);
    let wall = Instant::now();
    mcts(
        &position,
        &Search {
            playouts: 20_000,
            ..*search
        },
        rng,
    );
    let mcts_ms = cpu_ms().map_or(wall.elapsed().as_secs_f64() * 1000.0, |c| c - start);
    (d.nodes as f64 / hard_ms, 20_000.0 / mcts_ms)
}

fn main() {
    let args = Args::parse();
    if let Some(games) = args.exchange {
        exchange(
            games,
            args.nodes.unwrap_or(10_000),
            &args.search(args.playouts.unwrap_or(3_000)),
            args.seed,
        );
        return;
    }
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let (hard_rate, mcts_rate) = rates(&mut rng, &args.search(20_000));
    let hard_nodes = args.nodes.unwrap_or((hard_rate * args.ms as f64) as u64);
    let playouts = args
        .playouts
        .unwrap_or((mcts_rate * args.ms as f64 * args.factor) as u64);
    let search = args.search(playouts);
    if search.uses_eval() || search.c != 0.7 {
        println!("MCTS settings: {search:?}");
    }
    if let Some(n) = args.hard_from {
        println!("hard at {hard_nodes} nodes plays MCTS's side from {n} empty sections down");
    }
    let opening: Vec<Move> = match args
        .opening
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .map(str::parse)
        .collect()
    {
        Ok(moves) => moves,
        Err(e) => {
            eprintln!("--opening: {e}");
            std::process::exit(2);
        }
    };
    let fixed = |given: bool| {
        if given {
            "fixed, not from the rate"
        } else {
            "from the rate"
        }
    };
    let opening_note = args
        .opening
        .as_ref()
        .map_or(String::new(), |o| format!("; opening {o}"));
    if args.against == Level::Hard {
        println!(
            "hard {hard_rate:.0} nodes per CPU ms, {hard_nodes} nodes a move ({} ms, {}); MCTS {mcts_rate:.1} playouts per CPU ms, {playouts} a move ({} ms, {}){opening_note}",
            args.ms,
            fixed(args.nodes.is_some()),
            args.ms as f64 * args.factor,
            fixed(args.playouts.is_some()),
        );
    } else {
        // Only hard has a budget; the other levels search to their fixed depth.
        println!(
            "MCTS {mcts_rate:.1} playouts per CPU ms, {playouts} a move ({} ms, {}); {} searches its fixed depth{opening_note}",
            args.ms as f64 * args.factor,
            fixed(args.playouts.is_some()),
            args.against
        );
    }
    for hard_side in Player::BOTH {
        if args.colour != "both" && args.colour != hard_side.name() {
            continue;
        }
        let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
        let mut scores = Vec::new();
        for g in 0..args.games {
            let seed = args.seed.wrapping_mul(1000).wrapping_add(g);
            // Hard keeps the seeds of the earlier logs; another level gets `strength`'s.
            let level_seed = if args.against == Level::Hard {
                seed
            } else {
                side_seed(args.seed, g, hard_side)
            };
            let mut hard = Engine::new(AiSettings {
                seed: level_seed,
                threads: Some(1),
                ..AiSettings::new(args.against)
            });
            let mut mcts_rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
            // The graft's hard, seeded as `strength` seeds hard on MCTS's side.
            let mut graft = Engine::new(AiSettings {
                seed: side_seed(args.seed, g, hard_side.other()),
                threads: Some(1),
                ..AiSettings::new(Level::Hard)
            });
            let mut position = Position::new();
            let mut moves = Vec::new();
            for &mv in &opening {
                if position.play(mv).is_err() {
                    eprintln!("--opening: {mv} is not a legal move there");
                    std::process::exit(2);
                }
                moves.push(mv.to_string());
            }
            while !position.is_over() {
                let mv = if position.to_move() == hard_side {
                    hard.choose(&position, &SearchLimit::nodes(hard_nodes))
                } else if args
                    .hard_from
                    .is_some_and(|n| position.empty_sections() <= n)
                {
                    graft.choose(&position, &SearchLimit::nodes(hard_nodes))
                } else {
                    mcts(&position, &search, &mut mcts_rng)
                };
                let Some(mv) = mv else { break };
                position.play_unchecked(mv);
                moves.push(mv.to_string());
            }
            let m = position.margin(hard_side);
            margin += i64::from(m);
            let score = match m.signum() {
                1 => {
                    wins += 1;
                    1.0
                }
                0 => {
                    draws += 1;
                    0.5
                }
                _ => {
                    losses += 1;
                    0.0
                }
            };
            scores.push(score);
            if args.verbose {
                println!("{} as {hard_side}, game {g}: {m:+}", args.against);
                println!(
                    "game {}{g}: {}-{} {}",
                    &hard_side.name()[..1].to_uppercase(),
                    position.score(Player::Blue),
                    position.score(Player::Yellow),
                    moves.join(" ")
                );
            }
        }
        let n = scores.len() as f64;
        let (mean, low, high) = score_interval(&scores);
        println!(
            "{} as {hard_side} vs MCTS at {}x its time: {wins} W, {draws} D, {losses} L of {}: score {:.1}% (95% CI {:.1}-{:.1}%), average margin {:+.1}",
            args.against,
            args.factor,
            args.games,
            100.0 * mean,
            100.0 * low,
            100.0 * high,
            margin as f64 / n
        );
        if args.against != Level::Hard {
            // The same games from MCTS's side: the interval turned over.
            println!(
                "MCTS as {} vs {} ({playouts} playouts a move): {losses} W, {draws} D, {wins} L of {}: score {:.2}% (95% CI {:.1}-{:.1}%), average margin {:+.1}",
                hard_side.other(),
                args.against,
                args.games,
                100.0 * (1.0 - mean),
                100.0 * (1.0 - high),
                100.0 * (1.0 - low),
                -margin as f64 / n
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hijara::ai::{SolveFor, Wdl, solve};

    /// A position `plies` random moves into a game.
    fn random_position(seed: u64, plies: usize) -> Position {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut position = Position::new();
        for _ in 0..plies {
            let moves: Vec<Move> = position.legal_moves().collect();
            position.play_unchecked(*moves.choose(&mut rng).expect("a move"));
        }
        position
    }

    /// The exact outcome for `position`'s mover after it plays `mv`.
    fn outcome_after(position: &Position, mv: Move) -> Wdl {
        let mut after = *position;
        after.play_unchecked(mv);
        if after.is_over() {
            return match after.margin(position.to_move()).signum() {
                1 => Wdl::Win,
                0 => Wdl::Draw,
                _ => Wdl::Loss,
            };
        }
        match solve(&after, SolveFor::Outcome, &SearchLimit::NONE, 1)
            .expect("solved")
            .wdl
        {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }

    #[test]
    fn the_evaluation_is_a_win_probability_for_the_player_who_moved() {
        let search = Search {
            eval_weight: 1.0,
            ..Search::uct(1)
        };
        // The empty board is worth nothing to either side (HARD has no colour term).
        assert_eq!(search.eval_value(&Position::new()), 0.5);
        // The end of a game is its exact result for the player who moved last.
        let end = random_position(7, 64);
        assert!(end.is_over());
        let last = end.to_move().other();
        assert_eq!(search.eval_value(&end), reward(&end, last));
        // Elsewhere: the evaluation from the side to move's view, turned round.
        let mut checked = 0;
        for seed in 0..40 {
            let position = random_position(seed, 40);
            let value = evaluate_with(&position, &Weights::HARD);
            let p = search.eval_value(&position);
            assert!(p > 0.0 && p < 1.0);
            match value.signum() {
                1 => assert!(p < 0.5, "seed {seed}: {value} gave {p}"),
                -1 => assert!(p > 0.5, "seed {seed}: {value} gave {p}"),
                _ => assert_eq!(p, 0.5),
            }
            checked += usize::from(value != 0);
        }
        assert!(checked > 30);
    }

    #[test]
    fn uct_and_the_hybrid_keep_the_exact_outcome_near_the_end() {
        let hybrid = Search {
            eval_weight: 1.0,
            minimax: 0.5,
            ..Search::uct(3000)
        };
        let mixed = Search {
            eval_weight: 0.5,
            ..Search::uct(3000)
        };
        // Only positions where a move can lose the best outcome test the choice:
        // the first eight of them among random games' positions at 6 empty sections.
        let mut decisive = 0;
        for seed in 0..400 {
            let position = random_position(100 + seed, 58);
            let outcomes: Vec<Wdl> = position
                .legal_moves()
                .map(|mv| outcome_after(&position, mv))
                .collect();
            let best = *outcomes.iter().max().expect("a move");
            if outcomes.iter().all(|&o| o == best) {
                continue;
            }
            decisive += 1;
            for (name, search) in [
                ("uct", Search::uct(3000)),
                ("hybrid", hybrid),
                ("mixed", mixed),
            ] {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mv = mcts(&position, &search, &mut rng).expect("a move");
                assert_eq!(outcome_after(&position, mv), best, "{name}, seed {seed}");
            }
            if decisive == 8 {
                break;
            }
        }
        assert_eq!(decisive, 8);
    }
}
