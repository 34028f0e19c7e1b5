//! How long the review takes a position against its budget (a budget is a promise
//! from every legal position): `hijara analyze --think-ms MS` gives each position
//! MS, and as much again to a position whose loss needs a proof, so never more
//! than twice MS (docs/commands.md, docs/review.md; `--deep` is the same at 4 × MS).
//! This times `hijara::review::evaluate_position`, what `analyze` and the screens
//! run for each position, in this process on one thread, one position at a time.
//!
//! ```sh
//! cargo build --release --features tools --example review_budget
//! nice -n 10 target/release/examples/review_budget --ms 400 --per-count 2
//! nice -n 10 target/release/examples/review_budget --ms 1600 --per-count 1 --step 2   # the deep review
//! ```
//!
//! Positions of three kinds, half under each ruleset, none of them one the program
//! would steer to:
//! - `random`: seeded random legal games stopped at each count of empty sections
//!   from `--min-empty` to `--max-empty` (every `--step`), and at 1, 2, 3 and each
//!   fourth count above (full but one, two, three; the other stages);
//! - `threats`: random games that never score while a move that scores nothing is
//!   left (so combinations pile up one stone short), the one of `--candidates` with
//!   the most scoring moves for the side to move, at the same counts;
//! - each with two moves played: a random one, and the one that gives the most away
//!   at a glance (the opponent's best immediate score after it less its own), which
//!   the estimates call a big loss, so its proofs take the second budget.
//!
//! Per kind it prints the wall time a position took as a multiple of MS (median,
//! 99th percentile, worst), how many took more than MS and more than twice MS, and
//! the worst's thread CPU time (a wall time well above its CPU time is the
//! machine's other work, not the search). The slowest position is timed again.
//!
//! `--analyze BIN` measures the whole command instead: the worker pool around each
//! position (handing positions out, spawning the workers, collecting the results),
//! and the real `BIN analyze` process. It builds `--games` hostile games of each
//! kind (standard and corners, each with and without claims): every move scores
//! nothing while such a move is left, but every `--giveaway-every`-th move gives the
//! most away at a glance, so combinations pile up one stone short and proofs take the
//! second budget at every stage, up to the last moves' solves. For each game:
//! - the review's worker pool on one worker thread, in this process
//!   (`review::analyse_positions`, what `analyze`'s `analyse_game_at` runs, with
//!   `evaluate_position` timed on the worker): each position's wall and thread CPU
//!   time against MS, and the pool's own time (the call's less the evaluations');
//! - `BIN analyze FILE --think-ms MS --threads T` (a temporary HOME and XDG folders):
//!   its wall time from spawn to exit, less that of the same command with
//!   `--nodes 1` (the process, the record, the pool and the report: its fixed cost),
//!   against the most the promise allows, each worker's positions one after another
//!   at twice MS each: ceil(P / T) × 2 × MS for P positions not over.
//!
//! `--burn N` runs N busy threads in this process throughout (another CPU-bound
//! process, as far as `BIN` is concerned).
//!
//! ```sh
//! nice -n 10 target/release/examples/review_budget --analyze target/release/hijara --ms 100 --games 2
//! nice -n 10 target/release/examples/review_budget --analyze target/release/hijara --ms 100 --games 2 --burn 2
//! ```

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/stats.rs"]
mod stats;

use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use cpu::{Clock, cpu_ms};
use hijara::ai::{SearchLimit, random};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use hijara::record::Record;
use hijara::review::{ReviewBudget, analyse_positions, evaluate_position};
use hijara::rules::{Game, Move, Position, Ruleset};
use rand::seq::IndexedRandom;
use rand::{SeedableRng, rngs::SmallRng};
use stats::percentile;

