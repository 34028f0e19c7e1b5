//! A game session, below both the full-screen UI and the command line: how a game is
//! set up ([`GameConfig`]), how a record maps to and from that set-up, and the files a
//! session writes (saves, the autosave, the data folder).
//!
//! - `config`: [`GameConfig`], who plays and how the AI thinks.
//! - `record_io`: a record file to and from a set-up and a game (the seat, time and seed tags).
//! - `clock`: [`Clock`], both players' clocks, pure (the time is passed in).
//! - `ending`: how a game ends when the board does not decide it (time, resignation,
//!   abandonment): [`Course`], the rule the screens and the server call.
//! - `disk`: how bytes reach the disk: bounded reads of regular files only, atomic writes
//!   (through symlinks).
//! - `autosave`: the data folder, new save names and [`Autosave`].
//! - `storage`: [`Storage`], where one session's saves, autosave and archived games go.
//! - `history`: the archive of finished games (`games/`), listed newest first.
//!
//! Nothing here draws or reads keys; `ui` and `cli` both build on it.

mod autosave;
mod clock;
mod config;
mod disk;
mod ending;
mod history;
mod record_io;
mod storage;

pub(crate) use autosave::create_data_folder;
pub use autosave::{
    AUTOSAVE_FILE, Autosave, AutosaveLock, Claim, DATA_DIR_ENV, LOCK_SUFFIX, data_dir,
    data_folder_problem, data_folder_problem_unnamed,
};
pub use clock::{Clock, Flagged, ai_budget, show as show_clock, shown_secs};
pub use config::{GameConfig, fresh_seed};
#[cfg(test)]
pub(crate) use disk::stalls;
pub use disk::{MAX_RECORD_BYTES, read_regular};
pub(crate) use disk::{
    hold_folder, keep_aside, stop_writes, sweep_stale_temporaries, what_is_at, without_bom,
    write_atomic,
};
pub use ending::{Course, EndError, Ending, Played, TURN_USED_TAG, turn_used};
pub use history::{
    Entry, GAMES_DIR, History, Listed, Skipped, Tally, Unreadable, archive, files_newest_first,
    games_dir,
};
pub use record_io::{
    CannotWrite, HUMAN_TYPE, LoadedRecord, Names, PROGRAM_TYPE, SEED_TAG, THINK_MS_TAG,
    WriteReason, check_writable, config_of, input_name, key_tag, parse_record, parse_seat,
    read_record, read_text, readable_size, record_named, record_of, salvage, seat_in, seat_tag,
    seat_token, seat_type, seat_type_tag, today, write_record_file,
};
pub use storage::{
    Damaged, Kept, NOTE_THINKING_EVERY, Note, Notice, Storage, StorageReport, open_save_dir,
    unfinished_autosave,
};

use crate::rules::Game;

/// An autosaved game offered at the start instead of a new one: everything a yes
/// puts on the board.
#[derive(Debug, Clone, Default)]
pub struct ResumeOffer {
    /// Its seats and settings.
    pub config: GameConfig,
    /// Its moves.
    pub game: Game,
    /// Its course (its clocks).
    pub course: Course,
    /// Its people's names ([`Names::played_on`] its record).
    pub people: Names,
    /// The names of the people of the new game a no starts instead (typed on the
    /// start screen): the question names them ([`crate::ui::App::offer`] sets them).
    pub new_people: Names,
    /// What is damaged in the autosave, and where, when only its first moves read
    /// and those are offered: the question says it first.
    pub damage: Option<String>,
}

/// Everything a full-screen game starts from: the set-up, the game (new, loaded or
/// resumed), a first message, an autosaved game to offer, and where it is saved.
#[derive(Debug)]
pub struct Session {
    /// Who plays and how the AI thinks.
    pub config: GameConfig,
    /// The game on the board at the start.
    pub game: Game,
    /// Its course beside the moves (how it ended, when early).
    pub course: Course,
    /// A message for the status line at the start.
    pub notice: Option<Notice>,
    /// An autosaved game to offer instead, asked at once (boxed: most sessions have
    /// none). After the game, the offer still unanswered: the player left at the
    /// question (`q`, `Ctrl-c`).
    pub resume_offer: Option<Box<ResumeOffer>>,
    /// Where `s` saves and the autosave goes; its [`Storage::names`] are the people's
    /// names of the game on the board (a resumed or loaded record's).
    pub storage: Storage,
}

impl Session {
    /// A session playing `game` with `config`, saved through `storage`.
    pub fn new(config: GameConfig, game: Game, storage: Storage) -> Session {
        Session {
            config,
            game,
            course: Course::default(),
            notice: None,
            resume_offer: None,
            storage,
        }
    }

    /// Where a game left in progress is on disk, for the line printed after it (never
    /// a save that failed); `None` when the game is not in progress.
    pub fn left_in_progress(&self) -> Option<Kept> {
        let played = Played::new(&self.game, &self.course);
        played
            .in_progress()
            .then(|| self.storage.kept(&self.config, played))
    }
}
