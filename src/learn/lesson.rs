//! A lesson: a `.hij` record whose game comments are the text, whose moves
//! reach the position, and whose tags name the task, the intended answer, a
//! wrong answer (for the tests) and the hint.

use std::str::FromStr;

use crate::record::Record;
use crate::rules::{Game, Move};

use super::task::Task;

/// The tag naming the lesson.
pub const LESSON_TAG: &str = "Lesson";
/// The tag naming the task (see [`Task`]).
pub const TASK_TAG: &str = "Task";
/// The tag holding the intended answer.
pub const ANSWER_TAG: &str = "Answer";
/// The tag holding one wrong answer, played by the tests.
pub const WRONG_TAG: &str = "Wrong";
/// The tag holding the hint shown after a wrong try.
pub const HINT_TAG: &str = "Hint";

/// One lesson, read and checked.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// The file's stem (`01-board`), which names the lesson in the progress file.
    pub id: String,
    /// The title.
    pub title: String,
    /// The text, one paragraph per comment line joined.
    pub text: String,
    /// What the player must do.
    pub task: Task,
    /// The intended answer.
    pub answer: Move,
    /// A wrong answer.
    pub wrong: Move,
    /// The hint after a wrong try.
    pub hint: String,
    /// The record, as read (it round-trips through the record format).
    pub record: Record,
    /// The game that reaches the position.
    pub game: Game,
}

/// A lesson file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("lesson {id}: {why}")]
pub struct LessonError {
    /// The lesson's file stem.
    pub id: String,
    /// What is wrong.
    pub why: String,
}

impl Lesson {
    /// Reads lesson `id` from its record text.
    pub fn parse(id: &str, text: &str) -> Result<Lesson, LessonError> {
        let error = |why: String| LessonError {
            id: id.to_string(),
            why,
        };
        let record = Record::from_str(text).map_err(|e| error(e.to_string()))?;
        let game = record.to_game().map_err(|e| error(e.to_string()))?;
        let tag = |name: &str| {
            record
                .tag(name)
                .map(str::to_string)
                .ok_or_else(|| error(format!("no [{name} \"...\"] tag")))
        };
        let square = |name: &str| -> Result<Move, LessonError> {
            let value = tag(name)?;
            value
                .parse()
                .map_err(|_| error(format!("[{name} \"{value}\"] is not a square")))
        };
        let task_text = tag(TASK_TAG)?;
        let task = task_text
            .parse()
            .map_err(|e| error(format!("[{TASK_TAG} \"{task_text}\"]: {e}")))?;
        Ok(Lesson {
            id: id.to_string(),
            title: tag(LESSON_TAG)?,
            text: record
                .game_comments()
                .iter()
                .map(|c| c.trim())
                .collect::<Vec<_>>()
                .join(" "),
            task,
            answer: square(ANSWER_TAG)?,
            wrong: square(WRONG_TAG)?,
            hint: tag(HINT_TAG)?,
            game,
            record,
        })
    }
}

/// The shipped lessons, `(id, text)` in name order: every
/// `assets/lessons/*.hij`, listed by `build.rs`, so adding a lesson is only
/// writing its file (the id is the file's stem).
pub const LESSON_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

/// Every shipped lesson, read.
pub fn lessons() -> Result<Vec<Lesson>, LessonError> {
    LESSON_FILES
        .iter()
        .map(|(id, text)| Lesson::parse(id, text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `text` names a section as `d1:1` (a square, a colon, a section).
    fn names_a_section(text: &str) -> bool {
        text.as_bytes().windows(4).any(|w| {
            matches!(w[0], b'a'..=b'd')
                && matches!(w[1], b'1'..=b'4')
                && w[2] == b':'
                && matches!(w[3], b'1'..=b'4')
        })
    }

    /// qa37: lessons 4, 5 and 7 wrote `d1:1`, `a1:1-3` with no word on the notation
    /// before. Each lesson that writes it says what it means (any lesson may be the
    /// first opened, from the menu).
    #[test]
    fn a_lesson_that_names_a_section_as_d1_1_says_what_it_means() {
        let lessons = lessons().unwrap();
        let naming: Vec<&Lesson> = lessons
            .iter()
            .filter(|l| names_a_section(&l.text))
            .collect();
        assert!(
            naming.len() >= 3,
            "{:?}",
            naming.iter().map(|l| &l.id).collect::<Vec<_>>()
        );
        for lesson in naming {
            assert!(
                lesson.text.contains("a square, then") && lesson.text.contains(" is section"),
                "{}: {}",
                lesson.id,
                lesson.text
            );
        }
    }
}
