//! Deterministic node counts of the search and the endgame solve, for
//! before/after comparisons of search changes (`cargo bench --bench ai` gives
//! the times). Single thread, fresh table per position.
//!
//! ```sh
//! cargo run --release --example node_counts
//! ```

use hijara::ai::search::{Limits, Searcher};
use hijara::ai::{AiSettings, Level, choose_move_nodes, random};
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

fn game_position(empties: u32, seed: u64) -> Position {
    let mut position = Position::new();
    while position.empty_sections() > empties {
        let level = match position.to_move() {
            Player::Blue => Level::Hard,
            Player::Yellow => Level::Medium,
        };
        let settings = AiSettings {
            think_ms: None,
            seed,
            threads: Some(1),
            ..AiSettings::new(level)
        };
        let Some(mv) = choose_move_nodes(&position, &settings, 100_000) else {
            break;
        };
        position.play_unchecked(mv);
    }
    position
}

fn main() {
    let start = std::time::Instant::now();
    let mut total = 0;
    for s in 0..4 {
        let p = position_with(44, s);
        let moves: Vec<Move> = p.legal_moves().collect();
        let limits = Limits {
            max_depth: Some(7),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(18, limits, None);
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
                .map(|s| game_position(22, s))
                .collect(),
        ),
    ] {
        let mut total = 0;
        let start = std::time::Instant::now();
        for p in &positions {
            let moves: Vec<Move> = p.legal_moves().collect();
            let mut searcher = Searcher::new(20, Limits::default(), None);
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
