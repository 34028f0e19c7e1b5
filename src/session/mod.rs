//! A game session, below both the full-screen UI and the command line: how a game is
//! set up ([`GameConfig`]), how a record maps to and from that set-up, and the files a
//! session writes (saves, the autosave, the data folder).
//!
//! Nothing here draws or reads keys; `ui` and `cli` both build on it.

mod config;
mod disk;
mod history;
mod record;
mod storage;
mod store;

pub use config::{GameConfig, fresh_seed};
pub use disk::{MAX_RECORD_BYTES, read_regular};
pub use history::{
    Entry, GAMES_DIR, History, Listed, Tally, Unreadable, archive, files_newest_first, games_dir,
};
pub use record::{
    LoadedRecord, SEED_TAG, THINK_MS_TAG, check_writable, config_of, parse_record, parse_seat,
    read_record, read_text, record_of, salvage, seat_tag, seat_token, today, write_record_file,
};
pub use storage::{Damaged, Kept, Notice, Storage, open_save_dir, shown, unfinished_autosave};
pub use store::{AUTOSAVE_FILE, Autosave, DATA_DIR_ENV, data_dir};

use crate::rules::Game;

/// Everything a full-screen game starts from: the set-up, the game (new, loaded or
/// resumed), a first message, an autosaved game to offer, and where it is saved.
#[derive(Debug)]
pub struct Session {
    /// Who plays and how the AI thinks.
    pub config: GameConfig,
    /// The game on the board at the start.
    pub game: Game,
    /// A message for the status line at the start.
    pub notice: Option<Notice>,
    /// An autosaved game (with its set-up) to offer instead, asked at once.
    pub resume_offer: Option<(GameConfig, Game)>,
    /// Where `s` saves and the autosave goes.
    pub storage: Storage,
}

impl Session {
    /// A session playing `game` with `config`, saved through `storage`.
    pub fn new(config: GameConfig, game: Game, storage: Storage) -> Session {
        Session {
            config,
            game,
            notice: None,
            resume_offer: None,
            storage,
        }
    }

    /// The line to print on the normal screen after a game left in progress: where
    /// it is kept, or plainly that it is not on disk. Never claims a save that failed.
    pub fn farewell(&self) -> Option<String> {
        if self.game.is_empty() || self.game.is_over() {
            return None;
        }
        Some(match self.storage.kept(&self.config, &self.game) {
            Kept::Autosave(path) => crate::strings::farewell(&self.game, &shown(&path)),
            Kept::Saved(path) => crate::strings::farewell_saved(&self.game, &shown(&path)),
            Kept::Nowhere => crate::strings::farewell_lost(&self.game),
        })
    }
}
