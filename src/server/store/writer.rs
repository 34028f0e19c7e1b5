//! The one writer: a thread of its own (not a task on the server's two-worker
//! runtime) that owns the database's write connection, fed by a bounded channel. It
//! takes what is waiting (at most [`BATCH`] at a time, a [`Work::Together`] whole),
//! carries it out in one transaction (each piece in a savepoint of its own, so one
//! failing piece spoils no other), commits (`synchronous=FULL`: on disk when this
//! returns), and only then says so: a keep's result goes to the hall, a name's or a
//! guest's to whoever waits for it.
//!
//! A full channel makes the sender wait: only a session that writes (its move, its
//! switch, its login) waits, never the lobby nor another table.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use anyhow::Context;
use rusqlite::{Connection, Transaction, params};

use crate::record::Termination;
use crate::session::Played;

use super::super::club::RatedEnd;
use super::super::corr::{CorrState, DaysTaken};
use super::super::game_record::{history_record, table_record};
use super::super::names::{
    MAX_NAMES_PER_KEY, NameError, UNUSED_NAME_DAYS, check_name, folded, look_alike,
};
use super::super::prefs::Pref;
use super::super::table::{Keep, Snapshot};
use super::super::wall::Wall;
use super::change::{self, Answer, Change};
use super::club;

/// Logs a line (the server's log; nothing in tests).
pub(crate) type Log = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The most pieces of work waiting in the channel: a sender waits when it is full.
const CAPACITY: usize = 1024;

/// Why nothing more is kept once the writer thread has ended.
pub(crate) const STOPPED: &str = "the store has stopped";

/// The most pieces of work carried out in one transaction.
const BATCH: usize = 256;

/// How long the writer waits with nothing to do, after a commit, before it
/// checkpoints the WAL (copies the pages committed into the database file). SQLite's
/// automatic checkpoint ran inside the commit that crossed 1000 pages: that move's
/// commit waited for the copy and its syncs. It is off on the writer's connection.
const CHECKPOINT_IDLE: std::time::Duration = std::time::Duration::from_millis(100);

/// The commits since the last checkpoint before an idle writer checkpoints: each
/// checkpoint syncs the WAL and the database file, and delays a batch that comes
/// while it runs; after every commit, moves a ninth of a second apart (serve_load)
/// tripled the syncs and added 2 ms to the median move.
const CHECKPOINT_AFTER: usize = 16;

/// The most commits between two checkpoints, for a writer never idle that long: the
/// checkpoint then runs after a commit's answers went out, before the next batch
/// (the WAL stays bounded, as SQLite's own limit kept it).
const CHECKPOINT_EVERY: usize = 64;

/// What the writer reports of a batch of keeps: each table's keep and its result,
/// and the vacation days kept and not kept (the games they lengthened were not either).
pub(crate) type Kept = Box<dyn Fn(Vec<(u32, Keep, Result<(), String>)>, Days) + Send>;

/// The vacation days a batch wrote: on disk now, or not kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Days {
    /// On disk with the games they lengthen (their players are told once).
    pub(crate) kept: Vec<DaysTaken>,
    /// Not kept, latest first: the hall gives them back.
    pub(crate) lost: Vec<DaysTaken>,
    /// Days shown to their players whose "told" the store could not note (each key
    /// and how many): the hall counts them untold again, so the next login says them
    /// (the store still counts them untold, so a restart does too).
    pub(crate) told_lost: Vec<(String, u32)>,
}

/// A piece of work for the writer.
enum Work {
    /// Keep table `id` as the keep says.
    Keep(u32, Keep),
    /// Keep a player's switches (numbered by the hall: a switch handed over after a
    /// later one of the same key writes the later one again); whether they were kept
    /// goes back, if asked.
    Pref(
        String,
        Pref,
        Option<u64>,
        Option<SyncSender<Result<(), String>>>,
    ),
    /// Bind a name to a key; the answer goes back.
    ClaimName {
        name: String,
        key: String,
        reply: SyncSender<Result<(), NameError>>,
    },
    /// Release the names unused for [`UNUSED_NAME_DAYS`] at this wall-clock time
    /// ([`sweep_names`]), but those of the keys on the server now.
    SweepNames(i64, Vec<String>),
    /// Count a new guest; their number goes back.
    Guest(SyncSender<Result<u64, String>>),
    /// Answer once everything sent before is carried out.
    Flush(SyncSender<()>),
    /// An operator's change (`hijara serve release`, `forget`) handed over by the
    /// admin socket: what became of it goes back once it is on disk (or not).
    Operator(Change, SyncSender<Answer>),
    /// Take a player off the leaderboards (`false`) or put them back; whether it was
    /// kept goes back.
    Listed(String, bool, SyncSender<Result<(), String>>),
    /// Keep a finished game's review (in place of the unreadable one given).
    Review(i64, String, Option<String>),
    /// Keep vacation days taken with the keeps of the hold that took them, in one
    /// savepoint: a day is never counted without the games it lengthens, nor a game
    /// lengthened by a day not counted.
    Lengthened(Vec<DaysTaken>, Vec<(u32, Keep)>),
    /// A correspondence table opened (`true`) by a key, or no longer open (`false`).
    OpenCorr(u32, String, bool),
    /// A player was told their open correspondence tables closed at a restart.
    ToldClosed(String),
    /// A player was shown this many of their vacation days used.
    DaysTold(String, u32),
    /// A player (by key) was told how this game ended (by its number in the
    /// history): a win claimed against them, or an end at a restart.
    EndTold(i64, String),
    /// The server is up at this wall-clock time.
    Heartbeat(i64),
    /// Each live clocked game's thinking so far on the turn under way, as noted.
    Thought(Vec<Thought>),
    /// Pieces that land in one transaction or not at all (never split between
    /// batches): what one hold of the hall handed over.
    Together(Vec<Work>),
    /// For tests: the next `n` keeps, switches or leaderboard choices fail with this
    /// error.
    #[cfg(test)]
    Fail(usize, String),
}

