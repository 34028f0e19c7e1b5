//! The server's store: one SQLite database in the data folder (`hijara.db`, WAL,
//! `synchronous=FULL`, mode 0600) with the names bound to keys, each player's
//! switches, the games in play and the history. One thread writes it
//! ([`writer`]), fed by a bounded channel; every other access is a read on a
//! connection of its own. No lock any session waits on is ever held while the disk
//! works.
//!
//! Opening checks the database's integrity (SQLite's quick check; a database that fails is moved aside,
//! never deleted, and the server does not start), brings its schema to this
//! program's version ([`schema`]), and, the first time, imports an older data
//! folder ([`import`]).

pub(crate) mod admin;
pub(crate) mod change;
pub(crate) mod club;
#[cfg(any(test, feature = "tools"))]
pub(crate) mod fill;
mod import;
mod schema;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, bail};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use crate::record::GameResult;

use super::chat::ChatLog;
use super::corr::CorrState;
use super::game_record::{Finished, read_table_record};
use super::names::{NameError, folded, look_alike};
use super::outside::safe_text;
use super::prefs::Pref;
use super::table::GameTable;
use super::wall::CorrTime;
use super::who::Who;

#[cfg(test)]
pub(crate) use change::release_name;
pub(crate) use writer::{Hold, Kept, Log, STOPPED, Thought, Writer};

/// The database's file name inside the data folder.
pub const DB_FILE: &str = "hijara.db";

/// How long a connection waits for another (an operator's command, a backup) to
/// finish writing before it gives up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Read connections kept for reuse.
const KEPT_READERS: usize = 4;

/// A game in play a previous run kept, to put back at its table.
pub(crate) struct Stored {
    pub(crate) id: u32,
    pub(crate) table: GameTable,
    /// The client address the table was opened from, when the store kept it (from
    /// schema 13; a game kept before, or opened by no address, has none).
    pub(crate) from: Option<std::net::IpAddr>,
}

/// What opening the store found.
pub(crate) struct Opened {
    /// The games in play a previous run left.
    pub(crate) stored: Vec<Stored>,
    /// The highest table number the store knows (new tables are numbered after it).
    pub(crate) last_table: u32,
    /// What went wrong reading stored games, or importing an older folder (each
    /// kept as it was), and games an older schema's migration unlisted, for the log.
    pub(crate) problems: Vec<String>,
    /// The seconds the server has been down in all: correspondence clocks do not
    /// count them ([`super::wall`]).
    pub(crate) paused: i64,
    /// The vacation days each player used this year (those who used any).
    pub(crate) vacations: Vec<(String, u32)>,
    /// The correspondence tables that were open, nobody sat at, when a previous run
    /// stopped: each owner's key and the table's number (their owners not told yet).
    pub(crate) closed_corr: Vec<(String, u32)>,
    /// The vacation days used for players who were not told of them yet, by key.
    pub(crate) days_untold: Vec<(String, u32)>,
    /// The wins claimed against players who were not told of them yet.
    pub(crate) ends_untold: Vec<super::club::EndUntold>,
}

/// The open correspondence tables a previous run left, closed now (no open table is
/// brought back): marked so, and each owner's key and table number, in number order,
/// for the owners to be told at their next login.
fn close_open_corr(conn: &mut Connection) -> anyhow::Result<Vec<(String, u32)>> {
    let tx = conn.transaction()?;
    tx.execute("UPDATE open_corr SET closed = 1", [])?;
    let closed = tx
        .prepare("SELECT key, table_id FROM open_corr WHERE closed = 1 ORDER BY table_id, rowid")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<Vec<(String, u32)>>>()?;
    tx.commit()
        .context("cannot note the open correspondence tables closed")?;
    Ok(closed)
}

/// A player's history at the server, as their lobby shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct History {
    /// Their last finished game.
    pub(crate) last: Option<Finished>,
    /// Whether that game was played as rated and ended too soon to be rated
    /// (`rating::ended_too_soon`): the lobby says it was not rated, as a profile does.
    pub(crate) last_too_soon: bool,
    /// How that game ended (a resignation, on time, abandoned), for the lobby to say.
    pub(crate) last_ending: crate::record::Termination,
    /// Whether that game, abandoned, was won by a claim (the loser's link dropped)
    /// rather than left.
    pub(crate) last_claimed: bool,
    /// Their results against each opponent.
    pub(crate) tally: Tally,
}

/// A player's results against each opponent (by key), as their lobby and profile say
/// them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Most games first: the name as last seen and shown, wins, draws, losses. A game
    /// played as rated that ended too soon is left out, as the ratings and
    /// leaderboards leave it out.
    pub(crate) each: Vec<(String, [u32; 3])>,
    /// How many games were left out so (the screens say so: the profile's list of
    /// games, just under, shows them `not rated: early`, and they read as missing).
    pub(crate) early: u32,
}

