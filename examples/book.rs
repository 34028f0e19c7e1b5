//! Builds hard's opening book (`assets/book/standard.txt`, standard rules) from
//! measured games, not from deeper search (twenty times the nodes in the opening
//! gained nothing: docs/ai-strength.md, issue 29's fourth pass).
//!
//! The input is logs of `strength --opening` runs, each forcing the moves to a
//! position with Blue to move and then one candidate move of Blue's, hard as Blue.
//! A run is a line `== opening 'MOVES' ...` (as docs/ai-issue29/book6_third.sh
//! writes it; `== openings 'A,B,...'` for several played in turn, which must be
//! one position and candidate up to symmetry) followed by `strength`'s output, whose header names Yellow's level
//! and seed and whose `Blue W wins, D draws, L losses` line is the result; or
//! `== opening 'MOVES' mcts seed S` followed by `examples/mcts.rs --colour blue
//! --opening MOVES` output, the sparring partner as the opponent `mcts`. Runs
//! are pooled per position and candidate up to the board's 8 symmetries; a run
//! logged twice (the same moves, opponent and seed: the same games) counts once.
//!
//! For each position the control is hard's own move there, searched with no
//! book, one thread, `--nodes` nodes, for each of the seeds 1 to `--seeds`, in
//! each of the position's 8 orientations: past the first moves it may depend on
//! the orientation (the search's tie-breaks are not symmetric) and on the seed,
//! and then each move hard plays is a control.
//! The best-scoring candidate against `--opponent` becomes the book's move only
//! if it beats every control other than itself with the 95% CI of the
//! difference above 0 both over every seed and over the seeds other than
//! `--screen-seed` (the fresh ones), and if against every other opponent
//! measured for both it scores at least as well as each such control; when hard
//! plays the best candidate in every orientation there is no entry. Every
//! position gets a comment with the figures, entry or not. The same logs give the
//! same file.
//!
//! ```sh
//! cargo build --release --features tools --example book
//! target/release/examples/book docs/ai-issue29/book6_third_seed1.log docs/ai-issue29/book6_third_confirm.log \
//!     docs/ai-issue29/book6_third_orientations.log docs/ai-issue29/book6_third_vs_hard.log \
//!     docs/ai-issue29/book6_third_vs_mcts.log > assets/book/standard.txt
//! ```

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use clap::Parser;
use hijara::ai::book::{canonical, image};
use hijara::ai::{AiSettings, Engine, Level, SearchLimit};
use hijara::rules::Symmetry;
use hijara::rules::{Player, Position, Square};
use hijara::text::{display_path, sanitize};

#[path = "support/log_file.rs"]
mod log_file;

#[derive(Parser)]
struct Args {
    /// `strength --opening` logs.
    #[arg(required = true)]
    logs: Vec<std::path::PathBuf>,
    /// The opponent (Yellow's level) a book move must beat the control against.
    #[arg(long, default_value = "medium")]
    opponent: String,
    /// The seed the candidates were screened on; the rest are the fresh seeds.
    #[arg(long, default_value_t = 1)]
    screen_seed: u64,
    /// Hard's node budget for its own move (the control).
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
    /// Hard's own move is searched with seeds 1 to this.
    #[arg(long, default_value_t = 16)]
    seeds: u64,
}

/// Wins, draws and losses for hard (Blue).
#[derive(Clone, Copy, Debug, Default)]
struct Wdl {
    wins: u64,
    draws: u64,
    losses: u64,
}