/// The way to the writer thread. Dropping it ends the thread once it has carried out
/// everything handed to it, and waits for that.
#[derive(Debug)]
pub(crate) struct Writer {
    sender: Option<SyncSender<Work>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// For tests: how many pieces of work were handed over.
    #[cfg(test)]
    sent: std::sync::atomic::AtomicUsize,
}

/// What one hold of the hall asks the store to keep, for [`Writer::hold`]: the
/// hall hands it over, with its log lines, once its lock is released.
#[derive(Debug, Default)]
pub(crate) struct Hold {
    /// Tables to keep.
    pub(crate) keeps: Vec<(u32, Keep)>,
    /// Players' switches.
    pub(crate) prefs: Vec<(String, Pref)>,
    /// Vacation days taken (with the keeps of the games they lengthen).
    pub(crate) vacations: Vec<DaysTaken>,
    /// Correspondence tables opened (`true`) by a key, or no longer open.
    pub(crate) open_corr: Vec<(u32, String, bool)>,
    /// Keys told of their correspondence tables closed by a restart.
    pub(crate) told: Vec<String>,
    /// Keys shown their vacation days used, and how many.
    pub(crate) days_told: Vec<(String, u32)>,
    /// Games' ends told to a key (the game's number in the history).
    pub(crate) ends_told: Vec<(i64, String)>,
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.sender = None;
        if let Some(thread) = self.thread.take() {
            // A writer that panicked has nothing more to say.
            let _ = thread.join();
        }
    }
}