/// The server's database, shared by every connection of the server.
pub(crate) struct Store {
    path: PathBuf,
    readers: Mutex<Vec<Connection>>,
    /// The admin socket ([`admin`]), declared before the writer: it holds a way to
    /// the writer, so it must stop first (the writer's thread ends once every way to it
    /// is gone). `None` when it could not be made (the start's problems say why).
    #[cfg(unix)]
    _admin: Option<admin::Admin>,
    writer: Writer,
    /// The data folder's lock ([`lock_folder`]), declared last so it is let go only
    /// once the writer has finished.
    _folder: std::fs::File,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

/// The database's path in `data_dir`.
pub fn db_path(data_dir: &Path) -> PathBuf {
    data_dir.join(DB_FILE)
}

/// The file a serving store holds locked in its data folder, with its process's id.
pub const LOCK_FILE: &str = "serve.lock";

/// Who holds a data folder's lock, as its [`LOCK_FILE`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Holder {
    /// The holder's process id, when the file names one.
    pub(crate) pid: Option<u32>,
    /// Whether it is an operator's command (`release`, `forget`), not a server.
    pub(crate) command: bool,
}

impl Holder {
    /// ` (process 4242)`, or nothing when the file named no process.
    fn process(self) -> String {
        self.pid
            .map_or_else(String::new, |pid| format!(" (process {pid})"))
    }
}

/// A data folder's lock, taken or not.
#[derive(Debug)]
pub(crate) enum FolderLock {
    /// Ours, until the file is dropped.
    Taken(std::fs::File),
    /// Someone else's.
    Held(Holder),
}

/// The word the lock file of an operator's command carries after its process id.
const COMMAND_MARK: &str = "command";

/// Tries to lock `data_dir` (`flock` on [`LOCK_FILE`], let go with the file, so by the
/// system at any exit, `kill -9` too), noting in the file this process's id, and
/// [`COMMAND_MARK`] when `command`.
fn try_lock_folder(data_dir: &Path, command: bool) -> anyhow::Result<FolderLock> {
    let path = data_dir.join(LOCK_FILE);
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = match options.open(&path) {
        Ok(file) => file,
        // A read-only folder stopped `release` and `forget` here, with no remedy
        // (QA s32): said as the database's commands say it.
        Err(_) if let Some(why) = read_only_folder(data_dir) => bail!(why),
        Err(error) => {
            return Err(error)
                .with_context(|| format!("cannot lock the data folder ({})", path.display()));
        }
    };
    #[cfg(unix)]
    {
        use std::io::{Read, Seek, Write};
        use std::os::fd::AsRawFd;
        // SAFETY: a descriptor of ours, open for as long as the call.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::WouldBlock {
                return Err(error)
                    .with_context(|| format!("cannot lock the data folder ({})", path.display()));
            }
            let mut holder = String::new();
            let _ = (&file).take(64).read_to_string(&mut holder);
            let mut words = holder.split_whitespace();
            return Ok(FolderLock::Held(Holder {
                pid: words.next().and_then(|pid| pid.parse::<u32>().ok()),
                command: words.next() == Some(COMMAND_MARK),
            }));
        }
        // Who holds it, for the messages of the others: a failed write costs only that.
        let mut writer = &file;
        let _ = file.set_len(0).and_then(|()| {
            writer.rewind()?;
            if command {
                writeln!(writer, "{} {COMMAND_MARK}", std::process::id())
            } else {
                writeln!(writer, "{}", std::process::id())
            }
        });
    }
    #[cfg(not(unix))]
    let _ = command;
    Ok(FolderLock::Taken(file))
}

/// Locks `data_dir` for this server alone ([`try_lock_folder`]), before anything there
/// is read or changed. A second `hijara serve` on the folder stopped nothing before: it
/// closed the first's open correspondence tables, took its games in play, and both
/// wrote them. An operator's command that changes the store holds the same lock while
/// it writes with no server running ([`lock_for_operator`]).
fn lock_folder(data_dir: &Path) -> anyhow::Result<std::fs::File> {
    match try_lock_folder(data_dir, false)? {
        FolderLock::Taken(file) => Ok(file),
        FolderLock::Held(holder) if holder.command => bail!(
            "an operator's command{} is changing the database in {}: start the server \
             again once it is done (it takes a moment)",
            holder.process(),
            data_dir.display()
        ),
        FolderLock::Held(holder) => bail!(
            "another hijara serve{} is using the data folder {}: one server a \
             folder. Stop it first, or give this one another --data-dir",
            holder.process(),
            data_dir.display()
        ),
    }
}

/// For an operator's command that changes the store: the folder's lock, taken (no
/// server runs: the command writes, and a server starting meanwhile refuses), or who
/// holds it (a server: the command asks it over [`admin`]). An error when there is no
/// database, or another command holds the lock.
pub(crate) fn lock_for_operator(data_dir: &Path) -> anyhow::Result<FolderLock> {
    existing_db(data_dir)?;
    let lock = try_lock_folder(data_dir, true)?;
    if let FolderLock::Held(holder) = lock
        && holder.command
    {
        bail!(
            "another operator's command{} is changing the database in {}: nothing \
             changed; try again once it is done",
            holder.process(),
            data_dir.display()
        );
    }
    Ok(lock)
}

