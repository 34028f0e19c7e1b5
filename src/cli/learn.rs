//! `hijara learn`: the lessons, resumed at the first one not done.

use anyhow::Context;

use crate::learn::{LearnProgress, lessons};
use crate::session::data_dir;
use crate::strings::{lesson as words, storage as storage_words};
use crate::ui::LessonState;

use super::config::RunPrefs;
use super::{LearnArgs, PuzzleArgs};

pub(crate) fn run(args: &LearnArgs, prefs: &RunPrefs) -> anyhow::Result<()> {
    let all = lessons().context("the shipped lessons")?;
    let dir = data_dir();
    let progress = match &dir {
        Some(dir) => LearnProgress::load(dir).unwrap_or_else(|e| {
            eprintln!("{}", storage_words::starting_afresh(&e.to_string()));
            LearnProgress::default()
        }),
        None => LearnProgress::default(),
    };
    if args.list {
        for (i, lesson) in all.iter().enumerate() {
            let done = progress.is_done(&lesson.id);
            println!("{}", words::listed(done, i + 1, &lesson.title));
        }
        return Ok(());
    }
    let mut state = LessonState::resume(all, progress, dir);
    if let Some(notice) = prefs.notice() {
        state.notify(notice);
    }
    let ended = crate::ui::lessons(state, prefs.setup())?;
    if ended.wants_puzzles() {
        return super::puzzle::run(&PuzzleArgs::default(), prefs);
    }
    let done = ended.progress().done.len();
    println!("{}", words::done_of(done, ended.lessons().len()));
    if done == ended.lessons().len() {
        println!("{}", words::NEXT);
    }
    Ok(())
}
