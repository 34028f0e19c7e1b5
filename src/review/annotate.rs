//! A review written into a record, in the spirit of PGN: `?!`, `?` or `??` after
//! each inaccuracy, mistake or blunder, and a comment naming the engine's best
//! move and the move played, each with its value as the text table writes it
//! (`~` marks an estimate), e.g. `{b2 -5, best c3 +15}`. Pure.

use super::classify::Class;
use super::report::{MoveReview, Review};
use crate::record::{EditError, Mark, Record};

/// The mark a class earns in an annotated record: none for best and good moves.
pub const fn mark_of(class: Class) -> Option<Mark> {
    match class {
        Class::Best | Class::Good => None,
        Class::Inaccuracy => Some(Mark::Dubious),
        Class::Mistake => Some(Mark::Mistake),
        Class::Blunder => Some(Mark::Blunder),
    }
}

/// The comment written after a marked move: `b2 -5, best c3 +15`, and for a
/// verdict from estimates `likely: b2 ~-5, best c3 ~+15`.
pub fn comment(review: &MoveReview) -> String {
    format!(
        "{}{} {}, best {} {}",
        if review.likely { "likely: " } else { "" },
        review.mv,
        review.played_value,
        review.best,
        review.best_value
    )
}

/// Whether `text` is a value as [`comment`] writes it: `+15`, `0`, `-5`, `~+3`,
/// `~-3 win`.
fn is_value_text(text: &str) -> bool {
    let text = text.strip_prefix('~').unwrap_or(text);
    let (number, outcome) = text.split_once(' ').unwrap_or((text, ""));
    let digits = number.strip_prefix(['+', '-']).unwrap_or(number);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!(outcome, "" | "win" | "draw" | "loss")
}

/// Whether `text` is a comment [`comment`] wrote for a move to `square`: an earlier
/// review's, which a new review replaces.
fn is_review_comment(text: &str, square: &str) -> bool {
    let text = text.strip_prefix("likely: ").unwrap_or(text);
    let Some((played, best)) = text.split_once(", best ") else {
        return false;
    };
    let played_value = played
        .strip_prefix(square)
        .and_then(|v| v.strip_prefix(' '));
    let best_value = best
        .split_once(' ')
        .filter(|(mv, _)| mv.parse::<crate::rules::Square>().is_ok());
    played_value.is_some_and(is_value_text) && best_value.is_some_and(|(_, v)| is_value_text(v))
}

/// Takes an earlier review out of move `index`: its comments, and the mark it gave
/// (`?!`, `?`, `??`) where such a comment was there to say it was the review's.
fn clear_review(record: &mut Record, index: usize, square: &str) -> Result<(), EditError> {
    let comments = record.comments(index);
    if !comments.iter().any(|c| is_review_comment(c, square)) {
        return Ok(());
    }
    let kept: Vec<String> = comments
        .iter()
        .filter(|c| !is_review_comment(c, square))
        .cloned()
        .collect();
    record.clear_comments(index)?;
    for text in kept {
        record.push_comment(index, text)?;
    }
    if matches!(
        record.mark(index),
        Some(Mark::Dubious | Mark::Mistake | Mark::Blunder)
    ) {
        record.set_mark(index, None)?;
    }
    Ok(())
}

/// Writes `review` into `record`: each move classed inaccuracy or worse gets its
/// mark (replacing any mark there) and the comment, after the comments already
/// there. An earlier review's comments and marks are taken out first, so
/// annotating an annotated record replaces the old review (whose estimates may
/// differ) and adds nothing twice. Returns how many moves were marked.
pub fn annotate(record: &mut Record, review: &Review) -> Result<usize, EditError> {
    let mut marked = 0;
    for m in &review.moves {
        let index = m.number - 1;
        clear_review(record, index, &m.mv.to_string())?;
        let Some(mark) = mark_of(m.class) else {
            continue;
        };
        record.set_mark(index, Some(mark))?;
        let text = comment(m);
        if !record.comments(index).contains(&text) {
            record.push_comment(index, text)?;
        }
        marked += 1;
    }
    Ok(marked)
}