impl Writer {
    /// Starts the writer thread on `conn`; `kept` hears every batch of keeps; `wall`
    /// is the server's wall clock (a name's last login is kept on it).
    pub(crate) fn start(
        conn: Connection,
        log: Log,
        kept: Kept,
        wall: Wall,
    ) -> anyhow::Result<Writer> {
        let (sender, receiver) = sync_channel(CAPACITY);
        let thread = std::thread::Builder::new()
            .name("hijara-store".into())
            .spawn(move || run(conn, &receiver, &log, &kept, &wall))
            .context("cannot start the store's writer thread")?;
        Ok(Writer {
            sender: Some(sender),
            thread: Some(thread),
            #[cfg(test)]
            sent: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Hands `work` to the thread, waiting while the channel is full; `false` if the
    /// thread has ended.
    fn send(&self, work: Work) -> bool {
        #[cfg(test)]
        self.sent.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.sender.as_ref().is_some_and(|s| s.send(work).is_ok())
    }

    /// Hands table `id`'s keep to the writer, waiting while the channel is full. The
    /// result comes back through the hall's `kept`. `false` if the writer has ended.
    /// (The server hands keeps over [`Writer::hold`].)
    #[cfg(any(test, feature = "tools"))]
    pub(crate) fn keep(&self, id: u32, keep: Keep) -> bool {
        self.send(Work::Keep(id, keep))
    }

    /// Hands `key`'s switches to the writer.
    #[cfg(test)]
    pub(crate) fn pref(&self, key: String, pref: Pref) {
        self.send(Work::Pref(key, pref, None, None));
    }

    /// Keeps `key`'s switches, the hall's switch number `serial`, and waits for the
    /// outcome: `Err` says why they are not on disk (a full disk, a read-only
    /// database, the writer stopped). If a later switch of the key came first, the
    /// later switches are written (they include these).
    pub(crate) fn keep_pref(&self, key: &str, pref: Pref, serial: u64) -> Result<(), String> {
        let (reply, answer) = sync_channel(1);
        let work = Work::Pref(key.to_owned(), pref, Some(serial), Some(reply));
        if !self.send(work) {
            return Err(STOPPED.to_owned());
        }
        answer.recv().unwrap_or_else(|_| Err(STOPPED.to_owned()))
    }

    /// Binds `name` to `key` (see [`claim_name`]) and waits for the answer.
    pub(crate) fn claim_name(&self, name: &str, key: &str) -> Result<(), NameError> {
        let (reply, answer) = sync_channel(1);
        let work = Work::ClaimName {
            name: name.to_owned(),
            key: key.to_owned(),
            reply,
        };
        if !self.send(work) {
            return Err(NameError::NotKept("the store has stopped".into()));
        }
        answer
            .recv()
            .unwrap_or_else(|_| Err(NameError::NotKept("the store has stopped".into())))
    }

    /// Releases the names unused for [`UNUSED_NAME_DAYS`] at wall-clock time `now`
    /// ([`sweep_names`]), but those of the keys in `present` (on the server now: a
    /// session may have lasted longer than that). The log names each one released.
    pub(crate) fn sweep_names(&self, now: i64, present: Vec<String>) {
        self.send(Work::SweepNames(now, present));
    }

    /// A new guest's number, counted in the database (never given twice).
    pub(crate) fn new_guest(&self) -> anyhow::Result<u64> {
        let (reply, answer) = sync_channel(1);
        if !self.send(Work::Guest(reply)) {
            anyhow::bail!("the store has stopped");
        }
        answer
            .recv()
            .map_err(|_| anyhow::anyhow!("the store has stopped"))?
            .map_err(anyhow::Error::msg)
    }

    /// Takes `key` off the leaderboards (`listed` false), or puts them back, and waits
    /// for the outcome: `Err` says why it is not on disk.
    pub(crate) fn listed(&self, key: String, listed: bool) -> Result<(), String> {
        let (reply, answer) = sync_channel(1);
        if !self.send(Work::Listed(key, listed, reply)) {
            return Err(STOPPED.to_owned());
        }
        answer.recv().unwrap_or_else(|_| Err(STOPPED.to_owned()))
    }

    /// Keeps game `id`'s review; with `unreadable`, in place of the kept one that
    /// could not be read, which is kept aside ([`club::write_review`]).
    pub(crate) fn review(&self, id: i64, positions: String, unreadable: Option<String>) {
        self.send(Work::Review(id, positions, unreadable));
    }

    /// Hands over what one hold of the hall wrote as one piece, to land in one
    /// transaction (one commit, one sync to disk), never split between two: a vacation
    /// day's count with the keeps of the games it lengthens, so a kill between two
    /// transactions cannot count a day no game got (if that piece fails, none of it is
    /// kept: the hall gives the day back and the games go back); a correspondence
    /// table's opening with its first keep. `false` if the writer has ended (nothing
    /// of it was carried out).
    pub(crate) fn hold(&self, hold: Hold) -> bool {
        let Hold {
            keeps,
            prefs,
            vacations,
            open_corr,
            told,
            days_told,
            ends_told,
        } = hold;
        let mut work: Vec<Work> = open_corr
            .into_iter()
            .map(|(id, key, open)| Work::OpenCorr(id, key, open))
            .chain(told.into_iter().map(Work::ToldClosed))
            .chain(
                days_told
                    .into_iter()
                    .map(|(key, days)| Work::DaysTold(key, days)),
            )
            .chain(
                ends_told
                    .into_iter()
                    .map(|(game, key)| Work::EndTold(game, key)),
            )
            .chain(prefs.into_iter().map(|(k, p)| Work::Pref(k, p, None, None)))
            .collect();
        if vacations.is_empty() {
            work.extend(keeps.into_iter().map(|(id, keep)| Work::Keep(id, keep)));
        } else {
            work.push(Work::Lengthened(vacations, keeps));
        }
        work.is_empty() || self.send(Work::Together(work))
    }

    /// Keeps which correspondence tables are open and whose (`true`: opened, `false`:
    /// no longer open), and the keys told of theirs closed by a restart.
    #[cfg(test)]
    pub(crate) fn open_corr(&self, open_corr: Vec<(u32, String, bool)>, told: Vec<String>) {
        self.hold(Hold {
            open_corr,
            told,
            ..Hold::default()
        });
    }

    /// Keeps that the players were shown their vacation days used (each key and how
    /// many), so that no later login tells them again.
    #[cfg(test)]
    pub(crate) fn days_told(&self, days_told: Vec<(String, u32)>) {
        self.hold(Hold {
            days_told,
            ..Hold::default()
        });
    }

    /// Keeps that the players were told how games they were away for ended (each
    /// game's number in the history, and the player's key), so that no later login
    /// tells them again.
    #[cfg(test)]
    pub(crate) fn ends_told(&self, ends_told: Vec<(i64, String)>) {
        self.hold(Hold {
            ends_told,
            ..Hold::default()
        });
    }

    /// For tests: how many pieces of work were handed over so far.
    #[cfg(test)]
    pub(crate) fn sent(&self) -> usize {
        self.sent.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Keeps that the server is up at wall-clock time `wall`.
    pub(crate) fn heartbeat(&self, wall: i64) {
        self.send(Work::Heartbeat(wall));
    }

    /// Keeps how long each live clocked game's mover has thought on the turn under
    /// way, so a restart charges it ([`write_thought`]).
    pub(crate) fn thought(&self, thoughts: Vec<Thought>) {
        if !thoughts.is_empty() {
            self.send(Work::Thought(thoughts));
        }
    }

    /// The correspondence timer's note: that the server is up at `up` (when given) and
    /// each live clock's thinking, in one transaction (one commit, one sync to disk),
    /// nothing when there is neither.
    pub(crate) fn noted(&self, up: Option<i64>, thoughts: Vec<Thought>) {
        let mut work: Vec<Work> = up.map(Work::Heartbeat).into_iter().collect();
        if !thoughts.is_empty() {
            work.push(Work::Thought(thoughts));
        }
        if work.len() > 1 {
            self.send(Work::Together(work));
        } else if let Some(one) = work.pop() {
            self.send(one);
        }
    }

    /// A way to hand the writer an operator's change from another thread (the admin
    /// socket's); `None` once the writer is stopping. The writer thread ends only once
    /// every such sender is gone too.
    pub(crate) fn changes(&self) -> Option<Changes> {
        self.sender.clone().map(Changes)
    }

    /// Waits until everything handed over before is carried out (and its results
    /// reported). `false` if the writer has ended.
    pub(crate) fn flush(&self) -> bool {
        let (reply, answer) = sync_channel(1);
        self.send(Work::Flush(reply)) && answer.recv().is_ok()
    }

    /// For tests: makes the next `n` keeps, switches or leaderboard choices fail with
    /// `error`, as a full disk would.
    #[cfg(test)]
    pub(crate) fn fail_next(&self, n: usize, error: &str) {
        self.send(Work::Fail(n, error.to_owned()));
    }
}

/// The way an operator's change reaches the writer (see [`Writer::changes`]).
#[derive(Debug, Clone)]
pub(crate) struct Changes(SyncSender<Work>);

impl Changes {
    /// Hands `change` to the writer and waits, at most `wait`, for what became of it
    /// once the writer's transaction is on disk. An `Err` answer when the writer has
    /// stopped, failed to write, or did not answer in time (the change may then still
    /// be carried out: the answer says so).
    pub(crate) fn ask(&self, change: Change, wait: std::time::Duration) -> Answer {
        let (reply, answer) = sync_channel(1);
        // A full channel waits for room: try_send, then a bounded wait.
        let mut work = Work::Operator(change, reply);
        let until = std::time::Instant::now() + wait;
        loop {
            match self.0.try_send(work) {
                Ok(()) => break,
                Err(std::sync::mpsc::TrySendError::Disconnected(_)) => {
                    return Err(STOPPED.to_owned());
                }
                Err(std::sync::mpsc::TrySendError::Full(back)) => {
                    if std::time::Instant::now() >= until {
                        return Err("the server's store is busy: nothing changed, try again".into());
                    }
                    work = back;
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
            }
        }
        match answer.recv_timeout(until.saturating_duration_since(std::time::Instant::now())) {
            Ok(said) => said,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(
                "the server's store did not answer in time: the change may still be made (hijara serve names shows the names)"
                    .into(),
            ),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(STOPPED.to_owned()),
        }
    }
}

/// The next piece of work for the writer, waiting for it (`None` once every sender
/// is gone). `unchecked` counts the commits since the WAL's last checkpoint: the
/// writer checkpoints once idle for [`CHECKPOINT_IDLE`] after [`CHECKPOINT_AFTER`] of
/// them, or at once after [`CHECKPOINT_EVERY`]; never inside a commit.
fn next_work(
    receiver: &Receiver<Work>,
    conn: &Connection,
    log: &Log,
    unchecked: &mut usize,
) -> Option<Work> {
    if *unchecked >= CHECKPOINT_EVERY {
        checkpoint(conn, log);
        *unchecked = 0;
    }
    if *unchecked < CHECKPOINT_AFTER {
        return receiver.recv().ok();
    }
    match receiver.recv_timeout(CHECKPOINT_IDLE) {
        Ok(work) => Some(work),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            checkpoint(conn, log);
            *unchecked = 0;
            receiver.recv().ok()
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => None,
    }
}

/// Copies the WAL's committed pages into the database file, as far as no reader
/// still needs the older ones (`PASSIVE`: it waits for nobody, and the next one
/// copies the rest). A failure is logged; the WAL keeps the pages meanwhile.
fn checkpoint(conn: &Connection, log: &Log) {
    if let Err(error) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
        log(&format!("the store's checkpoint failed: {error}"));
    }
}

/// One transaction's work: `first` and what else is waiting, up to [`BATCH`] pieces
/// (a [`Work::Together`] whole, even past it).
fn gather(first: Work, receiver: &Receiver<Work>) -> Vec<Work> {
    let mut batch = Vec::new();
    let mut next = Some(first);
    while let Some(work) = next {
        flatten_into(&mut batch, work);
        next = (batch.len() < BATCH)
            .then(|| receiver.try_recv().ok())
            .flatten();
    }
    batch
}

/// Adds `work` to `batch`, a [`Work::Together`] as its pieces.
fn flatten_into(batch: &mut Vec<Work>, work: Work) {
    match work {
        Work::Together(pieces) => {
            for piece in pieces {
                flatten_into(batch, piece);
            }
        }
        work => batch.push(work),
    }
}

/// The writes a test asked to fail (`Work::Fail`): the next `left` fail with `error`.
/// Only tests set it, so elsewhere every write goes ahead.
#[derive(Default)]
struct Failing {
    left: usize,
    error: String,
}

impl Failing {
    /// The error the next write is to fail with, if a test asked for one.
    fn next(&mut self) -> Option<String> {
        (self.left > 0).then(|| {
            self.left -= 1;
            self.error.clone()
        })
    }
}

/// The writer thread: batches of work until every sender is gone.
fn run(mut conn: Connection, receiver: &Receiver<Work>, log: &Log, kept: &Kept, wall: &Wall) {
    let mut failing = Failing::default();
    // Each key's latest switches handed over, by the hall's number: one key's two
    // sessions may hand theirs over in the other order. (One entry a key that
    // switched since the start: a few words each.)
    let mut latest_pref: std::collections::HashMap<String, (u64, Pref)> =
        std::collections::HashMap::new();
    // Each key's latest vacation count on disk, by the hall's number: a count handed
    // over after a later one of the same key would put back fewer days used.
    let mut latest_days: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
    // Whether the last vacation days handed over were not kept: the hall tries again,
    // less and less often, and the log says so once, and once when they are kept again.
    let mut days_failing = false;
    // No checkpoint inside a commit ([`CHECKPOINT_IDLE`]): the writer runs its own.
    if let Err(error) = conn.pragma_update(None, "wal_autocheckpoint", 0) {
        log(&format!(
            "the store's checkpoints stay in its commits: {error}"
        ));
    }
    let mut unchecked = 0;
    while let Some(first) = next_work(receiver, &conn, log, &mut unchecked) {
        let batch = gather(first, receiver);
        unchecked += 1;
        #[cfg(test)]
        {
            for work in &batch {
                if let Work::Fail(n, error) = work {
                    failing = Failing {
                        left: *n,
                        error: error.clone(),
                    };
                }
            }
        }
        let mut keeps: Vec<(u32, Keep, Result<(), String>)> = Vec::new();
        let mut names = Vec::new();
        // The names a sweep released, said in the log once they are on disk.
        let mut released_names: Vec<(String, String)> = Vec::new();
        let mut guests = Vec::new();
        let mut flushes = Vec::new();
        let mut switches = Vec::new();
        let mut changes = Vec::new();
        // The tables whose keep failed with vacation days the log already said were
        // not kept: not said again at each try.
        let mut quiet = Vec::new();
        // Vacation days written (lost if the commit fails) and not kept.
        let (mut days_written, mut days_lost) = (Vec::new(), Vec::new());
        // Days told written (not noted if the commit fails) and not noted.
        let (mut told_written, mut told_lost) = (Vec::new(), Vec::new());
        let committed = conn.transaction().map_err(|e| e.to_string()).and_then(|mut tx| {
            for work in batch {
                match work {
                    Work::Keep(id, mut keep) => {
                        if let Some(error) = failing.next() {
                            keeps.push((id, keep, Err(error)));
                            continue;
                        }
                        let result = in_savepoint(&mut tx, |tx| write_keep(tx, id, &keep));
                        let result = result.map(|(rated, untold)| {
                            keep.rated_end = rated;
                            keep.untold = untold;
                        });
                        keeps.push((id, keep, result.map_err(|e| e.to_string())));
                    }
                    Work::OpenCorr(id, key, open) => {
                        let sql = if open {
                            "INSERT INTO open_corr (table_id, key) VALUES (?1, ?2)"
                        } else {
                            "DELETE FROM open_corr WHERE table_id = ?1 AND key = ?2 \
                             AND closed = 0"
                        };
                        if let Err(error) = in_savepoint(&mut tx, |tx| {
                            tx.execute(sql, rusqlite::params![id, key]).map(|_| ())
                        }) {
                            log(&format!("an open correspondence table was not noted: {error}"));
                        }
                    }
                    Work::ToldClosed(key) => {
                        if let Err(error) = in_savepoint(&mut tx, |tx| {
                            tx.execute(
                                "DELETE FROM open_corr WHERE key = ?1 AND closed = 1",
                                [key],
                            )
                            .map(|_| ())
                        }) {
                            log(&format!("a table closed at a restart was not forgotten: {error}"));
                        }
                    }
                    Work::EndTold(game, key) => {
                        // Not kept (a full disk): the next start tells it again.
                        if let Err(error) =
                            in_savepoint(&mut tx, |tx| club::write_end_told(tx, game, &key))
                        {
                            log(&format!("a game's end told was not noted: {error}"));
                        }
                    }
                    Work::DaysTold(key, days) => {
                        let result = match failing.next() {
                            Some(error) => Err(error),
                            None => in_savepoint(&mut tx, |tx| {
                                club::write_days_told(tx, &key, days)
                            })
                            .map_err(|e| e.to_string()),
                        };
                        match result {
                            Ok(()) => told_written.push((key, days)),
                            Err(error) => {
                                log(&format!(
                                    "vacation days told were not noted (told again at the next login): {error}"
                                ));
                                told_lost.push((key, days));
                            }
                        }
                    }
                    Work::Listed(key, listed, reply) => {
                        let failed = failing.next();
                        let result = match failed {
                            Some(error) => Err(error),
                            None => in_savepoint(&mut tx, |tx| club::write_listed(tx, &key, listed))
                                .map_err(|e| e.to_string()),
                        };
                        if let Err(error) = &result {
                            log(&format!("a leaderboard choice was not kept: {error}"));
                        }
                        switches.push((reply, result));
                    }
                    Work::Review(id, positions, unreadable) => {
                        let now = chrono::Utc::now().timestamp();
                        if let Err(error) = in_savepoint(&mut tx, |tx| {
                            club::write_review(tx, id, &positions, now, unreadable.as_deref())
                        }) {
                            log(&format!("game {id}'s review was not kept: {error}"));
                        }
                    }
                    Work::Lengthened(days, lengthened) => {
                        let failed = failing.next();
                        let result = match failed {
                            Some(error) => Err(error),
                            None => in_savepoint(&mut tx, |tx| {
                                for taken in &days {
                                    // A later count of the key, on disk or in this
                                    // batch, includes these days.
                                    let newer = latest_days.get(&taken.key).is_some_and(|&s| s > taken.serial)
                                        || days_written.iter().any(|d: &DaysTaken| {
                                            d.key == taken.key && d.serial > taken.serial
                                        });
                                    if !newer {
                                        let after = (taken.after.year, taken.after.used);
                                        club::write_vacation(tx, &taken.key, after)?;
                                    }
                                    // Not told yet: each taking's days, counted
                                    // whichever count is kept (the hall tells them
                                    // all, [`super::super::hall::Hall::days_kept`]).
                                    club::add_days_untold(tx, &taken.key, taken.used())?;
                                }
                                lengthened
                                    .iter()
                                    .map(|(id, keep)| write_keep(tx, *id, keep))
                                    .collect::<rusqlite::Result<Vec<_>>>()
                            })
                            .map_err(|e| e.to_string()),
                        };
                        match result {
                            Ok(rated) => {
                                for ((id, mut keep), (rated, untold)) in
                                    lengthened.into_iter().zip(rated)
                                {
                                    keep.rated_end = rated;
                                    keep.untold = untold;
                                    keeps.push((id, keep, Ok(())));
                                }
                                days_written.extend(days);
                            }
                            Err(error) => {
                                if std::mem::replace(&mut days_failing, true) {
                                    quiet.extend(lengthened.iter().map(|(id, _)| *id));
                                } else {
                                    log(&format!("a vacation day was not kept: {error}; tried again later, less often while the store cannot write"));
                                }
                                for (id, keep) in lengthened {
                                    keeps.push((id, keep, Err(error.clone())));
                                }
                                days_lost.extend(days);
                            }
                        }
                    }
                    Work::Heartbeat(wall) => {
                        if let Err(error) =
                            in_savepoint(&mut tx, |tx| club::write_up_until(tx, wall))
                        {
                            log(&format!("the time the server is up was not kept: {error}"));
                        }
                    }
                    Work::Thought(thoughts) => {
                        // Not said in the log: it is tried again at the next note.
                        let _ = in_savepoint(&mut tx, |tx| {
                            thoughts.iter().try_for_each(|t| write_thought(tx, t))
                        });
                    }
                    Work::Pref(key, mut pref, serial, reply) => {
                        if let Some(serial) = serial {
                            let latest = latest_pref.entry(key.clone()).or_insert((serial, pref));
                            if serial > latest.0 {
                                *latest = (serial, pref);
                            }
                            pref = latest.1;
                        }
                        let failed = failing.next();
                        let result = match failed {
                            Some(error) => Err(error),
                            None => in_savepoint(&mut tx, |tx| write_pref(tx, &key, pref))
                                .map_err(|e| e.to_string()),
                        };
                        if let Err(error) = &result {
                            log(&format!("a switch was not kept: {error}"));
                        }
                        if let Some(reply) = reply {
                            switches.push((reply, result));
                        }
                    }
                    Work::ClaimName { name, key, reply } => {
                        let now = wall();
                        let result = in_savepoint(&mut tx, |tx| Ok(claim_name(tx, &name, &key, now)))
                            .unwrap_or_else(|e| Err(NameError::NotKept(e.to_string())));
                        names.push((reply, result));
                    }
                    Work::SweepNames(now, present) => {
                        match in_savepoint(&mut tx, |tx| sweep_names(tx, now, &present)) {
                            Ok(released) => released_names.extend(released),
                            Err(error) => {
                                log(&format!("the unused names were not swept: {error}"));
                            }
                        }
                    }
                    Work::Guest(reply) => {
                        let number = in_savepoint(&mut tx, |tx| {
                            tx.query_row(
                                "UPDATE meta SET value = value + 1 WHERE name = 'guests' RETURNING value",
                                [],
                                |row| row.get::<_, i64>(0),
                            )
                        });
                        guests.push((reply, number.map(|n| n.unsigned_abs()).map_err(|e| e.to_string())));
                    }
                    Work::Flush(reply) => flushes.push(reply),
                    Work::Operator(change, reply) => {
                        let said = in_savepoint(&mut tx, |tx| change::apply(tx, &change))
                            .unwrap_or_else(|e| Err(format!("the store could not write: {e}")));
                        if said.is_ok() {
                            log(&format!(
                                "the operator's {} {}: done",
                                change.verb(),
                                super::super::outside::safe_text(change.name())
                            ));
                        }
                        changes.push((reply, said));
                    }
                    // `gather` took every one apart.
                    Work::Together(_) => {}
                    #[cfg(test)]
                    Work::Fail(..) => {}
                }
            }
            tx.commit().map_err(|e| e.to_string())
        });
        // Only now, on disk (or not), is anyone told.
        if committed.is_ok() {
            for (name, key) in &released_names {
                log(&released_line(name, key));
            }
        }
        if let Err(error) = &committed {
            log(&format!("the store could not write: {error}"));
            for (_, _, result) in &mut keeps {
                *result = Err(error.clone());
            }
            for (_, result) in &mut names {
                if result.is_ok() {
                    *result = Err(NameError::NotKept(error.clone()));
                }
            }
            for (_, result) in &mut guests {
                *result = Err(error.clone());
            }
            for (_, result) in &mut switches {
                *result = Err(error.clone());
            }
            for (_, result) in &mut changes {
                if result.is_ok() {
                    *result = Err(format!(
                        "the store could not write: {error}; nothing changed"
                    ));
                }
            }
            days_lost.append(&mut days_written);
            told_lost.append(&mut told_written);
        }
        if !days_written.is_empty() && std::mem::replace(&mut days_failing, false) {
            log("vacation days are kept again");
        } else if !days_lost.is_empty() && !std::mem::replace(&mut days_failing, true) {
            log(
                "a vacation day was not kept: tried again later, less often while the store cannot write",
            );
        }
        for days in &days_written {
            let latest = latest_days.entry(days.key.clone()).or_insert(days.serial);
            *latest = (*latest).max(days.serial);
        }
        // The latest first: each given back then finds the count it took from.
        days_lost.sort_by_key(|d| std::cmp::Reverse(d.serial));
        for (id, _, result) in &keeps {
            if let Err(error) = result
                && !quiet.contains(id)
            {
                log(&format!("table {id} not saved: {error}"));
            }
        }
        if !keeps.is_empty()
            || !days_lost.is_empty()
            || !days_written.is_empty()
            || !told_lost.is_empty()
        {
            kept(
                keeps,
                Days {
                    kept: days_written,
                    lost: days_lost,
                    told_lost,
                },
            );
        }
        for (reply, result) in names {
            let _ = reply.send(result);
        }
        for (reply, result) in guests {
            let _ = reply.send(result);
        }
        for (reply, result) in switches {
            let _ = reply.send(result);
        }
        for (reply, result) in changes {
            let _ = reply.send(result);
        }
        for reply in flushes {
            let _ = reply.send(());
        }
    }
}

/// A live clocked game's thinking on the turn under way, noted while the server runs
/// (`SharedHall`'s timer, every few seconds), so a restart charges it to the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Thought {
    /// The table.
    pub(crate) id: u32,
    /// The table's version the thinking is of: noted only on that version's row (a
    /// later keep, a move, already took its place; an earlier one is still to come).
    pub(crate) version: u64,
    /// The mover's time used on this turn, in milliseconds.
    pub(crate) millis: u64,
}

/// Notes `thought` on its table's game in play, if the row is of its version (and
/// says otherwise): one row rewritten for each clock that ran since the last note.
fn write_thought(tx: &Connection, thought: &Thought) -> rusqlite::Result<()> {
    let version = i64::try_from(thought.version).unwrap_or(i64::MAX);
    let millis = i64::try_from(thought.millis).unwrap_or(i64::MAX);
    tx.prepare_cached(
        "UPDATE live SET thought = ?3
         WHERE table_id = ?1 AND version = ?2 AND playing = 1 AND thought IS NOT ?3",
    )?
    .execute(params![thought.id, version, millis])?;
    Ok(())
}

/// Runs `work` in a savepoint of `tx`: undone alone if it fails.
fn in_savepoint<T>(
    tx: &mut Transaction<'_>,
    work: impl FnOnce(&Connection) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    let savepoint = tx.savepoint()?;
    let result = work(&savepoint)?;
    savepoint.commit()?;
    Ok(result)
}

/// Keeps table `id` as `keep` says, in `tx`: the game that ended into the history
/// (once: a later keep may carry it again), with both ratings if it was rated, then
/// the game in play, or the mark that it has none; a keep older than the one kept
/// changes nothing. Returns the ratings' change, when this keep rated the game, and
/// what its players away are to be told of its end (a win claimed against its loser,
/// an end at a restart), when this keep entered it.
pub(super) fn write_keep(
    tx: &Connection,
    id: u32,
    keep: &Keep,
) -> rusqlite::Result<(Option<RatedEnd>, Vec<super::super::club::EndUntold>)> {
    let (mut rated, mut untold) = (None, Vec::new());
    if let Some((round, ended)) = &keep.ended
        && let Some(game) = write_finished(tx, Some((id, *round)), ended, None)?
    {
        rated = club::rate_finished(tx, game, ended, chrono::Utc::now().timestamp())?;
        untold = club::note_untold(tx, game, ended, rated.as_ref())?;
    }
    let version = i64::try_from(keep.version).unwrap_or(i64::MAX);
    match keep.playing {
        Some(round) => {
            let shown = &keep.snapshot;
            let text = table_record(&shown.seats, &shown.game, &shown.course).to_string();
            let corr = shown.corr.as_ref().map(CorrState::to_json);
            let chat = shown.chat.to_json();
            tx.prepare_cached(
                "INSERT INTO live (table_id, round, version, playing, record, rated, corr, chat,
                     code, opened_from)
                 VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?9)
                 ON CONFLICT (table_id) DO UPDATE SET
                     round = excluded.round, version = excluded.version, playing = 1,
                     record = excluded.record, rated = excluded.rated, corr = excluded.corr,
                     chat = excluded.chat, code = excluded.code,
                     opened_from = coalesce(excluded.opened_from, live.opened_from),
                     thought = NULL
                 WHERE excluded.version > live.version",
            )?
            .execute(params![
                id,
                round,
                version,
                text,
                shown.rated,
                corr,
                chat,
                shown.code,
                keep.from.map(|from| from.to_string())
            ])?;
        }
        None => {
            tx.prepare_cached(
                "INSERT INTO live (table_id, round, version, playing, record) VALUES (?1, 0, ?2, 0, NULL)
                 ON CONFLICT (table_id) DO UPDATE SET
                     version = excluded.version, playing = 0, record = NULL, opened_from = NULL,
                     thought = NULL
                 WHERE excluded.version > live.version",
            )?
            .execute(params![id, version])?;
        }
    }
    Ok((rated, untold))
}

/// Puts a game that ended (or stopped, `*`) into the history, with the columns it
/// is looked up by; once per table and round (`None`: an imported game). Returns its
/// number in the history if it went in now (`None` if it was there already).
pub(super) fn write_finished(
    tx: &Connection,
    at: Option<(u32, u32)>,
    ended: &Snapshot,
    date: Option<String>,
) -> rusqlite::Result<Option<i64>> {
    let text = history_record(&ended.seats, &ended.game, &ended.course).to_string();
    let played = Played::new(&ended.game, &ended.course);
    let termination = ended
        .course
        .ending()
        .map_or(Termination::Normal, |e| e.termination());
    let seat = |i: usize| {
        ended.seats[i]
            .as_ref()
            .map_or((String::new(), String::new()), |w| {
                (w.name.clone(), w.key.clone())
            })
    };
    let ((blue_name, blue_key), (yellow_name, yellow_key)) = (seat(0), seat(1));
    let result: &'static str = played.result().into();
    let added = tx.prepare_cached(
        "INSERT OR IGNORE INTO finished (table_id, round, date, blue_name, blue_key, yellow_name,
             yellow_key, result, termination, ruleset, claims, blue_total, yellow_total, moves, record)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        at.map(|(id, _)| id),
        at.map(|(_, round)| round),
        date.unwrap_or_else(|| chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string()),
        blue_name,
        blue_key,
        yellow_name,
        yellow_key,
        result,
        termination.token(),
        ended.game.ruleset().to_string(),
        ended.game.claim_mode(),
        ended.game.score(crate::rules::Player::Blue),
        ended.game.score(crate::rules::Player::Yellow),
        i64::try_from(ended.game.len()).unwrap_or(i64::MAX),
        text,
    ])?;
    Ok((added > 0).then(|| tx.last_insert_rowid()))
}

