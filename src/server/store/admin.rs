//! The admin socket: how `hijara serve release NAME` and `forget NAME` reach a server
//! running on their data folder, so that one writer, the server's, owns the store.
//!
//! The server listens on [`ADMIN_SOCKET`] in its data folder (a Unix socket, mode
//! 0600, and on Linux a peer of another user is refused by its credentials). A
//! command connects, writes one line (`release NAME` or `forget NAME`, at most
//! [`MOST_ASKED`] bytes) and closes its side; the server reads it within
//! [`READ_DEADLINE`], hands the change to the store's writer thread, and answers, once
//! the writer's transaction is on disk (or failed), `ok` or `no` on a line of its own
//! followed by the text to print (at most [`MOST_ANSWER`] bytes). Up to
//! [`MOST_AT_ONCE`] connections are served at once, each on a thread of its own and by
//! its own deadline, so a local client that says nothing holds up only itself (for
//! [`READ_DEADLINE`] at most), never the operator's command beside it; one more is
//! answered `no` and that the server is busy, and closed. The store's one writer
//! still makes every change, one after the other. No lock any session waits on is
//! held meanwhile.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::change::{Answer, Change};

/// The admin socket's file name in the data folder.
pub const ADMIN_SOCKET: &str = "admin.sock";

/// The most bytes of a request (the verb, a space, a name and the line break).
pub(crate) const MOST_ASKED: usize = 1024;

/// The most bytes of an answer a command reads.
pub(crate) const MOST_ANSWER: usize = 16 * 1024;

/// How long the server waits for a request's line, in all (each connection by its
/// own deadline).
pub(crate) const READ_DEADLINE: Duration = Duration::from_secs(5);

/// The most connections served at once; the next one is told the server is busy.
pub(crate) const MOST_AT_ONCE: usize = 4;

/// What a connection past [`MOST_AT_ONCE`] is answered (`no`, and this).
const BUSY: &str = "the server is busy with other admin connections: nothing changed, try again";

/// How long a connection told [`BUSY`] may take to close its side (its request is
/// read and dropped meanwhile, so the answer is not lost to a reset).
const BUSY_DRAIN: Duration = Duration::from_millis(250);

/// How long the server waits for its writer to carry a change out.
const STORE_WAIT: Duration = Duration::from_secs(10);

/// How long a command waits for the server's answer, in all: the server's own
/// deadlines and a margin.
const ANSWER_DEADLINE: Duration = Duration::from_secs(20);

/// The admin socket's path in `data_dir`.
pub(crate) fn socket_path(data_dir: &Path) -> PathBuf {
    data_dir.join(ADMIN_SOCKET)
}

/// The request line for `change`; an error for a name with a line break (no name
/// bound has one).
fn request(change: &Change) -> Result<String, String> {
    if change.name().contains(['\n', '\r']) {
        return Err("no name has a line break in it".into());
    }
    let line = format!("{} {}\n", change.verb(), change.name());
    if line.len() > MOST_ASKED {
        return Err(format!(
            "the name is too long (more than {} bytes)",
            MOST_ASKED - change.verb().len() - 2
        ));
    }
    Ok(line)
}

/// The change a request line asks for; `None` for anything else.
fn parse(line: &str) -> Option<Change> {
    let (verb, name) = line.strip_suffix('\n')?.split_once(' ')?;
    Change::parse(verb, name)
}

/// The answer as sent: `ok` or `no`, a line break, the text.
fn answer_bytes(answer: &Answer) -> Vec<u8> {
    let (word, text) = match answer {
        Ok(text) => ("ok", text),
        Err(text) => ("no", text),
    };
    format!("{word}\n{text}").into_bytes()
}

/// The answer read back from its bytes (cut at [`MOST_ANSWER`]); `None` if it is
/// not one.
fn parse_answer(bytes: &[u8]) -> Option<Answer> {
    let text = String::from_utf8_lossy(bytes);
    let (word, text) = text.split_once('\n')?;
    // The server's text, made safe anyway: it reaches the operator's terminal.
    let text: String = text
        .lines()
        .map(|line| crate::text::sanitize(line) + "\n")
        .collect();
    match word {
        "ok" => Some(Ok(text)),
        "no" => Some(Err(text.trim_end().to_owned())),
        _ => None,
    }
}

