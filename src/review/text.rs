//! The review as text for a terminal: a table of moves, then the summaries.
//! Lines stay within 80 columns; classes are words (and PGN-style marks after
//! the move), never colour alone.

use std::io::{self, Write};

use super::classify::{Class, Value, wdl_name};
use super::report::{PlayerSummary, Review};
use crate::rules::Player;

/// The legend printed above the table.
pub const LEGEND: &str = "Values are final margins in points for the player who moves, under best play:\n\
     exact where the game was solved to the end, ~ marks an engine estimate\n\
     (with win/draw/loss when that much is proven). An estimate may be off by the\n\
     \u{b1}points after `lost`, measured at that stage: a move that lost no more is\n\
     good at worst, unless it threw away a proven win or draw. See docs/review.md.";

/// A value as text: `+15`, `0`, `-5` when exact; `~+3`, or `~+3 win` with a proven outcome.
pub fn value_text(value: Value) -> String {
    let margin = if value.margin > 0 {
        format!("+{}", value.margin)
    } else {
        value.margin.to_string()
    };
    match (value.exact, value.outcome) {
        (true, _) => margin,
        (false, Some(wdl)) => format!("~{margin} {}", wdl_name(wdl)),
        (false, None) => format!("~{margin}"),
    }
}

/// The error of a move's values as text: `±25`, or nothing when both are exact.
pub fn error_text(error: i32) -> String {
    if error > 0 {
        format!("\u{b1}{error}")
    } else {
        String::new()
    }
}

/// The PGN-style mark of a class: `?!`, `?`, `??`, or nothing.
pub const fn mark(class: Class) -> &'static str {
    match class {
        Class::Best | Class::Good => "",
        Class::Inaccuracy => "?!",
        Class::Mistake => "?",
        Class::Blunder => "??",
    }
}

/// Writes the table of moves, then both players' summaries and biggest swings.
pub fn write_review(out: &mut impl Write, review: &Review) -> io::Result<()> {
    writeln!(
        out,
        "{:>3}  {:<6}  {:<5} {:<4}  {:<10}  {:<10}  {:>4} {:<4}  class",
        "#", "player", "move", "best", "before", "after", "lost", ""
    )?;
    for m in &review.moves {
        writeln!(
            out,
            "{:>3}  {:<6}  {:<5} {:<4}  {:<10}  {:<10}  {:>4} {:<4}  {}",
            m.number,
            m.player.to_string(),
            format!("{}{}", m.mv, mark(m.class)),
            m.best.to_string(),
            value_text(m.before),
            value_text(m.after),
            m.lost,
            error_text(m.error()),
            m.class
        )?;
    }
    if review.moves.len() < review.total_moves {
        writeln!(
            out,
            "({} of {} moves reviewed)",
            review.moves.len(),
            review.total_moves
        )?;
    }
    writeln!(out)?;
    write_summaries(out, review)
}

fn write_summaries(out: &mut impl Write, review: &Review) -> io::Result<()> {
    writeln!(
        out,
        "{:<8} {:>5} {:>5} {:>5} {:>10} {:>7} {:>7}  {:>8}",
        "", "moves", "best", "good", "inaccuracy", "mistake", "blunder", "avg lost"
    )?;
    for s in &review.summary {
        writeln!(
            out,
            "{:<8} {:>5} {:>5} {:>5} {:>10} {:>7} {:>7}  {:>8.1}",
            s.player.to_string(),
            s.moves,
            s.count(Class::Best),
            s.count(Class::Good),
            s.count(Class::Inaccuracy),
            s.count(Class::Mistake),
            s.count(Class::Blunder),
            s.average_lost
        )?;
    }
    for s in &review.summary {
        writeln!(out, "{}", swing_line(s))?;
    }
    Ok(())
}

/// `Biggest swing, Blue: move 46 c3 (best a1), ~+15 win -> -10, 25 points lost`.
fn swing_line(s: &PlayerSummary) -> String {
    let who = match s.player {
        Player::Blue => "Blue",
        Player::Yellow => "Yellow",
    };
    match s.biggest_swing {
        Some(w) => format!(
            "Biggest swing, {who}: move {} {} (best {}), {} -> {}, {} point{} lost",
            w.number,
            w.mv,
            w.best,
            value_text(w.before),
            value_text(w.after),
            w.lost,
            if w.lost == 1 { "" } else { "s" }
        ),
        None => format!("Biggest swing, {who}: none, no move lost points"),
    }
}
