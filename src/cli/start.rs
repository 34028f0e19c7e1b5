//! `hijara` with no arguments: the start screen, then the door chosen; the lessons
//! and the puzzles come back to it.

use crate::ai::Seat;
use crate::session::{Autosave, History, data_dir, games_dir, unfinished_autosave};
use crate::ui::{START_ITEMS, StartChoice, StartState};

use super::config::RunPrefs;
use super::{LearnArgs, PlayArgs, PuzzleArgs, ReplayArgs, ResumeArgs};

pub(crate) fn run(prefs: &RunPrefs) -> anyhow::Result<()> {
    let mut selected = 0;
    loop {
        let can_resume =
            Autosave::in_data_dir().is_some_and(|a| matches!(unfinished_autosave(&a), Ok(Some(_))));
        let can_replay = data_dir()
            .map(|d| games_dir(&d))
            .and_then(|dir| History::read(&dir).ok())
            .is_some_and(|h| !h.is_empty());
        let mut state = StartState::new(can_resume, can_replay).with_selected(selected);
        // A problem of the config file shows the first time only.
        if let Some(notice) = prefs.notice() {
            state = state.with_note(notice);
        }
        let Some(choice) = crate::ui::start(state, prefs.setup())? else {
            return Ok(());
        };
        selected = START_ITEMS
            .iter()
            .position(|(c, ..)| *c == choice)
            .unwrap_or(0);
        match choice {
            // The lessons and the puzzles come back here when left.
            StartChoice::Learn => super::learn::run(&LearnArgs { list: false }, prefs)?,
            StartChoice::Puzzles => super::puzzle::run(&PuzzleArgs::default(), prefs)?,
            StartChoice::HotSeat => return super::play::run(PlayArgs::default(), prefs),
            StartChoice::Ai(level) => {
                return super::play::run(
                    PlayArgs {
                        ai: Some(Some(level)),
                        ..PlayArgs::default()
                    },
                    prefs,
                );
            }
            StartChoice::Resume => {
                let args = ResumeArgs {
                    save_dir: None,
                    threads: Default::default(),
                    no_history: false,
                    clock: None,
                };
                return super::resume::run(&args, prefs);
            }
            StartChoice::Replay => {
                let args = ReplayArgs {
                    game: None,
                    last: true,
                    blue: Seat::Human,
                    yellow: Seat::Human,
                    session: Default::default(),
                };
                return super::replay::run(&args, prefs);
            }
        }
    }
}
