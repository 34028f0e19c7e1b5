//! Yellow's follow-up in game records: where Yellow's follow-up bound
//! (`ai::search::follow_up_bound`, the solve's bound) first proves a Blue
//! loss, which of Blue's moves it refutes, how often Yellow answers in Blue's
//! square, and the follow-up played against hard to the end. Every rule comes
//! from the crate: squares, moves and scores from `hijara::rules`, the bound
//! from `hijara::ai`, the engine from `hijara::ai::gtp` (as `hijara engine`).
//!
//! Reads game records (`support/game_log.rs`: lines `game ID: B-Y m1 m2 ...`,
//! the `--verbose` output of `strength` and `mcts`).
//!
//! ```sh
//! cargo build --release --features tools --example follow_up_games
//! E=target/release/examples/follow_up_games
//! $E bound docs/ai-issue29/spar5_blue_1x.log --games     # first position with the bound below 0
//! $E two-ply docs/ai-issue29/spar5_blue_1x.log --only-losses --list
//! $E play docs/ai-issue29/spar5_blue_1x.log --nodes 194678 --max-games 30 --min-empty 48
//! $E play docs/ai-issue29/spar5_medium_games.log --nodes 10000 --max-games 30 --min-empty 40 --all
//! $E yellow-moves "MCTS 1x" docs/ai-issue29/spar5_blue_1x.log [--only blue-losses]
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use hijara::ai::eval::SCALE;
use hijara::ai::gtp::Session;
use hijara::ai::search::follow_up_bound;
use hijara::rules::{Player, Position, Square};

#[path = "support/game_log.rs"]
mod game_log;
#[path = "support/log_file.rs"]
mod log_file;
use game_log::read_records;

#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Per game, the first position (empty sections, Blue to move) where the
    /// follow-up bound is below 0; and Blue's moves (48 empty sections or
    /// fewer, before then) after which Yellow's answer in the same square
    /// leaves the bound below 0, and of those how many had an alternative
    /// not so refuted.
    Bound {
        file: PathBuf,
        /// Print each game and each avoidable refuted move.
        #[arg(long)]
        games: bool,
    },
    /// For each game where the bound falls below 0: Blue's move two plies
    /// earlier and each alternative, checked against every Yellow reply (a
    /// move is refuted when some reply leaves the bound below 0).
    TwoPly {
        file: PathBuf,
        /// Only Blue's lost games.
        #[arg(long)]
        only_losses: bool,
        /// Print the moves up to the position and the unrefuted alternatives.
        #[arg(long)]
        list: bool,
    },
    /// From the first position where the bound is below 0 in each of Blue's
    /// lost games, Yellow plays the follow-up alone (the same square after a
    /// move in an even square, the partner of the pairing that gives Blue
    /// least after a move in an odd one) and hard (`hijara engine` with one
    /// thread, `--nodes` a move, `seed K` for the K-th game) plays Blue.
    Play {
        file: PathBuf,
        /// Hard's nodes a move.
        #[arg(long)]
        nodes: u64,
        /// At most this many games.
        #[arg(long)]
        max_games: usize,
        /// Only games where the bound falls below 0 at this many empty sections or more.
        #[arg(long)]
        min_empty: u32,
        /// Every game, not only Blue's losses.
        #[arg(long)]
        all: bool,
    },
    /// Yellow's kinds of moves by stage (Yellow's moves 1-8, 9-16, 17-24,
    /// 25-32): the follow-up (in the square Blue just played, when it had
    /// room), the mirror (its half-turn image), other; and each side's share
    /// of stones on its parity (Blue on sections 1 and 3, Yellow on 2 and 4).
    YellowMoves {
        label: String,
        file: PathBuf,
        /// Only some games, by Blue's result.
        #[arg(long)]
        only: Option<Only>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Only {
    /// Blue lost.
    #[value(name = "blue-losses")]
    Losses,
    /// Blue lost or drew.
    #[value(name = "blue-nonwins")]
    Nonwins,
    /// Blue won.
    #[value(name = "blue-wins")]
    Wins,
}

/// Blue's result in a game with this margin.
fn result(margin: i32) -> &'static str {
    match margin.signum() {
        1 => "wins",
        0 => "draws",
        _ => "losses",
    }
}

