//! Search speed (nodes per second) and exact endgame solve times.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hijara::ai::search::{Limits, Searcher};
use hijara::ai::{AiSettings, Level, choose_move_nodes, random};
use hijara::rules::{Move, Position};

/// A position reached by seeded random moves, with `empties` empty sections.
fn position_with(empties: u32, seed: u64) -> Position {
    let mut position = Position::new();
    let mut i = 0u64;
    while position.empty_sections() > empties {
        let mv = random::choose(&position, seed ^ i).expect("the board is not full");
        position.play(mv).expect("a legal move");
        i += 1;
    }
    position
}

/// A position with `empties` empty sections from a game of hard (100,000 nodes a
/// move) as Blue against medium: closer than random play, so harder to prove.
fn game_position(empties: u32, seed: u64) -> Position {
    let mut position = Position::new();
    while position.empty_sections() > empties {
        let level = match position.to_move() {
            hijara::rules::Player::Blue => Level::Hard,
            hijara::rules::Player::Yellow => Level::Medium,
        };
        let settings = AiSettings {
            level,
            think_ms: None,
            seed,
            // One thread: the same positions every run.
            threads: Some(1),
        };
        let mv = choose_move_nodes(&position, &settings, 100_000).expect("the board is not full");
        position.play(mv).expect("a legal move");
    }
    position
}

/// The win/draw/loss solve of each position, with a fresh table each.
fn solve_all(positions: &[Position]) {
    for p in positions {
        let moves: Vec<Move> = p.legal_moves().collect();
        let mut s = Searcher::new(20, Limits::default(), None);
        black_box(s.solve_wdl(black_box(p), &moves));
    }
}

/// Nodes per second of the middlegame search: a fixed-depth search from a few positions.
fn nodes_per_second(c: &mut Criterion) {
    let positions: Vec<Position> = (0..4).map(|s| position_with(44, s)).collect();
    // Count the nodes once so criterion can report elements (nodes) per second.
    let search = |p: &Position| {
        let moves: Vec<Move> = p.legal_moves().collect();
        let limits = Limits {
            max_depth: Some(7),
            ..Limits::default()
        };
        let mut s = Searcher::new(18, limits, None);
        s.search(p, &moves).map(|r| r.nodes).unwrap_or(0)
    };
    let nodes: u64 = positions.iter().map(search).sum();
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function("depth 7 from 20 stones (nodes/s)", |b| {
        b.iter(|| positions.iter().map(|p| search(black_box(p))).sum::<u64>())
    });
    group.finish();
}

/// The win/draw/loss solve hard uses at 16, 20 and 24 empty sections (three
/// positions, one at 24), and the exact-margin solve at 16 (it is much slower).
fn endgame(c: &mut Criterion) {
    let mut group = c.benchmark_group("endgame");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for empties in [16u32, 20, 24] {
        // One position at 24: a solve there takes seconds.
        let count = if empties >= 24 { 1 } else { 3 };
        let positions: Vec<Position> = (0..count)
            .map(|s| position_with(empties, 100 + s))
            .collect();
        group.bench_function(
            format!("win/draw/loss solve, {empties} empty ({count} positions)"),
            |b| b.iter(|| solve_all(&positions)),
        );
        if empties <= 16 {
            group.bench_function(
                format!("exact margin solve, {empties} empty ({count} positions)"),
                |b| {
                    b.iter(|| {
                        for p in &positions {
                            black_box(hijara::ai::endgame::solve(black_box(p), None));
                        }
                    })
                },
            );
        }
    }
    group.finish();
}

/// The win/draw/loss solve on positions from hard-against-medium games, where
/// hard tries it (22 empty sections) and where Yellow on the mirror line does (24).
fn endgame_from_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("endgame from games");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for empties in [22u32, 24] {
        let positions: Vec<Position> = (0..3).map(|s| game_position(empties, s)).collect();
        group.bench_function(
            format!("win/draw/loss solve, {empties} empty (3 positions)"),
            |b| b.iter(|| solve_all(&positions)),
        );
    }
    group.finish();
}

criterion_group!(benches, nodes_per_second, endgame, endgame_from_games);
criterion_main!(benches);
