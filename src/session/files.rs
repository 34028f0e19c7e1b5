//! Records on disk: atomic writes, new save names, the data folder and the autosave.
//!
//! Every write goes to a temporary file in the target's folder, is flushed to
//! disk, then renamed over the target, so a crash leaves either the old file or
//! the new one, never half of one.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The environment variable that overrides the data folder (used by tests).
pub const DATA_DIR_ENV: &str = "HIJARA_DATA_DIR";

/// The autosave's file name inside the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.hij";

/// Writes `contents` to `path` atomically.
pub(crate) fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |file| file.write_all(contents))
}

/// Writes `path` atomically with `write`, which fills a temporary file.
///
/// If `write` fails, the temporary file is removed and `path` is untouched.
pub(crate) fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Some(name) = path.file_name() else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file path", path.display()),
        ));
    };
    let mut tmp_name = OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut file = File::options().write(true).create_new(true).open(&tmp)?;
        write(&mut file)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        // Best effort: the temporary file may not exist if creating it failed.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The default file name of a saved game at a given local time: `hijara-YYYYMMDD-HHMMSS.hij`.
pub(crate) fn default_file_name(now: chrono::NaiveDateTime) -> String {
    format!("hijara-{}.hij", now.format("%Y%m%d-%H%M%S"))
}

/// A path in `dir` for a new saved game that does not overwrite an existing file.
pub(crate) fn new_save_path(dir: &Path) -> PathBuf {
    let now = chrono::Local::now().naive_local();
    let base = default_file_name(now);
    let mut path = dir.join(&base);
    let stem = base.trim_end_matches(".hij");
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.hij"));
        n += 1;
    }
    path
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

/// The autosave: the game in progress, rewritten after every move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Autosave {
    path: PathBuf,
}

impl Autosave {
    /// The autosave in the user's data folder, or `None` if there is no such folder.
    pub fn in_data_dir() -> Option<Autosave> {
        data_dir().map(|d| Autosave::at(d.join(AUTOSAVE_FILE)))
    }

    /// An autosave at an explicit path.
    pub fn at(path: PathBuf) -> Autosave {
        Autosave { path }
    }

    /// Where it lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `text` atomically, creating the folder if needed.
    pub fn save(&self, text: &str) -> io::Result<()> {
        if let Some(dir) = self.path.parent() {
            fs::create_dir_all(dir)?;
        }
        write_atomic(&self.path, text.as_bytes())
    }

    /// The saved text, or `None` if there is no autosave.
    pub fn load(&self) -> io::Result<Option<String>> {
        match fs::read_to_string(&self.path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
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
    fn atomic_write_replaces_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.hij");
        write_atomic(&path, b"a1 b2\n").unwrap();
        write_atomic(&path, b"c3\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "c3\n");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_intact() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.hij");
        write_atomic(&path, b"a1 b2 c3\n").unwrap();
        let err = write_atomic_with(&path, |file| {
            file.write_all(b"d4 d4")?;
            Err(io::Error::other("disk full (simulated)"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "disk full (simulated)");
        assert_eq!(fs::read_to_string(&path).unwrap(), "a1 b2 c3\n");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "temporary file removed"
        );
    }

    #[test]
    fn default_names_follow_the_pattern() {
        let t = chrono::NaiveDate::from_ymd_opt(2026, 3, 9)
            .and_then(|d| d.and_hms_opt(7, 5, 1))
            .unwrap();
        assert_eq!(default_file_name(t), "hijara-20260309-070501.hij");
    }

    #[test]
    fn new_save_paths_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let first = new_save_path(dir.path());
        fs::write(&first, "x").unwrap();
        let second = new_save_path(dir.path());
        assert_ne!(first, second);
        assert!(second.to_string_lossy().ends_with(".hij"));
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
}
