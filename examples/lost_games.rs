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

use clap::Parser;
use hijara::ai::{SearchLimit, SolveFor, Wdl, solve};
use hijara::rules::{Player, Position};

#[path = "support/game_log.rs"]
mod game_log;
#[path = "support/log_file.rs"]
mod log_file;
use game_log::read_records;

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
    /// Print each solve's node count after its outcome (`20:W/12345`): how much
    /// of a move's budget the proof would take, cold.
    #[arg(long)]
    show_nodes: bool,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let me = match args.colour.as_str() {
        "blue" => Player::Blue,
        "yellow" => Player::Yellow,
        other => anyhow::bail!("--colour {other}: blue or yellow"),
    };
    for record in read_records(&args.games)? {
        let mine = if me == Player::Blue {
            record.recorded
        } else {
            -record.recorded
        };
        if mine > 0 {
            continue;
        }
        let mut position = Position::new();
        let mut out = format!("game {} ({}):", record.id, record.totals);
        for &square in &record.moves {
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
                if let (true, Some(s)) = (args.show_nodes, s) {
                    out += &format!("/{}", s.nodes);
                }
            }
            // Checked legal when the log was read.
            position.play_unchecked(square);
        }
        println!("{out}");
    }
    Ok(())
}
