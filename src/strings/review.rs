//! The engine's review in words: `hijara analyze`'s legend and table, and the
//! marks and verdicts the replay's panel shares with it. Lines stay within 80
//! columns; classes are words (and PGN-style marks after the move), never colour
//! alone. A value's own notation (`+15`, `~+3 win`) is the `Display` of
//! [`crate::review::Value`]: annotated records hold it too.

use std::io::{self, Write};

use crate::review::annotate::mark_of;
use crate::review::classify::{threw_away_proof, wdl_name};
use crate::review::{Class, MoveReview, PlayerSummary, Review};

/// The legend printed above the table.
pub(crate) const LEGEND: &str = "Values are final margins in points for the player who moves, under best play:\n\
     the move played, then the best move. Exact where the game was solved to the\n\
     end; ~ marks an engine estimate (with win/draw/loss when that much is proven).\n\
     From estimates the points lost are an estimate too: the verdict says likely,\n\
     and (from-to) is where the true loss lies 9 times in 10. See docs/review.md.";

/// The points a move lost as text: `20`, or with the range of an estimate `20 (12-30)`.
pub(crate) fn lost_text(lost: i32, range: Option<[i32; 2]>) -> String {
    match range {
        Some([low, high]) => format!("{lost} ({low}-{high})"),
        None => lost.to_string(),
    }
}

/// A verdict as text: `mistake`, or `likely mistake` when it rests on estimates.
pub(crate) fn class_text(class: Class, likely: bool) -> String {
    if likely {
        format!("likely {class}")
    } else {
        class.to_string()
    }
}

/// A reviewed move's verdict as text: [`class_text`], and where the move threw away a
/// proven outcome (a blunder whatever the points, `docs/review.md`'s rule 1), which
/// one: `blunder, a win thrown away`. qa41: `blunder, lost 10` beside another move's
/// `inaccuracy, lost 10` said nothing of why.
pub(crate) fn verdict_text(m: &MoveReview) -> String {
    let class = class_text(m.class, m.likely);
    match thrown_away(m) {
        Some(wdl) => format!("{class}, a {} thrown away", wdl_name(wdl)),
        None => class,
    }
}

/// The proven outcome a blunder threw away ([`threw_away_proof`]), if it did.
fn thrown_away(m: &MoveReview) -> Option<crate::ai::analysis::Wdl> {
    if m.class == Class::Blunder && threw_away_proof(m.best_value, m.played_value) {
        m.best_value.outcome
    } else {
        None
    }
}

/// The PGN-style mark of a class: `?!`, `?`, `??`, or nothing: the mark an
/// annotated record gets ([`mark_of`]).
pub(crate) fn mark(class: Class) -> &'static str {
    mark_of(class).map_or("", |m| m.token())
}

/// Writes the table of moves, then both players' summaries and biggest swings.
/// Each value stands beside the move it belongs to: the move played, then the best.
pub(crate) fn write_review(out: &mut impl Write, review: &Review) -> io::Result<()> {
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
            m.played_value.to_string(),
            m.best.to_string(),
            m.best_value.to_string(),
            lost_text(m.lost, m.lost_range),
            class_text(m.class, m.likely)
        )?;
    }
    if review.moves.len() < review.total_moves {
        writeln!(
            out,
            "({} of {} reviewed)",
            review.moves.len(),
            super::moves_count(review.total_moves)
        )?;
    }
    writeln!(out)?;
    write_summaries(out, review)
}

fn write_summaries(out: &mut impl Write, review: &Review) -> io::Result<()> {
    writeln!(
        out,
        "{:<8} {:>5} {:>5} {:>12} {:>5} {:>10} {:>7} {:>7}  {:>8}",
        "", "moves", "best", "likely best", "good", "inaccuracy", "mistake", "blunder", "avg lost"
    )?;
    for s in &review.summary {
        // Best moves only estimates back in a column of their own: counted with the
        // proven ones, a game reviewed from estimates read as played best.
        writeln!(
            out,
            "{:<8} {:>5} {:>5} {:>12} {:>5} {:>10} {:>7} {:>7}  {:>8.1}",
            s.player.to_string(),
            s.moves,
            s.proven_best(),
            s.likely_best,
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

/// The columns every line of the table and summaries keeps within.
const COLUMNS: usize = 80;

/// `Biggest swing, Blue: move 46 c3 -10 (best a1 ~+15 win), 25 (17-33) points lost`;
/// where that is wider than 80 columns (values with outcomes and a range, s30: 86),
/// the points lost go on a line of their own, indented:
/// `Biggest swing, Blue: move 49 c4 ~-77 loss (best b2 ~-44 loss),` then
/// `  33 (28-45) points lost`. The first line is at most 66 columns with the widest
/// values (`~-999 loss`), so the two always fit.
fn swing_line(s: &PlayerSummary) -> String {
    let who = s.player;
    match s.biggest_swing {
        Some(w) => {
            let swing = format!(
                "Biggest swing, {who}: move {} {} {} (best {} {}),",
                w.number, w.mv, w.played_value, w.best, w.best_value,
            );
            let lost = format!(
                "{} point{} lost",
                lost_text(w.lost, w.lost_range),
                if w.lost == 1 { "" } else { "s" }
            );
            let one_line = format!("{swing} {lost}");
            if crate::text::fits(&one_line, COLUMNS) {
                one_line
            } else {
                format!("{swing}\n  {lost}")
            }
        }
        None => format!("Biggest swing, {who}: none, no move lost points"),
    }
}
