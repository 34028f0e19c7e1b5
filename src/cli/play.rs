//! `hijara play` (and `hijara` alone): the full-screen game.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};

use crate::ai::Seat;
use crate::record::GameResult;
use crate::record::store::Autosave;
use crate::rules::Player;
use crate::ui::storage::{LoadedRecord, config_of, parse_record, shown};
use crate::ui::{self, App, GameConfig, Storage};

use super::{PlayArgs, SessionArgs};

/// The game set-up the options ask for: `--ai LEVEL` is you as Blue against that level.
pub(crate) fn config(args: &PlayArgs) -> GameConfig {
    session_config(seats(args), &args.session)
}

/// The game settings for these seats: the session's thinking time, and its seed or a fresh one.
pub(crate) fn session_config(seats: [Seat; 2], session: &SessionArgs) -> GameConfig {
    GameConfig {
        seats,
        think_ms: session.think_ms,
        seed: session.seed.unwrap_or_else(fresh_seed),
    }
}

fn seats(args: &PlayArgs) -> [Seat; 2] {
    match args.ai {
        Some(level) => [Seat::Human, Seat::from(level)],
        None => [
            args.blue.unwrap_or(Seat::Human),
            args.yellow.unwrap_or(Seat::Human),
        ],
    }
}

/// A new seed each game, so the easy AI's mistakes vary.
pub(crate) fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The settings for a loaded record: its tags, overridden by what the command line gives.
fn loaded_config(args: &PlayArgs, loaded: &LoadedRecord) -> GameConfig {
    let mut config = config_of(&loaded.record, config(args));
    if args.ai.is_some() {
        config.seats = seats(args);
    }
    if let Some(seat) = args.blue {
        config.seats[0] = seat;
    }
    if let Some(seat) = args.yellow {
        config.seats[1] = seat;
    }
    if args.session.think_ms.is_some() {
        config.think_ms = args.session.think_ms;
    }
    if let Some(seed) = args.session.seed {
        config.seed = seed;
    }
    config
}

/// Reads and checks a record file before the screen changes: a missing file, bad
/// syntax or an illegal move is an error naming the file, line, column, move and square.
pub(crate) fn read_record(path: &Path) -> anyhow::Result<LoadedRecord> {
    let name = path.display().to_string();
    let text = super::score::read_text(path, &name)?;
    parse_record(&text).with_context(|| name.clone())
}

/// `Blue 35, Yellow 20` for a game.
pub(crate) fn totals(game: &crate::rules::Game) -> String {
    format!(
        "{} {}, {} {}",
        Player::Blue,
        game.score(Player::Blue),
        Player::Yellow,
        game.score(Player::Yellow)
    )
}

/// The folder `s` saves into: `--save-dir`, or the current folder.
pub(crate) fn storage(save_dir: Option<&PathBuf>) -> anyhow::Result<Storage> {
    let dir = save_dir.cloned().unwrap_or_default();
    if !dir.as_os_str().is_empty() && !dir.is_dir() {
        bail!("--save-dir {}: no such folder", dir.display());
    }
    Ok(Storage::new(dir, Autosave::in_data_dir()))
}

/// The autosaved game, if there is one still to finish. An unreadable autosave is
/// reported by the message returned instead, and left on disk.
fn unfinished_autosave(autosave: &Autosave) -> Result<Option<LoadedRecord>, String> {
    let unreadable = |error: String| {
        format!(
            "The autosave {} is unreadable ({error}); it is replaced after your first move",
            shown(autosave.path())
        )
    };
    let Some(text) = autosave.load().map_err(|e| unreadable(e.to_string()))? else {
        return Ok(None);
    };
    let loaded = parse_record(&text).map_err(|e| unreadable(e.to_string()))?;
    Ok((!loaded.game.is_empty() && !loaded.game.is_over()).then_some(loaded))
}

/// Runs `app` full-screen, then says on the normal screen whether the game was kept.
pub(crate) fn run_game(app: App, storage: &mut Storage) -> anyhow::Result<()> {
    let app = app.with_autosave(storage.autosave().is_some());
    let app = ui::play_app(app, storage)?;
    farewell(&app, storage);
    Ok(())
}

/// Says on the normal screen, after a game, whether it was kept for `hijara resume`.
pub(crate) fn farewell(app: &App, storage: &Storage) {
    if app.in_progress()
        && let Some(autosave) = storage.autosave()
    {
        println!(
            "The game is kept ({}, {}): `hijara resume` continues it. Autosave: {}",
            crate::ui::app::moves_count(app.game().len()),
            totals(app.game()),
            shown(autosave.path())
        );
    }
}

pub(crate) fn run(args: PlayArgs) -> anyhow::Result<()> {
    if let Some(threads) = args.session.threads {
        crate::ai::set_default_threads(threads.into());
    }
    let mut storage = storage(args.session.save_dir.as_ref())?;
    let app = match &args.load {
        Some(path) => {
            let loaded = read_record(path)?;
            if loaded.game.is_over() {
                bail!(
                    "{}: the game is over ({}, {}); `hijara replay {}` shows it move by move",
                    path.display(),
                    GameResult::of(&loaded.game).describe(),
                    totals(&loaded.game),
                    path.display()
                );
            }
            storage = storage.with_date(loaded.record.tag("Date"));
            let text = format!(
                "Loaded {}: {}, {} to move",
                path.display(),
                crate::ui::app::moves_count(loaded.game.len()),
                loaded.game.to_move()
            );
            let mut app = App::with_game(loaded_config(&args, &loaded), loaded.game);
            app.set_message(ui::app::MessageKind::Info, text);
            app
        }
        None => {
            let mut app = App::new(config(&args));
            if let Some(autosave) = storage.autosave().cloned() {
                match unfinished_autosave(&autosave) {
                    Ok(Some(loaded)) => {
                        let config = config_of(&loaded.record, config(&args));
                        // A new game instead is dated at its first move.
                        storage = storage.with_date(loaded.record.tag("Date"));
                        app = app.offer_resume(config, loaded.game);
                    }
                    Ok(None) => {}
                    Err(message) => app.set_message(ui::app::MessageKind::Error, message),
                }
            }
            app
        }
    };
    run_game(app, &mut storage)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn short_form_is_human_blue_against_the_ai() {
        let args = PlayArgs {
            ai: Some(Level::Hard),
            session: SessionArgs {
                seed: Some(7),
                ..SessionArgs::default()
            },
            ..PlayArgs::default()
        };
        let config = config(&args);
        assert_eq!(config.seats, [Seat::Human, Seat::Hard]);
        assert_eq!(config.seed, 7);
    }

    #[test]
    fn default_is_hot_seat() {
        let config = config(&PlayArgs::default());
        assert_eq!(config.seats, [Seat::Human, Seat::Human]);
    }

    #[test]
    fn the_command_line_overrides_a_loaded_record() {
        let loaded = parse_record("[Blue \"hard\"]\n[Yellow \"Bob\"]\n[Seed \"5\"]\nb2\n").unwrap();
        let config = loaded_config(&PlayArgs::default(), &loaded);
        assert_eq!(config.seats, [Seat::Hard, Seat::Human]);
        assert_eq!(config.seed, 5);
        let args = PlayArgs {
            yellow: Some(Seat::Easy),
            session: SessionArgs {
                seed: Some(8),
                ..SessionArgs::default()
            },
            ..PlayArgs::default()
        };
        let config = loaded_config(&args, &loaded);
        assert_eq!(config.seats, [Seat::Hard, Seat::Easy]);
        assert_eq!(config.seed, 8);
    }
}