#[derive(Parser)]
struct Args {
    /// The budget a position, in milliseconds (`analyze --think-ms`).
    #[arg(long, default_value_t = 400)]
    ms: u64,
    /// Positions of each kind at each count of empty sections (and ruleset: so twice
    /// this a count).
    #[arg(long, default_value_t = 1)]
    per_count: u64,
    /// The range of empty sections sampled at every `--step`.
    #[arg(long, default_value_t = 20)]
    min_empty: u32,
    #[arg(long, default_value_t = 40)]
    max_empty: u32,
    #[arg(long, default_value_t = 1)]
    step: u32,
    /// The threat kind's candidates a position (the one with most scoring moves kept).
    #[arg(long, default_value_t = 20)]
    candidates: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Times the slowest position again this many times.
    #[arg(long, default_value_t = 5)]
    again: usize,
    /// Measures the whole command path with this `hijara` binary (see the module's
    /// docs) instead of single positions.
    #[arg(long, value_name = "BIN")]
    analyze: Option<std::path::PathBuf>,
    /// With `--analyze`: hostile games of each of the four kinds.
    #[arg(long, default_value_t = 2)]
    games: u64,
    /// With `--analyze`: every this many moves, the giveaway.
    #[arg(long, default_value_t = 3)]
    giveaway_every: usize,
    /// With `--analyze`: `analyze --threads`.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Busy threads run throughout, as another CPU-bound process.
    #[arg(long, default_value_t = 0)]
    burn: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Random,
    Threats,
}

/// One timed evaluation.
struct Timed {
    kind: Kind,
    empties: u32,
    /// Wall and thread CPU time, in milliseconds.
    wall: f64,
    cpu: f64,
    position: Position,
    played: Move,
    what: &'static str,
}

/// A random game under `ruleset` stopped at `empties` empty sections; with
/// `quiet`, every move scores nothing while such a move is left.
fn random_game(ruleset: Ruleset, empties: u32, quiet: bool, rng: &mut SmallRng) -> Position {
    let mut position = Position::with_ruleset(ruleset);
    while position.empty_sections() > empties {
        let moves: Vec<Move> = position.legal_moves().collect();
        let silent: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| scored(&position, mv) == 0)
            .collect();
        let from = if quiet && !silent.is_empty() {
            &silent
        } else {
            &moves
        };
        let Some(&mv) = from.choose(rng) else { break };
        position.play_unchecked(mv);
    }
    position
}

/// The points `mv` scores from `position`.
fn scored(position: &Position, mv: Move) -> u32 {
    let mut next = *position;
    next.play_unchecked(mv).points
}

/// The moves that score from `position`.
fn scoring_moves(position: &Position) -> usize {
    position
        .legal_moves()
        .filter(|&mv| scored(position, mv) > 0)
        .count()
}

/// The move that gives the most away at a glance: the opponent's best immediate
/// score after it, less its own.
fn giveaway(position: &Position) -> Option<Move> {
    position.legal_moves().max_by_key(|&mv| {
        let mut next = *position;
        let own = next.play_unchecked(mv).points as i64;
        let reply = next
            .legal_moves()
            .map(|r| scored(&next, r) as i64)
            .max()
            .unwrap_or(0);
        reply - own
    })
}

