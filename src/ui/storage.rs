//! Saving games: the `s` key's records, the autosave after every move, and the
//! record tags that let a saved game come back exactly (seats, thinking time, seed).
//!
//! The I/O is here, outside the pure [`App`]: the event loop calls [`Storage`]
//! when the app asks for a save or the game changes.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::ai::Seat;
use crate::record::store::{self, Autosave};
use crate::record::{Record, RecordError};
use crate::rules::{Game, Player};

use super::app::{App, GameConfig, MessageKind};

/// Tag with the AI's thinking time per move, when one was set.
pub const THINK_MS_TAG: &str = "ThinkMs";
/// Tag with the seed of the AI's random choices.
pub const SEED_TAG: &str = "Seed";

/// The tag naming who plays `player`: `Blue` or `Yellow`.
pub fn seat_tag(player: Player) -> &'static str {
    match player {
        Player::Blue => "Blue",
        Player::Yellow => "Yellow",
    }
}

/// The name a seat has in records and on the command line: `human`, `hard`, …
pub fn seat_token(seat: Seat) -> String {
    seat.to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// The seat a tag value names (`human`, `hard`, any case), if it names one.
pub fn parse_seat(value: &str) -> Option<Seat> {
    Seat::from_str(value.trim(), true).ok()
}

/// The record of `game` played with `config`, dated `date` (`YYYY-MM-DD`).
pub fn record_of(config: &GameConfig, game: &Game, date: &str) -> Record {
    let mut tags = vec![
        (seat_tag(Player::Blue), seat_token(config.seats[0])),
        (seat_tag(Player::Yellow), seat_token(config.seats[1])),
        ("Date", date.to_owned()),
    ];
    if let Some(ms) = config.think_ms {
        tags.push((THINK_MS_TAG, ms.to_string()));
    }
    tags.push((SEED_TAG, config.seed.to_string()));
    // Every name above is a valid tag name; `from_game` adds the Result tag.
    Record::from_game(game, tags).unwrap_or_default()
}

/// The settings a record's tags give, where they give them; `fallback` for the rest.
/// A player tag that is not a seat name (a person's name) is a human seat.
pub fn config_of(record: &Record, fallback: GameConfig) -> GameConfig {
    let seat = |player: Player| match record.tag(seat_tag(player)) {
        Some(value) => parse_seat(value).unwrap_or(Seat::Human),
        None => fallback.seat(player),
    };
    GameConfig {
        seats: [seat(Player::Blue), seat(Player::Yellow)],
        think_ms: record
            .tag(THINK_MS_TAG)
            .and_then(|v| v.trim().parse().ok())
            .or(fallback.think_ms),
        seed: record
            .tag(SEED_TAG)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(fallback.seed),
    }
}

/// Today's local date as `YYYY-MM-DD`, for the `Date` tag.
pub fn today() -> String {
    chrono::Local::now().format("%Y-%m-%d").to_string()
}

/// A record read from a file or the autosave, checked, with its game played out.
#[derive(Debug, Clone)]
pub struct LoadedRecord {
    /// The record as written.
    pub record: Record,
    /// Its moves played by the rules.
    pub game: Game,
}

/// Parses and checks a record's text. Errors name the line, column, move and square.
pub fn parse_record(text: &str) -> Result<LoadedRecord, RecordError> {
    let record: Record = text.parse()?;
    let game = record.to_game()?;
    Ok(LoadedRecord { record, game })
}

/// Where a session's games go: the `s` key's folder and the autosave.
#[derive(Debug, Clone)]
pub struct Storage {
    save_dir: PathBuf,
    autosave: Option<Autosave>,
    /// The `Date` tag of the game: the day it started, kept across resumes.
    date: String,
    /// The file `s` last wrote for this game; later saves rewrite it.
    saved_to: Option<PathBuf>,
    /// The last autosave error, shown once rather than after every move.
    autosave_failed: bool,
    /// This session's game is the one in the autosave, or an earlier unfinished
    /// game found there has been kept aside: the autosave may be rewritten.
    owns_autosave: bool,
}

impl Storage {
    /// Saves into `save_dir` (`""` for the current folder) and autosaves to `autosave`.
    pub fn new(save_dir: PathBuf, autosave: Option<Autosave>) -> Storage {
        Storage {
            save_dir,
            autosave,
            date: today(),
            saved_to: None,
            autosave_failed: false,
            owns_autosave: false,
        }
    }

    /// Says that this session continues the autosaved game (`hijara resume`), so
    /// rewriting the autosave loses nothing.
    pub fn continuing_autosave(mut self) -> Storage {
        self.owns_autosave = true;
        self
    }

    /// Keeps the `Date` of a game started earlier (a resumed or loaded record).
    pub fn with_date(mut self, date: Option<&str>) -> Storage {
        if let Some(date) = date.filter(|d| !d.trim().is_empty()) {
            self.date = date.to_owned();
        }
        self
    }

    /// The autosave, if there is one.
    pub fn autosave(&self) -> Option<&Autosave> {
        self.autosave.as_ref()
    }

    /// The record of the app's game as it stands.
    pub fn record(&self, app: &App) -> Record {
        record_of(app.config(), app.game(), &self.date)
    }

    /// Writes the app's game to a record file (the `s` key) and returns its path.
    /// The first save of a game picks a new `hijara-YYYYMMDD-HHMMSS.hij`; later ones rewrite it.
    pub fn save(&mut self, app: &App) -> std::io::Result<PathBuf> {
        let path = match &self.saved_to {
            Some(path) => path.clone(),
            None => store::new_save_path(&self.save_dir),
        };
        store::write_atomic(&path, self.record(app).to_string().as_bytes())?;
        self.saved_to = Some(path.clone());
        Ok(path)
    }

    /// After a change to the game: rewrites the autosave, or clears it once the game
    /// is over or back to no moves. Returns a message to show: an error (once per
    /// failure run), or where an earlier unfinished game was kept aside.
    pub fn after_change(&mut self, app: &App) -> Option<(MessageKind, String)> {
        let game = app.game();
        if game.is_empty() {
            // A new game: the next `s` picks a new file.
            self.saved_to = None;
        }
        if game.len() <= 1 {
            // A game's first move dates it (a resumed game keeps its own date).
            self.date = today();
        }
        let autosave = self.autosave.clone()?;
        let mut notice = None;
        if !self.owns_autosave && !app.resumed_autosave() {
            // Another unfinished game sits in the autosave (the player chose a new
            // game, a loaded record or a replay): keep it aside, never overwrite it.
            match keep_aside(&autosave) {
                Ok(Some(path)) => {
                    let text = format!("The earlier unfinished game was kept as {}", shown(&path));
                    notice = Some((MessageKind::Info, text));
                }
                Ok(None) => {}
                Err(error) => {
                    let text = format!(
                        "Autosave off: the earlier unfinished game in {} could not be kept aside ({error})",
                        shown(autosave.path())
                    );
                    self.autosave = None;
                    return Some((MessageKind::Error, text));
                }
            }
            self.owns_autosave = true;
        }
        let result = if game.is_empty() || game.is_over() {
            autosave.clear()
        } else {
            autosave.save(&self.record(app).to_string())
        };
        match result {
            Ok(()) => {
                self.autosave_failed = false;
                notice
            }
            Err(_) if self.autosave_failed => notice,
            Err(error) => {
                self.autosave_failed = true;
                Some((
                    MessageKind::Error,
                    format!(
                        "Autosave failed ({}): {error}; s saves by hand",
                        autosave.path().display()
                    ),
                ))
            }
        }
    }
}

/// Renames an autosave that holds an unfinished game to a new
/// `hijara-YYYYMMDD-HHMMSS.hij` beside it, and returns where it went. An empty,
/// finished or unreadable autosave is left to be overwritten.
fn keep_aside(autosave: &Autosave) -> std::io::Result<Option<PathBuf>> {
    let Some(text) = autosave.load()? else {
        return Ok(None);
    };
    let unfinished = parse_record(&text).is_ok_and(|l| !l.game.is_empty() && !l.game.is_over());
    if !unfinished {
        return Ok(None);
    }
    let dir = autosave.path().parent().unwrap_or(Path::new("."));
    let path = store::new_save_path(dir);
    std::fs::rename(autosave.path(), &path)?;
    Ok(Some(path))
}

/// `path` as shown to the player.
pub fn shown(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn seats_and_settings_survive_a_record() {
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            think_ms: Some(250),
            seed: 42,
        };
        let game = Game::from_moves([sq("b2"), sq("c3")]).unwrap();
        let text = record_of(&config, &game, "2026-11-30").to_string();
        assert!(text.contains("[Blue \"human\"]"), "{text}");
        assert!(text.contains("[Yellow \"hard\"]"), "{text}");
        assert!(text.contains("[Date \"2026-11-30\"]"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        let loaded = parse_record(&text).unwrap();
        assert_eq!(loaded.game.placements(), game.placements());
        assert_eq!(config_of(&loaded.record, GameConfig::default()), config);
    }

    #[test]
    fn names_that_are_not_seats_are_people() {
        let record: Record = "[Blue \"Ann\"]\n[Yellow \"MEDIUM\"]\nb2\n".parse().unwrap();
        let fallback = GameConfig {
            seats: [Seat::Easy, Seat::Easy],
            think_ms: None,
            seed: 9,
        };
        let config = config_of(&record, fallback);
        assert_eq!(config.seats, [Seat::Human, Seat::Medium]);
        assert_eq!(config.seed, 9);
    }

    #[test]
    fn a_save_into_a_bad_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let mut storage = Storage::new(dir.path().to_path_buf(), None);
        let app = App::with_game(GameConfig::default(), Game::from_moves([sq("a1")]).unwrap());
        let path = storage.save(&app).unwrap();
        let before = std::fs::read_to_string(&path).unwrap();
        // A save folder that is a plain file: the write must fail (even for root, unlike
        // a read-only folder), be reported, and leave the file alone.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "not a folder").unwrap();
        let mut storage = Storage::new(blocked.clone(), None);
        assert!(storage.save(&app).is_err());
        assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "not a folder");
        assert!(before.contains("1. a1"), "{before}");
    }

    #[test]
    fn autosave_follows_the_game_and_clears_when_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let game = Game::from_moves([sq("a1"), sq("b1")]).unwrap();
        let app = App::with_game(GameConfig::default(), game.clone());
        assert_eq!(storage.after_change(&app), None);
        let saved = parse_record(&autosave.load().unwrap().unwrap()).unwrap();
        assert_eq!(saved.game.placements(), game.placements());
        let mut full = game;
        while let Some(mv) = full.position().legal_moves().next() {
            full.play(mv).unwrap();
        }
        let app = App::with_game(GameConfig::default(), full);
        assert_eq!(storage.after_change(&app), None);
        assert_eq!(autosave.load().unwrap(), None);
    }

    #[test]
    fn another_unfinished_autosave_is_kept_aside_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let earlier = Game::from_moves([sq("c3"), sq("c3"), sq("d4")]).unwrap();
        let earlier_text = record_of(&GameConfig::default(), &earlier, "2026-11-29").to_string();
        autosave.save(&earlier_text).unwrap();

        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let app = App::with_game(GameConfig::default(), Game::from_moves([sq("a1")]).unwrap());
        let (kind, text) = storage.after_change(&app).unwrap();
        assert_eq!(kind, MessageKind::Info);
        let kept = text
            .strip_prefix("The earlier unfinished game was kept as ")
            .unwrap();
        assert_eq!(std::fs::read_to_string(kept).unwrap(), earlier_text);
        let now = parse_record(&autosave.load().unwrap().unwrap()).unwrap();
        assert_eq!(now.game.len(), 1);
        // Once kept aside, later moves just rewrite the autosave.
        assert_eq!(storage.after_change(&app), None);

        // Continuing the autosaved game itself rewrites it in place.
        let mut resumed =
            Storage::new(dir.path().to_path_buf(), Some(autosave.clone())).continuing_autosave();
        assert_eq!(resumed.after_change(&app), None);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
