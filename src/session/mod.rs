//! A game session, below both the full-screen UI and the command line: how a game is
//! set up ([`GameConfig`]), how a record maps to and from that set-up, and the files a
//! session writes (saves, the autosave, the data folder).
//!
//! - `config`: [`GameConfig`], who plays and how the AI thinks.
//! - `record_io`: a record file to and from a set-up and a game (the seat, time and seed tags).
//! - `files`: the files themselves: atomic writes, new save names, the data folder, [`Autosave`].
//! - `storage`: [`Storage`], where one session's saves, autosave and archived games go.
//! - `history`: the archive of finished games (`games/`), listed newest first.
//!
//! Nothing here draws or reads keys; `ui` and `cli` both build on it.

mod config;
mod files;
mod history;
mod record_io;
mod storage;

pub use config::{GameConfig, fresh_seed};
pub(crate) use files::write_atomic;
pub use files::{AUTOSAVE_FILE, Autosave, DATA_DIR_ENV, data_dir};
pub use history::{
    Entry, GAMES_DIR, History, Listed, Tally, Unreadable, archive, files_newest_first, games_dir,
};
pub use record_io::{
    LoadedRecord, SEED_TAG, THINK_MS_TAG, config_of, input_name, parse_record, parse_seat,
    read_record, read_text, record_of, seat_tag, seat_token, today, write_record_file,
};
pub use storage::{Notice, Storage, open_save_dir, shown, unfinished_autosave};

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

    /// The line to print on the normal screen after the game, if it was kept for
    /// `hijara resume`.
    pub fn farewell(&self) -> Option<String> {
        let autosave = self
            .storage
            .autosave()
            .filter(|_| self.game.in_progress())?;
        Some(crate::strings::farewell(
            &self.game,
            &shown(autosave.path()),
        ))
    }
}
