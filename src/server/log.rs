//! The server's log: who connected, what was refused, how sessions ended. Each line is
//! stamped (UTC), written to standard error and appended to `server.log` in the data
//! folder, which is kept under [`MAX_LOG_BYTES`] by moving it to `server.log.1`.
//!
//! Callers put a stranger's text through [`super::safe_text`]; the whole line goes through
//! the house filter once more here, so no line can carry a terminal escape or break
//! into two.
//!
//! Once the server runs, the log owns standard error ([`ServerLog::take_stderr`]):
//! whatever else in the process writes there (a panic's message, a stray line of any
//! module or library) becomes a stamped line of the log as well, so standard error
//! holds the log's lines and nothing else.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, Write};
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
    /// Where the log's lines go besides the file: the standard error the process had
    /// before [`ServerLog::take_stderr`] (`None`: standard error as it is).
    stderr: Option<File>,
}

/// `text` as a line of the log: stamped with the time (UTC) and the server's name.
fn stamped(text: &str) -> String {
    format!(
        "{} hijara serve: {}\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ"),
        crate::text::sanitize(text)
    )
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
            eprint!(
                "{}",
                stamped(&format!("cannot open {}: {error}", path.display()))
            );
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
            stderr: None,
        })))
    }

    /// Logs one line (already made of shown pieces; filtered again here).
    pub(crate) fn line(&self, text: &str) {
        let line = stamped(text);
        let mut sink = self.0.lock().unwrap_or_else(|p| p.into_inner());
        sink.echo(&line);
        if sink.written + line.len() as u64 > MAX_LOG_BYTES {
            sink.rotate();
        }
        let Sink { file, written, .. } = &mut *sink;
        if let Some(file) = file
            && file.write_all(line.as_bytes()).is_ok()
        {
            *written += line.len() as u64;
        }
    }

    /// Makes the log the one writer of standard error: descriptor 2 becomes a pipe
    /// whose lines a thread of the log's own logs (stamped, into `server.log`), and the
    /// log writes its lines to the standard error the process had. Called once, as
    /// the server starts.
    #[cfg(unix)]
    pub(crate) fn take_stderr(&self) -> std::io::Result<()> {
        use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
        let mut ends = [0; 2];
        // SAFETY: pipe writes two new descriptors into the array of two it is given.
        if unsafe { libc::pipe(ends.as_mut_ptr()) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: both descriptors were just made by pipe, and nothing else owns them.
        let (read, write) =
            unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
        // SAFETY: dup takes descriptor 2, open since the process started, and returns a
        // new descriptor (or -1, checked) that nothing else owns.
        let real = unsafe { libc::dup(2) };
        if real < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: as above: `real` is a new descriptor owned from here on.
        let real = File::from(unsafe { OwnedFd::from_raw_fd(real) });
        let log = self.clone();
        std::thread::Builder::new()
            .name("hijara-stderr".into())
            .spawn(move || log.relay(File::from(read)))?;
        self.0.lock().unwrap_or_else(|p| p.into_inner()).stderr = Some(real);
        // SAFETY: dup2 points descriptor 2 at the pipe's write end, open until `write`
        // is dropped below (descriptor 2 keeps the pipe open after that).
        if unsafe { libc::dup2(write.as_raw_fd(), 2) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }

    /// Logs each line that comes through standard error's pipe, until it closes.
    fn relay(&self, pipe: File) {
        let mut lines = std::io::BufReader::new(pipe);
        let mut line = Vec::new();
        loop {
            line.clear();
            match lines.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&line);
                    // This thread must outlive anything: were it gone, writers to the
                    // pipe would fail (or block once it is full).
                    let logged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        self.line(&format!("(stderr) {}", text.trim_end()));
                    }));
                    drop(logged);
                }
            }
        }
    }
}

impl Sink {
    /// Writes `line` to standard error, as it was before the log took it.
    fn echo(&mut self, line: &str) {
        match &mut self.stderr {
            Some(stderr) => {
                let _ = stderr.write_all(line.as_bytes());
            }
            None => eprint!("{line}"),
        }
    }

    /// Moves the full log to `server.log.1` and starts a new one.
    fn rotate(&mut self) {
        self.file = None;
        let aside = self.path.with_extension("log.1");
        if let Err(error) = std::fs::rename(&self.path, &aside) {
            self.echo(&stamped(&format!("cannot move the log aside: {error}")));
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

    #[cfg(unix)]
    #[test]
    fn lines_from_the_stderr_pipe_are_stamped_into_the_log() {
        use std::os::fd::{FromRawFd, OwnedFd};
        let dir = tempfile::tempdir().unwrap();
        let log = ServerLog::open(dir.path());
        let mut ends = [0; 2];
        // SAFETY: pipe writes two new descriptors into the array of two it is given.
        assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
        // SAFETY: both were just made by pipe and are owned here only.
        let (read, write) =
            unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
        let mut write = File::from(write);
        write
            .write_all(b"thread 'x' panicked at here\nnot utf-8: \xff\x1b[2J\nno newline")
            .unwrap();
        drop(write);
        log.relay(File::from(read));
        let text = std::fs::read_to_string(dir.path().join(LOG_FILE)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("20") && l.contains(" hijara serve: (stderr) "))
        );
        assert!(
            lines[0].ends_with("(stderr) thread 'x' panicked at here"),
            "{text}"
        );
        assert!(lines[1].contains("not utf-8: \u{fffd}\\u{1b}[2J"), "{text}");
        assert!(lines[2].ends_with("no newline"), "{text}");
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
