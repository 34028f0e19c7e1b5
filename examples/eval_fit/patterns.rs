//! `eval_fit fit-patterns`: the line-pattern evaluation
//! ([`pattern_table`](super::pattern_table)) fitted to labelled positions
//! (issue 29, tenth pass; measured in play and not kept: docs/ai-strength.md).
//!
//! ```sh
//! eval_fit margins --seed 291 --standard-only --deep-count 60 --deep-from 25 --deep-to 52 \
//!     --deep-nodes 200000 --game-from 25 --game-to 52 --max-minutes 40 > s291.csv
//! eval_fit margins --seed 292 --standard-only --deep-count 60 --deep-from 26 --deep-to 52 \
//!     --deep-nodes 200000 --game-from 25 --game-to 52 --max-minutes 8 > h292.csv
//! eval_fit fit-patterns s291.csv --held-out h292.csv --lambda 10,30,100 --out patterns.txt
//! ```
//!
//! The positions are replayed from the rows' moves (standard rules only) and
//! described by the table index of every live line for each side
//! ([`for_each_pattern`]), the parity fill beyond the score (in
//! [`FILL_EMPTIES`], from the mover's view), the mover's colour and a
//! constant. The fit is least squares of `label - score difference - prior`,
//! where the prior is [`Weights::HARD`]'s value of the lines
//! ([`Patterns::from_weights`]), with a ridge of `--lambda` on every line
//! weight (so a pattern seen rarely stays near hard's value of it); the
//! colour and the constant are fitted and dropped (hard has no colour term).
//! With several `--lambda`, each is fitted on the first 85% of the training
//! rows (whole games, in file order) and scored on the rest; the last one
//! named is then fitted on all of them. `--held-out` prints the error table
//! per band of 4 empty sections: label minus static value, rms, mean and
//! 5th/95th percentiles, for [`Weights::HARD`] and the fitted table (as
//! played, without the colour term). `--out` writes the fill weight and the
//! table (hundredths of a point), the file the experiment's switch
//! (`HIJARA_EXP_PATTERN`, docs/ai-issue29/pattern_eval.patch) read.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use hijara::ai::eval::{FILL_EMPTIES, SCALE, Weights, evaluate_with, parity_fill, score_diff};
use hijara::rules::{Player, Position, Ruleset};

use super::margins::{Kind, Row, read, solve_linear};
use super::pattern_table::{PATTERNS, Patterns, for_each_pattern, pattern_sum};

#[derive(clap::Args)]
pub struct FitPatternsArgs {
    files: Vec<PathBuf>,
    /// Labelled positions never used for the fit: the error table.
    #[arg(long)]
    held_out: Option<PathBuf>,
    /// Ridge strengths on the line weights (pseudo-rows at hard's value); the
    /// last one is fitted on all the training rows.
    #[arg(long, value_delimiter = ',', default_value = "30")]
    lambda: Vec<f64>,
    /// The kinds of label to fit to.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "exact,deep")]
    kinds: Vec<Kind>,
    /// Each deeper search's label counts this many times.
    #[arg(long, default_value_t = 1.0)]
    deep_weight: f64,
    /// Use only positions with at least this many empty sections ...
    #[arg(long, default_value_t = 0)]
    min_empty: u32,
    /// ... and at most this many.
    #[arg(long, default_value_t = 64)]
    max_empty: u32,
    /// Write the fill weight, `--use-from` and the table here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The table counts from this many empty sections (hard's features below).
    #[arg(long, default_value_t = 0)]
    use_from: u32,
    /// Below `--use-from`, the table of this file (another fit's `--out`)
    /// counts instead of hard's features; `--out` appends it.
    #[arg(long)]
    end_table: Option<PathBuf>,
}

/// The evaluation as the experiment played it: the table from `from` empty
/// sections up (and `end` below, else hard's features), the score difference
/// and the parity fill with weight `fill` (no colour term).
struct Played {
    table: Patterns,
    fill: i32,
    from: u32,
    end: Option<Patterns>,
}

