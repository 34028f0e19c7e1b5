//! How the evaluation weights of hard ([`hijara::ai::eval::Weights::HARD`]) and
//! of the review were fitted.
//!
//! ```sh
//! cargo run --release --features tools --example eval_fit -- generate --games 700 --seed 11 > a.csv
//! cargo run --release --features tools --example eval_fit -- generate --games 700 --seed 12 > b.csv
//! cargo run --release --features tools --example eval_fit -- fit a.csv b.csv
//! ```
//!
//! `generate` plays games from a few random opening moves with a node-limited
//! search on both sides, with medium's fixed weights (and an occasional random move, for variety) down to
//! 20 empty sections, solves that position for win, draw or loss, and writes
//! every position of the game from ply 8 on with that label, one CSV row each:
//! empty sections, the mover (0 Blue, 1 Yellow), the score difference in points
//! from the mover's view, the mover's seven feature counts, the opponent's, and
//! the label (1 win, 0.5 draw, 0 loss for the mover).
//!
//! `fit` is a logistic regression of the label on the score difference, the 14
//! feature counts, the mover's colour and a constant, by Newton's method with a
//! little ridge. The weights it prints are each coefficient over the score
//! difference's, in hundredths of a point: the units of `Weights`.
//!
//! Since issue 29 the review's weights ([`hijara::ai::eval::Weights::REVIEW`])
//! are fitted to margins (`margins`, `fit-margins`, `errors`: see
//! `eval_fit/margins.rs`): every move's exact final margin at positions from
//! self-play, a Texel-style least-squares fit of the evaluation to it, and the
//! error table on held-out positions (games are seeded one by one, so a set
//! can be made in shards with `--first-game`, and a free, noisy third kind of
//! label, the game's own result, covers the middle game); `losses` and `verdicts`
//! (`eval_fit/losses.rs`) measure the review's points lost against exact
//! losses and choose its verdict thresholds. Hard plays with the weights above:
//! the margin-fitted ones scored less as Blue (docs/ai.md), and fits to the
//! middle game (`fit --min-empty 26`; `margins --exact-from 26 --exact-to 25
//! --deep-from 26 --deep-to 50`, deeper searches' values only, with
//! `fit-margins --no-colour`) came out near them and scored the same.
//! `fit-patterns` (`eval_fit/patterns.rs`) fits a line-pattern table
//! (`eval_fit/pattern_table.rs`) instead of the features: closer to deeper
//! searches, and no stronger in play (issue 29, tenth pass; not kept).

use std::io::{BufRead, Write};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use hijara::ai::SearchLimit;
use hijara::ai::eval::{FEATURES, Weights, features, score_diff};
use hijara::ai::search::{Searcher, Wdl};
use hijara::rules::{Move, Position};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng, rngs::SmallRng};

#[path = "support/load.rs"]
#[allow(dead_code)] // its squares in filling order are serve_load's
mod load_support;
#[path = "support/loss_line.rs"]
mod loss_line;
#[path = "eval_fit/losses.rs"]
mod losses;
#[path = "eval_fit/margins.rs"]
mod margins;
#[path = "eval_fit/pattern_table.rs"]
mod pattern_table;
#[path = "eval_fit/patterns.rs"]
mod patterns;
#[path = "support/stats.rs"]
mod stats;

#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play labelled games and print their positions as CSV.
    Generate {
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Search nodes per move (each move draws from half to one and a half times this).
        #[arg(long, default_value_t = 100_000)]
        nodes: u64,
        /// Empty sections at which a game is solved and stops.
        #[arg(long, default_value_t = 20)]
        label_at: u32,
    },
    /// Fit the weights to CSV files from `generate`.
    Fit {
        files: Vec<std::path::PathBuf>,
        /// Use only positions with at least this many empty sections ...
        #[arg(long, default_value_t = 0)]
        min_empty: u32,
        /// ... and at most this many (a phase band).
        #[arg(long, default_value_t = 64)]
        max_empty: u32,
    },
    /// Positions from self-play labelled with their margin: exact (a search to
    /// the end) from `--exact-from` empty sections down, a deeper search's value
    /// from `--deep-from` to `--deep-to` ([`margins`]).
    Margins(margins::GenerateArgs),
    /// Fit the weights to the margins (least squares) and print them.
    FitMargins(margins::FitArgs),
    /// The error of the evaluation with two sets of weights on held-out
    /// positions, per band of 4 empty sections: the static evaluation's, and
    /// the review's search's (`analysis::evaluate_move_weighted`).
    Errors(margins::ErrorArgs),
    /// Fit the line-pattern evaluation ([`pattern_table`]) to the margins'
    /// labels and print its error table ([`patterns`]).
    FitPatterns(patterns::FitPatternsArgs),
    /// The review's estimated losses of sampled moves against their exact
    /// losses, with two sets of weights ([`losses`]).
    Losses(losses::LossArgs),
    /// The error of those losses per band, and the verdict rates of thresholds.
    Verdicts(losses::VerdictArgs),
}

