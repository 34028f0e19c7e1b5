//! An older data folder, made before the store: `names.json`, `prefs.json`, the games
//! in play in `tables/` and the history in `games/`. The first start with the store
//! imports them all in the transaction that makes the schema (all or nothing), then
//! sets the old files aside (renamed `….imported`, never deleted) and leaves a
//! `names.json` that is not JSON: an older hijara reading this folder would otherwise
//! find no names and start trust on first use over; with it, it refuses to start
//! ("… is not a names file").

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use rusqlite::{Transaction, params};
use serde::Deserialize;

use crate::prefs::Palette;
use crate::session::{Played, files_newest_first, read_regular, without_bom};

use super::super::game_record::read_table_record;
use super::super::names::{NAMES_FILE, folded, look_alike};
use super::super::outside::safe_text;
use super::super::prefs::PREFS_FILE;
use super::super::table::Snapshot;
use super::writer::write_finished;

/// One player's switches in an older `prefs.json`: colour on or off, before palettes.
#[derive(Deserialize)]
#[serde(default)]
struct FilePref {
    colour: bool,
    bell: bool,
    mute: bool,
}

impl Default for FilePref {
    fn default() -> FilePref {
        FilePref {
            colour: true,
            bell: true,
            mute: false,
        }
    }
}

/// The older folders of games in play and finished games.
const TABLES_DIR: &str = "tables";
const GAMES_DIR: &str = "games";

/// The most an older names or switches file may hold.
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The first line of the `names.json` left for older versions.
const GUARD_MARK: &str = "hijara serve keeps its data in hijara.db now.";

/// What an older hijara finds in `names.json` after the import.
fn guard_text() -> String {
    format!(
        "{GUARD_MARK}\nSince {}, the names, switches, games in play and history of this \
         server are in hijara.db (the files of an older version, if there were any, are \
         kept beside it as *.imported).\nThis file is not JSON on purpose: an older \
         hijara serve refuses to start here, rather than finding no names and letting \
         anyone take them again.\n",
        chrono::Utc::now().format("%Y-%m-%d %H:%M UTC")
    )
}

/// One bound name in an older `names.json`.
#[derive(Debug, Deserialize)]
struct Binding {
    name: String,
    key: String,
}

/// The text of the older file at `path`, if there is one: a regular file, at most
/// [`MAX_FILE_BYTES`], without a byte-order mark (an editor's, as the local files'
/// readers skip it: serde_json refuses it).
fn read_small(path: &Path) -> anyhow::Result<Option<String>> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    if !meta.file_type().is_file() {
        bail!("{} is not a regular file", path.display());
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_string(&mut text))
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_FILE_BYTES {
        bail!("{} is larger than {MAX_FILE_BYTES} bytes", path.display());
    }
    Ok(Some(without_bom(&text).to_owned()))
}

/// Imports the older files of `data_dir` in `tx`; the problems met (each file that
/// can't be read is left as it is, and named). A names file that can't be read is
/// an error: the server does not start rather than forget who is who.
pub(super) fn import(tx: &Transaction<'_>, data_dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut problems = Vec::new();
    let names_path = data_dir.join(NAMES_FILE);
    if let Some(text) = read_small(&names_path)?
        && !text.starts_with(GUARD_MARK)
    {
        let names: BTreeMap<String, Binding> = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a names file", names_path.display()))?;
        let mut insert = tx.prepare(
            "INSERT OR IGNORE INTO names (folded, name, key, look, bound) VALUES (?1, ?2, ?3, ?4, 'imported')",
        )?;
        for binding in names.values() {
            insert.execute(params![
                folded(&binding.name),
                binding.name,
                binding.key,
                look_alike(&binding.name)
            ])?;
        }
    }
    let prefs_path = data_dir.join(PREFS_FILE);
    let prefs = read_small(&prefs_path).and_then(|text| {
        text.map(|t| serde_json::from_str::<BTreeMap<String, FilePref>>(&t).map_err(Into::into))
            .transpose()
    });
    match prefs {
        Ok(prefs) => {
            let mut insert = tx.prepare(
                "INSERT OR REPLACE INTO prefs (key, colour, bell, mute, palette, palette_chosen)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for (key, pref) in prefs.unwrap_or_default() {
                let palette = if pref.colour {
                    Palette::Default
                } else {
                    Palette::None
                };
                insert.execute(params![
                    key,
                    pref.colour,
                    pref.bell,
                    pref.mute,
                    palette.name(),
                    // Colour switched off was a choice; on was what everyone had.
                    !pref.colour
                ])?;
            }
        }
        Err(error) => problems.push(format!(
            "{} was not imported ({}): the switches start afresh",
            safe_text(&prefs_path.display().to_string()),
            safe_text(&format!("{error:#}"))
        )),
    }
    import_games(tx, &data_dir.join(TABLES_DIR), true, &mut problems)?;
    import_games(tx, &data_dir.join(GAMES_DIR), false, &mut problems)?;
    Ok(problems)
}

