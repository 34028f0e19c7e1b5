//! `hijara` with no arguments: the start screen, then the door chosen.

use crate::ai::Seat;
use crate::session::{Autosave, History, data_dir, games_dir, unfinished_autosave};
use crate::ui::{StartChoice, StartState};

use super::{LearnArgs, PlayArgs, PuzzleArgs, ReplayArgs, ResumeArgs};

pub(crate) fn run() -> anyhow::Result<()> {
    let can_resume =
        Autosave::in_data_dir().is_some_and(|a| matches!(unfinished_autosave(&a), Ok(Some(_))));
    let can_replay = data_dir()
        .map(|d| games_dir(&d))
        .and_then(|dir| History::read(&dir).ok())
        .is_some_and(|h| !h.is_empty());
    let Some(choice) = crate::ui::start(StartState::new(can_resume, can_replay))? else {
        return Ok(());
    };
    match choice {
        StartChoice::HotSeat => super::play::run(PlayArgs::default()),
        StartChoice::Ai(level) => super::play::run(PlayArgs {
            ai: Some(level),
            ..PlayArgs::default()
        }),
        StartChoice::Resume => super::resume::run(&ResumeArgs {
            save_dir: None,
            threads: Default::default(),
            no_history: false,
            clock: None,
        }),
        StartChoice::Learn => super::learn::run(&LearnArgs { list: false }),
        StartChoice::Puzzles => super::puzzle::run(&PuzzleArgs::default()),
        StartChoice::Replay => super::replay::run(&ReplayArgs {
            game: None,
            last: true,
            blue: Seat::Human,
            yellow: Seat::Human,
            session: Default::default(),
        }),
    }
}
