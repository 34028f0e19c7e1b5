//! The files a session writes: the `s` key's records, the autosave after every
//! change, and the save folder. The UI's event loop calls [`Storage`] when the game
//! asks for a save or changes; nothing here knows about the screen.

use std::path::{Path, PathBuf};

use anyhow::bail;

use crate::rules::Game;
use crate::strings::message;

use super::files::{self, Autosave};
use super::history;
use super::{GameConfig, LoadedRecord, parse_record, record_of, today};

/// A line for the status line, from the storage: information or a failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Plain information (where a file went).
    Info(String),
    /// Something failed (a save, the autosave).
    Error(String),
}

/// The folder `s` saves into: `dir`, created with its parents when missing, or the
/// current folder for `None`. A path that exists and is not a folder is an error.
pub fn open_save_dir(dir: Option<&Path>) -> anyhow::Result<PathBuf> {
    let Some(dir) = dir.filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(PathBuf::new());
    };
    if dir.exists() && !dir.is_dir() {
        bail!("--save-dir {}: not a folder", dir.display());
    }
    if let Err(error) = std::fs::create_dir_all(dir) {
        bail!(
            "--save-dir {}: cannot create the folder ({error})",
            dir.display()
        );
    }
    Ok(dir.to_path_buf())
}

/// The autosaved game, if there is one still to finish. An unreadable autosave is
/// reported by the message returned instead, and left on disk.
pub fn unfinished_autosave(autosave: &Autosave) -> Result<Option<LoadedRecord>, String> {
    let unreadable = |error: String| message::autosave_unreadable(&shown(autosave.path()), &error);
    let Some(text) = autosave.load().map_err(|e| unreadable(e.to_string()))? else {
        return Ok(None);
    };
    let loaded = parse_record(&text).map_err(|e| unreadable(e.to_string()))?;
    Ok(loaded.game.in_progress().then_some(loaded))
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
    /// The game history's folder, where finished games are kept; `None` keeps none.
    history: Option<PathBuf>,
    /// The last game kept in the history (its record without the date), so undoing
    /// and redoing back to the same end does not keep it twice.
    archived: Option<String>,
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
            history: None,
            archived: None,
        }
    }

    /// Keeps every finished game in the history folder `dir` (`None`: keeps none).
    pub fn with_history(mut self, dir: Option<PathBuf>) -> Storage {
        self.history = dir;
        self
    }

    /// The history folder finished games go to, if any.
    pub fn history(&self) -> Option<&Path> {
        self.history.as_deref()
    }

    /// Says that this session continues the autosaved game (`hijara resume`, or the
    /// start-up question answered yes), so rewriting the autosave loses nothing.
    pub fn continuing_autosave(mut self) -> Storage {
        self.owns_autosave = true;
        self
    }

    /// The same as [`Storage::continuing_autosave`], on a storage in use.
    pub fn take_over_autosave(&mut self) {
        self.owns_autosave = true;
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

    /// Writes the game to a record file (the `s` key) and returns its path. The first
    /// save of a game picks a new `hijara-YYYYMMDD-HHMMSS.hij`; later ones rewrite it.
    pub fn save(&mut self, config: &GameConfig, game: &Game) -> std::io::Result<PathBuf> {
        let path = match &self.saved_to {
            Some(path) => path.clone(),
            None => files::new_save_path(&self.save_dir),
        };
        let text = record_of(config, game, &self.date).to_string();
        files::write_atomic(&path, text.as_bytes())?;
        self.saved_to = Some(path.clone());
        Ok(path)
    }

    /// [`Storage::save`] as a notice for the status line.
    pub fn save_notice(&mut self, config: &GameConfig, game: &Game) -> Notice {
        match self.save(config, game) {
            Ok(path) => Notice::Info(message::saved(&shown(&path))),
            Err(error) => Notice::Error(message::not_saved(&error.to_string())),
        }
    }

    /// After a change to the game: rewrites the autosave, or clears it once the game
    /// is over or back to no moves. Returns a notice to show: an error (once per
    /// failure run), or where an earlier unfinished game was kept aside.
    pub fn after_change(&mut self, config: &GameConfig, game: &Game) -> Option<Notice> {
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
        if !self.owns_autosave {
            // Another unfinished game sits in the autosave (the player chose a new
            // game, a loaded record or a replay): keep it aside, never overwrite it.
            match keep_aside(&autosave) {
                Ok(Some(path)) => notice = Some(Notice::Info(message::kept_aside(&shown(&path)))),
                Ok(None) => {}
                Err(error) => {
                    let text = message::autosave_off(&shown(autosave.path()), &error.to_string());
                    self.autosave = None;
                    return Some(Notice::Error(text));
                }
            }
            self.owns_autosave = true;
        }
        let result = if game.in_progress() {
            autosave.save(&record_of(config, game, &self.date).to_string())
        } else {
            autosave.clear()
        };
        match result {
            Ok(()) => {
                self.autosave_failed = false;
                notice
            }
            Err(_) if self.autosave_failed => notice,
            Err(error) => {
                self.autosave_failed = true;
                Some(Notice::Error(message::autosave_failed(
                    &autosave.path().display().to_string(),
                    &error.to_string(),
                )))
            }
        }
    }
}