impl Wdl {
    fn add(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    fn games(self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean score (a win 1, a draw 1/2) and its variance's share of the mean's.
    fn mean_and_variance(self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let mean = (self.wins as f64 + self.draws as f64 / 2.0) / n;
        let square = (self.wins as f64 + self.draws as f64 / 4.0) / n;
        (mean, (square - mean * mean).max(0.0) / n)
    }

    fn show(self) -> String {
        let (mean, variance) = self.mean_and_variance();
        let half = 1.96 * variance.sqrt();
        format!(
            "{} / {} / {}, {:.1}% ({:.1}-{:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * mean,
            100.0 * (mean - half),
            100.0 * (mean + half)
        )
    }
}

/// `a` minus `b` in points and the 95% CI, `None` when either has no games.
fn difference(a: Wdl, b: Wdl) -> Option<(f64, f64, f64)> {
    if a.games() == 0 || b.games() == 0 {
        return None;
    }
    let ((ma, va), (mb, vb)) = (a.mean_and_variance(), b.mean_and_variance());
    let half = 1.96 * (va + vb).sqrt();
    let d = ma - mb;
    Some((100.0 * d, 100.0 * (d - half), 100.0 * (d + half)))
}

/// One run: the position's moves, the candidate, Yellow's level, the seed, the result.
#[derive(Debug)]
struct Run {
    /// The openings as logged (a repeated run is the same text, opponent and seed).
    label: String,
    moves: Vec<Square>,
    candidate: Square,
    opponent: String,
    seed: u64,
    result: Wdl,
}

/// The runs in one log, with errors naming the file and line.
fn read_log(path: &std::path::Path) -> anyhow::Result<Vec<Run>> {
    parse_log(&log_file::read_log_text(path)?, path)
}

/// The runs in a log's `text`; `path` names it in errors.
fn parse_log(text: &str, path: &std::path::Path) -> anyhow::Result<Vec<Run>> {
    let mut runs = Vec::new();
    let mut opening: Option<Vec<Square>> = None;
    let mut label = String::new();
    let mut header: Option<(String, u64)> = None;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", display_path(path), i + 1);
        if let Some(rest) = line
            .strip_prefix("== opening '")
            .or_else(|| line.strip_prefix("== openings '"))
        {
            // Several openings (`strength --opening "A,B"`, played in turn) must be
            // one position and one candidate up to symmetry: one run.
            let text = rest.split('\'').next().unwrap_or("");
            let mut squares: Option<Vec<Square>> = None;
            for one in text.split(',') {
                let moves = one
                    .split_whitespace()
                    .map(|m| {
                        m.parse::<Square>().map_err(|_| {
                            anyhow::anyhow!("`{}` is not a square a1..d4", sanitize(m))
                        })
                    })
                    .collect::<anyhow::Result<Vec<_>>>()
                    .with_context(at)?;
                let key = |moves: &[Square]| -> anyhow::Result<_> {
                    let (last, before) = moves.split_last().context("an empty opening")?;
                    let (position, symmetry) = position_of(before)?;
                    Ok((
                        canonical(&position),
                        canonical_move(&position, symmetry, *last),
                    ))
                };
                if let Some(first) = &squares
                    && key(first).with_context(at)? != key(&moves).with_context(at)?
                {
                    bail!(
                        "{}: `{}` is not the first opening up to symmetry",
                        at(),
                        sanitize(one)
                    );
                }
                squares.get_or_insert(moves);
            }
            let squares = squares.with_context(|| format!("{}: no opening", at()))?;
            label = sanitize(text).into_owned();
            opening = Some(squares);
            // `== opening 'MOVES' mcts seed S ...` (the sparring partner's runs)
            // names its opponent and seed here; `strength`'s header does below.
            header = rest.split_once("' mcts seed ").and_then(|(_, after)| {
                let seed = after.split_whitespace().next()?.parse().ok()?;
                Some(("mcts".to_string(), seed))
            });
        } else if line.contains(" as Blue vs ") && !line.starts_with("hard as Blue vs MCTS") {
            // `hard (B) as Blue vs medium (Y) as Yellow, 200 games, `nodes 10000`, seed 1, ...`
            let yellow = line.split(" as Blue vs ").nth(1).unwrap_or("");
            // Log text is printed into the book's comments: escaped.
            let level = sanitize(yellow.split_whitespace().next().unwrap_or("")).into_owned();
            let seed = line
                .split(", seed ")
                .nth(1)
                .and_then(|s| s.split(',').next())
                .and_then(|s| s.trim().parse().ok())
                .with_context(|| format!("{}: no seed in the header", at()))?;
            if !line.starts_with("hard ") {
                bail!("{}: hard is not Blue", at());
            }
            header = Some((level, seed));
        } else if let Some(rest) = line
            .strip_prefix("Blue ")
            .or_else(|| line.strip_prefix("hard as Blue vs MCTS at "))
        {
            // `Blue W wins, D draws, L losses: ...` or, from `mcts`,
            // `hard as Blue vs MCTS at Fx its time: W W, D D, L L of N: ...`.
            let rest = rest.split_once("time: ").map_or(rest, |(_, r)| r);
            let numbers: Vec<u64> = rest
                .split(|c: char| !c.is_ascii_digit())
                .filter(|w| !w.is_empty())
                .take(3)
                .map(|w| w.parse())
                .collect::<Result<_, _>>()
                .with_context(at)?;
            let (Some(mut moves), Some((opponent, seed)), &[wins, draws, losses]) =
                (opening.take(), header.take(), &numbers[..])
            else {
                bail!("{}: a result without its opening and header", at());
            };
            let Some(candidate) = moves.pop() else {
                bail!("{}: an empty opening", at());
            };
            runs.push(Run {
                label: label.clone(),
                moves,
                candidate,
                opponent,
                seed,
                result: Wdl {
                    wins,
                    draws,
                    losses,
                },
            });
        }
    }
    Ok(runs)
}

/// The position after `moves`, and the symmetry taking it to its canonical image.
fn position_of(moves: &[Square]) -> anyhow::Result<(Position, Symmetry)> {
    let mut position = Position::new();
    for &m in moves {
        position.play(m)?;
    }
    let key = canonical(&position);
    let symmetry = Symmetry::ALL
        .into_iter()
        .find(|&s| image(&position, s) == key)
        .unwrap_or(Symmetry::IDENTITY);
    Ok((position, symmetry))
}

/// `square` in the canonical frame, the least image under the symmetries fixing
/// the canonical position (so that twins of a move count as one).
fn canonical_move(position: &Position, symmetry: Symmetry, square: Square) -> Square {
    let key = canonical(position);
    let mapped = symmetry.apply(square);
    Symmetry::ALL
        .into_iter()
        .filter(|s| {
            let (b, y) = key;
            (s.apply_cells(b), s.apply_cells(y)) == key
        })
        .map(|s| s.apply(mapped))
        .min_by_key(|s| s.index())
        .unwrap_or(mapped)
}

/// Hard's own move at `position` (no book, one thread, `nodes` nodes) in the
/// canonical frame, searched in each of its 8 orientations with each of the
/// seeds 1 to `seeds`, with how many of those searches chose it. Past the first
/// moves it may depend on the orientation (the search's tie-breaks are not
/// symmetric) and on the seed, as it does in play.
fn own_moves(position: &Position, nodes: u64, seeds: u64) -> anyhow::Result<BTreeMap<u8, usize>> {
    if seeds == 0 {
        bail!("--seeds 0");
    }
    let key = canonical(position);
    let mut owns: BTreeMap<u8, usize> = BTreeMap::new();
    for orientation in Symmetry::ALL {
        let turned = position.transformed(orientation);
        let symmetry = Symmetry::ALL
            .into_iter()
            .find(|&s| image(&turned, s) == key)
            .unwrap_or(Symmetry::IDENTITY);
        for seed in 1..=seeds {
            let settings = AiSettings {
                seed,
                threads: Some(1),
                ..AiSettings::new(Level::Hard)
            };
            let d = Engine::with_book(settings, None)
                .decide(&turned, &SearchLimit::nodes(nodes))
                .context("no move")?;
            *owns
                .entry(canonical_move(&turned, symmetry, d.mv).index() as u8)
                .or_default() += 1;
        }
    }
    Ok(owns)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    // Per canonical position: its moves (as first logged) and, per candidate in the
    // canonical frame, per opponent, per seed, the pooled result.
    type Results = BTreeMap<u8, BTreeMap<String, BTreeMap<u64, Wdl>>>;
    let mut positions: BTreeMap<(u64, u64), (Vec<Square>, Results)> = BTreeMap::new();
    // A run repeated with the same moves, opponent and seed is the same games
    // (node limits make them so): counted once, and it must agree.
    let mut seen: BTreeMap<(String, String, u64), (u64, u64, u64)> = BTreeMap::new();
    for path in &args.logs {
        for run in read_log(path)? {
            let r = (run.result.wins, run.result.draws, run.result.losses);
            match seen.insert((run.label.clone(), run.opponent.clone(), run.seed), r) {
                Some(before) if before == r => continue,
                Some(before) => bail!(
                    "{}: {} against {} seed {} gave {before:?} before and {r:?} now",
                    display_path(path),
                    run.label,
                    run.opponent,
                    run.seed
                ),
                None => {}
            }
            let (position, symmetry) = position_of(&run.moves)?;
            if position.to_move() != Player::Blue || position.is_full(run.candidate) {
                bail!("{}: a run that is not a Blue move", display_path(path));
            }
            let mv = canonical_move(&position, symmetry, run.candidate);
            let entry = positions
                .entry(canonical(&position))
                .or_insert_with(|| (run.moves.clone(), BTreeMap::new()));
            entry
                .1
                .entry(mv.index() as u8)
                .or_default()
                .entry(run.opponent)
                .or_default()
                .entry(run.seed)
                .or_default()
                .add(run.result);
        }
    }
    println!(
        "# Hard's opening book, standard rules: one position a line (any of its 8 symmetries),"
    );
    println!("# the moves that reach it, `:` and the book's move. Built by examples/book.rs from");
    println!(
        "# measured games (--opponent {} --screen-seed {} --nodes {} --seeds {}):",
        args.opponent, args.screen_seed, args.nodes, args.seeds
    );
    println!("# a move enters only if it beats hard's own move there (95% CI of the difference");
    println!("# above 0 on every seed and on the fresh seeds) and is no worse against the others.");
    let pooled = |seeds: &BTreeMap<u64, Wdl>, keep: &dyn Fn(u64) -> bool| {
        let mut total = Wdl::default();
        for (_, &r) in seeds.iter().filter(|&(&s, _)| keep(s)) {
            total.add(r);
        }
        total
    };
    let name = |moves: &[Square]| {
        moves
            .iter()
            .map(Square::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (moves, results) in positions.values() {
        let (position, symmetry) = position_of(moves)?;
        // The move in the logged frame for a canonical-frame square.
        let back = |index: u8| -> Square {
            let square = Square::from_index(index).unwrap_or(Square::ALL[0]);
            symmetry.inverse().apply(square)
        };
        // Hard's own move in each of the position's 8 orientations and with each
        // seed (past the first moves it may differ, as in play).
        let owns = own_moves(&position, args.nodes, args.seeds)
            .with_context(|| format!("{}: hard's own move", name(moves)))?;
        let own_text = owns
            .iter()
            .map(|(&mv, &count)| {
                if owns.len() == 1 {
                    back(mv).to_string()
                } else {
                    format!("{} in {count} of {} searches", back(mv), 8 * args.seeds)
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        let plural = if owns.len() == 1 { "move" } else { "moves" };
        println!("#\n# {} (hard's own {plural}: {own_text})", name(moves));
        let main = |mv: u8, keep: &dyn Fn(u64) -> bool| {
            results
                .get(&mv)
                .and_then(|o| o.get(&args.opponent))
                .map_or(Wdl::default(), |s| pooled(s, keep))
        };
        let all = |_: u64| true;
        let fresh = |s: u64| s != args.screen_seed;
        let mut best: Option<(u8, f64)> = None;
        for (&mv, by_opponent) in results {
            for (opponent, seeds) in by_opponent {
                let seed_list: Vec<String> = seeds.keys().map(u64::to_string).collect();
                println!(
                    "#   {} vs {opponent} (seeds {}): {}",
                    back(mv),
                    seed_list.join(", "),
                    pooled(seeds, &all).show()
                );
            }
            let score = main(mv, &all);
            if score.games() > 0 {
                let (mean, _) = score.mean_and_variance();
                if best.is_none_or(|(_, b)| mean > b) {
                    best = Some((mv, mean));
                }
            }
        }
        let Some((mv, _)) = best.filter(|&(mv, _)| !(owns.len() == 1 && owns.contains_key(&mv)))
        else {
            println!("#   no entry: hard's own move scores best");
            continue;
        };
        // The entry replaces whatever hard plays in any orientation: it must beat each.
        let mut reasons = Vec::new();
        for &own in owns.keys().filter(|&&own| own != mv) {
            let mut others = 0;
            for (label, keep) in [
                ("every seed", &all as &dyn Fn(u64) -> bool),
                ("fresh seeds", &fresh),
            ] {
                match difference(main(mv, keep), main(own, keep)) {
                    Some((d, lo, hi)) => {
                        println!(
                            "#   {} minus {} vs {}, {label}: {d:+.1} ({lo:+.1} to {hi:+.1})",
                            back(mv),
                            back(own),
                            args.opponent
                        );
                        if lo <= 0.0 {
                            reasons.push(format!("{label} vs {}: the CI reaches 0", back(own)));
                        }
                    }
                    None => reasons.push(format!("{label} vs {}: not measured", back(own))),
                }
            }
            for opponent in results.get(&mv).into_iter().flat_map(|o| o.keys()) {
                if *opponent == args.opponent {
                    continue;
                }
                let get = |m: u8| {
                    results
                        .get(&m)
                        .and_then(|o| o.get(opponent))
                        .map_or(Wdl::default(), |s| pooled(s, &all))
                };
                if let Some((d, lo, hi)) = difference(get(mv), get(own)) {
                    others += 1;
                    println!(
                        "#   {} minus {} vs {opponent}: {d:+.1} ({lo:+.1} to {hi:+.1})",
                        back(mv),
                        back(own)
                    );
                    if d < 0.0 {
                        reasons.push(format!("worse against {opponent} than {}", back(own)));
                    }
                }
            }
            if others == 0 {
                reasons.push(format!("no other opponent measured for {}", back(own)));
            }
        }
        if reasons.is_empty() {
            println!("{} : {}", name(moves), back(mv));
        } else {
            println!("#   no entry for {}: {}", back(mv), reasons.join("; "));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &[&str]) -> Position {
        let mut position = Position::new();
        for m in moves {
            position.play(m.parse().unwrap()).unwrap();
        }
        position
    }

    #[test]
    fn a_deeper_run_with_a_stack_is_read_and_its_twins_are_one_candidate() {
        // A fifth-ply position (Yellow stacked on its corner), in two orientations
        // played in turn: one run, the candidate the same in the canonical frame.
        let log = "== openings 'a1 d1 a4 d1 d4,a1 a4 d1 a4 d4' seed 2 games 200 load 2.0 2.0 2.0 17:00:00\n\
            hard (target/release/hijara) as Blue vs medium (/work/base/hijara-6b11488) as Yellow, 200 games, `nodes 10000`, seed 2, standard (55 s)\n\
            Blue 150 wins, 20 draws, 30 losses: score 80.0% (95% CI 75.0-85.0%)\n";
        let runs = parse_log(log, std::path::Path::new("test.log")).unwrap();
        assert_eq!(runs.len(), 1);
        let run = &runs[0];
        assert_eq!((run.opponent.as_str(), run.seed), ("medium", 2));
        assert_eq!(
            (run.result.wins, run.result.draws, run.result.losses),
            (150, 20, 30)
        );
        assert_eq!(run.candidate, Square::D4);
        assert_eq!(run.moves.len(), 4);
        // Not one position up to symmetry: an error naming the line.
        let bad = "== openings 'a1 d1 a4 d1 d4,a1 a4 d1 a1 d4' seed 2\n";
        let e = parse_log(bad, std::path::Path::new("t.log")).unwrap_err();
        assert!(format!("{e:#}").contains("t.log:1"), "{e:#}");
    }

    #[test]
    fn hards_own_move_is_searched_in_every_orientation() {
        // After `a1 d1` hard takes the corner beside Yellow's in all 8
        // orientations (docs/ai-strength.md, issue 29's eighth pass).
        let position = play(&["a1", "d1"]);
        let owns = own_moves(&position, 10_000, 2).unwrap();
        let (_, symmetry) = position_of(&[Square::A1, Square::D1]).unwrap();
        let d4 = canonical_move(&position, symmetry, Square::D4).index() as u8;
        assert_eq!(owns.len(), 1, "{owns:?}");
        assert_eq!(owns.get(&d4), Some(&16));
        assert!(own_moves(&position, 10_000, 0).is_err());
    }
}
