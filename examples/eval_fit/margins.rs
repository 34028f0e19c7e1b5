//! `eval_fit margins | fit-margins | errors`: the review's evaluation
//! ([`Weights::REVIEW`]) fitted to exact margins (issue 29).
//!
//! ```sh
//! # training and held-out data, reproducible from their seeds
//! eval_fit margins --games 2000 --seed 21 --max-minutes 40 > train.csv
//! eval_fit margins --games 2000 --seed 99 --max-minutes 40 > held.csv
//! eval_fit fit-margins train.csv --exact-only
//! eval_fit errors held.csv --weights "MINE;THEIRS;BLUE,YELLOW" --stride 15
//! ```
//!
//! `margins` plays games of hard (node-limited, one thread) and medium, in
//! every pairing, from 2-8 random opening moves, a quarter of them in the
//! corners variant. Each game position from `--exact-to` empty sections down
//! to `--exact-from` is labelled with every move's exact final margin under
//! best play (whole-window searches to the end, one table per game, each
//! within `--exact-nodes`; a position where one does not finish is left out),
//! so the position (its best move's margin) and each child are labelled rows;
//! `--deep-count` positions a game from `--deep-from` to `--deep-to` get a
//! deeper search's value (`--deep-nodes`, the review's way of valuing a
//! position, with [`Weights::HARD`]). One CSV row each: empty sections, the
//! mover (0 Blue, 1 Yellow), the score difference in points from the mover's
//! view, the mover's seven feature counts, the opponent's, the label (final
//! margin in points for the mover), 1 if exact else 0, the ruleset (0
//! standard, 1 corners), the moves from the start, and on a game position
//! every move's exact margin (`a1:15 b2:-5 ...`, else `-`). On stderr, what
//! each game position's labels cost (nodes and seconds) and a line per game.
//!
//! `fit-margins` fits `label - score difference` as a weighted sum of the 14
//! feature counts, the mover's colour and a constant by least squares with a
//! little ridge (the evaluation's form: `Weights` in hundredths of a point per
//! point of a combination); the colour and the constant give the colour term.
//!
//! `errors` values every held-out position with two sets of weights
//! ([`Weights::HARD`], "shipped", and `--weights`, "candidate"): the static
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
    #[arg(long, default_value_t = 18)]
    exact_from: u32,
    /// ... up to this many (each game position there, and every move from it).
    #[arg(long, default_value_t = 24)]
    exact_to: u32,
    /// The most nodes one exact margin may take; a position whose margins do
    /// not all finish within it is left out (and counted on stderr).
    #[arg(long, default_value_t = 4_000_000)]
    exact_nodes: u64,
    /// Positions a game labelled by a deeper search, from this many ...
    #[arg(long, default_value_t = 2)]
    deep_count: u32,
    /// ... in this range of empty sections: from ...
    #[arg(long, default_value_t = 25)]
    deep_from: u32,
    /// ... to this many empty sections.
    #[arg(long, default_value_t = 40)]
    deep_to: u32,
    /// The deeper search's nodes.
    #[arg(long, default_value_t = 1_000_000)]
    deep_nodes: u64,
    /// Stop after this many minutes (the games written so far are whole).
    #[arg(long, default_value_t = 60)]
    max_minutes: u64,
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
    /// Fit no colour term: the weights print `colour: [0, 0]`. (A constant is
    /// still fitted and then dropped: from the mover's view it flips sign
    /// with every ply, as a colour term does, so a search would see it swing.)
    #[arg(long)]
    no_colour: bool,
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
    /// Use every `stride`-th position only.
    #[arg(long, default_value_t = 1)]
    stride: usize,
}

/// One labelled position.
pub(crate) struct Row {
    pub(crate) empties: u32,
    pub(crate) mover: u32,
    pub(crate) diff: f64,
    pub(crate) counts: [f64; 2 * FEATURES],
    pub(crate) label: f64,
    pub(crate) exact: bool,
    pub(crate) position: Position,
    /// Every move's exact margin for the mover, on a game position; else empty.
    pub(crate) children: Vec<(Move, i32)>,
}

