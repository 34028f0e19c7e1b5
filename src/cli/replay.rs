//! `hijara replay FILE|N|--last`: a record in the viewer, and playing on from any move.

use std::path::PathBuf;

use anyhow::{Context, bail};

use crate::session::{History, data_dir, data_folder_problem, games_dir, read_record};
use crate::text::display_path;
use crate::ui;

use super::config::RunPrefs;
use super::play::Left;
use super::{ReplayArgs, ReplayTarget, storage};

/// The history folder, or an error saying why there is none.
pub(crate) fn history_folder() -> anyhow::Result<PathBuf> {
    let data = data_dir()
        .context("no data folder for the game history (set HIJARA_DATA_DIR or XDG_DATA_HOME)")?;
    // Said of the data folder itself: listing its `games/` said "Not a directory".
    if let Some(problem) = data_folder_problem(&data) {
        bail!("cannot read the game history: {problem}");
    }
    Ok(games_dir(&data))
}

/// A folder of records named by hand (`--dir`), checked: the history may not exist
/// yet (no game finished), but a folder named by hand must (a typo is not an empty
/// history), and be a folder. `games`, `replay`, `score` and `analyze` alike.
pub(crate) fn named_folder(dir: &std::path::Path) -> anyhow::Result<std::path::PathBuf> {
    let meta = std::fs::metadata(dir)
        .with_context(|| format!("cannot read the folder {}", display_path(dir)))?;
    if !meta.is_dir() {
        anyhow::bail!(crate::strings::games::not_a_folder(&display_path(dir)));
    }
    Ok(dir.to_path_buf())
}

/// Game `n` (1 = newest) of the history, or of the folder `dir` (`--dir`, numbered
/// as `hijara games --dir DIR` lists it), with clear errors for an empty folder or a
/// number past its end (`typed`, the number as given: ASCII digits).
pub(crate) fn history_game(
    n: usize,
    typed: &str,
    dir: Option<&std::path::Path>,
) -> anyhow::Result<PathBuf> {
    let folder = match dir {
        Some(dir) => named_folder(dir)?,
        None => history_folder()?,
    };
    let shown = display_path(&folder);
    // The list's order (by the records' dates too), so N is the game `games` numbers N.
    let history = History::read(&folder).with_context(|| match dir {
        Some(_) => format!("cannot read the folder {shown}"),
        None => format!("cannot read the game history {shown}"),
    })?;
    if history.is_empty() {
        match dir {
            Some(_) => bail!("no records in {shown}"),
            None => bail!("no games in the history yet ({shown}): finished games are kept there"),
        }
    }
    let holds = match history.listed.len() {
        1 => "1 game".to_owned(),
        k => format!("{k} games"),
    };
    let number = typed.trim_start_matches('0');
    match (history.path(n), dir) {
        (Some(path), _) => Ok(path),
        // The folder in the command to type where a shell takes it as it is (qa45:
        // `hijara games --dir` alone, which clap refuses for its missing DIR).
        (None, Some(_)) => {
            let dir = if shell_plain(&shown) {
                shown.as_str()
            } else {
                "DIR"
            };
            bail!(
                "no game {number} in {shown}: it holds {holds} (`hijara games --dir {dir}` lists them)"
            )
        }
        (None, None) => {
            bail!("no game {number} in the history: it holds {holds} (`hijara games` lists them)")
        }
    }
}

/// Whether a shell reads `text` as one word, as it is: no space, quote or other
/// character a shell gives a meaning to.
fn shell_plain(text: &str) -> bool {
    !text.is_empty()
        && text.chars().all(|c| {
            c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '+' | ',' | ':' | '@')
        })
}

/// The record a `FILE|N` argument names: the file, or game N of the history (of
/// `dir`, `--dir`'s folder, when given); with none (`--last`; clap's group asks for
/// exactly one), the newest game. The one resolver of `replay`, `score` and `analyze`.
pub(crate) fn record_path(
    target: Option<&ReplayTarget>,
    dir: Option<&std::path::Path>,
) -> anyhow::Result<PathBuf> {
    match target {
        Some(ReplayTarget::File(path)) => match dir {
            // A file is read where it is: a folder beside it would be ignored.
            Some(_) => bail!(
                "--dir picks game N of a folder (or --last), not a file: {}",
                display_path(path)
            ),
            None => Ok(path.clone()),
        },
        Some(ReplayTarget::Number(n, typed)) => {
            // A file named as the number was typed, here, is not what N reads: say
            // so, whether the history has game N (a script scored that game instead,
            // silently) or not (the error alone sent it to the history).
            // `typed` is ASCII digits only (`replay_target`): safe to print.
            let named = std::path::Path::new(typed).exists();
            match history_game(*n, typed, dir) {
                Ok(path) => {
                    if named {
                        super::out::note(format_args!(
                            "hijara: {typed} is game {n} of the history (`hijara games`); {}",
                            file_is(typed)
                        ));
                    }
                    Ok(path)
                }
                Err(error) if named => Err(anyhow::anyhow!("{error:#} ({})", file_is(typed))),
                Err(error) => Err(error),
            }
        }
        None => history_game(1, "1", dir),
    }
}

/// Where the file named as the number `typed` is read from.
fn file_is(typed: &str) -> String {
    format!("the file named {typed} is ./{typed}")
}

pub(crate) fn run(args: &ReplayArgs, prefs: &RunPrefs) -> anyhow::Result<()> {
    let plain = args.plain.plain || prefs.prefs().plain;
    run_on(args, prefs, &mut ui::Frontend::choose(plain)?, false).map(|_| ())
}

/// The record in the viewer, on `front` (the start screen's, when it opened the door:
/// then `from_start`, and `q` goes back to it, from a game played on too).
pub(crate) fn run_on(
    args: &ReplayArgs,
    prefs: &RunPrefs,
    front: &mut ui::Frontend,
    from_start: bool,
) -> anyhow::Result<Left> {
    // Every check happens here, before the screen switches to full-screen mode.
    let path = record_path(args.game.as_ref(), args.dir.as_deref())?;
    let loaded = read_record(&path)?;
    // Said before the screen (never over the start screen's): the viewer shows no
    // date for a Date that is none.
    if let (Err(why), false) = (loaded.record.date(), from_start) {
        let file = crate::session::input_name(&path);
        super::out::note(crate::strings::reports::date_not_known(
            &file,
            &why.to_string(),
        ));
    }
    let save_dir = args.session.save_dir.as_ref();
    let storage = storage(
        save_dir.or(prefs.prefs().save_dir.as_ref()),
        args.session.no_history,
    )?;
    let name = path.file_name().map_or_else(
        || display_path(&path),
        |n| crate::text::sanitize(&n.to_string_lossy()).into_owned(),
    );
    let config = args.session.config([args.blue, args.yellow], prefs.prefs());
    let setup = prefs.setup(front);
    let (session, forced) = ui::replay(name, loaded, config, storage, front, setup, from_start)?;
    match session {
        // A game played on from the viewer ends as any game does.
        Some(session) => super::play::after_game(&session, forced, from_start, front),
        // The viewer alone leaves nothing behind to say.
        None if from_start && !forced => Ok(Left::Back(None)),
        None => {
            front.restore_terminal();
            Ok(Left::Out)
        }
    }
}
