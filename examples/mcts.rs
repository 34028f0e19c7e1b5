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

use std::time::Instant;

use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit};
use hijara::rules::{Move, Player, Position};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng, rngs::SmallRng};

#[path = "support/seeds.rs"]
mod seeds;
use seeds::side_seed;

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
}

/// Prints the exchange rate: hard at `nodes` a move against medium for `games`
/// games a colour; at each of hard's moves, hard's CPU time for its move and
/// MCTS's for `playouts` playouts on the same position.
fn exchange(games: u64, nodes: u64, playouts: u64, seed: u64) {
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
                    mcts(&position, playouts, &mut rng);
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
}

/// The reward of a finished game for `player`.
fn reward(position: &Position, player: Player) -> f64 {
    match position.margin(player).signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// One MCTS player's search: the move after `playouts` playouts from `root`.
fn mcts(root: &Position, playouts: u64, rng: &mut SmallRng) -> Option<Move> {
    let mut nodes = vec![Node {
        position: *root,
        mv: None,
        children: Vec::new(),
        untried: root.legal_moves().collect(),
        visits: 0.0,
        reward: 0.0,
    }];
    if nodes[0].untried.is_empty() {
        return None;
    }
    const C: f64 = 0.7;
    for _ in 0..playouts {
        // Selection.
        let mut path = vec![0];
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let ln_n = nodes[at].visits.ln();
            at = *nodes[at]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let ucb = |i: usize| {
                        let n = &nodes[i];
                        n.reward / n.visits + C * (ln_n / n.visits).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
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
            nodes.push(Node {
                position,
                mv: Some(mv),
                children: Vec::new(),
                untried: position.legal_moves().collect(),
                visits: 0.0,
                reward: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[at].children.push(child);
            path.push(child);
            at = child;
        }
        // Playout.
        let mut position = nodes[at].position;
        let mut moves: Vec<Move> = Vec::with_capacity(16);
        while !position.is_over() {
            moves.clear();
            moves.extend(position.legal_moves());
            let &mv = moves.choose(rng).expect("a legal move");
            position.play_unchecked(mv);
        }
        // Backpropagation: each node's reward is for the player who moved into it.
        for &i in &path {
            let node = &mut nodes[i];
            node.visits += 1.0;
            if i != 0 {
                // Who moved into the node: the other side of its mover.
                let mover = node.position.to_move().other();
                node.reward += reward(&position, mover);
            }
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|&&a, &&b| nodes[a].visits.total_cmp(&nodes[b].visits))
        .and_then(|&i| nodes[i].mv)
}

/// Hard's nodes and MCTS's playouts per CPU millisecond, from a few positions.
fn rates(rng: &mut SmallRng) -> (f64, f64) {
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
    mcts(&position, 20_000, rng);
    let mcts_ms = cpu_ms().map_or(wall.elapsed().as_secs_f64() * 1000.0, |c| c - start);
    (d.nodes as f64 / hard_ms, 20_000.0 / mcts_ms)
}

fn main() {
    let args = Args::parse();
    if let Some(games) = args.exchange {
        exchange(
            games,
            args.nodes.unwrap_or(10_000),
            args.playouts.unwrap_or(3_000),
            args.seed,
        );
        return;
    }
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let (hard_rate, mcts_rate) = rates(&mut rng);
    let hard_nodes = args.nodes.unwrap_or((hard_rate * args.ms as f64) as u64);
    let playouts = args
        .playouts
        .unwrap_or((mcts_rate * args.ms as f64 * args.factor) as u64);
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
                } else {
                    mcts(&position, playouts, &mut mcts_rng)
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
        let mean = scores.iter().sum::<f64>() / n;
        let sd =
            (scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
        let half = 1.96 * sd / n.sqrt();
        println!(
            "{} as {hard_side} vs MCTS at {}x its time: {wins} W, {draws} D, {losses} L of {}: score {:.1}% (95% CI {:.1}-{:.1}%), average margin {:+.1}",
            args.against,
            args.factor,
            args.games,
            100.0 * mean,
            100.0 * (mean - half).max(0.0),
            100.0 * (mean + half).min(1.0),
            margin as f64 / n
        );
        if args.against != Level::Hard {
            // The same games from MCTS's side (the interval's half-width is the same).
            println!(
                "MCTS as {} vs {} ({playouts} playouts a move): {losses} W, {draws} D, {wins} L of {}: score {:.2}% (95% CI {:.1}-{:.1}%), average margin {:+.1}",
                hard_side.other(),
                args.against,
                args.games,
                100.0 * (1.0 - mean),
                100.0 * (1.0 - mean - half).max(0.0),
                100.0 * (1.0 - mean + half).min(1.0),
                -margin as f64 / n
            );
        }
    }
}
