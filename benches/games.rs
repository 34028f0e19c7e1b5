//! Random full games (64 moves with scoring) on one thread, standard rules and
//! the corners variant: `cargo bench --bench games`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hijara::playout::{random_game, random_game_with};
use hijara::rules::{Player, Ruleset};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("random_full_game", |b| {
        b.iter(|| black_box(random_game(&mut rng)).score(Player::Blue))
    });
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("random_full_game_corners", |b| {
        b.iter(|| black_box(random_game_with(Ruleset::Corners, &mut rng)).score(Player::Blue))
    });
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
