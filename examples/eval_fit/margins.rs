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
//! corners variant; game `g` of a seed draws from its own random stream, so
//! runs of `--first-game`/`--games` (shards, on any machines) concatenate to
//! one run's file. Each game position from `--exact-to` empty sections down
//! to `--exact-from` is labelled with every move's exact final margin under
//! best play (whole-window searches to the end, one table per game, each
//! within `--exact-nodes`; a position where one does not finish is left out),
//! so the position (its best move's margin) and each child are labelled rows;
//! `--deep-count` positions a game from `--deep-from` to `--deep-to` get a
//! deeper search's value (`--deep-nodes`, the review's way of valuing a
//! position, with [`Weights::HARD`]); every game position from `--game-from`
//! to `--game-to` gets the game's own result ([`Kind::Game`]: free, noisy).
//! One CSV row each: empty sections, the
//! mover (0 Blue, 1 Yellow), the score difference in points from the mover's
//! view, the mover's seven feature counts, the opponent's, the label (final
//! margin in points for the mover), its kind (0 deeper search, 1 exact, 2
//! game result), the ruleset (0
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
//! (`--before`, [`Weights::HARD`] unless named, and `--weights`, "candidate"): the static
//! evaluation, and the review's search (`evaluate_move_weighted`, `--nodes` on
//! one thread), and prints |estimate - label| per band of 4 empty sections.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use hijara::ai::analysis::evaluate_move_weighted;
use hijara::ai::eval::{FEATURES, SCALE, Weights, evaluate_with, features, score_diff};
use hijara::ai::search::{INF, Searcher, follow_up_bound};
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, random};
use hijara::rules::{Move, Position, Ruleset, Square};
use rand::{Rng, SeedableRng, rngs::SmallRng};

use crate::stats::percentile;

#[derive(clap::Args)]
pub struct GenerateArgs {
    #[arg(long, default_value_t = 100)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The first game's number: game `g` of a seed is the same whatever run
    /// plays it, so `--first-game 0 --games 50` and `--first-game 50 --games
    /// 50` concatenated are `--games 100` (shards of one set).
    #[arg(long, default_value_t = 0)]
    first_game: u32,
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
    /// Game labels (kind 2) for every game position from this many empty
    /// sections ...
    #[arg(long, default_value_t = 25)]
    game_from: u32,
    /// ... to this many (0: none): the exact margin of the game's first solved
    /// position in the exact range, from the position's mover's view.
    #[arg(long, default_value_t = 0)]
    game_to: u32,
    /// Stop after this many minutes (the games written so far are whole).
    #[arg(long, default_value_t = 60)]
    max_minutes: u64,
    /// Play every game under the standard rules (the corners draw is still
    /// made, so the games' other random choices are those of a mixed run).
    #[arg(long)]
    standard_only: bool,
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
    /// Only exact labels (as `--kinds exact`).
    #[arg(long)]
    exact_only: bool,
    /// The kinds of label to fit to (default: all).
    #[arg(long, value_enum, value_delimiter = ',')]
    kinds: Vec<Kind>,
    /// Fit no colour term: the weights print `colour: [0, 0]`. (A constant is
    /// still fitted and then dropped: from the mover's view it flips sign
    /// with every ply, as a colour term does, so a search would see it swing.)
    #[arg(long)]
    no_colour: bool,
    /// A small model beyond `Weights` (measured, not shipped): every column
    /// also times `(empty sections - 20) / 4`, so the weights taper with the
    /// phase. Prints no `Weights`.
    #[arg(long)]
    tapered: bool,
    /// Another small model (measured, not shipped): two more columns, what
    /// Yellow's follow-up guarantees Yellow beyond the score difference
    /// ([`follow_up_floor`]) and whether it is known.
    #[arg(long)]
    follow_up: bool,
    /// Exact positions never used for the fit (another seed's file): print the
    /// fit's static error on them per band of 4 empty sections, beside
    /// [`Weights::REVIEW`]'s.
    #[arg(long)]
    held_out: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct ErrorArgs {
    file: PathBuf,
    /// The candidate weights: `mine;theirs`, 7 comma-separated numbers each.
    #[arg(long)]
    weights: String,
    /// The weights they are compared with: `hard` ([`Weights::HARD`]),
    /// `review` ([`Weights::REVIEW`]) or `mine;theirs[;blue,yellow]`.
    #[arg(long, default_value = "hard")]
    before: String,
    /// Only positions with exact labels.
    #[arg(long)]
    exact_only: bool,
    /// The review search's nodes per position (0: the static evaluation only).
    #[arg(long, default_value_t = 400_000)]
    nodes: u64,
    /// Use every `stride`-th position only.
    #[arg(long, default_value_t = 1)]
    stride: usize,
}

/// What a row's label is: the CSV's column after the label (0, 1, 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Kind {
    /// A deeper search's value (`--deep-nodes`): an estimate.
    Deep,
    /// The exact final margin under best play from the position.
    Exact,
    /// The game's own result: the exact margin of the first position of this
    /// game's exact range that was solved, from this position's mover's view
    /// (the moves actually played, then best play). Cheap and noisy: it
    /// judges the players' moves as much as the position.
    Game,
}

