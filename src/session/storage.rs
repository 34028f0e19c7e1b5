//! The files a session writes: the `s` key's records, the autosave after every
//! change, and the save folder. The UI's event loop calls [`Storage`] when the game
//! asks for a save or changes; nothing here knows about the screen, nor words: what
//! happened comes back as a [`StorageReport`], which the ui puts into words.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::bail;

use super::autosave::{Autosave, AutosaveLock, Claim, write_new_save};
use super::disk::write_atomic;
use super::history;
use super::{
    GameConfig, LoadedRecord, Names, Played, TURN_USED_TAG, parse_record, record_named, salvage,
    today,
};

use crate::record::{Record, RecordError};
use crate::rules::{ClaimState, Move, Player};
use crate::text::display_path;

/// A line for a game's status line, already in words: information or a failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Plain information (where a file went).
    Info(String),
    /// Something failed (a save, the autosave).
    Error(String),
    /// The autosaved game was resumed, this player to move: each face words it its
    /// own way (the line mode's state line says the turn already).
    Resumed(Player),
}

/// What a write of the [`Storage`] came to, for the player to be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageReport {
    /// `s` wrote the game to this file.
    Saved(PathBuf),
    /// `s` could not write the game.
    NotSaved {
        /// Where it was to go: the save folder (empty for the current folder) when
        /// `new_file`, else the file saved to before, rewritten in place.
        path: PathBuf,
        /// Whether the save was to be a new file in the folder `path`.
        new_file: bool,
        /// Why the write failed.
        error: String,
    },
    /// An earlier unfinished game found in the autosave was kept aside as this file.
    KeptAside(PathBuf),
    /// The autosave could not be kept aside (it cannot be read): games are not
    /// autosaved from now on.
    AutosaveOff {
        /// The autosave.
        path: PathBuf,
        /// Why it could not be kept aside.
        error: String,
    },
    /// Another program holds the autosave's lock (another hijara is playing from
    /// this data folder): this session's games are not autosaved, so that the game
    /// it writes is never written over.
    AutosaveBusy {
        /// The autosave.
        path: PathBuf,
    },
    /// Writing the autosave failed (said once per run of failures).
    AutosaveFailed {
        /// The autosave.
        path: PathBuf,
        /// Why the write failed.
        error: String,
    },
    /// A finished game went into the history folder: the file's whole path (said in
    /// full, as a save's is, so it can be opened from anywhere).
    Archived(PathBuf),
    /// The history folder could not take a finished game: it was kept beside it.
    ArchivedBeside {
        /// The history folder.
        dir: PathBuf,
        /// Why it could not take the game.
        error: String,
        /// Where the game went instead.
        path: PathBuf,
    },
    /// A finished game could not be kept at all.
    NotArchived {
        /// The history folder.
        dir: PathBuf,
        /// Why it could not take the game.
        error: String,
    },
}

impl StorageReport {
    /// Whether something failed (else it says where a file went).
    pub fn is_failure(&self) -> bool {
        !matches!(
            self,
            StorageReport::Saved(_) | StorageReport::KeptAside(_) | StorageReport::Archived(_)
        )
    }
}

/// The folder `s` saves into: `dir`, created with its parents when missing, or the
/// current folder for `None`. A path that exists and is not a folder is an error.
pub fn open_save_dir(dir: Option<&Path>) -> anyhow::Result<PathBuf> {
    let Some(dir) = dir.filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(PathBuf::new());
    };
    if dir.exists() && !dir.is_dir() {
        bail!("--save-dir {}: not a folder", display_path(dir));
    }
    if let Err(error) = std::fs::create_dir_all(dir) {
        bail!(
            "--save-dir {}: cannot create the folder ({error})",
            display_path(dir)
        );
    }
    Ok(dir.to_path_buf())
}

/// An autosave that could not be read as a record.
#[derive(Debug, Clone)]
pub struct Damaged {
    /// Where it is.
    pub path: PathBuf,
    /// Whether it is a file that reads at all: a damaged one is kept aside before the
    /// autosave is rewritten; one that does not read (a FIFO, a device, too large)
    /// is left alone, and games are not autosaved over it.
    pub readable: bool,
    /// What is wrong with it (with line and column where they apply).
    pub error: String,
    /// The moves that do read, when there are any and the game is not over.
    pub salvaged: Option<Box<LoadedRecord>>,
}

/// The autosaved game, if there is one still to finish. A damaged autosave (not
/// UTF-8, truncated, an illegal move, a bad tag) is reported with the moves that
/// still read; it stays on disk, and is kept aside before the autosave is rewritten.
pub fn unfinished_autosave(autosave: &Autosave) -> Result<Option<LoadedRecord>, Damaged> {
    let path = autosave.path().to_path_buf();
    let damaged = |error: String, salvaged: Option<LoadedRecord>| Damaged {
        path: path.clone(),
        readable: true,
        error,
        salvaged: salvaged.filter(|l| !l.game.is_over()).map(Box::new),
    };
    let bytes = match autosave.load_bytes() {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Ok(None),
        // Not a file that can be read (a FIFO, a device, too large): nothing can be
        // kept aside, and the autosave is not written over it either.
        Err(error) => {
            return Err(Damaged {
                path,
                readable: false,
                error: error.to_string(),
                salvaged: None,
            });
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            // Where its first bad byte is, as `score` says of a record (it said only
            // `not UTF-8 text`).
            let error = super::record_io::utf8_text(e.into_bytes())
                .err()
                .unwrap_or_default();
            return Err(damaged(error, salvage(&lossy)));
        }
    };
    let loaded = match parse_record(&text) {
        Ok(loaded) => loaded,
        // An autosave of nothing (no tag, no move) holds no game to resume: as none.
        Err(RecordError::Empty { .. }) => return Ok(None),
        Err(e) => return Err(damaged(e.to_string(), salvage(&text))),
    };
    Ok(loaded.played().in_progress().then_some(loaded))
}