/// The exact final margin of `position` for its mover, in points, within
/// `cap` more nodes of `searcher` (whose table is kept between calls).
fn exact_margin(searcher: &mut Searcher, position: &Position, cap: u64) -> Option<i32> {
    if position.is_over() {
        return Some(position.margin(position.to_move()));
    }
    searcher.set_limit(SearchLimit::nodes(searcher.nodes() + cap));
    let order: Vec<Move> = position.legal_moves().collect();
    let (_, value) = searcher.solve_margin(position, &order, -INF, INF)?;
    Some(value / SCALE)
}

fn write_row(
    out: &mut impl Write,
    p: &Position,
    label: i32,
    exact: bool,
    moves: &[Move],
    children: &[(Move, i32)],
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
    let children: Vec<String> = children.iter().map(|(m, v)| format!("{m}:{v}")).collect();
    writeln!(
        out,
        ",{label},{},{ruleset},{},{}",
        u8::from(exact),
        line.join(" "),
        if children.is_empty() {
            "-".to_owned()
        } else {
            children.join(" ")
        }
    )
}

/// The labelled games: see the module's documentation.
pub fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let levels = [
        (Level::Hard, Level::Medium),
        (Level::Medium, Level::Hard),
        (Level::Hard, Level::Hard),
        (Level::Medium, Level::Medium),
    ];
    let (mut rows, mut skipped, mut nodes) = (0u64, 0u64, 0u64);
    for g in 0..args.games {
        if start.elapsed().as_secs() >= args.max_minutes * 60 {
            eprintln!("stopped after {} minutes", args.max_minutes);
            break;
        }
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
        let deep_at: Vec<u32> = (0..args.deep_count)
            .map(|_| rng.random_range(args.deep_from..=args.deep_to.max(args.deep_from)))
            .collect();
        let mut position = Position::with_ruleset(ruleset);
        let mut moves = Vec::new();
        // The game's positions in the exact range, with the moves to them.
        let mut line: Vec<(Position, Vec<Move>)> = Vec::new();
        while position.empty_sections() >= args.exact_from && !position.is_over() {
            let e = position.empty_sections();
            if (args.exact_from..=args.exact_to).contains(&e) {
                line.push((position, moves.clone()));
            } else if deep_at.contains(&e) && args.deep_nodes > 0 {
                let limit = SearchLimit::nodes(args.deep_nodes);
                let deep = evaluate_move_weighted(&position, None, &limit, &Weights::HARD)
                    .context("a value")?;
                write_row(&mut out, &position, deep.margin, deep.exact, &moves, &[])?;
                rows += 1;
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
        // From the end back, one table for the game: every move's exact margin,
        // so the position's own margin, and each child is a labelled position too.
        let mut searcher = Searcher::new(21, SearchLimit::NONE);
        for (p, path) in line.iter().rev() {
            let (before, t) = (searcher.nodes(), std::time::Instant::now());
            let mut children = Vec::new();
            for mv in p.legal_moves() {
                let mut child = *p;
                child.play_unchecked(mv);
                match exact_margin(&mut searcher, &child, args.exact_nodes) {
                    Some(v) => children.push((mv, child, -v)),
                    None => break,
                }
            }
            // What labelling a position costs: every move's exact margin, one table a game.
            eprintln!(
                "  {} empty: {} of {} moves solved, {:.1} M nodes, {:.1} s",
                p.empty_sections(),
                children.len(),
                p.legal_moves().count(),
                (searcher.nodes() - before) as f64 / 1e6,
                t.elapsed().as_secs_f64()
            );
            if children.len() < p.legal_moves().count() {
                skipped += 1;
                continue;
            }
            let best = children.iter().map(|c| c.2).max().context("a move")?;
            let values: Vec<(Move, i32)> = children.iter().map(|c| (c.0, c.2)).collect();
            write_row(&mut out, p, best, true, path, &values)?;
            rows += 1;
            let played = path.len();
            for (mv, child, v) in &children {
                // The next game position is written as a line position.
                if moves.get(played) == Some(mv) && child.empty_sections() >= args.exact_from {
                    continue;
                }
                let mut to_child = path.clone();
                to_child.push(*mv);
                write_row(&mut out, child, -v, true, &to_child, &[])?;
                rows += 1;
            }
        }
        nodes += searcher.nodes();
        out.flush()?;
        eprintln!(
            "game {g}: {rows} rows, {skipped} positions left out, {:.1} M exact nodes, {:.0} s",
            nodes as f64 / 1e6,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

pub(crate) fn read(files: &[PathBuf]) -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).with_context(|| file.display().to_string())?;
        for (n, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split(',').collect();
            if fields.len() != 3 + 2 * FEATURES + 5 {
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
            let mut children = Vec::new();
            for item in fields[3 + 2 * FEATURES + 4].split_whitespace() {
                if item == "-" {
                    continue;
                }
                let parsed = item
                    .split_once(':')
                    .and_then(|(m, v)| Some((m.parse::<Square>().ok()?, v.parse::<i32>().ok()?)));
                let Some(child) = parsed else {
                    bail!("{}:{}: {item}: not square:value", file.display(), n + 1);
                };
                children.push(child);
            }
            rows.push(Row {
                empties: num(0)? as u32,
                mover: num(1)? as u32,
                diff: num(2)?,
                counts,
                label: num(3 + 2 * FEATURES)?,
                exact: num(3 + 2 * FEATURES + 1)? == 1.0,
                position,
                children,
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
    // Columns: 14 feature counts (in points), the mover is Yellow (unless
    // `--no-colour`), a constant.
    let cols = 2 * FEATURES + if args.no_colour { 1 } else { 2 };
    let x = |r: &Row| -> Vec<f64> {
        let mut v: Vec<f64> = r.counts.to_vec();
        if !args.no_colour {
            v.push(f64::from(r.mover));
        }
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
    // The colour term in points from the mover's view: [Blue, Yellow].
    let colour_points = if args.no_colour {
        [0.0, 0.0]
    } else {
        let constant = w[2 * FEATURES + 1];
        [constant, w[2 * FEATURES] + constant]
    };
    println!(
        "positions {} ({} exact), rms error {:.2} points; colour: Blue to move {:.2}, Yellow to move {:.2}{}",
        rows.len(),
        rows.iter().filter(|r| r.exact).count(),
        (sse / rows.len() as f64).sqrt(),
        colour_points[0],
        colour_points[1],
        if args.no_colour {
            format!(" (none fitted; constant {:.2}, dropped)", w[2 * FEATURES])
        } else {
            String::new()
        }
    );
    // Weights in hundredths: mine add, theirs subtract.
    let mine: Vec<String> = (0..FEATURES)
        .map(|k| format!("{:.0}", 100.0 * w[k]))
        .collect();
    let theirs: Vec<String> = (0..FEATURES)
        .map(|k| format!("{:.0}", -100.0 * w[FEATURES + k]))
        .collect();
    let colour = colour_points.map(|c| format!("{:.0}", 100.0 * c));
    println!(
        "Weights {{ mine: [{}], theirs: [{}], colour: [{}] }}",
        mine.join(", "),
        theirs.join(", "),
        colour.join(", ")
    );
    println!(
        "--weights \"{};{};{}\"",
        mine.join(","),
        theirs.join(","),
        colour.join(",")
    );
    Ok(())
}

pub(crate) fn parse_weights(text: &str) -> anyhow::Result<Weights> {
    let mut parts = text.split(';');
    let row = |s: Option<&str>| -> anyhow::Result<Vec<i32>> {
        s.context("mine;theirs[;blue,yellow]")?
            .split(',')
            .map(|x| x.trim().parse().context("a weight"))
            .collect()
    };
    let fixed = |v: Vec<i32>| -> anyhow::Result<[i32; FEATURES]> {
        v.try_into()
            .map_err(|_| anyhow::anyhow!("{FEATURES} weights"))
    };
    let mine = fixed(row(parts.next())?)?;
    let theirs = fixed(row(parts.next())?)?;
    let colour = match parts.next() {
        Some(t) => row(Some(t))?
            .try_into()
            .map_err(|_| anyhow::anyhow!("2 colour weights"))?,
        None => [0, 0],
    };
    Ok(Weights {
        mine,
        theirs,
        colour,
    })
}

/// The nearest-rank percentile `p` of sorted `xs`.
pub(crate) fn percentile(xs: &[i32], p: usize) -> i32 {
    if xs.is_empty() {
        return 0;
    }
    xs[(xs.len() * p).div_ceil(100).max(1) - 1]
}

pub fn errors(args: &ErrorArgs) -> anyhow::Result<()> {
    let rows: Vec<Row> = read(std::slice::from_ref(&args.file))?
        .into_iter()
        .step_by(args.stride.max(1))
        .collect();
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

/// The load average, for the record of a measurement.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
