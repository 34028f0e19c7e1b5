//! The server's games on disk, so a restart loses none: every game in play as a
//! `.hij` record in the data folder's `tables/`, rewritten atomically after every
//! move; finished games in `games/` (the history), with both players' names and key
//! fingerprints. Writes happen outside the lobby's lock; a version per table keeps a
//! late write from putting back an older game.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::ai::Seat;
use crate::record::{GameResult, Record};
use crate::rules::{Game, Player};
use crate::session::{
    Course, PROGRAM_TYPE, Played, archive, files_newest_first, games_dir, parse_record,
    read_regular, seat_in, seat_tag, seat_type, seat_type_tag, today, write_atomic,
};

use super::outside::shown;
use super::tables::Who;

/// The folder of the games in play, inside the server's data folder.
pub const TABLES_DIR: &str = "tables";

/// The tag with Blue's key fingerprint (and [`key_tag`] Yellow's).
pub fn key_tag(player: Player) -> &'static str {
    match player {
        Player::Blue => "BlueKey",
        Player::Yellow => "YellowKey",
    }
}

/// The record of a game at the server: the players' names, that they are people,
/// their keys, the date, the rules, the moves and an early ending. The server's AI's
/// seat is a program named by its level (`[Yellow "hard"] [YellowType "program"]`),
/// without a key.
pub(crate) fn table_record(seats: &[Option<Who>; 2], game: &Game, course: &Course) -> Record {
    let mut tags: Vec<(&str, String)> = Vec::new();
    for player in Player::BOTH {
        if let Some(who) = &seats[player.index()] {
            tags.push((seat_tag(player), who.name.clone()));
            match who.level() {
                Some(level) => tags.push((
                    seat_type_tag(player),
                    seat_type(Seat::from(level)).to_owned(),
                )),
                None => {
                    tags.push((seat_type_tag(player), seat_type(Seat::Human).to_owned()));
                    tags.push((key_tag(player), who.key.clone()));
                }
            }
        }
    }
    tags.push(("Date", today()));
    // Every name above is a valid tag name.
    let mut record = Record::from_game(game, tags).unwrap_or_default();
    course.write_to(&mut record);
    record
}

/// Who sat in `player`'s seat, from a server record's tags: the server's AI (the type
/// tag says `program`, the name its level), or a person with a name and a key.
fn who_in(record: &Record, player: Player) -> Option<Who> {
    let program = record
        .tag(seat_type_tag(player))
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case(PROGRAM_TYPE));
    if program {
        return seat_in(record, player).and_then(Seat::level).map(Who::ai);
    }
    Some(Who {
        key: record.tag(key_tag(player))?.to_owned(),
        name: record.tag(seat_tag(player))?.to_owned(),
    })
}

/// One finished game of the server's history, as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finished {
    /// Who played each side (by [`Player::index`]).
    pub(crate) seats: [Who; 2],
    /// How it ended.
    pub(crate) result: GameResult,
    /// Each side's total.
    pub(crate) totals: [u32; 2],
}

impl Finished {
    /// The finished game at a table (a full board, or ended early), if it is finished
    /// and both seats are known.
    pub(crate) fn of(seats: &[Option<Who>; 2], game: &Game, course: &Course) -> Option<Finished> {
        let result = Played::new(game, course).result();
        if result == GameResult::Unfinished {
            return None;
        }
        Some(Finished {
            seats: [seats[0].clone()?, seats[1].clone()?],
            result,
            totals: Player::BOTH.map(|p| game.score(p)),
        })
    }
}

/// A game read back from `tables/`.
pub(crate) struct Stored {
    pub(crate) id: u32,
    pub(crate) seats: [Who; 2],
    pub(crate) game: Game,
    pub(crate) course: Course,
}

/// A write the lobby asks for, carried out after its lock is released.
#[derive(Debug)]
pub(crate) enum Write {
    /// Table `id`'s game as of `version`.
    Save { id: u32, version: u64, text: String },
    /// Table `id` ended (finished, or abandoned): the record goes to the history,
    /// then its file goes.
    Finish { id: u32, text: String },
}

/// The server's games on disk.
#[derive(Debug)]
pub(crate) struct Store {
    tables: PathBuf,
    history: PathBuf,
    /// The version last written of each table; `u64::MAX` once its file is gone.
    written: Mutex<HashMap<u32, u64>>,
}

impl Store {
    /// The store in the server's data folder `data_dir`.
    pub(crate) fn new(data_dir: &Path) -> Store {
        Store {
            tables: data_dir.join(TABLES_DIR),
            history: games_dir(data_dir),
            written: Mutex::new(HashMap::new()),
        }
    }

    fn path(&self, id: u32) -> PathBuf {
        self.tables.join(format!("table-{id}.hij"))
    }