/// Keeps `key`'s switches.
fn write_pref(tx: &Connection, key: &str, pref: Pref) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO prefs (key, colour, bell, mute, plain, palette, ascii, notify,
             palette_chosen)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (key) DO UPDATE SET colour = excluded.colour, bell = excluded.bell,
         mute = excluded.mute, plain = excluded.plain, palette = excluded.palette,
         ascii = excluded.ascii, notify = excluded.notify,
         palette_chosen = excluded.palette_chosen",
    )?
    .execute(params![
        key,
        pref.palette.has_colour(),
        pref.bell,
        pref.mute,
        pref.plain,
        pref.palette.name(),
        pref.ascii,
        pref.notify,
        pref.palette_chosen
    ])?;
    Ok(())
}

/// Lets `key` use `name`, in `tx`: yes if the name is already the key's, or new (then
/// bound to the key); refused if another key has it or a look-alike of it, and if the
/// key has [`MAX_NAMES_PER_KEY`] names already (those stay usable). A name granted is
/// noted as logged in with at wall-clock time `now` (the unused names' sweep,
/// [`sweep_names`], counts from it).
pub(super) fn claim_name(
    tx: &Connection,
    name: &str,
    key: &str,
    now: i64,
) -> Result<(), NameError> {
    let name = check_name(name)?;
    let folded = folded(name);
    let store = |e: rusqlite::Error| NameError::NotKept(e.to_string());
    let owner: Option<String> = tx
        .prepare_cached("SELECT key FROM names WHERE folded = ?1")
        .and_then(|mut s| {
            s.query_row([&folded], |row| row.get(0))
                .map(Some)
                .or_else(|e| match e {
                    rusqlite::Error::QueryReturnedNoRows => Ok(None),
                    e => Err(e),
                })
        })
        .map_err(store)?;
    match owner {
        Some(owner) if owner == key => {
            tx.prepare_cached("UPDATE names SET seen = ?2 WHERE folded = ?1")
                .and_then(|mut s| s.execute(params![folded, now]))
                .map_err(store)?;
            return Ok(());
        }
        Some(_) => return Err(NameError::Taken),
        None => {}
    }
    let look = look_alike(name);
    let looks_taken: bool = tx
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM names WHERE look = ?1 AND key != ?2)")
        .and_then(|mut s| s.query_row(params![look, key], |row| row.get(0)))
        .map_err(store)?;
    if looks_taken {
        return Err(NameError::LooksTaken);
    }
    let bound: i64 = tx
        .prepare_cached("SELECT count(*) FROM names WHERE key = ?1")
        .and_then(|mut s| s.query_row([key], |row| row.get(0)))
        .map_err(store)?;
    if bound >= MAX_NAMES_PER_KEY {
        return Err(NameError::TooMany);
    }
    tx.prepare_cached(
        "INSERT INTO names (folded, name, key, look, bound, seen)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .and_then(|mut s| {
        s.execute(params![
            folded,
            name,
            key,
            look,
            chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            now
        ])
    })
    .map_err(store)?;
    Ok(())
}