/// Opens a connection to the database at `path` with the store's settings.
fn connect(path: &Path, flags: OpenFlags) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // A commit is on disk before the writer says so: kill -9 loses nothing kept.
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(conn)
}

/// Makes `path` (and the database's `-wal` and `-shm` files beside it) readable and
/// writable by its owner only.
fn owner_only(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for suffix in ["", "-wal", "-shm"] {
            let mut file = path.as_os_str().to_owned();
            file.push(suffix);
            match std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Creates the database file, empty, with mode 0600, if there is none: SQLite would
/// make it readable by everyone (its -wal and -shm files take its mode).
fn create_owner_only(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Whether `error` says the file is no database, or a damaged one.
fn damaged(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt)
    )
}

/// The database at `path` fails its integrity check (or can't be read as one):
/// moves it (and its -wal and -shm) aside and says where.
fn keep_aside(path: &Path, why: &str) -> anyhow::Error {
    let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
    let mut moved = Vec::new();
    for suffix in ["", "-wal", "-shm"] {
        let mut from = path.as_os_str().to_owned();
        from.push(suffix);
        let mut to = path.as_os_str().to_owned();
        to.push(format!(".damaged-{stamp}{suffix}"));
        if std::fs::rename(&from, &to).is_ok() {
            moved.push(PathBuf::from(to));
        }
    }
    let aside = moved.first().map_or_else(
        || "left where it is".to_owned(),
        |p| format!("kept aside as {}", p.display()),
    );
    anyhow::anyhow!(
        "the server's database {} failed its integrity check ({}); it is {aside}. \
         Restore a backup (hijara serve backup) as {}, or start again and the server \
         begins with an empty database: names bound to keys start over",
        path.display(),
        safe_text(why),
        path.display()
    )
}

impl Store {
    /// Opens (or creates) the database in `data_dir`, checks it, brings its schema
    /// up to date, imports an older data folder the first time, and starts the
    /// writer, which calls `kept` with the result of every batch of keeps.
    #[cfg(test)]
    pub(crate) fn open(data_dir: &Path, log: Log, kept: Kept) -> anyhow::Result<(Store, Opened)> {
        Store::open_with(data_dir, log, kept, &CorrTime::default())
    }

    /// Opens the store as the tests' `Store::open` does, on the wall clock of `time`:
    /// the time the server was down since it was last up is added to the correspondence
    /// clocks' pause.
    pub(crate) fn open_with(
        data_dir: &Path,
        log: Log,
        kept: Kept,
        time: &CorrTime,
    ) -> anyhow::Result<(Store, Opened)> {
        let folder = lock_folder(data_dir)?;
        let path = db_path(data_dir);
        // A folder (or a device) in its place: create_owner_only took it as there,
        // and owner_only changed its mode to 0600 before SQLite refused it.
        if let Ok(meta) = std::fs::metadata(&path)
            && !meta.is_file()
        {
            bail!(
                "the database {} is not a regular file: move it away, or start the \
                 server with another --data-dir",
                path.display()
            );
        }
        create_owner_only(&path)
            .with_context(|| format!("cannot create the database {}", path.display()))?;
        owner_only(&path).with_context(|| format!("cannot make {} private", path.display()))?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = match connect(&path, flags) {
            Ok(conn) => conn,
            Err(error) if damaged(&error) => return Err(keep_aside(&path, &error.to_string())),
            Err(error) => {
                return Err(error)
                    .with_context(|| format!("cannot open the database {}", path.display()));
            }
        };
        // SQLite's quick check: every page and record read and checked, but not each
        // index against its table (the full check took 1.5 s of a 2 s start with
        // 100,000 games; docs/club.md, "Scale"). `hijara serve backup` checks its
        // copy in full.
        let check: rusqlite::Result<String> =
            conn.query_row("PRAGMA quick_check(1)", [], |row| row.get(0));
        match check {
            Ok(verdict) if verdict == "ok" => {}
            Ok(verdict) => {
                drop(conn);
                return Err(keep_aside(&path, &verdict));
            }
            Err(error) if damaged(&error) => {
                drop(conn);
                return Err(keep_aside(&path, &error.to_string()));
            }
            Err(error) => {
                return Err(error)
                    .with_context(|| format!("cannot check the database {}", path.display()));
            }
        }
        let mode: String = conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            .context("cannot switch the database to WAL")?;
        if !mode.eq_ignore_ascii_case("wal") {
            bail!("the database {} refused WAL mode ({mode})", path.display());
        }
        let mut problems = Vec::new();
        let version = schema::version(&conn)?;
        if version > schema::current() {
            bail!(
                "the database {} was made by a newer hijara (schema {version}; this one knows {})",
                path.display(),
                schema::current()
            );
        }
        if version < schema::current() {
            let tx = conn.transaction()?;
            // Whether its games in play kept their privacy: not before codes were
            // kept, nor at a version 8 without them (schema::CODES_ADDED_AT).
            let codes_kept = version >= schema::CODES_KEPT_FROM && schema::keeps_codes(&tx)?;
            schema::migrate(&tx, version)?;
            // The first time: an older data folder's files come in with the schema.
            if version == 0 {
                problems.extend(import::import(&tx, data_dir)?);
            }
            // Games kept before their privacy was: not listed (the safe default).
            if !codes_kept {
                let unlisted = schema::unlist_games_of_unknown_privacy(&tx)?;
                let before = if version < schema::CODES_KEPT_FROM {
                    schema::CODES_KEPT_FROM
                } else {
                    schema::CODES_ADDED_AT
                };
                if unlisted > 0 {
                    problems.push(format!(
                        "{} in play from before schema {} not listed (as private): which \
                         were private was not kept",
                        crate::strings::count(
                            u64::try_from(unlisted).unwrap_or(u64::MAX),
                            "game",
                            "games"
                        ),
                        before
                    ));
                }
            }
            tx.commit().context("cannot write the database's schema")?;
        }
        // Finishes an import (its files set aside) and guards the folder against an
        // older hijara, every time: a crash may have come between the two.
        problems.extend(import::set_aside(data_dir));
        owner_only(&path).with_context(|| format!("cannot make {} private", path.display()))?;
        let paused = {
            let tx = conn.transaction()?;
            let paused = club::resume_clock(&tx, time.wall())?;
            tx.commit()
                .context("cannot keep the time the server is up at")?;
            paused
        };
        let vacations = club::vacations(&conn, time.year())?;
        let days_untold = club::days_untold(&conn)?;
        let ends_untold = club::ends_untold(&conn)?;
        let closed_corr = close_open_corr(&mut conn)?;
        let (stored, last_table) = load_live(&mut conn, &mut problems)?;
        // After a crash the clock resumes from the last heartbeat (2 s at most before
        // it while a correspondence game is in play): a correspondence turn begun since then would begin after "now",
        // and its mover was shown more than their whole time (`2d 1h` at a game of a
        // day a move and a day's bank). The server was up when that turn began: the
        // clock resumes no earlier.
        let latest = stored
            .iter()
            .filter_map(|s| s.table.corr().and_then(|clock| clock.since()))
            .max();
        let paused = match latest {
            Some(since) if time.wall() - paused < since => {
                let paused = (time.wall() - since).max(0);
                let tx = conn.transaction()?;
                club::set_paused(&tx, paused)?;
                tx.commit()
                    .context("cannot keep the time the server is up at")?;
                paused
            }
            _ => paused,
        };
        // The names unused for a month and never played with go now (nobody is on
        // the server yet), and then once a day by the writer (`SharedHall`'s timer).
        let released = {
            let tx = conn.transaction()?;
            let released = writer::sweep_names(&tx, time.wall(), &[])?;
            tx.commit().context("cannot release the unused names")?;
            released
        };
        for (name, key) in &released {
            log(&writer::released_line(name, key));
        }
        let writer = Writer::start(conn, log.clone(), kept, time.wall_clock())?;
        // The operator's changes go to this writer while the server runs.
        #[cfg(unix)]
        let admin = match writer
            .changes()
            .map(|changes| admin::Admin::start(data_dir, changes, log))
        {
            Some(Ok(admin)) => Some(admin),
            Some(Err(error)) => {
                problems.push(format!(
                    "{error:#}: hijara serve release and forget refuse to change this \
                     server's store while it runs"
                ));
                None
            }
            None => None,
        };
        let store = Store {
            path,
            readers: Mutex::new(Vec::new()),
            #[cfg(unix)]
            _admin: admin,
            writer,
            _folder: folder,
        };
        Ok((
            store,
            Opened {
                stored,
                last_table,
                problems,
                paused,
                vacations,
                closed_corr,
                days_untold,
                ends_untold,
            },
        ))
    }

    /// The writer, to hand it work.
    pub(crate) fn writer(&self) -> &Writer {
        &self.writer
    }

    /// Runs one of the club's reads ([`club`]) on a read connection.
    pub(crate) fn club<T>(
        &self,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> anyhow::Result<T> {
        self.read(read)
    }

    /// Runs `read` on a read connection (one kept from before, or a new one).
    fn read<T>(&self, read: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> anyhow::Result<T> {
        let kept = self.readers.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let conn = match kept {
            Some(conn) => conn,
            None => connect(
                &self.path,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )?,
        };
        let result = read(&conn);
        let mut readers = self.readers.lock().unwrap_or_else(|p| p.into_inner());
        if readers.len() < KEPT_READERS {
            readers.push(conn);
        }
        Ok(result?)
    }

    /// `key`'s switches (the defaults if none are kept, or the read failed).
    pub(crate) fn pref(&self, key: &str) -> Pref {
        self.read(|conn| {
            conn.prepare_cached(
                "SELECT palette, bell, mute, plain, ascii, notify, palette_chosen FROM prefs
                 WHERE key = ?1",
            )?
            .query_row([key], |row| {
                // A name this hijara does not know (a newer one's) reads as the default.
                let palette: String = row.get(0)?;
                Ok(Pref {
                    palette: palette.parse().unwrap_or_default(),
                    palette_chosen: row.get(6)?,
                    bell: row.get(1)?,
                    mute: row.get(2)?,
                    plain: row.get(3)?,
                    ascii: row.get(4)?,
                    notify: row.get(5)?,
                })
            })
            .optional()
        })
        .ok()
        .flatten()
        .unwrap_or_default()
    }

    /// Whether `name` (any case) is bound to `key` already.
    pub(crate) fn name_is_of(&self, name: &str, key: &str) -> anyhow::Result<bool> {
        let owner = self.read(|conn| club::key_of_name(conn, name))?;
        Ok(owner.as_deref() == Some(key))
    }

    /// Whether `name`, in any case or a look-alike of it, is bound to a key.
    pub(crate) fn name_is_bound(&self, name: &str) -> anyhow::Result<bool> {
        let (folded, look) = (folded(name), look_alike(name));
        self.read(|conn| {
            conn.prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM names WHERE folded = ?1 OR look = ?2)",
            )?
            .query_row([folded, look], |row| row.get(0))
        })
    }

    /// Binds `name` to `key`, or finds it bound to it already (see
    /// [`writer::claim_name`]); waits for the writer.
    pub(crate) fn claim_name(&self, name: &str, key: &str) -> Result<(), NameError> {
        self.writer.claim_name(name, key)
    }

    /// A new guest's number, never given before (the writer counts them in the
    /// database); waits for the writer.
    pub(crate) fn new_guest(&self) -> anyhow::Result<u64> {
        self.writer.new_guest()
    }

    /// `key`'s history: their last finished game and their tally per opponent,
    /// queried (never held whole in memory).
    pub(crate) fn history(&self, key: &str) -> anyhow::Result<History> {
        // The rule of `rating::ended_too_soon`, as SQL can apply it.
        let rated_from = i64::try_from(crate::rating::RATED_FROM_MOVES).unwrap_or(i64::MAX);
        self.read(|conn| {
            let last = conn
                .prepare_cached(
                    "SELECT blue_name, blue_key, yellow_name, yellow_key, result, blue_total, yellow_total,
                            played_rated AND moves < ?2, termination, claimed
                     FROM finished WHERE (blue_key = ?1 OR yellow_key = ?1) AND result != '*'
                     ORDER BY id DESC LIMIT 1",
                )?
                .query_row(params![key, rated_from], |row| {
                    let seat = |name: usize, key: usize| -> rusqlite::Result<Who> {
                        Ok(Who {
                            name: row.get(name)?,
                            key: row.get(key)?,
                        })
                    };
                    let result: String = row.get(4)?;
                    let finished = Finished {
                        seats: [seat(0, 1)?, seat(2, 3)?],
                        result: result.parse().unwrap_or(GameResult::Unfinished),
                        totals: [row.get(5)?, row.get(6)?],
                    };
                    // A token no version wrote is taken as a normal ending: the
                    // lobby then says only the result, as it did before.
                    let ending: String = row.get(8)?;
                    Ok((
                        finished,
                        row.get::<_, bool>(7)?,
                        ending.parse().unwrap_or_default(),
                        row.get::<_, bool>(9)?,
                    ))
                })
                .optional()?;
            let (last, last_too_soon, last_ending, last_claimed) = match last {
                Some((finished, too_soon, ending, claimed)) => {
                    (Some(finished), too_soon, ending, claimed)
                }
                None => (None, false, crate::record::Termination::Normal, false),
            };
            // The opponent's name as last seen: SQLite takes the bare column from the
            // row of max(id).
            let mut tally = conn.prepare_cached(
                "SELECT opponent, name, max(id), sum(won), sum(drawn), sum(lost), count(*) AS games
                 FROM (
                     SELECT yellow_key AS opponent, yellow_name AS name, id,
                            result = '1-0' AS won, result = '1/2-1/2' AS drawn, result = '0-1' AS lost
                     FROM finished WHERE blue_key = ?1 AND result != '*'
                         AND NOT (played_rated AND moves < ?2)
                     UNION ALL
                     SELECT blue_key, blue_name, id,
                            result = '0-1', result = '1/2-1/2', result = '1-0'
                     FROM finished WHERE yellow_key = ?1 AND result != '*'
                         AND NOT (played_rated AND moves < ?2)
                 )
                 GROUP BY opponent ORDER BY games DESC, max(id) DESC",
            )?;
            let tally = tally
                .query_map(params![key, rated_from], |row| {
                    let who = Who {
                        key: row.get(0)?,
                        name: row.get(1)?,
                    };
                    Ok((who.display_name(), [row.get(3)?, row.get(4)?, row.get(5)?]))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let early = conn
                .prepare_cached(
                    "SELECT count(*) FROM finished
                     WHERE (blue_key = ?1 OR yellow_key = ?1) AND result != '*'
                         AND played_rated AND moves < ?2",
                )?
                .query_row(params![key, rated_from], |row| row.get(0))?;
            Ok(History {
                last,
                last_too_soon,
                last_ending,
                last_claimed,
                tally: Tally { each: tally, early },
            })
        })
    }
}

/// The games in play the database holds (a record that can't be read is left in the
/// database and named in `problems`), and the highest table number it knows: of a
/// game in play, a finished game, or an open correspondence table a restart closed
/// (its owner, not told yet, will read its number: a new table must not take it). The
/// marks of tables with no game left are cleared.
fn load_live(
    conn: &mut Connection,
    problems: &mut Vec<String>,
) -> anyhow::Result<(Vec<Stored>, u32)> {
    let tx = conn.transaction()?;
    let last: i64 = tx.query_row(
        "SELECT max(coalesce((SELECT max(table_id) FROM live), 0),
                    coalesce((SELECT max(table_id) FROM finished), 0),
                    coalesce((SELECT max(table_id) FROM open_corr), 0))",
        [],
        |row| row.get(0),
    )?;
    let mut stored = Vec::new();
    {
        let mut rows = tx.prepare(
            "SELECT table_id, round, record, rated, corr, chat, code, opened_from, thought
             FROM live WHERE playing = 1 ORDER BY table_id",
        )?;
        let found = rows.query_map([], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, Option<String>>(2)?,
                row.get::<_, bool>(3)?,
                row.get::<_, Option<String>>(4)?,
                row.get::<_, Option<String>>(5)?,
                row.get::<_, Option<String>>(6)?,
                row.get::<_, Option<String>>(7)?,
                row.get::<_, Option<i64>>(8)?,
            ))
        })?;
        let now = std::time::Instant::now();
        for row in found {
            let (id, round, record, rated, corr, chat, code, from, thought) = row?;
            // The mover's thinking noted before the stop (a negative one, written by
            // hand, is none).
            let thought = thought
                .and_then(|ms| u64::try_from(ms).ok())
                .map(std::time::Duration::from_millis);
            // An address that does not read (written by hand) is only not counted.
            let from = from.and_then(|text| text.parse().ok());
            // Messages that can't be read back cost the game nothing: it comes back
            // without them, and the log says so.
            let chat = match chat.as_deref().map(ChatLog::from_json).transpose() {
                Ok(chat) => chat.unwrap_or_default(),
                Err(why) => {
                    problems.push(format!(
                        "table {id}: its messages can't be read back ({}); it comes back without them",
                        safe_text(&why)
                    ));
                    ChatLog::default()
                }
            };
            let read = record
                .ok_or_else(|| "no record".to_owned())
                .and_then(|text| read_table_record(&text))
                .and_then(|game| {
                    let corr = corr.as_deref().map(CorrState::from_json).transpose()?;
                    Ok((game, corr))
                });
            match (u32::try_from(id), u32::try_from(round), read) {
                (Ok(id), Ok(round), Ok((game, corr))) => stored.push(Stored {
                    id,
                    table: GameTable::restored_with(
                        game,
                        round,
                        now,
                        (rated, corr, chat, code),
                        thought,
                    ),
                    from,
                }),
                (_, _, Err(why)) => problems.push(format!(
                    "table {id}: its game can't be read back ({}); it stays in the database",
                    safe_text(&why)
                )),
                _ => problems.push(format!("table {id}: a table number out of range")),
            }
        }
    }
    tx.execute("DELETE FROM live WHERE playing = 0", [])?;
    // The tables put back count their changes from 0 again: so must their rows, or
    // the first changes after a restart would read as older than the last before it
    // and not be written (nothing else writes before this returns).
    tx.execute("UPDATE live SET version = 0 WHERE version != 0", [])?;
    tx.commit()?;
    Ok((stored, u32::try_from(last).unwrap_or(u32::MAX)))
}

