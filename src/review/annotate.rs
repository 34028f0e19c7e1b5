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

/// Writes `review` into `record`: each move classed inaccuracy or worse gets its
/// mark (replacing any mark there) and the comment, after the comments already
/// there; a comment already present is not added twice, so annotating an
/// annotated record changes nothing. Returns how many moves were marked.
pub fn annotate(record: &mut Record, review: &Review) -> Result<usize, EditError> {
    let mut marked = 0;
    for m in &review.moves {
        let Some(mark) = mark_of(m.class) else {
            continue;
        };
        let index = m.number - 1;
        record.set_mark(index, Some(mark))?;
        let text = comment(m);
        if !record.comments(index).contains(&text) {
            record.push_comment(index, text)?;
        }
        marked += 1;
    }
    Ok(marked)
}
