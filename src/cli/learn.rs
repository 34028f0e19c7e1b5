//! `hijara learn`: the lessons, resumed at the first one not done.

use anyhow::Context;

use crate::learn::{LearnProgress, lessons};
use crate::session::{data_dir, data_folder_problem};
use crate::strings::{lesson as words, storage as storage_words};
use crate::ui::LessonState;

use super::config::RunPrefs;
use super::puzzle::PuzzlesBack;
use super::{LearnArgs, PuzzleArgs};

pub(crate) fn run(args: &LearnArgs, prefs: &RunPrefs) -> anyhow::Result<()> {
    if args.list {
        return run_on(args, prefs, &mut crate::ui::Frontend::full_screen(), false).map(|_| ());
    }
    let plain = args.plain.plain || prefs.prefs().plain;
    // Not from the start screen: the summary is printed, nothing returned.
    run_on(args, prefs, &mut crate::ui::Frontend::choose(plain)?, false).map(|_| ())
}

/// The lessons, on `front` (the start screen's, when it opened the door: then
/// `from_start`, and leaving goes back to it). What they sum up when left is
/// printed, or, `from_start`, returned for the start screen to say: printed there
/// it went to the main screen, seen only once the program had ended.
pub(crate) fn run_on(
    args: &LearnArgs,
    prefs: &RunPrefs,
    front: &mut crate::ui::Frontend,
    from_start: bool,
) -> anyhow::Result<Option<String>> {
    let all = lessons().context("the shipped lessons")?;
    let dir = data_dir();
    // Said on the lesson screen: printed alone, it went under the full screen (the
    // start screen opened it) or was read only after leaving.
    let mut afresh = None;
    let progress = match &dir {
        Some(dir) => LearnProgress::load(dir).unwrap_or_else(|e| {
            // A file in the data folder's place is said of the folder: the file's
            // own error was "Not a directory (os error 20)".
            let error = data_folder_problem(dir).unwrap_or_else(|| e.to_string());
            // On the screen whenever there is one, and printed where the screens do
            // not hold the terminal yet, to stay after them (as the puzzles').
            if !args.list {
                afresh = Some(storage_words::starting_afresh_on_screen(&error));
            }
            if !front.holds_terminal() || args.list {
                super::out::note(storage_words::starting_afresh(&error));
            }
            LearnProgress::default()
        }),
        None => LearnProgress::default(),
    };
    if args.list {
        for (i, lesson) in all.iter().enumerate() {
            let done = progress.is_done(&lesson.id);
            super::out::say(words::listed(done, i + 1, &lesson.title))?;
        }
        return Ok(None);
    }
    let mut state = LessonState::resume(all, progress, dir);
    if from_start {
        state = state.from_start();
    }
    if let Some(notice) = prefs.notice() {
        state.notify(notice);
    }
    if let Some(afresh) = afresh {
        state.notify(afresh);
    }
    // The puzzles the menu opens (`p`) come back to it (qa37: their `q` quit the
    // program from `hijara learn`, one key from losing the lessons).
    let ended = loop {
        let setup = prefs.setup(front);
        let ended = crate::ui::lessons(state, front, setup)?;
        if !ended.wants_puzzles() {
            break ended;
        }
        let args = PuzzleArgs::default();
        let summary = super::puzzle::run_on(&args, prefs, front, PuzzlesBack::Lessons)?;
        state = ended.back_from_puzzles(summary);
    };
    let done = ended.progress().done.len();
    let all_done = done == ended.lessons().len();
    let summary = words::done_of(done, ended.lessons().len());
    if from_start {
        return Ok(Some(if all_done {
            format!("{summary} {}", words::NEXT_FROM_START)
        } else {
            summary
        }));
    }
    front.restore_terminal();
    super::out::say_after(front, summary)?;
    if all_done {
        super::out::say_after(front, words::NEXT)?;
    }
    Ok(None)
}