impl Played {
    /// The value of `p` from the mover's view, in evaluation units.
    fn value(&self, p: &Position) -> i32 {
        let table = if p.empty_sections() >= self.from {
            Some(&self.table)
        } else {
            self.end.as_ref()
        };
        let Some(table) = table else {
            let weights = Weights {
                fill: self.fill,
                ..Weights::HARD
            };
            return evaluate_with(p, &weights);
        };
        let mut value = score_diff(p) + pattern_sum(p, table) / 10;
        if self.fill != 0 && FILL_EMPTIES.contains(&p.empty_sections()) {
            let f = parity_fill(p);
            let mover = if p.to_move() == Player::Blue { f } else { -f };
            value += self.fill * (mover - p.margin(p.to_move())) / 10;
        }
        value
    }
}

/// The table in a file written by `--out` (its first table).
fn read_table(path: &PathBuf) -> anyhow::Result<Patterns> {
    let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
    let numbers: Vec<i32> = text
        .split_whitespace()
        .map(|w| w.parse().context("a number"))
        .collect::<anyhow::Result<_>>()?;
    if numbers.len() < 2 + PATTERNS {
        bail!("{}: {} numbers", path.display(), numbers.len());
    }
    let mut table = Patterns([0; PATTERNS]);
    table.0.copy_from_slice(&numbers[2..2 + PATTERNS]);
    Ok(table)
}

/// A row as the fit sees it: sparse line counts and the dense extras.
struct Sample {
    empties: u32,
    /// Table indices of the live lines (an index may repeat).
    lines: Vec<u32>,
    /// The parity fill beyond the score, points from the mover's view (0
    /// outside [`FILL_EMPTIES`]).
    fill: f64,
    yellow: f64,
    /// `label - score difference - prior`, points.
    target: f64,
    weight: f64,
    label: f64,
}

/// Dense extras: fill, mover is Yellow, constant.
const EXTRAS: usize = 3;

fn sample(r: &Row, prior: &Patterns, deep_weight: f64) -> Sample {
    let p = &r.position;
    let mut lines = Vec::with_capacity(152);
    for_each_pattern(p, |i| lines.push(i as u32));
    let fill = if FILL_EMPTIES.contains(&p.empty_sections()) {
        let f = parity_fill(p);
        let mover = if p.to_move() == Player::Blue { f } else { -f };
        f64::from(mover - p.margin(p.to_move()))
    } else {
        0.0
    };
    let prior_points = f64::from(pattern_sum(p, prior)) / 100.0;
    Sample {
        empties: r.empties,
        lines,
        fill,
        yellow: f64::from(u8::from(p.to_move() == Player::Yellow)),
        target: r.label - r.diff - prior_points,
        weight: if r.kind == Kind::Deep {
            deep_weight
        } else {
            1.0
        },
        label: r.label,
    }
}

/// The fitted model: a delta per table index (points), and the extras.
struct Fit {
    delta: Vec<f64>,
    extras: [f64; EXTRAS],
}

fn fit(samples: &[&Sample], lambda: f64) -> anyhow::Result<Fit> {
    // Only the table entries seen get a column.
    let mut column = vec![usize::MAX; PATTERNS];
    let mut used = Vec::new();
    for s in samples {
        for &i in &s.lines {
            if column[i as usize] == usize::MAX {
                column[i as usize] = used.len();
                used.push(i as usize);
            }
        }
    }
    let n = used.len() + EXTRAS;
    let mut ata = vec![vec![0.0; n]; n];
    let mut atb = vec![0.0; n];
    let mut x: Vec<(usize, f64)> = Vec::new();
    for s in samples {
        x.clear();
        // Merge repeated indices into counts.
        let mut cols: Vec<usize> = s.lines.iter().map(|&i| column[i as usize]).collect();
        cols.sort_unstable();
        for c in cols {
            match x.last_mut() {
                Some((last, v)) if *last == c => *v += 1.0,
                _ => x.push((c, 1.0)),
            }
        }
        let base = used.len();
        x.push((base, s.fill));
        x.push((base + 1, s.yellow));
        x.push((base + 2, 1.0));
        for &(i, vi) in &x {
            atb[i] += s.weight * vi * s.target;
            for &(j, vj) in &x {
                ata[i][j] += s.weight * vi * vj;
            }
        }
    }
    for (i, row) in ata.iter_mut().enumerate() {
        row[i] += if i < used.len() { lambda } else { 1e-6 };
    }
    let w = solve_linear(ata, atb).context("singular system")?;
    let mut delta = vec![0.0; PATTERNS];
    for (c, &i) in used.iter().enumerate() {
        delta[i] = w[c];
    }
    let b = used.len();
    Ok(Fit {
        delta,
        extras: [w[b], w[b + 1], w[b + 2]],
    })
}