/// The follow-up bound in points (Blue to move), if it applies.
fn bound(position: &Position) -> Option<i32> {
    follow_up_bound(position).map(|b| b / SCALE)
}

/// `position` after `moves`. Errors only if a square is full.
fn after(position: &Position, moves: &[Square]) -> Result<Position> {
    let mut p = *position;
    for &m in moves {
        p.play(m).map_err(|e| anyhow::anyhow!("{m}: {e}"))?;
    }
    Ok(p)
}

/// The ply (0-based, Blue to move) of the first position of `moves` where
/// the bound is below 0, and the positions with Blue to move before it.
fn first_below(moves: &[Square]) -> Result<(Option<usize>, Vec<Position>)> {
    let mut position = Position::new();
    let mut earlier = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            if bound(&position).is_some_and(|b| b < 0) {
                return Ok((Some(i), earlier));
            }
            earlier.push(position);
        }
        position = after(&position, &[m])?;
    }
    Ok((None, earlier))
}

fn main() -> Result<()> {
    match Args::parse().command {
        Command::Bound { file, games } => bound_report(&file, games),
        Command::TwoPly {
            file,
            only_losses,
            list,
        } => two_ply(&file, only_losses, list),
        Command::Play {
            file,
            nodes,
            max_games,
            min_empty,
            all,
        } => play(&file, nodes, max_games, min_empty, all),
        Command::YellowMoves { label, file, only } => yellow_moves(&label, &file, only),
    }
}

fn bound_report(file: &Path, verbose: bool) -> Result<()> {
    let records = read_records(file)?;
    let mut firsts: Vec<(&str, Vec<Option<u32>>)> =
        vec![("wins", vec![]), ("draws", vec![]), ("losses", vec![])];
    let (mut checked, mut refuted, mut avoidable, mut mismatches) = (0, 0, 0, 0);
    for record in &records {
        let mut position = Position::new();
        let mut first = None;
        for (i, &s) in record.moves.iter().enumerate() {
            if i % 2 == 0 {
                let empty = position.empty_sections();
                if first.is_none() && bound(&position).is_some_and(|b| b < 0) {
                    first = Some(empty);
                }
                if first.is_none() && empty <= 48 {
                    // Blue's moves answered in the same square, where there is room.
                    let mut ups = Vec::new();
                    for m in Square::ALL {
                        if position.stones_on(m) < 3 {
                            ups.push((m, bound(&after(&position, &[m, m])?)));
                        }
                    }
                    if let Some(&(_, Some(up))) = ups.iter().find(|(m, _)| *m == s) {
                        checked += 1;
                        if up < 0 {
                            refuted += 1;
                            let unrefuted: Vec<String> = ups
                                .iter()
                                .filter_map(|&(m, b)| {
                                    b.filter(|&b| b >= 0).map(|b| format!("{m}:{b}"))
                                })
                                .collect();
                            if !unrefuted.is_empty() {
                                avoidable += 1;
                                if verbose {
                                    println!(
                                        "  game {}: {empty} empty, Blue's {s} refuted (bound {up}), unrefuted: {}",
                                        record.id,
                                        unrefuted.join(" ")
                                    );
                                }
                            }
                        }
                    }
                }
            }
            position = after(&position, &[s])?;
        }
        let margin = position.margin(Player::Blue);
        if margin != record.recorded {
            mismatches += 1;
        }
        let res = result(record.recorded);
        if let Some((_, v)) = firsts.iter_mut().find(|(r, _)| *r == res) {
            v.push(first);
        }
        if verbose {
            let first = first.map_or("None".to_owned(), |f| f.to_string());
            println!(
                "game {} ({}): first follow-up bound < 0 at {first} empty sections",
                record.id, record.totals
            );
        }
    }
    let count = |r: &str| {
        firsts
            .iter()
            .find(|(x, _)| *x == r)
            .map_or(0, |(_, v)| v.len())
    };
    println!(
        "{}: {} games, Blue {} W / {} D / {} L; score check mismatches: {mismatches}",
        file.display(),
        records.len(),
        count("wins"),
        count("draws"),
        count("losses")
    );
    for (r, v) in &firsts {
        if v.is_empty() {
            continue;
        }
        let mut got: Vec<u32> = v.iter().flatten().copied().collect();
        got.sort_unstable();
        let show = |x: Option<&u32>| x.map_or("-".to_owned(), |x| x.to_string());
        let mut by_empty: Vec<(u32, usize)> = Vec::new();
        for &e in got.iter().rev() {
            match by_empty.last_mut() {
                Some((x, n)) if *x == e => *n += 1,
                _ => by_empty.push((e, 1)),
            }
        }
        let by_empty: Vec<String> = by_empty.iter().map(|(e, n)| format!("{e}:{n}")).collect();
        println!(
            "  Blue {r}: {}; the follow-up bound falls below 0 in {} (first at empty sections: median {}, range {}-{}; by empty sections {})",
            v.len(),
            got.len(),
            show(got.get(got.len() / 2)),
            show(got.first()),
            show(got.last()),
            by_empty.join(" ")
        );
    }
    println!(
        "  Blue's moves (48 empty sections or fewer, before the bound first falls below 0) where the bound applies after the same-square answer: {checked}; refuted by the follow-up: {refuted}, of which another move was not: {avoidable}"
    );
    Ok(())
}

