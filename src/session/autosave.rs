//! The data folder, new save names and the autosave. How bytes reach the disk (atomic writes,
//! bounded reads of regular files only) is in `disk`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::disk::{self, read_regular, write_atomic_in_turn};

/// The environment variable that overrides the data folder (used by tests).
pub const DATA_DIR_ENV: &str = "HIJARA_DATA_DIR";

/// The autosave's file name inside the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.hij";

/// The default file name of a saved game at a given local time: `hijara-YYYYMMDD-HHMMSS.hij`.
pub(crate) fn default_file_name(now: chrono::NaiveDateTime) -> String {
    format!("hijara-{}.hij", now.format("%Y%m%d-%H%M%S"))
}

/// The names a new saved game may take, in order: `hijara-YYYYMMDD-HHMMSS.hij`, then
/// `-2`, `-3`, … for games kept in the same second.
pub(crate) fn new_save_names() -> impl Iterator<Item = String> {
    let base = default_file_name(chrono::Local::now().naive_local());
    let stem = base.trim_end_matches(".hij").to_owned();
    std::iter::once(base).chain((2..10_000).map(move |n| format!("{stem}-{n}.hij")))
}

/// Writes `contents` under a new save name in `dir`, never over a file; returns its path.
pub(crate) fn write_new_save(dir: &Path, contents: &[u8]) -> io::Result<PathBuf> {
    disk::write_new(dir, new_save_names(), contents)
}

/// The folder for hijara's own data: `$HIJARA_DATA_DIR`, else `$XDG_DATA_HOME/hijara`,
/// else the platform's data folder (`~/.local/share/hijara`, `~/Library/Application
/// Support/hijara`, `%APPDATA%\hijara`).
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    if let Some(xdg) = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from) {
        // The XDG spec says relative values are to be ignored.
        if xdg.is_absolute() {
            return Some(xdg.join("hijara"));
        }
    }
    dirs::data_dir().map(|d| d.join("hijara"))
}

/// The environment variable that made `dir` the data folder (`HIJARA_DATA_DIR` or
/// `XDG_DATA_HOME`), to name beside it in an error: a folder a variable set is
/// mended there. `None` for the platform's own folder, or a folder given otherwise.
fn set_by(dir: &Path) -> Option<&'static str> {
    if let Some(env) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        // `data_dir` takes this variable first, whatever the others say.
        return (Path::new(&env) == dir).then_some(DATA_DIR_ENV);
    }
    let xdg = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from)?;
    (xdg.is_absolute() && xdg.join("hijara") == dir).then_some("XDG_DATA_HOME")
}

/// Why `dir` cannot be the data folder, when something other than a folder is in
/// its place (a file, a FIFO, a device) or in its path: `the data folder PATH is
/// not a folder (a file is there); HIJARA_DATA_DIR sets it`. `None` when it is a
/// folder (through symlinks too), or is missing (it is made when first written),
/// or cannot be looked at (the read or write that follows says why). Looking opens
/// nothing, so a FIFO there never blocks. Without this, `resume` said there was no
/// autosave and the others "Not a directory (os error 20)" or "File exists".
pub fn data_folder_problem(dir: &Path) -> Option<String> {
    let (what, set) = folder_fault(dir)?;
    Some(format!(
        "the data folder {} is not a folder ({what}){set}",
        crate::text::display_path(dir)
    ))
}

/// [`data_folder_problem`] without the folder's path, for a screen too narrow to
/// show a long one whole (the start screen's note).
pub fn data_folder_problem_unnamed(dir: &Path) -> Option<String> {
    let (what, set) = folder_fault(dir)?;
    Some(format!("the data folder is not a folder ({what}){set}"))
}

/// What is in the data folder's place, and `; VAR sets it` when a variable set it
/// ([`data_folder_problem`]).
fn folder_fault(dir: &Path) -> Option<(&'static str, String)> {
    let what = match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => return None,
        Ok(meta) if meta.is_file() => "a file is there",
        Ok(meta) => match disk::kind_of(meta.file_type()) {
            "a FIFO" => "a FIFO is there",
            "a device" => "a device is there",
            "a socket" => "a socket is there",
            _ => "something other than a folder is there",
        },
        // A file where one of the folders above it should be.
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => "a file is in its path",
        Err(_) => return None,
    };
    let set = set_by(dir)
        .map(|var| format!("; {var} sets it"))
        .unwrap_or_default();
    Some((what, set))
}

