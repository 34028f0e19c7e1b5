//! The proof range (issue 16 point 3): at each number of empty sections, how
//! many positions from real games hard proves (win/draw/loss) within its
//! budget, and how many nodes a proof takes.
//!
//! ```sh
//! cargo build --profile test --features tools --example proof_range
//! # once: positions from hard (100,000 nodes a move) against medium, both colours
//! target/debug/examples/proof_range generate --games 12 --out docs/ai-proof-positions.txt
//! # load-independent: nodes per proof (1 thread, fresh table) and hard's
//! # decision at a node budget (1 thread)
//! nice -n 10 target/debug/examples/proof_range measure --positions docs/ai-proof-positions.txt \
//!     --cap 20000000 --budget-nodes 3000000
//! # on the clock: hard's decision at 1 s on 2 threads (depends on the load)
//! nice -n 10 target/debug/examples/proof_range measure --positions docs/ai-proof-positions.txt \
//!     --cap 0 --budget-nodes 0 --think-ms 1000 --threads 2
//! ```
//!
//! Each position's line in the file is its moves from the start (`a1 d4 ...`).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::{Parser, Subcommand};
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, SolveFor, mirror, solve};
use hijara::rules::{Player, Position, Square};

#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays hard against medium (both colours) and writes the positions met
    /// at the chosen numbers of empty sections.
    Generate {
        /// Games per colour.
        #[arg(long, default_value_t = 12)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Hard's node budget per move (one thread).
        #[arg(long, default_value_t = 100_000)]
        nodes: u64,
        #[arg(long, value_delimiter = ',', default_value = "20,22,24,25,26")]
        depths: Vec<u32>,
        #[arg(long)]
        out: PathBuf,
    },
    /// Measures each position of a file written by `generate`.
    Measure {
        #[arg(long)]
        positions: PathBuf,
        /// Node cap of the plain win/draw/loss solve (one thread, fresh
        /// table); 0 skips it.
        #[arg(long, default_value_t = 20_000_000)]
        cap: u64,
        /// Node cap of the plain exact margin solve (`SolveFor::Margin`, one
        /// thread, fresh table); 0 (the default) skips it.
        #[arg(long, default_value_t = 0)]
        margin_cap: u64,
        /// Hard's decision with this node budget (over all its threads); 0 skips it.
        #[arg(long, default_value_t = 0)]
        budget_nodes: u64,
        /// Threads for the node-budget decision (more than one: not reproducible).
        #[arg(long, default_value_t = 1)]
        budget_threads: usize,
        /// Hard's decision with this thinking time on `--threads` threads.
        #[arg(long)]
        think_ms: Option<u64>,
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Only positions with these numbers of empty sections.
        #[arg(long, value_delimiter = ',')]
        depths: Vec<u32>,
        /// Print a line per position.
        #[arg(long)]
        verbose: bool,
    },
}

fn medium_or_hard(level: Level, seed: u64) -> Engine {
    Engine::new(AiSettings {
        level,
        think_ms: None,
        seed,
        threads: Some(1),
    })
}

fn generate(
    games: u64,
    seed: u64,
    nodes: u64,
    depths: &[u32],
    out: &PathBuf,
) -> anyhow::Result<()> {
    let mut file = std::fs::File::create(out).with_context(|| format!("{}", out.display()))?;
    let limit = SearchLimit::nodes(nodes);
    let mut count = 0;
    for hard_side in Player::BOTH {
        for game in 0..games {
            let game_seed = seed.wrapping_mul(1000).wrapping_add(game);
            let mut engines = Player::BOTH.map(|p| {
                let level = if p == hard_side {
                    Level::Hard
                } else {
                    Level::Medium
                };
                medium_or_hard(level, game_seed)
            });
            let mut position = Position::new();
            let mut moves: Vec<Square> = Vec::new();
            while !position.is_over() {
                if depths.contains(&position.empty_sections()) {
                    let line: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    writeln!(file, "{}", line.join(" "))?;
                    count += 1;
                }
                let engine = &mut engines[position.to_move().index()];
                let mv = engine.choose(&position, &limit).context("a move")?;
                position.play(mv)?;
                moves.push(mv);
            }
        }
    }
    println!("{count} positions written to {}", out.display());
    Ok(())
}

fn read_positions(path: &PathBuf) -> anyhow::Result<Vec<Position>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut position = Position::new();
        for word in line.split_whitespace() {
            let square: Square = word
                .parse()
                .map_err(|e| anyhow::anyhow!("{}:{}: {word}: {e}", path.display(), i + 1))?;
            position.play(square)?;
        }
        positions.push(position);
    }
    Ok(positions)
}