/// The database file in `data_dir` for an operator's command, or an error: a file
/// where the folder should be is said to be one (as `hijara serve` says it), not that
/// there is no database in it.
fn existing_db(data_dir: &Path) -> anyhow::Result<PathBuf> {
    if data_dir.exists() && !data_dir.is_dir() {
        bail!(
            "the data folder {} is not a folder ({} is there)",
            data_dir.display(),
            crate::session::what_is_at(data_dir).unwrap_or("something else")
        );
    }
    let path = db_path(data_dir);
    // Something else in the database's place is said (qa48: a folder named
    // hijara.db was `no server database in D`, as if nothing were there).
    if let Some(what) = crate::session::what_is_at(&path).filter(|_| !path.is_file()) {
        bail!(
            "{} is {what}, not a server database (hijara serve makes its {DB_FILE} there as a file)",
            path.display()
        );
    }
    if !path.is_file() {
        bail!(
            "no server database in {} (hijara serve makes {DB_FILE} at its first start)",
            data_dir.display()
        );
    }
    Ok(path)
}

/// Opens the database in `data_dir` for an operator's command, beside a running
/// server: no schema change, no import (the server makes the database).
pub(crate) fn open_for_operator(data_dir: &Path) -> anyhow::Result<Connection> {
    let path = existing_db(data_dir)?;
    let conn = connect_for_operator(data_dir, &path)?;
    let version = schema::version(&conn)?;
    if version != schema::current() {
        bail!(
            "the database {} is at schema {version}; this hijara knows {}: run this hijara's server on it first",
            path.display(),
            schema::current()
        );
    }
    Ok(conn)
}

