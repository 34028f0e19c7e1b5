//! Node-limited matches between two `hijara engine` processes, which may be
//! different builds (say today's hard against the previous commit's), with the
//! results per colour and a 95% confidence interval, hard's copy rate as Yellow
//! and the distribution of move times.
//!
//! ```sh
//! cargo build --profile test --bin hijara --features tools --example strength
//! target/debug/examples/strength --blue-engine OLD/hijara --blue hard \
//!     --yellow-engine target/debug/hijara --yellow hard --games 100 --nodes 20000
//! ```
//!
//! Each engine runs with `threads 1` and `nodes N` (hard's node budget per move),
//! so a match is the same every run whatever the machine's load; only the move
//! times vary. Game `g` seeds each side from `--seed`, `g` and its colour.
//! `--opening "a1 d1,a1 a4"` forces the first plies (both engines are told
//! them), game `g` taking the openings in turn, to measure a few openings alone.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;
use hijara::rules::{Player, Position, Ruleset, Square};

#[path = "support/engine.rs"]
mod engine;
#[path = "support/seeds.rs"]
mod seeds;
#[path = "support/stats.rs"]
mod stats;
use engine::Engine;
use seeds::side_seed;
use stats::{percentile, score_interval, wilson};

#[derive(Parser)]
struct Args {
    /// The `hijara` binary that plays Blue.
    #[arg(long)]
    blue_engine: PathBuf,
    /// Blue's level.
    #[arg(long)]
    blue: String,
    /// The `hijara` binary that plays Yellow [default: Blue's].
    #[arg(long)]
    yellow_engine: Option<PathBuf>,
    /// Yellow's level.
    #[arg(long)]
    yellow: String,
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Hard's node budget per move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Hard's thinking time per move instead of the node budget (not reproducible:
    /// for the distribution of move times on the clock).
    #[arg(long, value_name = "MS")]
    think_ms: Option<u64>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// `standard` or `corners`.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Print every game's moves and totals.
    #[arg(long)]
    verbose: bool,
    /// Forced first plies, as moves separated by spaces; several openings
    /// separated by commas are played in turn (game `g` plays opening `g` mod
    /// their count). Both engines are told the moves; then they play on. The
    /// copy rate counts only the moves the engines chose.
    #[arg(long, value_name = "MOVES")]
    opening: Option<String>,
}

/// The openings of `--opening`: each a list of squares.
fn parse_openings(text: &str) -> anyhow::Result<Vec<Vec<Square>>> {
    text.split(',')
        .map(|line| {
            line.split_whitespace()
                .map(|m| m.parse().map_err(|e| anyhow::anyhow!("{m}: {e}")))
                .collect()
        })
        .collect()
}

/// `binary` as one side: its level, budget and rules set.
fn engine_for(binary: &Path, level: &str, budget: &str, variant: &str) -> anyhow::Result<Engine> {
    let mut engine = Engine::start(binary, &["--threads", "1"])?;
    engine.send(&format!("variant {variant}"))?;
    engine.send(&format!("level {level}"))?;
    engine.send(budget)?;
    Ok(engine)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let ruleset: Ruleset = args.variant.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
    let yellow_engine = args
        .yellow_engine
        .clone()
        .unwrap_or(args.blue_engine.clone());
    let budget = match args.think_ms {
        Some(ms) => format!("time_per_move {ms}"),
        None => format!("nodes {}", args.nodes),
    };
    let openings = match &args.opening {
        Some(text) => parse_openings(text)?,
        None => vec![Vec::new()],
    };
    let mut engines = [
        engine_for(&args.blue_engine, &args.blue, &budget, &args.variant)?,
        engine_for(&yellow_engine, &args.yellow, &budget, &args.variant)?,
    ];
    let (mut wins, mut draws) = ([0u64; 2], 0u64);
    let mut yellow_scores = Vec::new();
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let (mut copies, mut early_yellow_moves) = (0u64, 0u64);
    let start = Instant::now();
    for game in 0..args.games {
        for player in Player::BOTH {
            let e = &mut engines[player.index()];
            e.send("clear_board")?;
            e.send(&format!("seed {}", side_seed(args.seed, game, player)))?;
        }
        let mut position = Position::with_ruleset(ruleset);
        let mut last_blue: Option<Square> = None;
        let mut moves = Vec::new();
        let mut yellow_moves = 0;
        for &square in &openings[(game % openings.len() as u64) as usize] {
            let colour = position.to_move().name();
            for e in &mut engines {
                e.send(&format!("play {colour} {square}"))?;
            }
            position.play(square)?;
            moves.push(square.to_string());
        }
        while !position.is_over() {
            let player = position.to_move();
            let colour = player.name();
            let before = Instant::now();
            let reply = engines[player.index()].send(&format!("genmove {colour}"))?;
            times[player.index()].push(before.elapsed().as_secs_f64() * 1000.0);
            let square: Square = reply.parse().map_err(|e| anyhow::anyhow!("{reply}: {e}"))?;
            engines[player.other().index()].send(&format!("play {colour} {square}"))?;
            position.play(square)?;
            moves.push(square.to_string());
            match player {
                Player::Blue => last_blue = Some(square),
                Player::Yellow => {
                    yellow_moves += 1;
                    if yellow_moves <= 19 {
                        early_yellow_moves += 1;
                        copies += u64::from(last_blue.map(Square::rotated) == Some(square));
                    }
                }
            }
        }
        let (blue, yellow) = (position.score(Player::Blue), position.score(Player::Yellow));
        match blue.cmp(&yellow) {
            std::cmp::Ordering::Greater => wins[0] += 1,
            std::cmp::Ordering::Less => wins[1] += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
        yellow_scores.push(match yellow.cmp(&blue) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        });
        if args.verbose {
            println!("game {game}: {blue}-{yellow} {}", moves.join(" "));
        }
    }
    let n = args.games;
    let (y_mean, y_low, y_high) = score_interval(&yellow_scores);
    let b_scores: Vec<f64> = yellow_scores.iter().map(|s| 1.0 - s).collect();
    let (b_mean, b_low, b_high) = score_interval(&b_scores);
    println!(
        "{} ({}) as Blue vs {} ({}) as Yellow, {n} games, `{budget}`, seed {}, {} ({:.0} s)",
        args.blue,
        args.blue_engine.display(),
        args.yellow,
        yellow_engine.display(),
        args.seed,
        args.variant,
        start.elapsed().as_secs_f64()
    );
    println!(
        "Blue {} wins, {draws} draws, {} losses: score {:.1}% (95% CI {:.1}-{:.1}%)",
        wins[0],
        wins[1],
        100.0 * b_mean,
        100.0 * b_low,
        100.0 * b_high
    );
    let (w_low, w_high) = wilson(wins[1] as usize, n as usize);
    println!(
        "Yellow {} wins, {draws} draws, {} losses: score {:.1}% (95% CI {:.1}-{:.1}%); wins {:.1}% (Wilson {:.1}-{:.1}%)",
        wins[1],
        wins[0],
        100.0 * y_mean,
        100.0 * y_low,
        100.0 * y_high,
        100.0 * wins[1] as f64 / n.max(1) as f64,
        w_low,
        w_high
    );
    println!(
        "Yellow copied Blue's move (its half-turn rotation) on {copies} of its first {early_yellow_moves} moves ({:.1}%; the first 19 of each game)",
        100.0 * copies as f64 / early_yellow_moves.max(1) as f64
    );
    for player in Player::BOTH {
        let t = &mut times[player.index()];
        t.sort_by(f64::total_cmp);
        let fast = t.iter().filter(|&&ms| ms < 5.0).count();
        println!(
            "{} move times (ms): p10 {:.1}, median {:.1}, p90 {:.1}, max {:.1}; {fast} of {} under 5 ms",
            player.name(),
            percentile(t, 10.0),
            percentile(t, 50.0),
            percentile(t, 90.0),
            percentile(t, 100.0),
            t.len()
        );
    }
    Ok(())
}
