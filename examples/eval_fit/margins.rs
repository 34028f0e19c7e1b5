//! `eval_fit margins | fit-margins | errors`: hard's evaluation fitted to exact
//! margins (issue 29).
//!
//! ```sh
//! # training and held-out data, reproducible from their seeds
//! cargo run --release --features tools --example eval_fit -- margins --games 400 --seed 21 > train.csv
//! cargo run --release --features tools --example eval_fit -- margins --games 80 --seed 99 > held.csv
//! cargo run --release --features tools --example eval_fit -- fit-margins train.csv
//! cargo run --release --features tools --example eval_fit -- errors held.csv --weights "6,15,...;9,18,..."
//! ```
//!
//! `margins` plays games of hard (node-limited) and medium, in every pairing,
//! from 2-8 random opening moves, a quarter of them in the corners variant.
//! Each game gives its positions from `--exact-to` empty sections down to
//! `--exact-from`, labelled with the exact final margin under best play (a
//! whole-window search to the end), and one position from `--deep-from` to
//! `--deep-to`, labelled with a deeper search (`--deep-nodes`, the review's
//! own way of valuing a position, with the current weights). One CSV row each:
//! empty sections, the mover (0 Blue, 1 Yellow), the score difference in points
//! from the mover's view, the mover's seven feature counts, the opponent's, the
//! label (final margin in points for the mover), 1 if exact else 0, the ruleset
//! (0 standard, 1 corners), and the moves from the start.
//!
//! `fit-margins` fits `label - score difference` as a weighted sum of the 14
//! feature counts, the mover's colour and a constant by least squares with a
//! little ridge (the evaluation's form: `Weights` in hundredths of a point per
//! point of a combination); the colour and constant absorb the bias and are
//! not shipped (they cancel in a search).
//!
//! `errors` values every held-out position with two sets of weights: the static
//! evaluation, and the review's search (`evaluate_move_weighted`, `--nodes` on
//! one thread), and prints |estimate - label| per band of 4 empty sections.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use hijara::ai::analysis::evaluate_move_weighted;
use hijara::ai::eval::{FEATURES, SCALE, Weights, evaluate_with, features, score_diff};
use hijara::ai::search::{INF, Searcher};
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, random};
use hijara::rules::{Move, Position, Ruleset, Square};
use rand::{Rng, SeedableRng, rngs::SmallRng};

#[derive(clap::Args)]
pub struct GenerateArgs {
    #[arg(long, default_value_t = 100)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hard's nodes per move in the games (one thread).
    #[arg(long, default_value_t = 20_000)]
    hard_nodes: u64,
    /// Exact labels from this many empty sections ...
    #[arg(long, default_value_t = 14)]
    exact_from: u32,
    /// ... up to this many.
    #[arg(long, default_value_t = 20)]
    exact_to: u32,
    /// One position a game labelled by a deeper search, from this many ...
    #[arg(long, default_value_t = 24)]
    deep_from: u32,
    /// ... to this many empty sections.
    #[arg(long, default_value_t = 30)]
    deep_to: u32,
    /// The deeper search's nodes.
    #[arg(long, default_value_t = 2_000_000)]
    deep_nodes: u64,
}

#[derive(clap::Args)]
pub struct FitArgs {
    files: Vec<PathBuf>,
    /// Use only positions with at least this many empty sections ...
    #[arg(long, default_value_t = 0)]
    min_empty: u32,
    /// ... and at most this many.
    #[arg(long, default_value_t = 64)]
    max_empty: u32,
    /// Only exact labels.
    #[arg(long)]
    exact_only: bool,
}

#[derive(clap::Args)]
pub struct ErrorArgs {
    file: PathBuf,
    /// The candidate weights: `mine;theirs`, 7 comma-separated numbers each.
    #[arg(long)]
    weights: String,
    /// The review search's nodes per position (0: the static evaluation only).
    #[arg(long, default_value_t = 400_000)]
    nodes: u64,
}

/// One labelled position.
struct Row {
    empties: u32,
    mover: u32,
    diff: f64,
    counts: [f64; 2 * FEATURES],
    label: f64,
    exact: bool,
    position: Position,
}

fn margin_of(position: &Position) -> i32 {
    let mut searcher = Searcher::new(22, SearchLimit::NONE);
    let order: Vec<Move> = position.legal_moves().collect();
    searcher
        .solve_margin(position, &order, -INF, INF)
        .map_or_else(|| position.margin(position.to_move()), |(_, v)| v / SCALE)
}