#[cfg(unix)]
pub(crate) use unix::{Admin, ask};

#[cfg(unix)]
mod unix {
    use std::io::{ErrorKind, Read, Write};
    use std::os::unix::net::{UnixListener, UnixStream};
    use std::path::{Path, PathBuf};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::thread::JoinHandle;
    use std::time::Instant;

    use anyhow::Context;

    use super::super::change::{Answer, Change};
    use super::super::writer::{Changes, Log};
    use super::{
        ANSWER_DEADLINE, BUSY, BUSY_DRAIN, MOST_ANSWER, MOST_ASKED, MOST_AT_ONCE, READ_DEADLINE,
        STORE_WAIT, answer_bytes, parse, parse_answer, request, socket_path,
    };

    /// The server's admin socket, listening on a thread of its own, which hands each
    /// connection to a thread of its own (at most [`MOST_AT_ONCE`] at once). Dropping
    /// it stops the listening thread, waits for it and for the connections' threads
    /// (and so for the [`Changes`] they hold), and removes the socket's file.
    #[derive(Debug)]
    pub(crate) struct Admin {
        path: PathBuf,
        stop: Arc<AtomicBool>,
        thread: Option<std::thread::JoinHandle<()>>,
    }

    impl Admin {
        /// Listens on the admin socket of `data_dir` (a socket left there by a server
        /// that was killed is replaced: the caller holds the folder's lock), handing
        /// each change to `changes`. An error if the socket cannot be made (a data
        /// folder's path too long for a socket's, say): the server runs on without it,
        /// and the commands refuse to change its store.
        pub(crate) fn start(data_dir: &Path, changes: Changes, log: Log) -> anyhow::Result<Admin> {
            let path = socket_path(data_dir);
            let cannot = || format!("no admin socket at {}", path.display());
            match std::fs::symlink_metadata(&path) {
                Ok(meta) if meta.file_type().is_dir() => {
                    anyhow::bail!("{}: a folder is in its place", cannot());
                }
                Ok(_) => std::fs::remove_file(&path).with_context(cannot)?,
                Err(_) => {}
            }
            let listener = UnixListener::bind(&path).with_context(cannot)?;
            {
                use std::os::unix::fs::PermissionsExt;
                // Before any connection is served; on Linux a peer of another user is
                // refused by its credentials too (the window between bind and this).
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
                    .with_context(cannot)?;
            }
            let stop = Arc::new(AtomicBool::new(false));
            let stopping = Arc::clone(&stop);
            let thread = std::thread::Builder::new()
                .name("hijara-admin".into())
                .spawn(move || {
                    let serving = Arc::new(AtomicUsize::new(0));
                    let mut threads: Vec<JoinHandle<()>> = Vec::new();
                    for stream in listener.incoming() {
                        if stopping.load(Ordering::Acquire) {
                            break;
                        }
                        match stream {
                            Ok(stream) => {
                                threads.retain(|thread| !thread.is_finished());
                                if let Some(thread) = take(stream, &serving, &changes, &log) {
                                    threads.push(thread);
                                }
                            }
                            // A connection gone before it was taken, or a descriptor
                            // short: the next one is tried after a pause.
                            Err(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
                        }
                    }
                    // Their `Changes` too must be gone before the writer can end.
                    for thread in threads {
                        let _ = thread.join();
                    }
                })
                .with_context(cannot)?;
            Ok(Admin {
                path,
                stop,
                thread: Some(thread),
            })
        }
    }