impl Kind {
    fn code(self) -> u8 {
        match self {
            Kind::Deep => 0,
            Kind::Exact => 1,
            Kind::Game => 2,
        }
    }

    fn from_code(code: f64) -> Option<Kind> {
        [Kind::Deep, Kind::Exact, Kind::Game]
            .into_iter()
            .find(|k| f64::from(k.code()) == code)
    }
}

/// One labelled position.
pub(crate) struct Row {
    pub(crate) empties: u32,
    pub(crate) mover: u32,
    pub(crate) diff: f64,
    pub(crate) counts: [f64; 2 * FEATURES],
    pub(crate) label: f64,
    pub(crate) kind: Kind,
    pub(crate) position: Position,
    /// The moves from the start to `position`, as written (`c3 b3 ...`).
    pub(crate) moves: String,
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
    kind: Kind,
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
        kind.code(),
        line.join(" "),
        if children.is_empty() {
            "-".to_owned()
        } else {
            children.join(" ")
        }
    )
}

/// The labelled games to standard output: see the module's documentation.
pub fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    generate_to(args, &mut out, &mut std::io::stderr())
}

/// The random numbers of game `g` of `seed`: its own stream, so a game is the
/// same whichever run (shard) plays it.
fn game_rng(seed: u64, g: u32) -> SmallRng {
    // Distinct odd multipliers keep (seed, g) pairs apart.
    SmallRng::seed_from_u64(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(g).wrapping_mul(0xD1B5_4A32_D192_ED03),
    )
}

/// Rows written, by [`Kind`] (deep, exact, game), and the seconds spent
/// playing, in deeper searches and in exact ones.
#[derive(Default)]
struct Tally {
    rows: [u64; 3],
    seconds: [f64; 3],
}

/// [`generate`] to `out`, with a line a game on `log`.
fn generate_to(
    args: &GenerateArgs,
    out: &mut impl Write,
    log: &mut impl Write,
) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let mut tally = Tally::default();
    let (mut skipped, mut nodes) = (0u64, 0u64);
    let games = args.first_game..args.first_game.saturating_add(args.games);
    for g in games {
        if start.elapsed().as_secs() >= args.max_minutes * 60 {
            writeln!(log, "stopped after {} minutes", args.max_minutes)?;
            break;
        }
        let (game_skipped, game_nodes) = label_game(args, g, out, &mut tally)?;
        skipped += game_skipped;
        nodes += game_nodes;
        out.flush()?;
        writeln!(
            log,
            "game {g}: {} rows ({} exact, {} deep, {} game), {skipped} positions left out, {:.1} M exact nodes, {:.0} s (play {:.0}, deep {:.0}, exact {:.0})",
            tally.rows.iter().sum::<u64>(),
            tally.rows[1],
            tally.rows[0],
            tally.rows[2],
            nodes as f64 / 1e6,
            start.elapsed().as_secs_f64(),
            tally.seconds[0],
            tally.seconds[1],
            tally.seconds[2]
        )?;
    }
    Ok(())
}