/// Per number of empty sections.
#[derive(Default)]
struct Row {
    positions: u32,
    on_mirror_line: u32,
    /// Positions that one of the 7 other board symmetries maps onto themselves.
    symmetric: u32,
    /// Positions whose stones do not clash with their image under some other
    /// symmetry: only their trees can hold two positions that are images of
    /// each other (both contain the root's stones and its image's).
    sym_compatible: u32,
    /// Nodes of each finished plain solve (`None`: not within the cap).
    proof_nodes: Vec<Option<u64>>,
    solve_secs: f64,
    solve_cpu_secs: f64,
    solve_nodes: u64,
    /// Nodes of each finished plain margin solve (`None`: not within the cap).
    margin_nodes: Vec<Option<u64>>,
    budget_proven: u32,
    budget_margin: u32,
    timed_proven: u32,
    timed_margin: u32,
    timed_ms: Vec<f64>,
    timed_nodes: u64,
}

/// Square index `i` under board symmetry `k` (0 = identity, 8 in all).
fn sym_square(k: usize, i: usize) -> usize {
    let (c, r) = (i % 4, i / 4);
    let (c, r) = match k {
        0 => (c, r),
        1 => (3 - c, r),
        2 => (c, 3 - r),
        3 => (3 - c, 3 - r),
        4 => (r, c),
        5 => (3 - r, c),
        6 => (r, 3 - c),
        _ => (3 - r, 3 - c),
    };
    r * 4 + c
}

/// A bitboard (4 sections a square) under symmetry `k`.
fn sym_stones(k: usize, bits: u64) -> u64 {
    (0..16).fold(0, |out, i| {
        out | ((bits >> (i * 4)) & 0xF) << (sym_square(k, i) * 4)
    })
}

/// This thread's time on a CPU so far, in seconds (Linux's schedstat; 0
/// elsewhere): nodes per CPU-second hardly depend on the machine's load,
/// unlike nodes per wall-clock second.
fn thread_cpu_secs() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

fn median(values: &[Option<u64>]) -> String {
    let mut v: Vec<u64> = values.iter().map(|x| x.unwrap_or(u64::MAX)).collect();
    if v.is_empty() {
        return "-".into();
    }
    v.sort_unstable();
    match v[(v.len() - 1) / 2] {
        u64::MAX => "over the cap".into(),
        n => format!("{n}"),
    }
}