/// Connects an operator's command to the database at `path` in `data_dir`, and reads
/// its first page: SQLite opens lazily, and a database it cannot use (its `-wal` and
/// `-shm` files beside it cannot be made or opened) failed at the first query as
/// `unable to open database file` (QA s31, on a read-only folder). Said here, naming
/// the folder and what to do ([`why_unusable`]).
fn connect_for_operator(data_dir: &Path, path: &Path) -> anyhow::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let unusable = |error: &rusqlite::Error| {
        matches!(
            error.sqlite_error_code(),
            Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly)
        )
    };
    let conn = match connect(path, flags) {
        Ok(conn) => conn,
        Err(error) if unusable(&error) => bail!(why_unusable(data_dir, path, &error)),
        Err(error) => {
            return Err(error).with_context(|| format!("cannot open {}", path.display()));
        }
    };
    let read = conn.query_row("SELECT count(*) FROM sqlite_master", [], |row| {
        row.get::<_, i64>(0)
    });
    match read {
        Err(error) if unusable(&error) => bail!(why_unusable(data_dir, path, &error)),
        // Any other failure (a damaged file) is the command's own reads' to say, as
        // before: `check` names it as failing the integrity check.
        _ => Ok(conn),
    }
}

/// If no file can be made in `data_dir` (tried with a nameless one, so nothing is left
/// behind): an operator's error saying so and what to do. The one wording of the
/// commands on the database ([`why_unusable`]) and of those that lock the folder
/// first (`release`, `forget`: [`try_lock_folder`]).
fn read_only_folder(data_dir: &Path) -> Option<String> {
    let made = tempfile::tempfile_in(data_dir).err()?;
    Some(read_only_words(data_dir, &made))
}