fn time_one(position: &Position, played: Move, ms: u64) -> (f64, f64) {
    let cpu = cpu_ms(Clock::Thread);
    let start = Instant::now();
    let _ = evaluate_position(position, Some(played), &SearchLimit::millis(ms), None);
    (
        start.elapsed().as_secs_f64() * 1000.0,
        cpu_ms(Clock::Thread) - cpu,
    )
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    anyhow::ensure!(args.step > 0, "--step must be at least 1");
    let burning = Arc::new(AtomicBool::new(true));
    let burners: Vec<_> = (0..args.burn)
        .map(|_| {
            let burning = Arc::clone(&burning);
            std::thread::spawn(move || {
                let mut x = 1u64;
                while burning.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let run = match &args.analyze {
        Some(bin) => command_path(&args, bin),
        None => positions(&args),
    };
    burning.store(false, Ordering::Relaxed);
    for burner in burners {
        let _ = burner.join();
    }
    run
}

/// A hostile game under `ruleset` (claims made right whenever a stone scores):
/// quiet moves while one is left, and every `every`-th move the giveaway.
fn hostile_game(ruleset: Ruleset, claims: bool, every: usize, rng: &mut SmallRng) -> Game {
    let mut game = Game::with_rules(ruleset, claims);
    while !game.is_over() {
        let position = *game.position();
        let moves: Vec<Move> = position.legal_moves().collect();
        let quiet: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| scored(&position, mv) == 0)
            .collect();
        let pick = if every > 0 && (game.len() + 1).is_multiple_of(every) {
            giveaway(&position)
        } else if quiet.is_empty() {
            moves.choose(rng).copied()
        } else {
            quiet.choose(rng).copied()
        };
        let Some(mv) = pick else { break };
        let Ok(placement) = game.play(mv) else { break };
        if claims && placement.points > 0 {
            let _ = game.claim(placement.points);
        }
    }
    game
}

/// The whole command path: the review's pool on one worker in this process, and
/// the real `BIN analyze` on `--threads` (the module's docs).
fn command_path(args: &Args, bin: &std::path::Path) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let home = dir.path().join("home");
    std::fs::create_dir_all(&home)?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let ms = args.ms as f64;
    // (wall, the worker thread's CPU: both / MS, moves played before the position).
    let mut gaps: Vec<(f64, f64, usize)> = Vec::new();
    // The pool's own time a position (ms): the whole call less the evaluations.
    let mut overheads: Vec<f64> = Vec::new();
    let mut commands: Vec<(f64, f64, String)> = Vec::new();
    println!(
        "analyze's whole path at {} ms a position: {} games of each kind, a giveaway every {} moves, analyze --threads {}, {} busy threads beside",
        args.ms, args.games, args.giveaway_every, args.threads, args.burn
    );
    println!(
        "| game | moves | pool, 1 worker: max position / MS | p99 | analyze wall | with --nodes 1 | bound ceil(P/T) x 2 x MS | (wall - nodes 1) / bound |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for n in 0..args.games {
        for (ruleset, claims) in [
            (Ruleset::Standard, false),
            (Ruleset::Corners, false),
            (Ruleset::Standard, true),
            (Ruleset::Corners, true),
        ] {
            let game = hostile_game(ruleset, claims, args.giveaway_every, &mut rng);
            let name = format!("{ruleset}{}-{n}", if claims { "-claims" } else { "" });
            // The pool on one worker (`analyse_positions`, which `analyse_game_at`
            // calls with `evaluate_position` as here): each position's wall and
            // thread CPU time measured on the worker, and the pool's own time, the
            // whole call's less the evaluations'.
            let positions: Vec<Position> = (0..=game.len()).map(|i| *game.position_at(i)).collect();
            let played: Vec<Move> = game.moves().collect();
            let timed = std::sync::Mutex::new(Vec::new());
            let limit = ReviewBudget::Millis(args.ms).limit();
            let start = Instant::now();
            let _ = analyse_positions(
                &positions,
                &played,
                1,
                None,
                |position, mv, stop| {
                    let (at, cpu) = (Instant::now(), cpu_ms(Clock::Thread));
                    let eval = evaluate_position(position, mv, &limit, stop);
                    let wall = at.elapsed().as_secs_f64() * 1000.0;
                    let cpu = cpu_ms(Clock::Thread) - cpu;
                    let index = 64 - position.empty_sections() as usize;
                    if let Ok(mut timed) = timed.lock() {
                        timed.push((wall / ms, cpu / ms, index));
                    }
                    eval
                },
                |_| {},
            );
            let total = start.elapsed().as_secs_f64() * 1000.0;
            let timed = timed.into_inner().unwrap_or_default();
            let evaluating: f64 = timed.iter().map(|t| t.0 * ms).sum();
            overheads.push((total - evaluating) / positions.len() as f64);
            let mut own: Vec<f64> = timed.iter().map(|t| t.0).collect();
            gaps.extend(timed);
            own.sort_by(f64::total_cmp);
            // The real command.
            let file = dir.path().join(format!("{name}.hij"));
            let record = Record::from_game(&game, [("Blue", "hostile"), ("Yellow", "hostile")])?;
            std::fs::write(&file, record.to_string())?;
            // The command as given, and with `--nodes 1` (the process, the record,
            // the pool and the report with next to no thinking: its fixed cost).
            let run = |budget: [&str; 2]| -> anyhow::Result<f64> {
                let start = Instant::now();
                let status = std::process::Command::new(bin)
                    .arg("analyze")
                    .arg(&file)
                    .args(budget)
                    .args(["--threads", &args.threads.to_string()])
                    .env("HOME", &home)
                    .env("XDG_CONFIG_HOME", home.join("config"))
                    .env("XDG_DATA_HOME", home.join("data"))
                    .env("HIJARA_DATA_DIR", home.join("hijara"))
                    .stdout(std::process::Stdio::null())
                    .status()
                    .context("running analyze")?;
                anyhow::ensure!(status.success(), "analyze {name}: {status}");
                Ok(start.elapsed().as_secs_f64() * 1000.0)
            };
            let fixed = run(["--nodes", "1"])?;
            let wall = run(["--think-ms", &args.ms.to_string()])?;
            let searched = (0..=game.len())
                .filter(|&i| !game.position_at(i).is_over())
                .count();
            let bound = searched.div_ceil(args.threads.max(1)) as f64 * 2.0 * ms;
            println!(
                "| {name} | {} | {:.2} | {:.2} | {wall:.0} ms | {fixed:.0} ms | {bound:.0} ms | {:.2} |",
                game.len(),
                percentile(&own, 100.0),
                percentile(&own, 99.0),
                (wall - fixed) / bound
            );
            commands.push((wall - fixed, bound, name));
        }
    }
    let mut all: Vec<f64> = gaps.iter().map(|g| g.0).collect();
    all.sort_by(f64::total_cmp);
    println!(
        "pool, 1 worker, {} positions: position / MS median {:.2}, p99 {:.2}, max {:.2}, past 2x {}",
        all.len(),
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        percentile(&all, 100.0),
        all.iter().filter(|&&g| g > 2.0).count()
    );
    let mut cpu: Vec<f64> = gaps.iter().map(|g| g.1).collect();
    cpu.sort_by(f64::total_cmp);
    let late: Vec<&(f64, f64, usize)> = gaps.iter().filter(|g| g.0 > 2.0).collect();
    println!(
        "pool, 1 worker: the worker's CPU a position / MS median {:.2}, p99 {:.2}, max {:.2}; of those past 2x: max CPU {:.2}, at moves {:?}",
        percentile(&cpu, 50.0),
        percentile(&cpu, 99.0),
        percentile(&cpu, 100.0),
        late.iter().map(|g| g.1).fold(0.0, f64::max),
        late.iter().map(|g| g.2).collect::<Vec<_>>()
    );
    overheads.sort_by(f64::total_cmp);
    println!(
        "pool, 1 worker: its own time a position (the call's less the evaluations'), per game: median {:.3} ms, max {:.3} ms",
        percentile(&overheads, 50.0),
        percentile(&overheads, 100.0)
    );
    let mut ratios: Vec<f64> = commands.iter().map(|c| c.0 / c.1).collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "analyze, {} runs: (wall - nodes 1) / bound median {:.2}, max {:.2}, past the bound {}",
        ratios.len(),
        percentile(&ratios, 50.0),
        percentile(&ratios, 100.0),
        ratios.iter().filter(|&&r| r > 1.0).count()
    );
    Ok(())
}

/// The single positions' measurement (the module's docs).
fn positions(args: &Args) -> anyhow::Result<()> {
    let mut counts: Vec<u32> = (args.min_empty..=args.max_empty)
        .step_by(args.step as usize)
        .collect();
    counts.extend([1, 2, 3]);
    counts.extend((4..=64).step_by(4));
    counts.sort_unstable();
    counts.dedup();
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut timed = Vec::new();
    let start = Instant::now();
    for &empties in &counts {
        for i in 0..args.per_count * 2 {
            let ruleset = if i % 2 == 0 {
                Ruleset::Standard
            } else {
                Ruleset::Corners
            };
            let plain = random_game(ruleset, empties, false, &mut rng);
            let threats = (0..args.candidates)
                .map(|_| random_game(ruleset, empties, true, &mut rng))
                .max_by_key(scoring_moves)
                .context("a candidate")?;
            for (kind, position) in [(Kind::Random, plain), (Kind::Threats, threats)] {
                let random_move = random::choose(&position, args.seed ^ u64::from(empties) ^ i);
                let plays = [
                    ("random move", random_move),
                    ("giveaway", giveaway(&position)),
                ];
                for (what, played) in plays {
                    let Some(played) = played else { continue };
                    let (wall, cpu) = time_one(&position, played, args.ms);
                    timed.push(Timed {
                        kind,
                        empties,
                        wall,
                        cpu,
                        position,
                        played,
                        what,
                    });
                }
            }
        }
    }
    println!(
        "review's evaluation at {} ms a position (1 thread): {} positions at {} counts of empty sections, {:.0} s",
        args.ms,
        timed.len(),
        counts.len(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "| kind | empty | positions | wall / budget: median | p99 | max | over 1x | over 2x | the max's CPU / budget |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let ms = args.ms as f64;
    let row = |label: &str, range: &str, of: Vec<&Timed>| {
        if of.is_empty() {
            return;
        }
        let mut walls: Vec<f64> = of.iter().map(|t| t.wall / ms).collect();
        walls.sort_by(f64::total_cmp);
        let worst = of
            .iter()
            .max_by(|a, b| a.wall.total_cmp(&b.wall))
            .map_or(0.0, |t| t.cpu / ms);
        println!(
            "| {label} | {range} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {worst:.2} |",
            walls.len(),
            percentile(&walls, 50.0),
            percentile(&walls, 99.0),
            percentile(&walls, 100.0),
            walls.iter().filter(|&&w| w > 1.0).count(),
            walls.iter().filter(|&&w| w > 2.0).count(),
        );
    };
    let ranges = [
        (1, 3),
        (4, args.min_empty.saturating_sub(1)),
        (args.min_empty, args.max_empty),
        (args.max_empty + 1, 64),
    ];
    for kind in [Kind::Random, Kind::Threats] {
        for (low, high) in ranges {
            row(
                &format!("{kind:?}"),
                &format!("{low}-{high}"),
                timed
                    .iter()
                    .filter(|t| t.kind == kind && (low..=high).contains(&t.empties))
                    .collect(),
            );
        }
    }
    row("all", "1-64", timed.iter().collect());
    let mut cpu: Vec<f64> = timed.iter().map(|t| t.cpu / ms).collect();
    cpu.sort_by(f64::total_cmp);
    println!(
        "thread CPU / budget over all: median {:.2}, p99 {:.2}, max {:.2}, over 2x {}",
        percentile(&cpu, 50.0),
        percentile(&cpu, 99.0),
        percentile(&cpu, 100.0),
        cpu.iter().filter(|&&c| c > 2.0).count()
    );
    if let Some(slowest) = timed.iter().max_by(|a, b| a.wall.total_cmp(&b.wall)) {
        let again: Vec<String> = (0..args.again)
            .map(|_| {
                let (wall, cpu) = time_one(&slowest.position, slowest.played, args.ms);
                format!("{:.2}/{:.2}", wall / ms, cpu / ms)
            })
            .collect();
        println!(
            "slowest: {:.2} x wall, {:.2} x CPU ({:?}, {} empty, {}, {} played, {}); again (wall/CPU): {}",
            slowest.wall / ms,
            slowest.cpu / ms,
            slowest.kind,
            slowest.empties,
            slowest.position.ruleset(),
            slowest.played,
            slowest.what,
            again.join(" ")
        );
        println!("{}", slowest.position);
    }
    Ok(())
}
