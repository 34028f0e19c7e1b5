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
//!
//! No session waits on another's I/O here: each line is appended to the file with one
//! write, outside every lock, and standard error (which may block: a paused terminal, a
//! pipe nobody reads) is written by a thread of the log's own through a bounded queue.
//! When that queue is full a line is only in the file, and the echo later says how many
//! it left out.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, RwLock};

/// The log file's name inside the data folder.
pub const LOG_FILE: &str = "server.log";

/// The size at which the log is moved aside to `server.log.1` (the older one goes).
pub(crate) const MAX_LOG_BYTES: u64 = 8 * 1024 * 1024;

/// The most lines waiting to be echoed on standard error; past it a line is not
/// echoed (the file has it) and the echo says later how many it left out.
const ECHO_QUEUE: usize = 1024;

/// What the echo thread is given.
enum Echo {
    /// A line to write to standard error.
    Line(String),
    /// From now on, write to this file (the standard error the process had before
    /// [`ServerLog::take_stderr`]); the reply says it is done.
    Into(File, SyncSender<()>),
    /// Reply once every line given before is written.
    Flush(SyncSender<()>),
}

#[derive(Debug)]
struct Sink {
    path: PathBuf,
    /// The open log file, shared: each line is one append (`O_APPEND`), written
    /// outside every lock; the lock is held only to take or swap the handle.
    file: RwLock<Option<Arc<File>>>,
    written: AtomicU64,
    /// Held by the one line that moves a full log aside (the others write on).
    rotating: Mutex<()>,
    /// The way to the echo thread: standard error may block (a paused terminal, a
    /// pipe nobody reads), so it is written by a thread of its own, never by a
    /// session.
    echo: Option<SyncSender<Echo>>,
    /// Lines not echoed since the last one that was.
    unechoed: AtomicU64,
    /// The standard error the process had before [`ServerLog::take_stderr`], to give
    /// back when the server fails ([`ServerLog::give_back_stderr`]).
    #[cfg(unix)]
    before: Mutex<Option<std::os::fd::OwnedFd>>,
}

/// `text` as a line of the log: stamped with the time (UTC) and the server's name.
fn stamped(text: &str) -> String {
    format!(
        "{} hijara serve: {}\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ"),
        crate::text::sanitize(text)
    )
}

/// The log, shared by every connection; cloning shares it. Writing a line holds no
/// lock that another session waits on across I/O: the file is appended to outside
/// every lock, and standard error is written by the echo thread.
#[derive(Debug, Clone)]
pub(crate) struct ServerLog(Arc<Sink>);

impl ServerLog {
    /// A log appending to `server.log` in `dir` (standard error only if it can't be
    /// opened: the server still runs, and says so).
    pub(crate) fn open(dir: &Path) -> ServerLog {
        let path = dir.join(LOG_FILE);
        let (file, error) = match open_append(&path) {
            Ok(file) => (Some(Arc::new(file)), None),
            Err(error) => (None, Some(error)),
        };
        let written = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .map_or(0, |m| m.len());
        let log = ServerLog(Arc::new(Sink {
            path,
            file: RwLock::new(file),
            written: AtomicU64::new(written),
            rotating: Mutex::new(()),
            echo: start_echo(),
            unechoed: AtomicU64::new(0),
            #[cfg(unix)]
            before: Mutex::new(None),
        }));
        if let Some(error) = error {
            let text = format!("cannot open {}: {error}", log.0.path.display());
            log.echo(stamped(&text));
        }
        log
    }

    /// Logs one line (already made of shown pieces; filtered again here).
    pub(crate) fn line(&self, text: &str) {
        let line = self.to_file(text);
        self.echo(line);
    }

    /// Appends one line to the log's file only, not echoed; returns it stamped.
    pub(crate) fn to_file(&self, text: &str) -> String {
        let line = stamped(text);
        let sink = &*self.0;
        let size = line.len() as u64;
        if sink.written.load(Ordering::Relaxed) + size > MAX_LOG_BYTES {
            self.rotate(size);
        }
        let file = sink.file.read().unwrap_or_else(|p| p.into_inner()).clone();
        if let Some(file) = file
            && (&*file).write_all(line.as_bytes()).is_ok()
        {
            sink.written.fetch_add(size, Ordering::Relaxed);
        }
        line
    }

    /// Moves the full log to `server.log.1` and starts a new one (one line does it;
    /// any other writes on meanwhile, to one file or the other).
    fn rotate(&self, size: u64) {
        let sink = &*self.0;
        let Ok(_rotating) = sink.rotating.try_lock() else {
            return;
        };
        if sink.written.load(Ordering::Relaxed) + size <= MAX_LOG_BYTES {
            return;
        }
        let aside = sink.path.with_extension("log.1");
        if let Err(error) = std::fs::rename(&sink.path, &aside) {
            self.echo(stamped(&format!("cannot move the log aside: {error}")));
        }
        let file = open_append(&sink.path).ok().map(Arc::new);
        *sink.file.write().unwrap_or_else(|p| p.into_inner()) = file;
        sink.written.store(0, Ordering::Relaxed);
    }