fn main() -> anyhow::Result<()> {
    match Args::parse().command {
        Command::Generate {
            games,
            seed,
            nodes,
            label_at,
        } => generate(games, seed, nodes, label_at),
        Command::Fit {
            files,
            min_empty,
            max_empty,
        } => fit(&files, min_empty, max_empty),
        Command::Margins(args) => margins::generate(&args),
        Command::FitMargins(args) => margins::fit(&args),
        Command::Errors(args) => margins::errors(&args),
        Command::FitPatterns(args) => patterns::fit_patterns(&args),
        Command::Losses(args) => losses::losses(&args),
        Command::Verdicts(args) => losses::verdicts(&args),
    }
}

fn generate(games: u32, seed: u64, nodes: u64, label_at: u32) -> anyhow::Result<()> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..games {
        let mut position = Position::new();
        let random_plies = rng.random_range(2..9);
        let mut seen = Vec::new();
        while position.empty_sections() > label_at {
            let mut moves: Vec<Move> = position.legal_moves().collect();
            moves.shuffle(&mut rng);
            let mv = if position.ply() < random_plies || rng.random_ratio(1, 25) {
                moves[0]
            } else {
                let limit = SearchLimit::nodes(nodes / 2 + rng.random_range(0..nodes.max(1)));
                let mut searcher = Searcher::new(18, limit);
                // Fixed weights, so the data does not depend on the weights fitted to it.
                searcher.weights = Weights::MEDIUM;
                searcher.search(&position, &moves).context("no move")?.best
            };
            position.play(mv)?;
            if position.ply() >= 8 {
                seen.push(position);
            }
        }
        let mut searcher = Searcher::new(22, SearchLimit::NONE);
        let moves: Vec<Move> = position.legal_moves().collect();
        let (_, wdl) = searcher.solve_wdl(&position, &moves).context("no move")?;
        for p in &seen {
            let for_mover = if p.to_move() == position.to_move() {
                wdl
            } else {
                wdl.flipped()
            };
            let label = match for_mover {
                Wdl::Win => 1.0,
                Wdl::Draw => 0.5,
                Wdl::Loss => 0.0,
            };
            let rows = features(p);
            write!(
                out,
                "{},{},{}",
                p.empty_sections(),
                p.to_move().index(),
                score_diff(p) / 10
            )?;
            for value in rows.iter().flatten() {
                write!(out, ",{value}")?;
            }
            writeln!(out, ",{label}")?;
        }
        out.flush()?;
    }
    Ok(())
}

/// Columns: score difference, 2 x FEATURES counts, mover is Yellow, constant.
const COLUMNS: usize = 1 + 2 * FEATURES + 2;

