//! The server's log: who connected, what was refused, how sessions ended. Each line is
//! stamped (UTC), written to standard error and appended to `server.log` in the data
//! folder, which is kept under [`MAX_LOG_BYTES`] by moving it to `server.log.1`.
//!
//! Callers put a stranger's text through [`super::safe_text`]; the whole line goes through
//! the house filter once more here, so no line can carry a terminal escape or break
//! into two.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The log file's name inside the data folder.
pub const LOG_FILE: &str = "server.log";

/// The size at which the log is moved aside to `server.log.1` (the older one goes).
pub(crate) const MAX_LOG_BYTES: u64 = 8 * 1024 * 1024;

#[derive(Debug)]
struct Sink {
    path: PathBuf,
    file: Option<File>,
    written: u64,
}

/// The log, shared by every connection; cloning shares it.
#[derive(Debug, Clone)]
pub(crate) struct ServerLog(Arc<Mutex<Sink>>);

impl ServerLog {
    /// A log appending to `server.log` in `dir` (standard error only if it can't be
    /// opened: the server still runs, and says so).
    pub(crate) fn open(dir: &Path) -> ServerLog {
        let path = dir.join(LOG_FILE);
        let file = open_append(&path);
        if let Err(error) = &file {
            eprintln!("hijara serve: cannot open {}: {error}", path.display());
        }
        let written = file
            .as_ref()
            .ok()
            .and_then(|f| f.metadata().ok())
            .map_or(0, |m| m.len());
        ServerLog(Arc::new(Mutex::new(Sink {
            path,
            file: file.ok(),
            written,
        })))
    }

    /// Logs one line (already made of shown pieces; filtered again here).
    pub(crate) fn line(&self, text: &str) {
        let clean = crate::text::sanitize(text);
        let stamped = format!(
            "{} hijara serve: {clean}\n",
            chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ")
        );
        eprint!("{stamped}");
        let mut sink = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if sink.written + stamped.len() as u64 > MAX_LOG_BYTES {
            sink.rotate();
        }
        let Sink { file, written, .. } = &mut *sink;
        if let Some(file) = file
            && file.write_all(stamped.as_bytes()).is_ok()
        {
            *written += stamped.len() as u64;
        }
    }
}

impl Sink {
    /// Moves the full log to `server.log.1` and starts a new one.
    fn rotate(&mut self) {
        self.file = None;
        let aside = self.path.with_extension("log.1");
        if let Err(error) = std::fs::rename(&self.path, &aside) {
            eprintln!("hijara serve: cannot move the log aside: {error}");
        }
        self.file = open_append(&self.path).ok();
        self.written = 0;
    }
}

/// Opens `path` to append, creating it with mode 0600; refuses anything but a regular
/// file (a symlink put there is not followed).
fn open_append(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.file_type().is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_stamped_filtered_and_kept_in_the_data_folder() {
        let dir = tempfile::tempdir().unwrap();
        let log = ServerLog::open(dir.path());
        log.line("127.0.0.1:5 is ev\u{1b}[2Jil\nforged line");
        let text = std::fs::read_to_string(dir.path().join(LOG_FILE)).unwrap();
        assert_eq!(text.lines().count(), 1, "{text:?}");
        assert!(text.contains("is ev\\u{1b}[2Jil"), "{text:?}");
        assert!(!text.contains('\u{1b}'));
        assert!(text.starts_with("20"), "{text:?}");
    }

    #[test]
    fn a_full_log_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let log = ServerLog::open(dir.path());
        let long = "x".repeat(1000);
        for _ in 0..(MAX_LOG_BYTES / 1000 + 10) {
            log.line(&long);
        }
        let now = std::fs::metadata(dir.path().join(LOG_FILE)).unwrap().len();
        let aside = std::fs::metadata(dir.path().join("server.log.1"))
            .unwrap()
            .len();
        assert!(
            now < MAX_LOG_BYTES && aside <= MAX_LOG_BYTES,
            "{now} {aside}"
        );
        assert!(now > 0);
    }
}