/// Where the game in progress is on disk, for the farewell line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kept {
    /// In the autosave, as it is now: `hijara resume` continues it.
    Autosave(PathBuf),
    /// In the file `s` last wrote, as it is now (the autosave does not hold it).
    Saved(PathBuf),
    /// Nowhere: the autosave failed (or there is none) and it was not saved by hand.
    Nowhere,
    /// Nowhere: another hijara held the autosave (this game was never autosaved) and
    /// it was not saved by hand.
    NotAutosaved,
    /// Not as it is now: its last write had not finished when the session ended (a
    /// disk that did not answer; nothing failed). The file the write before left on
    /// disk, which holds the game as it was then, if there is one.
    Unfinished(Option<PathBuf>),
}

impl Kept {
    /// Whether a file holds the game as it is now (the autosave, or the file `s`
    /// last wrote): else the farewell says it was NOT saved, and the program fails.
    pub fn holds_the_game(&self) -> bool {
        match self {
            Kept::Autosave(_) | Kept::Saved(_) => true,
            Kept::Nowhere | Kept::NotAutosaved | Kept::Unfinished(_) => false,
        }
    }
}

/// A game kept in the history by [`Storage::archive`].
#[derive(Debug, Clone)]
struct InHistory {
    /// Its record without the date: the same text is the same game.
    identity: String,
    /// Its moves and claims, to know the same game with its last stone claimed since.
    moves: Vec<Move>,
    claims: Vec<ClaimState>,
    /// The file it went to.
    path: PathBuf,
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
    /// Whether this session may write the autosave: `None` until it first asks
    /// ([`Storage::claim_autosave`]); then the lock it holds (`Some(None)` when the
    /// lock file could not be used: the autosave is written as before any lock).
    lock: Option<Option<AutosaveLock>>,
    /// Another program held the autosave's lock: this session autosaves nothing.
    busy: bool,
    /// The autosave found at start has been looked at, and kept aside if it held
    /// another unfinished game or could not be read, before the first write.
    checked: bool,
    /// The autosave holds the game as it is now (its last write succeeded).
    autosaved: bool,
    /// The game as `s` last wrote it (its record without the date).
    saved_state: Option<String>,
    /// The game history's folder, where finished games are kept; `None` keeps none.
    history: Option<PathBuf>,
    /// The last game kept in the history, so undoing and redoing back to the same
    /// end does not keep it twice, and a claim of its last stone rewrites it.
    archived: Option<InHistory>,
    /// The people's names its records give their seats (a game played on, resumed or
    /// loaded from a record); none: `human`.
    names: Names,
    /// The autosave's writes made here, counted: a [`Note`] written on another thread
    /// is renamed into place only if none came after it, under this lock.
    writes: Arc<Mutex<u64>>,
    /// Set when the writes asked were not all done as the session ended
    /// ([`Storage::writes_unfinished`]): the file the last finished write left, if
    /// any ([`Kept::Unfinished`]).
    unfinished: Option<Option<PathBuf>>,
    /// What writes that came back only as the session ended came to ([`Storage::late`]).
    late: Vec<StorageReport>,
}

/// A note of the thinking on the turn under way ([`Storage::note_thinking`]), to be
/// written off the event loop ([`Note::write`]), so a slow disk never holds the
/// screen. It keeps its place among the autosave's writes: one made after it was
/// taken (a move's) wins, whichever reaches the disk first.
#[derive(Debug)]
pub struct Note {
    autosave: Autosave,
    text: String,
    /// [`Storage::writes`] when it was taken.
    after: u64,
    writes: Arc<Mutex<u64>>,
}