fn write_row(
    out: &mut impl Write,
    p: &Position,
    label: i32,
    exact: bool,
    moves: &[Move],
) -> std::io::Result<()> {
    write!(
        out,
        "{},{},{}",
        p.empty_sections(),
        p.to_move().index(),
        score_diff(p) / SCALE
    )?;
    for value in features(p).iter().flatten() {
        write!(out, ",{value}")?;
    }
    let line: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let ruleset = u8::from(p.ruleset() == Ruleset::Corners);
    writeln!(
        out,
        ",{label},{},{ruleset},{}",
        u8::from(exact),
        line.join(" ")
    )
}

pub fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let levels = [
        (Level::Hard, Level::Medium),
        (Level::Medium, Level::Hard),
        (Level::Hard, Level::Hard),
        (Level::Medium, Level::Medium),
    ];
    for g in 0..args.games {
        let (blue, yellow) = levels[g as usize % levels.len()];
        let ruleset = if rng.random_ratio(1, 4) {
            Ruleset::Corners
        } else {
            Ruleset::Standard
        };
        let game_seed: u64 = rng.random();
        let engine = |level, seed| {
            Engine::new(AiSettings {
                seed,
                threads: Some(1),
                ..AiSettings::new(level)
            })
        };
        let mut engines = [engine(blue, game_seed), engine(yellow, game_seed ^ 1)];
        let opening = rng.random_range(2..=8);
        let deep_at = rng.random_range(args.deep_from..=args.deep_to.max(args.deep_from));
        let mut position = Position::with_ruleset(ruleset);
        let mut moves = Vec::new();
        while position.empty_sections() >= args.exact_from && !position.is_over() {
            let e = position.empty_sections();
            if (args.exact_from..=args.exact_to).contains(&e) {
                write_row(&mut out, &position, margin_of(&position), true, &moves)?;
            } else if e == deep_at && args.deep_nodes > 0 {
                let limit = SearchLimit::nodes(args.deep_nodes);
                let deep = evaluate_move_weighted(&position, None, &limit, &Weights::HARD)
                    .context("a value")?;
                write_row(&mut out, &position, deep.margin, deep.exact, &moves)?;
            }
            let mv = if position.ply() < opening {
                random::choose(&position, rng.random())
            } else {
                engines[position.to_move().index()]
                    .choose(&position, &SearchLimit::nodes(args.hard_nodes))
            }
            .context("a move")?;
            position.play(mv)?;
            moves.push(mv);
        }
        out.flush()?;
    }
    Ok(())
}

fn read(files: &[PathBuf]) -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).with_context(|| file.display().to_string())?;
        for (n, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split(',').collect();
            if fields.len() != 3 + 2 * FEATURES + 4 {
                bail!("{}:{}: {} fields", file.display(), n + 1, fields.len());
            }
            let num = |i: usize| -> anyhow::Result<f64> {
                fields[i]
                    .parse()
                    .with_context(|| format!("{}:{}: field {}", file.display(), n + 1, i + 1))
            };
            let mut counts = [0.0; 2 * FEATURES];
            for (k, c) in counts.iter_mut().enumerate() {
                *c = num(3 + k)?;
            }
            let ruleset = if num(3 + 2 * FEATURES + 2)? == 1.0 {
                Ruleset::Corners
            } else {
                Ruleset::Standard
            };
            let mut position = Position::with_ruleset(ruleset);
            for word in fields[3 + 2 * FEATURES + 3].split_whitespace() {
                let square: Square = word
                    .parse()
                    .map_err(|e| anyhow::anyhow!("{}:{}: {word}: {e}", file.display(), n + 1))?;
                position.play(square)?;
            }
            rows.push(Row {
                empties: num(0)? as u32,
                mover: num(1)? as u32,
                diff: num(2)?,
                counts,
                label: num(3 + 2 * FEATURES)?,
                exact: num(3 + 2 * FEATURES + 1)? == 1.0,
                position,
            });
        }
    }
    Ok(rows)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
