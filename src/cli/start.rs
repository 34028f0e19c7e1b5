//! `hijara` with no arguments: the start screen, then the door chosen.

use crate::ai::Seat;
use crate::session::{Autosave, History, data_dir, games_dir, unfinished_autosave};
use crate::ui::{StartChoice, StartState};

use super::{LearnArgs, PlainArgs, PlayArgs, PuzzleArgs, ReplayArgs, ResumeArgs};

/// The start screen, then the door chosen, both on the full screen or both in the
/// line mode (`plain`).
pub(crate) fn run(plain: bool) -> anyhow::Result<()> {
    let mut front = crate::ui::Frontend::choose(plain)?;
    let plain = PlainArgs { plain };
    let can_resume =
        Autosave::in_data_dir().is_some_and(|a| matches!(unfinished_autosave(&a), Ok(Some(_))));
    let can_replay = data_dir()
        .map(|d| games_dir(&d))
        .and_then(|dir| History::read(&dir).ok())
        .is_some_and(|h| !h.is_empty());
    let Some(choice) = crate::ui::start(StartState::new(can_resume, can_replay), &mut front)?
    else {
        return Ok(());
    };
    match choice {
        StartChoice::HotSeat => super::play::run_on(
            PlayArgs {
                plain,
                ..PlayArgs::default()
            },
            &mut front,
        ),
        StartChoice::Ai(level) => super::play::run_on(
            PlayArgs {
                ai: Some(level),
                plain,
                ..PlayArgs::default()
            },
            &mut front,
        ),
        StartChoice::Resume => super::resume::run_on(
            &ResumeArgs {
                save_dir: None,
                threads: Default::default(),
                no_history: false,
                clock: None,
                plain,
            },
            &mut front,
        ),
        StartChoice::Learn => super::learn::run_on(&LearnArgs { list: false, plain }, &mut front),
        StartChoice::Puzzles => super::puzzle::run_on(
            &PuzzleArgs {
                plain,
                ..PuzzleArgs::default()
            },
            &mut front,
        ),
        StartChoice::Replay => super::replay::run_on(
            &ReplayArgs {
                game: None,
                last: true,
                blue: Seat::Human,
                yellow: Seat::Human,
                session: Default::default(),
                plain,
            },
            &mut front,
        ),
    }
}