impl Note {
    /// Writes the note (the slow part, flushing it to disk, first); renames it into
    /// place only if no later write of the autosave began meanwhile. `Ok(false)`: out
    /// of date, dropped. A failure leaves the autosave as it was (atomic), every move
    /// in it.
    pub fn write(self) -> std::io::Result<bool> {
        let writes = &self.writes;
        let after = self.after;
        self.autosave.save_in_turn(&self.text, || {
            let count = writes.lock().unwrap_or_else(PoisonError::into_inner);
            (*count == after).then_some(count)
        })
    }
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
            lock: None,
            busy: false,
            checked: false,
            autosaved: false,
            saved_state: None,
            history: None,
            archived: None,
            names: Names::default(),
            writes: Arc::new(Mutex::new(0)),
            unfinished: None,
            late: Vec::new(),
        }
    }

    /// Counts a write of the autosave about to begin here: a [`Note`] taken before
    /// it is out of date. The lock is held only for the count (or while a note is
    /// renamed).
    fn count_write(&self) {
        let mut count = self.writes.lock().unwrap_or_else(PoisonError::into_inner);
        *count += 1;
    }

    /// Writes `names` as the people's names in this session's records, from now on
    /// (the seats' names of a game played on, resumed or loaded from a record).
    pub fn name_people(&mut self, names: Names) {
        self.names = names;
    }

    /// The people's names this session's records give ([`Storage::name_people`]).
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// The record of `game` played with `config`, dated `date`, with the people's names.
    fn record<'a>(&self, config: &GameConfig, game: impl Into<Played<'a>>, date: &str) -> Record {
        record_named(config, &self.names, game, date)
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

    /// Keeps the `Date` of a game started earlier (a resumed or loaded record), when
    /// it is a date ([`crate::record::is_date`]): one that is not (`yesterday`) was
    /// written into every record of the game played on; the game's own date stands.
    pub fn with_date(mut self, date: Option<&str>) -> Storage {
        if let Some(date) = date.filter(|d| crate::record::is_date(d)) {
            self.date = date.to_owned();
        }
        self
    }

    /// Takes the autosave's lock for this session, once (later calls change nothing):
    /// when another program holds it, the autosave is off for this session, neither
    /// offered nor written, and this says so
    /// ([`StorageReport::AutosaveBusy`]). The game that writes the autosave holds the
    /// lock until this storage (and every clone) is dropped. A lock file that cannot
    /// be used leaves the autosave as it was without a lock: its write says why.
    pub fn claim_autosave(&mut self) -> Option<StorageReport> {
        if self.lock.is_some() {
            return None;
        }
        let autosave = self.autosave.as_ref()?;
        match autosave.claim() {
            Claim::Held(lock) => self.lock = Some(Some(lock)),
            Claim::Unavailable(_) => self.lock = Some(None),
            // No data folder, so no autosave to offer or guard yet: asked again
            // before the first write, which makes the folder.
            Claim::NoFolder => {}
            Claim::Busy => {
                let path = autosave.path().to_path_buf();
                self.lock = Some(None);
                self.busy = true;
                self.autosave = None;
                self.autosaved = false;
                return Some(StorageReport::AutosaveBusy { path });
            }
        }
        None
    }

    /// Whether another program held the autosave when this session asked for it.
    pub fn autosave_busy(&self) -> bool {
        self.busy
    }

    /// The autosave, if there is one.
    pub fn autosave(&self) -> Option<&Autosave> {
        self.autosave.as_ref()
    }

    /// Writes the game to a record file (the `s` key) and returns its path. The first
    /// save of a game picks a new `hijara-YYYYMMDD-HHMMSS.hij`; later ones rewrite it.
    pub fn save<'a>(
        &mut self,
        config: &GameConfig,
        game: impl Into<Played<'a>>,
    ) -> std::io::Result<PathBuf> {
        let game = game.into();
        let text = self.record(config, game, &self.date).to_string();
        let path = match &self.saved_to {
            Some(path) => {
                write_atomic(path, text.as_bytes())?;
                path.clone()
            }
            None => write_new_save(&self.save_dir, text.as_bytes())?,
        };
        self.saved_to = Some(path.clone());
        self.saved_state = Some(self.record(config, game, "").to_string());
        Ok(path)
    }

    /// Where `game` (played with `config`) is on disk as it is now.
    pub fn kept<'a>(&self, config: &GameConfig, game: impl Into<Played<'a>>) -> Kept {
        if let Some(previous) = &self.unfinished {
            return Kept::Unfinished(previous.clone());
        }
        if let Some(autosave) = self.autosave.as_ref().filter(|_| self.autosaved) {
            return Kept::Autosave(autosave.path().to_path_buf());
        }
        let now = self.record(config, game, "").to_string();
        match &self.saved_to {
            Some(path) if self.saved_state.as_ref() == Some(&now) => Kept::Saved(path.clone()),
            _ if self.busy => Kept::NotAutosaved,
            _ => Kept::Nowhere,
        }
    }

    /// Whether the autosave holds the game as it is now (its last write succeeded).
    pub fn autosaved(&self) -> bool {
        self.autosave.is_some() && self.autosaved
    }

    /// Whether the autosave is in use and its last write, if any, did not fail: what
    /// the quit question says of a game whose autosave is still on its way to the
    /// disk (the quit waits for it, and the farewell says where the game is then).
    pub fn autosave_working(&self) -> bool {
        self.autosave.is_some() && !self.autosave_failed
    }

    /// Whether a write here may touch the disk: there is an autosave or a history
    /// folder, or `s` saves. Without either, [`Storage::after_change`] and
    /// [`Storage::archive`] write nothing (a served game's storage).
    pub fn keeps_files(&self) -> bool {
        self.autosave.is_some() || self.history.is_some()
    }

    /// The writes asked of this storage (on another thread) were not all carried out
    /// when the session ended (a disk that did not answer): nothing is known to hold
    /// the game as it is, so [`Storage::kept`] no longer claims the autosave or the
    /// file `s` wrote.
    pub fn writes_unfinished(&mut self) {
        // On disk is what the last finished write left: the autosave, when that
        // write worked, else the file `s` wrote, each holding the game as it was.
        let previous = match &self.autosave {
            Some(autosave) if self.autosaved => Some(autosave.path().to_path_buf()),
            _ => self.saved_to.clone(),
        };
        self.unfinished = Some(previous);
        self.autosaved = false;
        self.saved_state = None;
    }

    /// Keeps `report`, what a write came to that came back only as the session ended,
    /// to be said after the screen ([`Storage::late`]).
    pub fn keep_late(&mut self, report: StorageReport) {
        self.late.push(report);
    }

    /// What the writes that came back only as the session ended came to, failures
    /// kept by [`Storage::keep_late`]: said after the screen, where a failure drawn
    /// once before the terminal was restored would otherwise be said nowhere.
    pub fn late(&self) -> &[StorageReport] {
        &self.late
    }

    /// [`Storage::save`] as a report for the player.
    pub fn save_report<'a>(
        &mut self,
        config: &GameConfig,
        game: impl Into<Played<'a>>,
    ) -> StorageReport {
        match self.save(config, game) {
            Ok(path) => StorageReport::Saved(path),
            Err(error) => StorageReport::NotSaved {
                path: self
                    .saved_to
                    .clone()
                    .unwrap_or_else(|| self.save_dir.clone()),
                new_file: self.saved_to.is_none(),
                error: error.to_string(),
            },
        }
    }

    /// After a change to the game: rewrites the autosave, or clears it once the game
    /// is over or back to no moves. Returns what to tell the player: a failure (once
    /// per failure run), or where an earlier unfinished game was kept aside.
    pub fn after_change<'a>(
        &mut self,
        config: &GameConfig,
        played: impl Into<Played<'a>>,
    ) -> Option<StorageReport> {
        self.after_change_noting(config, played, None)
    }

    /// [`Storage::after_change`], the autosave noting `used`, the time the player to
    /// move has used on the turn under way, when more than none (a resumed game's
    /// charged turn, a claim on the opponent's time): a write that left it out gave
    /// that time back to a kill before the next note (s34: resumed at 0:52, closed
    /// within a second, resumed again at 0:57).
    pub fn after_change_noting<'a>(
        &mut self,
        config: &GameConfig,
        played: impl Into<Played<'a>>,
        used: Option<Duration>,
    ) -> Option<StorageReport> {
        let played = played.into();
        let game = played.game;
        if game.is_empty() {
            // A new game: the next `s` picks a new file.
            self.saved_to = None;
        }
        if game.len() <= 1 {
            // A game's first move dates it (a resumed game keeps its own date).
            self.date = today();
        }
        // Before the first write: the lock, so that two programs never write one
        // autosave in turns (the later write lost the other's game). The folder is
        // made first, as the write would make it (its failure is the write's to say).
        if self.lock.is_none()
            && let Some(dir) = self
                .autosave
                .as_ref()
                .and_then(|a| a.path().parent())
                .filter(|d| !d.as_os_str().is_empty())
        {
            let _ = super::autosave::create_data_folder(dir);
        }
        if let Some(busy) = self.claim_autosave() {
            return Some(busy);
        }
        let Some(autosave) = self.autosave.clone() else {
            self.autosaved = false;
            return None;
        };
        let mut notice = None;
        if !self.checked {
            // Before the first write: another unfinished game in the autosave (the
            // player chose a new game, a loaded record or a replay), or one that
            // cannot be read, is kept aside, never overwritten.
            match keep_aside(&autosave, self.owns_autosave) {
                Ok(Some(path)) => notice = Some(StorageReport::KeptAside(path)),
                Ok(None) => {}
                Err(error) => {
                    self.autosave = None;
                    self.autosaved = false;
                    return Some(StorageReport::AutosaveOff {
                        path: autosave.path().to_path_buf(),
                        error: error.to_string(),
                    });
                }
            }
            self.checked = true;
            self.owns_autosave = true;
        }
        self.count_write();
        let result = if played.in_progress() {
            autosave.save(&self.autosave_text(config, played, used))
        } else {
            autosave.clear()
        };
        self.autosaved = result.is_ok();
        match result {
            Ok(()) => {
                self.autosave_failed = false;
                notice
            }
            Err(_) if self.autosave_failed => notice,
            Err(error) => {
                self.autosave_failed = true;
                Some(StorageReport::AutosaveFailed {
                    path: autosave.path().to_path_buf(),
                    error: error.to_string(),
                })
            }
        }
    }
}

