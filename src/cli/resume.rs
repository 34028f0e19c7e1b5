//! `hijara resume`: the game autosaved when it was left, back exactly (moves, seats, settings).

use anyhow::{Context, anyhow, bail};

use crate::session::{Autosave, Notice, Session, config_of, parse_record, shown};
use crate::strings::message;
use crate::ui;

use super::{ResumeArgs, SessionArgs, storage};

pub(crate) fn run(args: &ResumeArgs) -> anyhow::Result<()> {
    let autosave = Autosave::in_data_dir()
        .context("no data folder to look for an autosave in (set XDG_DATA_HOME)")?;
    let path = shown(autosave.path());
    let text = autosave
        .load()
        .with_context(|| format!("cannot read the autosave {path}"))?
        .ok_or_else(|| anyhow!("no game to resume: there is no autosave ({path})"))?;
    let loaded = parse_record(&text).with_context(|| format!("the autosave {path}"))?;
    if !loaded.game.in_progress() {
        bail!("no game to resume: the autosave {path} holds no unfinished game");
    }
    let storage = storage(args.save_dir.as_ref(), args.no_history)?
        .with_date(loaded.record.tag("Date"))
        .continuing_autosave();
    let fallback = SessionArgs {
        threads: args.threads,
        ..SessionArgs::default()
    }
    .config([crate::ai::Seat::Human; 2]);
    let config = config_of(&loaded.record, fallback);
    let notice = Notice::Info(message::resumed(loaded.game.to_move()));
    let mut session = Session::new(config, loaded.game, storage);
    session.notice = Some(notice);
    let session = ui::play(session)?;
    if let Some(line) = session.farewell() {
        println!("{line}");
    }
    Ok(())
}
