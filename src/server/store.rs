//! The server's games on disk, so a restart loses none: every game in play as a
//! `.hij` record in the data folder's `tables/`, rewritten atomically after every
//! kept change; finished games in `games/` (the history), with both players' names and
//! key fingerprints; the players' switches in `prefs.json`. The hall's lock is never
//! held here; a version per table keeps a late write from putting back an older game.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::session::{Played, archive, files_newest_first, games_dir, read_regular, write_atomic};

use super::game_record::{Finished, read_table_record, table_record};
use super::outside::safe_text;
use super::prefs::{Pref, Prefs};
use super::table::{GameTable, Keep};

/// The folder of the games in play, inside the server's data folder.
pub const TABLES_DIR: &str = "tables";

/// A game read back from `tables/`.
pub(crate) struct Stored {
    pub(crate) id: u32,
    pub(crate) table: GameTable,
}

/// What was written of each table: the last version, and the round last archived.
#[derive(Debug, Default)]
struct Written {
    version: HashMap<u32, u64>,
    archived: HashMap<u32, u32>,
}

/// The server's games and switches on disk.
#[derive(Debug)]
pub(crate) struct Store {
    tables: PathBuf,
    history: PathBuf,
    written: Mutex<Written>,
    prefs: Mutex<Prefs>,
}

impl Store {
    /// The store in the server's data folder `data_dir`.
    pub(crate) fn new(data_dir: &Path) -> Store {
        Store {
            tables: data_dir.join(TABLES_DIR),
            history: games_dir(data_dir),
            written: Mutex::default(),
            prefs: Mutex::new(Prefs::load(data_dir)),
        }
    }

    fn path(&self, id: u32) -> PathBuf {
        self.tables.join(format!("table-{id}.hij"))
    }

    /// Keeps table `id` as `keep` says: a game that ended into the history (once),
    /// the game in play written, or its file gone. A keep older than one already
    /// written changes nothing in `tables/`.
    pub(crate) fn apply(&self, id: u32, keep: &Keep) -> io::Result<()> {
        let mut written = self.written.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((round, ended)) = &keep.ended
            && written.archived.get(&id) != Some(round)
        {
            let text = table_record(&ended.seats, &ended.game, &ended.course).to_string();
            archive(&self.history, &text)?;
            written.archived.insert(id, *round);
        }
        if written
            .version
            .get(&id)
            .is_some_and(|done| *done >= keep.version)
        {
            return Ok(());
        }
        match keep.playing {
            Some(_) => {
                let shown = &keep.snapshot;
                let text = table_record(&shown.seats, &shown.game, &shown.course).to_string();
                std::fs::create_dir_all(&self.tables)?;
                write_atomic(&self.path(id), text.as_bytes())?;
            }
            None => remove_file(&self.path(id))?,
        }
        written.version.insert(id, keep.version);
        Ok(())
    }

    /// `key`'s switches.
    pub(crate) fn pref(&self, key: &str) -> Pref {
        self.prefs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
    }

    /// Keeps `key`'s switches.
    pub(crate) fn set_pref(&self, key: &str, pref: Pref) {
        self.prefs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .update(key, |p| *p = pref);
    }

    /// The games in play that a previous run left, by table number. A file that
    /// can't be read as a server record is kept aside as `….unreadable` (never
    /// deleted) and named in the returned errors; a finished one goes to the history.
    pub(crate) fn load(&self) -> (Vec<Stored>, Vec<String>) {
        let mut games = Vec::new();
        let mut errors = Vec::new();
        let files = match files_newest_first(&self.tables) {
            Ok(files) => files,
            Err(error) => {
                errors.push(format!(
                    "{}: {error}",
                    safe_text(&self.tables.display().to_string())
                ));
                return (games, errors);
            }
        };
        for name in files {
            let path = self.tables.join(&name);
            let id = name
                .to_str()
                .and_then(|n| n.strip_prefix("table-"))
                .and_then(|n| n.strip_suffix(".hij"))
                .and_then(|n| n.parse::<u32>().ok());
            let read = read_regular(&path)
                .map_err(|e| e.to_string())
                .and_then(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_owned()))
                .and_then(|text| read_table_record(&text).map(|r| (r, text)));
            match (id, read) {
                (Some(id), Ok(((seats, game, course), text))) => {
                    if Played::new(&game, &course).is_over() {
                        let done = archive(&self.history, &text).and_then(|_| remove_file(&path));
                        if let Err(error) = done {
                            errors.push(format!("table {id}: {error}"));
                        }
                        continue;
                    }
                    games.push(Stored {
                        id,
                        table: GameTable::restored(seats, game, course, 1),
                    });
                }
                (_, result) => {
                    let why = result.err().unwrap_or_else(|| "not a table's name".into());
                    let mut aside = path.clone().into_os_string();
                    aside.push(".unreadable");
                    let kept = std::fs::rename(&path, &aside);
                    errors.push(format!(
                        "{}: {why}; {}",
                        safe_text(&path.display().to_string()),
                        match kept {
                            Ok(()) => "kept aside as .unreadable".to_owned(),
                            Err(e) => format!("left as it is ({e})"),
                        }
                    ));
                }
            }
        }
        games.sort_by_key(|g| g.id);
        (games, errors)
    }

    /// The finished games of the history that were played at this server (both
    /// players' keys in their tags), newest first. Other files are left out.
    pub(crate) fn history(&self) -> Vec<Finished> {
        let Ok(files) = files_newest_first(&self.history) else {
            return Vec::new();
        };
        files
            .into_iter()
            .filter_map(|name| {
                let bytes = read_regular(&self.history.join(name)).ok()?;
                let text = String::from_utf8(bytes).ok()?;
                let (seats, game, course) = read_table_record(&text).ok()?;
                Finished::of(&seats.map(Some), &game, &course)
            })
            .collect()
    }
}

/// Removes `path`; one already gone is fine.
fn remove_file(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}