fn fit(files: &[std::path::PathBuf], min_empty: u32, max_empty: u32) -> anyhow::Result<()> {
    let mut xs: Vec<[f64; COLUMNS]> = Vec::new();
    let mut ys = Vec::new();
    for file in files {
        let reader = std::io::BufReader::new(
            std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?,
        );
        for (n, line) in reader.lines().enumerate() {
            let line = line?;
            let fields: Vec<f64> = line
                .split(',')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .with_context(|| format!("{}:{}: not a number", file.display(), n + 1))?;
            if fields.len() != 3 + 2 * FEATURES + 1 {
                bail!("{}:{}: {} fields", file.display(), n + 1, fields.len());
            }
            if fields[0] < min_empty as f64 || fields[0] > max_empty as f64 {
                continue;
            }
            let mut x = [0.0; COLUMNS];
            x[0] = fields[2];
            x[1..=2 * FEATURES].copy_from_slice(&fields[3..3 + 2 * FEATURES]);
            x[COLUMNS - 2] = fields[1];
            x[COLUMNS - 1] = 1.0;
            xs.push(x);
            ys.push(fields[3 + 2 * FEATURES]);
        }
    }
    if xs.is_empty() {
        bail!("no positions");
    }
    let n = xs.len() as f64;
    // Standardise the columns so one ridge strength suits them all.
    let mut scale = [1.0; COLUMNS];
    for (c, s) in scale.iter_mut().enumerate() {
        let mean = xs.iter().map(|x| x[c]).sum::<f64>() / n;
        let var = xs.iter().map(|x| (x[c] - mean).powi(2)).sum::<f64>() / n;
        if var > 0.0 {
            *s = var.sqrt();
        }
    }
    let rows: Vec<[f64; COLUMNS]> = xs
        .iter()
        .map(|x| std::array::from_fn(|c| x[c] / scale[c]))
        .collect();
    let ridge = 1e-3;
    let mut w = [0.0; COLUMNS];
    for _ in 0..100 {
        let mut grad = [0.0; COLUMNS];
        let mut hess = [[0.0; COLUMNS]; COLUMNS];
        for (x, &y) in rows.iter().zip(&ys) {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            for i in 0..COLUMNS {
                grad[i] += (p - y) * x[i] / n;
                for j in 0..COLUMNS {
                    hess[i][j] += p * (1.0 - p) * x[i] * x[j] / n;
                }
            }
        }
        for i in 0..COLUMNS {
            grad[i] += ridge * w[i];
            hess[i][i] += ridge;
        }
        let step = solve(hess, grad).context("singular system")?;
        for (wi, si) in w.iter_mut().zip(&step) {
            *wi -= si;
        }
        if step.iter().all(|s| s.abs() < 1e-10) {
            break;
        }
    }
    let b: Vec<f64> = w.iter().zip(&scale).map(|(w, s)| w / s).collect();
    let mut loss = 0.0;
    for (x, &y) in xs.iter().zip(&ys) {
        let z: f64 = x.iter().zip(&b).map(|(a, b)| a * b).sum();
        let p = (1.0 / (1.0 + (-z).exp())).clamp(1e-12, 1.0 - 1e-12);
        loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    println!("positions {}, log loss {:.4}", xs.len(), loss / n);
    let names = [
        "one",
        "two",
        "now",
        "fav-next",
        "fav-high",
        "against-next",
        "against-high",
    ];
    // Each coefficient over the score difference's, in hundredths of a point.
    let hundredths = |c: usize| 100.0 * b[c] / b[0];
    for (k, name) in names.iter().enumerate() {
        println!(
            "{name:13} mine {:6.2}  theirs {:6.2}  (share of its points)",
            hundredths(1 + k) / 100.0,
            -hundredths(1 + FEATURES + k) / 100.0
        );
    }
    println!(
        "mover is Yellow {:.2}, constant {:.2} (points; not used: they cancel in a search)",
        hundredths(COLUMNS - 2) / 100.0,
        hundredths(COLUMNS - 1) / 100.0
    );
    let row = |offset: usize, sign: f64| -> Vec<String> {
        (0..FEATURES)
            .map(|k| format!("{:.0}", sign * hundredths(offset + k)))
            .collect()
    };
    println!(
        "Weights {{ mine: [{}], theirs: [{}], colour: [0, 0], fill: 0 }}",
        row(1, 1.0).join(", "),
        row(1 + FEATURES, -1.0).join(", ")
    );
    Ok(())
}

/// Solves `a x = b` ([`margins::solve_linear`]).
fn solve(a: [[f64; COLUMNS]; COLUMNS], b: [f64; COLUMNS]) -> Option<[f64; COLUMNS]> {
    let x = margins::solve_linear(a.iter().map(|row| row.to_vec()).collect(), b.to_vec())?;
    x.try_into().ok()
}