/// Imports the records in `dir`: games in play (`tables/`, named `table-N.hij`) and
/// finished games (the history, or a table's game that had ended).
fn import_games(
    tx: &Transaction<'_>,
    dir: &Path,
    in_play: bool,
    problems: &mut Vec<String>,
) -> anyhow::Result<()> {
    let files = match files_newest_first(dir) {
        Ok(files) => files,
        Err(error) => {
            problems.push(format!(
                "{}: {error}",
                safe_text(&dir.display().to_string())
            ));
            return Ok(());
        }
    };
    // Oldest first, so the history keeps its order.
    for name in files.into_iter().rev() {
        let path = dir.join(&name);
        let read = read_regular(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_owned()))
            .and_then(|text| read_table_record(&text).map(|r| (r, text)));
        let ((seats, game, course), text) = match read {
            Ok(read) => read,
            Err(why) => {
                problems.push(format!(
                    "{} was not imported: {}",
                    safe_text(&path.display().to_string()),
                    safe_text(&why)
                ));
                continue;
            }
        };
        let id = name
            .to_str()
            .and_then(|n| n.strip_prefix("table-"))
            .and_then(|n| n.strip_suffix(".hij"))
            .and_then(|n| n.parse::<u32>().ok());
        let over = Played::new(&game, &course).is_over();
        match (in_play, id) {
            (true, Some(id)) if !over => {
                tx.execute(
                    "INSERT INTO live (table_id, round, version, playing, record) VALUES (?1, 1, 1, 1, ?2)",
                    params![id, text],
                )?;
            }
            (true, None) => problems.push(format!(
                "{} was not imported: not a table's name",
                safe_text(&path.display().to_string())
            )),
            _ => {
                let ended = Snapshot {
                    seats: seats.map(Some),
                    game,
                    course,
                    epoch: 0,
                    round: 1,
                    rated: false,
                    corr: None,
                    chat: Default::default(),
                    code: None,
                    claimed: false,
                    at_restart: false,
                };
                write_finished(tx, None, &ended, stamp_of(&name.to_string_lossy()))?;
            }
        }
    }
    Ok(())
}

/// When a history file was kept, from its `hijara-YYYYMMDD-HHMMSS[-N].hij` name (the
/// server's local time), in UTC as the store writes dates.
fn stamp_of(file: &str) -> Option<String> {
    use chrono::TimeZone;
    let stamp = file.strip_prefix("hijara-")?.get(..15)?;
    let local = chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%d-%H%M%S").ok()?;
    let utc = chrono::Local
        .from_local_datetime(&local)
        .earliest()?
        .to_utc();
    Some(utc.format("%Y-%m-%dT%H:%M:%SZ").to_string())
}

/// A free name beside `path` for it set aside: `….imported`, or `….imported-2`, ….
fn aside(path: &Path) -> PathBuf {
    let mut n = 1;
    loop {
        let mut name = path.as_os_str().to_owned();
        name.push(".imported");
        if n > 1 {
            name.push(format!("-{n}"));
        }
        let candidate = PathBuf::from(name);
        if std::fs::symlink_metadata(&candidate).is_err() {
            return candidate;
        }
        n += 1;
    }
}

/// Sets the older files of `data_dir` aside (renamed, never deleted) and leaves the
/// `names.json` that stops an older hijara; the problems met, for the log. Done at
/// every start, so a start that stopped between the import and this finishes it.
pub(super) fn set_aside(data_dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let names_path = data_dir.join(NAMES_FILE);
    let guarded = read_small(&names_path)
        .ok()
        .flatten()
        .is_some_and(|text| text.starts_with(GUARD_MARK));
    let mut old: Vec<PathBuf> = [PREFS_FILE, TABLES_DIR, GAMES_DIR]
        .iter()
        .map(|name| data_dir.join(name))
        .collect();
    if !guarded {
        old.insert(0, names_path.clone());
    }
    for path in old {
        if std::fs::symlink_metadata(&path).is_err() {
            continue;
        }
        let to = aside(&path);
        if let Err(error) = std::fs::rename(&path, &to) {
            problems.push(format!(
                "{} could not be set aside: {error}",
                safe_text(&path.display().to_string())
            ));
        }
    }
    if !guarded {
        let written = crate::session::write_atomic(&names_path, guard_text().as_bytes());
        if let Err(error) = written {
            problems.push(format!(
                "{} could not be written (an older hijara could start here afresh): {error}",
                safe_text(&names_path.display().to_string())
            ));
        }
    }
    problems
}