/// Creates the data folder `dir` if need be. Anything but a folder in its place is
/// said as such ([`data_folder_problem`]): `create_dir_all` said only "File exists"
/// (os error 17).
pub(crate) fn create_data_folder(dir: &Path) -> io::Result<()> {
    if let Some(problem) = data_folder_problem(dir) {
        return Err(io::Error::other(problem));
    }
    fs::create_dir_all(dir)
}

/// The end of the lock file's name beside the autosave: `autosave.hij.lock`.
pub const LOCK_SUFFIX: &str = ".lock";

/// Whether this program may write the autosave: what [`Autosave::claim`] found.
#[derive(Debug, Clone)]
pub enum Claim {
    /// This program holds the lock, for as long as the value (or a clone) lives.
    Held(AutosaveLock),
    /// Another program holds it: another hijara is playing from this data folder.
    Busy,
    /// The data folder is not there yet: no autosave to guard, and nothing is made
    /// before a game has something to write.
    NoFolder,
    /// The lock file could not be made or opened (a read-only folder, a file in the
    /// folder's path, a folder in its place): the autosave's own write says what is wrong.
    Unavailable(String),
}

/// The advisory lock on the file beside the autosave ([`LOCK_SUFFIX`]), held by the
/// one program that writes the autosave; released when the last clone is dropped
/// (or the program ends, however it ends: the system drops a dead process's locks).
#[derive(Debug, Clone)]
pub struct AutosaveLock {
    /// The open lock file; the lock lives as long as it is open.
    _file: std::sync::Arc<fs::File>,
}

/// The autosave: the game in progress, rewritten after every move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Autosave {
    path: PathBuf,
    /// For fault tests: every write fails with this OS error (ENOSPC, EPERM, …).
    fault: Option<i32>,
}

impl Autosave {
    /// The autosave in the user's data folder, or `None` if there is no such folder.
    pub fn in_data_dir() -> Option<Autosave> {
        data_dir().map(|d| Autosave::at(d.join(AUTOSAVE_FILE)))
    }

    /// An autosave at an explicit path.
    pub fn at(path: PathBuf) -> Autosave {
        Autosave { path, fault: None }
    }

    /// The same autosave, whose writes all fail with the OS error `errno` (as on a
    /// full disk or a read-only folder): the fault tests' injected writer. Tests run
    /// as root, where `chmod` stops no write, so this is how they reach those paths.
    #[doc(hidden)]
    pub fn failing_with(mut self, errno: i32) -> Autosave {
        self.fault = Some(errno);
        self
    }

    /// Where it lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The lock file beside it: `autosave.hij.lock`.
    pub fn lock_path(&self) -> PathBuf {
        let mut name = self.path.file_name().unwrap_or_default().to_os_string();
        name.push(LOCK_SUFFIX);
        self.path.with_file_name(name)
    }