    /// Carries out `write`; an error says which table and why. A save older than one
    /// already on disk is skipped (it is not an error: the newer game is there).
    pub(crate) fn apply(&self, write: &Write) -> io::Result<()> {
        let mut written = self.written.lock().unwrap_or_else(|p| p.into_inner());
        match write {
            Write::Save { id, version, text } => {
                if written.get(id).is_some_and(|done| done >= version) {
                    return Ok(());
                }
                std::fs::create_dir_all(&self.tables)?;
                write_atomic(&self.path(*id), text.as_bytes())?;
                written.insert(*id, *version);
            }
            Write::Finish { id, text } => {
                archive(&self.history, text)?;
                remove_file(&self.path(*id))?;
                written.insert(*id, u64::MAX);
            }
        }
        Ok(())
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
                    shown(&self.tables.display().to_string())
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
            match (id, read_stored(&path)) {
                (Some(id), Ok((seats, game, course, text))) => {
                    if Played::new(&game, &course).is_over() {
                        let done = Write::Finish { id, text };
                        if let Err(error) = self.apply(&done) {
                            errors.push(format!("table {id}: {error}"));
                        }
                        continue;
                    }
                    games.push(Stored {
                        id,
                        seats,
                        game,
                        course,
                    });
                }
                (_, result) => {
                    let why = result.err().unwrap_or_else(|| "not a table's name".into());
                    let mut aside = path.clone().into_os_string();
                    aside.push(".unreadable");
                    let kept = std::fs::rename(&path, &aside);
                    errors.push(format!(
                        "{}: {why}; {}",
                        shown(&path.display().to_string()),
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
                let (seats, game, course, _) = read_stored(&self.history.join(name)).ok()?;
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

/// A server record at `path`: both seats with their keys, the game, its course, and
/// the text.
fn read_stored(path: &Path) -> Result<([Who; 2], Game, Course, String), String> {
    let bytes = read_regular(path).map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())?;
    let loaded = parse_record(&text).map_err(|e| e.to_string())?;
    let seat = |player| who_in(&loaded.record, player).ok_or("a seat without a name or key");
    let seats = [seat(Player::Blue)?, seat(Player::Yellow)?];
    Ok((seats, loaded.game, loaded.course, text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;
    use crate::session::{seat_in, write_atomic};

    fn who(name: &str) -> Who {
        Who {
            key: format!("SHA256:{name}"),
            name: name.to_owned(),
        }
    }

    #[test]
    fn a_game_in_play_comes_back_and_an_older_save_never_wins() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let seats = [Some(who("hard")), Some(who("bob"))];
        let one = Game::from_moves([Square::B2]).unwrap();
        let two = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let save = |version, game: &Game| Write::Save {
            id: 7,
            version,
            text: table_record(&seats, game, &Course::NONE).to_string(),
        };
        store.apply(&save(2, &two)).unwrap();
        store.apply(&save(1, &one)).unwrap();
        let (games, errors) = Store::new(dir.path()).load();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].id, 7);
        assert_eq!(games[0].game.len(), 2);
        assert_eq!(games[0].seats[0], who("hard"));
        // The person called hard is a person in the record.
        let text = std::fs::read_to_string(dir.path().join("tables/table-7.hij")).unwrap();
        let record: Record = text.parse().unwrap();
        assert_eq!(seat_in(&record, Player::Blue), Some(crate::ai::Seat::Human));
        assert_eq!(record.tag("BlueKey"), Some("SHA256:hard"));
        // Ended: in the history, and a late save does not bring it back.
        let done = table_record(&seats, &two, &Course::NONE).to_string();
        store.apply(&Write::Finish { id: 7, text: done }).unwrap();
        store.apply(&save(3, &two)).unwrap();
        assert!(Store::new(dir.path()).load().0.is_empty());
        assert_eq!(files_newest_first(&games_dir(dir.path())).unwrap().len(), 1);
    }

    #[test]
    fn a_finished_game_goes_to_the_history_and_a_bad_file_is_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let seats = [Some(who("ann")), Some(who("bob"))];
        let mut game = Game::new();
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
        }
        let text = table_record(&seats, &game, &Course::NONE).to_string();
        store
            .apply(&Write::Save {
                id: 1,
                version: 1,
                text: text.clone(),
            })
            .unwrap();
        let tables = dir.path().join(TABLES_DIR);
        write_atomic(&tables.join("table-2.hij"), b"a1 e9\n").unwrap();
        let (games, errors) = store.load();
        assert!(games.is_empty());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("e9"), "{errors:?}");
        assert!(tables.join("table-2.hij.unreadable").exists());
        assert!(!tables.join("table-1.hij").exists());
        let history = store.history();
        assert_eq!(history.len(), 1);
        assert_eq!(history[0].seats, [who("ann"), who("bob")]);
        assert_eq!(history[0].result, GameResult::of(&game));
    }
}