    impl Drop for Admin {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Release);
            // Wakes the accept; a connection that fails means the thread is not in it.
            let _ = UnixStream::connect(&self.path);
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
            let _ = std::fs::remove_file(&self.path);
        }
    }

    /// The most bytes of a request too long read (and dropped) before the answer.
    const DRAIN: u64 = 64 * 1024;

    /// Whether the peer of `stream` runs as this process's user (Linux's
    /// `SO_PEERCRED`; elsewhere the socket's mode alone keeps others out).
    fn same_user(stream: &UnixStream) -> bool {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            let mut cred = libc::ucred {
                pid: 0,
                uid: 0,
                gid: 0,
            };
            let mut len = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
            // SAFETY: `cred` and `len` are ours and as large as `len` says, for the
            // call's length; the descriptor is open while `stream` lives.
            let got = unsafe {
                libc::getsockopt(
                    stream.as_raw_fd(),
                    libc::SOL_SOCKET,
                    libc::SO_PEERCRED,
                    std::ptr::from_mut(&mut cred).cast(),
                    &mut len,
                )
            };
            // SAFETY: geteuid has no preconditions and cannot fail.
            got == 0 && cred.uid == unsafe { libc::geteuid() }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = stream;
            true
        }
    }

    /// A place among the connections served at once, given back when dropped (a
    /// connection's thread that panics gives it back too).
    struct Slot(Arc<AtomicUsize>);

    impl Drop for Slot {
        fn drop(&mut self) {
            self.0.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// Takes one connection on the listening thread, which never waits on a client
    /// here: another user's is closed unanswered; past [`MOST_AT_ONCE`] served at once
    /// (counted in `serving`) it is told [`BUSY`]; else it is served on a thread of its
    /// own, whose handle is returned.
    fn take(
        stream: UnixStream,
        serving: &Arc<AtomicUsize>,
        changes: &Changes,
        log: &Log,
    ) -> Option<JoinHandle<()>> {
        if !same_user(&stream) {
            log("the admin socket refused a connection from another user");
            return None;
        }
        // Only this thread adds to the count, so it cannot pass the cap between the
        // check and the add.
        if serving.load(Ordering::Acquire) >= MOST_AT_ONCE {
            log("the admin socket was busy: a connection was told so and closed");
            refuse_busy(stream);
            return None;
        }
        serving.fetch_add(1, Ordering::AcqRel);
        let slot = Slot(Arc::clone(serving));
        let changes = changes.clone();
        let spawned = std::thread::Builder::new()
            .name("hijara-admin-conn".into())
            .spawn(move || {
                let mut stream = stream;
                serve_one(&mut stream, &changes);
                // The place is given back before the client reads the end of the
                // answer, so a command that follows it finds it free.
                drop(slot);
                drop(stream);
            });
        match spawned {
            Ok(thread) => Some(thread),
            Err(error) => {
                // The closure, its stream and its slot are dropped: the client reads
                // no answer, and its command says nothing is known to have changed.
                log(&format!(
                    "the admin socket could not serve a connection: {error}"
                ));
                None
            }
        }
    }

    /// Answers a connection past the cap [`BUSY`] and closes it, after reading (and
    /// dropping) what it sent for [`BUSY_DRAIN`] at most: a socket closed with bytes
    /// unread resets, and its client would read the reset, not the answer.
    fn refuse_busy(mut stream: UnixStream) {
        let _ = stream.set_write_timeout(Some(BUSY_DRAIN));
        let answer: Answer = Err(BUSY.to_owned());
        if stream.write_all(&answer_bytes(&answer)).is_ok() {
            let _ = stream.shutdown(std::net::Shutdown::Write);
            let _ = read_stream(
                &mut stream,
                DRAIN as usize,
                Instant::now() + BUSY_DRAIN,
                false,
            );
        }
    }

    /// Serves one command: its request read within [`READ_DEADLINE`] from its own
    /// start, the change carried out by the writer, the answer written (a client gone
    /// by then misses it; the change stands, as the log says).
    fn serve_one(stream: &mut UnixStream, changes: &Changes) {
        let deadline = Instant::now() + READ_DEADLINE;
        let answer: Answer = match read_stream(stream, MOST_ASKED, deadline, true) {
            Ok(bytes) => match std::str::from_utf8(&bytes).ok().and_then(parse) {
                Some(change) => changes.ask(change, STORE_WAIT),
                None => Err("not a request this server knows (release NAME, forget NAME)".into()),
            },
            Err(why) => {
                // What is left of a request too long is read (a bounded amount, by the
                // same deadline): a socket closed with bytes unread resets, and its
                // client would read the reset, not the answer.
                let _ = std::io::copy(&mut (&mut *stream).take(DRAIN), &mut std::io::sink());
                Err(why)
            }
        };
        let _ = stream.set_write_timeout(Some(READ_DEADLINE));
        let _ = stream.write_all(&answer_bytes(&answer));
    }

    /// Asks the server holding `data_dir` to carry out `change`, and waits at most
    /// [`ANSWER_DEADLINE`] for what became of it. An error (`Err` outside) when there
    /// is no server to ask, or no answer: nothing is known to have changed.
    pub(crate) fn ask(data_dir: &Path, change: &Change) -> anyhow::Result<Answer> {
        let line = request(change).map_err(anyhow::Error::msg)?;
        let path = socket_path(data_dir);
        let mut stream = UnixStream::connect(&path)
            .with_context(|| format!("cannot reach its admin socket {}", path.display()))?;
        let deadline = Instant::now() + ANSWER_DEADLINE;
        stream.set_write_timeout(Some(ANSWER_DEADLINE))?;
        stream
            .write_all(line.as_bytes())
            .and_then(|()| stream.shutdown(std::net::Shutdown::Write))
            .with_context(|| format!("cannot write to {}", path.display()))?;
        let bytes = read_stream(&mut stream, MOST_ANSWER, deadline, false).map_err(|why| {
            anyhow::anyhow!(
                "no answer from {} ({why}): the change may or may not have been made \
                 (hijara serve names shows the names)",
                path.display()
            )
        })?;
        parse_answer(&bytes).with_context(|| {
            format!(
                "{} answered with no answer (is it a hijara server's?)",
                path.display()
            )
        })
    }

    /// Reads `stream` until a line break (`line`) or its end, at most `most` bytes
    /// (what is past them is left unread), all by `deadline`: an error saying why when
    /// the time runs out or a line is longer.
    fn read_stream(
        stream: &mut UnixStream,
        most: usize,
        deadline: Instant,
        line: bool,
    ) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 512];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err("timed out".into());
            }
            if stream.set_read_timeout(Some(left)).is_err() {
                return Err("cannot set a deadline".into());
            }
            let room = (most + 1 - bytes.len()).min(chunk.len());
            match stream.read(&mut chunk[..room]) {
                Ok(0) => return Ok(bytes),
                Ok(n) => {
                    bytes.extend_from_slice(&chunk[..n]);
                    if line && let Some(end) = bytes.iter().position(|&b| b == b'\n') {
                        bytes.truncate(end + 1);
                        return Ok(bytes);
                    }
                    if bytes.len() > most {
                        if line {
                            return Err(format!("a request longer than {most} bytes"));
                        }
                        bytes.truncate(most);
                        return Ok(bytes);
                    }
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    return Err("timed out".into());
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    }
}

