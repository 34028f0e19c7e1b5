//! `hijara replay FILE`: the record in the viewer, and playing on from any move.

use crate::session::read_record;
use crate::ui;

use super::{ReplayArgs, storage};

pub(crate) fn run(args: &ReplayArgs) -> anyhow::Result<()> {
    // Every check happens here, before the screen switches to full-screen mode.
    let loaded = read_record(&args.file)?;
    let storage = storage(args.session.save_dir.as_ref())?;
    let name = args.file.file_name().map_or_else(
        || args.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let config = args.session.config([args.blue, args.yellow]);
    if let Some(session) = ui::replay(name, loaded, config, storage)?
        && let Some(line) = session.farewell()
    {
        println!("{line}");
    }
    Ok(())
}