/// Releases, in `tx`, every name nobody logged in with for [`UNUSED_NAME_DAYS`] by
/// wall-clock time `now` whose key has played no game here: none in the history
/// (finished or stopped), none in play, no rating, no open correspondence table; a
/// key in `present` (on the server now) keeps its names too. A key that played keeps
/// every name it has: the history names it so. A name kept with no last login (bound
/// before schema 14, or by an import) is noted as seen `now` first, so an upgrade
/// releases nothing at once. Returns each name released and its key, in name order.
pub(super) fn sweep_names(
    tx: &Connection,
    now: i64,
    present: &[String],
) -> rusqlite::Result<Vec<(String, String)>> {
    tx.execute("UPDATE names SET seen = ?1 WHERE seen IS NULL", [now])?;
    let cutoff = now.saturating_sub(UNUSED_NAME_DAYS.saturating_mul(24 * 60 * 60));
    let unused: Vec<(String, String, String)> = tx
        .prepare_cached("SELECT folded, name, key FROM names WHERE seen <= ?1 ORDER BY folded")?
        .query_map([cutoff], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut released = Vec::new();
    for (folded, name, key) in unused {
        if present.contains(&key) {
            continue;
        }
        // The key in a game in play: a record's `BlueKey`/`YellowKey` tag holds it (a
        // longer key containing it keeps the name too, which errs on keeping).
        let played: bool = tx
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM finished WHERE blue_key = ?1)
                     OR EXISTS (SELECT 1 FROM finished WHERE yellow_key = ?1)
                     OR EXISTS (SELECT 1 FROM ratings WHERE key = ?1)
                     OR EXISTS (SELECT 1 FROM open_corr WHERE key = ?1)
                     OR EXISTS (SELECT 1 FROM live WHERE playing = 1 AND instr(record, ?1) > 0)",
            )?
            .query_row([&key], |row| row.get(0))?;
        if !played {
            tx.prepare_cached("DELETE FROM names WHERE folded = ?1")?
                .execute([&folded])?;
            released.push((name, key));
        }
    }
    Ok(released)
}