impl Fit {
    /// The table (prior plus delta) and the fill weight, in hundredths.
    fn table(&self, prior: &Patterns) -> (Patterns, i32) {
        let mut table = prior.clone();
        for (t, d) in table.0.iter_mut().zip(&self.delta) {
            *t += (100.0 * d).round() as i32;
        }
        (table, (100.0 * self.extras[0]).round() as i32)
    }

    /// The fitted value with the colour term and constant, in points.
    fn predict(&self, s: &Sample) -> f64 {
        let lines: f64 = s.lines.iter().map(|&i| self.delta[i as usize]).sum();
        s.label - s.target
            + lines
            + self.extras[0] * s.fill
            + self.extras[1] * s.yellow
            + self.extras[2]
    }
}

fn rms(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    (xs.iter().map(|x| x * x).sum::<f64>() / xs.len() as f64).sqrt()
}

pub fn fit_patterns(args: &FitPatternsArgs) -> anyhow::Result<()> {
    let keep = |r: &Row| {
        r.position.ruleset() == Ruleset::Standard
            && args.kinds.contains(&r.kind)
            && (args.min_empty..=args.max_empty).contains(&r.empties)
    };
    let prior = Patterns::from_weights(&Weights::HARD);
    let rows: Vec<Row> = read(&args.files)?.into_iter().filter(keep).collect();
    if rows.is_empty() {
        bail!("no positions");
    }
    let samples: Vec<Sample> = rows
        .iter()
        .map(|r| sample(r, &prior, args.deep_weight))
        .collect();
    println!(
        "training rows {} ({} exact, {} deep), table {} entries",
        samples.len(),
        rows.iter().filter(|r| r.kind == Kind::Exact).count(),
        rows.iter().filter(|r| r.kind == Kind::Deep).count(),
        PATTERNS
    );
    // Split at a game's start (a row whose moves do not extend the previous game's opening).
    let cut = {
        let mut at = samples.len() * 85 / 100;
        let opening = |r: &Row| {
            r.moves
                .split_whitespace()
                .take(8)
                .collect::<Vec<_>>()
                .join(" ")
        };
        while at < rows.len() && at > 0 && opening(&rows[at]) == opening(&rows[at - 1]) {
            at += 1;
        }
        at
    };
    if args.lambda.len() > 1 {
        let (train, valid): (Vec<&Sample>, Vec<&Sample>) = (
            samples[..cut].iter().collect(),
            samples[cut..].iter().collect(),
        );
        for &lambda in &args.lambda {
            let f = fit(&train, lambda)?;
            let err = |band: Option<bool>| -> f64 {
                let e: Vec<f64> = valid
                    .iter()
                    .filter(|s| band.is_none_or(|mid| (s.empties >= 25) == mid))
                    .map(|s| s.label - f.predict(s))
                    .collect();
                rms(&e)
            };
            println!(
                "lambda {lambda}: validation rms (with colour) {:.2} points over {} rows; below 25 empty {:.2}, 25 and up {:.2}; fill {:.3}, colour {:.2}",
                err(None),
                valid.len(),
                err(Some(false)),
                err(Some(true)),
                f.extras[0],
                f.extras[1]
            );
        }
    }
    let lambda = *args.lambda.last().context("a lambda")?;
    let all: Vec<&Sample> = samples.iter().collect();
    let f = fit(&all, lambda)?;
    let (table, fill) = f.table(&prior);
    println!(
        "fitted on all with lambda {lambda}: fill {fill} hundredths per point, colour (dropped) Yellow {:.2}, constant {:.2}",
        f.extras[1], f.extras[2]
    );
    let end = match &args.end_table {
        Some(path) => Some(read_table(path)?),
        None => None,
    };
    let played = Played {
        table: table.clone(),
        fill,
        from: args.use_from,
        end: end.clone(),
    };
    // The table's level against hard's, per mover's colour, on the training rows.
    for colour in [Player::Blue, Player::Yellow] {
        let d: Vec<f64> = rows
            .iter()
            .filter(|r| r.position.to_move() == colour)
            .map(|r| {
                f64::from(played.value(&r.position) - evaluate_with(&r.position, &Weights::HARD))
                    / f64::from(SCALE)
            })
            .collect();
        println!(
            "{colour:?} to move: the table as played minus HARD, mean {:.2} points over {} rows",
            d.iter().sum::<f64>() / d.len().max(1) as f64,
            d.len()
        );
    }
    if let Some(path) = &args.out {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        writeln!(out, "{fill}\n{}", args.use_from)?;
        for t in std::iter::once(&table).chain(end.as_ref()) {
            for chunk in t.0.chunks(15) {
                let words: Vec<String> = chunk.iter().map(ToString::to_string).collect();
                writeln!(out, "{}", words.join(" "))?;
            }
        }
        println!("wrote {}", path.display());
    }
    if let Some(file) = &args.held_out {
        held_out(file, &keep, &prior, &f, &played)?;
    }
    Ok(())
}