/// No admin socket where there are no Unix sockets: a command beside a running
/// server refuses, changing nothing.
#[cfg(not(unix))]
pub(crate) fn ask(data_dir: &Path, change: &Change) -> anyhow::Result<Answer> {
    let _ = (data_dir, change);
    anyhow::bail!("this system has no Unix sockets to reach it by")
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream;
    use std::sync::Arc;

    use super::super::Store;
    use super::super::change::Change;
    use super::*;

    /// The answer to `bytes` sent raw to the admin socket of `dir`'s store.
    fn raw(dir: &Path, bytes: &[u8]) -> String {
        let mut stream = UnixStream::connect(socket_path(dir)).unwrap();
        stream.write_all(bytes).unwrap();
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut said = String::new();
        stream
            .take(MOST_ANSWER as u64)
            .read_to_string(&mut said)
            .unwrap();
        said
    }

    /// A request past the cap, one with no line break, or one no command sends is
    /// answered `no` and changes nothing; a release through the socket is made by the
    /// store's writer, and its answer comes back whole.
    #[test]
    fn requests_are_capped_and_only_the_two_changes_are_taken() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _) =
            Store::open(dir.path(), Arc::new(|_: &str| {}), Box::new(|_, _| {})).unwrap();
        assert_eq!(store.claim_name("ann", "SHA256:a"), Ok(()));
        let long = format!("release {}\n", "a".repeat(MOST_ASKED));
        let said = raw(dir.path(), long.as_bytes());
        assert!(
            said.starts_with("no\n") && said.contains("longer than 1024"),
            "{said}"
        );
        assert!(
            raw(dir.path(), b"release ann").starts_with("no\n"),
            "no line break"
        );
        let said = raw(dir.path(), b"drop table names\n");
        assert!(said.starts_with("no\nnot a request"), "{said}");
        assert!(store.name_is_bound("ann").unwrap());
        assert_eq!(raw(dir.path(), b"release ANN\n"), "ok\nreleased ANN\n");
        assert!(!store.name_is_bound("ann").unwrap());
        assert_eq!(
            ask(dir.path(), &Change::Release("ann".into())).unwrap(),
            Err("no name ann is bound at this server".to_owned())
        );
        let named = Change::Release("a\nb".into());
        assert!(ask(dir.path(), &named).is_err(), "a line break in a name");
        drop(store);
        assert!(
            !socket_path(dir.path()).exists(),
            "the socket is removed at the stop"
        );
    }

    /// Brief s20 (tests20): one connection was served at a time, so a local client
    /// that said nothing held the socket for its 5 s deadline while the operator's
    /// release waited behind it. A release beside a silent client is made and answered
    /// while the silent one still waits (unanswered, open); with [`MOST_AT_ONCE`]
    /// silent ones the next is told the server is busy and changes nothing; once they
    /// go, their places are free again. Fails on the old code (the silent client had
    /// been answered `timed out` before the release was served).
    #[test]
    fn a_silent_client_holds_up_no_release_and_one_past_the_cap_is_told_busy() {
        use std::io::ErrorKind;
        let dir = tempfile::tempdir().unwrap();
        let (store, _) =
            Store::open(dir.path(), Arc::new(|_: &str| {}), Box::new(|_, _| {})).unwrap();
        assert_eq!(store.claim_name("ann", "SHA256:a"), Ok(()));
        assert_eq!(store.claim_name("bob", "SHA256:b"), Ok(()));
        let silent = UnixStream::connect(socket_path(dir.path())).unwrap();
        let release = |name: &str| ask(dir.path(), &Change::Release(name.into())).unwrap();
        assert_eq!(release("ann"), Ok("released ann\n".to_owned()));
        silent.set_nonblocking(true).unwrap();
        let read = (&silent).read(&mut [0u8; 64]).map_err(|e| e.kind());
        assert_eq!(
            read,
            Err(ErrorKind::WouldBlock),
            "the silent client was answered (or closed) before the release"
        );
        let mut silents = vec![silent];
        for _ in 1..MOST_AT_ONCE {
            silents.push(UnixStream::connect(socket_path(dir.path())).unwrap());
        }
        let busy = release("bob");
        assert!(
            busy.as_ref().is_err_and(|said| said.contains("busy")),
            "{busy:?}"
        );
        assert!(store.name_is_bound("bob").unwrap());
        // Gone: each one's thread reads the end and gives its place back.
        drop(silents);
        let begun = std::time::Instant::now();
        loop {
            match release("bob") {
                Err(said) if said.contains("busy") => {
                    assert!(begun.elapsed() < READ_DEADLINE * 2, "{said}");
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                said => {
                    assert_eq!(said, Ok("released bob\n".to_owned()));
                    break;
                }
            }
        }
        assert!(!store.name_is_bound("bob").unwrap());
    }
}
