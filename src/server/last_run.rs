//! Whether the server's last run on a data folder stopped cleanly: a small file,
//! [`RUN_FILE`], that a run writes `running` into once it listens, rewrites every
//! [`ALIVE_EVERY`] with the time it was last alive, and rewrites `stopped` at a clean
//! stop (after the log's `stopped`'s work, before its line). The next start reads it
//! before it writes its own: `running` left there means that run ended without its
//! stop (`kill -9`, a crash, the machine went down), and its last `alive` time is when
//! it was last seen. Before this (s38) a `kill -9` showed in the log only as a missing
//! `stopped` line before the next `listening on`.
//!
//! The file is the server's own, but it lies in a folder anyone with the account may
//! write: it is read with a size limit, and only what parses (a state, a process id,
//! UTC times) reaches the log; anything else says the file could not be read.

use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};

/// The file's name inside the data folder.
pub const RUN_FILE: &str = "server.run";

/// How often a running server rewrites its last time alive: the time a killed
/// run's start reports is at most this much (and a write's wait) before it ended.
pub(crate) const ALIVE_EVERY: Duration = Duration::from_secs(60);

/// The most bytes of the file read: it holds four short lines.
const MAX_RUN_FILE_BYTES: u64 = 1024;

/// Whether a run was running or had stopped when it last wrote the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// It was serving: the file left so means the run did not stop cleanly.
    Running,
    /// It stopped cleanly.
    Stopped,
}

/// What a run wrote last in [`RUN_FILE`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Marker {
    /// Running or stopped.
    pub(crate) state: State,
    /// The run's process id.
    pub(crate) process: u32,
    /// When it started to listen.
    pub(crate) started: DateTime<Utc>,
    /// When it was last alive (running) or when it stopped (stopped).
    pub(crate) at: DateTime<Utc>,
}

/// What a start finds of the last run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LastRun {
    /// No file: a first start in this folder, or after a hijara before s38.
    NoRecord,
    /// The last run's marker.
    Found(Marker),
    /// The file is there but could not be read or made sense of (why).
    Unreadable(String),
}

/// A time as the log stamps it (`2026-12-07T15:29:42Z`).
fn time(at: &DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

impl Marker {
    /// The file's text: the state, then one `word value` line each.
    pub(crate) fn text(&self) -> String {
        let (state, at) = match self.state {
            State::Running => ("running", "alive"),
            State::Stopped => ("stopped", "stopped"),
        };
        format!(
            "{state}\nprocess {}\nstarted {}\n{at} {}\n",
            self.process,
            time(&self.started),
            time(&self.at)
        )
    }

    /// The marker `text` holds, or what is wrong with it.
    pub(crate) fn parse(text: &str) -> Result<Marker, String> {
        let mut lines = text.lines();
        let (state, at_word) = match lines.next() {
            Some("running") => (State::Running, "alive"),
            Some("stopped") => (State::Stopped, "stopped"),
            _ => return Err("its first line is neither `running` nor `stopped`".into()),
        };
        let mut field = |word: &str| -> Result<String, String> {
            lines
                .next()
                .and_then(|line| line.strip_prefix(word))
                .and_then(|rest| rest.strip_prefix(' '))
                .map(str::to_owned)
                .ok_or_else(|| format!("no `{word}` line where it belongs"))
        };
        let process = field("process")?;
        let process = process
            .parse()
            .map_err(|_| "its process id is not a number".to_owned())?;
        let when = |word: &str, text: String| {
            DateTime::parse_from_rfc3339(&text)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|_| format!("its `{word}` time is not a time"))
        };
        let started = when("started", field("started")?)?;
        let at = when(at_word, field(at_word)?)?;
        Ok(Marker {
            state,
            process,
            started,
            at,
        })
    }
}

impl LastRun {
    /// The log's line (and the banner's) saying it.
    pub(crate) fn said(&self) -> String {
        match self {
            LastRun::NoRecord => format!(
                "the last run: none on record here (no {RUN_FILE}: a first start here, or \
                 the last run was of an older hijara)"
            ),
            LastRun::Found(marker) => match marker.state {
                State::Stopped => format!(
                    "the last run (process {}, started {}) stopped cleanly at {}",
                    marker.process,
                    time(&marker.started),
                    time(&marker.at)
                ),
                State::Running => format!(
                    "the last run (process {}, started {}) did NOT stop cleanly (killed, \
                     crashed, or the machine went down): last seen alive at {} (noted \
                     every {} s)",
                    marker.process,
                    time(&marker.started),
                    time(&marker.at),
                    ALIVE_EVERY.as_secs()
                ),
            },
            LastRun::Unreadable(why) => {
                format!("the last run: whether it stopped cleanly is not known ({RUN_FILE}: {why})")
            }
        }
    }
}