fn main() -> anyhow::Result<()> {
    match Args::parse().command {
        Command::Generate {
            games,
            seed,
            nodes,
            depths,
            out,
        } => generate(games, seed, nodes, &depths, &out),
        Command::Measure {
            positions,
            cap,
            margin_cap,
            budget_nodes,
            budget_threads,
            think_ms,
            threads,
            depths,
            verbose,
        } => {
            let positions = read_positions(&positions)?;
            let mut rows: BTreeMap<u32, Row> = BTreeMap::new();
            for (i, position) in positions.iter().enumerate() {
                let empties = position.empty_sections();
                if !depths.is_empty() && !depths.contains(&empties) {
                    continue;
                }
                let row = rows.entry(empties).or_default();
                row.positions += 1;
                row.on_mirror_line += u32::from(mirror::mirror_move(position).is_some());
                let (blue, yellow) = (
                    position.stones(Player::Blue),
                    position.stones(Player::Yellow),
                );
                let images = (1..8).map(|k| (sym_stones(k, blue), sym_stones(k, yellow)));
                row.symmetric += u32::from(images.clone().any(|(b, y)| b == blue && y == yellow));
                row.sym_compatible += u32::from(
                    images
                        .clone()
                        .any(|(b, y)| b & yellow == 0 && y & blue == 0),
                );
                let mut line = format!("#{i:3} {empties} empty:");
                if cap > 0 {
                    let (start, cpu) = (Instant::now(), thread_cpu_secs());
                    // One thread: the solve runs on this thread.
                    let s = solve(position, SolveFor::Outcome, &SearchLimit::nodes(cap), 1);
                    row.solve_secs += start.elapsed().as_secs_f64();
                    row.solve_cpu_secs += thread_cpu_secs() - cpu;
                    let nodes = s.map(|s| s.nodes);
                    row.solve_nodes += nodes.unwrap_or(cap);
                    row.proof_nodes.push(nodes);
                    line += &match s {
                        Some(s) => format!(" solve {:?} {} nodes;", s.wdl, s.nodes),
                        None => " solve over the cap;".into(),
                    };
                }
                if margin_cap > 0 {
                    let s = solve(
                        position,
                        SolveFor::Margin,
                        &SearchLimit::nodes(margin_cap),
                        1,
                    );
                    row.margin_nodes.push(s.map(|s| s.nodes));
                    line += &match s {
                        Some(s) => format!(" margin {:?} {} nodes;", s.margin, s.nodes),
                        None => " margin over the cap;".into(),
                    };
                }
                if budget_nodes > 0 {
                    let mut hard = Engine::new(AiSettings {
                        level: Level::Hard,
                        think_ms: None,
                        seed: 1,
                        threads: Some(budget_threads),
                    });
                    let d = hard
                        .decide(position, &SearchLimit::nodes(budget_nodes))
                        .context("a move")?;
                    row.budget_proven += u32::from(d.solved.is_some());
                    row.budget_margin += u32::from(d.margin.is_some());
                    line += &format!(
                        " {budget_nodes} nodes on {budget_threads} threads: proved {:?}, margin {:?}, {} nodes;",
                        d.solved, d.margin, d.nodes
                    );
                }
                if let Some(ms) = think_ms {
                    let mut hard = Engine::new(AiSettings {
                        level: Level::Hard,
                        think_ms: Some(ms),
                        seed: 1,
                        threads: Some(threads),
                    });
                    let start = Instant::now();
                    let d = hard
                        .decide(position, &SearchLimit::millis(ms))
                        .context("a move")?;
                    let took = start.elapsed().as_secs_f64() * 1000.0;
                    row.timed_proven += u32::from(d.solved.is_some());
                    row.timed_margin += u32::from(d.margin.is_some());
                    row.timed_ms.push(took);
                    row.timed_nodes += d.nodes;
                    line += &format!(
                        " {ms} ms on {threads} threads: proved {:?}, margin {:?} in {took:.0} ms, {} nodes",
                        d.solved, d.margin, d.nodes
                    );
                }
                if verbose {
                    println!("{line}");
                }
            }
            for (empties, row) in &rows {
                println!(
                    "{empties} empty: {} of {} positions symmetric, {} compatible with an image",
                    row.symmetric, row.positions, row.sym_compatible
                );
            }
            if margin_cap > 0 {
                println!(
                    "| empty | plain margin solve within {margin_cap} nodes | median nodes | total nodes (over the cap counted as the cap) |"
                );
                println!("|---|---|---|---|");
                for (empties, row) in &rows {
                    let total: u64 = row
                        .margin_nodes
                        .iter()
                        .map(|n| n.unwrap_or(margin_cap))
                        .sum();
                    println!(
                        "| {empties} | {} of {} | {} | {total} |",
                        row.margin_nodes.iter().flatten().count(),
                        row.margin_nodes.len(),
                        median(&row.margin_nodes),
                    );
                }
            }
            println!(
                "| empty | positions (on mirror line) | plain solve proved within {cap} nodes | median nodes per proof | total nodes (over the cap counted as the cap) | 1-thread solve speed (wall; CPU) | hard proved at {budget_nodes} nodes (and its margin) | hard proved in {} ms on {threads} threads (and its margin) | slowest move | nodes/s |",
                think_ms.unwrap_or(0)
            );
            println!("|---|---|---|---|---|---|---|---|---|---|");
            for (empties, row) in &rows {
                let proved = row.proof_nodes.iter().flatten().count();
                let max_ms = row.timed_ms.iter().copied().fold(0.0, f64::max);
                let timed_secs: f64 = row.timed_ms.iter().sum::<f64>() / 1000.0;
                println!(
                    "| {empties} | {} ({}) | {proved} of {} | {} | {} | {:.2}; {:.2} M nodes/s | {} ({}) of {} | {} ({}) of {} | {max_ms:.0} ms | {:.2} M |",
                    row.positions,
                    row.on_mirror_line,
                    row.proof_nodes.len(),
                    median(&row.proof_nodes),
                    row.solve_nodes,
                    row.solve_nodes as f64 / row.solve_secs.max(1e-9) / 1e6,
                    row.solve_nodes as f64 / row.solve_cpu_secs.max(1e-9) / 1e6,
                    row.budget_proven,
                    row.budget_margin,
                    row.positions,
                    row.timed_proven,
                    row.timed_margin,
                    row.timed_ms.len(),
                    row.timed_nodes as f64 / timed_secs.max(1e-9) / 1e6,
                );
            }
            Ok(())
        }
    }
}