/// The error table on `file`'s rows per band of 4 empty sections.
fn held_out(
    file: &PathBuf,
    keep: &dyn Fn(&Row) -> bool,
    prior: &Patterns,
    f: &Fit,
    played: &Played,
) -> anyhow::Result<()> {
    let rows: Vec<Row> = read(std::slice::from_ref(file))?
        .into_iter()
        .filter(|r| keep(r))
        .collect();
    // Per band: errors of HARD, of the pattern table as played, and with
    // its colour term, each with the mover's colour (0 Blue, 1 Yellow).
    let mut bands: std::collections::BTreeMap<u32, [Vec<(f64, usize)>; 3]> = Default::default();
    for r in &rows {
        let s = sample(r, prior, 1.0);
        let e = bands.entry(r.empties / 4).or_default();
        let mover = r.position.to_move().index();
        let hard = f64::from(evaluate_with(&r.position, &Weights::HARD)) / f64::from(SCALE);
        let pat = f64::from(played.value(&r.position)) / f64::from(SCALE);
        e[0].push((r.label - hard, mover));
        e[1].push((r.label - pat, mover));
        e[2].push((r.label - f.predict(&s), mover));
    }
    println!(
        "held out: {} ({} positions, standard rules); label - static value in points: rms, mean, p5 / p95; \
         then [rms about the mean of each mover's colour in the band: what ordering siblings sees]",
        file.display(),
        rows.len()
    );
    println!(
        "| empty sections | positions | HARD | pattern (as played) | pattern + its colour term |"
    );
    println!("|---|---|---|---|---|");
    let cell = |v: &[(f64, usize)]| {
        let mut xs: Vec<f64> = v.iter().map(|e| e.0).collect();
        xs.sort_by(f64::total_cmp);
        let pct = |p: usize| xs[((xs.len() * p).div_ceil(100)).max(1) - 1];
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        let mut centred = Vec::new();
        for colour in 0..2 {
            let part: Vec<f64> = v.iter().filter(|e| e.1 == colour).map(|e| e.0).collect();
            let m = part.iter().sum::<f64>() / part.len().max(1) as f64;
            centred.extend(part.iter().map(|x| x - m));
        }
        format!(
            "{:.1}, {:+.1}, {:.0} / {:.0} [{:.1}]",
            rms(&xs),
            mean,
            pct(5),
            pct(95),
            rms(&centred)
        )
    };
    let mut totals: [Vec<(f64, usize)>; 3] = Default::default();
    for (band, sets) in &bands {
        for (t, s) in totals.iter_mut().zip(sets.iter()) {
            t.extend_from_slice(s);
        }
        println!(
            "| {}-{} | {} | {} | {} | {} |",
            *band * 4,
            *band * 4 + 3,
            sets[0].len(),
            cell(&sets[0]),
            cell(&sets[1]),
            cell(&sets[2])
        );
    }
    println!(
        "| all | {} | {} | {} | {} |",
        totals[0].len(),
        cell(&totals[0]),
        cell(&totals[1]),
        cell(&totals[2])
    );
    Ok(())
}