/// Plays game `g` of the seed and writes its rows; returns the positions left
/// out at the node cap and the exact searches' nodes.
fn label_game(
    args: &GenerateArgs,
    g: u32,
    out: &mut impl Write,
    tally: &mut Tally,
) -> anyhow::Result<(u64, u64)> {
    let clock = std::time::Instant::now();
    let mut deep_seconds = 0.0;
    let levels = [
        (Level::Hard, Level::Medium),
        (Level::Medium, Level::Hard),
        (Level::Hard, Level::Hard),
        (Level::Medium, Level::Medium),
    ];
    let mut rng = game_rng(args.seed, g);
    let (blue, yellow) = levels[g as usize % levels.len()];
    let ruleset = if rng.random_ratio(1, 4) && !args.standard_only {
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
    // The game's positions in the exact range, with the moves to them, and
    // those in the game labels' range.
    let mut line: Vec<(Position, Vec<Move>)> = Vec::new();
    let mut early: Vec<(Position, Vec<Move>)> = Vec::new();
    while position.empty_sections() >= args.exact_from && !position.is_over() {
        let e = position.empty_sections();
        if (args.exact_from..=args.exact_to).contains(&e) {
            line.push((position, moves.clone()));
        } else {
            if (args.game_from..=args.game_to).contains(&e) {
                early.push((position, moves.clone()));
            }
            if deep_at.contains(&e) && args.deep_nodes > 0 {
                let deep_clock = std::time::Instant::now();
                let limit = SearchLimit::nodes(args.deep_nodes);
                let deep = evaluate_move_weighted(&position, None, &limit, &Weights::HARD)
                    .context("a value")?;
                let kind = if deep.exact { Kind::Exact } else { Kind::Deep };
                write_row(out, &position, deep.margin, kind, &moves, &[])?;
                tally.rows[usize::from(kind.code())] += 1;
                deep_seconds += deep_clock.elapsed().as_secs_f64();
            }
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
    tally.seconds[0] += clock.elapsed().as_secs_f64() - deep_seconds;
    tally.seconds[1] += deep_seconds;
    let exact_clock = std::time::Instant::now();
    // From the end back, one table for the game: every move's exact margin,
    // so the position's own margin, and each child is a labelled position too.
    let mut searcher = Searcher::new(21, SearchLimit::NONE);
    let mut skipped = 0;
    // The first (highest) solved game position: its mover and margin.
    let mut top = None;
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
        top = Some((p.to_move(), best));
        let values: Vec<(Move, i32)> = children.iter().map(|c| (c.0, c.2)).collect();
        write_row(out, p, best, Kind::Exact, path, &values)?;
        tally.rows[1] += 1;
        let played = path.len();
        for (mv, child, v) in &children {
            // The next game position is written as a line position.
            if moves.get(played) == Some(mv) && child.empty_sections() >= args.exact_from {
                continue;
            }
            let mut to_child = path.clone();
            to_child.push(*mv);
            write_row(out, child, -v, Kind::Exact, &to_child, &[])?;
            tally.rows[1] += 1;
        }
    }
    tally.seconds[2] += exact_clock.elapsed().as_secs_f64();
    if let Some((mover, margin)) = top {
        for (p, path) in &early {
            let label = if p.to_move() == mover {
                margin
            } else {
                -margin
            };
            write_row(out, p, label, Kind::Game, path, &[])?;
            tally.rows[2] += 1;
        }
    }
    Ok((skipped, searcher.nodes()))
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
                kind: Kind::from_code(num(3 + 2 * FEATURES + 1)?).with_context(|| {
                    format!("{}:{}: label kind not 0, 1 or 2", file.display(), n + 1)
                })?,
                position,
                moves: fields[3 + 2 * FEATURES + 3].to_owned(),
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
            (args.min_empty..=args.max_empty).contains(&r.empties)
                && (r.kind == Kind::Exact || !args.exact_only)
                && (args.kinds.is_empty() || args.kinds.contains(&r.kind))
        })
        .collect();
    if rows.is_empty() {
        bail!("no positions");
    }
    // Columns: 14 feature counts (in points), the mover is Yellow (unless
    // `--no-colour`), a constant; with `--tapered` each again times the phase.
    let base = 2 * FEATURES + if args.no_colour { 1 } else { 2 } + 2 * usize::from(args.follow_up);
    let cols = if args.tapered { 2 * base } else { base };
    let x = |r: &Row| -> Vec<f64> {
        let mut v: Vec<f64> = r.counts.to_vec();
        if !args.no_colour {
            v.push(f64::from(r.mover));
        }
        v.push(1.0);
        if args.follow_up {
            let floor = follow_up_floor(&r.position);
            v.push(floor.map_or(0.0, |f| f64::from(f) - r.diff));
            v.push(f64::from(u8::from(floor.is_some())));
        }
        if args.tapered {
            let t = (f64::from(r.empties) - 20.0) / 4.0;
            let scaled: Vec<f64> = v.iter().map(|c| c * t).collect();
            v.extend(scaled);
        }
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
    for (i, row) in ata.iter_mut().enumerate() {
        if i % base < 2 * FEATURES {
            row[i] += 1e-3 * rows.len() as f64;
        }
    }
    let w = solve_linear(ata, atb).context("singular system")?;
    let sse: f64 = rows
        .iter()
        .map(|r| {
            let p: f64 = x(r).iter().zip(&w).map(|(a, b)| a * b).sum();
            (r.label - r.diff - p).powi(2)
        })
        .sum();
    if let Some(file) = &args.held_out {
        let predict = |r: &Row| r.diff + x(r).iter().zip(&w).map(|(a, b)| a * b).sum::<f64>();
        held_out_table(file, &predict)?;
    }
    if args.tapered || args.follow_up {
        if args.follow_up {
            println!(
                "follow-up column's weight {:.3}, known {:.2} points",
                w[base - 2],
                w[base - 1]
            );
        }
        println!(
            "positions {}, rms error {:.2} points (a model beyond Weights: none printed)",
            rows.len(),
            (sse / rows.len() as f64).sqrt()
        );
        return Ok(());
    }
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
        rows.iter().filter(|r| r.kind == Kind::Exact).count(),
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
        "Weights {{ mine: [{}], theirs: [{}], colour: [{}], fill: 0 }}",
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

/// The final margin Yellow's follow-up guarantees Yellow, in points from the
/// mover's view (a floor for Yellow, a ceiling for Blue): with Blue to move
/// [`follow_up_bound`]; with Yellow to move, the best of Yellow's moves by it.
/// `None` where the bound gives up (too many odd squares).
fn follow_up_floor(position: &Position) -> Option<i32> {
    if position.is_over() {
        return None;
    }
    if position.to_move() == hijara::rules::Player::Blue {
        return follow_up_bound(position).map(|b| b / SCALE);
    }
    position
        .legal_moves()
        .filter_map(|mv| {
            let mut next = *position;
            next.play_unchecked(mv);
            if next.is_over() {
                Some(next.margin(hijara::rules::Player::Yellow))
            } else {
                follow_up_bound(&next).map(|b| -b / SCALE)
            }
        })
        .max()
}

/// The static error per band of 4 empty sections on `file`'s exact rows: of
/// `predict` (in points) and of [`Weights::REVIEW`].
fn held_out_table(file: &PathBuf, predict: &dyn Fn(&Row) -> f64) -> anyhow::Result<()> {
    let rows: Vec<Row> = read(std::slice::from_ref(file))?
        .into_iter()
        .filter(|r| r.kind == Kind::Exact)
        .collect();
    let mut bands: std::collections::BTreeMap<u32, [Vec<i32>; 2]> = Default::default();
    for r in &rows {
        let entry = bands.entry(r.empties / 4).or_default();
        entry[0].push((predict(r) - r.label).abs().round() as i32);
        let review = evaluate_with(&r.position, &Weights::REVIEW) / SCALE;
        entry[1].push((review - r.label as i32).abs());
    }
    println!(
        "held out: {} ({} exact positions); static |value - margin|, median / 95th percentile",
        file.display(),
        rows.len()
    );
    println!("| empty sections | positions | this fit | REVIEW |");
    println!("|---|---|---|---|");
    for (band, [fit, review]) in &mut bands {
        fit.sort_unstable();
        review.sort_unstable();
        println!(
            "| {}-{} | {} | {} / {} | {} / {} |",
            *band * 4,
            *band * 4 + 3,
            fit.len(),
            percentile(fit, 50.0),
            percentile(fit, 95.0),
            percentile(review, 50.0),
            percentile(review, 95.0)
        );
    }
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
        fill: 0,
    })
}

