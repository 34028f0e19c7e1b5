//! Where hard's lost and drawn games went wrong: reads `strength --verbose`
//! output and, for every game the named colour did not win, solves the
//! positions with that colour to move at the chosen numbers of empty sections
//! (one thread, fresh table, a node cap), printing the outcome at each.
//!
//! ```sh
//! target/release/examples/strength ... --verbose > games.txt
//! target/release/examples/lost_games --games games.txt --colour blue --depths 26,24,22,20,18,16
//! ```

use std::path::PathBuf;

use anyhow::Context;
use clap::Parser;
use hijara::ai::{SearchLimit, SolveFor, Wdl, solve};
use hijara::rules::{Player, Position, Square};

#[derive(Parser)]
struct Args {
    /// A `strength --verbose` log: lines `game N: B-Y m1 m2 ...`.
    #[arg(long)]
    games: PathBuf,
    /// The colour whose non-wins are examined (`blue` or `yellow`).
    #[arg(long, default_value = "blue")]
    colour: String,
    #[arg(long, value_delimiter = ',', default_value = "26,24,22,20,18,16")]
    depths: Vec<u32>,
    /// Node cap per solve.
    #[arg(long, default_value_t = 5_000_000)]
    cap: u64,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let me = match args.colour.as_str() {
        "blue" => Player::Blue,
        "yellow" => Player::Yellow,
        other => anyhow::bail!("--colour {other}: blue or yellow"),
    };
    let text = std::fs::read_to_string(&args.games)
        .with_context(|| format!("{}", args.games.display()))?;
    for (n, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("game ") else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let id = words.next().unwrap_or("?").trim_end_matches(':');
        let totals = words.next().unwrap_or("");
        let (b, y) = totals.split_once('-').context("totals")?;
        let (b, y): (i32, i32) = (b.parse()?, y.parse()?);
        let mine = if me == Player::Blue { b - y } else { y - b };
        if mine > 0 {
            continue;
        }
        let mut position = Position::new();
        let mut out = format!("game {id} ({totals}):");
        for word in words {
            let e = position.empty_sections();
            if position.to_move() == me && args.depths.contains(&e) {
                let s = solve(
                    &position,
                    SolveFor::Outcome,
                    &SearchLimit::nodes(args.cap),
                    1,
                );
                let tag = match s.map(|s| s.wdl) {
                    Some(Wdl::Win) => "W",
                    Some(Wdl::Draw) => "D",
                    Some(Wdl::Loss) => "L",
                    None => "?",
                };
                out += &format!(" {e}:{tag}");
            }
            let sq: Square = word
                .parse()
                .map_err(|e| anyhow::anyhow!("line {}: {word}: {e}", n + 1))?;
            position.play(sq)?;
        }
        println!("{out}");
    }
    Ok(())
}
