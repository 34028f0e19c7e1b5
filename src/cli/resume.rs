//! `hijara resume`: the game autosaved when it was left, back exactly (moves, seats, settings).

use anyhow::{Context, anyhow, bail};

use crate::record::store::Autosave;
use crate::ui::App;
use crate::ui::storage::{config_of, parse_record, shown};

use super::ResumeArgs;
use super::play::{config, run_game, storage};

pub(crate) fn run(args: &ResumeArgs) -> anyhow::Result<()> {
    let autosave = Autosave::in_data_dir()
        .context("no data folder to look for an autosave in (set XDG_DATA_HOME)")?;
    let path = shown(autosave.path());
    let text = autosave
        .load()
        .with_context(|| format!("cannot read the autosave {path}"))?
        .ok_or_else(|| anyhow!("no game to resume: there is no autosave ({path})"))?;
    let loaded = parse_record(&text).with_context(|| format!("the autosave {path}"))?;
    if loaded.game.is_empty() || loaded.game.is_over() {
        bail!("no game to resume: the autosave {path} holds no unfinished game");
    }
    let mut storage = storage(args.save_dir.as_ref())?
        .with_date(loaded.record.tag("Date"))
        .continuing_autosave();
    let config = config_of(&loaded.record, config(&super::PlayArgs::default()));
    let mut app = App::with_game(config, loaded.game);
    app.set_message(
        crate::ui::app::MessageKind::Info,
        format!("Resumed: {} to move", app.game().to_move()),
    );
    run_game(app, &mut storage)
}
