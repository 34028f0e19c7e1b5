//! Does hard keep the proven outcome from positions it did not steer? (issue 9, point 3)
//!
//! Seeded medium-vs-medium games open with 2-8 random moves; each is cut at 27
//! and 25 empty sections (Yellow to move) and at 26 and 24 (Blue to move). The
//! unlimited win/draw/loss solve judges each cut position; positions already
//! lost are left out. Hard then moves from a cold start (no kept table, as for a
//! loaded record) at each thinking time, and its move keeps the outcome when
//! the position after it is still a win (from a win) or at least a draw (from
//! a draw), by a proof on the judge's table.
//!
//! ```sh
//! cargo run --release --features tools --example outcome_kept -- --games 12 --seed 1 --think-ms 1000,100
//! ```

use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::search::{Searcher, Wdl};
use hijara::ai::smp::{self, Finish};
use hijara::ai::tt::TranspositionTable;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, medium, random};
use hijara::rules::{Player, Position};
use rand::{Rng, SeedableRng, rngs::SmallRng};

#[derive(Parser)]
struct Args {
    /// Games to cut positions from (four positions each).
    #[arg(long, default_value_t = 12)]
    games: u64,
    /// The first game's seed; game g uses seed + g.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hard's thinking times to compare, in milliseconds.
    #[arg(long, value_delimiter = ',', default_value = "1000,100")]
    think_ms: Vec<u64>,
    /// Threads for hard and for the judging solves.
    #[arg(long, default_value_t = hijara::ai::smp::available_threads())]
    threads: usize,
    /// The cuts, in empty sections.
    #[arg(long, value_delimiter = ',', default_value = "27,26,25,24")]
    cuts: Vec<u32>,
}

/// The positions of one game at each cut.
fn cut_positions(seed: u64, cuts: &[u32]) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let opening = rng.random_range(2..=8);
    let mut position = Position::new();
    let mut out = Vec::new();
    let deepest = cuts.iter().copied().min().unwrap_or(0);
    while position.empty_sections() >= deepest && !position.is_over() {
        if cuts.contains(&position.empty_sections()) {
            out.push(position);
        }
        let mv = if position.ply() < opening {
            random::choose(&position, rng.random())
        } else {
            medium::choose(&position, seed)
        };
        let Some(mv) = mv else { break };
        position.play_unchecked(mv);
    }
    out
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut rows: Vec<(u32, Player, Vec<u32>, u32)> = args
        .cuts
        .iter()
        .map(|&e| {
            let mover = if e % 2 == 0 {
                Player::Blue
            } else {
                Player::Yellow
            };
            (e, mover, vec![0; args.think_ms.len()], 0)
        })
        .collect();
    let mut worst_ms = vec![0f64; args.think_ms.len()];
    let mut judge_secs = 0.0;
    for game in 0..args.games {
        for position in cut_positions(args.seed + game, &args.cuts) {
            let start = Instant::now();
            let table = Arc::new(TranspositionTable::new(22));
            let moves: Vec<_> = position.legal_moves().collect();
            let judged = smp::run(
                &table,
                args.threads,
                SearchLimit::NONE,
                &moves,
                Finish::First,
                move |s, o| s.solve_wdl(&position, o),
            );
            let (_, outcome) = judged.result.context("an unlimited solve finishes")?;
            let judge_took = start.elapsed().as_secs_f64();
            judge_secs += judge_took;
            if outcome == Wdl::Loss {
                continue;
            }
            let row = rows
                .iter_mut()
                .find(|r| r.0 == position.empty_sections())
                .context("a cut")?;
            row.3 += 1;
            let mut line = format!(
                "game {game:3} {:2} empty {:6} {:?} (solved in {judge_took:.1} s):",
                position.empty_sections(),
                position.to_move().name(),
                outcome
            );
            for (i, &ms) in args.think_ms.iter().enumerate() {
                // A new player: nothing kept, as for a loaded record.
                let mut hard = Engine::new(AiSettings {
                    seed: game,
                    threads: Some(args.threads),
                    ..AiSettings::new(Level::Hard)
                });
                let start = Instant::now();
                let d = hard
                    .decide(&position, &SearchLimit::millis(ms))
                    .context("a move")?;
                let took = start.elapsed().as_secs_f64() * 1000.0;
                worst_ms[i] = worst_ms[i].max(took);
                // Does the move keep the outcome? A proof on the judge's table.
                let mut judge = Searcher::with_table(Arc::clone(&table), SearchLimit::NONE);
                let kept = judge.prove(&position, &[d.mv], outcome).is_some();
                row.2[i] += kept as u32;
                line += &format!(
                    "  {ms} ms {} {} ({took:.0} ms, proved {:?})",
                    d.mv,
                    if kept { "keeps" } else { "LOSES IT" },
                    d.solved
                );
            }
            println!("{line}");
        }
    }
    println!();
    println!("| empty sections | to move | positions not lost | {} |", {
        let cols: Vec<String> = args
            .think_ms
            .iter()
            .map(|ms| format!("kept at {ms} ms"))
            .collect();
        cols.join(" | ")
    });
    println!("|---|---|---|{}", "---|".repeat(args.think_ms.len()));
    let mut totals = vec![0u32; args.think_ms.len()];
    let mut all = 0;
    for (empties, mover, kept, n) in &rows {
        let cells: Vec<String> = kept
            .iter()
            .map(|&k| format!("{k} ({:.0}%)", 100.0 * k as f64 / (*n).max(1) as f64))
            .collect();
        println!(
            "| {empties} | {} | {n} | {} |",
            mover.name(),
            cells.join(" | ")
        );
        for (t, k) in totals.iter_mut().zip(kept) {
            *t += k;
        }
        all += n;
    }
    let cells: Vec<String> = totals
        .iter()
        .map(|&k| format!("**{k} ({:.1}%)**", 100.0 * k as f64 / all.max(1) as f64))
        .collect();
    println!("| all | | {all} | {} |", cells.join(" | "));
    let worst: Vec<String> = args
        .think_ms
        .iter()
        .zip(&worst_ms)
        .map(|(ms, w)| format!("{ms} ms: {w:.0} ms"))
        .collect();
    println!(
        "hard's slowest move: {}; judging solves took {judge_secs:.1} s; {} threads",
        worst.join(", "),
        args.threads
    );
    Ok(())
}
