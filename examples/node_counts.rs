//! Deterministic node counts of the search and the endgame solve, for
//! before/after comparisons of search changes (`cargo bench --bench ai` gives
//! the times). Single thread, fresh table per position.
//!
//! ```sh
//! cargo run --release --features tools --example node_counts
//! cargo run --release --features tools --example node_counts -- --middle
//! ```

use hijara::ai::search::Searcher;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, random};
use hijara::rules::{Move, Player, Position};

fn position_with(empties: u32, seed: u64) -> Position {
    let mut position = Position::new();
    let mut i = 0u64;
    while position.empty_sections() > empties {
        let Some(mv) = random::choose(&position, seed ^ i) else {
            break;
        };
        position.play_unchecked(mv);
        i += 1;
    }
    position
}

/// A position from a game of hard (100,000 nodes a move, one thread) as Blue
/// against medium. `hard` plays every game of a run, as the process-wide kept
/// state did before players owned it, so the positions (and the node counts
/// below) are the same as in earlier runs.
fn game_position(hard: &mut Engine, empties: u32, seed: u64) -> Position {
    hard.set_settings(AiSettings {
        seed,
        ..*hard.settings()
    });
    let mut medium = Engine::new(AiSettings {
        seed,
        threads: Some(1),
        ..AiSettings::new(Level::Medium)
    });
    let mut position = Position::new();
    while position.empty_sections() > empties {
        let engine = match position.to_move() {
            Player::Blue => &mut *hard,
            Player::Yellow => &mut medium,
        };
        let Some(mv) = engine.choose(&position, &SearchLimit::nodes(100_000)) else {
            break;
        };
        position.play_unchecked(mv);
    }
    position
}

/// `--middle`: the search to depths 5-8 on 8 random positions at each of 44, 36
/// and 30 empty sections (a fresh table each): total nodes per depth, and a
/// checksum of the values found, so two forms of one search compare.
fn middle() {
    for empties in [44, 36, 30] {
        for depth in 5..=8 {
            let (mut total, mut values) = (0u64, Vec::new());
            for s in 0..8 {
                let p = position_with(empties, 200 + s);
                let moves: Vec<Move> = p.legal_moves().collect();
                let mut searcher = Searcher::new(18, SearchLimit::depth(depth));
                let r = searcher.search(&p, &moves);
                total += searcher.nodes();
                values.push(r.map(|r| r.value));
            }
            println!("middle {empties} empty, depth {depth}: {total} nodes, values {values:?}");
        }
    }
}

fn main() {
    if std::env::args().any(|a| a == "--middle") {
        middle();
        return;
    }
    let start = std::time::Instant::now();
    let mut total = 0;
    for s in 0..4 {
        let p = position_with(44, s);
        let moves: Vec<Move> = p.legal_moves().collect();
        let mut searcher = Searcher::new(18, SearchLimit::depth(7));
        let r = searcher.search(&p, &moves);
        total += searcher.nodes();
        println!(
            "search depth 7, 44 empty, seed {s}: {:?}",
            r.map(|r| (r.best, r.value))
        );
    }
    println!(
        "search depth 7 total nodes: {total} ({:.3} s)",
        start.elapsed().as_secs_f64()
    );
    // `--no-games` skips the game positions: hard's moves (which make them) change
    // with its code, the random positions do not, so before/after timings compare.
    let games = !std::env::args().any(|a| a == "--no-games");
    let mut hard = Engine::new(AiSettings {
        threads: Some(1),
        ..AiSettings::new(Level::Hard)
    });
    for (name, positions) in [
        (
            "random 20 empty",
            (0..3)
                .map(|s| position_with(20, 100 + s))
                .collect::<Vec<_>>(),
        ),
        (
            "games 22 empty",
            (0..3)
                .filter(|_| games)
                .map(|s| game_position(&mut hard, 22, s))
                .collect(),
        ),
    ] {
        let mut total = 0;
        let start = std::time::Instant::now();
        for p in &positions {
            let moves: Vec<Move> = p.legal_moves().collect();
            let mut searcher = Searcher::new(20, SearchLimit::NONE);
            let r = searcher.solve_wdl(p, &moves);
            total += searcher.nodes();
            println!("wdl solve {name}: {r:?} {} nodes", searcher.nodes());
        }
        println!(
            "wdl solve {name} total nodes: {total} ({:.3} s)",
            start.elapsed().as_secs_f64()
        );
    }
}