/// Whether some Yellow reply to Blue's `m` leaves the bound below 0.
fn refuted_by_reply(position: &Position, m: Square) -> Result<bool> {
    let blue = after(position, &[m])?;
    for r in Square::ALL {
        if !blue.is_full(r) && bound(&after(&blue, &[r])?).is_some_and(|b| b < 0) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Adds one to `key`'s count, keeping the first-seen order.
fn bump<K: PartialEq>(counts: &mut Vec<(K, usize)>, key: K) {
    match counts.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => counts.push((key, 1)),
    }
}

fn two_ply(file: &Path, only_losses: bool, list: bool) -> Result<()> {
    let records = read_records(file)?;
    let (mut games, mut never, mut played_refuted, mut alternative) = (0, 0, 0, 0);
    let mut firsts: Vec<(u32, usize)> = Vec::new();
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    let mut sections: Vec<(u32, usize)> = Vec::new();
    let mut openings: Vec<(String, usize)> = Vec::new();
    for record in &records {
        if only_losses && record.recorded >= 0 {
            continue;
        }
        let (Some(first), earlier) = first_below(&record.moves)? else {
            never += 1;
            continue;
        };
        let Some(before) = earlier.last().filter(|_| first >= 2) else {
            bail!(
                "game {}: the bound is below 0 on the empty board",
                record.id
            );
        };
        bump(&mut firsts, 64 - first as u32);
        let (yb, yy) = (record.moves[first - 2], record.moves[first - 1]);
        let alts: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&m| !before.is_full(m) && m != yb)
            .collect();
        let mut unrefuted = Vec::new();
        for &m in &alts {
            if !refuted_by_reply(before, m)? {
                unrefuted.push(m);
            }
        }
        games += 1;
        played_refuted += usize::from(refuted_by_reply(before, yb)?);
        alternative += usize::from(!unrefuted.is_empty());
        let line: Vec<String> = record.moves[..first]
            .iter()
            .map(|m| m.to_string())
            .collect();
        bump(&mut openings, line.join(" "));
        let kind = if yy == yb {
            "same square"
        } else if yy == yb.rotated() {
            "mirror"
        } else if yy.row() == yb.row() {
            "same row"
        } else if yy.column() == yb.column() {
            "same column"
        } else {
            "other"
        };
        bump(&mut kinds, kind);
        // The section (1-4) Yellow's move took.
        let blue_played = after(before, &[yb])?;
        bump(&mut sections, blue_played.stones_on(yy) + 1);
        if list {
            let un: Vec<String> = unrefuted.iter().map(|m| m.to_string()).collect();
            println!(
                "  {}: unrefuted alternatives {}",
                line.join(" "),
                un.join(" ")
            );
        }
    }
    println!(
        "{}: games {games}, played move refuted (check) {played_refuted}, an alternative not refuted by any reply {alternative}, never below 0 {never}",
        file.display()
    );
    firsts.sort_by_key(|f| std::cmp::Reverse(f.0));
    sections.sort();
    let show = |v: &[(String, usize)]| {
        v.iter()
            .map(|(k, n)| format!("{k}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let strings = |v: &[(u32, usize)]| -> Vec<(String, usize)> {
        v.iter().map(|(k, n)| (k.to_string(), *n)).collect()
    };
    println!(
        "  first position with the bound below 0, empty sections: {}",
        show(&strings(&firsts))
    );
    let kinds: Vec<(String, usize)> = kinds.iter().map(|(k, n)| (k.to_string(), *n)).collect();
    println!(
        "  Yellow's move that brought the bound below 0, relative to Blue's move before it: {}",
        show(&kinds)
    );
    println!("  ... the section it took: {}", show(&strings(&sections)));
    // Commonest first; a stable sort keeps the first-seen order among ties.
    openings.sort_by_key(|o| std::cmp::Reverse(o.1));
    openings.truncate(6);
    println!("  commonest move sequences up to it: {}", show(&openings));
    Ok(())
}

/// Every pairing of `squares`, the first paired with each later one in turn.
fn pairings(squares: &[Square]) -> Vec<Vec<(Square, Square)>> {
    let Some((&first, rest)) = squares.split_first() else {
        return vec![vec![]];
    };
    let mut out = Vec::new();
    for i in 0..rest.len() {
        let mut others = rest.to_vec();
        let partner = others.remove(i);
        for mut tail in pairings(&others) {
            tail.insert(0, (first, partner));
            out.push(tail);
        }
    }
    out
}

/// With Blue to move, Yellow's pairing of the squares holding an odd number
/// of stones that leaves Blue least (the first such), and that margin. A
/// pairing's value is the most Blue gets by taking one square of each pair
/// (Yellow then taking the other), every square even after it, where the
/// follow-up bound is the board filled by parity.
fn best_pairing(position: &Position) -> Result<(i32, Vec<(Square, Square)>)> {
    let odd: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&s| position.stones_on(s) % 2 == 1)
        .collect();
    let mut best: Option<(i32, Vec<(Square, Square)>)> = None;
    for pairing in pairings(&odd) {
        let mut most = i32::MIN;
        for choice in 0u32..1 << pairing.len() {
            let mut moves = Vec::new();
            for (k, &(a, b)) in pairing.iter().enumerate() {
                if choice >> k & 1 == 0 {
                    moves.extend([a, b]);
                } else {
                    moves.extend([b, a]);
                }
            }
            let value = bound(&after(position, &moves)?)
                .context("the follow-up bound applies with every square even")?;
            most = most.max(value);
        }
        if best.as_ref().is_none_or(|(b, _)| most < *b) {
            best = Some((most, pairing));
        }
    }
    best.context("no pairing")
}

/// Sends `command` to the engine; its result, or an error.
fn send(engine: &mut Session, command: &str) -> Result<String> {
    let reply = engine.handle(command).unwrap_or_default();
    match reply.trim().strip_prefix('=') {
        Some(result) => Ok(result.trim().to_owned()),
        None => bail!("engine: {command}: {}", reply.trim()),
    }
}

fn play(file: &Path, nodes: u64, max_games: usize, min_empty: u32, all: bool) -> Result<()> {
    let records = read_records(file)?;
    let mut engine = Session::new();
    engine.set_threads(1);
    send(&mut engine, "level hard")?;
    send(&mut engine, &format!("nodes {nodes}"))?;
    let mut finals = Vec::new();
    for record in &records {
        if finals.len() >= max_games || (record.recorded >= 0 && !all) {
            continue;
        }
        let (Some(start), _) = first_below(&record.moves)? else {
            continue;
        };
        if 64 - (start as u32) < min_empty {
            continue;
        }
        send(&mut engine, "clear_board")?;
        send(&mut engine, &format!("seed {}", finals.len() + 1))?;
        let mut position = Position::new();
        for (i, &m) in record.moves[..start].iter().enumerate() {
            let colour = if i % 2 == 0 { "blue" } else { "yellow" };
            send(&mut engine, &format!("play {colour} {m}"))?;
            position = after(&position, &[m])?;
        }
        let (value, pairing) = best_pairing(&position)?;
        if Some(value) != bound(&position) {
            bail!(
                "game {}: the best pairing gives {value}, the bound {:?}",
                record.id,
                bound(&position)
            );
        }
        let mut partner: HashMap<Square, Square> = HashMap::new();
        for &(a, b) in &pairing {
            partner.insert(a, b);
            partner.insert(b, a);
        }
        while !position.is_over() {
            let word = send(&mut engine, "genmove blue")?;
            let s: Square = word
                .parse()
                .map_err(|e| anyhow::anyhow!("engine: genmove: {word}: {e}"))?;
            let even_before = position.stones_on(s).is_multiple_of(2);
            position = after(&position, &[s])?;
            let r = if even_before {
                s
            } else {
                let r = partner
                    .remove(&s)
                    .with_context(|| format!("game {}: {s} has no partner", record.id))?;
                partner.remove(&r);
                r
            };
            position = after(&position, &[r])?;
            send(&mut engine, &format!("play yellow {r}"))?;
        }
        let margin = position.margin(Player::Blue);
        finals.push(margin);
        println!(
            "game {}: from {} empty sections, follow-up bound {value}; hard as Blue against the follow-up: final margin {margin:+} (in the game {:+})",
            record.id,
            64 - start,
            record.recorded
        );
    }
    println!(
        "{} games: Blue lost {}, drew {}, won {}",
        finals.len(),
        finals.iter().filter(|&&m| m < 0).count(),
        finals.iter().filter(|&&m| m == 0).count(),
        finals.iter().filter(|&&m| m > 0).count()
    );
    Ok(())
}

fn yellow_moves(label: &str, file: &Path, only: Option<Only>) -> Result<()> {
    let records = read_records(file)?;
    // Per stage: Yellow's moves, follow-up possible, follow-up, mirror, other.
    let mut stages = [[0usize; 5]; 4];
    let mut used = [false; 4];
    // Blue's stones on sections 1/3, Blue's stones, Yellow's on 2/4, Yellow's.
    let mut parity = [0usize; 4];
    let mut games = 0;
    for record in &records {
        let keep = match only {
            None => true,
            Some(Only::Losses) => record.recorded < 0,
            Some(Only::Nonwins) => record.recorded <= 0,
            Some(Only::Wins) => record.recorded > 0,
        };
        if !keep {
            continue;
        }
        games += 1;
        let mut position = Position::new();
        let mut last_blue = None;
        for (i, &s) in record.moves.iter().enumerate() {
            let had_room = last_blue.is_some_and(|b| !position.is_full(b));
            position = after(&position, &[s])?;
            let section = position.stones_on(s);
            if i % 2 == 0 {
                parity[1] += 1;
                parity[0] += usize::from(section % 2 == 1);
                last_blue = Some(s);
            } else {
                parity[3] += 1;
                parity[2] += usize::from(section.is_multiple_of(2));
                let stage = (i / 2 / 8).min(3);
                used[stage] = true;
                let st = &mut stages[stage];
                st[0] += 1;
                st[1] += usize::from(had_room);
                let kind = match last_blue {
                    Some(b) if b == s => 2,
                    Some(b) if b.rotated() == s => 3,
                    _ => 4,
                };
                st[kind] += 1;
            }
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    let fmt = |v: &[usize; 5]| {
        format!(
            "{:5} moves, follow-up {:4} ({:5.1}% of {} possible), mirror {:4} ({:5.1}%), other {:4} ({:5.1}%)",
            v[0],
            v[2],
            pct(v[2], v[1]),
            v[1],
            v[3],
            pct(v[3], v[0]),
            v[4],
            pct(v[4], v[0])
        )
    };
    let filter = match only {
        None => "",
        Some(Only::Losses) => "--only blue-losses",
        Some(Only::Nonwins) => "--only blue-nonwins",
        Some(Only::Wins) => "--only blue-wins",
    };
    println!("{label}: {games} games {filter}");
    let mut total = [0usize; 5];
    for (k, st) in stages.iter().enumerate() {
        for (t, x) in total.iter_mut().zip(st) {
            *t += x;
        }
        if used[k] {
            println!("  Yellow's moves {}-{}: {}", 8 * k + 1, 8 * k + 8, fmt(st));
        }
    }
    println!("  all: {}", fmt(&total));
    println!(
        "  final: Blue stones on sections 1/3: {:.1}%, Yellow stones on 2/4: {:.1}%",
        pct(parity[0], parity[1]),
        pct(parity[2], parity[3])
    );
    Ok(())
}