    /// Takes the lock that says this program writes the autosave, without waiting:
    /// [`Claim::Busy`] when another program holds it. The lock file is made in the
    /// data folder if missing (the folder is not: [`Claim::NoFolder`]), never
    /// truncated, and is left in place: removing it could let a third program lock
    /// a new file while the second holds the old.
    pub fn claim(&self) -> Claim {
        let mut options = fs::OpenOptions::new();
        options.write(true).create(true).truncate(false);
        // Neither following a link (a lock file is ours, made here) nor blocking on a
        // FIFO put in its place.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(
            &mut options,
            libc::O_NOFOLLOW | libc::O_NONBLOCK,
        );
        let file = match options.open(self.lock_path()) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Claim::NoFolder,
            Err(error) => return Claim::Unavailable(error.to_string()),
        };
        match file.metadata() {
            Ok(meta) if meta.is_file() => {}
            Ok(_) => return Claim::Unavailable("the lock file is not a file".into()),
            Err(error) => return Claim::Unavailable(error.to_string()),
        }
        match file.try_lock() {
            Ok(()) => Claim::Held(AutosaveLock {
                _file: std::sync::Arc::new(file),
            }),
            Err(fs::TryLockError::WouldBlock) => Claim::Busy,
            Err(fs::TryLockError::Error(error)) => Claim::Unavailable(error.to_string()),
        }
    }

    /// Whether another program holds the autosave's lock now (it is playing from this
    /// data folder). Looks by taking the lock and letting it go at once.
    pub fn busy(&self) -> bool {
        matches!(self.claim(), Claim::Busy)
    }

    /// Writes `text` atomically (through a symlink), creating the folder if needed.
    pub fn save(&self, text: &str) -> io::Result<()> {
        self.save_in_turn(text, || Some(())).map(drop)
    }

    /// [`Autosave::save`], renamed into place only if `turn` (asked once the text is
    /// on disk) gives the guard to hold over the rename; `Ok(false)`: out of date, not
    /// written. Notes written off the event loop keep their place among the writes so
    /// ([`crate::session::Note`]).
    pub fn save_in_turn<G>(
        &self,
        text: &str,
        turn: impl FnOnce() -> Option<G>,
    ) -> io::Result<bool> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            create_data_folder(dir)?;
        }
        write_atomic_in_turn(
            &self.path,
            |file| match self.fault {
                Some(errno) => Err(io::Error::from_raw_os_error(errno)),
                None => io::Write::write_all(file, text.as_bytes()),
            },
            turn,
        )
    }

    /// The saved bytes, or `None` if there is no autosave (none there, or its folder's
    /// path runs through a file, where none can be). Only a regular file of at most
    /// [`disk::MAX_RECORD_BYTES`] is read.
    pub fn load_bytes(&self) -> io::Result<Option<Vec<u8>>> {
        match read_regular(&self.path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// The saved text, or `None` if there is no autosave; bytes that are not UTF-8
    /// are an error.
    pub fn load(&self) -> io::Result<Option<String>> {
        self.load_bytes()?
            .map(|bytes| {
                String::from_utf8(bytes).map_err(|_| {
                    io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text")
                })
            })
            .transpose()
    }

    /// Removes the autosave; no autosave is not an error.
    pub fn clear(&self) -> io::Result<()> {
        match fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_names_follow_the_pattern() {
        let t = chrono::NaiveDate::from_ymd_opt(2026, 3, 9)
            .and_then(|d| d.and_hms_opt(7, 5, 1))
            .unwrap();
        assert_eq!(default_file_name(t), "hijara-20260309-070501.hij");
    }

    #[test]
    fn new_saves_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let first = write_new_save(dir.path(), b"x").unwrap();
        let second = write_new_save(dir.path(), b"y").unwrap();
        assert_ne!(first, second);
        assert!(second.to_string_lossy().ends_with(".hij"));
        assert_eq!(fs::read_to_string(&first).unwrap(), "x");
    }

    #[test]
    fn autosave_round_trip_and_clear() {
        let dir = tempfile::tempdir().unwrap();
        let save = Autosave::at(dir.path().join("nested").join(AUTOSAVE_FILE));
        assert_eq!(save.load().unwrap(), None);
        save.save("[Blue \"human\"]\na1\n").unwrap();
        assert_eq!(
            save.load().unwrap().as_deref(),
            Some("[Blue \"human\"]\na1\n")
        );
        save.clear().unwrap();
        save.clear().unwrap();
        assert_eq!(save.load().unwrap(), None);
    }

    /// One holder at a time: a second claim (as another program's would be: flock
    /// locks belong to the open file, so a second open in one process is refused
    /// as another process's is) finds it busy until the first is let go, clones
    /// included; the lock file stays, its bytes untouched.
    #[test]
    fn the_autosave_lock_has_one_holder_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let save = Autosave::at(dir.path().join("data").join(AUTOSAVE_FILE));
        assert_eq!(
            save.lock_path(),
            dir.path().join("data").join("autosave.hij.lock")
        );
        // No data folder yet: nothing made, nothing to guard.
        assert!(matches!(save.claim(), Claim::NoFolder));
        assert!(!dir.path().join("data").exists());
        fs::create_dir(dir.path().join("data")).unwrap();
        let Claim::Held(first) = save.claim() else {
            panic!("the first claim holds the lock");
        };
        assert!(matches!(save.claim(), Claim::Busy));
        assert!(save.busy());
        let clone = first.clone();
        drop(first);
        assert!(save.busy(), "a clone still holds it");
        drop(clone);
        assert!(!save.busy());
        assert!(matches!(save.claim(), Claim::Held(_)));
        assert_eq!(fs::read(save.lock_path()).unwrap(), b"");
        // A folder in the lock file's place: no lock, and nothing replaced.
        let odd = Autosave::at(dir.path().join("odd.hij"));
        fs::create_dir(odd.lock_path()).unwrap();
        assert!(matches!(odd.claim(), Claim::Unavailable(_)));
        assert!(odd.lock_path().is_dir());
    }
}