/// How often at most the autosave notes the thinking on the turn under way while a
/// clock runs ([`Storage::note_thinking`]): a `kill -9` gives back at most this (and
/// the write's time), as the server's notes of a live clock do.
pub const NOTE_THINKING_EVERY: Duration = Duration::from_secs(2);

impl Storage {
    /// The note that rewrites the autosave with `used`, the time the player to move
    /// has used on the turn under way ([`TURN_USED_TAG`]), so a resume charges it, to
    /// be written off the event loop ([`Note::write`]; s37: it was written here, on
    /// the loop's thread, whose screen a slow disk froze for the flush). Only over an
    /// autosave that holds the game as it is (its last write succeeded: this session
    /// owns it), with the game in progress; otherwise `None`. A failed note leaves
    /// the autosave as the last write made it (atomic), which still holds every move:
    /// nothing to tell the player, and the next change's write reports a lasting
    /// failure.
    pub fn note_thinking<'a>(
        &self,
        config: &GameConfig,
        played: impl Into<Played<'a>>,
        used: Duration,
    ) -> Option<Note> {
        let played = played.into();
        let autosave = self.autosave.as_ref().filter(|_| self.autosaved)?;
        if !played.in_progress() {
            return None;
        }
        let after = *self.writes.lock().unwrap_or_else(PoisonError::into_inner);
        Some(Note {
            autosave: autosave.clone(),
            text: self.autosave_text(config, played, Some(used)),
            after,
            writes: Arc::clone(&self.writes),
        })
    }

    /// The autosave's text of `played`: its record, with [`TURN_USED_TAG`] when the
    /// player to move has `used` more than none of the turn under way.
    fn autosave_text(
        &self,
        config: &GameConfig,
        played: Played<'_>,
        used: Option<Duration>,
    ) -> String {
        let mut record = self.record(config, played, &self.date);
        if let Some(used) = used.filter(|used| !used.is_zero()) {
            // "TurnUsed" is a valid tag name.
            let _ = record.set_tag(TURN_USED_TAG, super::ending::turn_used_text(used));
        }
        record.to_string()
    }

    /// After a game ended: writes it to the history folder under a new
    /// `hijara-YYYYMMDD-HHMMSS.hij`, once per game. Returns where it went (or why it
    /// could not be kept); `None` when there is nothing to do (no history, a game not
    /// over, or the game kept last time).
    pub fn archive<'a>(
        &mut self,
        config: &GameConfig,
        game: impl Into<Played<'a>>,
    ) -> Option<StorageReport> {
        let game = game.into();
        let dir = self.history.clone()?;
        if !game.is_over() {
            return None;
        }
        // Seats, settings, variant, moves and claims: the same text is the same game.
        let identity = self.record(config, game, "").to_string();
        if self.archived.as_ref().map(|k| &k.identity) == Some(&identity) {
            return None;
        }
        let text = self.record(config, game, &self.date).to_string();
        let moves: Vec<Move> = game.game.moves().collect();
        let claims = game.game.claim_states().to_vec();
        // A full board with the same moves and claims but the last stone's, kept while
        // that one was pending, differs only by the claim made after the end: the
        // same game, so its one file is rewritten (quietly: the end already said
        // where it went). Should that fail, a new file keeps it.
        if let Some(kept) = self.archived.as_mut()
            && game.game.is_over()
            && kept.moves == moves
            && let Some((ClaimState::Pending, earlier)) = kept.claims.split_last()
            && claims.starts_with(earlier)
            && write_atomic(&kept.path, text.as_bytes()).is_ok()
        {
            kept.identity = identity;
            kept.claims = claims;
            return None;
        }
        let error = match history::archive(&dir, &text) {
            Ok(path) => {
                self.archived = Some(InHistory {
                    identity,
                    moves,
                    claims,
                    path: path.clone(),
                });
                return Some(StorageReport::Archived(path));
            }
            Err(error) => error,
        };
        // The history folder cannot take it (`games` is a file, say): keep the game
        // beside that folder rather than nowhere, and say where.
        let beside = dir
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        match write_new_save(beside, text.as_bytes()) {
            Ok(path) => {
                self.archived = Some(InHistory {
                    identity,
                    moves,
                    claims,
                    path: path.clone(),
                });
                Some(StorageReport::ArchivedBeside {
                    dir,
                    error: error.to_string(),
                    path,
                })
            }
            Err(_) => Some(StorageReport::NotArchived {
                dir,
                error: error.to_string(),
            }),
        }
    }
}