pub fn errors(args: &ErrorArgs) -> anyhow::Result<()> {
    let rows: Vec<Row> = read(std::slice::from_ref(&args.file))?
        .into_iter()
        .filter(|r| r.kind == Kind::Exact || !args.exact_only)
        .step_by(args.stride.max(1))
        .collect();
    let candidate = parse_weights(&args.weights)?;
    let before = match args.before.as_str() {
        "hard" => Weights::HARD,
        "review" => Weights::REVIEW,
        text => parse_weights(text)?,
    };
    let sets = [("before", before), ("candidate", candidate)];
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
        rows.iter().filter(|r| r.kind == Kind::Exact).count()
    );
    println!(
        "| empty sections | positions | static, before ({}) | static, candidate | review search {} nodes, before | candidate |",
        if args.before.contains(';') {
            "--before"
        } else {
            args.before.as_str()
        },
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
                format!("{} / {}", percentile(v, 50.0), percentile(v, 95.0))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Small games: labels at 4-6 empty sections, game labels at 7-20.
    fn tiny(first_game: u32, games: u32) -> GenerateArgs {
        GenerateArgs {
            games,
            seed: 5,
            first_game,
            hard_nodes: 300,
            exact_from: 4,
            exact_to: 6,
            exact_nodes: 1_000_000,
            deep_count: 1,
            deep_from: 8,
            deep_to: 10,
            deep_nodes: 500,
            game_from: 7,
            game_to: 20,
            max_minutes: 10,
            standard_only: false,
        }
    }

    fn run(args: &GenerateArgs) -> String {
        let mut out = Vec::new();
        generate_to(args, &mut out, &mut std::io::sink()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn shards_concatenated_are_the_whole_run() {
        let whole = run(&tiny(0, 3));
        let shards = run(&tiny(0, 2)) + &run(&tiny(2, 1));
        assert!(!whole.is_empty());
        assert_eq!(whole, shards);
        assert_ne!(run(&tiny(1, 1)), run(&tiny(2, 1)), "games differ");
    }

    #[test]
    fn game_labels_are_the_first_solved_margin_from_each_movers_view() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.csv");
        std::fs::write(&file, run(&tiny(0, 4))).unwrap();
        let rows = read(&[file]).unwrap();
        let kinds = |k| rows.iter().filter(|r| r.kind == k).count();
        assert!(kinds(Kind::Game) > 0 && kinds(Kind::Exact) > 0);
        // A game's rows share the moves of its first game labels' position.
        let mut checked = 0;
        for r in rows.iter().filter(|r| r.kind == Kind::Game) {
            assert!((7..=20).contains(&r.empties));
            // The game position at 6 empty sections with the same opening moves.
            let top = rows
                .iter()
                .find(|t| {
                    t.kind == Kind::Exact
                        && !t.children.is_empty()
                        && t.empties == 6
                        && same_game(&r.position, &t.position)
                })
                .expect("the game's first solved position");
            let sign = if top.mover == r.mover { 1.0 } else { -1.0 };
            assert_eq!(r.label, sign * top.label);
            checked += 1;
        }
        assert!(checked > 0);
    }

    /// Whether `later` follows from `earlier`: every stone of `earlier` is in
    /// `later`.
    fn same_game(earlier: &Position, later: &Position) -> bool {
        use hijara::rules::Player;
        [Player::Blue, Player::Yellow]
            .into_iter()
            .all(|p| earlier.stones(p) & !later.stones(p) == 0)
            && earlier.ruleset() == later.ruleset()
    }

    #[test]
    fn the_follow_up_floor_bounds_the_exact_margin_from_yellows_side() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.csv");
        std::fs::write(&file, run(&tiny(0, 4))).unwrap();
        let mut known = 0;
        for r in read(&[file])
            .unwrap()
            .iter()
            .filter(|r| r.kind == Kind::Exact)
        {
            let Some(floor) = follow_up_floor(&r.position) else {
                continue;
            };
            known += 1;
            let exact = r.label as i32;
            // A guarantee for Yellow: Yellow gets at least it, Blue at most it.
            if r.position.to_move() == hijara::rules::Player::Blue {
                assert!(floor >= exact, "Blue's ceiling {floor} < {exact}");
            } else {
                assert!(floor <= exact, "Yellow's floor {floor} > {exact}");
            }
        }
        assert!(known > 10, "{known}");
    }

    #[test]
    fn a_bad_label_kind_names_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.csv");
        let mut text = run(&tiny(0, 1));
        let first = text.lines().next().unwrap().to_owned();
        let mut fields: Vec<&str> = first.split(',').collect();
        fields[3 + 2 * FEATURES + 1] = "3";
        text.push_str(&fields.join(","));
        text.push('\n');
        std::fs::write(&file, &text).unwrap();
        let err = format!("{:#}", read(&[file]).err().unwrap());
        let line = text.lines().count();
        assert!(err.contains(&format!("t.csv:{line}: label kind")), "{err}");
    }
}
