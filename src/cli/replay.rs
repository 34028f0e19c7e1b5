//! `hijara replay FILE`: the record in the viewer, and playing on from any move.

use crate::ui::{self, App, ReplayState};

use super::ReplayArgs;
use super::play::{farewell, read_record, session_config, storage};

pub(crate) fn run(args: &ReplayArgs) -> anyhow::Result<()> {
    if let Some(threads) = args.session.threads {
        crate::ai::set_default_threads(threads.into());
    }
    // Every check happens here, before the screen switches to full-screen mode.
    let loaded = read_record(&args.file)?;
    let mut storage = storage(args.session.save_dir.as_ref())?;
    let name = args.file.file_name().map_or_else(
        || args.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let state = ReplayState::new(name, &loaded.record, loaded.game);
    let config = session_config([args.blue, args.yellow], &args.session);
    let autosaved = storage.autosave().is_some();
    let played = ui::replay(
        state,
        |game| App::with_game(config, game).with_autosave(autosaved),
        &mut storage,
    )?;
    if let Some(app) = played {
        farewell(&app, &storage);
    }
    Ok(())
}