/// Copies the autosave's bytes to a new `hijara-YYYYMMDD-HHMMSS.hij` beside it
/// when it holds another unfinished game (`owned`: the game of this session, so
/// not another), or cannot be read as a record at all; returns where they went.
/// No autosave, or an empty or finished game, is left to be overwritten. A file
/// that cannot be read (a FIFO, a device, too large) is an error: the autosave
/// is then not written.
fn keep_aside(autosave: &Autosave, owned: bool) -> std::io::Result<Option<PathBuf>> {
    let Some(bytes) = autosave.load_bytes()? else {
        return Ok(None);
    };
    let keep = match std::str::from_utf8(&bytes).ok().map(parse_record) {
        Some(Ok(loaded)) => !owned && loaded.game.in_progress(),
        // White space and comments: no game to keep.
        Some(Err(RecordError::Empty { .. })) => false,
        // Damaged (not UTF-8, or not a record): the player's bytes, kept whole.
        _ => !bytes.iter().all(u8::is_ascii_whitespace),
    };
    if !keep {
        return Ok(None);
    }
    let dir = autosave.path().parent().unwrap_or(Path::new("."));
    write_new_save(dir, &bytes).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::rules::Player;
    use crate::rules::Square;
    use crate::session::record_of;

    fn config() -> GameConfig {
        GameConfig::default()
    }

    /// A game played on from a record keeps the record's Date when it is a date, and
    /// is dated today when it is none (`yesterday` was written into its saves).
    #[test]
    fn a_game_played_on_keeps_only_a_date_that_is_one() {
        let dir = tempfile::tempdir().unwrap();
        let game = Game::from_moves([Square::A1, Square::B2]).unwrap();
        for (kept, written) in [
            ("2026-11-30", "2026-11-30"),
            ("2026.??.??", "2026.??.??"),
            ("yesterday", today().as_str()),
            ("2026-13-45", today().as_str()),
        ] {
            let mut storage = Storage::new(dir.path().to_path_buf(), None).with_date(Some(kept));
            let path = storage.save(&config(), &game).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            let record: Record = text.parse().unwrap();
            assert_eq!(record.date(), Ok(Some(written)), "{kept}: {text}");
            std::fs::remove_file(&path).unwrap();
        }
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

    /// A failed save said `Not saved: No such file or directory (os error 2)`, naming
    /// no place (found in tmux, the current folder removed under the game): the report
    /// names the folder the save was to go into, or the file it was to rewrite.
    #[test]
    fn a_failed_save_names_where_it_was_to_go() {
        let dir = tempfile::tempdir().unwrap();
        let game = Game::from_moves([Square::A1]).unwrap();
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "not a folder").unwrap();
        let mut storage = Storage::new(blocked.clone(), None);
        match storage.save_report(&config(), &game) {
            StorageReport::NotSaved { path, new_file, .. } => {
                assert_eq!(path, blocked);
                assert!(new_file);
            }
            other => panic!("{other:?}"),
        }
        // Saved once, then the file cannot be rewritten: the file is named.
        let mut storage = Storage::new(dir.path().to_path_buf(), None);
        let saved = storage.save(&config(), &game).unwrap();
        std::fs::remove_file(&saved).unwrap();
        std::fs::create_dir(&saved).unwrap();
        match storage.save_report(&config(), &game) {
            StorageReport::NotSaved { path, new_file, .. } => {
                assert_eq!(path, saved);
                assert!(!new_file);
            }
            other => panic!("{other:?}"),
        }
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
        let Some(StorageReport::Archived(path)) = storage.archive(&config(), &game) else {
            panic!("expected a report");
        };
        // The whole path, as a save's report gives it.
        assert_eq!(path.parent(), Some(games.as_path()), "{}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(name.starts_with("hijara-"), "{name}");
        assert!(path.is_file(), "{}", path.display());
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
            Some(StorageReport::Archived(_))
        ));
        assert_eq!(std::fs::read_dir(&games).unwrap().count(), 2);
    }

    /// In a claim game the last stone may still be claimed once the board is full: the
    /// claim rewrites the game's one entry in the history (it was kept as a draw, a
    /// second file said Yellow won), quietly, as the end screen already said where.
    #[test]
    fn the_last_stone_s_claim_rewrites_the_kept_game() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        let mut storage =
            Storage::new(dir.path().to_path_buf(), None).with_history(Some(games.clone()));
        let mut game = Game::with_claims();
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
        }
        let scored = game.last().unwrap().points;
        assert!(scored > 0, "the last stone scores");
        let Some(StorageReport::Archived(path)) = storage.archive(&config(), &game) else {
            panic!("expected a report");
        };
        assert!(std::fs::read_to_string(&path).unwrap().contains("1/2-1/2"));
        game.claim(scored).unwrap();
        assert_eq!(storage.archive(&config(), &game), None);
        assert_eq!(std::fs::read_dir(&games).unwrap().count(), 1);
        let kept = parse_record(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(kept.game.score(Player::Yellow), scored);
        assert_eq!(kept.game.claim_states(), game.claim_states());
    }

    /// Another game of the session with the same moves but other claims is another
    /// game: it gets its own file, and the first game's is left as it was (it would
    /// have been rewritten with the second's claims, were moves alone compared).
    #[test]
    fn a_later_game_with_the_same_moves_and_other_claims_keeps_its_own_file() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        let mut storage =
            Storage::new(dir.path().to_path_buf(), None).with_history(Some(games.clone()));
        let play = |claim_first_score: bool| {
            let mut game = Game::with_claims();
            let mut claimed = false;
            while let Some(mv) = game.position().legal_moves().next() {
                game.play(mv).unwrap();
                let points = game.last().unwrap().points;
                if claim_first_score && !claimed && points > 0 && !game.is_over() {
                    game.claim(points).unwrap();
                    claimed = true;
                }
            }
            assert!(
                !claim_first_score || claimed,
                "a stone scored before the end"
            );
            game
        };
        let first = play(false);
        let Some(StorageReport::Archived(first_path)) = storage.archive(&config(), &first) else {
            panic!("expected a report");
        };
        let first_text = std::fs::read_to_string(&first_path).unwrap();
        let second = play(true);
        assert_eq!(
            first.moves().collect::<Vec<_>>(),
            second.moves().collect::<Vec<_>>()
        );
        assert!(matches!(
            storage.archive(&config(), &second),
            Some(StorageReport::Archived(_))
        ));
        assert_eq!(std::fs::read_dir(&games).unwrap().count(), 2);
        assert_eq!(std::fs::read_to_string(&first_path).unwrap(), first_text);
    }

    /// A game played on from a record with names: its save, its autosave and the
    /// history's copy all name its people (they said `human`), and `kept` still knows
    /// the saved file for the game as it is.
    #[test]
    fn the_people_s_names_go_into_every_record_written() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()))
            .with_history(Some(dir.path().join("games")));
        let record: crate::record::Record = "[Blue \"Ann\"]\n[Yellow \"Bob\"]\n".parse().unwrap();
        let config = GameConfig {
            seats: [crate::ai::Seat::Human, crate::ai::Seat::Easy],
            ..config()
        };
        storage.name_people(Names::played_on(&record, config.seats));
        assert_eq!(storage.names().of(crate::rules::Player::Blue), Some("Ann"));
        let game = Game::from_moves([Square::A1, Square::B1]).unwrap();
        let saved = storage.save(&config, &game).unwrap();
        assert_eq!(storage.kept(&config, &game), Kept::Saved(saved.clone()));
        assert_eq!(storage.after_change(&config, &game), None);
        let Some(StorageReport::Archived(kept)) = storage.archive(&config, &full_game()) else {
            panic!("expected the game kept");
        };
        let autosaved = autosave.load().unwrap().unwrap();
        for text in [
            std::fs::read_to_string(&saved).unwrap(),
            autosaved,
            std::fs::read_to_string(&kept).unwrap(),
        ] {
            assert!(text.contains("[Blue \"Ann\"]"), "{text}");
            assert!(text.contains("[BlueType \"human\"]"), "{text}");
            assert!(text.contains("[Yellow \"easy\"]"), "{text}");
            assert!(!text.contains("Bob"), "{text}");
        }
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
        assert!(
            storage
                .archive(&config(), &full_game())
                .is_some_and(|report| report.is_failure())
        );
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
        let Some(StorageReport::KeptAside(kept)) = storage.after_change(&config(), &game) else {
            panic!("expected to be told where the earlier game went");
        };
        assert_eq!(std::fs::read_to_string(kept).unwrap(), earlier_text);
        let now = parse_record(&autosave.load().unwrap().unwrap()).unwrap();
        assert_eq!(now.game.len(), 1);
        // Once kept aside, later moves just rewrite the autosave.
        assert_eq!(storage.after_change(&config(), &game), None);

        // Continuing the autosaved game itself rewrites it in place (once the first
        // session, which holds the autosave's lock, is over).
        drop(storage);
        let mut resumed =
            Storage::new(dir.path().to_path_buf(), Some(autosave.clone())).continuing_autosave();
        assert_eq!(resumed.after_change(&config(), &game), None);
        assert_eq!(others(dir.path(), autosave.path()).len(), 1);
    }

    /// local18's QA: two programs on one data folder wrote the autosave in turns, so
    /// the game the second announced as kept was lost at the first's next move. The
    /// first to write holds the lock; the second writes nothing, says why, and never
    /// calls its game kept; once the first is gone, a new session autosaves again.
    #[test]
    fn a_second_session_never_writes_the_autosave_another_holds() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let mut first = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let ours = Game::from_moves([Square::A1]).unwrap();
        assert_eq!(first.after_change(&config(), &ours), None);
        let written = autosave.load().unwrap().unwrap();

        let mut second = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let theirs = Game::from_moves([Square::D4, Square::C3]).unwrap();
        assert_eq!(
            second.after_change(&config(), &theirs),
            Some(StorageReport::AutosaveBusy {
                path: autosave.path().to_path_buf()
            })
        );
        assert!(second.autosave_busy());
        assert!(!second.autosaved());
        assert_eq!(second.kept(&config(), &theirs), Kept::NotAutosaved);
        assert_eq!(autosave.load().unwrap().as_deref(), Some(written.as_str()));
        assert_eq!(
            others(dir.path(), autosave.path()).len(),
            0,
            "nothing kept aside"
        );
        // Said once; later moves stay quiet and write nothing either.
        assert_eq!(second.after_change(&config(), &theirs), None);
        assert_eq!(autosave.load().unwrap().as_deref(), Some(written.as_str()));
        // `s` still saves it, and then that file is where it is.
        let saved = second.save(&config(), &theirs).unwrap();
        assert_eq!(second.kept(&config(), &theirs), Kept::Saved(saved.clone()));
        std::fs::remove_file(saved).unwrap();

        // The first goes on writing its own game.
        let later = Game::from_moves([Square::A1, Square::B2]).unwrap();
        assert_eq!(first.after_change(&config(), &later), None);
        assert_eq!(
            parse_record(&autosave.load().unwrap().unwrap())
                .unwrap()
                .game
                .len(),
            2
        );
        assert!(matches!(first.kept(&config(), &later), Kept::Autosave(_)));

        // The first gone (its game in progress left in the autosave), a new session
        // takes the lock and keeps that game aside before writing its own.
        drop(first);
        let mut third = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        assert!(matches!(
            third.after_change(&config(), &theirs),
            Some(StorageReport::KeptAside(_))
        ));
        assert!(third.autosaved());
    }

    /// Issue 18 A's reproducer: an autosave truncated mid-move.
    const TRUNCATED: &str =
        "[Blue \"human\"]\n[Yellow \"random\"]\n[Seed \"3\"]\n[Result \"*\"]\n\n1. a1 c3 2. b2 b";

    /// The files in `dir` other than `except`, with their bytes.
    fn others(dir: &Path, except: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p != except)
            // The autosave's lock file (empty) is no game.
            .filter(|p| !p.to_string_lossy().ends_with(super::super::LOCK_SUFFIX))
            .map(|p| {
                let bytes = std::fs::read(&p).unwrap();
                (p, bytes)
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_damaged_autosave_is_kept_aside_and_its_moves_offered() {
        for damaged in [
            TRUNCATED.as_bytes(),
            b"a1 b1 \xff\xfe c1\n",
            b"a1 a1 a1 a1 a1\n",
        ] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("autosave.hij");
            std::fs::write(&path, damaged).unwrap();
            let autosave = Autosave::at(path.clone());
            let found = unfinished_autosave(&autosave).unwrap_err();
            assert!(found.readable, "a damaged file that reads is kept aside");
            let salvaged = found.salvaged.expect("the moves that read are offered");
            assert!(!salvaged.game.is_empty(), "{}", found.error);
            // A new game's first move: the damaged bytes are kept, not overwritten.
            let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
            let game = Game::from_moves([Square::D4]).unwrap();
            let Some(StorageReport::KeptAside(aside)) = storage.after_change(&config(), &game)
            else {
                panic!("expected a report saying where the old autosave went");
            };
            let kept = others(dir.path(), &path);
            assert_eq!(kept.len(), 1, "{kept:?}");
            assert_eq!(kept[0].1, damaged, "the bytes, whole");
            assert_eq!(aside, kept[0].0);
            assert_eq!(
                parse_record(&autosave.load().unwrap().unwrap())
                    .unwrap()
                    .game
                    .len(),
                1
            );
            // Resuming the salvaged moves also keeps the damaged file first (in a
            // later session: this one holds the autosave's lock).
            drop(storage);
            std::fs::write(&path, damaged).unwrap();
            let mut resumed = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()))
                .continuing_autosave();
            assert!(resumed.after_change(&config(), &salvaged.game).is_some());
            assert_eq!(others(dir.path(), &path).len(), 2);
        }
        // The reproducer's three good moves.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.hij");
        std::fs::write(&path, TRUNCATED).unwrap();
        let found = unfinished_autosave(&Autosave::at(path)).unwrap_err();
        assert_eq!(found.salvaged.unwrap().game.len(), 3);
    }

    #[test]
    fn a_failed_autosave_is_never_called_kept() {
        for errno in [libc::ENOSPC, libc::EPERM] {
            let dir = tempfile::tempdir().unwrap();
            let autosave = Autosave::at(dir.path().join("autosave.hij")).failing_with(errno);
            let mut storage = Storage::new(dir.path().join("saves"), Some(autosave.clone()));
            let game = Game::from_moves([Square::A1, Square::B2]).unwrap();
            let Some(StorageReport::AutosaveFailed { error, .. }) =
                storage.after_change(&config(), &game)
            else {
                panic!("the failure is reported");
            };
            let os = std::io::Error::from_raw_os_error(errno).to_string();
            assert!(error.contains(&os), "{error}");
            assert!(!storage.autosaved());
            assert_eq!(storage.kept(&config(), &game), Kept::Nowhere);
            assert_eq!(others(dir.path(), autosave.path()).len(), 0, "no file left");
            let session = super::super::Session::new(config(), game.clone(), storage.clone());
            assert_eq!(session.left_in_progress(), Some(Kept::Nowhere));
            // `s` saves it elsewhere: the farewell then names that file.
            std::fs::create_dir(dir.path().join("saves")).unwrap();
            let path = storage.save(&config(), &game).unwrap();
            assert_eq!(storage.kept(&config(), &game), Kept::Saved(path.clone()));
            let session = super::super::Session::new(config(), game.clone(), storage.clone());
            assert_eq!(session.left_in_progress(), Some(Kept::Saved(path.clone())));
            // One more move, not saved by hand: nowhere again.
            let mut later = game.clone();
            later.play(Square::C3).unwrap();
            assert!(
                storage.after_change(&config(), &later).is_none(),
                "reported once"
            );
            assert_eq!(storage.kept(&config(), &later), Kept::Nowhere);
        }
        // A working autosave is kept, and says so.
        let dir = tempfile::tempdir().unwrap();
        let mut storage = Storage::new(
            dir.path().to_path_buf(),
            Some(Autosave::at(dir.path().join("a.hij"))),
        );
        let game = Game::from_moves([Square::A1]).unwrap();
        assert_eq!(storage.after_change(&config(), &game), None);
        assert!(storage.autosaved());
        let kept = super::super::Session::new(config(), game, storage).left_in_progress();
        assert!(matches!(kept, Some(Kept::Autosave(_))), "{kept:?}");
    }

    #[test]
    fn a_non_utf8_autosave_found_at_start_is_kept_aside_and_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.hij");
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        let autosave = Autosave::at(path.clone());
        let found = unfinished_autosave(&autosave).unwrap_err();
        assert!(found.salvaged.is_none());
        assert!(found.error.contains("not UTF-8"), "{}", found.error);
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let game = Game::from_moves([Square::A1]).unwrap();
        assert!(matches!(
            storage.after_change(&config(), &game),
            Some(StorageReport::KeptAside(_))
        ));
        assert!(storage.autosaved());
        assert_eq!(others(dir.path(), &path)[0].1, [0xff, 0xfe, 0x00]);
    }

    /// A data folder whose path runs through a file (`HIJARA_DATA_DIR=file/data`)
    /// holds no autosave: nothing is offered, and the first move's write fails as
    /// such ("Autosave failed ...: Not a directory; s saves by hand"). Before, the
    /// read's error turned the autosave off with "the earlier unfinished game in ...
    /// could not be kept aside", a game that could not be there.
    #[test]
    fn a_data_folder_under_a_file_has_no_earlier_game_to_keep() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, "").unwrap();
        let autosave = Autosave::at(file.join("data").join("autosave.hij"));
        assert!(matches!(unfinished_autosave(&autosave), Ok(None)));
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave));
        let game = Game::from_moves([Square::A1]).unwrap();
        let report = storage.after_change(&config(), &game);
        assert!(
            matches!(report, Some(StorageReport::AutosaveFailed { .. })),
            "{report:?}"
        );
        assert!(!storage.autosaved());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_device_at_the_autosave_is_reported_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.hij");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let autosave = Autosave::at(path.clone());
        let found = unfinished_autosave(&autosave).unwrap_err();
        assert!(found.error.contains("a device"), "{}", found.error);
        assert!(!found.readable);
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(autosave));
        let game = Game::from_moves([Square::A1]).unwrap();
        assert!(matches!(
            storage.after_change(&config(), &game),
            Some(StorageReport::AutosaveOff { .. })
        ));
        assert!(!storage.autosaved());
        assert!(
            std::fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_autosave_is_written_through_the_link() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("elsewhere.hij");
        std::fs::write(&real, "").unwrap();
        let path = dir.path().join("autosave.hij");
        std::os::unix::fs::symlink(&real, &path).unwrap();
        let mut storage = Storage::new(dir.path().to_path_buf(), Some(Autosave::at(path.clone())));
        let game = Game::from_moves([Square::A1]).unwrap();
        assert_eq!(storage.after_change(&config(), &game), None);
        assert!(
            std::fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(std::fs::read_to_string(&real).unwrap().contains("1. a1"));
    }

    #[test]
    fn a_finished_game_is_kept_beside_a_games_folder_that_is_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        std::fs::write(&games, "not a folder").unwrap();
        let mut storage =
            Storage::new(dir.path().to_path_buf(), None).with_history(Some(games.clone()));
        let Some(StorageReport::ArchivedBeside { path, .. }) =
            storage.archive(&config(), &full_game())
        else {
            panic!("expected a report");
        };
        let kept = others(dir.path(), &games);
        assert_eq!(kept.len(), 1, "{path:?}");
        assert_eq!(path, kept[0].0);
        let game = parse_record(std::str::from_utf8(&kept[0].1).unwrap())
            .unwrap()
            .game;
        assert!(game.is_over());
        assert_eq!(std::fs::read_to_string(&games).unwrap(), "not a folder");
    }
}