impl Storage {
    /// After a game ended: writes it to the history folder under a new
    /// `hijara-YYYYMMDD-HHMMSS.hij`, once per game. Returns a notice saying where it
    /// went (or why it could not be kept); `None` when there is nothing to do (no
    /// history, a game not over, or the game kept last time).
    pub fn archive(&mut self, config: &GameConfig, game: &Game) -> Option<Notice> {
        let dir = self.history.clone()?;
        if !game.is_over() {
            return None;
        }
        // Seats, settings, variant, moves and claims: the same text is the same game.
        let identity = record_of(config, game, "").to_string();
        if self.archived.as_ref() == Some(&identity) {
            return None;
        }
        let text = record_of(config, game, &self.date).to_string();
        match history::archive(&dir, &text) {
            Ok(path) => {
                self.archived = Some(identity);
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                Some(Notice::Info(message::archived(&name)))
            }
            Err(error) => Some(Notice::Error(message::not_archived(
                &shown(&dir),
                &error.to_string(),
            ))),
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
    let unfinished = parse_record(&text).is_ok_and(|l| l.game.in_progress());
    if !unfinished {
        return Ok(None);
    }
    let dir = autosave.path().parent().unwrap_or(Path::new("."));
    let path = files::new_save_path(dir);
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

    fn config() -> GameConfig {
        GameConfig::default()
    }

    #[test]
    fn a_save_into_a_bad_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let mut storage = Storage::new(dir.path().to_path_buf(), None);
        let game = Game::from_moves([Square::A1]).unwrap();
        let path = storage.save(&config(), &game).unwrap();
        let before = std::fs::read_to_string(&path).unwrap();
        // A save folder that is a plain file: the write must fail (even for root, unlike
        // a read-only folder), be reported, and leave the file alone.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "not a folder").unwrap();
        let mut storage = Storage::new(blocked.clone(), None);
        assert!(storage.save(&config(), &game).is_err());
        assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "not a folder");
        assert!(before.contains("1. a1"), "{before}");
    }

    #[test]
    fn the_save_folder_is_created_with_its_parents_but_a_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("new").join("folder");
        assert_eq!(open_save_dir(Some(&nested)).unwrap(), nested);
        assert!(nested.is_dir());
        // An existing folder is fine too.
        assert_eq!(open_save_dir(Some(&nested)).unwrap(), nested);
        let file = dir.path().join("file");
        std::fs::write(&file, "x").unwrap();
        let error = open_save_dir(Some(&file)).unwrap_err().to_string();
        assert!(error.contains("not a folder"), "{error}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
        assert_eq!(open_save_dir(None).unwrap(), PathBuf::new());
    }

    #[test]
    fn autosave_follows_the_game_and_clears_when_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let game = Game::from_moves([Square::A1, Square::B1]).unwrap();
        assert_eq!(storage.after_change(&config(), &game), None);
        let saved = parse_record(&autosave.load().unwrap().unwrap()).unwrap();
        assert_eq!(saved.game.placements(), game.placements());
        let mut full = game;
        while let Some(mv) = full.position().legal_moves().next() {
            full.play(mv).unwrap();
        }
        assert_eq!(storage.after_change(&config(), &full), None);
        assert_eq!(autosave.load().unwrap(), None);
    }

    fn full_game() -> Game {
        let mut game = Game::new();
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn a_finished_game_is_kept_once_in_the_history() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        let mut storage =
            Storage::new(dir.path().to_path_buf(), None).with_history(Some(games.clone()));
        let mut game = full_game();
        let Some(Notice::Info(text)) = storage.archive(&config(), &game) else {
            panic!("expected a notice");
        };
        assert!(text.contains("games/hijara-"), "{text}");
        // Undone and redone back to the same end: not kept again.
        game.undo().unwrap();
        assert_eq!(storage.archive(&config(), &game), None);
        game.redo().unwrap();
        assert_eq!(storage.archive(&config(), &game), None);
        assert_eq!(std::fs::read_dir(&games).unwrap().count(), 1);
        // A different end is a different game.
        let before: Vec<_> = game.moves().collect();
        for _ in 0..8 {
            game.undo().unwrap();
        }
        while let Some(mv) = game.position().legal_moves().last() {
            game.play(mv).unwrap();
        }
        assert_ne!(game.moves().collect::<Vec<_>>(), before);
        assert!(game.is_over());
        assert!(matches!(
            storage.archive(&config(), &game),
            Some(Notice::Info(_))
        ));
        assert_eq!(std::fs::read_dir(&games).unwrap().count(), 2);
    }

    #[test]
    fn no_history_keeps_nothing_and_a_blocked_folder_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let mut storage = Storage::new(dir.path().to_path_buf(), None);
        assert_eq!(storage.archive(&config(), &full_game()), None);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "x").unwrap();
        let mut storage = Storage::new(dir.path().to_path_buf(), None).with_history(Some(blocked));
        assert!(matches!(
            storage.archive(&config(), &full_game()),
            Some(Notice::Error(_))
        ));
    }

    #[test]
    fn another_unfinished_autosave_is_kept_aside_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let earlier = Game::from_moves([Square::C3, Square::C3, Square::D4]).unwrap();
        let earlier_text = record_of(&config(), &earlier, "2026-11-29").to_string();
        autosave.save(&earlier_text).unwrap();

        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let game = Game::from_moves([Square::A1]).unwrap();
        let Some(Notice::Info(text)) = storage.after_change(&config(), &game) else {
            panic!("expected an information notice");
        };
        let kept = text
            .strip_prefix("The earlier unfinished game was kept as ")
            .unwrap();
        assert_eq!(std::fs::read_to_string(kept).unwrap(), earlier_text);
        let now = parse_record(&autosave.load().unwrap().unwrap()).unwrap();
        assert_eq!(now.game.len(), 1);
        // Once kept aside, later moves just rewrite the autosave.
        assert_eq!(storage.after_change(&config(), &game), None);

        // Continuing the autosaved game itself rewrites it in place.
        let mut resumed =
            Storage::new(dir.path().to_path_buf(), Some(autosave.clone())).continuing_autosave();
        assert_eq!(resumed.after_change(&config(), &game), None);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