pub(super) fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            let (top, bottom) = a.split_at_mut(row);
            for (x, &p) in bottom[0][col..].iter_mut().zip(&top[col][col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

pub fn fit(args: &FitArgs) -> anyhow::Result<()> {
    let rows: Vec<Row> = read(&args.files)?
        .into_iter()
        .filter(|r| {
            (args.min_empty..=args.max_empty).contains(&r.empties) && (r.exact || !args.exact_only)
        })
        .collect();
    if rows.is_empty() {
        bail!("no positions");
    }
    // Columns: 14 feature counts (in points), the mover is Yellow, a constant.
    let cols = 2 * FEATURES + 2;
    let x = |r: &Row| -> Vec<f64> {
        let mut v: Vec<f64> = r.counts.to_vec();
        v.push(f64::from(r.mover));
        v.push(1.0);
        v
    };
    let mut ata = vec![vec![0.0; cols]; cols];
    let mut atb = vec![0.0; cols];
    for r in &rows {
        let v = x(r);
        let y = r.label - r.diff;
        for i in 0..cols {
            atb[i] += v[i] * y;
            for j in 0..cols {
                ata[i][j] += v[i] * v[j];
            }
        }
    }
    // A little ridge on the feature weights, relative to the data's size.
    for (i, row) in ata.iter_mut().enumerate().take(2 * FEATURES) {
        row[i] += 1e-3 * rows.len() as f64;
    }
    let w = solve_linear(ata, atb).context("singular system")?;
    let sse: f64 = rows
        .iter()
        .map(|r| {
            let p: f64 = x(r).iter().zip(&w).map(|(a, b)| a * b).sum();
            (r.label - r.diff - p).powi(2)
        })
        .sum();
    println!(
        "positions {} ({} exact), rms error {:.2} points; mover is Yellow {:.2}, constant {:.2} (not shipped)",
        rows.len(),
        rows.iter().filter(|r| r.exact).count(),
        (sse / rows.len() as f64).sqrt(),
        w[2 * FEATURES],
        w[2 * FEATURES + 1]
    );
    // Weights in hundredths: mine add, theirs subtract.
    let mine: Vec<String> = (0..FEATURES)
        .map(|k| format!("{:.0}", 100.0 * w[k]))
        .collect();
    let theirs: Vec<String> = (0..FEATURES)
        .map(|k| format!("{:.0}", -100.0 * w[FEATURES + k]))
        .collect();
    println!(
        "Weights {{ mine: [{}], theirs: [{}] }}",
        mine.join(", "),
        theirs.join(", ")
    );
    println!("--weights \"{};{}\"", mine.join(","), theirs.join(","));
    Ok(())
}

fn parse_weights(text: &str) -> anyhow::Result<Weights> {
    let (mine, theirs) = text.split_once(';').context("mine;theirs")?;
    let row = |s: &str| -> anyhow::Result<[i32; FEATURES]> {
        let v: Vec<i32> = s
            .split(',')
            .map(|x| x.trim().parse())
            .collect::<Result<_, _>>()?;
        v.try_into()
            .map_err(|_| anyhow::anyhow!("{FEATURES} weights"))
    };
    Ok(Weights {
        mine: row(mine)?,
        theirs: row(theirs)?,
    })
}

/// The nearest-rank percentile `p` of sorted `xs`.
fn percentile(xs: &[i32], p: usize) -> i32 {
    if xs.is_empty() {
        return 0;
    }
    xs[(xs.len() * p).div_ceil(100).max(1) - 1]
}

pub fn errors(args: &ErrorArgs) -> anyhow::Result<()> {
    let rows = read(std::slice::from_ref(&args.file))?;
    let candidate = parse_weights(&args.weights)?;
    let sets = [("shipped", Weights::HARD), ("candidate", candidate)];
    // Per band: per set, static errors and search errors.
    let mut bands: std::collections::BTreeMap<u32, [[Vec<i32>; 2]; 2]> = Default::default();
    for r in &rows {
        let entry = bands.entry(r.empties / 4).or_default();
        for (s, (_, weights)) in sets.iter().enumerate() {
            let label = r.label as i32;
            let static_value = evaluate_with(&r.position, weights) / SCALE;
            entry[s][0].push((static_value - label).abs());
            if args.nodes > 0 {
                let limit = SearchLimit::nodes(args.nodes);
                let e = evaluate_move_weighted(&r.position, None, &limit, weights)
                    .context("a value")?;
                entry[s][1].push((e.margin - label).abs());
            }
        }
    }
    println!(
        "{} held-out positions ({} exact labels); |estimate - label| in points, median / 95th percentile",
        rows.len(),
        rows.iter().filter(|r| r.exact).count()
    );
    println!(
        "| empty sections | positions | static, shipped | static, candidate | review search {} nodes, shipped | candidate |",
        args.nodes
    );
    println!("|---|---|---|---|---|---|");
    for (band, sets) in &mut bands {
        for set in sets.iter_mut() {
            for v in set.iter_mut() {
                v.sort_unstable();
            }
        }
        let cell = |v: &Vec<i32>| {
            if v.is_empty() {
                "-".to_owned()
            } else {
                format!("{} / {}", percentile(v, 50), percentile(v, 95))
            }
        };
        println!(
            "| {}-{} | {} | {} | {} | {} | {} |",
            band * 4,
            band * 4 + 3,
            sets[0][0].len(),
            cell(&sets[0][0]),
            cell(&sets[1][0]),
            cell(&sets[0][1]),
            cell(&sets[1][1])
        );
    }
    Ok(())
}
