//! `hijara bench [--variant corners]`: random full games per second on one thread.

use std::hint::black_box;
use std::time::{Duration, Instant};

use anyhow::Context;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::Serialize;

use crate::playout::random_game_with;
use crate::rules::{Player, Ruleset};
use crate::strings::reports as words;

/// Games between two looks at the clock: a few milliseconds of work.
const BATCH: u64 = 4096;

/// What `--json` prints, one object with exactly these keys, in this order
/// (documented in docs/commands.md): the text's figures, unrounded but for the
/// decimals no one measured. The figures vary from run to run and machine to machine.
#[derive(Debug, Serialize)]
struct Report {
    /// The rules the games were played under, always given.
    variant: Ruleset,
    /// The measurement asked for (`--seconds`).
    seconds: f64,
    /// Random games played.
    games: u64,
    /// The wall time they took, in seconds (to the ms).
    elapsed_s: f64,
    /// Blue's average final total (to 2 decimals).
    blue_avg: f64,
    /// Yellow's average final total.
    yellow_avg: f64,
    /// The time the thread was on a CPU, in seconds; null where the OS does not say.
    cpu_s: Option<f64>,
    /// Games per CPU-second (whole); null with `cpu_s`.
    games_per_cpu_s: Option<f64>,
    /// Games per second of wall time (whole), the text's last line.
    games_per_s: f64,
}

/// `x` rounded to `decimals` decimals.
fn rounded(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

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
    // With `--json` nothing is said before the object, which stays the only output.
    let json = args.json;
    let say = |line: String| {
        if json {
            Ok(())
        } else {
            super::out::say(super::out::wrapped(line, columns))
        }
    };
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
    let cpu = match (cpu_start, cpu_end) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a) as f64 / 1e9).filter(|&cpu| cpu > 0.0),
        _ => None,
    };
    if let Some(cpu) = cpu {
        let (share, rate) = (100.0 * cpu / secs, games as f64 / cpu);
        say(words::bench_cpu(cpu, secs, share, rate))?;
    }
    say(words::bench_rate(games as f64 / secs))?;
    if json {
        super::out::say_json(&Report {
            variant: ruleset,
            seconds,
            games,
            elapsed_s: rounded(secs, 3),
            blue_avg: rounded(per_game(points[0]), 2),
            yellow_avg: rounded(per_game(points[1]), 2),
            cpu_s: cpu.map(|cpu| rounded(cpu, 3)),
            games_per_cpu_s: cpu.map(|cpu| rounded(games as f64 / cpu, 0)),
            games_per_s: rounded(games as f64 / secs, 0),
        })?;
    }
    Ok(())
}

/// Nanoseconds this thread has run on a CPU, where the OS reports it (Linux).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use crate::rules::Ruleset;
    use crate::strings::reports as words;

    /// The header names the corners rules (the binary's run of them is `--json`'s
    /// test, `cli_bench`, which prints no header).
    #[test]
    fn the_header_names_the_corners_rules() {
        assert_eq!(
            words::bench(&words::rules(Ruleset::Corners), 2.0),
            "hijara bench: random full games (64 moves with scoring, corners rules), one thread, 2 s"
        );
    }
}
