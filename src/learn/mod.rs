//! Lessons: short interactive lessons kept as data (`assets/lessons/*.hij`),
//! each a text, a position and a task that the rules check, and the progress
//! through them.
//!
//! - [`lesson`]: a lesson read from its record.
//! - [`task`]: what a lesson asks, and the verdict on a move.
//! - [`progress`]: which lessons are done, kept in the data folder.

pub mod lesson;
pub mod progress;
pub mod task;

pub use lesson::{LESSON_FILES, Lesson, LessonError, lessons};
pub use progress::LearnProgress;
pub use task::{Check, Task, Why, check};