/// [`read_only_folder`]'s words, `made` the error making a file in `data_dir`.
fn read_only_words(data_dir: &Path, made: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let folder = match made.kind() {
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => "the folder is read-only",
        _ => "no file can be made in the folder",
    };
    format!(
        "cannot open the club's database in {}: {folder} ({made}): SQLite writes its -wal \
         and -shm files beside {DB_FILE}, and hijara its lock ({LOCK_FILE}) there, so make \
         the folder writable for this user",
        data_dir.display()
    )
}

/// Why SQLite cannot use the database at `path` in `data_dir` (it said `error`,
/// `unable to open database file` or `attempt to write a readonly database`): the
/// folder is read-only (a file can't be made there: tried with a nameless one, so
/// nothing is left behind), or its `-shm` or `-wal` file is no file, or can't be
/// opened to write.
fn why_unusable(data_dir: &Path, path: &Path, error: &rusqlite::Error) -> String {
    if let Some(why) = read_only_folder(data_dir) {
        return why;
    }
    let head = format!("cannot open the club's database in {}", data_dir.display());
    for suffix in ["-shm", "-wal"] {
        let mut beside = path.as_os_str().to_owned();
        beside.push(suffix);
        let beside = PathBuf::from(beside);
        let Ok(meta) = std::fs::symlink_metadata(&beside) else {
            continue;
        };
        if !meta.is_file() {
            return format!(
                "{head}: {} is not a file (SQLite keeps its {suffix} file there): move it away",
                beside.display()
            );
        }
        if let Err(opening) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&beside)
        {
            return format!(
                "{head}: {} cannot be opened to write ({opening}): give it to this user",
                beside.display()
            );
        }
    }
    format!("{head}: {error}")
}

