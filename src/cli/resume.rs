//! `hijara resume`: the game autosaved when it was left, back exactly (moves, seats, settings).

use anyhow::{Context, bail};

use crate::session::{
    Autosave, Damaged, Names, Notice, Session, config_of, data_folder_problem, unfinished_autosave,
};
use crate::strings::storage as storage_words;
use crate::text::display_path;
use crate::ui;

use super::config::RunPrefs;
use super::{PlayArgs, ResumeArgs, SessionArgs, storage};

pub(crate) fn run(args: &ResumeArgs, prefs: &RunPrefs) -> anyhow::Result<()> {
    let plain = args.plain.plain || prefs.prefs().plain;
    run_on(args, prefs, &mut ui::Frontend::choose(plain)?, false).map(|_| ())
}

/// The autosaved game, on `front` (the start screen's, when it opened the door:
/// then `from_start`, and `q` goes back to it).
pub(crate) fn run_on(
    args: &ResumeArgs,
    prefs: &RunPrefs,
    front: &mut ui::Frontend,
    from_start: bool,
) -> anyhow::Result<super::play::Left> {
    let autosave = Autosave::in_data_dir()
        .context("no data folder to look for an autosave in (set XDG_DATA_HOME)")?;
    let path = display_path(autosave.path());
    // A file in the data folder's place holds no autosave either, but "there is no
    // autosave" would send the player looking for a game rather than at the folder.
    if let Some(problem) = autosave.path().parent().and_then(data_folder_problem) {
        bail!("no game to resume: {problem}");
    }
    if std::fs::symlink_metadata(autosave.path()).is_err() {
        bail!("no game to resume: there is no autosave ({path})");
    }
    let save_dir = args.save_dir.as_ref().or(prefs.prefs().save_dir.as_ref());
    let mut storage = storage(save_dir, args.no_history)?;
    // The game another hijara is playing is that program's until it ends: resumed
    // in both, each would write the autosave over the other's moves.
    if storage.claim_autosave().is_some() {
        bail!("no game to resume: {}", storage_words::RESUME_BUSY);
    }
    // A damaged autosave whose first moves still read is offered as `hijara` offers
    // it (qa45: this refused, naming what the bare command would do): the game's
    // resume question says what is damaged and where, and nothing is written until
    // it is answered (a yes or a first move keeps the file aside first).
    let loaded = match unfinished_autosave(&autosave) {
        Ok(Some(loaded)) => loaded,
        Ok(None) => bail!("no game to resume: the autosave {path} holds no unfinished game"),
        Err(Damaged {
            salvaged: Some(_), ..
        }) => {
            // The game takes the autosave's lock itself: this one is let go first.
            drop(storage);
            return super::play::run_on(salvage_args(args), prefs, front, from_start);
        }
        Err(Damaged { error, .. }) => bail!("the autosave {path}: {error}"),
    };
    let mut storage = storage
        .with_date(loaded.record.tag("Date"))
        .continuing_autosave();
    let fallback = SessionArgs {
        threads: args.threads,
        ..SessionArgs::default()
    }
    .config([crate::ai::Seat::Human; 2], prefs.prefs());
    let mut config = config_of(&loaded.record, fallback);
    // The people keep the names the autosave gives them (a game played on from a record).
    storage.name_people(Names::played_on(&loaded.record, config.seats));
    let notice = Notice::Resumed(loaded.game.to_move());
    let course = match args.clock {
        // New clocks for the rest of the game, both full.
        Some(control) => {
            config.clock = Some(control);
            crate::session::Course::default()
        }
        None => loaded.course,
    };
    let mut session = Session::new(config, loaded.game, storage);
    session.course = course;
    session.notice = Some(notice);
    let setup = prefs.setup(front);
    let (session, forced) = ui::play(session, front, setup, from_start)?;
    super::play::after_game(&session, forced, from_start, front)
}

/// The `hijara play` a damaged autosave's moves are offered by: `resume`'s options
/// for the game (its folder, history, threads and clock) and its face.
fn salvage_args(args: &ResumeArgs) -> PlayArgs {
    PlayArgs {
        session: SessionArgs {
            save_dir: args.save_dir.clone(),
            threads: args.threads,
            no_history: args.no_history,
            ..SessionArgs::default()
        },
        clock: args.clock,
        plain: args.plain,
        ..PlayArgs::default()
    }
}
