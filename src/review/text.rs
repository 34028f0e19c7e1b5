//! The review as text for a terminal: a table of moves, then the summaries.
//! Lines stay within 80 columns; classes are words (and PGN-style marks after
//! the move), never colour alone.

use std::io::{self, Write};

use super::classify::{Class, Value, wdl_name};
use super::report::{PlayerSummary, Review};
use crate::rules::Player;

/// The legend printed above the table.
pub const LEGEND: &str = "Values are final margins in points for the player who moves, under best play:\n\
     the move played, then the best move. Exact where the game was solved to the\n\
     end; ~ marks an engine estimate (with win/draw/loss when that much is proven).\n\
     From estimates the points lost are an estimate too: the verdict says likely,\n\
     and (from-to) is where the true loss lies 9 times in 10. See docs/review.md.";

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

/// The points a move lost as text: `20`, or with the range of an estimate `20 (12-30)`.
pub fn lost_text(lost: i32, range: Option<[i32; 2]>) -> String {
    match range {
        Some([low, high]) => format!("{lost} ({low}-{high})"),
        None => lost.to_string(),
    }
}

/// A verdict as text: `mistake`, or `likely mistake` when it rests on estimates.
pub fn class_text(class: Class, likely: bool) -> String {
    if likely {
        format!("likely {class}")
    } else {
        class.to_string()
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
/// Each value stands beside the move it belongs to: the move played, then the best.
pub fn write_review(out: &mut impl Write, review: &Review) -> io::Result<()> {
    writeln!(
        out,
        "{:>3}  {:<6}  {:<5} {:<9}  {:<4}  {:<9}  {:<11} class",
        "#", "player", "move", "value", "best", "value", "lost"
    )?;
    for m in &review.moves {
        writeln!(
            out,
            "{:>3}  {:<6}  {:<5} {:<9}  {:<4}  {:<9}  {:<11} {}",
            m.number,
            m.player.to_string(),
            format!("{}{}", m.mv, mark(m.class)),
            value_text(m.played_value),
            m.best.to_string(),
            value_text(m.best_value),
            lost_text(m.lost, m.lost_range),
            class_text(m.class, m.likely)
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

/// `Biggest swing, Blue: move 46 c3 -10 (best a1 ~+15 win), 25 (17-33) points lost`.
fn swing_line(s: &PlayerSummary) -> String {
    let who = match s.player {
        Player::Blue => "Blue",
        Player::Yellow => "Yellow",
    };
    match s.biggest_swing {
        Some(w) => format!(
            "Biggest swing, {who}: move {} {} {} (best {} {}), {} point{} lost",
            w.number,
            w.mv,
            value_text(w.played_value),
            w.best,
            value_text(w.best_value),
            lost_text(w.lost, w.lost_range),
            if w.lost == 1 { "" } else { "s" }
        ),
        None => format!("Biggest swing, {who}: none, no move lost points"),
    }
}