/// A name bound at this server, as `hijara serve names` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BoundName {
    /// The name as bound.
    pub(crate) name: String,
    /// Its key's fingerprint.
    pub(crate) key: String,
    /// When it was bound (UTC, RFC 3339), or `imported` from an older names file.
    pub(crate) bound: String,
    /// Its last login, in seconds since the Unix epoch (the server's wall clock):
    /// none for a name bound before schema 14 or imported, until the server's next
    /// start notes it as seen then (`writer::sweep_names`).
    pub(crate) seen: Option<i64>,
}

/// The names bound at this server: each with its key, when it was bound and its last
/// login, in order of name.
pub(crate) fn bound_names(conn: &Connection) -> rusqlite::Result<Vec<BoundName>> {
    conn.prepare("SELECT name, key, bound, seen FROM names ORDER BY folded")?
        .query_map([], |row| {
            Ok(BoundName {
                name: row.get(0)?,
                key: row.get(1)?,
                bound: row.get(2)?,
                seen: row.get(3)?,
            })
        })?
        .collect()
}

/// Every finished game: its number, date (UTC) and record, oldest first.
pub(crate) fn finished_records(conn: &Connection) -> rusqlite::Result<Vec<(i64, String, String)>> {
    conn.prepare("SELECT id, date, record FROM finished ORDER BY id")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect()
}

