//! `hijara bench [--variant corners]`: random full games per second on one thread.

use std::hint::black_box;
use std::time::{Duration, Instant};

use anyhow::Context;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::playout::random_game_with;
use crate::rules::{Player, Ruleset};
use crate::strings::reports as words;

/// Games between two looks at the clock: a few milliseconds of work.
const BATCH: u64 = 4096;

pub(crate) fn run(args: &super::BenchArgs) -> anyhow::Result<()> {
    // The argument parser took 2 to 3600 seconds only.
    let seconds = args.seconds;
    let budget = Duration::try_from_secs_f64(seconds).context("--seconds out of range")?;
    let ruleset = args.variant;
    // The standard header is unchanged; another ruleset is named in it.
    let rules = match ruleset {
        Ruleset::Standard => String::new(),
        other => words::rules(other),
    };
    // On a terminal the lines wrap at spaces to its width, as `score`'s do.
    let columns = super::out::stdout_columns();
    let say = |line: String| super::out::say(super::out::wrapped(line, columns));
    say(words::bench(&rules, seconds))?;

    let mut rng = SmallRng::seed_from_u64(0x4849_4A41_5241);
    // Warm caches and the branch predictor before timing.
    for _ in 0..BATCH {
        black_box(random_game_with(ruleset, &mut rng));
    }

    let mut games = 0u64;
    let mut points = [0u64; 2];
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    let elapsed = loop {
        for _ in 0..BATCH {
            let end = black_box(random_game_with(ruleset, &mut rng));
            points[0] += u64::from(end.score(Player::Blue));
            points[1] += u64::from(end.score(Player::Yellow));
        }
        games += BATCH;
        let elapsed = start.elapsed();
        if elapsed >= budget {
            break elapsed;
        }
    };
    let cpu_end = thread_cpu_ns();
    let secs = elapsed.as_secs_f64();
    let per_game = |p: u64| p as f64 / games as f64;
    say(words::bench_games(
        games,
        secs,
        per_game(points[0]),
        per_game(points[1]),
    ))?;
    // On a busy machine the thread gets only part of a CPU: say so, with the rate
    // per second actually on a CPU, so a low figure can be told from a slow loop.
    if let (Some(a), Some(b)) = (cpu_start, cpu_end) {
        let cpu = b.saturating_sub(a) as f64 / 1e9;
        if cpu > 0.0 {
            let (share, rate) = (100.0 * cpu / secs, games as f64 / cpu);
            say(words::bench_cpu(cpu, secs, share, rate))?;
        }
    }
    say(words::bench_rate(games as f64 / secs))?;
    Ok(())
}

/// Nanoseconds this thread has run on a CPU, where the OS reports it (Linux).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