/// The log's line for a name the sweep released.
pub(super) fn released_line(name: &str, key: &str) -> String {
    format!(
        "name {} released ({}): no login for {UNUSED_NAME_DAYS} days and no game here",
        super::super::outside::safe_text(name),
        super::super::outside::safe_text(key)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hold of the hall's writes is never split between two transactions, even
    /// where a batch would end in its middle (the vacation day's count and the keep
    /// of the game it lengthens land together).
    #[test]
    fn together_is_one_batch_even_at_the_batch_limit() {
        let (sender, receiver) = sync_channel(CAPACITY);
        for wall in 0..i64::try_from(BATCH).unwrap() - 1 {
            sender.send(Work::Heartbeat(wall)).unwrap();
        }
        let pieces = vec![
            Work::Lengthened(Vec::new(), Vec::new()),
            Work::Heartbeat(-1),
        ];
        sender.send(Work::Together(pieces)).unwrap();
        sender.send(Work::Heartbeat(-2)).unwrap();
        let first = receiver.recv().unwrap();
        let batch = gather(first, &receiver);
        assert_eq!(batch.len(), BATCH + 1, "the whole of it, past the limit");
        assert!(matches!(batch[BATCH - 1], Work::Lengthened(..)));
        assert!(matches!(batch[BATCH], Work::Heartbeat(-1)));
        let next = gather(receiver.recv().unwrap(), &receiver);
        assert!(matches!(next[..], [Work::Heartbeat(-2)]), "the next batch");
    }
}