/// Reads the last run's marker from `dir` (at most [`MAX_RUN_FILE_BYTES`]).
pub(crate) fn read(dir: &Path) -> LastRun {
    let path = dir.join(RUN_FILE);
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return LastRun::NoRecord,
        Err(error) => return LastRun::Unreadable(format!("cannot be read: {error}")),
    };
    let mut bytes = Vec::new();
    if let Err(error) = file.take(MAX_RUN_FILE_BYTES + 1).read_to_end(&mut bytes) {
        return LastRun::Unreadable(format!("cannot be read: {error}"));
    }
    if bytes.len() as u64 > MAX_RUN_FILE_BYTES {
        return LastRun::Unreadable(format!("over {MAX_RUN_FILE_BYTES} bytes"));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return LastRun::Unreadable("not UTF-8".into());
    };
    match Marker::parse(&text) {
        Ok(marker) => LastRun::Found(marker),
        Err(why) => LastRun::Unreadable(why),
    }
}

/// Writes `marker` into `dir`'s [`RUN_FILE`] whole or not at all: a new file, synced,
/// renamed over the old one (a kill in the middle leaves the old marker, never half
/// of one).
pub(crate) fn write(dir: &Path, marker: &Marker) -> std::io::Result<()> {
    let path = dir.join(RUN_FILE);
    let new = dir.join(format!("{RUN_FILE}.new"));
    {
        let mut file = std::fs::File::create(&new)?;
        file.write_all(marker.text().as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&new, &path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn marker(state: State) -> Marker {
        Marker {
            state,
            process: 4242,
            started: at("2026-12-07T15:00:00Z"),
            at: at("2026-12-07T15:29:00Z"),
        }
    }

    /// What a run writes reads back the same, and says which way it ended.
    #[test]
    fn a_marker_reads_back_and_says_how_the_run_ended() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()), LastRun::NoRecord);
        for state in [State::Running, State::Stopped] {
            write(dir.path(), &marker(state)).unwrap();
            assert_eq!(read(dir.path()), LastRun::Found(marker(state)));
        }
        assert_eq!(
            LastRun::Found(marker(State::Stopped)).said(),
            "the last run (process 4242, started 2026-12-07T15:00:00Z) stopped cleanly at \
             2026-12-07T15:29:00Z"
        );
        assert_eq!(
            LastRun::Found(marker(State::Running)).said(),
            "the last run (process 4242, started 2026-12-07T15:00:00Z) did NOT stop cleanly \
             (killed, crashed, or the machine went down): last seen alive at \
             2026-12-07T15:29:00Z (noted every 60 s)"
        );
        assert!(!dir.path().join(format!("{RUN_FILE}.new")).exists());
    }

    /// The file lies in a folder others may write: a long, garbled or escape-laden one
    /// is said to be unreadable, and none of its bytes reach the log.
    #[test]
    fn a_garbled_marker_is_unreadable_and_none_of_it_is_said() {
        let dir = tempfile::tempdir().unwrap();
        let cases: [(&[u8], &str); 6] = [
            (b"", "neither"),
            (b"\x1b[2Jrunning\n", "neither"),
            (b"running\nprocess 1\x1b[2J\n", "process id"),
            (
                b"running\nprocess 1\nstarted 2026-12-07T15:00:00Z\nalive \x1b[2J\n",
                "`alive` time",
            ),
            (
                b"stopped\nprocess 1\nstarted 2026-12-07T15:00:00Z\n",
                "no `stopped` line",
            ),
            (b"\xff\xfe", "not UTF-8"),
        ];
        for (bytes, why) in cases {
            std::fs::write(dir.path().join(RUN_FILE), bytes).unwrap();
            let said = read(dir.path()).said();
            assert!(said.contains(why), "{bytes:?}: {said}");
            assert!(said.contains("is not known"), "{said}");
            assert!(!said.chars().any(char::is_control), "{said}");
        }
        std::fs::write(dir.path().join(RUN_FILE), vec![b'a'; 5000]).unwrap();
        assert!(read(dir.path()).said().contains("over 1024 bytes"));
    }
}
