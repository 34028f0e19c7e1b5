//! Search speed (nodes per second) and exact endgame solve times.

use std::cell::Cell;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hijara::ai::search::Searcher;
use hijara::ai::smp::{self, Finish};
use hijara::ai::tt::TranspositionTable;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, SolveFor, random, solve};
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
/// move, one thread, a new player per game) as Blue against medium: closer than
/// random play, so harder to prove. The same positions every run.
fn game_position(empties: u32, seed: u64) -> Position {
    let mut position = Position::new();
    let mut engines = [Level::Hard, Level::Medium].map(|level| {
        Engine::new(AiSettings {
            seed,
            threads: Some(1),
            ..AiSettings::new(level)
        })
    });
    while position.empty_sections() > empties {
        let engine = &mut engines[position.to_move().index()];
        let mv = engine
            .choose(&position, &SearchLimit::nodes(100_000))
            .expect("the board is not full");
        position.play(mv).expect("a legal move");
    }
    position
}

/// The win/draw/loss solve of each position, with a fresh table each.
fn solve_all(positions: &[Position]) {
    for p in positions {
        let moves: Vec<Move> = p.legal_moves().collect();
        let mut s = Searcher::new(20, SearchLimit::NONE);
        black_box(s.solve_wdl(black_box(p), &moves));
    }
}

/// Nodes per second of the middlegame search: a fixed-depth search from a few positions.
fn nodes_per_second(c: &mut Criterion) {
    let positions: Vec<Position> = (0..4).map(|s| position_with(44, s)).collect();
    // Count the nodes once so criterion can report elements (nodes) per second.
    let search = |p: &Position| {
        let moves: Vec<Move> = p.legal_moves().collect();
        let mut s = Searcher::new(18, SearchLimit::depth(7));
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
                            black_box(solve(black_box(p), SolveFor::Margin, &SearchLimit::NONE, 1));
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

/// Lazy SMP: the time of a depth-9 search and of win/draw/loss solves at 22, 24
/// and 26 empty sections (positions from hard-vs-medium games) on 1 and 2
/// threads sharing a fresh table, and the nodes per second of each thread count
/// (all threads' nodes over the wall time, printed after each search benchmark).
fn threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let middle: Vec<Position> = (0..4).map(|s| position_with(44, s)).collect();
    for threads in [1usize, 2] {
        let nodes = Cell::new(0u64);
        let time = Cell::new(Duration::ZERO);
        group.bench_function(
            format!("search depth 9 from 20 stones, {threads} threads"),
            |b| {
                b.iter_custom(|iters| {
                    let start = Instant::now();
                    for _ in 0..iters {
                        for p in &middle {
                            let moves: Vec<Move> = p.legal_moves().collect();
                            let table = Arc::new(TranspositionTable::new(18));
                            let run = smp::run(
                                &table,
                                threads,
                                SearchLimit::depth(9),
                                &moves,
                                Finish::Main,
                                {
                                    let p = *p;
                                    move |s, o| s.search(&p, o)
                                },
                            );
                            nodes.set(nodes.get() + run.nodes);
                        }
                    }
                    let took = start.elapsed();
                    time.set(time.get() + took);
                    took
                })
            },
        );
        println!(
            "threads/search depth 9, {threads} threads: {:.2} M nodes/s",
            nodes.get() as f64 / time.get().as_secs_f64() / 1e6
        );
    }
    for empties in [22u32, 24, 26] {
        let positions: Vec<Position> = (0..3).map(|s| game_position(empties, s)).collect();
        for threads in [1usize, 2] {
            group.bench_function(
                format!("win/draw/loss solve, {empties} empty (3 positions), {threads} threads"),
                |b| {
                    b.iter(|| {
                        for p in &positions {
                            black_box(solve(p, SolveFor::Outcome, &SearchLimit::NONE, threads));
                        }
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    nodes_per_second,
    endgame,
    endgame_from_games,
    threads
);
criterion_main!(benches);