    /// Hands `line` to the echo thread; if it is behind (standard error is not being
    /// read), the line is only in the file, and counted.
    fn echo(&self, line: String) {
        let sink = &*self.0;
        let Some(echo) = &sink.echo else {
            return;
        };
        let skipped = sink.unechoed.swap(0, Ordering::Relaxed);
        let line = if skipped > 0 {
            format!(
                "{}{line}",
                stamped(&format!(
                    "{} not shown here: standard error was not read ({} has them)",
                    crate::strings::count(skipped, "line", "lines"),
                    LOG_FILE
                ))
            )
        } else {
            line
        };
        if let Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) =
            echo.try_send(Echo::Line(line))
        {
            sink.unechoed.fetch_add(skipped + 1, Ordering::Relaxed);
        }
    }

    /// Waits, at most `patience`, until every line so far is echoed on standard error
    /// (at the stop, before the process ends; a standard error nobody reads is not
    /// waited for longer).
    pub(crate) fn flush(&self, patience: std::time::Duration) {
        if let Some(echo) = &self.0.echo {
            let (done, wait) = sync_channel(1);
            if echo.try_send(Echo::Flush(done)).is_ok() {
                let _ = wait.recv_timeout(patience);
            }
        }
    }

    /// Makes the echo thread write to `file` from now on, once it has echoed what it
    /// was given before.
    #[cfg(any(unix, test))]
    fn echo_into(&self, file: File) {
        if let Some(echo) = &self.0.echo {
            let (done, wait) = sync_channel(1);
            if echo.send(Echo::Into(file, done)).is_ok() {
                let _ = wait.recv();
            }
        }
    }

    /// Makes the log the one writer of standard error: descriptor 2 becomes a pipe
    /// whose lines a thread of the log's own logs (stamped, into `server.log`), and the
    /// log echoes its lines to the standard error the process had. Called once, as
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
        // Kept to give back: a server that fails says why on it.
        let before = OwnedFd::from(real.try_clone()?);
        let log = self.clone();
        std::thread::Builder::new()
            .name("hijara-stderr".into())
            .spawn(move || log.relay(File::from(read)))?;
        // Before descriptor 2 changes: what was echoed before went to it as it was.
        self.echo_into(real);
        // SAFETY: dup2 points descriptor 2 at the pipe's write end, open until `write`
        // is dropped below (descriptor 2 keeps the pipe open after that).
        if unsafe { libc::dup2(write.as_raw_fd(), 2) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
        *self.0.before.lock().unwrap_or_else(|p| p.into_inner()) = Some(before);
        Ok(())
    }

    /// Gives standard error back as it was before [`ServerLog::take_stderr`], once the
    /// lines given so far are echoed (waiting at most `patience`): the server has
    /// failed, and the error that ends the process must reach its standard error,
    /// not a pipe whose reader the exit cuts short (it was lost: `hijara serve` on a
    /// port in use exited 1 saying nothing).
    #[cfg(unix)]
    pub(crate) fn give_back_stderr(&self, patience: std::time::Duration) {
        use std::os::fd::AsRawFd;
        self.flush(patience);
        let before = self
            .0
            .before
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        if let Some(before) = before {
            // SAFETY: dup2 points descriptor 2 at `before`, a descriptor owned here and
            // open; the pipe's write end it replaced is closed by it, which ends the
            // relay thread. Nothing is owed to the old descriptor 2.
            unsafe {
                libc::dup2(before.as_raw_fd(), 2);
            }
        }
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

/// Starts the thread that writes the log's lines to standard error (`None` if it
/// can't be started: the file still has every line). It ends when the log does.
fn start_echo() -> Option<SyncSender<Echo>> {
    let (sender, receiver) = sync_channel::<Echo>(ECHO_QUEUE);
    let started = std::thread::Builder::new()
        .name("hijara-log-echo".into())
        .spawn(move || {
            let mut into: Option<File> = None;
            while let Ok(echo) = receiver.recv() {
                match echo {
                    Echo::Line(line) => {
                        // Nowhere to report a failed write of standard error.
                        let _ = match &mut into {
                            Some(file) => file.write_all(line.as_bytes()),
                            None => std::io::stderr().write_all(line.as_bytes()),
                        };
                    }
                    Echo::Into(file, done) => {
                        into = Some(file);
                        let _ = done.send(());
                    }
                    Echo::Flush(done) => {
                        let _ = done.send(());
                    }
                }
            }
        });
    started.ok().map(|_| sender)
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
        log.echo_into(File::create(dir.path().join("echo")).unwrap());
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
        log.echo_into(File::create(dir.path().join("echo")).unwrap());
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
        // 8 MiB of lines echoed into a file, not the tests' standard error.
        log.echo_into(File::create(dir.path().join("echo")).unwrap());
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

    /// A standard error nobody reads (an operator's paused terminal, a pipe to a
    /// stopped reader) held the log's lock while its write waited, so every session
    /// that logged waited too. Now the log's file has every line at once.
    #[cfg(unix)]
    #[test]
    fn a_standard_error_nobody_reads_holds_up_no_one() {
        use std::os::fd::{FromRawFd, OwnedFd};
        let dir = tempfile::tempdir().unwrap();
        let log = ServerLog::open(dir.path());
        let mut ends = [0; 2];
        // SAFETY: pipe writes two new descriptors into the array of two it is given.
        assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
        // SAFETY: both were just made by pipe and are owned here only.
        let (read, write) =
            unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
        log.echo_into(File::from(write));
        // 4,000 lines of about 140 bytes: far more than a pipe holds (64 KiB).
        let (done, finished) = std::sync::mpsc::channel();
        let writer = log.clone();
        std::thread::spawn(move || {
            for n in 0..4000 {
                writer.line(&format!("line {n} {}", "x".repeat(90)));
            }
            let _ = done.send(());
        });
        assert!(
            finished
                .recv_timeout(std::time::Duration::from_secs(10))
                .is_ok(),
            "the log waited for a standard error nobody reads"
        );
        let text = std::fs::read_to_string(dir.path().join(LOG_FILE)).unwrap();
        assert_eq!(text.lines().count(), 4000);
        assert!(text.lines().last().unwrap().contains("line 3999 "));
        drop(read);
    }
}