/// The most problems SQLite's integrity check lists before it stops.
const MOST_PROBLEMS: usize = 20;

/// SQLite's full integrity check (every page, record and index against its table) of
/// the server's database in `data_dir`, beside a running server: one read of one
/// consistent snapshot (in WAL mode a reader holds up no writer, and the connection
/// is query-only: nothing is written, no lock taken that the server waits on).
/// `Ok` with the page count and schema version when it passes; an error naming the
/// file and the problems found when it does not, or when it is no database.
pub(crate) fn check(data_dir: &Path) -> anyhow::Result<(i64, i64)> {
    let path = existing_db(data_dir)?;
    let failed = |why: String| {
        anyhow::anyhow!(
            "the database {} fails SQLite's integrity check: {}",
            path.display(),
            crate::text::sanitize(&why)
        )
    };
    let conn = connect_for_operator(data_dir, &path)?;
    conn.pragma_update(None, "query_only", true)
        .with_context(|| format!("cannot open {} to read only", path.display()))?;
    let verdict: rusqlite::Result<Vec<String>> = conn
        .prepare(&format!("PRAGMA integrity_check({MOST_PROBLEMS})"))
        .and_then(|mut rows| rows.query_map([], |row| row.get(0))?.collect());
    match verdict {
        Ok(lines) if lines == ["ok"] => {}
        Ok(lines) => return Err(failed(lines.join("; "))),
        Err(error) if damaged(&error) => return Err(failed(error.to_string())),
        Err(error) => {
            return Err(error).with_context(|| format!("cannot check {}", path.display()));
        }
    }
    let pages: i64 = conn.pragma_query_value(None, "page_count", |row| row.get(0))?;
    Ok((pages, schema::version(&conn)?))
}

/// Keeps a consistent copy of the database in `to` with SQLite's online backup,
/// beside a running server (copying the file alone would miss what is still in its
/// write-ahead log).
pub(crate) fn backup(conn: &Connection, to: &Path) -> anyhow::Result<()> {
    backup_with(conn, to, |_| Ok(()))
}

/// [`backup`], with `prepare` run on the copy's connection first (a test's page limit
/// stands for a full disk). The copy is made in a hidden temporary file beside `to`,
/// checked, flushed, and only then named `to` (never over a file that came
/// meanwhile): a backup cut short (a full disk) leaves nothing behind. Before, it
/// left a half copy named `to`, which the next try refused to write over.
fn backup_with(
    conn: &Connection,
    to: &Path,
    prepare: impl FnOnce(&Connection) -> rusqlite::Result<()>,
) -> anyhow::Result<()> {
    if let Ok(there) = std::fs::symlink_metadata(to) {
        // A folder is said to be one (qa48: `backup /tmp` said `/tmp exists: the
        // backup never writes over a file`): the backup is a file, named anew.
        if there.is_dir() {
            bail!(
                "{} is a folder: give the backup a new file's name (like {})",
                to.display(),
                to.join("hijara-backup.db").display()
            );
        }
        bail!(
            "{} exists: the backup never writes over a file",
            to.display()
        );
    }
    // A folder not there (or a file in its place) is said as a record's writer says
    // it (qa48: the error named the hidden temporary file, `at path
    // "DIR/.hijara-backup-0N4Z6s.tmp"`).
    crate::session::check_writable(to)?;
    let dir = match to.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // Mode 0600, as the database's own files.
    let tmp = tempfile::Builder::new()
        .prefix(".hijara-backup-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .with_context(|| format!("cannot create {}", to.display()))?;
    {
        let mut copy = Connection::open(tmp.path())
            .with_context(|| format!("cannot open {}", to.display()))?;
        prepare(&copy)?;
        let backup = rusqlite::backup::Backup::new(conn, &mut copy)?;
        backup
            .run_to_completion(256, Duration::from_millis(10), None)
            .with_context(|| format!("cannot back up to {}: nothing kept", to.display()))?;
        drop(backup);
        let verdict: String = copy.query_row("PRAGMA integrity_check(1)", [], |row| row.get(0))?;
        if verdict != "ok" {
            bail!(
                "the backup {} fails its integrity check ({verdict}): nothing kept",
                to.display()
            );
        }
    }
    tmp.as_file()
        .sync_all()
        .with_context(|| format!("cannot back up to {}: nothing kept", to.display()))?;
    tmp.persist_noclobber(to).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(
                "{} exists: the backup never writes over a file",
                to.display()
            )
        } else {
            anyhow::Error::new(e.error)
                .context(format!("cannot back up to {}: nothing kept", to.display()))
        }
    })?;
    // The new name on disk too.
    #[cfg(unix)]
    std::fs::File::open(dir)
        .and_then(|folder| folder.sync_all())
        .with_context(|| format!("cannot flush the folder of {}", to.display()))?;
    Ok(())
}

#[cfg(test)]
mod club_tests;
#[cfg(test)]
mod tests;
